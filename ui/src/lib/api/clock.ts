// Typed calls for the round clock, preparing and publishing pairings, and the app's matches
// offered as a table's result (the Matches screen's other calls are in ./matches.ts).
import { call } from '../api';
import type { ClockAction } from '../bindings/ClockAction';
import type { ClockView } from '../bindings/ClockView';
import type { Language } from '../bindings/Language';
import type { RoundView } from '../bindings/RoundView';
import type { TableMatch } from '../bindings/TableMatch';

export const clockApi = {
  /** The current round's clock of an event, read by the service now; null before round 1. */
  clock: (id: number) => call<ClockView | null>('tournament_clock', { id }),
  /** A refusal (a length no round has) comes back in `lang`. */
  command: (id: number, action: ClockAction, lang: Language) =>
    call<ClockView>('tournament_clock_command', { id, action, lang }),
  /** The clock an organiser started most recently (shown on the table during a match). */
  tableClock: () => call<ClockView | null>('tournament_table_clock'),
  prepare: (id: number, lang: Language) => call<RoundView>('tournament_prepare', { id, lang }),
  publish: (id: number, lang: Language) => call<number>('tournament_publish', { id, lang }),
  /** Finished matches played in the app by the two players at a table, newest first; a
   *  refusal (a bye has no match to offer) comes back in `lang`. */
  tableMatches: (id: number, round: number, table: number, lang: Language) =>
    call<TableMatch[]>('tournament_table_matches', { id, round, table, lang }),
};
