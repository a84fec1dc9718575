//! The game a command works on, loaded once: the cards with the user's fixes (read once),
//! the stored record, and the log folded by the engine. Enter, preview, play, prompts and
//! history all use it, so one command reads the card fixes once and replays the log once.
//!
//! **How a card fix reaches a game.** A card keeps, in each game, the facts it had when it was
//! first played there: a fix counts from the card's next first play, never backwards. So a fix
//! made after a card was played (its type, its values) cannot make that game's log stop
//! replaying, and a finished game keeps meaning what it meant. Cards not yet played in a game
//! get the fixes in force now, so values entered at the table count for the play that follows.

use std::collections::HashMap;
use std::sync::OnceLock;

use bluemoon::{BmFacts, CardId, CardSource, Event};

use crate::error::store_error;
use crate::{GameAt, Result, Service, ServiceError};

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
    /// The stored log goes on past what this version can replay (`game` stands before the
    /// first event it refuses): why, worded for the table. Only undo and abandon write then.
    pub(crate) unreadable: Option<String>,
}

impl Service {
    /// The engine's card source with the user's card fixes applied.
    pub(crate) fn game_cards(&self) -> Result<Cards<'static>> {
        self.cards_with(self.user_card_fixes()?)
    }

    fn cards_with(&self, fixes: Vec<cards::CardFix>) -> Result<Cards<'static>> {
        let base = base_catalog()?;
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
        Ok(self
            .store
            .card_fixes()?
            .iter()
            .filter_map(card_fix)
            .collect())
    }

    /// The engine's card source for a game whose cards were first played at `first_played`:
    /// each such card with the fixes made up to that moment, every other card with the fixes
    /// in force now (see the module's comment).
    pub(crate) fn game_cards_as_played(
        &self,
        first_played: &HashMap<CardId, String>,
    ) -> Result<Cards<'static>> {
        // (card, fact) -> the newest fix that counts for this game; a withdrawal (`null`)
        // counts too, and is left out at the end.
        let mut in_force: HashMap<(String, String), store::CardFixRow> = HashMap::new();
        for row in self.store.card_fix_history_all()? {
            let counts = match first_played.get(&CardId::new(row.card_id.as_str())) {
                Some(played) => row.created_at <= *played,
                None => true,
            };
            if counts {
                in_force.insert((row.card_id.clone(), row.fact.clone()), row);
            }
        }
        let mut rows: Vec<store::CardFixRow> = in_force.into_values().collect();
        rows.sort_by_key(|r| r.id.0);
        self.cards_with(rows.iter().filter_map(card_fix).collect())
    }

    /// Loads game `id` once for a command: the cards with the user's fixes, its stored
    /// record and its log (read together, at one revision) folded by the engine.
    pub(crate) fn load_game(&self, id: i64) -> Result<GameCtx> {
        self.load_game_in(id.into(), crate::Language::En)
    }

    /// [`Service::load_game`] of the game the person decided on: refused as changed meanwhile
    /// when a front end saw another revision than the record has now (nothing is decided on a
    /// table the person did not see). Refusals of the command are worded in `lang`.
    pub(crate) fn load_game_in(&self, at: GameAt, lang: crate::Language) -> Result<GameCtx> {
        let id = at.id;
        let gid = store::GameId(id);
        let (info, stored) = self.store.game_with_events(gid).map_err(|e| match e {
            store::StoreError::NotFound { .. } => {
                ServiceError::not_found(format!("There is no game {id}"))
            }
            other => store_error(other),
        })?;
        at.check(info.revision, &info.player_names, lang)?;
        // Events as far as they read; a stored game always opens: a log this version cannot
        // replay to its end is shown as it stood before the first event it refuses.
        let mut unread = None;
        let mut events = Vec::with_capacity(stored.len());
        for (i, s) in stored.iter().enumerate() {
            match Event::from_json(&s.payload) {
                Ok(e) => events.push(e),
                Err(e) => {
                    unread = Some((i, e));
                    break;
                }
            }
        }
        let cards = self.game_cards_as_played(&first_plays(&events, &stored))?;
        let mut game = bluemoon::Game::new();
        for (i, event) in events.into_iter().enumerate() {
            if let Err(e) = game.push(&cards, event) {
                unread = Some((i, e));
                break;
            }
        }
        let unreadable = unread.map(|(i, e)| {
            let reason = self.rule_refusal(&e, &info.player_names, lang);
            crate::record::unreadable_log(i + 1, &reason, lang)
        });
        Ok(GameCtx {
            cards,
            info,
            game,
            lang,
            unreadable,
        })
    }
}

/// A stored fix as the cards crate reads it (fact name + value JSON); a withdrawal (`null`) or
/// a row it cannot read is no fix.
fn card_fix(r: &store::CardFixRow) -> Option<cards::CardFix> {
    let value: serde_json::Value = serde_json::from_str(&r.value_json).ok()?;
    if value.is_null() {
        return None;
    }
    let fv: cards::FactValue =
        serde_json::from_value(serde_json::json!({ "fact": r.fact, "value": value })).ok()?;
    Some(cards::CardFix::new(r.card_id.as_str(), fv, r.id.0))
}

/// When each card was first played in a log: the time of its first `CardPlayed` event
/// (`events` parsed from `stored`, in the same order).
pub(crate) fn first_plays(
    events: &[Event],
    stored: &[store::StoredEvent],
) -> HashMap<CardId, String> {
    let mut first = HashMap::new();
    for (event, s) in events.iter().zip(stored) {
        if let bluemoon::EventKind::CardPlayed { card, .. } = &event.kind {
            first
                .entry(card.clone())
                .or_insert_with(|| s.created_at.clone());
        }
    }
    first
}
