//! Rulings of every game: one importer per source document, a full-text index and prompts.

pub mod corpus;
mod ids;
pub mod import;
pub mod model;

pub use corpus::{Corpus, SourceStats};
pub use model::{CardLink, CardName, ImportError, Kind, Lang, LinkRole, Ruling, RulingId, Source};
