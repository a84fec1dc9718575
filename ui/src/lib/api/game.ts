// Typed calls of the table screen into the Rust service. Payload and result types are generated
// from Rust (ts-rs, see ../bindings); only the command names are written here.
import { call } from '../api';
import type { CardSuggestion } from '../bindings/CardSuggestion';
import type { CardValuesFix } from '../bindings/CardValuesFix';
import type { CardView } from '../bindings/CardView';
import type { EnterOutcome } from '../bindings/EnterOutcome';
import type { GameAction } from '../bindings/GameAction';
import type { GameListItem } from '../bindings/GameListItem';
import type { GameView } from '../bindings/GameView';
import type { Language } from '../bindings/Language';
import type { NewGameRequest } from '../bindings/NewGameRequest';
import type { PlayRequest } from '../bindings/PlayRequest';

export const gameApi = {
  newGame: (request: NewGameRequest, lang: Language) => call<GameView>('game_new', { request, lang }),
  current: () => call<GameView | null>('game_current'),
  view: (id: number) => call<GameView>('game_view', { id }),
  list: () => call<GameListItem[]>('game_list'),
  suggest: (text: string, limit?: number) =>
    call<CardSuggestion[]>('game_suggest', { text, limit: limit ?? null }),
  enter: (id: number, request: PlayRequest, confirmed: boolean, lang: string) =>
    call<EnterOutcome>('game_enter', { id, request, confirmed, lang }),
  // The interface language words a refusal (en, de).
  act: (id: number, action: GameAction, lang: Language) =>
    call<GameView>('game_act', { id, action, lang }),
  undo: (id: number, lang: Language) => call<GameView>('game_undo', { id, lang }),
  redo: (id: number, lang: Language) => call<GameView>('game_redo', { id, lang }),
  next: (id: number, lang: Language) => call<GameView>('game_next', { id, lang }),
  fixCard: (fix: CardValuesFix, lang: Language) => call<CardView>('game_fix_card', { fix, lang }),
  markSeen: (id: number, ruling: string) => call<null>('game_mark_ruling_seen', { id, ruling }),
};
