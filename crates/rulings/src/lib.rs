//! Rulings of every game: one importer per source document, a full-text index and prompts.

pub mod import;
pub mod model;

pub use model::{CardLink, CardName, ImportError, Kind, Lang, LinkRole, Ruling, RulingId, Source};
