//! Swiss pairing at 16, 64, 201 and 512 registered players with random results and drops. Targets: every round
//! optimal (printed per round: the sum of match-point differences against the best repeat-free
//! pairing found by an independent matcher, and repeats), and one round paired in under 100 ms
//! at 512 players (release). Also the old target: a 64-player event of 7 rounds with standings
//! in under 10 ms.
#![allow(clippy::unwrap_used)]

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Instant;

use common::{bye_of, cost, optimal_gaps, random_results, Dice};
use criterion::{criterion_group, criterion_main, Criterion};
use tournament::{standings, swiss_pairings, EntrantId, FirstRound, RoundRecord};

/// Plays `rounds` rounds with random results, one player dropping before every second round
/// (so score groups turn odd and byes come up), printing each round's cost and time. Returns the
/// players still in and the history before the last round, to time pairing it.
fn play(registered: &[EntrantId], rounds: usize, seed: u64) -> (Vec<EntrantId>, Vec<RoundRecord>) {
    let mut dice = Dice(seed);
    let mut players = registered.to_vec();
    let mut history: Vec<RoundRecord> = Vec::new();
    for round in 1..=rounds {
        if round.is_multiple_of(2) {
            players.remove((dice.next() % players.len() as u64) as usize);
        }
        let start = Instant::now();
        let pairings = swiss_pairings(&players, &history, FirstRound::Random, seed).unwrap();
        let took = start.elapsed();
        let (gaps, repeats) = cost(&pairings, &history, &players);
        let best = optimal_gaps(&players, bye_of(&pairings), &history);
        let best = best.map_or("none repeat-free".to_string(), |b| b.to_string());
        println!(
            "{} players ({} in), round {round}: cost {gaps} (best {best}), repeats {repeats}, \
             paired in {:.1} ms",
            registered.len(),
            players.len(),
            took.as_secs_f64() * 1000.0
        );
        if round == rounds {
            break;
        }
        let results = random_results(&pairings, &mut dice);
        history.push(RoundRecord { pairings, results });
    }
    (players, history)
}

fn whole_event(players: &[EntrantId]) -> usize {
    let mut dice = Dice(99);
    let mut history: Vec<RoundRecord> = Vec::new();
    for _ in 0..7 {
        let pairings = swiss_pairings(players, &history, FirstRound::Random, 99).unwrap();
        let results = random_results(&pairings, &mut dice);
        history.push(RoundRecord { pairings, results });
    }
    standings(players, &history).unwrap().len()
}

fn bench(c: &mut Criterion) {
    for (size, rounds) in [(16, 5), (64, 7), (201, 8), (512, 9)] {
        let players: Vec<EntrantId> = (1..=size).map(EntrantId).collect();
        let (players, history) = play(&players, rounds, 14);
        let mut group = c.benchmark_group(format!("swiss {size} players"));
        if size > 100 {
            group.sample_size(10);
        }
        group.bench_function(format!("pair round {rounds}"), |b| {
            b.iter(|| {
                swiss_pairings(black_box(&players), &history, FirstRound::Random, 14).unwrap()
            })
        });
        group.finish();
    }
    let players: Vec<EntrantId> = (1..=64).map(EntrantId).collect();
    c.bench_function("swiss 64 players: pair 7 rounds + final standings", |b| {
        b.iter(|| whole_event(black_box(&players)))
    });
    let (_, history) = play(&players, 7, 99);
    c.bench_function("standings 64 players after 6 rounds", |b| {
        b.iter(|| standings(black_box(&players), &history).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
