//! The Tablemate service API: what the app (src-tauri) and the CLI (crates/cli) both call.
//!
//! Each method takes plain values, does one thing (usually one transaction) and returns a view
//! model ready to show, or a [`ServiceError`] with a stable code and a readable message. The app
//! and the CLI hold no logic of their own beyond parsing input and rendering these values.

pub(crate) mod coordinator;
pub mod damaged;
pub mod device;
pub(crate) mod effect_words;
pub mod error;
pub mod info;
pub(crate) mod match_standing;
pub(crate) mod names;
pub mod paths;
pub mod record;
pub mod settings;
// [domain modules: each holds an `impl Service` block for one domain; add `pub mod <domain>;`]
pub mod cards;
pub mod decks;
pub mod game;
pub mod history;
pub mod othergames;
pub mod rulings;
pub mod table;
mod table_views;
pub mod tournaments;

pub use error::{ErrorCode, Result, ServiceError};
pub use info::{AppInfo, Notice, NoticeKind};
pub use paths::{default_data_dir, DataPaths};
pub use record::GameAt;
pub use settings::{Language, Settings, Theme};

/// The crate version, shown by `tablemate --version` and the app's About.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// An open Tablemate: the user's database, the card catalogs, and the data directory.
///
/// Domain methods live in their own modules as `impl Service` blocks; they reach the fields
/// below directly.
#[derive(Debug)]
pub struct Service {
    pub(crate) paths: DataPaths,
    pub(crate) store: store::Store,
    /// All four games' catalogs as shipped (the user's fixes are applied on top per request).
    pub(crate) catalog: ::cards::Catalog,
    /// Notices of this start only (a migration); set-aside files are found in the data folder
    /// each time, see [`Service::notices`].
    pub(crate) notices: Vec<Notice>,
    /// The rulings index (`reference.db`), opened on first use: rebuilding it takes a while
    /// and most commands never need it.
    pub(crate) reference: std::cell::OnceCell<::rulings::ReferenceDb>,
}

impl Service {
    /// Opens (creating if needed) the data directory: the user's database is integrity-checked,
    /// migrated (with a backup first) and, if damaged, set aside; so is a damaged settings file.
    /// Set-aside files are reported by [`Service::notices`] until acknowledged.
    pub fn open(data_dir: impl Into<std::path::PathBuf>) -> Result<Service> {
        let paths = DataPaths::new(data_dir);
        let opened = store::Store::open(&paths.user_db())?;
        // sets a damaged settings file aside now, so every front end reports it from the start;
        // if that fails (a read-only folder), the settings commands report why
        let _ = Settings::load(paths.dir());
        let mut notices = Vec::new();
        let report = &opened.report;
        if report.disk_full {
            notices.push(Notice {
                kind: NoticeKind::DiskFull,
                message: format!(
                    "The disk is full; nothing can be saved until there is space again. \
                     Tablemate shows your data in {} as it is.",
                    paths.dir().display()
                ),
                files: vec![paths.user_db().display().to_string()],
                versions: None,
                folder: Some(paths.dir().display().to_string()),
            });
        } else if report.read_only {
            notices.push(Notice {
                kind: NoticeKind::ReadOnly,
                message: format!(
                    "Your data folder {} cannot be written: Tablemate shows your data but \
                     cannot save any change.",
                    paths.dir().display()
                ),
                files: vec![paths.user_db().display().to_string()],
                versions: None,
                folder: Some(paths.dir().display().to_string()),
            });
        }
        if let (Some(from), Some(backup)) = (report.migrated_from, &report.backup) {
            notices.push(Notice {
                kind: NoticeKind::DatabaseMigrated,
                message: format!(
                    "Your database was updated from version {from} to {}; a backup is at {}.",
                    report.schema_version,
                    backup.display()
                ),
                files: vec![backup.display().to_string()],
                versions: Some([from, report.schema_version]),
                folder: None,
            });
        }
        let catalog = ::cards::Catalog::load_embedded().map_err(|e| {
            ServiceError::internal(format!(
                "The card catalogs shipped with Tablemate are broken: {e}"
            ))
        })?;
        Ok(Service {
            paths,
            store: opened.store,
            catalog,
            notices,
            reference: std::cell::OnceCell::new(),
        })
    }

    /// Whether the user's data was opened read-only because the disk is full (every change
    /// is refused, saying so, until there is space and Tablemate is started again).
    pub fn disk_full(&self) -> bool {
        self.store.is_disk_full()
    }

    pub fn paths(&self) -> &DataPaths {
        &self.paths
    }

    pub fn app_info(&self) -> Result<AppInfo> {
        Ok(AppInfo {
            version: VERSION.to_owned(),
            data_dir: self.paths.dir().display().to_string(),
            user_db: self.paths.user_db().display().to_string(),
            schema_version: self.store.schema_version()?,
            catalog_cards: ::cards::Game::ALL
                .iter()
                .map(|g| self.catalog.count(*g))
                .sum::<usize>()
                .try_into()
                .unwrap_or(u32::MAX),
            notices: self.notices(),
        })
    }

    /// What the person should know: files set aside because they could not be read (reported
    /// on every start until acknowledged), then this start's migration, if any.
    pub fn notices(&self) -> Vec<Notice> {
        let mut all = damaged::pending(self.paths.dir());
        all.extend(self.notices.iter().cloned());
        all
    }

    /// The person has read the notices: set-aside files move into the `set-aside` folder of the
    /// data folder (kept, no longer reported). Returns where they are now.
    pub fn acknowledge_notices(&mut self) -> Result<Vec<String>> {
        self.notices.clear();
        Ok(damaged::acknowledge(self.paths.dir())?
            .iter()
            .map(|p| p.display().to_string())
            .collect())
    }

    /// What the app's first screen needs, read in one go before its window is built (see
    /// [`device::BootState`]): the settings, the game in progress, the notices. The device's
    /// preferences are the app's (its store file); `prefs` are passed in.
    pub fn boot_state(&self, prefs: device::DevicePrefs, prefs_moved: bool) -> device::BootState {
        let settings = self.settings();
        let lang = settings.as_ref().map(|s| s.language).unwrap_or_default();
        let game = self.table_current(::cards::Game::BlueMoon, lang);
        let error = settings.as_ref().err().or(game.as_ref().err()).cloned();
        device::BootState {
            settings: settings.unwrap_or_default(),
            prefs,
            prefs_moved,
            game: game.ok().flatten(),
            notices: self.notices(),
            error,
            marks: Default::default(),
        }
    }

    pub fn settings(&self) -> Result<Settings> {
        Settings::load(self.paths.dir())
    }

    pub fn set_settings(&self, settings: Settings) -> Result<Settings> {
        settings.save(self.paths.dir())?;
        Ok(settings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_creates_the_database_and_reports_its_schema() {
        let dir = tempfile::tempdir().unwrap();
        let svc = Service::open(dir.path().join("data")).unwrap();
        let info = svc.app_info().unwrap();
        assert_eq!(info.schema_version, store::schema::latest(), "{info:?}");
        assert!(info.catalog_cards > 800, "all four catalogs load: {info:?}");
        assert!(dir.path().join("data").join(paths::USER_DB_FILE).exists());
        assert!(info.notices.is_empty());
    }

    #[test]
    fn a_damaged_database_is_set_aside_and_reported() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join(paths::USER_DB_FILE);
        std::fs::write(&db, b"this is not a database at all, but somebody's data").unwrap();
        let svc = Service::open(dir.path()).unwrap();
        let info = svc.app_info().unwrap();
        assert_eq!(info.notices.len(), 1, "{info:?}");
        assert_eq!(info.notices[0].kind, NoticeKind::DatabaseSetAside);
        drop(svc);
        // reported on every start until acknowledged
        let mut svc = Service::open(dir.path()).unwrap();
        assert_eq!(svc.notices(), info.notices);
        let moved = svc.acknowledge_notices().unwrap();
        assert_eq!(moved.len(), 1);
        assert!(svc.notices().is_empty());
        assert!(Service::open(dir.path()).unwrap().notices().is_empty());
        // the old bytes are kept somewhere in the folder, untouched
        let kept = std::fs::read_dir(dir.path().join(damaged::SET_ASIDE_FOLDER))
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().contains("corrupt"))
            .any(|e| {
                std::fs::read(e.path())
                    .unwrap()
                    .starts_with(b"this is not a database")
            });
        assert!(kept);
    }
}
