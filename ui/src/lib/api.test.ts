import { describe, expect, it, vi } from 'vitest';

const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));

import { inApp, toServiceError } from './api';
import { blueMoonApi, gameOfKind, shown, tableApi } from './api/table';
import type { TableHeader } from './bindings/TableHeader';

describe('toServiceError', () => {
  it('keeps a ServiceError from Rust as it is', () => {
    const e = { code: 'invalid_input', message: 'No card V99' };
    expect(toServiceError(e)).toEqual(e);
  });

  it('wraps anything else as an internal error with a readable message', () => {
    expect(toServiceError('boom')).toEqual({ code: 'internal', message: 'boom' });
    expect(toServiceError(new Error('bad')).message).toContain('bad');
  });

  it('knows it is not inside the app in a unit test', () => {
    expect(inApp()).toBe(false);
  });
});

// The table's wrappers: one command per table operation, the arguments as the Rust commands
// name them (src-tauri/src/commands/table.rs), down to Tauri's `invoke`.
describe('tableApi', () => {
  const ref = { kind: 'knightmare-chess' as const, id: 4 };
  const at = { game: ref, revision: 2 };
  const sent = async (f: () => Promise<unknown>) => {
    invoke.mockReset();
    invoke.mockResolvedValue('answer');
    expect(await f()).toBe('answer');
    expect(invoke).toHaveBeenCalledTimes(1);
    return invoke.mock.calls[0];
  };

  it('names the game by its reference and a write by the revision the table showed', async () => {
    expect(await sent(() => tableApi.view(ref, 'de'))).toEqual(['table_view', { game: ref, lang: 'de' }]);
    expect(await sent(() => tableApi.current('blue-moon', 'en'))).toEqual(['table_current', { kind: 'blue-moon', lang: 'en' }]);
    expect(await sent(() => tableApi.undo(at, 'en'))).toEqual(['table_undo', { at, lang: 'en' }]);
    expect(await sent(() => tableApi.redo(at, 'de'))).toEqual(['table_redo', { at, lang: 'de' }]);
    expect(await sent(() => tableApi.abandon(at, true, 'en'))).toEqual(['table_abandon', { at, confirmed: true, lang: 'en' }]);
    const action = { game: 'other' as const, action: { game: 'kc' as const, event: { type: 'turn_ended' as const, player: 'A' as const } } };
    expect(await sent(() => tableApi.act(at, action, 'en'))).toEqual(['table_act', { at, action, lang: 'en' }]);
    const card = { game: 'other' as const, action: action.action };
    expect(await sent(() => tableApi.enter(at, card, 'de'))).toEqual(['table_enter', { at, card, lang: 'de' }]);
    expect(await sent(() => tableApi.markSeen(ref, 'kc-1', 'de'))).toEqual(['table_mark_seen', { game: ref, ruling: 'kc-1', lang: 'de' }]);
  });

  it('sends no limit as null, and the revision a header shows', async () => {
    expect(await sent(() => tableApi.prompts(ref, 'Pawn Storm', 'en'))).toEqual(['table_prompts', { game: ref, card: 'Pawn Storm', lang: 'en', limit: null }]);
    expect(await sent(() => tableApi.suggest(ref, 'paw', 'en', 6))).toEqual(['table_suggest', { game: ref, text: 'paw', lang: 'en', limit: 6 }]);
    const header = { game: ref, revision: 9 } as TableHeader;
    expect(shown(header)).toEqual({ game: ref, revision: 9 });
    expect(await sent(() => blueMoonApi.next(shown(header), 'de'))).toEqual(['game_next', { at: { game: ref, revision: 9 }, lang: 'de' }]);
    expect(await sent(() => tableApi.list(['blue-moon'], true))).toEqual(['table_list', { kinds: ['blue-moon'], unfinishedOnly: true }]);
    expect(gameOfKind).toEqual({ whi: 'warhammer-invasion', stccg: 'star-trek-ccg', kc: 'knightmare-chess' });
  });

  it('turns a refusal into a ServiceError', async () => {
    invoke.mockReset();
    invoke.mockRejectedValue('no game 4');
    await expect(tableApi.view(ref, 'en')).rejects.toEqual({ code: 'internal', message: 'no game 4' });
  });
});
