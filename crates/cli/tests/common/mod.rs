//! What the CLI integration tests share: running the real `tablemate` binary on a data folder.
// Each test file is its own crate and uses only part of this module.
#![allow(dead_code)]
// test helpers: a failed step is the failed test
#![allow(clippy::unwrap_used)]

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

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

/// A seat's code in the JSON of `tablemate tournament codes`.
pub fn code_of(codes: &serde_json::Value, player: &str) -> String {
    codes
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["player"] == player)
        .unwrap()["code"]
        .as_str()
        .unwrap()
        .to_string()
}

/// One HTTP request on 127.0.0.1, read to the end.
pub fn http(addr: &str, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let body_part = body.map_or_else(String::new, |b| {
        format!(
            "Origin: http://{addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{b}",
            b.len()
        )
    });
    let head_end = if body.is_some() { "" } else { "\r\n" };
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{body_part}{head_end}"
    )
    .unwrap();
    let mut text = String::new();
    let _ = s.read_to_string(&mut text);
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

/// `tablemate tournament serve` on a free port of 127.0.0.1: the running command, its address
/// and the first line it printed (where players report).
pub fn serve(dir: &Path, id: &str) -> (Child, String, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let addr = format!("127.0.0.1:{port}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tablemate"))
        .arg("--data-dir")
        .arg(dir)
        .args(["tournament", "serve", id, "--address", &addr])
        .env_remove("TABLEMATE_DATA_DIR")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    (child, addr, first)
}
