//! The ruling record shared by every importer: one model for five documents.

use cards::{CardId, Game};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The source documents Tablemate ships in `data/sources/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// Christopher Dearlove's English Blue Moon / Blue Moon Legends FAQ.
    BlueMoonFaqEn,
    /// The German Blue Moon FAQ (quotes official Kosmos answers).
    BlueMoonFaqDe,
    WarhammerInvasionFaq,
    KnightmareChessRulings,
    /// Star Trek CCG comprehensive rules (unofficial).
    StarTrekCcgRules,
}

impl Source {
    pub const ALL: [Source; 5] = [
        Source::BlueMoonFaqEn,
        Source::BlueMoonFaqDe,
        Source::WarhammerInvasionFaq,
        Source::KnightmareChessRulings,
        Source::StarTrekCcgRules,
    ];

    pub fn game(self) -> Game {
        match self {
            Source::BlueMoonFaqEn | Source::BlueMoonFaqDe => Game::BlueMoon,
            Source::WarhammerInvasionFaq => Game::WarhammerInvasion,
            Source::KnightmareChessRulings => Game::KnightmareChess,
            Source::StarTrekCcgRules => Game::StarTrekCcg,
        }
    }

    pub fn lang(self) -> Lang {
        match self {
            Source::BlueMoonFaqDe => Lang::De,
            _ => Lang::En,
        }
    }

    pub fn slug(self) -> &'static str {
        match self {
            Source::BlueMoonFaqEn => "blue-moon-faq-en",
            Source::BlueMoonFaqDe => "blue-moon-faq-de",
            Source::WarhammerInvasionFaq => "warhammer-invasion-faq",
            Source::KnightmareChessRulings => "knightmare-chess-rulings",
            Source::StarTrekCcgRules => "star-trek-ccg-rules",
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    En,
    De,
}

/// What a record is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Qa,
    Ruling,
    Errata,
    Rule,
    Glossary,
    Abbreviation,
    ListEntry,
}

/// Stable id of a record: derived from source, section path and question/heading text (a
/// hash), never from its position, so it survives re-imports and edits elsewhere.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RulingId(pub String);

impl fmt::Display for RulingId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// How a card figures in a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LinkRole {
    /// The record is about this card (tagged/keyed in the question or entry heading).
    Subject,
    /// The card is named in passing.
    Mentioned,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardLink {
    pub card: CardId,
    pub role: LinkRole,
    /// The text in the document that matched (`[Vulca 24]`, `Flickering Fires`, `CONFABULATED`).
    pub matched: String,
}

/// One record of one document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ruling {
    pub id: RulingId,
    pub game: Game,
    pub source: Source,
    pub lang: Lang,
    /// Section headings from the top, e.g. `["Specific Cases", "Vulca"]`.
    pub section: Vec<String>,
    pub kind: Kind,
    /// The question, for Q/A records.
    pub question: Option<String>,
    /// The answer (Q/A) or the text of the ruling/entry.
    pub text: String,
    /// The record as published (question and answer together), for display.
    pub display: String,
    pub cards: Vec<CardLink>,
    /// Cross-references to other records, resolved to ids.
    pub refs: Vec<RulingId>,
    /// Cross-references found in the text that could not be resolved (kept for the report).
    #[serde(default)]
    pub unresolved_refs: Vec<String>,
}

/// A card name (or alias) an importer may link bare mentions to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardName {
    pub game: Game,
    pub card: CardId,
    pub name: String,
    pub lang: Lang,
}

/// An importer could not read a document: says which and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{doc}: {location}: {message}")]
pub struct ImportError {
    /// The document being imported (not named `source`: thiserror reserves that name).
    pub doc: Source,
    /// Line, byte offset or section where the problem was found.
    pub location: String,
    pub message: String,
}
