//! The game state as a fold over the event log: fights, turns, dragons, end of game,
//! crystals and the match. Every event is checked against the current state; an impossible
//! one is rejected with a specific [`RuleError`] and changes nothing.

use crate::dragons::{due_on_retreat, Attraction, Dragons, RetreatDragons};
use crate::effect::{Action, Effect, ElementChangeTo, Forbid};
use crate::event::{Edition, Event, EventKind, Expansion, PerPlayer, EVENT_VERSION};
use crate::matches::{self, GameEnd, MATCH_TARGET};
use crate::power::{compute, EffectLine, PowerReport, Resolution, Warning};
use crate::source::CardSource;
use crate::table::{Area, CardEntry, PlayerTable, TableState};
use crate::{CardId, CardType, Element, Icon, Player, RuleError};
use serde::Serialize;

mod log;
mod play;
mod view;

pub use log::Game;
pub use view::{PlayerView, TableView};

/// The area a card's type implies (a face-down bluff card lies in the support area);
/// `None` when the type is unknown.
pub fn area_for(card_type: Option<CardType>, face_down: bool) -> Option<Area> {
    if face_down {
        return Some(Area::Support);
    }
    card_type.map(|t| match t {
        CardType::Character | CardType::Booster => Area::Combat,
        CardType::Support => Area::Support,
        CardType::Leadership => Area::Leadership,
        CardType::Influence | CardType::Ship => Area::Influence,
        CardType::Crystal => Area::Achievement,
        // Leaders, inquisitors and emissaries lie beside the board.
        CardType::Leader | CardType::Inquisitor | CardType::Emissary | CardType::Interference => {
            Area::Achievement
        }
    })
}

/// The set-up of the match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Setup {
    pub decks: PerPlayer<Option<String>>,
    pub expansions: Vec<Expansion>,
    pub edition: Edition,
    /// Constructed decks, as they were when the match began.
    pub constructed: PerPlayer<Option<crate::construct::ConstructedDeck>>,
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum EndReason {
    /// The winner would have attracted a fourth dragon (scored as three).
    FourthDragon,
    /// A player ran out of cards after a fight or a declined start.
    OutOfCards,
    /// Concession or irregularity: the opponent scores the maximum.
    Forfeit,
}

/// The result of one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameResult {
    pub winner: Player,
    pub reason: EndReason,
    /// Dragons counted for the score (at most 3).
    pub dragons: u8,
    /// Net change from crystal cards.
    pub crystal_cards: i8,
    /// Crystals won: 1 + dragons, changed by crystal cards, between 1 and 7.
    pub score: u32,
}

/// The state of the current fight.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Fight {
    /// Who starts (or started) this fight.
    pub starter: Player,
    /// The first turn of the fight has not been passed yet.
    pub first_turn: bool,
    /// Cards played in the current turn (they stay active when a character covers).
    pub played_this_turn: Vec<CardId>,
    /// A card has been played in this fight: it counts as a fight once it ends. A start
    /// declined (even after a leadership card) is no fight.
    pub begun: bool,
    /// This fight follows the end of another one (or a declined start) of the same game:
    /// until a card is played in it, the table is "after a fight", where a player out of
    /// cards ends the game (§ 'End of Game').
    pub after_fight: bool,
}

/// Everything known about the match after the events so far.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameState {
    pub setup: Option<Setup>,
    /// Game number within the match, from 1.
    pub game_no: u32,
    pub table: TableState,
    pub fight: Fight,
    pub dragons: Dragons,
    /// Players who ran out of cards this game, in order.
    pub out_of_cards: Vec<Player>,
    pub game_over: Option<GameResult>,
    /// The game was abandoned: it ended without a result (no winner, no crystals).
    pub abandoned: bool,
    /// Who started the current game (an abandoned game's starter starts the next one).
    pub game_starter: Player,
    pub results: Vec<GameResult>,
    pub crystals: PerPlayer<u32>,
    /// The dragons attracted by the last retreat, with how they were counted.
    pub last_retreat: Option<RetreatDragons>,
    /// Each player's discard pile this game, as far as the table shows it (cards discarded,
    /// and every card in play when a fight ends), so a card cannot come back unnoticed.
    pub discarded: PerPlayer<Vec<CardId>>,
    /// Fights of this game so far: one per retreat, and the fight under way (or the one a
    /// forfeit ended) when any card was played in it. A declined start is not a fight.
    pub fights: u32,
    /// Warnings raised by the last event.
    pub warnings: Vec<Warning>,
    /// Number of events folded.
    pub events: usize,
}

impl Default for GameState {
    fn default() -> Self {
        GameState {
            setup: None,
            game_no: 0,
            table: TableState {
                v: 1,
                ..TableState::default()
            },
            fight: Fight {
                starter: Player::A,
                first_turn: true,
                played_this_turn: Vec::new(),
                begun: false,
                after_fight: false,
            },
            dragons: Dragons::default(),
            out_of_cards: Vec::new(),
            game_over: None,
            abandoned: false,
            game_starter: Player::A,
            results: Vec::new(),
            crystals: PerPlayer::default(),
            last_retreat: None,
            discarded: PerPlayer::default(),
            fights: 0,
            warnings: Vec::new(),
            events: 0,
        }
    }
}

impl GameState {
    /// Folds the whole log. Deterministic: the same events always give the same state.
    pub fn replay(cards: &impl CardSource, events: &[Event]) -> Result<GameState, RuleError> {
        let mut state = GameState::default();
        for (index, ev) in events.iter().enumerate() {
            state = state
                .apply(cards, ev)
                .map_err(|e| RuleError::InvalidEvent {
                    index,
                    error: Box::new(e),
                })?;
        }
        Ok(state)
    }

    /// Checks a candidate event without changing anything; returns its warnings.
    pub fn validate(&self, cards: &impl CardSource, ev: &Event) -> Result<Vec<Warning>, RuleError> {
        self.apply(cards, ev).map(|s| s.warnings)
    }

    /// The state after one more event, or why the event is impossible.
    pub fn apply(&self, cards: &impl CardSource, ev: &Event) -> Result<GameState, RuleError> {
        if ev.v != EVENT_VERSION {
            return Err(RuleError::UnsupportedVersion(ev.v));
        }
        let mut s = self.clone();
        s.warnings.clear();
        s.events += 1;
        match (&ev.kind, &s.setup) {
            (EventKind::Setup { .. }, Some(_)) => return Err(RuleError::AlreadySetUp),
            (EventKind::Setup { .. }, None) => {}
            (_, None) => return Err(RuleError::NotSetUp),
            _ => {}
        }
        if !matches!(ev.kind, EventKind::NextGame) {
            if s.game_over.is_some() {
                return Err(RuleError::GameOver);
            }
            if s.abandoned {
                return Err(RuleError::GameAbandoned);
            }
        }
        match &ev.kind {
            EventKind::Setup {
                decks,
                expansions,
                edition,
                starts,
                constructed,
            } => {
                s.setup = Some(Setup {
                    decks: decks.clone(),
                    expansions: expansions.clone(),
                    edition: *edition,
                    constructed: constructed.clone(),
                });
                s.start_game(*starts);
            }
            EventKind::CardPlayed {
                player,
                card,
                area,
                target,
                face_down,
                ..
            } => s.play(cards, *player, card, *area, target.clone(), *face_down)?,
            EventKind::TargetChanged {
                player,
                card,
                target,
            } => {
                s.check_target(cards, *player, target)?;
                let entry = s
                    .find_mut(*player, card)
                    .ok_or_else(|| RuleError::CardNotInPlay {
                        player: *player,
                        card: card.clone(),
                    })?;
                entry.target = Some(target.clone());
            }
            EventKind::Covered { player, card } => {
                let side = s.table.side_mut(*player);
                let pos = side
                    .combat
                    .iter()
                    .position(|e| e.card.as_ref() == Some(card))
                    .ok_or_else(|| RuleError::CardNotInPlay {
                        player: *player,
                        card: card.clone(),
                    })?;
                side.combat.remove(pos);
                side.covered.push(card.clone());
            }
            EventKind::Retrieved { player, card } => {
                s.remove(*player, card, false)?;
            }
            EventKind::Discarded { player, card } => {
                s.remove(*player, card, true)?;
                s.discarded.get_mut(*player).push(card.clone());
            }
            EventKind::ElementChosen { player, element } => {
                if s.table.contested.is_some() {
                    return Err(RuleError::ElementAlreadyChosen);
                }
                if *player != s.fight.starter {
                    return Err(RuleError::NotFightStarter(s.fight.starter));
                }
                s.table.contested = Some(*element);
            }
            EventKind::ElementChanged { element } => s.table.contested = Some(*element),
            EventKind::TurnPassed { player } => {
                s.expect_turn(*player)?;
                let Some(element) = s.table.contested else {
                    return Err(RuleError::ElementNotChosen(*player));
                };
                s.warnings
                    .extend(crate::turn::pass_warnings(&s, cards, *player));
                let report = compute(cards, &s.table);
                let me = report.player(*player);
                if !me.meets.get(element) {
                    let unknown = s.characters_without_values(cards);
                    if unknown.is_empty() {
                        return Err(RuleError::PowerTooLow {
                            player: *player,
                            element,
                            have: me.total.get(element),
                            need: me.needed.get(element),
                        });
                    }
                    s.warnings.extend(
                        unknown
                            .into_iter()
                            .map(|card| Warning::UnknownValues { card }),
                    );
                }
                s.end_turn();
            }
            EventKind::Retreat {
                player,
                forced,
                dragon_cancelled,
            } => {
                s.expect_turn(*player)?;
                if s.fight.first_turn && *player == s.fight.starter && !forced {
                    return Err(RuleError::CannotRetreatOnFirstTurn(*player));
                }
                let due = due_on_retreat(cards, &s.table, *player);
                let winner = due.winner;
                let mut n = due.total;
                if *dragon_cancelled {
                    if n != 1 {
                        return Err(RuleError::CannotCancelDragons(n));
                    }
                    n = 0;
                }
                s.last_retreat = Some(due);
                s.fights += 1;
                s.fight.begun = false;
                s.attract(cards, winner, n);
                if s.game_over.is_none() {
                    s.end_fight(cards, *player);
                }
            }
            EventKind::DeclineStart { player, discarded } => {
                s.expect_turn(*player)?;
                if *player != s.fight.starter || !s.fight.first_turn {
                    return Err(RuleError::CannotDecline);
                }
                if *discarded > 3 {
                    return Err(RuleError::BadDeclineDiscard(*discarded));
                }
                // Not the end of a fight: no dragons; the opponent starts the next one.
                s.fight.begun = false;
                s.end_fight(cards, player.other());
            }
            EventKind::DragonsAttracted { player, count } => {
                if !(1..=4).contains(count) {
                    return Err(RuleError::BadDragonCount(*count));
                }
                s.attract(cards, *player, *count);
            }
            EventKind::OutOfCards { player } => {
                if s.out_of_cards.contains(player) {
                    return Err(RuleError::AlreadyOutOfCards(*player));
                }
                s.out_of_cards.push(*player);
                // Marked after a fight, before the next has begun: the game ends now;
                // during a fight, when it ends (a retreat, or a declined start).
                if s.between_fights() {
                    s.end_if_out_of_cards(cards);
                }
            }
            EventKind::CardsRegained { player } => {
                // 'Getting cards back means you had not run out.'
                s.out_of_cards.retain(|p| p != player);
            }
            EventKind::GameEnded { loser } => {
                let score = s.forfeit_score();
                s.finish(GameResult {
                    winner: loser.other(),
                    reason: EndReason::Forfeit,
                    dragons: 3,
                    crystal_cards: 0,
                    score,
                });
            }
            EventKind::GameAbandoned => {
                // Nothing is scored: the fight under way is not counted and the cards stay as
                // they were, so the log shows where the game stopped. Nobody is to move any
                // more, as after any end of a game.
                s.abandoned = true;
                s.table.turn = None;
            }
            EventKind::NextGame => {
                // The match's rule (`matches`): the loser starts the next game; after an
                // abandoned game, whoever started it.
                let end = match (&s.game_over, s.abandoned) {
                    (Some(last), _) => GameEnd::Won {
                        winner: last.winner,
                        crystals: last.score,
                    },
                    (None, true) => GameEnd::Abandoned,
                    (None, false) => return Err(RuleError::GameNotOver),
                };
                let starter = matches::next_starter(end, s.game_starter);
                if let Some(p) = s.match_winner() {
                    return Err(RuleError::MatchOver(p));
                }
                s.start_game(starter);
            }
        }
        Ok(s)
    }

    /// What a concession (or an irregularity) gives the opponent: the maximum score of a
    /// game, 4 crystals, or 7 when Emissaries and Inquisitors are in use, 'not only if you
    /// have played crystal cards' (§ 'End of Game').
    pub fn forfeit_score(&self) -> u32 {
        let emissaries = self
            .setup
            .as_ref()
            .is_some_and(|x| x.expansions.contains(&Expansion::EmissariesInquisitors));
        if emissaries {
            7
        } else {
            4
        }
    }

    /// The winner of the match played in this log, once a player has 5 crystals (`matches`).
    pub fn match_winner(&self) -> Option<Player> {
        let ends: Vec<GameEnd> = self
            .results
            .iter()
            .map(|r| GameEnd::Won {
                winner: r.winner,
                crystals: r.score,
            })
            .collect();
        matches::standing(MATCH_TARGET.into(), self.game_starter, &ends).winner
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Option<Player> {
        self.table.turn
    }

    /// Power, shields and breakdown of the current table.
    pub fn power(&self, cards: &impl CardSource) -> PowerReport {
        compute(cards, &self.table)
    }

    fn start_game(&mut self, starter: Player) {
        self.game_no += 1;
        self.table = TableState {
            v: 1,
            contested: None,
            turn: Some(starter),
            a: PlayerTable::default(),
            b: PlayerTable::default(),
        };
        self.fight = Fight {
            starter,
            first_turn: true,
            played_this_turn: Vec::new(),
            begun: false,
            after_fight: false,
        };
        self.dragons = Dragons::default();
        // Swift-Fist Royal Marshal [Inq 411]: "At the start of the game, I attract one
        // dragon." (§ 'About the Inquisitors': every game played with that inquisitor), the
        // starter's first.
        for p in [starter, starter.other()] {
            let inquisitor = self
                .setup
                .as_ref()
                .and_then(|s| s.constructed.get(p).as_ref())
                .and_then(|d| d.inquisitor);
            if inquisitor.and_then(|i| i.power())
                == Some(crate::construct::InquisitorPower::DragonAtStart)
            {
                self.dragons.attract(p);
            }
        }
        self.out_of_cards.clear();
        self.game_over = None;
        self.abandoned = false;
        self.game_starter = starter;
        self.last_retreat = None;
        self.discarded = PerPlayer::default();
        self.fights = 0;
    }

    fn expect_turn(&self, player: Player) -> Result<(), RuleError> {
        match self.table.turn {
            Some(t) if t != player => Err(RuleError::NotYourTurn {
                expected: t,
                got: player,
            }),
            _ => Ok(()),
        }
    }

    fn end_turn(&mut self) {
        let Some(p) = self.table.turn else { return };
        // Leadership cards never last beyond the turn: they go to the discard pile.
        let gone: Vec<CardId> = self
            .table
            .side_mut(p)
            .leadership
            .drain(..)
            .filter_map(|e| e.card)
            .collect();
        self.discarded.get_mut(p).extend(gone);
        self.table.turn = Some(p.other());
        self.fight.first_turn = false;
        self.fight.played_this_turn.clear();
    }

    /// Ends a fight (or a declined start): areas cleared except influence and achievement,
    /// then the out-of-cards check; `next` starts the next fight.
    fn end_fight(&mut self, cards: &impl CardSource, next: Player) {
        for p in [Player::A, Player::B] {
            let side = self.table.side_mut(p);
            let mut gone: Vec<CardId> = Vec::new();
            for area in [Area::Combat, Area::Support, Area::Leadership] {
                gone.extend(side.area_mut(area).drain(..).filter_map(|e| e.card));
            }
            gone.append(&mut side.covered);
            self.discarded.get_mut(p).extend(gone);
        }
        self.table.contested = None;
        self.table.turn = Some(next);
        self.fight = Fight {
            starter: next,
            first_turn: true,
            played_this_turn: Vec::new(),
            begun: false,
            after_fight: true,
        };
        self.end_if_out_of_cards(cards);
    }

    /// 'A game ends when, after a fight or after a player has declined to start a fight,
    /// either or both players have run out of cards' (§ 'End of Game'): whoever has dragons
    /// wins; with all three in the centre, whoever ran out first (its last time) loses.
    fn end_if_out_of_cards(&mut self, cards: &impl CardSource) {
        if let Some(&first_out) = self.out_of_cards.first() {
            let winner = [Player::A, Player::B]
                .into_iter()
                .find(|p| self.dragons.on_side(*p) > 0)
                .unwrap_or(first_out.other());
            let result = self.score(cards, winner, EndReason::OutOfCards);
            self.finish(result);
        }
    }

    /// Between two fights: the last one ended (or its start was declined) and nothing has
    /// been played in the next.
    pub fn between_fights(&self) -> bool {
        self.fight.after_fight && !self.fight.begun && self.game_over.is_none()
    }

    fn attract(&mut self, cards: &impl CardSource, player: Player, count: u8) {
        for _ in 0..count {
            if self.dragons.attract(player) == Attraction::Fourth {
                let result = self.score(cards, player, EndReason::FourthDragon);
                self.finish(result);
                return;
            }
        }
    }

    /// 1 + the winner's dragons (at most 3), changed by the crystal cards left after they
    /// cancel one for one, between 1 and 7.
    fn score(&self, cards: &impl CardSource, winner: Player, reason: EndReason) -> GameResult {
        let dragons = if reason == EndReason::FourthDragon {
            3
        } else {
            self.dragons.on_side(winner)
        };
        let count = |p: Player| self.table.side(p).achievement.len();
        let (a, b) = (count(Player::A), count(Player::B));
        // Crystal cards cancel one for one: only the surplus of one player is active.
        let (holder, active) = if a >= b {
            (Player::A, a - b)
        } else {
            (Player::B, b - a)
        };
        let mut delta: i32 = 0;
        for entry in self
            .table
            .side(holder)
            .achievement
            .iter()
            .rev()
            .take(active)
        {
            let Some(id) = &entry.card else { continue };
            for effect in cards.effects(id) {
                if let Effect::CrystalScore {
                    if_i_win,
                    if_you_win,
                } = effect
                {
                    delta += i32::from(if holder == winner {
                        *if_i_win
                    } else {
                        *if_you_win
                    });
                }
            }
        }
        let score = (1 + i32::from(dragons) + delta).clamp(1, 7);
        GameResult {
            winner,
            reason,
            dragons,
            crystal_cards: delta.clamp(-7, 7) as i8,
            score: score.unsigned_abs(),
        }
    }

    fn finish(&mut self, result: GameResult) {
        // A game ended outside a retreat (concession, dragons attracted now) ends the fight
        // under way too, if one had begun.
        if self.fight.begun {
            self.fights += 1;
            self.fight.begun = false;
        }
        *self.crystals.get_mut(result.winner) += result.score;
        self.results.push(result.clone());
        self.game_over = Some(result);
        self.table.turn = None;
    }
}
