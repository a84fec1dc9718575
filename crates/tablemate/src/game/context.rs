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
use cards::Outcome;
use store::StoredEvent;

use super::refusal::{table_refusal, TableRefusal};
use crate::coordinator::{self, Loaded, Log};
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

/// One game loaded for one command (`coordinator`): its record, its stored log, the engine's
/// fold of it (and, when the log goes on past what this version replays, why, worded for the
/// table: only undo and abandon write then), with the cards it was decided with.
pub(crate) struct GameCtx {
    pub(crate) cards: Cards<'static>,
    pub(crate) rec: Loaded<BlueMoonLog, bluemoon::Game>,
    /// The interface language refusals are worded in (English unless the front end says).
    pub(crate) lang: crate::Language,
}

/// `ctx.info`, `ctx.game`, `ctx.unreadable`: the loaded record's.
impl std::ops::Deref for GameCtx {
    type Target = Loaded<BlueMoonLog, bluemoon::Game>;
    fn deref(&self) -> &Self::Target {
        &self.rec
    }
}

impl std::ops::DerefMut for GameCtx {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.rec
    }
}

/// The store's record of Blue Moon games, for the coordinator. An abandoned game is the
/// engine's outcome without a winner: its event is written by `abandon_game`, and redoing it
/// abandons the game again.
pub(crate) struct BlueMoonLog;

impl Log for BlueMoonLog {
    type Info = store::GameInfo;

    fn read(store: &store::Store, id: i64) -> store::Result<(store::GameInfo, Vec<StoredEvent>)> {
        store.game_with_events(store::GameId(id))
    }
    fn reread(store: &store::Store, info: &store::GameInfo) -> store::Result<store::GameInfo> {
        store.game(info.id)
    }
    fn revision(info: &store::GameInfo) -> u32 {
        info.revision
    }
    fn names(info: &store::GameInfo) -> &[String; 2] {
        &info.player_names
    }
    fn updated_at(info: &store::GameInfo) -> &str {
        &info.updated_at
    }
    fn no_game(id: i64, _: crate::Language) -> ServiceError {
        ServiceError::not_found(format!("There is no game {id}"))
    }
    fn refusal(
        e: store::StoreError,
        info: &store::GameInfo,
        lang: crate::Language,
    ) -> ServiceError {
        let refused = |r| ServiceError::invalid(table_refusal(r, info.id.0, lang));
        match e {
            store::StoreError::GameAbandoned(_) => refused(TableRefusal::AbandonedLog),
            store::StoreError::NothingToUndo(_) => refused(TableRefusal::NothingToUndo),
            store::StoreError::NothingToRedo(_) => refused(TableRefusal::NothingToRedo),
            store::StoreError::GameFinished(_) => refused(TableRefusal::FinishedLog),
            other => store_error(other),
        }
    }
    fn append(
        store: &mut store::Store,
        info: &store::GameInfo,
        payload: &str,
        outcome: Outcome,
    ) -> store::Result<u32> {
        if outcome == Outcome::Tie {
            store.abandon_game(info.id, info.revision, payload)
        } else {
            store.append_event(info.id, info.revision, payload)
        }
    }
    fn undo(store: &mut store::Store, info: &store::GameInfo, _: Outcome) -> store::Result<()> {
        store.undo(info.id, info.revision).map(|_| ())
    }
    fn next_redo(store: &store::Store, info: &store::GameInfo) -> store::Result<Option<String>> {
        store.next_redo(info.id)
    }
    fn redo(
        store: &mut store::Store,
        info: &store::GameInfo,
        outcome: Outcome,
    ) -> store::Result<u32> {
        if outcome == Outcome::Tie {
            store.redo_abandoning(info.id, info.revision)
        } else {
            store.redo(info.id, info.revision)
        }
    }
}

impl Service {
    /// The engine's card source with the user's card fixes applied.
    pub(crate) fn game_cards(&self) -> Result<Cards<'static>> {
        self.cards_with(self.user_card_fixes()?)
    }

    fn cards_with(&self, fixes: Vec<cards::CardFix>) -> Result<Cards<'static>> {
        cards_with(&self.catalog, fixes)
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
        cards_as_played(
            &self.catalog,
            self.store.card_fix_history_all()?,
            first_played,
        )
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
        let word = |e: &bluemoon::RuleError, names: &[String; 2]| self.rule_refusal(e, names, lang);
        let (rec, cards) = coordinator::load::<BlueMoonLog, bluemoon::Game, _>(
            &self.store,
            at,
            lang,
            |events, stored| self.game_cards_as_played(&first_plays(events, stored)),
            &word,
        )?;
        Ok(GameCtx { cards, rec, lang })
    }

    /// Takes back the last event of game `info`'s log `stored` (read together at one
    /// revision; the caller refused what it must): the game is folded once, without it, with
    /// the cards as first played in what remains.
    pub(crate) fn undo_game(
        &mut self,
        info: store::GameInfo,
        stored: Vec<StoredEvent>,
        lang: crate::Language,
    ) -> Result<GameCtx> {
        let word = |e: &bluemoon::RuleError, names: &[String; 2]| {
            super::rule_refusal_in(&self.catalog, e, names, lang)
        };
        let history = self.store.card_fix_history_all()?;
        let cards_of = |events: &[Event], stored: &[StoredEvent]| {
            cards_as_played(&self.catalog, history, &first_plays(events, stored))
        };
        let (rec, cards) = coordinator::undo::<BlueMoonLog, bluemoon::Game, _>(
            &mut self.store,
            info,
            stored,
            lang,
            cards_of,
            &word,
        )?;
        Ok(GameCtx { cards, rec, lang })
    }
}

/// The engine's card source: the embedded catalog with `fixes` over it.
fn cards_with(catalog: &cards::Catalog, fixes: Vec<cards::CardFix>) -> Result<Cards<'static>> {
    let base = base_catalog()?;
    let applied = catalog.apply_fixes(&fixes);
    let fixed = applied
        .cards
        .into_iter()
        .map(|c| (c.card.facts.id.clone(), c.card.facts))
        .collect();
    Ok(Cards { base, fixed })
}

/// The cards for a game whose cards were first played at `first_played`: each such card with
/// the fixes of `history` made up to that moment, every other card with the fixes in force
/// now (see the module's comment).
fn cards_as_played(
    catalog: &cards::Catalog,
    history: Vec<store::CardFixRow>,
    first_played: &HashMap<CardId, String>,
) -> Result<Cards<'static>> {
    // (card, fact) -> the newest fix that counts for this game; a withdrawal (`null`) counts
    // too, and is left out at the end.
    let mut in_force: HashMap<(String, String), store::CardFixRow> = HashMap::new();
    for row in history {
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
    cards_with(catalog, rows.iter().filter_map(card_fix).collect())
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
