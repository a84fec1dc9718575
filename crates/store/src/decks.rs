//! Constructed decks: what the player built, kept whole (schema `V_DECKS`). The store only
//! records: whether a deck keeps the deck-building rules is decided by `bluemoon::construct`
//! in the service, and a deck that breaks them is still stored (a draft). Each save names the
//! revision it was decided on and is refused when the deck moved meanwhile.

use rusqlite::{params, OptionalExtension};
use serde::{Deserialize, Serialize};

use crate::clock::Stamp;
use crate::error::{Result, StoreError};
use crate::ids::label;
use crate::Store;

/// The most cards a deck may list (the largest legal deck is 45, with Weave-Tongue; a draft
/// may hold more while it is being cut down, but not without bound).
pub const MAX_DECK_CARDS: usize = 200;

/// A stored deck's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DeckId(pub i64);

/// What a deck holds, as the player chose it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckContent {
    pub people: String,
    /// The inquisitor's card id (`inq-412`), if any.
    pub inquisitor: Option<String>,
    pub emissaries_inquisitors: bool,
    pub buka: bool,
    /// Card ids in the order entered (a repeated card is kept, so the rules can say so).
    pub cards: Vec<String>,
}

/// A stored deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckRecord {
    pub id: DeckId,
    pub name: String,
    pub content: DeckContent,
    /// Raised by every save; a save names the revision it was decided on.
    pub revision: u32,
    pub created_at: String,
    pub updated_at: String,
}

pub(crate) fn checked(content: &DeckContent) -> Result<String> {
    label("people", &content.people, 32)?;
    if let Some(inq) = &content.inquisitor {
        label("inquisitor", inq, 64)?;
    }
    if content.cards.len() > MAX_DECK_CARDS {
        return Err(StoreError::Invalid {
            field: "deck",
            reason: format!(
                "{} cards is over the limit of {MAX_DECK_CARDS}",
                content.cards.len()
            ),
        });
    }
    for card in &content.cards {
        label("card id", card, 64)?;
    }
    serde_json::to_string(&content.cards).map_err(|e| StoreError::Invalid {
        field: "deck",
        reason: e.to_string(),
    })
}

const COLUMNS: &str = "id, name, people, inquisitor, emissaries_inquisitors, buka, cards, \
                       revision, created_at, updated_at";

/// A deck's content from columns 2..=6 of a row (people, inquisitor, emissaries_inquisitors,
/// buka, cards as JSON): a saved deck's and a registration's copy are read alike.
pub(crate) fn content_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<DeckContent> {
    let cards: String = r.get(6)?;
    let cards: Vec<String> = serde_json::from_str(&cards).map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(6, rusqlite::types::Type::Text, Box::new(e))
    })?;
    Ok(DeckContent {
        people: r.get(2)?,
        inquisitor: r.get(3)?,
        emissaries_inquisitors: r.get(4)?,
        buka: r.get(5)?,
        cards,
    })
}

fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<DeckRecord> {
    Ok(DeckRecord {
        id: DeckId(r.get(0)?),
        name: r.get(1)?,
        content: content_of(r)?,
        revision: r.get(7)?,
        created_at: r.get::<_, Stamp>(8)?.to_string(),
        updated_at: r.get::<_, Stamp>(9)?.to_string(),
    })
}

/// Inside a write: the deck is still at the revision the change was decided on (else nothing
/// is written: it changed meanwhile, or it is gone).
/// The deck as a write left it, read back inside its transaction.
fn saved(tx: &rusqlite::Transaction<'_>, id: DeckId) -> Result<DeckRecord> {
    let sql = format!("SELECT {COLUMNS} FROM decks WHERE id = ?1");
    Ok(tx.query_row(&sql, [id.0], row)?)
}

pub(crate) fn still_at(tx: &rusqlite::Transaction<'_>, id: DeckId, revision: u32) -> Result<()> {
    let found: Option<(u32, String)> = tx
        .query_row(
            "SELECT revision, name FROM decks WHERE id = ?1",
            [id.0],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    match found {
        None => Err(StoreError::NotFound {
            what: "deck",
            id: id.0,
        }),
        Some((found, name)) if found != revision => Err(StoreError::DeckChanged {
            name,
            expected: revision,
            found,
        }),
        Some(_) => Ok(()),
    }
}

impl Store {
    /// Stores a new deck. A name already taken (whatever its case) is refused with
    /// [`StoreError::DeckNameTaken`], also when another window took it a moment ago.
    pub fn create_deck(&mut self, name: &str, content: &DeckContent) -> Result<DeckRecord> {
        let name = label("deck name", name, 80)?;
        let cards = checked(content)?;
        let tx = self.write_tx()?;
        let taken: Option<String> = tx
            .query_row(
                "SELECT name FROM decks WHERE name = ?1 COLLATE NOCASE",
                [&name],
                |r| r.get(0),
            )
            .optional()?;
        if let Some(existing) = taken {
            return Err(StoreError::DeckNameTaken { name: existing });
        }
        let now = Stamp::now();
        tx.execute(
            "INSERT INTO decks (name, people, inquisitor, emissaries_inquisitors, buka, cards, \
             created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)",
            params![
                name,
                content.people,
                content.inquisitor,
                content.emissaries_inquisitors,
                content.buka,
                cards,
                now
            ],
        )?;
        let id = DeckId(tx.last_insert_rowid());
        let record = saved(&tx, id)?;
        tx.commit()?;
        Ok(record)
    }

    /// Replaces a deck's content, if it is still at `revision`; returns the deck as saved.
    pub fn save_deck(
        &mut self,
        id: DeckId,
        revision: u32,
        content: &DeckContent,
    ) -> Result<DeckRecord> {
        let cards = checked(content)?;
        let tx = self.write_tx()?;
        still_at(&tx, id, revision)?;
        tx.execute(
            "UPDATE decks SET people = ?2, inquisitor = ?3, emissaries_inquisitors = ?4, \
             buka = ?5, cards = ?6, revision = revision + 1, updated_at = ?7 WHERE id = ?1",
            params![
                id.0,
                content.people,
                content.inquisitor,
                content.emissaries_inquisitors,
                content.buka,
                cards,
                Stamp::now()
            ],
        )?;
        let record = saved(&tx, id)?;
        tx.commit()?;
        Ok(record)
    }

    /// Deletes a deck, if it is still at `revision`. Games keep their own copy of it.
    pub fn delete_deck(&mut self, id: DeckId, revision: u32) -> Result<()> {
        let tx = self.write_tx()?;
        still_at(&tx, id, revision)?;
        tx.execute("DELETE FROM decks WHERE id = ?1", [id.0])?;
        tx.commit()?;
        Ok(())
    }

    /// The deck of that name (whatever its case), if there is one.
    pub fn deck_by_name(&self, name: &str) -> Result<Option<DeckRecord>> {
        Ok(self
            .conn
            .query_row(
                &format!("SELECT {COLUMNS} FROM decks WHERE name = ?1 COLLATE NOCASE"),
                [name.trim()],
                row,
            )
            .optional()?)
    }

    /// Every deck, by name.
    pub fn decks(&self) -> Result<Vec<DeckRecord>> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {COLUMNS} FROM decks ORDER BY name COLLATE NOCASE"
        ))?;
        let rows = stmt.query_map([], row)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}
