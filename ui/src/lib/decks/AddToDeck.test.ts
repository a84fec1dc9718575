import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';

// A card page's "Add to the deck" against the API it really calls (lib/api/decks.ts), down to
// Tauri's `invoke`: the deck read for its revision, the card added by its number, the counts
// after; a refusal shown where it was asked, in German too.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));

import AddToDeck from './AddToDeck.svelte';

const tauriWindow = window as unknown as Record<string, unknown>;
const service = { deck_list: vi.fn(), deck_view: vi.fn(), deck_change: vi.fn() };
type Command = keyof typeof service;

const summary = (cards: number, moons: number) => ({
  name: 'Fire Wall',
  people: 'Vulca',
  cards_used: cards,
  cards_allowed: 30,
  moons_used: moons,
  moons_allowed: 10,
  legal: cards === 30,
});
const view = (revision: number, cards: number, moons: number) => ({
  ...summary(cards, moons),
  inquisitor: null,
  emissaries_inquisitors: false,
  buka: false,
  cards: [],
  problems: [],
  revision,
});

beforeEach(() => {
  for (const f of Object.values(service)) f.mockReset();
  invoke.mockReset();
  invoke.mockImplementation((cmd: string, args?: Record<string, unknown>) =>
    cmd in service ? service[cmd as Command](args) : Promise.reject({ code: 'internal', message: cmd }),
  );
  tauriWindow.__TAURI_INTERNALS__ = {};
});
afterEach(() => {
  delete tauriWindow.__TAURI_INTERNALS__;
});

describe('AddToDeck', () => {
  it('adds the card by its number to the deck chosen, at the revision read, and says the counts', async () => {
    service.deck_list.mockResolvedValueOnce([summary(29, 0)]).mockResolvedValue([summary(30, 2)]);
    service.deck_view.mockResolvedValue(view(7, 29, 0));
    service.deck_change.mockResolvedValue(view(8, 30, 2));
    render(AddToDeck, { tag: 'Flit 07', lang: 'en' });
    const choice = await screen.findByTestId('card-to-deck-choice');
    expect(choice.textContent).toContain('Fire Wall (Vulca, 29/30 cards)');
    await fireEvent.submit(screen.getByTestId('card-to-deck'));
    await waitFor(() =>
      expect(service.deck_change).toHaveBeenCalledWith({
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
  });

  it('shows the refusal in German, and nothing without a saved deck', async () => {
    service.deck_list.mockResolvedValue([summary(30, 2)]);
    service.deck_view.mockResolvedValue(view(3, 30, 2));
    service.deck_change.mockRejectedValue({ code: 'invalid_input', message: 'Zirper [Flit 07] ist schon im Deck.' });
    render(AddToDeck, { tag: 'Flit 07', lang: 'de' });
    await screen.findByTestId('card-to-deck-choice');
    expect(screen.getByText('Zum Deck hinzufügen')).toBeTruthy();
    await fireEvent.submit(screen.getByTestId('card-to-deck'));
    expect((await screen.findByTestId('card-to-deck-refusal')).textContent).toContain('ist schon im Deck');
    expect(screen.queryByTestId('card-to-deck-note')).toBeNull();

    service.deck_list.mockResolvedValue([]);
    const none = render(AddToDeck, { tag: 'Flit 07', lang: 'de' });
    await waitFor(() => expect(service.deck_list).toHaveBeenCalledTimes(2));
    expect(none.container.querySelector('[data-testid="card-to-deck"]')).toBeNull();
  });
});
