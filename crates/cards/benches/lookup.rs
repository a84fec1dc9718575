//! Catalog load time (target < 50 ms) and lookup latency (target p99 < 200 µs per query).
//!
//! Criterion reports the mean per query over the mixed query set; the p99 is measured here
//! over 10,000 individually timed queries and printed before the criterion runs.

use cards::other::OtherCatalogFile;
use cards::{Catalog, Game};
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

/// The embedded Blue Moon catalog plus synthetic other-game catalogs of `per_game` cards each,
/// named from recombined Blue Moon name words: the lookup cost once those catalogs are full.
fn with_synthetic_others(per_game: usize) -> Option<Catalog> {
    let base = Catalog::load_embedded().ok()?;
    let words: Vec<String> = base
        .bm_cards()
        .iter()
        .filter_map(|c| c.name_en.clone())
        .flat_map(|n| n.split(' ').map(str::to_owned).collect::<Vec<_>>())
        .collect();
    let bm: Vec<cards::BmCard> = base.bm_cards().to_vec();
    let others: Vec<OtherCatalogFile> = [
        Game::WarhammerInvasion,
        Game::KnightmareChess,
        Game::StarTrekCcg,
    ]
    .iter()
    .enumerate()
    .filter_map(|(g, game)| {
        // built through JSON so fields added to `OtherCard` later need no change here
        let cards: Vec<serde_json::Value> = (0..per_game)
            .map(|i| {
                let w = |k: usize| words[(i * 7 + k * 13 + g * 31) % words.len()].clone();
                serde_json::json!({
                    "id": format!("{}-{i}", game.slug()),
                    "name": format!("{} {} {}", w(0), w(1), w(2)),
                    "aliases": [format!("{}{}", w(3), w(4))],
                })
            })
            .collect();
        serde_json::from_value::<OtherCatalogFile>(
            serde_json::json!({ "game": game, "cards": cards }),
        )
        .ok()
    })
    .collect();
    Catalog::from_parts(bm, others).ok()
}

fn percentile_report(label: &str, catalog: &Catalog) {
    let rounds = 10_000 / QUERIES.len() + 1;
    let mut times: Vec<Duration> = Vec::with_capacity(rounds * QUERIES.len());
    let mut per_query: Vec<Vec<Duration>> = vec![Vec::with_capacity(rounds); QUERIES.len()];
    for _ in 0..rounds {
        for (i, q) in QUERIES.iter().enumerate() {
            let start = Instant::now();
            black_box(catalog.lookup(black_box(q), None, 10));
            let t = start.elapsed();
            times.push(t);
            per_query[i].push(t);
        }
    }
    times.sort();
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    let p = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
    // The machine is shared: a preempted query shows up in the raw p99. The median of each
    // query's runs is its own cost; the slowest of those is the worst query.
    let (slowest, slowest_median) = per_query
        .iter_mut()
        .enumerate()
        .map(|(i, ts)| {
            ts.sort();
            (QUERIES[i], ts[ts.len() / 2])
        })
        .max_by_key(|(_, t)| *t)
        .unwrap_or(("", Duration::ZERO));
    println!(
        "{label}: {} timed queries: mean {:?}, p50 {:?}, p99 {:?}, max {:?}; slowest query by median {:?} ({:.30?})",
        times.len(),
        mean,
        p(0.50),
        p(0.99),
        times[times.len() - 1],
        slowest_median,
        slowest
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
    percentile_report("embedded catalogs", &catalog);
    if let Some(big) = with_synthetic_others(1000) {
        percentile_report("embedded + 3x1000 synthetic other-game cards", &big);
        c.bench_function("lookup_mixed_query_with_3000_other_cards", |b| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % QUERIES.len();
                black_box(big.lookup(black_box(QUERIES[i]), None, 10))
            })
        });
    }
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
