// Where an event stands, as a person expects to read it: "Not started · 4 rounds" before the
// first round is paired (never "Round 0 of 4"), then "Round 2 of 4".
import { t, tf } from '../i18n';
import type { EventView } from '../bindings/EventView';
import type { Language } from '../bindings/Language';

export function roundLabel(ev: Pick<EventView, 'rounds_paired' | 'rounds_planned'>, lang: Language): string {
  if (ev.rounds_paired === 0) {
    return ev.rounds_planned === 1
      ? t(lang, 'mx.event.notStarted1')
      : tf(lang, 'mx.event.notStarted', { n: ev.rounds_planned });
  }
  return `${t(lang, 'mx.event.round')} ${ev.rounds_paired} ${t(lang, 'mx.event.of')} ${ev.rounds_planned}`;
}
