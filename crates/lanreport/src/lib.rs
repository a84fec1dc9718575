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
//! is JSON from our origin. Bodies are at most 4 KiB; headers must arrive within a few seconds
//! and a connection lives a bounded time (slow clients cannot hold slots); at most a fixed
//! number of connections are served at once; wrong codes lock a client out for growing times;
//! codes are compared in constant time (by the service). Every response says `no-store`,
//! `nosniff`, `no-referrer` and a CSP of `default-src 'self'` plus the page's own script and
//! style by hash. There is no CORS and no cookie.
//!
//! The server knows nothing of the database: it asks a [`Desk`] (the service behind a lock,
//! [`ServiceDesk`], for the CLI; the app's own state in the app), one blocking call per request,
//! off the async threads.

pub mod interfaces;
mod lockout;
mod page;
pub mod qr;
mod routes;

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

/// Where the server gets its answers: the two things a player can do.
pub trait Desk: Send + Sync + 'static {
    fn seat(&self, code: &str, lang: Language) -> Result<SeatView, SeatRefusal>;
    fn report(
        &self,
        code: &str,
        report: PlayerReport,
        client: IpAddr,
        lang: Language,
    ) -> Result<SeatView, SeatRefusal>;
}

/// The service behind a lock, serving one event.
pub struct ServiceDesk {
    pub service: Arc<Mutex<Service>>,
    pub event: i64,
}

impl ServiceDesk {
    fn with<T>(
        &self,
        lang: Language,
        f: impl FnOnce(&mut Service) -> Result<T, SeatRefusal>,
    ) -> Result<T, SeatRefusal> {
        match self.service.lock() {
            Ok(mut svc) => f(&mut svc),
            Err(_) => Err(SeatRefusal::unavailable(lang)),
        }
    }
}

impl Desk for ServiceDesk {
    fn seat(&self, code: &str, lang: Language) -> Result<SeatView, SeatRefusal> {
        self.with(lang, |svc| svc.seat_view(self.event, code, lang))
    }

    fn report(
        &self,
        code: &str,
        report: PlayerReport,
        client: IpAddr,
        lang: Language,
    ) -> Result<SeatView, SeatRefusal> {
        self.with(lang, |svc| {
            svc.report_result(self.event, code, report, &client.to_string(), lang)
        })
    }
}

/// The server's limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Connections served at once; one more is closed at once.
    pub max_connections: usize,
    /// The time a client has to send a request's headers.
    pub header_timeout: Duration,
    /// The time a request (reading its body and answering) may take.
    pub request_timeout: Duration,
    /// The longest a connection stays open, whatever it does.
    pub connection_time: Duration,
    /// The largest request body.
    pub body_bytes: usize,
    pub lockout: LockoutPolicy,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_connections: 64,
            header_timeout: Duration::from_secs(5),
            request_timeout: Duration::from_secs(10),
            connection_time: Duration::from_secs(20),
            body_bytes: 4096,
            lockout: LockoutPolicy::default(),
        }
    }
}

/// The port the server listens on unless the organiser gives another.
pub const DEFAULT_PORT: u16 = 8470;

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

/// `192.168.1.20:8470`, `[fe80::1]:8470`: the address as a `Host` header names it.
fn authority(address: SocketAddr) -> String {
    match address.ip() {
        IpAddr::V4(ip) => format!("{ip}:{}", address.port()),
        IpAddr::V6(ip) => format!("[{ip}]:{}", address.port()),
    }
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
            authority: authority(address),
            origin: format!("http://{}", authority(address)),
        });
        let router = router(app, &limits);
        let (stop, stopped) = watch::channel(false);
        let task = tokio::spawn(accept_loop(listener, router, limits, stopped));
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

    /// The page's address for the QR code and the projector: `http://192.168.1.20:8470/`.
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

async fn accept_loop(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    mut stopped: watch::Receiver<bool>,
) {
    let slots = Arc::new(Semaphore::new(limits.max_connections));
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
        // over the cap: closed at once, without reading a byte
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
            let _permit = permit;
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
        }
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
