//! Where Tablemate keeps its files.
//!
//! The app and the CLI share one data directory: the platform's data folder joined with the
//! app identifier (`~/.local/share/app.tablemate` on Linux), the same folder Tauri's
//! `app_data_dir()` gives. `TABLEMATE_DATA_DIR` overrides it (tests, portable use).

use crate::error::{Result, ServiceError};
use crate::Language;
use std::path::{Path, PathBuf};

/// The Tauri bundle identifier; also the data folder's name.
pub const APP_IDENTIFIER: &str = "app.tablemate";
/// Environment variable that overrides the data directory.
pub const DATA_DIR_ENV: &str = "TABLEMATE_DATA_DIR";
/// The user's database file name inside the data directory.
pub const USER_DB_FILE: &str = "tablemate.db";
/// The derived reference database (catalogs, rulings index), rebuilt at will.
pub const REFERENCE_DB_FILE: &str = "reference.db";

/// The data directory `$TABLEMATE_DATA_DIR` names, if it is set. Set but empty is an error,
/// not the real folder: a script that meant a test folder must never touch the person's data.
pub fn data_dir_from_env() -> Result<Option<PathBuf>> {
    match std::env::var_os(DATA_DIR_ENV) {
        None => Ok(None),
        Some(v) if v.is_empty() => Err(ServiceError::invalid(format!(
            "{DATA_DIR_ENV} is set but empty; give it a folder, or unset it to use the usual one"
        ))),
        Some(v) => Ok(Some(PathBuf::from(v))),
    }
}

/// The default data directory: `$TABLEMATE_DATA_DIR`, else the platform data folder.
pub fn default_data_dir() -> Result<PathBuf> {
    if let Some(dir) = data_dir_from_env()? {
        return Ok(dir);
    }
    directories::BaseDirs::new()
        .map(|b| b.data_dir().join(APP_IDENTIFIER))
        .ok_or_else(|| {
            ServiceError::internal(format!(
                "No home folder found to keep your data in; set {DATA_DIR_ENV} or pass --data-dir"
            ))
        })
}

/// The files inside one data directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataPaths {
    pub dir: PathBuf,
}

impl DataPaths {
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        DataPaths { dir: dir.into() }
    }
    pub fn user_db(&self) -> PathBuf {
        self.dir.join(USER_DB_FILE)
    }
    pub fn reference_db(&self) -> PathBuf {
        self.dir.join(REFERENCE_DB_FILE)
    }
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

/// Reads a file given by the person: regular files only (a device such as `/dev/zero`, a pipe
/// or a socket never ends or blocks, and a link to one is refused the same way), and never more
/// than `limit` bytes (the `what` limit, for the message), however large the file claims (or turns out) to be.
pub fn read_bounded(path: &Path, limit: u64, lang: Language) -> Result<Vec<u8>> {
    use std::io::Read;
    let shown = path.display();
    let cannot = |e: std::io::Error| {
        ServiceError::not_found(match lang {
            Language::En => format!("Cannot read {shown}: {e}"),
            Language::De => format!("{shown} lässt sich nicht lesen: {e}"),
        })
    };
    let not_regular = || {
        ServiceError::invalid(match lang {
            Language::En => format!("{shown} is not a regular file (nothing was read)"),
            Language::De => {
                format!("{shown} ist keine gewöhnliche Datei (es wurde nichts gelesen)")
            }
        })
    };
    // checked before opening too: opening a pipe for reading waits for a writer
    if !std::fs::metadata(path).map_err(cannot)?.is_file() {
        return Err(not_regular());
    }
    let file = std::fs::File::open(path).map_err(cannot)?;
    // and on the opened file, in case the path was swapped in between
    if !file.metadata().map_err(cannot)?.is_file() {
        return Err(not_regular());
    }
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| ServiceError::invalid(cannot(e).message))?;
    if bytes.len() as u64 > limit {
        return Err(ServiceError::invalid(match lang {
            Language::En => {
                format!("{shown} is larger than the limit of {limit} bytes (nothing was read)")
            }
            Language::De => format!(
                "{shown} ist größer als die Grenze von {limit} Bytes (es wurde nichts gelesen)"
            ),
        }));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_refused_before_reading_is_said_in_the_interface_language() {
        let dir = tempfile::tempdir().expect("temp dir");
        let big = dir.path().join("event.json");
        std::fs::write(&big, vec![b' '; 11]).expect("write");
        let de = read_bounded(&big, 10, Language::De).expect_err("too large");
        assert!(
            de.message
                .contains("ist größer als die Grenze von 10 Bytes"),
            "{}",
            de.message
        );
        let en = read_bounded(&big, 10, Language::En).expect_err("too large");
        assert!(
            en.message.contains("is larger than the limit of 10 bytes"),
            "{}",
            en.message
        );
        let folder = read_bounded(dir.path(), 10, Language::De).expect_err("a folder");
        assert!(
            folder.message.contains("keine gewöhnliche Datei"),
            "{}",
            folder.message
        );
        assert_eq!(
            read_bounded(&big, 11, Language::De).expect("fits").len(),
            11
        );
    }
}
