// "1 fight" / "4 fights" ("1 Kampf" / "4 Kämpfe"): a count of fights in the reader's language.
import { t } from '../i18n';
import type { Language } from '../bindings/Language';

export function fightsText(lang: Language, n: number | null | undefined): string {
  if (n === 1) return t(lang, 'mx.game.oneFight');
  return `${n ?? '–'} ${t(lang, 'mx.game.fights')}`;
}
