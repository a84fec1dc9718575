import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import Prompts from './Prompts.svelte';
import { faqPrompt } from '../testing/table';

describe('Prompts', () => {
  it('shows an interaction with the cards in play first-hand, and dismissing sends the ruling', async () => {
    const ondismiss = vi.fn();
    render(Prompts, { lang: 'en', prompts: [faqPrompt('Wall of Fire and drawing', ['Wall of Fire'])], busy: false, ondismiss });
    const prompt = screen.getByTestId('prompt-interaction');
    expect(prompt.getAttribute('data-ruling')).toBe('bm-faq-en:1');
    // the table's list announces a ruling that comes in
    expect(screen.getByTestId('prompts').getAttribute('aria-live')).toBe('polite');
    expect(prompt.querySelector('summary')?.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      'with Wall of Fire Wall of Fire and drawing — Blue Moon FAQ, Vulca (en)',
    );
    expect(prompt.querySelector('.ruling-text')?.textContent).toBe('Q: ... A: ...');
    await fireEvent.click(screen.getByTestId('prompt-dismiss'));
    expect(ondismiss).toHaveBeenCalledWith('bm-faq-en:1');
  });

  it("a card's own ruling has no 'with'; German labels; dismissing waits while busy", () => {
    render(Prompts, { lang: 'de', prompts: [faqPrompt('Flare')], busy: true, ondismiss: vi.fn() });
    const prompt = screen.getByTestId('prompt-own');
    expect(prompt.querySelector('.badge')).toBeNull();
    const dismiss = screen.getByTestId('prompt-dismiss') as HTMLButtonElement;
    expect(dismiss.textContent).toBe('Ausblenden');
    expect(dismiss.disabled).toBe(true);
  });

  it('reads only where nothing is marked seen (a card sheet): no Dismiss, named by its place, announced by no one', () => {
    render(Prompts, { lang: 'en', prompts: [faqPrompt('Flare', ['Wall of Fire'])], testid: 'card-ruling' });
    expect(screen.getByTestId('card-rulings').contains(screen.getByTestId('card-ruling-interaction'))).toBe(true);
    // opening a card does not read all its rulings aloud
    expect(screen.getByTestId('card-rulings').hasAttribute('aria-live')).toBe(false);
    expect(screen.queryByTestId('prompt-dismiss')).toBeNull();
    expect(screen.queryByTestId('prompts')).toBeNull();
  });
});
