//! IPC commands of the Rulings screen (and the rulings on a card page): parse the request,
//! call the service, map the error.

use tablemate::rulings::{CorpusStatsView, RulingDetail, RulingSearch, RulingsForCard};
use tablemate::Language;

service_commands! {
    #[tauri::command(async)]
    pub fn rulings_search(
        text: String,
        game: Option<String>,
        source: Option<String>,
        lang: Option<Language>,
        limit: usize,
    ) -> RulingSearch
        = |svc| svc.search_rulings(&text, game.as_deref(), source.as_deref(), lang, limit);

    #[tauri::command(async)]
    pub fn rulings_show(id: String, highlight: Option<String>) -> RulingDetail
        = |svc| svc.ruling(&id, highlight.as_deref());

    #[tauri::command(async)]
    pub fn rulings_for(card: String, active: Vec<String>, lang: Option<Language>, limit: usize)
        -> RulingsForCard = |svc| svc.rulings_for(&card, &active, lang.unwrap_or_default(), limit);

    #[tauri::command(async)]
    pub fn corpus_stats() -> CorpusStatsView = |svc| svc.corpus_stats();
}
