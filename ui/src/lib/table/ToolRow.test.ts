import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import ToolRow from './ToolRow.svelte';

const base = {
  lang: 'en' as const,
  open: null,
  onopen: vi.fn(),
};

describe('ToolRow', () => {
  it('shows how many rulings and effects there are, lit while a ruling is new', async () => {
    const onopen = vi.fn();
    render(ToolRow, { ...base, rulings: 2, fresh: true, effects: 3, onopen });
    const rulings = screen.getByTestId('open-rulings');
    expect(screen.getByTestId('rulings-count').textContent).toBe('2');
    expect(rulings.classList.contains('fresh')).toBe(true);
    expect(screen.getByTestId('open-effects').textContent).toContain('3');
    await fireEvent.click(rulings);
    expect(onopen).toHaveBeenCalledWith('rulings');
    await fireEvent.click(screen.getByTestId('open-more'));
    expect(onopen).toHaveBeenLastCalledWith('more');
  });

  it('has no undo or redo of its own (the bar has them), and no count without rulings', () => {
    render(ToolRow, { ...base, open: 'effects', rulings: 0, fresh: false, effects: 0 });
    // its buttons are the three sheets', none named Undo or Redo (the bar's are table-undo/-redo)
    expect(screen.getAllByRole('button').map((b) => b.dataset.testid)).toEqual(['open-rulings', 'open-effects', 'open-more']);
    expect(screen.queryByRole('button', { name: /undo|redo/i })).toBeNull();
    expect(screen.queryByTestId('table-undo')).toBeNull();
    expect(screen.queryByTestId('table-redo')).toBeNull();
    expect(screen.queryByTestId('rulings-count')).toBeNull();
    expect(screen.getByTestId('open-effects').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('open-rulings').classList.contains('fresh')).toBe(false);
  });
});
