//! Rounds: pairing (recorded as the `tournament` crate paired it), publishing and taking back the last round.

use super::*;

/// Writes a round (published, its clock as long as the previous round's) and its pairings
/// (byes after the matches).
pub(crate) fn insert_round(
    tx: &Transaction<'_>,
    id: TournamentId,
    number: u32,
    stage: Stage,
    pairings: &[Pairing],
) -> Result<()> {
    let clock_length = crate::round_clock::length_for_new_round(tx, id)?;
    tx.execute(
        "INSERT INTO rounds (tournament_id, number, stage, created_at, clock_length_ms)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            id.0,
            number,
            stage.as_str(),
            clock::Stamp::now(),
            clock_length
        ],
    )?;
    let mut ordered: Vec<&Pairing> = pairings
        .iter()
        .filter(|p| matches!(p, Pairing::Match { .. }))
        .collect();
    ordered.extend(pairings.iter().filter(|p| matches!(p, Pairing::Bye { .. })));
    let mut stmt = tx.prepare_cached(
        "INSERT INTO pairings (tournament_id, round, table_no, entrant_a, entrant_b)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for (i, p) in ordered.into_iter().enumerate() {
        let (a, b) = match *p {
            Pairing::Match { a, b } => (a, Some(b)),
            Pairing::Bye { player } => (player, None),
        };
        stmt.execute(params![id.0, number, i as u32 + 1, a.0, b.map(|b| b.0)])?;
    }
    Ok(())
}

impl Store {
    /// Publishes the last paired round; returns its number. Refused when it is already published.
    pub fn publish_round(&mut self, id: TournamentId) -> Result<u32> {
        let tx = self.write_tx()?;
        let info = info_in(&tx, id)?;
        let last = rounds_in(&tx, id)?.pop().ok_or_else(|| {
            StoreError::Conflict(format!(
                "no round of {} has been paired yet, so there is none to publish",
                info.name
            ))
        })?;
        if last.published {
            return Err(StoreError::Conflict(format!(
                "round {} of {} is already published",
                last.number, info.name
            )));
        }
        tx.execute(
            "UPDATE rounds SET published = 1 WHERE tournament_id = ?1 AND number = ?2",
            params![id.0, last.number],
        )?;
        tx.commit()?;
        Ok(last.number)
    }

    /// Records the round the rules paired on `decided_on` (`tournament::next_round`),
    /// published or only prepared (the organiser sees a prepared round, the projector does
    /// not, until [`Store::publish_round`]), with each seat's reporting code drawn from
    /// `fresh_code` in the same transaction: a slip printed at any time after pairing carries
    /// the code that will work once reporting opens. Checks only what the data needs: the
    /// round is the next number and seats each of the event's players at most once.
    pub fn record_round(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        next: &NextRound,
        published: bool,
        fresh_code: &mut dyn FnMut() -> String,
    ) -> Result<RoundInfo> {
        let tx = self.write_tx()?;
        expect_state(&tx, id, decided_on)?;
        let expected = decided_on.rounds.len() as u32 + 1;
        if next.number != expected {
            return Err(StoreError::Conflict(format!(
                "round {} cannot be recorded: the next round is {expected}",
                next.number
            )));
        }
        let mut seated = std::collections::HashSet::new();
        for p in &next.pairings {
            let seats = match *p {
                Pairing::Match { a, b } => vec![a, b],
                Pairing::Bye { player } => vec![player],
            };
            for e in seats {
                let registered = decided_on.registrations.iter().any(|r| r.id == e);
                if !registered || !seated.insert(e) {
                    return Err(StoreError::Conflict(format!(
                        "round {} seats {e} twice or is not of this event",
                        next.number
                    )));
                }
            }
        }
        insert_round(&tx, id, next.number, next.stage, &next.pairings)?;
        if !published {
            tx.execute(
                "UPDATE rounds SET published = 0 WHERE tournament_id = ?1 AND number = ?2",
                params![id.0, next.number],
            )?;
        }
        crate::reports::ensure_codes(&tx, id, next.number, fresh_code)?;
        let round = rounds_in(&tx, id)?
            .into_iter()
            .find(|r| r.number == next.number)
            .ok_or_else(|| StoreError::Conflict(format!("round {} was not stored", next.number)))?;
        tx.commit()?;
        Ok(round)
    }

    /// Records the undoing of the last round as the rules decided on `decided_on`
    /// (`tournament::round_to_undo`): the round and its pairings go (with their seat codes,
    /// reports and report log, which belong to the pairing); the late entries made after it
    /// was paired join it when it is paired again, and the drops made after it count from the
    /// round before.
    pub fn record_undo(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        undo: &Undo,
    ) -> Result<()> {
        let tx = self.write_tx()?;
        expect_state(&tx, id, decided_on)?;
        if undo.number != decided_on.rounds.len() as u32 {
            return Err(StoreError::Conflict(format!(
                "round {} is not the last round paired",
                undo.number
            )));
        }
        let number = undo.number;
        tx.execute(
            "DELETE FROM pairings WHERE tournament_id = ?1 AND round = ?2",
            params![id.0, number],
        )?;
        tx.execute(
            "DELETE FROM rounds WHERE tournament_id = ?1 AND number = ?2",
            params![id.0, number],
        )?;
        for e in &undo.entries_moved {
            tx.execute(
                "UPDATE registrations SET joined_round = ?3 WHERE tournament_id = ?1 AND id = ?2",
                params![id.0, e.0, number],
            )?;
        }
        for e in &undo.drops_moved {
            tx.execute(
                "UPDATE registrations SET dropped_after = ?3 WHERE tournament_id = ?1 AND id = ?2",
                params![id.0, e.0, number - 1],
            )?;
        }
        tx.commit()?;
        Ok(())
    }
}
