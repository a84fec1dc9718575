//! The event log every kind of game shares: one implementation of append, undo and redo, and of
//! the guard that keeps two writers from breaking a log.
//!
//! Blue Moon (`games`, `game_events`, `game_redo`) and the other three games (`other_games`,
//! `other_game_events`, `other_game_redo`) keep their logs in tables of the same shape; a
//! [`LogTables`] names one set, and everything here works on either.
//!
//! **Revisions.** Every game row carries a `revision` that every change of its log (append,
//! undo, redo, abandon, finish) raises by one, in the same transaction as the change. A writer
//! reads the game at some revision, lets the rules engine decide on that state, and writes with
//! that revision as `expected`; if the log moved meanwhile (another window, the CLI at the same
//! time), the write is refused with [`StoreError::Changed`] and nothing is written. A revision,
//! not the last sequence number, is what is compared: an undo followed by a new event gives the
//! same last sequence number with a different log, and must not pass.

use rusqlite::{params, OptionalExtension, Transaction};

use crate::clock::Stamp;
use crate::error::{Result, StoreError};
use crate::games::StoredEvent;

/// One set of log tables.
pub(crate) struct LogTables {
    /// The table of games: `id`, `revision`, `updated_at`.
    pub games: &'static str,
    /// `game_id`, `seq`, `payload`, `created_at`.
    pub events: &'static str,
    /// `game_id`, `depth`, `payload`: the undone events, the last undone at the greatest depth.
    pub redo: &'static str,
}

pub(crate) const BLUE_MOON: LogTables = LogTables {
    games: "games",
    events: "game_events",
    redo: "game_redo",
};

pub(crate) const OTHER_GAMES: LogTables = LogTables {
    games: "other_games",
    events: "other_game_events",
    redo: "other_game_redo",
};

/// The first event of a log: the set-up. Undo never takes it, so a game always has one.
const SETUP_SEQ: u32 = 1;

impl LogTables {
    /// The game's current revision; `NotFound` when there is no such game.
    pub(crate) fn revision(&self, tx: &Transaction<'_>, game: i64) -> Result<u32> {
        tx.query_row(
            &format!("SELECT revision FROM {} WHERE id = ?1", self.games),
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
                "UPDATE {} SET revision = revision + 1, updated_at = ?2 WHERE id = ?1",
                self.games
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
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM {} WHERE game_id = ?1",
                self.events
            ),
            [game],
            |r| r.get(0),
        )?;
        tx.execute(
            &format!(
                "INSERT INTO {} (game_id, seq, payload, created_at) VALUES (?1, ?2, ?3, ?4)",
                self.events
            ),
            params![game, seq, payload, now],
        )?;
        self.touch(tx, game, now)?;
        Ok(seq)
    }

    /// A new event makes what was undone unreachable.
    pub(crate) fn clear_redo(&self, tx: &Transaction<'_>, game: i64) -> Result<()> {
        tx.execute(
            &format!("DELETE FROM {} WHERE game_id = ?1", self.redo),
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
                    "SELECT seq, payload, created_at FROM {} WHERE game_id = ?1
                     ORDER BY seq DESC LIMIT 1",
                    self.events
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
                "DELETE FROM {} WHERE game_id = ?1 AND seq = ?2",
                self.events
            ),
            params![game, last.seq],
        )?;
        tx.execute(
            &format!(
                "INSERT INTO {redo} (game_id, depth, payload)
                 VALUES (?1, (SELECT COALESCE(MAX(depth), 0) + 1 FROM {redo} WHERE game_id = ?1),
                         ?2)",
                redo = self.redo
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
                    "SELECT payload FROM {} WHERE game_id = ?1 ORDER BY depth DESC LIMIT 1",
                    self.redo
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
                    "SELECT depth, payload FROM {} WHERE game_id = ?1 ORDER BY depth DESC LIMIT 1",
                    self.redo
                ),
                [game],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?
            .ok_or(StoreError::NothingToRedo(game))?;
        tx.execute(
            &format!(
                "DELETE FROM {} WHERE game_id = ?1 AND depth = ?2",
                self.redo
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
            "SELECT seq, payload, created_at FROM {} WHERE game_id = ?1 ORDER BY seq",
            self.events
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
