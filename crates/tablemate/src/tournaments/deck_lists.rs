//! An event may require deck lists (issue #33): while it does, round 1 waits for every
//! player's deck. The rules say who is missing (`tournament::missing_deck_lists`, from the
//! event's state, which knows who has a deck); the event's page and `tournament show` list
//! them by name (and the page's pair button waits), and pairing round 1 is refused naming them.

use super::{refusals, store_err, views::display_name};
use crate::error::{Result, ServiceError};
use crate::{Language, Service};

/// The players, by name, whose required deck is missing before round 1 (empty when the event
/// requires no deck lists or round 1 is paired), from the state a decision is made on.
pub(super) fn missing_decks(
    info: &store::TournamentInfo,
    state: &tournament::EventState,
    entrants: &[store::Entrant],
) -> Vec<String> {
    tournament::missing_deck_lists(state, info.decks_required)
        .iter()
        .map(|e| display_name(entrants, *e))
        .collect()
}

impl Service {
    /// Refuses pairing while a required deck is missing, naming the players in `lang`.
    pub(super) fn check_deck_lists(
        &self,
        info: &store::TournamentInfo,
        state: &tournament::EventState,
        lang: Language,
    ) -> Result<()> {
        if tournament::missing_deck_lists(state, info.decks_required).is_empty() {
            return Ok(());
        }
        let entrants = self.store.entrants(info.id).map_err(store_err)?;
        Err(ServiceError::invalid(refusals::deck_lists_missing(
            &info.name,
            &missing_decks(info, state, &entrants),
            lang,
        )))
    }
}
