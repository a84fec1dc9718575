// Typed calls of the table, one family for the four games (Blue Moon, Warhammer: Invasion,
// Star Trek CCG, Knightmare Chess), into the Rust service's table operations (ARCHITECTURE.md,
// "The table's operations"). Payload and result types are generated from Rust (ts-rs, see
// ../bindings); only the command names are written here.
import { call } from '../api';
import type { CardEntry } from '../bindings/CardEntry';
import type { CardSuggestion } from '../bindings/CardSuggestion';
import type { CardValuesFix } from '../bindings/CardValuesFix';
import type { CardView } from '../bindings/CardView';
import type { Game } from '../bindings/Game';
import type { GameRef } from '../bindings/GameRef';
import type { Language } from '../bindings/Language';
import type { NewTable } from '../bindings/NewTable';
import type { OtherCardSuggestion } from '../bindings/OtherCardSuggestion';
import type { OtherGameKind } from '../bindings/OtherGameKind';
import type { PromptView } from '../bindings/PromptView';
import type { TableAction } from '../bindings/TableAction';
import type { TableAt } from '../bindings/TableAt';
import type { TableEntered } from '../bindings/TableEntered';
import type { TableHeader } from '../bindings/TableHeader';
import type { TableListItem } from '../bindings/TableListItem';
import type { TableView } from '../bindings/TableView';

/** The game as a table showed it: a write names the revision it was decided on, and a game
 *  changed meanwhile (another window, the command line) is refused with the code `changed`. */
export function shown(header: TableHeader): TableAt {
  return { game: header.game, revision: header.revision };
}

/** The catalog game of one of the other games' kinds (the kind of its `GameRef`). */
export const gameOfKind: Record<OtherGameKind, Game> = {
  whi: 'warhammer-invasion',
  stccg: 'star-trek-ccg',
  kc: 'knightmare-chess',
};

/** The other games' kind of a catalog game (`null`: Blue Moon). */
export const kindOfGame = (game: Game): OtherGameKind | null =>
  (Object.keys(gameOfKind) as OtherGameKind[]).find((k) => gameOfKind[k] === game) ?? null;

// The interface language words every refusal and the other games' history (en, de).
export const tableApi = {
  newGame: (request: NewTable, lang: Language) => call<TableView>('table_new', { request, lang }),
  view: (game: GameRef, lang: Language) => call<TableView>('table_view', { game, lang }),
  /** The games of `kinds` (every kind when none), unfinished first. */
  list: (kinds: Game[], unfinishedOnly: boolean) => call<TableListItem[]>('table_list', { kinds, unfinishedOnly }),
  /** The game of `kind` to resume: its most recently changed unfinished one. */
  current: (kind: Game, lang: Language) => call<TableView | null>('table_current', { kind, lang }),
  /** A card entering play: the table after it with the card's rulings prompt in its header, or
   *  (Blue Moon) what must be decided first. */
  enter: (at: TableAt, card: CardEntry, lang: Language) => call<TableEntered>('table_enter', { at, card, lang }),
  act: (at: TableAt, action: TableAction, lang: Language) => call<TableView>('table_act', { at, action, lang }),
  undo: (at: TableAt, lang: Language) => call<TableView>('table_undo', { at, lang }),
  redo: (at: TableAt, lang: Language) => call<TableView>('table_redo', { at, lang }),
  /** A card's rulings with the cards in play, the ones marked seen left out. */
  prompts: (game: GameRef, card: string, lang: Language, limit?: number) =>
    call<PromptView[]>('table_prompts', { game, card, lang, limit: limit ?? null }),
  suggest: (game: GameRef, text: string, lang: Language, limit?: number) =>
    call<OtherCardSuggestion[]>('table_suggest', { game, text, lang, limit: limit ?? null }),
  /** The game's prompt leaves the ruling out from now on (kept with the game). */
  markSeen: (game: GameRef, ruling: string, lang: Language) =>
    call<null>('table_mark_seen', { game, ruling, lang }),
  /** Blue Moon's: the game ends without a result (`confirmed` by the person). */
  abandon: (at: TableAt, confirmed: boolean, lang: Language) =>
    call<TableView>('table_abandon', { at, confirmed, lang }),
};

// What Blue Moon's rules add to its table.
export const blueMoonApi = {
  /** The card look-up with values; `people`: the entering player's deck, whose cards come first. */
  suggest: (text: string, limit?: number, people?: string | null) =>
    call<CardSuggestion[]>('game_suggest', { text, limit: limit ?? null, people: people ?? null }),
  /** The finished game recorded in its match and the next game started (the loser starting). */
  next: (at: TableAt, lang: Language) =>
    call<TableView>('game_next', { at, lang }),
  fixCard: (fix: CardValuesFix, lang: Language) => call<CardView>('game_fix_card', { fix, lang }),
};
