//! Opening the database: creation, reopening, damaged files set aside, databases from the future.
#![allow(clippy::unwrap_used)] // test helpers: a failure should stop the test right there

use std::path::Path;

use rusqlite::Connection;
use store::{schema, Store, StoreError};

fn raw(path: &Path) -> Connection {
    Connection::open(path).expect("raw open")
}

#[test]
fn a_new_database_is_created_with_its_folders_in_wal_mode_and_foreign_keys_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deep/er/tablemate.db");
    let opened = Store::open(&path).unwrap();
    assert!(opened.report.created);
    assert_eq!(opened.report.set_aside, None);
    assert_eq!(
        opened.report.backup, None,
        "an empty database needs no backup"
    );
    assert_eq!(opened.report.schema_version, schema::latest());
    assert_eq!(opened.store.schema_version().unwrap(), schema::latest());
    assert_eq!(
        opened.store.integrity_check().unwrap(),
        vec!["ok".to_string()]
    );
    assert!(path.exists());
    let mode: String = raw(&path)
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    // foreign keys are a per-connection setting: check the store's own connection
    let settings = opened.store.settings().unwrap();
    assert!(settings.foreign_keys);
    assert_eq!(settings.journal_mode, "wal");
    assert_eq!(
        settings.synchronous, "1",
        "NORMAL: durable across crashes of the app"
    );
}

#[test]
fn reopening_a_healthy_database_reports_nothing_special() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tablemate.db");
    drop(Store::open(&path).unwrap());
    let again = Store::open(&path).unwrap();
    assert!(!again.report.created);
    assert_eq!(again.report.set_aside, None);
    assert_eq!(again.report.backup, None);
    assert_eq!(again.report.migrated_from, None);
}

fn assert_set_aside(path: &Path, original: &[u8]) {
    let opened = Store::open(path).unwrap();
    let aside = opened
        .report
        .set_aside
        .clone()
        .expect("damage must be reported");
    assert!(opened.report.created);
    assert!(
        aside
            .moved_to
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("tablemate.db.corrupt-"),
        "unexpected name {}",
        aside.moved_to.display()
    );
    assert!(!aside.problem.is_empty());
    // the damaged bytes are kept exactly as they were
    assert_eq!(std::fs::read(&aside.moved_to).unwrap(), original);
    // and a working database took its place
    assert_eq!(
        opened.store.integrity_check().unwrap(),
        vec!["ok".to_string()]
    );
    assert_eq!(opened.store.schema_version().unwrap(), schema::latest());
}

#[test]
fn a_file_that_is_not_a_database_is_set_aside_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tablemate.db");
    let garbage = b"this is a shopping list, not a database\n".repeat(200);
    std::fs::write(&path, &garbage).unwrap();
    assert_set_aside(&path, &garbage);
}

#[test]
fn a_database_with_damaged_pages_is_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tablemate.db");
    {
        drop(Store::open(&path).unwrap());
        let c = raw(&path);
        for i in 0..400 {
            c.execute(
                "INSERT INTO players (name, created_at) VALUES (?1, 'x')",
                [format!("player number {i} with a long name")],
            )
            .unwrap();
        }
        c.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)").unwrap();
    }
    // scribble over the middle of the file, keeping the header valid
    let mut bytes = std::fs::read(&path).unwrap();
    assert!(
        bytes.len() > 8192,
        "test database too small: {}",
        bytes.len()
    );
    for b in &mut bytes[4096..8192] {
        *b = 0x5A;
    }
    std::fs::write(&path, &bytes).unwrap();
    assert_set_aside(&path, &bytes);
}

#[test]
fn two_damaged_files_in_the_same_second_get_distinct_names() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tablemate.db");
    std::fs::write(
        &path,
        b"garbage one, long enough to not be a database header",
    )
    .unwrap();
    let first = Store::open(&path)
        .unwrap()
        .report
        .set_aside
        .unwrap()
        .moved_to;
    std::fs::remove_file(&path).unwrap();
    let _ = std::fs::remove_file(path.with_extension("db-wal"));
    let _ = std::fs::remove_file(path.with_extension("db-shm"));
    std::fs::write(
        &path,
        b"garbage two, long enough to not be a database header",
    )
    .unwrap();
    let second = Store::open(&path)
        .unwrap()
        .report
        .set_aside
        .unwrap()
        .moved_to;
    assert_ne!(first, second);
    assert!(first.exists() && second.exists());
}

#[test]
fn a_database_from_a_newer_release_is_refused_and_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tablemate.db");
    {
        let c = raw(&path);
        c.execute_batch("CREATE TABLE future (x); PRAGMA user_version = 999;")
            .unwrap();
    }
    let before = std::fs::read(&path).unwrap();
    match Store::open(&path) {
        Err(StoreError::TooNew {
            found, supported, ..
        }) => {
            assert_eq!(found, 999);
            assert_eq!(supported, schema::latest());
        }
        other => panic!("expected TooNew, got {other:?}"),
    }
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let siblings: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("corrupt") || n.contains("bak"))
        .collect();
    assert!(
        siblings.is_empty(),
        "nothing may be set aside: {siblings:?}"
    );
}

#[test]
fn a_database_with_data_is_backed_up_before_migrating() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tablemate.db");
    {
        // version 0 but holding data (e.g. a file written by hand): must be copied first
        let c = raw(&path);
        c.execute_batch("CREATE TABLE notes (t TEXT); INSERT INTO notes VALUES ('keep me');")
            .unwrap();
    }
    let opened = Store::open(&path).unwrap();
    let backup = opened.report.backup.clone().expect("backup written");
    assert!(backup
        .file_name()
        .unwrap()
        .to_string_lossy()
        .starts_with("tablemate.db.bak-v0-"));
    assert_eq!(opened.report.migrated_from, Some(0));
    let kept: String = raw(&backup)
        .query_row("SELECT t FROM notes", [], |r| r.get(0))
        .unwrap();
    assert_eq!(kept, "keep me");
}

#[test]
fn the_wal_and_shm_companions_move_with_the_damaged_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tablemate.db");
    let main = b"not a database at all, but long enough to have a header".repeat(10);
    std::fs::write(&path, &main).unwrap();
    std::fs::write(dir.path().join("tablemate.db-wal"), b"old wal bytes").unwrap();
    std::fs::write(dir.path().join("tablemate.db-shm"), b"old shm bytes").unwrap();
    let opened = Store::open(&path).unwrap();
    let moved = opened.report.set_aside.clone().unwrap().moved_to;
    let companion = |suffix: &str| {
        let mut p = moved.as_os_str().to_owned();
        p.push(suffix);
        std::fs::read(std::path::PathBuf::from(p)).unwrap()
    };
    assert_eq!(std::fs::read(&moved).unwrap(), main);
    assert_eq!(companion("-wal"), b"old wal bytes");
    // the shared-memory file is only an index SQLite rebuilds from the WAL; it moves along
    assert!(!companion("-shm").is_empty());
    // the new database's own WAL is not the old one
    let new_wal = std::fs::read(dir.path().join("tablemate.db-wal")).unwrap_or_default();
    assert_ne!(new_wal, b"old wal bytes");
    assert_eq!(
        opened.store.integrity_check().unwrap(),
        vec!["ok".to_string()]
    );
}

/// The app and the CLI (or two windows) may open a fresh data folder at the same moment: every
/// opener must succeed, and the schema must be created once.
#[test]
fn concurrent_opens_of_a_fresh_file_all_succeed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tablemate.db");
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(8));
    let handles: Vec<_> = (0..8)
        .map(|_| {
            let path = path.clone();
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                barrier.wait();
                store::Store::open(&path).map(|o| o.report.schema_version)
            })
        })
        .collect();
    for h in handles {
        let version = h.join().unwrap().expect("every concurrent open succeeds");
        assert_eq!(version, store::schema::latest());
    }
    let store = store::Store::open(&path).unwrap().store;
    assert_eq!(store.integrity_check().unwrap(), ["ok"]);
}
