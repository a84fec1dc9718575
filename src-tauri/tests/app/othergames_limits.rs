//! Numbers beyond the other games' limits (crates/othergames/EVENTS.md, "Limits") through
//! Tauri's mock runtime: refused in German naming the player, nothing written. A file of its
//! own: the mock app's data folder is one per test process.

use crate::common;

use serde_json::{json, Value};

#[test]
fn numbers_beyond_the_limits_are_refused_in_german_naming_the_player() {
    let app = common::TestApp::start();
    let call = |cmd: &str, body: Value| app.call(cmd, body);
    let new = |kind: &str| {
        let g = call(
            "table_new",
            json!({"request": {"game": "other", "request": {"kind": kind, "player_a": "Ann", "player_b": "Ben", "deck_a": null, "deck_b": null, "first": null, "hit_points": null}}, "lang": "en"}),
        )
        .expect("table_new");
        g["header"]["game"].clone()
    };
    let whi = new("whi");
    let err = call(
        "table_act",
        json!({"at": {"game": whi, "revision": null}, "action": {"game": "other", "action": {"game": "whi", "event": {"type": "resources_gained", "player": "B", "amount": 4294967295u32}}}, "lang": "de"}),
    )
    .expect_err("beyond the limit");
    assert!(
        err.contains("4294967295 für Ben ist zu viel: ein Eintrag ist höchstens 999."),
        "{err}"
    );
    let st = new("stccg");
    for _ in 0..2 {
        let err = call(
            "table_act",
            json!({"at": {"game": st, "revision": null}, "action": {"game": "other", "action": {"game": "stccg", "event": {"type": "points_scored", "player": "A", "points": i32::MIN, "source": "dilemma"}}}, "lang": "de"}),
        )
        .expect_err("beyond the limit");
        assert!(
            err.contains("-2147483648 Punkte für Ann sind zu viele"),
            "{err}"
        );
    }
    let v = call("table_view", json!({"game": st, "lang": "en"})).expect("view");
    let v = &v["board"]["view"];
    assert_eq!(v["table"]["table"]["players"][0]["score"], 0, "{v}");
    assert_eq!(v["history"].as_array().expect("history").len(), 1, "{v}");
}
