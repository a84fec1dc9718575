//! The two players at the table, and a value for each of them: one definition for every
//! game's engine (Blue Moon's and the other games').

use serde::{Deserialize, Serialize};
use std::fmt;
use ts_rs::TS;

/// A seat at the table. The service maps seats to the players' names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[ts(export)]
pub enum Player {
    #[serde(alias = "a")]
    A,
    #[serde(alias = "b")]
    B,
}

impl Player {
    pub const BOTH: [Player; 2] = [Player::A, Player::B];

    pub fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }

    /// 0 for A, 1 for B: the seat's place in a pair listed A first.
    pub fn index(self) -> usize {
        match self {
            Player::A => 0,
            Player::B => 1,
        }
    }
}

/// Only so that states can derive `Default` (the state before `setup`); every game sets
/// who starts in its setup event.
impl Default for Player {
    fn default() -> Self {
        Player::A
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::A => f.write_str("player A"),
            Player::B => f.write_str("player B"),
        }
    }
}

/// A value for each player (`{"A": ..., "B": ...}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PerPlayer<T> {
    #[serde(rename = "A", alias = "a")]
    pub a: T,
    #[serde(rename = "B", alias = "b")]
    pub b: T,
}

impl<T> PerPlayer<T> {
    pub fn get(&self, p: Player) -> &T {
        match p {
            Player::A => &self.a,
            Player::B => &self.b,
        }
    }

    pub fn get_mut(&mut self, p: Player) -> &mut T {
        match p {
            Player::A => &mut self.a,
            Player::B => &mut self.b,
        }
    }
}
