// Texts of the first start (lib/firststart): what Tablemate does at the table, shown beside the
// new-game form while no game has been played, English and German. Merged into the app's
// dictionaries in ../i18n.ts; the type below makes a missing German key a compile error.

const en = {
  'first.heading': 'What Tablemate does at the table',
  'first.lead':
    'You play Blue Moon with your own cards. Tablemate lies beside them and keeps count: type each card as it is played, and it shows both totals, the effects in force, the dragons and who has to retreat.',
  'first.example': 'Example: a fight in progress',
  'first.element': 'The fight is about Fire',
  'first.ben': 'Ben · Hoax',
  'first.ann': 'Ann · Vulca',
  'first.benCard': 'Athradysas the Seeker',
  'first.annCard': 'Flash the Incendiary',
  'first.fire': 'Fire',
  'first.earth': 'Earth',
  'first.benTurn': 'Ben’s turn: he needs at least 6 Fire, or he retreats.',
  'first.dragons': 'Dragons: one on Ann’s side, two in the centre',
  'first.step.type': 'Ann typed “fla” and chose Flash the Incendiary: her Fire went up to 6 at once, effects included.',
  'first.step.rulings': 'The rulings that concern the card just played appear beside the table.',
  'first.step.record':
    'A retreat moves the dragons; at the end of a game the crystals are counted and the match is recorded. Undo takes back a slip.',
  'first.try': 'Try a fight',
  'first.try.note':
    'A practice game between Ann (Vulca) and Ben (Hoax). When you are done, end it under More → Abandon game: it leaves no result.',
} as const;

type Key = keyof typeof en;

const de: Record<Key, string> = {
  'first.heading': 'Was Tablemate am Tisch tut',
  'first.lead':
    'Ihr spielt Blue Moon mit euren eigenen Karten. Tablemate liegt daneben und rechnet mit: Gebt jede Karte ein, sobald sie gespielt wird, und es zeigt beide Summen, die wirkenden Effekte, die Drachen und wer sich zurückziehen muss.',
  'first.example': 'Beispiel: ein laufender Kampf',
  'first.element': 'Gekämpft wird um Feuer',
  'first.ben': 'Ben · Hoax',
  'first.ann': 'Ann · Vulca',
  'first.benCard': 'Athradysas der Suchende',
  'first.annCard': 'Blizzar der Brandstifter',
  'first.fire': 'Feuer',
  'first.earth': 'Erde',
  'first.benTurn': 'Ben ist am Zug: Er braucht mindestens 6 Feuer, sonst zieht er sich zurück.',
  'first.dragons': 'Drachen: einer auf Anns Seite, zwei in der Mitte',
  'first.step.type':
    'Ann hat „bli“ getippt und Blizzar der Brandstifter gewählt: Ihr Feuer stieg sofort auf 6, Effekte eingerechnet.',
  'first.step.rulings': 'Die Regeln zur eben gespielten Karte erscheinen neben dem Tisch.',
  'first.step.record':
    'Ein Rückzug bewegt die Drachen; am Ende eines Spiels werden die Kristalle gezählt und die Partie festgehalten. Rückgängig nimmt einen Fehler zurück.',
  'first.try': 'Probekampf starten',
  'first.try.note':
    'Ein Übungsspiel zwischen Ann (Vulca) und Ben (Hoax). Wenn ihr fertig seid, beendet es unter Mehr → Spiel abbrechen: Es hinterlässt kein Ergebnis.',
};

export const firstStartText = { en, de };
