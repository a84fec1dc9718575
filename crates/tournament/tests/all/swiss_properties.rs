//! Properties of Swiss pairings and standings over random events (random sizes, results, drops).
#![allow(clippy::unwrap_used)] // test helpers

use std::collections::{HashMap, HashSet};

use crate::common;

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

/// How a whole round does on the rules of a Swiss round (README, "Swiss pairings"), each
/// counted from its definition, in their order: a round is the best pairing if no other
/// pairing of the same players is smaller (the fields compare in this order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Judged {
    /// 1. The bye went to a player who had one while someone without a bye was there.
    second_bye: bool,
    /// 2. Earlier meetings of the players paired (a pair that met twice counts twice).
    repeats: u32,
    /// 3. Players ranked below the one who gets the bye (0: the bye to the lowest-ranked).
    ranked_below_bye: usize,
    /// 4. The score differences over the tables, in wins.
    score_differences: u32,
    /// 5. Their squares: two players moved down one score group rather than one moved down two.
    squared_differences: u32,
    /// 6. Who moves down: over the tables across score groups, how far the higher player is
    ///    from the bottom of his group plus how far the lower one is from the top of his.
    moved_down_from_the_edges: usize,
}

/// The round as the rules see it: the ranking (the standings of the event among the players
/// still in it), scores in wins, byes had, and meetings so far.
struct Event {
    ranked: Vec<EntrantId>,
    wins: HashMap<EntrantId, u32>,
    had_bye: HashSet<EntrantId>,
    met: HashMap<(EntrantId, EntrantId), u32>,
}

impl Event {
    fn new(active: &[EntrantId], history: &[RoundRecord]) -> Event {
        let mut everyone = active.to_vec();
        let mut had_bye = HashSet::new();
        let mut met = HashMap::new();
        for h in history {
            for p in &h.pairings {
                for who in p.players() {
                    if !everyone.contains(&who) {
                        everyone.push(who);
                    }
                }
                match *p {
                    Pairing::Match { a, b } => *met.entry((a.min(b), a.max(b))).or_default() += 1,
                    Pairing::Bye { player } => {
                        had_bye.insert(player);
                    }
                }
            }
        }
        let table: Vec<tournament::Standing> = standings(&everyone, history)
            .unwrap()
            .into_iter()
            .filter(|s| active.contains(&s.entrant))
            .collect();
        Event {
            ranked: table.iter().map(|s| s.entrant).collect(),
            wins: table
                .iter()
                .map(|s| (s.entrant, s.match_points / 3))
                .collect(),
            had_bye,
            met,
        }
    }

    fn rank(&self, who: EntrantId) -> usize {
        self.ranked.iter().position(|e| *e == who).unwrap()
    }

    /// Places from the top (`above`) or the bottom of `who`'s score group.
    fn place_in_group(&self, who: EntrantId, above: bool) -> usize {
        let score = self.wins[&who];
        let i = self.rank(who);
        let range = if above {
            &self.ranked[..i]
        } else {
            &self.ranked[i + 1..]
        };
        range.iter().filter(|e| self.wins[*e] == score).count()
    }

    fn judge(&self, round: &[(EntrantId, Option<EntrantId>)]) -> Judged {
        let mut j = Judged {
            second_bye: false,
            repeats: 0,
            ranked_below_bye: 0,
            score_differences: 0,
            squared_differences: 0,
            moved_down_from_the_edges: 0,
        };
        for &(a, b) in round {
            let Some(b) = b else {
                j.second_bye = self.had_bye.contains(&a)
                    && self.ranked.iter().any(|e| !self.had_bye.contains(e));
                j.ranked_below_bye = self.ranked.len() - 1 - self.rank(a);
                continue;
            };
            j.repeats += self.met.get(&(a.min(b), a.max(b))).copied().unwrap_or(0);
            let (hi, lo) = if self.wins[&a] >= self.wins[&b] {
                (a, b)
            } else {
                (b, a)
            };
            let gap = self.wins[&hi] - self.wins[&lo];
            j.score_differences += gap;
            j.squared_differences += gap * gap;
            if gap > 0 {
                j.moved_down_from_the_edges +=
                    self.place_in_group(hi, false) + self.place_in_group(lo, true);
            }
        }
        j
    }

    /// The best any pairing of these players (with a bye when their number is odd) can do,
    /// trying them all.
    fn best(&self) -> Judged {
        fn all(
            left: &[EntrantId],
            bye_open: bool,
            round: &mut Vec<(EntrantId, Option<EntrantId>)>,
            event: &Event,
            best: &mut Option<Judged>,
        ) {
            let Some((&first, rest)) = left.split_first() else {
                let j = event.judge(round);
                if best.is_none_or(|b| j < b) {
                    *best = Some(j);
                }
                return;
            };
            if bye_open {
                round.push((first, None));
                all(rest, false, round, event, best);
                round.pop();
            }
            for k in 0..rest.len() {
                let mut remaining = rest.to_vec();
                let other = remaining.remove(k);
                round.push((first, Some(other)));
                all(&remaining, bye_open, round, event, best);
                round.pop();
            }
        }
        let mut best = None;
        let odd = self.ranked.len() % 2 == 1;
        all(&self.ranked, odd, &mut Vec::new(), self, &mut best);
        best.unwrap()
    }
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
                let event = Event::new(&active, &history);
                let ours: Vec<(EntrantId, Option<EntrantId>)> = pairings
                    .iter()
                    .map(|p| match *p {
                        Pairing::Match { a, b } => (a, Some(b)),
                        Pairing::Bye { player } => (player, None),
                    })
                    .collect();
                prop_assert_eq!(event.judge(&ours), event.best(), "round {}: {:?}", r + 1, pairings);
            }
            let results = decide(&pairings, result_bits.rotate_left(r as u32 * 11));
            history.push(RoundRecord { pairings, results });
        }
    }
}

/// The judge can tell a bad round from a good one: with four players, 1 and 2 having won,
/// pairing the winners together beats crossing the groups, and a repeat is worse than both.
#[test]
fn the_judge_of_a_round_can_fail() {
    let all: Vec<EntrantId> = (1..=4).map(EntrantId).collect();
    let r1 = vec![
        Pairing::Match {
            a: EntrantId(1),
            b: EntrantId(3),
        },
        Pairing::Match {
            a: EntrantId(2),
            b: EntrantId(4),
        },
    ];
    let results = vec![
        tournament::MatchResult {
            a: EntrantId(1),
            b: EntrantId(3),
            winner: EntrantId(1),
            crystals_a: 5,
            crystals_b: 0,
        },
        tournament::MatchResult {
            a: EntrantId(2),
            b: EntrantId(4),
            winner: EntrantId(2),
            crystals_a: 5,
            crystals_b: 0,
        },
    ];
    let event = Event::new(
        &all,
        &[RoundRecord {
            pairings: r1,
            results,
        }],
    );
    let e = |i| EntrantId(i);
    let good = event.judge(&[(e(1), Some(e(2))), (e(3), Some(e(4)))]);
    let crossed = event.judge(&[(e(1), Some(e(4))), (e(2), Some(e(3)))]);
    let repeat = event.judge(&[(e(1), Some(e(3))), (e(2), Some(e(4)))]);
    assert_eq!(event.best(), good);
    assert!(
        good < crossed && crossed < repeat,
        "{good:?} {crossed:?} {repeat:?}"
    );
    assert_eq!(crossed.score_differences, 2);
    assert_eq!(repeat.repeats, 2);
}
