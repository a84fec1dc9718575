//! IPC commands of the table, one family for the four games: each names the game
//! (`GameRef`; a write as the table showed it, `TableAt`), takes the interface language and
//! calls the service's table operation of the same name (ARCHITECTURE.md, "The table's
//! operations"). What Blue Moon's rules add (the match's next game, fixing a card's values,
//! its card look-up) is in `game.rs`.

use crate::state::AppState;
use cards::{Game, GameRef};
use tablemate::othergames::OtherCardSuggestion;
use tablemate::rulings::PromptView;
use tablemate::table::{
    CardEntry, EntryFront, NewTable, TableAction, TableAt, TableEntered, TableListItem, TableView,
};
use tablemate::{Language, ServiceError};
use tauri::State;

type CmdResult<T> = Result<T, ServiceError>;

#[tauri::command(async)]
pub fn table_new(
    state: State<'_, AppState>,
    request: NewTable,
    lang: Language,
) -> CmdResult<TableView> {
    state.with(|svc| svc.table_new(&request, lang))
}

#[tauri::command(async)]
pub fn table_view(
    state: State<'_, AppState>,
    game: GameRef,
    lang: Language,
) -> CmdResult<TableView> {
    state.with(|svc| svc.table_view(game, lang))
}

/// The games of `kinds` (every kind when empty), unfinished first.
#[tauri::command(async)]
pub fn table_list(
    state: State<'_, AppState>,
    kinds: Vec<Game>,
    unfinished_only: bool,
) -> CmdResult<Vec<TableListItem>> {
    state.with(|svc| svc.table_list(&kinds, unfinished_only))
}

/// The game of `kind` to resume (its most recently changed unfinished one), if any.
#[tauri::command(async)]
pub fn table_current(
    state: State<'_, AppState>,
    kind: Game,
    lang: Language,
) -> CmdResult<Option<TableView>> {
    state.with(|svc| svc.table_current(kind, lang))
}

/// A card entering play: the table after it with the card's rulings prompt, or (Blue Moon)
/// what must be decided first.
#[tauri::command(async)]
pub fn table_enter(
    state: State<'_, AppState>,
    at: TableAt,
    card: CardEntry,
    lang: Language,
) -> CmdResult<TableEntered> {
    state.with(|svc| svc.table_enter(at, &card, EntryFront::Window, lang))
}

#[tauri::command(async)]
pub fn table_act(
    state: State<'_, AppState>,
    at: TableAt,
    action: TableAction,
    lang: Language,
) -> CmdResult<TableView> {
    state.with(|svc| svc.table_act(at, &action, lang))
}

#[tauri::command(async)]
pub fn table_undo(state: State<'_, AppState>, at: TableAt, lang: Language) -> CmdResult<TableView> {
    state.with(|svc| svc.table_undo(at, lang))
}

#[tauri::command(async)]
pub fn table_redo(state: State<'_, AppState>, at: TableAt, lang: Language) -> CmdResult<TableView> {
    state.with(|svc| svc.table_redo(at, lang))
}

#[tauri::command(async)]
pub fn table_prompts(
    state: State<'_, AppState>,
    game: GameRef,
    card: String,
    lang: Language,
    limit: Option<usize>,
) -> CmdResult<Vec<PromptView>> {
    state.with(|svc| svc.table_prompts(game, &card, lang, limit))
}

#[tauri::command(async)]
pub fn table_suggest(
    state: State<'_, AppState>,
    game: GameRef,
    text: String,
    lang: Language,
    limit: Option<usize>,
) -> CmdResult<Vec<OtherCardSuggestion>> {
    state.with(|svc| svc.table_suggest(game, &text, lang, limit))
}

/// The person dismissed a ruling in the prompt: not shown again in this game.
#[tauri::command(async)]
pub fn table_mark_seen(
    state: State<'_, AppState>,
    game: GameRef,
    ruling: String,
    lang: Language,
) -> CmdResult<()> {
    state.with(|svc| svc.table_mark_seen(game, &ruling, lang))
}

#[tauri::command(async)]
pub fn table_abandon(
    state: State<'_, AppState>,
    at: TableAt,
    confirmed: bool,
    lang: Language,
) -> CmdResult<TableView> {
    state.with(|svc| svc.table_abandon(at, confirmed, lang))
}
