//! Players' own reports of their results (see `schema::V_RESULT_REPORTS`): the seat codes of a
//! round, each seat's latest report, whether reporting is open, and the log of every report and
//! every decision of the organiser. Whether a report is possible and whether two reports agree
//! are the `tournament` crate's rules, applied by the service (the agreement through a decision
//! it hands in, run inside the write transaction); this module records.
//!
//! A report is checked inside its write transaction against what is stored at that moment (the
//! round is the event's current one, open for reports and not final; the table has no result),
//! so a refusal writes nothing, and two players reporting at once are simply serialised. A
//! refusal is a typed [`ReportRefusal`], which the service words in the player's language.

use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};
use tournament::{Agreement, EntrantId, ReportProblem, ReportedSeat, Seat, SeatReport, SeatScore};

use crate::error::{Result, StoreError};
use crate::ids::TournamentId;
use crate::tournaments::{info_in, pairing_row, rounds_in};
use crate::{clock, Store};

mod codes;
mod log;
mod record;

pub(crate) use codes::ensure_codes;
pub(crate) use log::{action_sql, actor_sql, log_organiser_result, report_log_in};
pub use log::{Actor, LogAction, ReportLogRow};

/// Whether two agreeing reports become the table's result at once, or wait for the organiser.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Acceptance {
    #[default]
    AtOnce,
    ByOrganiser,
}

/// Why a report or an organiser's decision about reports was refused. The store's English
/// wording (its `Display`) is for logs and the CLI's fallback; the service words each one for
/// the person asking, naming players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportRefusal {
    /// No round of the event is paired yet.
    NoRound,
    /// The event has no round of this number.
    NoSuchRound { round: u32 },
    /// The round is prepared but not published: the players do not know their tables.
    NotPublished { round: u32 },
    /// Reporting was opened already.
    AlreadyOpen { round: u32 },
    /// Reporting is not open for this round (never opened, or closed by the organiser).
    Closed { round: u32 },
    /// The round's results are final (every table has one, or a later round is paired): its
    /// codes no longer work.
    Expired { round: u32 },
    /// The table's result is recorded; only the organiser can correct it.
    TableFinal { round: u32, table: u32 },
    /// No such table, or a bye (which has nothing to report).
    NoTable { round: u32, table: u32 },
    /// The report's numbers cannot be right on their own.
    Problem(ReportProblem),
    /// The organiser asked to accept reports that do not (yet) agree.
    NotAgreed {
        round: u32,
        table: u32,
        agreement: Agreement,
    },
    /// The organiser asked to reset a table nobody has reported.
    NothingReported { round: u32, table: u32 },
}

impl std::fmt::Display for ReportRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            ReportRefusal::NoRound => write!(f, "no round has been paired yet"),
            ReportRefusal::NoSuchRound { round } => write!(f, "there is no round {round}"),
            ReportRefusal::NotPublished { round } => {
                write!(f, "round {round} is not published yet")
            }
            ReportRefusal::AlreadyOpen { round } => {
                write!(f, "reporting is already open for round {round}")
            }
            ReportRefusal::Closed { round } => write!(f, "reporting is closed for round {round}"),
            ReportRefusal::Expired { round } => write!(f, "the results of round {round} are final"),
            ReportRefusal::TableFinal { round, table } => {
                write!(f, "table {table} of round {round} already has its result")
            }
            ReportRefusal::NoTable { round, table } => {
                write!(f, "round {round} has no match at table {table}")
            }
            ReportRefusal::Problem(problem) => write!(f, "{problem}"),
            ReportRefusal::NotAgreed { round, table, .. } => {
                write!(
                    f,
                    "the reports of table {table} of round {round} do not agree"
                )
            }
            ReportRefusal::NothingReported { round, table } => {
                write!(f, "nobody has reported at table {table} of round {round}")
            }
        }
    }
}

/// One seat's code for a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatCode {
    pub round: u32,
    pub table: u32,
    pub seat: Seat,
    pub entrant: EntrantId,
    pub code: String,
}

/// A table of a round with both seats' latest reports and its result, if recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableReports {
    pub table: u32,
    pub a: EntrantId,
    pub b: EntrantId,
    pub report_a: Option<SeatReport>,
    pub report_b: Option<SeatReport>,
    /// The recorded result in seat order; a table with one is final.
    pub result: Option<SeatScore>,
}

impl TableReports {
    pub fn report(&self, seat: Seat) -> Option<SeatReport> {
        match seat {
            Seat::A => self.report_a,
            Seat::B => self.report_b,
        }
    }

    pub fn entrant(&self, seat: Seat) -> EntrantId {
        match seat {
            Seat::A => self.a,
            Seat::B => self.b,
        }
    }
}

/// A round as reporting sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportRound {
    pub round: u32,
    /// Reporting is open and the round is still current and not final: codes work.
    pub live: bool,
    pub open: bool,
    pub acceptance: Acceptance,
    /// The matches of the round (byes have nothing to report).
    pub tables: Vec<TableReports>,
}

/// What a player's report did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReportOutcome {
    /// `false`: the same report was already stored (a page sent twice); nothing was written.
    pub changed: bool,
    /// The caller's decision made the reports the table's result.
    pub accepted: bool,
}

/// The longest client address kept (an IPv6 address with a zone fits).
pub const MAX_CLIENT_CHARS: usize = 64;

pub(crate) fn seat_sql(s: Seat) -> &'static str {
    match s {
        Seat::A => "A",
        Seat::B => "B",
    }
}

pub(crate) fn parse_seat(text: &str) -> Seat {
    if text == "B" {
        Seat::B
    } else {
        Seat::A
    }
}

fn refused(r: ReportRefusal) -> StoreError {
    StoreError::Report(r)
}

pub(crate) fn acceptance_in(conn: &Connection, id: TournamentId) -> Result<Acceptance> {
    let needs: Option<bool> = conn
        .query_row(
            "SELECT needs_organiser FROM report_settings WHERE tournament_id = ?1",
            [id.0],
            |r| r.get(0),
        )
        .optional()?;
    Ok(match needs {
        Some(true) => Acceptance::ByOrganiser,
        _ => Acceptance::AtOnce,
    })
}

fn is_open(conn: &Connection, id: TournamentId, round: u32) -> Result<bool> {
    Ok(conn
        .query_row(
            "SELECT open FROM report_rounds WHERE tournament_id = ?1 AND round = ?2",
            params![id.0, round],
            |r| r.get::<_, bool>(0),
        )
        .optional()?
        .unwrap_or(false))
}

/// The event's last paired round: its number, whether it is published, whether every match has
/// its result.
fn current_round(conn: &Connection, id: TournamentId) -> Result<Option<(u32, bool, bool)>> {
    Ok(rounds_in(conn, id)?.pop().map(|r| {
        let complete = r.tables.iter().all(|t| t.b.is_none() || t.result.is_some());
        (r.number, r.published, complete)
    }))
}

/// Codes of `round` work now: it is the current round, not final, and open for reports.
fn check_live(conn: &Connection, id: TournamentId, round: u32) -> Result<()> {
    match current_round(conn, id)? {
        Some((current, _, complete)) if current == round && !complete => {}
        _ => return Err(refused(ReportRefusal::Expired { round })),
    }
    if !is_open(conn, id, round)? {
        return Err(refused(ReportRefusal::Closed { round }));
    }
    Ok(())
}

/// The match at `round`/`table` with its pairing id.
fn table_in(
    conn: &Connection,
    id: TournamentId,
    round: u32,
    table: u32,
) -> Result<(i64, TableReports)> {
    let Some((pid, a, Some(b))) = pairing_row(conn, id, round, table)? else {
        return Err(refused(ReportRefusal::NoTable { round, table }));
    };
    let mut t = TableReports {
        table,
        a: EntrantId(a),
        b: EntrantId(b),
        report_a: None,
        report_b: None,
        result: None,
    };
    fill_table(conn, pid, &mut t)?;
    Ok((pid, t))
}

/// Reads a table's reports and result into `t`.
fn fill_table(conn: &Connection, pid: i64, t: &mut TableReports) -> Result<()> {
    let mut stmt = conn.prepare_cached(
        "SELECT seat, won, crystals_mine, crystals_theirs FROM seat_reports WHERE pairing_id = ?1",
    )?;
    let rows = stmt.query_map([pid], |r| {
        Ok((
            parse_seat(&r.get::<_, String>(0)?),
            SeatReport {
                won: r.get(1)?,
                mine: r.get(2)?,
                theirs: r.get(3)?,
            },
        ))
    })?;
    for row in rows {
        let (seat, report) = row?;
        match seat {
            Seat::A => t.report_a = Some(report),
            Seat::B => t.report_b = Some(report),
        }
    }
    t.result = conn
        .query_row(
            "SELECT winner, crystals_a, crystals_b FROM results WHERE pairing_id = ?1",
            [pid],
            |r| Ok((r.get::<_, i64>(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?
        .map(|(w, crystals_a, crystals_b)| SeatScore {
            winner: if w == t.a.0 { Seat::A } else { Seat::B },
            crystals_a,
            crystals_b,
        });
    Ok(())
}

/// Every seat's latest report in the event, in round, table and seat order: part of the state a
/// decision about the event is made on (`tournament::EventState::reports`), compared again
/// inside the write, so a report stored after the decision was read makes it "changed
/// meanwhile" instead of being discarded or overruled unseen.
pub(crate) fn reported_seats(conn: &Connection, id: TournamentId) -> Result<Vec<ReportedSeat>> {
    let mut stmt = conn.prepare_cached(
        "SELECT p.round, p.table_no, s.seat, s.won, s.crystals_mine, s.crystals_theirs
         FROM seat_reports s JOIN pairings p ON p.id = s.pairing_id
         WHERE p.tournament_id = ?1 ORDER BY p.round, p.table_no, s.seat",
    )?;
    let rows = stmt.query_map([id.0], |r| {
        Ok(ReportedSeat {
            round: r.get(0)?,
            table: r.get(1)?,
            seat: parse_seat(&r.get::<_, String>(2)?),
            report: SeatReport {
                won: r.get(3)?,
                mine: r.get(4)?,
                theirs: r.get(5)?,
            },
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

impl Store {
    /// Whether agreeing reports are accepted at once (the default) or wait for the organiser.
    pub fn report_acceptance(&self, id: TournamentId) -> Result<Acceptance> {
        info_in(&self.conn, id)?;
        acceptance_in(&self.conn, id)
    }

    pub fn set_report_acceptance(
        &mut self,
        id: TournamentId,
        acceptance: Acceptance,
    ) -> Result<()> {
        let tx = self.write_tx()?;
        info_in(&tx, id)?;
        tx.execute(
            "INSERT INTO report_settings (tournament_id, needs_organiser) VALUES (?1, ?2)
             ON CONFLICT (tournament_id) DO UPDATE SET needs_organiser = excluded.needs_organiser",
            params![id.0, acceptance == Acceptance::ByOrganiser],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Opens reporting for the current round, creating its seats' codes (codes already made,
    /// perhaps printed, are kept). Returns the round. Refused before round 1, for a round not
    /// published, one whose results are all in, or one already open.
    pub fn open_reporting(
        &mut self,
        id: TournamentId,
        fresh_code: &mut dyn FnMut() -> String,
    ) -> Result<u32> {
        let tx = self.write_tx()?;
        info_in(&tx, id)?;
        let Some((round, published, complete)) = current_round(&tx, id)? else {
            return Err(refused(ReportRefusal::NoRound));
        };
        if !published {
            return Err(refused(ReportRefusal::NotPublished { round }));
        }
        if complete {
            return Err(refused(ReportRefusal::Expired { round }));
        }
        if is_open(&tx, id, round)? {
            return Err(refused(ReportRefusal::AlreadyOpen { round }));
        }
        ensure_codes(&tx, id, round, fresh_code)?;
        tx.execute(
            "INSERT INTO report_rounds (tournament_id, round, open, changed_at) VALUES (?1, ?2, 1, ?3)
             ON CONFLICT (tournament_id, round) DO UPDATE SET open = 1, changed_at = excluded.changed_at",
            params![id.0, round, clock::Stamp::now()],
        )?;
        tx.commit()?;
        Ok(round)
    }

    /// Closes reporting for the current round; the reports stay. Returns the round.
    pub fn close_reporting(&mut self, id: TournamentId) -> Result<u32> {
        let tx = self.write_tx()?;
        info_in(&tx, id)?;
        let Some((round, _, _)) = current_round(&tx, id)? else {
            return Err(refused(ReportRefusal::NoRound));
        };
        if !is_open(&tx, id, round)? {
            return Err(refused(ReportRefusal::Closed { round }));
        }
        tx.execute(
            "UPDATE report_rounds SET open = 0, changed_at = ?3 WHERE tournament_id = ?1 AND round = ?2",
            params![id.0, round, clock::Stamp::now()],
        )?;
        tx.commit()?;
        Ok(round)
    }

    /// A round's tables with their reports, whether reporting is open, and the event's setting.
    /// `None`: the current round.
    pub fn report_round(&self, id: TournamentId, round: Option<u32>) -> Result<ReportRound> {
        info_in(&self.conn, id)?;
        let Some((current, _, complete)) = current_round(&self.conn, id)? else {
            return Err(refused(ReportRefusal::NoRound));
        };
        let round = round.unwrap_or(current);
        let ri = rounds_in(&self.conn, id)?
            .into_iter()
            .find(|r| r.number == round)
            .ok_or(refused(ReportRefusal::NoSuchRound { round }))?;
        let mut tables = Vec::new();
        for t in ri.tables.iter().filter(|t| t.b.is_some()) {
            tables.push(table_in(&self.conn, id, round, t.table)?.1);
        }
        let open = is_open(&self.conn, id, round)?;
        Ok(ReportRound {
            round,
            live: open && round == current && !complete,
            open,
            acceptance: acceptance_in(&self.conn, id)?,
            tables,
        })
    }

    /// Whether the codes of `round` work now (the current round, not final, open); the refusal
    /// says why not.
    pub fn check_reporting_live(&self, id: TournamentId, round: u32) -> Result<()> {
        info_in(&self.conn, id)?;
        check_live(&self.conn, id, round)
    }

    /// One table's reports and result.
    pub fn table_reports(&self, id: TournamentId, round: u32, table: u32) -> Result<TableReports> {
        info_in(&self.conn, id)?;
        Ok(table_in(&self.conn, id, round, table)?.1)
    }
}
