//! `tablemate history …` and `tablemate match …`: matches to 5 crystals, unfinished games and
//! matches listed to resume, and statistics computed from the games played.
#![allow(clippy::unwrap_used)] // test helpers: a failure should stop the test right there

use crate::common;
use common::{json, new_vulca_hoax, tablemate, text};

use std::path::Path;

fn game(data: &Path, m: &str, winner: &str, crystals: &str, fights: &str, people: [&str; 2]) {
    json(
        data,
        &[
            "match",
            "game",
            m,
            "--winner",
            winner,
            "--crystals",
            crystals,
            "--dragons",
            "1",
            "--fights",
            fights,
            "--people-a",
            people[0],
            "--people-b",
            people[1],
        ],
    );
}

#[test]
fn a_match_runs_to_five_crystals_and_the_loser_starts_the_next_game() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let m = json(d, &["match", "new", "Anna", "Bert"]);
    assert_eq!(m["target"].as_u64(), Some(5));
    assert_eq!(m["next_first"], "Anna");
    let id = m["id"].to_string();
    game(d, &id, "Anna", "3", "7", ["Vulca", "Hoax"]);
    let after = json(d, &["match", "show", &id]);
    assert_eq!(after["match"]["next_first"], "Bert", "the loser starts");
    assert_eq!(after["match"]["crystals"], serde_json::json!([3, 0]));
    assert_eq!(after["match"]["finished"], false);

    // listed as unfinished, to resume
    let open = json(d, &["match", "list", "--unfinished"]);
    assert_eq!(open.as_array().unwrap().len(), 1);
    let u = json(d, &["match", "unfinished"]);
    assert_eq!(u["matches"][0]["id"].to_string(), id);

    game(d, &id, "b", "4", "9", ["Vulca", "Hoax"]);
    game(d, &id, "Anna", "2", "5", ["Vulca", "Hoax"]);
    let done = json(d, &["match", "show", &id]);
    assert_eq!(done["match"]["finished"], true);
    assert_eq!(done["match"]["winner"], "Anna");
    assert_eq!(done["match"]["crystals"], serde_json::json!([5, 4]));
    assert_eq!(done["games"].as_array().unwrap().len(), 3);
    assert!(json(d, &["match", "list", "--unfinished"])
        .as_array()
        .unwrap()
        .is_empty());

    // a finished match takes no more games, and says why
    let o = tablemate(
        d,
        &[
            "match",
            "game",
            &id,
            "--winner",
            "Anna",
            "--crystals",
            "1",
            "--people-a",
            "Vulca",
            "--people-b",
            "Hoax",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    let why = String::from_utf8_lossy(&o.stderr);
    assert!(
        why.contains("The match of Anna and Bert is over"),
        "the match named by its players: {why}"
    );
    assert_eq!(json(d, &["history", "list"]).as_array().unwrap().len(), 3);
}

#[test]
fn statistics_per_people_and_matchup() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let m = json(d, &["match", "new", "Anna", "Bert", "--target", "50"]);
    let id = m["id"].to_string();
    // Vulca (Anna) v Hoax (Bert): Anna wins 2 of 3; then a Vulca mirror won by Bert
    game(d, &id, "Anna", "2", "4", ["Vulca", "Hoax"]);
    game(d, &id, "Bert", "4", "6", ["Vulca", "Hoax"]);
    game(d, &id, "Anna", "3", "8", ["Vulca", "Hoax"]);
    game(d, &id, "Bert", "3", "6", ["Vulca", "Vulca"]);

    let s = json(d, &["history", "stats"]);
    assert_eq!(s["games"].as_u64(), Some(4));
    assert_eq!(s["average_crystals"].as_f64(), Some(3.0)); // (2+4+3+3)/4
    assert_eq!(s["average_fights"].as_f64(), Some(6.0)); // (4+6+8+6)/4
    let people = s["by_people"].as_array().unwrap();
    let vulca = people.iter().find(|p| p["people"] == "Vulca").unwrap();
    // Vulca played 5 times (3 + both sides of the mirror), won 3 (2 by Anna, 1 mirror)
    assert_eq!(vulca["games"].as_u64(), Some(5));
    assert_eq!(vulca["wins"].as_u64(), Some(3));
    assert_eq!(vulca["win_rate_text"], "60.0%");
    let hoax = people.iter().find(|p| p["people"] == "Hoax").unwrap();
    assert_eq!(hoax["win_rate_text"], "33.3%");
    let matchup = s["by_matchup"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["opponent"] == "Vulca" && m["people"] == "Hoax")
        .expect("Hoax v Vulca (alphabetical)")
        .clone();
    assert_eq!(matchup["games"].as_u64(), Some(3));
    assert_eq!(matchup["wins"].as_u64(), Some(1));

    // one player's view
    let anna = json(d, &["history", "stats", "--player", "anna"]);
    assert_eq!(anna["player"], "Anna");
    assert_eq!(anna["by_people"][0]["people"], "Vulca");
    assert_eq!(anna["by_people"][0]["win_rate_text"], "50.0%");

    let text = tablemate(d, &["history", "stats"]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("Vulca") && text.contains("60.0%"), "{text}");

    // filtering the list
    let hoax_games = json(d, &["history", "list", "--people", "hoax"]);
    assert_eq!(hoax_games.as_array().unwrap().len(), 3);
    let o = tablemate(d, &["history", "stats", "--player", "Nobody"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("Nobody"));
}

#[test]
fn a_game_page_and_bad_ids() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let m = json(d, &["match", "new", "Anna", "Bert"]);
    game(d, &m["id"].to_string(), "Bert", "2", "3", ["Vulca", "Hoax"]);
    let list = json(d, &["history", "list"]);
    let gid = list[0]["id"].to_string();
    let page = json(d, &["history", "show", &gid]);
    assert_eq!(page["game"]["winner"], "Bert");
    assert_eq!(page["game"]["crystals"].as_u64(), Some(2));
    assert!(page["timeline"].as_array().unwrap().is_empty());
    let o = tablemate(d, &["history", "show", "4242"]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("4242"));
    let o = tablemate(d, &["match", "new", "Anna", "anna"]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn the_list_says_who_conceded_and_that_an_abandoned_game_has_no_result() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_vulca_hoax(d);
    text(d, &["game", "concede", "B"]);
    text(d, &["game", "next"]);
    text(d, &["game", "abandon", "--confirm"]);
    let list = text(d, &["history", "list"]);
    let conceded = list
        .lines()
        .find(|l| l.contains("conceded"))
        .unwrap_or_default();
    assert!(
        conceded.contains("Ann won 4 crystals (Ben conceded, 0 fights)"),
        "{list}"
    );
    assert!(!conceded.contains("dragon"), "{list}");
    let abandoned = list
        .lines()
        .find(|l| l.contains("abandoned"))
        .unwrap_or_default();
    assert!(abandoned.contains("abandoned, no result"), "{list}");
    assert!(!list.contains("won 0"), "{list}");
    // the JSON says who conceded, by name
    let rows = json(d, &["history", "list"]);
    let row = rows
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["status"] == "finished")
        .unwrap();
    assert_eq!(row["conceded_by"], "Ben", "{rows}");
}
