//! Star Trek CCG importer against the shipped one-line rules document: counts from the
//! source notes, card links, section cross-references, catalog agreement and robustness.

use crate::common;

use rulings::import::stccg::{self, Shape};
use rulings::{Kind, LinkRole, Ruling};
use std::collections::{HashMap, HashSet};

common::shipped!(
    "star-trek-ccg-rules.txt",
    "star-trek-ccg.json",
    stccg::import
);

fn records() -> Vec<Ruling> {
    stccg::import(DOC, &names()).expect("the shipped document imports")
}

fn labelled<'a>(recs: &'a [Ruling], kind: Kind, label: &str) -> &'a Ruling {
    recs.iter()
        .find(|r| r.kind == kind && r.display.starts_with(&format!("{label}: ")))
        .unwrap_or_else(|| panic!("no record labelled {label:?}"))
}

fn ids(r: &Ruling, role: LinkRole) -> Vec<&str> {
    r.cards
        .iter()
        .filter(|c| c.role == role)
        .map(|c| c.card.0.as_str())
        .collect()
}

#[test]
fn counts_match_the_notes() {
    let counts: HashMap<Shape, usize> = stccg::shape_counts(DOC)
        .expect("parses")
        .into_iter()
        .collect();
    let expected = [
        (Shape::Glossary, 78),
        (Shape::Rule, 44),
        (Shape::Errata, 30),
        (Shape::Abbreviation, 83),
        (Shape::CardEntry, 195),
        (Shape::Topic, 37),
        (Shape::DilemmaFact, 78),
        (Shape::DilemmaRow, 78),
        (Shape::QcFact, 28),
    ];
    for (shape, n) in expected {
        assert_eq!(counts.get(&shape), Some(&n), "{shape:?}");
    }
    let recs = records();
    assert_eq!(recs.len(), 651);
    assert_eq!(recs.iter().filter(|r| r.kind == Kind::Glossary).count(), 78);
    assert_eq!(
        recs.iter().filter(|r| r.kind == Kind::Abbreviation).count(),
        83
    );
    let unique: HashSet<_> = recs.iter().map(|r| &r.id).collect();
    assert_eq!(unique.len(), recs.len(), "ids are unique");
    assert!(
        recs.iter().all(|r| !r.display.contains("ptmd@erols.com")),
        "contributors section is dropped"
    );
}

#[test]
fn catalog_matches_generator_and_links_resolve() {
    let file = catalog();
    let own = file
        .cards
        .iter()
        .filter(|c| c.source.as_deref() != Some("prose"))
        .count();
    assert_eq!(
        own, 275,
        "cards with a record of their own (the notes count 277; see data/SOURCES.md)"
    );
    assert_eq!(file.cards.len(), 280);
    let regenerated = catalog_file_of(stccg::catalog(DOC).expect("catalog builds"));
    assert_eq!(
        regenerated, CATALOG,
        "data/cards/star-trek-ccg.json is stale: run the gen_other_catalogs example"
    );
    let known: HashSet<&str> = file.cards.iter().map(|c| c.id.0.as_str()).collect();
    for r in records() {
        for c in &r.cards {
            assert!(
                known.contains(c.card.0.as_str()),
                "{} not in catalog",
                c.card
            );
        }
    }
}

#[test]
fn labels_abbreviations_and_prose_link_cards() {
    let recs = records();
    let ku = labelled(&recs, Kind::Ruling, "Kevin Uxbridge: Convergence");
    assert_eq!(
        ids(ku, LinkRole::Subject),
        vec!["stccg-kevin-uxbridge-convergence"]
    );
    assert!(ids(ku, LinkRole::Mentioned).contains(&"stccg-rishon-uxbridge"));
    let scp = labelled(&recs, Kind::Abbreviation, "SCP");
    assert_eq!(
        ids(scp, LinkRole::Subject),
        vec!["stccg-samuel-clemens-pocketwatch"]
    );
    let love = labelled(&recs, Kind::Ruling, "Love Interests");
    assert_eq!(
        ids(love, LinkRole::Subject),
        vec!["stccg-females-love-interest", "stccg-males-love-interest"]
    );
    // Every table row and Q-card fact is about the card it names (truncated names mapped).
    for r in recs.iter().filter(|r| {
        r.section
            .last()
            .is_some_and(|s| s.starts_with("IV.5A") || s.starts_with("IV.12.A"))
    }) {
        if r.kind != Kind::Rule {
            assert_eq!(ids(r, LinkRole::Subject).len(), 1, "{}", r.display);
        }
    }
    let row = recs
        .iter()
        .find(|r| r.kind == Kind::ListEntry && r.display.starts_with("Barclay's Proto Dis"))
        .expect("row");
    assert_eq!(row.cards[0].card.0, "stccg-barclays-protomorphosis-disease");
    // People who share a card's name are not linked to it from their own entry.
    let rakal = labelled(&recs, Kind::Abbreviation, "Major Rakal");
    assert!(!ids(rakal, LinkRole::Mentioned).contains(&"stccg-major-rakal"));
    let file = catalog();
    assert!(file
        .cards
        .iter()
        .any(|c| c.id.0 == "stccg-the-higher-the-fewer"));
    let scp_card = file
        .cards
        .iter()
        .find(|c| c.name == "Samuel Clemens' Pocketwatch")
        .expect("card");
    assert!(scp_card.aliases.iter().any(|a| a == "SCP"));
}

#[test]
fn section_references_resolve() {
    let recs = records();
    let by_id: HashMap<_, _> = recs.iter().map(|r| (&r.id, r)).collect();
    let condition = recs
        .iter()
        .find(|r| {
            r.kind == Kind::Glossary && r.display.starts_with("Condition: Consult section III.3")
        })
        .expect("glossary");
    let target = by_id[&condition.refs[0]];
    assert!(target
        .section
        .last()
        .is_some_and(|s| s.starts_with("III.3 ")));
    // The document points at a section V that does not exist: kept, not guessed.
    assert!(recs
        .iter()
        .any(|r| r.unresolved_refs.iter().any(|u| u == "section V")));
    assert!(recs
        .iter()
        .all(|r| r.refs.iter().all(|id| by_id.contains_key(id))));
}

#[test]
fn malformed_documents_give_errors_naming_the_offset() {
    let names = names();
    assert!(stccg::import("", &names)
        .expect_err("empty")
        .message
        .contains("empty"));
    let cut = &DOC[..DOC.len() / 2];
    let err = stccg::import(cut, &names).expect_err("truncated");
    assert!(err.location.starts_with("offset "), "{err}");
    assert!(err.message.contains("truncated"), "{err}");
    let garbled = DOC.replacen("**********", "", 1);
    let err = stccg::import(&garbled, &names).expect_err("dilemma facts layout");
    assert!(err.message.contains("IV.5A"), "{err}");
    let binary: String = (0u8..=255).map(char::from).cycle().take(5000).collect();
    assert!(stccg::import(&binary, &names).is_err());
}

#[test]
fn ids_do_not_depend_on_position() {
    let names = names();
    let full: HashSet<_> = records().into_iter().map(|r| r.id).collect();
    let start = DOC.find("Bobs: ").expect("glossary term");
    let end = start + DOC[start..].find("Captive: ").expect("next term");
    let shorter =
        stccg::import(&format!("{}{}", &DOC[..start], &DOC[end..]), &names).expect("imports");
    assert_eq!(shorter.len(), full.len() - 1);
    assert!(
        shorter.iter().all(|r| full.contains(&r.id)),
        "removing one entry changes no other id"
    );
}
