// Typed calls for the round clock and for preparing and publishing pairings. Kept beside the
// components that use them (the Matches screen's other calls are in ../api/matches.ts).
import { call } from '../api';
import type { ClockAction } from '../bindings/ClockAction';
import type { ClockView } from '../bindings/ClockView';
import type { RoundView } from '../bindings/RoundView';

export const clockApi = {
  /** The current round's clock of an event, read by the service now; null before round 1. */
  clock: (id: number) => call<ClockView | null>('tournament_clock', { id }),
  command: (id: number, action: ClockAction) =>
    call<ClockView>('tournament_clock_command', { id, action }),
  /** The clock an organiser started most recently (shown on the table during a match). */
  tableClock: () => call<ClockView | null>('tournament_table_clock'),
  prepare: (id: number) => call<RoundView>('tournament_prepare', { id }),
  publish: (id: number) => call<number>('tournament_publish', { id }),
};
