//! A game's record through IPC, as the window's page sends it: the revision the table drew goes
//! with every write, and a game that changed meanwhile is refused with the code `changed`,
//! nothing written; a card fix after the card was played, and taking it back, leave the game
//! opening as it was played; undo and redo across a game's end.

use crate::common;

use serde_json::{json, Value};

#[test]
fn the_record_holds_through_ipc() {
    let app = common::TestApp::start();
    let call = |cmd: &str, body: Value| app.call(cmd, body);

    let g = call(
        "game_new",
        json!({"request": {"player_a": "Ann", "player_b": "Ben", "people_a": "Vulca", "people_b": "Hoax", "first": "A"}, "lang": "en"}),
    )
    .expect("game_new");
    let id = g["id"].as_i64().expect("id");
    let drawn = g["revision"]
        .as_u64()
        .expect("the view carries its revision");
    let fire = json!({"action": "choose_element", "player": "A", "element": "fire"});
    let v = call(
        "game_act",
        json!({"id": id, "revision": drawn, "action": fire, "lang": "en"}),
    )
    .expect("decided on the table as drawn");
    assert_eq!(v["revision"].as_u64(), Some(drawn + 1));

    // A second window still showing the table as first drawn: refused, in its language.
    let err = call(
        "game_enter",
        json!({"id": id, "revision": drawn, "request": {"player": "A", "card": "V14", "target": null, "face_down": false}, "confirmed": true, "lang": "de"}),
    )
    .expect_err("the game moved");
    assert!(err.contains("changed"), "the code goes to the page: {err}");
    assert!(err.contains("Ann und Ben"), "{err}");
    for cmd in ["game_undo", "game_redo", "game_next"] {
        let err = call(cmd, json!({"id": id, "revision": drawn, "lang": "en"}))
            .expect_err("the game moved");
        assert!(err.contains("changed meanwhile"), "{cmd}: {err}");
    }
    let now = call("game_view", json!({"id": id})).expect("view");
    assert_eq!(now["revision"], v["revision"], "nothing was written");

    // Cinder played, then its type fixed and taken back: the game still opens as played.
    let out = call(
        "game_enter",
        json!({"id": id, "revision": now["revision"], "request": {"player": "A", "card": "V14", "target": null, "face_down": false}, "confirmed": true, "lang": "en"}),
    )
    .expect("Cinder played");
    let combat = out["view"]["players"][0]["areas"]["combat"].clone();
    assert_eq!(combat[0]["id"], "vulca-14", "{combat}");
    let fixes = call(
        "cards_fix",
        json!({"card": "V14", "fact": "type", "value": "leadership"}),
    )
    .expect("fix");
    assert!(fixes.to_string().contains("leadership"), "{fixes}");
    let after = call("game_view", json!({"id": id})).expect("the game still opens");
    assert_eq!(after["players"][0]["areas"]["combat"], combat);
    let fixes =
        call("cards_fix_remove", json!({"card": "V14", "fact": "type"})).expect("taken back");
    assert!(!fixes.to_string().contains("leadership"), "{fixes}");
    let err = call("cards_fix_remove", json!({"card": "V14", "fact": "type"}))
        .expect_err("nothing left to take back");
    assert!(err.contains("no fix"), "{err}");

    // Conceded, undone, redone: the end comes back with the redo.
    let ended = call(
        "game_act",
        json!({"id": id, "action": {"action": "concede", "player": "B"}, "lang": "en"}),
    )
    .expect("concede");
    assert!(ended["game_over"].is_object(), "{ended}");
    let undone = call(
        "game_undo",
        json!({"id": id, "revision": ended["revision"], "lang": "en"}),
    )
    .expect("undo the end");
    assert_eq!(undone["game_over"], Value::Null);
    let redone = call(
        "game_redo",
        json!({"id": id, "revision": undone["revision"], "lang": "en"}),
    )
    .expect("redo the end");
    assert_eq!(redone["game_over"], ended["game_over"]);

    // The other games: the same guard.
    let w = call(
        "other_new",
        json!({"request": {"kind": "whi", "player_a": "Ann", "player_b": "Ben", "deck_a": null, "deck_b": null, "first": "A", "hit_points": null}, "lang": "en"}),
    )
    .expect("other_new");
    let wid = w["id"].as_i64().expect("id");
    let wrev = w["revision"].as_u64().expect("revision");
    let collect = json!({"game": "whi", "event": {"type": "resources_collected", "player": "A", "amount": 3}});
    call(
        "other_act",
        json!({"id": wid, "revision": wrev, "action": collect, "lang": "en"}),
    )
    .expect("collect");
    for (cmd, body) in [
        (
            "other_act",
            json!({"id": wid, "revision": wrev, "action": collect, "lang": "en"}),
        ),
        (
            "other_undo",
            json!({"id": wid, "revision": wrev, "lang": "en"}),
        ),
        (
            "other_redo",
            json!({"id": wid, "revision": wrev, "lang": "en"}),
        ),
    ] {
        let err = call(cmd, body).expect_err("the game moved");
        assert!(err.contains("changed meanwhile"), "{cmd}: {err}");
    }
    let wv = call("other_view", json!({"id": wid, "lang": "en"})).expect("view");
    assert_eq!(wv["revision"].as_u64(), Some(wrev + 1));
}
