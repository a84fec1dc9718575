//! The reporting server over real HTTP on 127.0.0.1: two players reporting, and every refusal
//! (wrong code, wrong Host or Origin, an oversized body, a slow client, a flood of wrong codes)
//! answered without writing anything. Requests are written by hand so each header is exactly
//! what a test means to send; every test is bounded in requests and time.
#![allow(clippy::unwrap_used)] // test helpers

#[path = "../../../tests/support/hall_night.rs"]
mod hall_night;
use hall_night::hall_night;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use lanreport::{Limits, LockoutPolicy, Server, ServiceDesk};
use tablemate::tournaments::ReportAcceptance;
use tablemate::{Language, Service};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

struct Hall {
    _dir: tempfile::TempDir,
    service: Arc<Mutex<Service>>,
    event: i64,
    server: Server,
    /// Each player's code.
    codes: Vec<(String, String)>,
}

impl Hall {
    fn code(&self, player: &str) -> String {
        self.codes
            .iter()
            .find(|(p, _)| p == player)
            .unwrap()
            .1
            .clone()
    }

    fn addr(&self) -> SocketAddr {
        self.server.address()
    }

    fn host(&self) -> String {
        self.addr().to_string()
    }

    fn origin(&self) -> String {
        format!("http://{}", self.addr())
    }

    /// Everything a report can change.
    fn snapshot(&self) -> String {
        let svc = self.service.lock().unwrap();
        format!(
            "{:?}\n{:?}\n{:?}",
            svc.report_log(self.event, Language::En).unwrap(),
            svc.reporting(self.event, Language::En).unwrap(),
            svc.event_detail(self.event).unwrap().rounds
        )
    }
}

fn quick_limits() -> Limits {
    Limits {
        max_connections: 8,
        header_timeout: Duration::from_millis(400),
        request_timeout: Duration::from_secs(3),
        connection_time: Duration::from_secs(2),
        body_bytes: 4096,
        lockout: LockoutPolicy {
            free_failures: 3,
            first: Duration::from_secs(60),
            longest: Duration::from_secs(600),
            forget_after: Duration::from_secs(3600),
            max_clients: 64,
        },
    }
}

/// Anna v Cleo at table 1, Ben v Dan at table 2, reporting open, served on 127.0.0.1.
async fn hall(limits: Limits) -> Hall {
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path()).unwrap();
    let players = ["Anna", "Ben", "Cleo", "Dan"];
    let id = hall_night(&mut svc, "Hall Night", &players, ReportAcceptance::AtOnce).unwrap();
    svc.open_reporting(id, Language::En).unwrap();
    let codes = svc
        .seat_codes(id, None, Language::En)
        .unwrap()
        .into_iter()
        .map(|c| (c.player, c.code))
        .collect();
    let service = Arc::new(Mutex::new(svc));
    let desk = Arc::new(ServiceDesk {
        service: service.clone(),
        event: id,
    });
    let server = Server::start("127.0.0.1:0".parse().unwrap(), limits, desk)
        .await
        .unwrap();
    Hall {
        _dir: dir,
        service,
        event: id,
        server,
        codes,
    }
}

#[derive(Debug)]
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or(serde_json::Value::Null)
    }

    fn error_kind(&self) -> String {
        self.json()["error"]["kind"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }
}

/// Sends `raw` and reads the whole answer (the server closes after each request).
async fn send(addr: SocketAddr, raw: &[u8]) -> Reply {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(raw).await.unwrap();
    let mut buf = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut buf))
        .await
        .expect("the server answers in time")
        .unwrap_or_default();
    let text = String::from_utf8_lossy(&buf).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Reply {
        status,
        headers,
        body: body.to_string(),
    }
}

async fn get(h: &Hall, path: &str, extra: &str) -> Reply {
    let raw = format!(
        "GET {path} HTTP/1.1\r\nHost: {}\r\nAccept-Language: en\r\n{extra}\r\n",
        h.host()
    );
    send(h.addr(), raw.as_bytes()).await
}

async fn post_as(h: &Hall, host: &str, origin: Option<&str>, ctype: &str, body: &str) -> Reply {
    let origin = origin.map_or_else(String::new, |o| format!("Origin: {o}\r\n"));
    let raw = format!(
        "POST /api/report HTTP/1.1\r\nHost: {host}\r\n{origin}Content-Type: {ctype}\r\n\
         Accept-Language: en\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    send(h.addr(), raw.as_bytes()).await
}

async fn report(h: &Hall, code: &str, result: &str, crystals: [u8; 2]) -> Reply {
    let body =
        serde_json::json!({"code": code, "result": result, "crystals": crystals}).to_string();
    post_as(h, &h.host(), Some(&h.origin()), "application/json", &body).await
}

#[tokio::test]
async fn two_players_report_their_table_through_the_page_api() {
    let h = hall(quick_limits()).await;
    let seat = get(&h, &format!("/api/seat?code={}", h.code("Anna")), "").await;
    assert_eq!(seat.status, 200, "{seat:?}");
    let view = seat.json();
    assert_eq!(
        (view["me"].as_str(), view["opponent"].as_str()),
        (Some("Anna"), Some("Cleo"))
    );
    assert_eq!(view["state"], "nobody");

    let first = report(&h, &h.code("Anna"), "won", [5, 2]).await;
    assert_eq!(first.status, 200, "{first:?}");
    assert_eq!(first.json()["state"], "one");
    // Cleo types her code as printed, in lower case
    let typed = tablemate::tournaments::typed_form(&h.code("Cleo")).to_lowercase();
    let second = report(&h, &typed, "lost", [2, 5]).await;
    assert_eq!(second.status, 200, "{second:?}");
    assert_eq!(second.json()["state"], "final");
    let svc = h.service.lock().unwrap();
    let table = &svc.event_detail(h.event).unwrap().rounds[0].tables[0];
    let result = table.result.as_ref().unwrap();
    assert_eq!(
        (
            result.winner_name.as_str(),
            result.crystals_a,
            result.crystals_b
        ),
        ("Anna", 5, 2)
    );
    let log = svc.report_log(h.event, Language::En).unwrap();
    assert_eq!(log[0].client.as_deref(), Some("127.0.0.1"));
}

#[tokio::test]
async fn the_page_comes_in_the_browsers_language_with_strict_headers() {
    let h = hall(quick_limits()).await;
    let raw = format!(
        "GET / HTTP/1.1\r\nHost: {}\r\nAccept-Language: de-DE,de;q=0.9,en;q=0.5\r\n\r\n",
        h.host()
    );
    let page = send(h.addr(), raw.as_bytes()).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<html lang=\"de\">"));
    // the page asked for in German from an English browser, and the other way round
    let german = get(&h, "/?code=AB&lang=de", "").await;
    assert!(
        german.body.contains("<html lang=\"de\">"),
        "{}",
        german.body
    );
    let raw = format!(
        "GET /?lang=en HTTP/1.1\r\nHost: {}\r\nAccept-Language: de\r\n\r\n",
        h.host()
    );
    let english = send(h.addr(), raw.as_bytes()).await;
    assert!(english.body.contains("<html lang=\"en\">"));
    assert!(page
        .header("content-type")
        .unwrap()
        .starts_with("text/html"));
    let csp = page.header("content-security-policy").unwrap();
    assert!(csp.starts_with("default-src 'self'"), "{csp}");
    assert!(!csp.contains("unsafe"), "{csp}");
    for (name, value) in [
        ("x-content-type-options", "nosniff"),
        ("referrer-policy", "no-referrer"),
        ("cache-control", "no-store"),
    ] {
        assert_eq!(page.header(name), Some(value), "{name}");
    }
    assert!(page
        .headers
        .iter()
        .all(|(n, _)| !n.starts_with("access-control-") && n != "set-cookie"));
    // a refusal carries them too
    let refused = get(&h, "/api/seat?code=WRONGWRONG00", "").await;
    assert_eq!(refused.header("cache-control"), Some("no-store"));
    assert!(refused.header("content-security-policy").is_some());
}

#[tokio::test]
async fn nothing_but_the_three_routes_answers() {
    let h = hall(quick_limits()).await;
    let before = h.snapshot();
    assert_eq!(get(&h, "/api/codes", "").await.status, 404);
    assert_eq!(get(&h, "/admin", "").await.status, 404);
    assert_eq!(get(&h, "/api/report", "").await.status, 405);
    let raw = format!(
        "OPTIONS /api/report HTTP/1.1\r\nHost: {}\r\nOrigin: http://evil.example\r\n\
         Access-Control-Request-Method: POST\r\n\r\n",
        h.host()
    );
    let preflight = send(h.addr(), raw.as_bytes()).await;
    assert_ne!(preflight.status, 200);
    assert!(preflight
        .headers
        .iter()
        .all(|(n, _)| !n.starts_with("access-control-")));
    assert_eq!(h.snapshot(), before);
}

#[tokio::test]
async fn a_wrong_host_is_refused_and_writes_nothing() {
    let h = hall(quick_limits()).await;
    let before = h.snapshot();
    let body = serde_json::json!({"code": h.code("Anna"), "result": "won", "crystals": [5, 2]})
        .to_string();
    // a page on another name that resolves to us (DNS rebinding), with its own origin
    let rebinding = format!("evil.example:{}", h.addr().port());
    let r = post_as(
        &h,
        &rebinding,
        Some(&format!("http://{rebinding}")),
        "application/json",
        &body,
    )
    .await;
    assert_eq!((r.status, r.error_kind().as_str()), (421, "wrong_host"));
    let r = post_as(&h, &rebinding, Some(&h.origin()), "application/json", &body).await;
    assert_eq!(r.status, 421);
    let r = send(h.addr(), b"GET / HTTP/1.0\r\n\r\n").await;
    assert_eq!(r.status, 421, "no Host at all");
    let r = get(&h, "/", "").await;
    assert_eq!(r.status, 200, "the right Host is served");
    assert_eq!(h.snapshot(), before);
}

#[tokio::test]
async fn a_report_needs_our_origin_and_json_and_writes_nothing_otherwise() {
    let h = hall(quick_limits()).await;
    let before = h.snapshot();
    let body = serde_json::json!({"code": h.code("Anna"), "result": "won", "crystals": [5, 2]})
        .to_string();
    let other = post_as(
        &h,
        &h.host(),
        Some("http://evil.example"),
        "application/json",
        &body,
    )
    .await;
    assert_eq!(
        (other.status, other.error_kind().as_str()),
        (403, "wrong_origin")
    );
    let none = post_as(&h, &h.host(), None, "application/json", &body).await;
    assert_eq!(none.status, 403);
    // a form post (what a cross-site page can send without asking) is not JSON
    let form = post_as(&h, &h.host(), Some(&h.origin()), "text/plain", &body).await;
    assert_eq!((form.status, form.error_kind().as_str()), (415, "not_json"));
    let junk = post_as(
        &h,
        &h.host(),
        Some(&h.origin()),
        "application/json",
        "{\"code\":",
    )
    .await;
    assert_eq!(junk.status, 400);
    let extra = post_as(
        &h,
        &h.host(),
        Some(&h.origin()),
        "application/json",
        &serde_json::json!({"code": h.code("Anna"), "result": "won", "crystals": [5, 2], "table": 2})
            .to_string(),
    )
    .await;
    assert_eq!(extra.status, 400, "unknown fields are refused");
    assert_eq!(h.snapshot(), before);
}

#[tokio::test]
async fn an_oversized_body_is_refused_and_writes_nothing() {
    let h = hall(quick_limits()).await;
    let before = h.snapshot();
    let padding = "x".repeat(5000);
    let body = format!(
        "{{\"code\":\"{}\",\"result\":\"won\",\"crystals\":[5,2],\"pad\":\"{padding}\"}}",
        h.code("Anna")
    );
    let r = post_as(&h, &h.host(), Some(&h.origin()), "application/json", &body).await;
    assert_eq!(r.status, 413, "{r:?}");
    assert_eq!(h.snapshot(), before);
}

#[tokio::test]
async fn refusals_of_the_service_keep_their_meaning_over_http() {
    let h = hall(quick_limits()).await;
    // a wrong code
    let before = h.snapshot();
    let wrong = report(&h, "ZZZZ-ZZZZ-ZZZZ", "won", [5, 2]).await;
    assert_eq!(
        (wrong.status, wrong.error_kind().as_str()),
        (404, "unknown_code")
    );
    assert!(wrong.json()["error"]["message"]
        .as_str()
        .unwrap()
        .contains("not valid"));
    // impossible crystals, in German
    let raw_body =
        serde_json::json!({"code": h.code("Ben"), "result": "won", "crystals": [1, 5]}).to_string();
    let raw = format!(
        "POST /api/report HTTP/1.1\r\nHost: {}\r\nOrigin: {}\r\nContent-Type: application/json\r\n\
         Accept-Language: de\r\nContent-Length: {}\r\n\r\n{raw_body}",
        h.host(),
        h.origin(),
        raw_body.len()
    );
    let de = send(h.addr(), raw.as_bytes()).await;
    assert_eq!(de.status, 409);
    assert!(
        de.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("Kristalle"),
        "{de:?}"
    );
    assert_eq!(h.snapshot(), before);
    // a replayed report: the same answer, nothing more written
    assert_eq!(report(&h, &h.code("Ben"), "won", [5, 1]).await.status, 200);
    let before = h.snapshot();
    assert_eq!(report(&h, &h.code("Ben"), "won", [5, 1]).await.status, 200);
    assert_eq!(h.snapshot(), before);
    // the table made final, then the round: refused, nothing written
    assert_eq!(report(&h, &h.code("Dan"), "lost", [1, 5]).await.status, 200);
    let before = h.snapshot();
    let fin = report(&h, &h.code("Dan"), "won", [5, 1]).await;
    assert_eq!((fin.status, fin.error_kind().as_str()), (409, "refused"));
    assert!(fin.json()["error"]["message"]
        .as_str()
        .unwrap()
        .contains("Ben – Dan"));
    assert_eq!(report(&h, &h.code("Anna"), "won", [5, 0]).await.status, 200);
    assert_eq!(
        report(&h, &h.code("Cleo"), "lost", [0, 5]).await.status,
        200
    );
    let before_expired = h.snapshot();
    let expired = report(&h, &h.code("Anna"), "won", [5, 1]).await;
    assert_eq!(
        (expired.status, expired.error_kind().as_str()),
        (410, "expired")
    );
    assert_eq!(
        get(&h, &format!("/api/seat?code={}", h.code("Dan")), "")
            .await
            .status,
        410
    );
    assert_eq!(h.snapshot(), before_expired);
    assert_ne!(before, before_expired, "table 1 was reported in between");
}

#[tokio::test]
async fn a_flood_of_wrong_codes_locks_the_client_out_and_writes_nothing() {
    let h = hall(quick_limits()).await;
    let before = h.snapshot();
    // three free mistakes (the policy above), then the fourth locks
    for i in 0..4 {
        let r = get(&h, &format!("/api/seat?code=AAAA-BBBB-CCC{i}"), "").await;
        assert_eq!(r.status, 404, "attempt {i}");
    }
    // now even the right code is refused, until the lockout ends
    let locked = report(&h, &h.code("Anna"), "won", [5, 2]).await;
    assert_eq!(
        (locked.status, locked.error_kind().as_str()),
        (429, "locked_out")
    );
    let wait: u64 = locked.header("retry-after").unwrap().parse().unwrap();
    assert!((50..=60).contains(&wait), "{wait}");
    assert!(locked.json()["error"]["message"]
        .as_str()
        .unwrap()
        .contains("Too many wrong codes"));
    let seat = get(&h, &format!("/api/seat?code={}", h.code("Anna")), "").await;
    assert_eq!(seat.status, 429);
    // the page itself still loads (it holds no data)
    assert_eq!(get(&h, "/", "").await.status, 200);
    assert_eq!(h.snapshot(), before);
}

/// Reads until the server closes the connection; returns how long that took.
async fn closed_after(mut s: TcpStream, limit: Duration) -> Duration {
    let start = Instant::now();
    let mut buf = [0u8; 1024];
    loop {
        match tokio::time::timeout(limit, s.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return start.elapsed(),
            Ok(Ok(_)) => continue,
            Err(_) => panic!("the server kept the connection open longer than {limit:?}"),
        }
    }
}

#[tokio::test]
async fn a_slow_loris_is_cut_off_and_writes_nothing() {
    let h = hall(quick_limits()).await;
    let before = h.snapshot();
    // headers that never finish, trickled one line at a time
    let mut slow = TcpStream::connect(h.addr()).await.unwrap();
    slow.write_all(b"POST /api/report HTTP/1.1\r\n")
        .await
        .unwrap();
    slow.write_all(format!("Host: {}\r\n", h.host()).as_bytes())
        .await
        .unwrap();
    let took = closed_after(slow, Duration::from_secs(4)).await;
    assert!(took < Duration::from_secs(3), "{took:?}");
    // a connection that sends nothing at all
    let silent = TcpStream::connect(h.addr()).await.unwrap();
    let took = closed_after(silent, Duration::from_secs(4)).await;
    assert!(took < Duration::from_secs(3), "{took:?}");
    // a body that never arrives: the request timeout answers
    let mut stalled = TcpStream::connect(h.addr()).await.unwrap();
    let head = format!(
        "POST /api/report HTTP/1.1\r\nHost: {}\r\nOrigin: {}\r\nContent-Type: application/json\r\n\
         Content-Length: 200\r\n\r\n{{\"code\":",
        h.host(),
        h.origin()
    );
    stalled.write_all(head.as_bytes()).await.unwrap();
    let took = closed_after(stalled, Duration::from_secs(6)).await;
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert_eq!(h.snapshot(), before);
    // the server still serves others
    assert_eq!(get(&h, "/", "").await.status, 200);
}

#[tokio::test]
async fn connections_over_the_cap_are_closed_at_once() {
    let mut limits = quick_limits();
    limits.max_connections = 2;
    limits.header_timeout = Duration::from_secs(3);
    limits.connection_time = Duration::from_secs(3);
    let h = hall(limits).await;
    let a = TcpStream::connect(h.addr()).await.unwrap();
    let b = TcpStream::connect(h.addr()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let third = TcpStream::connect(h.addr()).await.unwrap();
    let took = closed_after(third, Duration::from_secs(2)).await;
    assert!(took < Duration::from_secs(1), "{took:?}");
    drop((a, b));
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(get(&h, "/", "").await.status, 200, "slots come back");
}

#[tokio::test]
async fn a_stopped_server_is_gone_and_all_of_them_refuse_the_unspecified_address() {
    let h = hall(quick_limits()).await;
    let addr = h.addr();
    h.server.stop().await;
    assert!(TcpStream::connect(addr).await.is_err());
    let desk = Arc::new(ServiceDesk {
        service: h.service.clone(),
        event: h.event,
    });
    let err = Server::start("0.0.0.0:0".parse().unwrap(), quick_limits(), desk)
        .await
        .err()
        .unwrap();
    assert!(err.to_string().contains("never all of them"), "{err}");
}
