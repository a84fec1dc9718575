//! Shared by the tests and the pairing bench: random results, and an independent check of a
//! Swiss round against the best possible one.
#![allow(dead_code, clippy::unwrap_used)] // each test file uses part of it

use std::collections::{HashMap, HashSet};

use tournament::{standings, EntrantId, MatchResult, Pairing, RoundRecord, WIN_POINTS};

/// SplitMix64, so results are random but the same on every run.
pub struct Dice(pub u64);

impl Dice {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// A random result for every match of the round: either seat wins, 5 crystals to 0–4.
pub fn random_results(pairings: &[Pairing], dice: &mut Dice) -> Vec<MatchResult> {
    pairings
        .iter()
        .filter_map(|p| match *p {
            Pairing::Match { a, b } => {
                let roll = dice.next();
                let a_wins = roll & 1 == 1;
                let loser = ((roll >> 1) % 5) as u8;
                Some(MatchResult {
                    a,
                    b,
                    winner: if a_wins { a } else { b },
                    crystals_a: if a_wins { 5 } else { loser },
                    crystals_b: if a_wins { loser } else { 5 },
                })
            }
            Pairing::Bye { .. } => None,
        })
        .collect()
}

/// Match points of every player who appears in `history` or `active`.
pub fn points(active: &[EntrantId], history: &[RoundRecord]) -> HashMap<EntrantId, u32> {
    let mut everyone: Vec<EntrantId> = active.to_vec();
    for r in history {
        for p in &r.pairings {
            for who in p.players() {
                if !everyone.contains(&who) {
                    everyone.push(who);
                }
            }
        }
    }
    standings(&everyone, history)
        .unwrap()
        .into_iter()
        .map(|s| (s.entrant, s.match_points))
        .collect()
}

/// Pairs that have met.
pub fn played(history: &[RoundRecord]) -> HashSet<(EntrantId, EntrantId)> {
    let mut met = HashSet::new();
    for r in history {
        for p in &r.pairings {
            if let Pairing::Match { a, b } = *p {
                met.insert((a.min(b), a.max(b)));
            }
        }
    }
    met
}

/// The cost of a round as the issue measures it: the sum over the tables of the difference in
/// match points, and the number of repeat pairings.
pub fn cost(pairings: &[Pairing], history: &[RoundRecord], active: &[EntrantId]) -> (u32, usize) {
    let pts = points(active, history);
    let met = played(history);
    let mut gaps = 0;
    let mut repeats = 0;
    for p in pairings {
        if let Pairing::Match { a, b } = *p {
            gaps += pts[&a].abs_diff(pts[&b]);
            repeats += usize::from(met.contains(&(a.min(b), a.max(b))));
        }
    }
    (gaps, repeats)
}

/// The smallest sum of match-point differences over all repeat-free pairings of `active` less
/// `bye`, by an independent maximum-weight matching (van Rantwijk's algorithm, the `mwmatching`
/// crate) over the repeat-free tables only; `None` if no repeat-free pairing exists.
pub fn optimal_gaps(
    active: &[EntrantId],
    bye: Option<EntrantId>,
    history: &[RoundRecord],
) -> Option<u32> {
    let pts = points(active, history);
    let met = played(history);
    let seats: Vec<EntrantId> = active.iter().copied().filter(|e| Some(*e) != bye).collect();
    // every table is worth BIG less its gap: the most tables first, then the smallest gaps
    const BIG: i32 = 10_000;
    let mut edges = Vec::new();
    for i in 0..seats.len() {
        for j in i + 1..seats.len() {
            let (a, b) = (seats[i], seats[j]);
            if !met.contains(&(a.min(b), a.max(b))) {
                let gap = (pts[&a].abs_diff(pts[&b]) / WIN_POINTS) as i32;
                edges.push((i, j, BIG - gap));
            }
        }
    }
    if edges.is_empty() {
        return None;
    }
    let mate = mwmatching::Matching::new(edges).max_cardinality().solve();
    let mut gaps = 0;
    for (i, &j) in mate.iter().enumerate() {
        if j == mwmatching::SENTINEL {
            return None;
        }
        if i < j {
            gaps += pts[&seats[i]].abs_diff(pts[&seats[j]]);
        }
    }
    // a vertex with no edge at all is missing from `mate`
    (mate.len() == seats.len()).then_some(gaps)
}

/// The player with the bye, if any.
pub fn bye_of(pairings: &[Pairing]) -> Option<EntrantId> {
    pairings.iter().find_map(|p| match *p {
        Pairing::Bye { player } => Some(player),
        Pairing::Match { .. } => None,
    })
}
