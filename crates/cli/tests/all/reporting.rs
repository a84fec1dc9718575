//! `tablemate tournament codes|reports|accept|reset|settle|serve`: the organiser's side of
//! players reporting from their phones, and `serve` end to end on 127.0.0.1 (two tables
//! reported over HTTP; the server stops by itself once the round is final).
#![allow(clippy::unwrap_used)] // test helpers

use crate::common;
use common::{code_of, http, json, serve, tablemate};

use std::io::Read;
use std::path::Path;
use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// A seeded Swiss event of four, round 1 paired: Anna v Cleo (table 1), Ben v Dan (table 2).
fn event(data: &Path) -> String {
    let ev = json(
        data,
        &[
            "tournament",
            "new",
            "--name",
            "Phone Night",
            "--date",
            "2026-11-26",
            "--rounds",
            "3",
            "--first-round",
            "seeded",
            "--seed",
            "1",
        ],
    );
    let id = ev["id"].as_i64().unwrap().to_string();
    json(
        data,
        &["tournament", "register", &id, "Anna", "Ben", "Cleo", "Dan"],
    );
    json(data, &["tournament", "pair", &id]);
    id
}

#[test]
fn codes_list_each_player_once_the_same_every_time() {
    let dir = tempfile::tempdir().unwrap();
    let id = event(dir.path());
    let codes = json(dir.path(), &["tournament", "codes", &id]);
    let list = codes.as_array().unwrap();
    assert_eq!(list.len(), 4);
    for c in list {
        assert_eq!(c["code"].as_str().unwrap().len(), 12);
        assert_eq!(c["round"], 1);
    }
    assert_eq!(
        json(dir.path(), &["tournament", "codes", &id, "--round", "1"]),
        codes
    );
    let text = tablemate(dir.path(), &["tournament", "codes", &id]);
    let text = String::from_utf8_lossy(&text.stdout).to_string();
    let typed = list[0]["typed"].as_str().unwrap();
    assert!(
        text.contains(typed) && text.contains("(against Cleo)"),
        "{text}"
    );
    // a round not paired is refused as the person's mistake
    let o = tablemate(dir.path(), &["tournament", "codes", &id, "--round", "4"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("no round 4"),
        "{o:?}"
    );
}

#[test]
fn the_organiser_opens_watches_and_settles_reports_from_the_cli() {
    let dir = tempfile::tempdir().unwrap();
    let id = event(dir.path());
    let view = json(
        dir.path(),
        &[
            "tournament",
            "reports",
            &id,
            "--open",
            "--accept",
            "by-organiser",
        ],
    );
    assert_eq!(
        (view["live"].as_bool(), view["acceptance"].as_str()),
        (Some(true), Some("by_organiser"))
    );
    assert_eq!(view["tables"][0]["state"], "nobody");
    // nothing to accept or reset yet: refused, exit 1
    let o = tablemate(
        dir.path(),
        &["tournament", "accept", &id, "--round", "1", "--table", "1"],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("nobody has reported"),
        "{o:?}"
    );
    let o = tablemate(
        dir.path(),
        &["tournament", "reset", &id, "--round", "1", "--table", "1"],
    );
    assert_eq!(o.status.code(), Some(1));
    // the organiser settles table 1 by name
    let view = json(
        dir.path(),
        &[
            "tournament",
            "settle",
            &id,
            "--round",
            "1",
            "--table",
            "1",
            "--winner",
            "Cleo",
            "--crystals",
            "2-5",
        ],
    );
    assert_eq!(view["tables"][0]["state"], "final");
    assert_eq!(view["tables"][0]["result"], "Cleo won 5–2");
    let text = tablemate(dir.path(), &["tournament", "reports", &id, "--close"]);
    let text = String::from_utf8_lossy(&text.stdout).to_string();
    assert!(
        text.contains("reporting closed") && text.contains("table  1: Anna v Cleo: final"),
        "{text}"
    );
}

#[test]
fn serve_takes_two_tables_reports_over_http_and_stops_once_the_round_is_final() {
    let dir = tempfile::tempdir().unwrap();
    let id = event(dir.path());
    let codes = json(dir.path(), &["tournament", "codes", &id]);
    let (child, addr, first) = serve(dir.path(), &id);
    assert_eq!(
        first.trim(),
        format!("players report at http://{addr}/ (Ctrl+C to stop)")
    );
    let (status, page) = http(&addr, "GET", "/", None);
    assert_eq!(status, 200);
    assert!(page.contains("<!doctype html>"));
    for (winner, loser) in [("Anna", "Cleo"), ("Ben", "Dan")] {
        let won = format!(
            r#"{{"code":"{}","result":"won","crystals":[5,1]}}"#,
            code_of(&codes, winner)
        );
        let lost = format!(
            r#"{{"code":"{}","result":"lost","crystals":[1,5]}}"#,
            code_of(&codes, loser)
        );
        assert_eq!(http(&addr, "POST", "/api/report", Some(&won)).0, 200);
        let (status, body) = http(&addr, "POST", "/api/report", Some(&lost));
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("\"state\":\"final\""), "{body}");
    }
    // every result is in: the server stops on its own (it checks every two seconds)
    let (status, err) = ended(child, Duration::from_secs(15));
    assert!(status.success());
    assert!(
        err.contains("reporting stopped: Every result of the round is in."),
        "{err}"
    );
    let shown = json(dir.path(), &["tournament", "show", &id]);
    let tables = shown["rounds"][0]["tables"].as_array().unwrap();
    assert!(tables.iter().all(|t| !t["result"].is_null()));
    let view = json(dir.path(), &["tournament", "reports", &id]);
    assert_eq!(view["open"], false, "closed when the server stopped");
    // the report log: each phone's report with its address, and the agreements
    let log = json(dir.path(), &["tournament", "reports", &id, "--log"]);
    let log = log.as_array().unwrap();
    assert_eq!(log.len(), 6, "{log:?}");
    assert_eq!(log[0]["who"], "Anna");
    assert_eq!(log[0]["action"], "report");
    assert_eq!(log[0]["client"], "127.0.0.1");
    assert_eq!(log[0]["new"], "Anna won 5–1");
    assert_eq!(log[2]["action"], "accept");
    let text = tablemate(dir.path(), &["tournament", "reports", &id, "--log"]);
    let text = String::from_utf8_lossy(&text.stdout).to_string();
    assert!(
        text.contains("round 1 table  1  Anna reported from 127.0.0.1: Anna won 5–1"),
        "{text}"
    );
}

/// Waits for `child` to end (at most `limit`) and returns what it wrote to stderr.
fn ended(mut child: Child, limit: Duration) -> (std::process::ExitStatus, String) {
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("serve did not stop");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (status, err)
}

#[test]
fn a_second_serve_is_refused_naming_the_first_and_closing_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let id = event(dir.path());
    let (first, addr, _) = serve(dir.path(), &id);
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let o = tablemate(
        dir.path(),
        &[
            "tournament",
            "serve",
            &id,
            "--address",
            &format!("127.0.0.1:{port}"),
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(
        err.contains("already served by `tablemate tournament serve` (process")
            && err.contains(&format!("at http://{addr}/")),
        "{err}"
    );
    // the first still serves, reporting still open
    assert_eq!(http(&addr, "GET", "/", None).0, 200);
    assert_eq!(
        json(dir.path(), &["tournament", "reports", &id])["open"],
        true
    );
    // the organiser closes reporting with no result in: that is the reason given
    json(dir.path(), &["tournament", "reports", &id, "--close"]);
    let (status, err) = ended(first, Duration::from_secs(10));
    assert!(status.success());
    assert!(
        err.contains("reporting stopped: The organiser closed reporting."),
        "{err}"
    );
    // and the event may be served again
    let (again, _, line) = serve(dir.path(), &id);
    assert!(line.starts_with("players report at"), "{line}");
    json(dir.path(), &["tournament", "unpair", &id]);
    let (_, err) = ended(again, Duration::from_secs(10));
    assert!(
        err.contains("reporting stopped: The round was undone."),
        "{err}"
    );
}

#[test]
fn networks_never_offer_loopback() {
    let dir = tempfile::tempdir().unwrap();
    let list = json(dir.path(), &["tournament", "networks"]);
    for n in list.as_array().unwrap() {
        let ip: std::net::IpAddr = n["ip"].as_str().unwrap().parse().unwrap();
        assert!(!ip.is_loopback() && !ip.is_unspecified(), "{n}");
        assert!(n["interface"].as_str().is_some_and(|i| !i.is_empty()));
    }
}

#[test]
fn serve_refuses_all_networks_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let id = event(dir.path());
    let o = tablemate(
        dir.path(),
        &["tournament", "serve", &id, "--address", "0.0.0.0:8470"],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("never all of them"),
        "{o:?}"
    );
}

#[cfg(unix)]
#[test]
fn serve_closes_reporting_when_asked_to_end() {
    let dir = tempfile::tempdir().unwrap();
    let id = event(dir.path());
    let (child, addr, first) = serve(dir.path(), &id);
    assert!(first.starts_with("players report at"), "{first}");
    assert_eq!(
        json(dir.path(), &["tournament", "reports", &id])["open"],
        true
    );
    // SIGTERM, by the child's own id
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let (status, _) = ended(child, Duration::from_secs(10));
    assert!(status.success(), "{status:?}");
    assert_eq!(
        json(dir.path(), &["tournament", "reports", &id])["open"],
        false
    );
    assert!(
        std::net::TcpStream::connect(&addr).is_err(),
        "the port is free"
    );
}
