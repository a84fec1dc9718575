import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/svelte';
import Effects from './Effects.svelte';
import type { EffectView } from '../bindings/EffectView';
import { card, game, side } from '../testing/table';

const flare: EffectView = {
  owner: 'A',
  card: 'vulca-15',
  card_name: 'Flare',
  kind: 'reminder',
  description: 'draw',
  text: 'At the end of my turn, I may draw two additional cards.',
  card_name_de: 'Stichflamme',
  text_de: 'Am Ende meines Zuges darf ich zwei zusätzliche Karten ziehen.',
  status: 'in_force',
  by: null,
};
const demegodas: EffectView = {
  owner: 'B',
  card: 'hoax-12',
  card_name: 'Demegodas the Odd',
  kind: 'value',
  description: 'double',
  text: null,
  card_name_de: null,
  text_de: null,
  status: 'ignored',
  by: 'vulca-24',
};
// Vulca 24 is on the table (A's combat area), so the one who ignores is named by its card name
const table = (effects: EffectView[]) =>
  game({
    effects,
    players: [side('A', 'Ann', 'Vulca', 0, 0, [card('vulca-24', 'Vulca 24', 'Flickering Fires', 0, 0)]), side('B', 'Ben', 'Hoax', 0, 0)],
  });

/** What the row reads, spaces as a person sees them. */
const read = (id: string) => screen.getByTestId(id).textContent?.replace(/\s+/g, ' ').trim();

describe('Effects', () => {
  it('names each card once with its player, its text, a reminder badge and whether it applies', () => {
    render(Effects, { lang: 'en', view: table([flare, flare, demegodas]) });
    const flareRow = screen.getByTestId('effect-vulca-15');
    expect(read('effect-vulca-15')).toBe(
      'Flare (Ann): At the end of my turn, I may draw two additional cards. reminder: the players do it applies',
    );
    expect(screen.getAllByTestId('effect-vulca-15')).toHaveLength(1);
    const ignored = screen.getByTestId('effect-hoax-12');
    expect(read('effect-hoax-12')).toBe('Demegodas the Odd (Ben): double ignored by Flickering Fires');
    expect(ignored.classList.contains('dim')).toBe(true);
    expect(flareRow.classList.contains('dim')).toBe(false);
    expect(screen.getAllByTestId('reminder')).toHaveLength(1);
  });

  it('speaks German: the German card name and text', () => {
    render(Effects, { lang: 'de', view: table([flare]) });
    expect(read('effect-vulca-15')).toBe(
      'Stichflamme (Ann): Am Ende meines Zuges darf ich zwei zusätzliche Karten ziehen. Erinnerung: die Spieler führen es aus gilt',
    );
  });

  it('says there are none', () => {
    render(Effects, { lang: 'en', view: table([]) });
    expect(screen.getByTestId('effects').textContent?.trim()).toBe('No effects on the table.');
  });
});
