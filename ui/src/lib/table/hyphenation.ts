// Where a long card name may break on a phone. A chip is a third of a 360 px phone wide, so a
// long word must wrap: at a syllable with a hyphen ("Kriegs-maschine"), never anywhere
// ("Kriegsmaschi|ne"), which does not read as a name. The break points are soft hyphens (U+00AD)
// placed by Liang's TeX patterns (the `hyphen` package, German 1996 and US English), worked out
// once for the catalog's names (hyphenatedNames.ts, which hyphenation.test.ts writes and checks)
// rather than left to the system: WebKitGTK hyphenates only with the system's dictionaries
// (hyphen-de), which a machine may lack, and shipping the patterns (750 KB for German) would
// slow the first start. A name not in the list (a fixed card, another game) wraps at its spaces
// and hyphens, and cuts a word only if nothing else fits.
import type { Language } from '../bindings/Language';
import { HYPHENATED } from './hyphenatedNames';

const SHY = '\u00AD';
const byLang: Record<Language, Map<string, string>> = {
  de: new Map(HYPHENATED.de.map((h) => [h.replaceAll(SHY, ''), h])),
  en: new Map(HYPHENATED.en.map((h) => [h.replaceAll(SHY, ''), h])),
};

/** `name` with soft hyphens where the language allows a long word to break. */
export function breakable(lang: Language, name: string): string {
  return byLang[lang].get(name) ?? name;
}
