import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';

// Through the real API (lib/api/matches.ts) down to Tauri's `invoke`, answered command by command.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));
import { serveCommands } from '../lib/testing/ipc';
const service = serveCommands(invoke, ['app_info', 'history_games', 'history_unfinished', 'tournament_list']);

import Matches from './Matches.svelte';

describe('Matches screen', () => {
  it('shows a database set aside at start prominently, with where the file is', async () => {
    service.app_info.mockResolvedValue({
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
    service.tournament_list.mockResolvedValue([]);
    render(Matches, { lang: 'en', onerror: vi.fn() });
    const notice = await screen.findByTestId('matches-notice-database_set_aside');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('/d/tablemate.corrupt-1.db');
    expect(await screen.findByTestId('events-none')).toBeTruthy();
  });

  it('switches between tournaments, history and statistics', async () => {
    service.app_info.mockResolvedValue({ version: '', data_dir: '', user_db: '', schema_version: 1, notices: [] });
    service.tournament_list.mockResolvedValue([]);
    service.history_unfinished.mockResolvedValue({ games: [], matches: [] });
    service.history_games.mockResolvedValue([]);
    render(Matches, { lang: 'de', onerror: vi.fn() });
    await fireEvent.click(screen.getByTestId('matches-tab-history'));
    expect((await screen.findByTestId('games-none')).textContent).toContain('Noch keine Spiele');
    expect(screen.getByTestId('matches-tab-history').getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('matches-notice-database_set_aside')).toBeNull();
  });
});
