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

use rusqlite::{params, Connection, OptionalExtension, Transaction};
use serde::{Deserialize, Serialize};
use tournament::{Agreement, EntrantId, ReportProblem, ReportedSeat, Seat, SeatReport, SeatScore};

use crate::error::{Result, StoreError};
use crate::ids::TournamentId;
use crate::tournaments::{info_in, insert_result, rounds_in, ResultSource};
use crate::{clock, Store};

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

/// The longest client address kept (an IPv6 address with a zone fits).
pub const MAX_CLIENT_CHARS: usize = 64;

fn seat_sql(s: Seat) -> &'static str {
    match s {
        Seat::A => "A",
        Seat::B => "B",
    }
}

fn parse_seat(text: &str) -> Seat {
    if text == "B" {
        Seat::B
    } else {
        Seat::A
    }
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
    let row: Option<(i64, i64, Option<i64>)> = conn
        .query_row(
            "SELECT id, entrant_a, entrant_b FROM pairings
             WHERE tournament_id = ?1 AND round = ?2 AND table_no = ?3",
            params![id.0, round, table],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    let Some((pid, a, Some(b))) = row else {
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

/// One line of the log.
#[allow(clippy::too_many_arguments)]
fn log(
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

/// Records `score` as the table's result: from the players' reports (`source`
/// [`ResultSource::Report`], with the `accept` line the caller logs) or set by the organiser
/// ([`ResultSource::Typed`], with a `set_result` line).
fn record(
    tx: &Transaction<'_>,
    pid: i64,
    t: &TableReports,
    score: SeatScore,
    source: ResultSource,
) -> Result<()> {
    insert_result(
        tx,
        pid,
        t.entrant(score.winner),
        (score.crystals_a, score.crystals_b),
        source,
        None,
    )
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

/// Creates the missing codes of `round`'s seats with `fresh_code` (a fresh code is drawn again
/// in the unlikely case it is already taken). Called when a round is paired, and again for a
/// round paired before codes were made at pairing (or imported).
pub(crate) fn ensure_codes(
    tx: &Transaction<'_>,
    id: TournamentId,
    round: u32,
    fresh_code: &mut dyn FnMut() -> String,
) -> Result<()> {
    let missing: Vec<(i64, &'static str)> = {
        let mut stmt = tx.prepare_cached(
            "SELECT p.id, s.seat FROM pairings p CROSS JOIN (SELECT 'A' AS seat UNION ALL SELECT 'B') s
             WHERE p.tournament_id = ?1 AND p.round = ?2 AND p.entrant_b IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM seat_codes c WHERE c.pairing_id = p.id AND c.seat = s.seat)
             ORDER BY p.table_no, s.seat",
        )?;
        let rows = stmt.query_map(params![id.0, round], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
        })?;
        rows.map(|r| r.map(|(p, s)| (p, seat_sql(parse_seat(&s)))))
            .collect::<rusqlite::Result<_>>()?
    };
    for (pid, seat) in missing {
        let code = loop {
            let code = fresh_code();
            let taken: bool = tx.query_row(
                "SELECT EXISTS (SELECT 1 FROM seat_codes WHERE code = ?1)",
                [&code],
                |r| r.get(0),
            )?;
            if !taken {
                break code;
            }
        };
        tx.execute(
            "INSERT INTO seat_codes (pairing_id, seat, code, created_at) VALUES (?1, ?2, ?3, ?4)",
            params![pid, seat, code, clock::Stamp::now()],
        )?;
    }
    Ok(())
}

fn codes_in(conn: &Connection, id: TournamentId, round: Option<u32>) -> Result<Vec<SeatCode>> {
    let mut stmt = conn.prepare_cached(
        "SELECT p.round, p.table_no, c.seat, p.entrant_a, p.entrant_b, c.code
         FROM seat_codes c JOIN pairings p ON p.id = c.pairing_id
         WHERE p.tournament_id = ?1 AND (?2 IS NULL OR p.round = ?2)
         ORDER BY p.round, p.table_no, c.seat",
    )?;
    let rows = stmt.query_map(params![id.0, round], |r| {
        let seat = parse_seat(&r.get::<_, String>(2)?);
        let a: i64 = r.get(3)?;
        let b: Option<i64> = r.get(4)?;
        Ok(SeatCode {
            round: r.get(0)?,
            table: r.get(1)?,
            seat,
            entrant: EntrantId(match seat {
                Seat::A => a,
                Seat::B => b.unwrap_or(a),
            }),
            code: r.get(5)?,
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

    /// The seat codes of `round` (the current round when `None`), in table order, seat A
    /// first. Codes are made when a round is paired; for the current round while it is not
    /// final, published or only prepared, codes still missing (a round paired by an older
    /// version, or imported) are created first, so every slip printed has its codes; an
    /// earlier round shows the codes it had.
    pub fn seat_codes(
        &mut self,
        id: TournamentId,
        round: Option<u32>,
        fresh_code: &mut dyn FnMut() -> String,
    ) -> Result<Vec<SeatCode>> {
        let tx = self.write_tx()?;
        info_in(&tx, id)?;
        let Some((current, _, complete)) = current_round(&tx, id)? else {
            return Err(refused(ReportRefusal::NoRound));
        };
        let round = round.unwrap_or(current);
        if round == 0 || round > current {
            return Err(refused(ReportRefusal::NoSuchRound { round }));
        }
        if round == current && !complete {
            ensure_codes(&tx, id, round, fresh_code)?;
        }
        let codes = codes_in(&tx, id, Some(round))?;
        tx.commit()?;
        Ok(codes)
    }

    /// Every seat code of the event with its round, table and seat: what a code a player typed
    /// is compared with (by the service, in constant time), whether it still works or not.
    pub fn all_seat_codes(&self, id: TournamentId) -> Result<Vec<SeatCode>> {
        info_in(&self.conn, id)?;
        codes_in(&self.conn, id, None)
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

    /// Records a player's report from the seat of `at` (the code they typed, as found), sent
    /// from `client`, checked by the rules first (`SeatReport::check`, by the caller). It is
    /// refused when the round's codes no longer work, the code no longer names that seat (its
    /// round was undone meanwhile, perhaps paired again) or the table is final; the same report
    /// sent again writes nothing. So a report acknowledged is stored and stands: a round undone
    /// after it was read counts it (the undo compares the reports, [`StoreError::EventChanged`]),
    /// and one undone before it refuses it. `accept` is the caller's decision, made on the table as it is with this
    /// report and the event's setting, inside this transaction (two phones reporting at once
    /// are serialised): the score to record as the table's result (the reports agree and are
    /// accepted at once), or none.
    pub fn record_report(
        &mut self,
        id: TournamentId,
        at: &SeatCode,
        report: SeatReport,
        client: &str,
        accept: impl FnOnce(&TableReports, Acceptance) -> Option<SeatScore>,
    ) -> Result<ReportOutcome> {
        let (round, table, seat) = (at.round, at.table, at.seat);
        let client: String = client.chars().take(MAX_CLIENT_CHARS).collect();
        let tx = self.write_tx()?;
        info_in(&tx, id)?;
        check_live(&tx, id, round)?;
        let (pid, mut t) = table_in(&tx, id, round, table)?;
        // the code still names this seat (not a round undone and paired again meanwhile)
        let still: bool = tx.query_row(
            "SELECT EXISTS (SELECT 1 FROM seat_codes WHERE pairing_id = ?1 AND seat = ?2
                                                     AND code = ?3)",
            params![pid, seat_sql(seat), at.code],
            |r| r.get(0),
        )?;
        if !still {
            return Err(refused(ReportRefusal::Expired { round }));
        }
        if t.result.is_some() {
            return Err(refused(ReportRefusal::TableFinal { round, table }));
        }
        let old = t.report(seat);
        if old == Some(report) {
            return Ok(ReportOutcome {
                changed: false,
                accepted: false,
            });
        }
        tx.execute(
            "INSERT INTO seat_reports (pairing_id, seat, won, crystals_mine, crystals_theirs, reported_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (pairing_id, seat) DO UPDATE SET won = excluded.won,
                 crystals_mine = excluded.crystals_mine, crystals_theirs = excluded.crystals_theirs,
                 reported_at = excluded.reported_at",
            params![pid, seat_sql(seat), report.won, report.mine, report.theirs, clock::Stamp::now()],
        )?;
        log(
            &tx,
            pid,
            Actor::Player,
            LogAction::Report,
            Some(seat),
            Some(&client),
            old.map(|o| o.score(seat)),
            Some(report.score(seat)),
        )?;
        match seat {
            Seat::A => t.report_a = Some(report),
            Seat::B => t.report_b = Some(report),
        }
        let accepted = match accept(&t, acceptance_in(&tx, id)?) {
            Some(score) => {
                record(&tx, pid, &t, score, ResultSource::Report)?;
                log(
                    &tx,
                    pid,
                    Actor::Agreement,
                    LogAction::Accept,
                    None,
                    None,
                    None,
                    Some(score),
                )?;
                true
            }
            None => false,
        };
        tx.commit()?;
        Ok(ReportOutcome {
            changed: true,
            accepted,
        })
    }

    /// Records the organiser's acceptance of a table's reports as its result: `decide` is the
    /// caller's rule (the reports agree: `tournament::agreement`), made on the table as it is
    /// inside this transaction; its refusal writes nothing.
    pub fn record_acceptance(
        &mut self,
        id: TournamentId,
        round: u32,
        table: u32,
        decide: impl FnOnce(&TableReports) -> std::result::Result<SeatScore, ReportRefusal>,
    ) -> Result<SeatScore> {
        let tx = self.write_tx()?;
        info_in(&tx, id)?;
        let (pid, t) = table_in(&tx, id, round, table)?;
        if t.result.is_some() {
            return Err(refused(ReportRefusal::TableFinal { round, table }));
        }
        let score = decide(&t).map_err(refused)?;
        record(&tx, pid, &t, score, ResultSource::Report)?;
        log(
            &tx,
            pid,
            Actor::Organiser,
            LogAction::Accept,
            None,
            None,
            None,
            Some(score),
        )?;
        tx.commit()?;
        Ok(score)
    }

    /// The organiser sets a table's result (a dispute settled, or a result taken from a slip;
    /// its score checked by the caller with the rules); the reports stay as the players sent
    /// them, and the log keeps the decision.
    pub fn settle_reports(
        &mut self,
        id: TournamentId,
        round: u32,
        table: u32,
        score: SeatScore,
    ) -> Result<()> {
        let tx = self.write_tx()?;
        info_in(&tx, id)?;
        let (pid, t) = table_in(&tx, id, round, table)?;
        if t.result.is_some() {
            return Err(refused(ReportRefusal::TableFinal { round, table }));
        }
        record(&tx, pid, &t, score, ResultSource::Typed)?;
        log(
            &tx,
            pid,
            Actor::Organiser,
            LogAction::SetResult,
            None,
            None,
            None,
            Some(score),
        )?;
        tx.commit()?;
        Ok(())
    }

    /// The organiser clears both reports of a table so both players report again; each removed
    /// report is logged. Refused once the table is final or when nobody reported.
    pub fn reset_reports(&mut self, id: TournamentId, round: u32, table: u32) -> Result<()> {
        let tx = self.write_tx()?;
        info_in(&tx, id)?;
        let (pid, t) = table_in(&tx, id, round, table)?;
        if t.result.is_some() {
            return Err(refused(ReportRefusal::TableFinal { round, table }));
        }
        if t.report_a.is_none() && t.report_b.is_none() {
            return Err(refused(ReportRefusal::NothingReported { round, table }));
        }
        for seat in [Seat::A, Seat::B] {
            if let Some(old) = t.report(seat) {
                log(
                    &tx,
                    pid,
                    Actor::Organiser,
                    LogAction::Reset,
                    Some(seat),
                    None,
                    Some(old.score(seat)),
                    None,
                )?;
            }
        }
        tx.execute("DELETE FROM seat_reports WHERE pairing_id = ?1", [pid])?;
        tx.commit()?;
        Ok(())
    }

    /// The event's report log, oldest first.
    pub fn report_log(&self, id: TournamentId) -> Result<Vec<ReportLogRow>> {
        info_in(&self.conn, id)?;
        report_log_in(&self.conn, id)
    }
}

/// The event's report log, oldest first (also exported).
pub(crate) fn report_log_in(conn: &Connection, id: TournamentId) -> Result<Vec<ReportLogRow>> {
    {
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
}
