//! Kill the writer with SIGKILL at random moments, over and over, then check that the database is
//! intact and that every write the writer had reported as committed is there.
#![allow(clippy::unwrap_used)] // test helpers

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use store::{GameId, Store, TournamentId};

const KILLS: u64 = 220;

/// How long a writer may take to acknowledge the writes a run waits for: a bound against a hang,
/// far above what a loaded machine needs (the kills themselves follow the writer's progress).
const PROGRESS_TIMEOUT: Duration = Duration::from_secs(120);

#[test]
fn acknowledged_writes_survive_sigkill_at_random_moments() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tablemate.db");
    let exe = env!("CARGO_BIN_EXE_store-stress");
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x5EED);
    let mut events: Vec<(i64, u32, String)> = Vec::new();
    let mut results: HashMap<(i64, u32, u32), i64> = HashMap::new();
    let started = Instant::now();
    // Kills are timed by what the writer has acknowledged, not by the clock, so a loaded
    // machine changes how long the test takes, not what it tests: most runs are killed just
    // after a random number of acknowledged writes (mid-run by construction), the others at a
    // random moment from the start (before the database is even open, or in the first writes).
    let (mut killed_mid_run, mut planned_mid_run, mut awaited) = (0u64, 0u64, 0usize);
    for run in 0..KILLS {
        let mut child = Command::new(exe)
            .arg(&db)
            .arg(run.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel::<()>();
        let reader = std::thread::spawn(move || {
            let mut lines = Vec::new();
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                lines.push(line);
                let _ = tx.send(());
            }
            lines
        });
        if rng.random_range(0..4) == 0 {
            std::thread::sleep(Duration::from_micros(rng.random_range(0..20_000)));
        } else {
            planned_mid_run += 1;
            let acks = rng.random_range(1..=8);
            awaited += acks;
            for _ in 0..acks {
                rx.recv_timeout(PROGRESS_TIMEOUT).unwrap_or_else(|e| {
                    panic!("run {run}: the writer acknowledged no write in time ({e})")
                });
            }
            // and into whatever the next write is doing
            std::thread::sleep(Duration::from_micros(rng.random_range(0..2_000)));
            if child.try_wait().unwrap().is_none() {
                killed_mid_run += 1;
            }
        }
        child.kill().unwrap(); // SIGKILL on Unix
        let status = child.wait().unwrap();
        let lines = reader.join().unwrap();
        if status.success() {
            panic!("the writer stopped on its own in run {run}");
        }
        let mut stderr = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
        assert!(!stderr.contains("SET ASIDE"), "run {run}: {stderr}");
        assert!(
            !stderr.contains("store-stress:"),
            "run {run}: the writer failed on its own: {stderr}"
        );
        for line in lines {
            let f: Vec<&str> = line.split_whitespace().collect();
            match f.as_slice() {
                ["ok", "event", game, seq, run, i] => events.push((
                    game.parse().unwrap(),
                    seq.parse().unwrap(),
                    format!(r#"{{"run":{run},"i":{i},"kind":"stress"}}"#),
                )),
                ["ok", "result", t, round, table, winner] => {
                    results.insert(
                        (
                            t.parse().unwrap(),
                            round.parse().unwrap(),
                            table.parse().unwrap(),
                        ),
                        winner.parse().unwrap(),
                    );
                }
                _ => panic!("unexpected line {line:?}"),
            }
        }
    }
    assert_eq!(
        killed_mid_run, planned_mid_run,
        "every kill after acknowledged writes hit a running writer"
    );
    assert!(
        killed_mid_run >= KILLS / 2,
        "{killed_mid_run} of {KILLS} kills mid-run"
    );
    assert!(
        events.len() + results.len() >= awaited,
        "every write waited for was acknowledged: {} events, {} results, {awaited} awaited",
        events.len(),
        results.len()
    );
    assert!(!results.is_empty(), "results were written too");

    let opened = Store::open(&db).unwrap();
    assert_eq!(
        opened.report.set_aside, None,
        "a kill must never look like corruption"
    );
    let store = opened.store;
    assert_eq!(store.integrity_check().unwrap(), vec!["ok".to_string()]);
    let mut logs: HashMap<i64, Vec<store::StoredEvent>> = HashMap::new();
    for (game, seq, payload) in &events {
        let log = logs
            .entry(*game)
            .or_insert_with(|| store.events(GameId(*game)).unwrap());
        let stored = log.iter().find(|e| e.seq == *seq);
        assert_eq!(
            stored.map(|e| e.payload.as_str()),
            Some(payload.as_str()),
            "acknowledged event {game}/{seq} lost"
        );
    }
    let mut rounds = HashMap::new();
    for ((t, round, table), winner) in &results {
        let rs = rounds
            .entry(*t)
            .or_insert_with(|| store.rounds(TournamentId(*t)).unwrap());
        let r = rs.iter().find(|r| r.number == *round).unwrap();
        let x = r.tables.iter().find(|x| x.table == *table).unwrap();
        assert_eq!(
            x.result.as_ref().map(|r| r.winner.0),
            Some(*winner),
            "acknowledged result {t}/{round}/{table} lost"
        );
    }
    eprintln!(
        "{KILLS} kills ({killed_mid_run} mid-run), {} events and {} results acknowledged, all present; {:?}",
        events.len(),
        results.len(),
        started.elapsed()
    );
}

#[path = "../../../../tests/support/small_disk.rs"]
mod small_disk;
use small_disk::{Disk, SmallDisk};

/// On a full disk the database still reads and every write is refused as a full disk,
/// writing nothing: opened while another process keeps it open (its last write still in the
/// write-ahead log, read too), and opened with no one else on it (read-only, writing nothing).
#[test]
fn on_a_full_disk_the_database_reads_and_refuses_writes() {
    let Some(Disk::Here(disk)) =
        SmallDisk::mount("4m", "on_a_full_disk_the_database_reads_and_refuses_writes")
    else {
        return; // it ran in a namespace of its own, or was skipped saying why
    };
    let path = disk.path().join("tablemate.db");
    let names =
        |s: &Store| -> Vec<String> { s.players().unwrap().into_iter().map(|p| p.name).collect() };
    Store::open(&path)
        .unwrap()
        .store
        .add_player("Anna")
        .unwrap();
    let mut running = Store::open(&path).unwrap().store;
    running.add_player("Ben").unwrap();
    let filler = disk.fill();
    let mut opened = Store::open(&path).unwrap();
    assert_eq!(
        names(&opened.store),
        ["Anna", "Ben"],
        "the write-ahead log is read too"
    );
    let mut refused = 0;
    for (i, s) in [&mut opened.store, &mut running].into_iter().enumerate() {
        // a write may still fit in the log's free pages; one that does not is refused
        for n in 0..50 {
            match s.add_player(&format!("Player {i}-{n} {}", "x".repeat(80))) {
                Ok(_) => {}
                Err(e) => {
                    assert!(e.is_disk_full(), "store {i}, write {n}: {e}");
                    refused += 1;
                    break;
                }
            }
        }
    }
    assert!(refused > 0, "the disk never ran out");
    let kept = names(&opened.store);
    drop(opened);
    drop(running);
    std::fs::remove_file(&filler).unwrap();

    // No one else on it: opened read-only, writing nothing.
    let filler = disk.fill();
    let mut alone = Store::open(&path).unwrap();
    assert!(
        alone.report.disk_full && alone.report.read_only,
        "{:?}",
        alone.report
    );
    assert_eq!(
        names(&alone.store),
        kept,
        "everything acknowledged is there"
    );
    let e = alone.store.add_player("Cleo").unwrap_err();
    assert!(e.is_disk_full(), "{e}");
    assert!(e.to_string().starts_with("the disk is full"), "{e}");
    drop(alone);
    std::fs::remove_file(filler).unwrap();
    // Space comes back once the filler's pages are released; on a loaded machine (another
    // test of this binary spawning processes) that may take a moment, so look a few times.
    let mut again = Store::open(&path).unwrap();
    for _ in 0..20 {
        if !again.report.disk_full {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        again = Store::open(&path).unwrap();
    }
    assert!(!again.report.disk_full, "{:?}", again.report);
    assert_eq!(
        names(&again.store),
        kept,
        "nothing lost, nothing refused stored"
    );
    assert_eq!(again.store.integrity_check().unwrap(), vec!["ok"]);
}
