//! IPC commands: parse the request, call the service, map the error. No logic lives here.

use crate::state::AppState;
use tablemate::{AppInfo, ServiceError, Settings};
use tauri::{Manager, State};
use tauri_plugin_store::StoreExt;

type CmdResult<T> = Result<T, ServiceError>;

#[tauri::command(async)]
pub fn app_info(state: State<'_, AppState>) -> CmdResult<AppInfo> {
    state.with(|svc| svc.app_info())
}

#[tauri::command(async)]
pub fn get_settings<R: tauri::Runtime>(app: tauri::AppHandle<R>) -> CmdResult<Settings> {
    let store = open_settings(&app)?;
    match store.get(tablemate::settings::SETTINGS_KEY) {
        Some(value) => Settings::from_value(value),
        None => Ok(Settings::default()),
    }
}

#[tauri::command(async)]
pub fn set_settings<R: tauri::Runtime>(
    app: tauri::AppHandle<R>,
    settings: Settings,
) -> CmdResult<Settings> {
    let store = open_settings(&app)?;
    let value =
        serde_json::to_value(settings).map_err(|e| ServiceError::internal(e.to_string()))?;
    store.set(tablemate::settings::SETTINGS_KEY, value);
    store
        .save()
        .map_err(|e| ServiceError::storage(format!("Could not save the settings: {e}")))?;
    Ok(settings)
}

/// The settings store: `settings.json` in the app's data directory, the file the CLI reads too.
fn open_settings<R: tauri::Runtime>(
    app: &tauri::AppHandle<R>,
) -> CmdResult<std::sync::Arc<tauri_plugin_store::Store<R>>> {
    let state = app.state::<AppState>();
    let path = state.data_dir().join(tablemate::settings::SETTINGS_FILE);
    app.store(path)
        .map_err(|e| ServiceError::storage(format!("Could not open the settings: {e}")))
}
