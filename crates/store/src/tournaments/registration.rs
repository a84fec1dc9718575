//! Who plays: registering entrants (one or a list), changing or withdrawing a registration, dropping out.

use super::*;

/// Registers `player` inside `tx`, joining at round `joined_round` (decided by the rules:
/// `tournament::check_entry`). Refuses only what the data cannot hold: a second registration
/// of the same player.
pub(crate) fn register_in(
    tx: &Transaction<'_>,
    id: TournamentId,
    player: PlayerId,
    people: Option<&str>,
    joined_round: u32,
) -> Result<EntrantId> {
    let already: bool = tx.query_row(
        "SELECT EXISTS (SELECT 1 FROM registrations WHERE tournament_id = ?1 AND player_id = ?2)",
        params![id.0, player.0],
        |r| r.get(0),
    )?;
    if already {
        let name = crate::players::name_in(tx, player)?;
        let event = info_in(tx, id)?.name;
        return Err(StoreError::Conflict(format!(
            "{name} is already registered for {event}"
        )));
    }
    tx.execute(
            "INSERT INTO registrations (tournament_id, player_id, people, seed_order, joined_round)
             VALUES (?1, ?2, ?3,
                     (SELECT COALESCE(MAX(seed_order), 0) + 1 FROM registrations WHERE tournament_id = ?1),
                     ?4)",
            params![id.0, player.0, people, joined_round],
        )?;
    Ok(EntrantId(tx.last_insert_rowid()))
}

/// A registration write that changed `changed` rows: exactly one, or `entrant` is not a player
/// of the event.
pub(crate) fn expect_one(changed: usize, entrant: EntrantId, info: &TournamentInfo) -> Result<()> {
    if changed == 1 {
        return Ok(());
    }
    Err(StoreError::Invalid {
        field: "entrant",
        reason: format!("{entrant} is not a player of {}", info.name),
    })
}

impl Store {
    /// Records a registration of `player` with the people or deck they play, joining at round
    /// `joined_round` (the rules decided it on `decided_on`: `tournament::check_entry`).
    pub fn record_registration(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        player: PlayerId,
        people: Option<&str>,
        joined_round: u32,
    ) -> Result<EntrantId> {
        let people = people
            .map(|p| label("people", p, MAX_PEOPLE_CHARS))
            .transpose()?;
        let tx = self.write_tx()?;
        expect_state(&tx, id, decided_on)?;
        let entrant = register_in(&tx, id, player, people.as_deref(), joined_round)?;
        tx.commit()?;
        Ok(entrant)
    }

    /// Records several registrations by name (each player created if new), all or none: every
    /// name is checked first, and one transaction registers them, so a refused name registers
    /// nobody. They join at round `joined_round` (decided on `decided_on`).
    pub fn record_registrations(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        names: &[&str],
        people: Option<&str>,
        joined_round: u32,
    ) -> Result<Vec<EntrantId>> {
        let names = names
            .iter()
            .map(|n| crate::players::person_name(n))
            .collect::<Result<Vec<_>>>()?;
        let people = people
            .map(|p| label("people", p, MAX_PEOPLE_CHARS))
            .transpose()?;
        let tx = self.write_tx()?;
        expect_state(&tx, id, decided_on)?;
        let mut entrants = Vec::with_capacity(names.len());
        for name in &names {
            let player = crate::players::named_in(&tx, name)?;
            entrants.push(register_in(
                &tx,
                id,
                player,
                people.as_deref(),
                joined_round,
            )?);
        }
        tx.commit()?;
        Ok(entrants)
    }

    /// Records a corrected registration: the player named `name` (created if new; the player
    /// first registered keeps their record and history) playing `people`, as the rules allowed
    /// on `decided_on` (`tournament::check_registration_change`: before round 1 is paired).
    /// Refuses a name already registered for the event by someone else.
    pub fn record_registration_change(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        entrant: EntrantId,
        name: &str,
        people: Option<&str>,
    ) -> Result<()> {
        let name = crate::players::person_name(name)?;
        let people = people
            .map(|p| label("people", p, MAX_PEOPLE_CHARS))
            .transpose()?;
        let tx = self.write_tx()?;
        let info = expect_state(&tx, id, decided_on)?;
        let player = crate::players::named_in(&tx, &name)?;
        let taken: bool = tx.query_row(
            "SELECT EXISTS (SELECT 1 FROM registrations
                            WHERE tournament_id = ?1 AND player_id = ?2 AND id <> ?3)",
            params![id.0, player.0, entrant.0],
            |r| r.get(0),
        )?;
        if taken {
            return Err(StoreError::Conflict(format!(
                "{name} is already registered for {}",
                info.name
            )));
        }
        let changed = tx.execute(
            "UPDATE registrations SET player_id = ?3, people = ?4
             WHERE tournament_id = ?1 AND id = ?2",
            params![id.0, entrant.0, player.0, people],
        )?;
        expect_one(changed, entrant, &info)?;
        tx.commit()?;
        Ok(())
    }

    /// Records the removal of a registration, as the rules allowed on `decided_on` (before
    /// round 1 is paired, so nothing refers to it). The players registered after move up one
    /// seed, so seeds stay 1, 2, 3… in registration order.
    pub fn record_unregistration(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        entrant: EntrantId,
    ) -> Result<()> {
        let tx = self.write_tx()?;
        let info = expect_state(&tx, id, decided_on)?;
        let seed: Option<u32> = tx
            .query_row(
                "SELECT seed_order FROM registrations WHERE tournament_id = ?1 AND id = ?2",
                params![id.0, entrant.0],
                |r| r.get(0),
            )
            .optional()?;
        let Some(seed) = seed else {
            return expect_one(0, entrant, &info);
        };
        tx.execute(
            "DELETE FROM registrations WHERE tournament_id = ?1 AND id = ?2",
            params![id.0, entrant.0],
        )?;
        // one row at a time, in order, so (tournament, seed) stays unique throughout
        let later: Vec<i64> = {
            let mut stmt = tx.prepare_cached(
                "SELECT id FROM registrations WHERE tournament_id = ?1 AND seed_order > ?2
                 ORDER BY seed_order",
            )?;
            let rows = stmt.query_map(params![id.0, seed], |r| r.get(0))?;
            rows.collect::<rusqlite::Result<_>>()?
        };
        for e in later {
            tx.execute(
                "UPDATE registrations SET seed_order = seed_order - 1 WHERE id = ?1",
                [e],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Records a drop (`Some(round)`: not paired after that round) or its taking back (`None`),
    /// as the rules decided on `decided_on` (`tournament::check_drop`,
    /// `tournament::check_take_back_drop`).
    pub fn record_drop(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        entrant: EntrantId,
        dropped_after: Option<u32>,
    ) -> Result<()> {
        let tx = self.write_tx()?;
        let info = expect_state(&tx, id, decided_on)?;
        let changed = tx.execute(
            "UPDATE registrations SET dropped_after = ?3 WHERE tournament_id = ?1 AND id = ?2",
            params![id.0, entrant.0, dropped_after],
        )?;
        expect_one(changed, entrant, &info)?;
        tx.commit()?;
        Ok(())
    }
}
