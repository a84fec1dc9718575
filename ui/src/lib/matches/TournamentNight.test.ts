import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';

// The organiser's night (issue #29) against the API the pieces really call: lib/api/matches.ts,
// ../api/reporting.ts and ../api/clock.ts as they are, down to Tauri's `invoke`, answered here
// command by command. A command this file does not answer fails the test.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));

import { serveCommands } from '../testing/ipc';
// the address chosen for an event is this device's preference (plannedAddress.ts)
const service = serveCommands(invoke, ['reporting_networks', 'reporting_status', 'tournament_slip_codes', 'tournament_result', 'tournament_clock', 'tournament_list', 'tournament_import_players', 'tournament_detail', 'tournament_table_matches', 'device_pref_set', 'tournament_decks', 'deck_list']);

import { DEFAULT_PREFS, device, usePrefs } from '../device/prefs.svelte';
import PrintView from './PrintView.svelte';
import ProjectorView from './ProjectorView.svelte';
import QuickResult from './QuickResult.svelte';
import Tournaments from './Tournaments.svelte';
import { roundLabel } from './roundLabel';
import type { EventDetail } from '../bindings/EventDetail';
import type { PairingTable } from '../bindings/PairingTable';
import type { RoundView } from '../bindings/RoundView';


beforeEach(() => {
  usePrefs(DEFAULT_PREFS);
  service.device_pref_set.mockImplementation(async () => device.prefs);
  service.reporting_networks.mockResolvedValue([{ interface: 'wlan0', ip: '192.168.1.20' }]);
  service.reporting_status.mockResolvedValue({ url: null, qr: null, reporting: null });
  service.tournament_clock.mockResolvedValue(null);
  service.tournament_table_matches.mockResolvedValue([]);
  // the event page's decks part (lib/decks/EventDecks.svelte)
  service.tournament_decks.mockResolvedValue([]);
  service.deck_list.mockResolvedValue([]);
});


const seat = (entrant: number, name: string) => ({ entrant, name, people: null });

/** `players` players (Player 001…) paired in tables of two, the last one alone with a bye. */
function round(players: number, published: boolean): RoundView {
  const tables: PairingTable[] = [];
  for (let i = 0; i < players; i += 2) {
    const a = seat(100 + i, `Player ${String(i + 1).padStart(3, '0')}`);
    const b = i + 1 < players ? seat(101 + i, `Player ${String(i + 2).padStart(3, '0')}`) : null;
    tables.push({ table: tables.length + 1, a, b, result: null });
  }
  return { number: 1, stage: 'swiss', published, tables, complete: false, results_missing: tables.length };
}

function detail(players: number, published: boolean): EventDetail {
  return {
    event: {
      id: 7,
      name: 'Hall Night',
      date: '2026-11-27',
      format: 'swiss',
      rounds_planned: 4,
      top_cut: null,
      first_round: 'random',
      seed: '1',
      rounds_paired: 1,
      players,
      created_at: 'x',
      decks_required: false,
    },
    entrants: [],
    rounds: [round(players, published)],
    standings: [],
    corrections: [],
    can_pair: false,
    finished: false,
    tie_breakers: [],
    decks_missing: [],
    pair_held: null,
  };
}

/** The slip codes the service gives for `r` (a QR code when an address was sent). */
function slipCodes(r: RoundView, args: { address: string | null }) {
  return r.tables
    .filter((tb) => tb.b)
    .flatMap((tb) =>
      [tb.a, tb.b].map((p, i) => ({
        code: {
          round: 1,
          table: tb.table,
          player: p?.name ?? '',
          opponent: (i === 0 ? tb.b : tb.a)?.name ?? '',
          code: `CODE${tb.table}${i}XXXXXXX`.slice(0, 12),
          typed: `C${tb.table}${i}-XXXX-XXXX`,
        },
        qr: args.address ? `data:image/svg+xml;base64,${btoa(args.address)}` : null,
      })),
    );
}

describe('result slips of a prepared round', () => {
  it('carry every player’s code and a QR code of the page at the planned address, and say what to do', async () => {
    const d = detail(5, false);
    const r = d.rounds[0] as RoundView;
    service.tournament_slip_codes.mockImplementation(async (args) => slipCodes(r, args as { address: string | null }));
    render(PrintView, { detail: d, lang: 'en', onclose: vi.fn() });
    // the first network offered, on the default port, before anything is served
    await waitFor(() =>
      expect(service.tournament_slip_codes).toHaveBeenCalledWith({ id: 7, address: '192.168.1.20:8470', lang: 'en' }),
    );
    for (const tb of r.tables.filter((x) => x.b)) {
      for (const p of [tb.a, tb.b]) {
        const cell = await screen.findByTestId(`slip-code-${tb.table}-${p?.entrant}`);
        expect(cell.textContent).toMatch(/C\d\d-XXXX-XXXX/);
        expect(cell.querySelector('img')?.getAttribute('src')).toBe(
          `data:image/svg+xml;base64,${btoa('192.168.1.20:8470')}`,
        );
      }
      expect(screen.getByTestId(`slip-how-${tb.table}`).textContent).toContain(
        'open http://192.168.1.20:8470/ and type your code',
      );
      expect(screen.getByTestId(`slip-how-${tb.table}`).textContent).toContain('not open yet');
    }
    // the slips players keep do not say "prepared"; the pairings for the organiser do
    expect(screen.getByTestId('slip-1').textContent).not.toContain('prepared');
    expect(screen.getByTestId('print-by-table').textContent).toContain('prepared');
    // every slip has the same fixed columns
    for (const table of screen.getAllByRole('table').filter((t) => t.classList.contains('slip-table'))) {
      expect([...table.querySelectorAll('col')].map((c) => c.classList[0])).toEqual([
        'c-who',
        'c-won',
        'c-crystals',
        'c-sign',
        'c-code',
      ]);
    }
  });

  it('another network chosen is asked for, remembered for the event, and said in German', async () => {
    const d = detail(4, false);
    const r = d.rounds[0] as RoundView;
    service.reporting_networks.mockResolvedValue([
      { interface: 'eth0', ip: '10.0.0.5' },
      { interface: 'wlan0', ip: '192.168.1.20' },
    ]);
    service.tournament_slip_codes.mockImplementation(async (args) => slipCodes(r, args as { address: string | null }));
    const first = render(PrintView, { detail: d, lang: 'de', onclose: vi.fn() });
    const select = (await screen.findByTestId('print-network')) as HTMLSelectElement;
    await fireEvent.change(select, { target: { value: '192.168.1.20' } });
    await fireEvent.change(screen.getByTestId('print-port'), { target: { value: '8080' } });
    await waitFor(() =>
      expect(service.tournament_slip_codes).toHaveBeenLastCalledWith({ id: 7, address: '192.168.1.20:8080', lang: 'de' }),
    );
    expect(screen.getByTestId('slip-how-1').textContent).toContain('öffne http://192.168.1.20:8080/');
    first.unmount();
    // printed again later: the address chosen, not the first network
    service.tournament_slip_codes.mockClear();
    render(PrintView, { detail: d, lang: 'de', onclose: vi.fn() });
    await waitFor(() =>
      expect(service.tournament_slip_codes).toHaveBeenCalledWith({ id: 7, address: '192.168.1.20:8080', lang: 'de' }),
    );
  });

  it('while the event is served the slips point at the address served', async () => {
    const d = detail(4, true);
    const r = d.rounds[0] as RoundView;
    service.reporting_status.mockResolvedValue({ url: 'http://127.0.0.1:9000/', qr: null, reporting: null });
    service.tournament_slip_codes.mockImplementation(async () => slipCodes(r, { address: '127.0.0.1:9000' }));
    render(PrintView, { detail: d, lang: 'en', onclose: vi.fn() });
    expect((await screen.findByTestId('slip-how-1')).textContent).toContain('http://127.0.0.1:9000/');
    expect(screen.queryByTestId('print-network')).toBeNull();
  });
});

describe('results typed by table', () => {
  const r = round(20, true); // table 9: Player 017 (a) v Player 018 (b)

  async function type(table: string, winner: string, w: string, l: string) {
    await fireEvent.input(screen.getByTestId('quick-table'), { target: { value: table } });
    await fireEvent.input(screen.getByTestId('quick-winner'), { target: { value: winner } });
    await fireEvent.input(screen.getByTestId('quick-crystals-winner'), { target: { value: w } });
    await fireEvent.input(screen.getByTestId('quick-crystals-loser'), { target: { value: l } });
  }

  it('"9 Player 018 5 1": the crystals follow the winner named, sent in seat order', async () => {
    service.tournament_result.mockResolvedValue({});
    const onsaved = vi.fn();
    render(QuickResult, { eventId: 7, round: r, lang: 'en', onerror: vi.fn(), onsaved });
    await type('9', 'Player 018', '5', '1');
    expect(screen.getByTestId('quick-preview').textContent).toBe('Player 018 wins 5–1 against Player 017');
    await fireEvent.submit(screen.getByTestId('quick-form'));
    await waitFor(() =>
      expect(service.tournament_result).toHaveBeenCalledWith({
        id: 7,
        round: 1,
        table: 9,
        winner: 117,
        crystalsA: 1,
        crystalsB: 5,
        lang: 'en',
      }),
    );
    expect(onsaved).toHaveBeenCalledOnce();
  });

  it('crystals typed the other way round are refused saying the order, in German too', async () => {
    render(QuickResult, { eventId: 7, round: r, lang: 'de', onerror: vi.fn(), onsaved: vi.fn() });
    await type('9', 'b', '1', '5');
    await fireEvent.submit(screen.getByTestId('quick-form'));
    expect(screen.getByTestId('quick-problem').textContent).toBe(
      'Zuerst die Kristalle des Siegers, dann die des Verlierers: Player 018 mit 1 und Player 017 mit 5 ist kein Sieg für Player 018.',
    );
    expect(service.tournament_result).not.toHaveBeenCalled();
  });
});

describe('the projector at any size of event', () => {
  // jsdom lays nothing out: the stage is given 1000×500 px, a seating 200×50 px at full size
  const boxes: [string, number][] = [
    ['clientWidth', 1000],
    ['clientHeight', 500],
    ['offsetWidth', 200],
    ['offsetHeight', 50],
  ];
  const saved = boxes.map(([k]) => [k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)] as const);
  beforeEach(() => {
    for (const [k, v] of boxes) Object.defineProperty(HTMLElement.prototype, k, { configurable: true, get: () => v });
  });
  afterEach(() => {
    for (const [k, d] of saved) if (d) Object.defineProperty(HTMLElement.prototype, k, d);
  });

  const names = () =>
    [...screen.getByTestId('projector-seating').querySelectorAll('li .who')].map((e) => e.textContent ?? '');

  it('128 players: shrunk to its readable minimum, then in pages that together show every seating', async () => {
    const d = detail(128, true);
    render(ProjectorView, { detail: d, lang: 'en', onclose: vi.fn(), onerror: vi.fn() });
    const page = await screen.findByTestId('projector-page');
    // at 0.75: 6 columns of 200·0.75 px, 12 rows of 38 px → 72 a page, 2 pages
    expect(page.dataset.pages).toBe('2');
    expect(screen.getByTestId('projector-seating').style.fontSize).toBe('0.75em');
    const seen = new Set<string>();
    const first = names();
    expect(first).toHaveLength(72);
    expect(page.textContent).toBe(`Page 1 of 2 · ${first[0]} – ${first.at(-1)}`);
    first.forEach((n) => seen.add(n));
    await fireEvent.click(screen.getByTestId('projector-next'));
    expect(screen.getByTestId('projector-page').dataset.page).toBe('2');
    names().forEach((n) => seen.add(n));
    expect(seen.size).toBe(128);
    await fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByTestId('projector-page').dataset.page).toBe('1');
  });

  it('pages turn by themselves', async () => {
    vi.useFakeTimers();
    try {
      render(ProjectorView, { detail: detail(128, true), lang: 'de', onclose: vi.fn(), onerror: vi.fn() });
      await vi.waitFor(() => expect(screen.getByTestId('projector-page').dataset.page).toBe('1'));
      expect(screen.getByTestId('projector-page').textContent).toContain('Seite 1 von 2');
      await vi.advanceTimersByTimeAsync(10_000);
      expect(screen.getByTestId('projector-page').dataset.page).toBe('2');
    } finally {
      vi.useRealTimers();
    }
  });

  it('an event that fits is one page at full size', async () => {
    render(ProjectorView, { detail: detail(30, true), lang: 'en', onclose: vi.fn(), onerror: vi.fn() });
    await waitFor(() => expect(names()).toHaveLength(30));
    expect(screen.queryByTestId('projector-pager')).toBeNull();
    expect(screen.getByTestId('projector-seating').style.fontSize).toBe('1em');
  });
});

describe('players from a CSV', () => {
  it('the new event’s details go with the dialog’s import, and the new event opens', async () => {
    service.tournament_list.mockResolvedValue([]);
    const created = { ...detail(4, true), rounds: [] };
    created.event = { ...created.event, id: 9, name: 'Sheet Cup', rounds_paired: 0 };
    service.tournament_import_players.mockResolvedValue(created.event);
    service.tournament_detail.mockResolvedValue(created);
    render(Tournaments, { lang: 'en', onerror: vi.fn() });
    await fireEvent.input(await screen.findByTestId('event-new-name'), { target: { value: 'Sheet Cup' } });
    await fireEvent.input(screen.getByTestId('event-new-date'), { target: { value: '2026-11-27' } });
    // the event requires deck lists: the check box goes with the details
    await fireEvent.click(screen.getByTestId('event-new-decks'));
    await fireEvent.click(screen.getByTestId('event-new-csv'));
    await waitFor(() =>
      expect(service.tournament_import_players).toHaveBeenCalledWith({
        event: {
          name: 'Sheet Cup',
          date: '2026-11-27',
          format: 'swiss',
          rounds: 4,
          top_cut: null,
          first_round: 'random',
          seed: null,
          decks_required: true,
        },
        lang: 'en',
      }),
    );
    expect((await screen.findByTestId('event-round')).textContent).toBe('Not started · 4 rounds');
  });

  it('a refusal goes to the screen, and a cancelled dialog changes nothing', async () => {
    service.tournament_list.mockResolvedValue([]);
    const onerror = vi.fn();
    service.tournament_import_players
      .mockRejectedValueOnce({ code: 'invalid_input', message: 'Der Import ist bei entrants.csv Zeile 3 gescheitert' })
      .mockResolvedValueOnce(null);
    render(Tournaments, { lang: 'de', onerror });
    await fireEvent.input(await screen.findByTestId('event-new-name'), { target: { value: 'X' } });
    await fireEvent.input(screen.getByTestId('event-new-date'), { target: { value: '2026-11-27' } });
    await fireEvent.click(screen.getByTestId('event-new-csv'));
    await waitFor(() =>
      expect(onerror).toHaveBeenCalledWith({
        code: 'invalid_input',
        message: 'Der Import ist bei entrants.csv Zeile 3 gescheitert',
      }),
    );
    await fireEvent.click(screen.getByTestId('event-new-csv'));
    await waitFor(() => expect(service.tournament_import_players).toHaveBeenCalledTimes(2));
    expect(screen.getByTestId('event-new-form')).toBeTruthy();
  });
});

describe('where an event stands', () => {
  it('says "Not started" before round 1, never "Round 0 of 4"', () => {
    expect(roundLabel({ rounds_paired: 0, rounds_planned: 4 }, 'en')).toBe('Not started · 4 rounds');
    expect(roundLabel({ rounds_paired: 0, rounds_planned: 1 }, 'de')).toBe('Nicht begonnen · 1 Runde');
    expect(roundLabel({ rounds_paired: 2, rounds_planned: 4 }, 'de')).toBe('Runde 2 von 4');
  });
});
