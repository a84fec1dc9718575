//! Properties of Swiss pairings and standings over random events (random sizes, results, drops).
#![allow(clippy::unwrap_used)] // test helpers

use std::collections::{HashMap, HashSet};

use proptest::prelude::*;
use tournament::{
    standings, swiss_pairings, EntrantId, FirstRound, MatchResult, Pairing, RoundRecord,
};

fn decide(pairings: &[Pairing], bits: u64) -> Vec<MatchResult> {
    pairings
        .iter()
        .enumerate()
        .filter_map(|(i, p)| match *p {
            Pairing::Match { a, b } => {
                let a_wins = (bits >> (i % 64)) & 1 == 1;
                let loser_crystals = ((bits >> ((i * 3) % 61)) & 3) as u8; // 0..=3
                Some(MatchResult {
                    a,
                    b,
                    winner: if a_wins { a } else { b },
                    crystals_a: if a_wins { 5 } else { loser_crystals },
                    crystals_b: if a_wins { loser_crystals } else { 5 },
                })
            }
            Pairing::Bye { .. } => None,
        })
        .collect()
}

/// Independent brute force: is there a bye choice (among players without a bye) and a perfect
/// matching of the rest with no repeat pairing?
fn repeat_free_exists(
    active: &[EntrantId],
    played: &HashSet<(EntrantId, EntrantId)>,
    had_bye: &HashSet<EntrantId>,
) -> bool {
    fn matching(left: &[EntrantId], played: &HashSet<(EntrantId, EntrantId)>) -> bool {
        let Some((first, rest)) = left.split_first() else {
            return true;
        };
        rest.iter().enumerate().any(|(j, other)| {
            if played.contains(&(*first, *other)) {
                return false;
            }
            let mut remaining = rest.to_vec();
            remaining.remove(j);
            matching(&remaining, played)
        })
    }
    if active.len() % 2 == 0 {
        return matching(active, played);
    }
    let fresh: Vec<&EntrantId> = active.iter().filter(|e| !had_bye.contains(e)).collect();
    let candidates: Vec<&EntrantId> = if fresh.is_empty() {
        active.iter().collect()
    } else {
        fresh
    };
    candidates.into_iter().any(|bye| {
        let rest: Vec<EntrantId> = active.iter().copied().filter(|e| e != bye).collect();
        matching(&rest, played)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn every_round_pairs_everyone_once_without_avoidable_repeats(
        n in 2usize..=10,
        rounds in 1usize..=7,
        seed in any::<u64>(),
        result_bits in any::<u64>(),
        drop_mask in any::<u16>(),
        seeded in any::<bool>(),
    ) {
        let all: Vec<EntrantId> = (1..=n as i64).map(EntrantId).collect();
        let mut active = all.clone();
        let mut history: Vec<RoundRecord> = Vec::new();
        let how = if seeded { FirstRound::Seeded } else { FirstRound::Random };
        for r in 0..rounds {
            // drop a player now and then, keeping at least two
            if r > 0 && drop_mask >> r & 1 == 1 && active.len() > 2 {
                let victim = (drop_mask as usize >> 8) % active.len();
                active.remove(victim);
            }
            let mut played = HashSet::new();
            let mut had_bye = HashSet::new();
            for h in &history {
                for p in &h.pairings {
                    match *p {
                        Pairing::Match { a, b } => { played.insert((a, b)); played.insert((b, a)); }
                        Pairing::Bye { player } => { had_bye.insert(player); }
                    }
                }
            }
            let pairings = swiss_pairings(&active, &history, how, seed).unwrap();
            // determinism
            prop_assert_eq!(&pairings, &swiss_pairings(&active, &history, how, seed).unwrap());
            // everyone active exactly once, nobody else
            let mut count: HashMap<EntrantId, u32> = HashMap::new();
            for p in &pairings {
                for who in p.players() { *count.entry(who).or_default() += 1; }
            }
            prop_assert_eq!(count.len(), active.len());
            prop_assert!(active.iter().all(|a| count.get(a) == Some(&1)));
            let byes: Vec<EntrantId> = pairings.iter().filter_map(|p| match p {
                Pairing::Bye { player } => Some(*player), _ => None }).collect();
            prop_assert_eq!(byes.len(), active.len() % 2);
            if let Some(b) = byes.first() {
                let someone_without = active.iter().any(|a| !had_bye.contains(a));
                prop_assert!(!someone_without || !had_bye.contains(b), "second bye for {}", b);
            }
            let repeats = pairings.iter().filter(|p| match **p {
                Pairing::Match { a, b } => played.contains(&(a, b)), _ => false }).count();
            if repeats > 0 {
                prop_assert!(!repeat_free_exists(&active, &played, &had_bye),
                    "round {}: a repeat-free pairing existed", r + 1);
            }
            let results = decide(&pairings, result_bits.rotate_left(r as u32 * 7));
            history.push(RoundRecord { pairings, results });
        }
        // standings: total, ranks 1..n, stable under reordering of results
        let table = standings(&all, &history).unwrap();
        let ranks: Vec<u32> = table.iter().map(|s| s.rank).collect();
        prop_assert_eq!(ranks, (1..=n as u32).collect::<Vec<_>>());
        let mut shuffled = history.clone();
        for h in &mut shuffled { h.results.reverse(); h.pairings.reverse(); }
        prop_assert_eq!(&table, &standings(&all, &shuffled).unwrap());
        // sorted by the documented keys
        for w in table.windows(2) {
            let k = |s: &tournament::Standing| (s.match_points, s.opponents_match_win, s.crystal_difference);
            prop_assert!(k(&w[0]) >= k(&w[1]));
        }
    }
}

#[test]
fn round_two_pairs_winners_with_winners() {
    let all: Vec<EntrantId> = (1..=8).map(EntrantId).collect();
    let r1 = swiss_pairings(&all, &[], FirstRound::Random, 7).unwrap();
    let history = vec![RoundRecord {
        results: decide(&r1, 0b1010_1010),
        pairings: r1,
    }];
    let winners: HashSet<EntrantId> = history[0].results.iter().map(|r| r.winner).collect();
    let r2 = swiss_pairings(&all, &history, FirstRound::Random, 7).unwrap();
    assert_eq!(r2.len(), 4);
    for p in &r2 {
        let Pairing::Match { a, b } = *p else {
            panic!("no bye with 8 players")
        };
        assert_eq!(
            winners.contains(&a),
            winners.contains(&b),
            "{a} v {b} crosses score groups"
        );
    }
}

#[test]
fn seeded_first_round_plays_top_half_against_bottom_half_and_gives_the_bye_to_the_last_seed() {
    let all: Vec<EntrantId> = (1..=5).map(EntrantId).collect();
    let r1 = swiss_pairings(&all, &[], FirstRound::Seeded, 0).unwrap();
    assert_eq!(
        r1,
        vec![
            Pairing::Match {
                a: EntrantId(1),
                b: EntrantId(3)
            },
            Pairing::Match {
                a: EntrantId(2),
                b: EntrantId(4)
            },
            Pairing::Bye {
                player: EntrantId(5)
            },
        ]
    );
}

#[test]
fn the_next_round_waits_for_missing_results() {
    let all: Vec<EntrantId> = (1..=4).map(EntrantId).collect();
    let r1 = swiss_pairings(&all, &[], FirstRound::Seeded, 0).unwrap();
    let err = swiss_pairings(
        &all,
        &[RoundRecord {
            pairings: r1,
            results: vec![],
        }],
        FirstRound::Seeded,
        0,
    )
    .unwrap_err();
    assert!(err.to_string().contains("without a result"), "{err}");
}
