//! Swiss pairings: score groups, no repeats while avoidable, one bye at most per player.

use std::collections::{HashMap, HashSet};

use crate::rng::SplitMix64;
use crate::{standings, EntrantId, Pairing, RoundRecord, TournamentError, MAX_ENTRANTS};

/// How round 1 is paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstRound {
    /// Shuffled from the event's seed.
    Random,
    /// By registration order: the top half plays the bottom half (1 v n/2+1, 2 v n/2+2…).
    Seeded,
}

/// Search steps allowed per attempt; a 64-player field needs a few hundred. When the budget runs
/// out the attempt counts as failed and a fallback with repeats is used (never a hang).
const SEARCH_BUDGET: u64 = 200_000;

/// Pairs the next Swiss round for the `active` players (seed order), given the rounds so far
/// (`history`, all complete). `seed` is the event's seed; the same inputs give the same pairings.
pub fn swiss_pairings(
    active: &[EntrantId],
    history: &[RoundRecord],
    first_round: FirstRound,
    seed: u64,
) -> Result<Vec<Pairing>, TournamentError> {
    let round = history.len() as u32 + 1;
    if active.len() < 2 {
        return Err(TournamentError::TooFewPlayers(format!(
            "round {round} needs at least 2 active players, there are {}",
            active.len()
        )));
    }
    if active.len() > MAX_ENTRANTS {
        return Err(TournamentError::Invalid(format!(
            "{} players is more than the {MAX_ENTRANTS} an event can pair",
            active.len()
        )));
    }
    let unique: HashSet<EntrantId> = active.iter().copied().collect();
    if unique.len() != active.len() {
        return Err(TournamentError::Invalid("a player is listed twice".into()));
    }
    for (i, r) in history.iter().enumerate() {
        r.validate(i as u32 + 1)?;
        if !r.is_complete() {
            return Err(TournamentError::Round {
                round: i as u32 + 1,
                message: "has matches without a result; record them before pairing the next round"
                    .into(),
            });
        }
    }
    let mut rng = SplitMix64::new(seed ^ u64::from(round).wrapping_mul(0x2545_F491_4F6C_DD1D));

    if history.is_empty() {
        return Ok(first(active, first_round, &mut rng));
    }

    // Everyone who ever played, in seed order (active first, then dropped), for the standings.
    let mut everyone: Vec<EntrantId> = active.to_vec();
    for r in history {
        for p in &r.pairings {
            for who in p.players() {
                if !unique.contains(&who) && !everyone.contains(&who) {
                    everyone.push(who);
                }
            }
        }
    }
    let table = standings(&everyone, history)?;
    let points: HashMap<EntrantId, u32> =
        table.iter().map(|s| (s.entrant, s.match_points)).collect();
    let rank: HashMap<EntrantId, u32> = table.iter().map(|s| (s.entrant, s.rank)).collect();
    let had_bye: HashSet<EntrantId> = table
        .iter()
        .filter(|s| s.byes > 0)
        .map(|s| s.entrant)
        .collect();
    let mut played: HashSet<(EntrantId, EntrantId)> = HashSet::new();
    for r in history {
        for p in &r.pairings {
            if let Pairing::Match { a, b } = *p {
                played.insert((a, b));
                played.insert((b, a));
            }
        }
    }

    // Score groups, highest first; random order inside a group.
    let mut order: Vec<EntrantId> = active.to_vec();
    rng.shuffle(&mut order);
    order.sort_by_key(|e| std::cmp::Reverse(points[e]));

    // Bye candidates: lowest-ranked first, those without a bye before those with one.
    let mut bye_candidates: Vec<Option<EntrantId>> = if order.len() % 2 == 1 {
        let mut c: Vec<EntrantId> = active.to_vec();
        c.sort_by_key(|e| (had_bye.contains(e), std::cmp::Reverse(rank[e])));
        c.into_iter().map(Some).collect()
    } else {
        vec![None]
    };
    let no_repeat_candidates: Vec<Option<EntrantId>> = bye_candidates
        .iter()
        .copied()
        .filter(|c| c.is_none_or(|e| !had_bye.contains(&e)))
        .collect();
    if !no_repeat_candidates.is_empty() {
        bye_candidates = no_repeat_candidates;
    }

    for allow_repeats in [false, true] {
        for bye in &bye_candidates {
            let rest: Vec<EntrantId> = order.iter().copied().filter(|e| Some(*e) != *bye).collect();
            let mut budget = SEARCH_BUDGET;
            if let Some(pairs) = pair_up(&rest, &played, allow_repeats, &mut budget) {
                let mut out: Vec<Pairing> = pairs
                    .into_iter()
                    .map(|(a, b)| Pairing::Match { a, b })
                    .collect();
                if let Some(player) = *bye {
                    out.push(Pairing::Bye { player });
                }
                return Ok(out);
            }
        }
    }
    Err(TournamentError::Round {
        round,
        message: "no pairing could be found".into(),
    })
}

fn first(active: &[EntrantId], how: FirstRound, rng: &mut SplitMix64) -> Vec<Pairing> {
    let mut order = active.to_vec();
    if how == FirstRound::Random {
        rng.shuffle(&mut order);
    }
    let bye = if order.len() % 2 == 1 {
        order.pop()
    } else {
        None
    };
    let half = order.len() / 2;
    let mut out: Vec<Pairing> = match how {
        FirstRound::Random => order
            .chunks(2)
            .map(|c| Pairing::Match { a: c[0], b: c[1] })
            .collect(),
        FirstRound::Seeded => (0..half)
            .map(|i| Pairing::Match {
                a: order[i],
                b: order[i + half],
            })
            .collect(),
    };
    if let Some(player) = bye {
        out.push(Pairing::Bye { player });
    }
    out
}

/// Depth-first: the highest unpaired player takes the nearest player below them they have not
/// met (so pairings stay inside score groups and float down only when forced). With
/// `allow_repeats`, players they have met are tried only after all others.
fn pair_up(
    order: &[EntrantId],
    played: &HashSet<(EntrantId, EntrantId)>,
    allow_repeats: bool,
    budget: &mut u64,
) -> Option<Vec<(EntrantId, EntrantId)>> {
    let mut used = vec![false; order.len()];
    let mut out = Vec::with_capacity(order.len() / 2);
    if search(order, played, allow_repeats, &mut used, &mut out, budget) {
        Some(out)
    } else {
        None
    }
}

fn search(
    order: &[EntrantId],
    played: &HashSet<(EntrantId, EntrantId)>,
    allow_repeats: bool,
    used: &mut [bool],
    out: &mut Vec<(EntrantId, EntrantId)>,
    budget: &mut u64,
) -> bool {
    let Some(i) = used.iter().position(|u| !u) else {
        return true;
    };
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    used[i] = true;
    let fresh =
        (i + 1..order.len()).filter(|&j| !used[j] && !played.contains(&(order[i], order[j])));
    let candidates: Vec<usize> = if allow_repeats {
        let repeats =
            (i + 1..order.len()).filter(|&j| !used[j] && played.contains(&(order[i], order[j])));
        fresh.chain(repeats).collect()
    } else {
        fresh.collect()
    };
    for j in candidates {
        used[j] = true;
        out.push((order[i], order[j]));
        if search(order, played, allow_repeats, used, out, budget) {
            return true;
        }
        out.pop();
        used[j] = false;
    }
    used[i] = false;
    false
}
