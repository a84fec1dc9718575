//! Registering players (one, several all or none, late entries), correcting and removing a
//! registration before round 1 is paired.

use store::{EntrantId, TournamentId};

use super::{
    errors::record_error, errors::rule_error, refusals, store_err, views::entrant_view,
    views::EntrantView, PlayerRef,
};
use crate::error::{Result, ServiceError};
use crate::{Language, Service};

/// A registration checked and ready to write: the event and its state it was decided on, the
/// round the players join at and the people they play (as checked).
pub(crate) struct CheckedEntry {
    pub info: store::TournamentInfo,
    pub state: tournament::EventState,
    pub round: u32,
    pub people: Option<&'static str>,
}

impl Service {
    /// Registers a player (created if new) with the people or deck they play. After round 1 was
    /// paired this is a late entry (Swiss only).
    pub fn register(
        &mut self,
        event: i64,
        player: &str,
        people: Option<&str>,
        lang: Language,
    ) -> Result<EntrantView> {
        let mut added = self.register_all(event, &[player], people, lang)?;
        added
            .pop()
            .ok_or_else(|| ServiceError::internal("A registration returned no entrant"))
    }

    /// Registers several players (each created if new) with the same people, all or none: if
    /// one name is refused, nobody is registered and no player is created. The rules decide
    /// whether they may enter and from which round (`tournament::check_entry`).
    pub fn register_all(
        &mut self,
        event: i64,
        players: &[&str],
        people: Option<&str>,
        lang: Language,
    ) -> Result<Vec<EntrantView>> {
        let entry = self.checked_entry(event, players, people, false, lang)?;
        let id = entry.info.id;
        let added = self
            .store
            .record_registrations(id, &entry.state, players, entry.people, entry.round)
            .map_err(|e| record_error(e, &entry.info, lang))?;
        self.entrant_views(id, &added)
    }

    /// What registering `players` playing `people` (bringing a deck or not, `with_deck`) is
    /// decided on, checked before any write: the rules let them enter (and from which round,
    /// and whether without a deck), no name is registered already or is another spelling of a
    /// player here, and the people is one.
    pub(crate) fn checked_entry(
        &self,
        event: i64,
        players: &[&str],
        people: Option<&str>,
        with_deck: bool,
        lang: Language,
    ) -> Result<CheckedEntry> {
        let id = TournamentId(event);
        let (info, state) = self.decide_on(id)?;
        let round = tournament::check_entry(&state, players.len())
            .map_err(|e| rule_error(e, "", &info, lang))?;
        tournament::check_entry_deck(info.decks_required, round, with_deck)
            .map_err(|e| rule_error(e, &refusals::names(players, lang), &info, lang))?;
        let entrants = self.store.entrants(id).map_err(store_err)?;
        let registered: Vec<&str> = entrants.iter().map(|e| e.name.as_str()).collect();
        check_names(players, &registered, &info.name, lang)?;
        let people = checked_people(people, &players.join(", "), lang)?;
        Ok(CheckedEntry {
            info,
            state,
            round,
            people,
        })
    }

    /// The registrations `added`, as the event lists them.
    pub(crate) fn entrant_views(
        &self,
        id: TournamentId,
        added: &[EntrantId],
    ) -> Result<Vec<EntrantView>> {
        let entrants = self.store.entrants(id).map_err(store_err)?;
        added
            .iter()
            .map(|a| {
                entrants
                    .iter()
                    .find(|e| e.id == *a)
                    .map(entrant_view)
                    .ok_or_else(|| ServiceError::not_found(format!("Player {a} is not registered")))
            })
            .collect()
    }

    /// Corrects a registration before round 1 is paired: the player `name` (created if new; the
    /// player first registered keeps their own record and history) and the people they play,
    /// checked as the table checks it.
    pub fn correct_registration(
        &mut self,
        event: i64,
        who: impl Into<PlayerRef>,
        name: &str,
        people: Option<&str>,
        lang: Language,
    ) -> Result<EntrantView> {
        let about = self.decide_about(event, &who.into(), lang)?;
        let entrant = about.entrant.id;
        tournament::check_registration_change(&about.state, entrant)
            .map_err(|e| about.refused(e, lang))?;
        let name = name.trim();
        let people = checked_people(people, name, lang)?;
        let others: Vec<&str> = about
            .entrants
            .iter()
            .filter(|e| e.id != entrant)
            .map(|e| e.name.as_str())
            .collect();
        check_names(&[name], &others, &about.info.name, lang)?;
        self.store
            .record_registration_change(about.id, &about.state, entrant, name, people)
            .map_err(|e| about.unrecorded(e, lang))?;
        self.entrant(about.id, entrant)
    }

    /// Removes a registration before round 1 is paired (after that, the player drops); the
    /// players registered after move up one seed. Returns the registration removed.
    pub fn remove_registration(
        &mut self,
        event: i64,
        who: impl Into<PlayerRef>,
        lang: Language,
    ) -> Result<EntrantView> {
        let about = self.decide_about(event, &who.into(), lang)?;
        tournament::check_registration_change(&about.state, about.entrant.id)
            .map_err(|e| about.refused(e, lang))?;
        self.store
            .record_unregistration(about.id, &about.state, about.entrant.id)
            .map_err(|e| about.unrecorded(e, lang))?;
        Ok(entrant_view(&about.entrant))
    }

    /// The registration `entrant`, as the event lists it (read after a write).
    pub(crate) fn entrant(&self, id: TournamentId, entrant: EntrantId) -> Result<EntrantView> {
        let mut one = self.entrant_views(id, &[entrant])?;
        one.pop()
            .ok_or_else(|| ServiceError::internal("A registration was read as none"))
    }
}

/// The names of `players` about to be registered, checked against the event's `others` (its
/// players but the one corrected): none registered already, each a person's name, one person
/// each, and none another spelling of a player here; refused in `lang` naming the `event`.
fn check_names(players: &[&str], others: &[&str], event: &str, lang: Language) -> Result<()> {
    let twice = |p: &&&str| {
        others
            .iter()
            .any(|o| cards::person_name::same_spelling(o, p))
    };
    if let Some(twice) = players.iter().find(twice) {
        let refusal = refusals::already_registered(twice.trim(), event, lang);
        return Err(ServiceError::invalid(refusal));
    }
    crate::names::check_people(players, lang)?;
    for p in players {
        crate::names::check_against(p, others, lang)?;
    }
    Ok(())
}

/// The people typed for `who` (blank: none), checked as the table checks it.
fn checked_people(people: Option<&str>, who: &str, lang: Language) -> Result<Option<&'static str>> {
    let people = people.map(str::trim).filter(|p| !p.is_empty());
    people
        .map(|p| crate::game::checked_people(p, who, lang))
        .transpose()
}
