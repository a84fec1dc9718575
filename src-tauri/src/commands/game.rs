//! IPC commands of the table screen: parse the request, call the service, map the error.

use crate::state::AppState;
use tablemate::game::{
    CardSuggestion, CardValuesFix, CardView, EnterOutcome, GameAction, GameListItem, GameView,
    NewGameRequest, PlayRequest,
};
use tablemate::{GameAt, Language, ServiceError};
use tauri::State;

type CmdResult<T> = Result<T, ServiceError>;

#[tauri::command(async)]
pub fn game_new(
    state: State<'_, AppState>,
    request: NewGameRequest,
    lang: Option<Language>,
) -> CmdResult<GameView> {
    state.with(|svc| svc.game_new(&request, lang.unwrap_or_default()))
}

#[tauri::command(async)]
pub fn game_current(state: State<'_, AppState>) -> CmdResult<Option<GameView>> {
    state.with(|svc| svc.game_current())
}

#[tauri::command(async)]
pub fn game_view(state: State<'_, AppState>, id: i64) -> CmdResult<GameView> {
    state.with(|svc| svc.game_view(id))
}

#[tauri::command(async)]
pub fn game_list(state: State<'_, AppState>) -> CmdResult<Vec<GameListItem>> {
    state.with(|svc| svc.game_list())
}

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

/// A card entered at the table: played with its rulings at once, or what must be decided first.
#[tauri::command(async)]
pub fn game_enter(
    state: State<'_, AppState>,
    id: i64,
    revision: Option<u32>,
    request: PlayRequest,
    confirmed: bool,
    lang: Option<Language>,
) -> CmdResult<EnterOutcome> {
    state.with(|svc| {
        svc.game_enter(
            GameAt { id, revision },
            &request,
            confirmed,
            lang.unwrap_or_default(),
        )
    })
}

// The table's actions take the interface language (absent: English) for their refusals.

#[tauri::command(async)]
pub fn game_act(
    state: State<'_, AppState>,
    id: i64,
    revision: Option<u32>,
    action: GameAction,
    lang: Option<Language>,
) -> CmdResult<GameView> {
    state.with(|svc| svc.game_act(GameAt { id, revision }, &action, lang.unwrap_or_default()))
}

#[tauri::command(async)]
pub fn game_undo(
    state: State<'_, AppState>,
    id: i64,
    revision: Option<u32>,
    lang: Option<Language>,
) -> CmdResult<GameView> {
    state.with(|svc| svc.game_undo(GameAt { id, revision }, lang.unwrap_or_default()))
}

#[tauri::command(async)]
pub fn game_redo(
    state: State<'_, AppState>,
    id: i64,
    revision: Option<u32>,
    lang: Option<Language>,
) -> CmdResult<GameView> {
    state.with(|svc| svc.game_redo(GameAt { id, revision }, lang.unwrap_or_default()))
}

#[tauri::command(async)]
pub fn game_next(
    state: State<'_, AppState>,
    id: i64,
    revision: Option<u32>,
    lang: Option<Language>,
) -> CmdResult<GameView> {
    state.with(|svc| svc.game_next(GameAt { id, revision }, lang.unwrap_or_default()))
}

#[tauri::command(async)]
pub fn game_fix_card(
    state: State<'_, AppState>,
    fix: CardValuesFix,
    lang: Option<Language>,
) -> CmdResult<CardView> {
    state.with(|svc| svc.game_fix_card(&fix, lang.unwrap_or_default()))
}

/// The person dismissed a ruling in the prompt: not shown again in this game.
#[tauri::command(async)]
pub fn game_mark_ruling_seen(
    state: State<'_, AppState>,
    id: i64,
    ruling: String,
    lang: Option<Language>,
) -> CmdResult<()> {
    state.with(|svc| svc.game_mark_ruling_seen(id, &ruling, lang.unwrap_or_default()))
}
