import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';

// A file of its own: no sheet's chunk is loaded before the test (each test file has its own
// modules), as when a sheet is opened at once after the app's start.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));

import { serveCommands } from '../testing/ipc';
const service = serveCommands(invoke, ['table_current', 'game_suggest', 'tournament_table_clock', 'deck_list', 'device_pref_set']);

import Table from '../../screens/Table.svelte';
import { game, table } from '../testing/table';
import { sheets } from './later.svelte';

describe('the sheets loaded after the first screen', () => {
  it('opens More before its chunk is in: the sheet is there at once, its menu as soon as it has come', async () => {
    service.table_current.mockResolvedValue(table(game()));
    service.tournament_table_clock.mockResolvedValue(null);
    service.game_suggest.mockResolvedValue([]);
    render(Table, { lang: 'en', onerror: vi.fn(), wake: vi.fn() });
    await fireEvent.click(await screen.findByTestId('open-more'));
    expect(screen.getByTestId('sheet-more')).toBeTruthy();
    expect(await screen.findByTestId('face-to-face')).toBeTruthy();
    expect(sheets.more).toBeDefined();
    expect(sheets.why).toBeUndefined();
  });
});
