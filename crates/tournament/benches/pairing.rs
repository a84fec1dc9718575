//! Target: pairing and standings for 64 players over 7 Swiss rounds under 10 ms.
#![allow(clippy::unwrap_used)]

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use tournament::{
    standings, swiss_pairings, EntrantId, FirstRound, MatchResult, Pairing, RoundRecord,
};

fn decide(pairings: &[Pairing], round: u64) -> Vec<MatchResult> {
    pairings
        .iter()
        .enumerate()
        .filter_map(|(i, p)| match *p {
            Pairing::Match { a, b } => {
                let a_wins = (i as u64 * 7 + round * 3) % 5 < 3;
                Some(MatchResult {
                    a,
                    b,
                    winner: if a_wins { a } else { b },
                    crystals_a: if a_wins { 5 } else { (i % 5) as u8 },
                    crystals_b: if a_wins { (i % 5) as u8 } else { 5 },
                })
            }
            Pairing::Bye { .. } => None,
        })
        .collect()
}

/// Pairs all 7 rounds (results in between) and computes the final standings.
fn whole_event(players: &[EntrantId]) -> usize {
    let mut history: Vec<RoundRecord> = Vec::new();
    for r in 0..7 {
        let pairings = swiss_pairings(players, &history, FirstRound::Random, 99).unwrap();
        let results = decide(&pairings, r);
        history.push(RoundRecord { pairings, results });
    }
    standings(players, &history).unwrap().len()
}

fn bench(c: &mut Criterion) {
    let players: Vec<EntrantId> = (1..=64).map(EntrantId).collect();
    c.bench_function("swiss 64 players: pair 7 rounds + final standings", |b| {
        b.iter(|| whole_event(black_box(&players)))
    });
    let mut history = Vec::new();
    for r in 0..6 {
        let pairings = swiss_pairings(&players, &history, FirstRound::Random, 99).unwrap();
        let results = decide(&pairings, r);
        history.push(RoundRecord { pairings, results });
    }
    c.bench_function("swiss 64 players: pair round 7", |b| {
        b.iter(|| swiss_pairings(black_box(&players), &history, FirstRound::Random, 99).unwrap())
    });
    c.bench_function("standings 64 players after 6 rounds", |b| {
        b.iter(|| standings(black_box(&players), &history).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
