//! IPC commands, one module per domain: parse the request, call the service, map the error.
//! No logic lives here. build.rs finds every `#[tauri::command]` in this folder and grants it
//! in the capability files; add the function to `generate_handler!` in lib.rs too.

pub mod shell;
// [domain command modules: add `pub mod <domain>;` below]
pub mod cards;
pub mod game;
pub mod history;
pub mod rulings;
pub mod tournaments;
