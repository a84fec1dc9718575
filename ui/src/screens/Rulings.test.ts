import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import type { RulingDetail } from '../lib/bindings/RulingDetail';
import type { RulingSummary } from '../lib/bindings/RulingSummary';

// Through the real API (lib/api/cards.ts) down to Tauri's `invoke`, answered command by command.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));
import { serveCommands } from '../lib/testing/ipc';
const service = serveCommands(invoke, ['cards_filter_options', 'corpus_stats', 'rulings_search', 'rulings_show']);

import Rulings from './Rulings.svelte';

const summary = (id: string, title: string): RulingSummary => ({
  id,
  game: 'blue-moon',
  game_title: 'Blue Moon',
  source: 'blue-moon-faq-de',
  source_title: 'Blue Moon FAQ (Deutsch)',
  lang: 'de',
  kind: 'ruling',
  section: ['VULCA', 'Vulca 26 "Feuerwall"'],
  title,
});

const detail = (id: string, refs: RulingSummary[]): RulingDetail => ({
  ruling: summary(id, 'Feuerwall und Nachziehen'),
  question: null,
  text: 'Karten, die man nachzieht, sind vom Feuerwall betroffen.',
  display: [
    { text: 'Karten, die man nachzieht, sind vom ', hit: false },
    { text: 'Feuerwall', hit: true },
    { text: ' betroffen.', hit: false },
  ],
  cards: [{ id: 'vulca-26', name: 'Wall of Fire', role: 'subject', matched: 'Feuerwall' }],
  refs,
  unresolved_refs: [],
  referenced_by: [],
});

beforeEach(() => {
  vi.clearAllMocks();
  service.cards_filter_options.mockResolvedValue({ games: [{ value: 'blue-moon', label: 'Blue Moon' }], series: [], types: [], icons: [] });
  service.corpus_stats.mockResolvedValue({
    version: 'x',
    total: 2,
    sources: [
      { source: 'blue-moon-faq-de', title: 'Blue Moon FAQ (Deutsch)', game: 'blue-moon', lang: 'de', records: 494, kinds: [], top_sections: 1, subsections: 1, cards_linked: 1, cards_subject: 1, refs_resolved: 0, refs_unresolved: 0 },
    ],
  });
  service.rulings_search.mockResolvedValue({
    query: 'Feuerwall',
    hits: [
      {
        ruling: summary('bm-de-1', 'Feuerwall und Nachziehen'),
        score: 3,
        excerpt: [
          { text: '…vom "', hit: false },
          { text: 'Feuerwall', hit: true },
          { text: '" betroffen.', hit: false },
        ],
      },
    ],
  });
  service.rulings_show.mockImplementation(async (args) =>
    args?.id === 'bm-de-1' ? detail('bm-de-1', [summary('bm-de-2', 'Ziehen am Zugende')]) : detail(String(args?.id), []),
  );
});

describe('Rulings screen', () => {
  it('searches in German with the language filter and marks the matched words', async () => {
    render(Rulings, { lang: 'de', onerror: vi.fn() });
    const lang = screen.getByTestId('rulings-filter-lang');
    await fireEvent.change(lang, { target: { value: 'de' } });
    await fireEvent.input(screen.getByTestId('rulings-search'), { target: { value: 'Feuerwall' } });
    const hit = await screen.findByTestId('ruling-hit');
    await vi.waitFor(() =>
      expect(service.rulings_search).toHaveBeenLastCalledWith({ text: 'Feuerwall', game: null, source: null, lang: 'de', limit: 50 }),
    );
    const marks = hit.querySelectorAll('mark');
    expect(marks).toHaveLength(1);
    expect(marks[0]?.textContent).toBe('Feuerwall');
    expect(screen.getByTestId('rulings-count').textContent).toBe('1');
    // the document filter lists what Rust reports, with its record count
    expect(screen.getByTestId('rulings-filter-source').textContent).toContain('Blue Moon FAQ (Deutsch) (494 Regeln)');
  });

  it('opens a result and follows its cross-reference', async () => {
    render(Rulings, { lang: 'en', onerror: vi.fn() });
    await fireEvent.input(screen.getByTestId('rulings-search'), { target: { value: 'Feuerwall' } });
    await fireEvent.click(await screen.findByTestId('ruling-hit'));
    const d = await screen.findByTestId('ruling-detail');
    expect(service.rulings_show).toHaveBeenCalledWith({ id: 'bm-de-1', highlight: 'Feuerwall' });
    expect(d.querySelector('mark')?.textContent).toBe('Feuerwall');
    expect(d.textContent).toContain('Wall of Fire');
    await fireEvent.click(screen.getByTestId('ruling-ref'));
    await vi.waitFor(() => expect(service.rulings_show).toHaveBeenLastCalledWith({ id: 'bm-de-2', highlight: 'Feuerwall' }));
    await fireEvent.click(screen.getByTestId('ruling-back'));
    expect(await screen.findByTestId('ruling-hit')).toBeTruthy();
  });

  it('reports a failed search through onerror', async () => {
    const onerror = vi.fn();
    service.rulings_search.mockRejectedValue({ code: 'invalid_input', message: 'Unknown language' });
    render(Rulings, { lang: 'en', onerror });
    await fireEvent.input(screen.getByTestId('rulings-search'), { target: { value: 'x' } });
    await vi.waitFor(() => expect(onerror).toHaveBeenCalledWith({ code: 'invalid_input', message: 'Unknown language' }));
  });
});
