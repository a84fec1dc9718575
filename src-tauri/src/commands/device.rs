//! IPC commands of this device (the window's start and its preferences): parse, call, map the
//! error. The preferences are `device.json` in the data folder (src/device.rs), never another
//! file: the page names a preference, not a path.

use super::CmdResult;
use crate::device;
use crate::state::AppState;
use tablemate::device::{BootState, DevicePref, DevicePrefs, LegacyPrefs};
use tauri::{AppHandle, Manager, Runtime, State};

/// What the first screen needs, read again: the window got it with its page at start
/// (`window.__TABLEMATE_BOOT__`); a reloaded page asks here, since the game may have moved on.
#[tauri::command(async)]
pub fn boot_state<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
) -> CmdResult<BootState> {
    let (prefs, moved) = device::load(&app, &device::file_in(&state.data_dir()?));
    Ok(state.boot_state(prefs, moved))
}

/// The first screen has been painted: what it did not need is loaded now, off the window's
/// threads (the rulings index; a first start builds it). The page gets the start-up record
/// (`startup::script`: the end-to-end start-up figures read it).
#[tauri::command(async)]
pub fn app_ready<R: Runtime>(
    app: AppHandle<R>,
    webview: tauri::Webview<R>,
    state: State<'_, AppState>,
) -> CmdResult<()> {
    if state.first_ready() {
        crate::startup::mark("app_ready");
        let _ = webview.eval(crate::startup::script());
        std::thread::spawn(move || app.state::<AppState>().open_rulings_index());
    }
    Ok(())
}

/// Changes one of this device's preferences; all of them as they now are.
#[tauri::command(async)]
pub fn device_pref_set<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    pref: DevicePref,
) -> CmdResult<DevicePrefs> {
    device::set(&app, &device::file_in(&state.data_dir()?), pref)
}

/// Moves what the window's `localStorage` held into this device's preferences, once.
#[tauri::command(async)]
pub fn device_prefs_move<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    legacy: LegacyPrefs,
) -> CmdResult<DevicePrefs> {
    device::move_in(&app, &device::file_in(&state.data_dir()?), &legacy)
}
