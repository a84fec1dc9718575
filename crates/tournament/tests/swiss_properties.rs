//! Properties of Swiss pairings and standings over random events (random sizes, results, drops).
#![allow(clippy::unwrap_used)] // test helpers

use std::collections::{HashMap, HashSet};

mod common;

use common::{random_results, Dice};
use proptest::prelude::*;
use tournament::{
    standings, swiss_pairings, EntrantId, FirstRound, MatchResult, Pairing, RoundRecord,
};

/// Random results from `bits` (the same bits, the same results).
fn decide(pairings: &[Pairing], bits: u64) -> Vec<MatchResult> {
    random_results(pairings, &mut Dice(bits))
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
    if active.len().is_multiple_of(2) {
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

/// The rules of a Swiss round, in order (crate documentation): summed over the tables of a
/// pairing and compared in this order, smaller is better.
type Penalties = [u64; 6];

/// Each active player's (score in wins, byes, players ranked below, group members above, below).
fn seats(active: &[EntrantId], history: &[RoundRecord]) -> HashMap<EntrantId, [u64; 5]> {
    let mut everyone = active.to_vec();
    for h in history {
        for p in &h.pairings {
            for who in p.players() {
                if !everyone.contains(&who) {
                    everyone.push(who);
                }
            }
        }
    }
    let ranked: Vec<tournament::Standing> = standings(&everyone, history)
        .unwrap()
        .into_iter()
        .filter(|s| active.contains(&s.entrant))
        .collect();
    ranked
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let same = |t: &&tournament::Standing| t.match_points == s.match_points;
            let above = ranked[..i].iter().filter(same).count() as u64;
            let below = ranked[i + 1..].iter().filter(same).count() as u64;
            let info = [
                u64::from(s.match_points / 3),
                u64::from(s.byes),
                (ranked.len() - 1 - i) as u64,
                above,
                below,
            ];
            (s.entrant, info)
        })
        .collect()
}

fn table_penalties(
    seat: &HashMap<EntrantId, [u64; 5]>,
    met: &HashMap<(EntrantId, EntrantId), u64>,
    a: EntrantId,
    b: Option<EntrantId>,
) -> Penalties {
    let sa = seat[&a];
    let Some(b) = b else {
        return [sa[1], 0, sa[2], 0, 0, 0];
    };
    let sb = seat[&b];
    let (hi, lo) = if sa[0] >= sb[0] { (sa, sb) } else { (sb, sa) };
    let gap = hi[0] - lo[0];
    let float = if gap > 0 { hi[4] + lo[3] } else { 0 };
    let meetings = met.get(&(a.min(b), a.max(b))).copied().unwrap_or(0);
    [0, meetings, 0, gap, gap * gap, float]
}

fn add(x: Penalties, y: Penalties) -> Penalties {
    std::array::from_fn(|i| x[i] + y[i])
}

/// The smallest total penalties over every possible pairing (and bye), by trying them all.
fn brute_force_best(
    left: &[Option<EntrantId>],
    seat: &HashMap<EntrantId, [u64; 5]>,
    met: &HashMap<(EntrantId, EntrantId), u64>,
) -> Penalties {
    let Some((&first, rest)) = left.split_first() else {
        return [0; 6];
    };
    let mut best: Option<Penalties> = None;
    for j in 0..rest.len() {
        let table = match (first, rest[j]) {
            (Some(a), b) => table_penalties(seat, met, a, b),
            (None, Some(b)) => table_penalties(seat, met, b, None),
            (None, None) => unreachable!("one bye seat"),
        };
        let mut remaining = rest.to_vec();
        remaining.remove(j);
        let total = add(table, brute_force_best(&remaining, seat, met));
        if best.is_none_or(|b| total < b) {
            best = Some(total);
        }
    }
    best.unwrap_or([0; 6])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_round_is_the_best_pairing_by_the_documented_rules(
        n in 3usize..=10,
        rounds in 2usize..=5,
        seed in any::<u64>(),
        result_bits in any::<u64>(),
        drop_mask in any::<u16>(),
    ) {
        let mut active: Vec<EntrantId> = (1..=n as i64).map(EntrantId).collect();
        let mut history: Vec<RoundRecord> = Vec::new();
        for r in 0..rounds {
            if r > 0 && drop_mask >> r & 1 == 1 && active.len() > 3 {
                let victim = (drop_mask as usize >> 8) % active.len();
                active.remove(victim);
            }
            let pairings = swiss_pairings(&active, &history, FirstRound::Random, seed).unwrap();
            if r > 0 {
                let seat = seats(&active, &history);
                let mut met: HashMap<(EntrantId, EntrantId), u64> = HashMap::new();
                for h in &history {
                    for p in &h.pairings {
                        if let Pairing::Match { a, b } = *p {
                            *met.entry((a.min(b), a.max(b))).or_default() += 1;
                        }
                    }
                }
                let ours = pairings.iter().fold([0; 6], |acc, p| {
                    let t = match *p {
                        Pairing::Match { a, b } => table_penalties(&seat, &met, a, Some(b)),
                        Pairing::Bye { player } => table_penalties(&seat, &met, player, None),
                    };
                    add(acc, t)
                });
                let mut seats_and_bye: Vec<Option<EntrantId>> =
                    active.iter().copied().map(Some).collect();
                if active.len() % 2 == 1 {
                    seats_and_bye.push(None);
                }
                let best = brute_force_best(&seats_and_bye, &seat, &met);
                prop_assert_eq!(ours, best, "round {}: {:?}", r + 1, pairings);
            }
            let results = decide(&pairings, result_bits.rotate_left(r as u32 * 11));
            history.push(RoundRecord { pairings, results });
        }
    }
}
