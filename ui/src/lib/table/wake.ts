// Keeps the screen awake while a game is played (the Rust side holds a system wake lock through
// the keepawake crate). Asking twice for the same state costs nothing: the command only acts
// when the state changes. What happened is given back, so the table can say whether the screen
// really stays on (More shows it) instead of failing quietly.
import { api, inApp } from '../api';
import { afterFirstPaint } from '../firstPaint';

export type WakeOutcome = {
  /** The system holds the screen on for us. */
  held: boolean;
  /** Why it could not (the system's words), or null. */
  problem: string | null;
};

let last: boolean | null = null;
let outcome: WakeOutcome = { held: false, problem: null };

export async function keepAwake(on: boolean): Promise<WakeOutcome> {
  if (!inApp() || last === on) return outcome;
  last = on;
  try {
    // not before the Table is painted (lib/firstPaint.ts): the first screen does not wait for it
    await afterFirstPaint();
    const held = await api.keepAwake(on);
    outcome = { held, problem: null };
  } catch (e) {
    // no wake lock on this system: the game goes on, the screen may dim as usual
    last = null;
    const problem = (e as { message?: string })?.message ?? String(e);
    outcome = { held: false, problem };
    console.warn('keep awake:', problem);
  }
  return outcome;
}
