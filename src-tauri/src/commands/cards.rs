//! IPC commands of the Cards screen: parse the request, call the service, map the error.

use tablemate::cards::{
    CardFilter, CardFilterOptions, CardPage, CardSearch, CatalogStatsView, FixView,
};
use tablemate::Language;

service_commands! {
    #[tauri::command(async)]
    pub fn cards_find(text: String, filter: CardFilter, limit: usize) -> CardSearch
        = |svc| svc.find_cards(&text, &filter, limit);

    #[tauri::command(async)]
    pub fn cards_filter_options() -> CardFilterOptions = |svc| Ok(svc.card_filter_options());

    #[tauri::command(async)]
    pub fn cards_page(card: String, lang: Language) -> CardPage = |svc| svc.card_page(&card, lang);

    #[tauri::command(async)]
    pub fn cards_fix(card: String, fact: String, value: String) -> Vec<FixView>
        = |svc| svc.fix_card(&card, &fact, &value);

    /// Takes back the person's fix of one fact of a card.
    #[tauri::command(async)]
    pub fn cards_fix_remove(card: String, fact: String) -> Vec<FixView>
        = |svc| svc.remove_card_fix(&card, &fact);

    #[tauri::command(async)]
    pub fn cards_stats() -> CatalogStatsView = |svc| svc.catalog_stats();
}
