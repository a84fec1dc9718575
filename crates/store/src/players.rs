//! The people who play: names, and their record across games and matches.

use rusqlite::{params, OptionalExtension};
use serde::{Deserialize, Serialize};

use crate::clock::Stamp;
use crate::error::{Result, StoreError};
use crate::ids::{PlayerId, MAX_NAME_CHARS};
use crate::Store;
use cards::person_name;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub id: PlayerId,
    pub name: String,
}

/// A player's results over all finished games and matches.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerRecord {
    pub player: Player,
    pub games_played: u32,
    pub games_won: u32,
    /// Crystals scored in the games this player won.
    pub crystals_won: u32,
    pub matches_played: u32,
    pub matches_won: u32,
    pub unfinished_games: u32,
}

/// A player's name inside a transaction, or "player N does not exist".
pub(crate) fn name_in(conn: &rusqlite::Connection, id: PlayerId) -> Result<String> {
    conn.query_row("SELECT name FROM players WHERE id = ?1", [id.0], |r| {
        r.get(0)
    })
    .optional()?
    .ok_or_else(|| id.not_found())
}

/// A person's name as stored: trimmed, composed (NFC), nothing invisible-only, no control or
/// bidirectional characters (`cards::person_name`, the one rule; the service words it first).
pub(crate) fn person_name(text: &str) -> Result<String> {
    person_name::normalise(text, MAX_NAME_CHARS).map_err(|problem| StoreError::Invalid {
        field: "player name",
        reason: format!("{:?} {problem}", text.trim()),
    })
}

/// The player who is the person named `name`: the same name in any case, composition or with
/// invisible characters apart (`person_name::key`). An exact match (any case) is looked up
/// first; otherwise every name is compared by its key (a few hundred people at most).
pub(crate) fn person_in(conn: &rusqlite::Connection, name: &str) -> Result<Option<Player>> {
    let row = |r: &rusqlite::Row<'_>| {
        Ok(Player {
            id: PlayerId(r.get(0)?),
            name: r.get(1)?,
        })
    };
    let exact = conn
        .query_row(
            "SELECT id, name FROM players WHERE name = ?1 COLLATE NOCASE",
            [name.trim()],
            row,
        )
        .optional()?;
    if exact.is_some() {
        return Ok(exact);
    }
    let key = person_name::key(name);
    let mut stmt = conn.prepare_cached("SELECT id, name FROM players ORDER BY id")?;
    let rows = stmt.query_map([], row)?;
    for p in rows {
        let p = p?;
        if person_name::key(&p.name) == key {
            return Ok(Some(p));
        }
    }
    Ok(None)
}

/// The player named `name` inside a transaction (the same person, see [`person_in`]), created
/// if new; `name` is already checked with [`person_name`].
pub(crate) fn named_in(conn: &rusqlite::Connection, name: &str) -> Result<PlayerId> {
    match person_in(conn, name)?.map(|p| p.id.0) {
        Some(id) => Ok(PlayerId(id)),
        None => {
            conn.execute(
                "INSERT INTO players (name, created_at) VALUES (?1, ?2)",
                params![name, Stamp::now()],
            )?;
            Ok(PlayerId(conn.last_insert_rowid()))
        }
    }
}

impl Store {
    /// Adds a person; names are unique regardless of case, composition and invisible characters
    /// ("Anna" and "anna" are the same person).
    pub fn add_player(&mut self, name: &str) -> Result<PlayerId> {
        let name = person_name(name)?;
        if let Some(existing) = self.player_by_name(&name)? {
            return Err(StoreError::Conflict(format!(
                "a player named {:?} already exists",
                existing.name
            )));
        }
        // through the one write transaction, so a database that cannot be written (a
        // read-only folder, a full disk) refuses it with the reason
        let tx = self.write_tx()?;
        tx.execute(
            "INSERT INTO players (name, created_at) VALUES (?1, ?2)",
            params![name, Stamp::now()],
        )?;
        let id = PlayerId(tx.last_insert_rowid());
        tx.commit()?;
        Ok(id)
    }

    /// The player with this name (the same person: any case, composition or invisible
    /// characters apart), creating them if needed.
    pub fn player_named(&mut self, name: &str) -> Result<PlayerId> {
        let name = person_name(name)?;
        match self.player_by_name(&name)? {
            Some(p) => Ok(p.id),
            None => self.add_player(&name),
        }
    }

    /// The player who is the person named `name` (see [`person_in`]).
    pub fn player_by_name(&self, name: &str) -> Result<Option<Player>> {
        person_in(&self.conn, name)
    }

    pub fn player(&self, id: PlayerId) -> Result<Player> {
        self.conn
            .query_row("SELECT id, name FROM players WHERE id = ?1", [id.0], |r| {
                Ok(Player {
                    id: PlayerId(r.get(0)?),
                    name: r.get(1)?,
                })
            })
            .optional()?
            .ok_or_else(|| id.not_found())
    }

    /// Everyone, by name.
    pub fn players(&self) -> Result<Vec<Player>> {
        let mut stmt = self
            .conn
            .prepare("SELECT id, name FROM players ORDER BY name COLLATE NOCASE")?;
        let rows = stmt.query_map([], |r| {
            Ok(Player {
                id: PlayerId(r.get(0)?),
                name: r.get(1)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// A player's wins, crystals and matches.
    pub fn player_record(&self, id: PlayerId) -> Result<PlayerRecord> {
        let player = self.player(id)?;
        let (games_played, games_won, crystals_won, unfinished_games) = self.conn.query_row(
            "SELECT
                COUNT(*) FILTER (WHERE finished_at IS NOT NULL),
                COUNT(*) FILTER (WHERE (winner = 'A' AND player_a = ?1) OR (winner = 'B' AND player_b = ?1)),
                COALESCE(SUM(crystals) FILTER (WHERE (winner = 'A' AND player_a = ?1) OR (winner = 'B' AND player_b = ?1)), 0),
                COUNT(*) FILTER (WHERE finished_at IS NULL AND abandoned_at IS NULL)
             FROM games WHERE player_a = ?1 OR player_b = ?1",
            [id.0],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )?;
        let (matches_played, matches_won) = self.conn.query_row(
            "SELECT COUNT(*) FILTER (WHERE finished_at IS NOT NULL),
                    COUNT(*) FILTER (WHERE winner = ?1)
             FROM matches WHERE player_a = ?1 OR player_b = ?1",
            [id.0],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        Ok(PlayerRecord {
            player,
            games_played,
            games_won,
            crystals_won,
            matches_played,
            matches_won,
            unfinished_games,
        })
    }
}
