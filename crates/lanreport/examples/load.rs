//! Bounded load runs on loopback with the shipped limits (`Limits::default()`), printing the
//! figures the README quotes:
//!
//! 1. **Honest phones beside a hostile client.** 20 phones, each from its own loopback address
//!    (127.0.1.x), load the page, their seat and report, `ROUNDS` times over; the answer times'
//!    p50 and p99, first alone, then while a client on 127.0.0.2 holds every connection it may
//!    and reopens each as soon as it closes (and tries more besides).
//! 2. **A replay flood.** One phone alternates "won 4–1" / "won 4–2" with its valid code as fast
//!    as it can for 10 s: reports answered, changes accepted, log rows and the database's size
//!    before and after.
//!
//! `cargo run --release -p lanreport --example load [ROUNDS]` (Linux: any 127.x address is
//! loopback). Every loop is bounded in count and time.

#[path = "../../../tests/support/hall_night.rs"]
mod hall_night;
use hall_night::hall_night;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use lanreport::{Limits, Server, ServiceDesk};
use tablemate::tournaments::ReportAcceptance;
use tablemate::{Language, Service};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

const PHONES: u8 = 20;

async fn connect_from(from: [u8; 4], addr: SocketAddr) -> std::io::Result<TcpStream> {
    let sock = TcpSocket::new_v4()?;
    sock.bind(SocketAddr::from((from, 0)))?;
    sock.connect(addr).await
}

/// One request from `from`; the status (0 when the connection failed).
async fn request(from: [u8; 4], addr: SocketAddr, raw: &str) -> u16 {
    let Ok(mut s) = connect_from(from, addr).await else {
        return 0;
    };
    if s.write_all(raw.as_bytes()).await.is_err() {
        return 0;
    }
    let mut buf = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(15), s.read_to_end(&mut buf)).await;
    if !matches!(read, Ok(Ok(_))) {
        return 0;
    }
    String::from_utf8_lossy(&buf)
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

fn post(addr: SocketAddr, body: &str) -> String {
    format!(
        "POST /api/report HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
}

struct Night {
    _dir: tempfile::TempDir,
    service: Arc<Mutex<Service>>,
    event: i64,
    codes: Vec<String>,
    server: Server,
    db: std::path::PathBuf,
}

async fn night(players: usize) -> Result<Night, Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let mut svc = Service::open(dir.path())?;
    let names: Vec<String> = (0..players).map(|i| format!("Player {i:03}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let id = hall_night(
        &mut svc,
        "Load Night",
        &names,
        ReportAcceptance::ByOrganiser,
    )?;
    svc.open_reporting(id, Language::En)?;
    let codes = svc
        .seat_codes(id, None, Language::En)?
        .into_iter()
        .step_by(2) // seat A of each table
        .map(|c| c.code)
        .collect();
    let db = svc.paths().user_db();
    let service = Arc::new(Mutex::new(svc));
    let desk = Arc::new(ServiceDesk {
        service: service.clone(),
        event: id,
    });
    let server = Server::start("127.0.0.1:0".parse()?, Limits::default(), desk).await?;
    Ok(Night {
        _dir: dir,
        service,
        event: id,
        codes,
        server,
        db,
    })
}

/// The honest phones' answer times (ms), and how many answers were not 200.
async fn phones(n: &Night, rounds: usize) -> (Vec<f64>, usize) {
    let addr = n.server.address();
    let mut tasks = Vec::new();
    for (i, code) in n.codes.iter().take(usize::from(PHONES)).enumerate() {
        let code = code.clone();
        let from = [127, 0, 1, 10 + u8::try_from(i).unwrap_or(0)];
        tasks.push(tokio::spawn(async move {
            let mut times = Vec::new();
            let mut failed = 0;
            for r in 0..rounds {
                let crystals = if r % 2 == 0 { [5, 2] } else { [5, 3] };
                let body = format!(r#"{{"code":"{code}","result":"won","crystals":{crystals:?}}}"#);
                for raw in [
                    format!("GET / HTTP/1.1\r\nHost: {addr}\r\n\r\n"),
                    format!("GET /api/seat?code={code} HTTP/1.1\r\nHost: {addr}\r\n\r\n"),
                    post(addr, &body),
                ] {
                    let t = Instant::now();
                    let status = request(from, addr, &raw).await;
                    times.push(t.elapsed().as_secs_f64() * 1000.0);
                    // a change within the report gap is answered 429 by design
                    if status != 200 && status != 429 {
                        failed += 1;
                    }
                }
            }
            (times, failed)
        }));
    }
    let mut all = Vec::new();
    let mut failed = 0;
    for t in tasks {
        if let Ok((times, f)) = t.await {
            all.extend(times);
            failed += f;
        }
    }
    all.sort_by(f64::total_cmp);
    (all, failed)
}

fn pct(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// A client on 127.0.0.2 holding its share: every connection it may, each sending half a
/// request, reopened as soon as the server closes it; `opened` counts its connections.
fn hostile(
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    opened: Arc<AtomicUsize>,
) -> Vec<tokio::task::JoinHandle<()>> {
    (0..Limits::default().per_client_connections + 4)
        .map(|_| {
            let stop = stop.clone();
            let opened = opened.clone();
            tokio::spawn(async move {
                let until = Instant::now() + Duration::from_secs(120);
                while !stop.load(Ordering::Relaxed) && Instant::now() < until {
                    let Ok(mut s) = connect_from([127, 0, 0, 2], addr).await else {
                        tokio::time::sleep(Duration::from_millis(10)).await;
                        continue;
                    };
                    opened.fetch_add(1, Ordering::Relaxed);
                    let _ = s.write_all(b"GET / HTTP/1.1\r\nHost: x").await;
                    let mut buf = [0u8; 64];
                    // held until the server closes it (or the run ends)
                    let _ = tokio::time::timeout(Duration::from_secs(30), s.read(&mut buf)).await;
                }
            })
        })
        .collect()
}

async fn file_bytes(db: &std::path::Path) -> u64 {
    let mut total = 0;
    for suffix in ["", "-wal", "-shm"] {
        let mut p = db.as_os_str().to_owned();
        p.push(suffix);
        total += std::fs::metadata(&p).map(|m| m.len()).unwrap_or(0);
    }
    total
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10)
        .clamp(1, 200);

    // 1. honest phones, without and with the hostile client
    let n = night(2 * usize::from(PHONES)).await?;
    let (alone, failed_alone) = phones(&n, rounds).await;
    let stop = Arc::new(AtomicBool::new(false));
    let opened = Arc::new(AtomicUsize::new(0));
    let held = hostile(n.server.address(), stop.clone(), opened.clone());
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (beside, failed_beside) = phones(&n, rounds).await;
    stop.store(true, Ordering::Relaxed);
    for h in held {
        h.abort();
    }
    println!(
        "{PHONES} phones x {rounds} x (page, seat, report), shipped limits:\n  \
         alone:                 {} answers, {failed_alone} failed, p50 {:.1} ms, p99 {:.1} ms\n  \
         beside a hostile client: {} answers, {failed_beside} failed, p50 {:.1} ms, p99 {:.1} ms \
         (it opened {} connections)",
        alone.len(),
        pct(&alone, 0.5),
        pct(&alone, 0.99),
        beside.len(),
        pct(&beside, 0.5),
        pct(&beside, 0.99),
        opened.load(Ordering::Relaxed)
    );
    n.server.stop().await;

    // 2. one phone replaying two results for 10 s
    let n = night(4).await?;
    let addr = n.server.address();
    let code = n.codes[0].clone();
    let before = file_bytes(&n.db).await;
    let rows_before = n
        .service
        .lock()
        .map_err(|_| "lock")?
        .report_log(n.event, Language::En)?
        .len();
    let start = Instant::now();
    let (mut ok, mut soon, mut other, mut sent) = (0usize, 0usize, 0usize, 0usize);
    while start.elapsed() < Duration::from_secs(10) && sent < 1_000_000 {
        let crystals = if sent % 2 == 0 { [4, 1] } else { [4, 2] };
        let body = format!(r#"{{"code":"{code}","result":"won","crystals":{crystals:?}}}"#);
        match request([127, 0, 0, 9], addr, &post(addr, &body)).await {
            200 => ok += 1,
            429 => soon += 1,
            _ => other += 1,
        }
        sent += 1;
    }
    n.server.stop().await;
    let rows = n
        .service
        .lock()
        .map_err(|_| "lock")?
        .report_log(n.event, Language::En)?
        .len();
    let after = file_bytes(&n.db).await;
    println!(
        "replay flood, one code, 10 s: {sent} reports sent, {ok} answered 200, {soon} 429 (too \
         soon), {other} other; log rows {rows_before} -> {rows}; database {before} -> {after} bytes"
    );
    Ok(())
}
