//! Tablemate's Tauri shell: window, IPC commands and settings over the `tablemate` service.

mod commands;
pub mod dialog;
mod reporting;
mod state;
pub mod wake;

use state::AppState;
use tauri::Manager;

/// Adds Tablemate's plugins, state and commands to a builder of any runtime (the real one, or
/// the mock runtime in tests).
pub fn configure<R: tauri::Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    builder
        .plugin(tauri_plugin_dialog::init())
        .manage(AppState::default())
        .manage(dialog::FileDialogs::from_env())
        .manage(wake::WakeLock::default())
        .manage(reporting::ReportServer::default())
        .setup(|app| {
            // Tauri knows the right data folder on every platform; keep it for the state.
            if let Ok(dir) = app.path().app_data_dir() {
                app.state::<AppState>().set_data_dir(dir);
            }
            let handle = app.handle().clone();
            std::thread::spawn(move || handle.state::<AppState>().open_rulings_index());
            Ok(())
        })
        .invoke_handler(tauri::generate_handler![
            commands::shell::app_info,
            commands::shell::get_settings,
            commands::shell::set_settings,
            commands::shell::notices,
            commands::shell::acknowledge_notices,
            // [cards & rulings commands]
            commands::cards::cards_find,
            commands::cards::cards_filter_options,
            commands::cards::cards_page,
            commands::cards::cards_fix,
            commands::cards::cards_fix_remove,
            commands::cards::cards_stats,
            commands::rulings::rulings_search,
            commands::rulings::rulings_show,
            commands::rulings::rulings_for,
            commands::rulings::corpus_stats,
            commands::decks::deck_list,
            commands::decks::deck_view,
            commands::decks::deck_new,
            commands::decks::deck_change,
            commands::decks::deck_delete,
            commands::decks::deck_export_file,
            commands::decks::deck_import_file,
            commands::decks::tournament_decks,
            commands::decks::tournament_register_deck,
            // [game commands]
            commands::game::game_new,
            commands::game::game_current,
            commands::game::game_view,
            commands::game::game_list,
            commands::game::game_suggest,
            commands::game::game_enter,
            commands::game::game_act,
            commands::game::game_undo,
            commands::game::game_redo,
            commands::game::game_next,
            commands::game::game_fix_card,
            commands::game::game_mark_ruling_seen,
            commands::wake::keep_awake,
            // [history & tournament commands]
            commands::history::history_games,
            commands::history::history_unfinished,
            commands::history::history_game,
            commands::history::history_stats,
            commands::history::history_matches,
            commands::othergames::other_new,
            commands::othergames::other_current,
            commands::othergames::other_view,
            commands::othergames::other_list,
            commands::othergames::other_act,
            commands::othergames::other_enter,
            commands::othergames::other_undo,
            commands::othergames::other_redo,
            commands::othergames::other_suggest,
            commands::othergames::other_prompts,
            commands::othergames::other_mark_ruling_seen,
            commands::othergames::other_stats,
            commands::tournaments::tournament_list,
            commands::tournaments::tournament_create,
            commands::tournaments::tournament_detail,
            commands::tournaments::tournament_register,
            commands::tournaments::tournament_drop,
            commands::tournaments::tournament_undrop,
            commands::tournaments::tournament_correct_registration,
            commands::tournaments::tournament_unregister,
            commands::tournaments::tournament_pair,
            commands::tournaments::tournament_unpair,
            commands::tournaments::tournament_prepare,
            commands::tournaments::tournament_publish,
            commands::tournaments::tournament_clock,
            commands::tournaments::tournament_clock_command,
            commands::tournaments::tournament_table_clock,
            commands::tournaments::tournament_table_matches,
            commands::tournaments::tournament_result,
            commands::tournaments::tournament_result_from_match,
            commands::tournaments::tournament_correct,
            commands::tournaments::tournament_export,
            commands::tournaments::tournament_import,
            commands::tournaments::tournament_import_players,
            commands::tournaments::tournament_slip_codes,
            commands::reporting::reporting_networks,
            commands::reporting::reporting_start,
            commands::reporting::reporting_stop,
            commands::reporting::reporting_status,
            commands::reporting::reporting_codes,
            commands::reporting::reporting_set_acceptance,
            commands::reporting::reporting_accept,
            commands::reporting::reporting_reset,
            commands::reporting::reporting_settle,
            commands::reporting::reporting_log,
        ])
}

#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    let app = match configure(tauri::Builder::default()).build(tauri::generate_context!()) {
        Ok(app) => app,
        Err(e) => {
            eprintln!("Tablemate could not start: {e}");
            std::process::exit(1);
        }
    };
    app.run(|handle, event| {
        // the reporting server goes with the app: its port is free again, no phone is left
        // talking to a closing app
        if let tauri::RunEvent::Exit = event {
            let server = handle.state::<reporting::ReportServer>();
            tauri::async_runtime::block_on(server.stop());
        }
    });
}
