// Where each player sits in a round, alphabetically: the list players look for on the wall.
// Pure presentation of the pairings the service sent; nothing about the rules is decided here.
import type { Language } from '../bindings/Language';
import type { RoundView } from '../bindings/RoundView';

export interface Seating {
  name: string;
  table: number;
  /** `null`: the player has a bye. */
  opponent: string | null;
}

export function seatingByName(round: RoundView, lang: Language): Seating[] {
  const rows: Seating[] = [];
  for (const tb of round.tables) {
    rows.push({ name: tb.a.name, table: tb.table, opponent: tb.b?.name ?? null });
    if (tb.b) rows.push({ name: tb.b.name, table: tb.table, opponent: tb.a.name });
  }
  // Sorted as the language sorts (German: "Ä" next to "A"), case-insensitive.
  const collator = new Intl.Collator(lang, { sensitivity: 'base' });
  return rows.sort((x, y) => collator.compare(x.name, y.name) || x.table - y.table);
}
