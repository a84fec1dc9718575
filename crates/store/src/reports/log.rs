//! The report log: every player's report and every decision of the organiser about a table,
//! who and when, old result → new, oldest first (`report_log`, exported with the event).

use rusqlite::{params, Connection, Transaction};
use serde::{Deserialize, Serialize};
use tournament::{EntrantId, Seat, SeatScore};

use super::{parse_seat, seat_sql};
use crate::error::Result;
use crate::ids::TournamentId;
use crate::tournaments::info_in;
use crate::{clock, Store};

/// Who did what, in the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Actor {
    Player,
    Organiser,
    /// Two agreeing reports, accepted at once by the event's setting.
    Agreement,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LogAction {
    Report,
    Accept,
    SetResult,
    Reset,
}

/// One line of the report log. Results are in seat order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportLogRow {
    pub round: u32,
    pub table: u32,
    pub actor: Actor,
    pub action: LogAction,
    pub seat: Option<Seat>,
    /// The player's network address, for reports.
    pub client: Option<String>,
    pub old: Option<SeatScore>,
    pub new: Option<SeatScore>,
    pub at: String,
}

pub(crate) fn actor_sql(a: Actor) -> &'static str {
    match a {
        Actor::Player => "player",
        Actor::Organiser => "organiser",
        Actor::Agreement => "agreement",
    }
}

pub(crate) fn action_sql(a: LogAction) -> &'static str {
    match a {
        LogAction::Report => "report",
        LogAction::Accept => "accept",
        LogAction::SetResult => "set_result",
        LogAction::Reset => "reset",
    }
}

/// One line of the log.
#[allow(clippy::too_many_arguments)]
pub(super) fn log(
    tx: &Transaction<'_>,
    pid: i64,
    actor: Actor,
    action: LogAction,
    seat: Option<Seat>,
    client: Option<&str>,
    old: Option<SeatScore>,
    new: Option<SeatScore>,
) -> Result<()> {
    let parts = |s: Option<SeatScore>| {
        (
            s.map(|s| seat_sql(s.winner)),
            s.map(|s| s.crystals_a),
            s.map(|s| s.crystals_b),
        )
    };
    let (ow, oa, ob) = parts(old);
    let (nw, na, nb) = parts(new);
    tx.execute(
        "INSERT INTO report_log (pairing_id, actor, action, seat, client, old_winner,
             old_crystals_a, old_crystals_b, new_winner, new_crystals_a, new_crystals_b, logged_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        params![
            pid,
            actor_sql(actor),
            action_sql(action),
            seat.map(seat_sql),
            client,
            ow,
            oa,
            ob,
            nw,
            na,
            nb,
            clock::Stamp::now()
        ],
    )?;
    Ok(())
}

/// Logs a result the organiser recorded or corrected outside the reports (typed, from a match,
/// a correction) on a table whose players reported (it has lines in the report log): who
/// (the organiser), old → new, so the log tells the whole story of the table, and the result
/// reads as typed, not from the reports. A table nobody reported at is left out of the log.
/// Results are winner and crystals in seat order; `a` is seat A's player.
pub(crate) fn log_organiser_result(
    tx: &Transaction<'_>,
    pid: i64,
    a: EntrantId,
    old: Option<(EntrantId, u8, u8)>,
    new: (EntrantId, u8, u8),
) -> Result<()> {
    let reported: bool = tx.query_row(
        "SELECT EXISTS (SELECT 1 FROM report_log WHERE pairing_id = ?1)",
        [pid],
        |r| r.get(0),
    )?;
    if !reported {
        return Ok(());
    }
    let score = |(w, ca, cb): (EntrantId, u8, u8)| SeatScore {
        winner: if w == a { Seat::A } else { Seat::B },
        crystals_a: ca,
        crystals_b: cb,
    };
    log(
        tx,
        pid,
        Actor::Organiser,
        LogAction::SetResult,
        None,
        None,
        old.map(score),
        Some(score(new)),
    )
}

impl Store {
    /// The event's report log, oldest first.
    pub fn report_log(&self, id: TournamentId) -> Result<Vec<ReportLogRow>> {
        info_in(&self.conn, id)?;
        report_log_in(&self.conn, id)
    }
}

/// The event's report log, oldest first (also exported).
pub(crate) fn report_log_in(conn: &Connection, id: TournamentId) -> Result<Vec<ReportLogRow>> {
    let mut stmt = conn.prepare_cached(
        "SELECT p.round, p.table_no, l.actor, l.action, l.seat, l.client,
                l.old_winner, l.old_crystals_a, l.old_crystals_b,
                l.new_winner, l.new_crystals_a, l.new_crystals_b, l.logged_at
         FROM report_log l JOIN pairings p ON p.id = l.pairing_id
         WHERE p.tournament_id = ?1 ORDER BY l.id",
    )?;
    let score = |w: Option<String>, a: Option<u8>, b: Option<u8>| match (w, a, b) {
        (Some(w), Some(a), Some(b)) => Some(SeatScore {
            winner: parse_seat(&w),
            crystals_a: a,
            crystals_b: b,
        }),
        _ => None,
    };
    let rows = stmt.query_map([id.0], |r| {
        Ok(ReportLogRow {
            round: r.get(0)?,
            table: r.get(1)?,
            actor: match r.get::<_, String>(2)?.as_str() {
                "organiser" => Actor::Organiser,
                "agreement" => Actor::Agreement,
                _ => Actor::Player,
            },
            action: match r.get::<_, String>(3)?.as_str() {
                "accept" => LogAction::Accept,
                "set_result" => LogAction::SetResult,
                "reset" => LogAction::Reset,
                _ => LogAction::Report,
            },
            seat: r.get::<_, Option<String>>(4)?.as_deref().map(parse_seat),
            client: r.get(5)?,
            old: score(r.get(6)?, r.get(7)?, r.get(8)?),
            new: score(r.get(9)?, r.get(10)?, r.get(11)?),
            at: r.get(12)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
