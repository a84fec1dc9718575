//! Cards of the games whose rulings Tablemate holds but does not track (Warhammer: Invasion,
//! Knightmare Chess, Star Trek CCG). Each catalog is built from the cards its rulings
//! document references; files `data/cards/{game-slug}.json` hold an [`OtherCatalogFile`].

use crate::{CardId, Game};
use serde::{Deserialize, Serialize};

/// One card referenced by a rulings document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OtherCard {
    pub id: CardId,
    /// Canonical name as the document prints it (title case).
    pub name: String,
    /// Other spellings met in the document: variants, inflected forms (`CONFABULATED`),
    /// abbreviations (`SCP`).
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Set code where the document gives one.
    #[serde(default)]
    pub set: Option<String>,
    /// Number within the set where given.
    #[serde(default)]
    pub number: Option<String>,
    /// Conflicting codes/numbers the document gives for the same card, kept and flagged.
    #[serde(default)]
    pub conflicts: Vec<String>,
    /// Card type or category where the document gives one.
    #[serde(default)]
    pub kind: Option<String>,
    /// Where in the document the card is first referenced (section or entry label).
    #[serde(default)]
    pub source: Option<String>,
}

/// The on-disk shape of one other-game catalog.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OtherCatalogFile {
    pub game: Game,
    pub cards: Vec<OtherCard>,
}
