//! Catalog coverage and validation.

use cards::bm::Series;
use cards::{Catalog, CatalogError, Fact, Game};
use std::collections::BTreeMap;

fn catalog() -> Catalog {
    Catalog::load_embedded().expect("embedded catalog loads")
}

#[test]
fn people_deck_list_is_complete() {
    let c = catalog();
    // 279 cards of the nine people decks, 31 per deck (leader, own cards, guests, mutant).
    let mut per_deck: BTreeMap<String, usize> = BTreeMap::new();
    for card in c
        .bm_cards()
        .iter()
        .filter(|c| c.sources.contains_key("keldon-ai"))
    {
        *per_deck
            .entry(card.deck.clone().unwrap_or_default())
            .or_default() += 1;
    }
    assert_eq!(per_deck.values().sum::<usize>(), 279);
    let decks = [
        "Aqua", "Buka", "Flit", "Hoax", "Khind", "Mimix", "Pillar", "Terrah", "Vulca",
    ];
    assert_eq!(
        per_deck.keys().map(String::as_str).collect::<Vec<_>>(),
        decks
    );
    assert!(per_deck.values().all(|n| *n == 31), "{per_deck:?}");
    // every people has its leader numbered 00
    for s in Series::ALL.iter().filter(|s| s.is_people()) {
        let id = format!("{}-00", s.tag_prefix().to_lowercase());
        let leader = c.bm_facts(&id).unwrap_or_else(|| panic!("{id} missing"));
        assert_eq!(leader.card_type, Some(cards::bm::CardType::Leader));
    }
}

#[test]
fn faq_only_cards_are_present() {
    let c = catalog();
    let must = [
        // E&I: Hyla, Tutu, interference, crystal, inquisitors, emissaries, Chosen Ones
        "infl-602",
        "infl-604",
        "infl-605",
        "infl-606",
        "infl-607",
        "infl-608",
        "tutu-501",
        "tutu-507",
        "inter-401",
        "inter-402",
        "inter-403",
        "inter-404",
        "inter-405",
        "inter-406",
        "inter-407",
        "ach-201",
        "inq-411",
        "inq-412",
        "inq-413",
        "inq-414",
        "emis-500",
        "emis-600",
        "emis-700",
        "emis-800",
        "vulca-32",
        "mimix-32",
        "flit-32",
        "khind-32",
        "pillar-32",
        "aqua-32",
        "hoax-32",
        "terrah-32",
        // promos and mutants 101-110
        "promo-901",
        "promo-902",
        "promo-903",
        "promo-904",
        "buka-31",
        "mutant-101",
        "mutant-102",
        "mutant-103",
        "mutant-104",
        "mutant-105",
        "mutant-106",
        "mutant-107",
        "mutant-108",
        "mutant-109",
        "mutant-110",
    ];
    let missing: Vec<&str> = must
        .iter()
        .copied()
        .filter(|id| c.bm(id).is_none())
        .collect();
    assert!(missing.is_empty(), "missing: {missing:?}");
    let stats = c.stats();
    assert_eq!(stats.bm_people_deck_list, 279);
    assert_eq!(stats.bm_faq_only, c.bm_cards().len() - 279);
    assert_eq!(stats.bm_faq_only, 55);
    assert_eq!(stats.per_game[&Game::BlueMoon], c.bm_cards().len());
    assert_eq!(
        stats.bm_per_series.values().sum::<usize>(),
        c.bm_cards().len()
    );
    assert_eq!(
        stats.bm_per_type.values().sum::<usize>(),
        c.bm_cards().len()
    );
    assert_eq!(stats.bm_per_series[&Series::Mutant], 10);
    assert_eq!(stats.bm_per_series[&Series::Promo], 4);
}

#[test]
fn every_fact_has_a_source_and_unknowns_are_counted() {
    let c = catalog();
    for card in c.bm_cards() {
        let id = card.facts.id.as_str();
        assert!(
            card.source_of(Fact::Series).is_some(),
            "{id}: no source for its tag"
        );
        let f = &card.facts;
        let given = [
            (Fact::NameEn, card.name_en.is_some()),
            (Fact::NameDe, card.name_de.is_some()),
            (Fact::Fire, f.fire.is_some()),
            (Fact::Earth, f.earth.is_some()),
            (Fact::Moons, f.moons.is_some()),
            (Fact::Capacity, f.capacity.is_some()),
            (Fact::TextEn, card.text_en.is_some()),
            (Fact::TextDe, card.text_de.is_some()),
            (Fact::Deck, card.deck.is_some()),
        ];
        for (fact, has) in given {
            if has {
                assert!(card.source_of(fact).is_some(), "{id}: {fact} has no source");
            }
        }
    }
    let stats = c.stats();
    let fire_unknown = c
        .bm_cards()
        .iter()
        .filter(|b| cards::is_unknown(b, Fact::Fire))
        .count();
    assert_eq!(stats.bm_unknown[&Fact::Fire], fire_unknown);
    assert_eq!(fire_unknown, 28, "FAQ-only cards have unknown values");
    assert_eq!(
        stats.bm_unknown_total,
        stats.bm_unknown.values().sum::<usize>()
    );
    // a card the list states has no printed values is not counted as unknown
    let inferno = c.bm("vulca-00").expect("leader");
    assert!(!cards::is_unknown(inferno, Fact::Fire));
}

#[test]
fn german_names_cover_the_german_faq_and_the_translations() {
    let c = catalog();
    let de = |id: &str| c.bm(id).and_then(|b| b.name_de.clone());
    assert_eq!(de("vulca-24").as_deref(), Some("Feuerzauber"));
    assert_eq!(de("vulca-15").as_deref(), Some("Flacka"));
    assert_eq!(de("infl-608").as_deref(), Some("Rückkehr"));
    assert_eq!(de("buka-31").as_deref(), Some("Seemond"));
    let named = c.bm_cards().iter().filter(|b| b.name_de.is_some()).count();
    assert_eq!(named, 326, "German names");
}

const MINI_BM: &str = r#"[
 {"id":"vulca-24","tag":"Vulca 24","series":"vulca","number":24,"type":"booster","mutant":false,
  "name_en":"Flickering Fires","name_de":"Feuerzauber","fire":null,"earth":null,"moons":1,
  "deck":"Vulca","text_en":null,"text_de":null}
]"#;

fn with_other(cards: &str) -> String {
    format!(r#"{{"game":"knightmare-chess","cards":{cards}}}"#)
}

#[test]
fn loads_test_data_with_empty_and_full_other_catalogs() {
    let empty = with_other("[]");
    let c = Catalog::from_json(MINI_BM, &[&empty]).expect("loads");
    assert_eq!(c.count(Game::KnightmareChess), 0);
    assert_eq!(c.lookup("castle", None, 5).candidates.len(), 0);

    let full = with_other(
        r#"[{"id":"kc-castle-siege","name":"Castle Siege","aliases":["Siege"]},
            {"id":"kc-fire-wall","name":"Fire Wall"}]"#,
    );
    let c = Catalog::from_json(MINI_BM, &[&full]).expect("loads");
    assert_eq!(c.count(Game::KnightmareChess), 2);
    assert_eq!(c.cards_of(Game::KnightmareChess).count(), 2);
    let r = c.lookup("siege", Some(Game::KnightmareChess), 5);
    assert_eq!(r.best().map(|x| x.id.as_str()), Some("kc-castle-siege"));
    let r = c.lookup("castel siege", None, 5);
    assert_eq!(r.best().map(|x| x.id.as_str()), Some("kc-castle-siege"));
    assert_eq!(
        c.card("kc-fire-wall").map(|x| x.display_name()),
        Some("Fire Wall")
    );
    let r = c.lookup("feuerzauber", None, 5);
    assert_eq!(r.best().map(|x| x.game), Some(Game::BlueMoon));
}

#[test]
fn invalid_catalogs_give_specific_errors() {
    let dup = MINI_BM.replace("\n]", &format!(",{}\n]", &MINI_BM[2..MINI_BM.len() - 2]));
    assert!(matches!(
        Catalog::from_json(&dup, &[]),
        Err(CatalogError::DuplicateId { .. })
    ));
    let bad_tag = MINI_BM.replace("\"Vulca 24\"", "\"Vulca 25\"");
    assert!(matches!(
        Catalog::from_json(&bad_tag, &[]),
        Err(CatalogError::TagMismatch { .. })
    ));
    let bad_id = MINI_BM.replace("\"vulca-24\"", "\"vulca-024\"");
    assert!(matches!(
        Catalog::from_json(&bad_id, &[]),
        Err(CatalogError::IdMismatch { .. })
    ));
    let hot = MINI_BM.replace("\"fire\":null", "\"fire\":200");
    assert!(matches!(
        Catalog::from_json(&hot, &[]),
        Err(CatalogError::ValueOutOfRange { .. })
    ));
    let negative = MINI_BM.replace("\"fire\":null", "\"fire\":-1");
    assert!(matches!(
        Catalog::from_json(&negative, &[]),
        Err(CatalogError::Json { .. })
    ));
    let cap = MINI_BM.replace("\"moons\":1", "\"moons\":1,\"capacity\":2");
    assert!(matches!(
        Catalog::from_json(&cap, &[]),
        Err(CatalogError::Inconsistent { .. })
    ));
    let gang = MINI_BM.replace("\"moons\":1", "\"moons\":1,\"gang\":\"cool\"");
    assert!(matches!(
        Catalog::from_json(&gang, &[]),
        Err(CatalogError::Inconsistent { .. })
    ));
    assert!(matches!(
        Catalog::from_json("[{", &[]),
        Err(CatalogError::Json { .. })
    ));
    let clash = with_other(r#"[{"id":"vulca-24","name":"Clash"}]"#);
    assert!(matches!(
        Catalog::from_json(MINI_BM, &[&clash]),
        Err(CatalogError::DuplicateId { .. })
    ));
    let nameless = with_other(r#"[{"id":"kc-x","name":"  "}]"#);
    assert!(matches!(
        Catalog::from_json(MINI_BM, &[&nameless]),
        Err(CatalogError::EmptyName { .. })
    ));
    let bm_as_other = r#"{"game":"blue-moon","cards":[]}"#;
    assert!(matches!(
        Catalog::from_json(MINI_BM, &[bm_as_other]),
        Err(CatalogError::WrongGame { .. })
    ));
    // errors say which card and what is wrong
    let msg = Catalog::from_json(&hot, &[])
        .expect_err("invalid")
        .to_string();
    assert!(
        msg.contains("vulca-24") && msg.contains("fire") && msg.contains("200"),
        "{msg}"
    );
}

#[test]
fn accessors() {
    let c = catalog();
    let facts = c.bm_facts("vulca-24").expect("Flickering Fires");
    assert_eq!(facts.number, 24);
    assert_eq!(facts.series, Series::Vulca);
    let card = c.card("vulca-24").expect("by id");
    assert_eq!(card.game(), Game::BlueMoon);
    assert_eq!(card.display_name(), "Flickering Fires");
    assert!(c.card("vulca-99").is_none());
    let json = serde_json::to_value(card).expect("serialises");
    assert_eq!(json["game"], "blue-moon");
    assert_eq!(json["card"]["tag"], "Vulca 24");
    assert_eq!(json["card"]["name_de"], "Feuerzauber");
    assert_eq!(json["card"]["number"], 24);
    assert!(c.bm("").is_none());
    assert_eq!(c.cards_of(Game::BlueMoon).count(), c.bm_cards().len());
}

/// The source key of facts read from the printed German cards (see `data/SOURCES.md`).
const SCANS: &str = "de-card-scans";

#[test]
fn the_five_ei_people_cards_from_the_german_scans_are_findable() {
    let c = catalog();
    let cards = [
        ("mimix-01", "Mimix 01", "Wächterin der Zeit", "E&I:A"),
        ("mimix-02", "Mimix 02", "Wächterin des Raumes", "E&I:B"),
        ("flit-21", "Flit 21", "Abwurf Kakerlaken", "E&I:A"),
        ("terrah-31", "Terrah 31", "Beschwöre einen Taifun", "E&I:B"),
        ("aqua-15", "Aqua 15", "Uusa-Alpha-Omega", "E&I:B"),
    ];
    for (id, tag, name_de, deck) in cards {
        let card = c.bm(id).unwrap_or_else(|| panic!("{id} missing"));
        // no source gives an English name: unknown, never invented
        assert_eq!(card.name_en, None, "{id}");
        assert!(cards::is_unknown(card, Fact::NameEn), "{id}");
        assert_eq!(card.name_de.as_deref(), Some(name_de), "{id}");
        assert_eq!(card.deck.as_deref(), Some(deck), "{id}");
        assert_eq!(card.source_of(Fact::Series), Some(SCANS), "{id}");
        assert_eq!(card.source_of(Fact::Moons), Some(SCANS), "{id}");
        for query in [tag, name_de] {
            let r = c.lookup(query, Some(Game::BlueMoon), 5);
            assert_eq!(
                r.best().map(|b| b.id.as_str()),
                Some(id),
                "{query:?} → {:?}",
                r.candidates
            );
        }
    }
    let time = c.bm_facts("mimix-01").expect("mimix-01");
    assert_eq!(
        (time.fire, time.earth, time.moons),
        (Some(6), Some(4), Some(3))
    );
    assert_eq!(time.icons, [cards::bm::Icon::Pair]);
}

#[test]
fn every_people_card_and_mutant_has_its_printed_facts() {
    // The German card scans cover every people card 00-32 and the mutants: no value, type,
    // moon cost or icon of theirs is unknown any more (a leadership card's missing values
    // are recorded as not printed).
    let c = catalog();
    let mut unknown = Vec::new();
    for card in people_and_mutants(&c) {
        for fact in [
            Fact::Type,
            Fact::Fire,
            Fact::Earth,
            Fact::Moons,
            Fact::Icons,
        ] {
            if cards::is_unknown(card, fact) {
                unknown.push(format!("{} {fact}", card.facts.id));
            }
        }
    }
    assert!(unknown.is_empty(), "unknown: {unknown:?}");
    for s in Series::ALL.iter().filter(|s| s.is_people()) {
        let n = c.bm_cards().iter().filter(|b| b.facts.series == *s).count();
        // Buka has no card 32 (Buka 31 is the promo Sea Moon)
        let want = if *s == Series::Buka { 32 } else { 33 };
        assert_eq!(n, want, "{s:?}");
    }
    for id in ["hoax-31", "khind-24", "terrah-28", "aqua-27", "buka-31"] {
        let card = c.bm(id).expect("card");
        assert!(
            card.is_absent(Fact::Fire) && card.is_absent(Fact::Earth),
            "{id}"
        );
        assert!(!cards::is_unknown(card, Fact::Fire), "{id}");
    }
}

#[test]
fn each_ei_deck_holds_twelve_people_cards_and_one_mutant() {
    // E&I rulesheet: each deck has 12 people cards (one or two per people) and one mutant;
    // the German cards print the deck as X1 (Allies, E&I:A) or X2 (Blessings, E&I:B).
    let c = catalog();
    for deck in ["E&I:A", "E&I:B"] {
        let in_deck = |b: &&cards::BmCard| b.deck.as_deref() == Some(deck);
        let people = c
            .bm_cards()
            .iter()
            .filter(in_deck)
            .filter(|b| b.facts.series.is_people())
            .count();
        let mutants = c
            .bm_cards()
            .iter()
            .filter(in_deck)
            .filter(|b| b.facts.series == Series::Mutant)
            .count();
        assert_eq!((people, mutants), (12, 1), "{deck}");
    }
}

/// The people cards and mutants: the cards the German card scans show.
fn people_and_mutants(c: &Catalog) -> impl Iterator<Item = &cards::BmCard> {
    c.bm_cards()
        .iter()
        .filter(|b| b.facts.series.is_people() || b.facts.series == Series::Mutant)
}

/// People cards and mutants that give `fact` without the German card scans as its source.
fn not_from_scans(c: &Catalog, fact: Fact) -> Vec<&str> {
    people_and_mutants(c)
        .filter(|b| !cards::is_unknown(b, fact) && !b.is_absent(fact))
        .filter(|b| !b.sources.get(SCANS).is_some_and(|f| f.contains(&fact)))
        .map(|b| b.facts.id.as_str())
        .collect()
}

#[test]
fn every_people_card_and_mutant_has_its_german_name_and_text() {
    let c = catalog();
    let missing: Vec<String> = people_and_mutants(&c)
        .flat_map(|b| {
            [Fact::NameDe, Fact::TextDe]
                .into_iter()
                .filter(|f| cards::is_unknown(b, *f))
                .map(move |f| format!("{} {f}", b.facts.id))
        })
        .collect();
    assert!(missing.is_empty(), "{missing:?}");
    // every German name was read from (or checked against) the printed card, and every German
    // text except Aqua 25's, whose card misprints "Unterstüzung"
    assert!(not_from_scans(&c, Fact::NameDe).is_empty());
    assert_eq!(not_from_scans(&c, Fact::TextDe), ["aqua-25"]);
    // The program translation gave Buka 13-17 other cards' texts; the printed cards say when
    // each Brotherhood of Pirates card may be played as if FREE, as the English texts do.
    for id in ["buka-13", "buka-14", "buka-15", "buka-16", "buka-17"] {
        let card = c.bm(id).expect("card");
        let de = card.text_de.as_deref().unwrap_or_default();
        assert!(de.ends_with("als hätte sie das FREI-Symbol."), "{id}: {de}");
        assert_eq!(card.source_of(Fact::TextDe), Some(SCANS), "{id}");
        assert!(
            card.text_en
                .as_deref()
                .is_some_and(|t| t.ends_with("as if it had the FREE icon.")),
            "{id}"
        );
    }
    let leader = c.bm("buka-00").expect("leader");
    assert_eq!(leader.text_de.as_deref(), Some("30 Karten 10 Monde"));
}
