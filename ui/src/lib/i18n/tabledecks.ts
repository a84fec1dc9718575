// Texts of the decks that the Table draws (the new-game form's deck choice, an Inquisitor's
// powers), English and German: named for the decks, but in the first bundle's dictionaries
// (../i18n.ts), apart from the deck builder's texts (./decks.ts), which are loaded after the
// first paint.

const en = {
  'decks.game.deckA': 'Deck of the first player',
  'decks.game.deckB': 'Deck of the second player',
  'decks.game.preassembled': 'The people’s preassembled deck',
  'decks.game.notLegal': 'not legal',
  'decks.power.heading': 'Inquisitors',
  'decks.power.replace':
    'cards as if with REPLACE: in the Leadership phase, as its only action, discard one card from hand and draw a replacement (not a play).',
  'decks.power.draw': 'at the end of the own turn, one more card may be drawn (not when hands are refreshed between fights).',
  'decks.power.replaceNow': 'Now, before any other card of this turn.',
  'decks.power.drawNow': 'At the end of this turn.',
  'decks.power.ignored': 'Not now: {card} ignores it.',
  'decks.power.limited': 'Only on the cards {card} spares.',
} as const;

type Key = keyof typeof en;

const de: Record<Key, string> = {
  'decks.game.deckA': 'Deck des ersten Spielers',
  'decks.game.deckB': 'Deck des zweiten Spielers',
  'decks.game.preassembled': 'Das vorgefertigte Deck des Volkes',
  'decks.game.notLegal': 'nicht gültig',
  'decks.power.heading': 'Inquisitoren',
  'decks.power.replace':
    'Karten wie mit ERSETZEN: in der Führungsphase, als deren einzige Aktion, eine Karte aus der Hand abwerfen und eine nachziehen (kein Ausspielen).',
  'decks.power.draw':
    'am Ende des eigenen Zuges darf eine Karte mehr gezogen werden (nicht beim Auffüllen der Hand zwischen Kämpfen).',
  'decks.power.replaceNow': 'Jetzt, vor jeder anderen Karte dieses Zuges.',
  'decks.power.drawNow': 'Am Ende dieses Zuges.',
  'decks.power.ignored': 'Jetzt nicht: {card} ignoriert es.',
  'decks.power.limited': 'Nur auf den Karten, die {card} verschont.',
};

export const tableDecksText = { en, de };
