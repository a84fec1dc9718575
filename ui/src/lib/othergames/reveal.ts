// A row that opens under a tapped control (a card's actions, the damage amounts) may open below
// the board's visible part, under the card entry: it is scrolled into view as it appears.
// (A Svelte action: `<span use:reveal>`.)
export function reveal(node: Element): void {
  node.scrollIntoView?.({ block: 'nearest' });
}
