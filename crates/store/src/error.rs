//! The one error type of the store crate.

use std::path::PathBuf;

/// Everything that can go wrong in the store. Messages are written for the person using the app:
/// they say what was wrong and, where it matters, which line or which id.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot {action} {path}: {source}")]
    Io {
        action: &'static str,
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("database migration failed: {0}")]
    Migration(#[from] rusqlite_migration::Error),
    #[error(
        "the database {path} has schema version {found}, but this version of Tablemate only knows \
         up to version {supported}; update Tablemate (the file was left untouched)"
    )]
    TooNew {
        path: PathBuf,
        found: u32,
        supported: u32,
    },
    #[error("{what} {id} does not exist")]
    NotFound { what: &'static str, id: i64 },
    #[error("invalid {field}: {reason}")]
    Invalid { field: &'static str, reason: String },
    #[error("event is not valid JSON: {0}")]
    EventNotJson(String),
    #[error("game {0} is finished; its event log can no longer change")]
    GameFinished(i64),
    #[error("game {0} has no event to undo")]
    NothingToUndo(i64),
    #[error("game {0} has nothing to redo")]
    NothingToRedo(i64),
    #[error("match {0} is finished")]
    MatchFinished(i64),
    #[error("{0}")]
    Conflict(String),
    #[error("import failed at {location}: {message} (nothing was imported)")]
    Import { location: String, message: String },
    #[error("tournament rule: {0}")]
    Tournament(#[from] tournament::TournamentError),
}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;
