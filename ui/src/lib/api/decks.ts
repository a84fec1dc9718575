// Typed calls of the Decks part of the Cards screen (constructed Blue Moon decks). Payload and
// result types are generated from Rust (ts-rs, see ../bindings).
import { call } from '../api';
import type { DeckChange } from '../bindings/DeckChange';
import type { DeckListChanged } from '../bindings/DeckListChanged';
import type { DeckSummary } from '../bindings/DeckSummary';
import type { DeckView } from '../bindings/DeckView';
import type { Language } from '../bindings/Language';
import type { RegisteredDeckView } from '../bindings/RegisteredDeckView';
import type { RegisteredWithDeck } from '../bindings/RegisteredWithDeck';

export interface NewDeckForm {
  name: string;
  people: string;
  inquisitor: string | null;
  emissariesInquisitors: boolean;
  buka: boolean;
}

export const decksApi = {
  list: () => call<DeckSummary[]>('deck_list'),
  view: (name: string, lang: Language) => call<DeckView>('deck_view', { name, lang }),
  create: (form: NewDeckForm, lang: Language) => call<DeckView>('deck_new', { ...form, lang }),
  change: (name: string, revision: number, change: DeckChange, cards: string[], lang: Language) =>
    call<DeckView>('deck_change', { name, revision, change, cards, lang }),
  // A change made from the list of decks, at the revision the list showed: the deck after it and
  // the list as it now is, in one call.
  changeListed: (name: string, revision: number, change: DeckChange, cards: string[], lang: Language) =>
    call<DeckListChanged>('deck_change_listed', { name, revision, change, cards, lang }),
  remove: (name: string, revision: number, lang: Language) =>
    call<null>('deck_delete', { name, revision, lang }),
  // The app opens the platform's file dialog; null when the person cancels.
  exportFile: (name: string, lang: Language) => call<string | null>('deck_export_file', { name, lang }),
  importFile: (lang: Language) => call<DeckView | null>('deck_import_file', { lang }),
  // Decks at a tournament: registered (a saved deck copied), or taken away with null.
  registered: (id: number, lang: Language) => call<RegisteredDeckView[]>('tournament_decks', { id, lang }),
  register: (id: number, player: string, deck: string | null, lang: Language) =>
    call<RegisteredDeckView[]>('tournament_register_deck', { id, player, deck, lang }),
  // A player registered together with a saved deck, in one write: a refused deck registers nobody.
  registerWithDeck: (id: number, player: string, people: string | null, deck: string, lang: Language) =>
    call<RegisteredWithDeck>('tournament_register_with_deck', { id, player, people, deck, lang }),
};
