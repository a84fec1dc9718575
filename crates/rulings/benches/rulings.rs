//! Speed targets: importing all five documents (< 500 ms), `rulings_for` with 10 active cards
//! (p99 < 1 ms), full-text search (p99 < 2 ms). Criterion measures means; each benchmark
//! also prints percentiles of single calls measured one by one. Opening a current
//! `reference.db` (the app's start-up) and the first search after it (which builds the search
//! index) are measured apart.

use cards::CardId;
use criterion::{criterion_group, criterion_main, Criterion};
use rulings::{Lang, ReferenceDb, SearchFilter, Topic};
use std::hint::black_box;
use std::time::{Duration, Instant};

const ACTIVE: [&str; 10] = [
    "hoax-27",
    "flit-07",
    "khind-27",
    "terrah-26",
    "flit-13",
    "khind-06",
    "pillar-15",
    "aqua-28",
    "inter-402",
    "buka-31",
];
const ENTERED: [&str; 8] = [
    "vulca-26",
    "flit-12",
    "hoax-16",
    "khind-31",
    "mutant-110",
    "pillar-16",
    "inq-412",
    "aqua-25",
];
const QUERIES: [&str; 12] = [
    "Wall of Fire",
    "Tittertw",
    "Feuerwall",
    "Stärke",
    "retreat dragon",
    "PROTECTED ignored",
    "\"AND (",
    "Schiff laden",
    "draw deck",
    "bluff",
    // German game words also search their English glossary terms (and back).
    "Feuerwall Rückzug",
    "Drachen zurückziehen Unterstützung",
];

/// Questions as players type them (issue 34): small words, stems, separable verbs, typos.
const QUESTIONS: [&str; 8] = [
    "can I look at the discard pile",
    "who starts the next game",
    "Sonderfähigkeit ignoriert",
    "Kampf ablehnen",
    "er lehnt den Kampf ab",
    "my opponent declined to fight, do I draw up",
    "Titertweet ignorred",
    "wie viele Kristalle bekommt der Sieger",
];

/// Involuntary context switches of this thread so far (Linux), to tell a slow call from a
/// preempted one on a shared machine.
fn preemptions() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/thread-self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("nonvoluntary_ctxt_switches:"))
        .and_then(|v| v.trim().parse().ok())
}

/// Percentiles of `n` single calls: over all calls, and over the calls during which the
/// thread was not preempted (on a loaded machine the p99 of all calls measures the scheduler).
fn percentiles(n: usize, mut call: impl FnMut(usize)) -> String {
    let mut all: Vec<Duration> = Vec::with_capacity(n);
    let mut unpreempted: Vec<Duration> = Vec::with_capacity(n);
    for i in 0..n {
        let before = preemptions();
        let t = Instant::now();
        call(i);
        let d = t.elapsed();
        all.push(d);
        if before.is_some() && before == preemptions() {
            unpreempted.push(d);
        }
    }
    let at = |v: &mut Vec<Duration>, p: usize| {
        v.sort();
        v.get((v.len() * p / 100).min(v.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
    };
    let preempted = n - unpreempted.len();
    format!(
        "all: p50 {:?}, p90 {:?}, p99 {:?}; not preempted ({} of {n}): p99 {:?}",
        at(&mut all, 50),
        at(&mut all, 90),
        at(&mut all, 99),
        n - preempted,
        at(&mut unpreempted, 99),
    )
}

fn import_all(c: &mut Criterion) {
    c.bench_function("import_all (5 documents)", |b| {
        b.iter(|| black_box(rulings::import::import_all(&[]).map(|c| c.records.len())))
    });
}

fn prompts(c: &mut Criterion) {
    let db = ReferenceDb::open_in_memory(&[]).expect("reference db");
    let active: Vec<CardId> = ACTIVE.iter().map(|s| CardId::new(*s)).collect();
    let entered: Vec<CardId> = ENTERED.iter().map(|s| CardId::new(*s)).collect();
    let topics = [Topic::Shields, Topic::Protected];
    let p = percentiles(20_000, |i| {
        black_box(db.rulings_for(&entered[i % entered.len()], &active, &topics, Lang::En, 20));
    });
    eprintln!("rulings_for, 10 active cards, single calls: {p}");
    c.bench_function("rulings_for (10 active)", |b| {
        let mut i = 0;
        b.iter(|| {
            i += 1;
            black_box(db.rulings_for(&entered[i % entered.len()], &active, &topics, Lang::De, 20))
        })
    });
}

/// Opening a current `reference.db` (nothing to rebuild), and the first search after it.
fn open(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("reference.db");
    drop(ReferenceDb::open(&path, &[]).expect("first open builds the file"));
    let filter = SearchFilter {
        prefer: Some(Lang::En),
        ..SearchFilter::default()
    };
    let mut open_ms = Vec::new();
    let mut first_ms = Vec::new();
    for _ in 0..10 {
        let t = Instant::now();
        let db = ReferenceDb::open(&path, &[]).expect("open");
        open_ms.push(t.elapsed());
        let t = Instant::now();
        let _ = black_box(db.search(QUESTIONS[0], filter, 20));
        first_ms.push(t.elapsed());
    }
    open_ms.sort();
    first_ms.sort();
    eprintln!(
        "open (current file), 10 times: median {:?}, max {:?}; first search after it: median {:?}, max {:?}",
        open_ms[5], open_ms[9], first_ms[5], first_ms[9]
    );
    c.bench_function("open reference.db (current)", |b| {
        b.iter(|| black_box(ReferenceDb::open(&path, &[]).map(|db| db.version().len())))
    });
}

fn search(c: &mut Criterion) {
    let db = ReferenceDb::open_in_memory(&[]).expect("reference db");
    // the index is built on the first search: not part of a search's time here (see `open`)
    db.prepare_search();
    let filter = SearchFilter {
        prefer: Some(Lang::En),
        ..SearchFilter::default()
    };
    for (name, queries) in [
        ("search", &QUERIES[..]),
        ("search questions", &QUESTIONS[..]),
    ] {
        let p = percentiles(5_000, |i| {
            let _ = black_box(db.search(queries[i % queries.len()], filter, 20));
        });
        eprintln!("{name}, 20 hits, single calls: {p}");
        c.bench_function(&format!("{name} (20 hits)"), |b| {
            let mut i = 0;
            b.iter(|| {
                i += 1;
                black_box(db.search(queries[i % queries.len()], filter, 20))
            })
        });
    }
}

criterion_group!(benches, import_all, open, prompts, search);
criterion_main!(benches);
