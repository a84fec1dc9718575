// The effects list as people read it: one line per card and what it says. The engine may list a
// card once per effect it has (Zig-nur-Don's two), which would show the same printed text twice.
import type { EffectView } from '../bindings/EffectView';
import type { Language } from '../bindings/Language';

export function effectText(lang: Language, e: EffectView): string {
  return (lang === 'de' && e.text_de) || e.text || e.description;
}

export function distinctEffects(lang: Language, effects: EffectView[]): EffectView[] {
  const seen = new Set<string>();
  return effects.filter((e) => {
    const key = [e.owner, e.card, String(e.status), e.by ?? '', effectText(lang, e)].join('\u0000');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
