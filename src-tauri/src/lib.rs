//! Tablemate's Tauri shell: window, IPC commands and settings over the `tablemate` service.

mod commands;
pub mod device;
pub mod dialog;
mod reporting;
mod startup;
mod state;
pub mod wake;

use state::AppState;
use tauri::Manager;

/// Adds Tablemate's plugins, state and commands to a builder of any runtime (the real one, or
/// the mock runtime in tests).
pub fn configure<R: tauri::Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    builder
        .plugin(tauri_plugin_dialog::init())
        // this device's preferences (src/device.rs), used from Rust only
        .plugin(tauri_plugin_store::Builder::new().build())
        .manage(AppState::default())
        .manage(dialog::FileDialogs::from_env())
        .manage(wake::WakeLock::default())
        .manage(reporting::ReportServer::default())
        .setup(|app| {
            // Tauri knows the right data folder on every platform; keep it for the state.
            if let Ok(dir) = app.path().app_data_dir() {
                app.state::<AppState>().set_data_dir(dir);
            }
            // the rulings index opens once the first screen is painted (`app_ready`)
            Ok(())
        })
        // each command the page calls is counted for the start-up record (`startup::called`)
        .invoke_handler(counted(tauri::generate_handler![
            commands::shell::app_info,
            commands::shell::get_settings,
            commands::shell::set_settings,
            commands::shell::notices,
            commands::shell::acknowledge_notices,
            commands::device::boot_state,
            commands::device::app_ready,
            commands::device::device_pref_set,
            commands::device::device_prefs_move,
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
            commands::decks::deck_change_listed,
            commands::decks::deck_delete,
            commands::decks::deck_export_file,
            commands::decks::deck_import_file,
            commands::decks::tournament_decks,
            commands::decks::tournament_register_deck,
            commands::decks::tournament_register_with_deck,
            // [game commands]
            commands::table::table_new,
            commands::table::table_view,
            commands::table::table_current,
            commands::table::table_list,
            commands::table::table_enter,
            commands::table::table_act,
            commands::table::table_undo,
            commands::table::table_redo,
            commands::table::table_prompts,
            commands::table::table_suggest,
            commands::table::table_mark_seen,
            commands::table::table_abandon,
            commands::game::game_suggest,
            commands::game::game_next,
            commands::game::game_fix_card,
            commands::wake::keep_awake,
            // [history & tournament commands]
            commands::history::history_games,
            commands::history::history_unfinished,
            commands::history::history_game,
            commands::history::history_stats,
            commands::history::history_matches,
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
        ]))
}

/// `handler` with each call recorded first (`startup::called`: the start-up figures say which
/// commands the page called before the Table was painted; none is the goal).
fn counted<R: tauri::Runtime>(
    handler: impl Fn(tauri::ipc::Invoke<R>) -> bool + Send + Sync + 'static,
) -> impl Fn(tauri::ipc::Invoke<R>) -> bool + Send + Sync + 'static {
    move |invoke| {
        startup::called(invoke.message.command());
        handler(invoke)
    }
}

#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    startup::mark("main");
    // before any thread and before GTK: how WebKit paints (see the function)
    #[cfg(target_os = "linux")]
    startup::paint_without_compositing();
    // the page's font stack, asked of fontconfig while GTK and Tauri start (see the function)
    #[cfg(target_os = "linux")]
    let font = std::thread::spawn(startup::font_stack);
    // On desktop the data folder is known before Tauri is (TABLEMATE_DATA_DIR, else the
    // platform's, the same as Tauri's app_data_dir): the database and catalogs open on their own
    // thread while GTK and Tauri start. On mobile only Tauri knows the folder; the service opens
    // after the build then.
    #[cfg(desktop)]
    let early = std::thread::spawn(|| {
        let opened = tablemate::default_data_dir().and_then(tablemate::Service::open);
        startup::mark("service_opened");
        opened
    });
    let app = match configure(tauri::Builder::default()).build(tauri::generate_context!()) {
        Ok(app) => app,
        Err(e) => {
            eprintln!("Tablemate could not start: {e}");
            std::process::exit(1);
        }
    };
    startup::mark("tauri_built");
    let state = app.state::<AppState>();
    #[cfg(desktop)]
    if let Ok(opened) = early.join() {
        state.install(opened);
    }
    // What the first screen needs goes with the page (no call back before it paints): the
    // window is built here, not from the configuration, to carry it.
    let (prefs, moved) = match state.data_dir() {
        Ok(dir) => device::load(&app, &device::file_in(&dir)),
        Err(_) => Default::default(),
    };
    let mut boot = state.boot_state(prefs, moved);
    startup::mark("boot_state");
    boot.marks = startup::marks();
    #[cfg(target_os = "linux")]
    let font = font.join().ok().flatten();
    #[cfg(not(target_os = "linux"))]
    let font = None;
    let script = format!(
        "window.__TABLEMATE_BOOT__ = {};{}",
        serde_json::to_string(&boot).unwrap_or_else(|_| "null".to_owned()),
        startup::font_script(font)
    );
    let window = app
        .config()
        .app
        .windows
        .iter()
        .find(|w| w.label == "main")
        .cloned()
        .unwrap_or_default();
    if let Err(e) = tauri::WebviewWindowBuilder::from_config(app.handle(), &window).and_then(|w| {
        w.initialization_script(script)
            // the start-up record: when the page's load began and ended
            .on_page_load(|_, payload| {
                startup::mark(match payload.event() {
                    tauri::webview::PageLoadEvent::Started => "page_started",
                    tauri::webview::PageLoadEvent::Finished => "page_finished",
                })
            })
            .build()
    }) {
        eprintln!("Tablemate could not open its window: {e}");
        std::process::exit(1);
    }
    startup::mark("window_built");
    app.run(|handle, event| match event {
        tauri::RunEvent::Ready => startup::mark("ready"),
        // the reporting server goes with the app: its port is free again, no phone is left
        // talking to a closing app
        tauri::RunEvent::Exit => {
            let server = handle.state::<reporting::ReportServer>();
            tauri::async_runtime::block_on(server.stop());
        }
        _ => {}
    });
}
