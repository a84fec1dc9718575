//! Rulings of every game: one importer per source document, a full-text index and prompts.
//!
//! - [`import::import_source`] / [`import::import_all`]: the documents in `data/sources/`
//!   (embedded with `include_str!`) into [`Ruling`] records, with a [`Corpus`] and its
//!   per-source [`SourceStats`] (`corpus stats`).
//! - [`ReferenceDb`]: `reference.db`, derived data only, never the user's database. Rebuilt
//!   when the data version (documents, importer version, card names) changes or the file is
//!   unreadable; otherwise opened as is.
//! - [`ReferenceDb::search`]: ranked retrieval of a question as players type it ([`engine`]):
//!   small words left out, English and German stems ([`analysis`]), word beginnings, German
//!   compounds and separable verbs, typos, and the game's terms in both languages through the
//!   [`glossary`]; the reader's language first.
//! - [`ReferenceDb::rulings_for`]: the prompts for a card entered at the table, ranked against
//!   the active cards.
//! - [`ReferenceDb::get`] / [`ReferenceDb::references`]: one record and what it refers to.

pub mod analysis;
pub mod corpus;
pub mod engine;
pub mod fold;
pub mod glossary;
mod ids;
pub mod import;
pub mod model;
pub mod prompts;
pub mod refdb;
pub mod search;
pub mod topics;

pub use corpus::{Corpus, SourceStats};
pub use engine::Query;
pub use model::{CardLink, CardName, ImportError, Kind, Lang, LinkRole, Ruling, RulingId, Source};
pub use prompts::{is_general, Fit, Prompt, Reason};
pub use refdb::{RefDbError, ReferenceDb};
pub use search::{Hit, SearchFilter};
pub use topics::Topic;
