//! What the app shows about itself (Settings → About) and `tablemate info` prints.

use serde::Serialize;
use ts_rs::TS;

/// What a [`Notice`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum NoticeKind {
    /// The database could not be read; it was set aside and a new one started. Reported on every
    /// start until acknowledged.
    DatabaseSetAside,
    /// The settings file could not be read; it was set aside and the defaults are used. Reported
    /// on every start until acknowledged.
    SettingsSetAside,
    /// This device's preferences (`device.json`: face to face, keep awake, …) could not be read;
    /// the file was set aside and the defaults are used. Reported on every start until
    /// acknowledged.
    DevicePrefsSetAside,
    /// The database was migrated to a newer schema after a backup (reported once).
    DatabaseMigrated,
    /// The data folder cannot be written: data is shown, changes are refused (reported on every
    /// start while it lasts).
    ReadOnly,
    /// The disk of the data folder is full: data is shown, changes are refused until there is
    /// space again (reported on every start while it lasts). Not `ReadOnly`: the person frees
    /// space, not permissions.
    DiskFull,
}

/// Something the person should know about (e.g. a damaged database set aside). `message` is
/// English (the CLI prints it); the app words it in the interface language from `kind` and
/// the parameters (`ui/src/lib/Notices.svelte`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct Notice {
    pub kind: NoticeKind,
    pub message: String,
    /// The files it is about (where a damaged file was kept, or the backup).
    pub files: Vec<String>,
    /// `DatabaseMigrated`: the schema versions before and after.
    pub versions: Option<[u32; 2]>,
    /// `ReadOnly`, `DiskFull`: the data folder that cannot be written.
    pub folder: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct AppInfo {
    pub version: String,
    pub data_dir: String,
    pub user_db: String,
    pub schema_version: u32,
    /// How many cards the shipped catalogs hold, all games together.
    pub catalog_cards: u32,
    pub notices: Vec<Notice>,
}
