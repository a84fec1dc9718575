// Texts every game's table draws (lib/table/TableShell.svelte: whose turn, who won, a card's
// rulings), English and German: in the first bundle's dictionaries (../i18n.ts), apart from the
// other games' texts, which are loaded after the first paint.

const en = {
  'og.toPlay': 'to play',
  'og.won': 'won',
  'og.tie': 'Tie',
  'og.rulings': 'Rulings for this card',
  'og.rulings.none': 'No ruling names this card.',
} as const;

type Key = keyof typeof en;

const de: Record<Key, string> = {
  'og.toPlay': 'ist dran',
  'og.won': 'hat gewonnen',
  'og.tie': 'Unentschieden',
  'og.rulings': 'Regeln zu dieser Karte',
  'og.rulings.none': 'Keine Regel nennt diese Karte.',
};

export const shellText = { en, de };
