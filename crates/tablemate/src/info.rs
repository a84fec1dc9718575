//! What the app shows about itself (Settings → About) and `tablemate info` prints.

use serde::Serialize;
use ts_rs::TS;

/// Something the person should know about since start-up (e.g. a damaged database set aside).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct Notice {
    /// Stable key, e.g. `database_set_aside`, `database_migrated`.
    pub kind: String,
    pub message: String,
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
