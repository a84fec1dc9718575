//! The user's fixes over the catalog: applied per card and fact, shown as the user's, kept
//! across catalog updates, invalid ones rejected with clear errors.

use cards::bm::{CardType, Icon};
use cards::{CardFix, Catalog, CatalogError, Fact, FactValue};

fn catalog() -> Catalog {
    Catalog::load_embedded().expect("embedded catalog loads")
}

#[test]
fn fills_an_unknown_fact_and_marks_it_as_the_users() {
    let c = catalog();
    // PamPam's (Tutu 507) values and type are in no source
    assert_eq!(c.bm_facts("tutu-507").and_then(|f| f.fire), None);
    let fixes = vec![
        CardFix::new("tutu-507", FactValue::Fire(3), 100),
        CardFix::new("tutu-507", FactValue::Type(CardType::Character), 100),
    ];
    let applied = c.apply_fixes(&fixes);
    assert!(applied.rejected.is_empty());
    let card = applied.card("tutu-507").expect("fixed card");
    assert_eq!(card.card.facts.fire, Some(3));
    assert_eq!(card.card.facts.card_type, Some(CardType::Character));
    let fire = card.user_fact(Fact::Fire).expect("user's fire");
    assert_eq!(fire.replaced, None);
    assert!(!fire.agrees_with_catalog);
    assert!(card.is_users(Fact::Fire));
    assert!(!card.is_users(Fact::Earth));
    // the catalog itself is untouched
    assert_eq!(c.bm_facts("tutu-507").and_then(|f| f.fire), None);
}

#[test]
fn overriding_a_known_fact_shows_the_catalog_value_it_replaced() {
    let c = catalog();
    let card = c
        .effective_bm(
            "hoax-07",
            &[CardFix::new("hoax-07", FactValue::Earth(2), 5)],
        )
        .expect("valid");
    assert_eq!(card.card.facts.earth, Some(2));
    let u = card.user_fact(Fact::Earth).expect("user's");
    assert_eq!(u.replaced, Some(FactValue::Earth(3)));
    assert_eq!(u.at, 5);
}

#[test]
fn latest_fix_of_a_fact_wins() {
    let c = catalog();
    let fixes = [
        CardFix::new("mutant-110", FactValue::Earth(1), 200),
        CardFix::new("mutant-110", FactValue::Earth(4), 100),
        CardFix::new("mutant-110", FactValue::Earth(2), 300),
    ];
    let card = c.effective_bm("mutant-110", &fixes).expect("valid");
    assert_eq!(card.card.facts.earth, Some(2));
    assert_eq!(card.user.len(), 1);
}

#[test]
fn fixes_survive_catalog_updates() {
    // The same stored fixes over an old and an updated catalog (records reordered, a card
    // added, the fixed fact now known): they still apply by id and fact name.
    let old = r#"[
     {"id":"vulca-24","tag":"Vulca 24","series":"vulca","number":24,"type":"booster","fire":null,"earth":null,"moons":1,"name_en":"Flickering Fires","name_de":null,"deck":"Vulca","text_en":null,"text_de":null},
     {"id":"vulca-25","tag":"Vulca 25","series":"vulca","number":25,"type":"booster","fire":null,"earth":null,"moons":1,"name_en":"Other","name_de":null,"deck":"Vulca","text_en":null,"text_de":null}
    ]"#;
    let new = r#"[
     {"id":"vulca-01","tag":"Vulca 01","series":"vulca","number":1,"type":"character","fire":5,"earth":0,"moons":1,"name_en":"New","name_de":null,"deck":"Vulca","text_en":null,"text_de":null},
     {"id":"vulca-25","tag":"Vulca 25","series":"vulca","number":25,"type":"booster","fire":null,"earth":null,"moons":1,"name_en":"Other","name_de":null,"deck":"Vulca","text_en":null,"text_de":null},
     {"id":"vulca-24","tag":"Vulca 24","series":"vulca","number":24,"type":"booster","fire":null,"earth":null,"moons":1,"name_en":"Flickering Fires","name_de":"Feuerzauber","deck":"Vulca","text_en":null,"text_de":null}
    ]"#;
    let stored = serde_json::to_string(&vec![CardFix::new(
        "vulca-24",
        FactValue::NameDe("Feuerzauber".into()),
        42,
    )])
    .expect("serialises");
    let fixes: Vec<CardFix> = serde_json::from_str(&stored).expect("round trip");
    let before = Catalog::from_json(old, &[])
        .expect("old")
        .apply_fixes(&fixes);
    let after = Catalog::from_json(new, &[])
        .expect("new")
        .apply_fixes(&fixes);
    for applied in [&before, &after] {
        let card = applied.card("vulca-24").expect("still applies");
        assert_eq!(card.card.name_de.as_deref(), Some("Feuerzauber"));
        assert!(card.is_users(Fact::NameDe));
    }
    assert!(
        !before
            .card("vulca-24")
            .expect("x")
            .user_fact(Fact::NameDe)
            .expect("u")
            .agrees_with_catalog
    );
    assert!(
        after
            .card("vulca-24")
            .expect("x")
            .user_fact(Fact::NameDe)
            .expect("u")
            .agrees_with_catalog
    );
}

#[test]
fn stored_form_is_stable_json() {
    let fix = CardFix::new(
        "mutant-110",
        FactValue::Icons(vec![Icon::Stop, Icon::FireShield]),
        7,
    );
    let json = serde_json::to_value(&fix).expect("json");
    assert_eq!(
        json,
        serde_json::json!({"card": "mutant-110", "fact": "icons", "value": ["stop", "fire_shield"], "at": 7})
    );
    let back: CardFix = serde_json::from_value(json).expect("parses");
    assert_eq!(back, fix);
    // a stored fix whose value does not fit its fact does not parse
    let bad = serde_json::json!({"card": "mutant-110", "fact": "fire", "value": "hot", "at": 7});
    assert!(serde_json::from_value::<CardFix>(bad).is_err());
}

#[test]
fn invalid_fixes_are_rejected_with_clear_errors() {
    let c = catalog();
    let cases: Vec<(CardFix, &str)> = vec![
        (
            CardFix::new("vulca-99", FactValue::Fire(3), 1),
            "no card with id `vulca-99`",
        ),
        (
            CardFix::new("mutant-110", FactValue::Fire(200), 1),
            "200 is out of range",
        ),
        (
            CardFix::new("mutant-110", FactValue::Moons(10), 1),
            "out of range",
        ),
        (
            CardFix::new("vulca-24", FactValue::Capacity(2), 1),
            "only ships",
        ),
        (
            CardFix::new("vulca-24", FactValue::NameEn("  ".into()), 1),
            "empty text",
        ),
        (
            CardFix::new("vulca-24", FactValue::TextEn("a\u{0}b".into()), 1),
            "control characters",
        ),
        (
            CardFix::new("vulca-24", FactValue::TextEn("x".repeat(5000)), 1),
            "longer than",
        ),
        (
            CardFix::new(
                "vulca-24",
                FactValue::Icons(vec![Icon::Stop, Icon::Stop]),
                1,
            ),
            "twice",
        ),
    ];
    for (fix, want) in &cases {
        let err = c.validate_fix(fix).expect_err("invalid");
        let msg = err.to_string();
        assert!(msg.contains(want), "{fix:?}: {msg}");
    }
    let fixes: Vec<CardFix> = cases.iter().map(|(f, _)| f.clone()).collect();
    let applied = c.apply_fixes(&fixes);
    assert_eq!(applied.rejected.len(), cases.len());
    assert!(applied.cards.is_empty());
    assert!(matches!(
        c.effective_bm("vulca-99", &[]),
        Err(CatalogError::UnknownCard { .. })
    ));
}
