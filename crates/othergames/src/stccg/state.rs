//! The Star Trek CCG state as a fold over [`StEvent`]s: scores with their ledger, the target,
//! cards in play, turns and the end of the game. Sources are cited by section of
//! `data/sources/star-trek-ccg-rules.txt` (the Comprehensive Rules Document, v1.11).

use super::{PointSource, StError, StEvent};
use crate::log::{Needs, Phase, Rules};
use crate::{CardId, PerPlayer, Player, Turn};
use serde::Serialize;
use ts_rs::TS;

/// Points that win without Q's Planet.
pub const TARGET: i32 = 100;
/// Points that win while Q's Planet is on the spaceline unsolved.
pub const QS_PLANET_TARGET: i32 = 140;
/// The most points one ledger entry scores or loses. The largest values the rules document
/// names are 100 (Gift of the Tormentor) and 45 (Borg Ship); three digits leave room for any
/// card while a typo such as 10000 (or −2147483648) is refused (EVENTS.md, "Limits").
pub const MAX_POINTS: i32 = 999;
/// A score stays within ±[`MAX_SCORE`]: a game ends at 100 (140), so only one last entry can
/// pass it upwards, and losses of a few points each (−5, −10) would need a thousand entries to
/// reach −9999.
pub const MAX_SCORE: i32 = 9999;

/// Q's Planet on the spaceline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum QsPlanet {
    #[default]
    Absent,
    /// In play and not solved: 140 points win.
    Unsolved,
    /// Solved; it stays on the spaceline but 100 points win again (IV.2 Missions).
    Solved,
}

/// One change of a score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct LedgerEntry {
    pub player: Player,
    pub turn: u32,
    pub points: i32,
    pub source: PointSource,
    #[ts(as = "Option<String>")]
    pub card: Option<CardId>,
    /// The player's score after the change.
    pub score: i32,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "StOutcome")]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Win(Player),
    Tie,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum StEndReason {
    /// The winner's score reached the target.
    Points,
    /// Q's Planet was solved and the target fell back to 100.
    QsPlanetSolved,
    /// A player drew the last card of the deck; the higher score wins.
    DeckExhausted,
    DevidianDoor,
    MickeyD,
    Conceded,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct StResult {
    pub outcome: Outcome,
    pub reason: StEndReason,
}

/// Everything known about the game after the events so far.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct StState {
    pub set_up: bool,
    pub decks: PerPlayer<Option<String>>,
    pub turn: Turn,
    /// Scores may be negative (III.6 Miscellaneous Rules, Negative Points).
    pub scores: PerPlayer<i32>,
    pub ledger: Vec<LedgerEntry>,
    pub qs_planet: QsPlanet,
    pub cards: PerPlayer<Vec<CardId>>,
    pub over: Option<StResult>,
}

impl StState {
    /// Points that win now: 140 while Q's Planet is unsolved, else 100.
    pub fn target(&self) -> i32 {
        match self.qs_planet {
            QsPlanet::Unsolved => QS_PLANET_TARGET,
            QsPlanet::Absent | QsPlanet::Solved => TARGET,
        }
    }

    fn end(&mut self, outcome: Outcome, reason: StEndReason) {
        self.over = Some(StResult { outcome, reason });
    }

    /// The higher score wins; equal scores tie.
    fn leader(&self) -> Outcome {
        match self.scores.a.cmp(&self.scores.b) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::A),
            std::cmp::Ordering::Less => Outcome::Win(Player::B),
            std::cmp::Ordering::Equal => Outcome::Tie,
        }
    }
}

impl Rules for StState {
    type Kind = StEvent;
    type Error = StError;
    type View = super::StView;

    fn view(&self) -> super::StView {
        self.table_view()
    }

    fn outcome(&self) -> cards::Outcome {
        match self.over.map(|r| r.outcome) {
            None => cards::Outcome::Playing,
            Some(Outcome::Win(p)) => cards::Outcome::Won(p),
            Some(Outcome::Tie) => cards::Outcome::Tie,
        }
    }

    fn phase(&self) -> Phase {
        Phase {
            set_up: self.set_up,
            over: self.over.is_some(),
        }
    }

    fn needs(ev: &StEvent) -> Needs {
        match ev {
            StEvent::Setup { .. } => Needs::NotSetUp,
            _ => Needs::InProgress,
        }
    }

    fn step(&self, ev: &StEvent) -> Result<StState, StError> {
        let mut s = self.clone();
        match ev {
            StEvent::Setup { decks, starts } => {
                s.set_up = true;
                s.decks = decks.clone();
                s.turn = Turn::first(*starts);
            }
            StEvent::PointsScored {
                player,
                points,
                source,
                card,
            } => {
                // "You score points any time your point total changes (whenever you gain or
                // lose points)" (III.6, Scoring points): a change of 0 is no score.
                if *points == 0 {
                    return Err(StError::ZeroPoints);
                }
                if !(-MAX_POINTS..=MAX_POINTS).contains(points) {
                    return Err(StError::PointsOutOfRange {
                        player: *player,
                        points: *points,
                    });
                }
                let score = s.scores.get_mut(*player);
                // both within their limits, so the sum fits an i32
                let after = *score + *points;
                if !(-MAX_SCORE..=MAX_SCORE).contains(&after) {
                    return Err(StError::ScoreOutOfRange {
                        player: *player,
                        score: *score,
                        points: *points,
                    });
                }
                *score = after;
                let score = *score;
                s.ledger.push(LedgerEntry {
                    player: *player,
                    turn: s.turn.number,
                    points: *points,
                    source: *source,
                    card: card.clone(),
                    score,
                });
                // "If at any time your total points are 100 or more, you win" (IV.4
                // Artifacts, Ressikan Flute); 140 while Q's Planet is unsolved (IV.2).
                if score >= s.target() {
                    s.end(Outcome::Win(*player), StEndReason::Points);
                }
            }
            StEvent::CardPlayed { player, card } => s.cards.get_mut(*player).push(card.clone()),
            StEvent::CardLeft { player, card } => {
                let cards = s.cards.get_mut(*player);
                let pos =
                    cards
                        .iter()
                        .position(|c| c == card)
                        .ok_or_else(|| StError::NotInPlay {
                            player: *player,
                            card: card.clone(),
                        })?;
                cards.remove(pos);
            }
            StEvent::QsPlanetEntered { .. } => {
                if s.qs_planet != QsPlanet::Absent {
                    return Err(StError::QsPlanetAlreadyIn);
                }
                s.qs_planet = QsPlanet::Unsolved;
            }
            StEvent::QsPlanetSolved { .. } => {
                if s.qs_planet != QsPlanet::Unsolved {
                    return Err(StError::QsPlanetNotIn);
                }
                s.qs_planet = QsPlanet::Solved;
                // IV.2 Missions, Q's Planet: "If one player has 100 or more points when the
                // point requirement reverts, he or she automatically wins. If both players
                // have 100 or more points, then whoever has more points wins (the game is a
                // tie, if the scores are tied)."
                let reached = Player::BOTH.map(|p| *s.scores.get(p) >= TARGET);
                match reached {
                    [true, true] => s.end(s.leader(), StEndReason::QsPlanetSolved),
                    [true, false] => s.end(Outcome::Win(Player::A), StEndReason::QsPlanetSolved),
                    [false, true] => s.end(Outcome::Win(Player::B), StEndReason::QsPlanetSolved),
                    [false, false] => {}
                }
            }
            StEvent::TurnEnded { player } => s.turn.end(*player)?,
            // III.6 Exhausted Deck: "the game ends immediately". The document does not say
            // who wins then; the higher score is the usual reading [inferred].
            StEvent::DeckExhausted { .. } => s.end(s.leader(), StEndReason::DeckExhausted),
            // IV.6 Doorways, Devidian Door: "If you cannot, you automatically lose the game."
            StEvent::DevidianDoorNotShown { player } => {
                s.end(Outcome::Win(player.other()), StEndReason::DevidianDoor)
            }
            // IV.10 Personnel, Mickey D.: "He automatically wins the game for you if he is in
            // your Away Team attempting the mission".
            StEvent::MickeyDAttempt { player } => {
                s.end(Outcome::Win(*player), StEndReason::MickeyD)
            }
            StEvent::Conceded { player } => {
                s.end(Outcome::Win(player.other()), StEndReason::Conceded)
            }
        }
        Ok(s)
    }
}
