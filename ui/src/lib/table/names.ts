// How the table names things for people: cards by their name in the interface language, players
// by the names they gave (never a seat letter or a catalog id).
import type { CardView } from '../bindings/CardView';
import type { GameView } from '../bindings/GameView';
import type { Language } from '../bindings/Language';
import type { Player as Seat } from '../bindings/Player';

type Named = { name_en: string | null; name_de: string | null };

/** A card's name in `lang`, falling back to the other language, then to `fallback`. */
export function nameIn(lang: Language, c: Named, fallback: string): string {
  return (lang === 'de' ? (c.name_de ?? c.name_en) : (c.name_en ?? c.name_de)) ?? fallback;
}

/** A card on the table; a face-down card whose face is unknown is called by `faceDown`. */
export function cardName(lang: Language, c: CardView | null | undefined, faceDown: string): string {
  if (!c) return '';
  if (!c.id) return faceDown;
  return nameIn(lang, c, c.tag);
}

/** Every card on the table, by id (a catalog id may appear once per game). */
export function cardsById(view: GameView | null): Map<string, CardView> {
  const m = new Map<string, CardView>();
  for (const p of view?.players ?? []) {
    for (const list of Object.values(p.areas) as CardView[][]) {
      for (const c of list) if (c.id) m.set(c.id, c);
    }
  }
  return m;
}

/** The name of the card `id` on the table; an id not on the table is shown by its printed tag. */
export function nameById(lang: Language, view: GameView | null, id: string | null | undefined): string {
  if (!id) return '';
  const c = cardsById(view).get(id);
  return c ? cardName(lang, c, '') : tagOf(id);
}

/** `vulca-24` → `Vulca 24`: what is printed on the card, for a card not on the table. */
export function tagOf(id: string): string {
  const m = /^([a-z]+(?:-[a-z]+)*)-(\d+)$/.exec(id);
  if (!m?.[1] || !m[2]) return id;
  const people = m[1].split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
  return `${people} ${m[2]}`;
}

/** The player sitting at `seat`, by name. */
export function playerName(view: GameView | null, seat: Seat | null | undefined): string {
  return view?.players.find((p) => p.seat === seat)?.name ?? '';
}

export function other(s: Seat): Seat {
  return s === 'A' ? 'B' : 'A';
}
