//! Export (JSON and CSV, written whole or not at all) and import of events and entrant lists.

use std::path::{Path, PathBuf};
use store::TournamentId;

use super::{
    entrants_csv, import_refusals, new_event::csv_header, new_event::NewEvent, store_err,
    views::CsvFiles, views::EventView, views::ExportedFiles,
};
use crate::error::{Result, ServiceError};
use crate::{Language, Service};

/// An export ready to write: the folder and each file's name and text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventExport {
    pub folder: PathBuf,
    pub files: Vec<(&'static str, String)>,
}

/// Writes an export's files (the folder is created if needed; each file is written aside and
/// renamed, so an existing file is only ever replaced by a complete one).
pub fn write_export(export: &EventExport) -> Result<ExportedFiles> {
    let folder = &export.folder;
    std::fs::create_dir_all(folder).map_err(|e| {
        ServiceError::invalid(format!(
            "Cannot create the folder {}: {e}",
            folder.display()
        ))
    })?;
    let mut files = Vec::new();
    for (name, text) in &export.files {
        let path = folder.join(name);
        write_whole(&path, text)?;
        files.push(path.display().to_string());
    }
    Ok(ExportedFiles {
        folder: folder.display().to_string(),
        files,
    })
}

/// An event file read for import: where it was and its bytes (at most the import limit).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventFile {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
}

/// Reads a JSON event file, or `event.json` in a folder written by an export.
pub fn read_event_file(path: &Path, lang: Language) -> Result<EventFile> {
    let path: PathBuf = if path.is_dir() {
        path.join("event.json")
    } else {
        path.to_path_buf()
    };
    let bytes = read_limited(&path, lang)?;
    Ok(EventFile { path, bytes })
}

/// An import's store error in `lang`: a refused file worded with the place at fault.
pub(super) fn import_error(e: store::StoreError, lang: Language) -> ServiceError {
    match e {
        store::StoreError::Import(r) => {
            ServiceError::invalid(import_refusals::import_refusal(&r, lang))
        }
        other => store_err(other).in_language(lang),
    }
}

pub(super) fn prefix(mut e: ServiceError, file: &str) -> ServiceError {
    e.message = format!("{file}: {}", e.message);
    e
}

/// Reads a file for import: regular files only, never more than the import limit (see
/// [`crate::paths::read_bounded`]).
pub fn read_limited(path: &Path, lang: Language) -> Result<Vec<u8>> {
    crate::paths::read_bounded(path, store::MAX_IMPORT_BYTES as u64, lang)
}

pub(super) fn write_whole(path: &Path, text: &str) -> Result<()> {
    let tmp = path.with_extension("partial");
    let fail =
        |e: std::io::Error| ServiceError::invalid(format!("Cannot write {}: {e}", path.display()));
    std::fs::write(&tmp, text).map_err(fail)?;
    std::fs::rename(&tmp, path).map_err(fail)
}

impl Service {
    /// The whole event as JSON (pairings, results and standings), for export.
    pub fn export_event_json(&self, event: i64) -> Result<String> {
        self.store
            .export_tournament_json(TournamentId(event))
            .map_err(store_err)
    }

    pub fn export_event_csv(&self, event: i64) -> Result<CsvFiles> {
        // decks.csv names each card as a person reads it (English, as the other files are)
        let card = |id: &str| {
            self.catalog
                .bm(id)
                .map(|_| crate::decks::card_name(&self.catalog, id))
        };
        let x = self
            .store
            .export_tournament_csv_named(TournamentId(event), &card)
            .map_err(store_err)?;
        Ok(CsvFiles {
            entrants: x.entrants,
            pairings: x.pairings,
            results: x.results,
            rounds: x.rounds,
            corrections: x.corrections,
            reports: x.reports,
            report_log: x.report_log,
            reporting: x.reporting,
            standings: x.standings,
            decks: x.decks,
        })
    }

    /// The files of an export (`event.json` and the ten CSV files) in memory, to be written
    /// with [`write_export`] into `folder`.
    pub fn event_export(&self, event: i64, folder: &Path) -> Result<EventExport> {
        let json = self.export_event_json(event)?;
        let csv = self.export_event_csv(event)?;
        Ok(EventExport {
            folder: folder.to_path_buf(),
            files: vec![
                ("event.json", json),
                ("entrants.csv", csv.entrants),
                ("pairings.csv", csv.pairings),
                ("results.csv", csv.results),
                ("rounds.csv", csv.rounds),
                ("corrections.csv", csv.corrections),
                ("reports.csv", csv.reports),
                ("report_log.csv", csv.report_log),
                ("reporting.csv", csv.reporting),
                ("standings.csv", csv.standings),
                ("decks.csv", csv.decks),
            ],
        })
    }

    /// Writes `event.json` and the ten CSV files into `folder` (created if needed). Existing
    /// files of the same name are replaced only by a complete new file (written aside, then
    /// renamed).
    pub fn export_event_to(&self, event: i64, folder: &Path) -> Result<ExportedFiles> {
        write_export(&self.event_export(event, folder)?)
    }

    /// Imports an event exported as JSON. A bad file is refused in `lang` with the place at
    /// fault, and nothing is written.
    pub fn import_event_json(&mut self, bytes: &[u8], lang: Language) -> Result<EventView> {
        let imported = self
            .store
            .import_json(bytes)
            .map_err(|e| import_error(e, lang))?;
        self.imported_view(&imported, lang)
    }

    /// Imports an event from its CSV files; the name, date and format come from `header`.
    /// `rounds.csv` and `corrections.csv` may be missing (files from before they existed).
    /// A bad file is refused in `lang`, naming the file and line, and nothing is written.
    pub fn import_event_csv(
        &mut self,
        header: &NewEvent,
        files: &store::CsvImport<'_>,
        lang: Language,
    ) -> Result<EventView> {
        let head = csv_header(header, lang)?;
        let imported = self
            .store
            .import_csv(&head, files)
            .map_err(|e| import_error(e, lang))?;
        self.imported_view(&imported, lang)
    }

    /// The event just imported, with what the import has to say.
    pub(super) fn imported_view(
        &self,
        imported: &store::Imported,
        lang: Language,
    ) -> Result<EventView> {
        let info = self.store.tournament(imported.id).map_err(store_err)?;
        let mut view = self.event_view(&info)?;
        view.notices = Some(
            imported
                .notices
                .iter()
                .map(|n| import_refusals::import_notice(n, lang))
                .collect(),
        );
        Ok(view)
    }

    /// Creates an event from a CSV of its players alone: a spreadsheet's list (the columns
    /// `player`, and `people` if they play one; seeds in list order) or an export's
    /// `entrants.csv`. The event's name, date and format come from `header`; no round is
    /// paired. A bad file is refused in `lang`, naming the line, and nothing is written. The
    /// app's file dialog and `tournament import --csv` both come here.
    pub fn import_entrants_csv(
        &mut self,
        header: &NewEvent,
        players: &[u8],
        lang: Language,
    ) -> Result<EventView> {
        let entrants = entrants_csv::as_entrants_csv(players);
        let pairings = format!("{}\n", store::PAIRINGS_HEADER.join(","));
        let results = format!("{}\n", store::RESULTS_HEADER.join(","));
        let files = store::CsvImport {
            entrants: &entrants,
            pairings: pairings.as_bytes(),
            results: results.as_bytes(),
            rounds: None,
            corrections: None,
            // a new event's list of players: nothing was reported yet
            reports: None,
            report_log: None,
            reporting: None,
            decks: None,
        };
        let mut head = csv_header(header, lang)?;
        if header.seed.as_deref().is_none_or(|s| s.trim().is_empty()) {
            // a new event, not one exported: its random pairings get a seed of their own
            head.seed = getrandom::u64().unwrap_or(0);
        }
        let id = self
            .store
            .import_tournament_csv_files(&head, &files)
            .map_err(|e| match entrants_csv::refusal(&e, lang) {
                // the first line names neither column set: both are said
                Some(message) => ServiceError::invalid(message),
                None => import_error(e, lang),
            })?;
        let info = self.store.tournament(id).map_err(store_err)?;
        self.event_view(&info)
    }

    /// Imports from a folder written by [`Service::export_event_to`] (its `event.json`), or a
    /// JSON file; refusals in `lang`.
    pub fn import_event_path(&mut self, path: &Path, lang: Language) -> Result<EventView> {
        let file = read_event_file(path, lang)?;
        self.import_event_file(&file, lang)
    }

    /// Imports an event file read with [`read_event_file`] (the app reads it before taking the
    /// service, so no file IO happens while other commands wait).
    pub fn import_event_file(&mut self, file: &EventFile, lang: Language) -> Result<EventView> {
        self.import_event_json(&file.bytes, lang)
            .map_err(|e| prefix(e, &file.path.display().to_string()))
    }
}
