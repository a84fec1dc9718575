//! The app's managed state: the open service (or why it could not be opened).
//!
//! The service opens on first use. The data folder is the one `setup` recorded from Tauri
//! (`app_data_dir`, right on every platform including mobile); where `setup` has not run (the
//! mock runtime in tests) it is `tablemate::default_data_dir()`, the same folder on desktop.
//! `TABLEMATE_DATA_DIR` overrides both.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use tablemate::device::{BootState, DevicePrefs};
use tablemate::{Service, ServiceError};

#[derive(Default)]
pub struct AppState {
    data_dir_hint: OnceLock<PathBuf>,
    opened: OnceLock<Opened>,
    /// The rulings index was asked to open (after the first screen was painted).
    rulings_started: AtomicBool,
}

struct Opened {
    // One service, used by one command at a time: SQLite writes are serialised anyway, and
    // every command is short.
    service: Mutex<Result<Service, ServiceError>>,
}

impl AppState {
    /// Records the platform's app data folder (called from `setup`, before any command).
    pub fn set_data_dir(&self, dir: PathBuf) {
        let _ = self.data_dir_hint.set(dir);
    }

    fn opened(&self) -> &Opened {
        self.opened.get_or_init(|| match self.resolve_data_dir() {
            Ok(dir) => Opened {
                service: Mutex::new(Service::open(dir)),
            },
            Err(e) => Opened {
                service: Mutex::new(Err(e)),
            },
        })
    }

    /// Takes the service opened before the app was built (`lib.rs`: on desktop it opens while
    /// GTK and the window start); a later open would use the same folder.
    pub fn install(&self, service: Result<Service, ServiceError>) {
        let _ = self.opened.set(Opened {
            service: Mutex::new(service),
        });
    }

    /// The data folder the service opens (or opened): the environment's, else the platform's.
    pub fn data_dir(&self) -> Result<PathBuf, ServiceError> {
        self.resolve_data_dir()
    }

    /// What the first screen needs (`Service::boot_state`); if the data cannot be opened, the
    /// defaults with the reason, so the window still shows something to read.
    pub fn boot_state(&self, prefs: DevicePrefs, prefs_moved: bool) -> BootState {
        let fallback = (prefs.clone(), prefs_moved);
        match self.with(move |svc| Ok(svc.boot_state(prefs, prefs_moved))) {
            Ok(boot) => boot,
            Err(error) => BootState {
                settings: Default::default(),
                prefs: fallback.0,
                prefs_moved: fallback.1,
                game: None,
                notices: Vec::new(),
                error: Some(error),
                marks: Default::default(),
            },
        }
    }

    /// True the first time only: whether the rulings index is to be opened now (once the first
    /// screen has been painted, so building it never competes with the start).
    pub fn first_ready(&self) -> bool {
        !self.rulings_started.swap(true, Ordering::SeqCst)
    }

    pub(crate) fn resolve_data_dir(&self) -> Result<PathBuf, ServiceError> {
        if let Some(dir) = tablemate::paths::data_dir_from_env()? {
            return Ok(dir);
        }
        match self.data_dir_hint.get() {
            Some(dir) => Ok(dir.clone()),
            None => tablemate::default_data_dir(),
        }
    }

    /// Opens the rulings index on the calling thread without holding the service, so the first
    /// card entered or search made does not wait for it (a first start builds it). Errors are
    /// left for the first command that needs the index to report.
    pub fn open_rulings_index(&self) {
        let Ok(opener) = self.with(|svc| Ok(svc.rulings_index_opener())) else {
            return;
        };
        if let Ok(index) = opener.open() {
            let _ = self.with(|svc| {
                svc.install_rulings_index(index);
                Ok(())
            });
        }
    }

    /// Runs `f` with the service; if the service failed to open, every command reports why.
    pub fn with<T>(
        &self,
        f: impl FnOnce(&mut Service) -> Result<T, ServiceError>,
    ) -> Result<T, ServiceError> {
        let mut guard = self.opened().service.lock().map_err(|_| {
            ServiceError::internal("An earlier action failed badly; please restart Tablemate.")
        })?;
        match guard.as_mut() {
            // a problem with the user's data is worded in the interface language here, once
            // for every command (the settings are read only when there is one)
            Ok(svc) => f(svc).map_err(|e| {
                let lang = svc.settings().map(|s| s.language).unwrap_or_default();
                e.in_language(lang)
            }),
            Err(e) => Err(e.clone()),
        }
    }
}
