import { describe, expect, it } from 'vitest';
import { counted, dictionaries, fill, t, tf } from './i18n';

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

  it('counts one fight and one crystal in the singular', () => {
    expect(counted('de', 1, 'mx.game.oneFight', 'mx.game.fights')).toBe('1 Kampf');
    expect(counted('de', 4, 'mx.game.oneFight', 'mx.game.fights')).toBe('4 Kämpfe');
    expect(counted('de', 0, 'mx.game.oneFight', 'mx.game.fights')).toBe('0 Kämpfe');
    expect(counted('en', 1, 'mx.history.oneCrystal', 'mx.history.crystals')).toBe('1 crystal');
    expect(counted('en', null, 'mx.history.oneCrystal', 'mx.history.crystals')).toBe('– crystals');
  });

  it('translates and fills every placeholder, numbers too; one without a value stays as it is', () => {
    expect(tf('en', 'mx.quick.saved', { n: 3 })).toBe('Saved: table 3.');
    expect(tf('de', 'tbl.outOfCards.note', { player: 'Ann' })).toBe('Ann hat keine Karten mehr: das Spiel endet nach diesem Kampf.');
    expect(fill('{a} and {a}, {b}', { a: 'Ann', c: 1 })).toBe('Ann and Ann, {b}');
    expect(fill('{n} dragons', { n: 0 })).toBe('0 dragons');
  });
});
