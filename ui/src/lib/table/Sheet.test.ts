import { describe, expect, it, vi } from 'vitest';
import { createRawSnippet } from 'svelte';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import Sheet from './Sheet.svelte';

const body = createRawSnippet(() => ({ render: () => '<p><button data-testid="inside">Mark seen</button></p>' }));
const props = (over: Record<string, unknown> = {}) => ({
  open: true,
  title: 'Rulings',
  closeLabel: 'Close',
  onclose: vi.fn(),
  testid: 'rulings-sheet',
  children: body,
  ...over,
});

describe('Sheet', () => {
  it('opened over the table: a dialog named by its title, the focus on Close, Escape closes', async () => {
    const p = props();
    render(Sheet, p);
    const sheet = screen.getByRole('dialog', { name: 'Rulings' });
    expect(sheet).toBe(screen.getByTestId('rulings-sheet'));
    expect(sheet.getAttribute('aria-modal')).toBe('true');
    expect(sheet.querySelector('[data-testid="inside"]')?.textContent).toBe('Mark seen');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('rulings-sheet-close')));
    await fireEvent.keyDown(screen.getByTestId('inside'), { key: 'Escape' });
    expect(p.onclose).toHaveBeenCalledTimes(1);
    await fireEvent.click(screen.getByTestId('rulings-sheet-close'));
    expect(p.onclose).toHaveBeenCalledTimes(2);
  });

  it('closed: nothing, unless docked, then a region without a Close button', () => {
    const { unmount } = render(Sheet, props({ open: false }));
    expect(screen.queryByTestId('rulings-sheet')).toBeNull();
    unmount();
    render(Sheet, props({ open: false, docked: true }));
    const panel = screen.getByRole('region', { name: 'Rulings' });
    expect(panel.classList.contains('docked')).toBe(true);
    expect(screen.queryByTestId('rulings-sheet-close')).toBeNull();
  });

  it('turned to the player across the table when they opened it', () => {
    render(Sheet, props({ turned: true }));
    expect(screen.getByTestId('rulings-sheet').classList.contains('turned')).toBe(true);
  });
});
