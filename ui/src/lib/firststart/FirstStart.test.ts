import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';

// The first start as the table screen shows it, against the API it really calls (lib/api/game.ts
// as it is, down to Tauri's `invoke`, answered here command by command). A command this file
// does not answer fails the test.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));

import { serveCommands } from '../testing/ipc';
// the new-game form offers the saved constructed decks
const service = serveCommands(invoke, ['table_current', 'table_new', 'table_abandon', 'game_suggest', 'tournament_table_clock', 'deck_list']);

import Table from '../../screens/Table.svelte';
import { game, side, table } from '../testing/table';
import { preloadSheets } from '../table/later.svelte';

const wake = vi.fn();

// the sheets' chunks are in before a test opens one, as after the app's first frame
beforeAll(() => preloadSheets());

beforeEach(() => {
  service.tournament_table_clock.mockResolvedValue(null);
  service.game_suggest.mockResolvedValue([]);
  service.deck_list.mockResolvedValue([]);
});


/** The practice game's table as the service returns it: Ann (Vulca) against Ben (Hoax), game 1. */
const practice = (over = {}) =>
  table(game({ id: 11, revision: 1, game_no: 1, players: [side('A', 'Ann', 'Vulca', 0, 0), side('B', 'Ben', 'Hoax', 0, 0)], ...over }));

describe('first start', () => {
  it('beside the new-game form, says what the table shows, with the example fight in words', async () => {
    service.table_current.mockResolvedValue(null);
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    const about = await screen.findByTestId('first-start');
    expect(screen.getByTestId('new-game')).toBeTruthy();
    expect(within(about).getByRole('heading').textContent).toBe('What Tablemate does at the table');
    const example = screen.getByTestId('first-example');
    expect(example.textContent).toContain('Flash the Incendiary');
    expect(example.textContent).toContain('Fire 6');
    expect(screen.getByTestId('first-needs').textContent).toBe('Ben’s turn: he needs at least 6 Fire, or he retreats.');
    expect(screen.getByTestId('first-steps').querySelectorAll('li')).toHaveLength(3);
  });

  it('in German, names the cards by their German names', async () => {
    service.table_current.mockResolvedValue(null);
    render(Table, { lang: 'de', onerror: vi.fn(), wake });
    const example = await screen.findByTestId('first-example');
    expect(example.textContent).toContain('Blizzar der Brandstifter');
    expect(example.textContent).toContain('Feuer 6');
    expect(screen.getByTestId('first-try').textContent).toBe('Probekampf starten');
  });

  it('“Try a fight” starts the practice game through table_new; the fight replaces the first start', async () => {
    service.table_current.mockResolvedValue(null);
    service.table_new.mockResolvedValue(practice());
    render(Table, { lang: 'de', onerror: vi.fn(), wake });
    await fireEvent.click(await screen.findByTestId('first-try'));
    await waitFor(() =>
      expect(service.table_new).toHaveBeenCalledWith({
        request: { game: 'blue_moon', request: { player_a: 'Ann', player_b: 'Ben', people_a: 'Vulca', people_b: 'Hoax', first: 'A' } },
        lang: 'de',
      }),
    );
    await screen.findByTestId('fight');
    expect(screen.queryByTestId('first-start')).toBeNull();
    expect(screen.queryByTestId('new-game')).toBeNull();
  });

  it('the practice game is abandoned under More → Abandon game, with the game as the table drew it', async () => {
    service.table_current.mockResolvedValue(null);
    service.table_new.mockResolvedValue(practice());
    service.table_abandon.mockResolvedValue(practice({ revision: 2, abandoned: true, turn: null, can_undo: true }));
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    await fireEvent.click(await screen.findByTestId('first-try'));
    await fireEvent.click(await screen.findByTestId('open-more'));
    await fireEvent.click(await screen.findByTestId('abandon'));
    await fireEvent.click(await screen.findByTestId('abandon-yes'));
    await waitFor(() =>
      expect(service.table_abandon).toHaveBeenCalledWith({ at: { game: { kind: 'blue-moon', id: 11 }, revision: 1 }, confirmed: true, lang: 'en' }),
    );
    expect((await screen.findByTestId('game-abandoned')).textContent).toContain('abandoned (no result)');
  });

  it('a refused practice game is said as the service words it, and the first start stays', async () => {
    service.table_current.mockResolvedValue(null);
    service.table_new.mockRejectedValue({ code: 'storage', message: 'The database is read-only.' });
    const onerror = vi.fn();
    render(Table, { lang: 'en', onerror, wake });
    await fireEvent.click(await screen.findByTestId('first-try'));
    await waitFor(() => expect(onerror).toHaveBeenCalledWith({ code: 'storage', message: 'The database is read-only.' }));
    expect(screen.getByTestId('first-start')).toBeTruthy();
  });

  it('is not shown while a game is in progress, nor after a match (only the form then)', async () => {
    service.table_current.mockResolvedValue(practice({ finished: true, match_over: true, match_winner: 'A', game_over: null }));
    render(Table, { lang: 'en', onerror: vi.fn(), wake });
    await screen.findByTestId('new-game');
    expect(screen.queryByTestId('first-start')).toBeNull();
  });
});
