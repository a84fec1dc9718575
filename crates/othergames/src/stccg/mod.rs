//! Star Trek CCG: each player's score with a ledger of every change and its reason,
//! negative scores, the target of 100 (140 while Q's Planet is unsolved), the ends of the
//! game the Comprehensive Rules Document states, and cards in play.

mod error;
mod event;
mod state;
mod view;

pub use error::StError;
pub use event::{PointSource, StEvent};
pub use state::{
    LedgerEntry, Outcome, QsPlanet, StEndReason, StResult, StState, MAX_POINTS, MAX_SCORE,
    QS_PLANET_TARGET, TARGET,
};
pub use view::{StPlayerView, StView};

/// A Star Trek CCG log with its state.
pub type StGame = crate::Game<StState>;
