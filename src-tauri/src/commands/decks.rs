//! IPC commands of the Decks screen (constructed Blue Moon decks): parse, call the service,
//! map the error. The service words every refusal in the `lang` the page sends.

use super::args::Args;
use crate::dialog::FileDialogs;
use crate::state::AppState;
use tablemate::decks::{
    CardsChange, DeckListChanged, DeckSummary, DeckView, NewDeck, RegisteredDeckView,
    RegisteredWithDeck,
};
use tablemate::Language;
use tauri::{Runtime, State, WebviewWindow};

use super::CmdResult;

#[tauri::command(async)]
pub fn deck_list(state: State<'_, AppState>) -> CmdResult<Vec<DeckSummary>> {
    state.with(|svc| svc.deck_list())
}

#[tauri::command(async)]
pub fn deck_view(state: State<'_, AppState>, name: String, lang: Language) -> CmdResult<DeckView> {
    state.with(|svc| svc.deck_view(&name, lang))
}

#[tauri::command(async)]
#[allow(clippy::too_many_arguments)] // one per field of the form, as the page sends them
pub fn deck_new(
    state: State<'_, AppState>,
    name: String,
    people: String,
    inquisitor: Option<String>,
    emissaries_inquisitors: bool,
    buka: bool,
    lang: Language,
) -> CmdResult<DeckView> {
    let new = NewDeck {
        name: &name,
        people: &people,
        inquisitor: inquisitor.as_deref(),
        emissaries_inquisitors,
        buka,
    };
    state.with(|svc| svc.deck_new(&new, lang))
}

/// Adds or removes cards, on the deck at the revision the page showed.
#[tauri::command(async)]
pub fn deck_change(
    state: State<'_, AppState>,
    change: Args<CardsChange>,
    lang: Language,
) -> CmdResult<DeckView> {
    state.with(|svc| svc.deck_change(&change, lang))
}

/// Adds or removes cards from the list of decks (a card page), at the revision the list
/// showed: the deck after it and the list as it now is, in one call.
#[tauri::command(async)]
pub fn deck_change_listed(
    state: State<'_, AppState>,
    change: Args<CardsChange>,
    lang: Language,
) -> CmdResult<DeckListChanged> {
    state.with(|svc| svc.deck_change_listed(&change, lang))
}

#[tauri::command(async)]
pub fn deck_delete(
    state: State<'_, AppState>,
    name: String,
    revision: u32,
    lang: Language,
) -> CmdResult<()> {
    state.with(|svc| svc.deck_delete(&name, Some(revision), lang))
}

/// Saves the deck's list to the file the person chooses in the platform's dialog; the path
/// written, or `None` when they cancel. The deck is found before the dialog opens.
#[tauri::command(async)]
pub fn deck_export_file<R: Runtime>(
    window: WebviewWindow<R>,
    dialogs: State<'_, FileDialogs>,
    state: State<'_, AppState>,
    name: String,
    lang: Language,
) -> CmdResult<Option<String>> {
    let deck = state.with(|svc| svc.deck_view(&name, lang))?;
    let Some(path) = dialogs.deck_save(&window, &deck.name, lang)? else {
        return Ok(None);
    };
    state.with(|svc| svc.deck_export_file(&deck.name, &path, lang))?;
    Ok(Some(path.display().to_string()))
}

/// Reads the deck list the person chooses in the platform's dialog into a new deck; `None`
/// when they cancel.
#[tauri::command(async)]
pub fn deck_import_file<R: Runtime>(
    window: WebviewWindow<R>,
    dialogs: State<'_, FileDialogs>,
    state: State<'_, AppState>,
    lang: Language,
) -> CmdResult<Option<DeckView>> {
    let Some(path) = dialogs.deck_open(&window, lang)? else {
        return Ok(None);
    };
    state
        .with(|svc| svc.deck_import_file(&path, None, lang))
        .map(Some)
}

/// The decks registered for a tournament, in seed order.
#[tauri::command(async)]
pub fn tournament_decks(
    state: State<'_, AppState>,
    id: i64,
    lang: Language,
) -> CmdResult<Vec<RegisteredDeckView>> {
    state.with(|svc| svc.tournament_decks(id, lang))
}

/// Registers a saved deck for a player of the tournament (`deck` null takes it away).
#[tauri::command(async)]
pub fn tournament_register_deck(
    state: State<'_, AppState>,
    id: i64,
    player: String,
    deck: Option<String>,
    lang: Language,
) -> CmdResult<Vec<RegisteredDeckView>> {
    state.with(|svc| svc.tournament_register_deck(id, &player, deck.as_deref(), lang))
}

/// Registers a player (created if new) together with a saved deck, in one write: a refused
/// deck registers nobody (the event page's registration form with a deck chosen).
#[tauri::command(async)]
pub fn tournament_register_with_deck(
    state: State<'_, AppState>,
    id: i64,
    player: String,
    people: Option<String>,
    deck: String,
    lang: Language,
) -> CmdResult<RegisteredWithDeck> {
    state.with(|svc| svc.register_with_deck(id, &[&player], people.as_deref(), &deck, lang))
}
