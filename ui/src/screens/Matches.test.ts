import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';

const { historyApi, tournamentApi } = vi.hoisted(() => ({
  historyApi: { appInfo: vi.fn(), unfinished: vi.fn(), games: vi.fn(), stats: vi.fn() },
  tournamentApi: { list: vi.fn() },
}));
vi.mock('../lib/api/matches', () => ({ historyApi, tournamentApi }));
vi.mock('../lib/api', () => ({ inApp: () => true, toServiceError: (e: unknown) => e }));

import Matches from './Matches.svelte';

describe('Matches screen', () => {
  it('shows a database set aside at start prominently, with where the file is', async () => {
    historyApi.appInfo.mockResolvedValue({
      version: '0.1.0',
      data_dir: '/d',
      user_db: '/d/tablemate.db',
      schema_version: 3,
      notices: [
        {
          kind: 'database_set_aside',
          message: 'Your database could not be read (file is not a database). It was kept at /d/tablemate.corrupt-1.db and a new, empty one was started.',
        },
      ],
    });
    tournamentApi.list.mockResolvedValue([]);
    render(Matches, { lang: 'en', onerror: vi.fn() });
    const notice = await screen.findByTestId('matches-notice-database_set_aside');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('/d/tablemate.corrupt-1.db');
    expect(await screen.findByTestId('events-none')).toBeTruthy();
  });

  it('switches between tournaments, history and statistics', async () => {
    historyApi.appInfo.mockResolvedValue({ version: '', data_dir: '', user_db: '', schema_version: 1, notices: [] });
    tournamentApi.list.mockResolvedValue([]);
    historyApi.unfinished.mockResolvedValue({ games: [], matches: [] });
    historyApi.games.mockResolvedValue([]);
    render(Matches, { lang: 'de', onerror: vi.fn() });
    await fireEvent.click(screen.getByTestId('matches-tab-history'));
    expect((await screen.findByTestId('games-none')).textContent).toContain('Noch keine Spiele');
    expect(screen.getByTestId('matches-tab-history').getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('matches-notice-database_set_aside')).toBeNull();
  });
});
