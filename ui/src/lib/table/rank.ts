// Suggestions for the entering player's own deck come first: at the table a player almost always
// enters a card of their own people. The service ranks by how well the text matches; this keeps
// that order within each group (a stable partition), so an exact match of the other deck is
// still offered, only after.

/** The catalog id's people part: `vulca-24` → `vulca`, `flit-kin-03` → `flit-kin`. */
export function peopleOf(id: string): string {
  return id.replace(/-\d+$/, '');
}

/** `people` as a player typed it ("Vulca", "Flit-Kin") in the form ids use. */
export function peopleKey(people: string): string {
  return people.trim().toLowerCase().replace(/\s+/g, '-');
}

export function ownDeckFirst<T extends { id: string }>(items: T[], people: string | null | undefined): T[] {
  if (!people) return items;
  const key = peopleKey(people);
  const own = items.filter((c) => peopleOf(c.id) === key);
  if (own.length === 0 || own.length === items.length) return items;
  return [...own, ...items.filter((c) => peopleOf(c.id) !== key)];
}

/** A constructed deck's cards first (#33: it holds exactly its list, bought cards included),
 *  the rest after in the service's order; `null` (a people's deck): `ownDeckFirst`. */
export function deckFirst<T extends { id: string }>(
  items: T[],
  deckCards: string[] | null | undefined,
  people: string | null | undefined,
): T[] {
  if (!deckCards) return ownDeckFirst(items, people);
  const inDeck = new Set(deckCards);
  return [...items.filter((c) => inDeck.has(c.id)), ...items.filter((c) => !inDeck.has(c.id))];
}
