//! Why a Star Trek CCG event is impossible.

use crate::{CardId, LogError, Player};
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StError {
    #[error(transparent)]
    Log(#[from] LogError),
    #[error("0 points change no score")]
    ZeroPoints,
    #[error("card `{card}` is not in play for {player}")]
    NotInPlay { player: Player, card: CardId },
    #[error("Q's Planet is already on the spaceline")]
    QsPlanetAlreadyIn,
    #[error("Q's Planet is not on the spaceline unsolved")]
    QsPlanetNotIn,
}
