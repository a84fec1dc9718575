//! Results: typed in or taken from a match played in the app, checked against the pairing, and corrected with a log of corrections.

use super::*;

/// Writes a table's first result (the caller has checked there is none).
pub(crate) fn insert_result(
    tx: &Transaction<'_>,
    pid: i64,
    winner: EntrantId,
    (ca, cb): (u8, u8),
    source: ResultSource,
    match_id: Option<MatchId>,
) -> Result<()> {
    tx.execute(
        "INSERT INTO results (pairing_id, winner, crystals_a, crystals_b, source, match_id, recorded_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![pid, winner.0, ca, cb, source.as_sql(), match_id.map(|m| m.0), clock::Stamp::now()],
    )?;
    Ok(())
}

/// The pairing at `round`/`table`: its id and its seats' entrants (no `b`: a bye).
pub(crate) fn pairing_row(
    conn: &rusqlite::Connection,
    id: TournamentId,
    round: u32,
    table: u32,
) -> Result<Option<(i64, i64, Option<i64>)>> {
    Ok(conn
        .query_row(
            "SELECT id, entrant_a, entrant_b FROM pairings
             WHERE tournament_id = ?1 AND round = ?2 AND table_no = ?3",
            params![id.0, round, table],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?)
}

/// The id of the pairing at `round`/`table`, with its seats; errors name what is missing.
pub(super) fn pairing_at(
    tx: &rusqlite::Connection,
    id: TournamentId,
    round: u32,
    table: u32,
) -> Result<(i64, EntrantId, EntrantId)> {
    match pairing_row(tx, id, round, table)? {
        None => Err(StoreError::Invalid {
            field: "table",
            reason: format!("round {round} of tournament {id} has no table {table}"),
        }),
        Some((_, a, None)) => Err(StoreError::Invalid {
            field: "table",
            reason: format!(
                "table {table} of round {round} is a bye for {}; a bye has no result to record",
                EntrantId(a)
            ),
        }),
        Some((pid, a, Some(b))) => Ok((pid, EntrantId(a), EntrantId(b))),
    }
}

/// A result to write, as the rules decide it may be (`tournament::MatchResult::check_new`;
/// the service checked it first and worded it: this keeps the data right whoever calls).
pub(super) fn check_result(
    a: EntrantId,
    b: EntrantId,
    winner: EntrantId,
    ca: u8,
    cb: u8,
) -> Result<()> {
    let result = MatchResult {
        a,
        b,
        winner,
        crystals_a: ca,
        crystals_b: cb,
    };
    Ok(result.check_new()?)
}

/// The corrections log of an event, oldest first (also exported).
pub(crate) fn corrections_in(
    conn: &rusqlite::Connection,
    id: TournamentId,
) -> Result<Vec<Correction>> {
    let mut stmt = conn.prepare_cached(
        "SELECT p.round, p.table_no, c.old_winner, c.old_crystals_a, c.old_crystals_b,
                    c.new_winner, c.new_crystals_a, c.new_crystals_b, c.reason, c.corrected_at
             FROM result_corrections c JOIN pairings p ON p.id = c.pairing_id
             WHERE p.tournament_id = ?1 ORDER BY c.id",
    )?;
    let rows = stmt.query_map([id.0], |r| {
        Ok(Correction {
            round: r.get(0)?,
            table: r.get(1)?,
            old: (EntrantId(r.get(2)?), r.get(3)?, r.get(4)?),
            new: (EntrantId(r.get(5)?), r.get(6)?, r.get(7)?),
            reason: r.get(8)?,
            corrected_at: r.get(9)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

impl Store {
    /// Records a typed-in result: the winner and each seat's crystals, decided on `decided_on`
    /// (read again inside the write with the players' reports: a report stored meanwhile makes
    /// it [`StoreError::EventChanged`]).
    #[allow(clippy::too_many_arguments)]
    pub fn record_result(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        round: u32,
        table: u32,
        winner: EntrantId,
        crystals_a: u8,
        crystals_b: u8,
    ) -> Result<()> {
        self.write_result(
            id,
            decided_on,
            (round, table),
            winner,
            (crystals_a, crystals_b),
            ResultSource::Typed,
            None,
        )
    }

    /// Records the result of a match played in the app between the two players at that table
    /// (decided on `decided_on`, as [`Store::record_result`]).
    pub fn record_result_from_match(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        round: u32,
        table: u32,
        match_id: MatchId,
    ) -> Result<()> {
        let status = self.match_status(match_id)?;
        let Some(winner_side) = status.winner else {
            return Err(StoreError::Conflict(format!(
                "match {match_id} is not finished yet"
            )));
        };
        info_in(&self.conn, id)?;
        let (_, a, b) = pairing_at(&self.conn, id, round, table)?;
        let entrants = entrants_in(&self.conn, id)?;
        let player_of = |e: EntrantId| entrants.iter().find(|x| x.id == e).map(|x| x.player);
        let (pa, pb) = (player_of(a), player_of(b));
        let crystals_of = |p: Option<PlayerId>| {
            status
                .players
                .iter()
                .position(|q| Some(*q) == p)
                .map(|i| status.crystals_of(Side::BOTH[i]))
        };
        let (Some(ca), Some(cb)) = (crystals_of(pa), crystals_of(pb)) else {
            return Err(StoreError::Invalid {
                field: "match",
                reason: format!(
                    "match {match_id} was not played by the two players at table {table} of round {round}"
                ),
            });
        };
        let winner_player = status.players[winner_side.index()];
        let winner = if Some(winner_player) == pa { a } else { b };
        let clamp = |c: u32| u8::try_from(c).unwrap_or(u8::MAX);
        self.write_result(
            id,
            decided_on,
            (round, table),
            winner,
            (clamp(ca), clamp(cb)),
            ResultSource::Match,
            Some(match_id),
        )
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn write_result(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        (round, table): (u32, u32),
        winner: EntrantId,
        (ca, cb): (u8, u8),
        source: ResultSource,
        match_id: Option<MatchId>,
    ) -> Result<()> {
        let tx = self.write_tx()?;
        expect_state(&tx, id, decided_on)?;
        let (pid, a, b) = pairing_at(&tx, id, round, table)?;
        check_result(a, b, winner, ca, cb)?;
        let exists: bool = tx.query_row(
            "SELECT EXISTS (SELECT 1 FROM results WHERE pairing_id = ?1)",
            [pid],
            |r| r.get(0),
        )?;
        if exists {
            return Err(StoreError::Conflict(format!(
                "table {table} of round {round} already has a result; correct it instead"
            )));
        }
        insert_result(&tx, pid, winner, (ca, cb), source, match_id)?;
        crate::reports::log_organiser_result(&tx, pid, a, None, (winner, ca, cb))?;
        tx.commit()?;
        Ok(())
    }

    /// Changes a recorded result; the old and new values and the reason go to the corrections
    /// log. Decided on `decided_on`, as [`Store::record_result`].
    #[allow(clippy::too_many_arguments)]
    pub fn correct_result(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        round: u32,
        table: u32,
        winner: EntrantId,
        crystals_a: u8,
        crystals_b: u8,
        reason: &str,
    ) -> Result<()> {
        let reason = label("reason", reason, 500)?;
        let tx = self.write_tx()?;
        expect_state(&tx, id, decided_on)?;
        let (pid, a, b) = pairing_at(&tx, id, round, table)?;
        check_result(a, b, winner, crystals_a, crystals_b)?;
        let old: Option<(i64, u8, u8)> = tx
            .query_row(
                "SELECT winner, crystals_a, crystals_b FROM results WHERE pairing_id = ?1",
                [pid],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()?;
        let Some((ow, oa, ob)) = old else {
            return Err(StoreError::Invalid {
                field: "table",
                reason: format!("table {table} of round {round} has no result to correct"),
            });
        };
        let now = clock::Stamp::now();
        tx.execute(
            "INSERT INTO result_corrections (pairing_id, old_winner, old_crystals_a, old_crystals_b,
                 new_winner, new_crystals_a, new_crystals_b, reason, corrected_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![pid, ow, oa, ob, winner.0, crystals_a, crystals_b, reason, now],
        )?;
        tx.execute(
            "UPDATE results SET winner = ?2, crystals_a = ?3, crystals_b = ?4, source = 'typed',
                                match_id = NULL, recorded_at = ?5
             WHERE pairing_id = ?1",
            params![pid, winner.0, crystals_a, crystals_b, now],
        )?;
        crate::reports::log_organiser_result(
            &tx,
            pid,
            a,
            Some((EntrantId(ow), oa, ob)),
            (winner, crystals_a, crystals_b),
        )?;
        tx.commit()?;
        Ok(())
    }

    /// The corrections log of an event, oldest first.
    pub fn corrections(&self, id: TournamentId) -> Result<Vec<Correction>> {
        info_in(&self.conn, id)?;
        corrections_in(&self.conn, id)
    }
}
