//! The app's IPC, through Tauri's mock runtime with the real configuration and capabilities:
//! what the window may call, and what it gets back.

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

/// One test, because the app reads its data folder from the process environment.
#[test]
fn commands_answer_through_ipc_and_settings_persist() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::env::set_var(tablemate::paths::DATA_DIR_ENV, dir.path());

    let app = tablemate_app_lib::configure(mock_builder())
        .build(tauri::generate_context!())
        .expect("app builds");
    let webview = tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
        .build()
        .expect("main window");

    let info: Value = get_ipc_response(&webview, request("app_info", json!({})))
        .expect("app_info answers")
        .deserialize()
        .expect("json");
    assert_eq!(info["version"], tablemate::VERSION);
    assert_eq!(info["data_dir"], dir.path().display().to_string());
    assert!(info["schema_version"].as_u64().unwrap_or(0) >= 1, "{info}");

    let defaults: Value = get_ipc_response(&webview, request("get_settings", json!({})))
        .expect("get_settings answers")
        .deserialize()
        .expect("json");
    assert_eq!(defaults, json!({"language": "en", "theme": "dark"}));

    let wanted = json!({"language": "de", "theme": "light"});
    get_ipc_response(
        &webview,
        request("set_settings", json!({ "settings": wanted })),
    )
    .expect("set_settings answers");
    // the store plugin wrote the shared file, which the CLI's reader understands
    let seen = tablemate::Settings::load(dir.path()).expect("settings file readable");
    assert_eq!(serde_json::to_value(seen).expect("json"), wanted);

    // a bad value is refused with a readable error and changes nothing
    let err = get_ipc_response(
        &webview,
        request(
            "set_settings",
            json!({"settings": {"language": "fr", "theme": "dark"}}),
        ),
    )
    .expect_err("invalid language refused");
    assert!(format!("{err:?}").contains("fr"), "{err:?}");
    let still = tablemate::Settings::load(dir.path()).expect("settings file readable");
    assert_eq!(serde_json::to_value(still).expect("json"), wanted);

    // a command that does not exist is not reachable
    assert!(get_ipc_response(&webview, request("no_such_command", json!({}))).is_err());
}

/// The commands in src/commands/, the handler in lib.rs and the capability files must name the
/// same commands: a command missing from a capability would be unreachable, an extra grant a hole.
#[test]
fn capabilities_grant_exactly_the_apps_commands_and_the_store() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = std::fs::read_to_string(root.join("src/lib.rs")).expect("lib.rs");

    let mut commands = Vec::new();
    for entry in std::fs::read_dir(root.join("src/commands")).expect("commands folder") {
        let text = std::fs::read_to_string(entry.expect("entry").path()).expect("command file");
        let mut marked = false;
        for line in text.lines().map(str::trim) {
            if line.starts_with("#[tauri::command") {
                marked = true;
            } else if marked && line.starts_with("pub ") {
                let after = &line[line.find("fn ").expect("a function") + 3..];
                let name: String = after
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                commands.push(name);
                marked = false;
            }
        }
    }
    assert!(commands.len() >= 3, "{commands:?}");

    let mut granted = Vec::new();
    for entry in std::fs::read_dir(root.join("capabilities")).expect("capabilities folder") {
        let cap: Value = serde_json::from_str(
            &std::fs::read_to_string(entry.expect("entry").path()).expect("capability"),
        )
        .expect("capability json");
        assert_eq!(
            cap["windows"],
            json!(["main"]),
            "capabilities are for the main window"
        );
        for p in cap["permissions"].as_array().expect("permissions") {
            granted.push(p.as_str().expect("string permission").to_owned());
        }
    }
    granted.sort();
    let mut expected: Vec<String> = commands
        .iter()
        .map(|c| format!("allow-{}", c.replace('_', "-")))
        .chain(std::iter::once("store:default".to_owned()))
        .collect();
    expected.sort();
    assert_eq!(granted, expected);

    for c in &commands {
        assert!(
            lib.contains(&format!("::{c},")),
            "{c} is not in generate_handler!"
        );
    }
    for forbidden in ["shell:", "http:", "fs:", "opener:"] {
        assert!(
            !granted.iter().any(|p| p.starts_with(forbidden)),
            "{forbidden}"
        );
    }
}
