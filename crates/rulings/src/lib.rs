//! Rulings of every game: one importer per source document, a full-text index and prompts.

pub mod corpus;
pub mod fold;
mod ids;
pub mod import;
pub mod model;
pub mod prompts;
pub mod refdb;
pub mod search;
pub mod topics;

pub use corpus::{Corpus, SourceStats};
pub use model::{CardLink, CardName, ImportError, Kind, Lang, LinkRole, Ruling, RulingId, Source};
pub use prompts::{Prompt, Reason};
pub use refdb::{RefDbError, ReferenceDb};
pub use search::{Hit, SearchFilter};
pub use topics::Topic;
