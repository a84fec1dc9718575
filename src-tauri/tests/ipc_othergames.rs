//! The other games' table commands through Tauri's mock runtime with the real configuration
//! and capabilities: argument names as the UI sends them (ui/src/lib/api/othergames.ts),
//! results, and a refusal in German naming the player.

mod common;

use serde_json::{json, Value};

#[test]
fn a_warhammer_game_is_played_through_ipc() {
    let app = common::TestApp::start();
    let call = |cmd: &str, body: Value| app.call(cmd, body);

    assert_eq!(
        call("other_current", json!({})).expect("answers"),
        Value::Null
    );
    let g = call(
        "other_new",
        json!({"request": {"kind": "whi", "player_a": "Ann", "player_b": "Ben", "deck_a": "Dwarfs", "deck_b": null, "first": null, "hit_points": null}}),
    )
    .expect("other_new");
    let id = g["id"].as_i64().expect("id");
    assert_eq!(g["table"]["game"], "whi");
    let s = call(
        "other_suggest",
        json!({"id": id, "text": "grimgor", "limit": null}),
    )
    .expect("suggest");
    assert_eq!(s[0]["id"], "whi-grimgor-ironhide");
    let v = call(
        "other_act",
        json!({"id": id, "action": {"game": "whi", "event": {"type": "card_played", "player": "A", "card": "Grimgor Ironhide", "zone": "battlefield"}}, "lang": "en"}),
    )
    .expect("act");
    assert_eq!(
        v["table"]["table"]["players"][0]["sections"][2]["cards"][0],
        "whi-grimgor-ironhide"
    );
    let p = call(
        "other_prompts",
        json!({"id": id, "card": "Grimgor Ironhide", "lang": "en", "limit": 3}),
    )
    .expect("prompts");
    assert!(!p.as_array().expect("list").is_empty(), "{p}");
    let err = call(
        "other_act",
        json!({"id": id, "action": {"game": "whi", "event": {"type": "turn_ended", "player": "B"}}, "lang": "de"}),
    )
    .expect_err("not Ben's turn");
    assert!(err.contains("Ann ist am Zug, nicht Ben."), "{err}");
    let v = call("other_undo", json!({"id": id, "lang": "de"})).expect("undo");
    assert_eq!(v["can_redo"], true);
    let v = call("other_redo", json!({"id": id, "lang": null})).expect("redo");
    assert_eq!(v["history"].as_array().expect("history").len(), 2);
    let list = call("other_list", json!({"unfinishedOnly": true})).expect("list");
    assert_eq!(list[0]["id"], id);
    assert_eq!(
        call("other_view", json!({"id": id})).expect("view")["id"],
        id
    );
    // The history is worded in the language the page sends.
    let v = call("other_view", json!({"id": id, "lang": "de"})).expect("view");
    assert_eq!(
        v["history"][0]["text"],
        "Aufbau: Ann beginnt; Bereiche der Hauptstadt haben 8 Trefferpunkte + 1 je Entwicklung."
    );
    let v = call("other_current", json!({"lang": "en"})).expect("current");
    assert_eq!(
        v["history"][0]["text"],
        "Set-up: Ann starts; capital sections have 8 hit points + 1 per development."
    );
}
