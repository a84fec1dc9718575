//! The table's commands for a Blue Moon game through Tauri's mock runtime with the real
//! configuration and capabilities: argument names as the UI sends them (ui/src/lib/api/table.ts),
//! results (the shared header and the game's board) and errors.

use crate::common;

use serde_json::{json, Value};

#[test]
fn a_game_is_played_through_ipc() {
    let app = common::TestApp::start();
    let call = |cmd: &str, body: Value| app.call(cmd, body);

    assert_eq!(
        call("table_current", json!({"kind": "blue-moon", "lang": "en"})).expect("answers"),
        Value::Null
    );
    // a refusal of the set-up speaks the interface language the page sends
    let err = call(
        "table_new",
        json!({"request": {"game": "blue_moon", "request": {"player_a": "Ann", "player_b": "Ben", "people_a": "Vulka", "people_b": "Hoax", "first": "A"}}, "lang": "de"}),
    )
    .expect_err("no such people");
    assert!(err.contains("Meintest du Vulca?"), "{err}");
    let g = call(
        "table_new",
        json!({"request": {"game": "blue_moon", "request": {"player_a": "Ann", "player_b": "Ben", "people_a": "Vulca", "people_b": "Hoax", "first": "A"}}, "lang": "en"}),
    )
    .expect("table_new");
    let game = g["header"]["game"].clone();
    assert_eq!(game["kind"], "blue-moon", "{g}");
    assert_eq!(g["header"]["players"], json!(["Ann", "Ben"]));
    assert_eq!(g["board"]["game"], "blue_moon");
    let at = |v: &Value| json!({"game": game, "revision": v["header"]["revision"]});
    let s = call("game_suggest", json!({"text": "Feuerz", "limit": null})).expect("suggest");
    assert_eq!(s[0]["id"], "vulca-24");
    let s = call(
        "table_suggest",
        json!({"game": game, "text": "Feuerz", "lang": "en", "limit": 3}),
    )
    .expect("suggest");
    assert_eq!(s[0]["id"], "vulca-24");
    let out = call(
        "table_enter",
        json!({"at": at(&g), "card": {"game": "blue_moon", "request": {"player": "A", "card": "V02", "target": null, "face_down": false}, "confirmed": false}, "lang": "de"}),
    )
    .expect("enter");
    assert_eq!(out["preview"]["area"], "combat");
    assert_eq!(
        out["table"]["board"]["view"]["players"][0]["total"],
        json!({"fire": 6, "earth": 3}),
        "nothing to decide: played at once"
    );
    assert!(out["table"]["header"]["prompts"].is_array(), "{out}");
    let err = call(
        "table_act",
        json!({"at": {"game": game, "revision": null}, "action": {"game": "blue_moon", "action": {"action": "pass", "player": "A"}}, "lang": "en"}),
    )
    .expect_err("no element chosen yet");
    assert!(err.contains("element"), "{err}");
    let v = call(
        "table_act",
        json!({"at": at(&out["table"]), "action": {"game": "blue_moon", "action": {"action": "choose_element", "player": "A", "element": "fire"}}, "lang": "en"}),
    )
    .expect("element");
    assert_eq!(v["board"]["view"]["contested"], "fire");
    let v = call("table_undo", json!({"at": at(&v), "lang": "en"})).expect("undo");
    assert_eq!(v["board"]["view"]["contested"], Value::Null);
    assert_eq!(v["header"]["can_redo"], true);
    let v = call("table_redo", json!({"at": at(&v), "lang": "en"})).expect("redo");
    assert_eq!(v["board"]["view"]["contested"], "fire");
    let current =
        call("table_current", json!({"kind": "blue-moon", "lang": "en"})).expect("current");
    assert_eq!(current["header"]["game"], game);
    assert_eq!(current["board"]["view"]["events"], 3);
    assert_eq!(
        call("table_view", json!({"game": game, "lang": "de"})).expect("view"),
        current
    );

    // Dismissing a ruling in the prompt marks it seen in this game, in the database: entering
    // the card again (after an undo) no longer shows it.
    let enter_wall = || -> Vec<Value> {
        let out = call(
            "table_enter",
            json!({"at": {"game": game, "revision": null}, "card": {"game": "blue_moon", "request": {"player": "A", "card": "Wall of Fire", "target": null, "face_down": false}, "confirmed": true}, "lang": "en"}),
        )
        .expect("enter");
        assert!(out["table"].is_object(), "played: {out}");
        out["table"]["header"]["prompts"]
            .as_array()
            .expect("list")
            .clone()
    };
    let first = enter_wall()[0]["ruling"]["id"].clone();
    assert!(first.is_string(), "{first}");
    let prompts = call(
        "table_prompts",
        json!({"game": game, "card": "Wall of Fire", "lang": "en", "limit": null}),
    )
    .expect("prompts");
    assert!(prompts
        .as_array()
        .is_some_and(|p| p.iter().any(|p| p["ruling"]["id"] == first)));
    call(
        "table_mark_seen",
        json!({"game": game, "ruling": first, "lang": "en"}),
    )
    .expect("marked");
    call(
        "table_undo",
        json!({"at": {"game": game, "revision": null}, "lang": "en"}),
    )
    .expect("undo");
    let again = enter_wall();
    assert!(!again.is_empty());
    assert!(again.iter().all(|p| p["ruling"]["id"] != first));
    let err = call(
        "table_mark_seen",
        json!({"game": game, "ruling": "nope:1", "lang": "en"}),
    )
    .expect_err("unknown ruling");
    assert!(err.contains("nope:1"), "{err}");

    // Abandoned without a result, asked first; undo takes it back.
    let err = call(
        "table_abandon",
        json!({"at": {"game": game, "revision": null}, "confirmed": false, "lang": "en"}),
    )
    .expect_err("asks first");
    assert!(err.contains("needs_confirmation"), "{err}");
    let v = call(
        "table_abandon",
        json!({"at": {"game": game, "revision": null}, "confirmed": true, "lang": "en"}),
    )
    .expect("abandoned");
    assert_eq!(v["board"]["view"]["abandoned"], true, "{v}");
    assert_eq!(v["header"]["outcome"]["state"], "tie");
    // a reference of another kind is refused, nothing written
    let err = call(
        "table_view",
        json!({"game": {"kind": "warhammer-invasion", "id": game["id"]}, "lang": "en"}),
    )
    .expect_err("not a Warhammer game");
    assert!(
        err.contains("not_found") || err.contains("Warhammer"),
        "{err}"
    );
}
