// The texts the first screen does not draw (the Matches, Cards, Rulings and other games' screens,
// the deck builder, the reporting network): a chunk of its own, loaded after the first paint and
// before any of those screens is drawn (`loadText` in ../i18n.ts).
import { cardsText } from './cards';
import { decksText } from './decks';
import { matchesText } from './matches';
import { otherGamesText } from './othergames';
import { reportingText } from './reporting';

export const laterText = {
  en: { ...cardsText.en, ...decksText.en, ...matchesText.en, ...otherGamesText.en, ...reportingText.en },
  de: { ...cardsText.de, ...decksText.de, ...matchesText.de, ...otherGamesText.de, ...reportingText.de },
};
