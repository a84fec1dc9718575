//! The rules of the other games at the table, pure (no IO): Warhammer: Invasion
//! ([`whi`]), Star Trek CCG ([`stccg`]) and Knightmare Chess ([`kc`]).
//!
//! Each game is a fold over its own versioned event log, the same way as the Blue Moon
//! engine: a state implements [`Rules`] (`apply` checks the version and the order, then
//! the game's `step` validates the event and returns the next state, or a specific error and
//! nothing changes), [`Game`] keeps the log (push, undo, resume by replay) and `view()` is
//! what a table shows. The event formats are in `EVENTS.md`.
//!
//! * [`log`]: the event envelope, [`LogError`], [`Rules`], [`Game`].
//! * [`player`] and [`turn`]: the two seats and a value per seat (shared with Blue Moon, from
//!   `cards`), the active player.
//! * [`whi`], [`stccg`], [`kc`]: one module per game (event, error, state, view).
//!
//! There is no card data here: cards are ids the players enter, and card effects the engine
//! must know (an Eternal War legend, Q's Planet, Mickey D.) are flags or events of their own.
//!
//! ```
//! use othergames::whi::{WhiEvent, WhiGame, Zone};
//! use othergames::{Event, Player, Rules};
//! let mut game = WhiGame::new();
//! game.push(Event::new(WhiEvent::Setup {
//!     decks: Default::default(),
//!     starts: Player::A,
//!     hit_points: Default::default(),
//! }))?;
//! game.push(Event::new(WhiEvent::DamageDealt { player: Player::B, zone: Zone::Quest, amount: 8 }))?;
//! assert!(game.state().view().players[1].sections[1].burned);
//! # Ok::<(), othergames::whi::WhiError>(())
//! ```

pub mod kc;
pub mod log;
pub mod player;
pub mod stccg;
pub mod turn;
pub mod whi;

pub use cards::CardId;
pub use log::{Event, Game, LogError, ReplayError, Rules, EVENT_VERSION};
pub use player::{PerPlayer, Player};
pub use turn::{Turn, MAX_TURNS};
