//! The one error type of this crate: every way loading a catalog or applying a user fix can fail.

use crate::overlay::Fact;
use crate::Game;

#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error("catalog file {file}: not valid JSON for its format: {source}")]
    Json {
        file: String,
        #[source]
        source: serde_json::Error,
    },
    #[error("catalog file {file} holds cards of {found}, expected {expected}")]
    WrongGame {
        file: String,
        expected: Game,
        found: Game,
    },
    #[error("card id `{id}` occurs more than once (in {first} and {second})")]
    DuplicateId {
        id: String,
        first: Game,
        second: Game,
    },
    #[error("card `{id}`: id does not match its series and number (expected `{expected}`)")]
    IdMismatch { id: String, expected: String },
    #[error(
        "card `{id}`: tag `{tag}` does not match its series and number (expected `{expected}`)"
    )]
    TagMismatch {
        id: String,
        tag: String,
        expected: String,
    },
    #[error("card `{id}`: alternative tag `{tag}` is not of the form `Prefix number`")]
    BadAltTag { id: String, tag: String },
    #[error("card `{id}`: {fact} {value} is out of range (0..={max})")]
    ValueOutOfRange {
        id: String,
        fact: Fact,
        value: u32,
        max: u8,
    },
    #[error("card `{id}`: {detail}")]
    Inconsistent { id: String, detail: String },
    #[error("card `{id}` of {game} has an empty id or name")]
    EmptyName { id: String, game: Game },
    #[error("no card with id `{id}`")]
    UnknownCard { id: String },
    #[error("card `{id}` is not a Blue Moon card: user fixes apply to Blue Moon cards only")]
    NotFixable { id: String },
    #[error("fix for card `{id}`, {fact}: {reason}")]
    InvalidFix {
        id: String,
        fact: Fact,
        reason: String,
    },
}
