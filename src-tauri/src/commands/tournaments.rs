//! IPC commands of the Matches screen's tournaments: parse the request, call the service, map
//! the error. No logic lives here.

use std::net::SocketAddr;

use super::args::Args;
use crate::dialog::FileDialogs;
use crate::reporting::ReportServer;
use crate::state::AppState;
use lanreport::SlipCode;
use serde::Deserialize;
use tablemate::tournaments::{
    ClockAction, ClockView, EntrantView, EventDetail, EventView, ExportedFiles, NewEvent,
    PairingTable, PlayerRef, RoundView, TableMatch, UndoneRound,
};
use tablemate::{Language, ServiceError};
use tauri::{Manager, Runtime, State, WebviewWindow};

use super::CmdResult;

/// An event, as the page names it, and the language of refusals.
#[derive(Deserialize)]
pub struct EventOf {
    id: i64,
    lang: Option<Language>,
}

/// A registered player of an event, chosen on the event page, and the language of refusals.
#[derive(Deserialize)]
pub struct EntrantOf {
    id: i64,
    entrant: i64,
    lang: Option<Language>,
}

impl EntrantOf {
    fn who(&self) -> PlayerRef {
        PlayerRef::Entrant(self.entrant)
    }
}

#[tauri::command(async)]
pub fn tournament_list(state: State<'_, AppState>) -> CmdResult<Vec<EventView>> {
    state.with(|svc| svc.list_events())
}

#[tauri::command(async)]
pub fn tournament_create(
    state: State<'_, AppState>,
    event: NewEvent,
    lang: Option<Language>,
) -> CmdResult<EventView> {
    state.with(|svc| svc.create_event(&event, lang.unwrap_or_default()))
}

#[tauri::command(async)]
pub fn tournament_detail(state: State<'_, AppState>, at: Args<EventOf>) -> CmdResult<EventDetail> {
    state.with(|svc| svc.event_detail(at.id, at.lang.unwrap_or_default()))
}

#[tauri::command(async)]
pub fn tournament_register(
    state: State<'_, AppState>,
    id: i64,
    player: String,
    people: Option<String>,
    lang: Option<Language>,
) -> CmdResult<EntrantView> {
    state.with(|svc| svc.register(id, &player, people.as_deref(), lang.unwrap_or_default()))
}

/// Corrects a registration before round 1 is paired: the player's name and people.
#[tauri::command(async)]
pub fn tournament_correct_registration(
    state: State<'_, AppState>,
    id: i64,
    entrant: i64,
    player: String,
    people: Option<String>,
    lang: Option<Language>,
) -> CmdResult<EntrantView> {
    state.with(|svc| {
        svc.correct_registration(
            id,
            PlayerRef::Entrant(entrant),
            &player,
            people.as_deref(),
            lang.unwrap_or_default(),
        )
    })
}

/// Removes a registration before round 1 is paired; returns the registration removed.
#[tauri::command(async)]
pub fn tournament_unregister(
    state: State<'_, AppState>,
    at: Args<EntrantOf>,
) -> CmdResult<EntrantView> {
    state.with(|svc| svc.remove_registration(at.id, at.who(), at.lang.unwrap_or_default()))
}

#[tauri::command(async)]
pub fn tournament_drop(state: State<'_, AppState>, at: Args<EntrantOf>) -> CmdResult<EntrantView> {
    state.with(|svc| svc.set_dropped(at.id, at.who(), true, at.lang.unwrap_or_default()))
}

#[tauri::command(async)]
pub fn tournament_pair(state: State<'_, AppState>, at: Args<EventOf>) -> CmdResult<RoundView> {
    state.with(|svc| svc.pair_round(at.id, at.lang.unwrap_or_default()))
}

#[allow(clippy::too_many_arguments)]
#[tauri::command(async)]
pub fn tournament_result(
    state: State<'_, AppState>,
    id: i64,
    round: u32,
    table: u32,
    winner: i64,
    crystals_a: u8,
    crystals_b: u8,
    lang: Option<Language>,
) -> CmdResult<PairingTable> {
    let (at, winner) = ((id, round, table), PlayerRef::Entrant(winner));
    let (crystals, lang) = ((crystals_a, crystals_b), lang.unwrap_or_default());
    state.with(|svc| svc.typed_result(at, &winner, crystals, None, lang))
}

#[tauri::command(async)]
pub fn tournament_result_from_match(
    state: State<'_, AppState>,
    id: i64,
    round: u32,
    table: u32,
    match_id: i64,
    lang: Option<Language>,
) -> CmdResult<PairingTable> {
    state.with(|svc| {
        svc.record_result_from_match(id, round, table, match_id, lang.unwrap_or_default())
    })
}

/// Corrects the table's recorded result for `reason`.
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
    lang: Option<Language>,
) -> CmdResult<PairingTable> {
    let (at, winner) = ((id, round, table), PlayerRef::Entrant(winner));
    let (crystals, lang) = ((crystals_a, crystals_b), lang.unwrap_or_default());
    state.with(|svc| svc.typed_result(at, &winner, crystals, Some(&reason), lang))
}

/// Exports the event into a folder the person chooses in the platform's dialog; `None` when
/// they cancel. The files are written after the service is released: file IO never holds up
/// the other commands.
#[tauri::command(async)]
pub fn tournament_export<R: Runtime>(
    window: WebviewWindow<R>,
    dialogs: State<'_, FileDialogs>,
    state: State<'_, AppState>,
    id: i64,
    lang: Option<Language>,
) -> CmdResult<Option<ExportedFiles>> {
    // checks the event exists before asking where to put it
    state.with(|svc| {
        svc.event_detail(id, tablemate::Language::default())
            .map(drop)
    })?;
    let start = window.path().document_dir().ok();
    let Some(folder) =
        dialogs.export_folder(&window, start.as_deref(), lang.unwrap_or_default())?
    else {
        return Ok(None);
    };
    let export = state.with(|svc| svc.event_export(id, &folder))?;
    tablemate::tournaments::write_export(&export).map(Some)
}

/// Imports the event file the person chooses in the platform's dialog; `None` when they
/// cancel. The file is read (bounded, regular files only) before the service is taken.
#[tauri::command(async)]
pub fn tournament_import<R: Runtime>(
    window: WebviewWindow<R>,
    dialogs: State<'_, FileDialogs>,
    state: State<'_, AppState>,
    lang: Option<Language>,
) -> CmdResult<Option<EventView>> {
    let lang = lang.unwrap_or_default();
    let Some(path) = dialogs.event_file(&window, lang)? else {
        return Ok(None);
    };
    let file = tablemate::tournaments::read_event_file(&path, lang)?;
    state
        .with(|svc| svc.import_event_file(&file, lang))
        .map(Some)
}

/// Creates the event `event` with the players of the CSV file the person chooses in the
/// platform's dialog (a spreadsheet's list or an export's entrants.csv); `None` when they
/// cancel. The event's details are checked before the dialog opens; the file is read
/// (bounded, regular files only) before the service is taken.
#[tauri::command(async)]
pub fn tournament_import_players<R: Runtime>(
    window: WebviewWindow<R>,
    dialogs: State<'_, FileDialogs>,
    state: State<'_, AppState>,
    event: NewEvent,
    lang: Option<Language>,
) -> CmdResult<Option<EventView>> {
    let lang = lang.unwrap_or_default();
    event.check(lang)?;
    let Some(path) = dialogs.players_file(&window, lang)? else {
        return Ok(None);
    };
    let bytes = tablemate::tournaments::read_limited(&path, lang)?;
    state
        .with(|svc| svc.import_entrants_csv(&event, &bytes, lang))
        .map(Some)
}

/// Each seat's code of the event's current round (made when it was paired, prepared or
/// published) for the result slips, with a QR code of the reporting page and the code: at the
/// address served while the event is served, otherwise at `address` (`ip:port`), where the
/// organiser will serve it.
#[tauri::command(async)]
pub fn tournament_slip_codes(
    state: State<'_, AppState>,
    server: State<'_, ReportServer>,
    id: i64,
    address: Option<String>,
    lang: Option<Language>,
) -> CmdResult<Vec<SlipCode>> {
    let lang = lang.unwrap_or_default();
    let planned = match address.as_deref().map(str::trim).filter(|a| !a.is_empty()) {
        None => None,
        Some(a) => Some(page_url(a.parse().map_err(|_| {
            ServiceError::invalid(match lang {
                Language::En => format!("{a:?} is not an address like 192.168.1.20:8470"),
                Language::De => format!("{a:?} ist keine Adresse wie 192.168.1.20:8470"),
            })
        })?)),
    };
    let codes = state.with(|svc| svc.seat_codes(id, None, lang))?;
    let url = server.url_for(id).or(planned);
    Ok(SlipCode::all(codes, url.as_deref()))
}

/// The reporting page at `address`, as the server names itself (`http://192.168.1.20:8470/`).
fn page_url(address: SocketAddr) -> String {
    format!("http://{address}/")
}

#[tauri::command(async)]
pub fn tournament_undrop(
    state: State<'_, AppState>,
    at: Args<EntrantOf>,
) -> CmdResult<EntrantView> {
    state.with(|svc| svc.set_dropped(at.id, at.who(), false, at.lang.unwrap_or_default()))
}

/// Undoes the last paired round while it has no result; says which drops moved to the round
/// before. A round with players' reports is undone only `confirmed`.
#[tauri::command(async)]
pub fn tournament_unpair(
    state: State<'_, AppState>,
    id: i64,
    confirmed: Option<bool>,
    lang: Option<Language>,
) -> CmdResult<UndoneRound> {
    state.with(|svc| svc.undo_round(id, confirmed.unwrap_or(false), lang.unwrap_or_default()))
}

/// Pairs the next round without publishing it (the organiser sees it, the projector does not).
#[tauri::command(async)]
pub fn tournament_prepare(state: State<'_, AppState>, at: Args<EventOf>) -> CmdResult<RoundView> {
    state.with(|svc| svc.prepare_round(at.id, at.lang.unwrap_or_default()))
}

/// Publishes the last paired round; returns its number.
#[tauri::command(async)]
pub fn tournament_publish(state: State<'_, AppState>, at: Args<EventOf>) -> CmdResult<u32> {
    state.with(|svc| svc.publish_round(at.id, at.lang.unwrap_or_default()))
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
    lang: Option<Language>,
) -> CmdResult<ClockView> {
    state.with(|svc| svc.command_clock(id, action, lang.unwrap_or_default()))
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
    lang: Option<Language>,
) -> CmdResult<Vec<TableMatch>> {
    state.with(|svc| svc.matches_at_table(id, round, table, lang.unwrap_or_default()))
}
