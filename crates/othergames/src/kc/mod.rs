//! Knightmare Chess: side to move and turn number, the cards in force with their durations
//! counting down by turns, and the match score. The position itself stays on the board.

mod error;
mod event;
mod state;
mod view;

pub use error::KcError;
pub use event::{DrawBy, Duration, KcEvent, WinBy};
pub use state::{InForce, KcResult, KcState, Side, MAX_CARDS_PLAYED, MAX_CARD_TURNS, MAX_GAMES};
pub use view::KcView;

/// A Knightmare Chess log with its state.
pub type KcGame = crate::Game<KcState>;
