// Typed calls of the table screen into the Rust service. Payload and result types are generated
// from Rust (ts-rs, see ../bindings); only the command names are written here.
import { call } from '../api';
import type { CardSuggestion } from '../bindings/CardSuggestion';
import type { CardValuesFix } from '../bindings/CardValuesFix';
import type { CardView } from '../bindings/CardView';
import type { EnterOutcome } from '../bindings/EnterOutcome';
import type { GameAction } from '../bindings/GameAction';
import type { GameAt } from '../bindings/GameAt';
import type { GameListItem } from '../bindings/GameListItem';
import type { GameView } from '../bindings/GameView';
import type { Language } from '../bindings/Language';
import type { NewGameRequest } from '../bindings/NewGameRequest';
import type { PlayRequest } from '../bindings/PlayRequest';

/** The arguments that name a game as it was shown: its id and the revision the table drew. */
export function at(game: GameAt): { id: number; revision: number | null } {
  return { id: game.id, revision: game.revision ?? null };
}

export const gameApi = {
  newGame: (request: NewGameRequest, lang: Language) => call<GameView>('game_new', { request, lang }),
  current: () => call<GameView | null>('game_current'),
  view: (id: number) => call<GameView>('game_view', { id }),
  list: () => call<GameListItem[]>('game_list'),
  // `people`: the entering player's deck, whose cards the service puts first (from one letter)
  suggest: (text: string, limit?: number, people?: string | null) =>
    call<CardSuggestion[]>('game_suggest', { text, limit: limit ?? null, people: people ?? null }),
  // A write names the game as the table showed it (its id and revision): a game changed
  // meanwhile (another window, the command line) is refused with the code `changed`.
  enter: (game: GameAt, request: PlayRequest, confirmed: boolean, lang: string) =>
    call<EnterOutcome>('game_enter', { ...at(game), request, confirmed, lang }),
  // The interface language words a refusal (en, de).
  act: (game: GameAt, action: GameAction, lang: Language) =>
    call<GameView>('game_act', { ...at(game), action, lang }),
  undo: (game: GameAt, lang: Language) => call<GameView>('game_undo', { ...at(game), lang }),
  redo: (game: GameAt, lang: Language) => call<GameView>('game_redo', { ...at(game), lang }),
  next: (game: GameAt, lang: Language) => call<GameView>('game_next', { ...at(game), lang }),
  fixCard: (fix: CardValuesFix, lang: Language) => call<CardView>('game_fix_card', { fix, lang }),
  markSeen: (id: number, ruling: string) => call<null>('game_mark_ruling_seen', { id, ruling }),
};
