//! The reference database: rebuild rules, literal search, diacritics, prefixes, ranking of
//! prompts, lookups.

use cards::{CardId, Game};
use proptest::prelude::*;
use rulings::{Kind, Lang, LinkRole, Reason, ReferenceDb, RulingId, SearchFilter, Source, Topic};
use std::sync::OnceLock;

fn db() -> &'static std::sync::Mutex<ReferenceDb> {
    static DB: OnceLock<std::sync::Mutex<ReferenceDb>> = OnceLock::new();
    DB.get_or_init(|| std::sync::Mutex::new(ReferenceDb::open_in_memory(&[]).expect("builds")))
}

fn with_db<T>(f: impl FnOnce(&ReferenceDb) -> T) -> T {
    let guard = db().lock().unwrap_or_else(|e| e.into_inner());
    f(&guard)
}

#[test]
fn database_holds_every_record_of_the_corpus() {
    with_db(|db| {
        let en = db.corpus().stats_for(Source::BlueMoonFaqEn).expect("stats");
        assert_eq!(en.records, 467);
        let total: usize = db.corpus().stats.iter().map(|s| s.records).sum();
        assert_eq!(total, db.corpus().records.len());
        assert!(db.rebuilt());
    });
}

#[test]
fn search_finds_and_marks_words() {
    with_db(|db| {
        let hits = db
            .search("Wall of Fire", SearchFilter::default(), 10)
            .expect("search");
        assert!(!hits.is_empty());
        // ranked, not filtered: the records holding all the words come first
        assert!(hits
            .iter()
            .take(5)
            .all(|h| h.ruling.display.contains("Wall") || h.ruling.display.contains("wall")));
        assert!(hits[0].snippet.contains("[Wall]"), "{}", hits[0].snippet);
        assert!(hits.windows(2).all(|w| w[0].score >= w[1].score), "ranked");
    });
}

#[test]
fn search_filters_by_language_source_and_game() {
    with_db(|db| {
        let de = SearchFilter {
            lang: Some(Lang::De),
            ..SearchFilter::default()
        };
        let hits = db.search("Feuerwall", de, 50).expect("search");
        assert!(!hits.is_empty());
        assert!(hits.iter().all(|h| h.ruling.lang == Lang::De));
        let en_only = SearchFilter {
            source: Some(Source::BlueMoonFaqEn),
            game: Some(Game::BlueMoon),
            lang: None,
            prefer: None,
        };
        // the English FAQ never says "Feuerwall": its parts and their English terms find it
        let en = db.search("Feuerwall", en_only, 50).expect("search");
        assert!(en.iter().all(|h| h.ruling.source == Source::BlueMoonFaqEn));
        assert!(
            en[0].ruling.display.contains("Wall of Fire"),
            "{}",
            en[0].ruling.display
        );
    });
}

#[test]
fn search_matches_prefixes() {
    with_db(|db| {
        let hits = db
            .search("Tittertw", SearchFilter::default(), 50)
            .expect("search");
        assert_eq!(hits.len(), 22);
        assert!(hits.iter().all(|h| h.snippet.contains("[Tittertweet")));
    });
}

#[test]
fn search_folds_german_diacritics_and_spellings() {
    with_db(|db| {
        let de = SearchFilter {
            lang: Some(Lang::De),
            ..SearchFilter::default()
        };
        let umlaut = db.search("Stärke", de, 500).expect("search");
        let plain = db.search("Starke", de, 500).expect("search");
        let spelled = db.search("Staerke", de, 500).expect("search");
        assert!(!umlaut.is_empty());
        assert_eq!(umlaut.len(), plain.len());
        assert_eq!(umlaut.len(), spelled.len());
        let sharp = db.search("außer", de, 500).expect("search");
        let ss = db.search("ausser", de, 500).expect("search");
        assert!(!sharp.is_empty());
        assert_eq!(sharp.len(), ss.len());
        assert!(db
            .search("GESCHUETZT", de, 5)
            .expect("search")
            .iter()
            .any(|h| h.snippet.contains("[GESCHÜTZT")));
    });
}

#[test]
fn hostile_search_text_is_literal() {
    with_db(|db| {
        for text in [
            "\"",
            "\"\"\"",
            "AND",
            "OR",
            "NOT",
            "NEAR(",
            "(",
            ")))",
            "*",
            "a*b",
            "^",
            "body:wall",
            "wall AND",
            "\"wall of",
            "-fire",
            "+",
            "{body}: x",
            "'; DROP TABLE rulings; --",
            "\0",
            "Wall\" OR \"x",
            "NEAR(wall fire, 3)",
            "",
        ] {
            let r = db.search(text, SearchFilter::default(), 5);
            assert!(r.is_ok(), "{text:?}: {r:?}");
        }
        // Operators are words: "NOT" finds records containing "not".
        assert!(!db
            .search("NOT", SearchFilter::default(), 5)
            .expect("search")
            .is_empty());
        assert!(db
            .search("*()", SearchFilter::default(), 5)
            .expect("search")
            .is_empty());
    });
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn any_search_text_never_fails(text in "\\PC{0,40}") {
        with_db(|db| {
            let r = db.search(&text, SearchFilter::default(), 3);
            prop_assert!(r.is_ok(), "{:?}: {:?}", text, r.err());
            Ok(())
        })?;
    }
}

#[test]
fn interaction_with_an_active_card_ranks_first() {
    with_db(|db| {
        let wall = CardId::new("vulca-26");
        let entreat = CardId::new("buka-27");
        let about_entreat = |p: &rulings::Prompt| {
            p.ruling
                .question
                .as_deref()
                .is_some_and(|q| q.contains("Entreat Favor"))
        };
        let alone = db.rulings_for(&wall, &[], &[], Lang::En, 50);
        let pos_alone = alone
            .iter()
            .position(about_entreat)
            .expect("own ruling shown");
        assert!(matches!(alone[pos_alone].reason, Reason::Own { .. }));
        assert!(
            pos_alone > 0,
            "rulings needing no other card come first when Entreat Favor is not in play"
        );
        let with = db.rulings_for(&wall, std::slice::from_ref(&entreat), &[], Lang::En, 50);
        assert!(
            about_entreat(&with[0]),
            "the interaction ruling ranks first: {:?}",
            with[0].ruling.question
        );
        assert_eq!(
            with[0].reason,
            Reason::Interaction {
                with: vec![entreat]
            }
        );
        // Card-specific records first; within them interactions, then the card's own
        // rulings; general topics last.
        let order: Vec<(bool, u8)> = with
            .iter()
            .map(|p| {
                let tier = match p.reason {
                    Reason::Interaction { .. } => 0,
                    Reason::Own { .. } => 1,
                    Reason::General { .. } => 2,
                };
                (p.general, tier)
            })
            .collect();
        assert!(order.windows(2).all(|w| w[0] <= w[1]), "{order:?}");
    });
}

#[test]
fn general_records_follow_card_specific_ones_even_as_interactions() {
    with_db(|db| {
        // The FAQ's introduction explains Wall of Fire with Muster Reinforcements as an
        // example of reading answers widely: an interaction, but a general record.
        let wall = CardId::new("vulca-26");
        let muster = CardId::new("hoax-27");
        let with = db.rulings_for(&wall, std::slice::from_ref(&muster), &[], Lang::En, 50);
        let example = with
            .iter()
            .position(|p| {
                p.ruling
                    .question
                    .as_deref()
                    .is_some_and(|q| q.starts_with("Can you give a less obvious example"))
            })
            .expect("shown");
        assert!(with[example].general);
        assert_eq!(
            with[example].reason,
            Reason::Interaction { with: vec![muster] }
        );
        assert!(example > 0);
        assert!(with[..example].iter().all(|p| !p.general));
        assert!(with[example..].iter().all(|p| p.general));
    });
}

#[test]
fn prompts_hold_both_languages_ordered_by_setting() {
    with_db(|db| {
        let wall = CardId::new("vulca-26");
        let de = db.rulings_for(&wall, &[], &[], Lang::De, 100);
        let en = db.rulings_for(&wall, &[], &[], Lang::En, 100);
        assert_eq!(de[0].ruling.lang, Lang::De);
        assert_eq!(en[0].ruling.lang, Lang::En);
        // German readers get the English FAQ's rulings too, after the German ones ...
        assert!(de.iter().any(|p| p.ruling.lang == Lang::En));
        // ... English readers no German record on Wall of Fire: the English FAQ has rulings
        // about the card, so the German ones say nothing it does not.
        assert!(en.iter().all(|p| p.ruling.lang == Lang::En), "{en:?}");
        assert!(de.len() > en.len());
        // The German subject entry comes before German mentions.
        assert_eq!(
            de[0].reason,
            Reason::Own {
                role: LinkRole::Subject
            }
        );
    });
}

#[test]
fn general_sections_follow_the_cards_topics() {
    with_db(|db| {
        let card = CardId::new("mimix-01");
        let prompts = db.rulings_for(&card, &[], &[Topic::Pair], Lang::En, 200);
        let general: Vec<_> = prompts
            .iter()
            .filter(|p| p.reason == Reason::General { topic: Topic::Pair })
            .collect();
        assert!(general.iter().any(|p| p
            .ruling
            .section
            .last()
            .is_some_and(|s| s == "Icons: PAIR")));
        // The German section on the same icon is left out in English (the English one says
        // the same) and shown in German.
        assert!(general.iter().all(|p| p.ruling.lang == Lang::En));
        let de = db.rulings_for(&card, &[], &[Topic::Pair], Lang::De, 200);
        assert!(de
            .iter()
            .any(|p| p.reason == Reason::General { topic: Topic::Pair }
                && p.ruling.section.last().is_some_and(|s| s == "PAAR-Symbol")));
        // Wall of Fire's quoted text ("You may not …") raises its topic without being told.
        let wall = db.rulings_for(&CardId::new("vulca-26"), &[], &[], Lang::En, 500);
        assert!(wall.iter().any(|p| p.reason
            == Reason::General {
                topic: Topic::YouMayNot
            }));
        assert_eq!(
            db.rulings_for(&card, &[], &[Topic::Pair], Lang::En, 3)
                .len(),
            3,
            "limit"
        );
    });
}

#[test]
fn get_returns_records_with_resolved_references() {
    with_db(|db| {
        let r = db
            .corpus()
            .records
            .iter()
            .find(|r| r.source == Source::BlueMoonFaqEn && !r.refs.is_empty())
            .expect("a record with refs")
            .clone();
        assert_eq!(db.get(&r.id).as_ref(), Some(&r));
        let refs = db.references(&r.id);
        assert_eq!(refs.len(), r.refs.len());
        assert!(db.get(&RulingId("bm-en-000000000000".into())).is_none());
        assert!(db
            .corpus()
            .records
            .iter()
            .any(|r| r.kind == Kind::Abbreviation));
    });
}

#[test]
fn file_database_is_rebuilt_only_when_needed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("reference.db");
    let first = ReferenceDb::open(&path, &[]).expect("creates");
    assert!(first.rebuilt());
    let count = first.corpus().records.len();
    drop(first);

    let again = ReferenceDb::open(&path, &[]).expect("opens");
    assert!(!again.rebuilt(), "same data version: no rebuild");
    assert_eq!(again.corpus().records.len(), count);
    assert!(!again
        .search("Tittertweet", SearchFilter::default(), 3)
        .expect("search")
        .is_empty());
    drop(again);

    // Other card names are another data version.
    let names = [rulings::CardName {
        game: Game::BlueMoon,
        card: CardId::new("hoax-99"),
        name: "Wogarathoras the Gloomy".into(),
        lang: Lang::En,
    }];
    let renamed = ReferenceDb::open(&path, &names).expect("opens");
    assert!(renamed.rebuilt());
    drop(renamed);

    // A database of another version (documents, importer or schema) is rebuilt.
    {
        let conn = rusqlite::Connection::open(&path).expect("open");
        conn.execute("UPDATE meta SET value = 'older' WHERE key = 'version'", [])
            .expect("update");
    }
    assert!(ReferenceDb::open(&path, &names).expect("opens").rebuilt());
    assert!(!ReferenceDb::open(&path, &names).expect("opens").rebuilt());

    // A damaged file is replaced.
    std::fs::write(&path, b"this is not a database at all, just bytes").expect("write");
    let repaired = ReferenceDb::open(&path, &names).expect("rebuilds");
    assert!(repaired.rebuilt());
    assert_eq!(repaired.corpus().records.len(), count);
}

#[test]
fn very_common_words_still_find_records() {
    with_db(|db| {
        // "of" matches most English records: returned unranked, still marked and limited.
        let hits = db.search("of", SearchFilter::default(), 5).expect("search");
        assert_eq!(hits.len(), 5);
        assert!(hits
            .iter()
            .all(|h| h.snippet.contains("[of") || h.snippet.contains("[Of")));
        // A one-letter word matches whole words only.
        let a = db.search("a", SearchFilter::default(), 5).expect("search");
        assert!(a
            .iter()
            .all(|h| h.snippet.contains("[a]") || h.snippet.contains("[A]")));
    });
}

#[test]
fn german_interaction_ranks_first_and_links_by_people_and_number() {
    with_db(|db| {
        // Flacka (Vulca 15) entered while the opponent has Feuerwall (Vulca 26) in play.
        let prompts = db.rulings_for(
            &CardId::new("vulca-15"),
            &[CardId::new("vulca-26"), CardId::new("khind-25")],
            &[],
            Lang::De,
            10,
        );
        assert_eq!(prompts[0].ruling.lang, Lang::De);
        assert!(
            matches!(&prompts[0].reason, Reason::Interaction { with } if with.contains(&CardId::new("vulca-26")) || with.contains(&CardId::new("khind-25")))
        );
        assert!(
            prompts[0].ruling.text.contains("Feuerwall")
                || prompts[0].ruling.text.contains("Klebriger Staub")
        );
    });
}

#[test]
fn catalog_names_find_rulings_across_languages() {
    let names = [
        rulings::CardName {
            game: Game::BlueMoon,
            card: CardId::new("vulca-26"),
            name: "Feuerwall".into(),
            lang: Lang::De,
        },
        rulings::CardName {
            game: Game::BlueMoon,
            card: CardId::new("vulca-26"),
            name: "Wall of Fire".into(),
            lang: Lang::En,
        },
    ];
    let db = ReferenceDb::open_in_memory(&names).expect("builds");
    let en = SearchFilter {
        lang: Some(Lang::En),
        ..SearchFilter::default()
    };
    let hits = db.search("Feuerwall", en, 50).expect("search");
    assert!(
        !hits.is_empty(),
        "the German name finds English rulings of the card"
    );
    assert!(hits
        .iter()
        .all(|h| h.ruling.cards.iter().any(|l| l.card.as_str() == "vulca-26")));
    // Card ids are searchable too.
    let by_id = db.search("vulca-26", en, 50).expect("search");
    let linked = by_id
        .iter()
        .filter(|h| h.ruling.cards.iter().any(|l| l.card.as_str() == "vulca-26"))
        .count();
    // four rulings name the card; the rest of the page (the limit, 50) are other hits
    assert_eq!((linked, by_id.len()), (4, 50));

    // Issue 15: "Feuerwall Rückzug" found nothing while "Wall of Fire retreat" found the
    // ruling. German game words find English rulings through the glossary.
    let english = db.search("Wall of Fire retreat", en, 50).expect("search");
    assert!(!english.is_empty());
    let german = db.search("Feuerwall Rückzug", en, 50).expect("search");
    let ids = |hits: &[rulings::Hit]| -> Vec<RulingId> {
        hits.iter().map(|h| h.ruling.id.clone()).collect()
    };
    // ranked, not filtered: the English answers on both (Wall of Fire and retreating) are
    // among the German words' first answers
    let both: Vec<RulingId> = english
        .iter()
        .take(5)
        .filter(|h| {
            h.ruling.display.contains("Wall of Fire") && h.ruling.display.contains("retreat")
        })
        .map(|h| h.ruling.id.clone())
        .collect();
    assert!(!both.is_empty());
    for id in both {
        assert!(
            ids(&german[..5.min(german.len())]).contains(&id),
            "{id} not found in German"
        );
    }
    // ... and the other way round, and in every inflection the glossary allows.
    let de = SearchFilter {
        lang: Some(Lang::De),
        ..SearchFilter::default()
    };
    let german_hits = db.search("dragons retreat", de, 50).expect("search");
    assert!(!german_hits.is_empty());
    for h in german_hits.iter().take(5) {
        let d = h.ruling.display.to_lowercase();
        assert!(d.contains("drache"), "{d}");
        assert!(d.contains("rückzug") || d.contains("zurückzieh"), "{d}");
    }
    assert!(!db
        .search("Drachen zurückziehst", en, 5)
        .expect("search")
        .is_empty());
}

/// The app and the CLI (or two parallel tests) may open a fresh, outdated or damaged
/// `reference.db` at the same moment: each must get a working database, and none may delete
/// or rewrite the file under another.
#[test]
fn opening_one_file_from_several_places_at_once_all_succeed() {
    type Setup = fn(&std::path::Path);
    let setups: [(&str, Setup); 3] = [
        ("fresh", |_| {}),
        ("outdated", |path| {
            drop(ReferenceDb::open(path, &[]).expect("creates"));
            let conn = rusqlite::Connection::open(path).expect("open");
            conn.execute("UPDATE meta SET value = 'older' WHERE key = 'version'", [])
                .expect("update");
        }),
        ("damaged", |path| {
            std::fs::write(path, b"not a database, just some bytes").expect("write")
        }),
    ];
    for (what, setup) in setups {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("reference.db");
        setup(&path);
        let openers = 3;
        let barrier = std::sync::Arc::new(std::sync::Barrier::new(openers));
        let handles: Vec<_> = (0..openers)
            .map(|_| {
                let (path, barrier) = (path.clone(), barrier.clone());
                std::thread::spawn(move || {
                    barrier.wait();
                    let db = ReferenceDb::open(&path, &[]).map_err(|e| e.to_string())?;
                    let hits = db
                        .search("Tittertweet", SearchFilter::default(), 3)
                        .map_err(|e| e.to_string())?;
                    Ok::<_, String>((db.corpus().records.len(), hits.len()))
                })
            })
            .collect();
        let results: Vec<_> = handles
            .into_iter()
            .map(|h| h.join().expect("no panic"))
            .collect();
        for r in &results {
            let (records, hits) = r.as_ref().unwrap_or_else(|e| panic!("{what}: {e}"));
            assert!(*records > 1500, "{what}: {records} records");
            assert!(*hits > 0, "{what}: search finds nothing");
        }
        let after = ReferenceDb::open(&path, &[]).expect("opens");
        assert!(!after.rebuilt(), "{what}: the file left behind is current");
        let leftovers: Vec<_> = std::fs::read_dir(dir.path())
            .expect("dir")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n != "reference.db")
            .collect();
        assert!(leftovers.is_empty(), "{what}: left {leftovers:?}");
    }
}

/// A database still open keeps answering from its own file while another process rebuilds
/// `reference.db` for a new data version: the rebuild goes to a new file, never into the one
/// being read.
#[test]
fn an_open_database_keeps_working_while_the_file_is_rebuilt() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("reference.db");
    let held = ReferenceDb::open(&path, &[]).expect("creates");
    let before = held
        .search("Tittertweet", SearchFilter::default(), 3)
        .expect("search");
    // A new name for Enthrall Opposition: indexed with every record that links the card.
    let names = [rulings::CardName {
        game: Game::BlueMoon,
        card: CardId::new("hoax-28"),
        name: "Zyxwvutsrq".into(),
        lang: Lang::En,
    }];
    let rebuilt = ReferenceDb::open(&path, &names).expect("rebuilds");
    assert!(rebuilt.rebuilt());
    let renamed = |db: &ReferenceDb| {
        db.search("Zyxwvutsrq", SearchFilter::default(), 3)
            .expect("search")
            .len()
    };
    assert!(renamed(&rebuilt) > 0, "the new file has the new name");
    assert_eq!(
        renamed(&held),
        0,
        "the held database still reads its own file"
    );
    let after = held
        .search("Tittertweet", SearchFilter::default(), 3)
        .expect("search");
    assert_eq!(
        before.iter().map(|h| &h.ruling.id).collect::<Vec<_>>(),
        after.iter().map(|h| &h.ruling.id).collect::<Vec<_>>()
    );
}
