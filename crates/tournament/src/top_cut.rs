//! Single elimination of the top N after the Swiss rounds.

use crate::{EntrantId, Pairing, RoundRecord, TournamentError};

/// Seeds in bracket order, e.g. 8 → 1 8 4 5 2 7 3 6, so 1 and 2 can only meet in the final.
fn bracket(n: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < n {
        let size = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, size + 1 - s]).collect();
    }
    order
}

/// The next top-cut round. `seeds` are the top N of the standings, best first (N a power of two);
/// `previous` are the top-cut rounds played so far (all complete).
pub fn top_cut_pairings(
    seeds: &[EntrantId],
    previous: &[RoundRecord],
) -> Result<Vec<Pairing>, TournamentError> {
    let n = seeds.len();
    if n < 2 || !n.is_power_of_two() {
        return Err(TournamentError::Invalid(format!(
            "a top cut needs 2, 4, 8… players, not {n}"
        )));
    }
    let mut alive: Vec<EntrantId> = bracket(n).into_iter().map(|s| seeds[s - 1]).collect();
    for (i, round) in previous.iter().enumerate() {
        let mut next = Vec::with_capacity(alive.len() / 2);
        for pair in alive.chunks(2) {
            let result = round
                .results
                .iter()
                .find(|r| {
                    r.matches_pairing(&Pairing::Match {
                        a: pair[0],
                        b: pair[1],
                    })
                })
                .ok_or_else(|| TournamentError::Round {
                    round: i as u32 + 1,
                    message: format!("top cut match {} v {} has no result yet", pair[0], pair[1]),
                })?;
            next.push(result.winner);
        }
        alive = next;
        if alive.len() == 1 {
            return Err(TournamentError::Refused(crate::Refusal::TopCutOver {
                winner: alive[0],
            }));
        }
    }
    Ok(alive
        .chunks(2)
        .map(|p| Pairing::Match { a: p[0], b: p[1] })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MatchResult;

    #[test]
    fn bracket_order_keeps_the_top_seeds_apart_until_the_final() {
        assert_eq!(bracket(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
        let seeds: Vec<EntrantId> = (1..=4).map(EntrantId).collect();
        let semis = top_cut_pairings(&seeds, &[]).unwrap();
        assert_eq!(
            semis,
            vec![
                Pairing::Match {
                    a: EntrantId(1),
                    b: EntrantId(4)
                },
                Pairing::Match {
                    a: EntrantId(2),
                    b: EntrantId(3)
                }
            ]
        );
        let won = |a: i64, b: i64, w: i64| MatchResult {
            a: EntrantId(a),
            b: EntrantId(b),
            winner: EntrantId(w),
            crystals_a: if w == a { 5 } else { 2 },
            crystals_b: if w == b { 5 } else { 2 },
        };
        let r1 = RoundRecord {
            pairings: semis,
            results: vec![won(1, 4, 4), won(2, 3, 2)],
        };
        let fin = top_cut_pairings(&seeds, std::slice::from_ref(&r1)).unwrap();
        assert_eq!(
            fin,
            vec![Pairing::Match {
                a: EntrantId(4),
                b: EntrantId(2)
            }]
        );
        let r2 = RoundRecord {
            pairings: fin,
            results: vec![won(4, 2, 2)],
        };
        assert!(top_cut_pairings(&seeds, &[r1, r2]).is_err());
    }
}
