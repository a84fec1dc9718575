//! The Cards and Rulings commands through Tauri's mock runtime with the real configuration and
//! capabilities: argument names as the UI sends them, answers, and refused input.

use crate::common;

use serde_json::{json, Value};

/// One test, because the app reads its data folder from the process environment.
#[test]
fn cards_and_rulings_answer_through_ipc() {
    let app = common::TestApp::start();
    let call = |cmd: &str, body: Value| app.call(cmd, body);
    let no_filter = json!({"game": null, "series": null, "card_type": null, "icon": null});

    let found = call(
        "cards_find",
        json!({"text": "Feuerzauber", "filter": no_filter, "limit": 5}),
    )
    .expect("cards_find answers");
    assert_eq!(found["hits"][0]["card"]["id"], "vulca-24");

    let page = call("cards_page", json!({"card": "V24", "lang": "de"})).expect("cards_page");
    assert_eq!(
        page["bm"]["text_de"],
        "Du darfst keine Anführeraktionen auslegen."
    );
    assert!(!page["rulings"].as_array().expect("rulings").is_empty());

    let refused = call(
        "cards_fix",
        json!({"card": "V24", "fact": "fire", "value": "12"}),
    )
    .expect_err("an impossible value is refused");
    assert!(
        format!("{refused:?}").contains("out of range"),
        "{refused:?}"
    );
    let fixes = call(
        "cards_fix",
        json!({"card": "V24", "fact": "fire", "value": "3"}),
    )
    .expect("cards_fix");
    assert_eq!(
        fixes.as_array().expect("fixes").len(),
        1,
        "only the valid fix"
    );

    let hits = call(
        "rulings_search",
        json!({"text": "Feuerwall", "game": null, "source": null, "lang": "de", "limit": 5}),
    )
    .expect("rulings_search");
    let first = &hits["hits"][0];
    assert_eq!(first["ruling"]["lang"], "de");
    let id = first["ruling"]["id"].as_str().expect("id").to_owned();
    let shown = call("rulings_show", json!({"id": id, "highlight": "Feuerwall"})).expect("show");
    assert!(shown["display"]
        .as_array()
        .expect("segments")
        .iter()
        .any(|s| s["hit"] == true));

    let prompts = call(
        "rulings_for",
        json!({"card": "Flacka", "active": ["Feuerwall"], "lang": "de", "limit": 3}),
    )
    .expect("rulings_for");
    assert_eq!(prompts["prompts"][0]["reason"], "interaction");
    let stats = call("corpus_stats", json!({})).expect("corpus_stats");
    assert_eq!(stats["sources"].as_array().expect("sources").len(), 5);
    // the shipped catalog's figures, with the one fix made above
    let s = call("cards_stats", json!({})).expect("cards_stats");
    let count = |list: &str, name: &str| {
        s[list]
            .as_array()
            .expect("counts")
            .iter()
            .find(|c| c["name"] == name)
            .map(|c| c["count"].clone())
    };
    assert_eq!(
        s["per_game"],
        json!([
            {"name": "blue-moon", "count": 334},
            {"name": "warhammer-invasion", "count": 192},
            {"name": "knightmare-chess", "count": 103},
            {"name": "star-trek-ccg", "count": 280},
        ])
    );
    assert_eq!(
        (&s["bm_people_deck_list"], &s["bm_faq_only"]),
        (&json!(279), &json!(55))
    );
    assert_eq!(count("bm_per_series", "vulca"), Some(json!(33)));
    assert_eq!(count("bm_per_deck", "E&I:A"), Some(json!(25)));
    assert_eq!(count("bm_per_type", "character"), Some(json!(175)));
    assert_eq!(count("bm_unknown", "fire"), Some(json!(28)));
    assert_eq!(s["bm_unknown_total"], 176);
    assert_eq!(s["user_fixes"], 1, "the fix of V24's fire");

    let o = call("cards_filter_options", json!({})).expect("cards_filter_options");
    let values = |list: &str| -> Vec<String> {
        o[list]
            .as_array()
            .expect("choices")
            .iter()
            .map(|c| c["value"].as_str().expect("value").to_owned())
            .collect()
    };
    assert_eq!(
        values("games"),
        [
            "blue-moon",
            "warhammer-invasion",
            "knightmare-chess",
            "star-trek-ccg"
        ]
    );
    assert_eq!(o["games"][3]["label"], "Star Trek CCG");
    // the nine peoples first, then the other series
    assert_eq!(
        values("series"),
        [
            "hoax", "vulca", "mimix", "flit", "khind", "terrah", "pillar", "aqua", "buka",
            "mutant", "tutu", "infl", "inter", "inq", "emis", "ach", "promo"
        ]
    );
    assert_eq!(o["series"][0]["label"], "Hoax");
    assert_eq!(values("types").len(), 11);
    assert_eq!(values("icons").len(), 10);

    // a language that is none is refused at the boundary
    assert!(call("cards_page", json!({"card": "V24", "lang": "fr"})).is_err());
}
