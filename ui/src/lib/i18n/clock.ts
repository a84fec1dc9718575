// Texts of a tournament's round clock, English and German: drawn on the Table (RoundClock) as
// well as on the Matches screen, so they are in the first bundle's dictionaries (../i18n.ts),
// apart from the Matches screen's texts, which are loaded after the first paint.

const en = {
  'mx.event.round': 'Round',
  'mx.clock': 'Round clock',
  'mx.clock.start': 'Start',
  'mx.clock.pause': 'Pause',
  'mx.clock.resume': 'Resume',
  'mx.clock.minutes': 'Minutes',
  'mx.clock.set': 'Set length',
  'mx.clock.not_started': 'not started',
  'mx.clock.running': 'running',
  'mx.clock.paused': 'paused',
  'mx.clock.warning': 'Five minutes left',
  'mx.clock.overtime': 'Time is up',
} as const;

type Key = keyof typeof en;

const de: Record<Key, string> = {
  'mx.event.round': 'Runde',
  'mx.clock': 'Rundenuhr',
  'mx.clock.start': 'Starten',
  'mx.clock.pause': 'Anhalten',
  'mx.clock.resume': 'Weiter',
  'mx.clock.minutes': 'Minuten',
  'mx.clock.set': 'Dauer setzen',
  'mx.clock.not_started': 'nicht gestartet',
  'mx.clock.running': 'läuft',
  'mx.clock.paused': 'angehalten',
  'mx.clock.warning': 'Noch fünf Minuten',
  'mx.clock.overtime': 'Zeit abgelaufen',
};

export const clockText = { en, de };
