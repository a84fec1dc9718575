// Test views of the other games' table, shaped as the Rust service sends them (ts-rs types).
import type { OtherGameView } from '../bindings/OtherGameView';
import type { WhiPlayerView } from '../bindings/WhiPlayerView';
import type { WhiView } from '../bindings/WhiView';

/** One capital: `damage` in every zone, `cards` in the Kingdom, `developments` in the Quest zone. */
export function whiSide(
  player: 'A' | 'B',
  { damage = 0, cards = [], developments = 0, legends = [], resources = 0 }: Partial<{
    damage: number;
    cards: string[];
    developments: number;
    legends: string[];
    resources: number;
  }> = {},
): WhiPlayerView {
  const zones = ['kingdom', 'quest', 'battlefield'] as const;
  return {
    player,
    deck: null,
    resources,
    burned: 0,
    zones_to_win: 2,
    eternal_war: false,
    legends,
    sections: zones.map((zone) => {
      const devs = zone === 'quest' ? developments : 0;
      return {
        zone,
        damage,
        hit_points: 8 + devs,
        remaining: 8 + devs - damage,
        developments: devs,
        burned: false,
        cards: zone === 'kingdom' ? cards : [],
      };
    }) as unknown as WhiPlayerView['sections'],
  };
}

/** A Warhammer table of Ann (A, to play) and Ben (B). */
export const whiTable = (a: WhiPlayerView = whiSide('A'), b: WhiPlayerView = whiSide('B')): WhiView => ({
  turn: 1,
  active: 'A',
  hit_points: { base: 8, per_development: 1 },
  players: [a, b],
  over: null,
});

/** Game 7, Warhammer: Invasion, Ann against Ben, with `table`. */
export function whiGame(table: WhiView = whiTable(), cardNames: Record<string, string> = {}): OtherGameView {
  return {
    id: 7,
    revision: 3,
    unreadable: null,
    kind: 'whi',
    title: 'Warhammer: Invasion',
    players: ['Ann', 'Ben'],
    outcome: { state: 'playing' },
    can_undo: false,
    can_redo: false,
    table: { game: 'whi', table },
    card_names: cardNames,
    history: [],
  };
}
