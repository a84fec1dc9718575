//! The players' side of an event in a file (format version 3): each seat's latest report, the
//! report log (every report and every decision of the organiser), whether agreeing reports are
//! accepted at once, and which rounds were open for reporting. With them a result's source
//! comes back as it was: `report` is not stored as such but read from the log (its last
//! result-setting line is an acceptance, `tournaments::SOURCE_SQL`), so an import checks that
//! the file's sources and its log say the same.
//!
//! Seat codes are not written: a file is shared (mailed, published with the standings), and a
//! live code lets anyone holding it report for that player. An imported event whose current
//! round is still being played says so ([`ImportNotice::SlipsToReprint`]); its codes are drawn
//! afresh when the organiser prints the slips or opens reporting.

use std::collections::HashMap;

use rusqlite::{params, Connection, Transaction};
use serde::{Deserialize, Serialize};
use tournament::{Seat, SeatReport, SeatScore};

use super::import_checks::{Locations, ParsedResult, ParsedRound, Roster};
use super::{import_err, Parsed};
use crate::error::Result;
use crate::ids::TournamentId;
use crate::import_problem::{ImportList, ImportPlace, ImportProblem as P};
use crate::reports::{parse_seat, seat_sql, Acceptance, Actor, LogAction, MAX_CLIENT_CHARS};
use crate::tournaments::ResultSource;

/// One seat's latest report: the seat's player by name, as a check that the seat is theirs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReportRow {
    pub round: u32,
    pub table: u32,
    pub seat: Seat,
    pub player: String,
    pub won: bool,
    pub crystals_mine: u8,
    pub crystals_theirs: u8,
    /// As stored: `2026-11-22T04:15:00.123456Z`.
    pub reported_at: String,
}

/// One line of the report log; results in seat order (the winner's seat and each seat's
/// crystals), as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogLineRow {
    pub round: u32,
    pub table: u32,
    pub actor: Actor,
    pub action: LogAction,
    pub seat: Option<Seat>,
    /// The phone's network address, for a player's report.
    pub client: Option<String>,
    pub old_winner: Option<Seat>,
    pub old_crystals_a: Option<u8>,
    pub old_crystals_b: Option<u8>,
    pub new_winner: Option<Seat>,
    pub new_crystals_a: Option<u8>,
    pub new_crystals_b: Option<u8>,
    pub logged_at: String,
}

/// The event's reporting settings: agreeing reports at once or by the organiser, and each round
/// reporting was opened for, open now or closed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReportingRow {
    pub acceptance: Acceptance,
    pub rounds: Vec<ReportingRound>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReportingRound {
    pub round: u32,
    pub open: bool,
}

/// What an import said beyond the event itself: what the file could not carry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportNotice {
    /// A file of an earlier format (or CSV files without the newer files): `parts` were not in
    /// it, and the event has none of them (results read as imported).
    NotInFile { version: u32, parts: Vec<FilePart> },
    /// Round `round` is being played and its seat codes are not in files: the result slips
    /// already printed do not work; print them again before players report.
    SlipsToReprint { round: u32 },
}

/// A part of the event an older file lacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilePart {
    Rounds,
    Corrections,
    ResultSources,
    Reports,
    ReportLog,
    ReportingSettings,
}

/// A newly imported event and what the import has to say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    pub id: TournamentId,
    pub notices: Vec<ImportNotice>,
}

/// The players' side, checked for writing: pairing keys (round, table) and seats.
#[derive(Debug, Default)]
pub(super) struct CheckedReporting {
    pub reports: Vec<(u32, u32, Seat, SeatReport, String)>,
    pub log: Vec<LogLineRow>,
    pub setting: Option<ReportingRow>,
    /// Each decided table's source as the file says it (`None`: not said, an import).
    pub sources: HashMap<(u32, u32), ResultSource>,
}

fn score(w: Option<Seat>, a: Option<u8>, b: Option<u8>) -> Option<SeatScore> {
    Some(SeatScore {
        winner: w?,
        crystals_a: a?,
        crystals_b: b?,
    })
}

/// The seats' latest reports of event `id`, players by name, in round, table, seat order.
pub(super) fn reports_of(
    conn: &Connection,
    id: TournamentId,
    name: &dyn Fn(tournament::EntrantId) -> String,
) -> Result<Vec<ReportRow>> {
    let mut stmt = conn.prepare_cached(
        "SELECT p.round, p.table_no, s.seat, p.entrant_a, p.entrant_b, s.won, s.crystals_mine,
                s.crystals_theirs, s.reported_at
         FROM seat_reports s JOIN pairings p ON p.id = s.pairing_id
         WHERE p.tournament_id = ?1 ORDER BY p.round, p.table_no, s.seat",
    )?;
    let rows = stmt.query_map([id.0], |r| {
        let seat = parse_seat(&r.get::<_, String>(2)?);
        let a: i64 = r.get(3)?;
        let b: Option<i64> = r.get(4)?;
        let who = match seat {
            Seat::A => a,
            Seat::B => b.unwrap_or(a),
        };
        Ok((
            r.get::<_, u32>(0)?,
            r.get::<_, u32>(1)?,
            seat,
            who,
            r.get::<_, bool>(5)?,
            r.get::<_, u8>(6)?,
            r.get::<_, u8>(7)?,
            r.get::<_, String>(8)?,
        ))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (round, table, seat, who, won, mine, theirs, at) = row?;
        out.push(ReportRow {
            round,
            table,
            seat,
            player: name(tournament::EntrantId(who)),
            won,
            crystals_mine: mine,
            crystals_theirs: theirs,
            reported_at: at,
        });
    }
    Ok(out)
}

/// The report log of event `id`, oldest first, as stored.
pub(super) fn log_of(conn: &Connection, id: TournamentId) -> Result<Vec<LogLineRow>> {
    let stored = crate::reports::report_log_in(conn, id)?;
    Ok(stored
        .into_iter()
        .map(|l| LogLineRow {
            round: l.round,
            table: l.table,
            actor: l.actor,
            action: l.action,
            seat: l.seat,
            client: l.client,
            old_winner: l.old.map(|s| s.winner),
            old_crystals_a: l.old.map(|s| s.crystals_a),
            old_crystals_b: l.old.map(|s| s.crystals_b),
            new_winner: l.new.map(|s| s.winner),
            new_crystals_a: l.new.map(|s| s.crystals_a),
            new_crystals_b: l.new.map(|s| s.crystals_b),
            logged_at: l.at,
        })
        .collect())
}

/// The event's reporting settings as stored.
pub(super) fn setting_of(conn: &Connection, id: TournamentId) -> Result<ReportingRow> {
    let mut stmt = conn.prepare_cached(
        "SELECT round, open FROM report_rounds WHERE tournament_id = ?1 ORDER BY round",
    )?;
    let rounds = stmt
        .query_map([id.0], |r| {
            Ok(ReportingRound {
                round: r.get(0)?,
                open: r.get(1)?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(ReportingRow {
        acceptance: crate::reports::acceptance_in(conn, id)?,
        rounds,
    })
}

fn check_time(value: &str, at: ImportPlace) -> Result<()> {
    chrono::DateTime::parse_from_rfc3339(value).map_err(|_| {
        import_err(
            at,
            P::NotATime {
                value: value.to_string(),
            },
        )
    })?;
    Ok(())
}

/// Checks the players' side of a file against its pairings and results.
pub(super) fn check(
    input: &Parsed<'_>,
    rounds: &[ParsedRound],
    decided: &HashMap<(u32, u32), ParsedResult>,
    roster: &Roster,
    names: &[&str],
    loc: &Locations,
) -> Result<CheckedReporting> {
    let mut out = CheckedReporting::default();
    let seats_at = |round: u32, table: u32| {
        rounds
            .iter()
            .find(|r| r.0 == round)
            .and_then(|r| r.2.iter().find(|t| t.0 == table))
            .and_then(|t| t.2.map(|b| (t.1, b)))
    };
    for (i, r) in input.results.iter().enumerate() {
        if let Some(source) = r.source {
            out.sources.insert((r.round, r.table), source);
        } else if input.version >= 3 {
            return Err(import_err(
                loc.at(ImportList::Results, i),
                P::NoSource {
                    round: r.round,
                    table: r.table,
                },
            ));
        }
    }
    let mut seen = std::collections::HashSet::new();
    for (i, r) in input.reports.iter().enumerate() {
        let at = loc.at(ImportList::Reports, i);
        let (round, table) = (r.round, r.table);
        let (a, b) = seats_at(round, table)
            .ok_or_else(|| import_err(at, P::ReportNotAMatch { round, table }))?;
        let seat_player = match r.seat {
            Seat::A => a,
            Seat::B => b,
        };
        let who = roster.who(&r.player, at)?;
        if who != seat_player {
            return Err(import_err(
                at,
                P::ReportWrongSeat {
                    round,
                    table,
                    player: names[who].to_string(),
                    seated: names[seat_player].to_string(),
                },
            ));
        }
        if !seen.insert((round, table, r.seat)) {
            return Err(import_err(
                at,
                P::ReportTwice {
                    round,
                    table,
                    player: names[who].to_string(),
                },
            ));
        }
        let report = SeatReport {
            won: r.won,
            mine: r.crystals_mine,
            theirs: r.crystals_theirs,
        };
        report.check().map_err(|problem| {
            import_err(
                at,
                P::BadScore {
                    round,
                    table,
                    problem,
                },
            )
        })?;
        check_time(&r.reported_at, at)?;
        out.reports
            .push((round, table, r.seat, report, r.reported_at.clone()));
    }
    // the last line that set each table's result: an acceptance makes it `report`
    let mut last_setting: HashMap<(u32, u32), LogAction> = HashMap::new();
    for (i, l) in input.report_log.iter().enumerate() {
        let at = loc.at(ImportList::ReportLog, i);
        let (round, table) = (l.round, l.table);
        seats_at(round, table)
            .ok_or_else(|| import_err(at, P::ReportNotAMatch { round, table }))?;
        let old = score(l.old_winner, l.old_crystals_a, l.old_crystals_b);
        let new = score(l.new_winner, l.new_crystals_a, l.new_crystals_b);
        let complete = |w: Option<Seat>, a: Option<u8>, b: Option<u8>| {
            w.is_some() == a.is_some() && w.is_some() == b.is_some()
        };
        // what each kind of line holds, as the app writes it
        let fits = complete(l.old_winner, l.old_crystals_a, l.old_crystals_b)
            && complete(l.new_winner, l.new_crystals_a, l.new_crystals_b)
            && match (l.actor, l.action) {
                (Actor::Player, LogAction::Report) => l.seat.is_some() && new.is_some(),
                (Actor::Organiser, LogAction::Reset) => l.seat.is_some() && new.is_none(),
                (Actor::Organiser | Actor::Agreement, LogAction::Accept) => {
                    l.seat.is_none() && new.is_some()
                }
                (Actor::Organiser, LogAction::SetResult) => l.seat.is_none() && new.is_some(),
                _ => false,
            }
            && l.client
                .as_ref()
                .is_none_or(|c| !c.is_empty() && c.chars().count() <= MAX_CLIENT_CHARS);
        if !fits {
            return Err(import_err(at, P::LogLineUnlike { round, table }));
        }
        for s in [old, new].into_iter().flatten() {
            let (w, lose) = match s.winner {
                Seat::A => (s.crystals_a, s.crystals_b),
                Seat::B => (s.crystals_b, s.crystals_a),
            };
            // as stored: a log keeps what was reported, even a score refused today
            if w > tournament::MAX_MATCH_CRYSTALS || lose > tournament::MAX_MATCH_CRYSTALS {
                return Err(import_err(at, P::LogLineUnlike { round, table }));
            }
        }
        check_time(&l.logged_at, at)?;
        if matches!(l.action, LogAction::Accept | LogAction::SetResult) {
            last_setting.insert((round, table), l.action);
        }
        out.log.push(l.clone());
    }
    // a result's source and the log say the same: `report` exactly when the log's last
    // result-setting line is an acceptance (else the copy would read otherwise)
    for (&(round, table), _) in decided.iter() {
        let accepted = last_setting.get(&(round, table)) == Some(&LogAction::Accept);
        let said = out.sources.get(&(round, table)).copied();
        let from_log = said.is_some_and(|s| s == ResultSource::Report);
        if said.is_some() && accepted != from_log {
            return Err(import_err(
                loc.file(ImportList::Results),
                P::SourceNotInLog { round, table },
            ));
        }
    }
    if let Some(setting) = input.reporting {
        let mut listed = std::collections::HashSet::new();
        for r in &setting.rounds {
            if !rounds.iter().any(|p| p.0 == r.round) || !listed.insert(r.round) {
                return Err(import_err(
                    loc.file(ImportList::Reporting),
                    P::RoundNotPaired { round: r.round },
                ));
            }
        }
        out.setting = Some(setting.clone());
    }
    Ok(out)
}

/// Writes the players' side of an imported event; `pairing` finds a table's pairing id.
pub(super) fn write(
    tx: &Transaction<'_>,
    id: TournamentId,
    checked: &CheckedReporting,
    pairing: &dyn Fn(u32, u32) -> Result<i64>,
    now: &crate::clock::Stamp,
) -> Result<()> {
    for (round, table, seat, r, at) in &checked.reports {
        tx.execute(
            "INSERT INTO seat_reports (pairing_id, seat, won, crystals_mine, crystals_theirs,
                                       reported_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                pairing(*round, *table)?,
                seat_sql(*seat),
                r.won,
                r.mine,
                r.theirs,
                at
            ],
        )?;
    }
    for l in &checked.log {
        tx.execute(
            "INSERT INTO report_log (pairing_id, actor, action, seat, client, old_winner,
                 old_crystals_a, old_crystals_b, new_winner, new_crystals_a, new_crystals_b,
                 logged_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
            params![
                pairing(l.round, l.table)?,
                crate::reports::actor_sql(l.actor),
                crate::reports::action_sql(l.action),
                l.seat.map(seat_sql),
                l.client,
                l.old_winner.map(seat_sql),
                l.old_crystals_a,
                l.old_crystals_b,
                l.new_winner.map(seat_sql),
                l.new_crystals_a,
                l.new_crystals_b,
                l.logged_at
            ],
        )?;
    }
    if let Some(setting) = &checked.setting {
        if setting.acceptance != Acceptance::default() {
            tx.execute(
                "INSERT INTO report_settings (tournament_id, needs_organiser) VALUES (?1, ?2)",
                params![id.0, setting.acceptance == Acceptance::ByOrganiser],
            )?;
        }
        for r in &setting.rounds {
            tx.execute(
                "INSERT INTO report_rounds (tournament_id, round, open, changed_at)
                 VALUES (?1, ?2, ?3, ?4)",
                params![id.0, r.round, r.open, now],
            )?;
        }
    }
    Ok(())
}
