//! IPC commands of the other games (Warhammer: Invasion, Star Trek CCG, Knightmare Chess) that
//! are not the table (the table is `table.rs`): the list of games to resume and the
//! statistics. Parse the request, call the service, map the error.

use crate::state::AppState;
use tablemate::othergames::stats::OtherStatsView;
use tablemate::othergames::{OtherGameItem, OtherGameKind};
use tablemate::{Language, ServiceError};
use tauri::State;

type CmdResult<T> = Result<T, ServiceError>;

#[tauri::command(async)]
pub fn other_list(
    state: State<'_, AppState>,
    unfinished_only: bool,
) -> CmdResult<Vec<OtherGameItem>> {
    state.with(|svc| svc.other_list(unfinished_only))
}

/// Statistics of one game kind over its finished games (`player`: only that player's).
#[tauri::command(async)]
pub fn other_stats(
    state: State<'_, AppState>,
    kind: OtherGameKind,
    player: Option<String>,
    lang: Option<Language>,
) -> CmdResult<OtherStatsView> {
    state.with(|svc| svc.other_statistics(kind, player.as_deref(), lang.unwrap_or_default()))
}
