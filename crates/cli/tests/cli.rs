//! The `tablemate` binary as a user runs it: help, version, JSON output and exit codes.

mod common;
use common::tablemate;

use std::process::{Command, Output};

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn version_and_help() {
    let dir = tempfile::tempdir().unwrap();
    let v = tablemate(dir.path(), &["--version"]);
    assert!(v.status.success());
    assert_eq!(
        stdout(&v).trim(),
        format!("tablemate {}", env!("CARGO_PKG_VERSION"))
    );
    let h = tablemate(dir.path(), &["--help"]);
    assert!(h.status.success());
    let help = stdout(&h);
    for word in ["--data-dir", "--json", "info", "settings", "Exit codes"] {
        assert!(help.contains(word), "help lacks {word}:\n{help}");
    }
}

#[test]
fn info_as_text_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let text = tablemate(dir.path(), &["info"]);
    assert!(text.status.success(), "{text:?}");
    assert!(stdout(&text).contains(&dir.path().display().to_string()));
    let json = tablemate(dir.path(), &["--json", "info"]);
    assert!(json.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&json)).expect("valid JSON");
    assert_eq!(v["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(
        v["schema_version"].as_u64(),
        Some(u64::from(store::schema::latest())),
        "the newest migration"
    );
    assert!(dir.path().join("tablemate.db").exists());
}

#[test]
fn settings_are_shared_and_bad_values_exit_1_without_changes() {
    let dir = tempfile::tempdir().unwrap();
    let ok = tablemate(dir.path(), &["--json", "settings", "--language", "de"]);
    assert!(ok.status.success());
    let v: serde_json::Value = serde_json::from_str(&stdout(&ok)).unwrap();
    assert_eq!(v["language"], "de");
    assert_eq!(v["theme"], "dark");

    let bad = tablemate(dir.path(), &["settings", "--language", "fr"]);
    assert_eq!(bad.status.code(), Some(1), "{bad:?}");
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.starts_with("tablemate: ") && err.contains("fr"),
        "{err}"
    );
    let after = tablemate(dir.path(), &["--json", "settings"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&after)).unwrap();
    assert_eq!(v["language"], "de", "a refused change changes nothing");
}

#[test]
fn an_unusable_data_dir_is_an_internal_error_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, "not a folder").unwrap();
    let o = tablemate(&file, &["info"]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert!(!o.stderr.is_empty());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not a folder");
}

#[test]
fn json_into_a_closed_pipe_is_not_an_error() {
    use std::io::Read;
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tablemate"))
        .arg("--data-dir")
        .arg(dir.path())
        // ~150 KB of JSON: far more than a pipe buffer holds, so the write really fails
        .args([
            "--json",
            "cards",
            "find",
            "--game",
            "blue-moon",
            "--limit",
            "1000",
            "",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // read one byte, then hang up, like `| head -c1`
    let mut out = child.stdout.take().unwrap();
    let mut one = [0u8; 1];
    out.read_exact(&mut one).unwrap();
    drop(out);
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(status.success(), "exit {status:?}: {err}");
    assert!(err.is_empty(), "{err}");
}
