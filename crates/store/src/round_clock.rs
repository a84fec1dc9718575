//! The round clock as stored: the columns of `rounds` that hold a `tournament::RoundClock` (see
//! `schema::V_ROUND_CONTROL`). The service reads the current round's clock, lets the
//! `tournament` crate apply a command at its "now", and records the result here with the clock
//! it decided on; the write is refused if that clock changed meanwhile, and a refusal writes
//! nothing.

use rusqlite::{params, Connection, OptionalExtension, Row, Transaction};
use tournament::{ClockRun, RoundClock};

use crate::error::{Result, StoreError};
use crate::ids::TournamentId;
use crate::tournaments::info_in;
use crate::{clock, Store};

/// A round's clock with the event and round it belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredClock {
    pub tournament: TournamentId,
    pub event_name: String,
    pub round: u32,
    pub clock: RoundClock,
}

const CLOCK_COLUMNS: &str = "r.tournament_id, t.name, r.number, r.clock_length_ms, \
                             r.clock_started, r.clock_ran_ms, r.clock_running_since";

fn stored_clock(r: &Row<'_>) -> rusqlite::Result<StoredClock> {
    let started: bool = r.get(4)?;
    let ran_ms: i64 = r.get(5)?;
    let since: Option<i64> = r.get(6)?;
    let run = match (started, since) {
        (false, _) => ClockRun::NotStarted,
        (true, Some(since)) => ClockRun::Running { since, ran_ms },
        (true, None) => ClockRun::Paused { ran_ms },
    };
    Ok(StoredClock {
        tournament: TournamentId(r.get(0)?),
        event_name: r.get(1)?,
        round: r.get(2)?,
        clock: RoundClock {
            length_ms: r.get(3)?,
            run,
        },
    })
}

/// The clock of the event's last paired round, `None` before round 1 is paired.
fn current_in(conn: &Connection, id: TournamentId) -> Result<Option<StoredClock>> {
    Ok(conn
        .query_row(
            &format!(
                "SELECT {CLOCK_COLUMNS} FROM rounds r JOIN tournaments t ON t.id = r.tournament_id
                 WHERE r.tournament_id = ?1 ORDER BY r.number DESC LIMIT 1"
            ),
            [id.0],
            stored_clock,
        )
        .optional()?)
}

/// Every round's clock of an event, by round number (for the export).
pub(crate) fn clocks_in(conn: &Connection, id: TournamentId) -> Result<Vec<(u32, RoundClock)>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {CLOCK_COLUMNS} FROM rounds r JOIN tournaments t ON t.id = r.tournament_id
         WHERE r.tournament_id = ?1 ORDER BY r.number"
    ))?;
    let rows = stmt.query_map([id.0], stored_clock)?;
    let mut out = Vec::new();
    for row in rows {
        let c = row?;
        out.push((c.round, c.clock));
    }
    Ok(out)
}

/// The columns that hold a clock: started, time run, running since.
fn clock_columns(clock: &RoundClock) -> (bool, i64, Option<i64>) {
    match clock.run {
        ClockRun::NotStarted => (false, 0, None),
        ClockRun::Running { since, ran_ms } => (true, ran_ms, Some(since)),
        ClockRun::Paused { ran_ms } => (true, ran_ms, None),
    }
}

/// Writes a round's publishing and clock as an import found them (the round is already
/// inserted). A started clock counts as changed now, so the table shows it like one the
/// organiser just started.
pub(crate) fn write_round(
    tx: &Transaction<'_>,
    id: TournamentId,
    number: u32,
    published: bool,
    clock: RoundClock,
) -> Result<()> {
    let (started, ran_ms, since) = clock_columns(&clock);
    tx.execute(
        "UPDATE rounds SET published = ?3, clock_length_ms = ?4, clock_started = ?5,
                           clock_ran_ms = ?6, clock_running_since = ?7, clock_changed_at = ?8
         WHERE tournament_id = ?1 AND number = ?2",
        params![
            id.0,
            number,
            published,
            clock.length_ms,
            started,
            ran_ms,
            since,
            started.then(clock::Stamp::now)
        ],
    )?;
    Ok(())
}

/// The length a new round's clock starts with: the previous round's (an organiser sets it
/// once for the night), or the default for round 1.
pub(crate) fn length_for_new_round(conn: &Connection, id: TournamentId) -> Result<i64> {
    Ok(
        current_in(conn, id)?
            .map_or_else(|| RoundClock::default().length_ms, |c| c.clock.length_ms),
    )
}

impl Store {
    /// The clock of the event's current (last paired) round; `None` before round 1 is paired.
    pub fn round_clock(&self, id: TournamentId) -> Result<Option<StoredClock>> {
        info_in(&self.conn, id)?;
        current_in(&self.conn, id)
    }

    /// The clock an organiser started most recently, among the current rounds of all events
    /// still being played (a match without a result): the one the table shows during a match.
    /// `None` when there is none.
    pub fn latest_started_clock(&self) -> Result<Option<StoredClock>> {
        Ok(self
            .conn
            .query_row(
                &format!(
                    "SELECT {CLOCK_COLUMNS} FROM rounds r JOIN tournaments t ON t.id = r.tournament_id
                     WHERE r.clock_started = 1
                       AND r.number = (SELECT MAX(number) FROM rounds x
                                       WHERE x.tournament_id = r.tournament_id)
                       AND EXISTS (SELECT 1 FROM pairings p
                                   LEFT JOIN results res ON res.pairing_id = p.id
                                   WHERE p.tournament_id = r.tournament_id AND p.round = r.number
                                     AND p.entrant_b IS NOT NULL AND res.pairing_id IS NULL)
                     ORDER BY r.clock_changed_at DESC, r.tournament_id DESC LIMIT 1"
                ),
                [],
                stored_clock,
            )
            .optional()?)
    }

    /// Records the current round's clock as `clock`: what the rules made of `decided_on` (the
    /// clock the service read, `tournament::RoundClock::apply` at its "now"). Refused with
    /// [`StoreError::EventChanged`] when round `round` is no longer the current one or its clock
    /// changed meanwhile (another window started it), so a command never acts on a clock it
    /// did not see.
    pub fn record_clock(
        &mut self,
        id: TournamentId,
        round: u32,
        decided_on: &RoundClock,
        clock: RoundClock,
    ) -> Result<StoredClock> {
        let tx = self.write_tx()?;
        info_in(&tx, id)?;
        let current = current_in(&tx, id)?;
        let Some(current) = current.filter(|c| c.round == round && &c.clock == decided_on) else {
            return Err(StoreError::EventChanged { tournament: id.0 });
        };
        let (started, ran_ms, since) = clock_columns(&clock);
        tx.execute(
            "UPDATE rounds SET clock_length_ms = ?3, clock_started = ?4, clock_ran_ms = ?5,
                               clock_running_since = ?6, clock_changed_at = ?7
             WHERE tournament_id = ?1 AND number = ?2",
            params![
                id.0,
                current.round,
                clock.length_ms,
                started,
                ran_ms,
                since,
                clock::Stamp::now()
            ],
        )?;
        tx.commit()?;
        Ok(StoredClock { clock, ..current })
    }
}
