//! The game a command works on, loaded once: the cards with the user's fixes (read once),
//! the stored record, and the log folded by the engine. Enter, preview, play, prompts and
//! history all use it, so one command reads the card fixes once and replays the log once.

use std::collections::HashMap;
use std::sync::OnceLock;

use bluemoon::{BmFacts, CardId, CardSource, Event};

use crate::error::store_error;
use crate::{Result, Service, ServiceError};

// Card source: the embedded effects and facts with the user's fixes over them.

fn base_catalog() -> Result<&'static bluemoon::Catalog> {
    static BASE: OnceLock<std::result::Result<bluemoon::Catalog, String>> = OnceLock::new();
    BASE.get_or_init(|| bluemoon::Catalog::embedded().map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|e| {
            ServiceError::internal(format!(
                "The card effects shipped with Tablemate are broken: {e}"
            ))
        })
}

/// The rules engine's view of the cards: the embedded catalog with the user's fixes.
pub(crate) struct Cards<'a> {
    pub(crate) base: &'a bluemoon::Catalog,
    pub(crate) fixed: HashMap<CardId, BmFacts>,
}

impl CardSource for Cards<'_> {
    fn facts(&self, id: &CardId) -> Option<&BmFacts> {
        self.fixed.get(id).or_else(|| self.base.facts(id))
    }
    fn effects(&self, id: &CardId) -> &[bluemoon::effect::Effect] {
        self.base.effects(id)
    }
    fn text(&self, id: &CardId) -> Option<&str> {
        self.base.text(id)
    }
    fn name(&self, id: &CardId) -> Option<&str> {
        CardSource::name(self.base, id)
    }
    fn deck(&self, id: &CardId) -> Option<&str> {
        self.base.deck(id)
    }
    /// Unknown unless the user's fix gives it (a fix never marks a fact absent).
    fn lacks(&self, id: &CardId, fact: bluemoon::source::Fact) -> bool {
        bluemoon::source::missing(self.facts(id), fact) && self.base.lacks(id, fact)
    }
}

/// One game loaded for one command: cards with the user's fixes, its record, its folded log.
pub(crate) struct GameCtx {
    pub(crate) cards: Cards<'static>,
    pub(crate) info: store::GameInfo,
    pub(crate) game: bluemoon::Game,
    /// The interface language refusals are worded in (English unless the front end says).
    pub(crate) lang: crate::Language,
}

fn broken_log(game: i64, e: impl std::fmt::Display) -> ServiceError {
    ServiceError::internal(format!(
        "The stored log of game {game} cannot be replayed ({e}); it was left untouched"
    ))
}

impl Service {
    /// The engine's card source with the user's card fixes applied.
    pub(crate) fn game_cards(&self) -> Result<Cards<'static>> {
        let base = base_catalog()?;
        let fixes = self.user_card_fixes()?;
        let applied = self.catalog.apply_fixes(&fixes);
        let fixed = applied
            .cards
            .into_iter()
            .map(|c| (c.card.facts.id.clone(), c.card.facts))
            .collect();
        Ok(Cards { base, fixed })
    }

    /// The user's card fixes in force, as the cards crate reads them (fact name + value JSON).
    pub(crate) fn user_card_fixes(&self) -> Result<Vec<cards::CardFix>> {
        let rows = self.store.card_fixes()?;
        Ok(rows
            .into_iter()
            .filter_map(|r| {
                let value: serde_json::Value = serde_json::from_str(&r.value_json).ok()?;
                let fv: cards::FactValue =
                    serde_json::from_value(serde_json::json!({ "fact": r.fact, "value": value }))
                        .ok()?;
                Some(cards::CardFix::new(r.card_id.as_str(), fv, r.id.0))
            })
            .collect())
    }

    /// Loads game `id` once for a command: the cards with the user's fixes, its stored
    /// record and its log folded by the engine.
    pub(crate) fn load_game(&self, id: i64) -> Result<GameCtx> {
        let cards = self.game_cards()?;
        let gid = store::GameId(id);
        let info = self.store.game(gid).map_err(|e| match e {
            store::StoreError::NotFound { .. } => {
                ServiceError::not_found(format!("There is no game {id}"))
            }
            other => store_error(other),
        })?;
        let events = self
            .store
            .events(gid)
            .map_err(store_error)?
            .into_iter()
            .map(|s| Event::from_json(&s.payload))
            .collect::<std::result::Result<Vec<_>, _>>()
            .map_err(|e| broken_log(id, e))?;
        let game = bluemoon::Game::from_events(&cards, events).map_err(|e| broken_log(id, e))?;
        Ok(GameCtx {
            cards,
            info,
            game,
            lang: crate::Language::En,
        })
    }
}
