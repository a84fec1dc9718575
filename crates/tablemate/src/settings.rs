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

    /// Reads the settings file in `data_dir`; defaults when there is none yet.
    pub fn load(data_dir: &Path) -> Result<Settings> {
        let path = data_dir.join(SETTINGS_FILE);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Settings::default()),
            Err(e) => {
                return Err(ServiceError::storage(format!(
                    "Cannot read {}: {e}",
                    path.display()
                )))
            }
        };
        let doc: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
            ServiceError::storage(format!("{} is not valid JSON: {e}", path.display()))
        })?;
        match doc.get(SETTINGS_KEY) {
            Some(v) => Settings::from_value(v.clone()),
            None => Ok(Settings::default()),
        }
    }

    /// Writes the settings into the store file, keeping any other keys it holds. Written to a
    /// temporary file and renamed, so a crash never leaves half a file.
    pub fn save(&self, data_dir: &Path) -> Result<()> {
        let path = data_dir.join(SETTINGS_FILE);
        let mut doc = match std::fs::read_to_string(&path) {
            Ok(t) => serde_json::from_str::<serde_json::Value>(&t).map_err(|e| {
                ServiceError::storage(format!(
                    "{} is not valid JSON, not overwriting it: {e}",
                    path.display()
                ))
            })?,
            Err(_) => serde_json::json!({}),
        };
        let obj = doc.as_object_mut().ok_or_else(|| {
            ServiceError::storage(format!("{} is not a JSON object", path.display()))
        })?;
        let value =
            serde_json::to_value(self).map_err(|e| ServiceError::internal(e.to_string()))?;
        obj.insert(SETTINGS_KEY.to_owned(), value);
        let text = serde_json::to_string_pretty(&doc)
            .map_err(|e| ServiceError::internal(e.to_string()))?;
        std::fs::create_dir_all(data_dir).map_err(|e| {
            ServiceError::storage(format!("Cannot create {}: {e}", data_dir.display()))
        })?;
        let tmp = path.with_extension("json.tmp");
        std::fs::write(&tmp, text)
            .and_then(|_| std::fs::rename(&tmp, &path))
            .map_err(|e| ServiceError::storage(format!("Cannot write {}: {e}", path.display())))
    }
}

#[cfg(test)]
mod tests {
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
        // a corrupt file is reported and never overwritten
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(SETTINGS_FILE), "{not json").unwrap();
        assert!(Settings::load(dir.path()).is_err());
        assert!(Settings::default().save(dir.path()).is_err());
        assert_eq!(
            std::fs::read_to_string(dir.path().join(SETTINGS_FILE)).unwrap(),
            "{not json"
        );
    }
}
