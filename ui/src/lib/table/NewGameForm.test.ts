import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';

// The new-game form against the API it really calls (lib/api/decks.ts), down to Tauri's
// `invoke`: the saved decks offered for either player, the request as the service takes it.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));

import NewGameForm from './NewGameForm.svelte';
import type { DeckSummary } from '../bindings/DeckSummary';

const fireWall: DeckSummary = {
  name: 'Fire Wall',
  people: 'Vulca',
  cards_used: 30,
  cards_allowed: 30,
  moons_used: 9,
  moons_allowed: 10,
  legal: true,
  revision: 1,
};
const draft: DeckSummary = { ...fireWall, name: 'Mist', people: 'Hoax', cards_used: 12, legal: false };

let decks: DeckSummary[] = [];
beforeEach(() => {
  invoke.mockReset();
  invoke.mockImplementation((cmd: string) =>
    cmd === 'deck_list' ? Promise.resolve(decks) : Promise.reject({ code: 'internal', message: cmd }),
  );
});

async function fill(a: string, b: string) {
  await fireEvent.input(screen.getByTestId('new-a'), { target: { value: a } });
  await fireEvent.input(screen.getByTestId('new-b'), { target: { value: b } });
}

describe('NewGameForm', () => {
  it('takes a saved deck for either player, its people following it', async () => {
    decks = [fireWall, draft];
    const onstart = vi.fn();
    render(NewGameForm, { lang: 'en', busy: false, onstart });
    const choice = await screen.findByTestId('new-deck-b');
    // a draft is offered too (the service says why it cannot be played), marked
    expect(choice.textContent).toContain('Mist (Hoax, 12/30 – not legal)');
    await fill('Ann', 'Ben');
    await fireEvent.change(choice, { target: { value: 'Fire Wall' } });
    expect((screen.getByTestId('new-pb') as HTMLInputElement).value).toBe('Vulca');
    expect((screen.getByTestId('new-pb') as HTMLInputElement).readOnly).toBe(true);
    await fireEvent.submit(screen.getByTestId('new-game'));
    expect(onstart).toHaveBeenCalledWith({
      player_a: 'Ann',
      player_b: 'Ben',
      people_a: 'Vulca',
      people_b: 'Vulca',
      first: 'A',
      deck_b: 'Fire Wall',
    });
  });

  it('is the preassembled form when no deck is saved, in German too', async () => {
    decks = [];
    const onstart = vi.fn();
    render(NewGameForm, { lang: 'de', busy: false, onstart });
    await waitFor(() => expect(invoke).toHaveBeenCalledWith('deck_list', undefined));
    expect(screen.queryByTestId('new-deck-a')).toBeNull();
    await fill('Ann', 'Ben');
    await fireEvent.submit(screen.getByTestId('new-game'));
    expect(onstart.mock.calls[0]?.[0]).not.toHaveProperty('deck_a');
    expect(screen.getByText('Neues Spiel')).toBeTruthy();
  });
});

describe('NewGameForm without saved decks', () => {
  it('sends the two players, their peoples and who starts as typed', async () => {
    const onstart = vi.fn();
    render(NewGameForm, { lang: 'en', busy: false, onstart });
    expect(screen.getByRole('heading').textContent).toBe('New game');
    await fireEvent.input(screen.getByLabelText('First player'), { target: { value: 'Ann' } });
    await fireEvent.input(screen.getByLabelText('Second player'), { target: { value: 'Ben' } });
    await fireEvent.input(screen.getByLabelText('People of the second player'), { target: { value: 'Khind' } });
    await fireEvent.click(screen.getByLabelText('Second player starts'));
    await fireEvent.submit(screen.getByTestId('new-game'));
    expect(onstart).toHaveBeenCalledWith({ player_a: 'Ann', player_b: 'Ben', people_a: 'Vulca', people_b: 'Khind', first: 'B' });
    // no way back offered unless there is somewhere to go back to
    expect(screen.queryByTestId('new-cancel')).toBeNull();
  });

  it('in German, waits while busy, and offers Cancel when there is a game to go back to', async () => {
    const oncancel = vi.fn();
    render(NewGameForm, { lang: 'de', busy: true, onstart: vi.fn(), oncancel });
    const start = screen.getByTestId('new-start') as HTMLButtonElement;
    expect(start.textContent).toBe('Spiel beginnen');
    expect(start.disabled).toBe(true);
    expect(screen.getByLabelText('Volk des ersten Spielers')).toBe(screen.getByTestId('new-pa'));
    await fireEvent.click(screen.getByTestId('new-cancel'));
    expect(oncancel).toHaveBeenCalledTimes(1);
  });
});
