//! Settings that follow the person: language and theme.
//!
//! The app persists them with tauri-plugin-store; the CLI reads the same file, so both agree.
//! The file is `settings.json` in the data directory, a JSON object whose key
//! [`SETTINGS_KEY`] holds a [`Settings`] value (the store plugin's own layout).

use crate::error::{Result, ServiceError};
use serde::{Deserialize, Serialize};
use std::path::Path;
use ts_rs::TS;

/// File name of the settings store inside the data directory.
pub const SETTINGS_FILE: &str = "settings.json";
/// Key of the settings object inside that store.
pub const SETTINGS_KEY: &str = "settings";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum Language {
    #[default]
    En,
    De,
}

impl Language {
    /// The code a front end sends and the rulings index uses (`en`, `de`).
    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::De => "de",
        }
    }

    /// The one reading of a language typed or sent as text (`en`, `de`, any case; empty:
    /// English); anything else is refused, naming what was given.
    pub fn parse(text: &str) -> Result<Language> {
        match text.trim().to_lowercase().as_str() {
            "" | "en" => Ok(Language::En),
            "de" => Ok(Language::De),
            _ => Err(ServiceError::invalid(format!(
                "Unknown language “{}”: use en or de",
                text.trim()
            ))),
        }
    }
}

impl From<Language> for rulings::Lang {
    fn from(l: Language) -> Self {
        match l {
            Language::En => rulings::Lang::En,
            Language::De => rulings::Lang::De,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum Theme {
    /// A dim game room: the default.
    #[default]
    Dark,
    Light,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(default)]
#[ts(export)]
pub struct Settings {
    pub language: Language,
    pub theme: Theme,
}

impl Settings {
    /// Parses settings from the store's JSON value. Unknown fields are ignored, missing
    /// ones take their defaults; a wrong value is an error (never silently replaced).
    pub fn from_value(value: serde_json::Value) -> Result<Settings> {
        serde_json::from_value(value)
            .map_err(|e| ServiceError::invalid(format!("The settings are not valid: {e}")))
    }

    /// Reads the settings file in `data_dir`; defaults when there is none yet. A file that
    /// cannot be understood (empty, not JSON, a wrong value; e.g. half written by a crash) is
    /// set aside, kept and reported (see [`crate::damaged`]), and the defaults are used.
    pub fn load(data_dir: &Path) -> Result<Settings> {
        let path = data_dir.join(SETTINGS_FILE);
        match read_store(&path)? {
            Stored::Missing => Ok(Settings::default()),
            Stored::Damaged => {
                crate::damaged::set_aside(&path)?;
                Ok(Settings::default())
            }
            Stored::Good(doc) => match doc.get(SETTINGS_KEY) {
                Some(v) => match Settings::from_value(v.clone()) {
                    Ok(s) => Ok(s),
                    Err(_) => {
                        crate::damaged::set_aside(&path)?;
                        Ok(Settings::default())
                    }
                },
                None => Ok(Settings::default()),
            },
        }
    }

    /// Writes the settings into the store file, keeping any other keys it holds (a damaged file
    /// is set aside first, never overwritten). Written to a temporary file, synced and renamed,
    /// so a crash leaves either the old file or the new one, never half a file.
    pub fn save(&self, data_dir: &Path) -> Result<()> {
        let path = data_dir.join(SETTINGS_FILE);
        let mut doc = match read_store(&path)? {
            Stored::Good(doc) => doc,
            Stored::Missing => serde_json::Map::new(),
            Stored::Damaged => {
                crate::damaged::set_aside(&path)?;
                serde_json::Map::new()
            }
        };
        let value =
            serde_json::to_value(self).map_err(|e| ServiceError::internal(e.to_string()))?;
        doc.insert(SETTINGS_KEY.to_owned(), value);
        let text = serde_json::to_string_pretty(&doc)
            .map_err(|e| ServiceError::internal(e.to_string()))?;
        std::fs::create_dir_all(data_dir).map_err(|e| {
            ServiceError::from_io(&e, || format!("Cannot create {}", data_dir.display()))
        })?;
        write_atomically(&path, text.as_bytes())
            .map_err(|e| ServiceError::from_io(&e, || format!("Cannot write {}", path.display())))
    }
}

/// The largest settings file read: a real one is a few dozen bytes.
const MAX_SETTINGS_BYTES: u64 = 64 * 1024;

/// What the settings file holds.
enum Stored {
    Missing,
    /// Not a JSON object (or not a regular file, or absurdly large): set it aside.
    Damaged,
    Good(serde_json::Map<String, serde_json::Value>),
}

fn read_store(path: &Path) -> Result<Stored> {
    use std::io::Read;
    let cannot =
        |e: std::io::Error| ServiceError::storage(format!("Cannot read {}: {e}", path.display()));
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Stored::Missing),
        Err(e) => return Err(cannot(e)),
    };
    if !file.metadata().map_err(cannot)?.is_file() {
        return Ok(Stored::Damaged);
    }
    let mut bytes = Vec::new();
    file.take(MAX_SETTINGS_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_SETTINGS_BYTES {
        return Ok(Stored::Damaged);
    }
    match serde_json::from_slice::<serde_json::Value>(&bytes) {
        Ok(serde_json::Value::Object(doc)) => Ok(Stored::Good(doc)),
        _ => Ok(Stored::Damaged),
    }
}

/// Writes `bytes` to a temporary file beside `path`, syncs it and renames it over `path`.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".{}.tmp", std::process::id()));
    let tmp = std::path::PathBuf::from(tmp);
    let written = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_language_is_read_one_way_everywhere() {
        assert_eq!(Language::parse(" DE ").unwrap(), Language::De);
        assert_eq!(Language::parse("").unwrap(), Language::En);
        assert_eq!(Language::parse("en").unwrap().code(), "en");
        let err = Language::parse("fr").unwrap_err();
        assert!(err.message.contains("“fr”"), "{}", err.message);
    }

    use super::*;

    #[test]
    fn missing_file_gives_defaults_and_save_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(Settings::load(dir.path()).unwrap(), Settings::default());
        let s = Settings {
            language: Language::De,
            theme: Theme::Light,
        };
        s.save(dir.path()).unwrap();
        assert_eq!(Settings::load(dir.path()).unwrap(), s);
    }

    #[test]
    fn save_keeps_other_keys_of_the_store() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(SETTINGS_FILE), r#"{"window":{"w":3}}"#).unwrap();
        Settings::default().save(dir.path()).unwrap();
        let doc: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.path().join(SETTINGS_FILE)).unwrap())
                .unwrap();
        assert_eq!(doc["window"]["w"], 3);
        assert_eq!(doc["settings"]["language"], "en");
    }

    #[test]
    fn invalid_values_are_errors_not_defaults() {
        let err = Settings::from_value(serde_json::json!({"language": "fr"})).unwrap_err();
        assert_eq!(err.code, crate::error::ErrorCode::InvalidInput);
    }

    #[test]
    fn a_damaged_file_is_set_aside_kept_and_reported_never_overwritten() {
        for damaged in [
            "",
            "{not json",
            "[1, 2]",
            r#"{"settings":{"language":"fr"}}"#,
        ] {
            let dir = tempfile::tempdir().unwrap();
            std::fs::write(dir.path().join(SETTINGS_FILE), damaged).unwrap();
            assert_eq!(Settings::load(dir.path()).unwrap(), Settings::default());
            let notices = crate::damaged::pending(dir.path());
            assert_eq!(notices.len(), 1, "{damaged:?}");
            assert_eq!(
                std::fs::read_to_string(&notices[0].files[0]).unwrap(),
                damaged,
                "kept as it was"
            );
            // saving now writes a fresh file beside the kept one
            let s = Settings {
                language: Language::De,
                theme: Theme::Light,
            };
            s.save(dir.path()).unwrap();
            assert_eq!(Settings::load(dir.path()).unwrap(), s);
        }
        // a damaged file met first by a save is set aside too, not overwritten
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(SETTINGS_FILE), "{half").unwrap();
        Settings::default().save(dir.path()).unwrap();
        let notices = crate::damaged::pending(dir.path());
        assert_eq!(
            std::fs::read_to_string(&notices[0].files[0]).unwrap(),
            "{half"
        );
    }
}
