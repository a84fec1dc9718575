//! Play conditions the table can compute ("I may only play this card if ...", the mutants;
//! "I must have the red dragon on my side to play this card", the crystal cards), checked
//! before a card is played and warned about like any other limit of a turn: the cards on
//! the table are the truth, so a person may still confirm the play.
//!
//! * The condition is read on the table as it is before the card arrives ('I check my
//!   opponent's CURRENT power, before my mutant is played', German card FAQ, Mutanten;
//!   § 'Values and Total Power: Announce Power', Cast Cataclysm).
//! * A mutant's condition is part of its special power text: when the opponent's cards
//!   ignore that text once the card lies on the table, it may be played anyway (§ 'Special
//!   Power Texts: Ignored (Special Power Text)', Var-dis-Nar; § 'Special Power Texts:
//!   Ignored (Cards)', Zig-nur-Don and Hank Highflyer Hawk). A crystal card's "I must"
//!   cannot be ignored.
//! * A card of the player's own allows the play anyway: Inflame Mutant ('I may play any
//!   mutant', § 'Special Power Texts: Other'), Uusa-Alpha-Omega (a crystal card as if its
//!   dragon were on my side).
//! * A face-down bluff card has no text; conditions that depend on hands (Sas-van-Son,
//!   WhizWhiz) stay reminders: the table does not know the hands.

use crate::dragons::DragonPos;
use crate::effect::{Action, Effect, ExtraPlays, PlayCondition};
use crate::game::GameState;
use crate::power::{compute, Resolution};
use crate::source::CardSource;
use crate::table::Area;
use crate::{CardId, CardType, Icon, Player, Series};

/// A condition of the card that the table before the play does not meet, with the figure
/// the table shows for it (total power, dragons or cards), and the index of its effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Unmet {
    pub condition: PlayCondition,
    pub have: u32,
    pub effect: usize,
}

/// The conditions of `card` that `player` playing it now would not meet (before it lies on
/// the table; [`in_force`] then drops those its text being ignored lifts).
pub(crate) fn unmet(
    state: &GameState,
    cards: &impl CardSource,
    player: Player,
    card: &CardId,
    face_down: bool,
) -> Vec<Unmet> {
    if face_down {
        return Vec::new();
    }
    let conditions: Vec<(usize, PlayCondition)> = cards
        .effects(card)
        .iter()
        .enumerate()
        .filter_map(|(k, e)| match e {
            Effect::Reminder {
                action: Action::PlayCondition,
                condition: Some(c),
                ..
            } => Some((k, *c)),
            _ => None,
        })
        .collect();
    if conditions.is_empty() {
        return Vec::new();
    }
    let res = Resolution::new(cards, &state.table);
    let allowed = |x: ExtraPlays| {
        res.in_force_effects().any(|(s, e)| {
            res.slots[s].owner == player
                && matches!(e, Effect::Reminder { extra: Some(y), .. } if *y == x)
        })
    };
    let facts = cards.facts(card);
    if facts.is_some_and(|f| f.series == Series::Mutant) && allowed(ExtraPlays::AnyMutant) {
        return Vec::new();
    }
    let crystal = facts.and_then(|f| f.card_type) == Some(CardType::Crystal);
    let opponent = player.other();
    let mine = state.table.side(player);
    let yours = state.table.side(opponent);
    conditions
        .into_iter()
        .filter_map(|(effect, condition)| {
            let (met, have) = match condition {
                PlayCondition::AttackedBy { at_least, element } => {
                    let attacked = state
                        .table
                        .contested
                        .filter(|c| element.is_none_or(|e| e == *c));
                    let total = attacked.map_or(0, |c| {
                        compute(cards, &state.table).player(opponent).total.get(c)
                    });
                    (attacked.is_some() && total >= u32::from(at_least), total)
                }
                PlayCondition::YourDragons { at_least } => {
                    let n = state.dragons.on_side(opponent);
                    (n >= at_least, u32::from(n))
                }
                PlayCondition::YourCardsInAreas { at_least } => {
                    let n = yours.combat.len() + yours.covered.len() + yours.support.len();
                    (n >= usize::from(at_least), count(n))
                }
                PlayCondition::YourActiveCards { at_least } => {
                    let n = yours.combat.len() + yours.support.len();
                    (n >= usize::from(at_least), count(n))
                }
                PlayCondition::NoCardsInMyAreas => {
                    let n = mine.combat.len() + mine.covered.len() + mine.support.len();
                    (n == 0, count(n))
                }
                PlayCondition::NoCardsInMyInfluence => {
                    let n = mine.influence.len();
                    (n == 0, count(n))
                }
                PlayCondition::YourActiveFree => {
                    let n = (0..res.slots.len())
                        .filter(|&s| {
                            let slot = &res.slots[s];
                            slot.owner == opponent
                                && matches!(slot.area, Area::Combat | Area::Support)
                                && res.effective_icons(s).contains(&Icon::Free)
                        })
                        .count();
                    (n > 0, count(n))
                }
                PlayCondition::YourActiveHyla => {
                    let n = yours
                        .influence
                        .iter()
                        .filter_map(|e| e.card.as_ref())
                        .filter(|c| {
                            cards.facts(c).and_then(|f| f.card_type) == Some(CardType::Influence)
                        })
                        .count();
                    (n > 0, count(n))
                }
                PlayCondition::MyDragon { colour } => {
                    let here = state
                        .dragons
                        .positions()
                        .contains(&(colour, DragonPos::Side(player)));
                    let as_if = crystal && allowed(ExtraPlays::CrystalAsIfDragonMine);
                    (here || as_if, u32::from(here))
                }
            };
            (!met).then_some(Unmet {
                condition,
                have,
                effect,
            })
        })
        .collect()
}

/// Of the `unmet` conditions, those still binding once the card lies on the table (in slot
/// `slot` of `res`): an ignorable condition whose text the opponent ignores binds no more.
pub(crate) fn in_force(res: &Resolution<'_>, slot: Option<usize>, unmet: Vec<Unmet>) -> Vec<Unmet> {
    unmet
        .into_iter()
        .filter(|u| !u.condition.can_be_ignored() || slot.is_none_or(|s| res.in_force(s, u.effect)))
        .collect()
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
