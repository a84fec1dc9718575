//! The events themselves: create and list them, find one (and a registered player) by what a
//! person types, the state a decision is made on, the standings and the whole event's page.

use store::{EntrantId, Format, TournamentId};

use super::refusals::say;
use super::{
    deck_lists::missing_decks, errors::record_error, errors::rule_error, input_refusals,
    new_event::NewEvent, refusals, store_err, views::display_name, views::entrant_view,
    views::event_view, views::round_view, views::standing_view, views::CorrectionView,
    views::EventDetail, views::EventView, views::RoundView, views::StandingView, PlayerRef,
    TIE_BREAKERS,
};
use crate::error::{ErrorCode, Result, ServiceError};
use crate::{Language, Service};

/// Finds an event by id (`3`, `#3`) or by its exact name (any case).
pub(super) fn parse_id(text: &str) -> Option<i64> {
    text.trim().trim_start_matches('#').parse::<i64>().ok()
}

impl Service {
    pub(super) fn event_view(&self, info: &store::TournamentInfo) -> Result<EventView> {
        let entrants = self.store.entrants(info.id).map_err(store_err)?;
        Ok(event_view(info, &entrants))
    }

    /// Resolves an event given by id or name; refused in the interface language `lang`.
    pub fn find_event_in(&self, which: &str, lang: Language) -> Result<TournamentId> {
        if let Some(id) = parse_id(which) {
            let id = TournamentId(id);
            return match self.store.tournament(id) {
                Ok(_) => Ok(id),
                Err(store::StoreError::NotFound { .. }) => Err(ServiceError::not_found(
                    input_refusals::no_event_numbered(id.0, lang),
                )),
                Err(e) => Err(store_err(e)),
            };
        }
        let wanted = which.trim().to_lowercase();
        let all = self.store.list_tournaments().map_err(store_err)?;
        let found: Vec<_> = all
            .iter()
            .filter(|t| t.name.to_lowercase() == wanted)
            .collect();
        match found.as_slice() {
            [one] => Ok(one.id),
            [] => Err(ServiceError::not_found(input_refusals::no_event_named(
                which.trim(),
                lang,
            ))),
            many => Err(ServiceError::invalid(input_refusals::events_named(
                which.trim(),
                &many.iter().map(|t| t.id.0).collect::<Vec<_>>(),
                lang,
            ))),
        }
    }

    pub fn create_event(&mut self, new: &NewEvent, lang: Language) -> Result<EventView> {
        let req = new.to_store(lang)?;
        let id = self.store.create_tournament(&req).map_err(|e| match e {
            // the store checks the date's shape (YYYY-MM-DD, a real day); worded here
            store::StoreError::Invalid { field: "date", .. } => {
                let date = new.date.trim();
                ServiceError::invalid(say!(
                    lang,
                    "{date:?} is not a date like 2026-11-22.",
                    "{date:?} ist kein Datum wie 2026-11-22."
                ))
            }
            other => store_err(other).in_language(lang),
        })?;
        let info = self.store.tournament(id).map_err(store_err)?;
        self.event_view(&info)
    }

    /// All events, newest first.
    pub fn list_events(&self) -> Result<Vec<EventView>> {
        let all = self.store.list_tournaments().map_err(store_err)?;
        all.iter().map(|t| self.event_view(t)).collect()
    }

    /// The event and its state as the rules see it: what a decision is made on, and passed
    /// back to the store with it (the store refuses it if the event changed meanwhile).
    pub(crate) fn decide_on(
        &self,
        id: TournamentId,
    ) -> Result<(store::TournamentInfo, tournament::EventState)> {
        let info = self.store.tournament(id).map_err(store_err)?;
        let state = self.store.event_state(id).map_err(store_err)?;
        Ok((info, state))
    }

    /// What a decision about the registered player `who` is made on, read once: the event,
    /// its state, the event's registrations and theirs; refused in `lang` when `who` is not
    /// registered.
    pub(crate) fn decide_about(
        &self,
        event: i64,
        who: &PlayerRef,
        lang: Language,
    ) -> Result<AboutEntrant> {
        let id = TournamentId(event);
        let (info, state) = self.decide_on(id)?;
        let entrants = self.store.entrants(id).map_err(store_err)?;
        let entrant = entrant_named(&entrants, who)
            .cloned()
            .ok_or_else(|| not_registered(who, &info, lang))?;
        Ok(AboutEntrant {
            id,
            info,
            state,
            entrant,
            entrants,
        })
    }

    /// Finds a registered player by entrant id (`#12`) or name (any case); refused in `lang`.
    pub fn find_entrant_in(&self, event: i64, who: &PlayerRef, lang: Language) -> Result<i64> {
        let id = TournamentId(event);
        let info = self.store.tournament(id).map_err(store_err)?;
        let entrants = self.store.entrants(id).map_err(store_err)?;
        entrant_named(&entrants, who)
            .map(|e| e.id.0)
            .ok_or_else(|| not_registered(who, &info, lang))
    }

    /// Everything about one event: players, rounds with results, standings, corrections. Each
    /// part is read once and what is shown is computed from that: the standings and what the
    /// pair button waits for from the event's state, the names from its registrations.
    pub fn event_detail(&self, event: i64, lang: Language) -> Result<EventDetail> {
        let id = TournamentId(event);
        let (info, state) = self.decide_on(id)?;
        let entrants = self.store.entrants(id).map_err(store_err)?;
        let rounds = self.store.rounds(id).map_err(store_err)?;
        let corrections = self.store.corrections(id).map_err(store_err)?;
        let view = event_view(&info, &entrants);
        let decks_missing = missing_decks(&info, &state, &entrants);
        let name = |e: EntrantId| display_name(&entrants, e);
        let corrections = corrections
            .into_iter()
            .map(|c| CorrectionView {
                round: c.round,
                table: c.table,
                old: format!("{} {}-{}", name(c.old.0), c.old.1, c.old.2),
                new: format!("{} {}-{}", name(c.new.0), c.new.1, c.new.2),
                reason: c.reason,
                corrected_at: c.corrected_at,
            })
            .collect();
        let rounds: Vec<RoundView> = rounds.iter().map(|r| round_view(r, &entrants)).collect();
        let all_complete = rounds.iter().all(|r| r.complete);
        let active = entrants
            .iter()
            .filter(|e| e.dropped_after.is_none())
            .count();
        let total = match info.format {
            Format::Swiss { rounds, top_cut } => rounds + top_cut.map_or(0, |c| c.trailing_zeros()),
            Format::RoundRobin => view.rounds_planned,
        };
        let paired = rounds.len() as u32;
        // round 1 of an event requiring deck lists waits for every deck (`decks_missing`)
        let can_pair = all_complete && paired < total && active >= 2 && decks_missing.is_empty();
        let finished = all_complete && paired >= total && paired > 0;
        // worded as pairing would refuse it (`check_deck_lists`)
        let pair_held = (!decks_missing.is_empty())
            .then(|| refusals::deck_lists_missing(&info.name, &decks_missing, lang));
        Ok(EventDetail {
            event: view,
            entrants: entrants.iter().map(entrant_view).collect(),
            rounds,
            standings: standings(&state, &entrants).map_err(|e| rule_error(e, "", &info, lang))?,
            corrections,
            can_pair,
            finished,
            tie_breakers: TIE_BREAKERS.iter().map(|s| s.to_string()).collect(),
            decks_missing,
            pair_held,
        })
    }
}

/// The standings over the Swiss or round-robin rounds of the event's `state` (the top cut is a
/// bracket, not standings), as the rules compute them, each line named from `entrants`.
fn standings(
    state: &tournament::EventState,
    entrants: &[store::Entrant],
) -> std::result::Result<Vec<StandingView>, tournament::TournamentError> {
    let ids: Vec<EntrantId> = state.registrations.iter().map(|r| r.id).collect();
    let records: Vec<tournament::RoundRecord> = (state.rounds.iter())
        .filter(|r| r.stage != store::Stage::TopCut)
        .map(|r| r.record.clone())
        .collect();
    let table = tournament::standings(&ids, &records)?;
    Ok(table
        .iter()
        .filter_map(|s| {
            Some(standing_view(
                s,
                entrants.iter().find(|e| e.id == s.entrant)?,
            ))
        })
        .collect())
}

/// A decision about one registered player, and what it was made on ([`Service::decide_about`]).
pub(crate) struct AboutEntrant {
    pub id: TournamentId,
    pub info: store::TournamentInfo,
    pub state: tournament::EventState,
    /// The player's registration.
    pub entrant: store::Entrant,
    /// The event's registrations, in seed order.
    pub entrants: Vec<store::Entrant>,
}

impl AboutEntrant {
    /// A refusal of the rules about this player, in `lang`.
    pub fn refused(&self, e: tournament::TournamentError, lang: Language) -> ServiceError {
        rule_error(e, &self.entrant.name, &self.info, lang)
    }

    /// A refusal of the store's write decided on [`AboutEntrant::state`], in `lang`.
    pub fn unrecorded(&self, e: store::StoreError, lang: Language) -> ServiceError {
        record_error(e, &self.info, lang)
    }
}

/// The registration `who` names: the app's entrant id as it is; typed, `#12` or a name (any
/// case). A seat names a player only at a table, never here.
fn entrant_named<'a>(
    entrants: &'a [store::Entrant],
    who: &PlayerRef,
) -> Option<&'a store::Entrant> {
    match who {
        PlayerRef::Entrant(n) => entrants.iter().find(|e| e.id.0 == *n),
        PlayerRef::Seat(_) => None,
        PlayerRef::Typed(text) => {
            let w = text.trim();
            let by_id = w
                .strip_prefix('#')
                .and_then(|n| n.parse::<i64>().ok())
                .and_then(|n| entrants.iter().find(|e| e.id.0 == n));
            by_id.or_else(|| {
                let w = w.to_lowercase();
                entrants.iter().find(|e| e.name.to_lowercase() == w)
            })
        }
    }
}

/// `who` is not registered for the event, as they were named.
fn not_registered(who: &PlayerRef, info: &store::TournamentInfo, lang: Language) -> ServiceError {
    let named = match who {
        // the app's choice names a registered player; gone means another window removed them,
        // and the user is told the event changed, not an internal id
        PlayerRef::Entrant(_) => {
            return ServiceError::new(ErrorCode::Changed, refusals::changed(&info.name, lang));
        }
        PlayerRef::Seat(seat) => format!("{seat:?}"),
        PlayerRef::Typed(text) => text.trim().to_owned(),
    };
    ServiceError::not_found(refusals::not_registered(&named, &info.name, lang))
}
