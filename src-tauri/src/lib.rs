//! Tablemate's Tauri shell: window, IPC commands and settings over the `tablemate` service.

mod commands;
mod state;

use state::AppState;
use tauri::Manager;

/// Adds Tablemate's plugins, state and commands to a builder of any runtime (the real one, or
/// the mock runtime in tests).
pub fn configure<R: tauri::Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    builder
        .plugin(tauri_plugin_store::Builder::new().build())
        .setup(|app| {
            let data_dir = data_dir(app.handle())?;
            app.manage(AppState::open(data_dir));
            Ok(())
        })
        .invoke_handler(tauri::generate_handler![
            commands::shell::app_info,
            commands::shell::get_settings,
            commands::shell::set_settings,
            // [cards & rulings commands]
            // [game commands]
            // [history & tournament commands]
        ])
}

/// `TABLEMATE_DATA_DIR` when set (tests, portable use), else the platform's app data dir —
/// the same folder the CLI uses by default.
fn data_dir<R: tauri::Runtime>(
    app: &tauri::AppHandle<R>,
) -> Result<std::path::PathBuf, Box<dyn std::error::Error>> {
    if let Some(dir) = std::env::var_os(tablemate::paths::DATA_DIR_ENV).filter(|v| !v.is_empty()) {
        return Ok(dir.into());
    }
    Ok(app.path().app_data_dir()?)
}

#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    if let Err(e) = configure(tauri::Builder::default()).run(tauri::generate_context!()) {
        eprintln!("Tablemate could not start: {e}");
        std::process::exit(1);
    }
}
