//! IPC commands of the other games (Warhammer: Invasion, Star Trek CCG, Knightmare Chess) that
//! are not the table (the table and the list of games to resume are `table.rs`): the
//! statistics. Parse the request, call the service, map the error.

use crate::state::AppState;
use tablemate::othergames::stats::OtherStatsView;
use tablemate::othergames::OtherGameKind;
use tablemate::{Language, ServiceError};
use tauri::State;

type CmdResult<T> = Result<T, ServiceError>;

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
