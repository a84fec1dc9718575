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

mod render;
mod resolution;
mod warning;

pub(crate) use resolution::Resolution;
pub use warning::{Warning, WarningKind};

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
    /// The effect that applied, as data: the service words it in the interface language.
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
    /// The effect as data: the service words it in the interface language.
    pub effect: Effect,
    #[serde(flatten)]
    pub status: EffectStatus,
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
