//! `tablemate game new --game whi|stccg|kc` and `tablemate whi|stccg|kc …` as a player runs
//! them: a short game of each, refusals naming the players (exit 1, nothing recorded),
//! undo/redo, resume after a restart of the CLI.

use crate::common;
use common::{json, refused, tablemate};

use serde_json::Value;
use std::path::Path;

/// `game new --game KIND …`.
fn start(data: &Path, rest: &[&str]) -> Value {
    let mut all = vec!["game", "new", "--game"];
    all.extend_from_slice(rest);
    json(data, &all)
}

#[test]
fn warhammer_invasion_two_burned_zones_win_and_undo_reopens() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let v = start(
        d,
        &[
            "whi",
            "--players",
            "Ann",
            "Ben",
            "--decks",
            "Dwarfs",
            "Orcs",
        ],
    );
    assert_eq!(v["kind"], "whi");
    assert_eq!(v["table"]["table"]["players"][0]["deck"], "Dwarfs");
    json(d, &["whi", "develop", "Ben", "quest"]);
    let v = json(
        d,
        &["whi", "play", "Ann", "kingdom", "Dwarf", "Cannon", "Crew"],
    );
    assert_eq!(
        v["table"]["table"]["players"][0]["sections"][0]["cards"][0],
        "whi-dwarf-cannon-crew"
    );
    let v = json(d, &["whi", "damage", "Ben", "quest", "9"]);
    assert_eq!(
        v["table"]["table"]["players"][1]["sections"][1]["burned"], true,
        "9 hit points with a development"
    );
    let why = refused(d, &["whi", "damage", "ben", "quest", "1"]);
    assert!(why.contains("Ben's Quest zone is burning"), "{why}");
    let why = refused(d, &["whi", "next", "B"]);
    assert!(why.contains("It is Ann's turn, not Ben's."), "{why}");
    let v = json(d, &["whi", "damage", "B", "battlefield", "8"]);
    assert_eq!(v["outcome"]["state"], "won");
    assert_eq!(v["outcome"]["name"], "Ann");
    assert_eq!(
        v["history"].as_array().unwrap().len(),
        5,
        "the refusals recorded nothing"
    );
    let v = json(d, &["whi", "undo"]);
    assert_eq!(v["outcome"]["state"], "playing");
    // the game is resumed by the next command (a new process) without --game
    let v = json(d, &["whi", "redo"]);
    assert_eq!(v["outcome"]["state"], "won");
    let list = json(d, &["whi", "list"]);
    assert_eq!(list[0]["title"], "Warhammer: Invasion");
    // The history is worded, naming players and cards.
    let o = tablemate(d, &["whi", "show", "--history"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{o:?}");
    assert!(
        text.contains("Ann plays Dwarf Cannon Crew (Kingdom)."),
        "{text}"
    );
    assert!(text.contains("Ben's Quest zone takes 9 damage."), "{text}");
    assert!(!text.contains("\"type\""), "no raw JSON: {text}");
}

#[test]
fn star_trek_score_ledger_with_reasons_and_qs_planet() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    start(d, &["stccg", "--players", "Kirk", "Picard"]);
    json(d, &["stccg", "score", "Kirk", "35", "--reason", "mission"]);
    let v = json(d, &["stccg", "score", "Kirk", "-10", "--reason", "dilemma"]);
    assert_eq!(v["table"]["table"]["players"][0]["score"], 25);
    let v = json(d, &["stccg", "qs-planet", "Picard"]);
    assert_eq!(v["table"]["table"]["target"], 140);
    let ledger = &v["table"]["table"]["ledger"];
    assert_eq!(ledger[1]["source"], "dilemma");
    assert_eq!(ledger[1]["score"], 25);
    let why = refused(d, &["stccg", "score", "Kirk", "5", "--reason", "luck"]);
    assert!(why.contains("not a reason"), "{why}");
    let why = refused(d, &["stccg", "score", "Spock", "5", "--reason", "mission"]);
    assert!(why.contains("Kirk or Picard"), "{why}");
}

#[test]
fn knightmare_chess_card_in_force_counts_down_and_the_match_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    start(d, &["kc", "--players", "Ann", "Ben", "--first", "B"]);
    let v = json(d, &["kc", "play", "Ben", "amazon", "--duration", "2"]);
    assert_eq!(v["table"]["table"]["in_force"][0]["card"], "kc-amazon");
    assert_eq!(v["card_names"]["kc-amazon"], "AMAZON");
    let v = json(d, &["kc", "next"]);
    assert_eq!(v["table"]["table"]["in_force"][0]["turns_left"], 1);
    assert_eq!(v["table"]["table"]["to_move"], "A");
    json(d, &["kc", "won", "Ann", "--by", "checkmate"]);
    let v = json(d, &["kc", "next-game", "Ann"]);
    assert_eq!(v["table"]["table"]["wins"]["A"], 1);
    assert_eq!(v["table"]["table"]["game_no"], 2);
    assert!(v["table"]["table"]["in_force"]
        .as_array()
        .unwrap()
        .is_empty());
}

#[test]
fn a_ruling_marked_seen_leaves_the_rulings_of_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    start(d, &["whi", "--players", "Ann", "Ben"]);
    let ids = |limit: &str| -> Vec<String> {
        json(
            d,
            &[
                "whi", "rulings", "Flames", "of", "Tzeentch", "--limit", limit,
            ],
        )
        .as_array()
        .expect("a list")
        .iter()
        .map(|p| p["ruling"]["id"].as_str().expect("an id").to_owned())
        .collect()
    };
    let before = ids("3");
    assert_eq!(before.len(), 3, "{before:?}");
    let o = tablemate(d, &["whi", "seen", &before[0]]);
    assert!(o.status.success(), "{o:?}");
    assert_eq!(
        String::from_utf8_lossy(&o.stdout).trim(),
        format!("ruling {} marked seen in game 1", before[0])
    );
    let after = ids("2");
    assert_eq!(after, before[1..], "left out, the prompt fills up");
    let err = refused(d, &["whi", "seen", "whi-no-such-ruling"]);
    assert!(
        err.contains(
            "There is no ruling of Warhammer: Invasion with the id \"whi-no-such-ruling\"."
        ),
        "{err}"
    );
    assert_eq!(ids("2"), after);
}

#[test]
fn numbers_beyond_the_limits_are_refused_naming_the_player_and_nothing_is_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let why = refused(
        d,
        &[
            "game",
            "new",
            "--game",
            "whi",
            "--players",
            "Ann",
            "Ben",
            "--hit-points",
            "4294967295",
        ],
    );
    assert!(
        why.contains("at most 99 hit points and 9 more per development, not 4294967295"),
        "{why}"
    );
    let list = json(d, &["whi", "list"]);
    assert_eq!(list.as_array().map(Vec::len), Some(0), "{list}");
    start(d, &["whi", "--players", "Ann", "Ben"]);
    json(d, &["whi", "collect", "Ann", "5"]);
    let why = refused(d, &["whi", "gain", "Ann", "4294967295"]);
    assert!(
        why.contains("4294967295 for Ann is too much: one entry is at most 999."),
        "{why}"
    );
    let why = refused(d, &["whi", "gain", "Ann", "995"]);
    assert!(why.contains("Ann has 5 resources; 995 more"), "{why}");
    let v = json(d, &["whi", "show", "--history"]);
    assert_eq!(v["table"]["table"]["players"][0]["resources"], 5, "{v}");

    start(d, &["stccg", "--players", "Kirk", "Picard"]);
    for _ in 0..2 {
        let why = refused(
            d,
            &[
                "stccg",
                "score",
                "Picard",
                "-2147483648",
                "--reason",
                "dilemma",
            ],
        );
        assert!(
            why.contains("-2147483648 points for Picard is too many"),
            "{why}"
        );
    }
    let v = json(d, &["stccg", "show"]);
    assert_eq!(v["table"]["table"]["players"][1]["score"], 0, "{v}");

    start(d, &["kc", "--players", "Ann", "Ben"]);
    let why = refused(d, &["kc", "play", "Ann", "amazon", "--duration", "21"]);
    assert!(
        why.contains("AMAZON played by Ann can be in force for at most 20 turns, not 21."),
        "{why}"
    );
    let why = refused(d, &["kc", "play", "Ann", "amazon", "--duration", "300"]);
    assert!(why.contains("at most 20 turns, not 300"), "{why}");
    let v = json(d, &["kc", "show"]);
    assert_eq!(
        v["table"]["table"]["in_force"],
        serde_json::json!([]),
        "{v}"
    );
}

#[test]
fn the_stccg_reason_bonus_points_is_taken_as_the_readme_writes_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    start(d, &["stccg", "--players", "Kirk", "Picard"]);
    // quoted, unquoted (two words), with an underscore or a hyphen: the same reason
    let ways: [&[&str]; 4] = [
        &["--reason", "bonus points"],
        &["--reason", "bonus", "points"],
        &["--reason", "bonus_points"],
        &["--reason", "Bonus-Points"],
    ];
    for (i, way) in ways.iter().enumerate() {
        let mut args = vec!["stccg", "score", "Kirk", "5"];
        args.extend_from_slice(way);
        let v = json(d, &args);
        let ledger = &v["table"]["table"]["ledger"];
        assert_eq!(ledger[i]["source"], "bonus_points", "{way:?}: {v}");
    }
    // unquoted, followed by another option: the reason stops there
    let v = json(
        d,
        &[
            "stccg", "score", "Kirk", "5", "--reason", "bonus", "points", "--card", "Q-Flash",
        ],
    );
    assert_eq!(
        v["table"]["table"]["ledger"][4]["source"], "bonus_points",
        "{v}"
    );
    let why = refused(
        d,
        &["stccg", "score", "Kirk", "5", "--reason", "bonus", "luck"],
    );
    assert!(
        why.contains("not a reason") && why.contains("bonus points"),
        "{why}"
    );
}
