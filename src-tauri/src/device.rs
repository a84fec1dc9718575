//! This device's preferences (`tablemate::device`) in a `tauri-plugin-store` file in the data
//! folder (`device.json`), read in Rust before the window is built (they are in the boot state)
//! and written by the app's own commands (`commands/device.rs`). The page is granted none of the
//! plugin's commands: those take any store path, while these touch this one file only.
//!
//! The plugin reads a file it cannot parse as an empty store and would then save over it, so
//! the file is checked first: a damaged or unreadable one is set aside beside the original
//! (`device.json.corrupt-…`, reported as a notice until acknowledged, `tablemate::damaged`) and
//! the defaults are used. Never a blank screen, never a damaged file overwritten.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;
use tablemate::device::{
    local_storage_moved, DevicePref, DevicePrefs, LegacyPrefs, DEVICE_PREFS_FILE, MOVED_KEY,
};
use tablemate::ServiceError;
use tauri::{Manager, Runtime};
use tauri_plugin_store::{Store, StoreExt};

/// The store file of the data folder `dir`.
pub fn file_in(dir: &Path) -> PathBuf {
    dir.join(DEVICE_PREFS_FILE)
}

/// Whether `path` holds something the store cannot read: not there is fine (the defaults), a
/// JSON object is fine, anything else (unreadable, not JSON, not an object) is damaged.
fn damaged(path: &Path) -> bool {
    match std::fs::read(path) {
        Ok(bytes) => serde_json::from_slice::<HashMap<String, Value>>(&bytes).is_err(),
        Err(e) => e.kind() != std::io::ErrorKind::NotFound,
    }
}

/// The store of `path`, loaded once per process: a damaged file is set aside first (if that
/// fails, e.g. in a folder that cannot be written, the defaults are shown and nothing is
/// written over it: the service's read-only notice says why).
pub fn open<R: Runtime, M: Manager<R>>(
    app: &M,
    path: &Path,
) -> Result<Arc<Store<R>>, ServiceError> {
    if let Some(store) = app.get_store(path) {
        return Ok(store);
    }
    if damaged(path) {
        tablemate::damaged::set_aside(path)?;
    }
    app.store_builder(path)
        // written when changed, by `set`: a write the person made is on disk before the answer
        .disable_auto_save()
        .build()
        .map_err(|e| ServiceError::storage(format!("Cannot open {}: {e}", path.display())))
}

fn entries<R: Runtime>(store: &Store<R>) -> HashMap<String, Value> {
    store.entries().into_iter().collect()
}

/// The preferences in `path`, and whether `localStorage` was moved in already.
pub fn load<R: Runtime, M: Manager<R>>(app: &M, path: &Path) -> (DevicePrefs, bool) {
    match open(app, path) {
        Ok(store) => {
            let e = entries(&store);
            (DevicePrefs::from_entries(&e), local_storage_moved(&e))
        }
        // nothing to read: the defaults, and nothing to move into a file that cannot be opened
        Err(_) => (DevicePrefs::default(), true),
    }
}

/// Writes the entries of `prefs` named in `keys` (all of them when `None`) and saves the file.
fn write<R: Runtime>(
    store: &Store<R>,
    prefs: &DevicePrefs,
    keys: Option<&str>,
) -> Result<(), ServiceError> {
    for (key, value) in prefs.entries() {
        if keys.is_none_or(|k| k == key) {
            store.set(key, value);
        }
    }
    store
        .save()
        .map_err(|e| ServiceError::storage(format!("Cannot save this device's preferences: {e}")))
}

/// Makes `change` and saves it; the preferences as they now are.
pub fn set<R: Runtime, M: Manager<R>>(
    app: &M,
    path: &Path,
    change: DevicePref,
) -> Result<DevicePrefs, ServiceError> {
    let store = open(app, path)?;
    let key = change.key();
    let prefs = DevicePrefs::from_entries(&entries(&store)).with(change);
    write(&store, &prefs, Some(key))?;
    Ok(prefs)
}

/// Moves what the window's `localStorage` held into the file, once: a second call (another
/// window, a page that could not clear its storage) changes nothing. The preferences as they
/// now are.
pub fn move_in<R: Runtime, M: Manager<R>>(
    app: &M,
    path: &Path,
    legacy: &LegacyPrefs,
) -> Result<DevicePrefs, ServiceError> {
    let store = open(app, path)?;
    let e = entries(&store);
    let prefs = DevicePrefs::from_entries(&e);
    if local_storage_moved(&e) {
        return Ok(prefs);
    }
    let prefs = prefs.moved_in(&e, legacy);
    store.set(MOVED_KEY, true);
    write(&store, &prefs, None)?;
    Ok(prefs)
}
