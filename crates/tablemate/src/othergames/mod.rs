//! The other games at the table (Warhammer: Invasion, Star Trek CCG, Knightmare Chess): start a
//! game, record what happens, undo/redo, resume, and the rulings prompt for a card entered with
//! the cards in play (leaving out the rulings marked seen in the game, as at Blue Moon's table).
//!
//! Each command loads the game once (its record and its log folded by the `othergames`
//! engine), lets the engine check the new event against that state, and writes once: the
//! event and the outcome after it, in one transaction (`store::Store::append`). A
//! refused action (or a refused new game) writes nothing; its refusal names the players and
//! cards in the interface language (`refusal.rs`). The actions are the engine's own events (`EVENTS.md` of
//! `othergames`) with the cards as typed: the service resolves them in the game's catalog
//! (a card no ruling names is kept as typed).

use std::collections::BTreeMap;

use ::cards::Engine;
use othergames::kc::{KcEvent, KcState, KcView};
use othergames::stccg::{StEvent, StState, StView};
use othergames::whi::{HitPoints, WhiEvent, WhiState, WhiView};
use othergames::{CardId, Event, PerPlayer, Player};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

mod read;
mod refusal;
mod rules;
pub mod stats;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_limits;
#[cfg(test)]
mod tests_seen;
#[cfg(test)]
mod tests_setup;
#[cfg(test)]
mod tests_unreadable;
mod typed;
mod views;
mod wording;

use read::{Loaded, OtherLog};
use typed::*;
pub use views::*;

use refusal::{Namer, NewGameRefusal, Ordinal};
use rules::{Start, TableRules};

use crate::game::Seat;

use crate::table::TableAt;
use crate::{coordinator, GameAt, Language, Result, Service, ServiceError};
use ::cards::GameRef;
/// The engine, for front ends that build its events (the CLI).
pub use othergames as engine;

/// `$body` with `$R` the rules (`TableRules`) of the stored kind `$kind`: a command goes to the
/// one generic implementation of its game.
macro_rules! by_kind {
    ($kind:expr, $R:ident => $body:expr) => {
        match $kind {
            store::OtherKind::Whi => {
                type $R = WhiState;
                $body
            }
            store::OtherKind::Stccg => {
                type $R = StState;
                $body
            }
            store::OtherKind::Kc => {
                type $R = KcState;
                $body
            }
        }
    };
}

impl Service {
    /// Starts a game of another kind. Everything is checked before the one write; a refusal
    /// is worded in `lang`, naming the players.
    pub(crate) fn other_new(
        &mut self,
        req: &NewOtherGameRequest,
        lang: Language,
    ) -> Result<OtherGameView> {
        let refuse = |r| ServiceError::invalid(refusal::new_game_refusal(r, lang));
        let a = req.player_a.trim();
        let b = req.player_b.trim();
        for (name, who) in [(a, Ordinal::First), (b, Ordinal::Second)] {
            if name.is_empty() {
                return Err(refuse(NewGameRefusal::NoName(who)));
            }
            // The store's own limits, checked here to be worded in the interface language.
            if !fits(name, store::MAX_NAME_CHARS) {
                return Err(refuse(NewGameRefusal::BadName {
                    player: who,
                    max: store::MAX_NAME_CHARS,
                }));
            }
        }
        if a.to_lowercase() == b.to_lowercase() {
            return Err(refuse(NewGameRefusal::SameNames(a, b)));
        }
        crate::names::check_people(&[a, b], lang)?;
        let deck = |d: &Option<String>, who| {
            let d = d.as_deref().map(str::trim).filter(|d| !d.is_empty());
            match d {
                Some(d) if !fits(d, MAX_DECK_CHARS) => Err(refuse(NewGameRefusal::BadDeck {
                    player: who,
                    max: MAX_DECK_CHARS,
                })),
                d => Ok(d.map(str::to_owned)),
            }
        };
        let start = Start {
            decks: PerPlayer {
                a: deck(&req.deck_a, Ordinal::First)?,
                b: deck(&req.deck_b, Ordinal::Second)?,
            },
            first: req.first.unwrap_or(Seat::A),
            hit_points: req.hit_points,
        };
        let names = [a.to_owned(), b.to_owned()];
        let setup = by_kind!(req.kind.store(), R => self.setup_json::<R>(&start, &names, lang)?);
        let id = self.store.create_other_game(&store::NewOtherGame {
            kind: req.kind.store(),
            players: names,
            setup,
        })?;
        self.other_view(id.0, lang)
    }

    fn setup_json<R: TableRules>(
        &self,
        start: &Start,
        names: &[String; 2],
        lang: Language,
    ) -> Result<String> {
        let ev = Event::new(R::setup(start));
        R::default()
            .apply(&ev)
            .map_err(|e| ServiceError::invalid(self.other_refusal::<R>(&e, names, lang)))?;
        Ok(ev.to_json())
    }

    /// The table of game `id`, its history worded in `lang`.
    pub(crate) fn other_view(&self, id: i64, lang: Language) -> Result<OtherGameView> {
        let read = self.other_read(id.into(), lang)?;
        by_kind!(read.record.kind, R => self.other_view_of(&self.load::<R>(read, lang)?, lang))
    }

    /// The game to resume: the most recently changed unfinished game (of `kind`, if given).
    pub(crate) fn other_current(
        &self,
        kind: Option<OtherGameKind>,
        lang: Language,
    ) -> Result<Option<OtherGameView>> {
        let open = self.store.list_other_games(true)?;
        match open
            .iter()
            .find(|g| kind.is_none_or(|k| k.store() == g.kind))
        {
            Some(g) => self.other_view(g.id.0, lang).map(Some),
            None => Ok(None),
        }
    }

    /// The game a command without a game id means: the most recent unfinished game of `kind`,
    /// else the most recently changed one (a game just won can still be undone, and a
    /// Knightmare Chess match goes on with its next game).
    pub(crate) fn other_latest(&self, kind: OtherGameKind) -> Result<Option<i64>> {
        Ok(self
            .store
            .list_other_games(false)?
            .iter()
            .find(|g| g.kind == kind.store())
            .map(|g| g.id.0))
    }

    /// Records one action in game `at` (`table_act`, `table_enter`): the engine checks it,
    /// then it is written with the outcome after it; a refusal (in `lang`) writes nothing.
    /// With `prompts` (a card entering), the rulings prompt for the card the action names
    /// comes with it, ranked with the cards in play before it (interactions first; at most
    /// that many; seen rulings left out): one load of the game serves both, so the table asks
    /// once per card entered.
    pub(crate) fn other_record(
        &mut self,
        at: impl Into<GameAt>,
        action: &OtherAction,
        lang: Language,
        prompts: Option<usize>,
    ) -> Result<OtherEntered> {
        let at = at.into();
        let id = at.id;
        // The app sends the action of the game on screen; a front end that mixes them up
        // (game ids are shared by the three games) is told so in the interface language.
        let read = self.other_read(at, lang)?;
        let is = OtherGameKind::of(read.record.kind);
        if is != action.kind() {
            return Err(ServiceError::invalid(refusal::wrong_game(
                id,
                is.title(),
                action.kind().title(),
                lang,
            )));
        }
        match action {
            OtherAction::Whi(ev) => self.act::<WhiState>(read, ev, lang, prompts),
            OtherAction::Stccg(ev) => self.act::<StState>(read, ev, lang, prompts),
            OtherAction::Kc(ev) => self.act::<KcState>(read, ev, lang, prompts),
        }
    }

    /// Takes back the last action (never the setup).
    pub(crate) fn other_undo(&mut self, at: TableAt, lang: Language) -> Result<OtherGameView> {
        let read = self.other_read_as(at, lang)?;
        by_kind!(read.record.kind, R => self.undo::<R>(read, lang))
    }

    /// Puts back the last action taken back.
    pub(crate) fn other_redo(&mut self, at: TableAt, lang: Language) -> Result<OtherGameView> {
        let read = self.other_read_as(at, lang)?;
        by_kind!(read.record.kind, R => self.redo::<R>(read, lang))
    }

    /// The rulings to show when `card` (as typed) enters game `id`: interactions with the
    /// cards in play first, then errata, restrictions and the card's own rulings (the ranking
    /// of `rulings::prompts`, as for Blue Moon). Rulings marked seen in the game are left out
    /// and the prompt still fills up to `limit` (default 6).
    pub(crate) fn other_prompts(
        &self,
        game: GameRef,
        card: &str,
        lang: Language,
        limit: Option<usize>,
    ) -> Result<Vec<crate::rulings::PromptView>> {
        let read = self.other_read_as(game.into(), lang)?;
        let card = self.other_card(OtherGameKind::of(read.record.kind).cards(), card, lang)?;
        by_kind!(read.record.kind, R => {
            self.other_prompts_in(&self.load::<R>(read, lang)?, &card, lang, limit)
        })
    }

    /// The rulings prompt for `card` (resolved) in a loaded game, with its cards in play.
    fn other_prompts_in<R: TableRules>(
        &self,
        g: &Loaded<R>,
        card: &CardId,
        lang: Language,
        limit: Option<usize>,
    ) -> Result<Vec<crate::rulings::PromptView>> {
        if self.catalog.card(card.as_str()).is_none() {
            // No document names the card: no ruling can be about it.
            return Ok(Vec::new());
        }
        let active: Vec<CardId> = g
            .game
            .state()
            .cards_in_play()
            .into_iter()
            .filter(|c| c != card && self.catalog.card(c.as_str()).is_some())
            .collect();
        g.unseen_prompts(limit, |n| {
            self.prompts_for(card, &active, &[], lang.into(), n)
        })
    }

    /// Marks ruling `ruling` seen in game `id`: its rulings prompt leaves it out for the rest
    /// of the game, also after a restart and an undo (as Blue Moon's). Marking it twice is
    /// harmless; an unknown game or a ruling not of the game's documents is refused in `lang`
    /// and writes nothing.
    pub(crate) fn other_mark_ruling_seen(
        &mut self,
        game: GameRef,
        ruling: &str,
        lang: Language,
    ) -> Result<()> {
        let info = self.other_info_as(game, lang)?;
        let kind = OtherGameKind::of(info.kind);
        let ruling = ruling.trim();
        // Only the game's own rulings: another id would hide nothing and stay in the database.
        let known = self
            .reference()?
            .get(&rulings::RulingId(ruling.to_owned()))
            .is_some_and(|r| r.game == kind.cards());
        if !known {
            return Err(ServiceError::not_found(refusal::no_ruling(
                ruling,
                kind.title(),
                lang,
            )));
        }
        self.store.mark_ruling_seen(info.game(), ruling)?;
        Ok(())
    }

    fn act<R: TableRules>(
        &mut self,
        read: store::LogRead<store::OtherGameInfo>,
        kind: &R::Kind,
        lang: Language,
        prompts: Option<usize>,
    ) -> Result<OtherEntered> {
        let mut g = self.load::<R>(read, lang)?;
        let names = g.info.player_names.clone();
        g.ensure_readable()?;
        if R::is_setup(kind) {
            return Err(ServiceError::invalid(self.other_refusal::<R>(
                &othergames::LogError::AlreadySetUp.into(),
                &names,
                lang,
            )));
        }
        let mut kind = kind.clone();
        if let Some(card) = R::card_mut(&mut kind) {
            *card = self.other_card(R::CARDS, card.as_str(), lang)?;
        }
        if let Some(note) = R::note_mut(&mut kind) {
            *note = bounded_note(note.as_deref(), lang)?;
        }
        let entering = R::card_mut(&mut kind).map(|c| c.clone());
        // The rulings are ranked with the cards in play before this one.
        let prompts = match (prompts, &entering) {
            (Some(limit), Some(card)) => self.other_prompts_in(&g, card, lang, Some(limit))?,
            _ => Vec::new(),
        };
        let catalog = &self.catalog;
        let word = |e: &R::Error, names: &[String; 2]| refusal_in::<R>(catalog, e, names, lang);
        coordinator::decide(&mut self.store, &mut g, &(), kind, lang, &word)?;
        Ok(OtherEntered {
            view: self.other_view_of(&g, lang)?,
            prompts,
        })
    }

    fn undo<R: TableRules>(
        &mut self,
        read: store::LogRead<store::OtherGameInfo>,
        lang: Language,
    ) -> Result<OtherGameView> {
        if read.events.len() <= 1 {
            return Err(ServiceError::invalid(self.namer_text(
                &read.record,
                lang,
                false,
            )));
        }
        self.check_kind::<R>(&read.record)?;
        let catalog = &self.catalog;
        let word = |e: &R::Error, names: &[String; 2]| refusal_in::<R>(catalog, e, names, lang);
        let (g, ()) = coordinator::undo::<OtherLog, othergames::Game<R>, ()>(
            &mut self.store,
            read,
            lang,
            |_, _| Ok(()),
            &word,
        )?;
        self.other_view_of(&g, lang)
    }

    fn redo<R: TableRules>(
        &mut self,
        read: store::LogRead<store::OtherGameInfo>,
        lang: Language,
    ) -> Result<OtherGameView> {
        let mut g = self.load::<R>(read, lang)?;
        let catalog = &self.catalog;
        let word = |e: &R::Error, names: &[String; 2]| refusal_in::<R>(catalog, e, names, lang);
        if coordinator::redo(&mut self.store, &mut g, |_, _| Ok(()), lang, &word)?.is_none() {
            return Err(ServiceError::invalid(self.namer_text(&g.info, lang, true)));
        }
        self.other_view_of(&g, lang)
    }

    fn namer_text(&self, info: &store::OtherGameInfo, lang: Language, redo: bool) -> String {
        let card = |c: &CardId| c.to_string();
        Namer {
            names: &info.player_names,
            card: &card,
            lang,
        }
        .nothing_to(redo)
    }
}
