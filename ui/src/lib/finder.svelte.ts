// A search screen's state (Cards, Rulings): what was found as the person types or filters
// (liveSearch: the latest request's answer only), and the one result opened from it, which a
// new search closes.
import { toServiceError } from './api';
import { liveSearch, type LiveSearch } from './liveSearch';
import type { ServiceError } from './bindings/ServiceError';

export class Finder<Found, Opened> {
  found = $state<Found | null>(null);
  opened = $state<Opened | null>(null);
  #search: LiveSearch;
  #load: (id: string) => Promise<Opened>;
  #onerror: (e: ServiceError) => void;

  constructor(
    ask: () => Promise<Found | null>,
    load: (id: string) => Promise<Opened>,
    onerror: (e: ServiceError) => void,
    delayMs: number,
  ) {
    this.#search = liveSearch(ask, (answer) => (this.found = answer), onerror, delayMs);
    this.#load = load;
    this.#onerror = onerror;
  }

  /** Typing: searches after a moment unless typing goes on. */
  typed = () => {
    this.opened = null;
    this.#search.soon();
  };
  /** A filter changed, or Enter: searches now. */
  now = () => {
    this.opened = null;
    return this.#search.now();
  };
  open = async (id: string) => {
    try {
      this.opened = await this.#load(id);
    } catch (e) {
      this.#onerror(toServiceError(e));
    }
  };
  close = () => {
    this.opened = null;
  };
}
