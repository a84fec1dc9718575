//! `other_stats` through Tauri's mock runtime with the real configuration and capabilities:
//! the argument names the UI sends (ui/src/lib/api/matches.ts) and the figures of a game won
//! through `table_act`.

use crate::common;

use serde_json::{json, Value};

#[test]
fn the_statistics_of_a_won_game_come_through_ipc() {
    let app = common::TestApp::start();
    let call = |cmd: &str, body: Value| app.call(cmd, body);
    let g = call(
        "table_new",
        json!({"request": {"game": "other", "request": {"kind": "stccg", "player_a": "Kirk", "player_b": "Picard", "deck_a": "Federation", "deck_b": "Borg", "first": null, "hit_points": null}}, "lang": "en"}),
    )
    .expect("table_new");
    let game = g["header"]["game"].clone();
    call(
        "table_act",
        json!({"at": {"game": game, "revision": null}, "action": {"game": "other", "action": {"game": "stccg", "event": {"type": "points_scored", "player": "B", "points": 100, "source": "mission"}}}, "lang": "en"}),
    )
    .expect("act");
    let s = call("other_stats", json!({"kind": "stccg", "player": null})).expect("stats");
    assert_eq!(s["games"], 1);
    assert_eq!(s["ends"][0]["end"], "points");
    assert_eq!(s["by_deck"][0]["name"], "Borg");
    assert_eq!(s["by_deck"][0]["win_rate"], 100.0);
    let s = call("other_stats", json!({"kind": "whi", "player": "Kirk"})).expect("stats");
    assert_eq!(
        (s["games"].clone(), s["player"].clone()),
        (json!(0), json!("Kirk"))
    );
    let err = call("other_stats", json!({"kind": "kc", "player": "Nobody"})).expect_err("unknown");
    assert!(err.contains("Nobody"), "{err}");
    // The page sends its language: the refusal reads in it, for Blue Moon's statistics too.
    for cmd in ["other_stats", "history_stats"] {
        let err = call(cmd, json!({"kind": "kc", "player": "Nobody", "lang": "de"}))
            .expect_err("unknown");
        assert!(
            err.contains("Es gibt keinen Spieler namens „Nobody“."),
            "{cmd}: {err}"
        );
    }
}
