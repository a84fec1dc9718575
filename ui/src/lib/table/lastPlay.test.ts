import { describe, expect, it } from 'vitest';
import { keepLastPlay, lastPlayOf } from './lastPlay';
import type { PromptView } from '../bindings/PromptView';

const prompt = { ruling: { id: 'bm-en-1' } } as unknown as PromptView;

describe('the last play kept across screens', () => {
  it('is given back for the same game at the same log length', () => {
    keepLastPlay({ game: 3, events: 7, prompts: [prompt], card: 'Vulca', fresh: true });
    expect(lastPlayOf(3, 7)?.prompts).toEqual([prompt]);
    expect(lastPlayOf(3, 7)?.card).toBe('Vulca');
  });
  it('is not given back once the log changed or for another game', () => {
    keepLastPlay({ game: 3, events: 7, prompts: [prompt], card: 'Vulca', fresh: false });
    expect(lastPlayOf(3, 8)).toBeNull();
    expect(lastPlayOf(4, 7)).toBeNull();
  });
  it('can be dropped', () => {
    keepLastPlay({ game: 3, events: 7, prompts: [prompt], card: 'Vulca', fresh: false });
    keepLastPlay(null);
    expect(lastPlayOf(3, 7)).toBeNull();
  });
});
