//! An event may require deck lists (issue #33): while it does, round 1 waits for every
//! player's deck. The rules say who is missing (`tournament::missing_deck_lists`); the event's
//! page and `tournament show` list them by name, and pairing round 1 is refused naming them.

use super::{refusals, store_err, views::display_name};
use crate::error::{Result, ServiceError};
use crate::{Language, Service};

impl Service {
    /// The players, by name, whose required deck is missing before round 1 (empty when the
    /// event requires no deck lists or round 1 is paired).
    pub(super) fn missing_decks(
        &self,
        info: &store::TournamentInfo,
        state: &tournament::EventState,
    ) -> Result<Vec<String>> {
        if !info.decks_required {
            return Ok(Vec::new());
        }
        let decks = self.store.registration_decks(info.id).map_err(store_err)?;
        let missing = tournament::missing_deck_lists(state, info.decks_required, |e| {
            decks.iter().any(|d| d.entrant == e)
        });
        let entrants = self.store.entrants(info.id).map_err(store_err)?;
        Ok(missing
            .iter()
            .map(|e| display_name(&entrants, *e))
            .collect())
    }

    /// Refuses pairing while a required deck is missing, naming the players in `lang`.
    pub(super) fn check_deck_lists(
        &self,
        info: &store::TournamentInfo,
        state: &tournament::EventState,
        lang: Language,
    ) -> Result<()> {
        let names = self.missing_decks(info, state)?;
        if names.is_empty() {
            return Ok(());
        }
        Err(ServiceError::invalid(refusals::deck_lists_missing(
            &info.name, &names, lang,
        )))
    }
}
