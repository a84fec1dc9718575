//! The event log every kind of game shares: one set of tables (`game_logs`, `log_events`,
//! `log_redo`, `log_rulings_seen`, schema version 11) and one implementation of append, undo and
//! redo, of the rulings marked seen, of the outcome, and of the guard that keeps two writers
//! from breaking a log.
//!
//! A game keeps its own row and id in its kind's table (`games` for Blue Moon, `other_games`
//! for the other three), which names its log (`log_id`); a [`LogTables`] names that table, and
//! everything here takes the game's id and finds its log.
//!
//! **Revisions.** Every log carries a `revision` that every change of it (append, undo, redo,
//! abandon, finish) raises by one, in the same transaction as the change. A writer reads the
//! game at some revision, lets the rules engine decide on that state, and writes with that
//! revision as `expected`; if the log moved meanwhile (another window, the CLI at the same
//! time), the write is refused with [`StoreError::Changed`] and nothing is written. A revision,
//! not the last sequence number, is what is compared: an undo followed by a new event gives the
//! same last sequence number with a different log, and must not pass.

use cards::{Game, GameRef, Outcome};
use rusqlite::{params, OptionalExtension, Transaction};

use crate::clock::Stamp;
use crate::error::{Result, StoreError};
use crate::games::{check_event, StoredEvent, MAX_RULING_ID_CHARS};
use crate::ids::{label, GameId, Side};
use crate::othergames::OtherKind;
use crate::Store;

/// Where a game's row is, and so its log: `games` for Blue Moon, `other_games` (with its
/// kind) for the other three.
pub(crate) struct LogTables {
    /// `id`, `log_id`, `updated_at`.
    pub games: &'static str,
    /// The row's `kind`, for a table that holds more than one game.
    kind: Option<&'static str>,
}

impl LogTables {
    pub(crate) fn of(kind: Game) -> LogTables {
        match OtherKind::of(kind) {
            None => LogTables {
                games: "games",
                kind: None,
            },
            Some(other) => LogTables {
                games: "other_games",
                kind: Some(other.code()),
            },
        }
    }
}

pub(crate) const BLUE_MOON: LogTables = LogTables {
    games: "games",
    kind: None,
};

impl From<GameId> for GameRef {
    fn from(id: GameId) -> GameRef {
        GameRef::new(Game::BlueMoon, id.0)
    }
}

/// An outcome as stored in `game_logs.outcome`.
pub(crate) fn outcome_sql(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Playing => "playing",
        Outcome::Won(Side::A) => "won_a",
        Outcome::Won(Side::B) => "won_b",
        Outcome::Tie => "tie",
    }
}

pub(crate) fn outcome_from_sql(text: &str) -> rusqlite::Result<Outcome> {
    match text {
        "playing" => Ok(Outcome::Playing),
        "won_a" => Ok(Outcome::Won(Side::A)),
        "won_b" => Ok(Outcome::Won(Side::B)),
        "tie" => Ok(Outcome::Tie),
        other => Err(crate::othergames::conversion(format!(
            "not an outcome: {other:?}"
        ))),
    }
}

/// A new, empty log (revision 0, playing) for a game about to be inserted; returns its id.
pub(crate) fn new_log(tx: &Transaction<'_>) -> Result<i64> {
    tx.execute("INSERT INTO game_logs DEFAULT VALUES", [])?;
    Ok(tx.last_insert_rowid())
}

/// An event from a row of `seq, payload, created_at`.
fn stored_event(r: &rusqlite::Row<'_>) -> rusqlite::Result<StoredEvent> {
    Ok(StoredEvent {
        seq: r.get(0)?,
        payload: r.get(1)?,
        created_at: r.get::<_, Stamp>(2)?.to_string(),
    })
}

/// The first event of a log: the set-up. Undo never takes it, so a game always has one.
const SETUP_SEQ: u32 = 1;

impl LogTables {
    /// SQL for the row of the game `?1` (in its table, of its kind).
    fn row(&self) -> String {
        match self.kind {
            None => "id = ?1".to_owned(),
            Some(kind) => format!("id = ?1 AND kind = '{kind}'"),
        }
    }

    /// SQL for the log of the game `?1`.
    fn log_of(&self) -> String {
        format!("(SELECT log_id FROM {} WHERE {})", self.games, self.row())
    }

    /// Whether the game `?1` exists (in its table, of its kind).
    pub(crate) fn exists(&self, conn: &rusqlite::Connection, game: i64) -> Result<()> {
        conn.query_row(
            &format!("SELECT 1 FROM {} WHERE {}", self.games, self.row()),
            [game],
            |_| Ok(()),
        )
        .optional()?
        .ok_or(StoreError::NotFound {
            what: "game",
            id: game,
        })
    }

    /// The outcome recorded for the game.
    pub(crate) fn outcome(&self, conn: &rusqlite::Connection, game: i64) -> Result<Outcome> {
        let text: String = self.log_value(conn, game, "outcome")?;
        Ok(outcome_from_sql(&text)?)
    }

    /// A column of the game's `game_logs` row; `NotFound` when there is no such game.
    fn log_value<T: rusqlite::types::FromSql>(
        &self,
        conn: &rusqlite::Connection,
        game: i64,
        column: &str,
    ) -> Result<T> {
        let sql = format!(
            "SELECT {column} FROM game_logs WHERE id = {}",
            self.log_of()
        );
        conn.query_row(&sql, [game], |r| r.get(0))
            .optional()?
            .ok_or(StoreError::NotFound {
                what: "game",
                id: game,
            })
    }

    /// Records where the game stands after a change of its log.
    pub(crate) fn set_outcome(
        &self,
        tx: &Transaction<'_>,
        game: i64,
        outcome: Outcome,
    ) -> Result<()> {
        tx.execute(
            &format!(
                "UPDATE game_logs SET outcome = ?2 WHERE id = {}",
                self.log_of()
            ),
            params![game, outcome_sql(outcome)],
        )?;
        Ok(())
    }

    /// How many undone events can be redone.
    pub(crate) fn redo_depth(&self, conn: &rusqlite::Connection, game: i64) -> Result<u32> {
        Ok(conn.query_row(
            &format!(
                "SELECT COUNT(*) FROM log_redo WHERE log_id = {}",
                self.log_of()
            ),
            [game],
            |r| r.get(0),
        )?)
    }

    /// Marks a ruling seen in the game; false when it was already marked.
    pub(crate) fn mark_seen(
        &self,
        tx: &Transaction<'_>,
        game: i64,
        ruling: &str,
        now: &Stamp,
    ) -> Result<bool> {
        let added = tx.execute(
            &format!(
                "INSERT OR IGNORE INTO log_rulings_seen (log_id, ruling_id, seen_at)
                 VALUES ({}, ?2, ?3)",
                self.log_of()
            ),
            params![game, ruling, now],
        )?;
        Ok(added == 1)
    }

    /// The rulings marked seen in the game, in the order they were marked.
    pub(crate) fn seen(&self, conn: &rusqlite::Connection, game: i64) -> Result<Vec<String>> {
        let mut stmt = conn.prepare_cached(&format!(
            "SELECT ruling_id FROM log_rulings_seen WHERE log_id = {}
             ORDER BY seen_at, ruling_id",
            self.log_of()
        ))?;
        let rows = stmt.query_map([game], |r| r.get(0))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The game's current revision; `NotFound` when there is no such game.
    pub(crate) fn revision(&self, tx: &Transaction<'_>, game: i64) -> Result<u32> {
        self.log_value(tx, game, "revision")
    }

    /// Refuses the write unless the game is still at the revision the caller decided on.
    pub(crate) fn expect_revision(
        &self,
        tx: &Transaction<'_>,
        game: i64,
        expected: u32,
    ) -> Result<()> {
        let found = self.revision(tx, game)?;
        if found == expected {
            Ok(())
        } else {
            Err(StoreError::Changed {
                game,
                expected,
                found,
            })
        }
    }

    /// Records that the log changed: the next revision and the time.
    pub(crate) fn touch(&self, tx: &Transaction<'_>, game: i64, now: &Stamp) -> Result<()> {
        tx.execute(
            &format!(
                "UPDATE game_logs SET revision = revision + 1 WHERE id = {}",
                self.log_of()
            ),
            [game],
        )?;
        tx.execute(
            &format!(
                "UPDATE {} SET updated_at = ?2 WHERE {}",
                self.games,
                self.row()
            ),
            params![game, now],
        )?;
        Ok(())
    }

    /// Appends `payload` as the next event and returns its sequence number (1, 2, 3…).
    pub(crate) fn push(
        &self,
        tx: &Transaction<'_>,
        game: i64,
        payload: &str,
        now: &Stamp,
    ) -> Result<u32> {
        let seq: u32 = tx.query_row(
            &format!(
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM log_events WHERE log_id = {}",
                self.log_of()
            ),
            [game],
            |r| r.get(0),
        )?;
        tx.execute(
            &format!(
                "INSERT INTO log_events (log_id, seq, payload, created_at)
                 VALUES ({}, ?2, ?3, ?4)",
                self.log_of()
            ),
            params![game, seq, payload, now],
        )?;
        self.touch(tx, game, now)?;
        Ok(seq)
    }

    /// A new event makes what was undone unreachable.
    pub(crate) fn clear_redo(&self, tx: &Transaction<'_>, game: i64) -> Result<()> {
        tx.execute(
            &format!("DELETE FROM log_redo WHERE log_id = {}", self.log_of()),
            [game],
        )?;
        Ok(())
    }

    /// Moves the last event onto the redo stack and returns it. The set-up is never taken:
    /// `NothingToUndo` when it is all the log holds (or the log is empty).
    pub(crate) fn pop(&self, tx: &Transaction<'_>, game: i64, now: &Stamp) -> Result<StoredEvent> {
        let last = tx
            .query_row(
                &format!(
                    "SELECT seq, payload, created_at FROM log_events WHERE log_id = {}
                     ORDER BY seq DESC LIMIT 1",
                    self.log_of()
                ),
                [game],
                stored_event,
            )
            .optional()?
            .filter(|e| e.seq > SETUP_SEQ)
            .ok_or(StoreError::NothingToUndo(game))?;
        tx.execute(
            &format!(
                "DELETE FROM log_events WHERE log_id = {} AND seq = ?2",
                self.log_of()
            ),
            params![game, last.seq],
        )?;
        tx.execute(
            &format!(
                "INSERT INTO log_redo (log_id, depth, payload)
                 VALUES ({log}, (SELECT COALESCE(MAX(depth), 0) + 1 FROM log_redo
                                 WHERE log_id = {log}), ?2)",
                log = self.log_of()
            ),
            params![game, last.payload],
        )?;
        self.touch(tx, game, now)?;
        Ok(last)
    }

    /// The event the next redo would put back, if any.
    pub(crate) fn next_redo(
        &self,
        conn: &rusqlite::Connection,
        game: i64,
    ) -> Result<Option<String>> {
        Ok(conn
            .query_row(
                &format!(
                    "SELECT payload FROM log_redo WHERE log_id = {} ORDER BY depth DESC LIMIT 1",
                    self.log_of()
                ),
                [game],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// Takes the last undone event off the redo stack and appends it again; returns it, with
    /// its new sequence number. `NothingToRedo` when the stack is empty.
    pub(crate) fn redo(&self, tx: &Transaction<'_>, game: i64, now: &Stamp) -> Result<StoredEvent> {
        let (depth, payload): (i64, String) = tx
            .query_row(
                &format!(
                    "SELECT depth, payload FROM log_redo WHERE log_id = {}
                     ORDER BY depth DESC LIMIT 1",
                    self.log_of()
                ),
                [game],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?
            .ok_or(StoreError::NothingToRedo(game))?;
        tx.execute(
            &format!(
                "DELETE FROM log_redo WHERE log_id = {} AND depth = ?2",
                self.log_of()
            ),
            params![game, depth],
        )?;
        let seq = self.push(tx, game, &payload, now)?;
        Ok(StoredEvent {
            seq,
            payload,
            created_at: now.to_string(),
        })
    }

    /// The game's events, in order.
    pub(crate) fn events(
        &self,
        conn: &rusqlite::Connection,
        game: i64,
    ) -> Result<Vec<StoredEvent>> {
        let mut stmt = conn.prepare_cached(&format!(
            "SELECT seq, payload, created_at FROM log_events WHERE log_id = {} ORDER BY seq",
            self.log_of()
        ))?;
        let rows = stmt.query_map([game], stored_event)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}

/// A game's stored row, as a table reads it with its log: Blue Moon's ([`crate::GameInfo`]) or
/// another game's ([`crate::OtherGameInfo`]).
pub trait GameRecord: Sized {
    /// What the table reads with the record and its log, in the same read transaction: Blue
    /// Moon's match and the card fixes ([`crate::BlueMoonRead`]); nothing for the other games.
    type Extra;

    /// The row of game `id` of this table; `NotFound` when there is none.
    fn read(store: &Store, id: i64) -> Result<Self>;
    /// What the table reads besides the record and its log ([`GameRecord::Extra`]).
    fn read_extra(&self, store: &Store) -> Result<Self::Extra>;
    /// Which game it is: what the log's reads and writes are keyed by.
    fn game(&self) -> GameRef;
    /// The revision of its log ([`crate::GameInfo::revision`]).
    fn revision(&self) -> u32;
    fn player_names(&self) -> &[String; 2];
    /// The record after a write of its log, as the store wrote it: the table goes on with
    /// it without reading the row again.
    fn wrote(&mut self, written: &Written);
}

/// [`GameRecord`]'s accessors of the fields every record has by the same name (`revision`,
/// `player_names`): one body for Blue Moon's record and the other games'.
macro_rules! record_fields {
    () => {
        fn revision(&self) -> u32 {
            self.revision
        }
        fn player_names(&self) -> &[String; 2] {
            &self.player_names
        }
    };
}
pub(crate) use record_fields;

/// A game's record and its log as they stood at one revision: read together in one read
/// transaction, whatever another process writes meanwhile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogRead<R: GameRecord> {
    pub record: R,
    pub events: Vec<StoredEvent>,
    /// How many undone events can be redone.
    pub redo_depth: u32,
    /// The event the next redo would put back, if any.
    pub next_redo: Option<String>,
    /// The rulings marked seen in the game, in the order they were marked.
    pub rulings_seen: Vec<String>,
    /// What the table reads besides ([`GameRecord::Extra`]).
    pub extra: R::Extra,
}

/// What a write of a game's log changed, as the store wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// The event appended or put back (its new sequence number, written at `at`), or, for an
    /// undo, the event taken back (as it was stored).
    pub event: StoredEvent,
    /// The log's revision after the write.
    pub revision: u32,
    /// Events in the log after the write.
    pub events: u32,
    /// Undone events that can be redone after the write.
    pub redo_depth: u32,
    /// The outcome recorded with it.
    pub outcome: Outcome,
    /// When it was written.
    pub at: String,
}

impl Store {
    /// Game `id`'s record ([`GameRecord`]), its events, redo depth, the rulings marked seen in
    /// it and what its table reads besides, all in one read transaction: one read per
    /// command.
    pub fn read_log<R: GameRecord>(&self, id: i64) -> Result<LogRead<R>> {
        let tx = self.conn.unchecked_transaction()?;
        let record = R::read(self, id)?;
        let game = record.game();
        let tables = LogTables::of(game.kind);
        let read = LogRead {
            events: tables.events(&tx, game.id)?,
            redo_depth: tables.redo_depth(&tx, game.id)?,
            next_redo: tables.next_redo(&tx, game.id)?,
            rulings_seen: tables.seen(&tx, game.id)?,
            extra: record.read_extra(self)?,
            record,
        };
        tx.finish()?;
        Ok(read)
    }

    /// Appends one event (JSON text, as the rules engine wrote it) to the game's log and
    /// records the outcome the engine folded after it, in one transaction; returns what it
    /// wrote (the event's sequence number: 1, 2, 3…). A new event clears the redo stack.
    /// `expected` is the revision the event was decided on; a log changed meanwhile is refused
    /// with [`StoreError::Changed`] and nothing is written.
    ///
    /// What a Blue Moon game records of its outcome: a tie is the game abandoned (ended with
    /// no result: its match can take a new game, statistics leave it out, undo takes it back
    /// until the match has a later game); its win is recorded when it is finished
    /// ([`Store::finish_game`], with the crystals). A finished or abandoned Blue Moon game
    /// takes no event; the other games' logs stay open after their end (to undo a mistake).
    pub fn append(
        &mut self,
        game: impl Into<GameRef>,
        expected: u32,
        payload: &str,
        outcome: Outcome,
    ) -> Result<Written> {
        check_event(payload)?;
        self.change_log(game.into(), expected, outcome, Change::Append(payload))
    }

    /// Moves the last event onto the redo stack and records the outcome without it, in one
    /// transaction; returns it (as [`Written::event`]). The set-up (the first event) is never
    /// taken back ([`StoreError::NothingToUndo`]). `expected`: as for [`Store::append`].
    ///
    /// A finished Blue Moon game is not changed; an abandoned one is, until its match has a
    /// later game: the abandoning event is taken back and the game is open again.
    pub fn undo(
        &mut self,
        game: impl Into<GameRef>,
        expected: u32,
        outcome: Outcome,
    ) -> Result<Written> {
        self.change_log(game.into(), expected, outcome, Change::Undo)
    }

    /// Re-appends the most recently undone event and records the outcome with it, in one
    /// transaction; returns it (as [`Written::event`], with its new sequence number).
    /// `expected`: as for [`Store::append`].
    pub fn redo(
        &mut self,
        game: impl Into<GameRef>,
        expected: u32,
        outcome: Outcome,
    ) -> Result<Written> {
        self.change_log(game.into(), expected, outcome, Change::Redo)
    }

    /// One change of a game's log, in one transaction: its table's guard (a Blue Moon game
    /// takes no event once finished or abandoned; undo may take an abandoning event back),
    /// the revision it was decided on, the change, the outcome after it.
    fn change_log(
        &mut self,
        game: GameRef,
        expected: u32,
        outcome: Outcome,
        change: Change<'_>,
    ) -> Result<Written> {
        let now = Stamp::now();
        let tx = self.write_tx()?;
        let tables = LogTables::of(game.kind);
        if game.kind == Game::BlueMoon {
            let id = GameId(game.id);
            match change {
                Change::Undo => crate::games::ensure_undoable(&tx, id).map(|_| ())?,
                Change::Append(_) | Change::Redo => crate::games::ensure_open(&tx, id)?,
            }
        }
        tables.expect_revision(&tx, game.id, expected)?;
        let event = match change {
            Change::Append(payload) => {
                let seq = tables.push(&tx, game.id, payload, &now)?;
                tables.clear_redo(&tx, game.id)?;
                StoredEvent {
                    seq,
                    payload: payload.to_owned(),
                    created_at: now.to_string(),
                }
            }
            Change::Undo => tables.pop(&tx, game.id, &now)?,
            Change::Redo => tables.redo(&tx, game.id, &now)?,
        };
        record_outcome(&tx, game, outcome, &now)?;
        let written = written(&tx, game, expected, event, outcome, &now)?;
        tx.commit()?;
        Ok(written)
    }

    /// The event the next redo would put back (`None`: nothing to redo).
    pub fn next_redo(&self, game: impl Into<GameRef>) -> Result<Option<String>> {
        self.read_existing(game.into(), LogTables::next_redo)
    }

    /// How many undone events can be redone.
    pub fn redo_depth(&self, game: impl Into<GameRef>) -> Result<u32> {
        let game = game.into();
        LogTables::of(game.kind).redo_depth(&self.conn, game.id)
    }

    /// Marks ruling `ruling_id` seen in a game (its prompt is not shown again in that game).
    /// Returns false when it was already marked. The log is not changed (no revision): "seen"
    /// is about the person, not the table. A finished Blue Moon game is not changed; the
    /// other games' logs stay open after their end, and are marked too.
    pub fn mark_ruling_seen(&mut self, game: impl Into<GameRef>, ruling_id: &str) -> Result<bool> {
        let game = game.into();
        let ruling_id = label("ruling", ruling_id, MAX_RULING_ID_CHARS)?;
        let now = Stamp::now();
        let tx = self.write_tx()?;
        let tables = LogTables::of(game.kind);
        if game.kind == Game::BlueMoon {
            crate::games::ensure_open(&tx, GameId(game.id))?;
        } else {
            tables.exists(&tx, game.id)?;
        }
        let added = tables.mark_seen(&tx, game.id, &ruling_id, &now)?;
        tx.commit()?;
        Ok(added)
    }

    /// The rulings marked seen in a game, in the order they were marked.
    pub fn rulings_seen(&self, game: impl Into<GameRef>) -> Result<Vec<String>> {
        self.read_existing(game.into(), LogTables::seen)
    }

    /// The game's events, in order.
    pub fn events(&self, game: impl Into<GameRef>) -> Result<Vec<StoredEvent>> {
        self.read_existing(game.into(), LogTables::events)
    }

    /// One read of an existing game's log (`NotFound` when there is no such game).
    fn read_existing<T>(
        &self,
        game: GameRef,
        read: impl FnOnce(&LogTables, &rusqlite::Connection, i64) -> Result<T>,
    ) -> Result<T> {
        let tables = LogTables::of(game.kind);
        tables.exists(&self.conn, game.id)?;
        read(&tables, &self.conn, game.id)
    }

    /// Where the game stands as recorded (see [`Store::append`] for Blue Moon's).
    pub fn outcome(&self, game: impl Into<GameRef>) -> Result<Outcome> {
        let game = game.into();
        LogTables::of(game.kind).outcome(&self.conn, game.id)
    }
}

/// A change of a game's log ([`Store::append`], [`Store::undo`], [`Store::redo`]).
#[derive(Clone, Copy)]
enum Change<'a> {
    Append(&'a str),
    Undo,
    Redo,
}

/// What a write changed, read inside its transaction (the log is small: counting is cheap, and
/// the table then needs no second read).
fn written(
    tx: &Transaction<'_>,
    game: GameRef,
    expected: u32,
    event: StoredEvent,
    outcome: Outcome,
    now: &Stamp,
) -> Result<Written> {
    let tables = LogTables::of(game.kind);
    let events: u32 = tx.query_row(
        &format!(
            "SELECT COUNT(*) FROM log_events WHERE log_id = {}",
            tables.log_of()
        ),
        [game.id],
        |r| r.get(0),
    )?;
    Ok(Written {
        event,
        revision: expected + 1,
        events,
        redo_depth: tables.redo_depth(tx, game.id)?,
        outcome,
        at: now.to_string(),
    })
}

/// Records the outcome after a change of the log. The other games keep the engine's fold
/// as it is; a Blue Moon game is abandoned on a tie and open otherwise (its win is recorded
/// when it is finished, with the crystals).
fn record_outcome(
    tx: &Transaction<'_>,
    game: GameRef,
    outcome: Outcome,
    now: &Stamp,
) -> Result<()> {
    let tables = LogTables::of(game.kind);
    if game.kind != Game::BlueMoon {
        return tables.set_outcome(tx, game.id, outcome);
    }
    let abandoned = outcome == Outcome::Tie;
    tx.execute(
        "UPDATE games SET abandoned_at = CASE WHEN ?2 THEN ?3 END WHERE id = ?1",
        params![game.id, abandoned, now],
    )?;
    let stored = if abandoned {
        Outcome::Tie
    } else {
        Outcome::Playing
    };
    tables.set_outcome(tx, game.id, stored)
}
