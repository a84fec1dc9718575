//! Two `tablemate` processes writing one game at the same moment (as a second terminal, or the
//! app and the command line, would): each write is decided on the game as its process read
//! it, so when the other wrote in between, the loser is refused: it prints the game as it now
//! is, says on stderr that the game changed meanwhile and that nothing was recorded, and exits
//! 1. Nothing is lost or counted twice, and the game still opens.

use crate::common;
use common::{json, tablemate};

use std::process::{Command, Output, Stdio};

/// Pairs of processes started at once, at most; the test stops earlier once a refusal was met.
const MAX_ROUNDS: usize = 80;
const MIN_ROUNDS: usize = 10;

fn spawn(data: &std::path::Path, args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_tablemate"))
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .env_remove("TABLEMATE_DATA_DIR")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tablemate starts")
}

fn resources(data: &std::path::Path) -> [u64; 2] {
    let v = json(data, &["whi", "show"]);
    let players = &v["table"]["table"]["players"];
    [0, 1].map(|i| {
        players[i]["resources"]
            .as_u64()
            .unwrap_or_else(|| panic!("resources of player {i} in {v}"))
    })
}

#[test]
fn two_processes_on_one_game_the_loser_is_told_it_changed_meanwhile_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    json(
        d,
        &["game", "new", "--game", "whi", "--players", "Ann", "Ben"],
    );
    let start = resources(d);

    let (mut won, mut refused, mut rounds) = ([0u64; 2], 0usize, 0usize);
    while rounds < MAX_ROUNDS && (refused == 0 || rounds < MIN_ROUNDS) {
        rounds += 1;
        let a = spawn(d, &["whi", "gain", "Ann", "1"]);
        let b = spawn(d, &["whi", "gain", "Ben", "1"]);
        let outs: [Output; 2] = [a, b].map(|c| c.wait_with_output().expect("tablemate ends"));
        for (i, o) in outs.iter().enumerate() {
            let stderr = String::from_utf8_lossy(&o.stderr);
            match o.status.code() {
                Some(0) => won[i] += 1,
                Some(1) => {
                    assert!(
                        stderr.contains("The game of Ann and Ben changed meanwhile")
                            && stderr.contains("Nothing was recorded"),
                        "the only refusal here is the race's: {stderr}"
                    );
                    // the game as it now is, for the person to decide again
                    let stdout = String::from_utf8_lossy(&o.stdout);
                    assert!(stdout.contains("Ann") && stdout.contains("Ben"), "{stdout}");
                    refused += 1;
                }
                other => panic!("exit {other:?}: {stderr}"),
            }
        }
    }
    assert!(
        refused > 0,
        "{rounds} rounds of two processes at once never met: the race was not run"
    );
    eprintln!("{rounds} rounds, {refused} refused");
    // every write that said so is in the log, once; the refused ones are not
    let end = resources(d);
    assert_eq!(
        [end[0] - start[0], end[1] - start[1]],
        won,
        "{refused} refused"
    );
    let o = tablemate(d, &["whi", "undo"]);
    assert_eq!(o.status.code(), Some(0), "the log still replays: {o:?}");
}

/// Where Flash (vulca-02) lies on A's side of `game show --json`, and A's fire: the facts its
/// play was decided with. The game must replay to its end.
fn flash(d: &std::path::Path) -> (String, u64) {
    let v = json(d, &["game", "show"]);
    assert!(
        v["unreadable"].is_null(),
        "the game replays to its end: {v}"
    );
    let a = &v["players"][0];
    let area = ["combat", "leadership"]
        .into_iter()
        .find(|area| {
            a["areas"][area]
                .as_array()
                .is_some_and(|cards| cards.iter().any(|c| c["id"] == "vulca-02"))
        })
        .unwrap_or_else(|| panic!("Flash is on the table: {a}"));
    (area.to_owned(), a["total"]["fire"].as_u64().unwrap_or(0))
}

/// The race across processes: `cards fix V02 --fact type --value leadership` (or its
/// fire) and `game play A V02` started at the same moment, then undo and redo with the fix
/// taken back or made again in between. Whatever the interleaving, both commands succeed, the
/// game replays to its end, and the play keeps the facts it was acknowledged with through the
/// redo and every later read.
#[test]
fn a_card_fixed_while_it_is_played_never_breaks_the_game_nor_changes_the_play() {
    const ROUNDS: usize = 120;
    let limit = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    json(
        d,
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
    let start = json(d, &["game", "show"])["revision"].as_u64().unwrap();
    let (mut rounds, mut writes) = (0usize, 0u64);
    let mut met = std::collections::BTreeSet::new();
    while rounds < ROUNDS && std::time::Instant::now() < limit {
        let (fact, value) = [("type", "leadership"), ("fire", "1")][rounds % 2];
        let fix = spawn(
            d,
            &["cards", "fix", "V02", "--fact", fact, "--value", value],
        );
        let play = spawn(d, &["game", "play", "A", "V02"]);
        for (what, o) in [("fix", fix), ("play", play)] {
            let o = o.wait_with_output().unwrap();
            assert_eq!(
                o.status.code(),
                Some(0),
                "the {what}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
        writes += 1;
        let played = flash(d);
        met.insert(played.clone());
        // the fix taken back between undo and redo: the redo puts the play back as it was
        json(d, &["game", "undo"]);
        json(d, &["cards", "fix", "V02", "--fact", fact, "--remove"]);
        json(d, &["game", "redo"]);
        assert_eq!(flash(d), played, "round {rounds}: redone as acknowledged");
        json(d, &["game", "undo"]);
        writes += 3;
        rounds += 1;
    }
    let end = json(d, &["game", "show"]);
    assert!(end["unreadable"].is_null());
    assert_eq!(
        end["revision"].as_u64().unwrap(),
        start + writes,
        "the start plus the writes acknowledged"
    );
    assert!(
        rounds >= 10,
        "only {rounds} rounds in the time allowed: the race was hardly run"
    );
    eprintln!("{rounds} rounds of a fix and a play at once; plays met {met:?}");
}
