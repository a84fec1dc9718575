//! Star Trek CCG events (format version 1, see `EVENTS.md`).

use crate::{CardId, PerPlayer, Player};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Why a score changed: the ledger's reason column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum PointSource {
    /// A completed mission's point box.
    Mission,
    /// A dilemma's point value (Borg Ship, Cytherians, Edo Probe -10, ...).
    Dilemma,
    /// Other points in the bonus point area: Q-Continuum cards, artifacts, Interrogation,
    /// transfers (Mandarin Bailiff), ...
    BonusPoints,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum StEvent {
    /// First event: decks (free text) and who takes the first turn.
    Setup {
        #[serde(default)]
        decks: PerPlayer<Option<String>>,
        starts: Player,
    },
    /// `player`'s score changes by `points` (negative: points lost), with its reason.
    PointsScored {
        player: Player,
        points: i32,
        source: PointSource,
        /// The card the points come from (the mission, the dilemma, ...).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(as = "Option<String>")]
        card: Option<CardId>,
    },
    /// A card comes into play (or is seeded) on `player`'s side.
    CardPlayed {
        player: Player,
        #[ts(as = "String")]
        card: CardId,
    },
    /// A card leaves play (one copy).
    CardLeft {
        player: Player,
        #[ts(as = "String")]
        card: CardId,
    },
    /// Q's Planet is inserted into the spaceline from `player`'s Q-Continuum side deck:
    /// 140 points win, for both players, until it is solved.
    QsPlanetEntered { player: Player },
    /// Q's Planet is solved (completed) by `player`: 100 points win again.
    QsPlanetSolved { player: Player },
    /// The active player ends the turn (after the card draw).
    TurnEnded { player: Player },
    /// `player` draws the last card of the deck: the game ends at once.
    DeckExhausted { player: Player },
    /// `player` cannot show the Devidian Door on the next turn: they lose.
    DevidianDoorNotShown { player: Player },
    /// Mickey D. is in `player`'s Away Team attempting the mission: they win.
    MickeyDAttempt { player: Player },
    /// `player` concedes.
    Conceded { player: Player },
}
