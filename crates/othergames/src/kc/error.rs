//! Why a Knightmare Chess event is impossible.

use super::{MAX_CARDS_PLAYED, MAX_CARD_TURNS, MAX_GAMES};
use crate::{CardId, LogError, Player};
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum KcError {
    #[error(transparent)]
    Log(#[from] LogError),
    #[error("card `{card}` played by {player} is not in force")]
    NotInForce { player: Player, card: CardId },
    #[error("card `{card}` played by {player} is in force for at most {MAX_CARD_TURNS} turns, not {turns}")]
    TooManyTurns {
        player: Player,
        card: CardId,
        turns: u8,
    },
    #[error("a match has at most {MAX_GAMES} games")]
    TooManyGames,
    #[error("a game has at most {MAX_CARDS_PLAYED} cards played")]
    TooManyCards,
}
