//! IPC commands of what Blue Moon's rules add to its table (the table itself is `table.rs`):
//! the match's next game, fixing the values of a card the catalog lacks, and the card look-up
//! with the entering player's deck first and each card's values.

use tablemate::game::{CardSuggestion, CardValuesFix, CardView};
use tablemate::table::{TableAt, TableView};
use tablemate::Language;

service_commands! {
    /// `people`: the entering player's deck, whose cards come first from the first letter.
    #[tauri::command(async)]
    pub fn game_suggest(text: String, limit: Option<usize>, people: Option<String>)
        -> Vec<CardSuggestion> = |svc| svc.card_suggestions_for(&text, limit, people.as_deref());

    /// A finished game of the match recorded and the next one started (the loser starting).
    #[tauri::command(async)]
    pub fn game_next(at: TableAt, lang: Language) -> TableView
        = |svc| svc.game_next(at, lang).map(TableView::from);

    #[tauri::command(async)]
    pub fn game_fix_card(fix: CardValuesFix, lang: Language) -> CardView
        = |svc| svc.game_fix_card(&fix, lang);
}
