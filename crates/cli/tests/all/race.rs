//! Two `tablemate` processes writing one game at the same moment (as a second terminal, or the
//! app and the command line, would): each write is decided on the game as its process read
//! it, so when the other wrote in between, the loser is refused: it prints the game as it now
//! is, says on stderr that the game changed meanwhile and that nothing was recorded, and exits
//! 1. Nothing is lost or counted twice, and the game still opens.

use crate::common;
use common::{json, tablemate};

use std::process::{Command, Output, Stdio};

/// Rounds of processes started at once: a fixed number, so the test does the same work on a
/// quiet machine and a loaded one (each round is cheap: a command opens the data folder and
/// does its one write; a play no longer opens the rulings index, nor a command by card id the
/// name lookup). Two gains at once meet often (about two rounds in three), so fewer suffice.
const GAIN_ROUNDS: usize = 100;
const FIX_ROUNDS: usize = 200;
/// Every this many rounds, a process of its own replays the stored log from the start.
const REPLAY_EVERY: usize = 10;

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

    let (mut won, mut refused) = ([0u64; 2], 0usize);
    for _ in 0..GAIN_ROUNDS {
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
        "{GAIN_ROUNDS} rounds of two processes at once never met: the race was not run"
    );
    eprintln!("{GAIN_ROUNDS} rounds, {refused} refused");
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

/// Where Flash (vulca-02) lies on A's side of a game view (`--json` of `game show`, or of the
/// write that printed it), and A's fire: the facts its play was decided with. `None` when it
/// is not on the table. The game must replay to its end.
fn flash(v: &serde_json::Value) -> Option<(String, u64)> {
    assert!(
        v["unreadable"].is_null(),
        "the game replays to its end: {v}"
    );
    let a = &v["players"][0];
    let area = ["combat", "leadership"].into_iter().find(|area| {
        a["areas"][area]
            .as_array()
            .is_some_and(|cards| cards.iter().any(|c| c["id"] == "vulca-02"))
    })?;
    Some((area.to_owned(), a["total"]["fire"].as_u64().unwrap_or(0)))
}

/// Starts `fix` and `game` (a write of the game) at the same moment; both must succeed.
/// Returns the game view the game command printed.
fn at_once(d: &std::path::Path, fix: &[&str], game: &[&str]) -> serde_json::Value {
    let fix = spawn(d, fix);
    let mut json_game = vec!["--json"];
    json_game.extend_from_slice(game);
    let game = spawn(d, &json_game);
    let mut printed = serde_json::Value::Null;
    for (what, child) in [("fix", fix), ("game", game)] {
        let o = child.wait_with_output().expect("tablemate ends");
        assert_eq!(
            o.status.code(),
            Some(0),
            "the {what}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        if what == "game" {
            printed = serde_json::from_slice(&o.stdout).expect("a game view");
        }
    }
    printed
}

/// The fixer's steps, in order, each valid after the one before: a fix of Flash's type and of
/// its fire, then both taken back.
const FIXES: [&[&str]; 4] = [
    &[
        "cards",
        "fix",
        "vulca-02",
        "--fact",
        "type",
        "--value",
        "leadership",
    ],
    &["cards", "fix", "vulca-02", "--fact", "fire", "--value", "1"],
    &["cards", "fix", "vulca-02", "--fact", "type", "--remove"],
    &["cards", "fix", "vulca-02", "--fact", "fire", "--remove"],
];

/// The race across processes: a `cards fix` of Flash (V02) started at the same moment
/// as each of `game play A V02`, `game undo`, `game redo` and `game undo` again, round after
/// round, so fixes land before, during and after each of them (the fixer skips the closing
/// undo every other round, so each kind of fix meets each command). Whatever the
/// interleaving, every command succeeds, every view printed replays to its end, the redo
/// and a fresh replay show the play with the facts it was acknowledged with, and the
/// revision is the start plus the writes acknowledged.
#[test]
fn a_card_fixed_while_it_is_played_never_breaks_the_game_nor_changes_the_play() {
    // cards by id: a tag such as V02 is found through the lookup index, which no part of this
    // race is about
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let start = common::new_vulca_hoax(d)["revision"].as_u64().unwrap();
    let mut fixes = FIXES.iter().cycle();
    let mut fix = || *fixes.next().unwrap();
    let (mut writes, mut met) = (0u64, std::collections::BTreeMap::new());
    for round in 0..FIX_ROUNDS {
        let play = ["game", "play", "A", "vulca-02"];
        let played = flash(&at_once(d, fix(), &play))
            .unwrap_or_else(|| panic!("round {round}: the play put Flash on the table"));
        *met.entry(played.clone()).or_insert(0) += 1;
        let undone = at_once(d, fix(), &["game", "undo"]);
        assert_eq!(flash(&undone), None, "round {round}: the play undone");
        let redone = at_once(d, fix(), &["game", "redo"]);
        assert_eq!(
            flash(&redone).as_ref(),
            Some(&played),
            "round {round}: redone as acknowledged"
        );
        // a fresh replay of the stored log, by a process of its own
        if round % REPLAY_EVERY == 0 {
            assert_eq!(
                flash(&json(d, &["game", "show"])).as_ref(),
                Some(&played),
                "round {round}: replayed as acknowledged"
            );
        }
        let undone = if round % 2 == 0 {
            at_once(d, fix(), &["game", "undo"])
        } else {
            json(d, &["game", "undo"])
        };
        assert_eq!(flash(&undone), None, "round {round}: undone again");
        writes += 4;
    }
    let end = json(d, &["game", "show"]);
    assert!(end["unreadable"].is_null(), "{end}");
    assert_eq!(
        end["revision"].as_u64().unwrap(),
        start + writes,
        "the start plus the writes acknowledged"
    );
    assert!(
        met.len() >= 2,
        "every play met the same facts {met:?}: the fixes never raced the plays"
    );
    eprintln!(
        "{FIX_ROUNDS} rounds of a fix against each of play, undo, redo, undo; plays met {met:?}"
    );
}
