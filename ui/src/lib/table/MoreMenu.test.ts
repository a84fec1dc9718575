import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import MoreMenu from './MoreMenu.svelte';
import { game } from '../testing/table';
import type { GameView } from '../bindings/GameView';
import type { Language } from '../bindings/Language';

function menu(lang: Language, view: GameView, onact = vi.fn(), onprefs = vi.fn()) {
  render(MoreMenu, { lang, view, busy: false, prefs: { faceToFace: false, keepAwake: true }, onprefs, onact, onnewgame: vi.fn() });
}

describe('MoreMenu', () => {
  it('ends a game for a player out of cards only after Yes; Cancel is the highlighted choice', async () => {
    const onact = vi.fn();
    menu('en', game(), onact);
    await fireEvent.click(screen.getByTestId('out-of-cards-A'));
    expect(screen.getByTestId('end-ask').textContent).toContain('Ann has no cards left in hand or draw deck? The game then ends after the fight.');
    expect(screen.getByTestId('end-no').classList.contains('primary')).toBe(true);
    await fireEvent.click(screen.getByTestId('end-no'));
    expect(onact).not.toHaveBeenCalled();
    await fireEvent.click(screen.getByTestId('out-of-cards-A'));
    await fireEvent.click(screen.getByTestId('end-yes'));
    expect(onact).toHaveBeenCalledWith({ action: 'out_of_cards', player: 'A' });
    await fireEvent.click(screen.getByTestId('dragon-to-B'));
    expect(onact).toHaveBeenLastCalledWith({ action: 'attract_dragons', player: 'B', count: 1 });
  });

  it('says the game ends at once when a player runs out of cards between fights (EN, DE)', async () => {
    menu('en', game({ between_fights: true }));
    await fireEvent.click(screen.getByTestId('out-of-cards-B'));
    const en = screen.getByTestId('end-ask').textContent ?? '';
    expect(en).toContain('Ben has no cards left in hand or draw deck? No fight is under way: the game then ends at once.');
    expect(en).not.toContain('after the fight');
  });

  it('says it in German too', async () => {
    menu('de', game({ between_fights: true }));
    await fireEvent.click(screen.getByTestId('out-of-cards-A'));
    expect(screen.getByTestId('end-ask').textContent).toContain('Gerade läuft kein Kampf: das Spiel endet dann sofort.');
  });

  it('changes the view options of this device', async () => {
    const onprefs = vi.fn();
    menu('de', game(), vi.fn(), onprefs);
    await fireEvent.click(screen.getByTestId('face-to-face'));
    expect(onprefs).toHaveBeenCalledWith({ faceToFace: true, keepAwake: true });
    expect(screen.getByTestId('concede-B').textContent).toBe('Aufgeben: Ben');
  });

  it('says whether the screen really stays on, in the interface language', async () => {
    const props = {
      lang: 'de' as const,
      view: game(),
      busy: false,
      prefs: { faceToFace: false, keepAwake: true },
      onprefs: vi.fn(),
      onact: vi.fn(),
      onnewgame: vi.fn(),
    };
    const held = render(MoreMenu, { ...props, wake: { held: true, problem: null } });
    expect(screen.getByTestId('wake-state').textContent).toBe('Der Bildschirm bleibt an, solange ihr spielt.');
    held.unmount();
    render(MoreMenu, { ...props, wake: { held: false, problem: 'org.freedesktop.DBus.Error.ServiceUnknown' } });
    const state = screen.getByTestId('wake-state');
    expect(state.textContent).toContain('nicht anlassen');
    expect(state.getAttribute('title')).toContain('ServiceUnknown');
  });

  it('says nothing about the screen when keeping it on is switched off', () => {
    render(MoreMenu, {
      lang: 'en',
      view: game(),
      busy: false,
      prefs: { faceToFace: false, keepAwake: false },
      wake: { held: false, problem: null },
      onprefs: vi.fn(),
      onact: vi.fn(),
      onnewgame: vi.fn(),
    });
    expect(screen.queryByTestId('wake-state')).toBeNull();
  });

  it('abandons the game only after its own Yes; Cancel is the highlighted choice', async () => {
    const onact = vi.fn();
    menu('de', game(), onact);
    // a game is abandoned ("Spiel"); "Partie" is the match
    expect(screen.getByTestId('abandon').textContent).toBe('Spiel abbrechen');
    await fireEvent.click(screen.getByTestId('abandon'));
    expect(screen.getByTestId('abandon-ask').textContent).toContain('Dieses Spiel abbrechen? Es endet ohne Ergebnis');
    expect(screen.getByTestId('abandon-no').classList.contains('primary')).toBe(true);
    expect(screen.queryByTestId('concede-A')).toBeNull();
    await fireEvent.click(screen.getByTestId('abandon-no'));
    expect(onact).not.toHaveBeenCalled();
    await fireEvent.click(screen.getByTestId('abandon'));
    await fireEvent.click(screen.getByTestId('abandon-yes'));
    expect(onact).toHaveBeenCalledWith({ action: 'abandon', confirmed: true });
  });

  it('offers nothing that ends the game once it is abandoned', () => {
    menu('en', game({ abandoned: true }));
    expect(screen.queryByTestId('abandon')).toBeNull();
    expect(screen.queryByTestId('concede-A')).toBeNull();
    expect(screen.getByTestId('new-game-open')).toBeTruthy();
  });
});
