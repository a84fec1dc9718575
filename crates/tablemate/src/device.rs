//! What belongs to this device and not to the player's shared settings (issue #31): how the
//! phone lies on the table (face to face), whether it keeps the screen on, the screen it was
//! left on, the network each event's players report on. The app keeps them in a store file of
//! `tauri-plugin-store` in the data folder ([`DEVICE_PREFS_FILE`]); this module is what the
//! file means, read key by key so one wrong value costs only that value. The shared settings
//! (language, theme) stay in `settings.json`, read by the CLI too.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use crate::info::Notice;
use crate::settings::Settings;

/// The device's store file in the data folder.
pub const DEVICE_PREFS_FILE: &str = "device.json";

/// The key that says the window's `localStorage` has been moved into the file (once).
pub const MOVED_KEY: &str = "local_storage_moved";

/// The app's screens, as the navigation names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum Screen {
    #[default]
    Table,
    Games,
    Cards,
    Rulings,
    Matches,
    Settings,
}

/// Where an event's players will report on this computer's network.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ReportingAddress {
    pub ip: String,
    pub port: String,
}

/// This device's preferences, with their defaults where the file has none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DevicePrefs {
    /// The opponent's half turned 180° (a phone lying between two players).
    pub face_to_face: bool,
    /// The screen kept on while a game is played.
    pub keep_awake: bool,
    /// The screen the app was left on: it opens there.
    pub last_screen: Screen,
    /// Per event (its id): the address chosen for its players' reports.
    pub reporting_addresses: BTreeMap<String, ReportingAddress>,
}

impl Default for DevicePrefs {
    fn default() -> Self {
        DevicePrefs {
            face_to_face: false,
            keep_awake: true,
            last_screen: Screen::Table,
            reporting_addresses: BTreeMap::new(),
        }
    }
}

/// One preference changed by the window.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "key", content = "value", rename_all = "snake_case")]
#[ts(export)]
pub enum DevicePref {
    FaceToFace(bool),
    KeepAwake(bool),
    LastScreen(Screen),
    ReportingAddress {
        event: u32,
        address: ReportingAddress,
    },
}

/// What the window's `localStorage` held before the store file (`ui/src/lib/table/prefs.ts`,
/// `ui/src/lib/matches/plannedAddress.ts`), sent once by the page.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct LegacyPrefs {
    pub face_to_face: Option<bool>,
    pub keep_awake: Option<bool>,
    pub reporting_addresses: BTreeMap<String, ReportingAddress>,
}

impl DevicePref {
    /// The store file's key this change writes (only that key: a value the file does not hold
    /// yet stays open to what `localStorage` held, see [`DevicePrefs::moved_in`]).
    pub fn key(&self) -> &'static str {
        match self {
            DevicePref::FaceToFace(_) => "face_to_face",
            DevicePref::KeepAwake(_) => "keep_awake",
            DevicePref::LastScreen(_) => "last_screen",
            DevicePref::ReportingAddress { .. } => "reporting_addresses",
        }
    }
}

fn read<T: serde::de::DeserializeOwned>(entries: &HashMap<String, Value>, key: &str) -> Option<T> {
    entries
        .get(key)
        .and_then(|v| serde_json::from_value(v.clone()).ok())
}

impl DevicePrefs {
    /// The preferences a store file's entries mean: each key read on its own, a missing or
    /// unreadable value gives that key's default (an address that is not one is left out).
    pub fn from_entries(entries: &HashMap<String, Value>) -> DevicePrefs {
        let d = DevicePrefs::default();
        let addresses = match entries.get("reporting_addresses") {
            Some(Value::Object(map)) => map
                .iter()
                .filter_map(|(event, v)| {
                    let a: ReportingAddress = serde_json::from_value(v.clone()).ok()?;
                    (event.parse::<u32>().is_ok() && !a.ip.trim().is_empty())
                        .then(|| (event.clone(), a))
                })
                .collect(),
            _ => BTreeMap::new(),
        };
        DevicePrefs {
            face_to_face: read(entries, "face_to_face").unwrap_or(d.face_to_face),
            keep_awake: read(entries, "keep_awake").unwrap_or(d.keep_awake),
            last_screen: read(entries, "last_screen").unwrap_or(d.last_screen),
            reporting_addresses: addresses,
        }
    }

    /// The store file's entries for these preferences.
    pub fn entries(&self) -> Vec<(&'static str, Value)> {
        vec![
            ("face_to_face", Value::Bool(self.face_to_face)),
            ("keep_awake", Value::Bool(self.keep_awake)),
            (
                "last_screen",
                serde_json::to_value(self.last_screen).unwrap_or(Value::Null),
            ),
            (
                "reporting_addresses",
                serde_json::to_value(&self.reporting_addresses).unwrap_or(Value::Null),
            ),
        ]
    }

    /// These preferences with `change` made (an address is kept trimmed).
    pub fn with(mut self, change: DevicePref) -> DevicePrefs {
        match change {
            DevicePref::FaceToFace(on) => self.face_to_face = on,
            DevicePref::KeepAwake(on) => self.keep_awake = on,
            DevicePref::LastScreen(s) => self.last_screen = s,
            DevicePref::ReportingAddress { event, address } => {
                self.reporting_addresses.insert(
                    event.to_string(),
                    ReportingAddress {
                        ip: address.ip.trim().to_owned(),
                        port: address.port.trim().to_owned(),
                    },
                );
            }
        }
        self
    }

    /// These preferences with what `localStorage` held added, where the store file (`entries`)
    /// has nothing of its own: a choice made since the store file exists is never undone.
    pub fn moved_in(self, entries: &HashMap<String, Value>, legacy: &LegacyPrefs) -> DevicePrefs {
        let mut p = self;
        if !entries.contains_key("face_to_face") {
            if let Some(v) = legacy.face_to_face {
                p.face_to_face = v;
            }
        }
        if !entries.contains_key("keep_awake") {
            if let Some(v) = legacy.keep_awake {
                p.keep_awake = v;
            }
        }
        for (event, address) in &legacy.reporting_addresses {
            if event.parse::<u32>().is_ok() && !address.ip.trim().is_empty() {
                p.reporting_addresses
                    .entry(event.clone())
                    .or_insert_with(|| address.clone());
            }
        }
        p
    }
}

/// Whether the window's `localStorage` was moved into the store file already.
pub fn local_storage_moved(entries: &HashMap<String, Value>) -> bool {
    matches!(entries.get(MOVED_KEY), Some(Value::Bool(true)))
}

/// What the first screen needs, computed in Rust before the window is built and handed to the
/// page with the window (`window.__TABLEMATE_BOOT__`, Tauri's initialization script), so the
/// page paints it without a call back.
#[derive(Debug, Clone, Serialize, TS)]
#[ts(export)]
pub struct BootState {
    /// The shared settings (language, theme).
    pub settings: Settings,
    pub prefs: DevicePrefs,
    /// Whether the window's `localStorage` was moved into the store file already; if not, the
    /// page sends what it holds once (`device_prefs_move`).
    pub prefs_moved: bool,
    /// The Blue Moon game in progress, if any (the Table's first screen).
    pub game: Option<crate::table::TableView>,
    pub notices: Vec<Notice>,
    /// Why the data could not be opened, if it could not (the page says so, not a blank screen).
    pub error: Option<crate::ServiceError>,
    /// When each step of the start was reached (ms since the epoch), for the start-up figures.
    pub marks: BTreeMap<String, f64>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn entries(v: Value) -> HashMap<String, Value> {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn each_key_is_read_on_its_own_and_a_wrong_one_gives_its_default() {
        let p = DevicePrefs::from_entries(&entries(json!({
            "face_to_face": true,
            "keep_awake": "yes",
            "last_screen": "matches",
            "reporting_addresses": { "3": { "ip": "192.168.1.20", "port": "8470" }, "x": { "ip": "1", "port": "2" }, "4": 7 }
        })));
        assert!(p.face_to_face);
        assert!(p.keep_awake, "an unreadable value keeps the default");
        assert_eq!(p.last_screen, Screen::Matches);
        assert_eq!(p.reporting_addresses.len(), 1, "{p:?}");
        assert_eq!(p.reporting_addresses["3"].ip, "192.168.1.20");
        assert_eq!(
            DevicePrefs::from_entries(&HashMap::new()),
            DevicePrefs::default()
        );
    }

    #[test]
    fn entries_read_back_as_the_same_prefs() {
        let p = DevicePrefs::default()
            .with(DevicePref::FaceToFace(true))
            .with(DevicePref::LastScreen(Screen::Rulings))
            .with(DevicePref::ReportingAddress {
                event: 9,
                address: ReportingAddress {
                    ip: " fd00::1 ".into(),
                    port: "8471".into(),
                },
            });
        let map: HashMap<String, Value> = p
            .entries()
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .collect();
        let back = DevicePrefs::from_entries(&map);
        assert_eq!(back, p);
        assert_eq!(back.reporting_addresses["9"].ip, "fd00::1");
    }

    #[test]
    fn local_storage_fills_only_what_the_file_has_not() {
        let legacy = LegacyPrefs {
            face_to_face: Some(true),
            keep_awake: Some(false),
            reporting_addresses: [(
                "2".to_owned(),
                ReportingAddress {
                    ip: "10.0.0.2".into(),
                    port: "8470".into(),
                },
            )]
            .into(),
        };
        // the file already says keep awake: that choice stands
        let file = entries(json!({ "keep_awake": true }));
        let p = DevicePrefs::from_entries(&file).moved_in(&file, &legacy);
        assert!(p.face_to_face);
        assert!(p.keep_awake);
        assert_eq!(p.reporting_addresses["2"].ip, "10.0.0.2");
        assert!(!local_storage_moved(&file));
        assert!(local_storage_moved(&entries(json!({ MOVED_KEY: true }))));
    }
}
