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

  it("puts the entering player's deck first and opens upwards when the entry is low on the screen", async () => {
    const suggest = vi
      .fn<(text: string) => Promise<CardSuggestion[]>>()
      .mockResolvedValue([s('hoax-24', 'Hoax card'), s('vulca-24', 'Flickering Fires')]);
    const onpick = vi.fn();
    render(CardEntry, { lang: 'en', label: 'Card', suggest, onpick, people: 'Vulca' });
    const input = screen.getByTestId('card-entry');
    // the entry near the bottom of a 740 px high screen: more room above than below
    input.getBoundingClientRect = () => ({ top: 600, bottom: 648, left: 0, right: 360, width: 360, height: 48, x: 0, y: 600, toJSON: () => ({}) });
    Object.defineProperty(window, 'innerHeight', { value: 740, configurable: true });
    await fireEvent.input(input, { target: { value: '24' } });
    const list = await screen.findByTestId('suggestions');
    expect(list.classList.contains('up')).toBe(true);
    expect(list.style.maxHeight).toBe('592px');
    const ids = [...list.querySelectorAll('[role="option"]')].map((b) => (b as HTMLElement).dataset.testid);
    expect(ids).toEqual(['suggestion-vulca-24', 'suggestion-hoax-24']);
    // opening upwards, ArrowUp goes on to the next card (away from the entry)
    await fireEvent.keyDown(input, { key: 'ArrowUp' });
    await fireEvent.keyDown(input, { key: 'Enter' });
    expect(onpick.mock.calls[0]?.[0].id).toBe('hoax-24');
  });

  it('draws one hidden list at start when asked to warm up, never shown as suggestions', async () => {
    const suggest = vi.fn<(text: string) => Promise<CardSuggestion[]>>().mockResolvedValue([s('vulca-01', 'Volcano')]);
    const { container } = render(CardEntry, { lang: 'en', label: 'Card', suggest, onpick: vi.fn(), warm: true });
    await waitFor(() => expect(container.querySelector('ul.warm')).toBeTruthy());
    expect(suggest).toHaveBeenCalledWith('v');
    expect(screen.queryByTestId('suggestions')).toBeNull();
    expect(container.querySelector('ul.warm')?.getAttribute('aria-hidden')).toBe('true');
    await waitFor(() => expect(container.querySelector('ul.warm')).toBeNull());
  });
  it('enters a card no document names as typed (Enter with no suggestion), for the other games', async () => {
    const suggest = vi.fn<(text: string) => Promise<CardSuggestion[]>>().mockResolvedValue([]);
    const onpick = vi.fn();
    const ontyped = vi.fn();
    render(CardEntry, { lang: 'en', label: 'Card', suggest, onpick, ontyped, testid: 'og-card', hideLabel: true });
    const input = screen.getByTestId('og-card');
    await fireEvent.input(input, { target: { value: ' Homebrew Hero ' } });
    await waitFor(() => expect(suggest).toHaveBeenCalledWith(' Homebrew Hero '));
    await fireEvent.keyDown(input, { key: 'Enter' });
    expect(ontyped).toHaveBeenCalledWith('Homebrew Hero');
    expect(onpick).not.toHaveBeenCalled();
    // the label is still there for screen readers
    expect(screen.getByLabelText('Card')).toBe(input);
  });

  it('draws a suggestion without a number tag or values as its name alone', async () => {
    const suggest = vi.fn<(text: string) => Promise<CardSuggestion[]>>().mockResolvedValue([
      { ...s('whi-grimgor-ironhide', 'Grimgor Ironhide'), tag: '', name_en: null, fire: null, earth: null },
    ]);
    render(CardEntry, { lang: 'en', label: 'Card', suggest, onpick: vi.fn() });
    await fireEvent.input(screen.getByTestId('card-entry'), { target: { value: 'grim' } });
    const b = await screen.findByTestId('suggestion-whi-grimgor-ironhide');
    expect(b.textContent?.trim()).toBe('Grimgor Ironhide');
    expect(b.querySelector('.tag')).toBeNull();
    expect(b.querySelector('.vals')).toBeNull();
  });
  it('closes its list when the text is emptied from outside (a Play button beside it played the card)', async () => {
    const suggest = vi.fn<(text: string) => Promise<CardSuggestion[]>>().mockResolvedValue([s('vulca-24', 'Flickering Fires')]);
    const { rerender } = render(CardEntry, { lang: 'en', label: 'Card', suggest, onpick: vi.fn(), placeholder: 'Type a card name' });
    const input = screen.getByTestId('card-entry') as HTMLInputElement;
    expect(input.placeholder).toBe('Type a card name');
    await fireEvent.input(input, { target: { value: 'V24' } });
    await screen.findByTestId('suggestions');
    await rerender({ text: '' });
    await waitFor(() => expect(screen.queryByTestId('suggestions')).toBeNull());
  });

  it('is a proper listbox: options without buttons, the highlighted one named by aria-activedescendant', async () => {
    const suggest = vi
      .fn<(text: string) => Promise<CardSuggestion[]>>()
      .mockResolvedValue([s('vulca-24', 'Flickering Fires'), s('vulca-02', 'Flash the Incendiary')]);
    render(CardEntry, { lang: 'en', label: 'Card', suggest, onpick: vi.fn() });
    const input = screen.getByTestId('card-entry');
    // closed: it points at no list that is not there
    expect(input.getAttribute('aria-controls')).toBeNull();
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    await fireEvent.input(input, { target: { value: 'f' } });
    const list = await screen.findByTestId('suggestions');
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    expect(list.querySelector('button')).toBeNull();
    const options = [...list.querySelectorAll('[role="option"]')];
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    await fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
  });

  it('Escape first puts the suggestions away, then leaves the entry', async () => {
    const suggest = vi.fn<(text: string) => Promise<CardSuggestion[]>>().mockResolvedValue([s('vulca-24', 'Flickering Fires')]);
    const onleave = vi.fn();
    render(CardEntry, { lang: 'en', label: 'Card', suggest, onpick: vi.fn(), onleave });
    const input = screen.getByTestId('card-entry');
    await fireEvent.input(input, { target: { value: 'fl' } });
    await screen.findByTestId('suggestions');
    await fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByTestId('suggestions')).toBeNull();
    expect(onleave).not.toHaveBeenCalled();
    await fireEvent.keyDown(input, { key: 'Escape' });
    expect(onleave).toHaveBeenCalledTimes(1);
  });
});
