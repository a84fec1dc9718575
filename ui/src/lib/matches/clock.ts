// Asks the service for the clock every second. The time is always the service's (one clock in
// Rust, stored with the round): the UI never counts down on its own, so the event page, the
// projector and the table show the same text and a restart changes nothing.
import type { ClockView } from '../bindings/ClockView';
import type { RoundView } from '../bindings/RoundView';

export const CLOCK_POLL_MS = 1000;
/** How often the Table screen looks for a clock while no event has one running: most games are
 * not part of a tournament, and a call a second would take the service's lock for nothing. */
export const TABLE_IDLE_POLL_MS = 5000;

/** Calls `read` now and then every `everyMs` (every `idleMs` while it answers that there is no
 * clock), passing each answer to `onview`; an error stops the polling (reported once through
 * `onerror`). Returns the function that stops it. The reporting panel polls its status with it
 * too. */
export function pollClock<T = ClockView>(
  read: () => Promise<T | null>,
  onview: (v: T | null) => void,
  onerror: (e: unknown) => void,
  everyMs = CLOCK_POLL_MS,
  idleMs = everyMs,
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    try {
      const v = await read();
      if (stopped) return;
      onview(v);
      timer = setTimeout(tick, v === null ? idleMs : everyMs);
    } catch (e) {
      if (!stopped) onerror(e);
    }
  };
  void tick();
  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** The round the projector and the printouts show: the current one once it is published.
 * While the organiser has only prepared it they show none (an older round's pairings on the
 * wall would send players to the wrong tables). */
export function publishedRound(rounds: RoundView[]): RoundView | undefined {
  const last = rounds.at(-1);
  return last?.published ? last : undefined;
}
