import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import NewGameForm from './NewGameForm.svelte';

describe('NewGameForm', () => {
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
