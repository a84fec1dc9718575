//! The app's tests, in ONE test binary (each test binary expands Tauri's context and links
//! Tauri, WebKitGTK and SQLite: a dozen of them cost minutes of CI time apiece, their tests
//! milliseconds). This file: the app's IPC through Tauri's mock runtime with the real
//! configuration and capabilities, what the window may call and what it gets back; the
//! modules below, one part of the app each. The tests that start the app take turns
//! (`common::TestApp` holds a lock), because the app reads its data folder from the process
//! environment.

#[path = "../common/mod.rs"]
mod common;

mod cards;
mod decks;
mod device_prefs;
mod dialog;
mod full_disk;
mod game;
mod ipc_deck_files;
mod ipc_device;
mod matches;
mod other_stats;
mod othergames;
mod othergames_limits;
mod record;
mod reporting;
mod tournaments;
#[cfg(target_os = "linux")]
mod wake;
#[cfg(target_os = "linux")]
mod wake_lock;

// a small tmpfs of the test's own, for `full_disk`
#[path = "../../../tests/support/small_disk.rs"]
#[allow(clippy::unwrap_used)] // test support: a failed step is the failed test
mod small_disk;

// the stand-in ScreenSaver on a private session bus, for `wake` and `wake_lock`
#[cfg(target_os = "linux")]
#[path = "../support/bus.rs"]
mod bus;
#[cfg(target_os = "linux")]
#[path = "../support/screensaver.rs"]
mod screensaver;

use serde_json::{json, Value};

#[test]
fn commands_answer_through_ipc_and_settings_persist() {
    let app = common::TestApp::start();
    let dir = app.dir.path();

    let info = app.call("app_info", json!({})).expect("app_info answers");
    assert_eq!(info["version"], tablemate::VERSION);
    assert_eq!(info["data_dir"], dir.display().to_string());
    assert_eq!(
        info["schema_version"].as_u64(),
        Some(u64::from(store::schema::latest())),
        "the newest migration: {info}"
    );

    let defaults = app
        .call("get_settings", json!({}))
        .expect("get_settings answers");
    assert_eq!(defaults, json!({"language": "en", "theme": "dark"}));

    let wanted = json!({"language": "de", "theme": "light"});
    app.call("set_settings", json!({ "settings": wanted }))
        .expect("set_settings answers");
    // the app wrote the shared file, which the CLI's reader understands
    let seen = tablemate::Settings::load(dir).expect("settings file readable");
    assert_eq!(serde_json::to_value(seen).expect("json"), wanted);

    // a bad value is refused with a readable error and changes nothing
    let err = app
        .call(
            "set_settings",
            json!({"settings": {"language": "fr", "theme": "dark"}}),
        )
        .expect_err("invalid language refused");
    assert!(err.contains("fr"), "{err}");
    let still = tablemate::Settings::load(dir).expect("settings file readable");
    assert_eq!(serde_json::to_value(still).expect("json"), wanted);

    // a settings file broken behind the app's back (a crash, another program) is set aside,
    // kept and shown as a notice until the person acknowledges it
    assert_eq!(app.call("notices", json!({})).expect("notices"), json!([]));
    std::fs::write(dir.join(tablemate::settings::SETTINGS_FILE), "").expect("write");
    let defaults_again = app.call("get_settings", json!({})).expect("get_settings");
    assert_eq!(defaults_again, json!({"language": "en", "theme": "dark"}));
    let notices = app.call("notices", json!({})).expect("notices");
    assert_eq!(notices[0]["kind"], "settings_set_aside", "{notices}");
    let kept = notices[0]["files"][0].as_str().expect("a file");
    assert_eq!(std::fs::read_to_string(kept).expect("kept"), "");
    assert_eq!(
        app.call("notices", json!({})).expect("notices"),
        notices,
        "still shown"
    );
    let left = app
        .call("acknowledge_notices", json!({}))
        .expect("acknowledge_notices");
    assert_eq!(left, json!([]));
    assert_eq!(app.call("notices", json!({})).expect("notices"), json!([]));

    // a command that does not exist is not reachable
    assert!(app.call("no_such_command", json!({})).is_err());
}

/// The `#[tauri::command]` functions in src/commands/, by name.
fn app_commands() -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
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
    commands.sort();
    commands
}

/// The app's one table family: every table operation of the service (crates/tablemate's
/// table.rs, whose list ARCHITECTURE.md's "The table's operations" holds, checked there) is a
/// command of the same name in src/commands/table.rs, and that file holds no other command.
#[test]
fn the_table_commands_are_the_tables_operations() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    // the functions in `file` after each `marker` (which ends in `pub fn `, or is followed by it)
    let names = |file: &str, marker: &str| -> Vec<String> {
        let text = std::fs::read_to_string(root.join(file)).expect("a source file");
        let mut names: Vec<String> = text
            .split(marker)
            .skip(1)
            .map(|after| after.split_once("pub fn ").map_or(after, |(_, f)| f))
            .filter_map(|f| f.split(['(', '<']).next())
            .map(str::to_owned)
            .collect();
        names.sort();
        names
    };
    let operations = names("../crates/tablemate/src/table.rs", "\n    pub fn ");
    let commands = names("src/commands/table.rs", "#[tauri::command");
    // the check can fail: both sides hold the operations
    assert!(
        operations.contains(&"table_enter".to_owned()),
        "{operations:?}"
    );
    assert_eq!(commands, operations);
    let all = app_commands();
    assert!(commands.iter().all(|c| all.contains(c)), "{commands:?}");
}

/// Every command is called through the IPC harness by some test of the app (tests/app/*.rs, or
/// a binary of its own, tests/ipc*.rs): its name as a string in code, not in a comment. A new
/// command without an IPC test fails here.
#[test]
fn every_command_has_an_ipc_test() {
    let tests = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut code = String::new();
    let mut files = Vec::new();
    for (folder, prefix) in [(tests.join("app"), ""), (tests.clone(), "ipc")] {
        for entry in std::fs::read_dir(&folder).expect("tests folder") {
            let path = entry.expect("entry").path();
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
            if name.is_some_and(|n| n.starts_with(prefix) && n.ends_with(".rs")) {
                files.push(path);
            }
        }
    }
    assert!(files.len() > 10, "the IPC tests were found: {files:?}");
    for path in files {
        let text = std::fs::read_to_string(&path).expect("test file");
        for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
            code.push_str(line);
            code.push('\n');
        }
    }
    let untested: Vec<String> = app_commands()
        .into_iter()
        .filter(|c| !code.contains(&format!("\"{c}\"")))
        .collect();
    assert_eq!(untested, Vec::<String>::new(), "commands no IPC test calls");
}

/// The command names in a UI source text: each `call('name', …)` / `call<T>('name', …)`.
fn called_commands(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (at, _) in text.match_indices("call") {
        let mut rest = &text[at + 4..];
        if let Some(generic) = rest.strip_prefix('<') {
            // past the type argument: the first `(` after it opens the call
            let Some(open) = generic.find('(') else {
                continue;
            };
            rest = &generic[open..];
        }
        let Some(args) = rest.strip_prefix("('") else {
            continue;
        };
        let name: String = args
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || *c == '_')
            .collect();
        if args[name.len()..].starts_with('\'') && !name.is_empty() {
            found.push(name);
        }
    }
    found
}

/// The UI's source files (`.ts` and `.svelte`; tests, test helpers and generated bindings left
/// out), each with its path relative to ui/src.
fn ui_sources() -> Vec<(String, String)> {
    fn walk(root: &std::path::Path, dir: &std::path::Path, found: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).expect("ui folder") {
            let path = entry.expect("entry").path();
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if path.is_dir() {
                if name != "bindings" && name != "testing" {
                    walk(root, &path, found);
                }
                continue;
            }
            if !(name.ends_with(".ts") || name.ends_with(".svelte")) || name.ends_with(".test.ts") {
                continue;
            }
            let relative = path
                .strip_prefix(root)
                .expect("under ui/src")
                .to_string_lossy()
                .replace('\\', "/");
            found.push((relative, std::fs::read_to_string(&path).expect("ui file")));
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui/src");
    let mut found = Vec::new();
    walk(&root, &root, &mut found);
    found.sort();
    found
}

/// Whether a UI file is one of the api modules, the only files that write command names.
fn is_api_module(relative: &str) -> bool {
    relative == "lib/api.ts" || relative.starts_with("lib/api/")
}

/// The command names the UI invokes, read from the api modules (lib/api.ts, lib/api/*.ts),
/// sorted and deduplicated.
fn ui_commands() -> Vec<String> {
    let mut found: Vec<String> = ui_sources()
        .into_iter()
        .filter(|(path, _)| is_api_module(path))
        .flat_map(|(_, text)| called_commands(&text))
        .collect();
    found.sort();
    found.dedup();
    found
}

/// Command names are written only in the api modules: no other UI file calls a command by name
/// or imports Tauri's `invoke` (a screen calls `xApi.method(…)`).
#[test]
fn command_names_are_written_only_in_the_api_modules() {
    let elsewhere: Vec<String> = ui_sources()
        .into_iter()
        .filter(|(path, _)| !is_api_module(path))
        .filter_map(|(path, text)| {
            let names = called_commands(&text);
            let invokes = text.contains("@tauri-apps/api/core");
            (!names.is_empty() || invokes).then(|| format!("{path}: {names:?} invoke: {invokes}"))
        })
        .collect();
    assert_eq!(elsewhere, Vec::<String>::new());
    // the check can fail: the api modules do hold names it finds
    assert!(ui_commands().contains(&"app_info".to_owned()));
}

/// The UI and the app agree on the commands, both ways: every name the UI invokes is a command,
/// and every command is invoked by the UI (none left over, none missing).
#[test]
fn the_ui_invokes_exactly_the_apps_commands() {
    assert_eq!(ui_commands(), app_commands());
}

/// The commands in src/commands/, the handler in lib.rs and the capability files must name the
/// same commands: a command missing from a capability would be unreachable, an extra grant a hole.
#[test]
fn capabilities_grant_exactly_the_apps_commands_and_no_plugin() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = std::fs::read_to_string(root.join("src/lib.rs")).expect("lib.rs");

    let commands = app_commands();
    // Exact: every entry of generate_handler! (counted on its own) is a command found here.
    let handled = lib
        .split("generate_handler![")
        .nth(1)
        .and_then(|rest| rest.split("])").next())
        .expect("generate_handler! in lib.rs")
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("commands::"))
        .count();
    assert_eq!(commands.len(), handled, "{commands:?}");

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
        .collect();
    expected.sort();
    assert_eq!(granted, expected);

    for c in &commands {
        assert!(
            lib.contains(&format!("::{c},")),
            "{c} is not in generate_handler!"
        );
    }
    // The page gets no plugin's commands at all: settings go through the app's own commands,
    // and the file dialogs (tauri-plugin-dialog) are opened by the import and export commands in
    // Rust, so neither `dialog:` nor `fs:` is granted. A plugin grant added here must be listed.
    const PLUGIN_GRANTS: [&str; 0] = [];
    let plugin_grants: Vec<&str> = granted
        .iter()
        .map(String::as_str)
        .filter(|p| p.contains(':'))
        .collect();
    assert_eq!(plugin_grants, PLUGIN_GRANTS, "a plugin grant");
}
