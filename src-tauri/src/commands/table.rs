//! IPC commands of the table, one family for the four games: each names the game
//! (`GameRef`; a write as the table showed it, `TableAt`), takes the interface language and
//! calls the service's table operation of the same name (ARCHITECTURE.md, "The table's
//! operations"). What Blue Moon's rules add (the match's next game, fixing a card's values,
//! its card look-up) is in `game.rs`.

use cards::{Game, GameRef};
use tablemate::othergames::OtherCardSuggestion;
use tablemate::rulings::PromptView;
use tablemate::table::{
    CardEntry, EntryFront, NewTable, TableAction, TableAt, TableEntered, TableListItem, TableView,
};
use tablemate::Language;

service_commands! {
    #[tauri::command(async)]
    pub fn table_new(request: NewTable, lang: Language) -> TableView
        = |svc| svc.table_new(&request, lang);

    #[tauri::command(async)]
    pub fn table_view(game: GameRef, lang: Language) -> TableView
        = |svc| svc.table_view(game, lang);

    /// The games of `kinds` (every kind when empty), unfinished first.
    #[tauri::command(async)]
    pub fn table_list(kinds: Vec<Game>, unfinished_only: bool) -> Vec<TableListItem>
        = |svc| svc.table_list(&kinds, unfinished_only);

    /// The game of `kind` to resume (its most recently changed unfinished one), if any.
    #[tauri::command(async)]
    pub fn table_current(kind: Game, lang: Language) -> Option<TableView>
        = |svc| svc.table_current(kind, lang);

    /// A card entering play: the table after it with the card's rulings prompt, or (Blue Moon)
    /// what must be decided first.
    #[tauri::command(async)]
    pub fn table_enter(at: TableAt, card: CardEntry, lang: Language) -> TableEntered
        = |svc| svc.table_enter(at, &card, EntryFront::Window, lang);

    #[tauri::command(async)]
    pub fn table_act(at: TableAt, action: TableAction, lang: Language) -> TableView
        = |svc| svc.table_act(at, &action, lang);

    #[tauri::command(async)]
    pub fn table_undo(at: TableAt, lang: Language) -> TableView = |svc| svc.table_undo(at, lang);

    #[tauri::command(async)]
    pub fn table_redo(at: TableAt, lang: Language) -> TableView = |svc| svc.table_redo(at, lang);

    #[tauri::command(async)]
    pub fn table_prompts(game: GameRef, card: String, lang: Language, limit: Option<usize>)
        -> Vec<PromptView> = |svc| svc.table_prompts(game, &card, lang, limit);

    #[tauri::command(async)]
    pub fn table_suggest(game: GameRef, text: String, lang: Language, limit: Option<usize>)
        -> Vec<OtherCardSuggestion> = |svc| svc.table_suggest(game, &text, lang, limit);

    /// The person dismissed a ruling in the prompt: not shown again in this game.
    #[tauri::command(async)]
    pub fn table_mark_seen(game: GameRef, ruling: String, lang: Language) -> ()
        = |svc| svc.table_mark_seen(game, &ruling, lang);

    #[tauri::command(async)]
    pub fn table_abandon(at: TableAt, confirmed: bool, lang: Language) -> TableView
        = |svc| svc.table_abandon(at, confirmed, lang);
}
