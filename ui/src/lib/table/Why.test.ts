import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/svelte';
import Why from './Why.svelte';
import { flashLine, game } from '../testing/table';

// Flash the Incendiary doubled by Volcanic Gauntlets: one step, worded by the service in both languages.
const flash = flashLine(
  [
    {
      element: 'fire',
      by: 'vulca-21',
      effect: 'double: fire values of own one character card',
      effect_de: 'Feuer-Werte eines eigenen Charakters verdoppeln sich',
      from: 6,
      to: 12,
    },
  ],
  { fire: 12, earth: 3 },
);

describe('Why', () => {
  it('shows each step in the interface language', () => {
    const view = game({ breakdown: [flash] });
    const de = render(Why, { lang: 'de', view, seat: 'A' });
    const text = screen.getByTestId('why-A').textContent ?? '';
    expect(text).toContain('6 → 12: Feuer-Werte eines eigenen Charakters verdoppeln sich');
    expect(text).not.toContain('double');
    de.unmount();
    render(Why, { lang: 'en', view, seat: 'A' });
    expect(screen.getByTestId('why-A').textContent).toContain('6 → 12: double: fire values of own one character card');
  });

  it('ends with the sum the half shows (the engine\'s totals), in the interface language', () => {
    const view = game({ breakdown: [flash] });
    view.players[0]!.total = { fire: 12, earth: 3 };
    render(Why, { lang: 'de', view, seat: 'A' });
    expect(screen.getByTestId('why-A-total').textContent?.replace(/\s+/g, ' ').trim()).toBe('Summe: Feuer 12 · Erde 3');
  });
});
