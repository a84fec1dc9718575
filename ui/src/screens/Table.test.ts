import { describe, expect, it, vi, beforeEach } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import type { GameView } from '../lib/bindings/GameView';
import type { SideView } from '../lib/bindings/SideView';
import type { CardView } from '../lib/bindings/CardView';
import type { PlayPreview } from '../lib/bindings/PlayPreview';
import type { PlayRequest } from '../lib/bindings/PlayRequest';

const { gameApi } = vi.hoisted(() => ({
  gameApi: {
    newGame: vi.fn(),
    current: vi.fn(),
    view: vi.fn(),
    list: vi.fn(),
    suggest: vi.fn(),
    preview: vi.fn(),
    play: vi.fn(),
    enter: vi.fn(),
    act: vi.fn(),
    undo: vi.fn(),
    redo: vi.fn(),
    next: vi.fn(),
    fixCard: vi.fn(),
    prompts: vi.fn(),
    markSeen: vi.fn(),
  },
}));
vi.mock('../lib/api/game', () => ({ gameApi }));
vi.mock('../lib/api', () => ({ inApp: () => true, toServiceError: (e: unknown) => e }));

import Table from './Table.svelte';

function card(id: string, tag: string, name: string, fire: number, earth: number): CardView {
  return {
    id,
    tag,
    name_en: name,
    name_de: null,
    card_type: 'character',
    fire,
    earth,
    face_down: false,
    target: null,
    value_fire: fire,
    value_earth: earth,
    ignored_by: null,
  };
}

function side(seat: 'A' | 'B', name: string, people: string, fire: number, earth: number, combat: CardView[] = []): SideView {
  return {
    seat,
    name,
    people,
    crystals: 0,
    total: { fire, earth },
    shield: { fire: false, earth: false },
    needed: { fire: 0, earth: 0 },
    meets: { fire: true, earth: true },
    six_card_count: combat.length,
    dragons: 0,
    dragons_if_opponent_retreats: 1,
    out_of_cards: false,
    areas: { combat, covered: [], support: [], leadership: [], influence: [], achievement: [] },
  };
}

function game(over: Partial<GameView> = {}): GameView {
  return {
    id: 7,
    match_id: 1,
    game_no: 2,
    edition: 'first',
    players: [side('A', 'Ann', 'Vulca', 0, 0), side('B', 'Ben', 'Hoax', 0, 0)],
    contested: null,
    turn: 'A',
    fight_starter: 'A',
    first_turn: true,
    dragons: [
      { colour: 'red', position: 'A' },
      { colour: 'green', position: 'centre' },
      { colour: 'third', position: 'centre' },
    ],
    effects: [],
    warnings: [],
    breakdown: [],
    last_retreat: null,
    game_over: null,
    finished: false,
    match_winner: null,
    events: 3,
    can_undo: true,
    redo_depth: 0,
    next_game: null,
    ...over,
  };
}

/** What the service previews for `c` entering `area`; nothing to decide unless `over` says so. */
function preview(c: CardView, area: string, over: Partial<PlayPreview> = {}): PlayPreview {
  return {
    card: c,
    area,
    needs_target: false,
    target_options: [],
    default_target: null,
    unknown: [],
    warnings: [],
    error: null,
    ...over,
  };
}

beforeEach(() => {
  vi.clearAllMocks();
  // The service's game_enter, made of fake preview, play and prompts steps each test sets up: played
  // at once unless something needs deciding and it was not confirmed.
  gameApi.enter.mockImplementation(async (id: number, request: PlayRequest, confirmed: boolean, lang: string) => {
    const preview = await gameApi.preview(id, request);
    const decide =
      preview.unknown.length > 0 ||
      (!confirmed && (preview.warnings.length > 0 || (preview.needs_target && preview.target_options.length > 0)));
    if (preview.error || decide) return { preview, view: null, prompts: [], prompts_error: null };
    const view = await gameApi.play(id, request);
    const prompts = await gameApi.prompts(id, request.card, lang);
    return { preview, view, prompts, prompts_error: null };
  });
});

describe('Table screen', () => {
  it('resumes the current game: header, dragons on the track, totals with the contested one highlighted', async () => {
    const flash = card('vulca-02', 'Vulca 02', 'Flash the Incendiary', 6, 3);
    gameApi.current.mockResolvedValue(
      game({
        contested: 'fire',
        players: [side('A', 'Ann', 'Vulca', 6, 3, [flash]), side('B', 'Ben', 'Hoax', 0, 0)],
        effects: [
          { owner: 'A', card: 'vulca-15', card_name: 'Flare', kind: 'reminder', description: 'draw', text: 'At the end of my turn, I may draw two additional cards.', card_name_de: 'Stichflamme', text_de: 'Am Ende meines Zuges darf ich zwei zusätzliche Karten ziehen.', status: 'in_force', by: null },
          { owner: 'B', card: 'hoax-12', card_name: 'Demegodas the Odd', kind: 'value', description: 'double', text: null, card_name_de: null, text_de: null, status: 'ignored', by: 'hoax-28' },
        ],
        breakdown: [
          {
            owner: 'A',
            area: 'combat',
            card: 'vulca-02',
            card_name: 'Flash the Incendiary',
            face_down: false,
            printed: { fire: 6, earth: 3 },
            effective_printed: { fire: 6, earth: 3 },
            value: { fire: 6, earth: 3 },
            counted: true,
            ignored_by: null,
            steps: [],
          },
        ],
      }),
    );
    render(Table, { lang: 'en', onerror: vi.fn() });
    expect((await screen.findByTestId('total-A-fire-value')).textContent).toBe('6');
    expect(screen.getByTestId('game-no').textContent).toContain('Game 2');
    expect(screen.getByTestId('total-A-fire').classList.contains('contested')).toBe(true);
    expect(screen.getByTestId('total-A-earth').classList.contains('contested')).toBe(false);
    expect(screen.getByTestId('dragons-A').querySelector('[data-testid="dragon-red"]')).toBeTruthy();
    expect(screen.getByTestId('dragons-centre').querySelectorAll('.dragon').length).toBe(2);
    expect(screen.getByTestId('card-A-vulca-02').textContent).toContain('Flash the Incendiary');
    expect(screen.getByTestId('effect-vulca-15').textContent).toContain('reminder');
    expect(screen.getByTestId('effect-hoax-12').textContent).toContain('ignored by');
    await fireEvent.click(screen.getByTestId('total-A-fire'));
    expect(screen.getByTestId('why-A').textContent).toContain('Flash the Incendiary');
  });

  it('shows the active effects in German in the German interface', async () => {
    gameApi.current.mockResolvedValue(
      game({
        effects: [
          { owner: 'A', card: 'vulca-15', card_name: 'Flare', kind: 'reminder', description: 'draw', text: 'At the end of my turn, I may draw two additional cards.', card_name_de: 'Stichflamme', text_de: 'Am Ende meines Zuges darf ich zwei zusätzliche Karten ziehen.', status: 'in_force', by: null },
          { owner: 'B', card: 'hoax-12', card_name: 'Demegodas the Odd', kind: 'value', description: 'double', text: null, card_name_de: null, text_de: null, status: 'in_force', by: null },
        ],
      }),
    );
    render(Table, { lang: 'de', onerror: vi.fn() });
    const flare = await screen.findByTestId('effect-vulca-15');
    expect(flare.textContent).toContain('Stichflamme');
    expect(flare.textContent).toContain('zwei zusätzliche Karten');
    expect(flare.textContent).not.toContain('Flare');
    // no German from the catalog: the English name and description stand in
    expect(screen.getByTestId('effect-hoax-12').textContent).toContain('Demegodas the Odd');
  });

  it('suggests cards as you type, Enter plays the first, then shows interaction rulings first and dismisses them', async () => {
    gameApi.current.mockResolvedValue(game());
    gameApi.suggest.mockResolvedValue([
      { id: 'vulca-24', tag: 'Vulca 24', name: 'Flickering Fires', name_en: 'Flickering Fires', name_de: 'Feuerzauber', card_type: 'support', fire: 1, earth: 1, matched: 'tag' },
    ]);
    gameApi.preview.mockResolvedValue(
      preview(card('vulca-24', 'Vulca 24', 'Flickering Fires', 1, 1), 'support'),
    );
    gameApi.play.mockResolvedValue(game({ players: [side('A', 'Ann', 'Vulca', 1, 1), side('B', 'Ben', 'Hoax', 0, 0)] }));
    gameApi.prompts.mockResolvedValue([
      {
        ruling: { id: 'bm-faq-en:1', game: 'bluemoon', game_title: 'Blue Moon', source: 'bm-faq-en', source_title: 'Blue Moon FAQ', lang: 'en', kind: 'qa', section: ['Vulca'], title: 'Flickering Fires and Enthrall Opposition?' },
        display: 'Q: ... A: ...',
        reason: 'interaction',
        with: ['Enthrall Opposition'],
        role: null,
        topic: null,
      },
    ]);
    render(Table, { lang: 'en', onerror: vi.fn() });
    const input = await screen.findByTestId('card-entry');
    await fireEvent.input(input, { target: { value: 'V24' } });
    expect(await screen.findByTestId('suggestion-vulca-24')).toBeTruthy();
    await fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(gameApi.play).toHaveBeenCalledWith(7, { player: 'A', card: 'vulca-24', target: null, face_down: false }));
    expect((await screen.findByTestId('total-A-fire-value')).textContent).toBe('1');
    const prompt = await screen.findByTestId('prompt-interaction');
    expect(prompt.textContent).toContain('Enthrall Opposition');
    expect(prompt.textContent).toContain('Blue Moon FAQ');
    gameApi.markSeen.mockResolvedValue(null);
    await fireEvent.click(screen.getByTestId('prompt-dismiss'));
    await waitFor(() => expect(screen.queryByTestId('prompt-interaction')).toBeNull());
    expect(gameApi.markSeen).toHaveBeenCalledWith(7, 'bm-faq-en:1');
  });

  it('shows a forbidden play before it is confirmed, and a target choice', async () => {
    const v02 = card('vulca-02', 'Vulca 02', 'Flash the Incendiary', 6, 3);
    const v04 = card('vulca-04', 'Vulca 04', 'Lavar the Powerful', 5, 4);
    gameApi.current.mockResolvedValue(game());
    gameApi.suggest.mockResolvedValue([
      { id: 'vulca-21', tag: 'Vulca 21', name: 'Volcanic Gauntlets', name_en: 'Volcanic Gauntlets', name_de: null, card_type: 'booster', fire: null, earth: null, matched: 'prefix' },
    ]);
    gameApi.preview.mockResolvedValue(
      preview(card('vulca-21', 'Vulca 21', 'Volcanic Gauntlets', 0, 0), 'combat', {
        needs_target: true,
        target_options: [v02, v04],
        default_target: 'vulca-04',
        warnings: [{ kind: 'forbidden', player: 'A', card: 'vulca-21', by: 'hoax-13', rule: 'Play', message: 'forbidden' }],
      }),
    );
    gameApi.play.mockResolvedValue(game());
    gameApi.prompts.mockResolvedValue([]);
    render(Table, { lang: 'en', onerror: vi.fn() });
    const input = await screen.findByTestId('card-entry');
    await fireEvent.input(input, { target: { value: 'Volc' } });
    await fireEvent.click(await screen.findByTestId('suggestion-vulca-21'));
    expect((await screen.findByTestId('pending-warning')).textContent).toContain('Forbidden by');
    expect(gameApi.play).not.toHaveBeenCalled();
    const target = screen.getByTestId('target') as HTMLSelectElement;
    expect(target.value).toBe('vulca-04');
    await fireEvent.change(target, { target: { value: 'vulca-02' } });
    await fireEvent.click(screen.getByTestId('pending-play'));
    await waitFor(() =>
      expect(gameApi.play).toHaveBeenCalledWith(7, { player: 'A', card: 'vulca-21', target: 'vulca-02', face_down: false }),
    );
    // one call: the decision is sent back confirmed
    expect(gameApi.enter).toHaveBeenLastCalledWith(
      7,
      { player: 'A', card: 'vulca-21', target: 'vulca-02', face_down: false },
      true,
      'en',
    );
  });

  it('sends no target for a card without a "one of my" effect, even after a warning', async () => {
    gameApi.current.mockResolvedValue(game({ turn: 'B', players: [side('A', 'Ann', 'Vulca', 1, 1), side('B', 'Ben', 'Hoax', 5, 1, [card('hoax-01', 'Hoax 01', 'Wogarathoras', 5, 1)])] }));
    gameApi.suggest.mockResolvedValue([
      { id: 'hoax-28', tag: 'Hoax 28', name: 'Enthrall Opposition', name_en: 'Enthrall Opposition', name_de: 'Banne den Gegner', card_type: 'leadership', fire: null, earth: null, matched: 'exact_name' },
    ]);
    gameApi.preview.mockResolvedValue(
      preview(card('hoax-28', 'Hoax 28', 'Enthrall Opposition', 0, 0), 'leadership', {
        target_options: [card('hoax-01', 'Hoax 01', 'Wogarathoras', 5, 1)],
        default_target: 'hoax-01',
        warnings: [{ kind: 'forbidden', player: 'B', card: 'hoax-28', by: 'vulca-24', rule: 'Play', message: 'forbidden' }],
      }),
    );
    gameApi.play.mockResolvedValue(game());
    gameApi.prompts.mockResolvedValue([]);
    render(Table, { lang: 'en', onerror: vi.fn() });
    const input = await screen.findByTestId('card-entry');
    await fireEvent.input(input, { target: { value: 'Enthrall' } });
    await fireEvent.click(await screen.findByTestId('suggestion-hoax-28'));
    expect(screen.queryByTestId('target')).toBeNull();
    await fireEvent.click(await screen.findByTestId('pending-play'));
    await waitFor(() =>
      expect(gameApi.play).toHaveBeenCalledWith(7, { player: 'B', card: 'hoax-28', target: null, face_down: false }),
    );
  });

  it('plays by keyboard alone: a decision takes the focus, Escape cancels, Ctrl+Z undoes', async () => {
    gameApi.current.mockResolvedValue(game());
    gameApi.suggest.mockResolvedValue([
      { id: 'vulca-21', tag: 'Vulca 21', name: 'Volcanic Gauntlets', name_en: 'Volcanic Gauntlets', name_de: null, card_type: 'booster', fire: null, earth: null, matched: 'prefix' },
    ]);
    gameApi.preview.mockResolvedValue(
      preview(card('vulca-21', 'Vulca 21', 'Volcanic Gauntlets', 0, 0), 'combat', {
        warnings: [{ kind: 'forbidden', player: 'A', card: 'vulca-21', by: 'hoax-13', rule: 'Play', message: 'forbidden' }],
      }),
    );
    gameApi.play.mockResolvedValue(game({ can_undo: true }));
    gameApi.undo.mockResolvedValue(game());
    gameApi.prompts.mockResolvedValue([]);
    render(Table, { lang: 'en', onerror: vi.fn() });
    const input = (await screen.findByTestId('card-entry')) as HTMLInputElement;
    // "/" anywhere outside a text field goes to the card entry
    await fireEvent.keyDown(document.body, { key: '/' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    await fireEvent.input(input, { target: { value: 'Volc' } });
    await screen.findByTestId('suggestion-vulca-21');
    await fireEvent.keyDown(input, { key: 'Enter' });
    // the warning needs a decision: the confirm button has the focus, Escape cancels
    const confirm = await screen.findByTestId('pending-play');
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    await fireEvent.keyDown(confirm, { key: 'Escape' });
    expect(screen.queryByTestId('pending')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(gameApi.play).not.toHaveBeenCalled();
    // again, confirmed with Enter (a focused button's click); the focus returns to the entry
    await fireEvent.input(input, { target: { value: 'Volc' } });
    await screen.findByTestId('suggestion-vulca-21');
    await fireEvent.keyDown(input, { key: 'Enter' });
    await fireEvent.click(await screen.findByTestId('pending-play'));
    await waitFor(() => expect(gameApi.play).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(document.activeElement).toBe(input));
    // Ctrl+Z from the empty entry undoes; with text in it, it is the field's own undo
    await fireEvent.input(input, { target: { value: 'x' } });
    await fireEvent.keyDown(input, { key: 'z', ctrlKey: true });
    expect(gameApi.undo).not.toHaveBeenCalled();
    await fireEvent.input(input, { target: { value: '' } });
    await fireEvent.keyDown(input, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(gameApi.undo).toHaveBeenCalledWith(7));
  });

  it('starts a new game when none is in progress, in German', async () => {
    gameApi.current.mockResolvedValue(null);
    gameApi.newGame.mockResolvedValue(game());
    render(Table, { lang: 'de', onerror: vi.fn() });
    expect((await screen.findByTestId('new-game')).textContent).toContain('Neues Spiel');
    await fireEvent.input(screen.getByTestId('new-a'), { target: { value: 'Ann' } });
    await fireEvent.input(screen.getByTestId('new-b'), { target: { value: 'Ben' } });
    await fireEvent.submit(screen.getByTestId('new-game'));
    await waitFor(() =>
      expect(gameApi.newGame).toHaveBeenCalledWith({ player_a: 'Ann', player_b: 'Ben', people_a: 'Vulca', people_b: 'Hoax', first: 'A' }),
    );
    expect((await screen.findByTestId('pass')).textContent).toContain('Nächster Zug');
  });

  it('reports a rejected action and keeps the table', async () => {
    gameApi.current.mockResolvedValue(game());
    gameApi.act.mockRejectedValue({ code: 'invalid_input', message: 'Not possible: the contested element must be chosen' });
    const onerror = vi.fn();
    render(Table, { lang: 'en', onerror });
    await fireEvent.click(await screen.findByTestId('pass'));
    await waitFor(() => expect(onerror).toHaveBeenCalledWith(expect.objectContaining({ code: 'invalid_input' })));
    expect(screen.getByTestId('game-no').textContent).toContain('Game 2');
  });
});
