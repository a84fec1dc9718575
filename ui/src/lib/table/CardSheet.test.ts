import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import CardSheet from './CardSheet.svelte';
import { card, game, side } from '../testing/table';
import type { CardPage } from '../bindings/CardPage';
import type { RulingsForCard } from '../bindings/RulingsForCard';

const flash = card('vulca-02', 'Vulca 02', 'Flash the Incendiary', 6, 3);
const gauntlets = { ...card('vulca-21', 'Vulca 21', 'Volcanic Gauntlets', 0, 0), target: 'vulca-02' };
const lavar = card('vulca-04', 'Vulca 04', 'Lavar the Powerful', 5, 4);
const v = game({ players: [side('A', 'Ann', 'Vulca', 11, 7, [flash, gauntlets, lavar]), side('B', 'Ben', 'Hoax', 0, 0)] });

const page = {
  card: { id: 'vulca-21', name: 'Volcanic Gauntlets', name_en: 'Volcanic Gauntlets', name_de: 'Vulkanhandschuhe' },
  bm: { tag: 'Vulca 21', card_type: 'booster', fire: null, earth: null, text_en: 'Double the fire value.', text_de: 'Verdopple den Feuerwert.' },
  other: null,
  rulings: [],
  rulings_error: null,
} as unknown as CardPage;
const rulings = {
  card: null,
  active: [],
  prompts: [
    {
      ruling: { id: 'r1', title: 'Gauntlets and Flash', source_title: 'Blue Moon FAQ', section: ['Vulca'], lang: 'en' },
      display: 'Q: A:',
      reason: 'interaction',
      with: ['Flash the Incendiary'],
      role: null,
      topic: null,
    },
  ],
} as unknown as RulingsForCard;

describe('CardSheet', () => {
  it('shows the text in the interface language, the rulings with the cards in play, and its actions', async () => {
    const loadPage = vi.fn().mockResolvedValue(page);
    const loadRulings = vi.fn().mockResolvedValue(rulings);
    const onact = vi.fn();
    render(CardSheet, { lang: 'de', view: v, cardId: 'vulca-21', owner: 'A', busy: false, onact, loadPage, loadRulings });
    expect((await screen.findByTestId('card-sheet-text')).textContent).toBe('Verdopple den Feuerwert.');
    // the card's type in German, not the catalog's English word
    expect(screen.getByTestId('card-sheet-type').textContent).toBe('Verstärkung');
    expect(loadRulings).toHaveBeenCalledWith('vulca-21', ['vulca-02', 'vulca-04'], 'de', 20);
    // the table's one rulings list, which reads here: no Dismiss
    const ruling = await screen.findByTestId('card-ruling-interaction');
    expect(ruling.querySelector('summary')?.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      'mit Flash the Incendiary Gauntlets and Flash — Blue Moon FAQ, Vulca (en)',
    );
    expect(screen.getByTestId('card-rulings').contains(ruling)).toBe(true);
    expect(screen.queryByTestId('prompt-dismiss')).toBeNull();
    await fireEvent.change(screen.getByTestId('card-target'), { target: { value: 'vulca-04' } });
    await fireEvent.click(screen.getByTestId('card-change-target'));
    expect(onact).toHaveBeenCalledWith({ action: 'change_target', player: 'A', card: 'vulca-21', target: 'vulca-04' });
    await fireEvent.click(screen.getByTestId('card-retrieve'));
    expect(onact).toHaveBeenLastCalledWith({ action: 'retrieve', player: 'A', card: 'vulca-21' });
    expect(screen.getByTestId('card-sheet').textContent).not.toMatch(/[a-z]+-\d+/);
  });

  it('looks a card up without actions when it is not on the table', async () => {
    const loadPage = vi.fn().mockResolvedValue(page);
    const loadRulings = vi.fn().mockResolvedValue({ ...rulings, prompts: [] });
    render(CardSheet, { lang: 'en', view: game(), cardId: 'vulca-21', busy: false, onact: vi.fn(), loadPage, loadRulings });
    await waitFor(() => expect(screen.getByTestId('card-sheet-name').textContent).toContain('Volcanic Gauntlets'));
    expect(screen.queryByTestId('card-discard')).toBeNull();
    expect(await screen.findByText('No rulings for this card.')).toBeTruthy();
  });
});
