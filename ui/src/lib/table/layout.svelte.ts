// The table's layouts, each media query written once. A phone in landscape (640×400, or a
// short window at 200 % zoom) puts the halves and the dragons in one column and the dock in
// another; the table's root carries the class `landscape` while it holds (Table.svelte), and
// every part's style keys on that class instead of typing the query again.
import { createSubscriber } from 'svelte/reactivity';
import { on } from 'svelte/events';

export const PHONE_LANDSCAPE = '(min-width: 600px) and (max-width: 899px) and (max-height: 600px)';
/** Room for what interrupts the entry in the dock's own flow: a desktop or landscape tablet, and
 *  a phone in landscape (the dock is a column of its own there). */
export const DOCK_ROOM = `(min-width: 900px) and (min-height: 700px), ${PHONE_LANDSCAPE}`;
/** A phone upright: its dock (as a phone's in landscape) has room for one short word beside a
 *  box (the table's class `narrow-dock`). */
export const NARROW = '(max-width: 480px)';

/** Whether a media query holds, read reactively (false where the page has no `matchMedia`). */
export class Media {
  #query: MediaQueryList | undefined;
  #subscribe: () => void;
  constructor(query: string) {
    this.#query = typeof window !== 'undefined' ? window.matchMedia?.(query) : undefined;
    this.#subscribe = createSubscriber((update) => (this.#query ? on(this.#query, 'change', update) : undefined));
  }
  get current(): boolean {
    this.#subscribe();
    return this.#query?.matches ?? false;
  }
}

export const layout = {
  landscape: new Media(PHONE_LANDSCAPE),
  dockRoom: new Media(DOCK_ROOM),
  narrow: new Media(NARROW),
};
