import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';

// The end of a game against the API it really calls (lib/api/table.ts) down to Tauri's `invoke`.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));
import { serveCommands } from '../testing/ipc';
const service = serveCommands(invoke, ['game_next']);

import GameEnd from './GameEnd.svelte';
import { game, side, table } from '../testing/table';
import type { GameView } from '../bindings/GameView';

// the screen's way of running a call: a refusal ends as `undefined`
const run = async <T,>(f: () => Promise<T>): Promise<T | undefined> => f().catch(() => undefined);

function end(v: GameView, more: Record<string, unknown> = {}) {
  const onshow = vi.fn();
  render(GameEnd, { lang: 'en', header: table(v).header, view: v, busy: false, run, onshow, ...more });
  return onshow;
}
const over = { winner: 'A' as const, score: 3, reason: 'fourth_dragon' as const, dragons: 3, crystal_cards: 0 };

describe('GameEnd', () => {
  it("says how the game ended in the service's words and starts the next game on the revision shown", async () => {
    const next = table(game({ id: 8, revision: 1, game_no: 3 }));
    service.game_next.mockResolvedValue(next);
    const onshow = end(game({ turn: null, game_over: over, end_text: 'Ann wins 3 crystals: the fourth dragon.', end_text_de: 'Ann gewinnt 3 Kristalle.' }), { lang: 'de' });
    expect(screen.getByTestId('end-reason').textContent).toBe('Ann gewinnt 3 Kristalle.');
    expect(screen.queryByTestId('match-record')).toBeNull();
    await fireEvent.click(screen.getByTestId('next-game'));
    await waitFor(() => expect(onshow).toHaveBeenCalledWith(next));
    expect(service.game_next).toHaveBeenCalledWith({ at: { game: { kind: 'blue-moon', id: 7 }, revision: 3 }, lang: 'de' });
  });

  it('a game that decides the match records it, naming the winner and the crystals', async () => {
    service.game_next.mockRejectedValue({ code: 'changed', message: 'changed meanwhile' });
    const players = [{ ...side('A', 'Ann', 'Vulca', 0, 0), crystals: 5 }, { ...side('B', 'Ben', 'Hoax', 0, 0), crystals: 2 }];
    // the screen's run, which shows the refusal: here, a spy that sees it
    const refused = vi.fn();
    const showing = async <T,>(f: () => Promise<T>): Promise<T | undefined> => f().catch((e: unknown) => void refused(e));
    const onshow = end(game({ turn: null, game_over: over, match_over: true, match_winner: 'A', players }), { run: showing });
    expect(screen.getByTestId('match-decided').textContent).toBe('Ann wins the match 5:2');
    await fireEvent.click(screen.getByTestId('match-record'));
    expect(service.game_next).toHaveBeenCalledWith({ at: { game: { kind: 'blue-moon', id: 7 }, revision: 3 }, lang: 'en' });
    // refused: once the refusal has reached the screen, the table stays as it is
    await waitFor(() => expect(refused).toHaveBeenCalledWith({ code: 'changed', message: 'changed meanwhile' }));
    expect(onshow).not.toHaveBeenCalled();
  });

  it('an abandoned game goes on to the next; a finished match offers the rematch, its loser starting', async () => {
    service.game_next.mockResolvedValue(table(game({ id: 8 })));
    end(game({ turn: null, abandoned: true }));
    expect(screen.getByTestId('game-abandoned').textContent).toContain('Game 2:');
    await fireEvent.click(screen.getByTestId('next-game'));
    await waitFor(() => expect(service.game_next).toHaveBeenCalledTimes(1));
    document.body.innerHTML = '';
    const onrematch = vi.fn();
    end(game({ turn: null, finished: true, match_over: true, match_winner: 'A' }), { onrematch });
    expect(screen.getByTestId('match-over').textContent).toContain('Ann');
    await fireEvent.click(screen.getByTestId('rematch'));
    expect(onrematch).toHaveBeenCalledWith({ player_a: 'Ann', player_b: 'Ben', people_a: 'Vulca', people_b: 'Hoax', first: 'B', emissaries_inquisitors: false });
    document.body.innerHTML = '';
    end(game({ turn: null, finished: true, match_over: true, match_winner: 'A' }));
    expect(screen.queryByTestId('rematch')).toBeNull();
  });
});
