//! IPC commands of players' reporting on the event page (issue #22): the networks to serve on,
//! start and stop the server, its status with the address, QR code and the round's reports
//! table by table (polled), the seats' codes, and the organiser's decisions. Parse, call,
//! map the error; the server itself is `crate::reporting`.

use lanreport::interfaces::LanAddress;
use lanreport::{ServingView, SlipCode, StopReason};
use tablemate::game::Seat;
use tablemate::tournaments::{
    report_address, PlayerRef, ReportAcceptance, ReportLogView, ReportingView,
};
use tablemate::{Language, ServiceError};
use tauri::{AppHandle, Runtime, State};

use super::CmdResult;
use crate::reporting::ReportServer;
use crate::state::AppState;

/// The round's reports, `None` before round 1 is paired.
fn reports(state: &AppState, id: i64, lang: Language) -> CmdResult<Option<ReportingView>> {
    state.with(|svc| {
        if svc
            .event_detail(id, tablemate::Language::default())?
            .rounds
            .is_empty()
        {
            Ok(None)
        } else {
            svc.reporting(id, lang).map(Some)
        }
    })
}

#[tauri::command(async)]
pub fn reporting_networks(lang: Option<Language>) -> CmdResult<Vec<LanAddress>> {
    lanreport::interfaces::local_lan_addresses()
        .map_err(|e| ServiceError::networks_unlisted(&e, lang.unwrap_or_default()))
}

/// Opens reporting for the current round (if closed) and serves it on `address`.
#[tauri::command]
pub async fn reporting_start<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    server: State<'_, ReportServer>,
    id: i64,
    address: String,
    lang: Option<Language>,
) -> CmdResult<ServingView> {
    let lang = lang.unwrap_or_default();
    let address = report_address(&address, lang)?;
    // the lock first: a round another program serves is neither opened nor closed here
    let dir = state.with(|svc| Ok(svc.paths().dir().to_path_buf()))?;
    let round = state.with(|svc| svc.reporting(id, lang).map(|r| r.round))?;
    server.start(app, id, round, address, &dir, lang).await?;
    let opened = state.with(|svc| {
        if !svc.reporting(id, lang)?.live {
            svc.open_reporting(id, lang)?;
        }
        Ok(())
    });
    if let Err(e) = opened {
        server.stop_because(StopReason::Closed).await;
        return Err(e);
    }
    Ok(ServingView::new(
        server.url_for(id),
        reports(&state, id, lang)?,
    ))
}

/// Stops the server and closes reporting (the reports stay).
#[tauri::command]
pub async fn reporting_stop(
    state: State<'_, AppState>,
    server: State<'_, ReportServer>,
    id: i64,
    lang: Option<Language>,
) -> CmdResult<ServingView> {
    let lang = lang.unwrap_or_default();
    server.stop_because(StopReason::Closed).await;
    let open = reports(&state, id, lang)?.is_some_and(|r| r.open);
    if open {
        state.with(|svc| svc.close_reporting(id, lang).map(drop))?;
    }
    Ok(ServingView::new(None, reports(&state, id, lang)?).stopped(server.stopped(id)))
}

/// Where reporting stands (the event page asks every few seconds). A server whose round's
/// codes stopped working (every result in, closed, the round undone) is stopped here, and
/// the view says why.
#[tauri::command]
pub async fn reporting_status(
    state: State<'_, AppState>,
    server: State<'_, ReportServer>,
    id: i64,
    lang: Option<Language>,
) -> CmdResult<ServingView> {
    let lang = lang.unwrap_or_default();
    let view = reports(&state, id, lang)?;
    if let Some(round) = server.round_for(id) {
        let why = match &view {
            Some(v) => StopReason::of(round, v),
            None => Some(StopReason::RoundUndone),
        };
        if let Some(why) = why {
            server.stop_because(why).await;
        }
    }
    Ok(ServingView::new(server.url_for(id), view).stopped(server.stopped(id)))
}

/// Each seat's code of the round (made when first asked for), with a QR code of the page's
/// address and the code while the event is served: for the result slips.
#[tauri::command(async)]
pub fn reporting_codes(
    state: State<'_, AppState>,
    server: State<'_, ReportServer>,
    id: i64,
    round: Option<u32>,
    lang: Option<Language>,
) -> CmdResult<Vec<SlipCode>> {
    let codes = state.with(|svc| svc.seat_codes(id, round, lang.unwrap_or_default()))?;
    Ok(SlipCode::all(codes, server.url_for(id).as_deref()))
}

service_commands! {
    /// Every report and decision of the event, oldest first: who, table, the phone's address,
    /// when, old → new.
    #[tauri::command(async)]
    pub fn reporting_log(id: i64, lang: Option<Language>) -> Vec<ReportLogView>
        = |svc| svc.report_log(id, lang.unwrap_or_default());

    #[tauri::command(async)]
    pub fn reporting_set_acceptance(id: i64, acceptance: ReportAcceptance) -> ()
        = |svc| svc.set_report_acceptance(id, acceptance);

    #[tauri::command(async)]
    pub fn reporting_accept(id: i64, round: u32, table: u32, lang: Option<Language>)
        -> ReportingView = |svc| svc.accept_reports(id, round, table, lang.unwrap_or_default());

    #[tauri::command(async)]
    pub fn reporting_reset(id: i64, round: u32, table: u32, lang: Option<Language>)
        -> ReportingView = |svc| svc.reset_reports(id, round, table, lang.unwrap_or_default());

    /// The organiser's result for a table (a dispute): the winner by seat (`A` or `B`: the page
    /// shows the players' names), seat A's and B's crystals.
    #[allow(clippy::too_many_arguments)]
    #[tauri::command(async)]
    pub fn reporting_settle(
        id: i64,
        round: u32,
        table: u32,
        winner: Seat,
        crystals_a: u8,
        crystals_b: u8,
        lang: Option<Language>,
    ) -> ReportingView = |svc| {
        let (winner, lang) = (PlayerRef::Seat(winner), lang.unwrap_or_default());
        svc.settle_reports(id, round, table, winner, crystals_a, crystals_b, lang)
    };
}
