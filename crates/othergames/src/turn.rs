//! Whose turn it is and how many turns there have been: the same in every game here.

use crate::{LogError, Player};
use serde::Serialize;

/// The most turns a game counts (each player's turn counts): far beyond any game played at a
/// table (a chess game of the longest legal length has about 12,000), so a log that reaches it
/// is refused rather than counting on at a stuck number.
pub const MAX_TURNS: u32 = 99_999;

/// The active player and the turn number (from 1; each player's turn counts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Turn {
    pub active: Player,
    pub number: u32,
}

impl Turn {
    pub fn first(starts: Player) -> Turn {
        Turn {
            active: starts,
            number: 1,
        }
    }

    /// Refuses an action only the active player takes.
    pub fn check_active(&self, player: Player) -> Result<(), LogError> {
        if player == self.active {
            Ok(())
        } else {
            Err(LogError::NotYourTurn {
                active: self.active,
                got: player,
            })
        }
    }

    /// The active player ends the turn: the other player's turn begins.
    pub fn end(&mut self, player: Player) -> Result<(), LogError> {
        self.check_active(player)?;
        if self.number >= MAX_TURNS {
            return Err(LogError::TooManyTurns);
        }
        self.active = player.other();
        self.number += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_turn_a_game_counts_is_refused_not_repeated() {
        let mut t = Turn {
            active: Player::A,
            number: MAX_TURNS - 1,
        };
        assert_eq!(t.end(Player::A), Ok(()));
        assert_eq!(t.number, MAX_TURNS);
        let before = t;
        assert_eq!(t.end(Player::B), Err(LogError::TooManyTurns));
        assert_eq!(t, before, "a refused end of turn changes nothing");
    }
}
