import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import CardEntry from './CardEntry.svelte';
import type { CardSuggestion } from '../bindings/CardSuggestion';
import { deferred } from '../testing/deferred';

const s = (id: string, name: string): CardSuggestion => ({
  id,
  tag: id,
  name,
  name_en: name,
  name_de: null,
  card_type: 'character',
  fire: 1,
  earth: 1,
  matched: 'prefix',
});

describe('CardEntry', () => {
  it('asks once more for the latest text when keys come faster than answers, and Enter waits for it', async () => {
    const first = deferred<CardSuggestion[]>();
    const suggest = vi
      .fn<(text: string) => Promise<CardSuggestion[]>>()
      .mockReturnValueOnce(first.promise)
      .mockResolvedValueOnce([s('vulca-24', 'Flickering Fires')]);
    const onpick = vi.fn();
    render(CardEntry, { lang: 'en', label: 'Card', suggest, onpick });
    const input = screen.getByTestId('card-entry');
    await fireEvent.input(input, { target: { value: 'V' } });
    await fireEvent.input(input, { target: { value: 'V2' } });
    await fireEvent.input(input, { target: { value: 'V24' } });
    // Enter before the answer for "V24": nothing is picked from an earlier prefix
    await fireEvent.keyDown(input, { key: 'Enter' });
    expect(onpick).not.toHaveBeenCalled();
    first.resolve([s('vulca-02', 'Flash the Incendiary')]);
    await waitFor(() => expect(onpick).toHaveBeenCalledTimes(1));
    expect(suggest.mock.calls.map((c) => c[0])).toEqual(['V', 'V24']);
    expect(onpick.mock.calls[0]?.[0].id).toBe('vulca-24');
  });

  it('an answer arriving after Escape does not bring the suggestions back', async () => {
    const answer = deferred<CardSuggestion[]>();
    const suggest = vi.fn<(text: string) => Promise<CardSuggestion[]>>().mockReturnValueOnce(answer.promise);
    render(CardEntry, { lang: 'en', label: 'Card', suggest, onpick: vi.fn() });
    const input = screen.getByTestId('card-entry');
    await fireEvent.input(input, { target: { value: 'Wog' } });
    await fireEvent.keyDown(input, { key: 'Escape' });
    answer.resolve([s('hoax-01', 'Wogarathoras')]);
    await answer.promise;
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByTestId('suggestions')).toBeNull();
  });
});
