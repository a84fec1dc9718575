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
            svc.event_detail(self.event, tablemate::Language::En)
                .unwrap()
                .rounds
        )
    }
}

fn quick_limits() -> Limits {
    Limits {
        max_connections: 8,
        per_client_connections: 8,
        header_timeout: Duration::from_millis(400),
        request_timeout: Duration::from_secs(1),
        connection_time: Duration::from_secs(2),
        body_bytes: 4096,
        lockout: LockoutPolicy {
            burst: 4,
            per_minute: 1,
            room_per_right_code: 2,
            most_room: 10,
            max_clients: 64,
        },
        report_gap: Duration::from_millis(300),
    }
}

/// Anna v Cleo at table 1, Ben v Dan at table 2, reporting open, served on 127.0.0.1.
async fn hall(limits: Limits) -> Hall {
    hall_of(limits, &["Anna", "Ben", "Cleo", "Dan"], "127.0.0.1:0").await
}

/// `players` (seeded: the first half against the second), reporting open, served on `at`.
async fn hall_of(limits: Limits, players: &[&str], at: &str) -> Hall {
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path()).unwrap();
    let id = hall_night(&mut svc, "Hall Night", players, ReportAcceptance::AtOnce).unwrap();
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
    let server = Server::start(at.parse().unwrap(), limits, desk)
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

/// A connection to `addr` from the loopback address `from` (127.0.0.2, …: another client).
async fn connect_from(from: [u8; 4], addr: SocketAddr) -> std::io::Result<TcpStream> {
    let sock = tokio::net::TcpSocket::new_v4()?;
    sock.bind(SocketAddr::from((from, 0)))?;
    sock.connect(addr).await
}

/// Sends `raw` and reads the whole answer (the server closes after each request).
async fn send(addr: SocketAddr, raw: &[u8]) -> Reply {
    let s = TcpStream::connect(addr).await.unwrap();
    exchange(s, raw).await
}

/// Sends `raw` from the loopback address `from`.
async fn send_from(from: [u8; 4], addr: SocketAddr, raw: &[u8]) -> Reply {
    exchange(connect_from(from, addr).await.unwrap(), raw).await
}

async fn exchange(mut s: TcpStream, raw: &[u8]) -> Reply {
    // the server may answer (413, 408) and close before all of `raw` is written
    let _ = s.write_all(raw).await;
    let mut buf = Vec::new();
    tokio::time::timeout(Duration::from_secs(15), read_all(&mut s, &mut buf))
        .await
        .expect("the server answers in time");
    parse(&buf)
}

/// Reads until the server closes (a reset after the answer keeps what came).
async fn read_all(s: &mut TcpStream, buf: &mut Vec<u8>) {
    let mut chunk = [0u8; 4096];
    while let Ok(n) = s.read(&mut chunk).await {
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
}

fn parse(buf: &[u8]) -> Reply {
    let text = String::from_utf8_lossy(buf).to_string();
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
    let table = &svc
        .event_detail(h.event, tablemate::Language::En)
        .unwrap()
        .rounds[0]
        .tables[0];
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
async fn a_flood_of_wrong_codes_slows_the_client_and_writes_nothing() {
    let h = hall(quick_limits()).await;
    let before = h.snapshot();
    // a right code costs nothing, however often it is sent
    for _ in 0..6 {
        let seat = get(&h, &format!("/api/seat?code={}", h.code("Anna")), "").await;
        assert_eq!(seat.status, 200);
    }
    // a burst of four wrong codes (the policy above: one different right code sent widens it
    // by two), then the next try waits
    for i in 0..6 {
        let r = get(&h, &format!("/api/seat?code=AAAA-BBBB-CCC{i}"), "").await;
        assert_eq!(r.status, 404, "attempt {i}");
    }
    let locked = report(&h, &h.code("Anna"), "won", [5, 2]).await;
    assert_eq!(
        (locked.status, locked.error_kind().as_str()),
        (429, "locked_out")
    );
    let wait: u64 = locked.header("retry-after").unwrap().parse().unwrap();
    assert!((50..=60).contains(&wait), "one token a minute: {wait}");
    assert!(locked.json()["error"]["message"]
        .as_str()
        .unwrap()
        .contains("Too many wrong codes from this network"));
    // another address is not slowed
    let raw = format!(
        "GET /api/seat?code={} HTTP/1.1\r\nHost: {}\r\n\r\n",
        h.code("Ben"),
        h.host()
    );
    assert_eq!(
        send_from([127, 0, 0, 2], h.addr(), raw.as_bytes())
            .await
            .status,
        200
    );
    // the page itself still loads (it holds no data)
    assert_eq!(get(&h, "/", "").await.status, 200);
    assert_eq!(h.snapshot(), before);
}

/// Sends one `GET /api/seat` per code at once from `from`; the answers' statuses.
async fn at_once(h: &Hall, from: [u8; 4], codes: &[String]) -> Vec<u16> {
    let mut tasks = Vec::new();
    for code in codes {
        let raw = format!(
            "GET /api/seat?code={code} HTTP/1.1\r\nHost: {}\r\nAccept-Language: en\r\n\r\n",
            h.host()
        );
        let addr = h.addr();
        tasks.push(tokio::spawn(async move {
            send_from(from, addr, raw.as_bytes()).await.status
        }));
    }
    let mut got = Vec::new();
    for t in tasks {
        got.push(t.await.unwrap());
    }
    got
}

fn count(statuses: &[u16], status: u16) -> usize {
    statuses.iter().filter(|s| **s == status).count()
}

#[tokio::test]
async fn the_shipped_policy_counts_wrong_codes_before_it_evaluates_them() {
    let shipped = Limits::default();
    assert_eq!(
        (shipped.lockout.burst, shipped.lockout.per_minute),
        (20, 10),
        "the README's arithmetic is of these"
    );
    // enough connections for the burst to arrive at once
    let h = hall(Limits {
        per_client_connections: 64,
        max_connections: 128,
        ..shipped
    })
    .await;
    let before = h.snapshot();
    // a right code after wrong ones from the same address
    let wrong: Vec<String> = (0..60).map(|i| format!("WRNG-WRNG-{i:04}")).collect();
    assert_eq!(
        count(&at_once(&h, [127, 0, 0, 5], &wrong[..5]).await, 404),
        5
    );
    let right = send_from(
        [127, 0, 0, 5],
        h.addr(),
        format!(
            "GET /api/seat?code={} HTTP/1.1\r\nHost: {}\r\n\r\n",
            h.code("Anna"),
            h.host()
        )
        .as_bytes(),
    )
    .await;
    assert_eq!(right.status, 200, "{right:?}");
    // sixty wrong codes at once: only what is left of the burst is looked at (20 - 5 + 2 for
    // the right code's room), the rest refused unseen
    let got = at_once(&h, [127, 0, 0, 5], &wrong).await;
    assert_eq!(count(&got, 404), 17, "{got:?}");
    assert_eq!(count(&got, 429), 43, "{got:?}");
    // the right code waits one refill (6 s) at most, then works
    let raw = format!(
        "GET /api/seat?code={} HTTP/1.1\r\nHost: {}\r\n\r\n",
        h.code("Cleo"),
        h.host()
    );
    let locked = send_from([127, 0, 0, 5], h.addr(), raw.as_bytes()).await;
    assert_eq!(locked.status, 429);
    let wait: u64 = locked.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=6).contains(&wait), "{wait}");
    tokio::time::sleep(Duration::from_secs(wait)).await;
    assert_eq!(
        send_from([127, 0, 0, 5], h.addr(), raw.as_bytes())
            .await
            .status,
        200
    );
    // the neighbours' right codes from another address never waited
    assert_eq!(
        send_from([127, 0, 0, 6], h.addr(), raw.as_bytes())
            .await
            .status,
        200
    );
    assert_eq!(h.snapshot(), before);
}

#[tokio::test]
async fn codes_of_an_undone_round_say_so_and_are_no_guesses() {
    let h = hall(Limits {
        per_client_connections: 64,
        ..quick_limits()
    })
    .await;
    h.service
        .lock()
        .unwrap()
        .undo_round(h.event, true, Language::En)
        .unwrap();
    // more than the burst (4), one after another: none counted as a guess
    for i in 0..12 {
        let raw = format!(
            "GET /api/seat?code={} HTTP/1.1\r\nHost: {}\r\n\r\n",
            h.code("Anna"),
            h.host()
        );
        let r = send_from([127, 0, 0, 7], h.addr(), raw.as_bytes()).await;
        assert_eq!(r.status, 410, "try {i}: {r:?}");
    }
    let r = get(&h, &format!("/api/seat?code={}", h.code("Ben")), "").await;
    assert_eq!((r.status, r.error_kind().as_str()), (410, "undone"));
    assert!(r.json()["error"]["message"]
        .as_str()
        .unwrap()
        .contains("undid this round"));
}

#[tokio::test]
async fn a_code_changes_its_report_at_most_once_a_gap_and_a_repeat_writes_nothing() {
    let h = hall(quick_limits()).await;
    let rows = || {
        h.service
            .lock()
            .unwrap()
            .report_log(h.event, Language::En)
            .unwrap()
            .len()
    };
    assert_eq!(report(&h, &h.code("Ben"), "won", [5, 1]).await.status, 200);
    assert_eq!(rows(), 1);
    let soon = report(&h, &h.code("Ben"), "won", [5, 2]).await;
    assert_eq!((soon.status, soon.error_kind().as_str()), (429, "too_soon"));
    assert_eq!(soon.header("retry-after"), Some("1"));
    assert_eq!(rows(), 1, "the change waits");
    // the same report again is answered and writes nothing
    assert_eq!(report(&h, &h.code("Ben"), "won", [5, 1]).await.status, 200);
    assert_eq!(rows(), 1);
    // the other seat's code is its own
    assert_eq!(report(&h, &h.code("Dan"), "won", [5, 3]).await.status, 200);
    tokio::time::sleep(Duration::from_millis(350)).await;
    let later = report(&h, &h.code("Ben"), "won", [5, 2]).await;
    assert_eq!(later.status, 200, "{later:?}");
    assert_eq!(rows(), 3);
    // the organiser clears the table: both report again at once, whatever they sent before
    h.service
        .lock()
        .unwrap()
        .reset_reports(h.event, 1, 2, Language::En)
        .unwrap();
    assert_eq!(report(&h, &h.code("Ben"), "lost", [1, 5]).await.status, 200);
    assert_eq!(report(&h, &h.code("Dan"), "won", [5, 1]).await.status, 200);
}

#[tokio::test]
async fn a_client_holding_its_share_leaves_twenty_phones_their_own() {
    let players: Vec<String> = (0..40).map(|i| format!("Player {i:02}")).collect();
    let names: Vec<&str> = players.iter().map(String::as_str).collect();
    let shipped = Limits::default();
    let h = Arc::new(hall_of(shipped, &names, "127.0.0.1:0").await);
    // the hostile client holds its share: connections that send half a request and stall
    let mut held = Vec::new();
    for _ in 0..shipped.per_client_connections {
        let mut s = connect_from([127, 0, 0, 2], h.addr()).await.unwrap();
        s.write_all(b"GET / HTTP/1.1\r\n").await.unwrap();
        held.push(s);
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    // one more of its own is closed at once
    let extra = connect_from([127, 0, 0, 2], h.addr()).await.unwrap();
    assert!(closed_after(extra, Duration::from_secs(2)).await < Duration::from_secs(1));
    // twenty phones, each its own address, load the page, their seat, and report
    let mut phones = Vec::new();
    for i in 0..20u8 {
        let h = h.clone();
        phones.push(tokio::spawn(async move {
            let from = [127, 0, 1, 10 + i];
            let code = h.code(&format!("Player {i:02}"));
            let page = format!("GET / HTTP/1.1\r\nHost: {}\r\n\r\n", h.host());
            let seat = format!(
                "GET /api/seat?code={code} HTTP/1.1\r\nHost: {}\r\n\r\n",
                h.host()
            );
            let body =
                serde_json::json!({"code": code, "result": "won", "crystals": [5, 2]}).to_string();
            let post = format!(
                "POST /api/report HTTP/1.1\r\nHost: {}\r\nOrigin: {}\r\n\
                 Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                h.host(),
                h.origin(),
                body.len()
            );
            let mut got = Vec::new();
            for raw in [page, seat, post] {
                got.push(send_from(from, h.addr(), raw.as_bytes()).await.status);
            }
            got
        }));
    }
    for p in phones {
        assert_eq!(p.await.unwrap(), vec![200, 200, 200]);
    }
    let reported = h
        .service
        .lock()
        .unwrap()
        .report_log(h.event, Language::En)
        .unwrap()
        .len();
    assert_eq!(reported, 20);
    drop(held);
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

#[tokio::test]
async fn the_shipped_request_timeout_answers_408_before_the_connection_deadline() {
    let shipped = Limits::default();
    assert!(
        shipped.header_timeout < shipped.request_timeout
            && shipped.request_timeout < shipped.connection_time,
        "each timeout has its turn: {shipped:?}"
    );
    let h = hall(shipped).await;
    let before = h.snapshot();
    // the headers in time, the body never: the request timeout answers
    let raw = format!(
        "POST /api/report HTTP/1.1\r\nHost: {}\r\nOrigin: {}\r\nContent-Type: application/json\r\n\
         Content-Length: 200\r\n\r\n{{\"code\":",
        h.host(),
        h.origin()
    );
    let start = Instant::now();
    let r = send(h.addr(), raw.as_bytes()).await;
    let took = start.elapsed();
    assert_eq!(r.status, 408, "{r:?}");
    assert_eq!(r.header("x-frame-options"), Some("DENY"));
    assert!(
        took >= shipped.request_timeout && took < shipped.connection_time,
        "{took:?}"
    );
    assert_eq!(h.snapshot(), before);
}

#[tokio::test]
async fn the_header_timeout_is_told_apart_from_the_connection_deadline() {
    let limits = Limits {
        header_timeout: Duration::from_millis(300),
        request_timeout: Duration::from_secs(10),
        connection_time: Duration::from_millis(1500),
        ..quick_limits()
    };
    let h = hall(limits).await;
    // headers that never finish: closed at the header timeout, without an answer
    let mut slow = TcpStream::connect(h.addr()).await.unwrap();
    slow.write_all(b"GET / HTTP/1.1\r\n").await.unwrap();
    let took = closed_after(slow, Duration::from_secs(3)).await;
    assert!(
        took >= Duration::from_millis(250) && took < Duration::from_millis(1200),
        "{took:?}"
    );
    // headers in time and a body trickled byte by byte: the request timeout (10 s) is far,
    // the connection deadline closes it, without an answer either
    let mut trickle = TcpStream::connect(h.addr()).await.unwrap();
    let head = format!(
        "POST /api/report HTTP/1.1\r\nHost: {}\r\nOrigin: {}\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\n\r\n",
        h.host(),
        h.origin()
    );
    trickle.write_all(head.as_bytes()).await.unwrap();
    let start = Instant::now();
    let mut answer = Vec::new();
    for _ in 0..30 {
        if trickle.write_all(b" ").await.is_err() {
            break;
        }
        let mut buf = [0u8; 256];
        match tokio::time::timeout(Duration::from_millis(100), trickle.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => break,
            Ok(Ok(n)) => answer.extend_from_slice(&buf[..n]),
            Err(_) => {}
        }
    }
    let took = start.elapsed();
    assert!(
        took >= Duration::from_millis(1400) && took < Duration::from_millis(2800),
        "{took:?}"
    );
    assert!(answer.is_empty(), "no answer, the connection just ends");
}

/// A report's body padded with spaces to exactly `len` bytes.
fn padded_report(code: &str, len: usize) -> String {
    let body = serde_json::json!({"code": code, "result": "won", "crystals": [5, 2]}).to_string();
    format!("{body}{}", " ".repeat(len - body.len()))
}

#[tokio::test]
async fn the_body_limit_is_exactly_4096_bytes_whatever_the_length_says() {
    let h = hall(Limits::default()).await;
    let head = |len: &str| {
        format!(
            "POST /api/report HTTP/1.1\r\nHost: {}\r\nOrigin: {}\r\nContent-Type: application/json\r\n{len}\r\n",
            h.host(),
            h.origin()
        )
    };
    let before = h.snapshot();
    // one byte over: refused, nothing written
    let over = padded_report(&h.code("Ben"), 4097);
    let r = send(
        h.addr(),
        format!("{}{over}", head("Content-Length: 4097\r\n")).as_bytes(),
    )
    .await;
    assert_eq!(r.status, 413);
    // a length that claims more than the limit: refused before the body is read
    let r = send(
        h.addr(),
        format!("{}{{}}", head("Content-Length: 100000\r\n")).as_bytes(),
    )
    .await;
    assert_eq!(r.status, 413);
    // chunked, 5,000 bytes in all: refused when the limit is passed
    let big = padded_report(&h.code("Ben"), 5000);
    let chunks: String = big
        .as_bytes()
        .chunks(1000)
        .map(|c| format!("{:x}\r\n{}\r\n", c.len(), String::from_utf8_lossy(c)))
        .collect();
    let r = send(
        h.addr(),
        format!(
            "{}{chunks}0\r\n\r\n",
            head("Transfer-Encoding: chunked\r\n")
        )
        .as_bytes(),
    )
    .await;
    assert_eq!(r.status, 413);
    // a length that claims less than is sent: only that much is read, and that is no report
    let r = send(
        h.addr(),
        format!("{}{over}", head("Content-Length: 20\r\n")).as_bytes(),
    )
    .await;
    assert_eq!(r.status, 400);
    assert_eq!(h.snapshot(), before);
    // exactly 4,096 bytes: read and recorded
    let exact = padded_report(&h.code("Ben"), 4096);
    let r = send(
        h.addr(),
        format!("{}{exact}", head("Content-Length: 4096\r\n")).as_bytes(),
    )
    .await;
    assert_eq!(r.status, 200, "{r:?}");
    // chunked within the limit: read and answered
    let small = padded_report(&h.code("Dan"), 300);
    let r = send(
        h.addr(),
        format!(
            "{}{:x}\r\n{small}\r\n0\r\n\r\n",
            head("Transfer-Encoding: chunked\r\n"),
            small.len()
        )
        .as_bytes(),
    )
    .await;
    assert_eq!(r.status, 200, "{r:?}");
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let limits = Limits {
        request_timeout: Duration::from_millis(300),
        ..quick_limits()
    };
    let h = hall(limits).await;
    let body = serde_json::json!({"code": h.code("Anna"), "result": "won", "crystals": [5, 2]})
        .to_string();
    let mut answers = vec![
        get(&h, "/", "").await,
        get(&h, &format!("/api/seat?code={}", h.code("Anna")), "").await,
        get(&h, "/api/seat", "").await,
        get(&h, "/nothing", "").await,
        get(&h, "/api/report", "").await,
        post_as(
            &h,
            "evil.example",
            Some(&h.origin()),
            "application/json",
            &body,
        )
        .await,
        post_as(
            &h,
            &h.host(),
            Some("http://evil.example"),
            "application/json",
            &body,
        )
        .await,
        post_as(&h, &h.host(), Some(&h.origin()), "text/plain", &body).await,
        post_as(
            &h,
            &h.host(),
            Some(&h.origin()),
            "application/json",
            &"x".repeat(5000),
        )
        .await,
        report(&h, &h.code("Anna"), "won", [5, 2]).await,
    ];
    let stalled = format!(
        "POST /api/report HTTP/1.1\r\nHost: {}\r\nOrigin: {}\r\nContent-Type: application/json\r\n\
         Content-Length: 200\r\n\r\n{{",
        h.host(),
        h.origin()
    );
    answers.push(send(h.addr(), stalled.as_bytes()).await);
    for i in 0..8 {
        answers.push(get(&h, &format!("/api/seat?code=WRNG-WRNG-000{i}"), "").await);
    }
    let statuses: Vec<u16> = answers.iter().map(|a| a.status).collect();
    for want in [200, 400, 404, 405, 421, 403, 415, 413, 408, 429] {
        assert!(statuses.contains(&want), "{want} in {statuses:?}");
    }
    for a in &answers {
        for (name, value) in [
            ("x-frame-options", "DENY"),
            ("x-content-type-options", "nosniff"),
            ("referrer-policy", "no-referrer"),
            ("cache-control", "no-store"),
        ] {
            assert_eq!(a.header(name), Some(value), "{name} on {}", a.status);
        }
        assert!(
            a.header("content-security-policy")
                .is_some_and(|c| c.contains("frame-ancestors 'none'")),
            "{}",
            a.status
        );
    }
}

#[tokio::test]
async fn a_dispute_and_its_settlement_over_http() {
    let h = hall(quick_limits()).await;
    assert_eq!(report(&h, &h.code("Anna"), "won", [5, 2]).await.status, 200);
    let cleo = report(&h, &h.code("Cleo"), "won", [5, 3]).await;
    assert_eq!(cleo.status, 200);
    assert_eq!(cleo.json()["state"], "disputed");
    let anna = get(&h, &format!("/api/seat?code={}", h.code("Anna")), "").await;
    assert_eq!(anna.json()["state"], "disputed");
    assert!(anna.json()["can_report"].as_bool().unwrap());
    // the organiser settles it (on the organiser's screen; never over the network)
    h.service
        .lock()
        .unwrap()
        .settle_reports(h.event, 1, 1, "Anna", 5, 2, Language::En)
        .unwrap();
    let seen = get(&h, &format!("/api/seat?code={}", h.code("Cleo")), "").await;
    assert_eq!(seen.status, 200);
    let v = seen.json();
    assert_eq!(v["state"], "final");
    assert_eq!(v["result"]["result"], "lost");
    assert_eq!(v["result"]["crystals"], serde_json::json!([2, 5]));
    assert!(!v["can_report"].as_bool().unwrap());
    // a phone can no longer change it
    let late = report(&h, &h.code("Cleo"), "won", [5, 4]).await;
    assert_eq!((late.status, late.error_kind().as_str()), (409, "refused"));
}

#[tokio::test]
async fn port_80_is_served_with_host_and_origin_without_the_port() {
    // a loopback address of its own, so no other test or program holds its port 80
    let at = "127.8.0.80:80";
    let dir = tempfile::tempdir().unwrap();
    let svc = Service::open(dir.path()).unwrap();
    let desk = Arc::new(ServiceDesk {
        service: Arc::new(Mutex::new(svc)),
        event: 1,
    });
    let server = match Server::start(at.parse().unwrap(), quick_limits(), desk).await {
        Ok(s) => s,
        Err(lanreport::StartError::Bind { source, .. })
            if source.kind() == std::io::ErrorKind::PermissionDenied =>
        {
            eprintln!("port 80 needs privileges here; the Host check is tested in the crate");
            return;
        }
        Err(e) => panic!("{e}"),
    };
    server.stop().await;
    let h = hall_of(quick_limits(), &["Anna", "Ben", "Cleo", "Dan"], at).await;
    assert_eq!(h.server.url(), "http://127.8.0.80/");
    // what a browser sends for http://127.8.0.80/
    let page = send(h.addr(), b"GET / HTTP/1.1\r\nHost: 127.8.0.80\r\n\r\n").await;
    assert_eq!(page.status, 200);
    let spelled = send(h.addr(), b"GET / HTTP/1.1\r\nHost: 127.8.0.80:80\r\n\r\n").await;
    assert_eq!(spelled.status, 200);
    let r = post_as(
        &h,
        "127.8.0.80",
        Some("http://127.8.0.80"),
        "application/json",
        &serde_json::json!({"code": h.code("Anna"), "result": "won", "crystals": [5, 2]})
            .to_string(),
    )
    .await;
    assert_eq!(r.status, 200, "{r:?}");
    let other = send(h.addr(), b"GET / HTTP/1.1\r\nHost: 127.8.0.80:8080\r\n\r\n").await;
    assert_eq!(other.status, 421);
}
