import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';

// The notes call no service of their own: "Pass anyway" is the screen's act (Table.test.ts sends
// it and shows its refusal); here, what they draw and which callback each control calls.
import DockNotes from './DockNotes.svelte';
import { card, forbidden, game, preview, side } from '../testing/table';
import type { GameView } from '../bindings/GameView';

function notes(v: GameView, more: Record<string, unknown> = {}) {
  const calls = { onpassanyway: vi.fn(), onhidewarnings: vi.fn(), ondismissrefusal: vi.fn(), onplay: vi.fn(), oncancel: vi.fn(), onfix: vi.fn() };
  render(DockNotes, {
    lang: 'en',
    view: v,
    half: null,
    busy: false,
    pending: null,
    refusal: null,
    warningsShown: false,
    ...calls,
    ...more,
  });
  return calls;
}

describe('DockNotes', () => {
  it('draws nothing while nothing interrupts the entry', () => {
    notes(game());
    expect(screen.queryByTestId('dock-notes')).toBeNull();
  });

  it('names who is out of cards and words the warnings; ✕ puts them away; over the half turned face to face', async () => {
    const v = game({
      players: [{ ...side('A', 'Ann', 'Vulca', 0, 0), out_of_cards: true }, side('B', 'Ben', 'Hoax', 0, 0)],
      warnings: [forbidden('A', 'vulca-21', 'hoax-28')],
    });
    const { onhidewarnings } = notes(v, { warningsShown: true, half: 'B', turned: true });
    const box = screen.getByTestId('dock-notes');
    expect(box.classList.contains('in-half')).toBe(true);
    expect(box.classList.contains('turned')).toBe(true);
    expect(screen.getByTestId('out-of-cards-note').textContent?.trim()).toBe('Ann is out of cards: the game ends after this fight.');
    expect(screen.getByTestId('warnings').textContent).toContain('Ann');
    await fireEvent.click(screen.getByTestId('warnings-dismiss'));
    expect(onhidewarnings).toHaveBeenCalledTimes(1);
  });

  it('asks again for a pass the engine questioned, and "pass anyway" asks the screen to pass for the player whose turn it is', async () => {
    const refusal = { at: 'flow', error: { code: 'needs_confirmation', message: 'Ann played no new character.' } };
    const { onpassanyway } = notes(game({ turn: 'B' }), { refusal, lang: 'de' });
    expect(screen.getByTestId('flow-error').textContent).toContain('Ann played no new character.');
    expect(screen.getByTestId('pass-anyway').textContent).toBe('Trotzdem nächster Zug');
    await fireEvent.click(screen.getByTestId('pass-anyway'));
    expect(onpassanyway).toHaveBeenCalledTimes(1);
    expect(onpassanyway).toHaveBeenCalledWith('B');
  });

  it('a refusal of the entry has no "pass anyway"; a play to decide shows its choices and its cancel', async () => {
    const gauntlets = card('vulca-21', 'Vulca 21', 'Volcanic Gauntlets', 0, 0);
    const { ondismissrefusal, oncancel } = notes(game(), {
      refusal: { at: 'entry', error: { code: 'invalid_input', message: 'No such card.' } },
      pending: preview(gauntlets, 'combat', { warnings: [forbidden('A', 'vulca-21', 'hoax-28')] }),
    });
    expect(screen.queryByTestId('pass-anyway')).toBeNull();
    expect(screen.getByTestId('pending')).toBeTruthy();
    await fireEvent.click(screen.getByTestId('entry-error-dismiss'));
    expect(ondismissrefusal).toHaveBeenCalledTimes(1);
    await fireEvent.click(screen.getByTestId('pending-cancel'));
    expect(oncancel).toHaveBeenCalled();
  });
});
