import { describe, expect, it, vi } from 'vitest';
import { createRawSnippet } from 'svelte';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';

// The shell against the API it really calls (lib/api/table.ts) down to Tauri's `invoke`.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));
import { serveCommands } from '../testing/ipc';
const service = serveCommands(invoke, ['table_undo', 'table_redo', 'table_abandon', 'table_mark_seen']);

import TableShell from './TableShell.svelte';
import ShellBarInBoard from '../testing/ShellBarInBoard.svelte';
import { game, table } from '../testing/table';
import { otherTable, whiGame, whiPrompt } from '../testing/othergames';
import type { TableView } from '../bindings/TableView';

const board = createRawSnippet(() => ({ render: () => '<div data-testid="the-board">board</div>' }));
const tools = createRawSnippet(() => ({ render: () => '<button data-testid="own-tool">mine</button>' }));
// the screen's way of running a call: a refusal ends as `undefined`, as the screens do
const run = async <T,>(f: () => Promise<T>): Promise<T | undefined> => f().catch(() => undefined);

function shell(t: TableView, more: Record<string, unknown> = {}) {
  const onshow = vi.fn();
  const ondismissed = vi.fn();
  const r = render(TableShell, { lang: 'en', table: t, busy: false, run, onshow, ondismissed, board, ...more });
  return { onshow, ondismissed, component: r.component };
}

describe('TableShell', () => {
  it('draws the title, who is to play, undo and redo as the header says, and the board', () => {
    const t = otherTable({ ...whiGame(), can_undo: true, can_redo: false });
    shell(t, { tools, toPlay: 'Ann' });
    expect(screen.getByTestId('table-title').textContent).toBe('Warhammer: Invasion');
    expect(screen.getByTestId('table-status').textContent?.trim()).toBe('Ann to play');
    expect((screen.getByTestId('table-undo') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('table-redo') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('own-tool')).toBeTruthy();
    expect(screen.getByTestId('the-board').textContent).toBe('board');
    expect(screen.queryByTestId('unreadable')).toBeNull();
  });

  it('says who won, or a tie, in German, instead of who is to play', () => {
    const won = otherTable({ ...whiGame(), outcome: { state: 'won', seat: 'B', name: 'Ben' } });
    shell(won, { tools, toPlay: 'Ann', lang: 'de' });
    expect(screen.getByTestId('table-status').textContent?.trim()).toBe('Ben hat gewonnen');
    document.body.innerHTML = '';
    shell(otherTable({ ...whiGame(), outcome: { state: 'tie' } }), { tools, toPlay: 'Ann', lang: 'de' });
    expect(screen.getByTestId('table-status').textContent?.trim()).toBe('Unentschieden');
  });

  it('gives the board its bar to place (Blue Moon: in the dock, no title), and says why a log is read only so far', () => {
    const t = table(game({ unreadable: 'Event 9 is not accepted.', can_undo: true, redo_depth: 2 }));
    render(ShellBarInBoard, { lang: 'en', table: t, busy: false, run, onshow: vi.fn(), redoDepth: 2, shortcuts: true });
    const bar = screen.getByTestId('table-bar');
    expect(screen.getByTestId('the-dock').contains(bar)).toBe(true);
    expect(screen.getAllByTestId('table-bar')).toHaveLength(1);
    expect(screen.queryByTestId('table-title')).toBeNull();
    expect(screen.getByTestId('table-redo').getAttribute('aria-label')).toBe('Redo (2)');
    expect(screen.getByTestId('table-undo').getAttribute('aria-keyshortcuts')).toBe('Control+Z');
    expect(bar.contains(screen.getByTestId('own-tool'))).toBe(true);
    expect(screen.getByTestId('unreadable').textContent).toBe('Event 9 is not accepted.');
  });

  it('undoes and redoes the game as the table drew it, and hands the table back', async () => {
    const t = otherTable({ ...whiGame(), can_undo: true, can_redo: true });
    const after = otherTable({ ...whiGame(), revision: 4 });
    service.table_undo.mockResolvedValue(after);
    service.table_redo.mockResolvedValue(t);
    const { onshow } = shell(t, { tools, lang: 'de' });
    await fireEvent.click(screen.getByTestId('table-undo'));
    await waitFor(() => expect(onshow).toHaveBeenCalledWith(after, 'undo'));
    expect(service.table_undo).toHaveBeenCalledWith({ at: { game: { kind: 'warhammer-invasion', id: 7 }, revision: 3 }, lang: 'de' });
    await fireEvent.click(screen.getByTestId('table-redo'));
    await waitFor(() => expect(onshow).toHaveBeenLastCalledWith(t, 'redo'));
  });

  it('abandons a Blue Moon game as confirmed, through the one table call', async () => {
    const t = table(game());
    const done = table(game({ abandoned: true, turn: null, revision: 4 }));
    service.table_abandon.mockResolvedValue(done);
    const { onshow, component } = shell(t);
    await (component as unknown as { abandon: (c: boolean) => Promise<void> }).abandon(true);
    expect(service.table_abandon).toHaveBeenCalledWith({ at: { game: { kind: 'blue-moon', id: 7 }, revision: 3 }, confirmed: true, lang: 'en' });
    expect(onshow).toHaveBeenCalledWith(done, 'abandon');
  });

  it('draws the rulings prompt in the one Prompts component; a dismissed ruling is marked seen in the game', async () => {
    service.table_mark_seen.mockResolvedValue(null);
    const prompts = [whiPrompt('whi-1', 'Grimgor does not trigger.', ['Rip Dere']), whiPrompt('whi-2', 'Grimgor costs 4.')];
    const { ondismissed } = shell(otherTable(whiGame()), { prompts, promptsFor: 'Grimgor Ironhide' });
    const section = screen.getByTestId('table-prompts');
    expect(section.querySelector('h3')?.textContent).toBe('Rulings for this card: Grimgor Ironhide');
    expect(screen.getByTestId('prompts').querySelectorAll('details').length).toBe(2);
    await fireEvent.click(screen.getAllByTestId('prompt-dismiss')[0]!);
    await waitFor(() => expect(ondismissed).toHaveBeenCalledWith('whi-1'));
    expect(service.table_mark_seen).toHaveBeenCalledWith({ game: { kind: 'warhammer-invasion', id: 7 }, ruling: 'whi-1', lang: 'en' });
  });

  it('keeps a ruling the service refused to mark seen; no prompt asked for draws none, an empty one says so', async () => {
    service.table_mark_seen.mockRejectedValue({ code: 'not_found', message: 'no such ruling' });
    const { ondismissed } = shell(otherTable(whiGame()), { prompts: [whiPrompt('whi-1', 'x')], promptsFor: 'X' });
    await fireEvent.click(screen.getByTestId('prompt-dismiss'));
    await waitFor(() => expect(service.table_mark_seen).toHaveBeenCalled());
    // let the refusal settle (the call is recorded before its rejection reaches the shell)
    await new Promise((settled) => setTimeout(settled, 0));
    expect(ondismissed).not.toHaveBeenCalled();
    document.body.innerHTML = '';
    shell(otherTable(whiGame()), { prompts: null });
    expect(screen.queryByTestId('table-prompts')).toBeNull();
    document.body.innerHTML = '';
    shell(otherTable(whiGame()), { prompts: [], promptsFor: 'X' });
    expect(screen.getByTestId('table-prompts').textContent).toContain('No ruling names this card.');
  });
});
