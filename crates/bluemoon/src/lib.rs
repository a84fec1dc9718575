//! Blue Moon rules, pure (no IO): effect model, power calculation, table state, and the
//! fight / dragon / crystal state machine as a fold over events.
//!
//! * [`effect`]: every card's special power text as data ([`effect::Effect`]).
//! * [`source`]: [`CardSource`] (facts + effects by id) and the embedded [`Catalog`].
//! * [`table`]: the table state ([`TableState`]), input of [`power::compute`].
//! * [`power`]: total power, shields, needed power and the "why?" breakdown.
//! * [`dragons`]: the three dragons as a tug of war; dragons due on a retreat.
//! * [`event`]: the versioned event log format ([`Event`], [`EventKind`]).
//! * [`game`]: [`GameState`] as a fold over events, validation, [`TableView`], and [`Game`]
//!   (log + state, push / undo).
//! * [`preview`]: [`GameState::preview_play`], what entering a card would do (area, target,
//!   warnings), and the pass check; `turn` holds the limits of a turn they warn about,
//!   `condition` the play conditions of the mutants and crystal cards.
//! * [`matches`]: a match of games to five crystals: its end and who starts the next game.
//! * [`deck`]: the peoples and which cards the set-up puts in a player's deck.
//!
//! Formats: `TABLE_STATE.md` (input of the power calculation) and `EVENTS.md` (the log).
//!
//! ```
//! use bluemoon::{Catalog, TableState, Player};
//! let cat = Catalog::embedded()?;
//! let table = TableState::from_json(r#"{"contested":"fire","A":{"combat":["vulca-13"]}}"#)?;
//! let report = bluemoon::power::compute(&cat, &table);
//! assert_eq!(report.player(Player::A).total.fire, 2);
//! # Ok::<(), bluemoon::RuleError>(())
//! ```

mod condition;
pub mod construct;
pub mod deck;
pub mod dragons;
pub mod effect;
pub mod engine;
pub mod error;
pub mod event;
pub mod game;
pub mod inquisitor;
pub mod matches;
pub mod power;
pub mod preview;
pub mod source;
pub mod table;
mod turn;

pub use cards::bm::{Bluff, BmFacts, CardType, Element, Gang, Icon, Series};
pub use cards::CardId;
pub use error::RuleError;
pub use event::{Event, EventKind};
pub use game::{area_for, Game, GameState, TableView};
pub use power::{Warning, WarningKind};
pub use preview::PlayPreview;
pub use source::{CardSource, Catalog};
pub use table::{Area, CardEntry, PlayerTable, TableState};

/// The two players at the table (one definition with the other games' engines).
pub use cards::Player;

/// `Display` as the serialised name (`second_character`, `fourth_dragon`, ...), so the
/// command line prints what the JSON says.
macro_rules! display_as_serde_name {
    ($($t:ty),*) => {$(
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match serde_json::to_value(self) {
                    Ok(serde_json::Value::String(s)) => f.write_str(&s),
                    _ => write!(f, "{self:?}"),
                }
            }
        }
    )*};
}

display_as_serde_name!(
    power::WarningKind,
    effect::EffectKind,
    dragons::DragonColour,
    game::EndReason
);
