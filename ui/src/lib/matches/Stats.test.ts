import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';

// Through the real API (lib/api/matches.ts) down to Tauri's `invoke`, answered command by command.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));
import { serveCommands } from '../testing/ipc';
const service = serveCommands(invoke, ['history_stats', 'other_stats']);

import Stats from './Stats.svelte';

describe('Stats', () => {
  it('draws one bar per people, as long as the win rate Rust computed', async () => {
    service.history_stats.mockResolvedValue({
      player: null,
      games: 4,
      average_crystals: 3,
      average_fights: 6.25,
      by_people: [
        { people: 'Vulca', games: 5, wins: 3, win_rate: 60, win_rate_text: '60.0%' },
        { people: 'Hoax', games: 3, wins: 1, win_rate: 33.3, win_rate_text: '33.3%' },
      ],
      by_matchup: [{ people: 'Hoax', opponent: 'Vulca', games: 3, wins: 1, win_rate: 33.3, win_rate_text: '33.3%' }],
      by_deck: [],
    });
    render(Stats, { lang: 'en', onerror: vi.fn() });
    expect((await screen.findByTestId('stats-games')).textContent).toContain('4');
    expect(service.history_stats).toHaveBeenCalledWith({ player: null, lang: 'en' });
    expect(screen.getByTestId('stats-fights').textContent).toContain('6.25');
    const vulca = Number(screen.getByTestId('bar-Vulca').getAttribute('width'));
    const hoax = Number(screen.getByTestId('bar-Hoax').getAttribute('width'));
    expect(vulca).toBeCloseTo(520 * 0.6);
    expect(hoax).toBeCloseTo(520 * 0.333);
    expect(screen.getByTestId('stats-chart').textContent).toContain('60.0% (3/5)');
    expect(screen.getByTestId('stats-matchups').textContent).toContain('Hoax v Vulca');
    // no constructed deck played: no deck table
    expect(screen.queryByTestId('stats-decks')).toBeNull();
  });

  it('lists games and wins per constructed deck, in German', async () => {
    service.history_stats.mockResolvedValue({
      player: 'Ann',
      games: 3,
      average_crystals: 2,
      average_fights: 5,
      by_people: [{ people: 'Vulca', games: 3, wins: 2, win_rate: 66.7, win_rate_text: '66.7%' }],
      by_matchup: [],
      by_deck: [{ deck: 'Fire Wall', people: 'Vulca', games: 2, wins: 2, win_rate: 100, win_rate_text: '100.0%' }],
    });
    render(Stats, { lang: 'de', onerror: vi.fn() });
    const decks = await screen.findByTestId('stats-decks');
    expect(decks.textContent).toContain('Fire Wall (Vulca)');
    expect(decks.textContent).toContain('100.0%');
    expect(decks.textContent).toContain('2 von 2');
    expect(screen.getByText('Siegquote je eigenem Deck')).toBeTruthy();
  });

  it('says so when there are no games yet', async () => {
    service.history_stats.mockResolvedValue({ player: null, games: 0, average_crystals: 0, average_fights: 0, by_people: [], by_matchup: [], by_deck: [] });
    render(Stats, { lang: 'de', onerror: vi.fn() });
    expect((await screen.findByTestId('stats-none')).textContent).toContain('Noch keine beendeten Spiele');
  });

  it('shows the chosen other game: figures, ends by their enum, bars per player and deck, matchups', async () => {
    service.history_stats.mockResolvedValue({ player: null, games: 0, average_crystals: 0, average_fights: 0, by_people: [], by_matchup: [], by_deck: [] });
    service.other_stats.mockResolvedValue({
      kind: 'whi',
      title: 'Warhammer: Invasion',
      player: null,
      games: 3,
      ties: 0,
      average_turns: 7.33,
      figure: 'loser_zones_burned',
      average_figure: 1.67,
      ends: [
        { end: 'zones_burned', games: 2, share: 66.7, share_text: '66.7%' },
        { end: 'deck_empty', games: 1, share: 33.3, share_text: '33.3%' },
      ],
      by_player: [
        { name: 'Ann', games: 3, wins: 2, ties: 0, win_rate: 66.7, win_rate_text: '66.7%' },
        { name: 'Ben', games: 3, wins: 1, ties: 0, win_rate: 33.3, win_rate_text: '33.3%' },
      ],
      by_deck: [{ name: 'Dwarfs', games: 2, wins: 2, ties: 0, win_rate: 100, win_rate_text: '100.0%' }],
      by_matchup: [{ deck: 'Chaos', opponent: 'Dwarfs', games: 2, wins: 0, ties: 1, win_rate: 0, win_rate_text: '0.0%' }],
      unreadable: 0,
    });
    render(Stats, { lang: 'de', onerror: vi.fn() });
    await screen.findByTestId('stats-none');
    await fireEvent.change(screen.getByTestId('stats-game'), { target: { value: 'whi' } });
    expect((await screen.findByTestId('stats-turns')).textContent).toContain('7.33');
    expect(service.other_stats).toHaveBeenCalledWith({ kind: 'whi', player: null, lang: 'de' });
    expect(screen.getByTestId('stats-games').textContent).toContain('3');
    expect(screen.getByTestId('stats-figure').textContent).toContain('1.67');
    expect(screen.getByTestId('stats-figure-label').textContent).toBe('Brennende Zonen des Verlierers');
    const ends = screen.getByTestId('stats-ends').textContent ?? '';
    expect(ends).toContain('Zonen verbrannt');
    expect(ends).toContain('66.7%');
    expect(ends).toContain('Deck leer');
    expect(screen.getByTestId('stats-players-Ann').style.width).toBe('66.7%');
    expect(screen.getByTestId('stats-decks-Dwarfs').style.width).toBe('100%');
    expect(screen.getByTestId('stats-players').textContent).toContain('66.7% (2/3)');
    expect(screen.getByTestId('stats-matchups').textContent).toContain('Chaos gegen Dwarfs');
    expect(screen.getByTestId('stats-matchups').textContent).toContain('1 unentschieden');
    expect(screen.queryByTestId('stats-crystals')).toBeNull();
  });
});
