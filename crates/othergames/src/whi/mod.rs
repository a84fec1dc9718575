//! Warhammer: Invasion: each player's capital (Kingdom, Quest and Battlefield sections with
//! damage, developments, hit points and burn), resources, cards in play per zone, and the
//! end of the game (2 burned sections, 3 after an Eternal War legend; an empty deck loses).

mod error;
mod event;
pub mod limits;
mod state;
mod view;

pub use error::WhiError;
pub use event::{HitPoints, WhiEvent, Zone};
pub use state::{Capital, EndReason, Section, Side, WhiResult, WhiState};
pub use view::{SectionView, WhiPlayerView, WhiView};

/// A Warhammer: Invasion log with its state.
pub type WhiGame = crate::Game<WhiState>;
