//! The person's corrections to card facts: an overlay on the catalog. Rows are only ever added;
//! the newest row per (card, fact) is the one in force, older ones are the history. A JSON `null`
//! value withdraws the fix (the catalog's value applies again) without erasing the history.

use rusqlite::params;
use serde::{Deserialize, Serialize};

use crate::clock::Stamp;
use crate::error::{Result, StoreError};
use crate::ids::{label, CardFixId};
use crate::Store;

/// Largest fix value accepted, in bytes.
pub const MAX_FIX_BYTES: usize = 16 * 1024;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardFixRow {
    pub id: CardFixId,
    pub card_id: String,
    /// Which fact, as the catalog crate names it (e.g. "fire", "moons", "text_en").
    pub fact: String,
    /// The corrected value, JSON text as the catalog crate serialises it.
    pub value_json: String,
    pub created_at: String,
}

fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<CardFixRow> {
    Ok(CardFixRow {
        id: CardFixId(r.get(0)?),
        card_id: r.get(1)?,
        fact: r.get(2)?,
        value_json: r.get(3)?,
        created_at: r.get::<_, Stamp>(4)?.to_string(),
    })
}

impl Store {
    /// Records a correction; returns its id. Earlier fixes of the same fact stay as history.
    pub fn add_card_fix(
        &mut self,
        card_id: &str,
        fact: &str,
        value_json: &str,
    ) -> Result<CardFixId> {
        let ids = self.add_card_fixes(card_id, &[(fact, value_json)])?;
        Ok(ids[0])
    }

    /// Records several corrections of one card (fire and earth entered together) in one
    /// transaction: all of them, or none if any is refused. Returns their ids in order.
    pub fn add_card_fixes(
        &mut self,
        card_id: &str,
        facts: &[(&str, &str)],
    ) -> Result<Vec<CardFixId>> {
        let card_id = label("card id", card_id, 64)?;
        let mut checked = Vec::with_capacity(facts.len());
        for (fact, value_json) in facts {
            let fact = label("card fact", fact, 64)?;
            if value_json.len() > MAX_FIX_BYTES {
                return Err(StoreError::Invalid {
                    field: "card fix value",
                    reason: format!(
                        "{} bytes is over the {MAX_FIX_BYTES}-byte limit",
                        value_json.len()
                    ),
                });
            }
            serde_json::from_str::<serde_json::Value>(value_json).map_err(|e| {
                StoreError::Invalid {
                    field: "card fix value",
                    reason: format!("not JSON: {e}"),
                }
            })?;
            checked.push((fact, *value_json));
        }
        let tx = self.write_tx()?;
        let mut ids = Vec::with_capacity(checked.len());
        for (fact, value_json) in checked {
            tx.execute(
                "INSERT INTO card_fixes (card_id, fact, value_json, created_at) VALUES (?1, ?2, ?3, ?4)",
                params![card_id, fact, value_json, Stamp::now()],
            )?;
            ids.push(CardFixId(tx.last_insert_rowid()));
        }
        tx.commit()?;
        Ok(ids)
    }

    /// The fixes in force: the newest per card and fact, leaving out withdrawn ones (`null`).
    pub fn card_fixes(&self) -> Result<Vec<CardFixRow>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT f.id, f.card_id, f.fact, f.value_json, f.created_at FROM card_fixes f
             WHERE f.id = (SELECT MAX(id) FROM card_fixes g
                           WHERE g.card_id = f.card_id AND g.fact = f.fact)
               AND json_type(f.value_json) <> 'null'
             ORDER BY f.card_id, f.fact",
        )?;
        let rows = stmt.query_map([], row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Every fix ever made, of every card, oldest first (withdrawals included): what was in
    /// force at any moment can be read from it (a game replays each card with the fixes made
    /// before the card was first played).
    pub fn card_fix_history_all(&self) -> Result<Vec<CardFixRow>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, card_id, fact, value_json, created_at FROM card_fixes ORDER BY id",
        )?;
        let rows = stmt.query_map([], row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Every fix ever made to a card, oldest first.
    pub fn card_fix_history(&self, card_id: &str) -> Result<Vec<CardFixRow>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, card_id, fact, value_json, created_at FROM card_fixes
             WHERE card_id = ?1 ORDER BY id",
        )?;
        let rows = stmt.query_map([card_id.trim()], row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}
