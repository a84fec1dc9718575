//! The result-reporting server on the hall's network (issue #22): one small HTTP server the
//! organiser's app (or `tablemate tournament serve`) runs while reporting is open, bound to one
//! interface the organiser picks. Players' phones load one page and call two JSON endpoints:
//!
//! - `GET /` — the page (English or German by the browser's `Accept-Language`, or as
//!   `?lang=de` / `?lang=en` asks; the page then asks the API in that language);
//! - `GET /api/seat?code=CODE` — the player's table, opponent and where the reports stand;
//! - `POST /api/report` with `{"code": "...", "result": "won" | "lost", "crystals": [mine, theirs]}`.
//!
//! Nothing else is reachable: no organiser control, no other route. Every request is checked
//! (`routes::guard`): `Host` must be the advertised address, an `Origin` must be ours, a report
//! is JSON from our origin. Bodies are at most 4 KiB; headers must arrive within a few seconds,
//! a request is answered (or 408) within a few more, and a connection lives a bounded time
//! (slow clients cannot hold slots). Each client address holds at most a few connections and
//! all of them together a fixed number, so one client cannot shut the others out. Codes are
//! tried at a bounded rate per address, counted before they are looked at (`lockout`); right
//! codes never count. A seat's report changes at most once every few seconds. Codes are
//! compared in constant time (by the service). Every response says `no-store`, `nosniff`,
//! `no-referrer`, `X-Frame-Options: DENY` and a CSP of `default-src 'self'` plus the page's
//! own script and style by hash. There is no CORS and no cookie.
//!
//! The server knows nothing of the database: it asks a [`Desk`] ([`ServiceDesk`]: the service
//! as the front end [`Lend`]s it, behind a lock for the CLI, the app's own state in the app),
//! one blocking call per request, off the async threads.

pub mod interfaces;
mod lockout;
mod page;
pub mod qr;
mod routes;
mod shares;
mod stopping;

use std::collections::HashSet;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::{header, HeaderValue, StatusCode};
use axum::routing::{get, post};
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tablemate::tournaments::{PlayerReport, SeatRefusal, SeatView};
use tablemate::{Language, Service};
use tokio::net::TcpListener;
use tokio::sync::{watch, Semaphore};
use tokio::task::{JoinHandle, JoinSet};
use tower::ServiceExt as _;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

pub use lockout::LockoutPolicy;
pub use stopping::{Holder, LockError, ServeLock, ServedBy, StopReason};

/// Where the server gets its answers: the two things a player can do, and the codes the event
/// has (to tell a code of a round undone since from a guess).
pub trait Desk: Send + Sync + 'static {
    fn seat(&self, code: &str, lang: Language) -> Result<SeatView, SeatRefusal>;
    fn report(
        &self,
        code: &str,
        report: PlayerReport,
        client: IpAddr,
        lang: Language,
    ) -> Result<SeatView, SeatRefusal>;
    /// Every seat code of the event now, of any round (empty when it cannot be read).
    fn codes(&self) -> Vec<String>;
}

/// How a front end lends its service for one call: `None` when it has none to lend (a
/// poisoned lock, a data folder that did not open).
pub trait Lend: Send + Sync + 'static {
    fn lend<T>(&self, f: impl FnOnce(&mut Service) -> T) -> Option<T>;
}

/// The CLI's: the service behind a lock.
impl Lend for Arc<Mutex<Service>> {
    fn lend<T>(&self, f: impl FnOnce(&mut Service) -> T) -> Option<T> {
        self.lock().ok().map(|mut svc| f(&mut svc))
    }
}

/// The service, however the front end holds it (`S`), serving one event.
pub struct ServiceDesk<S = Arc<Mutex<Service>>> {
    pub service: S,
    pub event: i64,
}

impl<S: Lend> ServiceDesk<S> {
    /// A player's request answered by the service, or refused as unavailable without one.
    fn answer(
        &self,
        lang: Language,
        f: impl FnOnce(&mut Service) -> Result<SeatView, SeatRefusal>,
    ) -> Result<SeatView, SeatRefusal> {
        self.service
            .lend(f)
            .unwrap_or_else(|| Err(SeatRefusal::unavailable(lang)))
    }
}

impl<S: Lend> Desk for ServiceDesk<S> {
    fn seat(&self, code: &str, lang: Language) -> Result<SeatView, SeatRefusal> {
        self.answer(lang, |svc| svc.seat_view(self.event, code, lang))
    }

    fn report(
        &self,
        code: &str,
        report: PlayerReport,
        client: IpAddr,
        lang: Language,
    ) -> Result<SeatView, SeatRefusal> {
        let client = client.to_string();
        self.answer(lang, |svc| {
            svc.report_result(self.event, code, report, &client, lang)
        })
    }

    fn codes(&self) -> Vec<String> {
        let codes = self.service.lend(|svc| svc.event_codes(self.event).ok());
        codes.flatten().unwrap_or_default()
    }
}

/// The server's limits. [`Limits::default`] is what the CLI and the app serve with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Connections served at once, from all clients; one more is closed at once.
    pub max_connections: usize,
    /// Connections one client address may hold at once; one more is closed at once.
    pub per_client_connections: usize,
    /// The time a client has to send a request's headers.
    pub header_timeout: Duration,
    /// The time a request (reading its body and answering) may take; then 408.
    pub request_timeout: Duration,
    /// The longest a connection stays open, whatever it does.
    pub connection_time: Duration,
    /// The largest request body.
    pub body_bytes: usize,
    /// How fast an address may try codes.
    pub lockout: LockoutPolicy,
    /// The shortest time between two different reports with one code.
    pub report_gap: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_connections: 128,
            // a browser opens at most six connections to one host: one phone never meets its
            // own limit, and one client holding six leaves the rest for everyone else
            per_client_connections: 6,
            header_timeout: Duration::from_secs(5),
            request_timeout: Duration::from_secs(10),
            connection_time: Duration::from_secs(20),
            body_bytes: 4096,
            lockout: LockoutPolicy::default(),
            report_gap: Duration::from_secs(5),
        }
    }
}

/// The port the server listens on unless the organiser gives another.
pub const DEFAULT_PORT: u16 = 8470;

/// How often the server reads the event's codes (to know a code of a round undone since).
const CODES_EVERY: Duration = Duration::from_secs(2);

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(
        "{0} is not one address of this computer: pick one network (like 192.168.1.20:8470), \
         never all of them"
    )]
    Unspecified(SocketAddr),
    #[error("cannot listen on {address}: {source}")]
    Bind {
        address: SocketAddr,
        #[source]
        source: std::io::Error,
    },
}

/// A running server; [`Server::stop`] ends it (so does dropping it).
pub struct Server {
    address: SocketAddr,
    stop: watch::Sender<bool>,
    task: Option<JoinHandle<()>>,
}

/// `192.168.1.20:8470`, `[fe80::1]:8470`: the address as a `Host` header names it; on port 80
/// without the port (`192.168.1.20`), as browsers send it.
fn authority(address: SocketAddr) -> String {
    let ip = match address.ip() {
        IpAddr::V4(ip) => ip.to_string(),
        IpAddr::V6(ip) => format!("[{ip}]"),
    };
    if address.port() == 80 {
        ip
    } else {
        format!("{ip}:{}", address.port())
    }
}

/// The `Host` values accepted: the authority, and on port 80 also with `:80` spelled out.
fn hosts(address: SocketAddr) -> Vec<String> {
    let mut all = vec![authority(address)];
    if address.port() == 80 {
        all.push(format!("{}:80", authority(address)));
    }
    all
}

fn router(app: Arc<routes::App>, limits: &Limits) -> Router {
    let headers = [
        (header::CONTENT_SECURITY_POLICY, page::CSP.as_str()),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::CACHE_CONTROL, "no-store"),
        (header::X_FRAME_OPTIONS, "DENY"),
    ];
    let mut r = Router::new()
        .route("/", get(routes::page))
        .route("/api/seat", get(routes::seat))
        .route("/api/report", post(routes::report))
        .fallback(routes::not_found)
        .layer(axum::middleware::from_fn_with_state(
            app.clone(),
            routes::guard,
        ))
        .layer(RequestBodyLimitLayer::new(limits.body_bytes))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            limits.request_timeout,
        ))
        .with_state(app);
    // outermost, so every answer has them, refusals and timeouts too
    for (name, value) in headers {
        if let Ok(value) = HeaderValue::from_str(value) {
            r = r.layer(SetResponseHeaderLayer::overriding(name, value));
        }
    }
    r
}

impl Server {
    /// Binds `address` (one interface; never the unspecified address) and serves until stopped.
    /// Must be called inside a tokio runtime.
    pub async fn start(
        address: SocketAddr,
        limits: Limits,
        desk: Arc<dyn Desk>,
    ) -> Result<Server, StartError> {
        if address.ip().is_unspecified() {
            return Err(StartError::Unspecified(address));
        }
        let listener = TcpListener::bind(address)
            .await
            .map_err(|source| StartError::Bind { address, source })?;
        let address = listener
            .local_addr()
            .map_err(|source| StartError::Bind { address, source })?;
        let app = Arc::new(routes::App {
            desk,
            lockouts: lockout::Lockouts::new(limits.lockout),
            hosts: hosts(address),
            origins: hosts(address)
                .into_iter()
                .map(|h| format!("http://{h}"))
                .collect(),
            known_codes: Mutex::new(HashSet::new()),
            changes: routes::Changes::new(limits.report_gap),
        });
        routes::learn_codes(&app).await;
        let router = router(app.clone(), &limits);
        let (stop, stopped) = watch::channel(false);
        let task = tokio::spawn(serve(listener, router, app, limits, stopped));
        Ok(Server {
            address,
            stop,
            task: Some(task),
        })
    }

    /// The address served (with the port chosen, when port 0 was asked for).
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The page's address for the QR code and the projector: `http://192.168.1.20:8470/`
    /// (`http://192.168.1.20/` on port 80).
    pub fn url(&self) -> String {
        format!("http://{}/", authority(self.address))
    }

    /// Stops accepting, closes every open connection, and waits until the server is gone.
    pub async fn stop(mut self) {
        let _ = self.stop.send(true);
        if let Some(task) = self.task.take() {
            let _ = task.await;
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.stop.send(true);
    }
}

/// The accept loop, and beside it the codes read every few seconds.
async fn serve(
    listener: TcpListener,
    router: Router,
    app: Arc<routes::App>,
    limits: Limits,
    mut stopped: watch::Receiver<bool>,
) {
    let mut stopped_too = stopped.clone();
    let learning = async move {
        loop {
            tokio::select! {
                _ = stopped_too.changed() => return,
                _ = tokio::time::sleep(CODES_EVERY) => routes::learn_codes(&app).await,
            }
        }
    };
    let accepting = async move {
        let slots = Arc::new(Semaphore::new(limits.max_connections));
        let shares = shares::Shares::new(limits.per_client_connections);
        let mut connections = JoinSet::new();
        loop {
            let accepted = tokio::select! {
                _ = stopped.changed() => break,
                accepted = listener.accept() => accepted,
            };
            while connections.try_join_next().is_some() {}
            let (stream, peer) = match accepted {
                Ok(a) => a,
                // out of file handles or the like: wait a moment rather than spin
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            };
            // over the client's share, or over the cap: closed at once, without reading a byte
            let Some(share) = shares.take(peer.ip()) else {
                drop(stream);
                continue;
            };
            let Ok(permit) = slots.clone().try_acquire_owned() else {
                drop(stream);
                continue;
            };
            let client = routes::Client(peer.ip());
            let service = router.clone().map_request(
                move |mut req: axum::http::Request<hyper::body::Incoming>| {
                    req.extensions_mut().insert(client);
                    req
                },
            );
            connections.spawn(async move {
                let _held = (permit, share);
                let conn = hyper::server::conn::http1::Builder::new()
                    .timer(TokioTimer::new())
                    .header_read_timeout(limits.header_timeout)
                    .keep_alive(false)
                    .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
                // a connection that sends nothing, or trickles, is closed after this at the latest
                let _ = tokio::time::timeout(limits.connection_time, conn).await;
            });
        }
        connections.abort_all();
        while connections.join_next().await.is_some() {}
    };
    tokio::join!(learning, accepting);
}

/// What the organiser's event page shows of reporting: where players go (while the server
/// runs), its QR code, and the round's reports table by table.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[ts(export)]
pub struct ServingView {
    /// `http://192.168.1.20:8470/` while the server runs for this event.
    pub url: Option<String>,
    /// The address as an SVG QR code, a `data:` URL for an `<img>`.
    pub qr: Option<String>,
    /// The current round's reports; `None` before round 1 is paired.
    pub reporting: Option<tablemate::tournaments::ReportingView>,
    /// Why the server last stopped, while it is not running.
    pub stopped: Option<StopReason>,
}

impl ServingView {
    pub fn new(
        url: Option<String>,
        reporting: Option<tablemate::tournaments::ReportingView>,
    ) -> Self {
        ServingView {
            qr: url.as_deref().and_then(qr::qr_data_url),
            url,
            reporting,
            stopped: None,
        }
    }

    /// The view, saying why the server stopped (when it is not running).
    pub fn stopped(mut self, why: Option<StopReason>) -> Self {
        self.stopped = if self.url.is_none() { why } else { None };
        self
    }
}

/// A seat's code for its half of the printed result slip: the typed form, and while the
/// server runs, a QR code of the page's address with the code in it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[ts(export)]
pub struct SlipCode {
    pub code: tablemate::tournaments::SeatCodeView,
    /// `url?code=CODE` as an SVG QR code (`data:` URL); `None` while reporting is not served.
    pub qr: Option<String>,
}

impl SlipCode {
    /// The slips' codes; `url` is the page's address while it is served.
    pub fn all(
        codes: Vec<tablemate::tournaments::SeatCodeView>,
        url: Option<&str>,
    ) -> Vec<SlipCode> {
        codes
            .into_iter()
            .map(|code| SlipCode {
                qr: url.and_then(|u| qr::qr_data_url(&format!("{u}?code={}", code.code))),
                code,
            })
            .collect()
    }
}
