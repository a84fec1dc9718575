//! Players' reporting through the app's IPC (mock runtime, real capabilities): the organiser
//! starts the server for an event on 127.0.0.1, two players report over HTTP, the status poll
//! shows the table final with the address and QR code, the organiser settles a dispute, and
//! the server stops once the round is final, freeing the port.

use crate::common;

use std::io::{Read, Write};

use serde_json::{json, Value};

/// One HTTP request to the reporting server, read to the end: the status and the body.
/// A phone's report of `code`: "won" or "lost" and the crystals, mine first.
fn report(addr: &str, code: &str, result: &str, crystals: [u8; 2]) -> (u16, String) {
    let body = json!({ "code": code, "result": result, "crystals": crystals }).to_string();
    http(addr, "POST", "/api/report", Some(&body))
}

fn http(addr: &str, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let mut s = std::net::TcpStream::connect(addr).expect("the server listens");
    s.set_read_timeout(Some(std::time::Duration::from_secs(5)))
        .expect("timeout");
    let rest = body.map_or_else(
        || "\r\n".to_string(),
        |b| {
            format!(
                "Origin: http://{addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{b}",
                b.len()
            )
        },
    );
    write!(s, "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{rest}").expect("request sent");
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

/// One test, because the app reads its data folder from the process environment.
#[test]
fn the_organiser_serves_reporting_and_two_players_report_through_it() {
    let app = common::TestApp::start();
    let event = app
        .call(
            "tournament_create",
            json!({ "event": { "name": "Phone Cup", "date": "2026-11-26", "format": "swiss",
                               "rounds": 3, "top_cut": null, "first_round": "seeded", "seed": "1" } }),
        )
        .expect("create");
    let id = event["id"].clone();
    for name in ["Anna", "Ben", "Cleo", "Dan"] {
        app.call(
            "tournament_register",
            json!({ "id": id, "player": name, "people": null }),
        )
        .expect("register");
    }
    // before round 1: nothing to serve
    let status = app
        .call("reporting_status", json!({ "id": id }))
        .expect("status");
    assert_eq!(
        (status["url"].clone(), status["reporting"].clone()),
        (Value::Null, Value::Null)
    );
    app.call("tournament_pair", json!({ "id": id }))
        .expect("pair");

    let networks = app.call("reporting_networks", json!({})).expect("networks");
    for n in networks.as_array().expect("a list") {
        assert_ne!(n["ip"], "127.0.0.1", "{n}");
    }
    let err = app
        .call(
            "reporting_start",
            json!({ "id": id, "address": "0.0.0.0:0" }),
        )
        .expect_err("all networks refused");
    assert!(err.contains("never all of them"), "{err}");
    let err = app
        .call(
            "reporting_start",
            json!({ "id": id, "address": "hall wifi", "lang": "de" }),
        )
        .expect_err("not an address");
    assert!(err.contains("ist keine Adresse"), "{err}");

    // while `tablemate tournament serve` serves the event, the app is refused, naming it, and
    // opens nothing
    let event_id = id.as_i64().expect("an id");
    let cli = lanreport::ServeLock::acquire(app.dir.path(), event_id, lanreport::Holder::Cli)
        .expect("the CLI's lock");
    let err = app
        .call(
            "reporting_start",
            json!({ "id": id, "address": "127.0.0.1:0", "lang": "de" }),
        )
        .expect_err("served by the CLI");
    assert!(
        err.contains("läuft schon bei `tablemate tournament serve`"),
        "{err}"
    );
    let status = app
        .call("reporting_status", json!({ "id": id }))
        .expect("status");
    assert_eq!(status["reporting"]["open"], false, "nothing opened");
    drop(cli);

    let started = app
        .call(
            "reporting_start",
            json!({ "id": id, "address": "127.0.0.1:0" }),
        )
        .expect("start");
    let url = started["url"].as_str().expect("an address").to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    assert!(started["qr"]
        .as_str()
        .is_some_and(|q| q.starts_with("data:image/svg+xml;base64,")));
    assert_eq!(started["reporting"]["live"], true);
    let addr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();

    let codes = app
        .call("reporting_codes", json!({ "id": id }))
        .expect("codes");
    let code = |player: &str| {
        codes
            .as_array()
            .and_then(|l| l.iter().find(|c| c["code"]["player"] == player))
            .and_then(|c| c["code"]["code"].as_str())
            .expect("a code")
            .to_string()
    };
    let (status, body) = http(
        &addr,
        "GET",
        &format!("/api/seat?code={}", code("Anna")),
        None,
    );
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"opponent\":\"Cleo\""), "{body}");
    assert_eq!(report(&addr, &code("Anna"), "won", [5, 3]).0, 200);
    assert_eq!(report(&addr, &code("Cleo"), "lost", [3, 5]).0, 200);

    let status = app
        .call("reporting_status", json!({ "id": id }))
        .expect("status");
    assert_eq!(
        status["url"],
        url.as_str(),
        "still serving: table 2 is open"
    );
    assert_eq!(status["reporting"]["tables"][0]["state"], "final");
    assert_eq!(status["reporting"]["tables"][0]["result"], "Anna won 5–3");
    let detail = app
        .call("tournament_detail", json!({ "id": id }))
        .expect("detail");
    assert_eq!(
        detail["rounds"][0]["tables"][0]["result"]["source"], "report",
        "accepted from the reports"
    );
    assert_eq!(status["reporting"]["tables"][1]["state"], "nobody");

    // From now on agreeing reports wait for the organiser: table 2 agrees and waits; the
    // organiser resets it (both report again); an accept of a table nobody reported is refused.
    app.call(
        "reporting_set_acceptance",
        json!({ "id": id, "acceptance": "by_organiser" }),
    )
    .expect("acceptance");
    assert_eq!(report(&addr, &code("Ben"), "won", [5, 1]).0, 200);
    assert_eq!(report(&addr, &code("Dan"), "lost", [1, 5]).0, 200);
    let waiting = app
        .call("reporting_status", json!({ "id": id }))
        .expect("status");
    assert_eq!(
        waiting["reporting"]["tables"][1]["state"], "agreed",
        "{waiting}"
    );
    let reset = app
        .call(
            "reporting_reset",
            json!({ "id": id, "round": 1, "table": 2, "lang": "en" }),
        )
        .expect("reset");
    assert_eq!(reset["tables"][1]["state"], "nobody", "{reset}");
    let err = app
        .call(
            "reporting_accept",
            json!({ "id": id, "round": 1, "table": 2, "lang": "en" }),
        )
        .expect_err("nothing reported to accept");
    assert!(!err.is_empty());
    let after = app
        .call("reporting_status", json!({ "id": id }))
        .expect("status");
    assert_eq!(
        after["reporting"]["tables"][1]["state"], "nobody",
        "nothing written"
    );

    // table 2 disagrees; the organiser sets its result by seat, which makes the round final
    assert_eq!(report(&addr, &code("Ben"), "won", [5, 1]).0, 200);
    let (_, body) = report(&addr, &code("Dan"), "won", [5, 3]);
    assert!(body.contains("\"state\":\"disputed\""), "{body}");
    let settled = app
        .call(
            "reporting_settle",
            json!({ "id": id, "round": 1, "table": 2, "winner": "B",
                    "crystalsA": 3, "crystalsB": 5 }),
        )
        .expect("settle");
    assert_eq!(settled["tables"][1]["result"], "Dan won 5–3");
    // the next status poll finds the round final and stops the server
    let status = app
        .call("reporting_status", json!({ "id": id }))
        .expect("status");
    assert_eq!(status["url"], Value::Null);
    assert_eq!(status["stopped"], "all_results_in", "and says why");
    assert!(
        std::net::TcpStream::connect(&addr).is_err(),
        "the port is free"
    );
    // the report log: each phone's report with its address, and the organiser's decision
    let log = app
        .call("reporting_log", json!({ "id": id, "lang": "de" }))
        .expect("log");
    let log = log.as_array().expect("a list");
    let ben = log
        .iter()
        .find(|l| l["who"] == "Ben")
        .expect("Ben's report");
    assert_eq!(
        (ben["action"].as_str(), ben["client"].as_str()),
        (Some("report"), Some("127.0.0.1"))
    );
    let settled = log.last().expect("a decision");
    assert_eq!(
        (settled["action"].as_str(), settled["who"].as_str()),
        (Some("set_result"), Some("Turnierleitung")),
        "{settled}"
    );
    let stopped = app
        .call("reporting_stop", json!({ "id": id }))
        .expect("stop");
    assert_eq!(stopped["url"], Value::Null);
    assert_eq!(stopped["reporting"]["open"], false);
    assert_eq!(stopped["stopped"], "all_results_in");
}
