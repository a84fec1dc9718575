//! Speed target: a 20-card table with 8 modifiers recomputed in under 100 µs (p99).
//!
//! The board is checked before it is timed: its totals are the ones worked out by hand below,
//! and every one of the 8 modifiers changes a value on it (a board where an effect is ignored
//! or outbid would time less work than its name says).

use bluemoon::power::{compute, PowerReport};
use bluemoon::table::{CardEntry, PlayerTable, TableState};
use bluemoon::{Catalog, Element, Player};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// The 8 modifiers: A's Demegodas, Duplicator of Strength, Potion of Prodigious Passion,
/// Potion of Conjoining, Water of Conjoining, Volcanic Gauntlets; B's CoolCat and Carl
/// Kamikaze Crow. CoolCat is the only one acting on the other player (B on A).
const MODIFIERS: [&str; 8] = [
    "hoax-12",
    "hoax-25",
    "pillar-26",
    "pillar-22",
    "aqua-27",
    "vulca-21",
    "khind-01",
    "flit-11",
];

fn table() -> TableState {
    // 20 cards: A 12 (7 in combat, 1 covered, 4 support), B 8.
    let a = PlayerTable {
        combat: vec![
            CardEntry::of("hoax-12"),
            CardEntry::of("mimix-22"),
            CardEntry::of("hoax-05"),
            CardEntry::of("hoax-09"),
            CardEntry::of("pillar-26").targeting("hoax-09"),
            CardEntry::of("pillar-22").targeting("hoax-12"),
            CardEntry::of("vulca-21").targeting("mimix-22"),
        ],
        covered: vec!["vulca-13".into()],
        support: vec![
            CardEntry::of("hoax-25").targeting("hoax-12"),
            CardEntry::of("aqua-27"),
            CardEntry::of("mimix-27"),
            CardEntry::bluff(None),
        ],
        ..PlayerTable::default()
    };
    let b = PlayerTable {
        combat: vec![
            CardEntry::of("khind-01"),
            CardEntry::of("flit-11"),
            CardEntry::of("flit-15"),
            CardEntry::of("aqua-05"),
        ],
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

/// The totals by hand (Special Rule 7; CoolCat reduces A's odd printed character values to 0):
///
/// A: Demegodas 2/2, Conjoining → sum 4/4, Duplicator doubles earth → F4/E8.
///    Sun Setting F2/E1 → CoolCat F2/E0, Water → higher printed 2 → F2/E2, Gauntlets F×2 → F4/E2.
///    Ciklarethas 3/3 → CoolCat 0/0 (Water: higher of 0 and 0).
///    Helkomedes F1/E3 → CoolCat 0/0, Prodigious Passion → 5/5.
///    Menacing Wardance 2/2 and the bluff (printed 2) doubled by Demegodas → 4/4 each;
///    the potions, Gauntlets, Duplicator and Water have no values of their own.
///    Fire 4+4+0+5+4+4 = 21, earth 8+2+0+5+4+4 = 23.
/// B: CoolCat 2/2, Carl 0/0, Launch Burning Earth 3/3 doubled by Carl → 6/6, Electric Eel
///    F4/E0, Tome of Wisdom 3/3, Fearsome Spirits 0/0, Menacing Wardance 2/2, Tronknor E2.
///    Fire 2+0+6+4+3+0+2 = 17, earth 2+0+6+0+3+0+2+2 = 15.
fn check(report: &PowerReport) {
    let totals = |p| {
        let t = report.player(p).total;
        (t.fire, t.earth)
    };
    assert_eq!(totals(Player::A), (21, 23), "A's fire and earth");
    assert_eq!(totals(Player::B), (17, 15), "B's fire and earth");
    assert!(report.warnings.is_empty(), "{:?}", report.warnings);
    for modifier in MODIFIERS {
        let changed_a_value = report.cards.iter().any(|card| {
            card.steps
                .iter()
                .any(|s| s.by == modifier && s.from != s.to)
        });
        let reduced_printed = modifier == "khind-01"
            && report
                .cards
                .iter()
                .any(|card| card.owner == Player::A && card.effective_printed != card.printed);
        assert!(
            changed_a_value || reduced_printed,
            "{modifier} changes no value on the board"
        );
    }
}

fn bench(c: &mut Criterion) {
    let cat = Catalog::embedded().expect("embedded catalog parses");
    let t = table();
    check(&compute(&cat, &t));
    c.bench_function("power 20 cards 8 modifiers", |b| {
        b.iter(|| compute(black_box(&cat), black_box(&t)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
