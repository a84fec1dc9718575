// Which card chips of a half are in view, measured on the screen. A chip the half's edge cuts
// is not drawn at all (half a card reads as another card) and is counted instead ("+2") — but
// a half with a card always draws one: a count alone ("+1") hides the very card a player just
// played. When not even one chip fits whole, the one nearest to fitting stays drawn and the
// half is told how many pixels it lacks, so it can make room (PlayerHalf's `tight` layout).

/** A box's vertical extent on the screen (from getBoundingClientRect). */
export interface Span {
  top: number;
  bottom: number;
}

export interface Fit {
  /** Per chip, in the order given: true when it is out of view (hidden and counted). */
  out: boolean[];
  /** How many chips are out of view (the count shown). */
  hidden: number;
  /** Pixels the half lacks to show the chip kept in view whole (0 when one fits). */
  short: number;
}

/** Rounding of fractional layouts: a chip within a pixel of the edge is whole. */
const SLACK = 1;

/** How far `r` runs past `area` (0 when inside it). */
const overflow = (r: Span, area: Span) => Math.max(0, r.bottom - area.bottom, area.top - r.top);

export function fitChips(chips: Span[], area: Span): Fit {
  const past = chips.map((r) => overflow(r, area));
  const out = past.map((p) => p > SLACK);
  let short = 0;
  if (chips.length > 0 && out.every(Boolean)) {
    // keep the chip nearest to fitting: on a half turned face to face the first line is the
    // one at the bottom of the screen, so "first" is where the list starts on screen
    const least = Math.min(...past);
    out[past.indexOf(least)] = false;
    short = Math.ceil(least);
  }
  return { out, hidden: out.filter(Boolean).length, short };
}
