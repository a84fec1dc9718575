//! `tablemate tournament serve|codes|reports|accept|reset|settle`: players reporting their own
//! results from their phones over the hall's network. `serve` runs the reporting server
//! (crates/lanreport) on one network of this computer until Ctrl+C, or until the round's
//! codes stop working (every result in, reporting closed, the round undone), and says which;
//! a second `serve` of the same event (here or in the app) is refused, naming the first. The
//! organiser's commands stay here, never on the network.

use std::io::Write;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use clap::{Args, Subcommand};
use lanreport::StopReason;
use tablemate::tournaments::{
    ReportAcceptance, ReportLogAction, ReportLogView, ReportingView, SeatCodeView, TableReportState,
};
use tablemate::{Service, ServiceError};

use crate::output::lang;
use crate::Ctx;

#[derive(Debug, Subcommand)]
pub enum ReportCmd {
    /// Serve the report page on this computer's network until Ctrl+C, or until the round's
    /// codes stop working (every result in, reporting closed, the round undone), and say why it
    /// stopped. Opens reporting for the current round if it is closed, and closes it when the
    /// server stops. Refused while the event is served already (by another `serve` or the
    /// app).
    Serve {
        /// The event: its name or number (`tournament list`).
        event: String,
        /// The address to serve on, one network of this computer (default: the first LAN
        /// address found, port 8470). Never 0.0.0.0.
        #[arg(long, value_name = "IP:PORT")]
        address: Option<SocketAddr>,
    },
    /// The networks of this computer `serve` can use (no loopback, VPN or container networks),
    /// best first; the first is the default.
    Networks,
    /// Each player's code for the current round (or --round R), for the result slips. The
    /// current round's codes are made when first asked for.
    Codes {
        /// The event: its name or number (`tournament list`).
        event: String,
        /// Another round than the current one.
        #[arg(long)]
        round: Option<u32>,
    },
    /// Where the current round's reports stand, table by table; open or close reporting, or
    /// set whether agreeing reports count at once or wait for you. --log: every report and
    /// decision of the event instead (who, table, the phone's address, when, old → new).
    Reports {
        /// The event: its name or number (`tournament list`).
        event: String,
        /// Open reporting for the current round.
        #[arg(long, conflicts_with = "close")]
        open: bool,
        /// Close reporting.
        #[arg(long)]
        close: bool,
        /// Show the report log: every report and decision, oldest first.
        #[arg(long, conflicts_with_all = ["open", "close", "accept"])]
        log: bool,
        /// at-once (agreeing reports become the result) or by-organiser (they wait for
        /// `tournament accept`).
        #[arg(long, value_name = "WHEN")]
        accept: Option<String>,
    },
    /// Accept a table's two agreeing reports as its result.
    Accept(At),
    /// Clear a table's reports so both players report again.
    Reset(At),
    /// Set a disputed table's result yourself (logged with the reports).
    Settle {
        #[command(flatten)]
        at: At,
        /// The winner: name, #entrant id, or seat a/b.
        #[arg(long)]
        winner: String,
        /// Crystals of seat A and seat B, e.g. 5-3.
        #[arg(long, value_name = "A-B")]
        crystals: String,
    },
}

#[derive(Debug, Args)]
pub struct At {
    /// The event: its name or number (`tournament list`).
    event: String,
    /// The round's number.
    #[arg(long)]
    round: u32,
    /// The table's number in that round.
    #[arg(long)]
    table: u32,
}

fn state_text(s: TableReportState) -> &'static str {
    match s {
        TableReportState::Nobody => "nobody reported",
        TableReportState::One => "one reported",
        TableReportState::Agreed => "agreed, waiting for you",
        TableReportState::Disputed => "DISPUTED",
        TableReportState::Final => "final",
    }
}

fn print_reporting(w: &mut dyn Write, v: &ReportingView) -> std::io::Result<()> {
    let open = if v.live {
        "open"
    } else if v.open {
        "open, but the round is final"
    } else {
        "closed"
    };
    let accept = match v.acceptance {
        ReportAcceptance::AtOnce => "agreeing reports count at once",
        ReportAcceptance::ByOrganiser => "agreeing reports wait for you",
    };
    writeln!(w, "round {}: reporting {open}; {accept}", v.round)?;
    for t in &v.tables {
        writeln!(
            w,
            "table {:>2}: {} v {}: {}",
            t.table,
            t.a,
            t.b,
            state_text(t.state)
        )?;
        for (who, r) in [(&t.a, &t.report_a), (&t.b, &t.report_b)] {
            if let Some(r) = r {
                writeln!(w, "          {who} reports: {r}")?;
            }
        }
        if let Some(r) = &t.result {
            writeln!(w, "          result: {r}")?;
        }
    }
    Ok(())
}

fn action_text(a: ReportLogAction) -> &'static str {
    match a {
        ReportLogAction::Report => "reported",
        ReportLogAction::Accept => "accepted",
        ReportLogAction::SetResult => "set the result",
        ReportLogAction::Reset => "cleared a report",
    }
}

fn print_log(w: &mut dyn Write, log: &[ReportLogView]) -> std::io::Result<()> {
    if log.is_empty() {
        writeln!(w, "no reports yet")?;
    }
    for l in log {
        let change = match (&l.old, &l.new) {
            (Some(o), Some(n)) => format!("{o} → {n}"),
            (None, Some(n)) => n.clone(),
            (Some(o), None) => format!("{o} → (none)"),
            (None, None) => String::new(),
        };
        let from = l
            .client
            .as_deref()
            .map_or_else(String::new, |c| format!(" from {c}"));
        writeln!(
            w,
            "{}  round {} table {:>2}  {} {}{from}: {change}",
            l.at,
            l.round,
            l.table,
            l.who,
            action_text(l.action)
        )?;
    }
    Ok(())
}

fn print_codes(w: &mut dyn Write, codes: &[SeatCodeView]) -> std::io::Result<()> {
    if codes.is_empty() {
        writeln!(w, "no codes for this round")?;
    }
    for c in codes {
        writeln!(
            w,
            "round {} table {:>2}  {}  {} (against {})",
            c.round, c.table, c.typed, c.player, c.opponent
        )?;
    }
    Ok(())
}

/// The address to serve on: the one given, or the first LAN address found.
fn address(given: Option<SocketAddr>) -> Result<SocketAddr, ServiceError> {
    if let Some(a) = given {
        return Ok(a);
    }
    let found = lanreport::interfaces::local_lan_addresses().map_err(|e| {
        ServiceError::internal(format!("Cannot list this computer's networks: {e}"))
    })?;
    let first = found.first().ok_or_else(|| {
        ServiceError::invalid(
            "No network found to serve on (only loopback, VPN or container networks); connect \
             to the hall's Wi-Fi, or give --address IP:PORT",
        )
    })?;
    Ok(SocketAddr::new(first.ip, lanreport::DEFAULT_PORT))
}

pub fn run(ctx: &Ctx, mut svc: Service, cmd: ReportCmd) -> Result<(), ServiceError> {
    let out = ctx.out;
    match cmd {
        ReportCmd::Serve { event, address: a } => {
            let id = svc.find_event_in(&event, lang())?.0;
            serve(svc, id, address(a)?, ctx)
        }
        ReportCmd::Networks => {
            let found = lanreport::interfaces::local_lan_addresses().map_err(|e| {
                ServiceError::internal(format!("Cannot list this computer's networks: {e}"))
            })?;
            out.print(&found, |w| {
                if found.is_empty() {
                    writeln!(
                        w,
                        "no network to serve on (only loopback, VPN or containers)"
                    )?;
                }
                for a in &found {
                    writeln!(w, "{}  {}", a.interface, a.ip)?;
                }
                Ok(())
            })
        }
        ReportCmd::Codes { event, round } => {
            let id = svc.find_event_in(&event, lang())?.0;
            let codes = svc.seat_codes(id, round, lang())?;
            out.print(&codes, |w| print_codes(w, &codes))
        }
        ReportCmd::Reports {
            event,
            open,
            close,
            log,
            accept,
        } => {
            let id = svc.find_event_in(&event, lang())?.0;
            if log {
                let log = svc.report_log(id, lang())?;
                return out.print(&log, |w| print_log(w, &log));
            }
            if let Some(a) = accept {
                let acceptance = match a.trim().to_ascii_lowercase().replace('_', "-").as_str() {
                    "at-once" => ReportAcceptance::AtOnce,
                    "by-organiser" | "by-organizer" => ReportAcceptance::ByOrganiser,
                    other => {
                        return Err(ServiceError::invalid(format!(
                            "--accept {other:?} is not at-once or by-organiser"
                        )))
                    }
                };
                svc.set_report_acceptance(id, acceptance)?;
            }
            let view = if open {
                svc.open_reporting(id, lang())?
            } else if close {
                svc.close_reporting(id, lang())?
            } else {
                svc.reporting(id, lang())?
            };
            out.print(&view, |w| print_reporting(w, &view))
        }
        ReportCmd::Accept(at) => {
            let id = svc.find_event_in(&at.event, lang())?.0;
            let view = svc.accept_reports(id, at.round, at.table, lang())?;
            out.print(&view, |w| print_reporting(w, &view))
        }
        ReportCmd::Reset(at) => {
            let id = svc.find_event_in(&at.event, lang())?.0;
            let view = svc.reset_reports(id, at.round, at.table, lang())?;
            out.print(&view, |w| print_reporting(w, &view))
        }
        ReportCmd::Settle {
            at,
            winner,
            crystals,
        } => {
            let id = svc.find_event_in(&at.event, lang())?.0;
            let (ca, cb) = super::tournament::parse_crystals(&crystals)?;
            let view = svc.settle_reports(id, at.round, at.table, &winner, ca, cb, lang())?;
            out.print(&view, |w| print_reporting(w, &view))
        }
    }
}

/// Runs the server until Ctrl+C or until the round's codes stop working, says why, then
/// closes reporting (unless it was closed already). The event is locked for serving first, so
/// a second `serve` (or the app) is refused before it opens or closes anything.
fn serve(mut svc: Service, event: i64, address: SocketAddr, ctx: &Ctx) -> Result<(), ServiceError> {
    let lock = lanreport::ServeLock::acquire(svc.paths().dir(), event, lanreport::Holder::Cli)
        .map_err(|e| ServiceError::invalid(e.text(lang())))?;
    let view = svc.reporting(event, lang())?;
    if !view.live {
        svc.open_reporting(event, lang())?;
    }
    let round = svc.reporting(event, lang())?.round;
    let service = Arc::new(Mutex::new(svc));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| ServiceError::internal(format!("Cannot start the server's runtime: {e}")))?;
    let served = runtime.block_on(async {
        let desk = Arc::new(lanreport::ServiceDesk {
            service: service.clone(),
            event,
        });
        let server = lanreport::Server::start(address, lanreport::Limits::default(), desk)
            .await
            .map_err(|e| ServiceError::invalid(capitalise(&e.to_string())))?;
        let url = server.url();
        let _ = lock.announce(Some(&url));
        ctx.out.print(&serde_json::json!({ "url": url }), |w| {
            writeln!(w, "players report at {url} (Ctrl+C to stop)")
        })?;
        let why = tokio::select! {
            _ = tokio::signal::ctrl_c() => StopReason::Interrupted,
            _ = terminated() => StopReason::Interrupted,
            why = codes_stop(&service, event, round) => why,
        };
        server.stop().await;
        eprintln!("tablemate: reporting stopped: {}", why.text(lang()));
        Ok::<(), ServiceError>(())
    });
    // the codes stop working with the server, and the event page says so
    if let Ok(mut svc) = service.lock() {
        if svc
            .reporting(event, lang())
            .is_ok_and(|v| v.open && v.round == round)
        {
            let _ = svc.close_reporting(event, lang());
        }
    }
    drop(lock);
    served
}

/// Returns when the process is asked to end (SIGTERM, as a service manager or `kill` asks), so
/// reporting is closed then too; never elsewhere.
async fn terminated() {
    #[cfg(unix)]
    if let Ok(mut term) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
    {
        term.recv().await;
        return;
    }
    std::future::pending::<()>().await
}

/// Returns once the codes of `round` no longer work, with the reason.
async fn codes_stop(service: &Arc<Mutex<Service>>, event: i64, round: u32) -> StopReason {
    loop {
        tokio::time::sleep(Duration::from_secs(2)).await;
        let Ok(svc) = service.lock() else {
            return StopReason::Closed;
        };
        match svc.reporting(event, lang()) {
            Ok(view) => {
                if let Some(why) = StopReason::of(round, &view) {
                    return why;
                }
            }
            // no round left: round 1 was undone
            Err(_)
                if svc
                    .event_detail(event, crate::output::lang())
                    .is_ok_and(|d| d.rounds.is_empty()) =>
            {
                return StopReason::RoundUndone
            }
            Err(_) => return StopReason::Closed,
        }
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
