import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import PendingPlay from './PendingPlay.svelte';
import { card, game, preview, forbidden } from '../testing/table';

const gauntlets = card('vulca-21', 'Vulca 21', 'Volcanic Gauntlets', 0, 0);

describe('PendingPlay', () => {
  it('makes Cancel the default on a forbidden play; playing it takes the other button', async () => {
    const onplay = vi.fn();
    const oncancel = vi.fn();
    const p = preview(gauntlets, 'combat', {
      warnings: [forbidden('A', 'vulca-21', 'hoax-13')],
    });
    render(PendingPlay, { lang: 'de', view: game(), pending: p, busy: false, onplay, oncancel, onfix: vi.fn() });
    const cancel = screen.getByTestId('pending-cancel');
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    expect(cancel.classList.contains('primary')).toBe(true);
    expect(screen.getByTestId('pending-warning').textContent).toBe('Ann: Volcanic Gauntlets ist durch Hoax 13 verboten.');
    await fireEvent.keyDown(cancel, { key: 'Escape' });
    expect(oncancel).toHaveBeenCalledTimes(1);
    await fireEvent.click(screen.getByTestId('pending-play'));
    expect(onplay).toHaveBeenCalledWith(null);
  });

  it('offers the target choice, defaulting to the engine\'s, with Play as the default when nothing is wrong', async () => {
    const onplay = vi.fn();
    const p = preview(gauntlets, 'combat', {
      needs_target: true,
      target_options: [card('vulca-02', 'Vulca 02', 'Flash the Incendiary', 6, 3), card('vulca-04', 'Vulca 04', 'Lavar', 5, 4)],
      default_target: 'vulca-04',
    });
    render(PendingPlay, { lang: 'en', view: game(), pending: p, busy: false, onplay, oncancel: vi.fn(), onfix: vi.fn() });
    const target = screen.getByTestId('target') as HTMLSelectElement;
    await waitFor(() => expect(document.activeElement).toBe(target));
    expect(target.value).toBe('vulca-04');
    expect(target.textContent).not.toMatch(/[a-z]+-\d+/);
    expect(screen.getByTestId('pending-play').classList.contains('primary')).toBe(true);
    await fireEvent.change(target, { target: { value: 'vulca-02' } });
    await fireEvent.click(screen.getByTestId('pending-play'));
    expect(onplay).toHaveBeenCalledWith('vulca-02');
  });

  it('asks for unknown values once and sends them as a fix', async () => {
    const onfix = vi.fn();
    const p = preview(card('vulca-40', 'Vulca 40', 'New', 0, 0), 'combat', { unknown: ['fire', 'earth'] });
    render(PendingPlay, { lang: 'en', view: game(), pending: p, busy: false, onplay: vi.fn(), oncancel: vi.fn(), onfix });
    await fireEvent.input(screen.getByTestId('fix-fire'), { target: { value: '4' } });
    await fireEvent.input(screen.getByTestId('fix-earth'), { target: { value: '2' } });
    await fireEvent.click(screen.getByTestId('fix-save'));
    expect(onfix).toHaveBeenCalledWith({ card: 'vulca-40', card_type: null, fire: 4, earth: 2 });
  });
});
