//! Games at the table (Blue Moon): start a game of a match, enter cards as a player types them,
//! fights, dragons, undo/redo, the table view with totals and the "why?" breakdown.
//!
//! Persistence: each game of a match is one stored game whose event log is the rules engine's
//! events (`bluemoon::Event` as JSON), starting with `setup`. Every action appends exactly one
//! event in one transaction after the engine has accepted it; a rejected action appends nothing.
//! The state shown is always the fold of the stored log, so closing and reopening resumes it.
//! A game whose end the engine has reached stays open (its last action can still be undone)
//! until `game_next` records its result and starts the next game of the match. An abandoned
//! game (`GameAction::Abandon`, confirmed) is recorded at once as ended without a result, so
//! it is no longer resumed and its match can take a new game; undo takes the abandon back
//! until the match has that next game.

use std::collections::HashMap;

use bluemoon::construct::ConstructedDeck;
use bluemoon::event::{Edition, Expansion, PerPlayer};
use bluemoon::game::GameState;
use bluemoon::power::{CardStatus, EffectStatus, Warning};
use bluemoon::{
    Area, CardId, CardSource, CardType, Element, Event, EventKind, Player, WarningKind,
};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub(crate) mod card_views;
mod conditions;
pub(crate) mod context;
mod play;
mod prompts;
pub(crate) mod refusal;
mod setup;
mod table_state_text;
pub mod table_text;
mod viewing;
mod views;
pub(crate) use context::{BlueMoonLog, Cards, GameCtx};
pub(crate) use refusal::{element as element_words, Names};
use refusal::{fix_refusal, setup_refusal, CardRefusal, FixRefusal, SetupRefusal, TableRefusal};
pub use views::*;

use crate::error::store_error;
use crate::{coordinator, effect_words, record, GameAt, Language, Result, Service, ServiceError};

/// Suggestions shown while typing a card.
pub const SUGGESTION_LIMIT: usize = 8;
/// The most rulings one prompt shows (a front end asking for more gets these; asking for
/// `usize::MAX` must not overflow the count of seen rulings added to it).
pub const PROMPT_LIMIT_MAX: usize = 50;
/// The rulings a prompt shows when the front end names no limit.
pub(crate) const PROMPT_LIMIT: usize = 6;

// ---------------------------------------------------------------------------------------------
// Requests

/// A seat at the table: the first (A) or second (B) player of the game. One seat type for
/// every game and layer: the engines' `cards::Player` (the store's `Side` too).
pub use ::cards::Player as Seat;

/// A seat as typed: `A`/`B` (any case), or `1`/`2`.
pub fn parse_seat(text: &str) -> Result<Seat> {
    match text.trim().to_ascii_uppercase().as_str() {
        "A" | "1" => Ok(Seat::A),
        "B" | "2" => Ok(Seat::B),
        other => Err(ServiceError::invalid(format!(
            "`{other}` is not a player: use A (the first player) or B (the second)"
        ))),
    }
}

/// The two elements.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum ElementName {
    Fire,
    Earth,
}

impl ElementName {
    fn element(self) -> Element {
        match self {
            ElementName::Fire => Element::Fire,
            ElementName::Earth => Element::Earth,
        }
    }
    fn of(e: Element) -> ElementName {
        match e {
            Element::Fire => ElementName::Fire,
            Element::Earth => ElementName::Earth,
        }
    }
    /// `fire`/`earth` (also German `feuer`/`erde`).
    pub fn parse(text: &str) -> Result<ElementName> {
        match text.trim().to_lowercase().as_str() {
            "fire" | "feuer" | "f" => Ok(ElementName::Fire),
            "earth" | "erde" | "e" => Ok(ElementName::Earth),
            other => Err(ServiceError::invalid(format!(
                "`{other}` is not an element: use fire or earth"
            ))),
        }
    }
}

/// A new game: two players (names), their peoples, who starts, and optionally the match it
/// continues (otherwise a new match to 5 crystals is recorded).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct NewGameRequest {
    pub player_a: String,
    pub player_b: String,
    pub people_a: String,
    pub people_b: String,
    /// Who starts the first fight (default A).
    #[serde(default)]
    pub first: Option<Seat>,
    /// The Emissaries and Inquisitors cards are in play (Hyla, crystal, interference cards):
    /// without them those cards are warned about as not in the players' decks.
    #[serde(default)]
    #[ts(as = "Option<bool>", optional)]
    pub emissaries_inquisitors: bool,
    /// A constructed deck (Cards → Decks) for player A, by name: its people is the player's,
    /// and the game keeps the deck as it is now. Only a legal deck is taken.
    #[serde(default)]
    #[ts(optional)]
    pub deck_a: Option<String>,
    /// The same for player B.
    #[serde(default)]
    #[ts(optional)]
    pub deck_b: Option<String>,
}

/// A card entered at the table, as the person typed or picked it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PlayRequest {
    pub player: Seat,
    /// `V24`, `Vulca 24`, `vulca-24`, `Flickering Fires`, `Feuerzauber`, ...
    pub card: String,
    /// The target of a "one of my character cards" effect (default: the active character).
    #[serde(default)]
    pub target: Option<String>,
    /// A bluff card played face down to the support area.
    #[serde(default)]
    pub face_down: bool,
}

/// Everything else that happens at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "action", rename_all = "snake_case")]
#[ts(export)]
pub enum GameAction {
    /// The player starting the fight chooses the contested element.
    ChooseElement { player: Seat, element: ElementName },
    /// The element changed by a card the table did not see (a correction).
    ChangeElement { element: ElementName },
    /// The player announces power and ends the turn (next turn). Without a new character
    /// this turn it is refused with `needs_confirmation` unless `confirmed`.
    Pass {
        player: Seat,
        /// Optional for callers (absent = not confirmed).
        #[serde(default)]
        #[ts(as = "Option<bool>", optional)]
        confirmed: bool,
    },
    /// The player retreats: the opponent attracts the dragons due.
    Retreat {
        player: Seat,
        #[serde(default)]
        forced: bool,
        #[serde(default)]
        dragon_cancelled: bool,
    },
    /// The player due to start a fight declines, discarding 1 to 3 cards.
    DeclineStart { player: Seat, discarded: u8 },
    /// Dragons moved by hand (a card's effect): `player` attracts `count` dragons.
    AttractDragons { player: Seat, count: u8 },
    /// A card in play goes to the discard pile.
    Discard { player: Seat, card: String },
    /// A card in play returns to its owner's hand.
    Retrieve { player: Seat, card: String },
    /// A combat card becomes covered without a new character.
    Cover { player: Seat, card: String },
    /// The owner moves a "one of my character cards" effect to another character.
    ChangeTarget {
        player: Seat,
        card: String,
        target: String,
    },
    /// The player has no cards left in hand or draw deck.
    OutOfCards { player: Seat },
    /// The player has cards again.
    CardsRegained { player: Seat },
    /// The player concedes: the opponent scores the maximum.
    Concede { player: Seat },
    /// The players stop the game without a result (no winner, no crystals). Refused with
    /// `needs_confirmation` unless `confirmed`; undo takes it back until the match goes on.
    Abandon {
        /// Optional for callers (absent = not confirmed).
        #[serde(default)]
        #[ts(as = "Option<bool>", optional)]
        confirmed: bool,
    },
}

/// A value the catalog lacks, given once by the person and stored as their card fix.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CardValuesFix {
    pub card: String,
    #[serde(default)]
    pub card_type: Option<String>,
    #[serde(default)]
    pub fire: Option<u8>,
    #[serde(default)]
    pub earth: Option<u8>,
}

fn enum_text<T: Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(serde_json::Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    }
}

fn area_name(a: Area) -> String {
    enum_text(&a)
}

use card_views::rule_refusal_in;
pub(crate) use setup::checked_people;
use setup::people_typed;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_record;
