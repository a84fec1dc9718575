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
        pick_file(window, title, filter, &["json"])
    }

    /// Asks for the CSV file of an event's players (a spreadsheet's list, or an export's
    /// `entrants.csv`): `None` when the person cancels.
    pub fn players_file<R: Runtime>(
        &self,
        window: &WebviewWindow<R>,
        lang: Language,
    ) -> Result<Option<PathBuf>, ServiceError> {
        if let Some(path) = self.stand_in_file(PLAYERS_FILE) {
            return Ok(Some(path));
        }
        let (title, filter) = match lang {
            Language::En => ("Players from a CSV file", "Players (CSV)"),
            Language::De => ("Spieler aus einer CSV-Datei", "Spieler (CSV)"),
        };
        pick_file(window, title, filter, &["csv", "txt"])
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

impl FileDialogs {
    /// Asks where a deck's list is saved (suggesting `<deck>.txt`): `None` when the person
    /// cancels. The test seam's folder gets the file named after the deck.
    pub fn deck_save<R: Runtime>(
        &self,
        window: &WebviewWindow<R>,
        deck: &str,
        lang: Language,
    ) -> Result<Option<PathBuf>, ServiceError> {
        let file_name = format!("{}.txt", deck_file_stem(deck));
        if let Some(path) = self.stand_in_file(&file_name) {
            return Ok(Some(path));
        }
        let (title, filter) = match lang {
            Language::En => ("Export the deck", "Deck list (text)"),
            Language::De => ("Deck exportieren", "Deckliste (Text)"),
        };
        let picked = window
            .dialog()
            .file()
            .set_parent(window)
            .set_title(title)
            .set_file_name(file_name)
            .add_filter(filter, &["txt"])
            .blocking_save_file();
        picked.map(local_path).transpose()
    }

    /// Asks for a deck list to import: `None` when the person cancels. The test seam's folder
    /// holds it as `deck.txt`.
    pub fn deck_open<R: Runtime>(
        &self,
        window: &WebviewWindow<R>,
        lang: Language,
    ) -> Result<Option<PathBuf>, ServiceError> {
        if let Some(path) = self.stand_in_file(DECK_FILE) {
            return Ok(Some(path));
        }
        let (title, filter) = match lang {
            Language::En => ("Import a deck", "Deck list (text)"),
            Language::De => ("Deck importieren", "Deckliste (Text)"),
        };
        pick_file(window, title, filter, &["txt"])
    }

    /// The test seam's answer for a file: the file `name` in its folder, or the path itself.
    fn stand_in_file(&self, name: &str) -> Option<PathBuf> {
        let path = self.stand_in.as_ref()?;
        Some(if path.is_dir() {
            path.join(name)
        } else {
            path.clone()
        })
    }
}

/// The platform's dialog for one file to read, of the kinds `extensions`. Blocking: the
/// command runs on a worker thread, never the main one; the dialog is modal over the window,
/// so the page waits for it anyway.
fn pick_file<R: Runtime>(
    window: &WebviewWindow<R>,
    title: &str,
    filter: &str,
    extensions: &[&str],
) -> Result<Option<PathBuf>, ServiceError> {
    let picked = window
        .dialog()
        .file()
        .set_parent(window)
        .set_title(title)
        .add_filter(filter, extensions)
        .blocking_pick_file();
    picked.map(local_path).transpose()
}

/// The deck list the test seam's folder holds for an import.
pub const DECK_FILE: &str = "deck.txt";

/// A deck's name as a file name: characters no file system takes become `_`.
fn deck_file_stem(deck: &str) -> String {
    let stem: String = deck
        .trim()
        .chars()
        .map(|c| {
            if c.is_control() || "/\\:*?\"<>|".contains(c) {
                '_'
            } else {
                c
            }
        })
        .collect();
    if stem.is_empty() || stem.starts_with('.') {
        format!("deck{stem}")
    } else {
        stem
    }
}

/// The desktop dialogs answer with paths; a content URL (Android) cannot be read as a file yet.
fn local_path(picked: FilePath) -> Result<PathBuf, ServiceError> {
    picked
        .into_path()
        .map_err(|_| ServiceError::invalid("The chosen file is not a file on this device."))
}
