//! Games of the other kinds at the table (Warhammer: Invasion, Star Trek CCG, Knightmare Chess):
//! create, append, undo/redo, show, list the unfinished ones.
//!
//! As for Blue Moon, each event is opaque JSON written by the rules engine (`othergames`); the
//! store checks that it is JSON and numbers it. Every write also records the game's
//! [`Outcome`] as the service folded it, in the same transaction, so the list of unfinished
//! games never replays a log. The log stays writable after the end (a game ended by a typing
//! mistake can be undone); the service refuses what the engine refuses.
//!
//! Every change names the revision of the log it was decided on (`expected`, see `log.rs`): the
//! service computed the event and the outcome on exactly that log, and a log changed meanwhile
//! (the app and the CLI at once) is refused with [`StoreError::Changed`] instead of being
//! rewritten. The log itself is the one every kind of game shares (`log::OTHER_GAMES`).

use rusqlite::{params, OptionalExtension, Transaction};
use serde::{Deserialize, Serialize};

use crate::error::{Result, StoreError};
use crate::games::{check_event, StoredEvent, MAX_RULING_ID_CHARS};
use crate::ids::{label, PlayerId, Side, MAX_NAME_CHARS};
use crate::log::{self, OTHER_GAMES};
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

    fn from_sql(text: &str) -> rusqlite::Result<OtherKind> {
        OtherKind::ALL
            .into_iter()
            .find(|k| k.code() == text)
            .ok_or_else(|| conversion(format!("not a game kind: {text:?}")))
    }
}

/// Where a game stands after its last event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    Playing,
    Won(Side),
    /// Ended with no winner (Star Trek's equal scores, a drawn chess game).
    Tie,
}

impl Outcome {
    pub(crate) fn as_sql(self) -> &'static str {
        match self {
            Outcome::Playing => "playing",
            Outcome::Won(Side::A) => "won_a",
            Outcome::Won(Side::B) => "won_b",
            Outcome::Tie => "tie",
        }
    }

    fn from_sql(text: &str) -> rusqlite::Result<Outcome> {
        match text {
            "playing" => Ok(Outcome::Playing),
            "won_a" => Ok(Outcome::Won(Side::A)),
            "won_b" => Ok(Outcome::Won(Side::B)),
            "tie" => Ok(Outcome::Tie),
            other => Err(conversion(format!("not an outcome: {other:?}"))),
        }
    }
}

fn conversion(message: String) -> rusqlite::Error {
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
        outcome: Outcome::from_sql(&r.get::<_, String>(10)?)?,
        revision: r.get(11)?,
    })
}

fn ensure_exists(tx: &Transaction<'_>, game: OtherGameId) -> Result<()> {
    tx.query_row("SELECT 1 FROM other_games WHERE id = ?1", [game.0], |_| {
        Ok(())
    })
    .optional()?
    .ok_or_else(|| game.not_found())
}

fn set_outcome(
    tx: &Transaction<'_>,
    game: OtherGameId,
    outcome: Outcome,
    now: &clock::Stamp,
) -> Result<()> {
    OTHER_GAMES.set_outcome(tx, game.0, outcome.as_sql())?;
    tx.execute(
        "UPDATE other_games SET updated_at = ?2 WHERE id = ?1",
        params![game.0, now],
    )?;
    Ok(())
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
        OTHER_GAMES.push(&tx, id.0, &new.setup, &now)?;
        tx.commit()?;
        Ok(id)
    }

    /// Appends one event and records the outcome after it, in one transaction; a new event
    /// clears the redo stack. Returns the event's sequence number. `expected` is the revision
    /// the event was decided on ([`OtherGameInfo::revision`]); a log changed meanwhile is
    /// refused with [`StoreError::Changed`] and nothing is written.
    pub fn append_other_event(
        &mut self,
        game: OtherGameId,
        expected: u32,
        payload: &str,
        outcome: Outcome,
    ) -> Result<u32> {
        check_event(payload)?;
        let now = clock::Stamp::now();
        let tx = self.write_tx()?;
        OTHER_GAMES.expect_revision(&tx, game.0, expected)?;
        let seq = OTHER_GAMES.push(&tx, game.0, payload, &now)?;
        OTHER_GAMES.clear_redo(&tx, game.0)?;
        set_outcome(&tx, game, outcome, &now)?;
        tx.commit()?;
        Ok(seq)
    }

    /// Moves the last event to the redo stack and records the outcome without it. The setup
    /// event (seq 1) is never undone. `expected`: as for [`Store::append_other_event`].
    pub fn undo_other_event(
        &mut self,
        game: OtherGameId,
        expected: u32,
        outcome: Outcome,
    ) -> Result<StoredEvent> {
        let now = clock::Stamp::now();
        let tx = self.write_tx()?;
        OTHER_GAMES.expect_revision(&tx, game.0, expected)?;
        let last = OTHER_GAMES.pop(&tx, game.0, &now)?;
        set_outcome(&tx, game, outcome, &now)?;
        tx.commit()?;
        Ok(last)
    }

    /// The event the next redo would re-append (`None`: nothing to redo).
    pub fn other_redo_next(&self, game: OtherGameId) -> Result<Option<String>> {
        self.other_game(game)?;
        OTHER_GAMES.next_redo(&self.conn, game.0)
    }

    /// Re-appends the most recently undone event and records the outcome with it.
    /// `expected`: as for [`Store::append_other_event`].
    pub fn redo_other_event(
        &mut self,
        game: OtherGameId,
        expected: u32,
        outcome: Outcome,
    ) -> Result<u32> {
        let now = clock::Stamp::now();
        let tx = self.write_tx()?;
        OTHER_GAMES.expect_revision(&tx, game.0, expected)?;
        let seq = OTHER_GAMES.redo(&tx, game.0, &now)?;
        set_outcome(&tx, game, outcome, &now)?;
        tx.commit()?;
        Ok(seq)
    }

    /// Marks ruling `ruling_id` seen in a game of another kind (its prompt leaves it out for the
    /// rest of that game). Returns false when it was already marked. A game that ended is
    /// marked too: its log stays open to undo.
    pub fn mark_other_ruling_seen(&mut self, game: OtherGameId, ruling_id: &str) -> Result<bool> {
        let ruling_id = label("ruling", ruling_id, MAX_RULING_ID_CHARS)?;
        let now = clock::Stamp::now();
        let tx = self.write_tx()?;
        ensure_exists(&tx, game)?;
        let added = OTHER_GAMES.mark_seen(&tx, game.0, &ruling_id, &now)?;
        tx.commit()?;
        Ok(added)
    }

    /// The rulings marked seen in a game of another kind, in the order they were marked.
    pub fn other_rulings_seen(&self, game: OtherGameId) -> Result<Vec<String>> {
        self.other_game(game)?;
        OTHER_GAMES.seen(&self.conn, game.0)
    }

    /// The game's events, in order.
    pub fn other_events(&self, game: OtherGameId) -> Result<Vec<StoredEvent>> {
        self.other_game(game)?;
        OTHER_GAMES.events(&self.conn, game.0)
    }

    /// The game's record and its events, read together in one read transaction (see
    /// [`Store::game_with_events`]).
    pub fn other_game_with_events(
        &self,
        game: OtherGameId,
    ) -> Result<(OtherGameInfo, Vec<StoredEvent>)> {
        let tx = self.conn.unchecked_transaction()?;
        let info = self.other_game(game)?;
        let events = OTHER_GAMES.events(&tx, game.0)?;
        tx.finish()?;
        Ok((info, events))
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
