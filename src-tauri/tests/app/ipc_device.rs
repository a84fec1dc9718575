//! The window's start and this device's preferences through IPC, as the page calls them.

use crate::common;

use serde_json::json;

#[test]
fn boot_state_and_device_prefs_through_ipc() {
    let app = common::TestApp::start();
    // a first start: the defaults, no game, localStorage still to be moved
    let boot = app.call("boot_state", json!({})).expect("boot_state");
    assert_eq!(boot["settings"]["language"], "en", "{boot}");
    assert_eq!(boot["game"], serde_json::Value::Null);
    assert_eq!(boot["prefs"]["face_to_face"], false);
    assert_eq!(boot["prefs"]["last_screen"], "table");
    assert_eq!(boot["prefs_moved"], false);
    assert_eq!(boot["error"], serde_json::Value::Null);

    let prefs = app
        .call(
            "device_pref_set",
            json!({ "pref": { "key": "last_screen", "value": "cards" } }),
        )
        .expect("device_pref_set");
    assert_eq!(prefs["last_screen"], "cards");
    // the page names a preference, never a file: a key the app does not have is refused
    assert!(app
        .call(
            "device_pref_set",
            json!({ "pref": { "key": "path", "value": "/etc/passwd" } })
        )
        .is_err());

    let moved = app
        .call(
            "device_prefs_move",
            json!({ "legacy": { "face_to_face": true, "keep_awake": null, "reporting_addresses": {} } }),
        )
        .expect("device_prefs_move");
    assert_eq!(moved["face_to_face"], true);
    assert_eq!(moved["last_screen"], "cards");
    assert!(app.dir.path().join("device.json").exists());

    let boot = app.call("boot_state", json!({})).expect("boot_state");
    assert_eq!(boot["prefs_moved"], true);
    assert_eq!(boot["prefs"]["face_to_face"], true);

    // the first screen painted: the rulings index opens in the background; asked twice, once
    assert_eq!(
        app.call("app_ready", json!({})).expect("app_ready"),
        serde_json::Value::Null
    );
    assert_eq!(
        app.call("app_ready", json!({})).expect("app_ready"),
        serde_json::Value::Null
    );
}
