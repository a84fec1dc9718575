//! The user's SQLite database, `tablemate.db`: games and their event logs, matches, tournaments,
//! card fixes, migrations, integrity checks and backups.
//!
//! Every write runs in one transaction; the database is in WAL mode with foreign keys on.

mod card_fixes;
mod clock;
mod decks;
mod error;
mod exchange;
mod games;
mod ids;
mod import_problem;
mod log;
mod matches;
mod open;
mod other_stats;
mod othergames;
mod play_fixes;
mod players;
mod reports;
mod round_clock;
pub mod schema;
mod stats;
mod tournament_decks;
mod tournaments;

use std::path::{Path, PathBuf};

use rusqlite::Connection;

pub use card_fixes::{CardFixRow, MAX_FIX_BYTES};
pub use cards::{Game, GameRef, Outcome};
pub use clock::Stamp;
pub use decks::{DeckContent, DeckId, DeckRecord, MAX_DECK_CARDS};
pub use error::{Result, StoreError};
pub use exchange::{
    ClockState, CorrectionRow, CsvExport, CsvImport, EntrantRow, EventHeader, ExportedStanding,
    FilePart, ImportNotice, Imported, LogLineRow, PairingRow, ReportRow, ReportingRound,
    ReportingRow, ResultRow, RoundRow, TournamentExport, CORRECTIONS_HEADER, DECKS_HEADER,
    ENTRANTS_HEADER, MAX_FIELD_CHARS, MAX_IMPORT_BYTES, PAIRINGS_HEADER, REPORTING_HEADER,
    REPORTS_HEADER, REPORT_LOG_HEADER, RESULTS_HEADER, RESULTS_HEADER_2, ROUNDS_HEADER,
    STANDINGS_HEADER,
};
pub use games::{
    BlueMoonRead, Finished, GameFilter, GameInfo, GameResult, GameSummary, NewGame, StoredEvent,
    MAX_EVENT_BYTES, MAX_FIGHTS,
};
pub use ids::{
    CardFixId, GameId, MatchId, PlayerId, Side, TournamentId, MAX_NAME_CHARS, MAX_PEOPLE_CHARS,
};
pub use import_problem::{
    shown, utc_minute, ClockProblem, ImportList, ImportPlace, ImportProblem, ImportRefusal,
    TextProblem,
};
pub use log::{GameRecord, LogRead, Written};
pub use matches::{GameEnd, MatchNext, MatchStatus, NextGame, MATCH_TARGET};
pub use open::{OpenReport, Opened, SetAside};
pub use other_stats::OtherLog;
pub use othergames::{NewOtherGame, OtherGameId, OtherGameInfo, OtherKind};
pub use players::{Player, PlayerRecord};
pub use reports::{
    Acceptance, Actor, LogAction, ReportLogRow, ReportOutcome, ReportRefusal, ReportRound,
    SeatCode, TableReports, MAX_CLIENT_CHARS,
};
pub use round_clock::StoredClock;
pub use stats::{MatchupStats, PeopleStats, Statistics};
pub use tournament::{Agreement, ReportProblem, Seat, SeatReport, SeatScore};
pub use tournament::{EntrantId, FirstRound, Format, Standing};
pub use tournament_decks::RegisteredDeck;
pub use tournaments::{
    Correction, Entrant, NewTournament, ResultSource, RoundInfo, Stage, StandingRow, Table,
    TableResult, TournamentInfo,
};

/// Connection settings as SQLite reports them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// `wal` for a file database, `memory` for an in-memory one.
    pub journal_mode: String,
    pub foreign_keys: bool,
    /// SQLite's number: `1` is NORMAL (the store's setting), `2` is FULL.
    pub synchronous: String,
}

/// An open `tablemate.db`.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
    path: Option<PathBuf>,
    /// Opened read-only because the disk is full: writes are refused as [`StoreError::DiskFull`].
    disk_full: bool,
}

impl Store {
    /// Opens (or creates) the database at `path`, creating parent folders, checking an existing
    /// file's integrity (a damaged file is renamed aside, never overwritten, and reported), and
    /// migrating it to the latest schema (after writing a backup if it holds data).
    pub fn open(path: &Path) -> Result<Opened> {
        open::open(path, chrono::Utc::now())
    }

    /// A private database in memory, fully migrated; for tests and previews.
    pub fn open_in_memory() -> Result<Store> {
        open::open_in_memory()
    }

    /// The schema version of the open database (SQLite's `user_version`).
    pub fn schema_version(&self) -> Result<u32> {
        Ok(self
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get::<_, u32>(0))?)
    }

    /// Whether the database was opened read-only (its file or folder cannot be written).
    pub fn is_read_only(&self) -> Result<bool> {
        Ok(self.conn.is_readonly(rusqlite::MAIN_DB)?)
    }

    /// Whether the database was opened read-only because the disk of its folder is full.
    pub fn is_disk_full(&self) -> bool {
        self.disk_full
    }

    /// Where the database lives; `None` for an in-memory store.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The connection settings that durability depends on, for a diagnostics screen and tests.
    pub fn settings(&self) -> Result<Settings> {
        let q = |sql: &str| {
            self.conn
                .query_row(sql, [], |r| r.get::<_, rusqlite::types::Value>(0))
        };
        let text = |v: rusqlite::types::Value| match v {
            rusqlite::types::Value::Text(t) => t,
            rusqlite::types::Value::Integer(i) => i.to_string(),
            other => format!("{other:?}"),
        };
        Ok(Settings {
            journal_mode: text(q("PRAGMA journal_mode")?),
            foreign_keys: text(q("PRAGMA foreign_keys")?) == "1",
            synchronous: text(q("PRAGMA synchronous")?),
        })
    }

    /// Switches this connection to `synchronous = FULL` (the WAL synced at every commit). The
    /// store runs NORMAL (README, "Durability"); this is how `benches/store.rs` measures what
    /// FULL would cost per event.
    pub fn sync_every_commit(&self) -> Result<()> {
        Ok(self.conn.pragma_update(None, "synchronous", "FULL")?)
    }

    /// `PRAGMA integrity_check`: `["ok"]` for a healthy database, otherwise SQLite's findings.
    pub fn integrity_check(&self) -> Result<Vec<String>> {
        let mut stmt = self.conn.prepare("PRAGMA integrity_check")?;
        let rows = stmt.query_map([], |r| r.get::<_, String>(0))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}
