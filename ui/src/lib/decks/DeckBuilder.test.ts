import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';

// The deck builder against the API it really calls (lib/api/decks.ts), down to Tauri's
// `invoke`, answered here command by command; a command not answered fails the test.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));

const service = {
  deck_list: vi.fn(),
  deck_view: vi.fn(),
  deck_new: vi.fn(),
  deck_change: vi.fn(),
  deck_delete: vi.fn(),
  deck_export_file: vi.fn(),
  deck_import_file: vi.fn(),
};
type Command = keyof typeof service;
let unanswered: string[] = [];

import DeckBuilder from './DeckBuilder.svelte';
import type { DeckView } from '../bindings/DeckView';

function deck(over: Partial<DeckView> = {}): DeckView {
  return {
    name: 'Fire Wall',
    people: 'Vulca',
    inquisitor: null,
    emissaries_inquisitors: false,
    buka: false,
    cards: [
      { id: 'vulca-02', tag: 'Vulca 02', name: 'Flash the Incendiary [Vulca 02]', moons: 0, reason: 'own_people', copies: 1 },
      { id: 'flit-07', tag: 'Flit 07', name: 'Tittertweet [Flit 07]', moons: 2, reason: 'bought', copies: 2 },
    ],
    cards_used: 3,
    cards_allowed: 30,
    moons_used: 2,
    moons_allowed: 10,
    legal: false,
    problems: ['Tittertweet [Flit 07] is in the deck 2 times: a deck holds one copy of each card.'],
    revision: 4,
    ...over,
  };
}

beforeEach(() => {
  for (const answer of Object.values(service)) answer.mockReset();
  unanswered = [];
  invoke.mockReset();
  invoke.mockImplementation((cmd: string, args?: Record<string, unknown>) => {
    if (!(cmd in service)) {
      unanswered.push(cmd);
      return Promise.reject({ code: 'internal', message: `unexpected command ${cmd}` });
    }
    return service[cmd as Command](args);
  });
});

afterEach(() => {
  expect(unanswered, 'commands the builder called that the API does not have here').toEqual([]);
});

describe('DeckBuilder', () => {
  it('creates a deck with the form as the service expects it and shows its cost and problems', async () => {
    service.deck_list.mockResolvedValue([]);
    service.deck_new.mockResolvedValue(deck());
    render(DeckBuilder, { lang: 'en', onerror: vi.fn() });
    await screen.findByTestId('decks-none');
    await fireEvent.input(screen.getByTestId('deck-new-name'), { target: { value: 'Fire Wall' } });
    await fireEvent.change(screen.getByTestId('deck-new-inquisitor'), { target: { value: 'Razor-Mind' } });
    await fireEvent.submit(screen.getByTestId('deck-new'));
    await waitFor(() => expect(service.deck_new).toHaveBeenCalled());
    // an inquisitor needs the Emissaries and Inquisitors cards: the form allows them with it
    expect(service.deck_new.mock.calls[0]?.[0]).toEqual({
      name: 'Fire Wall',
      people: 'Vulca',
      inquisitor: 'Razor-Mind',
      emissariesInquisitors: true,
      buka: false,
      lang: 'en',
    });
    const counts = await screen.findByTestId('deck-counts');
    expect(counts.textContent).toContain('3 / 30');
    expect(counts.textContent).toContain('2 / 10');
    expect(screen.getByTestId('deck-problems').textContent).toContain('2 times');
    expect(screen.getByTestId('deck-cards').textContent).toContain('free (own people)');
    expect(screen.getByTestId('deck-cards').textContent).toContain('2 moons');
  });

  it('adds a card at the revision shown and shows a refusal at the card entry', async () => {
    service.deck_list.mockResolvedValue([
      { name: 'Fire Wall', people: 'Vulca', cards_used: 3, cards_allowed: 30, moons_used: 2, moons_allowed: 10, legal: false },
    ]);
    service.deck_view.mockResolvedValue(deck());
    service.deck_change.mockRejectedValueOnce({ code: 'invalid_input', message: 'No card matches “xq”.' });
    render(DeckBuilder, { lang: 'de', onerror: vi.fn() });
    await fireEvent.click(await screen.findByText('Fire Wall'));
    await screen.findByTestId('deck');
    await fireEvent.input(screen.getByTestId('deck-add'), { target: { value: 'xq' } });
    await fireEvent.click(screen.getByTestId('deck-add-button'));
    expect((await screen.findByTestId('deck-refusal')).textContent).toContain('No card matches');
    expect(service.deck_change.mock.calls[0]?.[0]).toEqual({
      name: 'Fire Wall',
      revision: 4,
      change: 'add',
      cards: ['xq'],
      lang: 'de',
    });
    // German labels
    expect(screen.getByTestId('deck-counts').textContent).toContain('Karten');
  });

  it('exports the open deck to a file and imports one, the app choosing the path', async () => {
    service.deck_list.mockResolvedValue([
      { name: 'Fire Wall', people: 'Vulca', cards_used: 3, cards_allowed: 30, moons_used: 2, moons_allowed: 10, legal: false },
    ]);
    service.deck_view.mockResolvedValue(deck());
    service.deck_export_file.mockResolvedValue('/home/ann/Fire Wall.txt');
    render(DeckBuilder, { lang: 'en', onerror: vi.fn() });
    await fireEvent.click(await screen.findByText('Fire Wall'));
    await fireEvent.click(await screen.findByTestId('deck-export-file'));
    expect((await screen.findByTestId('deck-file-note')).textContent).toBe('Saved to /home/ann/Fire Wall.txt.');
    // the page sends the deck's name and language, never a path
    expect(service.deck_export_file.mock.calls[0]?.[0]).toEqual({ name: 'Fire Wall', lang: 'en' });

    await fireEvent.click(screen.getByTestId('deck-back'));
    service.deck_import_file.mockRejectedValueOnce({ code: 'invalid_input', message: 'Line 3: No card matches “xq”.' });
    await fireEvent.click(await screen.findByTestId('deck-import-file'));
    expect((await screen.findByTestId('deck-file-refusal')).textContent).toContain('Line 3');
    service.deck_import_file.mockResolvedValueOnce(deck({ name: 'Ice Wall' }));
    await fireEvent.click(screen.getByTestId('deck-import-file'));
    expect((await screen.findByTestId('deck-file-note')).textContent).toBe('Deck “Ice Wall” imported.');
    expect(screen.getByTestId('deck').textContent).toContain('Ice Wall');
  });

  it('does nothing when the dialog is cancelled', async () => {
    service.deck_list.mockResolvedValue([]);
    service.deck_import_file.mockResolvedValue(null);
    render(DeckBuilder, { lang: 'de', onerror: vi.fn() });
    await fireEvent.click(await screen.findByTestId('deck-import-file'));
    await waitFor(() => expect(service.deck_import_file).toHaveBeenCalledWith({ lang: 'de' }));
    expect(screen.queryByTestId('deck-file-note')).toBeNull();
    expect(screen.getByTestId('decks-none')).toBeTruthy();
  });
});
