// UI text in English and German. Keys are checked by the type system: every key must exist in
// both languages (a test checks the dictionaries are complete too).
import type { Language } from './bindings/Language';
// [domain dictionaries: `import { <domain>Text } from './i18n/<domain>';` below, each
//  `{ en: {...}, de: {...} }` with the same keys, spread into `en` and `de` here, or, if the
//  first screen (the Table) draws none of them, into ./i18n/later.ts]
// The first screen's texts are in the first bundle; the others' (./i18n/later.ts) are a chunk
// loaded after the first paint (`loadText`), their keys typed all the same.
import { tableText } from './i18n/table';
import { tableDecksText } from './i18n/tabledecks';
import { firstStartText } from './i18n/firststart';
import { clockText } from './i18n/clock';
import { shellText } from './i18n/shell';
import type { laterText } from './i18n/later';

const en = {
  ...tableText.en,
  ...tableDecksText.en,
  ...firstStartText.en,
  ...clockText.en,
  ...shellText.en,
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

type FirstKey = keyof typeof en;
export type Key = FirstKey | keyof (typeof laterText)['en'];

const de: Record<FirstKey, string> = {
  ...tableText.de,
  ...tableDecksText.de,
  ...firstStartText.de,
  ...clockText.de,
  ...shellText.de,
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

/** Every key's text once `loadText` has resolved; before, the first screen's only. */
export const dictionaries = { en, de } as Record<Language, Record<Key, string>>;

let later: Promise<void> | undefined;

/** Loads the texts of the screens after the first (./i18n/later.ts) into the dictionaries, once;
 * a screen other than the Table is drawn after it has resolved (App.svelte). A failed load is
 * tried again the next time. */
export function loadText(): Promise<void> {
  return (later ??= import('./i18n/later').then(
    ({ laterText }) => {
      Object.assign(dictionaries.en, laterText.en);
      Object.assign(dictionaries.de, laterText.de);
    },
    (e: unknown) => {
      later = undefined;
      throw e;
    },
  ));
}

/** The key's text; a key whose texts are not loaded yet is shown as itself (never expected:
 * the screens that use them wait for `loadText`). */
export function t(lang: Language, key: Key): string {
  return dictionaries[lang][key] ?? key;
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
