//! The platform's file dialogs for a tournament's import and export, opened by the app itself
//! (tauri-plugin-dialog, from Rust): the page never sends a path, so it holds no file-system
//! grant and no dialog permission; the person chooses the file, and where the standings go.
//!
//! A test seam: the end-to-end tests cannot click a native dialog. In debug builds and builds
//! with the `test-seams` feature only (CI's end-to-end app), the variable
//! `TABLEMATE_TEST_DIALOG_PATH`, read once at start, names the path every dialog "returns" (a
//! folder: the export is written into it, an import reads its `event.json`, and the players'
//! list is its `players.csv`). The package is built without the feature: the installed app
//! never reads it.

use std::path::{Path, PathBuf};
use tablemate::{Language, ServiceError};
use tauri::{Runtime, WebviewWindow};
use tauri_plugin_dialog::{DialogExt, FilePath};

/// The test seam's variable (see the module documentation).
pub const TEST_DIALOG_ENV: &str = "TABLEMATE_TEST_DIALOG_PATH";

/// The players' list the test seam's folder holds.
pub const PLAYERS_FILE: &str = "players.csv";

/// The file dialogs of this run: the platform's, or the test seam's fixed answer.
#[derive(Debug, Default)]
pub struct FileDialogs {
    stand_in: Option<PathBuf>,
}

impl FileDialogs {
    /// The platform's dialogs; with the test seam built in and `TABLEMATE_TEST_DIALOG_PATH`
    /// set, that path.
    pub fn from_env() -> Self {
        #[cfg(any(debug_assertions, feature = "test-seams"))]
        let stand_in = std::env::var_os(TEST_DIALOG_ENV)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from);
        #[cfg(not(any(debug_assertions, feature = "test-seams")))]
        let stand_in = None;
        Self { stand_in }
    }

    /// Asks for the event file to import: `None` when the person cancels.
    pub fn event_file<R: Runtime>(
        &self,
        window: &WebviewWindow<R>,
        lang: Language,
    ) -> Result<Option<PathBuf>, ServiceError> {
        if let Some(path) = &self.stand_in {
            return Ok(Some(path.clone()));
        }
        let (title, filter) = match lang {
            Language::En => ("Import a tournament", "Tournament (event.json)"),
            Language::De => ("Turnier importieren", "Turnier (event.json)"),
        };
        // blocking: the command runs on a worker thread, never the main one; the dialog is
        // modal over the window, so the page waits for it anyway
        let picked = window
            .dialog()
            .file()
            .set_parent(window)
            .set_title(title)
            .add_filter(filter, &["json"])
            .blocking_pick_file();
        picked.map(local_path).transpose()
    }

    /// Asks for the CSV file of an event's players (a spreadsheet's list, or an export's
    /// `entrants.csv`): `None` when the person cancels.
    pub fn players_file<R: Runtime>(
        &self,
        window: &WebviewWindow<R>,
        lang: Language,
    ) -> Result<Option<PathBuf>, ServiceError> {
        if let Some(path) = &self.stand_in {
            return Ok(Some(if path.is_dir() {
                path.join(PLAYERS_FILE)
            } else {
                path.clone()
            }));
        }
        let (title, filter) = match lang {
            Language::En => ("Players from a CSV file", "Players (CSV)"),
            Language::De => ("Spieler aus einer CSV-Datei", "Spieler (CSV)"),
        };
        let picked = window
            .dialog()
            .file()
            .set_parent(window)
            .set_title(title)
            .add_filter(filter, &["csv", "txt"])
            .blocking_pick_file();
        picked.map(local_path).transpose()
    }

    /// Asks for the folder an export is written into: `None` when the person cancels.
    pub fn export_folder<R: Runtime>(
        &self,
        window: &WebviewWindow<R>,
        start: Option<&Path>,
        lang: Language,
    ) -> Result<Option<PathBuf>, ServiceError> {
        if let Some(path) = &self.stand_in {
            return Ok(Some(path.clone()));
        }
        let title = match lang {
            Language::En => "Export the tournament into a folder",
            Language::De => "Turnier in einen Ordner exportieren",
        };
        let mut dialog = window
            .dialog()
            .file()
            .set_parent(window)
            .set_title(title)
            .set_can_create_directories(true);
        if let Some(start) = start {
            dialog = dialog.set_directory(start);
        }
        dialog.blocking_pick_folder().map(local_path).transpose()
    }
}

/// The desktop dialogs answer with paths; a content URL (Android) cannot be read as a file yet.
fn local_path(picked: FilePath) -> Result<PathBuf, ServiceError> {
    picked
        .into_path()
        .map_err(|_| ServiceError::invalid("The chosen file is not a file on this device."))
}
