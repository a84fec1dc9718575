//! Games of the other kinds at the table (Warhammer: Invasion, Star Trek CCG, Knightmare Chess):
//! create, show, list the unfinished ones. Their logs are changed through the one log API of
//! every game (`log.rs`), keyed by the [`GameRef`] of [`OtherGameInfo::game`].
//!
//! As for Blue Moon, each event is opaque JSON written by the rules engine (`othergames`); the
//! store checks that it is JSON and numbers it. Every write also records the game's
//! [`cards::Outcome`] as the service folded it, in the same transaction, so the list of unfinished
//! games never replays a log. The log stays writable after the end (a game ended by a typing
//! mistake can be undone); the service refuses what the engine refuses.
//!
//! Every change names the revision of the log it was decided on (`expected`, see `log.rs`): the
//! service computed the event and the outcome on exactly that log, and a log changed meanwhile
//! (the app and the CLI at once) is refused with [`StoreError::Changed`] instead of being
//! rewritten. The log itself is the one every kind of game shares (`log.rs`).

use rusqlite::{params, OptionalExtension};
use serde::{Deserialize, Serialize};

use cards::{Game, GameRef, Outcome};

use crate::error::{Result, StoreError};
use crate::games::check_event;
use crate::ids::{label, PlayerId, MAX_NAME_CHARS};
use crate::log::{self, outcome_from_sql, GameRecord, LogTables, Written};
use crate::{clock, players, Store};

/// One game of another kind (its own numbering, apart from Blue Moon games).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct OtherGameId(pub i64);

impl OtherGameId {
    fn not_found(self) -> StoreError {
        StoreError::NotFound {
            what: "game",
            id: self.0,
        }
    }
}

impl std::fmt::Display for OtherGameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Which game is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OtherKind {
    /// Warhammer: Invasion.
    Whi,
    /// Star Trek CCG (first edition).
    Stccg,
    /// Knightmare Chess.
    Kc,
}

impl OtherKind {
    pub const ALL: [OtherKind; 3] = [OtherKind::Whi, OtherKind::Stccg, OtherKind::Kc];

    /// The short name used in the database and on the command line.
    pub fn code(self) -> &'static str {
        match self {
            OtherKind::Whi => "whi",
            OtherKind::Stccg => "stccg",
            OtherKind::Kc => "kc",
        }
    }

    /// The game this kind is.
    pub fn game(self) -> Game {
        match self {
            OtherKind::Whi => Game::WarhammerInvasion,
            OtherKind::Stccg => Game::StarTrekCcg,
            OtherKind::Kc => Game::KnightmareChess,
        }
    }

    /// The kind of `game` kept in `other_games`; `None` for Blue Moon (its own table).
    pub fn of(game: Game) -> Option<OtherKind> {
        OtherKind::ALL.into_iter().find(|k| k.game() == game)
    }

    fn from_sql(text: &str) -> rusqlite::Result<OtherKind> {
        OtherKind::ALL
            .into_iter()
            .find(|k| k.code() == text)
            .ok_or_else(|| conversion(format!("not a game kind: {text:?}")))
    }
}

pub(crate) fn conversion(message: String) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, message.into())
}

/// A game to create: its kind, the two players' names (created if new) and its first event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewOtherGame {
    pub kind: OtherKind,
    pub players: [String; 2],
    /// The engine's `setup` event (JSON text).
    pub setup: String,
}

/// A game as listed or shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OtherGameInfo {
    pub id: OtherGameId,
    pub kind: OtherKind,
    pub players: [PlayerId; 2],
    pub player_names: [String; 2],
    pub created_at: String,
    pub updated_at: String,
    /// Events in the log (the setup included).
    pub events: u32,
    /// Undone events that can be redone.
    pub redo: u32,
    pub outcome: Outcome,
    /// The revision of its log (see [`crate::GameInfo::revision`]).
    pub revision: u32,
}

impl OtherGameInfo {
    /// Which game it is, for the log's reads and writes.
    pub fn game(&self) -> GameRef {
        GameRef::new(self.kind.game(), self.id.0)
    }
}

impl GameRecord for OtherGameInfo {
    type Extra = ();

    fn read(store: &Store, id: i64) -> Result<OtherGameInfo> {
        store.other_game(OtherGameId(id))
    }
    fn read_extra(&self, _: &Store) -> Result<()> {
        Ok(())
    }
    fn wrote(&mut self, written: &Written) {
        self.revision = written.revision;
        self.events = written.events;
        self.redo = written.redo_depth;
        self.outcome = written.outcome;
        self.updated_at.clone_from(&written.at);
    }
    fn game(&self) -> GameRef {
        OtherGameInfo::game(self)
    }
    log::record_fields!();
}

const COLUMNS: &str = "g.id, g.kind, g.player_a, g.player_b, pa.name, pb.name, g.created_at,
    g.updated_at, (SELECT COUNT(*) FROM log_events e WHERE e.log_id = g.log_id),
    (SELECT COUNT(*) FROM log_redo r WHERE r.log_id = g.log_id), l.outcome, l.revision";

const FROM: &str = "FROM other_games g JOIN game_logs l ON l.id = g.log_id
    JOIN players pa ON pa.id = g.player_a JOIN players pb ON pb.id = g.player_b";

fn info_from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<OtherGameInfo> {
    Ok(OtherGameInfo {
        id: OtherGameId(r.get(0)?),
        kind: OtherKind::from_sql(&r.get::<_, String>(1)?)?,
        players: [PlayerId(r.get(2)?), PlayerId(r.get(3)?)],
        player_names: [r.get(4)?, r.get(5)?],
        created_at: r.get(6)?,
        updated_at: r.get(7)?,
        events: r.get(8)?,
        redo: r.get(9)?,
        outcome: outcome_from_sql(&r.get::<_, String>(10)?)?,
        revision: r.get(11)?,
    })
}

impl Store {
    /// Creates a game with its setup event, the players created by name if new, in one
    /// transaction.
    pub fn create_other_game(&mut self, new: &NewOtherGame) -> Result<OtherGameId> {
        let a = label("player name", &new.players[0], MAX_NAME_CHARS)?;
        let b = label("player name", &new.players[1], MAX_NAME_CHARS)?;
        if a.to_lowercase() == b.to_lowercase() {
            return Err(StoreError::Invalid {
                field: "players",
                reason: "a game needs two different players".into(),
            });
        }
        check_event(&new.setup)?;
        let now = clock::Stamp::now();
        let tx = self.write_tx()?;
        let pa = players::named_in(&tx, &a)?;
        let pb = players::named_in(&tx, &b)?;
        let log = log::new_log(&tx)?;
        tx.execute(
            "INSERT INTO other_games (kind, player_a, player_b, created_at, updated_at, log_id)
             VALUES (?1, ?2, ?3, ?4, ?4, ?5)",
            params![new.kind.code(), pa.0, pb.0, now, log],
        )?;
        let id = OtherGameId(tx.last_insert_rowid());
        LogTables::of(new.kind.game()).push(&tx, id.0, &new.setup, &now)?;
        tx.commit()?;
        Ok(id)
    }

    /// One game.
    pub fn other_game(&self, game: OtherGameId) -> Result<OtherGameInfo> {
        self.conn
            .query_row(
                &format!("SELECT {COLUMNS} {FROM} WHERE g.id = ?1"),
                [game.0],
                info_from_row,
            )
            .optional()?
            .ok_or_else(|| game.not_found())
    }

    /// Games of the other kinds, unfinished first, then the most recently changed first;
    /// `unfinished_only` lists the games to resume.
    pub fn list_other_games(&self, unfinished_only: bool) -> Result<Vec<OtherGameInfo>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {COLUMNS} {FROM}
             WHERE (?1 = 0 OR l.outcome = 'playing')
             ORDER BY l.outcome <> 'playing', g.updated_at DESC, g.id DESC"
        ))?;
        let rows = stmt.query_map([unfinished_only], info_from_row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}
