//! Knightmare Chess importer against the shipped page: counts from the source notes, card
//! links, follow-up references, catalog agreement and robustness.

use crate::common;

use rulings::import::kc;
use rulings::{Kind, LinkRole, Ruling};
use std::collections::{HashMap, HashSet};

common::shipped!(
    "knightmare-chess-rulings.txt",
    "knightmare-chess.json",
    kc::import
);

fn records() -> Vec<Ruling> {
    kc::import(DOC, &names()).expect("the shipped page imports")
}

fn find<'a>(recs: &'a [Ruling], question_start: &str) -> &'a Ruling {
    recs.iter()
        .find(|r| {
            r.question
                .as_deref()
                .is_some_and(|q| q.starts_with(question_start))
        })
        .unwrap_or_else(|| panic!("no ruling starting {question_start:?}"))
}

fn card_ids(r: &Ruling) -> Vec<&str> {
    r.cards.iter().map(|c| c.card.0.as_str()).collect()
}

#[test]
fn one_record_per_distinct_ruling() {
    let recs = records();
    assert_eq!(recs.len(), 147);
    assert!(recs.iter().all(|r| r.kind == Kind::Qa));
    let ids: HashSet<_> = recs.iter().map(|r| &r.id).collect();
    assert_eq!(ids.len(), recs.len(), "ids are unique");
    // 276 copies in the page: each record's section lists the letters it was filed under.
    let copies: usize = recs.iter().map(|r| r.section[1].split(", ").count()).sum();
    assert_eq!(copies, 276);
}

#[test]
fn catalog_matches_target_and_generator() {
    let file = catalog();
    assert_eq!(file.cards.len(), 103);
    let regenerated = catalog_file_of(kc::catalog(DOC).expect("catalog builds"));
    assert_eq!(
        regenerated, CATALOG,
        "data/cards/knightmare-chess.json is stale: run the gen_other_catalogs example"
    );
    assert!(
        kc::unaccounted_caps(DOC).is_empty(),
        "capitals neither card nor non-card: {:?}",
        kc::unaccounted_caps(DOC)
    );
}

#[test]
fn every_ruling_links_a_card_and_every_link_is_in_the_catalog() {
    let ids: HashSet<String> = catalog().cards.into_iter().map(|c| c.id.0).collect();
    let recs = records();
    let mut linked: HashSet<&str> = HashSet::new();
    for r in &recs {
        assert!(
            r.cards.iter().any(|c| c.role == LinkRole::Subject),
            "no subject card: {}",
            r.display
        );
        for c in &r.cards {
            assert!(ids.contains(&c.card.0), "{} not in catalog", c.card);
            linked.insert(&c.card.0);
        }
    }
    assert_eq!(
        linked.len(),
        103,
        "every catalog card is linked by some ruling"
    );
    // Each letter a ruling was filed under is explained by a subject card of that letter.
    for r in &recs {
        for letter in r.section[1].split(", ") {
            let l = letter.to_lowercase();
            assert!(
                r.cards.iter().any(
                    |c| c.role == LinkRole::Subject && c.card.0.starts_with(&format!("kc-{l}"))
                ),
                "letter {letter} unexplained for {}",
                r.display
            );
        }
    }
}

#[test]
fn inflected_and_misspelt_capitals_link_to_their_card() {
    let recs = records();
    let r = find(&recs, "So a Queen CONFABULATED");
    let link = r
        .cards
        .iter()
        .find(|c| c.card.0 == "kc-confabulation")
        .expect("CONFABULATED links");
    assert_eq!(link.matched, "CONFABULATED");
    let pacifist = find(&recs, "Can a PACIFIST piece be captured by FIREBALL");
    for id in [
        "kc-pacifism",
        "kc-fireball",
        "kc-hostage",
        "kc-revenge",
        "kc-toll",
        "kc-doomsayer",
        "kc-split-knight",
    ] {
        assert!(card_ids(pacifist).contains(&id), "{id} missing");
    }
    let mut per_card: HashMap<&str, usize> = HashMap::new();
    for r in &recs {
        for c in &r.cards {
            *per_card.entry(c.card.0.as_str()).or_default() += 1;
        }
    }
    // The notes' most-cited cards, counted over unique rulings.
    assert_eq!(per_card.get("kc-bribery"), Some(&13));
    assert_eq!(per_card.get("kc-neutrality"), Some(&12));
    assert_eq!(per_card.get("kc-pacifism"), Some(&12));
    assert_eq!(per_card.get("kc-coup"), Some(&11));
}

#[test]
fn follow_ups_reference_the_entry_before_and_borrow_its_card() {
    let recs = records();
    let with_refs: Vec<&Ruling> = recs.iter().filter(|r| !r.refs.is_empty()).collect();
    assert_eq!(with_refs.len(), 6);
    let by_id: HashMap<_, _> = recs.iter().map(|r| (&r.id, r)).collect();
    for r in &with_refs {
        assert!(by_id.contains_key(&r.refs[0]), "ref resolves");
    }
    let heir = find(&recs, "Can Black capture one King using a card");
    assert!(
        card_ids(heir).contains(&"kc-heir"),
        "HEIR borrowed from the entry before"
    );
    let prev = by_id[&heir.refs[0]];
    assert!(card_ids(prev).contains(&"kc-heir"));
}

#[test]
fn diagram_whitespace_is_kept() {
    let recs = records();
    let r = find(&recs, "A FORTIFICATION is set up like this");
    assert!(
        r.question
            .as_deref()
            .unwrap_or_default()
            .contains("1 | 2   3\n  |---"),
        "{:?}",
        r.question
    );
}

#[test]
fn ids_do_not_depend_on_position() {
    let recs = records();
    // Drop the whole A section: the records of other letters keep their ids.
    let start = DOC.find("\nB\n").expect("B section");
    let shorter = format!(
        "{}{}",
        &DOC[..DOC.find("\nA\n").expect("A section")],
        &DOC[start..]
    );
    let fewer = kc::import(&shorter, &names()).expect("imports");
    assert!(fewer.len() < recs.len());
    let all: HashSet<_> = recs.iter().map(|r| &r.id).collect();
    assert!(fewer.iter().all(|r| all.contains(&r.id)));
}

#[test]
fn malformed_pages_give_errors_naming_the_line() {
    let names = names();
    let empty = kc::import("", &names).expect_err("empty");
    assert!(empty.to_string().contains("empty"), "{empty}");

    // Cut in the middle of the last section: the closing `Back to top` is missing.
    let cut = &DOC[..DOC.len() / 2];
    let err = kc::import(cut, &names).expect_err("truncated");
    assert!(err.location.starts_with("line "), "{err}");
    assert!(
        err.message.contains("truncated") || err.message.contains("no answer"),
        "{err}"
    );

    // A question whose answer was lost.
    let garbled = "Title\n\nA\n\nQ. First?\n\nQ. Second?\n\nA. Yes.\n\nBack to top | Back to FAQ\n";
    let err = kc::import(garbled, &names).expect_err("no answer");
    assert_eq!(err.location, "line 5");

    let binary: String = (0u8..=255).map(char::from).cycle().take(4000).collect();
    assert!(kc::import(&binary, &names).is_err());
}
