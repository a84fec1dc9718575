//! The table screen's commands through Tauri's mock runtime with the real configuration and
//! capabilities: argument names as the UI sends them (ui/src/lib/api/game.ts), results and errors.

use serde_json::{json, Value};
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{get_ipc_response, mock_builder, INVOKE_KEY};
use tauri::webview::InvokeRequest;

fn request(cmd: &str, body: Value) -> InvokeRequest {
    InvokeRequest {
        cmd: cmd.into(),
        callback: CallbackFn(0),
        error: CallbackFn(1),
        url: "tauri://localhost".parse().expect("valid url"),
        body: InvokeBody::Json(body),
        headers: Default::default(),
        invoke_key: INVOKE_KEY.to_string(),
    }
}

#[test]
fn a_game_is_played_through_ipc() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::env::set_var(tablemate::paths::DATA_DIR_ENV, dir.path());
    let app = tablemate_app_lib::configure(mock_builder())
        .build(tauri::generate_context!())
        .expect("app builds");
    let webview = tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
        .build()
        .expect("main window");
    let call = |cmd: &str, body: Value| -> Result<Value, String> {
        get_ipc_response(&webview, request(cmd, body))
            .map(|r| r.deserialize::<Value>().expect("json"))
            .map_err(|e| format!("{e:?}"))
    };

    assert_eq!(
        call("game_current", json!({})).expect("answers"),
        Value::Null
    );
    let g = call(
        "game_new",
        json!({"request": {"player_a": "Ann", "player_b": "Ben", "people_a": "Vulca", "people_b": "Hoax", "first": "A"}}),
    )
    .expect("game_new");
    let id = g["id"].as_i64().expect("id");
    let s = call("game_suggest", json!({"text": "Feuerz", "limit": null})).expect("suggest");
    assert_eq!(s[0]["id"], "vulca-24");
    let p = call(
        "game_preview_play",
        json!({"id": id, "request": {"player": "A", "card": "V02", "target": null, "face_down": false}}),
    )
    .expect("preview");
    assert_eq!(p["area"], "combat");
    let v = call(
        "game_play",
        json!({"id": id, "request": {"player": "A", "card": "V02", "target": null, "face_down": false}}),
    )
    .expect("play");
    assert_eq!(v["players"][0]["total"], json!({"fire": 6, "earth": 3}));
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
}
