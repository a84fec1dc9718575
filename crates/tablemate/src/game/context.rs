//! The game a command works on, loaded once: the cards with the user's fixes (read once),
//! the stored record, and the log folded by the engine. Enter, preview, play, prompts and
//! history all use it, so one command reads the card fixes once and replays the log once.
//!
//! **How a card fix reaches a game.** Every play records what it was decided with: the number
//! of the newest card fix the table had read (`card_played`'s `fixes_read`, stamped by the
//! engine when it decides the play). A card keeps, in each game, the facts its first play
//! there was decided with: the catalog with the fixes of that card up to that number. So a
//! fix made after a card was played, or while its play was being decided (another window,
//! the command line), cannot change or stop that game's log, undo and redo put a play back
//! with the facts it had, and no clock is compared. Cards not yet played in a game get the
//! fixes read now, and the play that follows records them: a fix reaches a game only through
//! a new play.
//!
//! The fixes are read after the log (in the same command), so every fix a stored play names
//! is among those read: fixes are only ever added, numbered in the order they are made.

use std::collections::HashMap;
use std::sync::OnceLock;

use bluemoon::engine::DecidingCards;
use bluemoon::{BmFacts, CardId, CardSource, Event};

use super::refusal::{table_refusal, TableRefusal};
use crate::coordinator::{self, Log};
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
    /// The newest fix read (0: none): what a play decided with these cards records.
    pub(crate) fixes_read: u64,
}

impl DecidingCards for Cards<'_> {
    fn fixes_read(&self) -> u64 {
        self.fixes_read
    }
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

/// A Blue Moon game loaded once (`coordinator`): its record, its log, redo stack, rulings seen,
/// its match and the card fixes, read in one read transaction.
pub(crate) type Loaded = coordinator::Loaded<BlueMoonLog, bluemoon::Game>;

/// One game loaded for one command (`coordinator`): its record, its stored log, the engine's
/// fold of it (and, when the log goes on past what this version replays, why, worded for the
/// table: only undo and abandon write then), with the cards it was decided with.
pub(crate) struct GameCtx {
    pub(crate) cards: Cards<'static>,
    pub(crate) rec: Loaded,
    /// The interface language refusals are worded in (English unless the front end says).
    pub(crate) lang: crate::Language,
}

/// `ctx.info`, `ctx.game`, `ctx.unreadable`: the loaded record's.
impl std::ops::Deref for GameCtx {
    type Target = Loaded;
    fn deref(&self) -> &Self::Target {
        &self.rec
    }
}

impl std::ops::DerefMut for GameCtx {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.rec
    }
}

/// The table of Blue Moon games, for the coordinator: its record, and its wording of the
/// store's refusals. An abandoned game is the engine's outcome without a winner (a tie): the
/// store records it abandoned when its event is written, and again when it is redone.
pub(crate) struct BlueMoonLog;

impl Log for BlueMoonLog {
    type Info = store::GameInfo;

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
}

impl Service {
    /// The engine's card source with the user's card fixes in force now (no game: a card
    /// looked up, suggested, or a table state counted).
    pub(crate) fn game_cards(&self) -> Result<Cards<'static>> {
        self.game_cards_as_played(&HashMap::new())
    }

    /// The engine's card source for a game whose cards were first played with the fixes
    /// `first_played` names ([`first_plays`]): each such card with its fixes up to that
    /// number, every other card with the fixes in force now (see the module's comment).
    pub(crate) fn game_cards_as_played(
        &self,
        first_played: &HashMap<CardId, u64>,
    ) -> Result<Cards<'static>> {
        cards_as_played(
            &self.catalog,
            &self.store.card_fix_history_all()?,
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
            |events, read| cards_of(&self.catalog, events, read),
            &word,
        )?;
        Ok(GameCtx { cards, rec, lang })
    }

    /// Takes back the last event of game `read`'s log (the record, its log and the card
    /// fixes read together at one revision; the caller refused what it must): the game is
    /// folded once, without it, with the cards as first played in what remains.
    pub(crate) fn undo_game(
        &mut self,
        read: store::LogRead<store::GameInfo>,
        lang: crate::Language,
    ) -> Result<GameCtx> {
        let catalog = &self.catalog;
        let word = |e: &bluemoon::RuleError, names: &[String; 2]| {
            super::rule_refusal_in(catalog, e, names, lang)
        };
        let (rec, cards) = coordinator::undo::<BlueMoonLog, bluemoon::Game, _>(
            &mut self.store,
            read,
            lang,
            |events, read| cards_of(catalog, events, read),
            &word,
        )?;
        Ok(GameCtx { cards, rec, lang })
    }

    /// Puts back the last event undone in the loaded game, exactly as it was stored: a play
    /// with the facts it was decided with (the fixes its event names), whatever was fixed
    /// since. `false`: nothing to redo.
    pub(crate) fn redo_game(&mut self, ctx: &mut GameCtx) -> Result<bool> {
        let lang = ctx.lang;
        let catalog = &self.catalog;
        let word = |e: &bluemoon::RuleError, names: &[String; 2]| {
            super::rule_refusal_in(catalog, e, names, lang)
        };
        // The fixes were read with the redo stack, so they hold every fix the event names.
        let cards = |events: &[Event], read: &store::BlueMoonRead| cards_of(catalog, events, read);
        match coordinator::redo(&mut self.store, &mut ctx.rec, cards, lang, &word)? {
            Some(cards) => {
                ctx.cards = cards;
                Ok(true)
            }
            None => Ok(false),
        }
    }
}

/// The cards a game's `events` were decided with, from the card fixes read with it.
pub(crate) fn cards_of(
    catalog: &cards::Catalog,
    events: &[Event],
    read: &store::BlueMoonRead,
) -> Result<Cards<'static>> {
    cards_as_played(catalog, &read.card_fixes, &first_plays(events))
}

/// The engine's card source: the embedded catalog with `fixes` over it.
fn cards_with(
    catalog: &cards::Catalog,
    fixes: Vec<cards::CardFix>,
    fixes_read: u64,
) -> Result<Cards<'static>> {
    let base = base_catalog()?;
    let applied = catalog.apply_fixes(&fixes);
    let fixed = applied
        .cards
        .into_iter()
        .map(|c| (c.card.facts.id.clone(), c.card.facts))
        .collect();
    Ok(Cards {
        base,
        fixed,
        fixes_read,
    })
}

/// The cards for a game whose cards were first played with the fixes `first_played` names:
/// each such card with the fixes of `history` up to that number, every other card with all of
/// them (see the module's comment). Nothing here reads a clock.
fn cards_as_played(
    catalog: &cards::Catalog,
    history: &[store::CardFixRow],
    first_played: &HashMap<CardId, u64>,
) -> Result<Cards<'static>> {
    let fixes_read = history
        .iter()
        .map(|r| u64::try_from(r.id.0).unwrap_or(0))
        .max()
        .unwrap_or(0);
    // (card, fact) -> the newest fix that counts for this game; a withdrawal (`null`) counts
    // too, and is left out at the end.
    let mut in_force: HashMap<(&str, &str), &store::CardFixRow> = HashMap::new();
    for row in history {
        let counts = match first_played.get(&CardId::new(row.card_id.as_str())) {
            Some(read) => u64::try_from(row.id.0).is_ok_and(|id| id <= *read),
            None => true,
        };
        if counts {
            in_force.insert((&row.card_id, &row.fact), row);
        }
    }
    let mut rows: Vec<&store::CardFixRow> = in_force.into_values().collect();
    rows.sort_by_key(|r| r.id.0);
    cards_with(
        catalog,
        rows.into_iter().filter_map(card_fix).collect(),
        fixes_read,
    )
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

/// The fixes each card of a log was first played with: the `fixes_read` of its first
/// `card_played` event.
pub(crate) fn first_plays(events: &[Event]) -> HashMap<CardId, u64> {
    let mut first = HashMap::new();
    for event in events {
        if let bluemoon::EventKind::CardPlayed {
            card, fixes_read, ..
        } = &event.kind
        {
            first.entry(card.clone()).or_insert(*fixes_read);
        }
    }
    first
}
