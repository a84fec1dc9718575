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
mod wording;

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

/// The longest card name accepted as typed (the longest printed names are far shorter).
const MAX_CARD_CHARS: usize = 100;
/// The longest description of a deck ("Dwarfs", "Borg: assimilation, Q side deck").
const MAX_DECK_CHARS: usize = 100;
/// The longest target of a Knightmare Chess card ("e4", "the Queen on d8", "all Pawns").
const MAX_NOTE_CHARS: usize = 40;

/// Which game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum OtherGameKind {
    Whi,
    Stccg,
    Kc,
}

impl OtherGameKind {
    fn store(self) -> store::OtherKind {
        match self {
            OtherGameKind::Whi => store::OtherKind::Whi,
            OtherGameKind::Stccg => store::OtherKind::Stccg,
            OtherGameKind::Kc => store::OtherKind::Kc,
        }
    }
    pub(crate) fn of(k: store::OtherKind) -> OtherGameKind {
        match k {
            store::OtherKind::Whi => OtherGameKind::Whi,
            store::OtherKind::Stccg => OtherGameKind::Stccg,
            store::OtherKind::Kc => OtherGameKind::Kc,
        }
    }
    /// The kind of a game of the catalog; `None` for Blue Moon (the table's own rules).
    pub fn of_game(game: cards::Game) -> Option<OtherGameKind> {
        match game {
            cards::Game::WarhammerInvasion => Some(OtherGameKind::Whi),
            cards::Game::StarTrekCcg => Some(OtherGameKind::Stccg),
            cards::Game::KnightmareChess => Some(OtherGameKind::Kc),
            cards::Game::BlueMoon => None,
        }
    }
    /// The game's card list and rulings.
    pub fn cards(self) -> cards::Game {
        match self {
            OtherGameKind::Whi => WhiState::CARDS,
            OtherGameKind::Stccg => StState::CARDS,
            OtherGameKind::Kc => KcState::CARDS,
        }
    }
    /// The game's name as players know it.
    pub fn title(self) -> &'static str {
        match self {
            OtherGameKind::Whi => "Warhammer: Invasion",
            OtherGameKind::Stccg => "Star Trek CCG",
            OtherGameKind::Kc => "Knightmare Chess",
        }
    }
    /// `whi`, `stccg`, `kc` (also `warhammer`, `startrek`, `knightmare`).
    pub fn parse(text: &str) -> Result<OtherGameKind> {
        match text
            .trim()
            .to_lowercase()
            .replace(['-', '_', ' ', ':'], "")
            .as_str()
        {
            "whi" | "warhammer" | "warhammerinvasion" => Ok(OtherGameKind::Whi),
            "stccg" | "startrek" | "startrekccg" => Ok(OtherGameKind::Stccg),
            "kc" | "knightmare" | "knightmarechess" => Ok(OtherGameKind::Kc),
            _ => Err(ServiceError::invalid(format!(
                "`{}` is not a game here: use whi (Warhammer: Invasion), stccg (Star Trek CCG) \
                 or kc (Knightmare Chess)",
                text.trim()
            ))),
        }
    }
}

/// A new game: the kind, the two players' names, their decks (free text), who starts (plays
/// White in Knightmare Chess), and for Warhammer: Invasion the capital's hit points (the
/// rulebook's 8 + 1 per development unless given).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct NewOtherGameRequest {
    pub kind: OtherGameKind,
    pub player_a: String,
    pub player_b: String,
    #[serde(default)]
    pub deck_a: Option<String>,
    #[serde(default)]
    pub deck_b: Option<String>,
    #[serde(default)]
    pub first: Option<Seat>,
    #[serde(default)]
    pub hit_points: Option<HitPoints>,
}

/// Something that happened at the table: one of the engine's events of the game (not its
/// setup), cards as typed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "game", content = "event", rename_all = "snake_case")]
#[ts(export)]
pub enum OtherAction {
    Whi(WhiEvent),
    Stccg(StEvent),
    Kc(KcEvent),
}

impl OtherAction {
    /// The game the action belongs to.
    pub fn kind(&self) -> OtherGameKind {
        match self {
            OtherAction::Whi(_) => OtherGameKind::Whi,
            OtherAction::Stccg(_) => OtherGameKind::Stccg,
            OtherAction::Kc(_) => OtherGameKind::Kc,
        }
    }
}

/// The table of one game, as its engine folds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "game", content = "table", rename_all = "snake_case")]
#[ts(export)]
pub enum OtherTable {
    Whi(Box<WhiView>),
    Stccg(StView),
    Kc(KcView),
}

/// Where the game stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "state", rename_all = "snake_case")]
#[ts(export)]
pub enum OtherOutcome {
    Playing,
    Won { seat: Seat, name: String },
    Tie,
}

/// One event of the log, for the history.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct OtherHistoryEntry {
    pub seq: u32,
    pub at: String,
    /// What happened, in the interface language, naming players and cards.
    pub text: String,
    /// The engine's event as stored (`EVENTS.md` of `othergames`), the setup included.
    pub action: OtherAction,
}

/// A game of another kind as the table shows it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct OtherGameView {
    #[ts(type = "number")]
    pub id: i64,
    /// The revision of the game's record this view shows (see `GameView::revision`).
    pub revision: u32,
    /// The stored log goes on past what this version of Tablemate can replay: the table stands
    /// before the first event it refuses, and this says which and why (interface language).
    /// Only undo writes then.
    pub unreadable: Option<String>,
    pub kind: OtherGameKind,
    pub title: String,
    pub players: [String; 2],
    pub outcome: OtherOutcome,
    pub can_undo: bool,
    pub can_redo: bool,
    pub table: OtherTable,
    /// The display name of every card id in the table that the catalog knows.
    pub card_names: BTreeMap<String, String>,
    pub history: Vec<OtherHistoryEntry>,
    /// The cards in play (the engine's `cards_in_play`), for the table's shared header
    /// (`crate::table`); not sent on its own.
    #[serde(skip)]
    #[ts(skip)]
    pub(crate) cards_in_play: Vec<String>,
}

impl OtherGameView {
    /// A player as typed: `A`/`B`, `1`/`2`, or a player's name (any case).
    pub fn player(&self, text: &str) -> Result<Player> {
        let t = text.trim();
        if let Some(i) = self
            .players
            .iter()
            .position(|n| n.to_lowercase() == t.to_lowercase())
        {
            return Ok(if i == 0 { Player::A } else { Player::B });
        }
        crate::game::parse_seat(t).map_err(|_| {
            ServiceError::invalid(format!(
                "`{t}` is not a player of this game: use {} or {} (or A, B)",
                self.players[0], self.players[1]
            ))
        })
    }

    /// The name of a player.
    pub fn name(&self, p: Player) -> &str {
        match p {
            Player::A => &self.players[0],
            Player::B => &self.players[1],
        }
    }

    /// A card's display name (the id when no document names it).
    pub fn card<'a>(&'a self, id: &'a CardId) -> &'a str {
        self.card_names
            .get(id.as_str())
            .map_or(id.as_str(), String::as_str)
    }
}

/// What entering a card gives back: the table after it, and the rulings for the card with
/// the cards in play before it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct OtherEntered {
    pub view: OtherGameView,
    pub prompts: Vec<crate::rulings::PromptView>,
}

/// A card suggested while typing at the table of another game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct OtherCardSuggestion {
    pub id: String,
    pub name: String,
}

pub(crate) fn outcome_view(o: store::Outcome, names: &[String; 2]) -> OtherOutcome {
    match o {
        store::Outcome::Playing => OtherOutcome::Playing,
        store::Outcome::Won(s) => OtherOutcome::Won {
            seat: s,
            name: names[s.index()].clone(),
        },
        store::Outcome::Tie => OtherOutcome::Tie,
    }
}

/// A game loaded once for a command (`coordinator`): its record, its log and the engine's
/// state folded from it.
type Loaded<R> = coordinator::Loaded<OtherLog, othergames::Game<R>>;

/// The table of the other games, for the coordinator: its record and its wording.
pub(crate) struct OtherLog;

impl coordinator::Log for OtherLog {
    type Info = store::OtherGameInfo;

    fn no_game(id: i64, lang: Language) -> ServiceError {
        ServiceError::not_found(refusal::no_game(id, lang))
    }
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

    /// Records one action in game `id`: the engine checks it, then it is written with the
    /// outcome after it. A refusal (in `lang`) writes nothing.
    pub(crate) fn other_act(
        &mut self,
        at: impl Into<GameAt>,
        action: &OtherAction,
        lang: Language,
    ) -> Result<OtherGameView> {
        Ok(self.other_record(at.into(), action, lang, None)?.view)
    }

    /// A card (or anything else) entering game `id`, as [`Self::other_act`], together with
    /// the rulings prompt for the card the action names, ranked with the cards in play before
    /// it (interactions first; at most `limit`, default 6; seen rulings left out). One load
    /// of the game serves both, so the table asks once per card entered.
    pub(crate) fn other_enter(
        &mut self,
        at: impl Into<GameAt>,
        action: &OtherAction,
        lang: Language,
        limit: Option<usize>,
    ) -> Result<OtherEntered> {
        self.other_record(at.into(), action, lang, Some(limit.unwrap_or(6)))
    }

    fn other_record(
        &mut self,
        at: GameAt,
        action: &OtherAction,
        lang: Language,
        prompts: Option<usize>,
    ) -> Result<OtherEntered> {
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
        let limit = limit.unwrap_or(6);
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
        limit: usize,
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
        let rl = match lang {
            Language::En => rulings::Lang::En,
            Language::De => rulings::Lang::De,
        };
        // Ask the ranking for as many more as are seen, so the prompt still fills up.
        let seen = &g.rulings_seen;
        let limit = limit.clamp(1, crate::game::PROMPT_LIMIT_MAX);
        let mut prompts = self.prompts_for(card, &active, &[], rl, limit + seen.len())?;
        prompts.retain(|p| !seen.contains(&p.ruling.id));
        prompts.truncate(limit);
        Ok(prompts)
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

    /// Cards of game `id`'s catalog matching what is typed so far (names, typos).
    pub(crate) fn other_suggest(
        &self,
        game: GameRef,
        text: &str,
        lang: Language,
        limit: Option<usize>,
    ) -> Result<Vec<OtherCardSuggestion>> {
        let game = OtherGameKind::of(self.other_info_as(game, lang)?.kind).cards();
        if text.trim().is_empty() {
            return Ok(Vec::new());
        }
        let limit = limit.unwrap_or(crate::game::SUGGESTION_LIMIT).clamp(1, 50);
        Ok(self
            .catalog
            .lookup(text, Some(game), limit)
            .candidates
            .iter()
            .map(|c| OtherCardSuggestion {
                id: c.id.to_string(),
                name: c.name.clone(),
            })
            .collect())
    }

    /// A card as typed, in the game's catalog: its id, or the text itself when no document
    /// names such a card (the engine keeps cards as free text). Several close matches are
    /// refused with the candidates.
    fn other_card(&self, game: cards::Game, text: &str, lang: Language) -> Result<CardId> {
        let t = text.trim();
        if t.is_empty() {
            return Err(ServiceError::invalid(match lang {
                Language::En => "No card given: type the card's name.",
                Language::De => "Keine Karte angegeben: tippe den Namen der Karte.",
            }));
        }
        // Kept as typed when no document names it, so it is bounded like a name.
        if !fits(t, MAX_CARD_CHARS) {
            return Err(ServiceError::invalid(match lang {
                Language::En => format!(
                    "A card name has at most {MAX_CARD_CHARS} characters and no control characters."
                ),
                Language::De => format!(
                    "Ein Kartenname hat höchstens {MAX_CARD_CHARS} Zeichen und keine Steuerzeichen."
                ),
            }));
        }
        if let Some(c) = self.catalog.card(t) {
            return Ok(c.id().clone());
        }
        let found = self
            .catalog
            .lookup(t, Some(game), crate::game::SUGGESTION_LIMIT);
        if let Some(best) = found.best() {
            return Ok(best.id.clone());
        }
        if found.ambiguous {
            let list: Vec<&str> = found.candidates.iter().map(|c| c.name.as_str()).collect();
            return Err(ServiceError::invalid(match lang {
                Language::En => format!("`{t}` names several cards: {}.", list.join(", ")),
                Language::De => format!("`{t}` passt auf mehrere Karten: {}.", list.join(", ")),
            }));
        }
        Ok(CardId::new(t))
    }

    fn other_card_name(&self, id: &CardId) -> String {
        card_name(&self.catalog, id)
    }

    fn other_refusal<R: TableRules>(
        &self,
        e: &R::Error,
        names: &[String; 2],
        lang: Language,
    ) -> String {
        refusal_in::<R>(&self.catalog, e, names, lang)
    }

    /// Game `game`'s record, refused (in `lang`) when there is none or when it is not of
    /// `game`'s kind: nothing is done to a game the front end did not mean (the three games
    /// share their ids).
    fn other_info_as(&self, game: GameRef, lang: Language) -> Result<store::OtherGameInfo> {
        let info = self.other_info(game.id, lang)?;
        self.of_kind(game, info.kind, lang)?;
        Ok(info)
    }

    /// Game `at`'s record and log, read together, refused as [`Self::other_info_as`] is: the
    /// kind is checked on the one read the command decides on.
    fn other_read_as(
        &self,
        at: TableAt,
        lang: Language,
    ) -> Result<store::LogRead<store::OtherGameInfo>> {
        let read = self.other_read(at.at(), lang)?;
        self.of_kind(at.game, read.record.kind, lang)?;
        Ok(read)
    }

    fn of_kind(&self, game: GameRef, stored: store::OtherKind, lang: Language) -> Result<()> {
        match OtherGameKind::of_game(game.kind) == Some(OtherGameKind::of(stored)) {
            true => Ok(()),
            false => Err(self.not_this_game(game, lang)),
        }
    }

    /// Game `id`'s record; a game that does not exist (a mistyped id) is refused in `lang`.
    fn other_info(&self, id: i64, lang: Language) -> Result<store::OtherGameInfo> {
        match self.store.other_game(store::OtherGameId(id)) {
            Err(store::StoreError::NotFound { .. }) => {
                Err(ServiceError::not_found(refusal::no_game(id, lang)))
            }
            other => Ok(other?),
        }
    }

    fn other_read(
        &self,
        at: GameAt,
        lang: Language,
    ) -> Result<store::LogRead<store::OtherGameInfo>> {
        coordinator::read::<OtherLog>(&self.store, at, lang)
    }

    /// The caller chose `R` by the game's kind.
    fn check_kind<R: TableRules>(&self, info: &store::OtherGameInfo) -> Result<()> {
        if info.kind == R::KIND {
            return Ok(());
        }
        Err(ServiceError::internal(format!(
            "Game {} is a game of {}, not {}",
            info.id.0,
            OtherGameKind::of(info.kind).title(),
            OtherGameKind::of(R::KIND).title()
        )))
    }

    /// Game `info`'s log `stored` (read together by [`Self::other_read`]) folded by its
    /// engine; the caller chose `R` by the game's kind.
    fn load<R: TableRules>(
        &self,
        read: store::LogRead<store::OtherGameInfo>,
        lang: Language,
    ) -> Result<Loaded<R>> {
        self.check_kind::<R>(&read.record)?;
        let word = |e: &R::Error, names: &[String; 2]| self.other_refusal::<R>(e, names, lang);
        let (g, ()) = coordinator::fold(read, lang, |_, _| Ok(()), &word)?;
        Ok(g)
    }

    fn other_view_of<R: TableRules>(&self, g: &Loaded<R>, lang: Language) -> Result<OtherGameView> {
        let table = g.game.state().table();
        let mut card_names = BTreeMap::new();
        let json = serde_json::to_value(&table).unwrap_or_default();
        collect_cards(&json, &mut |id| {
            if let Some(c) = self.catalog.card(id) {
                card_names.insert(id.to_owned(), c.display_name().to_owned());
            }
        });
        let kind = OtherGameKind::of(g.info.kind);
        let card = |c: &CardId| self.other_card_name(c);
        let namer = Namer {
            names: &g.info.player_names,
            card: &card,
            lang,
        };
        Ok(OtherGameView {
            id: g.info.id.0,
            revision: g.info.revision,
            kind,
            title: kind.title().to_owned(),
            players: g.info.player_names.clone(),
            outcome: outcome_view(g.game.outcome(), &g.info.player_names),
            can_undo: g.stored.len() > 1,
            unreadable: g.unreadable.clone(),
            can_redo: g.info.redo > 0,
            table,
            card_names,
            // `load` parsed every stored event, in order.
            history: g
                .stored
                .iter()
                .zip(g.game.events())
                .map(|(e, ev)| {
                    let action = R::action(ev.kind.clone());
                    OtherHistoryEntry {
                        seq: e.seq,
                        at: e.created_at.clone(),
                        text: namer.event(&action),
                        action,
                    }
                })
                .collect(),
            cards_in_play: g
                .game
                .state()
                .cards_in_play()
                .into_iter()
                .map(|c| c.to_string())
                .collect(),
        })
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
            (Some(limit), Some(card)) => self.other_prompts_in(&g, card, lang, limit)?,
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

/// A card's display name (its id when no document names it).
fn card_name(catalog: &::cards::Catalog, id: &CardId) -> String {
    catalog
        .card(id.as_str())
        .map_or_else(|| id.to_string(), |c| c.display_name().to_owned())
}

/// An engine's refusal worded for the table, naming players and cards.
fn refusal_in<R: TableRules>(
    catalog: &::cards::Catalog,
    e: &R::Error,
    names: &[String; 2],
    lang: Language,
) -> String {
    let card = |c: &CardId| card_name(catalog, c);
    R::refusal(
        e,
        &Namer {
            names,
            card: &card,
            lang,
        },
    )
}

/// Whether free text typed at the table (a name, a deck, a card kept as typed, a target) may
/// be stored and shown: at most `max` characters, no control characters.
fn fits(text: &str, max: usize) -> bool {
    text.chars().count() <= max && !text.chars().any(char::is_control)
}

/// A target as typed: trimmed, none when empty, refused when too long or with control
/// characters (it is stored and shown as typed).
fn bounded_note(text: Option<&str>, lang: Language) -> Result<Option<String>> {
    let Some(t) = text.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    if !fits(t, MAX_NOTE_CHARS) {
        return Err(ServiceError::invalid(match lang {
            Language::En => format!(
                "A target has at most {MAX_NOTE_CHARS} characters and no control characters."
            ),
            Language::De => {
                format!("Ein Ziel hat höchstens {MAX_NOTE_CHARS} Zeichen und keine Steuerzeichen.")
            }
        }));
    }
    Ok(Some(t.to_owned()))
}

/// Calls `f` with every string under a `card` key or in a `cards` list of the view's JSON.
fn collect_cards(v: &serde_json::Value, f: &mut dyn FnMut(&str)) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                match (k.as_str(), x) {
                    ("card", serde_json::Value::String(s)) => f(s),
                    ("cards" | "legends", serde_json::Value::Array(a)) => {
                        a.iter().filter_map(|c| c.as_str()).for_each(&mut *f)
                    }
                    _ => collect_cards(x, f),
                }
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| collect_cards(x, f)),
        _ => {}
    }
}
