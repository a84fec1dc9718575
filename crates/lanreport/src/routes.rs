//! The three routes and the checks every request passes first. Nothing else answers: any other
//! path is 404, any other method 405, and no response carries CORS or cookie headers.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Instant;

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
    /// `192.168.1.20:8470`: the only `Host` accepted.
    pub authority: String,
    /// `http://192.168.1.20:8470`: the only `Origin` a report may come from.
    pub origin: String,
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
            let minutes = seconds.div_ceil(60).max(1);
            if de {
                format!(
                    "Zu viele falsche Codes von diesem Gerät. Versuch es in {minutes} Minute(n) wieder oder geh zur Turnierleitung."
                )
            } else {
                format!(
                    "Too many wrong codes from this device. Try again in {minutes} minute(s), or see the organiser."
                )
            }
        }
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
        Refusal::Busy => (StatusCode::SERVICE_UNAVAILABLE, "busy"),
    };
    let mut res = (status, error_body(kind, refusal_text(r, lang))).into_response();
    if let Refusal::Locked { seconds } = r {
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
    if host.is_none_or(|h| !h.eq_ignore_ascii_case(&app.authority)) {
        return refuse(Refusal::WrongHost, lang);
    }
    let origin = req.headers().get(header::ORIGIN).map(|v| v.as_bytes());
    if origin.is_some_and(|o| o != app.origin.as_bytes()) {
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

/// A player's answer from the desk, or its refusal as JSON with a fitting status; a wrong code
/// counts against the client.
fn answer(
    app: &App,
    client: IpAddr,
    got: Result<Result<SeatView, SeatRefusal>, tokio::task::JoinError>,
    lang: Language,
) -> Response {
    let refusal = match got {
        Ok(Ok(view)) => return Json(view).into_response(),
        Ok(Err(r)) => r,
        Err(_) => return refuse(Refusal::Busy, lang),
    };
    let status = match refusal.kind {
        SeatRefusalKind::UnknownCode => {
            app.lockouts.wrong_code(client, Instant::now());
            StatusCode::NOT_FOUND
        }
        SeatRefusalKind::Expired => StatusCode::GONE,
        SeatRefusalKind::Refused => StatusCode::CONFLICT,
        SeatRefusalKind::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
    };
    let kind = serde_json::to_value(refusal.kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    (status, error_body(&kind, refusal.message)).into_response()
}

fn locked_out(app: &App, client: IpAddr, lang: Language) -> Option<Response> {
    app.lockouts.locked(client, Instant::now()).map(|d| {
        refuse(
            Refusal::Locked {
                seconds: d.as_secs().max(1),
            },
            lang,
        )
    })
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
    if let Some(res) = locked_out(&app, client, lang) {
        return res;
    }
    let Some(code) = code_in_query(req.uri().query()).filter(|c| !c.trim().is_empty()) else {
        return refuse(Refusal::NoCode, lang);
    };
    let desk = app.desk.clone();
    let got = tokio::task::spawn_blocking(move || desk.seat(&code, lang)).await;
    answer(&app, client, got, lang)
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
    if let Some(res) = locked_out(&app, client, lang) {
        return res;
    }
    let Ok(ReportBody { code, report }) = serde_json::from_slice::<ReportBody>(&body) else {
        return refuse(Refusal::Unreadable, lang);
    };
    let desk = app.desk.clone();
    let got = tokio::task::spawn_blocking(move || desk.report(&code, report, client, lang)).await;
    answer(&app, client, got, lang)
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
