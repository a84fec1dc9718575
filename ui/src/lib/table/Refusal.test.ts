import { describe, expect, it, vi } from 'vitest';
import { createRawSnippet } from 'svelte';
import { fireEvent, render, screen } from '@testing-library/svelte';
import Refusal from './Refusal.svelte';

describe('Refusal', () => {
  it('reads the reason as an alert and dismisses it with its labelled button', async () => {
    const ondismiss = vi.fn();
    render(Refusal, { message: 'It is Ben’s turn.', testid: 'entry-refusal', dismissLabel: 'Dismiss', ondismiss });
    const box = screen.getByTestId('entry-refusal');
    expect(box.getAttribute('role')).toBe('alert');
    expect(box.textContent).toContain('It is Ben’s turn.');
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    expect(dismiss).toBe(screen.getByTestId('entry-refusal-dismiss'));
    expect(ondismiss).not.toHaveBeenCalled();
    await fireEvent.click(dismiss);
    expect(ondismiss).toHaveBeenCalledTimes(1);
  });

  it('shows a follow-up (Next turn anyway) beside the reason', () => {
    const children = createRawSnippet(() => ({ render: () => '<button data-testid="anyway">Next turn anyway</button>' }));
    render(Refusal, { message: 'Ann has not played a card.', testid: 'next-refusal', dismissLabel: 'Schließen', ondismiss: vi.fn(), children });
    const box = screen.getByTestId('next-refusal');
    expect(box.querySelector('[data-testid="anyway"]')?.textContent).toBe('Next turn anyway');
    expect(screen.getByRole('button', { name: 'Schließen' })).toBeTruthy();
  });
});
