//! Warhammer: Invasion events (format version 1, see `EVENTS.md`).

use crate::{CardId, PerPlayer, Player};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The three sections of a capital, which are also the three in-play zones of a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    Kingdom,
    Quest,
    Battlefield,
}

impl Zone {
    pub const ALL: [Zone; 3] = [Zone::Kingdom, Zone::Quest, Zone::Battlefield];
}

/// Hit points of a capital section: `base` plus `per_development` for each development in it.
/// The rulebook gives 8 and 1; the FAQ does not state them, so a match may set its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct HitPoints {
    pub base: u32,
    pub per_development: u32,
}

impl Default for HitPoints {
    fn default() -> Self {
        HitPoints {
            base: 8,
            per_development: 1,
        }
    }
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum WhiEvent {
    /// First event: decks (free text), who takes the first turn, capital hit points.
    Setup {
        #[serde(default)]
        decks: PerPlayer<Option<String>>,
        starts: Player,
        #[serde(default)]
        hit_points: HitPoints,
    },
    /// Kingdom phase of the active player: unspent resources go back to the pool, then the
    /// player takes `amount` (the power in the kingdom).
    ResourcesCollected { player: Player, amount: u32 },
    /// Resources from a card effect (Raider X, ...), in either player's turn.
    ResourcesGained { player: Player, amount: u32 },
    /// Resources spent on costs and loyalty.
    ResourcesSpent { player: Player, amount: u32 },
    /// A card enters play in one of its controller's zones.
    CardPlayed {
        player: Player,
        #[ts(as = "String")]
        card: CardId,
        zone: Zone,
    },
    /// A legend enters play. Legends are in no single zone: they have power icons per zone
    /// and are attacked through a zone (FAQ: Official Rules Clarification > Legends (v1.8)).
    LegendEntered {
        player: Player,
        #[ts(as = "String")]
        card: CardId,
        /// An Eternal War cycle legend ("you must burn 3 zones instead of 2 to win for the
        /// rest of the game").
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        eternal_war: bool,
    },
    /// A legend leaves play (one copy).
    LegendLeft {
        player: Player,
        #[ts(as = "String")]
        card: CardId,
    },
    /// A card in play moves to another of its controller's zones (one copy).
    CardMoved {
        player: Player,
        #[ts(as = "String")]
        card: CardId,
        from: Zone,
        to: Zone,
    },
    /// A card leaves play from a zone (destroyed, sacrificed, returned to hand, ...; one copy).
    CardLeft {
        player: Player,
        #[ts(as = "String")]
        card: CardId,
        zone: Zone,
    },
    /// A card is put face down as a development in a zone.
    DevelopmentPlayed { player: Player, zone: Zone },
    /// A development leaves a zone.
    DevelopmentRemoved { player: Player, zone: Zone },
    /// Damage applied to a section of `player`'s capital.
    DamageDealt {
        player: Player,
        zone: Zone,
        amount: u32,
    },
    /// Damage removed from a section of `player`'s capital that has not burned.
    DamageHealed {
        player: Player,
        zone: Zone,
        amount: u32,
    },
    /// `player` has no cards left in the deck: they lose.
    DeckEmpty { player: Player },
    /// `player` concedes.
    Conceded { player: Player },
    /// The active player ends the turn; the other player becomes active.
    TurnEnded { player: Player },
}
