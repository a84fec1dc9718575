//! What the CLI integration tests share: running the real `tablemate` binary on a data folder.
// Each test file is its own crate and uses only part of this module.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

/// Runs `tablemate --data-dir DATA ARGS…`, ignoring any data folder set in the environment.
pub fn tablemate(data: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tablemate"))
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .env_remove("TABLEMATE_DATA_DIR")
        .output()
        .expect("tablemate runs")
}

/// `tablemate --json ARGS…`, which must succeed (the command and its stderr otherwise), as JSON.
pub fn json(data: &Path, args: &[&str]) -> serde_json::Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let o = tablemate(data, &all);
    assert!(
        o.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).expect("valid JSON")
}

/// The text a command prints, which must succeed (the command and its output otherwise).
pub fn text(data: &Path, args: &[&str]) -> String {
    let o = tablemate(data, args);
    assert!(o.status.success(), "{args:?}: {o:?}");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What a command refused as a user error (exit 1) says on stderr.
pub fn refused(data: &Path, args: &[&str]) -> String {
    let o = tablemate(data, args);
    assert_eq!(o.status.code(), Some(1), "{args:?}: {o:?}");
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `game new Ann Ben` with Vulca against Hoax: the new Blue Moon game's view.
pub fn new_vulca_hoax(data: &Path) -> serde_json::Value {
    json(
        data,
        &[
            "game",
            "new",
            "Ann",
            "Ben",
            "--people-a",
            "Vulca",
            "--people-b",
            "Hoax",
        ],
    )
}
