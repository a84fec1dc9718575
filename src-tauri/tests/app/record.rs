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
        "table_new",
        json!({"request": {"game": "blue_moon", "request": {"player_a": "Ann", "player_b": "Ben", "people_a": "Vulca", "people_b": "Hoax", "first": "A"}}, "lang": "en"}),
    )
    .expect("table_new");
    let game = g["header"]["game"].clone();
    let drawn = g["header"]["revision"]
        .as_u64()
        .expect("the view carries its revision");
    let at = |revision: &Value| json!({"game": game, "revision": revision});
    let fire = json!({"game": "blue_moon", "action": {"action": "choose_element", "player": "A", "element": "fire"}});
    let v = call(
        "table_act",
        json!({"at": at(&json!(drawn)), "action": fire, "lang": "en"}),
    )
    .expect("decided on the table as drawn");
    assert_eq!(v["header"]["revision"].as_u64(), Some(drawn + 1));

    // A second window still showing the table as first drawn: refused, in its language.
    let cinder = json!({"game": "blue_moon", "request": {"player": "A", "card": "V14", "target": null, "face_down": false}, "confirmed": true});
    let err = call(
        "table_enter",
        json!({"at": at(&json!(drawn)), "card": cinder, "lang": "de"}),
    )
    .expect_err("the game moved");
    assert!(err.contains("changed"), "the code goes to the page: {err}");
    assert!(err.contains("Ann und Ben"), "{err}");
    for cmd in ["table_undo", "table_redo"] {
        let err =
            call(cmd, json!({"at": at(&json!(drawn)), "lang": "en"})).expect_err("the game moved");
        assert!(err.contains("changed meanwhile"), "{cmd}: {err}");
    }
    let err = call(
        "table_abandon",
        json!({"at": at(&json!(drawn)), "confirmed": true, "lang": "en"}),
    )
    .expect_err("the game moved");
    assert!(err.contains("changed meanwhile"), "{err}");
    let err = call(
        "game_next",
        json!({"at": {"game": game, "revision": drawn}, "lang": "en"}),
    )
    .expect_err("the game moved");
    assert!(err.contains("changed meanwhile"), "{err}");
    let now = call("table_view", json!({"game": game, "lang": "en"})).expect("view");
    assert_eq!(
        now["header"]["revision"], v["header"]["revision"],
        "nothing was written"
    );

    // Cinder played, then its type fixed and taken back: the game still opens as played.
    let out = call(
        "table_enter",
        json!({"at": at(&now["header"]["revision"]), "card": cinder, "lang": "en"}),
    )
    .expect("Cinder played");
    let combat = out["table"]["board"]["view"]["players"][0]["areas"]["combat"].clone();
    assert_eq!(combat[0]["id"], "vulca-14", "{combat}");
    let fixes = call(
        "cards_fix",
        json!({"card": "V14", "fact": "type", "value": "leadership"}),
    )
    .expect("fix");
    assert!(fixes.to_string().contains("leadership"), "{fixes}");
    let after =
        call("table_view", json!({"game": game, "lang": "en"})).expect("the game still opens");
    assert_eq!(
        after["board"]["view"]["players"][0]["areas"]["combat"],
        combat
    );
    let fixes =
        call("cards_fix_remove", json!({"card": "V14", "fact": "type"})).expect("taken back");
    assert!(!fixes.to_string().contains("leadership"), "{fixes}");
    let err = call("cards_fix_remove", json!({"card": "V14", "fact": "type"}))
        .expect_err("nothing left to take back");
    assert!(err.contains("no fix"), "{err}");

    // Conceded, undone, redone: the end comes back with the redo.
    let ended = call(
        "table_act",
        json!({"at": at(&Value::Null), "action": {"game": "blue_moon", "action": {"action": "concede", "player": "B"}}, "lang": "en"}),
    )
    .expect("concede");
    assert!(ended["board"]["view"]["game_over"].is_object(), "{ended}");
    assert_eq!(ended["header"]["outcome"]["name"], "Ann", "{ended}");
    let undone = call(
        "table_undo",
        json!({"at": at(&ended["header"]["revision"]), "lang": "en"}),
    )
    .expect("undo the end");
    assert_eq!(undone["board"]["view"]["game_over"], Value::Null);
    let redone = call(
        "table_redo",
        json!({"at": at(&undone["header"]["revision"]), "lang": "en"}),
    )
    .expect("redo the end");
    assert_eq!(
        redone["board"]["view"]["game_over"],
        ended["board"]["view"]["game_over"]
    );

    // The other games: the same guard.
    let w = call(
        "table_new",
        json!({"request": {"game": "other", "request": {"kind": "whi", "player_a": "Ann", "player_b": "Ben", "deck_a": null, "deck_b": null, "first": "A", "hit_points": null}}, "lang": "en"}),
    )
    .expect("table_new");
    let wat = json!({"game": w["header"]["game"], "revision": w["header"]["revision"]});
    let wrev = w["header"]["revision"].as_u64().expect("revision");
    let collect = json!({"game": "other", "action": {"game": "whi", "event": {"type": "resources_collected", "player": "A", "amount": 3}}});
    call(
        "table_act",
        json!({"at": wat, "action": collect, "lang": "en"}),
    )
    .expect("collect");
    for (cmd, body) in [
        (
            "table_act",
            json!({"at": wat, "action": collect, "lang": "en"}),
        ),
        ("table_undo", json!({"at": wat, "lang": "en"})),
        ("table_redo", json!({"at": wat, "lang": "en"})),
    ] {
        let err = call(cmd, body).expect_err("the game moved");
        assert!(err.contains("changed meanwhile"), "{cmd}: {err}");
    }
    let wv = call(
        "table_view",
        json!({"game": w["header"]["game"], "lang": "en"}),
    )
    .expect("view");
    assert_eq!(wv["header"]["revision"].as_u64(), Some(wrev + 1));
}
