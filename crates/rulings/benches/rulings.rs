//! Speed targets: importing all five documents, `rulings_for` with 10 active cards, search.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn import_all(c: &mut Criterion) {
    c.bench_function("import_all", |b| {
        b.iter(|| black_box(rulings::import::import_all(&[]).map(|c| c.records.len())))
    });
}

criterion_group!(benches, import_all);
criterion_main!(benches);
