//! The reporting server the organiser starts from the event page (issue #22): at most one,
//! on Tauri's async runtime, answering players through the same service the window uses (one
//! command at a time on its lock). It is stopped when the organiser says so, when the round's
//! codes stop working (every result in, closed, the round undone: the event page's status
//! poll notices), and when the app exits; the page shows why it stopped.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::{Arc, Mutex};

use lanreport::StopReason;
use tablemate::{Language, ServiceError};
use tauri::{AppHandle, Manager, Runtime};

use crate::state::AppState;

/// The app's service, lent to the reporting server for the players' requests.
struct AppService<R: Runtime>(AppHandle<R>);

impl<R: Runtime> lanreport::Lend for AppService<R> {
    fn lend<T>(&self, f: impl FnOnce(&mut tablemate::Service) -> T) -> Option<T> {
        self.0.state::<AppState>().with(|svc| Ok(f(svc))).ok()
    }
}

struct Running {
    event: i64,
    /// The round served: its codes stopping is the reason the server stops.
    round: u32,
    server: lanreport::Server,
    /// The event's lock for serving, across processes (a `tablemate tournament serve` of the
    /// same event is refused while the app serves it, and the other way round).
    _lock: lanreport::ServeLock,
}

/// The running server, if any, and why each event's server last stopped (managed state).
#[derive(Default)]
pub struct ReportServer {
    running: Mutex<Option<Running>>,
    stopped: Mutex<HashMap<i64, StopReason>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl ReportServer {
    fn take(&self) -> Option<Running> {
        lock(&self.running).take()
    }

    /// Serves round `round` of `event` on `address`, stopping a server already running first.
    /// Refused while another program serves the event (named in the refusal).
    #[allow(clippy::too_many_arguments)]
    pub async fn start<R: Runtime>(
        &self,
        app: AppHandle<R>,
        event: i64,
        round: u32,
        address: SocketAddr,
        data_dir: &Path,
        lang: Language,
    ) -> Result<(), ServiceError> {
        self.stop_because(StopReason::Closed).await;
        let serve_lock = lanreport::ServeLock::acquire(data_dir, event, lanreport::Holder::App)
            .map_err(|e| ServiceError::invalid(e.text(lang)))?;
        let desk = Arc::new(lanreport::ServiceDesk {
            service: AppService(app),
            event,
        });
        let server = lanreport::Server::start(address, lanreport::Limits::default(), desk)
            .await
            .map_err(|e| ServiceError::invalid(e.to_string()))?;
        let _ = serve_lock.announce(Some(&server.url()));
        lock(&self.stopped).remove(&event);
        *lock(&self.running) = Some(Running {
            event,
            round,
            server,
            _lock: serve_lock,
        });
        Ok(())
    }

    /// Stops the server, if one runs, remembering why, and waits until it is gone.
    pub async fn stop_because(&self, why: StopReason) {
        if let Some(r) = self.take() {
            lock(&self.stopped).insert(r.event, why);
            r.server.stop().await;
        }
    }

    /// Stops the server as the app closes.
    pub async fn stop(&self) {
        let serving = lock(&self.running).is_some();
        if serving {
            eprintln!(
                "tablemate: reporting stopped: {}",
                StopReason::AppClosing.text(Language::En)
            );
        }
        self.stop_because(StopReason::AppClosing).await;
    }

    /// The address players use while `event` is served.
    pub fn url_for(&self, event: i64) -> Option<String> {
        lock(&self.running)
            .as_ref()
            .filter(|r| r.event == event)
            .map(|r| r.server.url())
    }

    /// The round served of `event`, while it is served.
    pub fn round_for(&self, event: i64) -> Option<u32> {
        lock(&self.running)
            .as_ref()
            .filter(|r| r.event == event)
            .map(|r| r.round)
    }

    /// Why `event`'s server last stopped, since it was last started.
    pub fn stopped(&self, event: i64) -> Option<StopReason> {
        lock(&self.stopped).get(&event).copied()
    }
}
