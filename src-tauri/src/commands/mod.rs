//! IPC commands, one module per domain: parse the request, call the service, map the error.
//! No logic lives here. build.rs finds every `#[tauri::command]` in this folder and grants it
//! in the capability files; add the function to `generate_handler!` in lib.rs too.
//!
//! Every command is `#[tauri::command(async)]`: a plain command runs on the main thread, where
//! it holds up the window's drawing (a first rulings search that builds the index froze the
//! table for most of a second); these run on Tauri's worker threads, one at a time on the
//! service's lock.

pub mod args;
pub mod shell;
// [domain command modules: add `pub mod <domain>;` below]
pub mod cards;
pub mod decks;
pub mod device;
pub mod game;
pub mod history;
pub mod othergames;
pub mod reporting;
pub mod rulings;
pub mod table;
pub mod tournaments;
pub mod wake;
