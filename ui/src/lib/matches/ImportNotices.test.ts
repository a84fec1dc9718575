import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';

// An event imported from a file: what the import says (an older format's missing parts, the
// slips of a round being played to print again) is shown above the imported event, through the
// real lib/api/matches.ts down to Tauri's `invoke`, answered here command by command.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));

import Tournaments from './Tournaments.svelte';
import type { EventDetail } from '../bindings/EventDetail';
import type { EventView } from '../bindings/EventView';

const event: EventView = {
  id: 3,
  name: 'Winter Cup',
  date: '2026-01-10',
  format: 'swiss',
  rounds_planned: 3,
  top_cut: null,
  first_round: 'seeded',
  seed: '7',
  rounds_paired: 0,
  players: 4,
  created_at: 'x',
  decks_required: false,
};
const detail: EventDetail = {
  event,
  entrants: [],
  rounds: [],
  standings: [],
  corrections: [],
  can_pair: true,
  finished: false,
  tie_breakers: [],
  decks_missing: [],
  pair_held: null,
};

import { serveCommands } from '../testing/ipc';
// the event page's decks panel
const service = serveCommands(invoke, ['tournament_list', 'tournament_import', 'tournament_detail', 'tournament_clock', 'reporting_status', 'reporting_networks', 'tournament_decks', 'deck_list']);

beforeEach(() => {
  service.tournament_list.mockResolvedValue([]);
  service.tournament_detail.mockResolvedValue(detail);
  service.tournament_clock.mockResolvedValue(null);
  service.reporting_status.mockResolvedValue({ url: null, qr: null, reporting: null });
  service.reporting_networks.mockResolvedValue([]);
  service.tournament_decks.mockResolvedValue([]);
  service.deck_list.mockResolvedValue([]);
});


const german = [
  'Diese Datei hat Formatversion 2, die die Meldungen der Spieler nicht enthält: das Turnier hat nichts davon, seine Ergebnisse gelten als importiert.',
  'Runde 1 läuft noch. Platzcodes stehen nie in einer Datei.',
];

describe('an imported event', () => {
  it('shows what the import says, in the interface language, until it is read', async () => {
    service.tournament_import.mockResolvedValue({ ...event, notices: german });
    render(Tournaments, { lang: 'de', onerror: vi.fn() });
    await fireEvent.click(await screen.findByTestId('event-import'));
    await waitFor(() => expect(service.tournament_import).toHaveBeenCalledWith({ lang: 'de' }));
    const box = await screen.findByTestId('import-notices');
    expect(box.textContent).toContain('Importiert. Bitte beachten:');
    expect(screen.getAllByTestId('import-notice').map((n) => n.textContent)).toEqual(german);
    // the imported event is open beneath it
    await waitFor(() => expect(service.tournament_detail).toHaveBeenCalled());
    const ok = screen.getByTestId('import-notices-ok');
    expect(ok.textContent).toBe('Verstanden');
    await fireEvent.click(ok);
    expect(screen.queryByTestId('import-notices')).toBeNull();
  });

  it('an import with nothing to say shows no box; English words', async () => {
    service.tournament_import.mockResolvedValueOnce({ ...event, notices: [] });
    render(Tournaments, { lang: 'en', onerror: vi.fn() });
    await fireEvent.click(await screen.findByTestId('event-import'));
    await waitFor(() => expect(service.tournament_detail).toHaveBeenCalled());
    expect(screen.queryByTestId('import-notices')).toBeNull();

    service.tournament_import.mockResolvedValueOnce({ ...event, notices: ['Round 1 is still being played.'] });
    // back to the list, and a second import that has something to say
    service.tournament_list.mockResolvedValue([event]);
    await fireEvent.click(await screen.findByTestId('event-back'));
    await fireEvent.click(await screen.findByTestId('event-import'));
    expect((await screen.findByTestId('import-notices')).textContent).toContain('Imported. Please note:');
    expect(screen.getByTestId('import-notice').textContent).toBe('Round 1 is still being played.');
  });
});
