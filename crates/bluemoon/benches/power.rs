//! Speed target: a 20-card table with 8 modifiers recomputed in under 100 µs (p99).

use bluemoon::power::compute;
use bluemoon::table::{CardEntry, PlayerTable, TableState};
use bluemoon::{Catalog, Element, Player};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn table() -> TableState {
    // 20 cards; modifiers (8): Demegodas, Duplicator of Strength, Potion of Prodigious
    // Passion, Potion of Conjoining, Water of Conjoining, Elemental Enchantment (A);
    // CoolCat, Tittertweet (B).
    let a = PlayerTable {
        combat: vec![
            CardEntry::of("hoax-12"),
            CardEntry::of("mimix-22"),
            CardEntry::of("pillar-26").targeting("hoax-12"),
            CardEntry::of("pillar-22").targeting("mimix-22"),
            CardEntry::of("vulca-20"),
        ],
        covered: vec!["hoax-05".into(), "hoax-09".into()],
        support: vec![
            CardEntry::of("hoax-25"),
            CardEntry::of("aqua-27"),
            CardEntry::of("mimix-27"),
            CardEntry::bluff(None),
        ],
        ..PlayerTable::default()
    };
    let b = PlayerTable {
        combat: vec![
            CardEntry::of("khind-01"),
            CardEntry::of("flit-07"),
            CardEntry::of("flit-15"),
            CardEntry::of("aqua-05"),
        ],
        covered: vec!["vulca-13".into()],
        support: vec![
            CardEntry::of("hoax-20"),
            CardEntry::of("vulca-27"),
            CardEntry::of("mimix-27"),
        ],
        influence: vec![CardEntry::of("infl-602")],
        ..PlayerTable::default()
    };
    TableState {
        v: 1,
        contested: Some(Element::Fire),
        turn: Some(Player::A),
        a,
        b,
    }
}

fn bench(c: &mut Criterion) {
    let cat = Catalog::embedded().expect("embedded catalog parses");
    let t = table();
    c.bench_function("power 20 cards 8 modifiers", |b| {
        b.iter(|| compute(black_box(&cat), black_box(&t)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
