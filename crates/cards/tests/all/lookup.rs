//! What players type → the card they mean, data-driven over the embedded catalogs.

use cards::{Catalog, Game, Lang, MatchKind};
use proptest::prelude::*;
use std::sync::OnceLock;

fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| Catalog::load_embedded().expect("embedded catalog loads"))
}

/// Query → the single card it must find, and how.
const UNIQUE: &[(&str, &str, MatchKind)] = &[
    // numbers in every spelling
    ("V24", "vulca-24", MatchKind::Tag),
    ("v24", "vulca-24", MatchKind::Tag),
    ("v 24", "vulca-24", MatchKind::Tag),
    ("vul 24", "vulca-24", MatchKind::Tag),
    ("vulca 24", "vulca-24", MatchKind::Tag),
    ("Vulca 24", "vulca-24", MatchKind::Tag),
    ("vulca-24", "vulca-24", MatchKind::Tag),
    ("[Vulca 24]", "vulca-24", MatchKind::Tag),
    ("24v", "vulca-24", MatchKind::Tag),
    ("24 vulca", "vulca-24", MatchKind::Tag),
    ("vulca 024", "vulca-24", MatchKind::Tag),
    ("aqua 2", "aqua-02", MatchKind::Tag),
    ("aqua 02", "aqua-02", MatchKind::Tag),
    ("vulca 0", "vulca-00", MatchKind::Tag),
    ("vulca 00", "vulca-00", MatchKind::Tag),
    ("106", "mutant-106", MatchKind::Tag),
    ("M106", "mutant-106", MatchKind::Tag),
    ("mutant 106", "mutant-106", MatchKind::Tag),
    ("Mutant-106", "mutant-106", MatchKind::Tag),
    ("infl 604", "infl-604", MatchKind::Tag),
    ("hyla 604", "infl-604", MatchKind::Tag),
    ("i604", "infl-604", MatchKind::Tag),
    ("inter 402", "inter-402", MatchKind::Tag),
    ("inq 412", "inq-412", MatchKind::Tag),
    ("emis 500", "emis-500", MatchKind::Tag),
    ("ach 201", "ach-201", MatchKind::Tag),
    ("crystal 201", "ach-201", MatchKind::Tag),
    ("tutu 507", "tutu-507", MatchKind::Tag),
    ("promo 901", "promo-901", MatchKind::Tag),
    ("buka 31", "buka-31", MatchKind::Tag),
    ("promo 31", "buka-31", MatchKind::Tag),
    ("Promo/Buka 31", "buka-31", MatchKind::Tag),
    // English names
    ("Flickering Fires", "vulca-24", MatchKind::ExactName),
    ("flickering fires", "vulca-24", MatchKind::ExactName),
    ("FLICKERING FIRES", "vulca-24", MatchKind::ExactName),
    ("flickeringfires", "vulca-24", MatchKind::ExactName),
    ("Lika's Blessing", "ach-201", MatchKind::ExactName),
    ("likas blessing", "ach-201", MatchKind::ExactName),
    ("Var-dis-Nar", "mutant-105", MatchKind::ExactName),
    ("vardisnar", "mutant-105", MatchKind::ExactName),
    ("Shame on you!", "inter-402", MatchKind::ExactName),
    ("Sea Moon", "buka-31", MatchKind::ExactName),
    ("Tittertweet", "flit-07", MatchKind::ExactName),
    // prefixes and words
    ("flickering", "vulca-24", MatchKind::Prefix),
    ("Flick", "vulca-24", MatchKind::Prefix),
    ("tittert", "flit-07", MatchKind::Prefix),
    ("fires flickering", "vulca-24", MatchKind::Word),
    ("penemikanas", "hoax-07", MatchKind::Prefix),
    ("paranoid", "hoax-07", MatchKind::Word),
    // German, diacritics folded both ways
    ("Feuerzauber", "vulca-24", MatchKind::ExactName),
    ("feuerzauber", "vulca-24", MatchKind::ExactName),
    ("Rückkehr", "infl-608", MatchKind::ExactName),
    ("Rueckkehr", "infl-608", MatchKind::ExactName),
    ("ruckkehr", "infl-608", MatchKind::ExactName),
    (
        "Öffne die Wundertüte des Lebens",
        "khind-30",
        MatchKind::ExactName,
    ),
    (
        "oeffne die wundertuete des lebens",
        "khind-30",
        MatchKind::ExactName,
    ),
    ("Starte Großangriff", "flit-31", MatchKind::ExactName),
    ("starte grossangriff", "flit-31", MatchKind::ExactName),
    ("Lachgas", "khind-27", MatchKind::ExactName),
    // German names read from the printed cards
    ("Shimmar", "vulca-12", MatchKind::ExactName),
    ("Glimma", "vulca-13", MatchKind::ExactName),
    ("Rat der Acht", "buka-00", MatchKind::ExactName),
    ("B/P Einigkeit", "buka-13", MatchKind::ExactName),
    ("Kaperbrief", "buka-24", MatchKind::ExactName),
    ("Kapitaen Su Cha", "buka-04", MatchKind::ExactName),
    ("Wächterin der Zeit", "mimix-01", MatchKind::ExactName),
    ("Chu-nan-Chi", "mutant-108", MatchKind::ExactName),
    ("Suranom Sturmbringer", "terrah-03", MatchKind::ExactName),
    (
        "Unaufhaltsamer Erdbohrer",
        "terrah-20",
        MatchKind::ExactName,
    ),
    ("Gewaltige Gezeitenflut", "aqua-26", MatchKind::ExactName),
    ("Wundertüte", "khind-30", MatchKind::Word),
    // typos
    ("flikering fires", "vulca-24", MatchKind::Typo),
    ("flickering fries", "vulca-24", MatchKind::Typo),
    ("feuerzaubr", "vulca-24", MatchKind::Typo),
    ("titertweet", "flit-07", MatchKind::Typo),
    ("penemikans the paranoid", "hoax-07", MatchKind::Typo),
];

#[test]
fn finds_the_one_card_meant() {
    let mut failures = Vec::new();
    for (query, id, kind) in UNIQUE {
        let r = catalog().lookup(query, None, 5);
        let best = r.best();
        let ok = best.is_some_and(|c| c.id.as_str() == *id && c.matched == *kind);
        if !ok {
            failures.push(format!(
                "{query:?}: want {id} by {kind:?}, got ambiguous={} {:?}",
                r.ambiguous,
                r.candidates
                    .iter()
                    .map(|c| (c.id.as_str(), c.matched, c.score))
                    .collect::<Vec<_>>()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn reports_the_language_that_matched() {
    let de = catalog().lookup("Feuerzauber", None, 1);
    assert_eq!(de.candidates[0].lang, Some(Lang::De));
    assert_eq!(de.candidates[0].name, "Feuerzauber");
    let en = catalog().lookup("Flickering Fires", None, 1);
    assert_eq!(en.candidates[0].lang, Some(Lang::En));
    assert_eq!(en.candidates[0].tag.as_deref(), Some("Vulca 24"));
}

/// Query → it must not guess: several cards tie, all of them listed.
const AMBIGUOUS: &[(&str, &[&str])] = &[
    (
        "24",
        &[
            "hoax-24",
            "vulca-24",
            "mimix-24",
            "flit-24",
            "khind-24",
            "terrah-24",
            "pillar-24",
            "aqua-24",
            "buka-24",
        ],
    ),
    (
        "00",
        &[
            "hoax-00",
            "vulca-00",
            "mimix-00",
            "flit-00",
            "khind-00",
            "terrah-00",
            "pillar-00",
            "aqua-00",
            "buka-00",
        ],
    ),
    ("cool", &["khind-01", "khind-02", "khind-03", "khind-04"]),
    ("m 24", &["mimix-24"]),
    (
        "chosen of",
        &["vulca-32", "mimix-32", "khind-32", "pillar-32", "aqua-32"],
    ),
    (
        "schamane",
        &["mimix-18", "mimix-19", "mimix-20", "mimix-21"],
    ),
];

#[test]
fn ambiguity_is_reported_not_guessed() {
    for (query, ids) in AMBIGUOUS {
        let r = catalog().lookup(query, None, 50);
        if ids.len() == 1 {
            assert!(!r.ambiguous, "{query:?} should be unique: {r:?}");
            assert_eq!(r.candidates[0].id.as_str(), ids[0]);
            continue;
        }
        assert!(
            r.ambiguous,
            "{query:?} should be ambiguous: {:?}",
            r.candidates
        );
        assert!(r.best().is_none());
        let amb = r.ambiguity.as_ref().expect("reason given");
        assert!(amb.tied >= ids.len(), "{query:?}: {amb:?}");
        assert!(!amb.reason.is_empty());
        let tied: Vec<&str> = r.candidates[..amb.tied]
            .iter()
            .map(|c| c.id.as_str())
            .collect();
        for id in *ids {
            assert!(tied.contains(id), "{query:?}: {id} missing from {tied:?}");
        }
    }
}

#[test]
fn game_filter_and_limit() {
    let r = catalog().lookup("24", Some(Game::BlueMoon), 3);
    assert_eq!(r.candidates.len(), 3);
    assert!(
        r.ambiguous,
        "the flag covers all tied cards, not just the shown ones"
    );
    let none = catalog().lookup("Flickering Fires", Some(Game::KnightmareChess), 10);
    assert!(none
        .candidates
        .iter()
        .all(|c| c.game == Game::KnightmareChess));
    assert!(none.candidates.iter().all(|c| c.id.as_str() != "vulca-24"));
}

#[test]
fn empty_and_hostile_input() {
    let long = "x".repeat(100_000);
    let mixed = "🐉".repeat(5_000) + &"a b ".repeat(5_000);
    let empty_inputs = ["", "   ", "\n\t", "🐉🐉", "!!!???", "\u{0}\u{1b}\u{7f}"];
    for q in empty_inputs {
        let r = catalog().lookup(q, None, 10);
        assert!(r.candidates.is_empty(), "{q:?} gave {:?}", r.candidates);
        assert!(!r.ambiguous);
    }
    let hostile = [
        long.as_str(),
        mixed.as_str(),
        "'; DROP TABLE cards; --",
        ".*(a+)+$",
        "[[[[((((",
        "%s%s%n",
        "\u{202e}gninrael",
        "99999999999999999999",
        "vulca 99999",
        "v -24",
        "a\u{0}b",
        "\u{1b}[31m",
    ];
    for q in hostile {
        let r = catalog().lookup(q, None, 10);
        assert!(r.candidates.len() <= 10);
        assert!(r.normalized.chars().count() <= cards::lookup::MAX_QUERY_CHARS);
    }
    // a control character inside a real query is just a separator
    let r = catalog().lookup("flickering\u{0}fires", None, 3);
    assert_eq!(r.best().map(|c| c.id.as_str()), Some("vulca-24"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn never_panics_and_ranks_best_first(q in "\\PC{0,80}", limit in 0usize..20) {
        let r = catalog().lookup(&q, None, limit);
        prop_assert!(r.candidates.len() <= limit);
        prop_assert!(r.candidates.windows(2).all(|w| w[0].score >= w[1].score));
    }
}

/// Every Blue Moon card, every run: its tag finds it first, its English and German names list it.
#[test]
fn every_card_is_found_by_its_tag_and_names() {
    let cards = catalog().bm_cards();
    assert_eq!(cards.len(), 334, "the Blue Moon catalog's size");
    let mut failures = Vec::new();
    for card in cards {
        let id = &card.facts.id;
        let by_tag = catalog().lookup(&card.tag, Some(Game::BlueMoon), 5);
        if by_tag.best().map(|c| &c.id) != Some(id) {
            failures.push(format!("tag {:?} does not find {id}", card.tag));
        }
        for name in [&card.name_en, &card.name_de].into_iter().flatten() {
            let by_name = catalog().lookup(name, Some(Game::BlueMoon), 50);
            if !by_name.candidates.iter().any(|c| &c.id == id) {
                failures.push(format!("name {name:?} does not list {id}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
