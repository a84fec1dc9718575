//! Knightmare Chess events (format version 1, see `EVENTS.md`).

use crate::{CardId, PerPlayer, Player};
use serde::{Deserialize, Serialize};
use std::num::NonZeroU8;
use ts_rs::TS;

/// How long a played card stays in force.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum Duration {
    /// A regular card: it resolves and is discarded at the end of the turn.
    ThisTurn,
    /// A Continuing Effect card: in force until removed (`card_ended`).
    Continuing,
    /// In force for this many turns of the player who played it, counted down at the end of
    /// each of them (`{"turns": 3}`).
    Turns(NonZeroU8),
}

/// How a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum WinBy {
    Checkmate,
    /// The opponent's last King was captured (by a move or a Continuing Effect; a regular card
    /// may not do it: the Checkmate Rule).
    LastKingCaptured,
    /// KING OF THE MOUNTAIN: the King ended its third turn on the same middle square.
    KingOfTheMountain,
    Resignation,
}

/// How a game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum DrawBy {
    Stalemate,
    Agreement,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum KcEvent {
    /// First event of a match: decks (free text) and who plays White in the first game.
    Setup {
        #[serde(default)]
        decks: PerPlayer<Option<String>>,
        white: Player,
    },
    /// `player` plays a card (on either player's turn: some cards answer the opponent's move
    /// or card), on a piece, a square or the board (`target`, free text such as `"e4"`).
    CardPlayed {
        player: Player,
        #[ts(as = "String")]
        card: CardId,
        duration: Duration,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<String>,
    },
    /// A card in force leaves play early (PEACE TALKS, COUNTERSPELL, its piece captured, ...).
    CardEnded {
        player: Player,
        #[ts(as = "String")]
        card: CardId,
    },
    /// The side to move ends its turn.
    TurnEnded { player: Player },
    /// The game is won by `winner`.
    GameWon { winner: Player, by: WinBy },
    /// The game is drawn.
    GameDrawn { by: DrawBy },
    /// After a game: the next game of the match, `white` plays White.
    NextGame { white: Player },
}
