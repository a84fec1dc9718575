import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import FlowBar from './FlowBar.svelte';
import { game } from '../testing/table';

const handlers = () => ({ onpass: vi.fn(), onretreat: vi.fn(), ondecline: vi.fn() });

describe('FlowBar', () => {
  it('offers Decline, not Retreat, on the first turn of the player starting the fight (a retreat is refused there)', async () => {
    const h = handlers();
    render(FlowBar, { lang: 'en', view: game(), busy: false, ...h });
    expect(screen.queryByTestId('retreat')).toBeNull();
    await fireEvent.click(screen.getByTestId('pass'));
    expect(h.onpass).toHaveBeenCalledWith(false);
    await fireEvent.click(screen.getByTestId('decline'));
    expect(h.ondecline).toHaveBeenCalled();
  });

  it('names who gets the dragons on a retreat once the fight is under way', async () => {
    const h = handlers();
    render(FlowBar, { lang: 'en', view: game({ first_turn: false }), busy: false, ...h });
    expect(screen.getByTestId('retreat').textContent).toContain('Retreat');
    expect(screen.getByTestId('retreat-due').textContent).toBe('1 → Ben');
    expect(screen.getByTestId('retreat').getAttribute('title')).toBe('1 dragon(s) go to the opponent');
    expect(screen.queryByTestId('decline')).toBeNull();
    await fireEvent.click(screen.getByTestId('retreat'));
    expect(h.onretreat).toHaveBeenCalled();
  });

  it('offers Retreat to the other player on the fight\'s first turn (only the starter declines)', () => {
    render(FlowBar, { lang: 'de', view: game({ turn: 'B' }), busy: false, ...handlers() });
    expect(screen.getByTestId('retreat-due').textContent).toBe('1 → Ann');
    expect(screen.queryByTestId('decline')).toBeNull();
  });
});
