//! The other games' table commands through Tauri's mock runtime with the real configuration
//! and capabilities: argument names as the UI sends them (ui/src/lib/api/table.ts),
//! results, a ruling marked seen, and refusals in German naming the players.

use crate::common;

use serde_json::{json, Value};

#[test]
fn a_warhammer_game_is_played_through_ipc() {
    let app = common::TestApp::start();
    let call = |cmd: &str, body: Value| app.call(cmd, body);

    assert_eq!(
        call(
            "table_current",
            json!({"kind": "warhammer-invasion", "lang": "en"})
        )
        .expect("answers"),
        Value::Null
    );
    let g = call(
        "table_new",
        json!({"request": {"game": "other", "request": {"kind": "whi", "player_a": "Ann", "player_b": "Ben", "deck_a": "Dwarfs", "deck_b": null, "first": null, "hit_points": null}}, "lang": "en"}),
    )
    .expect("table_new");
    let game = g["header"]["game"].clone();
    let id = game["id"].as_i64().expect("id");
    assert_eq!(game["kind"], "warhammer-invasion");
    assert_eq!(g["board"]["game"], "warhammer");
    assert_eq!(g["board"]["view"]["table"]["game"], "whi");
    let now = json!({"game": game, "revision": null});
    let at = |v: &Value| json!({"game": game, "revision": v["header"]["revision"]});
    let s = call(
        "table_suggest",
        json!({"game": game, "text": "grimgor", "lang": "en", "limit": null}),
    )
    .expect("suggest");
    assert_eq!(s[0]["id"], "whi-grimgor-ironhide");
    let v = call(
        "table_act",
        json!({"at": now, "action": {"game": "other", "action": {"game": "whi", "event": {"type": "card_played", "player": "A", "card": "Grimgor Ironhide", "zone": "battlefield"}}}, "lang": "en"}),
    )
    .expect("act");
    assert_eq!(
        v["board"]["view"]["table"]["table"]["players"][0]["sections"][2]["cards"][0],
        "whi-grimgor-ironhide"
    );
    assert_eq!(
        v["header"]["cards_in_play"],
        json!(["whi-grimgor-ironhide"])
    );
    let p = call(
        "table_prompts",
        json!({"game": game, "card": "Grimgor Ironhide", "lang": "en", "limit": 3}),
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
        "table_enter",
        json!({"at": at(&v), "card": {"game": "other", "action": {"game": "whi", "event": {"type": "card_played", "player": "A", "card": "Grimgor Ironhide", "zone": "kingdom"}}}, "lang": "en"}),
    )
    .expect("enter");
    assert_eq!(
        e["table"]["board"]["view"]["table"]["table"]["players"][0]["sections"][0]["cards"][0],
        "whi-grimgor-ironhide"
    );
    // the same two first, the rule that names him first
    assert_eq!(
        ids(&e["table"]["header"]["prompts"])[..2],
        ["whi-db447a45e281", "whi-556f602f5c98"]
    );
    let err = call(
        "table_act",
        json!({"at": now, "action": {"game": "other", "action": {"game": "whi", "event": {"type": "turn_ended", "player": "B"}}}, "lang": "de"}),
    )
    .expect_err("not Ben's turn");
    assert!(err.contains("Ann ist am Zug, nicht Ben."), "{err}");
    // Warhammer's games end by their own events: abandoning is refused
    let err = call(
        "table_abandon",
        json!({"at": now, "confirmed": true, "lang": "en"}),
    )
    .expect_err("no abandon");
    assert!(err.contains("ends by its own rules"), "{err}");
    let v = call("table_undo", json!({"at": now, "lang": "de"})).expect("undo");
    assert_eq!(v["header"]["can_redo"], true);
    let v = call("table_redo", json!({"at": at(&v), "lang": "en"})).expect("redo");
    assert_eq!(
        v["board"]["view"]["history"]
            .as_array()
            .expect("history")
            .len(),
        3
    );
    // A ruling marked seen leaves the prompt; another is refused in German.
    let ruling = p[0]["ruling"]["id"].as_str().expect("ruling id").to_owned();
    assert_eq!(
        call(
            "table_mark_seen",
            json!({"game": game, "ruling": ruling, "lang": "en"})
        )
        .expect("seen"),
        Value::Null
    );
    let p2 = call(
        "table_prompts",
        json!({"game": game, "card": "Grimgor Ironhide", "lang": "en", "limit": 3}),
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
        "table_mark_seen",
        json!({"game": game, "ruling": "whi-nope", "lang": "de"}),
    )
    .expect_err("no such ruling");
    assert!(
        err.contains("Es gibt keine Regel zu Warhammer: Invasion mit der Kennung „whi-nope“."),
        "{err}"
    );
    let err = call(
        "table_new",
        json!({"request": {"game": "other", "request": {"kind": "kc", "player_a": "Ann", "player_b": "ann", "deck_a": null, "deck_b": null, "first": null, "hit_points": null}}, "lang": "de"}),
    )
    .expect_err("same names");
    assert!(
        err.contains(
            "Ann und ann sind derselbe Name: die zwei Spieler brauchen verschiedene Namen."
        ),
        "{err}"
    );
    let list = call(
        "table_list",
        json!({"kinds": ["warhammer-invasion", "star-trek-ccg", "knightmare-chess"], "unfinishedOnly": true}),
    ).expect("list");
    assert_eq!(
        list.as_array().expect("list").len(),
        1,
        "the refused game is not written"
    );
    assert_eq!(list[0]["id"], id);
    assert_eq!(list[0]["kind"], "warhammer-invasion");
    // The history is worded in the language the page sends.
    let v = call("table_view", json!({"game": game, "lang": "de"})).expect("view");
    assert_eq!(v["header"]["game"], game);
    assert_eq!(
        v["board"]["view"]["history"][0]["text"],
        "Aufbau: Ann beginnt; Bereiche der Hauptstadt haben 8 Trefferpunkte + 1 je Entwicklung."
    );
    let v = call(
        "table_current",
        json!({"kind": "warhammer-invasion", "lang": "en"}),
    )
    .expect("current");
    assert_eq!(
        v["board"]["view"]["history"][0]["text"],
        "Set-up: Ann starts; capital sections have 8 hit points + 1 per development."
    );
    // the same id as a game of another kind: refused, naming the game
    let err = call(
        "table_view",
        json!({"game": {"kind": "star-trek-ccg", "id": id}, "lang": "en"}),
    )
    .expect_err("not a Star Trek game");
    assert!(err.contains("is not a game of"), "{err}");
}
