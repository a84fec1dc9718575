//! IPC commands of the Matches screen's history: games, matches, a game's timeline and
//! statistics. Parse the request, call the service, map the error; no logic lives here.

use tablemate::history::{GamePage, GameRow, MatchView, StatsView, Unfinished};
use tablemate::Language;

service_commands! {
    #[tauri::command(async)]
    pub fn history_games(
        player: Option<String>,
        people: Option<String>,
        unfinished_only: bool,
        limit: Option<u32>,
    ) -> Vec<GameRow>
        = |svc| svc.list_games(player.as_deref(), people.as_deref(), unfinished_only, limit);

    #[tauri::command(async)]
    pub fn history_unfinished() -> Unfinished = |svc| svc.unfinished();

    #[tauri::command(async)]
    pub fn history_game(id: i64, lang: Option<Language>) -> GamePage
        = |svc| svc.game_page(id, lang.unwrap_or_default());

    #[tauri::command(async)]
    pub fn history_stats(player: Option<String>, lang: Option<Language>) -> StatsView
        = |svc| svc.statistics(player.as_deref(), lang.unwrap_or_default());

    #[tauri::command(async)]
    pub fn history_matches(unfinished_only: bool) -> Vec<MatchView>
        = |svc| svc.list_matches(unfinished_only);
}
