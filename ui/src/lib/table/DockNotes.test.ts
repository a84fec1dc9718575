import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';

// The notes against the API they really call (lib/api/table.ts) down to Tauri's `invoke`.
const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@tauri-apps/api/core', () => ({ invoke }));
import { serveCommands } from '../testing/ipc';
const service = serveCommands(invoke, ['table_act']);

import DockNotes from './DockNotes.svelte';
import { card, forbidden, game, preview, side, table } from '../testing/table';
import type { GameView } from '../bindings/GameView';

// the screen's way of running a call: a refusal ends as `undefined`
const run = async <T,>(f: () => Promise<T>): Promise<T | undefined> => f().catch(() => undefined);

function notes(v: GameView, more: Record<string, unknown> = {}) {
  const calls = { onshow: vi.fn(), onhidewarnings: vi.fn(), ondismissrefusal: vi.fn(), onplay: vi.fn(), oncancel: vi.fn(), onfix: vi.fn() };
  render(DockNotes, {
    lang: 'en',
    header: table(v).header,
    view: v,
    half: null,
    busy: false,
    run,
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

  it('asks again for a pass the engine questioned, and passes anyway on the revision shown', async () => {
    const after = table(game({ turn: 'B', revision: 4 }));
    service.table_act.mockResolvedValue(after);
    const refusal = { at: 'flow', error: { code: 'needs_confirmation', message: 'Ann played no new character.' } };
    const { onshow } = notes(game(), { refusal, lang: 'de' });
    expect(screen.getByTestId('flow-error').textContent).toContain('Ann played no new character.');
    await fireEvent.click(screen.getByTestId('pass-anyway'));
    await waitFor(() => expect(onshow).toHaveBeenCalledWith(after));
    expect(service.table_act).toHaveBeenCalledWith({
      at: { game: { kind: 'blue-moon', id: 7 }, revision: 3 },
      action: { game: 'blue_moon', action: { action: 'pass', player: 'A', confirmed: true } },
      lang: 'de',
    });
  });

  it('a refusal of the entry has no "pass anyway"; a play to decide shows its choices; a refused pass shows no table', async () => {
    service.table_act.mockRejectedValue({ code: 'changed', message: 'changed meanwhile' });
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
    expect(service.table_act).not.toHaveBeenCalled();
  });
});
