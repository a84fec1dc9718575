//! Catalog load time (target < 50 ms) and lookup latency (target p99 < 200 µs per query).
//!
//! Criterion reports the mean per query over the mixed query set; the p99 is measured here
//! over 10,000 individually timed queries and printed before the criterion runs.

use cards::Catalog;
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// What players type: numbers in every spelling, names in both languages, prefixes, words,
/// typos, ambiguous and hostile input.
const QUERIES: &[&str] = &[
    "V24",
    "v 24",
    "vulca 24",
    "Vulca-24",
    "24v",
    "24",
    "vulca 00",
    "M106",
    "mutant 106",
    "106",
    "infl 604",
    "promo 901",
    "promo 31",
    "Flickering Fires",
    "flickering",
    "Feuerzauber",
    "feuerzaubr",
    "flikering fires",
    "Rueckkehr",
    "Öffne die Wundertüte des Lebens",
    "cool",
    "wall fire",
    "Tittertweet",
    "titertweet",
    "Gulpus Permanentus",
    "Schamane des Hier und Jetzt",
    "Shaman of the Here and Now",
    "sea moon",
    "chosen",
    "lachgas",
    "'; DROP TABLE cards; --",
    ".*(a+)+$",
    "🐉🐉🐉 dragon",
    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "a b c d e f g h i j k l m n o p",
    "",
];

fn percentile_report(catalog: &Catalog) {
    let mut times: Vec<Duration> = Vec::with_capacity(10_000);
    for i in 0..10_000 {
        let q = QUERIES[i % QUERIES.len()];
        let start = Instant::now();
        black_box(catalog.lookup(black_box(q), None, 10));
        times.push(start.elapsed());
    }
    times.sort();
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    let p = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
    println!(
        "lookup over {} timed queries: mean {:?}, p50 {:?}, p99 {:?}, max {:?}",
        times.len(),
        mean,
        p(0.50),
        p(0.99),
        times[times.len() - 1]
    );
}

fn benches(c: &mut Criterion) {
    c.bench_function("catalog_load_embedded", |b| {
        b.iter(|| black_box(Catalog::load_embedded()))
    });
    let Ok(catalog) = Catalog::load_embedded() else {
        eprintln!("embedded catalog does not load; lookup benchmark skipped");
        return;
    };
    percentile_report(&catalog);
    c.bench_function("lookup_mixed_query", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % QUERIES.len();
            black_box(catalog.lookup(black_box(QUERIES[i]), None, 10))
        })
    });
    c.bench_function("lookup_typo_all_games", |b| {
        b.iter(|| black_box(catalog.lookup(black_box("flikering fires"), None, 10)))
    });
}

criterion_group!(lookup, benches);
criterion_main!(lookup);
