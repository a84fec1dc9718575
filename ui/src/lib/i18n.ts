// UI text in English and German. Keys are checked by the type system: every key must exist in
// both languages (a test checks the dictionaries are complete too).
import type { Language } from './bindings/Language';
// [domain dictionaries: `import { <domain>Text } from './i18n/<domain>';` below, each
//  `{ en: {...}, de: {...} }` with the same keys, spread into `en` and `de` here]
import { tableText } from './i18n/table';
import { matchesText } from './i18n/matches';
import { cardsText } from './i18n/cards';
import { otherGamesText } from './i18n/othergames';
import { reportingText } from './i18n/reporting';
import { decksText } from './i18n/decks';
import { firstStartText } from './i18n/firststart';

const en = {
  ...tableText.en,
  ...cardsText.en,
  ...matchesText.en,
  ...otherGamesText.en,
  ...reportingText.en,
  ...decksText.en,
  ...firstStartText.en,
  'app.title': 'Tablemate',
  'nav.table': 'Table',
  'nav.cards': 'Cards',
  'nav.rulings': 'Rulings',
  'nav.matches': 'Matches',
  'nav.games': 'Games',
  'nav.settings': 'Settings',
  'nav.label': 'Main navigation',
  'table.heading': 'Table',
  'table.soon':
    'The Blue Moon table (dragons, total power, effects and rulings) arrives with the rules engine.',
  'cards.heading': 'Cards',
  'cards.soon': 'Card lookup by number, English or German name arrives with the card catalogs.',
  'rulings.heading': 'Rulings',
  'rulings.soon': 'Searching the rulings of all four games arrives with the rulings corpus.',
  'matches.heading': 'Matches',
  'matches.soon': 'History, matches and tournaments arrive with the match records.',
  'settings.heading': 'Settings',
  'settings.language': 'Language',
  'settings.theme': 'Theme',
  'settings.theme.dark': 'Dark',
  'settings.theme.light': 'Light',
  'settings.saved': 'Saved',
  'about.heading': 'About',
  'about.version': 'Version',
  'about.dataDir': 'Data folder',
  'about.schema': 'Database schema',
  'about.cards': 'Cards in the catalogs',
  'error.title': 'Something went wrong',
  'error.dismiss': 'Dismiss',
  'error.notInApp': 'Tablemate runs inside its app window; this page was opened without it.',
} as const;

export type Key = keyof typeof en;

const de: Record<Key, string> = {
  ...tableText.de,
  ...cardsText.de,
  ...matchesText.de,
  ...otherGamesText.de,
  ...reportingText.de,
  ...decksText.de,
  ...firstStartText.de,
  'app.title': 'Tablemate',
  'nav.table': 'Tisch',
  'nav.cards': 'Karten',
  'nav.rulings': 'Regeln',
  'nav.matches': 'Partien',
  'nav.games': 'Spiele',
  'nav.settings': 'Einstellungen',
  'nav.label': 'Hauptnavigation',
  'table.heading': 'Tisch',
  'table.soon':
    'Der Blue-Moon-Tisch (Drachen, Gesamtstärke, Effekte und Regeln) kommt mit der Regel-Engine.',
  'cards.heading': 'Karten',
  'cards.soon': 'Kartensuche nach Nummer, englischem oder deutschem Namen kommt mit den Kartenkatalogen.',
  'rulings.heading': 'Regeln',
  'rulings.soon': 'Die Suche in den Regeln aller vier Spiele kommt mit dem Regelkorpus.',
  'matches.heading': 'Partien',
  'matches.soon': 'Verlauf, Partien und Turniere kommen mit den Spielaufzeichnungen.',
  'settings.heading': 'Einstellungen',
  'settings.language': 'Sprache',
  'settings.theme': 'Farbschema',
  'settings.theme.dark': 'Dunkel',
  'settings.theme.light': 'Hell',
  'settings.saved': 'Gespeichert',
  'about.heading': 'Über',
  'about.version': 'Version',
  'about.dataDir': 'Datenordner',
  'about.schema': 'Datenbankschema',
  'about.cards': 'Karten in den Katalogen',
  'error.title': 'Etwas ist schiefgegangen',
  'error.dismiss': 'Schließen',
  'error.notInApp': 'Tablemate läuft in seinem App-Fenster; diese Seite wurde ohne es geöffnet.',
};

export const dictionaries: Record<Language, Record<Key, string>> = { en, de };

export function t(lang: Language, key: Key): string {
  return dictionaries[lang][key];
}

/** Fills a text's `{name}` placeholders from `values`; a placeholder without a value stays. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}

/** Translate and fill: the key's text in the language with its placeholders filled. */
export function tf(lang: Language, key: Key, values: Record<string, string | number>): string {
  return fill(t(lang, key), values);
}

/** A count with its noun in the singular for 1 ("1 Kampf", "4 Kämpfe"); an unknown count is "–". */
export function counted(lang: Language, n: number | null, one: Key, many: Key): string {
  return `${n ?? '–'} ${t(lang, n === 1 ? one : many)}`;
}
