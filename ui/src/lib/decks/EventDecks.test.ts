import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';

// The event page's decks against the API it really calls (lib/api/decks.ts), down to Tauri's
// `invoke`: the registered decks (read again only when the registrations change), a
// registration, a refusal shown, the sheets to print.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));

import EventDecks from './EventDecks.svelte';
import { serveCommands } from '../testing/ipc';
import type { DeckSummary } from '../bindings/DeckSummary';
import type { EventDetail } from '../bindings/EventDetail';
import type { RegisteredDeckView } from '../bindings/RegisteredDeckView';

const service = serveCommands(invoke, ['tournament_decks', 'tournament_register_deck']);

const annsDeck: RegisteredDeckView = {
  entrant: 1,
  player: 'Ann',
  deck: 'Fire Wall',
  people: 'Vulca',
  inquisitor: null,
  cards: [{ id: 'flit-07', tag: 'Flit 07', name: 'Tittertweet [Flit 07]', moons: 2, reason: 'bought', copies: 1 }],
  cards_used: 30,
  cards_allowed: 30,
  moons_used: 2,
  moons_allowed: 10,
  registered_at: '2026-12-05T09:00:00Z',
};

const saved: DeckSummary[] = [
  { name: 'Fire Wall', people: 'Vulca', cards_used: 30, cards_allowed: 30, moons_used: 2, moons_allowed: 10, legal: true, revision: 3 },
];

function event(rounds: number): EventDetail {
  return {
    event: { id: 4, name: 'Winter Cup', date: '2026-12-05' },
    entrants: [
      { id: 1, name: 'Ann', people: 'Vulca', seed: 1, joined_round: 1, dropped_after: null },
      { id: 2, name: 'Ben', people: null, seed: 2, joined_round: 1, dropped_after: null },
    ],
    rounds: Array.from({ length: rounds }, () => ({})),
    finished: false,
  } as unknown as EventDetail;
}

describe('EventDecks', () => {
  it('registers a saved deck for a player and lists it', async () => {
    service.tournament_decks.mockResolvedValue([]);
    service.tournament_register_deck.mockResolvedValue([annsDeck]);
    const onchanged = vi.fn();
    render(EventDecks, { detail: event(0), lang: 'en', saved, onchanged });
    await screen.findByTestId('event-decks-none');
    await waitFor(() => expect(screen.getByTestId('event-deck-deck').textContent).toContain('Fire Wall (Vulca)'));
    await fireEvent.change(screen.getByTestId('event-deck-player'), { target: { value: 'Ann' } });
    await fireEvent.change(screen.getByTestId('event-deck-deck'), { target: { value: 'Fire Wall' } });
    await fireEvent.submit(screen.getByTestId('event-deck-form'));
    await waitFor(() =>
      expect(service.tournament_register_deck).toHaveBeenCalledWith({ id: 4, player: 'Ann', deck: 'Fire Wall', lang: 'en' }),
    );
    expect((await screen.findByTestId('event-decks-list')).textContent).toContain('Ann: Fire Wall');
    // the event page reloads (who still has no deck)
    expect(onchanged).toHaveBeenCalledTimes(1);
    // the decks came back with the registration: read once, at the start
    expect(service.tournament_decks).toHaveBeenCalledTimes(1);
  });

  it('reads the registered decks again only when the registrations change', async () => {
    service.tournament_decks.mockResolvedValue([annsDeck]);
    const { rerender } = render(EventDecks, { detail: event(0), lang: 'en', saved });
    await screen.findByTestId('event-decks-list');
    expect(service.tournament_decks).toHaveBeenCalledTimes(1);
    // the page reloaded its detail (a result, the clock): the same registrations, no new read
    await rerender({ detail: event(0), lang: 'en', saved });
    await rerender({ detail: { ...event(0), can_pair: true }, lang: 'en', saved });
    expect(service.tournament_decks).toHaveBeenCalledTimes(1);
    // a player registered (with a deck, on the page): read again, once
    const more = event(0);
    more.entrants = [
      ...more.entrants,
      { id: 3, name: 'Cleo', people: 'Vulca', seed: 3, joined_round: 1, dropped_after: null },
    ] as EventDetail['entrants'];
    await rerender({ detail: more, lang: 'en', saved });
    await waitFor(() => expect(service.tournament_decks).toHaveBeenCalledTimes(2));
    expect(service.tournament_decks).toHaveBeenLastCalledWith({ id: 4, lang: 'en' });
    // a registration corrected (its name): read again
    const renamed = { ...more, entrants: more.entrants.map((e) => (e.id === 3 ? { ...e, name: 'Cleo B' } : e)) };
    await rerender({ detail: renamed, lang: 'en', saved });
    await waitFor(() => expect(service.tournament_decks).toHaveBeenCalledTimes(3));
  });

  it('shows the refusal, and says the decks are frozen once round 1 is paired, in German', async () => {
    service.tournament_decks.mockResolvedValue([annsDeck]);
    render(EventDecks, { detail: event(1), lang: 'de', saved });
    expect((await screen.findByTestId('event-decks-frozen')).textContent).toContain('eingefroren');
    expect(screen.queryByTestId('event-deck-form')).toBeNull();
    await fireEvent.click(await screen.findByTestId('event-decks-print'));
    const sheets = await screen.findByTestId('deck-sheets');
    expect(sheets.textContent).toContain('Ann');
    expect(sheets.textContent).toContain('Fire Wall (Vulca)');
    expect(sheets.textContent).toContain('Tittertweet [Flit 07] — 2');
  });

  it('shows a refused registration where it was asked', async () => {
    service.tournament_decks.mockResolvedValue([]);
    service.tournament_register_deck.mockRejectedValue({
      code: 'invalid_input',
      message: 'Ann\u2019s deck “Draft” is not legal yet, so it cannot be played: The deck has 12 cards.',
    });
    render(EventDecks, { detail: event(0), lang: 'en', saved });
    await screen.findByTestId('event-decks-none');
    await fireEvent.change(screen.getByTestId('event-deck-player'), { target: { value: 'Ann' } });
    await fireEvent.submit(screen.getByTestId('event-deck-form'));
    expect((await screen.findByTestId('event-deck-problem')).textContent).toContain('not legal yet');
  });
});
