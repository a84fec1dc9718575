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

use rusqlite::{params, OptionalExtension, Transaction};

use crate::clock::Stamp;
use crate::error::{Result, StoreError};
use crate::games::StoredEvent;

/// The table of one family of games, whose rows name their logs.
pub(crate) struct LogTables {
    /// `id`, `log_id`, `updated_at`.
    pub games: &'static str,
}

pub(crate) const BLUE_MOON: LogTables = LogTables { games: "games" };

pub(crate) const OTHER_GAMES: LogTables = LogTables {
    games: "other_games",
};

/// A new, empty log (revision 0, playing) for a game about to be inserted; returns its id.
pub(crate) fn new_log(tx: &Transaction<'_>) -> Result<i64> {
    tx.execute("INSERT INTO game_logs DEFAULT VALUES", [])?;
    Ok(tx.last_insert_rowid())
}

/// The first event of a log: the set-up. Undo never takes it, so a game always has one.
const SETUP_SEQ: u32 = 1;

impl LogTables {
    /// SQL for the log of the game `?1`.
    fn log_of(&self) -> String {
        format!("(SELECT log_id FROM {} WHERE id = ?1)", self.games)
    }

    /// Records where the game stands after a change of its log.
    pub(crate) fn set_outcome(&self, tx: &Transaction<'_>, game: i64, outcome: &str) -> Result<()> {
        tx.execute(
            &format!(
                "UPDATE game_logs SET outcome = ?2 WHERE id = {}",
                self.log_of()
            ),
            params![game, outcome],
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
        tx.query_row(
            &format!(
                "SELECT l.revision FROM {} g JOIN game_logs l ON l.id = g.log_id WHERE g.id = ?1",
                self.games
            ),
            [game],
            |r| r.get(0),
        )
        .optional()?
        .ok_or(StoreError::NotFound {
            what: "game",
            id: game,
        })
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
                "UPDATE game_logs SET revision = revision + 1
                 WHERE id = (SELECT log_id FROM {} WHERE id = ?1)",
                self.games
            ),
            [game],
        )?;
        tx.execute(
            &format!("UPDATE {} SET updated_at = ?2 WHERE id = ?1", self.games),
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
                |r| {
                    Ok(StoredEvent {
                        seq: r.get(0)?,
                        payload: r.get(1)?,
                        created_at: r.get::<_, Stamp>(2)?.to_string(),
                    })
                },
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

    /// Takes the last undone event off the redo stack and appends it again; returns its new
    /// sequence number. `NothingToRedo` when the stack is empty.
    pub(crate) fn redo(&self, tx: &Transaction<'_>, game: i64, now: &Stamp) -> Result<u32> {
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
        self.push(tx, game, &payload, now)
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
        let rows = stmt.query_map([game], |r| {
            Ok(StoredEvent {
                seq: r.get(0)?,
                payload: r.get(1)?,
                created_at: r.get::<_, Stamp>(2)?.to_string(),
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}
