//! IPC commands of the Rulings screen (and the rulings on a card page): parse the request,
//! call the service, map the error.

use crate::state::AppState;
use tablemate::rulings::{CorpusStatsView, RulingDetail, RulingSearch, RulingsForCard};
use tablemate::{Language, ServiceError};
use tauri::State;

type CmdResult<T> = Result<T, ServiceError>;

#[tauri::command(async)]
pub fn rulings_search(
    state: State<'_, AppState>,
    text: String,
    game: Option<String>,
    source: Option<String>,
    lang: Option<Language>,
    limit: usize,
) -> CmdResult<RulingSearch> {
    state.with(|svc| svc.search_rulings(&text, game.as_deref(), source.as_deref(), lang, limit))
}

#[tauri::command(async)]
pub fn rulings_show(
    state: State<'_, AppState>,
    id: String,
    highlight: Option<String>,
) -> CmdResult<RulingDetail> {
    state.with(|svc| svc.ruling(&id, highlight.as_deref()))
}

#[tauri::command(async)]
pub fn rulings_for(
    state: State<'_, AppState>,
    card: String,
    active: Vec<String>,
    lang: Option<Language>,
    limit: usize,
) -> CmdResult<RulingsForCard> {
    state.with(|svc| svc.rulings_for(&card, &active, lang.unwrap_or_default(), limit))
}

#[tauri::command(async)]
pub fn corpus_stats(state: State<'_, AppState>) -> CmdResult<CorpusStatsView> {
    state.with(|svc| svc.corpus_stats())
}
