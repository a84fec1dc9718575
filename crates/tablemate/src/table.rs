//! One table for the four games: the service's table operations, keyed by the game
//! (`cards::GameRef`), each taking the interface language, each returning one [`TableView`]
//! — a header every game shares and the game's own board. The list of operations is the one in
//! ARCHITECTURE.md ("The table's operations"; a test compares the two).
//!
//! An operation reads the game's kind from its reference and goes to that game's rules: Blue
//! Moon's (`game/`: the engine's preview before a card is played, the match, abandon) or the
//! other three games' (`othergames/`: one engine trait, `othergames/rules.rs`). Those are the
//! only implementations; what a table operation adds is the shared header. Blue Moon's rules
//! add the match (finish a game, start the next: `Service::game_next`, at a `TableAt`) and fixing a card's
//! values (`Service::game_fix_card`).

use cards::{Game, GameRef};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::game::{
    GameAction, GameView, NewGameRequest, PlayPreview, PlayRequest, Seat, SUGGESTION_LIMIT,
};
use crate::othergames::{
    NewOtherGameRequest, OtherAction, OtherCardSuggestion, OtherGameKind, OtherGameView,
    OtherOutcome,
};
use crate::rulings::PromptView;
use crate::{GameAt, Language, Result, Service, ServiceError};

/// A game as the table showed it: which game, and the revision of its record a write was
/// decided on (`None`: whatever it is now).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TableAt {
    pub game: GameRef,
    pub revision: Option<u32>,
}

impl TableAt {
    /// A game of `kind` at the revision shown.
    pub fn new(kind: Game, id: i64, revision: Option<u32>) -> TableAt {
        TableAt {
            game: GameRef::new(kind, id),
            revision,
        }
    }

    /// Blue Moon's game `id`, whatever its revision now.
    pub fn blue_moon(id: i64) -> TableAt {
        TableAt::new(Game::BlueMoon, id, None)
    }

    pub(crate) fn at(self) -> GameAt {
        GameAt {
            id: self.game.id,
            revision: self.revision,
        }
    }
}

impl From<GameRef> for TableAt {
    fn from(game: GameRef) -> TableAt {
        TableAt {
            game,
            revision: None,
        }
    }
}

/// What every game's table shows.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct TableHeader {
    pub game: GameRef,
    pub title: String,
    pub players: [String; 2],
    /// The revision of the game's record this view shows (a write names it).
    pub revision: u32,
    pub outcome: OtherOutcome,
    pub can_undo: bool,
    pub can_redo: bool,
    /// The ids (or names as typed) of the cards in play, once each, in the order they came.
    pub cards_in_play: Vec<String>,
    /// Why the table stands before the end of its stored log (see `GameView::unreadable`).
    pub unreadable: Option<String>,
    /// The rulings prompt of the card just entered ([`Service::table_enter`]); empty otherwise.
    pub prompts: Vec<PromptView>,
}

/// The game's own part of the table: its rules' view.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(tag = "game", content = "view", rename_all = "snake_case")]
#[ts(export)]
pub enum Board {
    BlueMoon(Box<GameView>),
    Warhammer(Box<OtherGameView>),
    Knightmare(Box<OtherGameView>),
    StarTrek(Box<OtherGameView>),
}

/// One game's table: the shared header and the game's board.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct TableView {
    pub header: TableHeader,
    pub board: Board,
}

/// A new game of one of the four kinds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "game", content = "request", rename_all = "snake_case")]
#[ts(export)]
pub enum NewTable {
    BlueMoon(NewGameRequest),
    Other(NewOtherGameRequest),
}

/// Something happening at a table, as its game's rules take it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "game", content = "action", rename_all = "snake_case")]
#[ts(export)]
pub enum TableAction {
    BlueMoon(GameAction),
    Other(OtherAction),
}

/// A card entering play: Blue Moon's with the person's confirmation of its warnings, the
/// other games' as their engine's event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "game", rename_all = "snake_case")]
#[ts(export)]
pub enum CardEntry {
    BlueMoon {
        request: PlayRequest,
        confirmed: bool,
    },
    Other {
        action: OtherAction,
    },
}

/// What entering a card gives back: the table after it (its header holding the card's
/// rulings prompt), or — Blue Moon only — what must be decided before it is played.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct TableEntered {
    /// `None` when the card was not played (see `preview`).
    pub table: Option<TableView>,
    /// Blue Moon's preview of the play (values to fill in, warnings to confirm, a refusal).
    pub preview: Option<PlayPreview>,
    /// Why the rulings could not be looked up (the play itself stands).
    pub prompts_error: Option<String>,
}

/// A game in the one list of every kind's games (to resume; `tablemate … list`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct TableListItem {
    #[ts(type = "number")]
    pub id: i64,
    pub kind: Game,
    pub title: String,
    pub players: [String; 2],
    /// Blue Moon's: the people each player plays.
    pub people: Option<[String; 2]>,
    /// Events in its log (the setup included).
    pub events: u32,
    pub updated_at: String,
    pub outcome: OtherOutcome,
    /// Blue Moon's: ended without a result (its outcome then is a tie).
    pub abandoned: bool,
    /// Blue Moon's: the crystals its winner won.
    pub crystals: Option<u8>,
    /// Blue Moon's: the match it belongs to.
    #[ts(type = "number | null")]
    pub match_id: Option<i64>,
}

impl TableListItem {
    /// The game in a line: its number, the players (with their people), how long, how it
    /// stands.
    pub fn text(&self, lang: Language) -> String {
        let (game, vs, events) = match lang {
            Language::En => ("game", "vs", "events"),
            Language::De => ("Spiel", "gegen", "Ereignisse"),
        };
        let player = |i: usize| match &self.people {
            Some(people) => format!("{} ({})", self.players[i], people[i]),
            None => self.players[i].clone(),
        };
        let title = match self.kind {
            Game::BlueMoon => String::new(),
            _ => format!("{} – ", self.title),
        };
        let state = match (&self.outcome, self.crystals) {
            _ if self.abandoned => match lang {
                Language::En => "abandoned (no result)".to_owned(),
                Language::De => "abgebrochen (kein Ergebnis)".to_owned(),
            },
            (OtherOutcome::Won { name, .. }, Some(c)) => {
                let won = crate::game::crystals(u32::from(c), lang);
                match lang {
                    Language::En => format!("{name} won {won}"),
                    Language::De => format!("{name} gewann {won}"),
                }
            }
            (outcome, _) => outcome.text(lang),
        };
        format!(
            "{game} {}: {title}{} {vs} {}, {} {events}, {state}",
            self.id,
            player(0),
            player(1),
            self.events
        )
    }
}

/// `tablemate … list` with no game recorded.
pub fn no_games(lang: Language) -> &'static str {
    match lang {
        Language::En => "no games yet",
        Language::De => "noch keine Spiele",
    }
}

/// The rules a game is played by here.
enum Rules {
    BlueMoon,
    Other(OtherGameKind),
}

fn rules(game: GameRef) -> Rules {
    match OtherGameKind::of_game(game.kind) {
        Some(kind) => Rules::Other(kind),
        None => Rules::BlueMoon,
    }
}

impl Service {
    /// Starts a game: everything is checked before the one write; refusals in `lang`.
    pub fn table_new(&mut self, req: &NewTable, lang: Language) -> Result<TableView> {
        Ok(match req {
            NewTable::BlueMoon(r) => blue_moon(self.game_new(r, lang)?),
            NewTable::Other(r) => other(self.other_new(r, lang)?),
        })
    }

    /// The table of `game`, its history worded in `lang`.
    pub fn table_view(&self, game: GameRef, lang: Language) -> Result<TableView> {
        Ok(match rules(game) {
            Rules::BlueMoon => blue_moon(self.game_view(game.id)?),
            Rules::Other(kind) => {
                let view = self.other_view(game.id, lang)?;
                self.same_game(kind, view.kind, game.id, lang)?;
                other(view)
            }
        })
    }

    /// A card entering play, with its rulings prompt (the cards in play before it) in the
    /// header; Blue Moon's preview instead when something must be decided first (values the
    /// catalog lacks, a warning not `confirmed`). One load of the game serves all of it.
    pub fn table_enter(
        &mut self,
        at: TableAt,
        card: &CardEntry,
        lang: Language,
    ) -> Result<TableEntered> {
        match (rules(at.game), card) {
            (Rules::BlueMoon, CardEntry::BlueMoon { request, confirmed }) => {
                let out = self.game_enter(at.at(), request, *confirmed, lang)?;
                Ok(TableEntered {
                    table: out.view.map(|v| with_prompts(blue_moon(v), out.prompts)),
                    preview: Some(out.preview),
                    prompts_error: out.prompts_error,
                })
            }
            (Rules::Other(kind), CardEntry::Other { action }) => {
                self.same_game(kind, action.kind(), at.game.id, lang)?;
                let out = self.other_enter(at.at(), action, lang, None)?;
                Ok(TableEntered {
                    table: Some(with_prompts(other(out.view), out.prompts)),
                    preview: None,
                    prompts_error: None,
                })
            }
            _ => Err(self.not_this_game(at.game, lang)),
        }
    }

    /// Anything else happening at the table; a refusal (in `lang`) writes nothing.
    pub fn table_act(
        &mut self,
        at: TableAt,
        action: &TableAction,
        lang: Language,
    ) -> Result<TableView> {
        match (rules(at.game), action) {
            (Rules::BlueMoon, TableAction::BlueMoon(a)) => {
                Ok(blue_moon(self.game_act(at.at(), a, lang)?))
            }
            (Rules::Other(kind), TableAction::Other(a)) => {
                self.same_game(kind, a.kind(), at.game.id, lang)?;
                Ok(other(self.other_act(at.at(), a, lang)?))
            }
            _ => Err(self.not_this_game(at.game, lang)),
        }
    }

    /// Takes back the last action (never the setup).
    pub fn table_undo(&mut self, at: TableAt, lang: Language) -> Result<TableView> {
        Ok(match rules(at.game) {
            Rules::BlueMoon => blue_moon(self.game_undo(at.at(), lang)?),
            Rules::Other(_) => other(self.other_undo(at, lang)?),
        })
    }

    /// Puts back the last action taken back.
    pub fn table_redo(&mut self, at: TableAt, lang: Language) -> Result<TableView> {
        Ok(match rules(at.game) {
            Rules::BlueMoon => blue_moon(self.game_redo(at.at(), lang)?),
            Rules::Other(_) => other(self.other_redo(at, lang)?),
        })
    }

    /// The rulings to show when `card` (as typed) enters `game`: interactions with the cards in
    /// play first, the rulings marked seen in the game left out, at most `limit` (default 6).
    pub fn table_prompts(
        &self,
        game: GameRef,
        card: &str,
        lang: Language,
        limit: Option<usize>,
    ) -> Result<Vec<PromptView>> {
        match rules(game) {
            Rules::BlueMoon => self.game_prompts(game.id, card, lang, limit),
            Rules::Other(_) => self.other_prompts(game, card, lang, limit),
        }
    }

    /// Cards of the game's catalog matching what is typed so far (names, typos).
    pub fn table_suggest(
        &self,
        game: GameRef,
        text: &str,
        lang: Language,
        limit: Option<usize>,
    ) -> Result<Vec<OtherCardSuggestion>> {
        match rules(game) {
            Rules::BlueMoon => Ok(self
                .card_suggestions_for(text, Some(limit.unwrap_or(SUGGESTION_LIMIT)), None)?
                .into_iter()
                .map(|c| OtherCardSuggestion {
                    id: c.id,
                    name: c.name,
                })
                .collect()),
            Rules::Other(_) => self.other_suggest(game, text, lang, limit),
        }
    }

    /// Marks a ruling seen in `game`: its rulings prompt leaves it out for the rest of the game.
    /// Marking it twice is harmless; a ruling not of the game's documents is refused in `lang`.
    pub fn table_mark_seen(&mut self, game: GameRef, ruling: &str, lang: Language) -> Result<()> {
        match rules(game) {
            Rules::BlueMoon => self.game_mark_ruling_seen(game.id, ruling, lang),
            Rules::Other(_) => self.other_mark_ruling_seen(game, ruling, lang),
        }
    }

    /// Ends the game without a result (Blue Moon's rules: `confirmed` by the person; undo
    /// takes it back until the match has its next game). The other games end by their own
    /// events and are refused here.
    pub fn table_abandon(
        &mut self,
        at: TableAt,
        confirmed: bool,
        lang: Language,
    ) -> Result<TableView> {
        match rules(at.game) {
            Rules::BlueMoon => Ok(blue_moon(self.game_act(
                at.at(),
                &GameAction::Abandon { confirmed },
                lang,
            )?)),
            Rules::Other(kind) => Err(ServiceError::invalid(match lang {
                Language::En => format!(
                    "A game of {} ends by its own rules: undo, or play on to its end.",
                    kind.title()
                ),
                Language::De => format!(
                    "Eine Partie {} endet nach ihren eigenen Regeln: zurücknehmen oder zu Ende \
                     spielen.",
                    kind.title()
                ),
            })),
        }
    }

    /// Refuses a reference whose kind is not the game's (the three other games share their
    /// ids): nothing is written for a game the front end did not mean. The stored kind is
    /// checked on the one read of the game the command decides on (`othergames/`).
    fn same_game(
        &self,
        meant: OtherGameKind,
        is: OtherGameKind,
        id: i64,
        lang: Language,
    ) -> Result<()> {
        if meant == is {
            return Ok(());
        }
        Err(self.not_this_game(GameRef::new(meant.cards(), id), lang))
    }

    pub(crate) fn not_this_game(&self, game: GameRef, lang: Language) -> ServiceError {
        let title = match OtherGameKind::of_game(game.kind) {
            Some(k) => k.title(),
            None => "Blue Moon",
        };
        ServiceError::invalid(match lang {
            Language::En => format!("Game {} is not a game of {title}.", game.id),
            Language::De => format!("Spiel {} ist keine Partie {title}.", game.id),
        })
    }
}

impl OtherOutcome {
    /// How the game stands, in words (`tablemate … list` and the header line).
    pub fn text(&self, lang: Language) -> String {
        match (self, lang) {
            (OtherOutcome::Playing, Language::En) => "playing".into(),
            (OtherOutcome::Playing, Language::De) => "läuft".into(),
            (OtherOutcome::Won { name, .. }, Language::En) => format!("{name} won"),
            (OtherOutcome::Won { name, .. }, Language::De) => format!("{name} hat gewonnen"),
            (OtherOutcome::Tie, Language::En) => "tie".into(),
            (OtherOutcome::Tie, Language::De) => "unentschieden".into(),
        }
    }
}

impl TableView {
    /// The shared header in words, as the command line prints it above the board: the game,
    /// its players and how it stands (a Blue Moon game abandoned says so), then why its log
    /// is read only so far.
    pub fn header_text(&self, lang: Language) -> String {
        let h = &self.header;
        let abandoned = matches!(&self.board, Board::BlueMoon(v) if v.abandoned);
        let outcome = match (abandoned, lang) {
            (true, Language::En) => "abandoned".to_owned(),
            (true, Language::De) => "abgebrochen".to_owned(),
            (false, _) => h.outcome.text(lang),
        };
        let (game, vs, unreadable) = match lang {
            Language::En => ("game", "vs", "unreadable"),
            Language::De => ("Spiel", "gegen", "unlesbar"),
        };
        let [a, b] = &h.players;
        let line = format!(
            "{game} {}: {} – {a} {vs} {b} – {outcome}",
            h.game.id, h.title
        );
        match &h.unreadable {
            Some(why) => format!("{line}\n{unreadable}: {why}"),
            None => line,
        }
    }
}

fn with_prompts(mut table: TableView, prompts: Vec<PromptView>) -> TableView {
    table.header.prompts = prompts;
    table
}

/// Blue Moon's table under the shared header.
fn blue_moon(view: GameView) -> TableView {
    let name = |seat: Seat| {
        view.players
            .iter()
            .find(|p| p.seat == seat)
            .map(|p| p.name.clone())
            .unwrap_or_default()
    };
    let outcome = match &view.game_over {
        _ if view.abandoned => OtherOutcome::Tie,
        Some(r) => OtherOutcome::Won {
            seat: r.winner,
            name: name(r.winner),
        },
        None => OtherOutcome::Playing,
    };
    let mut cards_in_play: Vec<String> = Vec::new();
    for side in &view.players {
        let a = &side.areas;
        for card in [
            &a.combat,
            &a.support,
            &a.leadership,
            &a.influence,
            &a.achievement,
        ]
        .into_iter()
        .flatten()
        {
            if let Some(id) = &card.id {
                if !cards_in_play.contains(id) {
                    cards_in_play.push(id.clone());
                }
            }
        }
    }
    TableView {
        header: TableHeader {
            game: GameRef::new(Game::BlueMoon, view.id),
            title: "Blue Moon".to_owned(),
            players: [name(Seat::A), name(Seat::B)],
            revision: view.revision,
            outcome,
            can_undo: view.can_undo,
            can_redo: view.redo_depth > 0,
            cards_in_play,
            unreadable: view.unreadable.clone(),
            prompts: Vec::new(),
        },
        board: Board::BlueMoon(Box::new(view)),
    }
}

/// One of the other games' tables under the shared header.
fn other(view: OtherGameView) -> TableView {
    let header = TableHeader {
        game: GameRef::new(view.kind.cards(), view.id),
        title: view.title.clone(),
        players: view.players.clone(),
        revision: view.revision,
        outcome: view.outcome.clone(),
        can_undo: view.can_undo,
        can_redo: view.can_redo,
        cards_in_play: view.cards_in_play.clone(),
        unreadable: view.unreadable.clone(),
        prompts: Vec::new(),
    };
    let board = match view.kind {
        OtherGameKind::Whi => Board::Warhammer(Box::new(view)),
        OtherGameKind::Kc => Board::Knightmare(Box::new(view)),
        OtherGameKind::Stccg => Board::StarTrek(Box::new(view)),
    };
    TableView { header, board }
}

// The front ends' game-only verbs (a Blue Moon play with its refusal worded for the command
// line, the match's next game, the app's first screen) give the game's own view, which these
// put under the shared header.
impl From<GameView> for TableView {
    fn from(view: GameView) -> TableView {
        blue_moon(view)
    }
}

impl From<OtherGameView> for TableView {
    fn from(view: OtherGameView) -> TableView {
        other(view)
    }
}

impl Service {
    /// The games of `kinds` (every kind when empty), unfinished first, then the most recently
    /// changed (`unfinished_only`: only those still played).
    pub fn table_list(&self, kinds: &[Game], unfinished_only: bool) -> Result<Vec<TableListItem>> {
        let wanted = |k: Game| kinds.is_empty() || kinds.contains(&k);
        let mut list = Vec::new();
        if wanted(Game::BlueMoon) {
            let filter = store::GameFilter {
                finished: unfinished_only.then_some(false),
                ..store::GameFilter::default()
            };
            list.extend(self.store.list_games(&filter)?.into_iter().map(|g| {
                let winner = g.result.as_ref().map(|r| r.winner);
                TableListItem {
                    id: g.id.0,
                    kind: Game::BlueMoon,
                    title: "Blue Moon".to_owned(),
                    outcome: match winner {
                        Some(seat) => OtherOutcome::Won {
                            seat,
                            name: g.player_names[seat.index()].clone(),
                        },
                        None if g.abandoned_at.is_some() => OtherOutcome::Tie,
                        None => OtherOutcome::Playing,
                    },
                    abandoned: g.abandoned_at.is_some() && winner.is_none(),
                    crystals: g.result.as_ref().map(|r| r.crystals),
                    match_id: g.match_id.map(|m| m.0),
                    people: Some(g.people),
                    players: g.player_names,
                    events: g.events,
                    updated_at: g.updated_at,
                }
            }));
        }
        let others = self.store.list_other_games(unfinished_only)?;
        list.extend(others.into_iter().filter_map(|g| {
            let kind = OtherGameKind::of(g.kind);
            wanted(kind.cards()).then(|| TableListItem {
                id: g.id.0,
                kind: kind.cards(),
                title: kind.title().to_owned(),
                outcome: crate::othergames::outcome_view(g.outcome, &g.player_names),
                players: g.player_names,
                people: None,
                events: g.events,
                updated_at: g.updated_at,
                abandoned: false,
                crystals: None,
                match_id: None,
            })
        }));
        // unfinished first, then the most recently changed (as each kind's store lists them)
        list.sort_by(|x, y| {
            let done = |g: &TableListItem| g.abandoned || g.outcome != OtherOutcome::Playing;
            (done(x), &y.updated_at, y.id).cmp(&(done(y), &x.updated_at, x.id))
        });
        Ok(list)
    }

    /// The game of `kind` to resume: its most recently changed unfinished game, if any.
    pub fn table_current(&self, kind: Game, lang: Language) -> Result<Option<TableView>> {
        Ok(match OtherGameKind::of_game(kind) {
            None => self.game_current()?.map(blue_moon),
            Some(k) => self.other_current(Some(k), lang)?.map(other),
        })
    }
}

#[cfg(test)]
#[path = "table_tests.rs"]
mod tests;
