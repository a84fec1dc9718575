//! The three routes and the checks every request passes first. Nothing else answers: any other
//! path is 404, any other method 405, and no response carries CORS or cookie headers.

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::Deserialize;
use tablemate::tournaments::{PlayerReport, SeatRefusal, SeatRefusalKind, SeatView};
use tablemate::Language;

use crate::lockout::Lockouts;
use crate::{page, Desk};

/// The client's address, put on each request by the accept loop.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Client(pub IpAddr);

/// What the handlers share.
pub(crate) struct App {
    pub desk: Arc<dyn Desk>,
    pub lockouts: Lockouts,
    /// `192.168.1.20:8470`: the `Host` accepted (on port 80 also without the port).
    pub hosts: Vec<String>,
    /// `http://192.168.1.20:8470`: the `Origin` a report may come from.
    pub origins: Vec<String>,
    /// Every code the event has had while served (normalised): a code among them that the
    /// desk no longer knows belongs to a round undone since, not to a guesser.
    pub known_codes: Mutex<HashSet<String>>,
    pub changes: Changes,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Reads the event's codes into [`App::known_codes`] (off the async threads).
pub(crate) async fn learn_codes(app: &Arc<App>) {
    let desk = app.desk.clone();
    if let Ok(codes) = tokio::task::spawn_blocking(move || desk.codes()).await {
        lock(&app.known_codes).extend(codes);
    }
}

/// When each code last changed its seat's report: a report that differs from the last one
/// sent with the code waits `gap` after it (a phone replaying two results in a loop writes one
/// change every `gap`, not thousands). Only codes that worked are remembered, so the table is
/// bounded by the event's seats.
pub(crate) struct Changes {
    gap: Duration,
    last: Mutex<HashMap<String, (PlayerReport, Instant)>>,
}

impl Changes {
    pub fn new(gap: Duration) -> Changes {
        Changes {
            gap,
            last: Mutex::new(HashMap::new()),
        }
    }

    /// The wait before `report` may be sent with `code`, if it must wait.
    fn wait(&self, code: &str, report: PlayerReport, now: Instant) -> Option<Duration> {
        let last = lock(&self.last);
        let (sent, at) = last.get(code)?;
        let since = now.saturating_duration_since(*at);
        (*sent != report && since < self.gap).then(|| self.gap - since)
    }

    /// `report` was recorded with `code` (a change, or the same as before).
    fn recorded(&self, code: String, report: PlayerReport, now: Instant) {
        let mut last = lock(&self.last);
        match last.get(&code) {
            Some((sent, _)) if *sent == report => {}
            _ => {
                last.insert(code, (report, now));
            }
        }
    }
}

fn lang_of(headers: &HeaderMap) -> Language {
    page::language(
        headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok()),
    )
}

/// A refusal of the server itself, in the request's language.
#[derive(Debug, Clone, Copy)]
enum Refusal {
    WrongHost,
    WrongOrigin,
    NotJson,
    Unreadable,
    NoCode,
    Locked { seconds: u64 },
    TooSoon { seconds: u64 },
    Undone,
    Busy,
}

fn refusal_text(r: Refusal, lang: Language) -> String {
    let de = lang == Language::De;
    match r {
        Refusal::WrongHost => if de {
            "Diese Adresse wird hier nicht bedient."
        } else {
            "This address is not served here."
        }
        .into(),
        Refusal::WrongOrigin => if de {
            "Ergebnisse können nur über die Seite der Turnierleitung gemeldet werden."
        } else {
            "Results can only be reported through the organiser's page."
        }
        .into(),
        Refusal::NotJson | Refusal::Unreadable => if de {
            "Die Meldung konnte nicht gelesen werden."
        } else {
            "The report could not be read."
        }
        .into(),
        Refusal::NoCode => if de {
            "Bitte gib deinen Code ein."
        } else {
            "Please enter your code."
        }
        .into(),
        Refusal::Locked { seconds } => {
            if de {
                format!(
                    "Zu viele falsche Codes aus diesem Netz. Versuch es in {seconds} Sekunde(n) wieder."
                )
            } else {
                format!("Too many wrong codes from this network. Try again in {seconds} second(s).")
            }
        }
        Refusal::TooSoon { seconds } => {
            if de {
                format!(
                    "Du hast dein Ergebnis gerade erst geändert. Warte {seconds} Sekunde(n) und sende es dann noch einmal."
                )
            } else {
                format!(
                    "You changed your result a moment ago. Wait {seconds} second(s), then send it again."
                )
            }
        }
        Refusal::Undone => if de {
            "Die Turnierleitung hat diese Runde zurückgenommen: Dein Code gilt nicht mehr. Frag nach der neuen Paarung und deinem neuen Code."
        } else {
            "The organiser undid this round: your code no longer works. Ask for the new pairings and your new code."
        }
        .into(),
        Refusal::Busy => if de {
            "Der Server ist gerade beschäftigt. Bitte versuch es noch einmal."
        } else {
            "The server is busy. Please try again."
        }
        .into(),
    }
}

fn error_body(kind: &str, message: String) -> Json<serde_json::Value> {
    Json(serde_json::json!({ "error": { "kind": kind, "message": message } }))
}

fn refuse(r: Refusal, lang: Language) -> Response {
    let (status, kind) = match r {
        Refusal::WrongHost => (StatusCode::MISDIRECTED_REQUEST, "wrong_host"),
        Refusal::WrongOrigin => (StatusCode::FORBIDDEN, "wrong_origin"),
        Refusal::NotJson => (StatusCode::UNSUPPORTED_MEDIA_TYPE, "not_json"),
        Refusal::Unreadable => (StatusCode::BAD_REQUEST, "unreadable"),
        Refusal::NoCode => (StatusCode::BAD_REQUEST, "no_code"),
        Refusal::Locked { .. } => (StatusCode::TOO_MANY_REQUESTS, "locked_out"),
        Refusal::TooSoon { .. } => (StatusCode::TOO_MANY_REQUESTS, "too_soon"),
        Refusal::Undone => (StatusCode::GONE, "undone"),
        Refusal::Busy => (StatusCode::SERVICE_UNAVAILABLE, "busy"),
    };
    let mut res = (status, error_body(kind, refusal_text(r, lang))).into_response();
    if let Refusal::Locked { seconds } | Refusal::TooSoon { seconds } = r {
        if let Ok(v) = HeaderValue::from_str(&seconds.to_string()) {
            res.headers_mut().insert(header::RETRY_AFTER, v);
        }
    }
    res
}

/// Every request: the `Host` must be the advertised address (a page on another name that
/// resolves here — DNS rebinding — is refused), and a request that names an `Origin` must name
/// ours. A report must also come as JSON from our origin.
pub(crate) async fn guard(State(app): State<Arc<App>>, req: Request, next: Next) -> Response {
    let lang = lang_of(req.headers());
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|v| v.to_str().ok());
    if host.is_none_or(|h| !app.hosts.iter().any(|a| h.eq_ignore_ascii_case(a))) {
        return refuse(Refusal::WrongHost, lang);
    }
    let origin = req.headers().get(header::ORIGIN).map(|v| v.as_bytes());
    if origin.is_some_and(|o| !app.origins.iter().any(|a| o == a.as_bytes())) {
        return refuse(Refusal::WrongOrigin, lang);
    }
    if req.method() == Method::POST {
        if origin.is_none() {
            return refuse(Refusal::WrongOrigin, lang);
        }
        let json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
        if !json {
            return refuse(Refusal::NotJson, lang);
        }
    }
    next.run(req).await
}

/// `GET /`: the page, in the browser's language, or in the one `?lang=de` / `?lang=en` asks
/// for (a phone set to English whose player reads German; the page then asks the API in it).
pub(crate) async fn page(headers: HeaderMap, uri: axum::http::Uri) -> Response {
    let asked = uri
        .query()
        .unwrap_or("")
        .split('&')
        .find_map(|kv| match kv {
            "lang=de" => Some(Language::De),
            "lang=en" => Some(Language::En),
            _ => None,
        });
    let lang = asked.unwrap_or_else(|| lang_of(&headers));
    let mut res = page::render(lang).into_response();
    res.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    res
}

/// A player's answer from the desk, or its refusal as JSON with a fitting status. The token
/// the try took is given back unless the code was a guess: a wrong code that was never one of
/// the event's (a code of an undone round says so, and is no guess).
fn answer(
    app: &App,
    client: IpAddr,
    code: &str,
    got: Result<Result<SeatView, SeatRefusal>, tokio::task::JoinError>,
    lang: Language,
) -> Response {
    let now = Instant::now();
    let refusal = match got {
        Ok(Ok(view)) => {
            app.lockouts.give_back(client, Some(code), now);
            return Json(view).into_response();
        }
        Ok(Err(r)) => r,
        Err(_) => {
            app.lockouts.give_back(client, None, now);
            return refuse(Refusal::Busy, lang);
        }
    };
    let status = match refusal.kind {
        SeatRefusalKind::UnknownCode => {
            if lock(&app.known_codes).contains(code) {
                app.lockouts.give_back(client, None, now);
                return refuse(Refusal::Undone, lang);
            }
            StatusCode::NOT_FOUND
        }
        kind => {
            // a code of the event (its round over, or refused for another reason) is no
            // guess; an answer the desk could not give proves nothing about the code
            let right = (kind != SeatRefusalKind::Unavailable).then_some(code);
            app.lockouts.give_back(client, right, now);
            match kind {
                SeatRefusalKind::Expired => StatusCode::GONE,
                SeatRefusalKind::Refused => StatusCode::CONFLICT,
                _ => StatusCode::SERVICE_UNAVAILABLE,
            }
        }
    };
    let kind = serde_json::to_value(refusal.kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    (status, error_body(&kind, refusal.message)).into_response()
}

/// Takes the try's token before the code is looked at; refused unseen when there is none.
fn take_token(app: &App, client: IpAddr, lang: Language) -> Option<Response> {
    app.lockouts.take(client, Instant::now()).err().map(|d| {
        refuse(
            Refusal::Locked {
                seconds: d.as_secs_f64().ceil().max(1.0) as u64,
            },
            lang,
        )
    })
}

/// The code as the service compares it (upper case, no separators), or as typed when it is
/// not a code at all (then it is a guess whatever happens).
fn normalised(code: &str) -> String {
    tablemate::tournaments::normalise_code(code).unwrap_or_else(|| code.to_string())
}

/// The `code` of a query string (`code=7KQ2-XM4D-90TB`), percent-decoded, bounded.
fn code_in_query(query: Option<&str>) -> Option<String> {
    let raw = query?.split('&').find_map(|kv| kv.strip_prefix("code="))?;
    if raw.len() > 3 * tablemate::tournaments::MAX_CODE_INPUT {
        return Some(String::new());
    }
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// `GET /api/seat?code=CODE`: the player's table, opponent and where the reports stand.
pub(crate) async fn seat(
    State(app): State<Arc<App>>,
    Extension(Client(client)): Extension<Client>,
    headers: HeaderMap,
    req: Request,
) -> Response {
    let lang = lang_of(&headers);
    let Some(code) = code_in_query(req.uri().query()).filter(|c| !c.trim().is_empty()) else {
        return refuse(Refusal::NoCode, lang);
    };
    if let Some(res) = take_token(&app, client, lang) {
        return res;
    }
    let key = normalised(&code);
    let desk = app.desk.clone();
    let got = tokio::task::spawn_blocking(move || desk.seat(&code, lang)).await;
    answer(&app, client, &key, got, lang)
}

/// The body of `POST /api/report`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ReportBody {
    code: String,
    #[serde(flatten)]
    report: PlayerReport,
}

/// `POST /api/report` with `{"code": "...", "result": "won"|"lost", "crystals": [mine, theirs]}`.
pub(crate) async fn report(
    State(app): State<Arc<App>>,
    Extension(Client(client)): Extension<Client>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let lang = lang_of(&headers);
    let Ok(ReportBody { code, report }) = serde_json::from_slice::<ReportBody>(&body) else {
        return refuse(Refusal::Unreadable, lang);
    };
    if let Some(res) = take_token(&app, client, lang) {
        return res;
    }
    let key = normalised(&code);
    if let Some(wait) = app.changes.wait(&key, report, Instant::now()) {
        // only a change of the seat's stored report waits: a table that is final (or a
        // round that is over) is answered by the desk's refusal below, which writes nothing
        // either, and a seat whose report the organiser cleared reports at once
        let desk = app.desk.clone();
        let asked = code.clone();
        let seat = tokio::task::spawn_blocking(move || desk.seat(&asked, lang)).await;
        if matches!(seat, Ok(Ok(ref v)) if v.can_report && v.mine.is_some_and(|m| m != report)) {
            // a code known to work (only those are remembered): no guess
            app.lockouts.give_back(client, Some(&key), Instant::now());
            let seconds = wait.as_secs_f64().ceil().max(1.0) as u64;
            return refuse(Refusal::TooSoon { seconds }, lang);
        }
    }
    let desk = app.desk.clone();
    let got = tokio::task::spawn_blocking(move || desk.report(&code, report, client, lang)).await;
    if let Ok(Ok(view)) = &got {
        if view.mine == Some(report) {
            app.changes.recorded(key.clone(), report, Instant::now());
        }
    }
    answer(&app, client, &key, got, lang)
}

/// Any other path.
pub(crate) async fn not_found() -> Response {
    (StatusCode::NOT_FOUND, Body::empty()).into_response()
}

#[cfg(test)]
mod tests {
    use super::code_in_query;

    #[test]
    fn the_code_is_read_from_the_query() {
        assert_eq!(
            code_in_query(Some("code=ABCD-EFGH")).as_deref(),
            Some("ABCD-EFGH")
        );
        assert_eq!(
            code_in_query(Some("x=1&code=ab%2Dcd+ef")).as_deref(),
            Some("ab-cd ef")
        );
        assert_eq!(code_in_query(Some("x=1")), None);
        assert_eq!(code_in_query(None), None);
        assert_eq!(code_in_query(Some("code=%zz")), None);
        assert_eq!(code_in_query(Some("code=%4")).as_deref(), Some("%4"));
        assert_eq!(
            code_in_query(Some(&format!("code={}", "A".repeat(500)))).as_deref(),
            Some("")
        );
    }
}
