// Keeps the screen awake while a game is played (the Rust side holds a system wake lock through
// the keepawake crate). Asking twice for the same state costs nothing: the command only acts
// when the state changes.
import { call, inApp } from '../api';

let last: boolean | null = null;

export async function keepAwake(on: boolean): Promise<void> {
  if (!inApp() || last === on) return;
  last = on;
  try {
    await call<boolean>('keep_awake', { on });
  } catch (e) {
    // no wake lock on this system: the game goes on, the screen may dim as usual
    last = null;
    console.warn('keep awake:', e);
  }
}
