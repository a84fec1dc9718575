//! Card model for every game Tablemate knows, catalog loading and lookup.
//!
//! This crate owns the shared vocabulary (`Game`, `CardId`, the two seats [`Player`] and
//! [`PerPlayer`], and in [`bm`] the printed facts of a Blue Moon card). The Blue Moon rules engine (`bluemoon` crate) builds on
//! these types; it adds the effect model on top, it never redefines them.
//!
//! The catalogs ([`Catalog`]) are embedded from `data/cards/` at build time; [`Catalog::lookup`]
//! turns what a player types into ranked cards; [`overlay`] holds the user's own fixes.

pub mod bm;
pub mod bm_card;
mod catalog;
pub mod engine;
mod error;
pub mod fold;
pub mod lookup;
pub mod other;
pub mod overlay;
pub mod person_name;
pub mod player;
mod stats;

pub use bm_card::BmCard;
pub use catalog::{CardRef, Catalog};
pub use engine::{Engine, GameRef, Outcome, Replayed};
pub use error::CatalogError;
pub use lookup::{Ambiguity, Candidate, Lang, LookupResult, MatchKind};
pub use overlay::{AppliedFixes, CardFix, EffectiveBmCard, Fact, FactValue, RejectedFix, UserFact};
pub use player::{PerPlayer, Player};
pub use stats::{is_unknown, CatalogStats};

use serde::{Deserialize, Serialize};
use std::fmt;

/// The games whose cards and rulings Tablemate holds (and whose games it records: the kind of
/// a [`GameRef`]).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ts_rs::TS,
)]
#[ts(export)]
#[serde(rename_all = "kebab-case")]
pub enum Game {
    BlueMoon,
    WarhammerInvasion,
    KnightmareChess,
    StarTrekCcg,
}

impl Game {
    pub const ALL: [Game; 4] = [
        Game::BlueMoon,
        Game::WarhammerInvasion,
        Game::KnightmareChess,
        Game::StarTrekCcg,
    ];

    /// Stable machine name, as used in ids, the CLI's `--game` and JSON.
    pub fn slug(self) -> &'static str {
        match self {
            Game::BlueMoon => "blue-moon",
            Game::WarhammerInvasion => "warhammer-invasion",
            Game::KnightmareChess => "knightmare-chess",
            Game::StarTrekCcg => "star-trek-ccg",
        }
    }

    /// Human name.
    pub fn title(self) -> &'static str {
        match self {
            Game::BlueMoon => "Blue Moon",
            Game::WarhammerInvasion => "Warhammer: Invasion",
            Game::KnightmareChess => "Knightmare Chess",
            Game::StarTrekCcg => "Star Trek CCG",
        }
    }

    /// Parses a slug or a common short form (`bm`, `whi`, `kc`, `stccg`).
    pub fn parse(s: &str) -> Option<Game> {
        match s.trim().to_ascii_lowercase().as_str() {
            "blue-moon" | "bluemoon" | "bm" => Some(Game::BlueMoon),
            "warhammer-invasion" | "warhammer" | "whi" => Some(Game::WarhammerInvasion),
            "knightmare-chess" | "knightmare" | "kc" => Some(Game::KnightmareChess),
            "star-trek-ccg" | "startrek" | "star-trek" | "stccg" => Some(Game::StarTrekCcg),
            _ => None,
        }
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

/// A card's stable id within its game's catalog, e.g. `vulca-24`, `mutant-106`, `emis-500`.
///
/// Blue Moon ids are `{series prefix in lower case}-{number as printed}`: the leader is
/// `vulca-00`, the Buka promo Sea Moon `buka-31`, the element spirits `promo-901`..`promo-904`.
/// Ids of the other games are slugs of the canonical name (`whi-…`, `kc-…`, `stccg-…`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardId(pub String);

impl CardId {
    pub fn new(s: impl Into<String>) -> Self {
        CardId(s.into())
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<&str> for CardId {
    fn from(s: &str) -> Self {
        CardId(s.to_owned())
    }
}
