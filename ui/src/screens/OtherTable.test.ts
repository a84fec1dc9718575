import { describe, expect, it, vi, beforeEach } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import type { OtherGameView } from '../lib/bindings/OtherGameView';

// Through the real API (lib/api/table.ts) down to Tauri's `invoke`, answered command by command.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));
import { serveCommands } from '../lib/testing/ipc';
const service = serveCommands(invoke, ['table_act', 'table_enter', 'table_list', 'table_mark_seen', 'table_new', 'table_prompts', 'table_suggest', 'table_undo', 'table_redo', 'table_view']);

/** Game 7 as the table drew it: its reference and the revision a write names. */
const REF = { kind: 'warhammer-invasion', id: 7 };
const at = (revision = 3) => ({ game: REF, revision });
/** The game the screen resumes: the first of the unfinished games, then its table. */
function resumes(v: OtherGameView) {
  service.table_list.mockResolvedValue([otherItem(v)]);
  service.table_view.mockResolvedValue(otherTable(v));
}

import OtherTable from './OtherTable.svelte';
import { otherEntered, otherItem, otherTable, whiGame, whiPrompt, whiSide, whiTable } from '../lib/testing/othergames';

// Ben's Quest zone (every zone) with 1 damage, as after the first click.
const damagedB = () => whiGame(whiTable(whiSide('A'), whiSide('B', { damage: 1 })));

beforeEach(() => {
  service.table_list.mockResolvedValue([]);
});

describe('the other games table', () => {
  it('starts a game of the chosen kind with the names typed', async () => {
    service.table_list.mockResolvedValue([]);
    service.table_new.mockResolvedValue(otherTable(whiGame()));
    render(OtherTable, { lang: 'en', onerror: vi.fn() });
    await waitFor(() => expect(screen.getByTestId('og-start')).toBeTruthy());
    await fireEvent.input(screen.getByTestId('og-player-a'), { target: { value: 'Ann' } });
    await fireEvent.input(screen.getByTestId('og-player-b'), { target: { value: 'Ben' } });
    await fireEvent.click(screen.getByTestId('og-new-start'));
    await waitFor(() => expect(screen.getByTestId('og-table')).toBeTruthy());
    expect(service.table_new).toHaveBeenCalledWith({ request: { game: 'other', request: expect.objectContaining({ kind: 'whi', player_a: 'Ann', player_b: 'Ben', first: 'A' }) }, lang: 'en' });
    expect(screen.getByTestId('table-status').textContent).toContain('Ann to play');
  });

  it('shows a refused new game at its Start button, not in the banner', async () => {
    service.table_list.mockResolvedValue([]);
    const refusal = { code: 'invalid_input', message: 'Beide Spieler heißen Ann: die zwei Spieler brauchen verschiedene Namen.' };
    service.table_new.mockRejectedValue(refusal);
    const onerror = vi.fn();
    render(OtherTable, { lang: 'de', onerror });
    await waitFor(() => expect((screen.getByTestId('og-new-start') as HTMLButtonElement).disabled).toBe(false));
    await fireEvent.click(screen.getByTestId('og-new-start'));
    await waitFor(() => expect(screen.getByTestId('og-refusal').textContent).toContain('Beide Spieler heißen Ann'));
    expect(onerror).not.toHaveBeenCalled();
    expect(screen.queryByTestId('og-table')).toBeNull();
  });

  it('sends damage to a section by amount (two taps for any amount) and shows the view the service returns', async () => {
    resumes(whiGame());
    service.table_act.mockResolvedValue(otherTable(damagedB()));
    render(OtherTable, { lang: 'de', onerror: vi.fn() });
    await waitFor(() => expect(screen.getByTestId('dmg-B-quest')).toBeTruthy());
    expect(screen.getByTestId('table-status').textContent).toContain('Ann ist dran');
    await fireEvent.click(screen.getByTestId('dmg-B-quest'));
    // the amounts the section can still take: 1 to its 8 hit points
    const amounts = screen.getByTestId('dmg-B-quest-amounts').querySelectorAll('button');
    expect([...amounts].map((b) => b.textContent)).toEqual(['+1', '+2', '+3', '+4', '+5', '+6', '+7', '+8']);
    expect(service.table_act).not.toHaveBeenCalled();
    await fireEvent.click(screen.getByTestId('dmg-B-quest-1'));
    expect(screen.queryByTestId('dmg-B-quest-amounts')).toBeNull();
    expect(service.table_act).toHaveBeenCalledWith({ at: at(3), action: { game: 'other', action: { game: 'whi', event: { type: 'damage_dealt', player: 'B', zone: 'quest', amount: 1 } } }, lang: 'de' });
    await waitFor(() => expect(screen.getByTestId('whi-B-quest').textContent).toContain('1/8'));
  });

  it('a game changed meanwhile: sends the revision it drew, then shows the game as it is now and the refusal', async () => {
    const onerror = vi.fn();
    resumes(whiGame());
    const changed = { code: 'changed', message: 'The game of Ann and Ben changed meanwhile.' };
    service.table_act.mockRejectedValue(changed);
    render(OtherTable, { lang: 'en', onerror });
    await waitFor(() => expect(screen.getByTestId('dmg-B-quest')).toBeTruthy());
    service.table_view.mockResolvedValue(otherTable({ ...damagedB(), revision: 4 }));
    await fireEvent.click(screen.getByTestId('dmg-B-quest'));
    await fireEvent.click(screen.getByTestId('dmg-B-quest-1'));
    expect(service.table_act).toHaveBeenCalledWith({ at: at(3), action: expect.anything(), lang: 'en' });
    await waitFor(() => expect(screen.getByTestId('og-refusal').textContent).toContain(changed.message));
    expect(onerror).not.toHaveBeenCalled();
    expect(service.table_view).toHaveBeenLastCalledWith({ game: REF, lang: 'en' });
    await waitFor(() => expect(screen.getByTestId('whi-B-quest').textContent).toContain('1/8'));
    // the next action is decided on the game as now shown
    service.table_act.mockResolvedValue(otherTable(damagedB()));
    await fireEvent.click(screen.getByTestId('dmg-B-quest'));
    await fireEvent.click(screen.getByTestId('dmg-B-quest-2'));
    expect(service.table_act).toHaveBeenLastCalledWith({ at: at(4), action: { game: 'other', action: expect.anything() }, lang: 'en' });
  });

  it('shows why a stored game stands before an event this version cannot replay', async () => {
    const why = 'Event 2 of this game is not accepted by this version of Tablemate (too much).';
    resumes({ ...whiGame(), unreadable: why });
    render(OtherTable, { lang: 'en', onerror: vi.fn() });
    await waitFor(() => expect(screen.getByTestId('unreadable').textContent).toBe(why));
  });

  it('enters a card in one call: the card recorded and its rulings with the cards in play before it', async () => {
    resumes(whiGame());
    service.table_enter.mockResolvedValue(otherEntered(whiGame(), [whiPrompt('whi-1', 'Grimgor does not trigger.', ['Rip Dere'])],));
    render(OtherTable, { lang: 'en', onerror: vi.fn() });
    await waitFor(() => expect(screen.getByTestId('og-card')).toBeTruthy());
    await fireEvent.input(screen.getByTestId('og-card'), { target: { value: 'Grimgor Ironhide' } });
    await fireEvent.click(screen.getByTestId('og-play'));
    await waitFor(() => expect(screen.getByTestId('table-prompts').textContent).toContain('Grimgor does not trigger.'));
    expect(service.table_enter).toHaveBeenCalledWith({ at: at(), card: { game: 'other', action: { game: 'whi', event: { type: 'card_played', player: 'A', card: 'Grimgor Ironhide', zone: 'kingdom' } } }, lang: 'en' });
    expect(service.table_enter).toHaveBeenCalledTimes(1);
    expect(service.table_prompts).not.toHaveBeenCalled();
    expect(service.table_act).not.toHaveBeenCalled();
  });

  it("shows the rulings of a card in play, asked by the id the table shows, titled with its name", async () => {
    const g = whiGame(whiTable(whiSide('A', { cards: ['whi-grimgor-ironhide'] })), {
      'whi-grimgor-ironhide': 'Grimgor Ironhide',
    });
    resumes(g);
    service.table_prompts.mockResolvedValue([
      whiPrompt('whi-2', 'Grimgor costs 4.'),
    ]);
    render(OtherTable, { lang: 'en', onerror: vi.fn() });
    await fireEvent.click(await screen.findByTestId('cards-A-kingdom-card'));
    await fireEvent.click(screen.getByTestId('cards-A-kingdom-rulings'));
    await waitFor(() => expect(screen.getByTestId('table-prompts').textContent).toContain('Grimgor costs 4.'));
    expect(service.table_prompts).toHaveBeenCalledWith({ game: REF, card: 'whi-grimgor-ironhide', lang: 'en', limit: 4 });
    expect(screen.getByTestId('table-prompts').querySelector('h3')?.textContent).toContain('Grimgor Ironhide');
  });

  it('shows a refusal at the control that caused it, not in the banner, and keeps the table', async () => {
    resumes(whiGame());
    service.table_act.mockRejectedValue({ code: 'invalid_input', message: 'Es ist Anns Zug.' });
    const onerror = vi.fn();
    render(OtherTable, { lang: 'de', onerror });
    await waitFor(() => expect(screen.getByTestId('og-next')).toBeTruthy());
    // Next turn at the top of the window: the refusal is placed just under it
    const next = screen.getByTestId('og-next');
    next.getBoundingClientRect = () => ({ left: 200, right: 300, top: 10, bottom: 54, width: 100, height: 44, x: 200, y: 10, toJSON: () => ({}) });
    await fireEvent.click(next);
    await waitFor(() => expect(screen.getByTestId('og-refusal').textContent).toContain('Es ist Anns Zug.'));
    expect(onerror).not.toHaveBeenCalled();
    expect(screen.getByTestId('og-refusal-at').getAttribute('style')).toContain('top: 60px');
    expect(screen.getByTestId('og-table')).toBeTruthy();
    // the next good action clears it
    service.table_act.mockResolvedValue(otherTable(whiGame()));
    await fireEvent.click(screen.getByTestId('og-next'));
    await waitFor(() => expect(screen.queryByTestId('og-refusal')).toBeNull());
  });

  it('enters a legend with the Eternal War flag', async () => {
    resumes(whiGame());
    service.table_enter.mockResolvedValue(otherEntered(whiGame(), []));
    render(OtherTable, { lang: 'en', onerror: vi.fn() });
    await waitFor(() => expect(screen.getByTestId('og-zone')).toBeTruthy());
    await fireEvent.change(screen.getByTestId('og-zone'), { target: { value: 'legend' } });
    await fireEvent.click(screen.getByLabelText('Eternal War legend (3 zones to win)'));
    await fireEvent.input(screen.getByTestId('og-card'), { target: { value: 'Karl Franz' } });
    await fireEvent.click(screen.getByTestId('og-play'));
    await waitFor(() =>
      expect(service.table_enter).toHaveBeenCalledWith({ at: at(), card: { game: 'other', action: { game: 'whi', event: { type: 'legend_entered', player: 'A', card: 'Karl Franz', eternal_war: true } } }, lang: 'en' }),
    );
  });
  it('reads the history as sentences, newest first, asking in the interface language', async () => {
    const g = damagedB();
    g.history = [
      { seq: 1, at: '', text: 'Aufbau: Ann beginnt.', action: { game: 'whi', event: { type: 'setup', decks: { A: null, B: null }, starts: 'A', hit_points: { base: 8, per_development: 1 } } } },
      { seq: 2, at: '', text: 'Questzone von Ben erhält 1 Schaden.', action: { game: 'whi', event: { type: 'damage_dealt', player: 'B', zone: 'quest', amount: 1 } } },
    ];
    resumes(g);
    render(OtherTable, { lang: 'de', onerror: vi.fn() });
    await waitFor(() => expect(screen.getByTestId('og-history')).toBeTruthy());
    expect(service.table_view).toHaveBeenCalledWith({ game: REF, lang: 'de' });
    const lines = [...screen.getByTestId('og-history').querySelectorAll('li')].map((li) => li.textContent?.trim());
    expect(lines).toEqual(['Questzone von Ben erhält 1 Schaden.', 'Aufbau: Ann beginnt.']);
  });

  it('dismisses a ruling of the prompt: marked seen in the game, gone from the list', async () => {
    resumes(whiGame());
    service.table_enter.mockResolvedValue(otherEntered(whiGame(), [
      whiPrompt('whi-1', 'Grimgor does not trigger.', ['Rip Dere']),
      whiPrompt('whi-2', 'Grimgor costs 4.'),
    ]));
    service.table_mark_seen.mockResolvedValue(null);
    render(OtherTable, { lang: 'de', onerror: vi.fn() });
    await waitFor(() => expect(screen.getByTestId('og-card')).toBeTruthy());
    await fireEvent.input(screen.getByTestId('og-card'), { target: { value: 'Grimgor Ironhide' } });
    await fireEvent.click(screen.getByTestId('og-play'));
    await waitFor(() => expect(screen.getAllByTestId('prompt-dismiss')).toHaveLength(2));
    const first = screen.getAllByTestId('prompt-dismiss')[0]!;
    expect(first.textContent).toBe('Ausblenden');
    await fireEvent.click(first);
    expect(service.table_mark_seen).toHaveBeenCalledWith({ game: REF, ruling: 'whi-1', lang: 'de' });
    await waitFor(() => expect(screen.getAllByTestId('prompt-dismiss')).toHaveLength(1));
    const prompts = screen.getByTestId('table-prompts').textContent ?? '';
    expect(prompts).not.toContain('Grimgor does not trigger.');
    expect(prompts).toContain('Grimgor costs 4.');
  });

  it('keeps a ruling the service refused to mark seen, and shows the refusal', async () => {
    resumes(whiGame());
    service.table_enter.mockResolvedValue(otherEntered(whiGame(), [
      whiPrompt('whi-1', 'Grimgor does not trigger.'),
    ]));
    const refusal = { code: 'not_found', message: 'Es gibt keine Regel zu Warhammer: Invasion mit der Kennung „whi-1“.' };
    service.table_mark_seen.mockRejectedValue(refusal);
    const onerror = vi.fn();
    render(OtherTable, { lang: 'de', onerror });
    await waitFor(() => expect(screen.getByTestId('og-card')).toBeTruthy());
    await fireEvent.input(screen.getByTestId('og-card'), { target: { value: 'Grimgor Ironhide' } });
    await fireEvent.click(screen.getByTestId('og-play'));
    await waitFor(() => expect(screen.getByTestId('prompt-dismiss')).toBeTruthy());
    await fireEvent.click(screen.getByTestId('prompt-dismiss'));
    await waitFor(() => expect(screen.getByTestId('og-refusal').textContent).toContain(refusal.message));
    expect(screen.getByTestId('table-prompts').textContent).toContain('Grimgor does not trigger.');
  });
  it('suggests cards of the game in the shared card entry; a tap plays the card', async () => {
    resumes(whiGame());
    service.table_suggest.mockResolvedValue([{ id: 'whi-grimgor-ironhide', name: 'Grimgor Ironhide' }]);
    service.table_enter.mockResolvedValue(otherEntered(whiGame(), []));
    render(OtherTable, { lang: 'en', onerror: vi.fn() });
    await waitFor(() => expect(screen.getByTestId('og-card')).toBeTruthy());
    await fireEvent.input(screen.getByTestId('og-card'), { target: { value: 'grim' } });
    await fireEvent.click(await screen.findByTestId('suggestion-whi-grimgor-ironhide'));
    await waitFor(() =>
      expect(service.table_enter).toHaveBeenCalledWith({ at: at(), card: { game: 'other', action: { game: 'whi', event: { type: 'card_played', player: 'A', card: 'Grimgor Ironhide', zone: 'kingdom' } } }, lang: 'en' }),
    );
    expect(service.table_suggest).toHaveBeenCalledWith({ game: REF, text: 'grim', lang: 'en', limit: 6 });
  });

  it('puts the card entry on the player to play after Next turn (and keeps a hand-picked player until then)', async () => {
    resumes(whiGame());
    service.table_act.mockResolvedValue(otherTable(whiGame({ ...whiTable(), turn: 2, active: 'B' })));
    render(OtherTable, { lang: 'en', onerror: vi.fn() });
    const who = (await screen.findByTestId('og-who')) as HTMLSelectElement;
    expect(who.value).toBe('A');
    await fireEvent.click(screen.getByTestId('og-next'));
    await waitFor(() => expect(screen.getByTestId('table-status').textContent).toContain('Ben to play'));
    expect((screen.getByTestId('og-who') as HTMLSelectElement).value).toBe('B');
  });

  it('turns off Next turn, the damage buttons and the card entry once the game is won', async () => {
    const won = { ...whiGame(), outcome: { state: 'won' as const, seat: 'A' as const, name: 'Ann' } };
    resumes(won);
    render(OtherTable, { lang: 'en', onerror: vi.fn() });
    await waitFor(() => expect(screen.getByTestId('table-status').textContent).toContain('Ann'));
    expect((screen.getByTestId('og-next') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('og-board') as HTMLFieldSetElement).disabled).toBe(true);
    expect(screen.getByTestId('dmg-B-quest').closest('fieldset')?.disabled).toBe(true);
    expect((screen.getByTestId('og-card') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('og-play') as HTMLButtonElement).disabled).toBe(true);
  });

  it('words the Warhammer buttons and reads the damage as words', async () => {
    resumes(damagedB());
    render(OtherTable, { lang: 'de', onerror: vi.fn() });
    expect((await screen.findByTestId('dmg-B-quest')).textContent).toBe('Schaden +…');
    expect(screen.getByTestId('dev-B-quest').textContent).toBe('Entwicklung +1');
    expect(screen.getByTestId('hp-B-quest').textContent?.replace(/\s+/g, ' ').trim()).toBe('Schaden: 1/8 Trefferpunkte');
  });
});
