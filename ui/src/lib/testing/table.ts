// Builders of table views for the tests: each test states only what differs from a quiet game
// (Ann with Vulca against Ben with Hoax, game 2, Ann to play, nothing chosen yet).
import type { BreakdownLine } from '../bindings/BreakdownLine';
import type { GameView } from '../bindings/GameView';
import type { SideView } from '../bindings/SideView';
import type { CardView } from '../bindings/CardView';
import type { PlayPreview } from '../bindings/PlayPreview';
import type { WarningView } from '../bindings/WarningView';
import type { TableEntered } from '../bindings/TableEntered';
import type { TableView } from '../bindings/TableView';
import type { PromptView } from '../bindings/PromptView';

export function card(id: string, tag: string, name: string, fire: number, earth: number): CardView {
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

export function side(seat: 'A' | 'B', name: string, people: string, fire: number, earth: number, combat: CardView[] = []): SideView {
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

export function game(over: Partial<GameView> = {}): GameView {
  return {
    id: 7,
    revision: 3,
    unreadable: null,
    match_id: 1,
    game_no: 2,
    edition: 'first',
    players: [side('A', 'Ann', 'Vulca', 0, 0), side('B', 'Ben', 'Hoax', 0, 0)],
    contested: null,
    turn: 'A',
    fight_starter: 'A',
    first_turn: true,
    between_fights: false,
    dragons: [
      { colour: 'red', position: 'A' },
      { colour: 'green', position: 'centre' },
      { colour: 'third', position: 'centre' },
    ],
    effects: [],
    inquisitor_powers: [],
    warnings: [],
    breakdown: [],
    last_retreat: null,
    game_over: null,
    finished: false,
    abandoned: false,
    match_over: false,
    concede_score: 4,
    match_winner: null,
    events: 3,
    can_undo: true,
    redo_depth: 0,
    next_game: null,
    ...over,
  };
}

/** What the service previews for `c` entering `area`; nothing to decide unless `over` says so. */
export function preview(c: CardView, area: string, over: Partial<PlayPreview> = {}): PlayPreview {
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

/** A `forbidden` warning: `seat`'s `card` may not be played while `by` is in force. */
export function forbidden(seat: 'A' | 'B', card: string, by: string): WarningView {
  return {
    kind: 'forbidden',
    player: seat,
    player_name: null,
    card,
    card_name: null,
    card_name_de: null,
    by,
    by_name: null,
    by_name_de: null,
    rule: 'Play',
    condition: null,
    condition_de: null,
    message: 'forbidden',
  };
}

/** A Blue Moon game as the table operations send it: the shared header over the game's board
 *  (the header as the service derives it, for the fields the screen reads). */
export function table(view: GameView, prompts: PromptView[] = []): TableView {
  const name = (seat: 'A' | 'B') => view.players.find((p) => p.seat === seat)?.name ?? '';
  return {
    header: {
      game: { kind: 'blue-moon', id: view.id },
      title: 'Blue Moon',
      players: [name('A'), name('B')],
      revision: view.revision,
      outcome: view.abandoned
        ? { state: 'tie' }
        : view.game_over
          ? { state: 'won', seat: view.game_over.winner, name: name(view.game_over.winner) }
          : { state: 'playing' },
      can_undo: view.can_undo,
      can_redo: view.redo_depth > 0,
      cards_in_play: [],
      unreadable: view.unreadable,
      prompts,
    },
    board: { game: 'blue_moon', view },
  };
}

/** What `table_enter` answers when the card was played: the new table and its rulings. */
export function played(p: PlayPreview, view: GameView, prompts: PromptView[] = []): TableEntered {
  return { preview: p, table: table(view, prompts), prompts_error: null };
}

/** What `table_enter` answers when the person must decide first: nothing played. */
export function toDecide(p: PlayPreview): TableEntered {
  return { preview: p, table: null, prompts_error: null };
}

/** A Blue Moon FAQ ruling (id `bm-faq-en:1`) in a prompt: with `cards` in play, or the card's own. */
export function faqPrompt(title: string, cards: string[] = []): PromptView {
  return {
    ruling: { id: 'bm-faq-en:1', game: 'bluemoon', game_title: 'Blue Moon', source: 'bm-faq-en', source_title: 'Blue Moon FAQ', lang: 'en', kind: 'qa', section: ['Vulca'], title },
    display: 'Q: ... A: ...',
    reason: cards.length > 0 ? 'interaction' : 'own',
    with: cards,
    role: cards.length > 0 ? null : 'subject',
    topic: null,
  };
}

/** Flash the Incendiary (6/3) in A's combat area as "why?" explains it, with these steps. */
export function flashLine(steps: BreakdownLine['steps'] = [], value = { fire: 6, earth: 3 }): BreakdownLine {
  return {
    owner: 'A',
    area: 'combat',
    card: 'vulca-02',
    card_name: 'Flash the Incendiary',
    face_down: false,
    printed: { fire: 6, earth: 3 },
    effective_printed: { fire: 6, earth: 3 },
    value,
    counted: true,
    ignored_by: null,
    steps,
  };
}
