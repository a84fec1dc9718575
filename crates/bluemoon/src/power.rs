//! Total power, shields and the "why?" breakdown, recomputed from a [`TableState`].
//!
//! # Order of calculation (Special Rule 7 as the FAQ applies it)
//!
//! 1. **Ignoring** is resolved first, as a fixpoint: start with nothing ignored; in each
//!    round, every ignoring effect whose card is in force (not itself ignored, within its
//!    duration, not void because it is "opposed") marks its targets; repeat until nothing
//!    changes (at most [`MAX_IGNORE_ROUNDS`] rounds). PROTECTED cards (whose PROTECTED icon
//!    is not itself ignored) cannot be ignored by the opponent; icon-ignoring effects
//!    spare the icons they list. The cards' own exception clauses (Flit characters,
//!    "no effect if opposed by") are what make the mutual cases converge.
//! 2. **Printed values**: face-down bluff cards are printed 2 (in either element, as the
//!    element they count in is always the contested one); then the Cool reductions (odd or
//!    even printed values to 0), except on the opponent's PROTECTED cards.
//! 3. **Increases**, in the order that maximises each value. Every increase is a monotone
//!    map of one value: a floor `max(v, c)` ("increase to N", "to the sum / the higher of
//!    the printed values"), an addition `v + n`, or a doubling `2v`. For any two of them,
//!    floor-before-addition, floor-before-doubling and addition-before-doubling never give
//!    less than the other order (`max(v,c)+n >= max(v+n,c)`, `2max(v,c) >= max(2v,c)`,
//!    `2(v+n) >= 2v+n`), so sorting the ops by that rank is optimal: O(k log k) per value,
//!    no permutations. Effects change values, never other effects, so values are
//!    independent of each other ("doubling doubles values, not effects").
//! 4. **Decreases**, in the order that minimises: caps `min(v, c)` before subtractions.
//!    The opponent's decreases skip PROTECTED cards.
//! 5. **Sum** the values of the active cards (combat, support, influence areas); wholly
//!    ignored cards count 0.
//! 6. **Total-power effects** last: `max(total, N)`.

use crate::effect::{CardClass, Duration, Effect, Except, Forbid, IgnoreWhat, ValueOp, Whose};
use crate::source::CardSource;
use crate::table::{Area, CardEntry, TableState};
use crate::{BmFacts, CardId, CardType, Element, Icon, Player, Series};
use serde::{Deserialize, Serialize};

/// Bound on ignore-resolution rounds: real cards converge in two or three.
pub const MAX_IGNORE_ROUNDS: usize = 8;

/// A value per element.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct PerElement<T> {
    pub fire: T,
    pub earth: T,
}

impl<T: Copy> PerElement<T> {
    pub fn get(&self, e: Element) -> T {
        match e {
            Element::Fire => self.fire,
            Element::Earth => self.earth,
        }
    }
    fn set(&mut self, e: Element, v: T) {
        match e {
            Element::Fire => self.fire = v,
            Element::Earth => self.earth = v,
        }
    }
}

const ELEMENTS: [Element; 2] = [Element::Fire, Element::Earth];

/// One player's numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerPower {
    pub player: Player,
    pub total: PerElement<u32>,
    /// An active character or booster with a (not ignored) shield in that element.
    pub shield: PerElement<bool>,
    /// The opponent's current total: what this player must equal when announcing.
    pub needed: PerElement<u32>,
    /// `total >= needed` or a shield.
    pub meets: PerElement<bool>,
    /// Cards in combat and support areas for the six-card dragon bonus (covered cards
    /// count, face-down bluff cards do not).
    pub six_card_count: usize,
}

/// Why a card counts what it counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum CardStatus {
    Active,
    /// The whole card is ignored: values count 0.
    Ignored {
        by: String,
    },
}

/// One change applied to a card's value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Step {
    pub element: Element,
    /// The card whose effect applied (`bluff` for an unknown face-down card).
    pub by: String,
    /// The effect in English words (the CLI's; [`Step::cause`] for other languages).
    pub effect: String,
    /// The effect that applied, as data: a front end words it in its own language.
    pub cause: Effect,
    pub from: u32,
    pub to: u32,
}

/// A card's contribution.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CardLine {
    pub owner: Player,
    pub area: Area,
    pub card: Option<CardId>,
    pub face_down: bool,
    pub printed: PerElement<u32>,
    /// Printed values after the Cool reductions.
    pub effective_printed: PerElement<u32>,
    pub value: PerElement<u32>,
    /// Whether its value is added to total power.
    pub counted: bool,
    #[serde(flatten)]
    pub status: CardStatus,
    /// Icons in effect (after icon-ignoring).
    pub icons: Vec<Icon>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text_ignored_by: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icons_ignored_by: Option<String>,
    pub steps: Vec<Step>,
}

/// Whether an effect of an active card applies now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum EffectStatus {
    InForce,
    /// The card's text (or the whole card) is ignored by `by`.
    Ignored {
        by: String,
    },
    /// "No effect if opposed by ...": `by` is the opposing card.
    Void {
        by: String,
    },
    /// A "this turn" effect outside its owner's turn.
    NotThisTurn,
}

/// One effect of an active card, for the active-effects list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EffectLine {
    pub owner: Player,
    pub card: CardId,
    pub kind: crate::effect::EffectKind,
    /// The card's printed text, when the source has it.
    pub text: Option<String>,
    pub description: String,
    pub effect: Effect,
    #[serde(flatten)]
    pub status: EffectStatus,
}

/// Something the players should look at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "warning", rename_all = "snake_case")]
pub enum Warning {
    /// A card entered while an active restriction forbids playing it.
    Forbidden {
        player: Player,
        card: CardId,
        by: CardId,
        rule: String,
    },
    /// A chosen target is not one of the owner's character cards in the combat area.
    BadTarget { card: CardId, target: CardId },
    /// A card id the catalog does not know (counted as 0 with no effects).
    UnknownCard { card: CardId },
    /// Ignore resolution did not settle (contradictory mutual ignoring).
    IgnoreNotSettled,
    /// A character in play whose printed values the catalog does not give (counted as 0):
    /// the needed-power check cannot be trusted, so it warns instead of rejecting.
    UnknownValues { card: CardId },
    /// The player starting a fight plays a booster or support card on its first turn
    /// (allowed only when a card allows additional ones).
    FirstTurnBoosterSupport { player: Player, card: CardId },
    /// A second character this turn (`by`: the first), not FREE, not a PAIR, not a GANG.
    SecondCharacter {
        player: Player,
        card: CardId,
        by: CardId,
    },
    /// More booster/support cards this turn than one (or than the player's cards allow).
    SecondBoosterOrSupport {
        player: Player,
        card: CardId,
        by: Option<CardId>,
    },
    /// A card played after a card with a STOP icon this turn (`by`).
    AfterStop {
        player: Player,
        card: CardId,
        by: CardId,
    },
    /// A second leadership-phase action this turn (`by`: the first).
    SecondLeadership {
        player: Player,
        card: CardId,
        by: CardId,
    },
    /// A leadership-phase card played after this turn's character, booster or support card
    /// (`by`: the first of those): the Leadership phase comes first.
    LeadershipTooLate {
        player: Player,
        card: CardId,
        by: CardId,
    },
    /// The turn ends without a new character: the fight cannot continue. `starting`: the
    /// player starts the fight (and may decline instead of retreating).
    NoNewCharacter { player: Player, starting: bool },
    /// The card is not in the deck the set-up gives the player (`deck`).
    NotInDeck {
        player: Player,
        card: CardId,
        deck: String,
    },
    /// The card is already in play on the player's side.
    AlreadyInPlay { player: Player, card: CardId },
    /// The card is already in the player's discard pile.
    DiscardedCard { player: Player, card: CardId },
    /// The card's play condition is not met ("I may only play this card if ..."): `have`
    /// is what the table shows for it (the opponent's total power, dragons or cards).
    PlayCondition {
        player: Player,
        card: CardId,
        condition: crate::effect::PlayCondition,
        have: u32,
        /// The contested element when the card was played (none before it is chosen): an
        /// attack "by at least 5 Earth" needs an earth fight.
        contested: Option<Element>,
    },
}

/// What a [`Warning`] is about, without its details (the app words it by kind).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum WarningKind {
    Forbidden,
    BadTarget,
    UnknownCard,
    IgnoreNotSettled,
    UnknownValues,
    FirstTurnBoosterSupport,
    SecondCharacter,
    SecondBoosterOrSupport,
    AfterStop,
    SecondLeadership,
    LeadershipTooLate,
    NoNewCharacter,
    NotInDeck,
    AlreadyInPlay,
    DiscardedCard,
    PlayCondition,
}

impl Warning {
    pub fn kind(&self) -> WarningKind {
        match self {
            Warning::Forbidden { .. } => WarningKind::Forbidden,
            Warning::BadTarget { .. } => WarningKind::BadTarget,
            Warning::UnknownCard { .. } => WarningKind::UnknownCard,
            Warning::IgnoreNotSettled => WarningKind::IgnoreNotSettled,
            Warning::UnknownValues { .. } => WarningKind::UnknownValues,
            Warning::FirstTurnBoosterSupport { .. } => WarningKind::FirstTurnBoosterSupport,
            Warning::SecondCharacter { .. } => WarningKind::SecondCharacter,
            Warning::SecondBoosterOrSupport { .. } => WarningKind::SecondBoosterOrSupport,
            Warning::AfterStop { .. } => WarningKind::AfterStop,
            Warning::SecondLeadership { .. } => WarningKind::SecondLeadership,
            Warning::LeadershipTooLate { .. } => WarningKind::LeadershipTooLate,
            Warning::NoNewCharacter { .. } => WarningKind::NoNewCharacter,
            Warning::NotInDeck { .. } => WarningKind::NotInDeck,
            Warning::AlreadyInPlay { .. } => WarningKind::AlreadyInPlay,
            Warning::DiscardedCard { .. } => WarningKind::DiscardedCard,
            Warning::PlayCondition { .. } => WarningKind::PlayCondition,
        }
    }

    /// The player it concerns, if one.
    pub fn player(&self) -> Option<Player> {
        match self {
            Warning::Forbidden { player, .. }
            | Warning::FirstTurnBoosterSupport { player, .. }
            | Warning::SecondCharacter { player, .. }
            | Warning::SecondBoosterOrSupport { player, .. }
            | Warning::AfterStop { player, .. }
            | Warning::SecondLeadership { player, .. }
            | Warning::LeadershipTooLate { player, .. }
            | Warning::NoNewCharacter { player, .. }
            | Warning::NotInDeck { player, .. }
            | Warning::AlreadyInPlay { player, .. }
            | Warning::DiscardedCard { player, .. }
            | Warning::PlayCondition { player, .. } => Some(*player),
            Warning::BadTarget { .. }
            | Warning::UnknownCard { .. }
            | Warning::IgnoreNotSettled
            | Warning::UnknownValues { .. } => None,
        }
    }

    /// The card it is about, if one.
    pub fn card(&self) -> Option<&CardId> {
        match self {
            Warning::Forbidden { card, .. }
            | Warning::BadTarget { card, .. }
            | Warning::UnknownCard { card }
            | Warning::UnknownValues { card }
            | Warning::FirstTurnBoosterSupport { card, .. }
            | Warning::SecondCharacter { card, .. }
            | Warning::SecondBoosterOrSupport { card, .. }
            | Warning::AfterStop { card, .. }
            | Warning::SecondLeadership { card, .. }
            | Warning::LeadershipTooLate { card, .. }
            | Warning::NotInDeck { card, .. }
            | Warning::AlreadyInPlay { card, .. }
            | Warning::DiscardedCard { card, .. }
            | Warning::PlayCondition { card, .. } => Some(card),
            Warning::IgnoreNotSettled | Warning::NoNewCharacter { .. } => None,
        }
    }

    /// The other card involved: what forbids it, the earlier play it goes beyond, the target.
    pub fn by(&self) -> Option<&CardId> {
        match self {
            Warning::Forbidden { by, .. }
            | Warning::SecondCharacter { by, .. }
            | Warning::AfterStop { by, .. }
            | Warning::SecondLeadership { by, .. }
            | Warning::LeadershipTooLate { by, .. } => Some(by),
            Warning::BadTarget { target, .. } => Some(target),
            Warning::SecondBoosterOrSupport { by, .. } => by.as_ref(),
            _ => None,
        }
    }
}

/// The result of [`compute`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PowerReport {
    pub contested: Option<Element>,
    /// A then B.
    pub players: [PlayerPower; 2],
    pub cards: Vec<CardLine>,
    pub effects: Vec<EffectLine>,
    pub warnings: Vec<Warning>,
}

impl PowerReport {
    pub fn player(&self, p: Player) -> &PlayerPower {
        &self.players[idx(p)]
    }
}

fn idx(p: Player) -> usize {
    match p {
        Player::A => 0,
        Player::B => 1,
    }
}

/// One card on the table, with what the source knows about it.
pub(crate) struct Slot<'a> {
    pub owner: Player,
    pub area: Area,
    pub entry: &'a CardEntry,
    pub facts: Option<&'a BmFacts>,
    /// Empty for face-down cards: their text does not apply.
    pub effects: &'a [Effect],
}

impl Slot<'_> {
    fn label(&self) -> String {
        match (&self.entry.card, self.entry.face_down) {
            (Some(c), false) => c.to_string(),
            (Some(c), true) => format!("{c} (face down)"),
            (None, _) => "bluff".into(),
        }
    }
    fn card_type(&self) -> Option<CardType> {
        if self.entry.face_down {
            Some(CardType::Support)
        } else {
            self.facts.and_then(|f| f.card_type)
        }
    }
    fn is_flit_character(&self) -> bool {
        !self.entry.face_down
            && self.facts.is_some_and(|f| {
                f.series == Series::Flit && f.card_type == Some(CardType::Character)
            })
    }
    fn printed(&self, e: Element) -> u32 {
        if self.entry.face_down {
            // 'facedown bluff cards are counted as having a printed value of 2 in the
            // current element'
            2
        } else {
            self.facts.and_then(|f| f.printed(e)).map_or(0, u32::from)
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct IgnoreState {
    card_by: Option<usize>,
    text_by: Option<usize>,
    /// (slot, effect index) of each icon-ignoring effect reaching this card.
    icons_by: Vec<(usize, usize)>,
}

/// The table with ignoring resolved: shared by the power report, the restriction checks
/// and the dragon count on a retreat.
pub(crate) struct Resolution<'a> {
    pub slots: Vec<Slot<'a>>,
    st: Vec<IgnoreState>,
    turn: Option<Player>,
    pub settled: bool,
    pub unknown: Vec<CardId>,
}

impl<'a> Resolution<'a> {
    pub fn new(source: &'a impl CardSource, table: &'a TableState) -> Resolution<'a> {
        let mut slots = Vec::new();
        let mut unknown = Vec::new();
        for owner in [Player::A, Player::B] {
            let side = table.side(owner);
            for area in Area::ALL {
                for entry in side.area(area) {
                    let facts = entry.card.as_ref().and_then(|c| source.facts(c));
                    if let (Some(c), None) = (&entry.card, facts) {
                        if source.effects(c).is_empty() {
                            unknown.push(c.clone());
                        }
                    }
                    let effects = match (&entry.card, entry.face_down) {
                        (Some(c), false) => source.effects(c),
                        _ => &[],
                    };
                    slots.push(Slot {
                        owner,
                        area,
                        entry,
                        facts,
                        effects,
                    });
                }
            }
        }
        let n = slots.len();
        let mut r = Resolution {
            slots,
            st: vec![IgnoreState::default(); n],
            turn: table.turn,
            settled: false,
            unknown,
        };
        for _ in 0..MAX_IGNORE_ROUNDS {
            let next = r.ignore_round();
            if next == r.st {
                r.settled = true;
                break;
            }
            r.st = next;
        }
        r
    }

    /// Icons in effect on a card, before whole-card ignoring.
    fn icons(&self, s: usize) -> Vec<Icon> {
        let slot = &self.slots[s];
        let printed: Vec<Icon> = if slot.entry.face_down {
            vec![Icon::Bluff]
        } else {
            slot.facts.map(|f| f.icons.clone()).unwrap_or_default()
        };
        printed
            .into_iter()
            .filter(|icon| {
                self.st[s].icons_by.iter().all(|&(src, k)| {
                    matches!(&self.slots[src].effects[k],
                        Effect::Ignore { except_icons, .. } if except_icons.contains(icon))
                })
            })
            .collect()
    }

    /// Icons in effect, counting whole-card ignoring (an ignored card's icons do nothing).
    pub fn effective_icons(&self, s: usize) -> Vec<Icon> {
        if self.st[s].card_by.is_some() {
            return Vec::new();
        }
        self.icons(s)
    }

    fn is_protected(&self, s: usize) -> bool {
        let slot = &self.slots[s];
        matches!(slot.area, Area::Combat | Area::Support)
            && !slot.entry.face_down
            && self.icons(s).contains(&Icon::Protected)
    }

    fn matches_class(&self, s: usize, class: CardClass) -> bool {
        let slot = &self.slots[s];
        let t = slot.card_type();
        let fd = slot.entry.face_down;
        match class {
            CardClass::OneCharacter | CardClass::Characters => t == Some(CardType::Character),
            CardClass::Boosters => t == Some(CardType::Booster),
            CardClass::Support => t == Some(CardType::Support),
            CardClass::BoosterSupport => {
                matches!(t, Some(CardType::Booster) | Some(CardType::Support))
            }
            CardClass::Bluff => fd,
            CardClass::WithIcons => !self.icons(s).is_empty(),
            CardClass::All => true,
        }
    }

    /// Why effect `k` of card `s` does not apply, if it does not.
    pub fn effect_status(&self, s: usize, k: usize) -> EffectStatus {
        let slot = &self.slots[s];
        if let Some(by) = self.st[s].card_by.or(self.st[s].text_by) {
            return EffectStatus::Ignored {
                by: self.slots[by].label(),
            };
        }
        let effect = &slot.effects[k];
        if effect.duration() == Duration::ThisTurn && self.turn.is_some_and(|t| t != slot.owner) {
            return EffectStatus::NotThisTurn;
        }
        if let Effect::Ignore {
            void_if_opposed_by, ..
        } = effect
        {
            if !void_if_opposed_by.is_empty() {
                let opposer = self.slots.iter().find(|o| {
                    o.owner != slot.owner
                        && o.card_type()
                            .is_some_and(|t| void_if_opposed_by.contains(&t))
                        && o.effects.iter().any(|e| {
                            matches!(
                                e,
                                Effect::Ignore {
                                    what: IgnoreWhat::Text,
                                    ..
                                }
                            )
                        })
                });
                if let Some(o) = opposer {
                    return EffectStatus::Void { by: o.label() };
                }
            }
        }
        EffectStatus::InForce
    }

    pub fn in_force(&self, s: usize, k: usize) -> bool {
        self.effect_status(s, k) == EffectStatus::InForce
    }

    fn ignore_round(&self) -> Vec<IgnoreState> {
        let mut next = vec![IgnoreState::default(); self.slots.len()];
        for (s, src) in self.slots.iter().enumerate() {
            for (k, effect) in src.effects.iter().enumerate() {
                let Effect::Ignore {
                    what,
                    cards,
                    except,
                    ..
                } = effect
                else {
                    continue;
                };
                if !self.in_force(s, k) {
                    continue;
                }
                for (t, tgt) in self.slots.iter().enumerate() {
                    if tgt.owner == src.owner || !self.matches_class(t, *cards) {
                        continue;
                    }
                    if except.contains(&Except::FlitCharacters) && tgt.is_flit_character() {
                        continue;
                    }
                    // PROTECTED cards 'cannot be ignored ... by the opponent'; an
                    // icon-ignoring effect takes PROTECTED itself away unless it spares it.
                    if *what != IgnoreWhat::Icons && self.is_protected(t) {
                        continue;
                    }
                    let n = &mut next[t];
                    match what {
                        IgnoreWhat::Cards => {
                            n.card_by.get_or_insert(s);
                        }
                        IgnoreWhat::Text => {
                            n.text_by.get_or_insert(s);
                        }
                        IgnoreWhat::Icons => n.icons_by.push((s, k)),
                    }
                }
            }
        }
        next
    }

    /// Effects in force, with their card's slot.
    pub fn in_force_effects(&self) -> impl Iterator<Item = (usize, &'a Effect)> + '_ {
        self.slots.iter().enumerate().flat_map(move |(s, slot)| {
            slot.effects
                .iter()
                .enumerate()
                .filter(move |(k, _)| self.in_force(s, *k))
                .map(move |(_, e)| (s, e))
        })
    }

    /// Restrictions that forbid `player` from playing this card now.
    pub fn forbidding(
        &self,
        source: &impl CardSource,
        player: Player,
        card: &CardId,
        face_down: bool,
        exclude: Option<usize>,
    ) -> Vec<(usize, Forbid)> {
        let facts = source.facts(card);
        let card_type = if face_down {
            Some(CardType::Support)
        } else {
            facts.and_then(|f| f.card_type)
        };
        let has_text = source.has_text(card);
        let max_printed = facts
            .map(|f| f.fire.unwrap_or(0).max(f.earth.unwrap_or(0)))
            .unwrap_or(0);
        let mut out = Vec::new();
        for (s, effect) in self.in_force_effects() {
            if Some(s) == exclude {
                continue;
            }
            let Effect::Restriction { forbids, whose, .. } = effect else {
                continue;
            };
            let bound = match whose {
                Whose::Mine => self.slots[s].owner,
                Whose::Yours => self.slots[s].owner.other(),
            };
            if bound != player {
                continue;
            }
            if let Forbid::Play {
                types,
                with_text,
                printed_above,
            } = forbids
            {
                let type_ok = types.is_empty() || card_type.is_some_and(|t| types.contains(&t));
                let text_ok = with_text.is_none_or(|w| w == has_text);
                let value_ok = printed_above.is_none_or(|n| max_printed > n);
                if type_ok && text_ok && value_ok {
                    out.push((s, forbids.clone()));
                }
            }
        }
        out
    }

    /// Every restriction in force that binds `player`, with its card's slot.
    pub fn restrictions_on(&self, player: Player) -> Vec<(usize, &'a Forbid)> {
        self.in_force_effects()
            .filter_map(|(s, effect)| match effect {
                Effect::Restriction { forbids, whose, .. }
                    if target_of(self.slots[s].owner, *whose) == player =>
                {
                    Some((s, forbids))
                }
                _ => None,
            })
            .collect()
    }

    pub fn label(&self, s: usize) -> String {
        self.slots[s].label()
    }
}

/// Computes both players' power, shields and the breakdown.
pub fn compute(source: &impl CardSource, table: &TableState) -> PowerReport {
    let res = Resolution::new(source, table);
    let n = res.slots.len();
    let mut warnings: Vec<Warning> = res
        .unknown
        .iter()
        .map(|c| Warning::UnknownCard { card: c.clone() })
        .collect();
    if !res.settled {
        warnings.push(Warning::IgnoreNotSettled);
    }

    // Step 2: printed values, Cool reductions.
    let mut printed = vec![PerElement::<u32>::default(); n];
    let mut eff_printed = vec![PerElement::<u32>::default(); n];
    let mut steps: Vec<Vec<Step>> = vec![Vec::new(); n];
    for s in 0..n {
        for e in ELEMENTS {
            printed[s].set(e, res.slots[s].printed(e));
        }
        eff_printed[s] = printed[s];
    }
    let forces: Vec<(usize, &Effect)> = res.in_force_effects().collect();
    for &(src, effect) in &forces {
        let Effect::PrintedReduction {
            parity,
            cards,
            whose,
        } = effect
        else {
            continue;
        };
        let target_player = target_of(res.slots[src].owner, *whose);
        for t in 0..n {
            let slot = &res.slots[t];
            if slot.owner != target_player
                || !slot.area.counts_power()
                || !res.matches_class(t, *cards)
                || (*whose == Whose::Yours && res.is_protected(t))
            {
                continue;
            }
            for e in ELEMENTS {
                let v = eff_printed[t].get(e);
                if v != 0 && parity.matches(v as u8) {
                    eff_printed[t].set(e, 0);
                    steps[t].push(Step {
                        element: e,
                        by: res.label(src),
                        effect: effect.describe(),
                        cause: effect.clone(),
                        from: v,
                        to: 0,
                    });
                }
            }
        }
    }

    // Steps 3-4: value ops, collected per (card, element), then applied in rank order.
    let mut ops: Vec<Vec<(Element, ValueOp, usize, &Effect)>> = vec![Vec::new(); n];
    for &(src, effect) in &forces {
        let Effect::Value {
            op,
            elements,
            cards,
            whose,
        } = effect
        else {
            continue;
        };
        let owner = res.slots[src].owner;
        let target_player = target_of(owner, *whose);
        let targets: Vec<usize> = if *cards == CardClass::OneCharacter {
            chosen_target(&res, src, target_player, &mut warnings)
                .into_iter()
                .collect()
        } else {
            (0..n)
                .filter(|&t| {
                    res.slots[t].owner == target_player
                        && res.slots[t].area.counts_power()
                        && res.matches_class(t, *cards)
                })
                .collect()
        };
        for t in targets {
            if !op.is_increase() && *whose == Whose::Yours && res.is_protected(t) {
                continue;
            }
            for e in ELEMENTS {
                if elements.includes(e) {
                    ops[t].push((e, *op, src, effect));
                }
            }
        }
    }
    let mut value = eff_printed.clone();
    for t in 0..n {
        let mut list = std::mem::take(&mut ops[t]);
        list.sort_by_key(|(_, op, _, _)| op_rank(*op));
        for (e, op, src, effect) in list {
            let from = value[t].get(e);
            let to = apply_op(op, from, eff_printed[t]);
            value[t].set(e, to);
            steps[t].push(Step {
                element: e,
                by: res.label(src),
                effect: effect.describe(),
                cause: effect.clone(),
                from,
                to,
            });
        }
    }

    // Steps 5-6: sums, then total-power effects.
    let mut cards = Vec::with_capacity(n);
    let mut totals = [PerElement::<u32>::default(); 2];
    for s in 0..n {
        let slot = &res.slots[s];
        let ignored_by = res.st[s].card_by;
        let counted = slot.area.counts_power() && ignored_by.is_none();
        if counted {
            for e in ELEMENTS {
                let t = &mut totals[idx(slot.owner)];
                t.set(e, t.get(e) + value[s].get(e));
            }
        }
        cards.push(CardLine {
            owner: slot.owner,
            area: slot.area,
            card: slot.entry.card.clone(),
            face_down: slot.entry.face_down,
            printed: printed[s],
            effective_printed: eff_printed[s],
            value: if ignored_by.is_some() {
                PerElement::default()
            } else {
                value[s]
            },
            counted,
            status: match ignored_by {
                Some(by) => CardStatus::Ignored { by: res.label(by) },
                None => CardStatus::Active,
            },
            icons: res.effective_icons(s),
            text_ignored_by: res.st[s].text_by.map(|b| res.label(b)),
            icons_ignored_by: res.st[s].icons_by.first().map(|&(b, _)| res.label(b)),
            steps: std::mem::take(&mut steps[s]),
        });
    }
    for &(src, effect) in &forces {
        if let Effect::TotalPower { to, element } = effect {
            let t = &mut totals[idx(res.slots[src].owner)];
            for e in ELEMENTS {
                if element.is_none_or(|x| x == e) {
                    let from = t.get(e);
                    let raised = from.max(u32::from(*to));
                    t.set(e, raised);
                    // Shown on the card that raises the total, so the "why?" breakdown
                    // adds up to the total it shows.
                    if raised != from {
                        cards[src].steps.push(Step {
                            element: e,
                            by: res.label(src),
                            effect: format!("total power: {}", effect.describe()),
                            cause: effect.clone(),
                            from,
                            to: raised,
                        });
                    }
                }
            }
        }
    }

    let mut shields = [PerElement::<bool>::default(); 2];
    for (s, slot) in res.slots.iter().enumerate() {
        if slot.area == Area::Combat
            && matches!(
                slot.card_type(),
                Some(CardType::Character) | Some(CardType::Booster)
            )
        {
            let icons = res.effective_icons(s);
            let sh = &mut shields[idx(slot.owner)];
            sh.fire |= icons.contains(&Icon::FireShield);
            sh.earth |= icons.contains(&Icon::EarthShield);
        }
    }

    let players = [Player::A, Player::B].map(|p| {
        let me = idx(p);
        let opp = idx(p.other());
        let mut meets = PerElement::default();
        for e in ELEMENTS {
            meets.set(
                e,
                totals[me].get(e) >= totals[opp].get(e) || shields[me].get(e),
            );
        }
        PlayerPower {
            player: p,
            total: totals[me],
            shield: shields[me],
            needed: totals[opp],
            meets,
            six_card_count: table.side(p).six_card_count(),
        }
    });

    let mut effects = Vec::new();
    for (s, slot) in res.slots.iter().enumerate() {
        let Some(card) = &slot.entry.card else {
            continue;
        };
        for (k, effect) in slot.effects.iter().enumerate() {
            effects.push(EffectLine {
                owner: slot.owner,
                card: card.clone(),
                kind: effect.kind(),
                text: source.text(card).map(str::to_owned),
                description: effect.describe(),
                effect: effect.clone(),
                status: res.effect_status(s, k),
            });
        }
    }

    for (s, slot) in res.slots.iter().enumerate() {
        let (true, Some(card)) = (slot.entry.new, &slot.entry.card) else {
            continue;
        };
        for (by, rule) in res.forbidding(source, slot.owner, card, slot.entry.face_down, Some(s)) {
            if let Some(by_card) = &res.slots[by].entry.card {
                warnings.push(Warning::Forbidden {
                    player: slot.owner,
                    card: card.clone(),
                    by: by_card.clone(),
                    rule: format!("{rule:?}"),
                });
            }
        }
    }

    PowerReport {
        contested: table.contested,
        players,
        cards,
        effects,
        warnings,
    }
}

fn target_of(owner: Player, whose: Whose) -> Player {
    match whose {
        Whose::Mine => owner,
        Whose::Yours => owner.other(),
    }
}

/// The card a "one of my character cards" effect applies to: the entry's chosen target
/// if it is one of the owner's characters in the combat area, else the most recent one.
fn chosen_target(
    res: &Resolution<'_>,
    src: usize,
    player: Player,
    warnings: &mut Vec<Warning>,
) -> Option<usize> {
    let is_char = |t: usize| {
        res.slots[t].owner == player
            && res.slots[t].area == Area::Combat
            && res.matches_class(t, CardClass::Characters)
    };
    if let Some(target) = &res.slots[src].entry.target {
        let found = (0..res.slots.len())
            .find(|&t| is_char(t) && res.slots[t].entry.card.as_ref() == Some(target));
        if found.is_some() {
            return found;
        }
        if let Some(card) = &res.slots[src].entry.card {
            warnings.push(Warning::BadTarget {
                card: card.clone(),
                target: target.clone(),
            });
        }
    }
    (0..res.slots.len()).rev().find(|&t| is_char(t))
}

fn op_rank(op: ValueOp) -> u8 {
    match op {
        ValueOp::IncreaseTo(_) | ValueOp::SumOfPrinted | ValueOp::HigherPrinted => 0,
        ValueOp::IncreaseBy(_) => 1,
        ValueOp::Double => 2,
        ValueOp::DecreaseTo(_) => 3,
        ValueOp::DecreaseBy(_) => 4,
    }
}

fn apply_op(op: ValueOp, v: u32, printed: PerElement<u32>) -> u32 {
    match op {
        ValueOp::Double => v.saturating_mul(2),
        ValueOp::IncreaseTo(n) => v.max(u32::from(n)),
        ValueOp::IncreaseBy(n) => v.saturating_add(u32::from(n)),
        ValueOp::SumOfPrinted => v.max(printed.fire + printed.earth),
        ValueOp::HigherPrinted => v.max(printed.fire.max(printed.earth)),
        ValueOp::DecreaseTo(n) => v.min(u32::from(n)),
        ValueOp::DecreaseBy(n) => v.saturating_sub(u32::from(n)),
    }
}

impl PowerReport {
    /// A plain-text rendering for the command line: totals, shields, needed power, then
    /// each card's contribution and each effect's status.
    pub fn render_text(&self) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        let el = |e: Option<Element>| match e {
            Some(Element::Fire) => "fire",
            Some(Element::Earth) => "earth",
            None => "not chosen",
        };
        let _ = writeln!(out, "contested element: {}", el(self.contested));
        for p in &self.players {
            let yn = |b: bool| if b { "yes" } else { "no" };
            let _ = writeln!(
                out,
                "{:?}: fire {} (shield {}, needs {}, meets {}) | earth {} (shield {}, needs {}, meets {}) | six-card count {}",
                p.player,
                p.total.fire,
                yn(p.shield.fire),
                p.needed.fire,
                yn(p.meets.fire),
                p.total.earth,
                yn(p.shield.earth),
                p.needed.earth,
                yn(p.meets.earth),
                p.six_card_count
            );
        }
        let _ = writeln!(out, "cards:");
        for c in &self.cards {
            let name = c
                .card
                .as_ref()
                .map_or_else(|| "bluff".to_string(), |c| c.to_string());
            let fd = if c.face_down { " (face down)" } else { "" };
            let status = match &c.status {
                CardStatus::Active if c.counted => String::new(),
                CardStatus::Active => " [not counted]".into(),
                CardStatus::Ignored { by } => format!(" [ignored by {by}]"),
            };
            let _ = writeln!(
                out,
                "  {:?} {:?} {name}{fd}: fire {} earth {} (printed {}/{}){status}",
                c.owner, c.area, c.value.fire, c.value.earth, c.printed.fire, c.printed.earth
            );
            for s in &c.steps {
                let _ = writeln!(
                    out,
                    "      {:?} {} -> {} by {}: {}",
                    s.element, s.from, s.to, s.by, s.effect
                );
            }
        }
        if !self.effects.is_empty() {
            let _ = writeln!(out, "effects:");
            for e in &self.effects {
                let status = match &e.status {
                    EffectStatus::InForce => "in force".to_string(),
                    EffectStatus::Ignored { by } => format!("ignored by {by}"),
                    EffectStatus::Void { by } => format!("no effect (opposed by {by})"),
                    EffectStatus::NotThisTurn => "not this turn".into(),
                };
                let _ = writeln!(
                    out,
                    "  {:?} {}: {} [{status}]",
                    e.owner, e.card, e.description
                );
            }
        }
        for w in &self.warnings {
            let _ = writeln!(out, "warning: {w:?}");
        }
        out
    }
}
