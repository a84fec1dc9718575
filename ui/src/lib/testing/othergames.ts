// Test views of the other games' table, shaped as the Rust service sends them (ts-rs types).
import { gameOfKind } from '../api/table';
import type { TableListItem } from '../bindings/TableListItem';
import type { OtherGameView } from '../bindings/OtherGameView';
import type { PromptView } from '../bindings/PromptView';
import type { TableEntered } from '../bindings/TableEntered';
import type { TableView } from '../bindings/TableView';
import type { WhiPlayerView } from '../bindings/WhiPlayerView';
import type { WhiView } from '../bindings/WhiView';

/** One capital: `damage` in every zone, `cards` in the Kingdom, `developments` in the Quest zone. */
export function whiSide(
  player: 'A' | 'B',
  { damage = 0, cards = [], developments = 0, legends = [], resources = 0 }: Partial<{
    damage: number;
    cards: string[];
    developments: number;
    legends: string[];
    resources: number;
  }> = {},
): WhiPlayerView {
  const zones = ['kingdom', 'quest', 'battlefield'] as const;
  return {
    player,
    deck: null,
    resources,
    burned: 0,
    zones_to_win: 2,
    eternal_war: false,
    legends,
    sections: zones.map((zone) => {
      const devs = zone === 'quest' ? developments : 0;
      return {
        zone,
        damage,
        hit_points: 8 + devs,
        remaining: 8 + devs - damage,
        developments: devs,
        burned: false,
        cards: zone === 'kingdom' ? cards : [],
      };
    }) as unknown as WhiPlayerView['sections'],
  };
}

/** A Warhammer table of Ann (A, to play) and Ben (B). */
export const whiTable = (a: WhiPlayerView = whiSide('A'), b: WhiPlayerView = whiSide('B')): WhiView => ({
  turn: 1,
  active: 'A',
  hit_points: { base: 8, per_development: 1 },
  players: [a, b],
  over: null,
});

/** Game 7, Warhammer: Invasion, Ann against Ben, with `table`. */
export function whiGame(table: WhiView = whiTable(), cardNames: Record<string, string> = {}): OtherGameView {
  return {
    id: 7,
    revision: 3,
    unreadable: null,
    kind: 'whi',
    title: 'Warhammer: Invasion',
    players: ['Ann', 'Ben'],
    outcome: { state: 'playing' },
    can_undo: false,
    can_redo: false,
    table: { game: 'whi', table },
    card_names: cardNames,
    history: [],
  };
}

const GAMES = { whi: ['warhammer-invasion', 'warhammer'], stccg: ['star-trek-ccg', 'star_trek'], kc: ['knightmare-chess', 'knightmare'] } as const;

/** One of the other games as the table operations send it: the shared header over its board. */
export function otherTable(view: OtherGameView, prompts: PromptView[] = []): TableView {
  const [kind, board] = GAMES[view.kind];
  return {
    header: {
      game: { kind, id: view.id },
      title: view.title,
      players: view.players,
      revision: view.revision,
      outcome: view.outcome,
      can_undo: view.can_undo,
      can_redo: view.can_redo,
      cards_in_play: [],
      unreadable: view.unreadable,
      prompts,
    },
    board: { game: board, view },
  };
}

/** What `table_enter` answers for a card of one of the other games: the table and its rulings. */
export function otherEntered(view: OtherGameView, prompts: PromptView[] = []): TableEntered {
  return { table: otherTable(view, prompts), preview: null, prompts_error: null };
}

/** The game as the list of unfinished games shows it (the first one is resumed). */
export function otherItem(view: OtherGameView): TableListItem {
  return {
    id: view.id, kind: gameOfKind[view.kind], title: view.title, players: view.players, people: null,
    events: view.history.length, updated_at: '', outcome: view.outcome, abandoned: false, crystals: null, match_id: null,
  };
}

/** A ruling of the Warhammer: Invasion FAQ in a prompt: with `cards` in play, or the card's own. */
export function whiPrompt(id: string, display: string, cards: string[] = []): PromptView {
  return {
    ruling: { id, game: 'whi', game_title: 'Warhammer: Invasion', source: 'whi-faq', source_title: 'WHI FAQ', lang: 'en', kind: 'qa', section: ['Orcs'], title: display },
    display,
    reason: cards.length > 0 ? 'interaction' : 'own',
    with: cards,
    role: null,
    topic: null,
  };
}
