//! IPC commands: parse the request, call the service, map the error. No logic lives here.

use tablemate::{AppInfo, Notice, Settings};

service_commands! {
    #[tauri::command(async)]
    pub fn app_info() -> AppInfo = |svc| svc.app_info();

    /// Settings live in `settings.json` in the data folder, read and written by the service
    /// exactly as the CLI does (a damaged file is set aside; a save is written aside and renamed).
    #[tauri::command(async)]
    pub fn get_settings() -> Settings = |svc| svc.settings();

    #[tauri::command(async)]
    pub fn set_settings(settings: Settings) -> Settings = |svc| svc.set_settings(settings);

    /// What the person must know (e.g. a damaged file set aside), shown until acknowledged.
    #[tauri::command(async)]
    pub fn notices() -> Vec<Notice> = |svc| Ok(svc.notices());

    /// The person has read the notices: the set-aside files move into the `set-aside` folder
    /// (kept) and are no longer reported. Returns the notices left (none).
    #[tauri::command(async)]
    pub fn acknowledge_notices() -> Vec<Notice> = |svc| {
        svc.acknowledge_notices()?;
        Ok(svc.notices())
    };
}
