//! IPC commands of the Matches screen's tournaments: parse the request, call the service, map
//! the error. No logic lives here.

use crate::state::AppState;
use tablemate::tournaments::{
    ClockAction, ClockView, EntrantView, EventDetail, EventView, ExportedFiles, NewEvent,
    PairingTable, RoundView, TableMatch,
};
use tablemate::ServiceError;
use tauri::State;

type CmdResult<T> = Result<T, ServiceError>;

#[tauri::command(async)]
pub fn tournament_list(state: State<'_, AppState>) -> CmdResult<Vec<EventView>> {
    state.with(|svc| svc.list_events())
}

#[tauri::command(async)]
pub fn tournament_create(state: State<'_, AppState>, event: NewEvent) -> CmdResult<EventView> {
    state.with(|svc| svc.create_event(&event))
}

#[tauri::command(async)]
pub fn tournament_detail(state: State<'_, AppState>, id: i64) -> CmdResult<EventDetail> {
    state.with(|svc| svc.event_detail(id))
}

#[tauri::command(async)]
pub fn tournament_register(
    state: State<'_, AppState>,
    id: i64,
    player: String,
    people: Option<String>,
) -> CmdResult<EntrantView> {
    state.with(|svc| svc.register(id, &player, people.as_deref()))
}

#[tauri::command(async)]
pub fn tournament_drop(
    state: State<'_, AppState>,
    id: i64,
    entrant: i64,
) -> CmdResult<EntrantView> {
    state.with(|svc| svc.drop_player(id, &format!("#{entrant}")))
}

#[tauri::command(async)]
pub fn tournament_pair(state: State<'_, AppState>, id: i64) -> CmdResult<RoundView> {
    state.with(|svc| svc.pair_round(id))
}

#[tauri::command(async)]
pub fn tournament_result(
    state: State<'_, AppState>,
    id: i64,
    round: u32,
    table: u32,
    winner: i64,
    crystals_a: u8,
    crystals_b: u8,
) -> CmdResult<PairingTable> {
    state.with(|svc| {
        svc.record_result(
            id,
            round,
            table,
            &format!("#{winner}"),
            crystals_a,
            crystals_b,
        )
    })
}

#[tauri::command(async)]
pub fn tournament_result_from_match(
    state: State<'_, AppState>,
    id: i64,
    round: u32,
    table: u32,
    match_id: i64,
) -> CmdResult<PairingTable> {
    state.with(|svc| svc.record_result_from_match(id, round, table, match_id))
}

#[allow(clippy::too_many_arguments)]
#[tauri::command(async)]
pub fn tournament_correct(
    state: State<'_, AppState>,
    id: i64,
    round: u32,
    table: u32,
    winner: i64,
    crystals_a: u8,
    crystals_b: u8,
    reason: String,
) -> CmdResult<PairingTable> {
    state.with(|svc| {
        svc.correct_result(
            id,
            round,
            table,
            &format!("#{winner}"),
            crystals_a,
            crystals_b,
            &reason,
        )
    })
}

#[tauri::command(async)]
pub fn tournament_export(state: State<'_, AppState>, id: i64) -> CmdResult<ExportedFiles> {
    let export = state.with(|svc| svc.event_export(id, &svc.default_export_folder(id)?))?;
    // written after the service is released: file IO never holds up the other commands
    tablemate::tournaments::write_export(&export)
}

#[tauri::command(async)]
pub fn tournament_import(state: State<'_, AppState>, path: String) -> CmdResult<EventView> {
    // read before taking the service: file IO never holds up the other commands
    let file = tablemate::tournaments::read_event_file(std::path::Path::new(path.trim()))?;
    state.with(|svc| svc.import_event_file(&file))
}

#[tauri::command(async)]
pub fn tournament_undrop(
    state: State<'_, AppState>,
    id: i64,
    entrant: i64,
) -> CmdResult<EntrantView> {
    state.with(|svc| svc.take_back_drop(id, &format!("#{entrant}")))
}

/// Undoes the last paired round while it has no result; returns the round's number.
#[tauri::command(async)]
pub fn tournament_unpair(state: State<'_, AppState>, id: i64) -> CmdResult<u32> {
    state.with(|svc| svc.undo_round(id))
}

/// Pairs the next round without publishing it (the organiser sees it, the projector does not).
#[tauri::command(async)]
pub fn tournament_prepare(state: State<'_, AppState>, id: i64) -> CmdResult<RoundView> {
    state.with(|svc| svc.prepare_round(id))
}

/// Publishes the last paired round; returns its number.
#[tauri::command(async)]
pub fn tournament_publish(state: State<'_, AppState>, id: i64) -> CmdResult<u32> {
    state.with(|svc| svc.publish_round(id))
}

/// The current round's clock now (`None` before round 1 is paired). The views ask every second.
#[tauri::command(async)]
pub fn tournament_clock(state: State<'_, AppState>, id: i64) -> CmdResult<Option<ClockView>> {
    state.with(|svc| svc.round_clock(id))
}

#[tauri::command(async)]
pub fn tournament_clock_command(
    state: State<'_, AppState>,
    id: i64,
    action: ClockAction,
) -> CmdResult<ClockView> {
    state.with(|svc| svc.command_clock(id, action))
}

/// The clock the table shows during a match: the one started most recently, if any.
#[tauri::command(async)]
pub fn tournament_table_clock(state: State<'_, AppState>) -> CmdResult<Option<ClockView>> {
    state.with(|svc| svc.table_clock())
}

/// The finished matches played in the app by the two players at a table, newest first.
#[tauri::command(async)]
pub fn tournament_table_matches(
    state: State<'_, AppState>,
    id: i64,
    round: u32,
    table: u32,
) -> CmdResult<Vec<TableMatch>> {
    state.with(|svc| svc.matches_at_table(id, round, table))
}
