import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import type { CardPage } from '../lib/bindings/CardPage';
import type { CardSearch } from '../lib/bindings/CardSearch';
import type { FactState } from '../lib/bindings/FactState';

// Through the real API (lib/api/cards.ts) down to Tauri's `invoke`, answered command by command.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));
import { serveCommands } from '../lib/testing/ipc';
// deck_list: a Blue Moon card's page offers to add it to a saved deck (none saved here)
const service = serveCommands(invoke, ['cards_filter_options', 'cards_find', 'cards_fix', 'cards_page', 'deck_list']);

import Cards from './Cards.svelte';

const summary = {
  id: 'vulca-24',
  game: 'blue-moon',
  game_title: 'Blue Moon',
  name: 'Flickering Fires',
  name_en: 'Flickering Fires',
  name_de: 'Feuerzauber',
  tag: 'Vulca 24',
  series: 'vulca',
  card_type: 'support',
  icons: [],
};

function searchFor(text: string): CardSearch {
  const hit = (matched: string, lang: string | null, name: string) => ({
    card: summary,
    matched_name: name,
    matched_lang: lang,
    matched,
    score: 900,
  });
  if (text === 'Feuerzauber') return { query: text, hits: [hit('exact_name', 'de', 'Feuerzauber')], ambiguous: false, ambiguity: null };
  if (text === 'V24') return { query: text, hits: [hit('tag', null, 'Flickering Fires')], ambiguous: false, ambiguity: null };
  return { query: text, hits: [], ambiguous: false, ambiguity: null };
}

function pageWith(fireState: 'catalog' | 'user'): CardPage {
  const fact = (f: string, value: string | null, state: FactState, replaced: string | null = null) => ({
    fact: f,
    value,
    state,
    replaced,
    agrees_with_catalog: false,
    fixed_at: null,
    source: null,
  });
  return {
    card: summary,
    bm: {
      tag: 'Vulca 24',
      series: 'vulca',
      number: 24,
      people: true,
      card_type: 'support',
      fire: fireState === 'user' ? 3 : 1,
      earth: 1,
      moons: 1,
      capacity: null,
      icons: ['stop'],
      gang: null,
      bluff: null,
      deck: 'Vulca',
      name_en: 'Flickering Fires',
      name_de: 'Feuerzauber',
      text_en: 'You may not play leadership cards.',
      text_de: 'Du darfst keine Anführeraktionen auslegen.',
      facts: [
        fireState === 'user' ? fact('fire', '3', 'user', '1') : fact('fire', '1', 'catalog'),
        fact('gang', null, 'absent'),
      ],
      fixable: [
        { fact: 'moons', unknown: true, input: 'number', choices: [] },
        { fact: 'type', unknown: false, input: 'choice', choices: ['leader', 'support'] },
      ],
      rejected_fixes: [],
    },
    other: null,
    rulings: [
      {
        ruling: {
          id: 'bm-en-1',
          game: 'blue-moon',
          game_title: 'Blue Moon',
          source: 'blue-moon-faq-en',
          source_title: 'Blue Moon FAQ (English)',
          lang: 'en',
          kind: 'qa',
          section: ['Specific Cases'],
          title: 'Can I play leadership cards under Flickering Fires?',
        },
        display: 'Q: Can I play leadership cards under Flickering Fires? A: No.',
        reason: 'own',
        with: [],
        role: 'subject',
        topic: null,
      },
    ],
    rulings_error: null,
  };
}

beforeEach(() => {
  vi.clearAllMocks();
  service.cards_filter_options.mockResolvedValue({
    games: [{ value: 'blue-moon', label: 'Blue Moon' }],
    series: [{ value: 'vulca', label: 'Vulca' }],
    types: [{ value: 'support', label: '' }],
    icons: [{ value: 'stop', label: '' }],
  });
  service.cards_find.mockImplementation(async (args) => searchFor(String(args?.text)));
  service.cards_page.mockResolvedValue(pageWith('catalog'));
  service.deck_list.mockResolvedValue([]);
});

describe('Cards screen', () => {
  it('suggests the card while typing a number or a German name, and opens it with Enter', async () => {
    render(Cards, { lang: 'en', onerror: vi.fn() });
    const input = screen.getByTestId('cards-search');
    await fireEvent.input(input, { target: { value: 'Feuerzauber' } });
    const hit = await screen.findByTestId('card-hit-vulca-24');
    expect(hit.textContent).toContain('Vulca 24');
    expect(hit.textContent).toContain('“Feuerzauber”');
    expect(service.cards_find).toHaveBeenLastCalledWith({ text: 'Feuerzauber', filter: { game: null, series: null, card_type: null, icon: null }, limit: 30 });

    await fireEvent.input(input, { target: { value: 'V24' } });
    await vi.waitFor(() => expect(service.cards_find).toHaveBeenLastCalledWith({ text: 'V24', filter: expect.anything(), limit: 30 }));
    await fireEvent.keyDown(input, { key: 'Enter' });
    const title = await screen.findByTestId('card-page-title');
    expect(title.textContent).toContain('Flickering Fires');
    expect(service.cards_page).toHaveBeenCalledWith({ card: 'vulca-24', lang: 'en' });
    expect(screen.getByTestId('card-text-de').textContent).toContain('Anführeraktionen');
    expect(screen.getByTestId('card-text-en').textContent).toContain('leadership');
    expect(screen.getAllByTestId('card-ruling')).toHaveLength(1);
    expect(screen.getByTestId('card-fire').textContent).toContain('1');
  });

  it('filters through Rust and shows when nothing matches', async () => {
    render(Cards, { lang: 'en', onerror: vi.fn() });
    const select = await screen.findByTestId('cards-filter-series');
    await vi.waitFor(() => expect(within(select).getByText('Vulca')).toBeTruthy());
    await fireEvent.change(select, { target: { value: 'vulca' } });
    await vi.waitFor(() =>
      expect(service.cards_find).toHaveBeenLastCalledWith({ text: '', filter: { game: null, series: 'vulca', card_type: null, icon: null }, limit: 30 }),
    );
    expect(await screen.findByTestId('cards-none')).toBeTruthy();
  });

  it('saves a fix for an unknown fact and shows the fix marked as the user’s', async () => {
    render(Cards, { lang: 'de', onerror: vi.fn() });
    await fireEvent.input(screen.getByTestId('cards-search'), { target: { value: 'V24' } });
    await fireEvent.click(await screen.findByTestId('card-hit-vulca-24'));
    const factSelect = await screen.findByTestId('fix-fact');
    // the unknown fact is offered first and labelled in German
    expect(factSelect.textContent).toContain('Monde (unbekannt)');
    service.cards_fix.mockResolvedValue([]);
    service.cards_page.mockResolvedValue(pageWith('user'));
    await fireEvent.change(factSelect, { target: { value: 'moons' } });
    await fireEvent.input(screen.getByTestId('fix-value'), { target: { value: '2' } });
    await fireEvent.click(screen.getByTestId('fix-save'));
    expect(service.cards_fix).toHaveBeenCalledWith({ card: 'vulca-24', fact: 'moons', value: '2' });
    await screen.findByTestId('fix-saved');
    await vi.waitFor(() =>
      expect(screen.getByTestId('fact-state-fire').textContent).toContain('deine Korrektur'),
    );
    expect(screen.getByTestId('fact-fire').textContent).toContain('Katalog hatte: 1');
  });

  it('reports a refused fix through onerror', async () => {
    const onerror = vi.fn();
    render(Cards, { lang: 'en', onerror });
    await fireEvent.input(screen.getByTestId('cards-search'), { target: { value: 'V24' } });
    await fireEvent.click(await screen.findByTestId('card-hit-vulca-24'));
    service.cards_fix.mockRejectedValue({ code: 'invalid_input', message: 'fire: 12 is out of range' });
    await fireEvent.change(await screen.findByTestId('fix-fact'), { target: { value: 'moons' } });
    await fireEvent.input(screen.getByTestId('fix-value'), { target: { value: '12' } });
    await fireEvent.click(screen.getByTestId('fix-save'));
    await vi.waitFor(() =>
      expect(onerror).toHaveBeenCalledWith({ code: 'invalid_input', message: 'fire: 12 is out of range' }),
    );
    expect(screen.queryByTestId('fix-saved')).toBeNull();
  });
});
