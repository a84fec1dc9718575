//! The reporting server the organiser starts from the event page (issue #22): at most one,
//! on Tauri's async runtime, answering players through the same service the window uses (one
//! command at a time on its lock). It is stopped when the organiser says so, when the round's
//! results are final (the event page's status poll notices), and when the app exits.

use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};

use tablemate::tournaments::{PlayerReport, SeatRefusal, SeatView};
use tablemate::{Language, ServiceError};
use tauri::{AppHandle, Manager, Runtime};

use crate::state::AppState;

/// The players' two requests, answered by the app's service.
struct AppDesk<R: Runtime> {
    app: AppHandle<R>,
    event: i64,
}

impl<R: Runtime> lanreport::Desk for AppDesk<R> {
    fn seat(&self, code: &str, lang: Language) -> Result<SeatView, SeatRefusal> {
        self.app
            .state::<AppState>()
            .with(|svc| Ok(svc.seat_view(self.event, code, lang)))
            .unwrap_or_else(|_| Err(SeatRefusal::unavailable(lang)))
    }

    fn report(
        &self,
        code: &str,
        report: PlayerReport,
        client: IpAddr,
        lang: Language,
    ) -> Result<SeatView, SeatRefusal> {
        self.app
            .state::<AppState>()
            .with(|svc| Ok(svc.report_result(self.event, code, report, &client.to_string(), lang)))
            .unwrap_or_else(|_| Err(SeatRefusal::unavailable(lang)))
    }
}

struct Running {
    event: i64,
    server: lanreport::Server,
}

/// The running server, if any (managed state).
#[derive(Default)]
pub struct ReportServer {
    running: Mutex<Option<Running>>,
}

impl ReportServer {
    fn take(&self) -> Option<Running> {
        self.running
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
    }

    /// Serves `event` on `address`, stopping a server already running first.
    pub async fn start<R: Runtime>(
        &self,
        app: AppHandle<R>,
        event: i64,
        address: SocketAddr,
    ) -> Result<(), ServiceError> {
        self.stop().await;
        let desk = Arc::new(AppDesk { app, event });
        let server = lanreport::Server::start(address, lanreport::Limits::default(), desk)
            .await
            .map_err(|e| ServiceError::invalid(e.to_string()))?;
        *self
            .running
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(Running { event, server });
        Ok(())
    }

    /// Stops the server, if one runs, and waits until it is gone.
    pub async fn stop(&self) {
        if let Some(r) = self.take() {
            r.server.stop().await;
        }
    }

    /// The address players use while `event` is served.
    pub fn url_for(&self, event: i64) -> Option<String> {
        self.running
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .as_ref()
            .filter(|r| r.event == event)
            .map(|r| r.server.url())
    }
}
