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
    #[error(
        "{path} cannot be written (a read-only file or folder), so nothing can be saved; \
         make it writable, or give another folder with --data-dir or TABLEMATE_DATA_DIR"
    )]
    ReadOnly { path: PathBuf },
    /// The disk of the data folder is full: the database was opened read-only (or a write ran
    /// out of space and was rolled back); nothing was written.
    #[error(
        "the disk is full; nothing can be saved until there is space again ({path} is kept as \
         it was)"
    )]
    DiskFull { path: PathBuf },
    #[error("{what} {id} does not exist")]
    NotFound { what: &'static str, id: i64 },
    #[error("invalid {field}: {reason}")]
    Invalid { field: &'static str, reason: String },
    #[error("event is not valid JSON: {0}")]
    EventNotJson(String),
    #[error("game {0} is finished; its event log can no longer change")]
    GameFinished(i64),
    #[error("game {0} was abandoned; it can only be taken back before its match goes on")]
    GameAbandoned(i64),
    #[error("game {0} has no event to undo")]
    NothingToUndo(i64),
    #[error("game {0} has nothing to redo")]
    NothingToRedo(i64),
    #[error("match {0} is finished")]
    MatchFinished(i64),
    #[error("{0}")]
    Conflict(String),
    /// A write decided on revision `expected` of a game's log found it at `found`: someone
    /// else changed the game meanwhile. Nothing was written.
    #[error(
        "game {game} changed meanwhile (revision {found}, not {expected}); nothing was written"
    )]
    Changed {
        game: i64,
        expected: u32,
        found: u32,
    },
    /// A tournament write decided on a state of the event (or its round clock) that changed
    /// before it could be recorded (another window, the CLI at the same time). Nothing was
    /// written; read the event again and decide again.
    #[error("event {tournament} changed meanwhile; nothing was written")]
    EventChanged { tournament: i64 },
    /// A match's next step (a game's result, the next game and who starts it) was decided on
    /// a state of the match that changed before it could be recorded (a game of it undone,
    /// abandoned or started elsewhere). Nothing was written.
    #[error("match {match_id} changed meanwhile; nothing was written")]
    MatchChanged { match_id: i64 },
    /// An event import refused, typed; the service words it (nothing was imported).
    #[error("{0}")]
    Import(crate::ImportRefusal),
    #[error("tournament rule: {0}")]
    Tournament(#[from] tournament::TournamentError),
    /// A player's report or an organiser's decision about reports refused; the service words it
    /// for the person (see `reports.rs`).
    #[error("{0}")]
    Report(crate::reports::ReportRefusal),
    /// A deck of that name exists already (names are compared whatever their case).
    #[error("a deck named {name} exists already")]
    DeckNameTaken { name: String },
    /// A deck save decided on revision `expected` found the deck at `found`. Nothing written.
    #[error(
        "the deck {name} changed meanwhile (revision {found}, not {expected}); nothing was written"
    )]
    DeckChanged {
        name: String,
        expected: u32,
        found: u32,
    },
}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

impl StoreError {
    /// The change was refused because the disk is full, whether the store noticed first (it
    /// was opened on a full disk) or SQLite did (a write ran out of space).
    pub fn is_disk_full(&self) -> bool {
        match self {
            StoreError::DiskFull { .. } => true,
            StoreError::Sqlite(e) => e.sqlite_error_code() == Some(rusqlite::ErrorCode::DiskFull),
            _ => false,
        }
    }

    /// The change was refused because the database cannot be written (a read-only file or
    /// folder), whether the store noticed first or SQLite did.
    pub fn is_read_only(&self) -> bool {
        match self {
            StoreError::ReadOnly { .. } => true,
            StoreError::Sqlite(e) => e.sqlite_error_code() == Some(rusqlite::ErrorCode::ReadOnly),
            _ => false,
        }
    }

    /// A stable, machine-readable code for the service's serialisable error (the message may
    /// change wording; the code does not).
    pub fn code(&self) -> &'static str {
        match self {
            StoreError::Io { .. } => "store.io",
            StoreError::Sqlite(_) => "store.database",
            StoreError::Migration(_) => "store.migration",
            StoreError::TooNew { .. } => "store.too_new",
            StoreError::ReadOnly { .. } => "store.read_only",
            StoreError::DiskFull { .. } => "store.disk_full",
            StoreError::NotFound { .. } => "store.not_found",
            StoreError::Invalid { .. } => "store.invalid",
            StoreError::EventNotJson(_) => "store.event_not_json",
            StoreError::GameFinished(_) => "store.game_finished",
            StoreError::GameAbandoned(_) => "store.game_abandoned",
            StoreError::NothingToUndo(_) => "store.nothing_to_undo",
            StoreError::NothingToRedo(_) => "store.nothing_to_redo",
            StoreError::MatchFinished(_) => "store.match_finished",
            StoreError::Conflict(_) => "store.conflict",
            StoreError::Changed { .. } => "store.changed",
            StoreError::EventChanged { .. } => "store.event_changed",
            StoreError::MatchChanged { .. } => "store.match_changed",
            StoreError::Import(_) => "store.import",
            StoreError::Tournament(_) => "store.tournament_rule",
            StoreError::Report(_) => "store.report_refused",
            StoreError::DeckNameTaken { .. } => "store.deck_name_taken",
            StoreError::DeckChanged { .. } => "store.deck_changed",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::StoreError;

    #[test]
    fn codes_are_distinct_per_kind() {
        let errors = [
            StoreError::NotFound {
                what: "game",
                id: 1,
            },
            StoreError::Invalid {
                field: "x",
                reason: "y".into(),
            },
            StoreError::EventNotJson("z".into()),
            StoreError::GameFinished(1),
            StoreError::GameAbandoned(1),
            StoreError::NothingToUndo(1),
            StoreError::NothingToRedo(1),
            StoreError::MatchFinished(1),
            StoreError::Conflict("c".into()),
            StoreError::Changed {
                game: 1,
                expected: 2,
                found: 3,
            },
            StoreError::EventChanged { tournament: 1 },
            StoreError::MatchChanged { match_id: 1 },
            StoreError::Import(crate::ImportRefusal {
                at: crate::ImportPlace::Event,
                problem: crate::ImportProblem::EmptyFile,
            }),
        ];
        let codes: std::collections::HashSet<&str> = errors.iter().map(StoreError::code).collect();
        assert_eq!(codes.len(), errors.len());
        assert_eq!(StoreError::GameFinished(3).code(), "store.game_finished");
    }
}
