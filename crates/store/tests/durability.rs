//! Kill the writer with SIGKILL at random moments, over and over, then check that the database is
//! intact and that every write the writer had reported as committed is there.
#![allow(clippy::unwrap_used)] // test helpers

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use store::{GameId, Store, TournamentId};

const KILLS: u64 = 220;

#[test]
fn acknowledged_writes_survive_sigkill_at_random_moments() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tablemate.db");
    let exe = env!("CARGO_BIN_EXE_store-stress");
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x5EED);
    let mut events: Vec<(i64, u32, String)> = Vec::new();
    let mut results: HashMap<(i64, u32, u32), i64> = HashMap::new();
    let started = Instant::now();
    let mut killed_mid_run = 0;
    for run in 0..KILLS {
        let mut child = Command::new(exe)
            .arg(&db)
            .arg(run.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
                .collect::<Vec<String>>()
        });
        // from "before the database is even open" to "deep into the loop"
        std::thread::sleep(Duration::from_micros(rng.random_range(0..100_000)));
        if child.try_wait().unwrap().is_none() {
            killed_mid_run += 1;
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
    assert!(
        killed_mid_run >= 200,
        "only {killed_mid_run} kills hit a running writer"
    );
    assert!(
        events.len() > 300,
        "too few writes to mean anything: {}",
        events.len()
    );
    assert!(results.len() > 100, "too few results: {}", results.len());

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
