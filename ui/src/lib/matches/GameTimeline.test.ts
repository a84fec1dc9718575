import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';

// Through the real API (lib/api/matches.ts) down to Tauri's `invoke`, answered command by command.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));
import { serveCommands } from '../testing/ipc';
const service = serveCommands(invoke, ['history_game']);

import GameTimeline from './GameTimeline.svelte';

const step = (seq: number, kind: string, player: string, dragons: [number, number], crystals: [number, number], over: string | null = null, text = '') => ({
  seq, kind, player, detail: null, text, fight: seq < 3 ? 1 : 2, dragons, crystals, game_over: over, problem: null,
});

describe('GameTimeline', () => {
  it('replays the game step by step with the state Rust folded', async () => {
    service.history_game.mockResolvedValue({
      game: {
        id: 1, match_id: 1, players: ['Anna', 'Bert'], people: ['Vulca', 'Hoax'], first: 'Anna',
        created_at: '', updated_at: '', events: 3, finished: true, winner: 'Anna', crystals: 4, dragons: 3, fights: 1,
      },
      timeline: [
        step(1, 'setup', 'Anna', [0, 0], [0, 0]),
        step(2, 'retreat', 'Bert', [1, 0], [0, 0]),
        step(3, 'retreat', 'Bert', [3, 0], [4, 0], 'Anna'),
      ],
      fights: 2,
    });
    render(GameTimeline, { id: 1, lang: 'de', onerror: vi.fn(), onback: vi.fn() });
    const state = await screen.findByTestId('step-state');
    expect(state.textContent).toContain('Aufbau');
    // the game's own count: one fight, in the singular
    expect(document.querySelector('.big')?.textContent).toContain('4 Kristalle · 1 Kampf');
    expect(screen.getByTestId('step-dragons').textContent).toContain('Anna 0 · Bert 0');
    await fireEvent.click(screen.getByTestId('step-next'));
    expect(screen.getByTestId('step-state').textContent).toContain('Rückzug');
    expect(screen.getByTestId('step-dragons').textContent).toContain('Anna 1 · Bert 0');
    await fireEvent.click(screen.getByTestId('step-last'));
    expect(screen.getByTestId('step-crystals').textContent).toContain('Anna 4 · Bert 0');
    expect(screen.getByTestId('step-state').textContent).toContain('Anna gewinnt das Spiel');
    expect((screen.getByTestId('step-next') as HTMLButtonElement).disabled).toBe(true);
    await fireEvent.click(screen.getByTestId('step-first'));
    expect(screen.getByTestId('step-dragons').textContent).toContain('Anna 0 · Bert 0');
  });

  it("shows the service's words for each step, no fight between fights, and '1 Kampf'", async () => {
    service.history_game.mockResolvedValue({
      game: {
        id: 2, match_id: 1, players: ['Ann', 'Ben'], people: ['Vulca', 'Hoax'], first: 'Ann',
        created_at: '', updated_at: '', events: 3, finished: true, winner: 'Ann', crystals: 4, dragons: 3, fights: 1,
      },
      timeline: [
        { ...step(1, 'setup', 'Ann', [0, 0], [0, 0], null, 'Ann beginnt das Spiel'), fight: null },
        step(2, 'card_played', 'Ben', [0, 0], [0, 0], null, 'Ben legt Feuerstoß aus'),
        step(3, 'game_ended', 'Ben', [0, 0], [4, 0], 'Ann', 'Ben gibt auf'),
      ],
      fights: 1,
    });
    render(GameTimeline, { id: 2, lang: 'de', onerror: vi.fn(), onback: vi.fn() });
    const state = await screen.findByTestId('step-state');
    expect(service.history_game).toHaveBeenLastCalledWith({ id: 2, lang: 'de' });
    expect(state.textContent).toContain('Ann beginnt das Spiel');
    expect(state.textContent).not.toContain('Kampf');
    expect(screen.getByText(/1 Kampf$/)).toBeTruthy();
    await fireEvent.click(screen.getByTestId('step-next'));
    expect(screen.getByTestId('step-state').textContent).toContain('Schritt 2 · Kampf 1:');
    expect(screen.getByTestId('step-state').textContent).toContain('Ben legt Feuerstoß aus');
    expect(screen.getByTestId('step-2').textContent).toContain('Ben legt Feuerstoß aus');
    expect(screen.getByTestId('step-state').textContent).not.toContain('Karte gespielt');
  });

  it('says an abandoned game has no result, with its fights counted as the engine counts them', async () => {
    service.history_game.mockResolvedValue({
      game: {
        id: 3, match_id: 1, players: ['Ann', 'Ben'], people: ['Vulca', 'Hoax'], first: 'Ann', created_at: '', updated_at: '',
        events: 2, finished: true, status: 'abandoned', winner: null, crystals: null, dragons: null, fights: null,
      },
      timeline: [{ ...step(1, 'setup', 'Ann', [0, 0], [0, 0], null, 'Ann starts the game'), fight: null }],
      fights: 0,
    });
    render(GameTimeline, { id: 3, lang: 'en', onerror: vi.fn(), onback: vi.fn() });
    expect((await screen.findByTestId('game-abandoned')).textContent).toBe('abandoned (no result) · 0 fights');
    expect(screen.queryByText(/null/)).toBeNull();
  });
});
