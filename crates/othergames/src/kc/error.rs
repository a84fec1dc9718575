//! Why a Knightmare Chess event is impossible.

use crate::{CardId, LogError, Player};
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum KcError {
    #[error(transparent)]
    Log(#[from] LogError),
    #[error("card `{card}` played by {player} is not in force")]
    NotInForce { player: Player, card: CardId },
}
