//! Durability of the real `tablemate` binary: it is killed (SIGKILL) at random moments while it
//! registers players and records pairings and results in a loop, at least 200 times. After every
//! kill the data is read back: every write whose command had reported success must be there, and
//! the killed one must be either wholly there or wholly absent. At the end the database must pass
//! `PRAGMA integrity_check` and open without being set aside.
#![allow(clippy::unwrap_used)] // test helpers: a failure should stop the test right there

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const KILLS: u32 = 200;

fn cmd(data: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tablemate"));
    c.arg("--data-dir")
        .arg(data)
        .arg("--json")
        .args(args)
        .env_remove("TABLEMATE_DATA_DIR")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

fn run(data: &Path, args: &[&str]) -> Value {
    let o: Output = cmd(data, args).output().unwrap();
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).unwrap()
}

/// A small deterministic generator (xorshift), so a failure can be replayed from its seed.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// What the database holds, as read back by the CLI.
#[derive(Default, Debug)]
struct Seen {
    registered: BTreeSet<String>,
    /// (round, table) → (winner entrant, crystals a, crystals b)
    results: BTreeMap<(u64, u64), (i64, u64, u64)>,
    /// tables of the last round without a result: (round, table, seat a entrant)
    pending: Vec<(u64, u64, i64)>,
    rounds: u64,
}

fn read_back(data: &Path, reg_event: &str, res_event: &str) -> Seen {
    let mut seen = Seen::default();
    let reg = run(data, &["tournament", "show", reg_event]);
    for e in reg["entrants"].as_array().unwrap() {
        seen.registered
            .insert(e["name"].as_str().unwrap().to_string());
    }
    let res = run(data, &["tournament", "show", res_event]);
    let rounds = res["rounds"].as_array().unwrap();
    seen.rounds = rounds.len() as u64;
    for r in rounds {
        let n = r["number"].as_u64().unwrap();
        for t in r["tables"].as_array().unwrap() {
            let table = t["table"].as_u64().unwrap();
            if t["b"].is_null() {
                continue;
            }
            if t["result"].is_null() {
                seen.pending
                    .push((n, table, t["a"]["entrant"].as_i64().unwrap()));
            } else {
                let x = &t["result"];
                seen.results.insert(
                    (n, table),
                    (
                        x["winner"].as_i64().unwrap(),
                        x["crystals_a"].as_u64().unwrap(),
                        x["crystals_b"].as_u64().unwrap(),
                    ),
                );
            }
        }
    }
    seen
}

enum Write {
    Register(String),
    Pair(u64),
    Result((u64, u64), (i64, u64, u64)),
}

/// Runs the child, killing it after `delay` if it is still running. `Some(success)` if it
/// finished on its own, `None` if it was killed.
fn run_or_kill(mut child: Child, delay: Duration) -> Option<bool> {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status.success());
        }
        if start.elapsed() >= delay {
            child.kill().unwrap(); // SIGKILL on Unix
            let status = child.wait().unwrap();
            // it may have finished in the instant between the check and the kill
            return if status.code().is_some() {
                Some(status.success())
            } else {
                None
            };
        }
        std::thread::sleep(Duration::from_micros(200));
    }
}

/// How long a write command takes, from the ones that finished: an average that follows the
/// machine's load (each finished write weighs a quarter).
struct Typical(u64);

impl Typical {
    fn new(first: Duration) -> Typical {
        Typical(first.as_micros().max(2_000) as u64)
    }
    fn finished(&mut self, took: Duration) {
        let took = took.as_micros().max(2_000) as u64;
        self.0 = (self.0 * 3 + took) / 4;
    }
    fn micros(&self) -> u64 {
        self.0
    }
}

#[test]
fn sigkill_at_random_moments_loses_no_acknowledged_write() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let seed = std::env::var("DURABILITY_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|t| t.as_nanos() as u64 | 1)
                .unwrap_or(0x9e37_79b9_7f4a_7c15)
        });
    eprintln!("durability seed {seed} (rerun with DURABILITY_SEED={seed})");
    let mut rng = Rng(seed);

    // set-up, never killed: one event collects registrations, one with 8 players takes pairings
    // and results for 20 Swiss rounds
    let reg = run(
        d,
        &[
            "tournament",
            "new",
            "--name",
            "Registrations",
            "--date",
            "2026-11-22",
            "--rounds",
            "20",
        ],
    )["id"]
        .to_string();
    let res = run(
        d,
        &[
            "tournament",
            "new",
            "--name",
            "Results",
            "--date",
            "2026-11-22",
            "--rounds",
            "20",
        ],
    )["id"]
        .to_string();
    let mut args = vec!["tournament", "register", res.as_str()];
    let names: Vec<String> = (1..=8).map(|i| format!("Player {i}")).collect();
    args.extend(names.iter().map(String::as_str));
    run(d, &args);

    // How long a write takes here, so kills land before, during and after it: first from one
    // command, then from the writes that finished (a loaded machine slows them, and the kills
    // follow), never from one measurement alone.
    let t0 = Instant::now();
    run(d, &["tournament", "list"]);
    let mut typical = Typical::new(t0.elapsed());

    let mut acked_reg: BTreeSet<String> = BTreeSet::new();
    let mut acked_res: BTreeMap<(u64, u64), (i64, u64, u64)> = BTreeMap::new();
    let mut acked_rounds = 0u64;
    let mut seen = read_back(d, &reg, &res);
    let (mut kills, mut completed, mut n) = (0u32, 0u32, 0u32);
    let started = Instant::now();
    while kills < KILLS {
        // a bound on attempts, not on time: about half of them are killed
        assert!(
            n < KILLS * 10,
            "kills do not land: {kills} kills in {n} writes ({completed} completed)"
        );
        n += 1;
        let crystals = rng.below(5);
        let (write, argv): (Write, Vec<String>) = if rng.below(3) == 0 || seen.rounds >= 20 {
            let name = format!("Late {n}");
            (
                Write::Register(name.clone()),
                vec!["tournament".into(), "register".into(), reg.clone(), name],
            )
        } else if let Some(&(round, table, a)) = seen.pending.first() {
            (
                Write::Result((round, table), (a, 5, crystals)),
                [
                    "tournament",
                    "result",
                    &res,
                    "--round",
                    &round.to_string(),
                    "--table",
                    &table.to_string(),
                    "--winner",
                    "a",
                    "--crystals",
                    &format!("5-{crystals}"),
                ]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            )
        } else {
            (
                Write::Pair(seen.rounds + 1),
                vec!["tournament".into(), "pair".into(), res.clone()],
            )
        };
        let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
        let spawned = Instant::now();
        let child = cmd(d, &argv).spawn().unwrap();
        let delay = Duration::from_micros(rng.below(typical.micros() * 2));
        match run_or_kill(child, delay) {
            Some(true) => {
                completed += 1;
                typical.finished(spawned.elapsed());
                match write {
                    Write::Register(name) => {
                        acked_reg.insert(name.clone());
                        seen.registered.insert(name);
                    }
                    Write::Pair(round) => {
                        acked_rounds = acked_rounds.max(round);
                        seen = read_back(d, &reg, &res);
                    }
                    Write::Result(at, value) => {
                        acked_res.insert(at, value);
                        seen.pending.retain(|p| (p.0, p.1) != at);
                        seen.results.insert(at, value);
                    }
                }
            }
            Some(false) => panic!("{argv:?} was refused although the state was read back"),
            None => {
                kills += 1;
                seen = read_back(d, &reg, &res);
                // the killed write is all there or not there at all
                match &write {
                    Write::Register(_) | Write::Pair(_) => {}
                    Write::Result(at, value) => {
                        if let Some(v) = seen.results.get(at) {
                            assert_eq!(v, value, "a killed result is whole or absent");
                        }
                    }
                }
            }
        }
        // every acknowledged write is still there
        for name in &acked_reg {
            assert!(
                seen.registered.contains(name),
                "acknowledged registration {name} lost"
            );
        }
        for (at, value) in &acked_res {
            assert_eq!(
                seen.results.get(at),
                Some(value),
                "acknowledged result {at:?} lost"
            );
        }
        assert!(
            seen.rounds >= acked_rounds,
            "an acknowledged round was lost"
        );
    }
    let final_seen = read_back(d, &reg, &res);
    assert!(acked_reg.is_subset(&final_seen.registered));
    for (at, value) in &acked_res {
        assert_eq!(final_seen.results.get(at), Some(value));
    }
    eprintln!(
        "{kills} kills, {completed} acknowledged writes ({} registrations, {} results, {} rounds) in {:?}",
        acked_reg.len(),
        acked_res.len(),
        acked_rounds,
        started.elapsed()
    );
    assert!(completed >= 20, "the loop made progress: {completed}");
    assert!(!acked_res.is_empty() && !acked_reg.is_empty());

    // the file is healthy: it opens without being set aside and passes integrity_check
    let svc = tablemate::Service::open(d).unwrap();
    assert!(svc.app_info().unwrap().notices.is_empty());
    assert_eq!(svc.integrity_check().unwrap(), vec!["ok".to_string()]);
}

#[path = "../../../../tests/support/small_disk.rs"]
mod small_disk;
use small_disk::{Disk, SmallDisk};

/// The reads a player needs at the table, as JSON (stdout) and what was said on stderr.
const READS: [&[&str]; 6] = [
    &["whi", "show"],
    &["game", "show"],
    &["history", "list"],
    &["rulings", "search", "Feuerwall"],
    &["cards", "show", "V24"],
    &["info"],
];

fn out(data: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let o = cmd(data, args).output().unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// On a full data folder every read works and shows what was stored, saying once that the
/// disk is full; a write is refused cleanly, saying so once, and nothing is lost: once there
/// is space again, everything is there and writes work.
#[test]
fn on_a_full_disk_every_read_works_and_writes_are_refused_saying_so_once() {
    let Some(Disk::Here(disk)) = SmallDisk::mount(
        "24m",
        "on_a_full_disk_every_read_works_and_writes_are_refused_saying_so_once",
    ) else {
        return; // it ran in a namespace of its own, or was skipped saying why
    };
    let data = disk.path().join("data");
    run(
        &data,
        &["game", "new", "--game", "whi", "--players", "Ann", "Ben"],
    );
    run(&data, &["whi", "damage", "Ben", "quest", "2"]);
    run(
        &data,
        &[
            "game",
            "new",
            "Ann",
            "Ben",
            "--people-a",
            "Vulca",
            "--people-b",
            "Hoax",
        ],
    );
    run(&data, &["game", "play", "A", "V02"]);
    run(
        &data,
        &["cards", "fix", "V24", "--fact", "moons", "--value", "2"],
    );
    // a second data folder on the same disk, speaking German
    let data_de = disk.path().join("data-de");
    run(&data_de, &["settings", "--language", "de"]);
    let before: Vec<String> = READS.iter().map(|r| out(&data, r).1).collect();
    for (r, o) in READS.iter().zip(&before) {
        assert!(o.len() > 2, "{r:?} prints something: {o}");
    }

    let filler = disk.fill();
    let said = "The disk is full; nothing can be saved";
    for (r, was) in READS.iter().zip(&before) {
        let (code, stdout, stderr) = out(&data, r);
        assert_eq!(code, Some(0), "{r:?} on a full disk: {stderr}");
        let mut now: Value = serde_json::from_str(&stdout).unwrap();
        let mut then: Value = serde_json::from_str(was).unwrap();
        if r[0] == "info" {
            // `info` lists the notice itself, and only there is it new
            let notes = now["notices"].as_array().unwrap();
            assert_eq!(notes.len(), 1, "{stdout}");
            assert!(notes[0]["message"].as_str().unwrap().contains(said));
            // its own kind: the app words a full disk, not a folder that cannot be written
            assert_eq!(notes[0]["kind"], "disk_full", "{stdout}");
            now["notices"] = Value::Null;
            then["notices"] = Value::Null;
            assert!(
                !stderr.contains(said),
                "said once, in the notices: {stderr}"
            );
        } else {
            assert_eq!(stderr.matches(said).count(), 1, "{r:?}: {stderr}");
        }
        assert_eq!(now, then, "{r:?} shows what was stored");
    }
    for write in [
        &["whi", "damage", "Ann", "quest", "1"][..],
        &["game", "element", "A", "fire"],
        &["cards", "fix", "V24", "--fact", "moons", "--value", "3"],
    ] {
        let (code, _, stderr) = out(&data, write);
        assert_eq!(code, Some(2), "{write:?}: {stderr}");
        assert_eq!(stderr.matches(said).count(), 1, "said once: {stderr}");
        assert!(stderr.contains("Nothing was recorded"), "{stderr}");
        assert!(!stderr.contains("disk I/O error"), "{stderr}");
    }
    // The settings file is not the database: its write is refused as clearly, in the
    // settings' language, and it is left as it was.
    let (code, _, stderr) = out(&data, &["settings", "--language", "de"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("The disk is full; nothing can be saved"),
        "{stderr}"
    );
    assert!(!stderr.contains("No space left"), "{stderr}");
    let (code, _, stderr) = out(&data_de, &["settings", "--theme", "light"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("Der Datenträger ist voll"), "{stderr}");
    assert!(!stderr.contains("No space left"), "{stderr}");
    for (d, lang) in [(&data, "en"), (&data_de, "de")] {
        let (code, stdout, stderr) = out(d, &["settings"]);
        assert_eq!(code, Some(0), "{stderr}");
        let now: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(
            (now["language"].as_str(), now["theme"].as_str()),
            (Some(lang), Some("dark"))
        );
    }

    // Space again: nothing was lost or changed, and writes work.
    std::fs::remove_file(filler).unwrap();
    for (r, was) in READS.iter().zip(&before) {
        let (code, stdout, stderr) = out(&data, r);
        assert_eq!(code, Some(0), "{r:?}: {stderr}");
        assert!(!stderr.contains(said), "{stderr}");
        assert_eq!(
            serde_json::from_str::<Value>(&stdout).unwrap(),
            serde_json::from_str::<Value>(was).unwrap(),
            "{r:?}"
        );
    }
    run(&data, &["whi", "damage", "Ann", "quest", "1"]);
    let (code, _, stderr) = out(&data, &["game", "element", "A", "fire"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        run(&data, &["settings", "--language", "de"])["language"],
        "de"
    );
}
