//! Statistics over finished games: win rate per people and per matchup, crystals and fights.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::ids::PlayerId;
use crate::Store;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Statistics {
    pub games: u32,
    /// Average crystals the winner scored per game (0 with no games).
    pub average_crystals: f64,
    pub average_fights: f64,
    /// Per people, most played first.
    pub by_people: Vec<PeopleStats>,
    /// Per pair of peoples (a mirror match counts once, with no winner side), most played first.
    pub by_matchup: Vec<MatchupStats>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PeopleStats {
    pub people: String,
    pub games: u32,
    pub wins: u32,
    pub win_rate: f64,
}

/// `people` against `opponent`, `people` being the alphabetically first of the two.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MatchupStats {
    pub people: String,
    pub opponent: String,
    pub games: u32,
    /// Wins of `people` (in a mirror match: games won by either side, i.e. all of them).
    pub wins: u32,
    pub win_rate: f64,
}

fn rate(wins: u32, games: u32) -> f64 {
    if games == 0 {
        0.0
    } else {
        f64::from(wins) / f64::from(games)
    }
}

impl Store {
    /// Statistics over all finished games, or one player's (their own people only then).
    pub fn statistics(&self, player: Option<PlayerId>) -> Result<Statistics> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT player_a, player_b, people_a, people_b, winner, crystals, fights FROM games
             WHERE finished_at IS NOT NULL
               AND (?1 IS NULL OR player_a = ?1 OR player_b = ?1)",
        )?;
        let rows = stmt.query_map([player.map(|p| p.0)], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, String>(4)?,
                r.get::<_, u32>(5)?,
                r.get::<_, u32>(6)?,
            ))
        })?;
        let mut games = 0u32;
        let (mut crystals, mut fights) = (0u64, 0u64);
        let mut people: BTreeMap<String, (u32, u32)> = BTreeMap::new();
        let mut matchups: BTreeMap<(String, String), (u32, u32)> = BTreeMap::new();
        for row in rows {
            let (pa, pb, a, b, winner, c, f) = row?;
            games += 1;
            crystals += u64::from(c);
            fights += u64::from(f);
            let a_won = winner == "A";
            let sides = [(pa, &a, a_won), (pb, &b, !a_won)];
            for (who, name, won) in sides {
                if player.is_none_or(|p| p.0 == who) {
                    let e = people.entry(name.clone()).or_default();
                    e.0 += 1;
                    e.1 += u32::from(won);
                }
            }
            let (first, second, first_won) = if a <= b {
                (a, b, a_won)
            } else {
                (b, a, !a_won)
            };
            let mirror = first == second;
            let e = matchups.entry((first, second)).or_default();
            e.0 += 1;
            e.1 += u32::from(first_won || mirror);
        }
        let mut by_people: Vec<PeopleStats> = people
            .into_iter()
            .map(|(people, (games, wins))| PeopleStats {
                people,
                games,
                wins,
                win_rate: rate(wins, games),
            })
            .collect();
        by_people.sort_by(|x, y| y.games.cmp(&x.games).then(x.people.cmp(&y.people)));
        let mut by_matchup: Vec<MatchupStats> = matchups
            .into_iter()
            .map(|((people, opponent), (games, wins))| MatchupStats {
                people,
                opponent,
                games,
                wins,
                win_rate: rate(wins, games),
            })
            .collect();
        by_matchup.sort_by_key(|m| std::cmp::Reverse(m.games));
        let avg = |total: u64| {
            if games == 0 {
                0.0
            } else {
                total as f64 / f64::from(games)
            }
        };
        Ok(Statistics {
            games,
            average_crystals: avg(crystals),
            average_fights: avg(fights),
            by_people,
            by_matchup,
        })
    }
}
