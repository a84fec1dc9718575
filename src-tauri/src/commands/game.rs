//! IPC commands of what Blue Moon's rules add to its table (the table itself is `table.rs`):
//! the match's next game, fixing the values of a card the catalog lacks, and the card look-up
//! with the entering player's deck first and each card's values.

use crate::state::AppState;
use tablemate::game::{CardSuggestion, CardValuesFix, CardView};
use tablemate::table::{TableAt, TableView};
use tablemate::{Language, ServiceError};
use tauri::State;

type CmdResult<T> = Result<T, ServiceError>;

#[tauri::command(async)]
pub fn game_suggest(
    state: State<'_, AppState>,
    text: String,
    limit: Option<usize>,
    people: Option<String>,
) -> CmdResult<Vec<CardSuggestion>> {
    // `people`: the entering player's deck, whose cards come first from the first letter
    state.with(|svc| svc.card_suggestions_for(&text, limit, people.as_deref()))
}

/// A finished game of the match recorded and the next one started (the loser starting).
#[tauri::command(async)]
pub fn game_next(state: State<'_, AppState>, at: TableAt, lang: Language) -> CmdResult<TableView> {
    state.with(|svc| svc.game_next(at, lang).map(TableView::from))
}

#[tauri::command(async)]
pub fn game_fix_card(
    state: State<'_, AppState>,
    fix: CardValuesFix,
    lang: Language,
) -> CmdResult<CardView> {
    state.with(|svc| svc.game_fix_card(&fix, lang))
}
