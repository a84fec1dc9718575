//! The other games' table commands through Tauri's mock runtime with the real configuration
//! and capabilities: argument names as the UI sends them (ui/src/lib/api/othergames.ts),
//! results, a ruling marked seen, and refusals in German naming the players.

use crate::common;

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
    // Grimgor's own rulings in the shipped WHI FAQ, the rule that names him first (limit 3)
    let ids = |list: &Value| -> Vec<String> {
        list.as_array()
            .expect("list")
            .iter()
            .map(|p| p["ruling"]["id"].as_str().expect("id").to_owned())
            .collect()
    };
    assert_eq!(ids(&p), ["whi-db447a45e281", "whi-556f602f5c98"], "{p}");
    // One call for a card entering play: the table after it and the card's rulings.
    let e = call(
        "other_enter",
        json!({"id": id, "action": {"game": "whi", "event": {"type": "card_played", "player": "A", "card": "Grimgor Ironhide", "zone": "kingdom"}}, "lang": "en", "limit": 2}),
    )
    .expect("enter");
    assert_eq!(
        e["view"]["table"]["table"]["players"][0]["sections"][0]["cards"][0],
        "whi-grimgor-ironhide"
    );
    // the same two, within the limit of 2
    assert_eq!(ids(&e["prompts"]), ["whi-db447a45e281", "whi-556f602f5c98"]);
    let err = call(
        "other_act",
        json!({"id": id, "action": {"game": "whi", "event": {"type": "turn_ended", "player": "B"}}, "lang": "de"}),
    )
    .expect_err("not Ben's turn");
    assert!(err.contains("Ann ist am Zug, nicht Ben."), "{err}");
    let v = call("other_undo", json!({"id": id, "lang": "de"})).expect("undo");
    assert_eq!(v["can_redo"], true);
    let v = call("other_redo", json!({"id": id, "lang": null})).expect("redo");
    assert_eq!(v["history"].as_array().expect("history").len(), 3);
    // A ruling marked seen leaves the prompt; another is refused in German.
    let ruling = p[0]["ruling"]["id"].as_str().expect("ruling id").to_owned();
    assert_eq!(
        call(
            "other_mark_ruling_seen",
            json!({"id": id, "ruling": ruling, "lang": "en"})
        )
        .expect("seen"),
        Value::Null
    );
    let p2 = call(
        "other_prompts",
        json!({"id": id, "card": "Grimgor Ironhide", "lang": "en", "limit": 3}),
    )
    .expect("prompts");
    assert!(
        p2.as_array()
            .expect("list")
            .iter()
            .all(|x| x["ruling"]["id"] != ruling.as_str()),
        "{p2}"
    );
    let err = call(
        "other_mark_ruling_seen",
        json!({"id": id, "ruling": "whi-nope", "lang": "de"}),
    )
    .expect_err("no such ruling");
    assert!(
        err.contains("Es gibt keine Regel zu Warhammer: Invasion mit der Kennung „whi-nope“."),
        "{err}"
    );
    let err = call(
        "other_new",
        json!({"request": {"kind": "kc", "player_a": "Ann", "player_b": "ann", "deck_a": null, "deck_b": null, "first": null, "hit_points": null}, "lang": "de"}),
    )
    .expect_err("same names");
    assert!(
        err.contains(
            "Ann und ann sind derselbe Name: die zwei Spieler brauchen verschiedene Namen."
        ),
        "{err}"
    );
    let list = call("other_list", json!({"unfinishedOnly": true})).expect("list");
    assert_eq!(
        list.as_array().expect("list").len(),
        1,
        "the refused game is not written"
    );
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
