//! Two writers on one game, for each of the four games.
//!
//! 1. **Separate processes** (this test binary starts itself twice as a writer, each with its
//!    own `Service` on the same data folder): both hammer one game with moves, undos and redos
//!    at the same moment. Whatever the interleaving, the stored log must still replay, the
//!    set-up must still be there, every refusal must be a clean one (a rule, or "changed
//!    meanwhile"), and the "changed meanwhile" refusal must actually have been met.
//! 2. **Random interleavings in one process** (proptest): two services, each deciding on the
//!    revision it last saw, as the app does. A write decided on a revision that is no longer
//!    the record's is refused as changed and writes nothing; any other write leaves a log that
//!    replays.
//!
//! `harness = false`: the binary is its own runner, so it can start itself as a writer
//! process; it ends with the usual "N passed, N failed" line.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use cards::{Game, GameRef};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use tablemate::game::{ElementName, GameAction, Seat};
use tablemate::othergames::OtherAction;
use tablemate::table::{
    Board, CardEntry, EntryFront, NewTable, TableAction, TableAt, TableEntered, TableView,
};
use tablemate::{ErrorCode, GameAt, Language, Service, ServiceError};

/// `player`'s `card` as the command line plays it: confirmed, what is left to decide refused,
/// no rulings prompt.
fn play(player: Seat, card: &str) -> CardEntry {
    CardEntry::blue_moon(player, card, true)
}

/// The table after the command line's play (which refuses rather than previews).
fn played(entered: TableEntered) -> Result<TableView, ServiceError> {
    entered
        .table
        .ok_or_else(|| ServiceError::internal("the command line's play gave no table"))
}

/// Two writers on one match: its next game decided on the match as read.
#[path = "race/next_game.rs"]
mod next_game;

/// What a test of this runner says: its summary, or why it failed.
type Outcome = Result<String, String>;
/// A test run for each kind of game.
type KindTest = fn(Kind) -> Outcome;

/// Set in a writer process: `kind|data dir|game id|seed|ops|start file`.
const WRITER: &str = "TABLEMATE_RACE_WRITER";
/// Moves each writer process makes.
const OPS: usize = 120;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    BlueMoon,
    Whi,
    Stccg,
    Kc,
}

const KINDS: [Kind; 4] = [Kind::BlueMoon, Kind::Whi, Kind::Stccg, Kind::Kc];

impl Kind {
    fn code(self) -> &'static str {
        match self {
            Kind::BlueMoon => "bluemoon",
            Kind::Whi => "whi",
            Kind::Stccg => "stccg",
            Kind::Kc => "kc",
        }
    }

    /// The game of the catalog this kind plays.
    fn game(self) -> Game {
        match self {
            Kind::BlueMoon => Game::BlueMoon,
            Kind::Whi => Game::WarhammerInvasion,
            Kind::Stccg => Game::StarTrekCcg,
            Kind::Kc => Game::KnightmareChess,
        }
    }

    fn parse(s: &str) -> Kind {
        KINDS
            .into_iter()
            .find(|k| k.code() == s)
            .unwrap_or_else(|| panic!("no kind {s}"))
    }

    /// Starts a game of this kind between Ann and Ben; returns its id.
    fn new_game(self, svc: &mut Service) -> i64 {
        let game = match self {
            Kind::BlueMoon => Game::BlueMoon,
            Kind::Whi => Game::WarhammerInvasion,
            Kind::Stccg => Game::StarTrekCcg,
            _ => Game::KnightmareChess,
        };
        svc.table_new(&NewTable::ann_and_ben(game), Language::En)
            .expect("a new game")
            .header
            .game
            .id
    }

    /// How many different moves [`Kind::apply`] knows (undo and redo among them).
    fn moves(self) -> usize {
        match self {
            Kind::BlueMoon => 8,
            _ => 6,
        }
    }

    /// Move `n` (modulo [`Kind::moves`]) in game `at`: each is legal in some states and refused
    /// by the rules in others, and two of them decided on one state may not both be legal
    /// after each other (a pass and a play; two undos).
    fn apply(self, svc: &mut Service, at: GameAt, n: usize) -> Result<u32, ServiceError> {
        let n = n % self.moves();
        let table = TableAt::new(self.game(), at.id, at.revision);
        if self == Kind::BlueMoon {
            let pass = |player: Seat| {
                TableAction::BlueMoon(GameAction::Pass {
                    player,
                    confirmed: true,
                })
            };
            let view = match n {
                0 => svc.table_act(
                    table,
                    &TableAction::BlueMoon(GameAction::ChooseElement {
                        player: Seat::A,
                        element: ElementName::Fire,
                    }),
                    Language::En,
                ),
                1 => svc
                    .table_enter(
                        table,
                        &play(Seat::A, "V02"),
                        EntryFront::CommandLine,
                        Language::En,
                    )
                    .and_then(played),
                2 => svc.table_act(table, &pass(Seat::A), Language::En),
                3 => svc
                    .table_enter(
                        table,
                        &play(Seat::B, "H01"),
                        EntryFront::CommandLine,
                        Language::En,
                    )
                    .and_then(played),
                4 => svc
                    .table_enter(
                        table,
                        &play(Seat::B, "H19"),
                        EntryFront::CommandLine,
                        Language::En,
                    )
                    .and_then(played),
                5 => svc.table_act(table, &pass(Seat::B), Language::En),
                6 => {
                    return svc
                        .table_undo(table, Language::En)
                        .map(|t| t.header.revision)
                }
                _ => {
                    return svc
                        .table_redo(table, Language::En)
                        .map(|t| t.header.revision)
                }
            }?;
            return Ok(view.header.revision);
        }
        let event = match (self, n) {
            (_, 4) => {
                return svc
                    .table_undo(table, Language::En)
                    .map(|v| v.header.revision)
            }
            (_, 5) => {
                return svc
                    .table_redo(table, Language::En)
                    .map(|v| v.header.revision)
            }
            (Kind::Whi, 0) => r#"{"type":"turn_ended","player":"A"}"#,
            (Kind::Whi, 1) => r#"{"type":"resources_collected","player":"A","amount":3}"#,
            (Kind::Whi, 2) => r#"{"type":"turn_ended","player":"B"}"#,
            (Kind::Whi, _) => r#"{"type":"resources_spent","player":"A","amount":2}"#,
            (Kind::Stccg, 0) => {
                r#"{"type":"points_scored","player":"A","points":45,"source":"mission"}"#
            }
            (Kind::Stccg, 1) => {
                r#"{"type":"points_scored","player":"B","points":55,"source":"mission"}"#
            }
            (Kind::Stccg, 2) => r#"{"type":"turn_ended","player":"A"}"#,
            (Kind::Stccg, _) => r#"{"type":"turn_ended","player":"B"}"#,
            (_, 0) => r#"{"type":"game_won","winner":"A","by":"checkmate"}"#,
            (_, 1) => r#"{"type":"turn_ended","player":"A"}"#,
            (_, 2) => r#"{"type":"turn_ended","player":"B"}"#,
            (_, _) => r#"{"type":"next_game","white":"B"}"#,
        };
        let action: OtherAction = serde_json::from_value(serde_json::json!({
            "game": self.code(),
            "event": serde_json::from_str::<serde_json::Value>(event).expect("event JSON"),
        }))
        .expect("an action of the game");
        let action = TableAction::Other(action);
        svc.table_act(table, &action, Language::En)
            .map(|t| t.header.revision)
    }

    /// The game as stored now: its revision and number of events, after a full replay (a log
    /// that does not replay to its end is an error here, not only one that does not open).
    fn replayed(self, svc: &Service, id: i64) -> Result<(u32, u32), ServiceError> {
        let t = svc.table_view(GameRef::new(self.game(), id), Language::En)?;
        let events = match &t.board {
            Board::BlueMoon(v) => v.events,
            Board::Warhammer(v) | Board::Knightmare(v) | Board::StarTrek(v) => {
                u32::try_from(v.history.len()).unwrap_or(u32::MAX)
            }
        };
        let revision = t.header.revision;
        match t.header.unreadable {
            Some(why) => Err(ServiceError::internal(format!(
                "the log does not replay to its end: {why}"
            ))),
            None => Ok((revision, events)),
        }
    }
}

/// What one writer met.
#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    written: u32,
    changed: u32,
    refused: u32,
}

impl Tally {
    /// Counts one result; an error that is neither a rule's refusal nor "changed meanwhile"
    /// (a storage failure, a log that no longer replays) is returned.
    fn count(&mut self, r: Result<u32, ServiceError>) -> Result<(), String> {
        match r {
            Ok(_) => self.written += 1,
            Err(e) if e.code == ErrorCode::Changed => self.changed += 1,
            Err(e) if e.is_user_error() => self.refused += 1,
            Err(e) => return Err(format!("{:?}: {}", e.code, e.message)),
        }
        Ok(())
    }
}

/// A tiny deterministic generator for the writers' choice of moves (xorshift).
fn next(seed: &mut u64) -> usize {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    usize::try_from(*seed % 1_000_003).unwrap_or(0)
}

/// The writer process: waits for the start file, makes its moves, prints its tally.
fn writer(spec: &str) -> i32 {
    let parts: Vec<&str> = spec.split('|').collect();
    let [kind, dir, game, seed, ops, start] = parts[..] else {
        eprintln!("bad writer spec {spec}");
        return 2;
    };
    let kind = Kind::parse(kind);
    let id: i64 = game.parse().expect("game id");
    writer_moves(dir, seed, ops, start, |svc, n| {
        kind.apply(svc, GameAt::from(id), n)
    })
}

/// What every writer process does: opens the data folder `dir`, says it is ready, waits for
/// the start file, makes `ops` moves chosen from `seed` with `step`, and prints its tally (or
/// the first error that is neither a rule's refusal nor "changed meanwhile").
fn writer_moves(
    dir: &str,
    seed: &str,
    ops: &str,
    start: &str,
    mut step: impl FnMut(&mut Service, usize) -> Result<u32, ServiceError>,
) -> i32 {
    let mut seed: u64 = seed.parse().expect("seed");
    let ops: usize = ops.parse().expect("ops");
    let mut svc = Service::open(dir).expect("the data folder opens");
    println!("ready");
    std::io::stdout().flush().ok();
    let deadline = Instant::now() + Duration::from_secs(60);
    while !Path::new(start).exists() {
        if Instant::now() > deadline {
            eprintln!("no start signal");
            return 2;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let mut tally = Tally::default();
    for _ in 0..ops {
        let n = next(&mut seed);
        if let Err(e) = tally.count(step(&mut svc, n)) {
            println!("error {e}");
            return 1;
        }
    }
    println!(
        "tally {} {} {}",
        tally.written, tally.changed, tally.refused
    );
    0
}

/// Starts this binary twice as a writer (`env` set to `spec(seed, start file)`), lets both
/// go at once when each has opened the data folder, and adds up their tallies.
fn run_writers(env: &str, spec: impl Fn(u64, &Path) -> String) -> Result<Tally, String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let start = dir.path().join("go");
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut children = Vec::new();
    for seed in [0x9e37_79b9_u64, 0x85eb_ca6b] {
        let mut child = Command::new(&exe)
            .env(env, spec(seed, &start))
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| e.to_string())?;
        let mut out = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut line = String::new();
        out.read_line(&mut line).map_err(|e| e.to_string())?;
        if line.trim() != "ready" {
            return Err(format!("a writer did not start: {line}"));
        }
        children.push((child, out));
    }
    std::fs::write(&start, b"go").map_err(|e| e.to_string())?;
    let mut total = Tally::default();
    for (mut child, mut out) in children {
        let mut rest = String::new();
        std::io::Read::read_to_string(&mut out, &mut rest).map_err(|e| e.to_string())?;
        let status = child.wait().map_err(|e| e.to_string())?;
        let tally: Vec<u32> = rest
            .trim()
            .strip_prefix("tally ")
            .ok_or_else(|| format!("a writer failed ({status}): {rest}"))?
            .split(' ')
            .map(|n| n.parse().unwrap_or(0))
            .collect();
        total.written += tally[0];
        total.changed += tally[1];
        total.refused += tally[2];
    }
    Ok(total)
}

/// Races until the writers have met a change made meanwhile at least once: two processes
/// started together overlap only as the scheduler lets them, and on a loaded machine one may
/// finish its moves before the other starts. Every attempt must leave a game that replays.
fn race(kind: Kind) -> Result<String, String> {
    const ATTEMPTS: u32 = 6;
    let mut tried = Vec::new();
    for _ in 0..ATTEMPTS {
        let (total, summary) = race_once(kind)?;
        if total.changed > 0 {
            return Ok(format!("{summary} (attempt {})", tried.len() + 1));
        }
        tried.push(total);
    }
    Err(format!(
        "in {ATTEMPTS} races the writers never met a change made meanwhile ({tried:?}): the \
         race was not run"
    ))
}

/// Two writer processes on one game of `kind`; returns what they met.
fn race_once(kind: Kind) -> Result<(Tally, String), String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let data = dir.path().join("data");
    let (id, first) = {
        let mut svc = Service::open(&data).map_err(|e| e.message)?;
        let id = kind.new_game(&mut svc);
        let (first, _) = kind.replayed(&svc, id).map_err(|e| e.message)?;
        (id, first)
    };
    let total = run_writers(WRITER, |seed, start| {
        format!(
            "{}|{}|{id}|{seed}|{OPS}|{}",
            kind.code(),
            data.display(),
            start.display()
        )
    })?;
    let svc = Service::open(&data).map_err(|e| e.message)?;
    let (revision, events) = kind
        .replayed(&svc, id)
        .map_err(|e| format!("the game no longer loads: {}", e.message))?;
    if events < 1 {
        return Err("the set-up was undone".into());
    }
    if revision != first + total.written {
        return Err(format!(
            "revision {revision}, not {first} + the {} writes acknowledged",
            total.written
        ));
    }
    let summary = format!(
        "{} written, {} refused as changed meanwhile, {} refused by the rules; the log \
         replays to its end ({events} events, revision {revision} = {first} + the writes)",
        total.written, total.changed, total.refused
    );
    Ok((total, summary))
}

/// Random interleavings of two front ends, each deciding on the revision it last saw.
fn interleavings(kind: Kind) -> Result<String, String> {
    let mut runner = TestRunner::new(Config {
        cases: 24,
        failure_persistence: None,
        ..Config::default()
    });
    let steps = proptest::collection::vec((0..2usize, 0..kind.moves(), any::<bool>()), 1..40);
    let checked = std::cell::Cell::new(0u32);
    runner
        .run(&steps, |steps| {
            let dir = tempfile::tempdir().expect("temp dir");
            let data = dir.path().join("data");
            let mut svcs = [
                Service::open(&data).expect("first service"),
                Service::open(&data).expect("second service"),
            ];
            let id = kind.new_game(&mut svcs[0]);
            let (start, _) = kind.replayed(&svcs[0], id).expect("new game loads");
            // the revision each front end last showed
            let mut seen = [start, start];
            for (w, n, look_first) in steps {
                if look_first {
                    // this front end draws the table again before deciding
                    seen[w] = kind.replayed(&svcs[w], id).expect("loads").0;
                }
                let (before, events_before) = kind.replayed(&svcs[w], id).expect("loads");
                let at = GameAt {
                    id,
                    revision: Some(seen[w]),
                };
                let r = kind.apply(&mut svcs[w], at, n);
                let (after, events_after) = kind
                    .replayed(&svcs[1 - w], id)
                    .expect("the other front end still loads the game");
                if seen[w] != before {
                    let e = r.as_ref().expect_err("a stale decision is refused");
                    prop_assert_eq!(e.code, ErrorCode::Changed);
                    prop_assert_eq!((after, events_after), (before, events_before));
                } else {
                    match &r {
                        Ok(rev) => prop_assert_eq!(*rev, after),
                        Err(e) => {
                            prop_assert!(e.is_user_error(), "{:?}", e);
                            prop_assert_ne!(e.code, ErrorCode::Changed);
                            prop_assert_eq!(after, before, "a refusal writes nothing");
                        }
                    }
                }
                prop_assert!(events_after >= 1, "the set-up stays");
                // after either outcome the front end shows the game as it now is
                seen[w] = after;
                checked.set(checked.get() + 1);
            }
            Ok(())
        })
        .map_err(|e| e.to_string())?;
    Ok(format!(
        "{} steps of 24 random interleavings",
        checked.get()
    ))
}

/// Where Flash the Incendiary (V02) lies on A's side and A's fire total: the facts its play
/// was decided with (a character in combat, or a leadership card after a fix of its type;
/// fire 6, or 1 after a fix of its fire).
fn flash_facts(v: &tablemate::game::GameView) -> Result<(&'static str, u32), String> {
    if let Some(why) = &v.unreadable {
        return Err(format!("the game does not replay to its end: {why}"));
    }
    let areas = &v.players[0].areas;
    let is_flash = |c: &&tablemate::game::CardView| c.id.as_deref() == Some("vulca-02");
    let area = if areas.combat.iter().any(|c| is_flash(&c)) {
        "combat"
    } else if areas.leadership.iter().any(|c| is_flash(&c)) {
        "leadership"
    } else {
        return Err("Flash is not on the table".into());
    };
    Ok((area, v.players[0].total.fire))
}

/// The issue's race in one process: one service plays Flash (V02), undoes, redoes and undoes
/// it again, round after round, while another service on the same data folder fixes its type
/// and its fire and takes the fixes back, without pause. Every play must be written (no one
/// else writes the game), the game must replay to its end after every write, a redo and a
/// fresh replay must show the play with the facts it was acknowledged with, and the revision
/// must be the start plus the writes.
fn fix_against_play() -> Result<String, String> {
    const ROUNDS: usize = 200;
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let data = dir.path().join("data");
    let mut svc = Service::open(&data).map_err(|e| e.message)?;
    let id = Kind::BlueMoon.new_game(&mut svc);
    let (start, _) = Kind::BlueMoon.replayed(&svc, id).map_err(|e| e.message)?;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let fixer = {
        let (data, stop) = (data.clone(), stop.clone());
        std::thread::spawn(move || -> Result<usize, String> {
            let mut svc = Service::open(&data).map_err(|e| e.message)?;
            let mut fixes = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let r = match fixes % 4 {
                    0 => svc.fix_card("V02", "type", "leadership"),
                    1 => svc.remove_card_fix("V02", "type"),
                    2 => svc.fix_card("V02", "fire", "1"),
                    _ => svc.remove_card_fix("V02", "fire"),
                };
                r.map_err(|e| format!("a fix failed: {}", e.message))?;
                fixes += 1;
                // a breath between fixes, so the plays are not starved of the lock
                std::thread::sleep(Duration::from_millis(2));
            }
            Ok(fixes)
        })
    };
    let play = play(Seat::A, "V02");
    let deadline = Instant::now() + Duration::from_secs(15);
    let (mut written, mut rounds) = (0u32, 0usize);
    let mut seen = std::collections::BTreeSet::new();
    let result = (|| -> Result<(), String> {
        while rounds < ROUNDS && Instant::now() < deadline {
            let table = TableAt::from(GameRef::new(Game::BlueMoon, id));
            let played = svc
                .table_enter(table, &play, EntryFront::CommandLine, Language::En)
                .and_then(played)
                .map_err(|e| e.message)?;
            let Board::BlueMoon(played) = played.board else {
                return Err("not Blue Moon's board".to_owned());
            };
            let facts = flash_facts(&played)?;
            seen.insert(facts);
            svc.table_undo(table, Language::En).map_err(|e| e.message)?;
            let redone = svc.table_redo(table, Language::En).map_err(|e| e.message)?;
            let Board::BlueMoon(redone) = redone.board else {
                return Err("not Blue Moon's board".to_owned());
            };
            if flash_facts(&redone)? != facts {
                return Err(format!("redone with other facts than {facts:?}"));
            }
            let replayed = svc
                .table_view(table.game, Language::En)
                .map_err(|e| e.message)?;
            let Board::BlueMoon(replayed) = replayed.board else {
                return Err("not Blue Moon's board".to_owned());
            };
            if flash_facts(&replayed)? != facts {
                return Err(format!("replayed with other facts than {facts:?}"));
            }
            svc.table_undo(table, Language::En).map_err(|e| e.message)?;
            written += 4;
            rounds += 1;
        }
        Ok(())
    })();
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let fixes = fixer
        .join()
        .map_err(|_| "the fixer panicked".to_owned())??;
    result?;
    let (revision, _) = Kind::BlueMoon.replayed(&svc, id).map_err(|e| e.message)?;
    if revision != start + written {
        return Err(format!("revision {revision}, not {start} + {written}"));
    }
    if seen.len() < 2 {
        return Err(format!(
            "every play met the same facts {seen:?}: the fixes never raced the plays"
        ));
    }
    Ok(format!(
        "{rounds} rounds (play, undo, redo, undo: {written} writes) against {fixes} fixes; \
         plays met the facts {seen:?}, each kept through redo and replay; revision {revision} \
         = {start} + {written}"
    ))
}

fn main() {
    if let Ok(spec) = std::env::var(WRITER) {
        std::process::exit(writer(&spec));
    }
    if let Ok(spec) = std::env::var(next_game::WRITER) {
        std::process::exit(next_game::writer(&spec));
    }
    // `cargo test --test race -- <part of a name>` runs only the tests so named
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let wanted = |name: &str| filter.as_deref().is_none_or(|f| name.contains(f));
    let (mut passed, mut failed) = (0, 0);
    for kind in KINDS {
        let runs: [(&str, KindTest); 2] =
            [("two processes", race), ("interleavings", interleavings)];
        for (what, run) in runs {
            if !wanted(&format!("race::{}::{what}", kind.code())) {
                continue;
            }
            match run(kind) {
                Ok(summary) => {
                    passed += 1;
                    println!("test race::{}::{what} ... ok: {summary}", kind.code());
                }
                Err(e) => {
                    failed += 1;
                    println!("test race::{}::{what} ... FAILED: {e}", kind.code());
                }
            }
        }
    }
    for (what, run) in [
        (
            "fix_against_play",
            fix_against_play as fn() -> Result<String, String>,
        ),
        ("next_game_against_a_rival", next_game::against_a_rival),
        ("next_game_two_processes", next_game::two_processes),
    ] {
        if !wanted(&format!("race::bluemoon::{what}")) {
            continue;
        }
        match run() {
            Ok(summary) => {
                passed += 1;
                println!("test race::bluemoon::{what} ... ok: {summary}");
            }
            Err(e) => {
                failed += 1;
                println!("test race::bluemoon::{what} ... FAILED: {e}");
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed > 0 {
        std::process::exit(1);
    }
}
