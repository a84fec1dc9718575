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

use crate::game::{GameAction, GameView, Seat, PROMPT_LIMIT, SUGGESTION_LIMIT};
use crate::othergames::{OtherCardSuggestion, OtherGameKind, OtherGameView, OtherOutcome};
use crate::rulings::PromptView;
pub use crate::table_views::*;
use crate::{Language, Result, Service, ServiceError};

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
    /// The command line's Blue Moon entry (`front`: [`EntryFront::CommandLine`]) gets what is
    /// left to decide as a refusal instead, and no rulings prompt.
    pub fn table_enter(
        &mut self,
        at: TableAt,
        card: &CardEntry,
        front: EntryFront,
        lang: Language,
    ) -> Result<TableEntered> {
        match (rules(at.game), card, front) {
            (
                Rules::BlueMoon,
                CardEntry::BlueMoon { request, confirmed },
                EntryFront::CommandLine,
            ) => {
                let played = self.game_play_confirmed(at.at(), request, *confirmed, lang)?;
                Ok(TableEntered {
                    table: Some(blue_moon(played)),
                    preview: None,
                    prompts_error: None,
                })
            }
            (Rules::BlueMoon, CardEntry::BlueMoon { request, confirmed }, EntryFront::Window) => {
                let out = self.game_enter(at.at(), request, *confirmed, lang)?;
                Ok(TableEntered {
                    table: out.view.map(|v| with_prompts(blue_moon(v), out.prompts)),
                    preview: Some(out.preview),
                    prompts_error: out.prompts_error,
                })
            }
            (Rules::Other(kind), CardEntry::Other { action }, _) => {
                self.same_game(kind, action.kind(), at.game.id, lang)?;
                let out = self.other_record(at.at(), action, lang, Some(PROMPT_LIMIT))?;
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
                Ok(other(self.other_record(at.at(), a, lang, None)?.view))
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

// The front ends' game-only verbs (the match's next game, the app's first screen) give the
// game's own view, which these put under the shared header.
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
        // `tablemate game list` asks for Blue Moon's alone: no read of the other games then
        let others = if kinds.iter().any(|k| *k != Game::BlueMoon) || kinds.is_empty() {
            self.store.list_other_games(unfinished_only)?
        } else {
            Vec::new()
        };
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
