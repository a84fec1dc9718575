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
    assert!(call("cards_stats", json!({})).is_ok());
    assert!(call("cards_filter_options", json!({})).is_ok());
}
