//! A bounded load run on 127.0.0.1: an event of 100 players (50 tables), reporting open with
//! agreeing reports waiting for the organiser (so every report is a real write), and 50
//! concurrent clients, one per table's seat A, each sending `ROUNDS` reports that alternate
//! between two results. Prints reports per second and the slowest answer.
//!
//! `cargo run --release -p lanreport --example load [ROUNDS]`

#[path = "../../../tests/support/hall_night.rs"]
mod hall_night;
use hall_night::hall_night;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use lanreport::{Limits, Server, ServiceDesk};
use tablemate::tournaments::ReportAcceptance;
use tablemate::{Language, Service};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const CLIENTS: usize = 50;

async fn post(addr: SocketAddr, body: &str) -> Result<u16, std::io::Error> {
    let mut s = TcpStream::connect(addr).await?;
    let raw = format!(
        "POST /api/report HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(raw.as_bytes()).await?;
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await?;
    let text = String::from_utf8_lossy(&buf);
    Ok(text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0))
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20)
        .clamp(1, 1000);
    let dir = tempfile::tempdir()?;
    let mut svc = Service::open(dir.path())?;
    let names: Vec<String> = (0..2 * CLIENTS).map(|i| format!("Player {i:03}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let id = hall_night(
        &mut svc,
        "Load Night",
        &names,
        ReportAcceptance::ByOrganiser,
    )?;
    svc.open_reporting(id, Language::En)?;
    let codes: Vec<String> = svc
        .seat_codes(id, None, Language::En)?
        .into_iter()
        .step_by(2) // seat A of each table
        .map(|c| c.code)
        .collect();
    let service = Arc::new(Mutex::new(svc));
    let desk = Arc::new(ServiceDesk {
        service: service.clone(),
        event: id,
    });
    let limits = Limits {
        max_connections: 2 * CLIENTS,
        ..Limits::default()
    };
    let server = Server::start("127.0.0.1:0".parse()?, limits, desk).await?;
    let addr = server.address();

    let start = Instant::now();
    let mut tasks = Vec::new();
    for code in codes {
        tasks.push(tokio::spawn(async move {
            let mut slowest = Duration::ZERO;
            let mut ok = 0usize;
            for i in 0..rounds {
                let body = if i % 2 == 0 {
                    format!(r#"{{"code":"{code}","result":"won","crystals":[5,2]}}"#)
                } else {
                    format!(r#"{{"code":"{code}","result":"lost","crystals":[2,5]}}"#)
                };
                let t = Instant::now();
                if post(addr, &body).await.ok() == Some(200) {
                    ok += 1;
                }
                slowest = slowest.max(t.elapsed());
            }
            (ok, slowest)
        }));
    }
    let mut ok = 0;
    let mut slowest = Duration::ZERO;
    for t in tasks {
        let (n, s) = t.await?;
        ok += n;
        slowest = slowest.max(s);
    }
    let elapsed = start.elapsed();
    server.stop().await;
    let logged = service
        .lock()
        .map_err(|_| "lock")?
        .report_log(id, Language::En)?
        .len();
    println!(
        "{ok} of {} reports accepted by {CLIENTS} concurrent clients in {:.2} s: {:.0} reports/s; \
         slowest answer {} ms; {logged} log lines",
        CLIENTS * rounds,
        elapsed.as_secs_f64(),
        ok as f64 / elapsed.as_secs_f64(),
        slowest.as_millis()
    );
    Ok(())
}
