// The rulings of the last play outlive the Table screen: a player who goes to Cards or Rulings
// and comes back finds them where they were. They are kept for one game at one length of its
// log, so a change made meanwhile (an undo, the next game, the CLI) lets them go rather than
// show the rulings of a play that is no longer the last.
import type { PromptView } from '../bindings/PromptView';

export type LastPlay = {
  game: number;
  events: number;
  prompts: PromptView[];
  /** The card's name as shown in the rulings sheet's title. */
  card: string;
  /** Not yet looked at: the Rulings button is highlighted. */
  fresh: boolean;
};

let kept: LastPlay | null = null;

export function keepLastPlay(p: LastPlay | null): void {
  kept = p;
}

export function lastPlayOf(game: number, events: number): LastPlay | null {
  return kept && kept.game === game && kept.events === events ? kept : null;
}
