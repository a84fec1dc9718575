//! The app's managed state: the open service (or why it could not be opened), created on first
//! use so that it works the same under the real and the mock runtime.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use tablemate::{Service, ServiceError};
use tauri::Manager;

#[derive(Default)]
pub struct AppState {
    opened: OnceLock<Opened>,
}

struct Opened {
    data_dir: PathBuf,
    // One service, used by one command at a time: SQLite writes are serialised anyway, and
    // every command is short.
    service: Mutex<Result<Service, ServiceError>>,
}

impl AppState {
    fn opened<R: tauri::Runtime>(&self, app: &tauri::AppHandle<R>) -> &Opened {
        self.opened.get_or_init(|| match data_dir(app) {
            Ok(dir) => Opened {
                service: Mutex::new(Service::open(dir.clone())),
                data_dir: dir,
            },
            Err(e) => Opened {
                data_dir: PathBuf::new(),
                service: Mutex::new(Err(e)),
            },
        })
    }

    pub fn data_dir<R: tauri::Runtime>(&self, app: &tauri::AppHandle<R>) -> &Path {
        &self.opened(app).data_dir
    }

    /// Runs `f` with the service; if the service failed to open, every command reports why.
    pub fn with<R: tauri::Runtime, T>(
        &self,
        app: &tauri::AppHandle<R>,
        f: impl FnOnce(&mut Service) -> Result<T, ServiceError>,
    ) -> Result<T, ServiceError> {
        let mut guard = self.opened(app).service.lock().map_err(|_| {
            ServiceError::internal("An earlier action failed badly; please restart Tablemate.")
        })?;
        match guard.as_mut() {
            Ok(svc) => f(svc),
            Err(e) => Err(e.clone()),
        }
    }
}

/// `TABLEMATE_DATA_DIR` when set (tests, portable use), else the platform's app data dir —
/// the same folder the CLI uses by default.
fn data_dir<R: tauri::Runtime>(app: &tauri::AppHandle<R>) -> Result<PathBuf, ServiceError> {
    if let Some(dir) = std::env::var_os(tablemate::paths::DATA_DIR_ENV).filter(|v| !v.is_empty()) {
        return Ok(dir.into());
    }
    app.path()
        .app_data_dir()
        .map_err(|e| ServiceError::internal(format!("No data folder for Tablemate: {e}")))
}
