//! Standings and the event's state as the rules (`tournament` crate) see it, from the stored rounds.

use super::*;

/// The event as the rules see it, with the players' reports as stored.
pub(super) fn event_state_in(conn: &rusqlite::Connection, id: TournamentId) -> Result<EventState> {
    let info = info_in(conn, id)?;
    let mut state = event_state(&info, &entrants_in(conn, id)?, &rounds_in(conn, id)?);
    state.reports = crate::reports::reported_seats(conn, id)?;
    Ok(state)
}

/// The event as the rules see it (without the reports: see [`event_state_in`]).
pub(super) fn event_state(
    info: &TournamentInfo,
    entrants: &[Entrant],
    rounds: &[RoundInfo],
) -> EventState {
    EventState {
        format: info.format,
        first_round: info.first_round,
        seed: info.seed,
        registrations: entrants
            .iter()
            .map(|e| Registration {
                id: e.id,
                joined_round: e.joined_round,
                dropped_after: e.dropped_after,
                deck: e.deck,
            })
            .collect(),
        rounds: rounds
            .iter()
            .map(|r| PairedRound {
                stage: r.stage,
                record: r.record(),
                published: r.published,
            })
            .collect(),
        reports: Vec::new(),
    }
}

pub(crate) fn standing_rows(
    entrants: &[Entrant],
    rounds: &[RoundInfo],
) -> Result<Vec<StandingRow>> {
    let ids: Vec<EntrantId> = entrants.iter().map(|e| e.id).collect();
    let records: Vec<RoundRecord> = rounds
        .iter()
        .filter(|r| r.stage != Stage::TopCut)
        .map(RoundInfo::record)
        .collect();
    let table = standings(&ids, &records)?;
    Ok(table
        .into_iter()
        .filter_map(|s| {
            let e = entrants.iter().find(|e| e.id == s.entrant)?;
            Some(StandingRow {
                name: e.name.clone(),
                people: e.people.clone(),
                dropped: e.dropped_after.is_some(),
                standing: s,
            })
        })
        .collect())
}

impl Store {
    /// Standings over the Swiss or round-robin rounds (the top cut is a bracket, not standings).
    pub fn standings(&self, id: TournamentId) -> Result<Vec<StandingRow>> {
        info_in(&self.conn, id)?;
        let entrants = entrants_in(&self.conn, id)?;
        let rounds = rounds_in(&self.conn, id)?;
        standing_rows(&entrants, &rounds)
    }
}
