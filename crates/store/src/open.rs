//! Opening `tablemate.db`: integrity check, setting a damaged file aside, WAL mode, foreign keys,
//! backups before migrations.
//!
//! The person's data is never overwritten or deleted here. A file that SQLite cannot read as a
//! healthy database is *renamed* (with its `-wal`/`-shm` companions) and a fresh database takes its
//! place; the caller gets the new location in [`OpenReport::set_aside`] so the app can tell the
//! person where their old file is. Any other failure (permissions, a locked file, a database from a
//! newer release) is returned as an error and the file is left exactly as it was.

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use rusqlite::{Connection, ErrorCode, OpenFlags};

use crate::error::{Result, StoreError};
use crate::{clock, schema, Store};

/// What [`Store::open`] did besides opening, so the app can tell the person.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct OpenReport {
    /// A fresh, empty database was created (there was no file, or a damaged one was set aside).
    pub created: bool,
    /// A damaged file that was renamed out of the way; it is kept, never deleted.
    pub set_aside: Option<SetAside>,
    /// The copy written before migrating (only when the database already held data).
    pub backup: Option<PathBuf>,
    /// The schema version before migrating, when a migration ran.
    pub migrated_from: Option<u32>,
    /// The schema version now.
    pub schema_version: u32,
    /// The file (or its folder) cannot be written: it was opened read-only, as it is; every
    /// change is refused with [`StoreError::ReadOnly`] (or [`StoreError::DiskFull`]).
    pub read_only: bool,
    /// The disk of the data folder is full: the database was opened read-only, without
    /// writing anything (no journal, no shared memory, no migration, no backup), and every
    /// change is refused with [`StoreError::DiskFull`] until there is space again.
    pub disk_full: bool,
}

/// A database file that failed its integrity check and was renamed.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SetAside {
    /// Where the damaged file now is.
    pub moved_to: PathBuf,
    /// What SQLite reported about it.
    pub problem: String,
}

/// The result of [`Store::open`]: the store, and what happened on the way.
#[derive(Debug)]
pub struct Opened {
    pub store: Store,
    pub report: OpenReport,
}

/// The outcome of checking an existing file.
enum Health {
    Good(Connection),
    Damaged(String),
}

pub(crate) fn open(path: &Path, now: DateTime<Utc>) -> Result<Opened> {
    match open_writable(path, now) {
        // Opening writes (the shared-memory index, the journal, a checkpoint): on a full disk
        // it fails, but the data can still be read. (Asked first: a full disk can refuse even
        // an empty file, which would read as a folder that cannot be written.)
        Err(e) if path.exists() && no_space(path) => open_read_only(path, true).map_err(|_| e),
        Err(e) if path.exists() && !writable(path) => open_read_only(path, false).map_err(|_| e),
        other => other,
    }
}

/// Is the disk of `path`'s folder full? A write of what opening a database needs (SQLite's
/// shared-memory index is 32 KiB) is refused for want of space.
fn no_space(path: &Path) -> bool {
    use std::io::Write;
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty());
    let probe = dir
        .unwrap_or(Path::new("."))
        .join(format!(".tablemate-space-probe-{}", std::process::id()));
    let written = std::fs::File::create(&probe)
        .and_then(|mut f| f.write_all(&[0u8; 64 * 1024]).and_then(|()| f.sync_all()));
    let _ = std::fs::remove_file(&probe);
    matches!(written, Err(e) if e.raw_os_error() == Some(ENOSPC) || e.kind() == std::io::ErrorKind::StorageFull)
}

/// "No space left on device" (Linux, the BSDs and macOS alike).
const ENOSPC: i32 = 28;

/// Can this process write the file and create files beside it (SQLite's WAL and shared memory)?
fn writable(path: &Path) -> bool {
    let file_ok = std::fs::OpenOptions::new().append(true).open(path).is_ok();
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty());
    let dir_ok = tempfile_probe(dir.unwrap_or(Path::new(".")));
    file_ok && dir_ok
}

fn tempfile_probe(dir: &Path) -> bool {
    let probe = dir.join(format!(".tablemate-write-probe-{}", std::process::id()));
    let ok = std::fs::File::create(&probe).is_ok();
    let _ = std::fs::remove_file(&probe);
    ok
}

/// Opens a database that cannot be written, exactly as it is: `immutable` tells SQLite that
/// nobody changes it while it is open, so it needs neither locks nor the shared-memory file it
/// could not create; a database that would need migrating is refused. On a full disk
/// (`disk_full`) a write-ahead log still holding changes (another process has the database
/// open) is read through the shared memory that process keeps, so nothing it wrote is hidden.
fn open_read_only(path: &Path, disk_full: bool) -> Result<Opened> {
    let conn = match disk_full.then(|| shared_read_only(path)).flatten() {
        Some(conn) => conn,
        None => immutable(path)?,
    };
    let found: u32 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if found != schema::latest() {
        return Err(if disk_full {
            StoreError::DiskFull {
                path: path.to_path_buf(),
            }
        } else {
            StoreError::ReadOnly {
                path: path.to_path_buf(),
            }
        });
    }
    let store = Store {
        conn,
        path: Some(path.to_path_buf()),
        disk_full,
    };
    Ok(Opened {
        store,
        report: OpenReport {
            created: false,
            set_aside: None,
            backup: None,
            migrated_from: None,
            schema_version: found,
            read_only: true,
            disk_full,
        },
    })
}

/// A read-only connection through the shared memory of a process that has the database open
/// (its write-ahead log holds changes not yet in the file); `None` when there is no such log
/// or it cannot be read that way.
fn shared_read_only(path: &Path) -> Option<Connection> {
    let wal = std::fs::metadata(with_suffix(path, "-wal")).ok()?;
    if wal.len() == 0 {
        return None;
    }
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .ok()?;
    conn.busy_timeout(std::time::Duration::from_secs(5)).ok()?;
    conn.query_row("SELECT COUNT(*) FROM sqlite_schema", [], |r| {
        r.get::<_, i64>(0)
    })
    .ok()?;
    Some(conn)
}

/// The database file as it is, read without locks, journal or shared memory.
fn immutable(path: &Path) -> Result<Connection> {
    let mut uri = String::from("file:");
    for c in path.display().to_string().chars() {
        match c {
            '?' => uri.push_str("%3f"),
            '#' => uri.push_str("%23"),
            '%' => uri.push_str("%25"),
            c => uri.push(c),
        }
    }
    uri.push_str("?immutable=1");
    Ok(Connection::open_with_flags(
        &uri,
        OpenFlags::SQLITE_OPEN_READ_ONLY
            | OpenFlags::SQLITE_OPEN_URI
            | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?)
}

fn open_writable(path: &Path, now: DateTime<Utc>) -> Result<Opened> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|source| StoreError::Io {
            action: "create the folder",
            path: parent.to_path_buf(),
            source,
        })?;
    }

    let mut set_aside = None;
    let existed = path.exists();
    let conn = if existed {
        match check_health(path)? {
            Health::Good(conn) => conn,
            Health::Damaged(problem) => {
                let moved_to = set_aside_file(path, now)?;
                set_aside = Some(SetAside { moved_to, problem });
                create_new(path)?
            }
        }
    } else {
        create_new(path)?
    };

    // Refuse a database from a newer release before changing anything in it (even the journal
    // mode is written to the file header).
    let found: u32 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if found > schema::latest() {
        return Err(StoreError::TooNew {
            path: path.to_path_buf(),
            found,
            supported: schema::latest(),
        });
    }
    configure(&conn)?;
    let mut store = Store {
        conn,
        path: Some(path.to_path_buf()),
        disk_full: false,
    };
    let (backup, migrated_from) = migrate(&mut store, path, now)?;
    let schema_version = store.schema_version()?;
    Ok(Opened {
        store,
        report: OpenReport {
            created: !existed || set_aside.is_some(),
            set_aside,
            backup,
            migrated_from,
            schema_version,
            read_only: false,
            disk_full: false,
        },
    })
}

pub(crate) fn open_in_memory() -> Result<Store> {
    let conn = Connection::open_in_memory()?;
    configure(&conn)?;
    let mut store = Store {
        conn,
        path: None,
        disk_full: false,
    };
    schema::migrations().to_latest(&mut store.conn)?;
    Ok(store)
}

fn create_new(path: &Path) -> Result<Connection> {
    Ok(Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?)
}

/// Is this SQLite's way of saying "this file is damaged or not a database"? Only those errors lead
/// to setting a file aside; anything else (busy, permissions, I/O) is reported and nothing moves.
fn is_damage(err: &rusqlite::Error) -> bool {
    matches!(
        err.sqlite_error_code(),
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt)
    )
}

fn check_health(path: &Path) -> Result<Health> {
    // Read-only first: a read-only connection never checkpoints, truncates or deletes the WAL, so
    // a damaged file is set aside together with its companions exactly as they were found.
    match integrity(path, OpenFlags::SQLITE_OPEN_READ_ONLY) {
        Ok(Verdict::Damaged(problem)) => return Ok(Health::Damaged(problem)),
        Ok(Verdict::Ok(_)) => {}
        // e.g. a WAL that needs recovering, which only a writer may do: check read-write below
        Err(_) => {}
    }
    match integrity(path, OpenFlags::SQLITE_OPEN_READ_WRITE)? {
        Verdict::Ok(conn) => Ok(Health::Good(conn)),
        Verdict::Damaged(problem) => Ok(Health::Damaged(problem)),
    }
}

enum Verdict {
    Ok(Connection),
    Damaged(String),
}

/// Opens with `mode` and runs `PRAGMA integrity_check`; damage is a verdict, other errors are
/// errors.
fn integrity(path: &Path, mode: OpenFlags) -> Result<Verdict> {
    let conn = match Connection::open_with_flags(path, mode | OpenFlags::SQLITE_OPEN_NO_MUTEX) {
        Ok(conn) => conn,
        Err(e) if is_damage(&e) => return Ok(Verdict::Damaged(e.to_string())),
        Err(e) => return Err(e.into()),
    };
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    let lines = (|| -> rusqlite::Result<Vec<String>> {
        let mut stmt = conn.prepare("PRAGMA integrity_check")?;
        let rows = stmt.query_map([], |r| r.get::<_, String>(0))?;
        rows.collect()
    })();
    match lines {
        Ok(lines) if lines.len() == 1 && lines[0] == "ok" => Ok(Verdict::Ok(conn)),
        Ok(lines) => Ok(Verdict::Damaged(lines.join("; "))),
        Err(e) if is_damage(&e) => Ok(Verdict::Damaged(e.to_string())),
        Err(e) => Err(e.into()),
    }
}

/// `name.suffix`, or `name.suffix-2`, `-3`… so that nothing existing is ever overwritten.
fn free_name(path: &Path, suffix: &str) -> PathBuf {
    let base = path.as_os_str().to_owned();
    let mut n = 1u32;
    loop {
        let mut candidate = base.clone();
        candidate.push(format!(".{suffix}"));
        if n > 1 {
            candidate.push(format!("-{n}"));
        }
        let candidate = PathBuf::from(candidate);
        if !candidate.exists() && !with_suffix(&candidate, "-wal").exists() {
            return candidate;
        }
        n += 1;
    }
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

/// Renames the damaged file, and its WAL and shared-memory companions next to it, so that the
/// set-aside copy still opens with whatever SQLite can recover from it.
fn set_aside_file(path: &Path, now: DateTime<Utc>) -> Result<PathBuf> {
    let target = free_name(path, &format!("corrupt-{}", clock::file_stamp(now)));
    rename(path, &target)?;
    for companion in ["-wal", "-shm"] {
        let from = with_suffix(path, companion);
        if from.exists() {
            rename(&from, &with_suffix(&target, companion))?;
        }
    }
    Ok(target)
}

fn rename(from: &Path, to: &Path) -> Result<()> {
    std::fs::rename(from, to).map_err(|source| StoreError::Io {
        action: "set aside the damaged database",
        path: from.to_path_buf(),
        source,
    })
}

fn configure(conn: &Connection) -> Result<()> {
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    // WAL: readers never block the writer and a crash mid-write leaves the last commit intact.
    let _mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
    // NORMAL, not FULL: why, and what FULL would cost, is in README.md ("Durability").
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "foreign_keys", true)?;
    Ok(())
}

/// Brings the schema to the latest version, writing a backup first if the database holds data.
fn migrate(
    store: &mut Store,
    path: &Path,
    now: DateTime<Utc>,
) -> Result<(Option<PathBuf>, Option<u32>)> {
    let version = store.schema_version()?;
    if version >= schema::latest() {
        return Ok((None, None));
    }
    let has_data: bool = store.conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%')",
        [],
        |r| r.get(0),
    )?;
    let backup = if has_data {
        let target = free_name(path, &format!("bak-v{version}-{}", clock::file_stamp(now)));
        let target_str = target.to_str().ok_or_else(|| StoreError::Invalid {
            field: "database path",
            reason: format!("{} is not valid UTF-8", target.display()),
        })?;
        // VACUUM INTO writes a consistent, compact copy from a read transaction.
        store.conn.execute("VACUUM INTO ?1", [target_str])?;
        Some(target)
    } else {
        None
    };
    migrate_to_latest(store)?;
    Ok((backup, has_data.then_some(version)))
}

/// Runs the migrations, tolerating another process (the app and the CLI, two windows) that
/// migrates the same file at the same moment. Each migration is one transaction, so the loser
/// of that race sees "locked" or "table already exists" and nothing of its own applied: it
/// waits for the winner's commit and checks the version instead of failing.
fn migrate_to_latest(store: &mut Store) -> Result<()> {
    const ATTEMPTS: u32 = 50;
    let mut attempt = 0;
    loop {
        match schema::migrations().to_latest(&mut store.conn) {
            Ok(()) => return Ok(()),
            Err(e) => {
                if store.schema_version()? >= schema::latest() {
                    return Ok(());
                }
                attempt += 1;
                if attempt >= ATTEMPTS {
                    return Err(e.into());
                }
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_that_cannot_be_written_is_read_as_it_is_and_refuses_changes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tablemate.db");
        {
            let mut opened = open(&path, Utc::now()).unwrap();
            opened.store.add_player("Anna").unwrap();
        }
        let before = std::fs::read(&path).unwrap();
        let mut opened = open_read_only(&path, false).unwrap();
        assert!(opened.report.read_only);
        assert!(opened.store.is_read_only().unwrap());
        assert_eq!(opened.store.players().unwrap().len(), 1, "data is shown");
        let err = opened.store.create_tournament(&crate::NewTournament {
            name: "Cup".into(),
            date: "2026-01-01".into(),
            format: crate::Format::RoundRobin,
            first_round: crate::FirstRound::Seeded,
            seed: None,
            decks_required: false,
        });
        assert!(matches!(err, Err(StoreError::ReadOnly { .. })), "{err:?}");
        drop(opened);
        assert_eq!(std::fs::read(&path).unwrap(), before, "untouched");
        assert!(!dir.path().join("tablemate.db-shm").exists() || writable(&path));
    }
}
