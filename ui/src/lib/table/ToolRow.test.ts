import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import ToolRow from './ToolRow.svelte';
import { game } from '../testing/table';

const base = {
  lang: 'en' as const,
  busy: false,
  open: null,
  onopen: vi.fn(),
  onundo: vi.fn(),
  onredo: vi.fn(),
};

describe('ToolRow', () => {
  it('shows how many rulings and effects there are, lit while a ruling is new', async () => {
    const onopen = vi.fn();
    render(ToolRow, { ...base, view: game(), rulings: 2, fresh: true, effects: 3, onopen });
    const rulings = screen.getByTestId('open-rulings');
    expect(screen.getByTestId('rulings-count').textContent).toBe('2');
    expect(rulings.classList.contains('fresh')).toBe(true);
    expect(screen.getByTestId('open-effects').textContent).toContain('3');
    await fireEvent.click(rulings);
    expect(onopen).toHaveBeenCalledWith('rulings');
    await fireEvent.click(screen.getByTestId('open-more'));
    expect(onopen).toHaveBeenLastCalledWith('more');
  });

  it('offers undo and redo only when there is something to take back or bring back', async () => {
    const onundo = vi.fn();
    render(ToolRow, { ...base, view: game({ can_undo: false, redo_depth: 2 }), rulings: 0, fresh: false, effects: 0, onundo });
    expect((screen.getByTestId('undo') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('redo') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('redo').getAttribute('aria-label')).toBe('Redo (2)');
    expect(screen.queryByTestId('rulings-count')).toBeNull();
    await fireEvent.click(screen.getByTestId('redo'));
    expect(onundo).not.toHaveBeenCalled();
    expect(base.onredo).toHaveBeenCalledTimes(1);
  });
});
