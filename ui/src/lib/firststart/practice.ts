// The practice game the first start offers ("Try a fight"): the two example players of the
// picture beside it, Ann with Vulca against Ben with Hoax, Ann starting. It is an ordinary game
// of the service; the players end it with More → Abandon game, which leaves no result.
import type { NewGameRequest } from '../bindings/NewGameRequest';

export const practiceGame: NewGameRequest = {
  player_a: 'Ann',
  player_b: 'Ben',
  people_a: 'Vulca',
  people_b: 'Hoax',
  first: 'A',
};
