//! Blue Moon rules, pure (no IO): effect model, power calculation, table state, and the
//! fight / dragon / crystal state machine as a fold over events.

pub use cards::bm::{Bluff, BmFacts, CardType, Element, Gang, Icon, Series};

/// The two players at the table.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Player {
    A,
    B,
}

impl Player {
    pub fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }
}
