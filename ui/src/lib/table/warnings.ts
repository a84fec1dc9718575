// A warning from the engine in the interface language, naming players and cards by name.
// The engine's `message` is English and is only the fallback for a kind this app does not know
// yet. Written against both shapes of WarningView: `kind` as a plain string (today) and as the
// WarningKind enum with the `*_name` fields (the engine's next version): the fields are read as
// optional, so either merge order compiles.
import { tf, type Key } from '../i18n';
import type { GameView } from '../bindings/GameView';
import type { Language } from '../bindings/Language';
import type { WarningView } from '../bindings/WarningView';
import { nameById, playerName } from './names';

type Named = {
  player_name?: string | null;
  card_name?: string | null;
  card_name_de?: string | null;
  by_name?: string | null;
  by_name_de?: string | null;
  condition?: string | null;
  condition_de?: string | null;
  deck?: string | null;
};

const KINDS = [
  'forbidden',
  'bad_target',
  'unknown_card',
  'ignore_not_settled',
  'unknown_values',
  'first_turn_booster_support',
  'second_character',
  'second_booster_or_support',
  'after_stop',
  'second_leadership',
  'leadership_too_late',
  'no_new_character',
  'not_in_deck',
  'already_in_play',
  'discarded_card',
  'play_condition',
] as const;
const keys: Record<string, Key> = Object.fromEntries(KINDS.map((k) => [k, `tbl.w.${k}` as Key]));

/** `known` names cards not yet on the table (the card being entered) by id. */
export function warningText(
  lang: Language,
  view: GameView | null,
  w: WarningView,
  known: Record<string, string> = {},
): string {
  const n = w as WarningView & Named;
  const key = keys[String(w.kind)];
  if (!key) return w.message;
  const pick = (en: string | null | undefined, de: string | null | undefined) =>
    (lang === 'de' ? (de ?? en) : en) ?? null;
  const player = n.player_name ?? playerName(view, w.player);
  const byId = (id: string | null) => (id && known[id]) || nameById(lang, view, id);
  const card = pick(n.card_name, n.card_name_de) ?? byId(w.card);
  const by = pick(n.by_name, n.by_name_de) ?? byId(w.by);
  // the deck a card is not in: a constructed deck by its name, else the people's
  const people = n.deck ?? view?.players.find((p) => p.seat === w.player)?.people ?? '';
  // a play condition as the service words it, the players named
  const condition = pick(n.condition, n.condition_de) ?? '';
  // a warning about no one in particular starts with the card, not with ": "
  return tf(lang, key, { player, card, by, people, condition }).replace(/^: /, '');
}
