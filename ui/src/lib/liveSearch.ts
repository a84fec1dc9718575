// A search that runs as the person types (Cards and Rulings screens): typing waits a moment
// before asking, and since answers can arrive out of order only the latest request's answer
// (or error) is shown.
import { toServiceError } from './api';
import type { ServiceError } from './bindings/ServiceError';

export interface LiveSearch {
  /** Asks now (a filter changed, Enter pressed); a pending typed search is dropped. */
  now(): Promise<void>;
  /** Asks after `delayMs` unless typing goes on. */
  soon(): void;
}

export function liveSearch<T>(
  ask: () => Promise<T>,
  show: (answer: T) => void,
  onerror: (e: ServiceError) => void,
  delayMs: number,
): LiveSearch {
  let latest = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  async function now() {
    clearTimeout(timer);
    const mine = ++latest;
    try {
      const answer = await ask();
      if (mine === latest) show(answer);
    } catch (e) {
      if (mine === latest) onerror(toServiceError(e));
    }
  }
  return {
    now,
    soon() {
      clearTimeout(timer);
      timer = setTimeout(() => void now(), delayMs);
    },
  };
}

/** An empty filter choice means "any" (null for the service). */
export const anyIfEmpty = (v: string): string | null => (v === '' ? null : v);
