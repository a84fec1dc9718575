//! Why a Star Trek CCG event is impossible.

use super::{MAX_POINTS, MAX_SCORE};
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
    #[error(
        "{points} points for {player} is more than the {MAX_POINTS} one entry scores or loses"
    )]
    PointsOutOfRange { player: Player, points: i32 },
    #[error(
        "{player} has {score} points; {points} more would pass the ±{MAX_SCORE} a score can be"
    )]
    ScoreOutOfRange {
        player: Player,
        score: i32,
        points: i32,
    },
}
