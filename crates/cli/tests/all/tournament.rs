//! `tablemate tournament …` as an organiser runs it: a Swiss event end to end, corrections,
//! drops and late entries, results from a match, export/import round trips, and bad input that
//! changes nothing.
#![allow(clippy::unwrap_used)] // test helpers: a failure should stop the test right there

use crate::common;
use common::tablemate;

use std::path::Path;

use serde_json::Value;

fn ok(data: &Path, args: &[&str]) -> String {
    let o = tablemate(data, args);
    assert!(
        o.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn json(data: &Path, args: &[&str]) -> Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    serde_json::from_str(&ok(data, &all)).expect("valid JSON")
}

/// Runs a command that must be refused as a user error; returns its message.
fn refused(data: &Path, args: &[&str]) -> String {
    let o = tablemate(data, args);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{args:?} should be refused: {o:?}"
    );
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A command line's words (none of them with a space in it).
fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

const PLAYERS: [&str; 8] = [
    "Anna", "Bert", "Cleo", "Dora", "Emil", "Fina", "Gero", "Hana",
];

/// Creates a Swiss event with the eight players and returns its id.
fn event_with_players(data: &Path, name: &str, rounds: &str) -> i64 {
    let ev = json(
        data,
        &[
            "tournament",
            "new",
            "--name",
            name,
            "--date",
            "2026-11-22",
            "--rounds",
            rounds,
            "--seed",
            "42",
        ],
    );
    let id = ev["id"].as_i64().expect("event id");
    let sid = id.to_string();
    let mut args = vec!["tournament", "register", sid.as_str()];
    args.extend(PLAYERS);
    args.extend(["--people", "Vulca"]);
    let added = json(data, &args);
    assert_eq!(added.as_array().map(Vec::len), Some(8), "{added}");
    id
}

/// Pairs the next round and enters a result for every table: seat A wins 5-`loser`.
fn play_round(data: &Path, id: i64, loser_crystals: u8) -> Value {
    let sid = id.to_string();
    let round = json(data, &["tournament", "pair", &sid]);
    let number = round["number"].as_u64().expect("round number").to_string();
    for t in round["tables"].as_array().expect("tables") {
        if t["b"].is_null() {
            continue;
        }
        let table = t["table"].as_u64().expect("table").to_string();
        let at = format!("{sid} --round {number} --table {table}");
        let r = json(
            data,
            &words(&format!(
                "tournament result {at} --winner a --crystals 5-{loser_crystals}"
            )),
        );
        assert_eq!(r["result"]["winner"], t["a"]["entrant"], "{r}");
        assert_eq!(
            r["result"]["crystals_b"].as_u64(),
            Some(u64::from(loser_crystals))
        );
    }
    round
}

#[test]
fn a_swiss_event_runs_end_to_end_with_documented_standings() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let id = event_with_players(d, "Autumn Cup", "3");
    let sid = id.to_string();
    let mut met = std::collections::HashSet::new();
    for (i, loser) in [2u8, 3, 1].into_iter().enumerate() {
        let round = play_round(d, id, loser);
        assert_eq!(round["number"].as_u64(), Some(i as u64 + 1));
        assert_eq!(
            round["tables"].as_array().unwrap().len(),
            4,
            "8 players, 4 tables"
        );
        for t in round["tables"].as_array().unwrap() {
            let (a, b) = (t["a"]["entrant"].as_i64(), t["b"]["entrant"].as_i64());
            assert!(met.insert((a.min(b), a.max(b))), "no pairing repeats: {t}");
        }
    }
    // all rounds played: no fourth round
    let msg = refused(d, &["tournament", "pair", &sid]);
    assert!(msg.contains("All 3 rounds"), "{msg}");

    let standings = json(d, &["tournament", "standings", &sid]);
    let rows = standings.as_array().unwrap();
    assert_eq!(rows.len(), 8);
    let ranks: Vec<u64> = rows.iter().map(|r| r["rank"].as_u64().unwrap()).collect();
    assert_eq!(ranks, (1..=8).collect::<Vec<_>>());
    let points: Vec<u64> = rows
        .iter()
        .map(|r| r["match_points"].as_u64().unwrap())
        .collect();
    // 3 rounds of 8 players: exactly one 3-0 and one 0-3, and 12 wins in all
    assert_eq!(points[0], 9, "{standings}");
    assert_eq!(points[7], 0, "{standings}");
    assert_eq!(points.iter().sum::<u64>(), 3 * 12);
    assert!(
        points.windows(2).all(|w| w[0] >= w[1]),
        "sorted by points: {points:?}"
    );
    // crystal differences add up to zero (every crystal won is conceded by someone)
    let diff: i64 = rows
        .iter()
        .map(|r| r["crystal_difference"].as_i64().unwrap())
        .sum();
    assert_eq!(diff, 0);

    let text = ok(d, &["tournament", "standings", &sid]);
    assert!(text.contains("tie-breakers, in order"), "{text}");
    assert!(text.contains("Opponents' match-win percentage"), "{text}");
    let show = json(d, &["tournament", "show", "Autumn Cup"]);
    assert_eq!(show["finished"], true);
    assert_eq!(show["can_pair"], false);
}

#[test]
fn a_correction_changes_the_standings_and_is_logged() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let id = event_with_players(d, "Correction Open", "2");
    let sid = id.to_string();
    let round = play_round(d, id, 2);
    let t1 = &round["tables"][0];
    let (a, b) = (
        t1["a"]["name"].as_str().unwrap().to_string(),
        t1["b"]["name"].as_str().unwrap().to_string(),
    );
    let before = json(d, &["tournament", "standings", &sid]);
    let points_of = |s: &Value, who: &str| {
        s.as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == who)
            .map(|r| r["match_points"].as_u64().unwrap())
    };
    assert_eq!(points_of(&before, &a), Some(3));
    assert_eq!(points_of(&before, &b), Some(0));

    let fixed = json(
        d,
        &[
            "tournament",
            "correct",
            &sid,
            "--round",
            "1",
            "--table",
            "1",
            "--winner",
            &b,
            "--crystals",
            "3-5",
            "--reason",
            "score sheet misread",
        ],
    );
    assert_eq!(fixed["result"]["winner_name"], b.as_str());
    let after = json(d, &["tournament", "standings", &sid]);
    assert_eq!(points_of(&after, &a), Some(0));
    assert_eq!(points_of(&after, &b), Some(3));

    let show = json(d, &["tournament", "show", &sid]);
    let log = show["corrections"].as_array().unwrap();
    assert_eq!(log.len(), 1, "{show}");
    assert_eq!(log[0]["old"], format!("{a} 5-2"));
    assert_eq!(log[0]["new"], format!("{b} 3-5"));
    assert_eq!(log[0]["reason"], "score sheet misread");

    // a second result for the same table is refused: corrections go through `correct`
    let msg = refused(
        d,
        &words(&format!(
            "tournament result {sid} --round 1 --table 1 --winner a --crystals 5-0"
        )),
    );
    assert!(msg.contains("already has a result"), "{msg}");
}

#[test]
fn bad_results_are_refused_with_a_reason_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let id = event_with_players(d, "Strict Open", "2");
    let sid = id.to_string();
    ok(d, &["tournament", "pair", &sid]);
    let before = json(d, &["tournament", "show", &sid]);
    let base = [
        "tournament",
        "result",
        sid.as_str(),
        "--round",
        "1",
        "--table",
        "1",
    ];
    let cases: [(&[&str], &str); 5] = [
        (
            &["--winner", "Nobody", "--crystals", "5-1"],
            "did not play at table 1",
        ),
        (
            &["--winner", "a", "--crystals", "2-5"],
            "more crystals than the loser",
        ),
        (
            &["--winner", "a", "--crystals", "12-1"],
            "at most 11 crystals",
        ),
        (
            &["--winner", "a", "--crystals", "five-one"],
            "two numbers like 5-3",
        ),
        (
            &["--winner", "a", "--crystals", "5-5"],
            "more crystals than the loser",
        ),
    ];
    for (extra, expected) in cases {
        let mut args: Vec<&str> = base.to_vec();
        args.extend_from_slice(extra);
        let msg = refused(d, &args);
        assert!(msg.contains(expected), "{extra:?}: {msg}");
    }
    // what is refused before any result is looked at: the table, the round, the event, the
    // new event's date and top cut
    let cases: [(String, &str); 5] = [
        (
            format!("result {sid} --round 1 --table 9 --winner a --crystals 5-1"),
            "no table 9",
        ),
        (
            format!("result {sid} --round 2 --table 1 --winner a --crystals 5-1"),
            "Round 2 has not been paired",
        ),
        (
            "result 999 --round 1 --table 1 --winner a --crystals 5-1".into(),
            "999",
        ),
        (
            "new --name X --date 22.11.2026 --rounds 3".into(),
            "22.11.2026",
        ),
        (
            "new --name X --date 2026-11-22 --rounds 3 --top-cut 6".into(),
            "top cut",
        ),
    ];
    for (line, expected) in cases {
        let msg = refused(d, &words(&format!("tournament {line}")));
        assert!(msg.contains(expected), "{line}: {msg}");
    }
    assert_eq!(
        json(d, &["tournament", "show", &sid]),
        before,
        "nothing changed"
    );
    assert_eq!(
        json(d, &["tournament", "list"]).as_array().unwrap().len(),
        1
    );
}

#[test]
fn drops_and_late_entries() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let id = event_with_players(d, "Late Night", "3");
    let sid = id.to_string();
    play_round(d, id, 1);
    let dropped = json(d, &["tournament", "drop", &sid, "Hana"]);
    assert_eq!(dropped["dropped_after"].as_u64(), Some(1));
    let late = json(
        d,
        &["tournament", "register", &sid, "Ines", "--people", "Hoax"],
    );
    assert_eq!(late[0]["joined_round"].as_u64(), Some(2), "{late}");
    let round2 = play_round(d, id, 1);
    let names: Vec<String> = round2["tables"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| [t["a"]["name"].clone(), t["b"]["name"].clone()])
        .filter_map(|n| n.as_str().map(str::to_string))
        .collect();
    assert!(names.contains(&"Ines".to_string()), "{names:?}");
    assert!(!names.contains(&"Hana".to_string()), "{names:?}");
    assert_eq!(names.len(), 8);
    let standings = json(d, &["tournament", "standings", &sid]);
    let hana = standings
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "Hana")
        .expect("a dropped player stays in the standings");
    assert_eq!(hana["dropped"], true);
    let msg = refused(d, &["tournament", "drop", &sid, "Hana"]);
    assert!(msg.contains("not an active player"), "{msg}");
}

#[test]
fn a_result_flows_in_from_a_match_played_in_the_app() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let id = event_with_players(d, "Match Cup", "1");
    let sid = id.to_string();
    let round = json(d, &["tournament", "pair", &sid]);
    let t = &round["tables"][0];
    let (a, b) = (
        t["a"]["name"].as_str().unwrap(),
        t["b"]["name"].as_str().unwrap(),
    );
    let m = json(d, &["match", "new", a, b]);
    let mid = m["id"].as_i64().unwrap().to_string();
    let at_table = [
        "tournament",
        "matches",
        &sid,
        "--round",
        "1",
        "--table",
        "1",
    ];
    let none = ok(d, &at_table);
    assert!(none.contains("no finished match"), "{none}");
    // the match is not finished: no result yet
    let msg = refused(
        d,
        &words(&format!(
            "tournament result {sid} --round 1 --table 1 --match {mid}"
        )),
    );
    assert!(msg.contains("not finished"), "{msg}");
    for (winner, crystals) in [(b, "2"), (a, "3"), (a, "2")] {
        json(
            d,
            &words(&format!("match game {mid} --winner {winner} --crystals {crystals} --people-a Vulca --people-b Hoax")),
        );
    }
    let status = json(d, &["match", "show", &mid]);
    assert_eq!(status["match"]["finished"], true, "{status}");
    assert_eq!(status["match"]["crystals"], serde_json::json!([5, 2]));
    // another match of theirs, seats swapped and unfinished, is not offered; one of other
    // players neither
    json(d, &["match", "new", b, a]);
    let others: Vec<&str> = PLAYERS
        .iter()
        .copied()
        .filter(|p| *p != a && *p != b)
        .collect();
    json(d, &["match", "new", others[0], others[1]]);
    let offered = json(d, &at_table);
    assert_eq!(offered.as_array().map(Vec::len), Some(1), "{offered}");
    assert_eq!(offered[0]["match_id"].as_i64(), m["id"].as_i64());
    assert_eq!(offered[0]["winner_name"], a);
    assert_eq!(
        (
            offered[0]["crystals_a"].as_u64(),
            offered[0]["crystals_b"].as_u64()
        ),
        (Some(5), Some(2))
    );
    let r = json(
        d,
        &words(&format!(
            "tournament result {sid} --round 1 --table 1 --match {mid}"
        )),
    );
    assert_eq!(r["result"]["winner_name"], a);
    assert_eq!(r["result"]["crystals_a"].as_u64(), Some(5));
    assert_eq!(r["result"]["crystals_b"].as_u64(), Some(2));
    assert_eq!(r["result"]["source"], "match");
}

fn standings_key(s: &Value) -> Vec<(String, u64, String, i64)> {
    s.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_string(),
                r["match_points"].as_u64().unwrap(),
                r["opponents_match_win_text"].as_str().unwrap().to_string(),
                r["crystal_difference"].as_i64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn export_and_import_round_trip_gives_the_same_standings() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let id = event_with_players(d, "Round Trip", "3");
    let sid = id.to_string();
    for loser in [1, 4, 0] {
        play_round(d, id, loser);
    }
    ok(
        d,
        &words(&format!(
            "tournament correct {sid} --round 2 --table 3 --winner b --crystals 4-6 --reason typo"
        )),
    );
    let original = json(d, &["tournament", "standings", &sid]);
    let out = d.join("export");
    let files = json(
        d,
        &["tournament", "export", &sid, "--out", out.to_str().unwrap()],
    );
    // event.json and ten CSV files (reports, report_log and reporting since format 3; decks.csv
    // since #33)
    assert_eq!(files["files"].as_array().unwrap().len(), 11);
    let corrections_csv = std::fs::read_to_string(out.join("corrections.csv")).unwrap();
    assert!(corrections_csv.contains(",typo,"), "{corrections_csv}");
    let standings_csv = std::fs::read_to_string(out.join("standings.csv")).unwrap();
    assert!(
        standings_csv.starts_with("rank,player,people,match_points"),
        "{standings_csv}"
    );
    assert_eq!(standings_csv.lines().count(), 9);

    // JSON: from the folder
    let imported = json(d, &["tournament", "import", out.to_str().unwrap()]);
    let from_json = json(d, &["tournament", "standings", &imported["id"].to_string()]);
    assert_eq!(standings_key(&from_json), standings_key(&original));
    // the correction log comes back with its reason, and exports the same again
    let log = |id: &str| json(d, &["tournament", "show", id])["corrections"].clone();
    let imported_id = imported["id"].to_string();
    assert_eq!(log(&imported_id), log(&sid));
    assert_eq!(log(&imported_id)[0]["reason"], "typo");
    let again: Value =
        serde_json::from_str(&ok(d, &["tournament", "export", &imported_id])).unwrap();
    let first: Value = serde_json::from_str(&ok(d, &["tournament", "export", &sid])).unwrap();
    assert_eq!(again, first, "export, import, export: the same event");

    // CSV: the three input files and the event's details
    let imported = json(
        d,
        &[
            "tournament",
            "import",
            "--csv",
            out.to_str().unwrap(),
            "--name",
            "Round Trip (csv)",
            "--date",
            "2026-11-22",
            "--rounds",
            "3",
            "--seed",
            "42",
        ],
    );
    assert_eq!(imported["rounds_paired"].as_u64(), Some(3));
    let from_csv = json(d, &["tournament", "standings", &imported["id"].to_string()]);
    assert_eq!(standings_key(&from_csv), standings_key(&original));
    assert_eq!(
        log(&imported["id"].to_string()),
        log(&sid),
        "rounds.csv, corrections.csv"
    );

    // standard output: the JSON document and a single CSV
    let doc: Value = serde_json::from_str(&ok(d, &["tournament", "export", &sid])).unwrap();
    assert_eq!(doc["results"].as_array().unwrap().len(), 12);
    let pairings = ok(d, &["tournament", "export", &sid, "--csv", "pairings"]);
    assert_eq!(pairings.lines().count(), 13, "{pairings}");
}

#[test]
fn a_malformed_or_hostile_import_names_the_line_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let id = event_with_players(d, "Source", "2");
    let sid = id.to_string();
    play_round(d, id, 2);
    let out = d.join("export");
    ok(
        d,
        &["tournament", "export", &sid, "--out", out.to_str().unwrap()],
    );
    let list_before = json(d, &["tournament", "list"]);
    let good = std::fs::read_to_string(out.join("event.json")).unwrap();

    // JSON: a syntax error on a known line
    let mut lines: Vec<&str> = good.lines().collect();
    let broken_at = 7;
    lines[broken_at - 1] = "    \"player\": ,";
    let bad = d.join("bad.json");
    std::fs::write(&bad, lines.join("\n")).unwrap();
    let msg = refused(d, &["tournament", "import", bad.to_str().unwrap()]);
    assert!(msg.contains(&format!("line {broken_at}")), "{msg}");
    assert!(msg.contains("Nothing was imported"), "{msg}");

    // JSON: well-formed but hostile (a result naming someone who is not registered)
    let mut doc: Value = serde_json::from_str(&good).unwrap();
    doc["results"][0]["winner"] = Value::String("Mallory'); DROP TABLE results;--".into());
    std::fs::write(&bad, serde_json::to_string_pretty(&doc).unwrap()).unwrap();
    let msg = refused(d, &["tournament", "import", bad.to_str().unwrap()]);
    assert!(msg.contains("Mallory"), "{msg}");

    // JSON: not text at all
    std::fs::write(&bad, [0xff, 0xfe, 0x00, 0x41, 0x0a]).unwrap();
    let msg = refused(d, &["tournament", "import", bad.to_str().unwrap()]);
    assert!(msg.contains("line"), "{msg}");

    // CSV: a bad number on line 3 of results.csv
    let csv_dir = d.join("csv");
    std::fs::create_dir_all(&csv_dir).unwrap();
    for f in ["entrants.csv", "pairings.csv", "results.csv"] {
        std::fs::copy(out.join(f), csv_dir.join(f)).unwrap();
    }
    let results = std::fs::read_to_string(csv_dir.join("results.csv")).unwrap();
    let mut rows: Vec<String> = results.lines().map(str::to_string).collect();
    rows[2] = rows[2]
        .replacen(",5,", ",lots,", 1)
        .replacen(",5\n", ",lots\n", 1);
    if !rows[2].contains("lots") {
        let mut cells: Vec<&str> = rows[2].split(',').collect();
        cells[3] = "lots";
        rows[2] = cells.join(",");
    }
    std::fs::write(csv_dir.join("results.csv"), rows.join("\n")).unwrap();
    let msg = refused(
        d,
        &[
            "tournament",
            "import",
            "--csv",
            csv_dir.to_str().unwrap(),
            "--name",
            "Copy",
            "--date",
            "2026-11-22",
            "--rounds",
            "2",
        ],
    );
    assert!(
        msg.contains("results.csv") && msg.contains("line 3"),
        "{msg}"
    );

    // a file far too large is refused before it is read
    let huge = d.join("huge.json");
    let f = std::fs::File::create(&huge).unwrap();
    f.set_len(5 * 1024 * 1024).unwrap();
    let msg = refused(d, &["tournament", "import", huge.to_str().unwrap()]);
    assert!(
        msg.contains("larger than the limit of 4194304 bytes"),
        "{msg}"
    );

    assert_eq!(
        json(d, &["tournament", "list"]),
        list_before,
        "nothing was imported"
    );
}

#[test]
fn the_last_round_can_be_undone_until_it_has_a_result() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let id = event_with_players(d, "Undo Cup", "3");
    let sid = id.to_string();
    let msg = refused(d, &["tournament", "unpair", &sid]);
    assert!(
        msg.contains("No round of Undo Cup has been paired"),
        "{msg}"
    );
    play_round(d, id, 2);
    let before = json(d, &["tournament", "show", &sid]);
    let msg = refused(d, &["tournament", "unpair", &sid]);
    assert!(msg.contains("Round 1 already has results"), "{msg}");
    assert_eq!(
        json(d, &["tournament", "show", &sid]),
        before,
        "nothing changed"
    );

    // round 2 paired, then a late entry and a drop before anyone plays: undo and pair again
    let first = json(d, &["tournament", "pair", &sid]);
    json(d, &["tournament", "register", &sid, "Ines"]);
    json(d, &["tournament", "drop", &sid, "Anna"]);
    let undone = json(d, &["tournament", "unpair", &sid]);
    assert_eq!(undone["undone_round"].as_u64(), Some(2));
    assert_eq!(
        undone["drops_moved"],
        serde_json::json!(["Anna"]),
        "Anna's drop moved"
    );
    let again = json(d, &["tournament", "pair", &sid]);
    assert_eq!(again["number"].as_u64(), Some(2), "the same round again");
    let names = |round: &Value| -> Vec<String> {
        round["tables"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|t| [t["a"]["name"].clone(), t["b"]["name"].clone()])
            .filter_map(|n| n.as_str().map(str::to_string))
            .collect()
    };
    assert!(names(&first).contains(&"Anna".to_string()));
    assert!(!names(&again).contains(&"Anna".to_string()), "Anna dropped");
    assert!(
        names(&again).contains(&"Ines".to_string()),
        "Ines joins round 2"
    );
    let entrants = json(d, &["tournament", "show", &sid]);
    let ines = entrants["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "Ines")
        .cloned()
        .unwrap();
    assert_eq!(ines["joined_round"].as_u64(), Some(2), "{ines}");
}

#[test]
fn a_drop_can_be_taken_back_until_the_next_pairing_and_nothing_changes_once_the_event_is_over() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let id = event_with_players(d, "Second Thoughts", "2");
    let sid = id.to_string();
    play_round(d, id, 1);
    let msg = refused(d, &["tournament", "undrop", &sid, "Bert"]);
    assert!(msg.contains("Bert has not dropped"), "{msg}");
    json(d, &["tournament", "drop", &sid, "Bert"]);
    let back = json(d, &["tournament", "undrop", &sid, "Bert"]);
    assert!(back["dropped_after"].is_null(), "{back}");
    json(d, &["tournament", "drop", &sid, "Bert"]);
    let round2 = play_round(d, id, 1);
    assert_eq!(
        round2["tables"].as_array().unwrap().len(),
        4,
        "7 players: 3 tables and a bye"
    );
    let msg = refused(d, &["tournament", "undrop", &sid, "Bert"]);
    assert!(
        msg.contains("Bert dropped after round 1 and round 2 has been paired"),
        "{msg}"
    );

    // both rounds played: the event is over
    let before = json(d, &["tournament", "show", &sid]);
    let msg = refused(d, &["tournament", "drop", &sid, "Cleo"]);
    assert!(msg.contains("Cleo cannot drop: the event is over"), "{msg}");
    let msg = refused(d, &["tournament", "register", &sid, "Ines"]);
    assert!(msg.contains("closed"), "{msg}");
    assert_eq!(
        json(d, &["tournament", "show", &sid]),
        before,
        "nothing changed"
    );
}

#[test]
fn the_round_clock_is_set_started_paused_and_resumed_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let id = event_with_players(d, "Clock Cup", "3");
    let sid = id.to_string();
    let msg = refused(d, &["tournament", "clock", &sid]);
    assert!(msg.contains("no clock"), "{msg}");
    json(d, &["tournament", "pair", &sid]);
    let shown = ok(d, &["tournament", "clock", &sid]);
    assert_eq!(
        shown.trim(),
        "round 1 clock: 50:00 (not started; round of 50 minutes)"
    );
    let set = json(d, &["tournament", "clock", &sid, "set", "40"]);
    assert_eq!(
        (set["text"].as_str(), set["state"].as_str()),
        (Some("40:00"), Some("not_started"))
    );
    let msg = refused(d, &["tournament", "clock", &sid, "pause"]);
    assert!(
        msg.contains("Round 1: the clock has not been started yet"),
        "{msg}"
    );
    let started = json(d, &["tournament", "clock", &sid, "start"]);
    assert_eq!(started["state"].as_str(), Some("running"));
    let paused = json(d, &["tournament", "clock", &sid, "pause"]);
    assert_eq!(paused["state"].as_str(), Some("paused"));
    // a separate process reads the same stored clock: paused, so exactly what pause returned
    let again = json(d, &["tournament", "clock", &sid, "show"]);
    assert_eq!(again["remaining_ms"], paused["remaining_ms"]);
    assert!(
        again["remaining_ms"].as_i64().unwrap() > 39 * 60_000,
        "{again}"
    );
    let resumed = json(d, &["tournament", "clock", &sid, "resume"]);
    assert_eq!(resumed["state"].as_str(), Some("running"));
    let msg = refused(d, &["tournament", "clock", &sid, "set", "0"]);
    assert!(msg.contains("1 to 1440 minutes"), "{msg}");
}

#[test]
fn prepared_pairings_are_published_when_the_organiser_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let id = event_with_players(d, "Publish Cup", "3");
    let sid = id.to_string();
    let text = ok(d, &["tournament", "pair", &sid, "--prepare"]);
    assert!(text.contains("prepared, not published"), "{text}");
    let shown = json(d, &["tournament", "show", &sid]);
    assert_eq!(shown["rounds"][0]["published"], false);
    let published = json(d, &["tournament", "publish", &sid]);
    assert_eq!(published["published_round"].as_u64(), Some(1));
    let shown = json(d, &["tournament", "show", &sid]);
    assert_eq!(shown["rounds"][0]["published"], true);
    let msg = refused(d, &["tournament", "publish", &sid]);
    assert!(msg.contains("already published"), "{msg}");
}

#[test]
fn a_prepared_round_and_its_running_clock_come_back_from_an_export() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let id = event_with_players(d, "Clock Trip", "3");
    let sid = id.to_string();
    play_round(d, id, 1);
    ok(d, &["tournament", "pair", &sid, "--prepare"]);
    json(d, &["tournament", "clock", &sid, "set", "30"]);
    json(d, &["tournament", "clock", &sid, "start"]);
    let out = d.join("export");
    ok(
        d,
        &["tournament", "export", &sid, "--out", out.to_str().unwrap()],
    );
    let imported = json(d, &["tournament", "import", out.to_str().unwrap()]);
    let iid = imported["id"].to_string();
    let shown = json(d, &["tournament", "show", &iid]);
    assert_eq!(shown["rounds"][1]["published"], false, "still prepared");
    let clock = json(d, &["tournament", "clock", &iid]);
    assert_eq!(clock["state"].as_str(), Some("running"), "{clock}");
    assert_eq!(clock["length_minutes"].as_u64(), Some(30), "{clock}");
    let left = clock["remaining_ms"].as_i64().unwrap();
    assert!(left <= 30 * 60_000 && left > 25 * 60_000, "{clock}");

    // a file with round 2 paired while a round-1 result is missing is refused by table
    let mut doc: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("event.json")).unwrap()).unwrap();
    let results = doc["results"].as_array_mut().unwrap();
    let table = results[0]["table"].clone();
    results.remove(0);
    let bad = d.join("bad.json");
    std::fs::write(&bad, serde_json::to_string_pretty(&doc).unwrap()).unwrap();
    let before = json(d, &["tournament", "list"]);
    let msg = refused(d, &["tournament", "import", bad.to_str().unwrap()]);
    assert!(
        msg.contains(&format!(
            "Round 1, table {table} has no result, but round 2 is paired"
        )),
        "{msg}"
    );
    assert_eq!(json(d, &["tournament", "list"]), before, "nothing imported");
}

#[test]
fn a_registration_is_corrected_or_removed_before_round_1_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let id = event_with_players(d, "Fix Cup", "3");
    let sid = id.to_string();
    let first = PLAYERS[0];
    let msg = refused(
        d,
        &words(&format!(
            "tournament correct-registration {sid} {first} --people Vulka"
        )),
    );
    assert!(msg.contains("Did you mean Vulca?"), "{msg}");
    let fixed = json(
        d,
        &words(&format!(
            "tournament correct-registration {sid} {first} --name Zora --people hoax"
        )),
    );
    assert_eq!(
        (fixed["name"].as_str(), fixed["people"].as_str()),
        (Some("Zora"), Some("Hoax"))
    );
    let removed = json(d, &["tournament", "unregister", &sid, "Zora"]);
    assert_eq!(removed["name"], "Zora");
    let show = json(d, &["tournament", "show", &sid]);
    let seeds: Vec<u64> = show["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["seed"].as_u64().unwrap())
        .collect();
    assert_eq!(seeds, (1..=7).collect::<Vec<u64>>(), "seeds close up");

    json(d, &["tournament", "pair", &sid]);
    let msg = refused(d, &["tournament", "unregister", &sid, PLAYERS[1]]);
    assert!(msg.contains("drop"), "{msg}");
}

/// `tournament import --csv` with the event's details and `path`.
fn import_players<'a>(path: &'a str, name: &'a str) -> Vec<&'a str> {
    vec![
        "tournament",
        "import",
        "--csv",
        path,
        "--name",
        name,
        "--date",
        "2026-11-27",
        "--rounds",
        "3",
    ]
}

#[test]
fn players_from_a_spreadsheet_csv_alone_make_an_event_and_bad_lists_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // a spreadsheet's list, with a byte-order mark, a blank line and a quoted comma
    let list = d.join("players.csv");
    std::fs::write(
        &list,
        "\u{feff}Player,People\r\nAnna,Vulca\r\n\r\nBert,\"Hoax, Terrah\"\r\nCleo,\r\nDora,Mimix\r\n",
    )
    .unwrap();
    let ev = json(d, &import_players(list.to_str().unwrap(), "Sheet Cup"));
    assert_eq!(ev["players"].as_u64(), Some(4), "{ev}");
    assert_eq!(ev["rounds_paired"].as_u64(), Some(0));
    let sid = ev["id"].to_string();
    let detail = json(d, &["tournament", "show", &sid]);
    let names: Vec<(&str, &str)> = detail["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["name"].as_str().unwrap(),
                e["people"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        names,
        [
            ("Anna", "Vulca"),
            ("Bert", "Hoax, Terrah"),
            ("Cleo", ""),
            ("Dora", "Mimix")
        ]
    );
    // the event is ready to pair
    json(d, &["tournament", "pair", &sid]);

    // an export's entrants.csv alone in a folder imports the same way
    let folder = d.join("only-entrants");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(
        folder.join("entrants.csv"),
        "seed,player,people,joined_round,dropped_after\n1,Emil,,1,\n2,Fina,,1,\n",
    )
    .unwrap();
    let ev = json(d, &import_players(folder.to_str().unwrap(), "Folder Cup"));
    assert_eq!(ev["players"].as_u64(), Some(2), "{ev}");

    let before = json(d, &["tournament", "list"]);
    // the same name twice, on the line the file has it (the blank line counted)
    std::fs::write(&list, "player\nAnna\n\nBert\nanna\n").unwrap();
    let msg = refused(d, &import_players(list.to_str().unwrap(), "Twice Cup"));
    assert!(
        msg.contains("line 5") && msg.contains("Nothing was imported"),
        "{msg}"
    );
    // columns of neither kind: both are named
    std::fs::write(&list, "Name;Deck\nAnna;Vulca\n").unwrap();
    let msg = refused(d, &import_players(list.to_str().unwrap(), "Odd Cup"));
    assert!(
        msg.contains("line 1") && msg.contains("player (and people") && msg.contains("Name;Deck"),
        "{msg}"
    );
    // an empty file, and one that is not there
    std::fs::write(&list, "").unwrap();
    let msg = refused(d, &import_players(list.to_str().unwrap(), "Empty Cup"));
    assert!(msg.contains("Nothing was imported"), "{msg}");
    let missing = d.join("nobody.csv");
    refused(d, &import_players(missing.to_str().unwrap(), "Ghost Cup"));
    assert_eq!(json(d, &["tournament", "list"]), before, "nothing imported");
}

#[test]
fn the_organisers_refusals_speak_the_language_of_the_settings() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let id = event_with_players(d, "Herbstcup", "3").to_string();
    let en = refused(d, &["tournament", "show", "Wintercup"]);
    assert!(en.contains("There is no event named \"Wintercup\""), "{en}");
    ok(d, &["settings", "--language", "de"]);
    let de = refused(d, &["tournament", "show", "Wintercup"]);
    assert!(
        de.contains("Es gibt kein Turnier namens \"Wintercup\""),
        "{de}"
    );
    let de = refused(d, &["tournament", "show", "99"]);
    assert!(
        de.contains("Es gibt kein Turnier mit der Nummer 99"),
        "{de}"
    );
    let de = refused(d, &["tournament", "clock", &id]);
    assert!(de.contains("noch keine Runde gepaart"), "{de}");
    let de = refused(d, &["tournament", "drop", &id, "Zora"]);
    assert!(de.contains("ist nicht für Herbstcup angemeldet"), "{de}");
    ok(d, &["tournament", "pair", &id]);
    let de = refused(
        d,
        &words(&format!(
            "tournament result {id} --round 1 --table 1 --winner a --crystals 5+3"
        )),
    );
    assert!(de.contains("sollten zwei Zahlen wie 5-3 sein"), "{de}");
    let de = refused(d, &["tournament", "export", &id, "--csv", "players"]);
    assert!(de.contains("ist weder entrants"), "{de}");
}

/// The organiser's commands say what they did in German after `settings --language de`
/// (#32: "round 1 published", "registered …" and the round's tables were English).
#[test]
fn the_organisers_success_messages_speak_the_language_of_the_settings() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["settings", "--language", "de"]);
    let created = ok(
        d,
        &words("tournament new --name Herbstcup --date 2026-11-22 --rounds 2 --seed 42"),
    );
    assert!(
        created.starts_with(
            "Turnier 1 angelegt: Herbstcup am 2026-11-22 (Schweizer System, 2 Runden)"
        ),
        "{created}"
    );
    let registered = ok(
        d,
        &words("tournament register 1 Anna Bert Cleo --people Vulca"),
    );
    assert!(
        registered.contains("Anna angemeldet, #1 Setzplatz 1 spielt Vulca"),
        "{registered}"
    );
    let listed = ok(d, &["tournament", "list"]);
    assert!(listed.contains("3 Spieler, Runde 0/2"), "{listed}");
    // a round prepared, then published
    let prepared = ok(d, &["tournament", "pair", "1", "--prepare"]);
    assert!(
        prepared.starts_with("Runde 1 (Schweizer System)\n"),
        "{prepared}"
    );
    assert!(prepared.contains(" gegen "), "{prepared}");
    assert!(prepared.contains("hat ein Freilos"), "{prepared}");
    assert!(prepared.contains("(noch kein Ergebnis)"), "{prepared}");
    assert!(
        prepared.contains("vorbereitet, nicht veröffentlicht"),
        "{prepared}"
    );
    let published = ok(d, &["tournament", "publish", "1"]);
    assert_eq!(published, "Runde 1 veröffentlicht\n");
    let clock = ok(d, &["tournament", "clock", "1"]);
    assert!(
        clock.starts_with("Rundenuhr Runde 1: ") && clock.contains("nicht gestartet"),
        "{clock}"
    );
    // a result at the table that is not a bye
    let round = json(d, &["tournament", "show", "1"]);
    let table = round["rounds"][0]["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| !t["b"].is_null())
        .unwrap();
    let (n, winner) = (
        table["table"].to_string(),
        table["a"]["name"].as_str().unwrap(),
    );
    let result = ok(
        d,
        &words(&format!(
            "tournament result 1 --round 1 --table {n} --winner {winner} --crystals 5-3"
        )),
    );
    assert!(
        result.starts_with("Runde 1 Tisch ") && result.contains(&format!("5-3, {winner} gewinnt")),
        "{result}"
    );
    let dropped = ok(d, &["tournament", "drop", "1", "Cleo"]);
    assert_eq!(dropped, "Cleo ist nach Runde 1 ausgestiegen\n");
    let back = ok(d, &["tournament", "undrop", "1", "Cleo"]);
    assert_eq!(back, "Cleo ist wieder dabei und wird gepaart\n");
    let standings = ok(d, &["tournament", "standings", "1"]);
    assert!(standings.contains("Rang  Spieler"), "{standings}");
    assert!(
        standings.contains("Gleichstand entscheiden, in dieser Reihenfolge:"),
        "{standings}"
    );
    let shown = ok(d, &["tournament", "show", "1"]);
    assert!(shown.contains("\nSpieler (3):\n"), "{shown}");
    assert!(shown.contains("\nTabelle:\n"), "{shown}");
    // nothing English left in what the organiser read
    for said in [
        &created,
        &registered,
        &listed,
        &prepared,
        &published,
        &clock,
        &result,
        &dropped,
        &back,
        &standings,
        &shown,
    ] {
        for english in [
            "created",
            "registered",
            "published",
            "round ",
            "table ",
            " wins",
            "players",
            "standings",
            "tie-breakers",
            "no result yet",
            "has a bye",
            "clock:",
        ] {
            assert!(!said.contains(english), "{english:?} in: {said}");
        }
    }
    // and English again, as scripts have always read it
    ok(d, &["settings", "--language", "en"]);
    let clock = ok(d, &["tournament", "clock", "1"]);
    assert!(clock.starts_with("round 1 clock: "), "{clock}");
}
