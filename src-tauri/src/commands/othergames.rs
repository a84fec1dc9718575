//! IPC commands of the table of the other games (Warhammer: Invasion, Star Trek CCG,
//! Knightmare Chess): parse the request, call the service, map the error. Every command that
//! returns a table or a refusal takes the interface language (absent: English): it words the
//! history and the refusals.

use crate::state::AppState;
use tablemate::othergames::stats::OtherStatsView;
use tablemate::othergames::{
    NewOtherGameRequest, OtherAction, OtherCardSuggestion, OtherEntered, OtherGameItem,
    OtherGameKind, OtherGameView,
};
use tablemate::rulings::PromptView;
use tablemate::{GameAt, Language, ServiceError};
use tauri::State;

type CmdResult<T> = Result<T, ServiceError>;

#[tauri::command(async)]
pub fn other_new(
    state: State<'_, AppState>,
    request: NewOtherGameRequest,
    lang: Option<Language>,
) -> CmdResult<OtherGameView> {
    state.with(|svc| svc.other_new(&request, lang.unwrap_or_default()))
}

#[tauri::command(async)]
pub fn other_current(
    state: State<'_, AppState>,
    lang: Option<Language>,
) -> CmdResult<Option<OtherGameView>> {
    state.with(|svc| svc.other_current(None, lang.unwrap_or_default()))
}

#[tauri::command(async)]
pub fn other_view(
    state: State<'_, AppState>,
    id: i64,
    lang: Option<Language>,
) -> CmdResult<OtherGameView> {
    state.with(|svc| svc.other_view(id, lang.unwrap_or_default()))
}

#[tauri::command(async)]
pub fn other_list(
    state: State<'_, AppState>,
    unfinished_only: bool,
) -> CmdResult<Vec<OtherGameItem>> {
    state.with(|svc| svc.other_list(unfinished_only))
}

#[tauri::command(async)]
pub fn other_act(
    state: State<'_, AppState>,
    id: i64,
    revision: Option<u32>,
    action: OtherAction,
    lang: Option<Language>,
) -> CmdResult<OtherGameView> {
    state.with(|svc| svc.other_act(GameAt { id, revision }, &action, lang.unwrap_or_default()))
}

/// A card entering play: the table after it and the card's rulings, in one call.
#[tauri::command(async)]
pub fn other_enter(
    state: State<'_, AppState>,
    id: i64,
    revision: Option<u32>,
    action: OtherAction,
    lang: Option<Language>,
    limit: Option<usize>,
) -> CmdResult<OtherEntered> {
    state.with(|svc| {
        svc.other_enter(
            GameAt { id, revision },
            &action,
            lang.unwrap_or_default(),
            limit,
        )
    })
}

#[tauri::command(async)]
pub fn other_undo(
    state: State<'_, AppState>,
    id: i64,
    revision: Option<u32>,
    lang: Option<Language>,
) -> CmdResult<OtherGameView> {
    state.with(|svc| svc.other_undo(GameAt { id, revision }, lang.unwrap_or_default()))
}

#[tauri::command(async)]
pub fn other_redo(
    state: State<'_, AppState>,
    id: i64,
    revision: Option<u32>,
    lang: Option<Language>,
) -> CmdResult<OtherGameView> {
    state.with(|svc| svc.other_redo(GameAt { id, revision }, lang.unwrap_or_default()))
}

#[tauri::command(async)]
pub fn other_suggest(
    state: State<'_, AppState>,
    id: i64,
    text: String,
    limit: Option<usize>,
) -> CmdResult<Vec<OtherCardSuggestion>> {
    state.with(|svc| svc.other_suggest(id, &text, limit))
}

#[tauri::command(async)]
pub fn other_prompts(
    state: State<'_, AppState>,
    id: i64,
    card: String,
    lang: Option<Language>,
    limit: Option<usize>,
) -> CmdResult<Vec<PromptView>> {
    state.with(|svc| svc.other_prompts(id, &card, lang.unwrap_or_default(), limit))
}

#[tauri::command(async)]
pub fn other_mark_ruling_seen(
    state: State<'_, AppState>,
    id: i64,
    ruling: String,
    lang: Option<Language>,
) -> CmdResult<()> {
    state.with(|svc| svc.other_mark_ruling_seen(id, &ruling, lang.unwrap_or_default()))
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
