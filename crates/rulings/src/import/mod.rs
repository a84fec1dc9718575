//! One importer per source document. Each takes the document's text and the card names it
//! may link bare mentions to, and returns its records or an error naming where it failed.

pub mod bm_card;
pub mod bm_de;
pub mod bm_en;
pub mod card_lexicon;
pub mod kc;
pub(crate) mod names;
pub mod stccg;
pub mod whi;

use crate::corpus::Corpus;
use crate::model::{CardName, ImportError, Kind, Ruling, RulingId, Source};

/// Bump when an importer changes what it produces: the reference database is rebuilt when
/// this or any embedded document changes.
pub const IMPORTER_VERSION: u32 = 3;

/// The five documents as shipped in `data/sources/`, compiled into the binary.
pub fn embedded(source: Source) -> &'static str {
    match source {
        Source::BlueMoonFaqEn => include_str!("../../../../data/sources/blue-moon-faq-en.txt"),
        Source::BlueMoonFaqDe => include_str!("../../../../data/sources/blue-moon-faq-de.txt"),
        Source::WarhammerInvasionFaq => {
            include_str!("../../../../data/sources/warhammer-invasion-faq.txt")
        }
        Source::KnightmareChessRulings => {
            include_str!("../../../../data/sources/knightmare-chess-rulings.txt")
        }
        Source::StarTrekCcgRules => {
            include_str!("../../../../data/sources/star-trek-ccg-rules.txt")
        }
    }
}

/// Imports one document with its own importer.
pub fn import_source(
    source: Source,
    text: &str,
    names: &[CardName],
) -> Result<Vec<Ruling>, ImportError> {
    match source {
        Source::BlueMoonFaqEn => bm_en::import(text, names),
        Source::BlueMoonFaqDe => bm_de::import(text, names),
        Source::WarhammerInvasionFaq => whi::import(text, names),
        Source::KnightmareChessRulings => kc::import(text, names),
        Source::StarTrekCcgRules => stccg::import(text, names),
    }
}

/// Imports all five embedded documents.
pub fn import_all(names: &[CardName]) -> Result<Corpus, ImportError> {
    let mut records = Vec::new();
    for source in Source::ALL {
        records.extend(import_source(source, embedded(source), names)?);
    }
    Ok(Corpus::new(records, crate::corpus::data_version(names)))
}

/// The error every importer returns: the document, where in it, and what was wrong.
pub(crate) fn error(
    doc: Source,
    location: impl Into<String>,
    message: impl Into<String>,
) -> ImportError {
    ImportError {
        doc,
        location: location.into(),
        message: message.into(),
    }
}

/// The start of a line quoted in an error message.
pub(crate) fn clip(s: &str) -> String {
    s.chars().take(60).collect()
}

/// A record of `source` as its importer first builds it, with no question and no cards: the
/// importer sets those where it has them, and references are resolved once every record of
/// the document exists.
pub(crate) fn record(
    source: Source,
    id: RulingId,
    section: Vec<String>,
    kind: Kind,
    text: String,
    display: String,
) -> Ruling {
    Ruling {
        id,
        game: source.game(),
        source,
        lang: source.lang(),
        section,
        kind,
        question: None,
        text,
        display,
        cards: Vec::new(),
        refs: Vec::new(),
        unresolved_refs: Vec::new(),
    }
}
