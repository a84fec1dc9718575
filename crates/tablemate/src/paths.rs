//! Where Tablemate keeps its files.
//!
//! The app and the CLI share one data directory: the platform's data folder joined with the
//! app identifier (`~/.local/share/app.tablemate` on Linux), the same folder Tauri's
//! `app_data_dir()` gives. `TABLEMATE_DATA_DIR` overrides it (tests, portable use).

use crate::error::{Result, ServiceError};
use std::path::{Path, PathBuf};

/// The Tauri bundle identifier; also the data folder's name.
pub const APP_IDENTIFIER: &str = "app.tablemate";
/// Environment variable that overrides the data directory.
pub const DATA_DIR_ENV: &str = "TABLEMATE_DATA_DIR";
/// The user's database file name inside the data directory.
pub const USER_DB_FILE: &str = "tablemate.db";
/// The derived reference database (catalogs, rulings index), rebuilt at will.
pub const REFERENCE_DB_FILE: &str = "reference.db";

/// The default data directory: `$TABLEMATE_DATA_DIR`, else the platform data folder.
pub fn default_data_dir() -> Result<PathBuf> {
    if let Some(dir) = std::env::var_os(DATA_DIR_ENV).filter(|v| !v.is_empty()) {
        return Ok(PathBuf::from(dir));
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
