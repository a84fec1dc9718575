//! The table screen's commands through Tauri's mock runtime with the real configuration and
//! capabilities: argument names as the UI sends them (ui/src/lib/api/game.ts), results and errors.

use crate::common;

use serde_json::{json, Value};

#[test]
fn a_game_is_played_through_ipc() {
    let app = common::TestApp::start();
    let call = |cmd: &str, body: Value| app.call(cmd, body);

    assert_eq!(
        call("game_current", json!({})).expect("answers"),
        Value::Null
    );
    // a refusal of the set-up speaks the interface language the page sends
    let err = call(
        "game_new",
        json!({"request": {"player_a": "Ann", "player_b": "Ben", "people_a": "Vulka", "people_b": "Hoax", "first": "A"}, "lang": "de"}),
    )
    .expect_err("no such people");
    assert!(err.contains("Meintest du Vulca?"), "{err}");
    let g = call(
        "game_new",
        json!({"request": {"player_a": "Ann", "player_b": "Ben", "people_a": "Vulca", "people_b": "Hoax", "first": "A"}}),
    )
    .expect("game_new");
    let id = g["id"].as_i64().expect("id");
    let s = call("game_suggest", json!({"text": "Feuerz", "limit": null})).expect("suggest");
    assert_eq!(s[0]["id"], "vulca-24");
    let out = call(
        "game_enter",
        json!({"id": id, "request": {"player": "A", "card": "V02", "target": null, "face_down": false}, "confirmed": false, "lang": "de"}),
    )
    .expect("enter");
    assert_eq!(out["preview"]["area"], "combat");
    assert_eq!(
        out["view"]["players"][0]["total"],
        json!({"fire": 6, "earth": 3}),
        "nothing to decide: played at once"
    );
    assert!(out["prompts"].is_array(), "{out}");
    let err = call(
        "game_act",
        json!({"id": id, "action": {"action": "pass", "player": "A"}}),
    )
    .expect_err("no element chosen yet");
    assert!(err.contains("element"), "{err}");
    let v = call(
        "game_act",
        json!({"id": id, "action": {"action": "choose_element", "player": "A", "element": "fire"}}),
    )
    .expect("element");
    assert_eq!(v["contested"], "fire");
    let v = call("game_undo", json!({"id": id})).expect("undo");
    assert_eq!(v["contested"], Value::Null);
    assert_eq!(v["redo_depth"], 1);
    let v = call("game_redo", json!({"id": id})).expect("redo");
    assert_eq!(v["contested"], "fire");
    let current = call("game_current", json!({})).expect("current");
    assert_eq!(current["id"], id);
    assert_eq!(current["events"], 3);

    // Dismissing a ruling in the prompt marks it seen in this game, in the database: entering
    // the card again (after an undo) no longer shows it.
    let enter_wall = || -> Vec<Value> {
        let out = call(
            "game_enter",
            json!({"id": id, "request": {"player": "A", "card": "Wall of Fire", "target": null, "face_down": false}, "confirmed": true, "lang": "en"}),
        )
        .expect("enter");
        assert!(out["view"].is_object(), "played: {out}");
        out["prompts"].as_array().expect("list").clone()
    };
    let first = enter_wall()[0]["ruling"]["id"].clone();
    assert!(first.is_string(), "{first}");
    call("game_mark_ruling_seen", json!({"id": id, "ruling": first})).expect("marked");
    call("game_undo", json!({"id": id})).expect("undo");
    let again = enter_wall();
    assert!(!again.is_empty());
    assert!(again.iter().all(|p| p["ruling"]["id"] != first));
    let err = call(
        "game_mark_ruling_seen",
        json!({"id": id, "ruling": "nope:1"}),
    )
    .expect_err("unknown ruling");
    assert!(err.contains("nope:1"), "{err}");
}
