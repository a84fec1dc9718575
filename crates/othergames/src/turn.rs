//! Whose turn it is and how many turns there have been: the same in every game here.

use crate::{LogError, Player};
use serde::Serialize;

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
        self.active = player.other();
        self.number = self.number.saturating_add(1);
        Ok(())
    }
}
