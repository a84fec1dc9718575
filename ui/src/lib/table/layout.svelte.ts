// The table's layouts, each media query written once. A phone in landscape (640×400, or a
// short window at 200 % zoom) puts the halves and the dragons in one column and the dock in
// another; the table's root carries the class `landscape` while it holds (Table.svelte), and
// every part's style keys on that class instead of typing the query again.
import { MediaQuery } from 'svelte/reactivity';

export const PHONE_LANDSCAPE = '(min-width: 600px) and (max-width: 899px) and (max-height: 600px)';
/** Room for what interrupts the entry in the dock's own flow: a desktop or landscape tablet, and
 *  a phone in landscape (the dock is a column of its own there). */
export const DOCK_ROOM = `(min-width: 900px) and (min-height: 700px), ${PHONE_LANDSCAPE}`;
/** A phone upright: its dock (as a phone's in landscape) has room for one short word beside a
 *  box (the table's class `narrow-dock`). */
const NARROW = '(max-width: 480px)';

/** Whether a media query holds, read reactively: Svelte's own `MediaQuery`, where the page has
 *  `matchMedia` (false where it has none: jsdom, a page outside a browser). */
export function media(query: string): { readonly current: boolean } {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? new MediaQuery(query) : { current: false };
}

export const layout = {
  landscape: media(PHONE_LANDSCAPE),
  dockRoom: media(DOCK_ROOM),
  narrow: media(NARROW),
};
