//! The Decks commands through Tauri's mock runtime with the real configuration and
//! capabilities: argument names as the UI sends them, the revision guard, a refusal in German.

use crate::common;

use serde_json::json;

/// One test, because the app reads its data folder from the process environment.
#[test]
fn decks_answer_through_ipc() {
    let app = common::TestApp::start();
    let made = app
        .call(
            "deck_new",
            json!({"name": "Fire Wall", "people": "Vulca", "inquisitor": null,
                   "emissariesInquisitors": false, "buka": false, "lang": "en"}),
        )
        .expect("deck_new");
    assert_eq!(made["cards_allowed"], 30);
    let rev = made["revision"].as_u64().expect("revision");
    let changed = app
        .call(
            "deck_change",
            json!({"name": "Fire Wall", "revision": rev, "change": "add",
                   "cards": ["Tittertweet", "V03"], "lang": "en"}),
        )
        .expect("deck_change");
    assert_eq!(changed["moons_used"], 2);
    // the page's older revision is refused
    let stale = app
        .call(
            "deck_change",
            json!({"name": "Fire Wall", "revision": rev, "change": "remove",
                   "cards": ["V03"], "lang": "de"}),
        )
        .expect_err("stale revision");
    assert!(stale.contains("inzwischen geändert"), "{stale}");
    let list = app.call("deck_list", json!({})).expect("deck_list");
    assert_eq!(list[0]["name"], "Fire Wall");
    // a card page adds from the list, at the list's revision, and gets the list back
    let listed = app
        .call(
            "deck_change_listed",
            json!({"name": "Fire Wall", "revision": list[0]["revision"], "change": "add",
                   "cards": ["V04"], "lang": "en"}),
        )
        .expect("deck_change_listed");
    assert_eq!(
        listed["deck"]["cards_used"].as_u64(),
        changed["cards_used"].as_u64().map(|n| n + 1)
    );
    assert_eq!(
        listed["decks"][0]["cards_used"],
        listed["deck"]["cards_used"]
    );
    let stale = app
        .call(
            "deck_change_listed",
            json!({"name": "Fire Wall", "revision": list[0]["revision"], "change": "add",
                   "cards": ["V05"], "lang": "de"}),
        )
        .expect_err("the list's older revision");
    assert!(stale.contains("inzwischen geändert"), "{stale}");
    let shown = app
        .call("deck_view", json!({"name": "fire wall", "lang": "de"}))
        .expect("deck_view");
    assert_eq!(shown["cards"][0]["tag"], "Flit 07");
    app.call(
        "deck_delete",
        json!({"name": "Fire Wall", "revision": shown["revision"], "lang": "en"}),
    )
    .expect("deck_delete");
    assert_eq!(app.call("deck_list", json!({})).expect("list"), json!([]));

    // decks at a tournament: none registered; a deck that does not exist is refused, naming it
    let event = app
        .call(
            "tournament_create",
            json!({ "event": { "name": "Winter Cup", "date": "2026-12-05", "format": "round_robin",
                "rounds": null, "top_cut": null, "first_round": null, "seed": null } }),
        )
        .expect("create");
    let id = event["id"].as_i64().expect("id");
    app.call(
        "tournament_register",
        json!({ "id": id, "player": "Ann", "people": null }),
    )
    .expect("register");
    let none = app
        .call("tournament_decks", json!({ "id": id, "lang": "en" }))
        .expect("tournament_decks");
    assert_eq!(none, json!([]));
    let refused = app
        .call(
            "tournament_register_deck",
            json!({ "id": id, "player": "Ann", "deck": "Fire Wall", "lang": "en" }),
        )
        .expect_err("no such deck");
    assert!(refused.contains("Fire Wall"), "{refused}");

    // an event requiring deck lists: the registration with a deck is one command, and a
    // refused deck registers nobody; round 1 is refused naming the player without a deck
    let strict = app
        .call(
            "tournament_create",
            json!({ "event": { "name": "Deck Cup", "date": "2026-12-06", "format": "round_robin",
                "rounds": null, "top_cut": null, "first_round": null, "seed": null,
                "decks_required": true } }),
        )
        .expect("create");
    assert_eq!(strict["decks_required"], true);
    let sid = strict["id"].as_i64().expect("id");
    let refused = app
        .call(
            "tournament_register_with_deck",
            json!({ "id": sid, "player": "Bea", "people": null, "deck": "Fire Wall",
                    "lang": "en" }),
        )
        .expect_err("no such deck");
    assert!(
        refused.contains("Bea is not registered for Deck Cup"),
        "{refused}"
    );
    let detail = app
        .call("tournament_detail", json!({ "id": sid }))
        .expect("detail");
    assert_eq!(
        detail["entrants"],
        json!([]),
        "a refused deck registers nobody"
    );
    for player in ["Bea", "Cal"] {
        app.call(
            "tournament_register",
            json!({ "id": sid, "player": player, "people": null }),
        )
        .expect("register");
    }
    let detail = app
        .call("tournament_detail", json!({ "id": sid }))
        .expect("detail");
    assert_eq!(detail["decks_missing"], json!(["Bea", "Cal"]));
    let refused = app
        .call("tournament_pair", json!({ "id": sid, "lang": "de" }))
        .expect_err("decks missing");
    assert!(
        refused.contains("Bea und Cal haben kein Deck angemeldet"),
        "{refused}"
    );
}
