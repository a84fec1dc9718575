import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';

// A card page's "Add to the deck" against the API it really calls (lib/api/decks.ts), down to
// Tauri's `invoke`: the card added by its number to the deck at the revision the list showed, in
// one call, the counts after; a refusal shown where it was asked, in German too.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));

import AddToDeck from './AddToDeck.svelte';
import { serveCommands } from '../testing/ipc';

const service = serveCommands(invoke, ['deck_list', 'deck_change_listed']);

const summary = (cards: number, moons: number, revision = 7) => ({
  name: 'Fire Wall',
  people: 'Vulca',
  cards_used: cards,
  cards_allowed: 30,
  moons_used: moons,
  moons_allowed: 10,
  legal: cards === 30,
  revision,
});
const changed = (cards: number, moons: number, revision: number) => ({
  deck: summary(cards, moons, revision),
  decks: [summary(cards, moons, revision)],
});

describe('AddToDeck', () => {
  it('adds the card by its number to the deck chosen, at the revision listed, in one call, and says the counts', async () => {
    service.deck_list.mockResolvedValue([summary(29, 0)]);
    service.deck_change_listed.mockResolvedValue(changed(30, 2, 8));
    render(AddToDeck, { tag: 'Flit 07', lang: 'en' });
    const choice = await screen.findByTestId('card-to-deck-choice');
    expect(choice.textContent).toContain('Fire Wall (Vulca, 29/30 cards)');
    await fireEvent.submit(screen.getByTestId('card-to-deck'));
    await waitFor(() =>
      expect(service.deck_change_listed).toHaveBeenCalledWith({
        name: 'Fire Wall',
        revision: 7,
        change: 'add',
        cards: ['Flit 07'],
        lang: 'en',
      }),
    );
    expect((await screen.findByTestId('card-to-deck-note')).textContent).toBe(
      'Added to Fire Wall: 30/30 cards, 2/10 moons.',
    );
    // the list after it came with the change: one call for the add, the list read once at the start
    expect(choice.textContent).toContain('Fire Wall (Vulca, 30/30 cards)');
    expect(invoke.mock.calls.map(([cmd]) => cmd)).toEqual(['deck_list', 'deck_change_listed']);
    // a second add sends the revision the change gave back
    await fireEvent.submit(screen.getByTestId('card-to-deck'));
    await waitFor(() => expect(service.deck_change_listed).toHaveBeenCalledTimes(2));
    expect(service.deck_change_listed.mock.calls[1]?.[0]).toMatchObject({ revision: 8 });
  });

  it('after a "changed meanwhile" refusal reads the list again, so the retry carries the fresh revision and is taken', async () => {
    service.deck_list.mockResolvedValueOnce([summary(28, 0, 7)]).mockResolvedValueOnce([summary(29, 1, 9)]);
    service.deck_change_listed
      .mockRejectedValueOnce({ code: 'conflict', message: 'Fire Wall changed meanwhile.' })
      .mockResolvedValueOnce(changed(30, 2, 10));
    render(AddToDeck, { tag: 'Flit 07', lang: 'en' });
    const choice = await screen.findByTestId('card-to-deck-choice');
    await fireEvent.submit(screen.getByTestId('card-to-deck'));
    expect((await screen.findByTestId('card-to-deck-refusal')).textContent).toContain('changed meanwhile');
    expect(service.deck_change_listed.mock.calls[0]?.[0]).toMatchObject({ revision: 7 });
    // the list is read again after the refusal and shows the deck as it now is
    await waitFor(() => expect(choice.textContent).toContain('Fire Wall (Vulca, 29/30 cards)'));
    expect(service.deck_list).toHaveBeenCalledTimes(2);
    await fireEvent.submit(screen.getByTestId('card-to-deck'));
    expect((await screen.findByTestId('card-to-deck-note')).textContent).toBe(
      'Added to Fire Wall: 30/30 cards, 2/10 moons.',
    );
    expect(service.deck_change_listed.mock.calls[1]?.[0]).toMatchObject({ revision: 9 });
    expect(screen.queryByTestId('card-to-deck-refusal')).toBeNull();
  });

  it('shows the refusal in German, and nothing without a saved deck', async () => {
    service.deck_list.mockResolvedValue([summary(30, 2, 3)]);
    service.deck_change_listed.mockRejectedValue({ code: 'invalid_input', message: 'Zirper [Flit 07] ist schon im Deck.' });
    render(AddToDeck, { tag: 'Flit 07', lang: 'de' });
    await screen.findByTestId('card-to-deck-choice');
    expect(screen.getByText('Zum Deck hinzufügen')).toBeTruthy();
    await fireEvent.submit(screen.getByTestId('card-to-deck'));
    expect((await screen.findByTestId('card-to-deck-refusal')).textContent).toContain('ist schon im Deck');
    expect(screen.queryByTestId('card-to-deck-note')).toBeNull();
    // read once at the start and once again after the refusal
    await waitFor(() => expect(service.deck_list).toHaveBeenCalledTimes(2));

    service.deck_list.mockResolvedValue([]);
    const none = render(AddToDeck, { tag: 'Flit 07', lang: 'de' });
    await waitFor(() => expect(service.deck_list).toHaveBeenCalledTimes(3));
    expect(none.container.querySelector('[data-testid="card-to-deck"]')).toBeNull();
  });
});
