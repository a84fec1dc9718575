//! Swiss pairings: round 1 random or seeded; later rounds the provably best pairing by the rules
//! in `swiss_cost`, found as a minimum-cost perfect matching (the blossom algorithm, as Cobra and
//! bbpPairings do), so no repeat while a repeat-free pairing exists, the smallest score gaps, and
//! the bye to the lowest-ranked player without one.

use std::collections::{HashMap, HashSet};

use crate::rng::SplitMix64;
use crate::swiss_cost::{self, bye_penalties, match_penalties, Penalties, Seat};
use crate::{
    standings, EntrantId, Pairing, RoundRecord, TournamentError, MAX_ENTRANTS, WIN_POINTS,
};

/// How round 1 is paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstRound {
    /// Shuffled from the event's seed.
    Random,
    /// By registration order: the top half plays the bottom half (1 v n/2+1, 2 v n/2+2…).
    Seeded,
}

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

    let mut order: Vec<EntrantId> = active.to_vec();
    rng.shuffle(&mut order);
    best_pairing(active, &order, history, round)
}

/// The best pairing of `order` (the `active` players, shuffled from the seed) after `history`:
/// one minimum-cost perfect matching over the tables' penalties (see `swiss_cost`), with a bye
/// seat added when the number of players is odd. Tables come out best first.
fn best_pairing(
    active: &[EntrantId],
    order: &[EntrantId],
    history: &[RoundRecord],
    round: u32,
) -> Result<Vec<Pairing>, TournamentError> {
    let seats = seats(active, order, history)?;
    let meetings = meetings(history);
    let players = order.len();
    let size = players + players % 2; // the bye seat is index `players` when there is one
    let mut edges: Vec<Penalties> = Vec::with_capacity(size * (size - 1) / 2);
    for i in 0..size {
        for j in i + 1..size {
            edges.push(if j == players {
                bye_penalties(&seats[i])
            } else {
                let met = meetings
                    .get(&table_key(order[i], order[j]))
                    .copied()
                    .unwrap_or(0);
                match_penalties(&seats[i], &seats[j], met)
            });
        }
    }
    let weights = swiss_cost::weights(&edges, size / 2)?;
    let mut cost = vec![0i128; size * size];
    let mut next = weights.into_iter();
    for i in 0..size {
        for j in i + 1..size {
            let w = next.next().unwrap_or_default();
            cost[i * size + j] = w;
            cost[j * size + i] = w;
        }
    }
    let mate = min_cost_matching(&cost, size);
    let mut tables: Vec<(usize, usize)> = Vec::with_capacity(size / 2);
    for (i, &j) in mate.iter().enumerate() {
        if j >= size || mate[j] != i {
            return Err(TournamentError::Round {
                round,
                message: "the pairing could not be completed".into(),
            });
        }
        if i < j {
            tables.push((i, j));
        }
    }
    // best table first: the higher score at it, then the lower, then the better rank; bye last
    tables.sort_by_key(|&(i, j)| match seats.get(j) {
        None => (true, 0, 0, 0),
        Some(other) => {
            let (s, t) = (&seats[i], other);
            (
                false,
                u64::MAX - s.score.max(t.score),
                u64::MAX - s.score.min(t.score),
                u64::MAX - s.ranked_below.max(t.ranked_below),
            )
        }
    });
    Ok(tables
        .into_iter()
        .map(|(i, j)| {
            if j == players {
                return Pairing::Bye { player: order[i] };
            }
            // the better-ranked player sits in seat A
            let (a, b) = if seats[i].ranked_below >= seats[j].ranked_below {
                (order[i], order[j])
            } else {
                (order[j], order[i])
            };
            Pairing::Match { a, b }
        })
        .collect())
}

/// The minimum-cost perfect matching of the `size` × `size` matrix `cost`, solved in `i64` when
/// every weight fits with the matcher's headroom (any realistic field: half the memory and a
/// faster inner loop than `i128`), in `i128` otherwise. `mate[i]` is `i`'s partner.
fn min_cost_matching(cost: &[i128], size: usize) -> Vec<usize> {
    // the matcher keeps its "infinity" at a quarter of the type's range and doubles weights
    const FITS_I64: i128 = 1 << 56;
    let narrow: Option<Vec<i64>> = cost
        .iter()
        .map(|&c| {
            if c < FITS_I64 {
                i64::try_from(c).ok()
            } else {
                None
            }
        })
        .collect();
    match narrow {
        Some(narrow) => integer_blossom::min_weight_perfect_matching(&narrow, size),
        None => integer_blossom::min_weight_perfect_matching(cost, size),
    }
}

/// Unordered key of a table.
fn table_key(a: EntrantId, b: EntrantId) -> (EntrantId, EntrantId) {
    (a.min(b), a.max(b))
}

/// How often each two players have met.
fn meetings(history: &[RoundRecord]) -> HashMap<(EntrantId, EntrantId), u64> {
    let mut met = HashMap::new();
    for r in history {
        for p in &r.pairings {
            if let Pairing::Match { a, b } = *p {
                *met.entry(table_key(a, b)).or_default() += 1;
            }
        }
    }
    met
}

/// Score, byes and place in the standings of each player of `order` (in that order), from the
/// standings over everyone who has played: the `active` players in seed order, then the dropped
/// ones (they count as opponents and take no place among the active).
fn seats(
    active: &[EntrantId],
    order: &[EntrantId],
    history: &[RoundRecord],
) -> Result<Vec<Seat>, TournamentError> {
    let mut everyone: Vec<EntrantId> = active.to_vec();
    let mut known: HashSet<EntrantId> = everyone.iter().copied().collect();
    for r in history {
        for p in &r.pairings {
            for who in p.players() {
                if known.insert(who) {
                    everyone.push(who);
                }
            }
        }
    }
    let table = standings(&everyone, history)?;
    let active: HashSet<EntrantId> = active.iter().copied().collect();
    // the active players best first, with their score
    let ranked: Vec<(EntrantId, u64, u64)> = table
        .iter()
        .filter(|s| active.contains(&s.entrant))
        .map(|s| {
            (
                s.entrant,
                u64::from(s.match_points / WIN_POINTS),
                u64::from(s.byes),
            )
        })
        .collect();
    let count = ranked.len() as u64;
    let mut by_entrant: HashMap<EntrantId, Seat> = HashMap::with_capacity(ranked.len());
    // score groups are runs of equal score in the standings: [start, end) of each place
    let mut group_start = vec![0; ranked.len()];
    let mut group_end = vec![ranked.len(); ranked.len()];
    for place in 1..ranked.len() {
        group_start[place] = if ranked[place].1 == ranked[place - 1].1 {
            group_start[place - 1]
        } else {
            place
        };
    }
    for place in (0..ranked.len().saturating_sub(1)).rev() {
        group_end[place] = if ranked[place].1 == ranked[place + 1].1 {
            group_end[place + 1]
        } else {
            place + 1
        };
    }
    for (place, &(entrant, score, byes)) in ranked.iter().enumerate() {
        let (group_start, group_end) = (group_start[place], group_end[place]);
        by_entrant.insert(
            entrant,
            Seat {
                score,
                byes,
                ranked_below: count - 1 - place as u64,
                above_in_group: (place - group_start) as u64,
                below_in_group: (group_end - 1 - place) as u64,
            },
        );
    }
    order
        .iter()
        .map(|e| {
            by_entrant
                .get(e)
                .copied()
                .ok_or_else(|| TournamentError::Invalid(format!("player {e} has no standing")))
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::min_cost_matching;

    /// Four seats where the cheap pairing is 0–3 and 1–2, at a small and at a huge scale.
    fn costs(scale: i128) -> Vec<i128> {
        let pair = |i: usize, j: usize| -> i128 {
            match (i.min(j), i.max(j)) {
                (0, 3) | (1, 2) => scale,
                _ => 2 * scale,
            }
        };
        (0..16)
            .map(|k| {
                if k / 4 == k % 4 {
                    0
                } else {
                    pair(k / 4, k % 4)
                }
            })
            .collect()
    }

    #[test]
    fn narrow_and_wide_weights_find_the_same_cheapest_pairing() {
        for scale in [1, 1 << 70] {
            assert_eq!(
                min_cost_matching(&costs(scale), 4),
                vec![3, 2, 1, 0],
                "scale {scale}"
            );
        }
    }
}
