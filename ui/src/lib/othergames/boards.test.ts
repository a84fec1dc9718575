import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import type { WhiView } from '../bindings/WhiView';
import type { StView } from '../bindings/StView';
import type { KcView } from '../bindings/KcView';
import WhiBoard from './WhiBoard.svelte';
import StBoard from './StBoard.svelte';
import KcBoard from './KcBoard.svelte';
import { whiGame, whiSide, whiTable as whiTableOf } from '../testing/othergames';

const names = { 'whi-grimgor-ironhide': 'Grimgor Ironhide', 'whi-karl-franz': 'Karl Franz', 'kc-amazon': 'AMAZON' };

// Only what the boards read of the game: the players' and cards' names.
const view = () => whiGame(whiTable(), names);

// Ann: two Grimgor Ironhide in the Kingdom, a development in the Quest zone, Karl Franz.
const whiTable = (): WhiView =>
  whiTableOf(
    whiSide('A', {
      cards: ['whi-grimgor-ironhide', 'whi-grimgor-ironhide'],
      developments: 1,
      legends: ['whi-karl-franz'],
      resources: 2,
    }),
    whiSide('B', { resources: 2 }),
  );

function kcTable(): KcView {
  return {
    game_no: 1,
    move_number: 3,
    to_move: 'A',
    side_to_move: 'white',
    white: 'A',
    wins: { A: 0, B: 0 },
    draws: 0,
    in_force: [{ player: 'B', card: 'kc-amazon', duration: { turns: 2 }, turns_left: 2, target: 'e4' }],
    over: null,
  } as unknown as KcView;
}

describe('the cards in play of the other games', () => {
  it('moves one copy of a Warhammer card to another zone of its player', async () => {
    const onact = vi.fn();
    render(WhiBoard, { view: view(), table: whiTable(), lang: 'en', onact, onrulings: vi.fn() });
    const chips = screen.getAllByTestId('cards-A-kingdom-card');
    expect(chips.map((c) => c.textContent)).toEqual(['Grimgor Ironhide', 'Grimgor Ironhide']);
    expect(screen.queryByTestId('move-battlefield')).toBeNull();
    await fireEvent.click(chips[1]!);
    await fireEvent.click(screen.getByTestId('move-battlefield'));
    expect(onact).toHaveBeenCalledWith({ type: 'card_moved', player: 'A', card: 'whi-grimgor-ironhide', from: 'kingdom', to: 'battlefield' });
    // the action closes the row
    expect(screen.queryByTestId('move-battlefield')).toBeNull();
  });

  it('lets a card or a legend leave play, and asks the rulings of a card', async () => {
    const onact = vi.fn();
    const onrulings = vi.fn();
    render(WhiBoard, { view: view(), table: whiTable(), lang: 'de', onact, onrulings });
    await fireEvent.click(screen.getAllByTestId('cards-A-kingdom-card')[0]!);
    expect(screen.getByTestId('leaves').textContent).toBe('Verlässt das Spiel');
    await fireEvent.click(screen.getByTestId('leaves'));
    expect(onact).toHaveBeenLastCalledWith({ type: 'card_left', player: 'A', card: 'whi-grimgor-ironhide', zone: 'kingdom' });
    await fireEvent.click(screen.getByTestId('legends-A-card'));
    await fireEvent.click(screen.getByTestId('legend-leaves'));
    expect(onact).toHaveBeenLastCalledWith({ type: 'legend_left', player: 'A', card: 'whi-karl-franz' });
    await fireEvent.click(screen.getAllByTestId('cards-A-kingdom-card')[0]!);
    await fireEvent.click(screen.getByTestId('cards-A-kingdom-rulings'));
    expect(onrulings).toHaveBeenCalledWith('whi-grimgor-ironhide');
  });

  it('collects, gains and spends any amount of resources, and removes a development', async () => {
    const onact = vi.fn();
    render(WhiBoard, { view: view(), table: whiTable(), lang: 'en', onact, onrulings: vi.fn() });
    await fireEvent.input(screen.getByTestId('res-amount-B'), { target: { value: '5' } });
    await fireEvent.click(screen.getByTestId('res-collect-B'));
    expect(onact).toHaveBeenLastCalledWith({ type: 'resources_collected', player: 'B', amount: 5 });
    await fireEvent.click(screen.getByTestId('res-spend-A'));
    expect(onact).toHaveBeenLastCalledWith({ type: 'resources_spent', player: 'A', amount: 5 });
    // beyond the engine's limit the amount is still sent: the engine refuses it by name
    await fireEvent.input(screen.getByTestId('res-amount-A'), { target: { value: '5000' } });
    await fireEvent.click(screen.getByTestId('res-gain-A'));
    expect(onact).toHaveBeenLastCalledWith({ type: 'resources_gained', player: 'A', amount: 5000 });
    await fireEvent.input(screen.getByTestId('res-amount-A'), { target: { value: '0' } });
    expect((screen.getByTestId('res-gain-A') as HTMLButtonElement).disabled).toBe(true);
    // only a zone with a development offers to remove one
    expect(screen.queryByTestId('undev-A-kingdom')).toBeNull();
    await fireEvent.click(screen.getByTestId('undev-A-quest'));
    expect(onact).toHaveBeenLastCalledWith({ type: 'development_removed', player: 'A', zone: 'quest' });
  });

  it('lets a Star Trek card leave play from its side', async () => {
    const onact = vi.fn();
    const table = {
      turn: 1,
      active: 'A',
      target: 100,
      qs_planet: 'absent',
      players: [
        { player: 'A', deck: null, score: 0, to_win: 100, cards: [] },
        { player: 'B', deck: null, score: 0, to_win: 100, cards: ['stccg-q'] },
      ],
      ledger: [],
      over: null,
    } as unknown as StView;
    render(StBoard, { view: view(), table, lang: 'en', onact, onrulings: vi.fn() });
    await fireEvent.click(screen.getByTestId('st-cards-B-card'));
    await fireEvent.click(screen.getByTestId('leaves'));
    expect(onact).toHaveBeenCalledWith({ type: 'card_left', player: 'B', card: 'stccg-q' });
  });

  it('books a Star Trek score for the player whose turn it is, and follows the turn', async () => {
    const onact = vi.fn();
    const table = (active: 'A' | 'B') =>
      ({
        turn: 2,
        active,
        target: 100,
        qs_planet: 'absent',
        players: [
          { player: 'A', deck: null, score: 0, to_win: 100, cards: [] },
          { player: 'B', deck: null, score: 0, to_win: 100, cards: [] },
        ],
        ledger: [],
        over: null,
      }) as unknown as StView;
    const { rerender } = render(StBoard, { view: view(), table: table('B'), lang: 'en', onact, onrulings: vi.fn() });
    expect((screen.getByTestId('st-who') as HTMLSelectElement).value).toBe('B');
    await fireEvent.click(screen.getByTestId('st-score'));
    expect(onact).toHaveBeenLastCalledWith({ type: 'points_scored', player: 'B', points: 5, source: 'mission' });
    // picked by hand, it stays while the turn does not change
    await fireEvent.change(screen.getByTestId('st-who'), { target: { value: 'A' } });
    await rerender({ view: view(), table: table('B'), lang: 'en', onact, onrulings: vi.fn() });
    expect((screen.getByTestId('st-who') as HTMLSelectElement).value).toBe('A');
    await rerender({ view: view(), table: table('A'), lang: 'en', onact, onrulings: vi.fn() });
    await rerender({ view: view(), table: table('B'), lang: 'en', onact, onrulings: vi.fn() });
    expect((screen.getByTestId('st-who') as HTMLSelectElement).value).toBe('B');
  });

  it('shows a Knightmare card in force with its target, and ends it early', async () => {
    const onact = vi.fn();
    render(KcBoard, { view: view(), table: kcTable(), lang: 'en', onact, onrulings: vi.fn() });
    expect(screen.getByTestId('kc-card-0-about').textContent).toMatch(/Ben, on\s+e4:\s+2 turns left/);
    await fireEvent.click(screen.getByTestId('kc-card-0-card'));
    await fireEvent.click(screen.getByTestId('kc-end'));
    expect(onact).toHaveBeenCalledWith({ type: 'card_ended', player: 'B', card: 'kc-amazon' });
  });

  it('counts the last turn of a card in the singular', () => {
    const table = kcTable();
    table.in_force[0]!.turns_left = 1;
    render(KcBoard, { view: view(), table, lang: 'de', onact: vi.fn(), onrulings: vi.fn() });
    expect(screen.getByTestId('kc-card-0-about').textContent).toMatch(/1 Zug übrig/);
  });

  it('deals Warhammer damage by amount: the amounts a section can still take, one tap each', async () => {
    const onact = vi.fn();
    const t = whiTable();
    Object.assign(t.players[1]!.sections[0]!, { damage: 5, remaining: 3 }); // Ben's kingdom: 5 of 8 taken
    render(WhiBoard, { view: view(), table: t, lang: 'en', onact, onrulings: vi.fn() });
    await fireEvent.click(screen.getByTestId('dmg-B-kingdom'));
    const shown = [...screen.getByTestId('dmg-B-kingdom-amounts').querySelectorAll('button')].map((b) => b.textContent);
    expect(shown).toEqual(['+1', '+2', '+3']);
    await fireEvent.click(screen.getByTestId('dmg-B-kingdom-3'));
    expect(onact).toHaveBeenCalledWith({ type: 'damage_dealt', player: 'B', zone: 'kingdom', amount: 3 });
    expect(onact).toHaveBeenCalledTimes(1);
  });

  it("brings a tapped card's actions and the damage amounts into view (low on the board, under the entry)", async () => {
    const scrolled: Element[] = [];
    const before = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      render(WhiBoard, { view: view(), table: whiTable(), lang: 'en', onact: vi.fn(), onrulings: vi.fn() });
      expect(scrolled).toEqual([]);
      await fireEvent.click(screen.getAllByTestId('cards-A-kingdom-card')[0]!);
      expect(scrolled).toEqual([screen.getByTestId('cards-A-kingdom-actions')]);
      // the damage amounts too
      await fireEvent.click(screen.getByTestId('dmg-B-quest'));
      expect(scrolled.at(-1)).toBe(screen.getByTestId('dmg-B-quest-amounts'));
    } finally {
      Element.prototype.scrollIntoView = before;
    }
  });

  it('says game (Spiel) for a game of Knightmare Chess, never Partie, which is a match', () => {
    render(KcBoard, { view: view(), table: { ...kcTable(), over: { won: { winner: 'A', by: 'checkmate' } } }, lang: 'de', onact: vi.fn(), onrulings: vi.fn() });
    expect(screen.getByTestId('kc-line').textContent).toMatch(/^\s*Spiel 1/);
    expect(screen.getByTestId('kc-next-game').textContent).toBe('Nächstes Spiel');
  });

  it('after a mate names the winner, not a side to move', () => {
    const table = { ...kcTable(), over: { won: { winner: 'B', by: 'checkmate' } } } as KcView;
    render(KcBoard, { view: view(), table, lang: 'en', onact: vi.fn(), onrulings: vi.fn() });
    const line = screen.getByTestId('kc-line').textContent ?? '';
    expect(line).toContain('Ben won');
    expect(line).toContain('Checkmate');
    expect(line).not.toContain('to play');
  });
});
