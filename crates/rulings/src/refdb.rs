//! The reference database (`reference.db`): the full-text index of every ruling, derived from
//! the documents embedded in the binary. It is never the user's database: it can be deleted
//! at any time and is rebuilt whenever the data version (documents, importer version, card
//! names) differs from the one stored, or when the file is unreadable.

use crate::corpus::{data_version, Corpus};
use crate::engine::Engine;
use crate::fold::fold;
use crate::import::{self, bm_card};
use crate::model::{CardName, ImportError, LinkRole, Ruling, RulingId, Source};
use crate::prompts::is_general;
use crate::topics::Topic;
use cards::CardId;
use regex::Regex;
use rusqlite::{params, Connection, OpenFlags};
use std::collections::HashMap;
use std::path::Path;
use std::sync::{LazyLock, OnceLock};

/// Why the reference database could not be opened or queried.
#[derive(Debug, thiserror::Error)]
pub enum RefDbError {
    #[error("reference database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("importing the rulings documents: {0}")]
    Import(#[from] ImportError),
    #[error("reference database file {path}: {source}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error("reference database record {id}: {source}")]
    Record {
        id: String,
        #[source]
        source: serde_json::Error,
    },
}

/// Bump when the tables below change: a database of another schema is rebuilt.
const SCHEMA_VERSION: u32 = 2;

/// What `meta.version` holds: the corpus' data version and the schema version.
fn stored_version_for(data_version: &str) -> String {
    format!("{data_version}+schema{SCHEMA_VERSION}")
}

const SCHEMA: &str = "
DROP TABLE IF EXISTS rulings_fts;
DROP TABLE IF EXISTS rulings;
DROP TABLE IF EXISTS meta;
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE rulings (
    rowid INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    source TEXT NOT NULL,
    lang TEXT NOT NULL,
    record TEXT NOT NULL
);
CREATE VIRTUAL TABLE rulings_fts USING fts5(
    body, section, cards,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2 3'
);
";

/// The reference database with the records held in memory for prompts and lookups.
pub struct ReferenceDb {
    pub(crate) conn: Connection,
    pub(crate) corpus: Corpus,
    /// Records linked to each card, with the link's role.
    pub(crate) by_card: HashMap<CardId, Vec<(usize, LinkRole)>>,
    /// Records in the general sections of each topic.
    pub(crate) by_topic: HashMap<Topic, Vec<usize>>,
    /// Topics raised by each card's special power text as the English FAQ quotes it.
    pub(crate) text_topics: HashMap<CardId, Vec<Topic>>,
    /// Per record: whether it is general (see [`crate::prompts::is_general`]).
    pub(crate) general: Vec<bool>,
    /// Each card's special power text as the English FAQ quotes it, folded.
    pub(crate) card_texts: HashMap<CardId, String>,
    /// Each card's names (catalog names and the English FAQ's tag, `vulca 26`), folded.
    pub(crate) card_names: HashMap<CardId, Vec<String>>,
    /// The search engine's index of every record, built in memory on the first search (see
    /// [`ReferenceDb::engine`]), so that opening costs nothing for it.
    engine: OnceLock<Engine>,
    /// The catalog's card names, indexed with the records that link their cards.
    names: Vec<CardName>,
    rebuilt: bool,
}

impl std::fmt::Debug for ReferenceDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReferenceDb")
            .field("records", &self.corpus.records.len())
            .field("version", &self.corpus.version)
            .field("rebuilt", &self.rebuilt)
            .finish()
    }
}

/// A rebuild's temporary file is `.reference.db.XXXXXX.building` beside `reference.db`.
const BUILD_PREFIX: &str = ".reference.db.";
const BUILD_SUFFIX: &str = ".building";
/// A rebuild takes seconds; a temporary file untouched for this long was left by a process that
/// was killed mid-rebuild (`tempfile` removes it on every other way out).
pub const STALE_BUILD: std::time::Duration = std::time::Duration::from_secs(15 * 60);

/// Deletes rebuilds' temporary files that a killed process left behind in `dir`. Only files
/// older than [`STALE_BUILD`] go, so a rebuild running right now in another process (the app
/// and the CLI at once) is never pulled from under it. They hold nothing but derived data.
pub fn remove_stale_builds(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(|e| e.ok()) {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if !(name.starts_with(BUILD_PREFIX) && name.ends_with(BUILD_SUFFIX)) {
            continue;
        }
        let stale = entry
            .metadata()
            .ok()
            .filter(|m| m.is_file())
            .and_then(|m| m.modified().ok())
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age >= STALE_BUILD);
        if stale {
            // best effort: a file that cannot be removed now is tried again next time
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

impl ReferenceDb {
    /// Opens (or creates) `reference.db` at `path`, rebuilding it when its data version is not
    /// that of the embedded documents imported with `names`, or when it cannot be read.
    ///
    /// Several processes (the app and the CLI) may do this at once: a rebuild is written to a
    /// temporary file beside `path` and renamed over it when complete, so the file at `path` is
    /// never deleted or rewritten in place, and a process holding the old file keeps reading it.
    pub fn open(path: &Path, names: &[CardName]) -> Result<Self, RefDbError> {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        remove_stale_builds(dir);
        let want = data_version(names);
        if let Some(db) = Self::open_current(path, &want, names) {
            return Ok(db);
        }
        let corpus = import::import_all(names)?;
        let io_err = |p: &Path, source| RefDbError::Io {
            path: p.display().to_string(),
            source,
        };
        let tmp = tempfile::Builder::new()
            .prefix(BUILD_PREFIX)
            .suffix(BUILD_SUFFIX)
            .tempfile_in(dir)
            .map_err(|e| io_err(dir, e))?;
        let conn = Connection::open(tmp.path())?;
        // Nothing reads the temporary file before it is complete: no journal is needed, and a
        // crash leaves only the temporary file, which `tempfile` removes when dropped.
        conn.pragma_update(None, "journal_mode", "OFF")?;
        let mut db = Self::build(conn, corpus, names)?;
        // the built index stays; only the connection moves to the file's final place
        let built = std::mem::replace(&mut db.conn, Connection::open_in_memory()?);
        built.close().map_err(|(_, e)| e)?;
        tmp.persist(path).map_err(|e| io_err(path, e.error))?;
        db.conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_WRITE)?;
        Ok(db)
    }

    /// The database at `path` if it exists, is readable and holds data version `want`.
    fn open_current(path: &Path, want: &str, names: &[CardName]) -> Option<Self> {
        // Not SQLITE_OPEN_CREATE: a missing file is built elsewhere and renamed into place.
        let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_WRITE).ok()?;
        if stored_version(&conn).ok()??.as_str() != stored_version_for(want) {
            return None;
        }
        let records = load_records(&conn).ok()?;
        let mut db = Self::index(conn, Corpus::new(records, want.to_owned()), names);
        db.rebuilt = false;
        Some(db)
    }

    /// A fresh in-memory reference database.
    pub fn open_in_memory(names: &[CardName]) -> Result<Self, RefDbError> {
        let conn = Connection::open_in_memory()?;
        let corpus = import::import_all(names)?;
        Self::build(conn, corpus, names)
    }

    /// An in-memory reference database over an explicit corpus (tests, tools); `names` are
    /// indexed with the records that link their cards.
    pub fn from_corpus(corpus: Corpus, names: &[CardName]) -> Result<Self, RefDbError> {
        Self::build(Connection::open_in_memory()?, corpus, names)
    }

    /// Writes the corpus into the database (schema dropped and recreated) and indexes it.
    fn build(mut conn: Connection, corpus: Corpus, names: &[CardName]) -> Result<Self, RefDbError> {
        // Every name of a card (English and German, from the catalog) is indexed with each
        // record that links the card, so "Feuerwall" also finds the English "Wall of Fire".
        let mut card_names: HashMap<&CardId, Vec<&str>> = HashMap::new();
        for n in names {
            card_names.entry(&n.card).or_default().push(n.name.as_str());
        }
        let tx = conn.transaction()?;
        tx.execute_batch(SCHEMA)?;
        {
            let mut ins = tx.prepare(
                "INSERT INTO rulings (rowid, id, game, source, lang, record) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?;
            let mut fts = tx.prepare(
                "INSERT INTO rulings_fts (rowid, body, section, cards) VALUES (?1, ?2, ?3, ?4)",
            )?;
            for (i, r) in corpus.records.iter().enumerate() {
                let rowid = i64::try_from(i + 1).unwrap_or(i64::MAX);
                let json = serde_json::to_string(r).map_err(|source| RefDbError::Record {
                    id: r.id.0.clone(),
                    source,
                })?;
                ins.execute(params![
                    rowid,
                    r.id.0,
                    r.game.slug(),
                    r.source.slug(),
                    lang_code(r),
                    json
                ])?;
                fts.execute(params![
                    rowid,
                    fold(&search_body(r)),
                    fold(&r.section.join(" / ")),
                    fold(&linked_names(r, &card_names))
                ])?;
            }
            // The published text weighs more than the section title and the card names.
            tx.execute(
                "INSERT INTO rulings_fts (rulings_fts, rank) VALUES ('rank', 'bm25(1.0, 0.3, 0.2)')",
                [],
            )?;
            tx.execute(
                "INSERT INTO meta (key, value) VALUES ('version', ?1)",
                params![stored_version_for(&corpus.version)],
            )?;
        }
        tx.commit()?;
        let mut db = Self::index(conn, corpus, names);
        db.rebuilt = true;
        Ok(db)
    }

    fn index(conn: Connection, corpus: Corpus, names: &[CardName]) -> Self {
        let mut by_card: HashMap<CardId, Vec<(usize, LinkRole)>> = HashMap::new();
        let mut by_topic: HashMap<Topic, Vec<usize>> = HashMap::new();
        let mut text_topics: HashMap<CardId, Vec<Topic>> = HashMap::new();
        let mut card_texts: HashMap<CardId, String> = HashMap::new();
        let mut card_names: HashMap<CardId, Vec<String>> = HashMap::new();
        for n in names {
            let name = fold(&n.name);
            // a name this short ("Ra") would be found inside other words
            if name.chars().count() >= 4 {
                card_names.entry(n.card.clone()).or_default().push(name);
            }
        }
        for (i, r) in corpus.records.iter().enumerate() {
            for link in &r.cards {
                let entry = by_card.entry(link.card.clone()).or_default();
                if !entry.iter().any(|(k, _)| *k == i) {
                    entry.push((i, link.role));
                }
            }
            for topic in Topic::ALL {
                if topic.covers(r) {
                    by_topic.entry(topic).or_default().push(i);
                }
            }
            if r.source == Source::BlueMoonFaqEn {
                for (card, text) in quoted_card_texts(&r.display) {
                    text_topics
                        .entry(card.clone())
                        .or_insert_with(|| Topic::from_text(&text));
                    card_texts.entry(card).or_insert_with(|| fold(&text));
                }
            }
        }
        let general = corpus.records.iter().map(is_general).collect();
        ReferenceDb {
            engine: OnceLock::new(),
            names: names.to_vec(),
            card_texts,
            card_names,
            conn,
            corpus,
            by_card,
            by_topic,
            text_topics,
            general,
            rebuilt: false,
        }
    }

    /// The search engine's index, built on first use (tens of milliseconds in a release
    /// build): the app's start-up does not wait for it, only the first search does.
    pub(crate) fn engine(&self) -> &Engine {
        self.engine
            .get_or_init(|| Engine::build(&self.corpus.records, &self.names))
    }

    /// Builds the search index now if it is not built yet (a caller that has time to spare,
    /// e.g. after start-up, spares the first search the wait).
    pub fn prepare_search(&self) {
        self.engine();
    }

    /// Whether opening this database rebuilt it (false when the stored index was current).
    pub fn rebuilt(&self) -> bool {
        self.rebuilt
    }

    /// The data version the database holds.
    pub fn version(&self) -> &str {
        &self.corpus.version
    }

    /// All records and the per-source figures (`corpus stats`).
    pub fn corpus(&self) -> &Corpus {
        &self.corpus
    }

    /// One record by id; its `refs` are the resolved cross-references.
    pub fn get(&self, id: &RulingId) -> Option<Ruling> {
        self.corpus.get(id).cloned()
    }

    /// The records a record refers to, resolved, in the order it refers to them.
    pub fn references(&self, id: &RulingId) -> Vec<Ruling> {
        self.corpus
            .get(id)
            .map(|r| {
                r.refs
                    .iter()
                    .filter_map(|t| self.corpus.get(t).cloned())
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// What is searched: question, answer and the section path, as published.
fn search_body(r: &Ruling) -> String {
    r.display.clone()
}

/// The ids (`vulca 26` once folded) and catalog names of the cards a record links.
fn linked_names(r: &Ruling, names: &HashMap<&CardId, Vec<&str>>) -> String {
    let mut out = String::new();
    for link in &r.cards {
        out.push_str(link.card.as_str());
        out.push(' ');
        for n in names.get(&link.card).into_iter().flatten() {
            out.push_str(n);
            out.push(' ');
        }
    }
    out
}

fn lang_code(r: &Ruling) -> &'static str {
    match r.lang {
        crate::model::Lang::En => "en",
        crate::model::Lang::De => "de",
    }
}

fn stored_version(conn: &Connection) -> Result<Option<String>, RefDbError> {
    // A file that is not a database fails here (SQLITE_NOTADB), and is replaced by `open`.
    let has_meta: i64 = conn.query_row(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'",
        [],
        |row| row.get(0),
    )?;
    if has_meta == 0 {
        return Ok(None);
    }
    let v = conn
        .query_row("SELECT value FROM meta WHERE key = 'version'", [], |row| {
            row.get::<_, String>(0)
        })
        .ok();
    Ok(v)
}

fn load_records(conn: &Connection) -> Result<Vec<Ruling>, RefDbError> {
    let mut stmt = conn.prepare("SELECT id, record FROM rulings ORDER BY rowid")?;
    let rows = stmt.query_map([], |row| {
        Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?))
    })?;
    let mut out = Vec::new();
    for (k, row) in rows.enumerate() {
        let (id, json) = row?;
        let rowid: i64 = i64::try_from(k + 1).unwrap_or(i64::MAX);
        let r: Ruling = serde_json::from_str(&json).map_err(|source| RefDbError::Record {
            id: id.clone(),
            source,
        })?;
        if r.id.0 != id {
            return Err(RefDbError::Record {
                id,
                source: serde_json::Error::io(std::io::Error::other(format!(
                    "row {rowid} id mismatch"
                ))),
            });
        }
        out.push(r);
    }
    // Row ids must be 1..=n for the index to line up with the records.
    let max: i64 = conn.query_row("SELECT coalesce(max(rowid), 0) FROM rulings", [], |r| {
        r.get(0)
    })?;
    if usize::try_from(max).ok() != Some(out.len()) {
        return Err(RefDbError::Sqlite(rusqlite::Error::QueryReturnedNoRows));
    }
    Ok(out)
}

static TAG_WITH_TEXT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"\[([A-Za-z/]+) (\d+)(?:, [^\]]+)?\] \((?:[^"()]*)"([^"]+)""#)
        .expect("static regex")
});

/// The special power text the English FAQ quotes after a tag: `[Vulca 26] ("You may not …")`.
fn quoted_card_texts(display: &str) -> Vec<(CardId, String)> {
    TAG_WITH_TEXT
        .captures_iter(display)
        .filter_map(|c| {
            let card = bm_card::parse_key(c.get(1)?.as_str(), c.get(2)?.as_str())?;
            Some((card, c.get(3)?.as_str().to_owned()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stale_rebuild_files_are_removed_and_running_ones_kept() {
        let dir = tempfile::tempdir().expect("tempdir");
        let old = dir.path().join(".reference.db.AbC123.building");
        let running = dir.path().join(".reference.db.XyZ789.building");
        let other = dir.path().join("notes.building");
        for f in [&old, &running, &other] {
            std::fs::write(f, b"partial").expect("write");
        }
        let killed_at = std::time::SystemTime::now() - STALE_BUILD * 2;
        for f in [&old, &other] {
            std::fs::File::options()
                .write(true)
                .open(f)
                .and_then(|f| f.set_modified(killed_at))
                .expect("age the file");
        }
        remove_stale_builds(dir.path());
        assert!(!old.exists(), "left by a killed rebuild");
        assert!(running.exists(), "another process may be writing it");
        assert!(other.exists(), "not ours");
    }
}
