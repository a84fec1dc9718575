import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/svelte';

const { historyApi } = vi.hoisted(() => ({ historyApi: { stats: vi.fn() } }));
vi.mock('../api/matches', () => ({ historyApi, tournamentApi: {} }));
vi.mock('../api', () => ({ inApp: () => true, toServiceError: (e: unknown) => e }));

import Stats from './Stats.svelte';

describe('Stats', () => {
  it('draws one bar per people, as long as the win rate Rust computed', async () => {
    historyApi.stats.mockResolvedValue({
      player: null,
      games: 4,
      average_crystals: 3,
      average_fights: 6.25,
      by_people: [
        { people: 'Vulca', games: 5, wins: 3, win_rate: 60, win_rate_text: '60.0%' },
        { people: 'Hoax', games: 3, wins: 1, win_rate: 33.3, win_rate_text: '33.3%' },
      ],
      by_matchup: [{ people: 'Hoax', opponent: 'Vulca', games: 3, wins: 1, win_rate: 33.3, win_rate_text: '33.3%' }],
    });
    render(Stats, { lang: 'en', onerror: vi.fn() });
    expect((await screen.findByTestId('stats-games')).textContent).toContain('4');
    expect(screen.getByTestId('stats-fights').textContent).toContain('6.25');
    const vulca = Number(screen.getByTestId('bar-Vulca').getAttribute('width'));
    const hoax = Number(screen.getByTestId('bar-Hoax').getAttribute('width'));
    expect(vulca).toBeCloseTo(520 * 0.6);
    expect(hoax).toBeCloseTo(520 * 0.333);
    expect(screen.getByTestId('stats-chart').textContent).toContain('60.0% (3/5)');
    expect(screen.getByTestId('stats-matchups').textContent).toContain('Hoax v Vulca');
  });

  it('says so when there are no games yet', async () => {
    historyApi.stats.mockResolvedValue({ player: null, games: 0, average_crystals: 0, average_fights: 0, by_people: [], by_matchup: [] });
    render(Stats, { lang: 'de', onerror: vi.fn() });
    expect((await screen.findByTestId('stats-none')).textContent).toContain('Noch keine beendeten Spiele');
  });
});
