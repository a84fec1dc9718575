// Small pure helpers of the other games' table: names of players and cards from the view.
import type { OtherGameView } from '../bindings/OtherGameView';
import type { Language } from '../bindings/Language';
import type { Player } from '../bindings/Player';

/** The name of a seat's player. */
export function playerName(view: OtherGameView, p: Player): string {
  return p === 'A' ? view.players[0] : view.players[1];
}

/** A card's display name (the text as typed when no document names the card). */
export function cardName(view: OtherGameView, id: string): string {
  return view.card_names[id] ?? id;
}

/** Something that can happen to a card in play, offered when its chip is tapped. */
export type CardAction = { label: string; testid: string; run: (card: string) => void };

/** What the Games screen gives every game's board: the game's view, its own table (`V`), and
 *  where its events (`E`) and a card's rulings go. */
export type BoardProps<V, E> = {
  view: OtherGameView;
  table: V;
  lang: Language;
  onact: (e: E) => void;
  onrulings: (card: string) => void;
};
