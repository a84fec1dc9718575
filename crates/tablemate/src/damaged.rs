//! Files that could not be read and were set aside: reported by every front end until the person
//! acknowledges them.
//!
//! The record of what was set aside is the data folder itself, not another file that could be
//! damaged or lost: a damaged file is renamed beside the original (`tablemate.db.corrupt-…`,
//! `settings.json.corrupt-…`), and as long as such a file lies there, every start of the app or
//! the CLI reports it. Acknowledging moves those files into the `set-aside/` folder, where they
//! stay (nothing is ever deleted) and are no longer reported.

use std::path::{Path, PathBuf};

use crate::device::DEVICE_PREFS_FILE;
use crate::error::{Result, ServiceError};
use crate::info::{Notice, NoticeKind};
use crate::paths::USER_DB_FILE;
use crate::settings::SETTINGS_FILE;

/// Where acknowledged files are kept, inside the data folder.
pub const SET_ASIDE_FOLDER: &str = "set-aside";

/// The infix of a set-aside file's name: `<file>.corrupt-<time stamp>`.
const CORRUPT: &str = ".corrupt-";

/// The files that are set aside when damaged, and how each is reported.
const WATCHED: [(&str, NoticeKind); 3] = [
    (USER_DB_FILE, NoticeKind::DatabaseSetAside),
    (SETTINGS_FILE, NoticeKind::SettingsSetAside),
    (DEVICE_PREFS_FILE, NoticeKind::DevicePrefsSetAside),
];

/// SQLite's companions of a database file, moved together with it.
const COMPANIONS: [&str; 2] = ["-wal", "-shm"];

/// Set-aside files lying in `dir` that the person has not acknowledged yet, one notice per kind
/// (oldest file first). A folder that cannot be listed has nothing to report.
pub fn pending(dir: &Path) -> Vec<Notice> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<(NoticeKind, PathBuf)> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_owned();
            let kind = kind_of(&name)?;
            Some((kind, e.path()))
        })
        .collect();
    found.sort();
    WATCHED
        .iter()
        .filter_map(|(_, kind)| {
            let files: Vec<String> = found
                .iter()
                .filter(|(k, _)| k == kind)
                .map(|(_, p)| p.display().to_string())
                .collect();
            (!files.is_empty()).then(|| Notice {
                kind: *kind,
                message: message(*kind, &files),
                files,
                versions: None,
                folder: None,
            })
        })
        .collect()
}

/// The kind of a set-aside file from its name; `None` for any other file (and for the
/// `-wal`/`-shm` companions, which go with their database).
fn kind_of(name: &str) -> Option<NoticeKind> {
    if COMPANIONS.iter().any(|c| name.ends_with(c)) {
        return None;
    }
    WATCHED.iter().find_map(|(file, kind)| {
        name.strip_prefix(file)
            .is_some_and(|rest| rest.starts_with(CORRUPT))
            .then_some(*kind)
    })
}

fn message(kind: NoticeKind, files: &[String]) -> String {
    let list = files.join(", ");
    match kind {
        NoticeKind::DatabaseSetAside => format!(
            "Tablemate could not read your database and started a new, empty one. The damaged \
             file was kept, not deleted: {list}. Your games before that are in it; a \
             database repair tool may recover them."
        ),
        NoticeKind::SettingsSetAside => format!(
            "Your settings file could not be read, so the default language and theme are used. \
             The damaged file was kept: {list}."
        ),
        NoticeKind::DevicePrefsSetAside => format!(
            "This device's preferences (face to face, keep the screen on, the last screen) \
             could not be read, so the defaults are used. The damaged file was kept: {list}."
        ),
        NoticeKind::DatabaseMigrated | NoticeKind::ReadOnly | NoticeKind::DiskFull => list,
    }
}

/// Moves every pending set-aside file (with its companions) into [`SET_ASIDE_FOLDER`], where it
/// is kept and no longer reported. Returns where each file went.
pub fn acknowledge(dir: &Path) -> Result<Vec<PathBuf>> {
    let pending = pending(dir);
    if pending.is_empty() {
        return Ok(Vec::new());
    }
    let folder = dir.join(SET_ASIDE_FOLDER);
    std::fs::create_dir_all(&folder)
        .map_err(|e| ServiceError::storage(format!("Cannot create {}: {e}", folder.display())))?;
    let mut moved = Vec::new();
    for file in pending.iter().flat_map(|n| &n.files) {
        let from = PathBuf::from(file);
        let Some(name) = from.file_name() else {
            continue;
        };
        let to = free_path(&folder.join(name));
        move_file(&from, &to)?;
        for c in COMPANIONS {
            let companion = with_suffix(&from, c);
            if companion.exists() {
                move_file(&companion, &with_suffix(&to, c))?;
            }
        }
        moved.push(to);
    }
    Ok(moved)
}

/// Renames a damaged file aside, beside the original (`<file>.corrupt-<stamp>`), never over an
/// existing file; returns where it went.
pub fn set_aside(path: &Path) -> Result<PathBuf> {
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or_default();
    let to = free_path(&with_suffix(path, &format!("{CORRUPT}{stamp}")));
    move_file(path, &to)?;
    Ok(to)
}

/// `path`, or `path-2`, `path-3`… whichever does not exist yet.
fn free_path(path: &Path) -> PathBuf {
    let mut candidate = path.to_path_buf();
    let mut n = 1u32;
    while candidate.exists() {
        n += 1;
        candidate = with_suffix(path, &format!("-{n}"));
    }
    candidate
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

fn move_file(from: &Path, to: &Path) -> Result<()> {
    std::fs::rename(from, to).map_err(|e| {
        ServiceError::storage(format!(
            "Cannot move {} to {}: {e}",
            from.display(),
            to.display()
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_aside_files_are_reported_until_acknowledged_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join(SETTINGS_FILE), "{broken").unwrap();
        std::fs::write(d.join("tablemate.db.corrupt-20260101T000000"), "old").unwrap();
        std::fs::write(d.join("tablemate.db.corrupt-20260101T000000-wal"), "wal").unwrap();
        std::fs::write(d.join("unrelated.corrupt-1"), "x").unwrap();
        let kept = set_aside(&d.join(SETTINGS_FILE)).unwrap();
        assert!(!d.join(SETTINGS_FILE).exists());

        let notices = pending(d);
        let kinds: Vec<NoticeKind> = notices.iter().map(|n| n.kind).collect();
        assert_eq!(
            kinds,
            [NoticeKind::DatabaseSetAside, NoticeKind::SettingsSetAside]
        );
        assert_eq!(notices[0].files.len(), 1, "the WAL goes with its database");
        assert_eq!(notices[1].files, [kept.display().to_string()]);
        assert_eq!(pending(d), notices, "reported again and again");

        let moved = acknowledge(d).unwrap();
        assert_eq!(moved.len(), 2);
        assert!(pending(d).is_empty());
        let folder = d.join(SET_ASIDE_FOLDER);
        assert_eq!(
            std::fs::read_to_string(folder.join("tablemate.db.corrupt-20260101T000000-wal"))
                .unwrap(),
            "wal"
        );
        assert!(moved.iter().all(|p| p.starts_with(&folder) && p.exists()));
        assert!(d.join("unrelated.corrupt-1").exists(), "other files stay");
    }
}
