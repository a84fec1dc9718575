//! IPC commands of the other games (Warhammer: Invasion, Star Trek CCG, Knightmare Chess) that
//! are not the table (the table and the list of games to resume are `table.rs`): the
//! statistics. Parse the request, call the service, map the error.

use tablemate::othergames::stats::OtherStatsView;
use tablemate::othergames::OtherGameKind;
use tablemate::Language;

service_commands! {
    /// Statistics of one game kind over its finished games (`player`: only that player's).
    #[tauri::command(async)]
    pub fn other_stats(kind: OtherGameKind, player: Option<String>, lang: Option<Language>)
        -> OtherStatsView
        = |svc| svc.other_statistics(kind, player.as_deref(), lang.unwrap_or_default());
}
