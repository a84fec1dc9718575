import { describe, expect, it } from 'vitest';
import { dictionaries, t } from './i18n';

describe('i18n', () => {
  it('has every key in both languages, none empty', () => {
    const en = Object.keys(dictionaries.en).sort();
    const de = Object.keys(dictionaries.de).sort();
    expect(de).toEqual(en);
    for (const lang of ['en', 'de'] as const) {
      for (const [k, v] of Object.entries(dictionaries[lang])) {
        expect(v.trim(), `${lang}:${k}`).not.toBe('');
      }
    }
  });

  it('translates navigation', () => {
    expect(t('en', 'nav.table')).toBe('Table');
    expect(t('de', 'nav.table')).toBe('Tisch');
  });
});
