//! What players and the organiser write about a table: a player's report, the organiser's
//! acceptance of the reports, a result the organiser sets, and a reset of the reports. Each is
//! checked inside its write transaction against the table as stored, and logged.

use rusqlite::{params, Transaction};
use tournament::{Seat, SeatReport, SeatScore};

use super::log::{log, Actor, LogAction};
use super::{
    acceptance_in, check_live, refused, seat_sql, table_in, Acceptance, ReportOutcome,
    ReportRefusal, SeatCode, TableReports, MAX_CLIENT_CHARS,
};
use crate::error::Result;
use crate::ids::TournamentId;
use crate::tournaments::{info_in, insert_result, ResultSource};
use crate::{clock, Store};

/// Records `score` as the table's result, with the log's line saying who decided it: from the
/// players' reports (`source` [`ResultSource::Report`], an `accept` line) or set by the
/// organiser ([`ResultSource::Typed`], a `set_result` line).
fn record(
    tx: &Transaction<'_>,
    pid: i64,
    t: &TableReports,
    score: SeatScore,
    source: ResultSource,
    actor: Actor,
) -> Result<()> {
    insert_result(
        tx,
        pid,
        t.entrant(score.winner),
        (score.crystals_a, score.crystals_b),
        source,
        None,
    )?;
    let action = match source {
        ResultSource::Typed => LogAction::SetResult,
        _ => LogAction::Accept,
    };
    log(tx, pid, actor, action, None, None, None, Some(score))
}

/// The table at `round`/`table` as the organiser acts on it: refused once it has its result.
fn open_table(
    tx: &Transaction<'_>,
    id: TournamentId,
    round: u32,
    table: u32,
) -> Result<(i64, TableReports)> {
    info_in(tx, id)?;
    let (pid, t) = table_in(tx, id, round, table)?;
    if t.result.is_some() {
        return Err(refused(ReportRefusal::TableFinal { round, table }));
    }
    Ok((pid, t))
}
impl Store {
    /// Records a player's report from the seat of `at` (the code they typed, as found), sent
    /// from `client`, checked by the rules first (`SeatReport::check`, by the caller). It is
    /// refused when the round's codes no longer work, the code no longer names that seat (its
    /// round was undone meanwhile, perhaps paired again) or the table is final; the same report
    /// sent again writes nothing. So a report acknowledged is stored and stands: a round undone
    /// after it was read counts it (the undo compares the reports, [`crate::StoreError::EventChanged`]),
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
                record(&tx, pid, &t, score, ResultSource::Report, Actor::Agreement)?;
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
        let (pid, t) = open_table(&tx, id, round, table)?;
        let score = decide(&t).map_err(refused)?;
        record(&tx, pid, &t, score, ResultSource::Report, Actor::Organiser)?;
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
        let (pid, t) = open_table(&tx, id, round, table)?;
        record(&tx, pid, &t, score, ResultSource::Typed, Actor::Organiser)?;
        tx.commit()?;
        Ok(())
    }

    /// The organiser clears both reports of a table so both players report again; each removed
    /// report is logged. Refused once the table is final or when nobody reported.
    pub fn reset_reports(&mut self, id: TournamentId, round: u32, table: u32) -> Result<()> {
        let tx = self.write_tx()?;
        let (pid, t) = open_table(&tx, id, round, table)?;
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
}
