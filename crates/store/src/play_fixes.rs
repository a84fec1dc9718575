//! Schema version 12: every Blue Moon play names the card fixes it was decided with.
//!
//! Until version 11 a play stored nothing of the card fixes it was decided with: replaying a
//! game gave each card the fixes *made before the time* of its first play there. A fix
//! committed while a play was being decided (another window, the command line) then counted
//! for a play decided without it, and a redo, stored again with a new time, took the fixes of
//! the moment of the redo. From version 12 each `card_played` event carries `fixes_read`, the
//! number of the newest fix the table had read when it decided the play (bluemoon's
//! EVENTS.md), and replay, undo and redo use that, never a time.
//!
//! This migration writes into every stored play the number that gives it the facts it has
//! today: for a play in a log, the newest fix of its card made up to the play's time (so the
//! card's first play keeps its facts, as the rule of before read them); for a play waiting to
//! be redone, the newest fix of its card (a redo took the fixes of its moment). Nothing else in
//! the event changes (SQLite's `json_set` adds the one field), a play of a card never fixed by
//! then is left exactly as it was (no number means no fix), and the other games' logs are not
//! touched. Fixes are only ever added, numbered in the order they were made, so "the fixes of
//! this card up to this number" is the set the time compared before.

use std::collections::HashMap;

use rusqlite::{params, Transaction};

use crate::clock::Stamp;

/// The card fixes made to each card: (number, when), oldest first.
type FixesByCard = HashMap<String, Vec<(i64, Stamp)>>;

/// Adds `fixes_read` to every stored Blue Moon play (see the module's comment).
pub(crate) fn record_fixes_read(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    let mut fixes: FixesByCard = HashMap::new();
    {
        let mut stmt = tx.prepare("SELECT id, card_id, created_at FROM card_fixes ORDER BY id")?;
        let rows = stmt.query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, Stamp>(2).ok(),
            ))
        })?;
        for row in rows {
            // A fix whose time does not read could not be read before either: no game
            // counted it, and none will.
            if let (id, card, Some(at)) = row? {
                fixes.entry(card).or_default().push((id, at));
            }
        }
    }
    let plays = |table: &str, key: &str, time: &str| {
        format!(
            "SELECT log_id, {key}, json_extract(payload, '$.card'), {time} FROM {table}
             WHERE log_id IN (SELECT log_id FROM games WHERE log_id IS NOT NULL)
               AND json_extract(payload, '$.type') = 'card_played'
               AND json_extract(payload, '$.fixes_read') IS NULL"
        )
    };
    let logged: Vec<(i64, i64, Option<String>, Option<Stamp>)> = {
        let mut stmt = tx.prepare(&plays("log_events", "seq", "created_at"))?;
        let rows = stmt.query_map([], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get::<_, Stamp>(3).ok()))
        })?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    for (log, seq, card, at) in logged {
        let (Some(card), Some(at)) = (card, at) else {
            continue;
        };
        let newest = fixes.get(&card).and_then(|made| {
            made.iter()
                .filter(|(_, t)| *t <= at)
                .map(|(id, _)| *id)
                .max()
        });
        if let Some(read) = newest {
            tx.execute(
                "UPDATE log_events SET payload = json_set(payload, '$.fixes_read', ?3)
                 WHERE log_id = ?1 AND seq = ?2",
                params![log, seq, read],
            )?;
        }
    }
    let waiting: Vec<(i64, i64, Option<String>)> = {
        let mut stmt = tx.prepare(&plays("log_redo", "depth", "NULL"))?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    for (log, depth, card) in waiting {
        let newest = card
            .and_then(|c| fixes.get(&c))
            .and_then(|made| made.iter().map(|(id, _)| *id).max());
        if let Some(read) = newest {
            tx.execute(
                "UPDATE log_redo SET payload = json_set(payload, '$.fixes_read', ?3)
                 WHERE log_id = ?1 AND depth = ?2",
                params![log, depth, read],
            )?;
        }
    }
    Ok(())
}
