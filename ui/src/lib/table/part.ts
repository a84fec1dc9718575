// What the parts of the Blue Moon table are given alike: the interface language and the game
// as the service drew it; a part with controls also whether a call of the table is running.
import type { GameView } from '../bindings/GameView';
import type { Language } from '../bindings/Language';

export type TablePart = { lang: Language; view: GameView };
/** A part with controls: they are off while a call of the table runs (`busy`). */
export type ActivePart = TablePart & { busy: boolean };
