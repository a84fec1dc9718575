//! IPC commands, one module per domain: parse the request, call the service, map the error.
//! No logic lives here. build.rs finds every `#[tauri::command]` in this folder and grants it
//! in the capability files; add the function to `generate_handler!` in lib.rs too.
//!
//! Every command is `#[tauri::command(async)]`: a plain command runs on the main thread, where
//! it holds up the window's drawing (a first rulings search that builds the index froze the
//! table for most of a second); these run on Tauri's worker threads, one at a time on the
//! service's lock.

/// What every command answers: the service's value, or its error (worded in the interface
/// language by `AppState::with`).
pub type CmdResult<T> = Result<T, tablemate::ServiceError>;

/// Commands that are one call of the service, a command to a line or two:
/// `#[tauri::command(async)] pub fn name(args) -> T = |svc| call;` is the command `name`
/// taking the app's state and `args` (the names the UI sends), answering `call` made on the
/// service. The attribute stays written at each command: build.rs and the IPC tests find the
/// commands by it.
macro_rules! service_commands {
    ($($(#[$attr:meta])* pub fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $answer:ty
        = |$svc:ident| $call:expr;)*) => {
        $(
            $(#[$attr])*
            pub fn $name(
                state: tauri::State<'_, crate::state::AppState>,
                $($arg: $ty),*
            ) -> crate::commands::CmdResult<$answer> {
                state.with(|$svc| $call)
            }
        )*
    };
}

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
