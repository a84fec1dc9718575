//! IPC commands of the Matches screen's history: games, matches, a game's timeline and
//! statistics. Parse the request, call the service, map the error; no logic lives here.

use crate::state::AppState;
use tablemate::history::{GamePage, GameRow, MatchView, StatsView, Unfinished};
use tablemate::{Language, ServiceError};
use tauri::State;

type CmdResult<T> = Result<T, ServiceError>;

#[tauri::command(async)]
pub fn history_games(
    state: State<'_, AppState>,
    player: Option<String>,
    people: Option<String>,
    unfinished_only: bool,
    limit: Option<u32>,
) -> CmdResult<Vec<GameRow>> {
    state.with(|svc| svc.list_games(player.as_deref(), people.as_deref(), unfinished_only, limit))
}

#[tauri::command(async)]
pub fn history_unfinished(state: State<'_, AppState>) -> CmdResult<Unfinished> {
    state.with(|svc| svc.unfinished())
}

#[tauri::command(async)]
pub fn history_game(
    state: State<'_, AppState>,
    id: i64,
    lang: Option<Language>,
) -> CmdResult<GamePage> {
    state.with(|svc| svc.game_page(id, lang.unwrap_or_default()))
}

#[tauri::command(async)]
pub fn history_stats(
    state: State<'_, AppState>,
    player: Option<String>,
    lang: Option<Language>,
) -> CmdResult<StatsView> {
    state.with(|svc| svc.statistics(player.as_deref(), lang.unwrap_or_default()))
}

#[tauri::command(async)]
pub fn history_matches(
    state: State<'_, AppState>,
    unfinished_only: bool,
) -> CmdResult<Vec<MatchView>> {
    state.with(|svc| svc.list_matches(unfinished_only))
}
