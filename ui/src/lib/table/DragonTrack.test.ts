import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import DragonTrack from './DragonTrack.svelte';
import { game } from '../testing/table';

describe('DragonTrack', () => {
  it("puts each dragon on its player's side, named, and offers the element while it is open", async () => {
    const onchoose = vi.fn();
    render(DragonTrack, { lang: 'en', view: game(), busy: false, onchoose });
    expect(screen.getByTestId('dragons-A').textContent).toContain('Ann');
    expect(screen.getByTestId('dragons-A').querySelectorAll('.dragon').length).toBe(1);
    expect(screen.getByTestId('dragons-centre').querySelectorAll('.dragon').length).toBe(2);
    expect(screen.getByTestId('dragons-B').querySelectorAll('.dragon').length).toBe(0);
    await fireEvent.click(screen.getByTestId('choose-earth'));
    expect(onchoose).toHaveBeenCalledWith('earth');
  });

  it('shows the contested element instead of the buttons once chosen', () => {
    render(DragonTrack, { lang: 'de', view: game({ contested: 'fire' }), busy: false, onchoose: vi.fn() });
    expect(screen.getByTestId('contested').textContent).toBe('Feuer');
    expect(screen.queryByTestId('choose-fire')).toBeNull();
  });

  it('turns the element choice to the player who chooses it, across the table, until it is chosen', () => {
    const { unmount } = render(DragonTrack, { lang: 'en', view: game(), busy: false, onchoose: vi.fn(), turned: true });
    expect(screen.getByTestId('element').classList.contains('turned')).toBe(true);
    unmount();
    render(DragonTrack, { lang: 'en', view: game({ contested: 'fire' }), busy: false, onchoose: vi.fn(), turned: true });
    expect(screen.getByTestId('element').classList.contains('turned')).toBe(false);
  });

  it('says in words where each dragon is (colour is not the only cue)', () => {
    render(DragonTrack, { lang: 'en', view: game(), busy: false, onchoose: vi.fn() });
    expect(screen.getByTestId('dragons-A').textContent?.trim()).toBe('Ann: 1 dragon (red)');
    expect(screen.getByTestId('dragons-centre').textContent?.trim()).toBe('centre: 2 dragons (green, blue)');
    expect(screen.getByTestId('dragons-B').textContent?.trim()).toBe('Ben: no dragon');
    expect(screen.getByTestId('dragons-A').querySelector('.dragons')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('offers no element once the game is over between fights', () => {
    const over = game({ game_over: { winner: 'A', reason: 'out_of_cards', dragons: 1, crystal_cards: 0, score: 1 } });
    render(DragonTrack, { lang: 'en', view: over, busy: false, onchoose: vi.fn() });
    expect(screen.queryByTestId('choose-fire')).toBeNull();
    expect(screen.queryByTestId('choose-earth')).toBeNull();
  });
});
