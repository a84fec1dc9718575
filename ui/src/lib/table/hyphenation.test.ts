// @vitest-environment node
import { readFileSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import de from 'hyphen/de/index.js';
import en from 'hyphen/en-us/index.js';
import { breakable } from './hyphenation';
import { HYPHENATED } from './hyphenatedNames';

const SHY = '\u00AD';
// Words shorter than this fit a chip's line at 360 px (12 letters measured), so they keep whole.
const MIN_WORD = 10;

/** The catalog's card names in each language. */
function catalogNames(): { de: string[]; en: string[] } {
  const cards = JSON.parse(readFileSync(new URL('../../../../data/cards/bluemoon.json', import.meta.url), 'utf8')) as {
    name_en: string | null;
    name_de: string | null;
  }[];
  const named = (names: (string | null)[]) => names.filter((n): n is string => !!n);
  return { de: named(cards.map((c) => c.name_de)), en: named(cards.map((c) => c.name_en)) };
}

/** The catalog's names with their break points, as the patterns place them. */
function computed(): { de: string[]; en: string[] } {
  const names = catalogNames();
  const list = (names: string[], h: typeof de) =>
    [...new Set(names.map((n) => h.hyphenateSync(n, { minWordLength: MIN_WORD })))].filter((n) => n.includes(SHY)).sort();
  return { de: list(names.de, de), en: list(names.en, en) };
}

describe('card names break at syllables on a phone', () => {
  it('the list matches the catalog (UPDATE_HYPHENATION=1 npx vitest run src/lib/table/hyphenation.test.ts writes it)', () => {
    const want = computed();
    if (process.env.UPDATE_HYPHENATION) {
      const lines = (xs: string[]) => xs.map((x) => `    ${JSON.stringify(x).replaceAll(SHY, '\\u00AD')},`).join('\n');
      writeFileSync(
        new URL('./hyphenatedNames.ts', import.meta.url),
        `// Written by hyphenation.test.ts (UPDATE_HYPHENATION=1): the Blue Moon catalog's names whose\n` +
          `// long words may break, with soft hyphens where the TeX patterns allow it. Do not edit.\n` +
          `export const HYPHENATED: { de: string[]; en: string[] } = {\n  de: [\n${lines(want.de)}\n  ],\n  en: [\n${lines(want.en)}\n  ],\n};\n`,
      );
      return;
    }
    expect(HYPHENATED).toEqual(want);
  });

  it('a long German word breaks at its syllables, a short name stays whole, an unknown name is as it was', () => {
    expect(breakable('de', 'Kriegsmaschine der Angst')).toBe(`Kriegs${SHY}ma${SHY}schi${SHY}ne der Angst`);
    expect(breakable('de', 'Abwurf Heuschreckenschwarm')).toContain(`Heu${SHY}schre`);
    expect(breakable('de', 'Volca')).toBe('Volca');
    expect(breakable('de', 'Ein neuer Name')).toBe('Ein neuer Name');
    // the soft hyphens are the only change: the name reads the same
    const names = catalogNames();
    for (const lang of ['de', 'en'] as const)
      for (const h of HYPHENATED[lang]) expect(names[lang]).toContain(h.replaceAll(SHY, ''));
    expect(breakable('en', 'Scorch the Inflammable')).toContain(`In${SHY}flam`);
  });
});
