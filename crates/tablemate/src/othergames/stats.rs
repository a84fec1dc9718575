//! Statistics of the other games (Warhammer: Invasion, Star Trek CCG, Knightmare Chess), the
//! counterpart of Blue Moon's (`history.rs`): finished games, ties, average length, how games
//! ended, win rates per player, per deck and per deck matchup, and one figure typical of the
//! game.
//!
//! Everything is computed by the rules: the store gives every log of the kind in one read
//! (`Store::other_logs`), each log is folded by the game's engine and a game counts once the
//! engine says it is over (won or tied). A Knightmare Chess log is a match: each of its
//! finished games counts, the game in progress does not. Nothing here depends on the
//! interface language; the front ends name the ends and figures.

use std::collections::BTreeMap;

use othergames::kc::{DrawBy, KcResult, KcState, WinBy};
use othergames::stccg::{Outcome as StOutcome, StEndReason, StState};
use othergames::whi::{EndReason as WhiEndReason, WhiState};
use othergames::{Event, PerPlayer, Player, Rules};
use serde::Serialize;
use ts_rs::TS;

use super::rules::TableRules;
use super::OtherGameKind;
use crate::history::{percent, round2};
use crate::{Language, Result, Service};

/// How a game ended, as its engine knows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum OtherEnd {
    /// Warhammer: Invasion: the winner burned 2 zones of the loser's capital (3 after an
    /// Eternal War legend).
    ZonesBurned,
    /// Warhammer: Invasion: the loser had no cards left in the deck.
    DeckEmpty,
    /// Warhammer: Invasion and Star Trek CCG: the loser conceded.
    Conceded,
    /// Star Trek CCG: the winner's score reached the target.
    Points,
    /// Star Trek CCG: Q's Planet was solved and the target fell back to 100.
    QsPlanetSolved,
    /// Star Trek CCG: the last card of a deck was drawn; the higher score wins.
    DeckExhausted,
    DevidianDoor,
    MickeyD,
    /// Knightmare Chess wins and draws.
    Checkmate,
    LastKingCaptured,
    KingOfTheMountain,
    Resignation,
    Stalemate,
    Agreement,
}

impl From<WhiEndReason> for OtherEnd {
    fn from(r: WhiEndReason) -> OtherEnd {
        match r {
            WhiEndReason::ZonesBurned => OtherEnd::ZonesBurned,
            WhiEndReason::DeckEmpty => OtherEnd::DeckEmpty,
            WhiEndReason::Conceded => OtherEnd::Conceded,
        }
    }
}

impl From<StEndReason> for OtherEnd {
    fn from(r: StEndReason) -> OtherEnd {
        match r {
            StEndReason::Points => OtherEnd::Points,
            StEndReason::QsPlanetSolved => OtherEnd::QsPlanetSolved,
            StEndReason::DeckExhausted => OtherEnd::DeckExhausted,
            StEndReason::DevidianDoor => OtherEnd::DevidianDoor,
            StEndReason::MickeyD => OtherEnd::MickeyD,
            StEndReason::Conceded => OtherEnd::Conceded,
        }
    }
}

impl From<KcResult> for OtherEnd {
    fn from(r: KcResult) -> OtherEnd {
        match r {
            KcResult::Won { by, .. } => match by {
                WinBy::Checkmate => OtherEnd::Checkmate,
                WinBy::LastKingCaptured => OtherEnd::LastKingCaptured,
                WinBy::KingOfTheMountain => OtherEnd::KingOfTheMountain,
                WinBy::Resignation => OtherEnd::Resignation,
            },
            KcResult::Drawn { by } => match by {
                DrawBy::Stalemate => OtherEnd::Stalemate,
                DrawBy::Agreement => OtherEnd::Agreement,
            },
        }
    }
}

/// The figure typical of the game, averaged over its finished games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum OtherFigure {
    /// Warhammer: Invasion: burned zones of the loser's capital (won games).
    LoserZonesBurned,
    /// Star Trek CCG: the winner's score at the end (won games).
    WinningScore,
    /// Knightmare Chess: cards played in a game by both players.
    CardsPlayed,
}

/// Games, wins and win rate of a player or a deck.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct OtherWinLine {
    pub name: String,
    pub games: u32,
    pub wins: u32,
    pub ties: u32,
    /// 0 to 100, rounded to one decimal (ties are no wins).
    pub win_rate: f64,
    pub win_rate_text: String,
}

/// `deck` against `opponent` (the alphabetically first deck of the two).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct OtherMatchupLine {
    pub deck: String,
    pub opponent: String,
    pub games: u32,
    /// Wins of `deck` (in a mirror match: games won by either side).
    pub wins: u32,
    pub ties: u32,
    pub win_rate: f64,
    pub win_rate_text: String,
}

/// How many games ended one way.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct OtherEndLine {
    pub end: OtherEnd,
    pub games: u32,
    /// Share of the finished games, 0 to 100, one decimal.
    pub share: f64,
    pub share_text: String,
}

/// Statistics of one game kind over its finished games.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct OtherStatsView {
    pub kind: OtherGameKind,
    pub title: String,
    /// The player the statistics are limited to, if any.
    pub player: Option<String>,
    /// Finished games (won or tied).
    pub games: u32,
    pub ties: u32,
    /// Turns per finished game as the engine counts them (each player's turn counts),
    /// rounded to two decimals.
    pub average_turns: f64,
    pub figure: OtherFigure,
    /// The average of `figure`, rounded to two decimals (0 with no game it applies to).
    pub average_figure: f64,
    /// Most frequent first.
    pub ends: Vec<OtherEndLine>,
    /// Every player of the counted games, most games first.
    pub by_player: Vec<OtherWinLine>,
    /// Decks as entered at the setup (with a player filter: that player's decks), most
    /// games first; games without a deck are not in it.
    pub by_deck: Vec<OtherWinLine>,
    /// Deck against deck, where both decks were given, most games first.
    pub by_matchup: Vec<OtherMatchupLine>,
    /// Stored games whose log the engine could not replay (left out; shown so nothing is
    /// silently missing).
    pub unreadable: u32,
}

/// One finished game as the engine ended it.
#[derive(Debug, Clone, PartialEq)]
struct Ended {
    decks: PerPlayer<Option<String>>,
    /// `None`: a tie.
    winner: Option<Player>,
    end: OtherEnd,
    turns: u32,
    /// The game's typical figure, where it applies to this game.
    figure: Option<f64>,
}

/// What the statistics need from a game's engine: its typical figure, and the finished games
/// of a log.
trait StatsRules: TableRules {
    const FIGURE: OtherFigure;
    fn ended(events: &[Event<Self::Kind>]) -> Option<Vec<Ended>>;
}

impl StatsRules for WhiState {
    const FIGURE: OtherFigure = OtherFigure::LoserZonesBurned;
    fn ended(events: &[Event<Self::Kind>]) -> Option<Vec<Ended>> {
        let s = WhiState::replay(events).ok()?;
        Some(
            s.over
                .map(|r| Ended {
                    decks: PerPlayer {
                        a: s.sides.a.deck.clone(),
                        b: s.sides.b.deck.clone(),
                    },
                    winner: Some(r.winner),
                    end: r.reason.into(),
                    turns: s.turn.number,
                    figure: Some(s.sides.get(r.winner.other()).capital.burned() as f64),
                })
                .into_iter()
                .collect(),
        )
    }
}

impl StatsRules for StState {
    const FIGURE: OtherFigure = OtherFigure::WinningScore;
    fn ended(events: &[Event<Self::Kind>]) -> Option<Vec<Ended>> {
        let s = StState::replay(events).ok()?;
        Some(
            s.over
                .map(|r| {
                    let winner = match r.outcome {
                        StOutcome::Win(p) => Some(p),
                        StOutcome::Tie => None,
                    };
                    Ended {
                        decks: s.decks.clone(),
                        winner,
                        end: r.reason.into(),
                        turns: s.turn.number,
                        figure: winner.map(|p| f64::from(*s.scores.get(p))),
                    }
                })
                .into_iter()
                .collect(),
        )
    }
}

impl StatsRules for KcState {
    const FIGURE: OtherFigure = OtherFigure::CardsPlayed;
    /// A match: folds event by event and takes each game as the engine finishes it.
    fn ended(events: &[Event<Self::Kind>]) -> Option<Vec<Ended>> {
        let mut s = KcState::default();
        let mut out = Vec::new();
        for ev in events {
            s = s.apply(ev).ok()?;
            if s.results.len() > out.len() {
                let result = s.over?;
                out.push(Ended {
                    decks: s.decks.clone(),
                    winner: match result {
                        KcResult::Won { winner, .. } => Some(winner),
                        KcResult::Drawn { .. } => None,
                    },
                    end: result.into(),
                    turns: s.turn.number,
                    figure: Some(f64::from(s.cards_played)),
                });
            }
        }
        Some(out)
    }
}

#[derive(Debug, Clone, Copy, Default)]
struct Tally {
    games: u32,
    wins: u32,
    ties: u32,
}

impl Tally {
    fn add(&mut self, won: bool, tie: bool) {
        self.games += 1;
        self.wins += u32::from(won);
        self.ties += u32::from(tie);
    }

    fn rate(self) -> (f64, String) {
        percent(if self.games == 0 {
            0.0
        } else {
            f64::from(self.wins) / f64::from(self.games)
        })
    }
}

fn win_lines(map: BTreeMap<String, Tally>) -> Vec<OtherWinLine> {
    let mut lines: Vec<OtherWinLine> = map
        .into_iter()
        .map(|(name, t)| {
            let (win_rate, win_rate_text) = t.rate();
            OtherWinLine {
                name,
                games: t.games,
                wins: t.wins,
                ties: t.ties,
                win_rate,
                win_rate_text,
            }
        })
        .collect();
    // Stable: equal counts stay in name order.
    lines.sort_by_key(|l| std::cmp::Reverse(l.games));
    lines
}

fn average(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = values.fold((0.0, 0u32), |(s, n), v| (s + v, n + 1));
    if n == 0 {
        0.0
    } else {
        round2(sum / f64::from(n))
    }
}

/// The figures over finished games, each with its players' names; `player`: only that
/// player's decks.
fn summarize(
    kind: OtherGameKind,
    figure: OtherFigure,
    player: Option<String>,
    games: &[([String; 2], Ended)],
    unreadable: u32,
) -> OtherStatsView {
    let mut ends: BTreeMap<OtherEnd, u32> = BTreeMap::new();
    let mut players: BTreeMap<String, Tally> = BTreeMap::new();
    let mut decks: BTreeMap<String, Tally> = BTreeMap::new();
    let mut matchups: BTreeMap<(String, String), Tally> = BTreeMap::new();
    for (names, g) in games {
        *ends.entry(g.end).or_default() += 1;
        let tie = g.winner.is_none();
        for p in Player::BOTH {
            let name = &names[usize::from(p == Player::B)];
            let won = g.winner == Some(p);
            players.entry(name.clone()).or_default().add(won, tie);
            if let Some(deck) = g.decks.get(p) {
                if player.as_ref().is_none_or(|f| f == name) {
                    decks.entry(deck.clone()).or_default().add(won, tie);
                }
            }
        }
        if let (Some(a), Some(b)) = (&g.decks.a, &g.decks.b) {
            let (first, second, first_seat) = if a <= b {
                (a, b, Player::A)
            } else {
                (b, a, Player::B)
            };
            let won = g.winner.is_some() && (a == b || g.winner == Some(first_seat));
            matchups
                .entry((first.clone(), second.clone()))
                .or_default()
                .add(won, tie);
        }
    }
    let count = u32::try_from(games.len()).unwrap_or(u32::MAX);
    let mut ends: Vec<OtherEndLine> = ends
        .into_iter()
        .map(|(end, n)| {
            let (share, share_text) = percent(f64::from(n) / f64::from(count.max(1)));
            OtherEndLine {
                end,
                games: n,
                share,
                share_text,
            }
        })
        .collect();
    ends.sort_by_key(|e| std::cmp::Reverse(e.games));
    let mut by_matchup: Vec<OtherMatchupLine> = matchups
        .into_iter()
        .map(|((deck, opponent), t)| {
            let (win_rate, win_rate_text) = t.rate();
            OtherMatchupLine {
                deck,
                opponent,
                games: t.games,
                wins: t.wins,
                ties: t.ties,
                win_rate,
                win_rate_text,
            }
        })
        .collect();
    by_matchup.sort_by_key(|m| std::cmp::Reverse(m.games));
    OtherStatsView {
        kind,
        title: kind.title().to_owned(),
        player,
        games: count,
        ties: u32::try_from(games.iter().filter(|(_, g)| g.winner.is_none()).count())
            .unwrap_or(u32::MAX),
        average_turns: average(games.iter().map(|(_, g)| f64::from(g.turns))),
        figure,
        average_figure: average(games.iter().filter_map(|(_, g)| g.figure)),
        ends,
        by_player: win_lines(players),
        by_deck: win_lines(decks),
        by_matchup,
        unreadable,
    }
}

impl Service {
    /// Statistics of one game kind over its finished games, or over one player's (an unknown
    /// name is refused in `lang`).
    pub fn other_statistics(
        &self,
        kind: OtherGameKind,
        player: Option<&str>,
        lang: Language,
    ) -> Result<OtherStatsView> {
        let player = match player {
            Some(p) => Some(self.store.player(self.player_id_in(p, lang)?)?.name),
            None => None,
        };
        match kind {
            OtherGameKind::Whi => self.stats_of::<WhiState>(kind, player),
            OtherGameKind::Stccg => self.stats_of::<StState>(kind, player),
            OtherGameKind::Kc => self.stats_of::<KcState>(kind, player),
        }
    }

    fn stats_of<R: StatsRules>(
        &self,
        kind: OtherGameKind,
        player: Option<String>,
    ) -> Result<OtherStatsView> {
        let mut games = Vec::new();
        let mut unreadable = 0u32;
        for log in self.store.other_logs(R::KIND)? {
            if player
                .as_ref()
                .is_some_and(|p| !log.player_names.contains(p))
            {
                continue;
            }
            let ended = log
                .payloads
                .iter()
                .map(|p| Event::<R::Kind>::from_json(p).ok())
                .collect::<Option<Vec<_>>>()
                .and_then(|events| R::ended(&events));
            match ended {
                Some(ended) => {
                    games.extend(ended.into_iter().map(|g| (log.player_names.clone(), g)))
                }
                None => unreadable += 1,
            }
        }
        Ok(summarize(kind, R::FIGURE, player, &games, unreadable))
    }
}

#[cfg(test)]
#[path = "stats_tests.rs"]
mod tests;
