//! The three dragons as a tug of war, and the dragons due on a retreat.

use crate::effect::{DragonChange, Effect, Whose};
use crate::power::Resolution;
use crate::source::CardSource;
use crate::table::TableState;
use crate::Player;
use serde::{Deserialize, Serialize};

/// Where a dragon is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DragonPos {
    Centre,
    Side(Player),
}

/// The dragons' colours. The FAQ names red and green; the third colour is not given, so
/// it is called `third`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum DragonColour {
    Red,
    Green,
    Third,
}

/// What one attraction did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Attraction {
    /// A dragon left the opponent's side for the centre.
    FromOpponent(DragonColour),
    /// A dragon came from the centre to the player's side.
    FromCentre(DragonColour),
    /// The player already had all three: the fourth dragon wins the game at once.
    Fourth,
}

/// The three dragons. Invariant: exactly three, and (tug of war) never on both sides.
/// Serialised as `[{"colour":"red","position":"centre"}, {"colour":"green","position":"A"}, ...]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dragons([(DragonColour, DragonPos); 3]);

#[derive(Serialize)]
struct DragonView {
    colour: DragonColour,
    /// `centre`, `A` or `B`.
    position: &'static str,
}

impl Serialize for Dragons {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let views = self.0.map(|(colour, pos)| DragonView {
            colour,
            position: match pos {
                DragonPos::Centre => "centre",
                DragonPos::Side(Player::A) => "A",
                DragonPos::Side(Player::B) => "B",
            },
        });
        views.serialize(serializer)
    }
}

impl Default for Dragons {
    fn default() -> Self {
        Dragons([
            (DragonColour::Red, DragonPos::Centre),
            (DragonColour::Green, DragonPos::Centre),
            (DragonColour::Third, DragonPos::Centre),
        ])
    }
}

impl Dragons {
    pub fn positions(&self) -> &[(DragonColour, DragonPos); 3] {
        &self.0
    }

    /// Dragons on a player's side.
    pub fn on_side(&self, p: Player) -> u8 {
        self.0
            .iter()
            .filter(|(_, pos)| *pos == DragonPos::Side(p))
            .count() as u8
    }

    pub fn in_centre(&self) -> u8 {
        3 - self.on_side(Player::A) - self.on_side(Player::B)
    }

    /// One dragon for `p`: an opponent's dragon goes back to the centre first (the most
    /// recently arrived colour order: third, green, red), otherwise one comes from the
    /// centre (red, green, third). The rulebook's tug of war; the FAQ only implies it.
    pub fn attract(&mut self, p: Player) -> Attraction {
        let opp = DragonPos::Side(p.other());
        if let Some(d) = self.0.iter_mut().rev().find(|(_, pos)| *pos == opp) {
            d.1 = DragonPos::Centre;
            return Attraction::FromOpponent(d.0);
        }
        if let Some(d) = self.0.iter_mut().find(|(_, pos)| *pos == DragonPos::Centre) {
            d.1 = DragonPos::Side(p);
            return Attraction::FromCentre(d.0);
        }
        Attraction::Fourth
    }
}

/// How the dragons due on a retreat were reached, for the "why?" view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RetreatDragons {
    pub winner: Player,
    pub base: u8,
    /// +1 when the winner has six or more cards in combat and support areas.
    pub six_cards: u8,
    /// Sum of the +1 / -1 modifiers in force, with their cards.
    pub modifiers: Vec<(String, i8)>,
    /// "no more than one" in force (card).
    pub capped_by: Option<String>,
    /// "may not attract" in force (card).
    pub forbidden_by: Option<String>,
    pub total: u8,
}

/// Dragons the opponent of `retreating` attracts: 1, +1 for six or more cards, then the
/// +1/-1 card modifiers, then the "at most one" cap, with "may not attract" beating all.
pub fn due_on_retreat(
    source: &impl CardSource,
    table: &TableState,
    retreating: Player,
) -> RetreatDragons {
    let winner = retreating.other();
    let res = Resolution::new(source, table);
    let six_cards = u8::from(table.side(winner).six_card_count() >= 6);
    let mut modifiers = Vec::new();
    let mut capped_by = None;
    let mut forbidden_by = None;
    for (s, effect) in res.in_force_effects() {
        let Effect::RetreatDragons {
            retreating: who,
            change,
            ..
        } = effect
        else {
            continue;
        };
        let owner = res.slots[s].owner;
        let applies_to = match who {
            Whose::Mine => owner,
            Whose::Yours => owner.other(),
        };
        if applies_to != retreating {
            continue;
        }
        match change {
            DragonChange::PlusOne => modifiers.push((res.label(s), 1)),
            DragonChange::MinusOne => modifiers.push((res.label(s), -1)),
            DragonChange::AtMostOne => capped_by = capped_by.or(Some(res.label(s))),
            DragonChange::MayNotAttract => forbidden_by = forbidden_by.or(Some(res.label(s))),
        }
    }
    let sum: i16 = 1 + i16::from(six_cards) + modifiers.iter().map(|m| i16::from(m.1)).sum::<i16>();
    let mut total = sum.clamp(0, 4) as u8;
    if capped_by.is_some() {
        total = total.min(1);
    }
    if forbidden_by.is_some() {
        total = 0;
    }
    RetreatDragons {
        winner,
        base: 1,
        six_cards,
        modifiers,
        capped_by,
        forbidden_by,
        total,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tug_of_war_returns_opponents_dragon_to_centre_first() {
        let mut d = Dragons::default();
        assert_eq!(
            d.attract(Player::A),
            Attraction::FromCentre(DragonColour::Red)
        );
        assert_eq!(
            d.attract(Player::A),
            Attraction::FromCentre(DragonColour::Green)
        );
        assert_eq!(d.on_side(Player::A), 2);
        assert_eq!(
            d.attract(Player::B),
            Attraction::FromOpponent(DragonColour::Green)
        );
        assert_eq!((d.on_side(Player::A), d.on_side(Player::B)), (1, 0));
        assert_eq!(d.in_centre(), 2);
    }

    #[test]
    fn fourth_dragon_is_reported() {
        let mut d = Dragons::default();
        for _ in 0..3 {
            d.attract(Player::B);
        }
        assert_eq!(d.attract(Player::B), Attraction::Fourth);
        assert_eq!(d.on_side(Player::B), 3);
    }
}
