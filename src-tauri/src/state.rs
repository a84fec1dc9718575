//! The app's managed state: the open service, or why it could not be opened.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use tablemate::{Service, ServiceError};

pub struct AppState {
    data_dir: PathBuf,
    // One service, used by one command at a time: SQLite writes are serialised anyway, and
    // every command is short.
    service: Mutex<Result<Service, ServiceError>>,
}

impl AppState {
    pub fn open(data_dir: PathBuf) -> AppState {
        let service = Service::open(data_dir.clone());
        AppState {
            data_dir,
            service: Mutex::new(service),
        }
    }

    pub fn data_dir(&self) -> &Path {
        &self.data_dir
    }

    /// Runs `f` with the service; if the service failed to open, every command reports why.
    pub fn with<T>(
        &self,
        f: impl FnOnce(&mut Service) -> Result<T, ServiceError>,
    ) -> Result<T, ServiceError> {
        let mut guard = self.service.lock().map_err(|_| {
            ServiceError::internal("An earlier action failed badly; please restart Tablemate.")
        })?;
        match guard.as_mut() {
            Ok(svc) => f(svc),
            Err(e) => Err(e.clone()),
        }
    }
}
