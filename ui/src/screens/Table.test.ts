import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFS, device, usePrefs } from '../lib/device/prefs.svelte';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';

// The screen is tested against the API it really calls: lib/api/table.ts, lib/api/cards.ts and
// lib/api/clock.ts as they are, down to Tauri's `invoke`, which is answered here command
// by command. A command this file does not answer fails the test (no such call is expected).
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));

import { serveCommands } from '../lib/testing/ipc';
// face to face and keep awake are this device's preferences (lib/device/prefs.svelte.ts)
const service = serveCommands(invoke, ['table_current', 'table_new', 'game_suggest', 'table_enter', 'table_act', 'table_undo', 'table_redo', 'table_abandon', 'game_next', 'table_mark_seen', 'cards_page', 'rulings_for', 'tournament_table_clock', 'device_pref_set', 'deck_list']);

import Table from './Table.svelte';
import { keepLastPlay } from '../lib/table/lastPlay';
import type { PromptView } from '../lib/bindings/PromptView';
import { card, flashLine, game, preview, forbidden, side, played, toDecide, faqPrompt, table } from '../lib/testing/table';
import { preloadSheets } from '../lib/table/later.svelte';

const wake = vi.fn();

// the sheets' chunks are in before a test opens one, as after the app's first frame
beforeAll(() => preloadSheets());

beforeEach(() => {
  wake.mockReset();
  service.tournament_table_clock.mockResolvedValue(null);
  usePrefs(DEFAULT_PREFS);
  service.device_pref_set.mockImplementation(async () => device.prefs);
  // the new-game form offers the saved constructed decks
  service.deck_list.mockResolvedValue([]);
  // inApp(): the screen loads the game as in the app window
});


/** Game 7 as the table drew it: its reference and the revision a write names. */
const REF = { kind: 'blue-moon', id: 7 };
const at = (revision = 3) => ({ game: REF, revision });

/** The `table_enter` arguments the screen sends for entering `card` as `player`: the game as the
 * table drew it, the card, whether it was decided, the interface language. */
const entering = (player: 'A' | 'B', card: string, target: string | null, confirmed: boolean, lang = 'en') => ({
  at: at(),
  card: { game: 'blue_moon', request: { player, card, target, face_down: false }, confirmed },
  lang,
});

describe('Table screen', () => {
  it('resumes the current game: header, dragons on the track, totals with the contested one highlighted', async () => {
    const flash = card('vulca-02', 'Vulca 02', 'Flash the Incendiary', 6, 3);
    service.table_current.mockResolvedValue(
      table(game({
        contested: 'fire',
        players: [side('A', 'Ann', 'Vulca', 6, 3, [flash]), side('B', 'Ben', 'Hoax', 0, 0)],
        effects: [
          { owner: 'A', card: 'vulca-15', card_name: 'Flare', kind: 'reminder', description: 'draw', text: 'At the end of my turn, I may draw two additional cards.', card_name_de: 'Stichflamme', text_de: 'Am Ende meines Zuges darf ich zwei zusätzliche Karten ziehen.', status: 'in_force', by: null },
          { owner: 'B', card: 'hoax-12', card_name: 'Demegodas the Odd', kind: 'value', description: 'double', text: null, card_name_de: null, text_de: null, status: 'ignored', by: 'hoax-28' },
        ],
        breakdown: [flashLine()],
      })),
    );
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    expect((await screen.findByTestId('total-A-fire-value')).textContent).toBe('6');
    expect(screen.getByTestId('game-no').textContent).toContain('Game 2');
    expect(screen.getByTestId('total-A-fire').classList.contains('contested')).toBe(true);
    expect(screen.getByTestId('total-A-earth').classList.contains('contested')).toBe(false);
    expect(screen.getByTestId('dragons-A').querySelector('[data-testid="dragon-red"]')).toBeTruthy();
    expect(screen.getByTestId('dragons-centre').querySelectorAll('.dragon').length).toBe(2);
    expect(screen.getByTestId('card-A-vulca-02').textContent?.replaceAll('\u00AD', '')).toContain('Flash the Incendiary');
    expect(screen.getByTestId('effect-vulca-15').textContent).toContain('reminder');
    expect(screen.getByTestId('effect-hoax-12').textContent).toContain('ignored by');
    await fireEvent.click(screen.getByTestId('total-A-fire'));
    expect(screen.getByTestId('why-A').textContent).toContain('Flash the Incendiary');
  });

  it('shows the active effects in German in the German interface', async () => {
    service.table_current.mockResolvedValue(
      table(game({
        effects: [
          { owner: 'A', card: 'vulca-15', card_name: 'Flare', kind: 'reminder', description: 'draw', text: 'At the end of my turn, I may draw two additional cards.', card_name_de: 'Stichflamme', text_de: 'Am Ende meines Zuges darf ich zwei zusätzliche Karten ziehen.', status: 'in_force', by: null },
          { owner: 'B', card: 'hoax-12', card_name: 'Demegodas the Odd', kind: 'value', description: 'double', text: null, card_name_de: null, text_de: null, status: 'in_force', by: null },
        ],
      })),
    );
    render(Table, { lang: 'de', onerror: vi.fn(), wake });
    const flare = await screen.findByTestId('effect-vulca-15');
    expect(flare.textContent).toContain('Stichflamme');
    expect(flare.textContent).toContain('zwei zusätzliche Karten');
    expect(flare.textContent).not.toContain('Flare');
    // no German from the catalog: the English name and description stand in
    expect(screen.getByTestId('effect-hoax-12').textContent).toContain('Demegodas the Odd');
  });

  it('suggests cards as you type, Enter plays the first, then shows interaction rulings first and dismisses them', async () => {
    service.table_current.mockResolvedValue(table(game()));
    service.game_suggest.mockResolvedValue([
      { id: 'vulca-24', tag: 'Vulca 24', name: 'Flickering Fires', name_en: 'Flickering Fires', name_de: 'Feuerzauber', card_type: 'support', fire: 1, earth: 1, matched: 'tag' },
    ]);
    const rulings = [faqPrompt('Flickering Fires and Enthrall Opposition?', ['Enthrall Opposition'])];
    service.table_enter.mockResolvedValue(
      played(
        preview(card('vulca-24', 'Vulca 24', 'Flickering Fires', 1, 1), 'support'),
        game({ players: [side('A', 'Ann', 'Vulca', 1, 1), side('B', 'Ben', 'Hoax', 0, 0)] }),
        rulings,
      ),
    );
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    const input = await screen.findByTestId('card-entry');
    await fireEvent.input(input, { target: { value: 'V24' } });
    expect(await screen.findByTestId('suggestion-vulca-24')).toBeTruthy();
    await fireEvent.keyDown(input, { key: 'Enter' });
    // one round trip: entered unconfirmed, played at once as nothing needed deciding
    await waitFor(() => expect(service.table_enter).toHaveBeenCalledWith(entering('A', 'vulca-24', null, false)));
    expect(service.table_enter).toHaveBeenCalledTimes(1);
    expect((await screen.findByTestId('total-A-fire-value')).textContent).toBe('1');
    const prompt = await screen.findByTestId('prompt-interaction');
    expect(prompt.textContent).toContain('Enthrall Opposition');
    expect(prompt.textContent).toContain('Blue Moon FAQ');
    service.table_mark_seen.mockResolvedValue(null);
    await fireEvent.click(screen.getByTestId('prompt-dismiss'));
    await waitFor(() => expect(screen.queryByTestId('prompt-interaction')).toBeNull());
    expect(service.table_mark_seen).toHaveBeenCalledWith({ game: REF, ruling: 'bm-faq-en:1', lang: 'en' });
  });

  it('keeps the last play\'s rulings when the player goes to another screen and comes back', async () => {
    const after = game({ events: 4, players: [side('A', 'Ann', 'Vulca', 1, 1), side('B', 'Ben', 'Hoax', 0, 0)] });
    service.table_current.mockResolvedValue(table(game()));
    service.game_suggest.mockResolvedValue([
      { id: 'vulca-24', tag: 'Vulca 24', name: 'Flickering Fires', name_en: 'Flickering Fires', name_de: 'Feuerzauber', card_type: 'support', fire: 1, earth: 1, matched: 'tag' },
    ]);
    service.table_enter.mockResolvedValue(
      played(preview(card('vulca-24', 'Vulca 24', 'Flickering Fires', 1, 1), 'support'), after, [
        faqPrompt('Flickering Fires?', ['Enthrall Opposition']),
      ]),
    );
    const first = render(Table, { lang: 'en', onerror: vi.fn(), wake });
    const input = await screen.findByTestId('card-entry');
    await fireEvent.input(input, { target: { value: 'V24' } });
    await fireEvent.click(await screen.findByTestId('suggestion-vulca-24'));
    expect((await screen.findByTestId('rulings-count')).textContent).toBe('1');
    first.unmount();
    // back on the table: the same game at the same point
    service.table_current.mockResolvedValue(table(after));
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    expect((await screen.findByTestId('rulings-count')).textContent).toBe('1');
    expect(screen.getByTestId('open-rulings').classList.contains('fresh')).toBe(true);
  });

  it('lets the last play\'s rulings go when the game moved on elsewhere', async () => {
    // rulings kept for this game at 4 events; meanwhile (an undo, the CLI) it has 9
    keepLastPlay({ game: 7, events: 4, prompts: [{ ruling: { id: 'bm-faq-en:1' } } as unknown as PromptView], card: 'Flickering Fires', fresh: true });
    service.table_current.mockResolvedValue(table(game({ events: 9 })));
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    await screen.findByTestId('card-entry');
    expect(screen.queryByTestId('rulings-count')).toBeNull();
  });

  it('shows a forbidden play before it is confirmed, and a target choice', async () => {
    const v02 = card('vulca-02', 'Vulca 02', 'Flash the Incendiary', 6, 3);
    const v04 = card('vulca-04', 'Vulca 04', 'Lavar the Powerful', 5, 4);
    service.table_current.mockResolvedValue(table(game()));
    service.game_suggest.mockResolvedValue([
      { id: 'vulca-21', tag: 'Vulca 21', name: 'Volcanic Gauntlets', name_en: 'Volcanic Gauntlets', name_de: null, card_type: 'booster', fire: null, earth: null, matched: 'prefix' },
    ]);
    const gauntlets = preview(card('vulca-21', 'Vulca 21', 'Volcanic Gauntlets', 0, 0), 'combat', {
      needs_target: true,
      target_options: [v02, v04],
      default_target: 'vulca-04',
      warnings: [forbidden('A', 'vulca-21', 'hoax-13')],
    });
    service.table_enter.mockResolvedValueOnce(toDecide(gauntlets)).mockResolvedValueOnce(played(gauntlets, game()));
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    const input = await screen.findByTestId('card-entry');
    await fireEvent.input(input, { target: { value: 'Volc' } });
    await fireEvent.click(await screen.findByTestId('suggestion-vulca-21'));
    // in the interface language, naming the player and the cards, never an id
    expect((await screen.findByTestId('pending-warning')).textContent).toBe(
      'Ann: Volcanic Gauntlets is forbidden by Hoax 13.',
    );
    expect(service.table_enter).toHaveBeenCalledTimes(1);
    expect(service.table_enter).toHaveBeenLastCalledWith(entering('A', 'vulca-21', null, false));
    const target = screen.getByTestId('target') as HTMLSelectElement;
    expect(target.value).toBe('vulca-04');
    await fireEvent.change(target, { target: { value: 'vulca-02' } });
    await fireEvent.click(screen.getByTestId('pending-play'));
    // one call: the decision is sent back confirmed, with the target chosen
    await waitFor(() => expect(service.table_enter).toHaveBeenCalledTimes(2));
    expect(service.table_enter).toHaveBeenLastCalledWith(entering('A', 'vulca-21', 'vulca-02', true));
    await waitFor(() => expect(screen.queryByTestId('pending')).toBeNull());
  });

  it('sends no target for a card without a "one of my" effect, even after a warning', async () => {
    service.table_current.mockResolvedValue(table(game({ turn: 'B', players: [side('A', 'Ann', 'Vulca', 1, 1), side('B', 'Ben', 'Hoax', 5, 1, [card('hoax-01', 'Hoax 01', 'Wogarathoras', 5, 1)])] })));
    service.game_suggest.mockResolvedValue([
      { id: 'hoax-28', tag: 'Hoax 28', name: 'Enthrall Opposition', name_en: 'Enthrall Opposition', name_de: 'Banne den Gegner', card_type: 'leadership', fire: null, earth: null, matched: 'exact_name' },
    ]);
    const enthrall = preview(card('hoax-28', 'Hoax 28', 'Enthrall Opposition', 0, 0), 'leadership', {
      target_options: [card('hoax-01', 'Hoax 01', 'Wogarathoras', 5, 1)],
      default_target: 'hoax-01',
      warnings: [forbidden('B', 'hoax-28', 'vulca-24')],
    });
    service.table_enter.mockResolvedValueOnce(toDecide(enthrall)).mockResolvedValueOnce(played(enthrall, game()));
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    const input = await screen.findByTestId('card-entry');
    await fireEvent.input(input, { target: { value: 'Enthrall' } });
    await fireEvent.click(await screen.findByTestId('suggestion-hoax-28'));
    expect(screen.queryByTestId('target')).toBeNull();
    await fireEvent.click(await screen.findByTestId('pending-play'));
    await waitFor(() => expect(service.table_enter).toHaveBeenCalledTimes(2));
    expect(service.table_enter).toHaveBeenLastCalledWith(entering('B', 'hoax-28', null, true));
  });

  it('takes the table\'s own keys on a desktop: F or E chooses the element, N ends the turn, R retreats; never while typing a card', async () => {
    service.table_current.mockResolvedValue(table(game({ contested: null })));
    service.table_act.mockResolvedValue(table(game({ contested: 'fire', first_turn: false })));
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    const input = (await screen.findByTestId('card-entry')) as HTMLInputElement;
    // typed into the card entry, a letter is a letter
    await fireEvent.keyDown(input, { key: 'f' });
    expect(service.table_act).not.toHaveBeenCalled();
    await fireEvent.keyDown(document.body, { key: 'f' });
    await waitFor(() =>
      expect(service.table_act).toHaveBeenLastCalledWith({ at: at(), action: { game: 'blue_moon', action: { action: 'choose_element', player: 'A', element: 'fire' } }, lang: 'en' }),
    );
    await fireEvent.keyDown(document.body, { key: 'n' });
    await waitFor(() =>
      expect(service.table_act).toHaveBeenLastCalledWith({ at: at(), action: { game: 'blue_moon', action: { action: 'pass', player: 'A', confirmed: false } }, lang: 'en' }),
    );
    await fireEvent.keyDown(document.body, { key: 'R' });
    await waitFor(() =>
      expect(service.table_act).toHaveBeenLastCalledWith({
        at: at(),
        action: { game: 'blue_moon', action: { action: 'retreat', player: 'A', forced: false, dragon_cancelled: false } },
        lang: 'en',
      }),
    );
    expect(service.table_act).toHaveBeenCalledTimes(3);
    // from inside the card entry: Alt+N ends the turn (nothing typed), and Escape leaves the
    // entry for the table, where the plain keys work
    input.focus();
    await fireEvent.keyDown(input, { key: 'n', code: 'KeyN', altKey: true });
    await waitFor(() => expect(service.table_act).toHaveBeenCalledTimes(4));
    expect(service.table_act).toHaveBeenLastCalledWith({ at: at(), action: { game: 'blue_moon', action: { action: 'pass', player: 'A', confirmed: false } }, lang: 'en' });
    expect(input.value).toBe('');
    input.focus();
    await fireEvent.keyDown(input, { key: 'Escape' });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Blue Moon table' }).closest('section'));
    await fireEvent.keyDown(document.activeElement!, { key: 'n' });
    await waitFor(() => expect(service.table_act).toHaveBeenCalledTimes(5));
  });

  it('offers Decline, not Retreat, on the starter\'s first turn, and D declines from the keyboard', async () => {
    service.table_current.mockResolvedValue(table(game({ contested: 'fire' })));
    service.table_act.mockResolvedValue(table(game({ contested: 'fire' })));
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    await screen.findByTestId('decline');
    expect(screen.queryByTestId('retreat')).toBeNull();
    await fireEvent.keyDown(document.body, { key: 'r' });
    expect(service.table_act).not.toHaveBeenCalled();
    await fireEvent.keyDown(document.body, { key: 'd' });
    await waitFor(() =>
      expect(service.table_act).toHaveBeenLastCalledWith({ at: at(), action: { game: 'blue_moon', action: { action: 'decline_start', player: 'A', discarded: 1 } }, lang: 'en' }),
    );
  });

  it('plays by keyboard alone: a decision takes the focus, Escape cancels, Ctrl+Z undoes', async () => {
    service.table_current.mockResolvedValue(table(game()));
    service.game_suggest.mockResolvedValue([
      { id: 'vulca-21', tag: 'Vulca 21', name: 'Volcanic Gauntlets', name_en: 'Volcanic Gauntlets', name_de: null, card_type: 'booster', fire: null, earth: null, matched: 'prefix' },
    ]);
    const gauntlets = preview(card('vulca-21', 'Vulca 21', 'Volcanic Gauntlets', 0, 0), 'combat', {
      warnings: [forbidden('A', 'vulca-21', 'hoax-13')],
    });
    service.table_enter
      .mockResolvedValueOnce(toDecide(gauntlets))
      .mockResolvedValueOnce(toDecide(gauntlets))
      .mockResolvedValueOnce(played(gauntlets, game({ can_undo: true })));
    service.table_undo.mockResolvedValue(table(game()));
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    const input = (await screen.findByTestId('card-entry')) as HTMLInputElement;
    // "/" anywhere outside a text field goes to the card entry
    await fireEvent.keyDown(document.body, { key: '/' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    await fireEvent.input(input, { target: { value: 'Volc' } });
    await screen.findByTestId('suggestion-vulca-21');
    await fireEvent.keyDown(input, { key: 'Enter' });
    // the warning needs a decision: the SAFE choice (Cancel) has the focus, Escape cancels
    const cancel = await screen.findByTestId('pending-cancel');
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    expect(cancel.classList.contains('primary')).toBe(true);
    expect(screen.getByTestId('pending-play').classList.contains('primary')).toBe(false);
    await fireEvent.keyDown(cancel, { key: 'Escape' });
    expect(screen.queryByTestId('pending')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(input));
    // Cancel sends nothing: the one call was the unconfirmed entry
    expect(service.table_enter).toHaveBeenCalledTimes(1);
    expect(service.table_enter).toHaveBeenLastCalledWith(entering('A', 'vulca-21', null, false));
    // again, confirmed by a deliberate click on "Play it anyway"; the focus returns to the entry
    await fireEvent.input(input, { target: { value: 'Volc' } });
    await screen.findByTestId('suggestion-vulca-21');
    await fireEvent.keyDown(input, { key: 'Enter' });
    await fireEvent.click(await screen.findByTestId('pending-play'));
    await waitFor(() => expect(service.table_enter).toHaveBeenCalledTimes(3));
    expect(service.table_enter).toHaveBeenLastCalledWith(entering('A', 'vulca-21', null, true));
    await waitFor(() => expect(document.activeElement).toBe(input));
    // Ctrl+Z from the empty entry undoes; with text in it, it is the field's own undo
    await fireEvent.input(input, { target: { value: 'x' } });
    await fireEvent.keyDown(input, { key: 'z', ctrlKey: true });
    expect(service.table_undo).not.toHaveBeenCalled();
    await fireEvent.input(input, { target: { value: '' } });
    await fireEvent.keyDown(input, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(service.table_undo).toHaveBeenCalledWith({ at: at(3), lang: 'en' }));
  });

  it('says an abandoned game ended without a result and offers the next game of the match', async () => {
    service.table_current.mockResolvedValue(table(game({ abandoned: true, turn: null })));
    service.game_next.mockResolvedValue(table(game({ id: 8, game_no: 2 })));
    render(Table, { lang: 'de', onerror: vi.fn(), wake });
    const banner = await screen.findByTestId('game-abandoned');
    expect(banner.textContent).toContain('abgebrochen (ohne Ergebnis)');
    // nothing more can be played in it, and the screen may sleep again
    expect(screen.queryByTestId('card-entry')).toBeNull();
    expect(screen.queryByTestId('pass')).toBeNull();
    expect(wake).not.toHaveBeenCalledWith(true);
    await fireEvent.click(screen.getByTestId('next-game'));
    await waitFor(() => expect(service.game_next).toHaveBeenCalledWith({ at: at(3), lang: 'de' }));
    expect(await screen.findByTestId('card-entry')).toBeTruthy();
  });

  it("undoes a game's end back to the table, and redo brings the end back, each on the revision shown", async () => {
    const over = { winner: 'A' as const, score: 3, reason: 'fourth_dragon' as const, dragons: 3, crystal_cards: 0 };
    service.table_current.mockResolvedValue(table(game({ game_over: over, turn: null })));
    service.table_undo.mockResolvedValue(table(game({ revision: 4 })));
    service.table_redo.mockResolvedValue(table(game({ game_over: over, turn: null, revision: 5 })));
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    expect(await screen.findByTestId('next-game')).toBeTruthy();
    expect(screen.queryByTestId('card-entry')).toBeNull();
    await fireEvent.click(screen.getByTestId('table-undo'));
    await waitFor(() => expect(service.table_undo).toHaveBeenCalledWith({ at: at(3), lang: 'en' }));
    // the fight goes on: the entry is back, the end is gone
    expect(await screen.findByTestId('card-entry')).toBeTruthy();
    expect(screen.queryByTestId('next-game')).toBeNull();
    await fireEvent.click(screen.getByTestId('table-redo'));
    await waitFor(() => expect(service.table_redo).toHaveBeenCalledWith({ at: at(4), lang: 'en' }));
    expect(await screen.findByTestId('next-game')).toBeTruthy();
    expect(screen.queryByTestId('card-entry')).toBeNull();
  });

  it('a game that decides the match says who won it and records it; no next game is offered', async () => {
    const ann = { ...side('A', 'Ann', 'Vulca', 0, 0), crystals: 4 };
    const ben = { ...side('B', 'Ben', 'Hoax', 0, 0), crystals: 6 };
    const over = { winner: 'B' as const, reason: 'forfeit' as const, dragons: 0, crystal_cards: 0, score: 2 };
    service.table_current.mockResolvedValue(
      table(game({ players: [ann, ben], game_over: over, match_over: true, match_winner: 'B', turn: null })),
    );
    service.game_next.mockResolvedValue(table(game({ players: [ann, ben], finished: true, match_over: true, match_winner: 'B' })));
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    expect((await screen.findByTestId('match-decided')).textContent).toBe('Ben wins the match 6:4');
    expect(screen.queryByTestId('next-game')).toBeNull();
    await fireEvent.click(screen.getByTestId('match-record'));
    await waitFor(() => expect(service.game_next).toHaveBeenCalledWith({ at: at(3), lang: 'en' }));
    expect((await screen.findByTestId('match-over')).textContent).toContain('Ben');
    // a rematch: the same players and peoples, the loser of the match starts
    service.table_new.mockResolvedValue(table(game({ id: 9 })));
    await fireEvent.click(screen.getByTestId('rematch'));
    await waitFor(() =>
      expect(service.table_new).toHaveBeenCalledWith({
        request: { game: 'blue_moon', request: { player_a: 'Ann', player_b: 'Ben', people_a: 'Vulca', people_b: 'Hoax', first: 'A', emissaries_inquisitors: false } },
        lang: 'en',
      }),
    );
  });

  it('starts a new game when none is in progress, in German', async () => {
    service.table_current.mockResolvedValue(null);
    service.table_new.mockResolvedValue(table(game()));
    render(Table, { lang: 'de', onerror: vi.fn(), wake });
    expect((await screen.findByTestId('new-game')).textContent).toContain('Neues Spiel');
    await fireEvent.input(screen.getByTestId('new-a'), { target: { value: 'Ann' } });
    await fireEvent.input(screen.getByTestId('new-b'), { target: { value: 'Ben' } });
    await fireEvent.submit(screen.getByTestId('new-game'));
    await waitFor(() =>
      expect(service.table_new).toHaveBeenCalledWith({ request: { game: 'blue_moon', request: { player_a: 'Ann', player_b: 'Ben', people_a: 'Vulca', people_b: 'Hoax', first: 'A' } }, lang: 'de' }),
    );
    expect((await screen.findByTestId('pass')).textContent).toContain('Nächster Zug');
  });

  it('shows a refused action next to its button, keeps the table, and clears it on undo', async () => {
    service.table_current.mockResolvedValue(table(game()));
    service.table_act.mockRejectedValue({ code: 'invalid_input', message: 'Not possible: the contested element must be chosen' });
    service.table_undo.mockResolvedValue(table(game()));
    const onerror = vi.fn();
    render(Table, { lang: 'en', onerror, wake });
    await fireEvent.click(await screen.findByTestId('pass'));
    const refusal = await screen.findByTestId('flow-error');
    expect(refusal.textContent).toContain('the contested element must be chosen');
    // over Ann's own half (she entered), not over the card entry or the buttons, and not in
    // a banner at the top of the page
    expect(refusal.closest('.half-a')).toBeTruthy();
    expect(refusal.closest('.dock')).toBeNull();
    expect(onerror).not.toHaveBeenCalled();
    expect(screen.getByTestId('game-no').textContent).toContain('Game 2');
    await fireEvent.click(screen.getByTestId('table-undo'));
    await waitFor(() => expect(screen.queryByTestId('flow-error')).toBeNull());
  });

  it('asks the service for refusals in the interface language and shows the German one as sent', async () => {
    service.table_current.mockResolvedValue(table(game()));
    service.table_act.mockRejectedValue({
      code: 'invalid_input',
      message: 'Nicht möglich: Das umkämpfte Element muss gewählt sein, bevor Ann den Zug beendet',
    });
    render(Table, { lang: 'de', onerror: vi.fn(), wake });
    await fireEvent.click(await screen.findByTestId('pass'));
    expect(service.table_act).toHaveBeenLastCalledWith({ at: at(), action: { game: 'blue_moon', action: { action: 'pass', player: 'A', confirmed: false } }, lang: 'de' });
    const refusal = await screen.findByTestId('flow-error');
    expect(refusal.textContent).toContain('bevor Ann den Zug beendet');
    expect(refusal.textContent).not.toContain('Not possible');
    await fireEvent.click(screen.getByTestId('table-undo'));
    expect(service.table_undo).toHaveBeenLastCalledWith({ at: at(3), lang: 'de' });
  });

  it('offers "Next turn anyway" when the engine asks to confirm a pass, and sends it confirmed', async () => {
    service.table_current.mockResolvedValue(table(game()));
    service.table_act
      .mockRejectedValueOnce({ code: 'needs_confirmation', message: 'Ann has played no new character card this turn.' })
      .mockResolvedValueOnce(table(game({ turn: 'B' })));
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    await fireEvent.click(await screen.findByTestId('pass'));
    expect(service.table_act).toHaveBeenLastCalledWith({ at: at(), action: { game: 'blue_moon', action: { action: 'pass', player: 'A', confirmed: false } }, lang: 'en' });
    await fireEvent.click(await screen.findByTestId('pass-anyway'));
    await waitFor(() => expect(service.table_act).toHaveBeenLastCalledWith({ at: at(), action: { game: 'blue_moon', action: { action: 'pass', player: 'A', confirmed: true } }, lang: 'en' }));
    await waitFor(() => expect(screen.queryByTestId('flow-error')).toBeNull());
    expect(await screen.findByTestId('turn-B')).toBeTruthy();
  });

  it('a refused "Next turn anyway" shows its refusal where it was asked and keeps the table as it was', async () => {
    service.table_current.mockResolvedValue(table(game()));
    service.table_act
      .mockRejectedValueOnce({ code: 'needs_confirmation', message: 'Ann has played no new character card this turn.' })
      .mockRejectedValueOnce({ code: 'invalid_input', message: 'Not possible: the game is over.' });
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    await fireEvent.click(await screen.findByTestId('pass'));
    await fireEvent.click(await screen.findByTestId('pass-anyway'));
    await waitFor(() => expect(screen.getByTestId('flow-error').textContent).toContain('the game is over'));
    expect(service.table_act).toHaveBeenLastCalledWith({ at: at(), action: { game: 'blue_moon', action: { action: 'pass', player: 'A', confirmed: true } }, lang: 'en' });
    expect(screen.getByTestId('turn-A')).toBeTruthy();
    expect(screen.queryByTestId('turn-B')).toBeNull();
  });

  it('drops the rulings of the last play on undo and those of the last game in a new one', async () => {
    service.table_current.mockResolvedValue(table(game()));
    service.game_suggest.mockResolvedValue([
      { id: 'vulca-24', tag: 'Vulca 24', name: 'Flickering Fires', name_en: 'Flickering Fires', name_de: null, card_type: 'support', fire: 1, earth: 1, matched: 'tag' },
    ]);
    service.table_enter.mockResolvedValue(
      played(preview(card('vulca-24', 'Vulca 24', 'Flickering Fires', 1, 1), 'support'), game(), [faqPrompt('Flickering Fires?')]),
    );
    service.table_undo.mockResolvedValue(table(game()));
    service.game_next.mockResolvedValue(table(game({ id: 8, game_no: 3 })));
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    const play = async () => {
      const input = await screen.findByTestId('card-entry');
      await fireEvent.input(input, { target: { value: 'V24' } });
      await fireEvent.click(await screen.findByTestId('suggestion-vulca-24'));
      expect((await screen.findByTestId('rulings-count')).textContent).toBe('1');
    };
    await play();
    await fireEvent.click(screen.getByTestId('table-undo'));
    await waitFor(() => expect(screen.queryByTestId('rulings-count')).toBeNull());
    // the sheet no longer names the card taken back
    const sheetName = screen.getByTestId('sheet-rulings').getAttribute('aria-labelledby') ?? '';
    expect(document.getElementById(sheetName)?.textContent).toBe('Rulings');
    await play();
    service.table_act.mockResolvedValue(table(game({ game_over: { winner: 'A', score: 3, reason: 'fourth_dragon', dragons: 3, crystal_cards: 0 } })));
    await fireEvent.click(screen.getByTestId('decline'));
    await fireEvent.click(await screen.findByTestId('next-game'));
    await waitFor(() => expect(screen.getByTestId('game-no').textContent).toContain('Game 3'));
    expect(screen.queryByTestId('rulings-count')).toBeNull();
  });

  it('opens a card on the table in a sheet with its actions: discard is sent as the CLI sends it', async () => {
    const flash = card('vulca-02', 'Vulca 02', 'Flash the Incendiary', 6, 3);
    service.table_current.mockResolvedValue(table(game({ players: [side('A', 'Ann', 'Vulca', 6, 3, [flash]), side('B', 'Ben', 'Hoax', 0, 0)] })));
    service.table_act.mockResolvedValue(table(game()));
    service.cards_page.mockRejectedValue({ code: 'not_found', message: 'no page' });
    service.rulings_for.mockResolvedValue({ card: null, active: [], prompts: [] });
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    await fireEvent.click(await screen.findByTestId('card-A-vulca-02'));
    await waitFor(() => expect(service.rulings_for).toHaveBeenCalledWith({ card: 'vulca-02', active: [], lang: 'en', limit: 20 }));
    expect((await screen.findByTestId('card-sheet-name')).textContent).toContain('Flash the Incendiary');
    await fireEvent.click(screen.getByTestId('card-discard'));
    await waitFor(() => expect(service.table_act).toHaveBeenCalledWith({ at: at(), action: { game: 'blue_moon', action: { action: 'discard', player: 'A', card: 'vulca-02' } }, lang: 'en' }));
    await waitFor(() => expect(screen.queryByTestId('card-sheet')).toBeNull());
  });

  it('concedes only after a deliberate yes, naming the player', async () => {
    service.table_current.mockResolvedValue(table(game()));
    service.table_act.mockResolvedValue(table(game()));
    render(Table, { lang: 'de', onerror: vi.fn(), wake });
    await fireEvent.click(await screen.findByTestId('open-more'));
    await fireEvent.click(screen.getByTestId('concede-B'));
    // what it costs, as the engine scores it
    expect(screen.getByTestId('end-ask').textContent).toContain('Ben gibt auf: Ann erhält 4 Kristalle.');
    expect(service.table_act).not.toHaveBeenCalled();
    await fireEvent.click(screen.getByTestId('end-yes'));
    await waitFor(() => expect(service.table_act).toHaveBeenCalledWith({ at: at(), action: { game: 'blue_moon', action: { action: 'concede', player: 'B' } }, lang: 'de' }));
  });

  it("says a concession's cost with Emissaries and Inquisitors, and who conceded at the end", async () => {
    service.table_current.mockResolvedValue(table(game({ concede_score: 7 })));
    const over = { winner: 'B' as const, score: 7, reason: 'forfeit' as const, dragons: 3, crystal_cards: 0 };
    service.table_act.mockResolvedValue(
      table(game({ concede_score: 7, game_over: over, turn: null, end_text: 'Ann concedes: Ben scores 7 crystals.', end_text_de: 'Ann gibt auf: Ben erhält 7 Kristalle.' })),
    );
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    await fireEvent.click(await screen.findByTestId('open-more'));
    await fireEvent.click(screen.getByTestId('concede-A'));
    expect(screen.getByTestId('end-ask').textContent).toContain('Ann concedes: Ben scores 7 crystals.');
    await fireEvent.click(screen.getByTestId('end-yes'));
    // the service's one sentence of the end, not the window's own words
    expect((await screen.findByTestId('end-reason')).textContent).toBe('Ann concedes: Ben scores 7 crystals.');
  });

  it('shows who is out of cards while the fight goes on, and at the end of the game', async () => {
    const ann = side('A', 'Ann', 'Vulca', 0, 0);
    const ben = { ...side('B', 'Ben', 'Hoax', 0, 0), out_of_cards: true };
    service.table_current.mockResolvedValue(table(game({ players: [ann, ben] })));
    const over = { winner: 'A' as const, score: 2, reason: 'out_of_cards' as const, dragons: 1, crystal_cards: 0 };
    const endEn = 'Ben is out of cards: the game ends, and Ann wins 2 crystals because Ann holds 1 dragon.';
    const endDe = 'Ben hat keine Karten mehr: das Spiel endet, und Ann gewinnt 2 Kristalle, weil Ann 1 Drachen hält.';
    service.table_act.mockResolvedValue(table(game({ players: [ann, ben], game_over: over, turn: null, end_text: endEn, end_text_de: endDe })));
    render(Table, { lang: 'de', onerror: vi.fn(), wake });
    expect((await screen.findByTestId('out-of-cards-note')).textContent?.trim()).toBe(
      'Ben hat keine Karten mehr: das Spiel endet nach diesem Kampf.',
    );
    await fireEvent.click(screen.getByTestId('open-more'));
    // marked once: the menu offers to take it back instead
    expect(screen.queryByTestId('out-of-cards-B')).toBeNull();
    await fireEvent.click(screen.getByTestId('cards-regained-B'));
    await waitFor(() => expect(service.table_act).toHaveBeenCalledWith({ at: at(), action: { game: 'blue_moon', action: { action: 'cards_regained', player: 'B' } }, lang: 'de' }));
    // Ann wins although Ben ran out: the reason says she holds the dragon
    expect((await screen.findByTestId('end-reason')).textContent).toBe(endDe);
    // the game ended: no element to choose is left under "Game over"
    expect(screen.queryByTestId('choose-fire')).toBeNull();
    expect(screen.queryByTestId('out-of-cards-note')).toBeNull();
  });

  it('turns the opponent half face to face, remembered on this device, and keeps the screen awake in a game', async () => {
    usePrefs(DEFAULT_PREFS);
    service.table_current.mockResolvedValue(table(game()));
    const first = render(Table, { lang: 'en', onerror: vi.fn(), wake });
    await waitFor(() => expect(wake).toHaveBeenLastCalledWith(true));
    expect((await screen.findByTestId('side-B')).classList.contains('flipped')).toBe(false);
    await fireEvent.click(screen.getByTestId('open-more'));
    await fireEvent.click(screen.getByTestId('face-to-face'));
    expect(screen.getByTestId('side-B').classList.contains('flipped')).toBe(true);
    expect(screen.getByTestId('side-A').classList.contains('flipped')).toBe(false);
    await fireEvent.click(screen.getByTestId('keep-awake'));
    await waitFor(() => expect(wake).toHaveBeenLastCalledWith(false));
    first.unmount();
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    expect((await screen.findByTestId('side-B')).classList.contains('flipped')).toBe(true);
    expect(wake).toHaveBeenLastCalledWith(false);
  });

  it('never changes the layout for a refusal or a warning: they lie over the table, out of the flow', async () => {
    service.table_current.mockResolvedValue(table(game({ contested: 'fire', first_turn: false })));
    service.table_act.mockRejectedValue({ code: 'needs_confirmation', message: 'Ann hat in diesem Zug keine neue Charakterkarte gespielt.' });
    render(Table, { lang: 'de', onerror: vi.fn(), wake });
    const dock = (await screen.findByTestId('pass')).closest('.dock') as HTMLElement;
    // what takes room in the dock, in order: every part but the overlays (.notes over the dock,
    // .note over the buttons: placed absolutely, which jsdom does not lay out; the end-to-end
    // run measures the real window)
    const overlay = (c: Element) => c.classList.contains('notes') || c.classList.contains('note');
    const inFlow = (el: Element): string[] =>
      [...el.children].flatMap((c) =>
        overlay(c) ? [] : [`${c.tagName}.${(c.getAttribute('class') ?? '').split(' ')[0]}`, ...inFlow(c)],
      );
    const inOverlay = (el: Element) => !!el.parentElement?.closest('.notes, .note');
    const before = inFlow(dock);
    expect(before.length).toBeGreaterThan(3);
    await fireEvent.click(screen.getByTestId('pass'));
    const refusal = await screen.findByTestId('flow-error');
    expect(refusal.textContent).toContain('keine neue Charakterkarte');
    expect(inOverlay(refusal)).toBe(true);
    expect(inOverlay(screen.getByTestId('pass-anyway'))).toBe(true);
    expect(inFlow(dock)).toEqual(before);
    // a warning kept by the engine and a refusal at the entry: over the table too
    service.table_act.mockResolvedValue(
      table(game({ contested: 'fire', first_turn: false, warnings: [{ kind: 'no_new_character', player: 'A', card: null, message: 'x' }] as never })),
    );
    await fireEvent.click(screen.getByTestId('pass-anyway'));
    expect(inOverlay(await screen.findByTestId('warnings'))).toBe(true);
    expect(screen.getByTestId('warnings').textContent).toContain('Ann');
    expect(inFlow(dock)).toEqual(before);
    // ✕ puts them away for this state of the game; the next play's warnings show again
    await fireEvent.click(screen.getByTestId('warnings-dismiss'));
    expect(screen.queryByTestId('warnings')).toBeNull();
    service.table_act.mockResolvedValue(
      table(game({ revision: 4, contested: 'fire', first_turn: false, warnings: [{ kind: 'no_new_character', player: 'A', card: null, message: 'x' }] as never })),
    );
    await fireEvent.click(screen.getByTestId('retreat'));
    expect(await screen.findByTestId('warnings')).toBeTruthy();
  });

  it('face to face, opens a sheet turned toward the player who acted', async () => {
    usePrefs(DEFAULT_PREFS);
    usePrefs({ ...DEFAULT_PREFS, face_to_face: true, keep_awake: false });
    const flash = card('hoax-28', 'Hoax 28', 'Enthrall Opposition', 0, 0);
    service.table_current.mockResolvedValue(table(game({ players: [side('A', 'Ann', 'Vulca', 6, 3), side('B', 'Ben', 'Hoax', 0, 0, [flash])] })));
    service.cards_page.mockRejectedValue({ code: 'not_found', message: 'no page' });
    service.rulings_for.mockResolvedValue({ card: null, active: [], prompts: [] });
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    // Ben taps his total (his half is turned to him): "why?" opens turned to Ben
    await fireEvent.click(await screen.findByTestId('total-B-fire'));
    expect(screen.getByTestId('sheet-why').classList.contains('turned')).toBe(true);
    await fireEvent.click(screen.getByTestId('sheet-why-close'));
    // Ann taps hers: upright for Ann
    await fireEvent.click(screen.getByTestId('total-A-fire'));
    expect(screen.getByTestId('sheet-why').classList.contains('turned')).toBe(false);
    await fireEvent.click(screen.getByTestId('sheet-why-close'));
    // a card in Ben's half: turned to Ben
    await fireEvent.click(screen.getByTestId('card-B-hoax-28'));
    expect((await screen.findByTestId('sheet-card')).classList.contains('turned')).toBe(true);
    await fireEvent.click(screen.getByTestId('sheet-card-close'));
    // the tool row faces the entering player: More from Ann's dock is upright, from Ben's turned
    await fireEvent.click(screen.getByTestId('open-more'));
    expect(screen.getByTestId('sheet-more').classList.contains('turned')).toBe(false);
    await fireEvent.click(screen.getByTestId('sheet-more-close'));
    await fireEvent.click(screen.getByTestId('entry-seat-B'));
    await fireEvent.click(screen.getByTestId('open-rulings'));
    expect(screen.getByTestId('sheet-rulings').classList.contains('turned')).toBe(true);
    usePrefs(DEFAULT_PREFS);
  });

  it('draws the game the page came with in its first frame, asking the service for nothing', async () => {
    render(Table, { lang: 'en', onerror: vi.fn(), wake, initial: table(game()) });
    // synchronously: no await between the render and the table
    expect(screen.getByTestId('side-B')).toBeTruthy();
    expect(service.table_current).not.toHaveBeenCalled();
    // no game in progress: the new-game form, at once too
    render(Table, { lang: 'en', onerror: vi.fn(), wake, initial: null });
    expect(screen.getByTestId('new-game')).toBeTruthy();
    expect(service.table_current).not.toHaveBeenCalled();
  });

  it('never turns a sheet when the table is not face to face', async () => {
    usePrefs(DEFAULT_PREFS);
    service.table_current.mockResolvedValue(table(game()));
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    await fireEvent.click(await screen.findByTestId('total-B-fire'));
    expect(screen.getByTestId('sheet-why').classList.contains('turned')).toBe(false);
  });

  it("face to face, turns the dock with a game's end to its winner, not to whoever entered last", async () => {
    usePrefs(DEFAULT_PREFS);
    usePrefs({ ...DEFAULT_PREFS, face_to_face: true, keep_awake: false });
    // Ben entered last (his retreat ended the game): Ann won, the dock reads for Ann
    const over = (winner: 'A' | 'B') =>
      game({ turn: null, game_over: { winner, score: 4, reason: 'fourth_dragon', dragons: 3, crystal_cards: 0 } });
    service.table_current.mockResolvedValue(table({ ...over('A'), turn: 'B' as const }));
    const first = render(Table, { lang: 'en', onerror: vi.fn(), wake });
    const dock = (await screen.findByTestId('game-over')).closest('.dock')!;
    expect(dock.classList.contains('flipped')).toBe(false);
    first.unmount();
    service.table_current.mockResolvedValue(table(over('B')));
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    expect((await screen.findByTestId('game-over')).closest('.dock')!.classList.contains('flipped')).toBe(true);
    usePrefs(DEFAULT_PREFS);
  });

  it('says "1 crystal" (not "1 crystals") and who withdrew in the last retreat, in German too', async () => {
    const over = { winner: 'B' as const, score: 1, reason: 'fourth_dragon' as const, dragons: 1, crystal_cards: 0 };
    const retreat = { winner: 'A' as const, base: 1, six_cards: 0, modifiers: [], capped_by: null, forbidden_by: null, total: 1 };
    const endDe = 'Ben würde einen vierten Drachen anziehen: das Spiel endet, Ben gewinnt 1 Kristall.';
    service.table_current.mockResolvedValue(
      table(game({ game_over: over, turn: null, last_retreat: retreat, end_text: 'Ben would attract a fourth dragon: the game ends, and Ben wins 1 crystal.', end_text_de: endDe })),
    );
    render(Table, { lang: 'de', onerror: vi.fn(), wake });
    const line = (await screen.findByTestId('game-over')).textContent?.replace(/\s+/g, ' ') ?? '';
    // the German sentence of the service, whole
    expect(line.trim().startsWith(`Spielende: ${endDe}`)).toBe(true);
    expect(screen.getByTestId('last-retreat').textContent?.trim()).toBe('Letzter Rückzug: Ben zog sich zurück, 1 Drache zu Ann');
  });

  it('a sheet takes the focus, holds it, and gives it back to the button that opened it on Escape', async () => {
    service.table_current.mockResolvedValue(table(game()));
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    const opener = await screen.findByTestId('open-more');
    opener.focus();
    await fireEvent.click(opener);
    const sheet = await screen.findByTestId('sheet-more');
    expect(sheet.getAttribute('role')).toBe('dialog');
    await waitFor(() => expect(sheet.contains(document.activeElement)).toBe(true));
    expect(document.activeElement).toBe(screen.getByTestId('sheet-more-close'));
    await fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('sheet-more')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('names a total with every word it shows ("needs at least"), then what a tap does', async () => {
    const ann = { ...side('A', 'Ann', 'Vulca', 3, 1), needed: { fire: 4, earth: 0 }, meets: { fire: false, earth: true } };
    service.table_current.mockResolvedValue(table(game({ contested: 'fire', players: [ann, side('B', 'Ben', 'Hoax', 4, 0)] })));
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    const total = await screen.findByTestId('total-A-fire');
    expect(total.getAttribute('aria-label')).toBeNull();
    expect(total.textContent?.replace(/\s+/g, ' ').trim()).toBe('Ann Fire 3 needs at least 4 — Why?');
  });
});
