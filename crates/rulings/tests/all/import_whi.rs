//! Warhammer: Invasion importer against the shipped blog dump: counts from the source notes,
//! card links, cross-references, catalog agreement and robustness.

use crate::common;

use rulings::import::whi;
use rulings::{Kind, LinkRole, Ruling};
use std::collections::{HashMap, HashSet};

common::shipped!(
    "warhammer-invasion-faq.txt",
    "warhammer-invasion.json",
    whi::import
);

fn records() -> Vec<Ruling> {
    whi::import(DOC, &names()).expect("the shipped FAQ imports")
}

fn count(recs: &[Ruling], kind: Kind) -> usize {
    recs.iter().filter(|r| r.kind == kind).count()
}

fn find<'a>(recs: &'a [Ruling], start: &str) -> &'a Ruling {
    recs.iter()
        .find(|r| {
            r.question
                .as_deref()
                .unwrap_or(&r.display)
                .starts_with(start)
        })
        .unwrap_or_else(|| panic!("no record starting {start:?}"))
}

#[test]
fn counts_match_the_notes() {
    let recs = records();
    assert_eq!(recs.len(), 283);
    assert_eq!(count(&recs, Kind::Qa), 85);
    assert_eq!(count(&recs, Kind::Ruling), 8);
    assert_eq!(count(&recs, Kind::Rule), 76);
    assert_eq!(count(&recs, Kind::Errata), 65);
    assert_eq!(count(&recs, Kind::ListEntry), 49);
    let ids: HashSet<_> = recs.iter().map(|r| &r.id).collect();
    assert_eq!(ids.len(), recs.len(), "ids are unique");
    // 27 of the 85 Q/A are general rules questions with no card.
    let qa_without = recs
        .iter()
        .filter(|r| r.kind == Kind::Qa && r.cards.is_empty())
        .count();
    assert_eq!(qa_without, 27);
}

#[test]
fn unrelated_polish_posts_are_dropped() {
    for r in records() {
        for needle in ["EVA VALMONTE", "NIETOPERZ", "Star Trek", "Niestety"] {
            assert!(
                !r.display.contains(needle),
                "{needle} leaked into {}",
                r.display
            );
        }
    }
}

#[test]
fn catalog_matches_generator_and_links_resolve() {
    let file = catalog();
    assert_eq!(file.cards.len(), 192);
    let regenerated = catalog_file_of(whi::catalog(DOC).expect("catalog builds"));
    assert_eq!(
        regenerated, CATALOG,
        "data/cards/warhammer-invasion.json is stale: run the gen_other_catalogs example"
    );
    let ids: HashSet<&str> = file.cards.iter().map(|c| c.id.0.as_str()).collect();
    let recs = records();
    let mut linked: HashSet<String> = HashSet::new();
    for r in &recs {
        for c in &r.cards {
            assert!(ids.contains(c.card.0.as_str()), "{} not in catalog", c.card);
            linked.insert(c.card.0.clone());
        }
    }
    let unlinked: Vec<&&str> = ids.iter().filter(|id| !linked.contains(**id)).collect();
    assert!(
        unlinked.is_empty(),
        "catalog cards no record links: {unlinked:?}"
    );
}

#[test]
fn conflicting_codes_are_kept_and_flagged() {
    let file = catalog();
    let by_name: HashMap<&str, _> = file.cards.iter().map(|c| (c.name.as_str(), c)).collect();
    let loec = by_name["Judgement of Loec"];
    assert_eq!(
        (loec.set.as_deref(), loec.number.as_deref()),
        (Some("MC"), Some("26"))
    );
    assert!(loec.conflicts.iter().any(|c| c == "LE 26"));
    assert!(by_name["Beastman Incursion"]
        .conflicts
        .iter()
        .any(|c| c.contains("BQ 20") || c.contains("CaC 54")));
    assert!(by_name["Shaggoth Champion"]
        .conflicts
        .iter()
        .any(|c| c == "BC 33"));
    assert!(by_name["Squig Trackers"]
        .conflicts
        .iter()
        .any(|c| c.contains("Stand Your Ground")));
    assert!(by_name["Summons of Chaos"]
        .conflicts
        .iter()
        .any(|c| c.starts_with("34")));
    assert_eq!(by_name["Dwarf Cannon Crew"].set.as_deref(), Some("CS"));
    assert!(by_name["Soul Stealer"]
        .aliases
        .iter()
        .any(|a| a == "Soulstealer"));
}

#[test]
fn tags_headings_and_prose_link_cards() {
    let recs = records();
    let r = find(&recs, "If I turn Grimgor Ironhide (CS 63)");
    let ids: Vec<(&str, LinkRole)> = r
        .cards
        .iter()
        .map(|c| (c.card.0.as_str(), c.role))
        .collect();
    assert!(ids.contains(&("whi-grimgor-ironhide", LinkRole::Subject)));
    assert!(ids.contains(&("whi-rip-dere-eads-off", LinkRole::Subject)));
    let wurrzag = recs
        .iter()
        .find(|r| {
            r.kind == Kind::Ruling && r.section.last().is_some_and(|s| s.starts_with("Wurrzag"))
        })
        .expect("Wurrzag ruling");
    let subjects: Vec<&str> = wurrzag
        .cards
        .iter()
        .filter(|c| c.role == LinkRole::Subject)
        .map(|c| c.card.0.as_str())
        .collect();
    assert_eq!(subjects, vec!["whi-wurrzag", "whi-morks-teef-ritual"]);
    let errata = recs
        .iter()
        .find(|r| r.kind == Kind::Errata && r.display.starts_with("08 Dwarf Cannon Crew"))
        .expect("errata");
    assert_eq!(errata.cards[0].card.0, "whi-dwarf-cannon-crew");
    assert_eq!(
        errata.section,
        vec!["Card Clarification and Errata", "Core Set"]
    );
    // Untagged prose mention.
    let combat = find(&recs, "If I play a card like Waaagh!");
    assert!(combat
        .cards
        .iter()
        .any(|c| c.card.0 == "whi-waaagh" && c.role == LinkRole::Mentioned));
}

#[test]
fn cross_references_resolve_to_records() {
    let recs = records();
    let by_id: HashMap<_, _> = recs.iter().map(|r| (&r.id, r)).collect();
    let timing = |letter: &str| {
        recs.iter()
            .find(|r| {
                r.section.last().is_some_and(|s| s.starts_with(letter))
                    && r.section[1] == "DetailedTiming Structure"
            })
            .expect("timing step")
    };
    let phase0 = recs
        .iter()
        .find(|r| {
            r.section
                .last()
                .is_some_and(|s| s == "Phase 0: Beginning of the Turn")
        })
        .expect("phase 0");
    assert_eq!(phase0.refs, vec![timing("D.").id.clone()]);
    let b = timing("B.");
    assert!(b.refs.contains(&timing("A.").id));
    let dupes: Vec<&Ruling> = recs
        .iter()
        .filter(|r| r.kind == Kind::Errata && !r.refs.is_empty())
        .collect();
    assert_eq!(
        dupes.len(),
        2,
        "the two errata printed twice point at their first copy"
    );
    for d in dupes {
        assert_eq!(by_id[&d.refs[0]].display, d.display);
    }
    assert!(recs
        .iter()
        .all(|r| r.unresolved_refs.is_empty() && r.refs.iter().all(|id| by_id.contains_key(id))));
}

#[test]
fn malformed_documents_give_errors_naming_the_line() {
    let names = names();
    assert!(whi::import("", &names)
        .expect_err("empty")
        .message
        .contains("empty"));
    // Cut before part 1: the errata and lists are missing, which must not pass silently.
    let cut = &DOC[..DOC.find("piątek, 20 maja 2016").expect("part 1 date")];
    let err = whi::import(cut, &names).expect_err("truncated");
    assert!(err.message.contains("part 1"), "{err}");
    // A question whose answer line was lost.
    let garbled = DOC.replacen(
        "A: Yes. A burning zone still functions",
        "Yes. A burning zone still functions",
        1,
    );
    let garbled = garbled.replacen(
        "Q: Can I attack an already burning zone?",
        "Q: Can I attack?\nQ: Twice?",
        1,
    );
    let err = whi::import(&garbled, &names).expect_err("question without answer");
    assert!(err.location.starts_with("line "), "{err}");
    let binary: String = (0u8..=255).map(char::from).cycle().take(5000).collect();
    assert!(whi::import(&binary, &names).is_err());
}

#[test]
fn ids_do_not_depend_on_position() {
    let names = names();
    let full: HashSet<_> = records().into_iter().map(|r| r.id).collect();
    let pair = "Q: Can I attack an already burning zone?\nA: Yes.\n\n";
    assert!(DOC.contains(pair));
    let shorter = whi::import(&DOC.replacen(pair, "", 1), &names).expect("imports");
    assert_eq!(shorter.len(), full.len() - 1);
    assert!(
        shorter.iter().all(|r| full.contains(&r.id)),
        "removing one Q/A changes no other id"
    );
}
