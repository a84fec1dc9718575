import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import FlowBar from './FlowBar.svelte';
import { game } from '../testing/table';

const handlers = () => ({ onpass: vi.fn(), onretreat: vi.fn(), ondecline: vi.fn(), ondismiss: vi.fn() });

describe('FlowBar', () => {
  it('names who gets the dragons on a retreat and offers Decline on the first turn of the starter', async () => {
    const h = handlers();
    render(FlowBar, { lang: 'en', view: game(), busy: false, refusal: null, ...h });
    expect(screen.getByTestId('retreat').textContent).toContain('Retreat');
    expect(screen.getByTestId('retreat-due').textContent).toBe('1 → Ben');
    expect(screen.getByTestId('retreat').getAttribute('title')).toBe('1 dragon(s) go to the opponent');
    await fireEvent.click(screen.getByTestId('pass'));
    expect(h.onpass).toHaveBeenCalledWith(false);
    await fireEvent.click(screen.getByTestId('decline'));
    expect(h.ondecline).toHaveBeenCalled();
    expect(screen.queryByTestId('flow-error')).toBeNull();
  });

  it('shows a refusal above the buttons; "Next turn anyway" only when the engine asks to confirm', async () => {
    const h = handlers();
    const r = render(FlowBar, {
      lang: 'de',
      view: game({ first_turn: false }),
      busy: false,
      refusal: { code: 'invalid_input', message: 'Nicht möglich' },
      ...h,
    });
    expect(screen.getByTestId('flow-error').textContent).toContain('Nicht möglich');
    expect(screen.queryByTestId('pass-anyway')).toBeNull();
    expect(screen.queryByTestId('decline')).toBeNull();
    await r.rerender({ refusal: { code: 'needs_confirmation', message: 'Ann hat keine neue Charakterkarte gespielt.' } as never });
    await fireEvent.click(screen.getByTestId('pass-anyway'));
    expect(h.onpass).toHaveBeenCalledWith(true);
    expect(screen.getByTestId('pass-anyway').textContent).toBe('Trotzdem nächster Zug');
    await fireEvent.click(screen.getByTestId('flow-error-dismiss'));
    expect(h.ondismiss).toHaveBeenCalled();
  });
});
