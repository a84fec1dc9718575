// Typed calls of the other games' table (Warhammer: Invasion, Star Trek CCG, Knightmare Chess)
// into the Rust service. Payload and result types are generated from Rust (ts-rs, see
// ../bindings); only the command names are written here.
import { call } from '../api';
import type { GameAt } from '../bindings/GameAt';
import { at } from './game';
import type { Language } from '../bindings/Language';
import type { NewOtherGameRequest } from '../bindings/NewOtherGameRequest';
import type { OtherAction } from '../bindings/OtherAction';
import type { OtherEntered } from '../bindings/OtherEntered';
import type { OtherCardSuggestion } from '../bindings/OtherCardSuggestion';
import type { OtherGameItem } from '../bindings/OtherGameItem';
import type { OtherGameView } from '../bindings/OtherGameView';
import type { PromptView } from '../bindings/PromptView';

export const otherApi = {
  // The interface language words the history and every refusal (en, de).
  newGame: (request: NewOtherGameRequest, lang: Language) =>
    call<OtherGameView>('other_new', { request, lang }),
  current: (lang: Language) => call<OtherGameView | null>('other_current', { lang }),
  view: (id: number, lang: Language) => call<OtherGameView>('other_view', { id, lang }),
  list: (unfinishedOnly: boolean) => call<OtherGameItem[]>('other_list', { unfinishedOnly }),
  // A write names the game as the table showed it (see gameApi): a game changed meanwhile
  // is refused with the code `changed`.
  act: (game: GameAt, action: OtherAction, lang: Language) =>
    call<OtherGameView>('other_act', { ...at(game), action, lang }),
  // A card entering play: the table after it and the card's rulings with the cards in play
  // before it, in one call.
  enter: (game: GameAt, action: OtherAction, lang: Language, limit?: number) =>
    call<OtherEntered>('other_enter', { ...at(game), action, lang, limit: limit ?? null }),
  undo: (game: GameAt, lang: Language) => call<OtherGameView>('other_undo', { ...at(game), lang }),
  redo: (game: GameAt, lang: Language) => call<OtherGameView>('other_redo', { ...at(game), lang }),
  suggest: (id: number, text: string, limit?: number) =>
    call<OtherCardSuggestion[]>('other_suggest', { id, text, limit: limit ?? null }),
  prompts: (id: number, card: string, lang: Language, limit?: number) =>
    call<PromptView[]>('other_prompts', { id, card, lang, limit: limit ?? null }),
  // The prompt of game `id` leaves the ruling out from now on (kept with the game).
  markSeen: (id: number, ruling: string, lang: Language) =>
    call<null>('other_mark_ruling_seen', { id, ruling, lang }),
};
