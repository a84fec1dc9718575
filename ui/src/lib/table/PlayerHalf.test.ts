import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import PlayerHalf from './PlayerHalf.svelte';
import { card, game, side } from '../testing/table';

describe('PlayerHalf', () => {
  it('shows the contested total large with "needs at least", the turn, and cards to tap', async () => {
    const flash = card('vulca-02', 'Vulca 02', 'Flash the Incendiary', 6, 3);
    const ann = { ...side('A', 'Ann', 'Vulca', 6, 3, [flash]), needed: { fire: 7, earth: 0 }, meets: { fire: false, earth: true } };
    const v = game({ contested: 'fire', players: [ann, side('B', 'Ben', 'Hoax', 7, 1)] });
    const onwhy = vi.fn();
    const oncard = vi.fn();
    render(PlayerHalf, { lang: 'en', view: v, side: ann, onwhy, oncard, flipped: true });
    expect(screen.getByTestId('side-A').classList.contains('flipped')).toBe(true);
    expect(screen.getByTestId('turn-A')).toBeTruthy();
    expect(screen.getByTestId('total-A-fire').classList.contains('contested')).toBe(true);
    expect(screen.getByTestId('needs-A').textContent).toBe('needs at least 7');
    expect(screen.getByTestId('needs-A').classList.contains('ok')).toBe(false);
    await fireEvent.click(screen.getByTestId('total-A-earth'));
    expect(onwhy).toHaveBeenCalledTimes(1);
    await fireEvent.click(screen.getByTestId('card-A-vulca-02'));
    expect(oncard).toHaveBeenCalledWith(flash);
  });

  it('names the cards in German in the German interface', () => {
    const c = { ...card('vulca-24', 'Vulca 24', 'Flickering Fires', 1, 1), name_de: 'Feuerzauber' };
    const ann = side('A', 'Ann', 'Vulca', 1, 1, [c]);
    render(PlayerHalf, { lang: 'de', view: game({ players: [ann, side('B', 'Ben', 'Hoax', 0, 0)] }), side: ann, onwhy: vi.fn(), oncard: vi.fn() });
    expect(screen.getByTestId('card-A-vulca-24').textContent).toContain('Feuerzauber');
    expect(screen.getByTestId('due-A').textContent).toContain('Rückzug: 1');
  });
});
