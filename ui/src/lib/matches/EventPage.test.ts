import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import type { EventDetail } from '../bindings/EventDetail';

// Through the real API (lib/api/matches.ts, lib/api/clock.ts, lib/api/reporting.ts) down to
// Tauri's `invoke`, answered command by command.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));
import { serveCommands } from '../testing/ipc';
const service = serveCommands(invoke, [
  'deck_list',
  'reporting_networks',
  'reporting_status',
  'tournament_clock',
  'tournament_correct',
  'tournament_correct_registration',
  'tournament_decks',
  'tournament_detail',
  'tournament_drop',
  'tournament_pair',
  'tournament_prepare',
  'tournament_publish',
  'tournament_register',
  'tournament_register_with_deck',
  'tournament_result',
  'tournament_result_from_match',
  'tournament_slip_codes',
  'tournament_table_matches',
  'tournament_undrop',
  'tournament_unpair',
  'tournament_unregister',
]);

beforeEach(() => {
  service.tournament_slip_codes.mockImplementation(async () => [
    {
      code: { round: 1, table: 1, player: 'Anna', opponent: 'Bert', code: 'AAAABBBBCCCC', typed: 'AAAA-BBBB-CCCC' },
      qr: 'data:image/svg+xml;base64,PHN2Zz4=',
    },
  ]);
  // the reporting panel has its own test; here it finds no round to report
  service.reporting_networks.mockResolvedValue([]);
  // the decks panel (its own test, EventDecks.test.ts): no deck registered, none saved
  service.tournament_decks.mockResolvedValue([]);
  service.deck_list.mockResolvedValue([]);
  service.reporting_status.mockResolvedValue({ url: null, qr: null, reporting: null, stopped: null });
});

import EventPage from './EventPage.svelte';

const seat = (entrant: number, name: string) => ({ entrant, name, people: 'Vulca' });

function detail(withResult: boolean): EventDetail {
  return {
    event: {
      id: 7,
      name: 'Spring Open',
      date: '2026-11-22',
      format: 'swiss',
      rounds_planned: 4,
      top_cut: null,
      first_round: 'random',
      seed: '1',
      rounds_paired: 1,
      players: 3,
      created_at: 'x',
      decks_required: false,
    },
    entrants: [
      { id: 11, name: 'Anna', people: 'Vulca', seed: 1, joined_round: 1, dropped_after: null },
      { id: 12, name: 'Bert', people: 'Vulca', seed: 2, joined_round: 1, dropped_after: null },
      { id: 13, name: 'Cleo', people: null, seed: 3, joined_round: 2, dropped_after: null },
    ],
    rounds: [
      {
        number: 1,
        stage: 'swiss',
        published: true,
        complete: withResult,
        results_missing: withResult ? 0 : 1,
        tables: [
          {
            table: 1,
            a: seat(11, 'Anna'),
            b: seat(12, 'Bert'),
            result: withResult
              ? { winner: 12, winner_name: 'Bert', crystals_a: 3, crystals_b: 5, source: 'typed', match_id: null }
              : null,
          },
          { table: 2, a: seat(13, 'Cleo'), b: null, result: null },
        ],
      },
    ],
    standings: [
      {
        rank: 1,
        entrant: 13,
        name: 'Cleo',
        people: null,
        match_points: 3,
        wins: 0,
        losses: 0,
        byes: 1,
        opponents_match_win: 0,
        opponents_match_win_text: '0.00%',
        crystals_for: 5,
        crystals_against: 0,
        crystal_difference: 5,
        head_to_head: 0,
        dropped: false,
      },
    ],
    corrections: [],
    can_pair: withResult,
    finished: false,
    tie_breakers: ['Match points', 'Opponents'],
    decks_missing: [],
    pair_held: null,
  };
}

describe('EventPage', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    service.tournament_clock.mockResolvedValue(null);
  });

  it('offers to publish a prepared round and marks it as not published', async () => {
    const prepared = detail(false);
    prepared.rounds = prepared.rounds.map((r) => ({ ...r, published: false }));
    service.tournament_detail.mockResolvedValueOnce(prepared).mockResolvedValue(detail(false));
    service.tournament_publish.mockResolvedValue(1);
    render(EventPage, { id: 7, lang: 'en', onerror: vi.fn(), onback: vi.fn() });
    expect((await screen.findByTestId('round-unpublished-1')).textContent).toContain('not published');
    await fireEvent.click(screen.getByTestId('event-publish'));
    await waitFor(() => expect(service.tournament_publish).toHaveBeenCalledWith({ id: 7, lang: 'en' }));
    await waitFor(() => expect(screen.queryByTestId('event-publish')).toBeNull());
    expect(screen.queryByTestId('round-unpublished-1')).toBeNull();
  });

  it('prepares the next round instead of pairing it when asked', async () => {
    service.tournament_detail.mockResolvedValue(detail(true));
    service.tournament_prepare.mockResolvedValue({});
    render(EventPage, { id: 7, lang: 'en', onerror: vi.fn(), onback: vi.fn() });
    await fireEvent.click(await screen.findByTestId('event-prepare'));
    await waitFor(() => expect(service.tournament_prepare).toHaveBeenCalledWith({ id: 7, lang: 'en' }));
    expect(service.tournament_pair).not.toHaveBeenCalled();
  });

  it('shows pairings, a bye, standings from Rust, and pairing waits for results', async () => {
    service.tournament_detail.mockResolvedValue(detail(false));
    render(EventPage, { id: 7, lang: 'en', onerror: vi.fn(), onback: vi.fn() });
    expect((await screen.findByTestId('event-name')).textContent).toContain('Spring Open');
    expect(screen.getByTestId('bye-r1-t2').textContent).toContain('bye');
    expect(screen.getByTestId('standing-points-1').textContent).toContain('3');
    expect(screen.getByTestId('standing-name-1').textContent).toContain('Cleo');
    expect((screen.getByTestId('event-pair') as HTMLButtonElement).disabled).toBe(true);
    // waiting for results is said by the round's missing count, not as decks held back
    expect(screen.queryByTestId('event-pair-held')).toBeNull();
    expect(screen.getByTestId('round-missing-1').textContent).toContain('1 results missing');
    expect(screen.getByTestId('tie-breakers').querySelectorAll('li')).toHaveLength(2);
  });

  it('sends the chosen winner and both crystal counts, then reloads', async () => {
    service.tournament_detail.mockResolvedValueOnce(detail(false)).mockResolvedValue(detail(true));
    service.tournament_result.mockResolvedValue({});
    render(EventPage, { id: 7, lang: 'en', onerror: vi.fn(), onback: vi.fn() });
    await fireEvent.click(await screen.findByTestId('winner-b-r1-t1'));
    await fireEvent.input(screen.getByTestId('crystals-a-r1-t1'), { target: { value: '3' } });
    await fireEvent.input(screen.getByTestId('crystals-b-r1-t1'), { target: { value: '5' } });
    await fireEvent.submit(screen.getByTestId('form-r1-t1'));
    await waitFor(() => expect(service.tournament_result).toHaveBeenCalledWith({ id: 7, round: 1, table: 1, winner: 12, crystalsA: 3, crystalsB: 5, lang: 'en' }));
    expect((await screen.findByTestId('result-r1-t1')).textContent).toContain('Bert wins');
    expect((screen.getByTestId('event-pair') as HTMLButtonElement).disabled).toBe(false);
  });

  it('a correction needs a reason and goes to the correction command', async () => {
    service.tournament_detail.mockResolvedValue(detail(true));
    service.tournament_correct.mockResolvedValue({});
    render(EventPage, { id: 7, lang: 'de', onerror: vi.fn(), onback: vi.fn() });
    await fireEvent.click(await screen.findByTestId('correct-r1-t1'));
    await fireEvent.click(screen.getByTestId('winner-a-r1-t1'));
    await fireEvent.input(screen.getByTestId('crystals-a-r1-t1'), { target: { value: '5' } });
    await fireEvent.input(screen.getByTestId('crystals-b-r1-t1'), { target: { value: '3' } });
    await fireEvent.input(screen.getByTestId('reason-r1-t1'), { target: { value: 'Zettel falsch gelesen' } });
    expect(screen.getByTestId('save-r1-t1').textContent).toContain('Korrektur speichern');
    await fireEvent.submit(screen.getByTestId('form-r1-t1'));
    await waitFor(() =>
      expect(service.tournament_correct).toHaveBeenCalledWith({ id: 7, round: 1, table: 1, winner: 11, crystalsA: 5, crystalsB: 3, reason: 'Zettel falsch gelesen', lang: 'de' }),
    );
    expect(service.tournament_result).not.toHaveBeenCalled();
  });

  it("offers the two players' matches played in the app and takes the one chosen", async () => {
    service.tournament_detail.mockResolvedValue(detail(false));
    service.tournament_result_from_match.mockResolvedValue({});
    service.tournament_table_matches.mockResolvedValue([
      { match_id: 9, winner_name: 'Bert', crystals_a: 2, crystals_b: 5, created_at: '2026-11-24T19:00:00Z' },
      { match_id: 3, winner_name: 'Anna', crystals_a: 5, crystals_b: 1, created_at: '2026-11-23T19:00:00Z' },
    ]);
    render(EventPage, { id: 7, lang: 'en', onerror: vi.fn(), onback: vi.fn() });
    await fireEvent.click(await screen.findByTestId('from-match-r1-t1'));
    expect(service.tournament_table_matches).toHaveBeenCalledWith({ id: 7, round: 1, table: 1, lang: 'en' });
    const choice = await screen.findByTestId('match-choice-r1-t1-3');
    expect(choice.textContent).toContain('Anna 5–1');
    expect(screen.getByTestId('match-choice-r1-t1-9').textContent).toContain('Bert 2–5');
    await fireEvent.click(choice);
    await waitFor(() => expect(service.tournament_result_from_match).toHaveBeenCalledWith({ id: 7, round: 1, table: 1, matchId: 3, lang: 'en' }));
    expect(service.tournament_result).not.toHaveBeenCalled();
  });

  it('says so when the two players have no finished match in the app', async () => {
    service.tournament_detail.mockResolvedValue(detail(false));
    service.tournament_table_matches.mockResolvedValue([]);
    render(EventPage, { id: 7, lang: 'de', onerror: vi.fn(), onback: vi.fn() });
    await fireEvent.click(await screen.findByTestId('from-match-r1-t1'));
    expect((await screen.findByTestId('match-none-r1-t1')).textContent).toContain('keine beendete Partie');
    expect(service.tournament_result_from_match).not.toHaveBeenCalled();
  });

  it('shows a refused registration at its form, not in the banner, until the next good one', async () => {
    service.tournament_detail.mockResolvedValue(detail(false));
    const refusal = { code: 'invalid_input', message: '“Vulka” (for Dora) is not a Blue Moon people. Did you mean Vulca?' };
    service.tournament_register.mockRejectedValueOnce(refusal).mockResolvedValueOnce({});
    const onerror = vi.fn();
    render(EventPage, { id: 7, lang: 'en', onerror, onback: vi.fn() });
    await fireEvent.input(await screen.findByTestId('reg-player'), { target: { value: 'Dora' } });
    await fireEvent.input(screen.getByTestId('reg-people'), { target: { value: 'Vulka' } });
    const form = screen.getByTestId('reg-add').closest('form') as HTMLFormElement;
    await fireEvent.submit(form);
    expect((await screen.findByTestId('reg-problem')).textContent).toBe(refusal.message);
    expect(onerror).not.toHaveBeenCalled();
    expect(service.tournament_register).toHaveBeenCalledWith({ id: 7, player: 'Dora', people: 'Vulka', lang: 'en' });
    await fireEvent.input(screen.getByTestId('reg-people'), { target: { value: 'Vulca' } });
    await fireEvent.submit(form);
    await waitFor(() => expect(screen.queryByTestId('reg-problem')).toBeNull());
    expect(service.tournament_register).toHaveBeenLastCalledWith({ id: 7, player: 'Dora', people: 'Vulca', lang: 'en' });
  });

  it('registers a player with a saved deck in one command and shows who still has no deck', async () => {
    const before = detail(false);
    before.rounds = [];
    before.event.decks_required = true;
    before.decks_missing = ['Anna', 'Bert'];
    // worded by the service, in the reader's language (the page shows it as it comes)
    before.pair_held =
      'Round 1 of Spring Open cannot be paired yet: the event requires deck lists, and Anna and Bert have registered no deck.';
    before.can_pair = false;
    service.tournament_detail.mockResolvedValue(before);
    service.deck_list.mockResolvedValue([
      { name: 'Fire Wall', people: 'Vulca', cards_used: 30, cards_allowed: 30, moons_used: 2, moons_allowed: 10, legal: true, revision: 1 },
    ]);
    const refusal = { code: 'invalid_input', message: 'Dora is not registered for Spring Open, nor is the deck: …' };
    service.tournament_register_with_deck.mockRejectedValueOnce(refusal).mockResolvedValueOnce({ entrant: {}, decks: [] });
    render(EventPage, { id: 7, lang: 'en', onerror: vi.fn(), onback: vi.fn() });
    expect((await screen.findByTestId('event-decks-required')).textContent).toBe('Deck lists required');
    expect(screen.getByTestId('decks-missing').textContent).toBe('No deck registered yet: Anna, Bert.');
    // the pair button waits, and says why next to it, naming the players
    const pair = screen.getByTestId('event-pair') as HTMLButtonElement;
    expect(pair.disabled).toBe(true);
    const held = screen.getByTestId('event-pair-held');
    expect(held.textContent).toBe(before.pair_held);
    expect(service.tournament_detail).toHaveBeenLastCalledWith({ id: 7, lang: 'en' });
    expect(pair.getAttribute('aria-describedby')).toBe(held.id);
    expect(screen.queryByTestId('event-prepare')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('reg-deck').textContent).toContain('Fire Wall (Vulca)'));
    await fireEvent.input(screen.getByTestId('reg-player'), { target: { value: 'Dora' } });
    await fireEvent.change(screen.getByTestId('reg-deck'), { target: { value: 'Fire Wall' } });
    const form = screen.getByTestId('reg-add').closest('form') as HTMLFormElement;
    await fireEvent.submit(form);
    expect((await screen.findByTestId('reg-problem')).textContent).toBe(refusal.message);
    await fireEvent.submit(form);
    await waitFor(() => expect(screen.queryByTestId('reg-problem')).toBeNull());
    expect(service.tournament_register_with_deck).toHaveBeenLastCalledWith({
      id: 7,
      player: 'Dora',
      people: null,
      deck: 'Fire Wall',
      lang: 'en',
    });
    expect(service.tournament_register_with_deck).toHaveBeenCalledTimes(2);
    expect(service.tournament_register).not.toHaveBeenCalled();
  });

  it('before round 1 a registration is corrected in place or removed; after it, only dropped', async () => {
    const before = detail(false);
    before.rounds = [];
    service.tournament_detail.mockResolvedValue(before);
    const refusal = { code: 'invalid_input', message: '„Vulka“ (für Bert) ist kein Blue-Moon-Volk. Meintest du Vulca?' };
    service.tournament_correct_registration.mockRejectedValueOnce(refusal).mockResolvedValueOnce({});
    service.tournament_unregister.mockResolvedValue({});
    const onerror = vi.fn();
    render(EventPage, { id: 7, lang: 'de', onerror, onback: vi.fn() });
    expect(screen.queryByTestId('drop-2')).toBeNull();
    await fireEvent.click(await screen.findByTestId('fix-2'));
    expect((screen.getByTestId('edit-2-name') as HTMLInputElement).value).toBe('Bert');
    await fireEvent.input(screen.getByTestId('edit-2-people'), { target: { value: 'Vulka' } });
    await fireEvent.click(screen.getByTestId('edit-2-save'));
    expect((await screen.findByTestId('edit-2-problem')).textContent).toBe(refusal.message);
    expect(onerror).not.toHaveBeenCalled();
    await fireEvent.input(screen.getByTestId('edit-2-name'), { target: { value: 'Berta' } });
    await fireEvent.input(screen.getByTestId('edit-2-people'), { target: { value: 'Vulca' } });
    await fireEvent.click(screen.getByTestId('edit-2-save'));
    await waitFor(() => expect(screen.queryByTestId('edit-2')).toBeNull());
    expect(service.tournament_correct_registration).toHaveBeenLastCalledWith({ id: 7, entrant: 12, player: 'Berta', people: 'Vulca', lang: 'de' });

    await fireEvent.click(screen.getByTestId('remove-3'));
    expect(screen.getByTestId('remove-3-question').textContent).toBe('Anmeldung von Cleo löschen?');
    await fireEvent.click(screen.getByTestId('remove-3-yes'));
    await waitFor(() => expect(service.tournament_unregister).toHaveBeenCalledWith({ id: 7, entrant: 13, lang: 'de' }));
  });

  it('after round 1 is paired no registration can be corrected or removed', async () => {
    service.tournament_detail.mockResolvedValue(detail(false));
    render(EventPage, { id: 7, lang: 'en', onerror: vi.fn(), onback: vi.fn() });
    await screen.findByTestId('drop-2');
    expect(screen.queryByTestId('fix-2')).toBeNull();
    expect(screen.queryByTestId('remove-2')).toBeNull();
  });
  it('a drop asks first: cancel sends nothing, yes drops the player', async () => {
    service.tournament_detail.mockResolvedValue(detail(false));
    service.tournament_drop.mockResolvedValue({});
    render(EventPage, { id: 7, lang: 'en', onerror: vi.fn(), onback: vi.fn() });
    await fireEvent.click(await screen.findByTestId('drop-2'));
    expect(screen.getByTestId('drop-2-question').textContent).toContain('Drop Bert?');
    await fireEvent.click(screen.getByTestId('drop-2-no'));
    expect(service.tournament_drop).not.toHaveBeenCalled();
    await fireEvent.click(screen.getByTestId('drop-2'));
    await fireEvent.click(screen.getByTestId('drop-2-yes'));
    await waitFor(() => expect(service.tournament_drop).toHaveBeenCalledWith({ id: 7, entrant: 12, lang: 'en' }));
  });

  it('a drop made after the last paired round can be taken back, an older one cannot', async () => {
    const d = detail(true);
    d.entrants[0]!.dropped_after = 1;
    d.entrants[1]!.dropped_after = 0;
    service.tournament_detail.mockResolvedValue(d);
    service.tournament_undrop.mockResolvedValue({});
    render(EventPage, { id: 7, lang: 'de', onerror: vi.fn(), onback: vi.fn() });
    const back = await screen.findByTestId('undrop-1');
    expect(back.textContent).toContain('Zurücknehmen');
    expect(screen.queryByTestId('undrop-2')).toBeNull();
    await fireEvent.click(back);
    await waitFor(() => expect(service.tournament_undrop).toHaveBeenCalledWith({ id: 7, entrant: 11, lang: 'de' }));
  });

  it('the last round can be undone only while it has no result', async () => {
    service.tournament_detail.mockResolvedValue(detail(false));
    const message = 'Round 1 was undone. Ben dropped after it was paired; the drop now counts from round 1.';
    service.tournament_unpair.mockResolvedValue({ number: 1, drops_moved: ['Ben'], message });
    render(EventPage, { id: 7, lang: 'en', onerror: vi.fn(), onback: vi.fn() });
    await fireEvent.click(await screen.findByTestId('event-unpair'));
    expect(screen.getByTestId('event-unpair-question').textContent).toContain('round 1');
    expect(screen.queryByTestId('event-undone')).toBeNull();
    await fireEvent.click(screen.getByTestId('event-unpair-yes'));
    await waitFor(() => expect(service.tournament_unpair).toHaveBeenCalledWith({ id: 7, lang: 'en', confirmed: false }));
    // the organiser is told which drop moved to the round before
    expect((await screen.findByTestId('event-undone')).textContent).toBe(message);
  });

  it("says a result came from the players' reports, and a typed one nothing", async () => {
    const reported = detail(true);
    reported.rounds[0]!.tables[0]!.result!.source = 'report';
    service.tournament_detail.mockResolvedValueOnce(reported);
    const { unmount } = render(EventPage, { id: 7, lang: 'de', onerror: vi.fn(), onback: vi.fn() });
    expect((await screen.findByTestId('source-r1-t1')).textContent).toBe('(von den Spielern gemeldet)');
    unmount();
    service.tournament_detail.mockResolvedValueOnce(detail(true));
    render(EventPage, { id: 7, lang: 'en', onerror: vi.fn(), onback: vi.fn() });
    await screen.findByTestId('result-r1-t1');
    expect(screen.queryByTestId('source-r1-t1')).toBeNull();
  });

  it('asks again before undoing a round whose players reported, and undoes it only on yes', async () => {
    service.tournament_detail.mockResolvedValue(detail(false));
    const ask = 'Players have reported their results at table 1 of round 1. Undo round 1 anyway?';
    service.tournament_unpair
      .mockRejectedValueOnce({ code: 'needs_confirmation', message: ask })
      .mockResolvedValueOnce({ number: 1, drops_moved: [], reports_discarded: 1, message: 'Round 1 was undone.' });
    const onerror = vi.fn();
    render(EventPage, { id: 7, lang: 'en', onerror, onback: vi.fn() });
    await fireEvent.click(await screen.findByTestId('event-unpair'));
    await fireEvent.click(screen.getByTestId('event-unpair-yes'));
    expect((await screen.findByTestId('event-unpair-reported')).textContent).toContain(ask);
    expect(onerror).not.toHaveBeenCalled();
    await fireEvent.click(screen.getByTestId('event-unpair-reported-yes'));
    await waitFor(() => expect(service.tournament_unpair).toHaveBeenLastCalledWith({ id: 7, lang: 'en', confirmed: true }));
    expect((await screen.findByTestId('event-undone')).textContent).toBe('Round 1 was undone.');
    expect(screen.queryByTestId('event-unpair-reported')).toBeNull();
  });

  it('with a result in the last round there is no undo', async () => {
    service.tournament_detail.mockResolvedValue(detail(true));
    render(EventPage, { id: 7, lang: 'en', onerror: vi.fn(), onback: vi.fn() });
    await screen.findByTestId('event-name');
    expect(screen.queryByTestId('event-unpair')).toBeNull();
  });

  it('a finished event offers neither registration nor drops', async () => {
    const d = detail(true);
    d.finished = true;
    d.entrants[2]!.dropped_after = 1;
    service.tournament_detail.mockResolvedValue(d);
    render(EventPage, { id: 7, lang: 'en', onerror: vi.fn(), onback: vi.fn() });
    expect((await screen.findByTestId('reg-closed')).textContent).toContain('event is over');
    expect(screen.queryByTestId('reg-add')).toBeNull();
    expect(screen.queryByTestId('drop-1')).toBeNull();
    expect(screen.queryByTestId('undrop-3')).toBeNull();
  });
});

describe('EventPage printouts', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('shows pairings by table and by name, one slip per played table, and the standings', async () => {
    service.tournament_detail.mockResolvedValue(detail(false));
    render(EventPage, { id: 7, lang: 'de', onerror: vi.fn(), onback: vi.fn() });
    await fireEvent.click(await screen.findByTestId('event-print'));
    const byTable = screen.getByTestId('print-by-table');
    expect(byTable.textContent).toContain('Paarungen nach Tisch');
    expect(byTable.querySelectorAll('tbody tr')).toHaveLength(2);
    const names = [...screen.getByTestId('print-by-name').querySelectorAll('tbody tr')].map(
      (tr) => tr.querySelector('td')?.textContent,
    );
    expect(names).toEqual(['Anna', 'Bert', 'Cleo']);
    expect(screen.getByTestId('print-by-name').textContent).toContain('(Freilos)');
    expect(screen.getByTestId('slip-1').textContent).toContain('Unterschrift');
    expect(screen.queryByTestId('slip-2')).toBeNull();
    // each player's half of the slip has their code to report by phone, with its QR code
    const anna = await screen.findByTestId('slip-code-1-11');
    expect(anna.textContent).toContain('AAAA-BBBB-CCCC');
    expect(anna.querySelector('img')?.getAttribute('src')).toContain('data:image/svg+xml');
    expect(screen.getByTestId('slip-1').textContent).toContain('Per Handy melden');
    expect(screen.getByTestId('print-standings').textContent).toContain('Cleo');
    const print = vi.fn();
    window.print = print;
    await fireEvent.click(screen.getByTestId('print-now'));
    expect(print).toHaveBeenCalledOnce();
    await fireEvent.click(screen.getByTestId('print-close'));
    expect(screen.queryByTestId('print-view')).toBeNull();
    expect(screen.getByTestId('event-name')).toBeTruthy();
  });
});

describe('EventPage printouts of a prepared round', () => {
  it('prints the pairings and slips of a round prepared but not yet published, saying so', async () => {
    const d = detail(false);
    const last = d.rounds.at(-1);
    if (last) last.published = false;
    service.tournament_detail.mockResolvedValue(d);
    render(EventPage, { id: 7, lang: 'en', onerror: vi.fn(), onback: vi.fn() });
    await fireEvent.click(await screen.findByTestId('event-print'));
    const byTable = screen.getByTestId('print-by-table');
    expect(byTable.textContent).toContain('prepared, not published yet');
    expect(byTable.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(screen.getByTestId('slip-1')).toBeTruthy();
  });
});

describe('EventPage projector', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('shows every player by name with their table, switches to standings, Esc closes', async () => {
    service.tournament_detail.mockResolvedValue(detail(false));
    render(EventPage, { id: 7, lang: 'en', onerror: vi.fn(), onback: vi.fn() });
    await fireEvent.click(await screen.findByTestId('event-projector'));
    const items = [...screen.getByTestId('projector-seating').querySelectorAll('li')];
    expect(items.map((li) => li.querySelector('.who')?.textContent)).toEqual(['Anna', 'Bert', 'Cleo']);
    expect(items[0]?.textContent).toContain('Table 1');
    expect(items[0]?.textContent).toContain('vs Bert');
    expect(items[2]?.textContent).toContain('bye');
    await fireEvent.click(screen.getByTestId('projector-standings'));
    expect(screen.getByTestId('projector-table').textContent).toContain('Cleo');
    await fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByTestId('projector')).toBeNull();
  });
});

describe('EventPage results by table number', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  /** Types a slip's result: table, winner, the winner's crystals, the loser's. */
  async function typeResult(table: string, winner: string, w: string, l: string) {
    await fireEvent.input(screen.getByTestId('quick-table'), { target: { value: table } });
    await fireEvent.input(screen.getByTestId('quick-winner'), { target: { value: winner } });
    await fireEvent.input(screen.getByTestId('quick-crystals-winner'), { target: { value: w } });
    await fireEvent.input(screen.getByTestId('quick-crystals-loser'), { target: { value: l } });
    await fireEvent.submit(screen.getByTestId('quick-form'));
  }

  it('table number, the start of a name, crystals and Enter save the result', async () => {
    service.tournament_detail.mockResolvedValue(detail(false));
    service.tournament_result.mockResolvedValue({});
    render(EventPage, { id: 7, lang: 'en', onerror: vi.fn(), onback: vi.fn() });
    await screen.findByTestId('quick-form');
    await fireEvent.input(screen.getByTestId('quick-table'), { target: { value: '1' } });
    expect(screen.getByTestId('quick-who').textContent).toContain('Anna');
    // Bert (seat b) won 5–3: the winner's crystals first, sent in seat order
    await typeResult('1', 'be', '5', '3');
    await waitFor(() => expect(service.tournament_result).toHaveBeenCalledWith({ id: 7, round: 1, table: 1, winner: 12, crystalsA: 3, crystalsB: 5, lang: 'en' }));
    expect((await screen.findByTestId('quick-saved')).textContent).toContain('table 1');
    expect((screen.getByTestId('quick-table') as HTMLInputElement).value).toBe('');
  });

  it('a result the service refuses is shown at the form, not in the banner, and goes with the next good save', async () => {
    const onerror = vi.fn();
    service.tournament_detail.mockResolvedValue(detail(false));
    service.tournament_result
      .mockRejectedValueOnce({ code: 'invalid_input', message: 'Table 1 already has a result.' })
      .mockResolvedValueOnce({});
    render(EventPage, { id: 7, lang: 'en', onerror, onback: vi.fn() });
    await screen.findByTestId('quick-form');
    await typeResult('1', 'a', '5', '2');
    expect((await screen.findByTestId('quick-problem')).textContent).toBe('Table 1 already has a result.');
    expect(onerror).not.toHaveBeenCalled();
    await typeResult('1', 'a', '5', '2');
    await screen.findByTestId('quick-saved');
    expect(screen.queryByTestId('quick-problem')).toBeNull();
  });

  it('the seat letter works too', async () => {
    service.tournament_detail.mockResolvedValue(detail(false));
    service.tournament_result.mockResolvedValue({});
    render(EventPage, { id: 7, lang: 'en', onerror: vi.fn(), onback: vi.fn() });
    await screen.findByTestId('quick-form');
    await typeResult('1', 'a', '5', '2');
    await waitFor(() => expect(service.tournament_result).toHaveBeenCalledWith({ id: 7, round: 1, table: 1, winner: 11, crystalsA: 5, crystalsB: 2, lang: 'en' }));
  });

  it('a table that does not exist, a bye table or an unknown winner is refused before sending', async () => {
    service.tournament_detail.mockResolvedValue(detail(false));
    render(EventPage, { id: 7, lang: 'de', onerror: vi.fn(), onback: vi.fn() });
    await screen.findByTestId('quick-form');
    await typeResult('9', 'a', '5', '2');
    expect(screen.getByTestId('quick-problem').textContent).toContain('keinen Tisch 9');
    await typeResult('2', 'a', '5', '2');
    expect(screen.getByTestId('quick-problem').textContent).toContain('Tisch 2 ist ein Freilos');
    await typeResult('1', 'Zoe', '5', '2');
    expect(screen.getByTestId('quick-problem').textContent).toContain('Anfang eines Namens');
    expect(service.tournament_result).not.toHaveBeenCalled();
  });
});
