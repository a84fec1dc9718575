import { describe, expect, it } from 'vitest';
import { seatingByName } from './seating';
import type { RoundView } from '../bindings/RoundView';

const seat = (entrant: number, name: string) => ({ entrant, name, people: null });

const round: RoundView = {
  number: 2,
  stage: 'swiss',
  published: true,
  complete: false,
  results_missing: 2,
  tables: [
    { table: 1, a: seat(1, 'zora'), b: seat(2, 'Änne'), result: null },
    { table: 2, a: seat(3, 'Bert'), b: seat(4, 'anton'), result: null },
    { table: 3, a: seat(5, 'Cleo'), b: null, result: null },
  ],
};

describe('seatingByName', () => {
  it('lists every player once, alphabetically in the language, with table and opponent', () => {
    const rows = seatingByName(round, 'de');
    expect(rows.map((r) => r.name)).toEqual(['Änne', 'anton', 'Bert', 'Cleo', 'zora']);
    expect(rows[0]).toEqual({ name: 'Änne', table: 1, opponent: 'zora' });
    expect(rows[1]).toEqual({ name: 'anton', table: 2, opponent: 'Bert' });
  });

  it('a bye has no opponent', () => {
    const cleo = seatingByName(round, 'en').find((r) => r.name === 'Cleo');
    expect(cleo).toEqual({ name: 'Cleo', table: 3, opponent: null });
  });
});
