//! IPC commands of the Cards screen: parse the request, call the service, map the error.

use crate::state::AppState;
use tablemate::cards::{
    CardFilter, CardFilterOptions, CardPage, CardSearch, CatalogStatsView, FixView,
};
use tablemate::{Language, ServiceError};
use tauri::State;

type CmdResult<T> = Result<T, ServiceError>;

#[tauri::command(async)]
pub fn cards_find(
    state: State<'_, AppState>,
    text: String,
    filter: CardFilter,
    limit: usize,
) -> CmdResult<CardSearch> {
    state.with(|svc| svc.find_cards(&text, &filter, limit))
}

#[tauri::command(async)]
pub fn cards_filter_options(state: State<'_, AppState>) -> CmdResult<CardFilterOptions> {
    state.with(|svc| Ok(svc.card_filter_options()))
}

#[tauri::command(async)]
pub fn cards_page(state: State<'_, AppState>, card: String, lang: Language) -> CmdResult<CardPage> {
    state.with(|svc| svc.card_page(&card, lang))
}

#[tauri::command(async)]
pub fn cards_fix(
    state: State<'_, AppState>,
    card: String,
    fact: String,
    value: String,
) -> CmdResult<Vec<FixView>> {
    state.with(|svc| svc.fix_card(&card, &fact, &value))
}

/// Takes back the person's fix of one fact of a card.
#[tauri::command(async)]
pub fn cards_fix_remove(
    state: State<'_, AppState>,
    card: String,
    fact: String,
) -> CmdResult<Vec<FixView>> {
    state.with(|svc| svc.remove_card_fix(&card, &fact))
}

#[tauri::command(async)]
pub fn cards_stats(state: State<'_, AppState>) -> CmdResult<CatalogStatsView> {
    state.with(|svc| svc.catalog_stats())
}
