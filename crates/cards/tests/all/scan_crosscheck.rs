//! Cross-check: the type, values, icons, moons and deck of every people card and mutant, as read from
//! the printed German cards (`tests/data/de-card-scans.txt`), agree with the catalog. Values a
//! card does not print must be recorded as absent, not unknown.

use cards::bm::{CardType, Icon};
use cards::bm_card::{expected_id_and_tag, parse_tag};
use cards::{BmCard, Catalog, Fact};

const READING: &str = include_str!("../data/de-card-scans.txt");

fn card_type(code: &str) -> Option<CardType> {
    Some(match code {
        "l" => CardType::Leader,
        "C" => CardType::Character,
        "B" => CardType::Booster,
        "S" => CardType::Support,
        "L" => CardType::Leadership,
        "X" => CardType::Ship,
        _ => return None,
    })
}

fn icon(code: &str) -> Option<Icon> {
    Some(match code {
        "R" => Icon::Retrieve,
        "P" => Icon::Pair,
        "F" => Icon::Free,
        "S" => Icon::Stop,
        "Pr" => Icon::Protected,
        "G" => Icon::Gang,
        "B" => Icon::Bluff,
        "fs" => Icon::FireShield,
        "es" => Icon::EarthShield,
        _ => return None,
    })
}

/// The deck a printed deck letter stands for.
fn deck(letter: &str) -> Option<&'static str> {
    Some(match letter {
        "H" => "Hoax",
        "V" => "Vulca",
        "M" => "Mimix",
        "F" => "Flit",
        "K" => "Khind",
        "T" => "Terrah",
        "P" => "Pillar",
        "A" => "Aqua",
        "B" => "Buka",
        "X1" => "E&I:A",
        "X2" => "E&I:B",
        _ => return None,
    })
}

/// What the catalog says about one line of the reading, or why it disagrees.
fn check(card: &BmCard, ty: &str, values: &str, icons: &str, moons: &str) -> Vec<String> {
    let f = &card.facts;
    let mut wrong = Vec::new();
    if f.card_type != card_type(ty) {
        wrong.push(format!("type {ty} / {:?}", f.card_type));
    }
    match values.split_once('/') {
        Some((fire, earth)) => {
            let printed = (fire.parse::<u8>().ok(), earth.parse::<u8>().ok());
            if (f.fire, f.earth) != printed {
                wrong.push(format!("values {values} / {:?}", (f.fire, f.earth)));
            }
        }
        None => {
            if !(card.is_absent(Fact::Fire) && card.is_absent(Fact::Earth)) {
                wrong.push(format!("no printed values / {:?}", (f.fire, f.earth)));
            }
        }
    }
    let mut want: Vec<Option<Icon>> = icons.split(',').filter(|i| *i != ".").map(icon).collect();
    let mut have: Vec<Option<Icon>> = f.icons.iter().copied().map(Some).collect();
    want.sort();
    have.sort();
    if want != have || !card.icons_complete {
        wrong.push(format!("icons {icons} / {:?}", f.icons));
    }
    if moons != "?" && f.moons != moons.parse().ok() {
        wrong.push(format!("moons {moons} / {:?}", f.moons));
    }
    wrong
}

#[test]
fn the_printed_german_cards_agree_with_the_catalog() {
    let catalog = Catalog::load_embedded().expect("embedded catalog loads");
    let mut lines = 0;
    let mut wrong = Vec::new();
    for line in READING.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split_whitespace().collect();
        let [series, number, ty, values, icons, moons, letter] = cols[..] else {
            panic!("bad line {line:?}");
        };
        let (series, number) =
            parse_tag(&format!("{series} {number}")).unwrap_or_else(|| panic!("tag in {line:?}"));
        let id = expected_id_and_tag(series, number).0;
        let card = catalog
            .bm(&id)
            .unwrap_or_else(|| panic!("{id} is not in the catalog"));
        for w in check(card, ty, values, icons, moons) {
            wrong.push(format!("{id}: scan/catalog {w}"));
        }
        if letter != "?" && card.deck.as_deref() != deck(letter) {
            wrong.push(format!(
                "{id}: scan/catalog deck {letter} / {:?}",
                card.deck
            ));
        }
        lines += 1;
    }
    // every people card 00-32 of the nine peoples (Buka to 31) and the ten mutants
    assert_eq!(lines, 8 * 33 + 32 + 10);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_check_catches_a_wrong_value_and_an_unknown_one() {
    let catalog = Catalog::load_embedded().expect("embedded catalog loads");
    let hoax = catalog.bm("hoax-01").expect("card").clone();
    assert!(check(&hoax, "C", "5/1", ".", "1").is_empty());
    assert_eq!(check(&hoax, "C", "5/2", ".", "1").len(), 1);
    assert_eq!(check(&hoax, "S", "5/1", "P", "2").len(), 3);
    let mut leadership = catalog.bm("hoax-31").expect("card").clone();
    assert!(check(&leadership, "L", "-", ".", "4").is_empty());
    leadership.absent.retain(|f| *f != Fact::Fire);
    assert_eq!(check(&leadership, "L", "-", ".", "4").len(), 1);
}
