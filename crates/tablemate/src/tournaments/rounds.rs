//! Pairing rounds (published at once or prepared first), undoing the last one, and drops, which
//! count from the rounds already paired.

use store::TournamentId;

use super::{
    errors::record_error, errors::rule_error, refusals, reporting, store_err, views::display_name,
    views::round_view, views::EntrantView, views::RoundView, views::UndoneRound, PlayerRef,
};
use crate::error::{Result, ServiceError};
use crate::{Language, Service};

impl Service {
    /// Drops the player `who` (`dropped`: not paired after the rounds already paired; their
    /// results stay) or takes their drop back (paired again from the next round; only until
    /// that round is paired), as the rules decide it on the event's state.
    pub fn set_dropped(
        &mut self,
        event: i64,
        who: impl Into<PlayerRef>,
        dropped: bool,
        lang: Language,
    ) -> Result<EntrantView> {
        let about = self.decide_about(event, &who.into(), lang)?;
        let (state, e) = (&about.state, about.entrant.id);
        let after = match dropped {
            true => tournament::check_drop(state, e).map(Some),
            false => tournament::check_take_back_drop(state, e).map(|()| None),
        }
        .map_err(|e| about.refused(e, lang))?;
        self.store
            .record_drop(about.id, state, e, after)
            .map_err(|e| about.unrecorded(e, lang))?;
        self.entrant(about.id, e)
    }

    /// Undoes the last paired round while none of its matches has a result. The players who
    /// dropped after it was paired now count as dropped after the round before, and the
    /// organiser is told so (`message`). When players have already reported from their phones
    /// at some of its tables, the organiser confirms first ([`ErrorCode::NeedsConfirmation`],
    /// naming the tables): undoing discards those reports with the pairings they belong to,
    /// and the round's codes stop working (a player who tries one is told it is not valid).
    pub fn undo_round(
        &mut self,
        event: i64,
        confirmed: bool,
        lang: Language,
    ) -> Result<UndoneRound> {
        let id = TournamentId(event);
        let (info, state) = self.decide_on(id)?;
        let undo = tournament::round_to_undo(&state).map_err(|e| rule_error(e, "", &info, lang))?;
        // the reports are part of the state decided on: one stored after this read makes the
        // undo "changed meanwhile" (asked again), never discarded uncounted
        let reports = undo.reports_discarded.len() as u32;
        if reports > 0 && !confirmed {
            let mut tables: Vec<u32> = undo.reports_discarded.iter().map(|r| r.table).collect();
            tables.dedup();
            return Err(ServiceError::needs_confirmation(refusals::undo_reported(
                undo.number,
                &tables,
                lang,
            )));
        }
        let entrants = self.store.entrants(id).map_err(store_err)?;
        self.store
            .record_undo(id, &state, &undo)
            .map_err(|e| record_error(e, &info, lang))?;
        let drops_moved: Vec<String> = undo
            .drops_moved
            .iter()
            .map(|e| display_name(&entrants, *e))
            .collect();
        Ok(UndoneRound {
            number: undo.number,
            message: refusals::undone(undo.number, &drops_moved, reports, lang),
            drops_moved,
            reports_discarded: reports,
        })
    }

    /// Pairs the next round and publishes it (the projector and printouts show it at once).
    pub fn pair_round(&mut self, event: i64, lang: Language) -> Result<RoundView> {
        self.pair(event, true, lang)
    }

    /// Pairs the next round without publishing it: the organiser sees it (and can undo it), the
    /// projector and printouts do not until [`Service::publish_round`].
    pub fn prepare_round(&mut self, event: i64, lang: Language) -> Result<RoundView> {
        self.pair(event, false, lang)
    }

    /// The rules pair the next round (`tournament::next_round`); the store records it with
    /// each seat's reporting code (from the system's random source), so the slips carry the
    /// codes whenever they are printed.
    pub(super) fn pair(
        &mut self,
        event: i64,
        published: bool,
        lang: Language,
    ) -> Result<RoundView> {
        let id = TournamentId(event);
        let (info, state) = self.decide_on(id)?;
        self.check_deck_lists(&info, &state, lang)?;
        let next = tournament::next_round(&state).map_err(|e| {
            // the top cut's winner by name, never by entrant number
            let who = match &e {
                tournament::TournamentError::Refused(tournament::Refusal::TopCutOver {
                    winner,
                }) => {
                    let entrants = self.store.entrants(id).unwrap_or_default();
                    display_name(&entrants, *winner)
                }
                _ => String::new(),
            };
            rule_error(e, &who, &info, lang)
        })?;
        let store = &mut self.store;
        let round = reporting::with_fresh_codes(|draw| {
            store.record_round(id, &state, &next, published, draw)
        })?
        .map_err(|e| record_error(e, &info, lang))?;
        let entrants = self.store.entrants(id).map_err(store_err)?;
        Ok(round_view(&round, &entrants))
    }

    /// Publishes the last paired round; returns its number.
    pub fn publish_round(&mut self, event: i64, lang: Language) -> Result<u32> {
        let id = TournamentId(event);
        let info = self.store.tournament(id).map_err(store_err)?;
        let last = self.store.rounds(id).map_err(store_err)?.pop();
        match last {
            None => Err(ServiceError::invalid(refusals::nothing_to_publish(
                &info.name, lang,
            ))),
            Some(r) if r.published => Err(ServiceError::invalid(refusals::already_published(
                r.number, &info.name, lang,
            ))),
            Some(_) => self.store.publish_round(id).map_err(store_err),
        }
    }
}
