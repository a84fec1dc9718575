//! `tablemate cards …` as a player runs it: numbers, German names, typos, ambiguity, hostile
//! input, fixes that are kept and fixes that are refused.

use crate::common;
use common::{json, tablemate};

use std::process::Output;

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn find_by_number_german_name_and_typo() {
    let dir = tempfile::tempdir().unwrap();
    for (typed, id, matched) in [
        ("V24", "vulca-24", "tag"),
        ("vulca 24", "vulca-24", "tag"),
        ("Feuerzauber", "vulca-24", "exact_name"),
        ("feuerzaubr", "vulca-24", "typo"),
        ("flikering fires", "vulca-24", "typo"),
        ("M106", "mutant-106", "tag"),
        ("Stand Your Ground", "whi-stand-your-ground", "exact_name"),
    ] {
        let v = json(dir.path(), &["cards", "find", typed]);
        assert_eq!(v["hits"][0]["card"]["id"], id, "{typed}: {v}");
        assert_eq!(v["hits"][0]["matched"], matched, "{typed}");
    }
    let de = json(dir.path(), &["cards", "find", "Feuerzauber"]);
    assert_eq!(de["hits"][0]["matched_lang"], "de");
    let text = tablemate(dir.path(), &["cards", "find", "Feuerzauber"]);
    let out = String::from_utf8_lossy(&text.stdout);
    assert!(out.contains("Vulca 24 Flickering Fires"), "{out}");
}

#[test]
fn find_filters_by_game_series_type_and_icon() {
    let dir = tempfile::tempdir().unwrap();
    let v = json(
        dir.path(),
        &[
            "cards", "find", "", "--series", "vulca", "--type", "support", "--limit", "50",
        ],
    );
    let hits = v["hits"].as_array().unwrap();
    assert!(hits.len() > 1);
    assert!(hits
        .iter()
        .all(|h| h["card"]["series"] == "vulca" && h["card"]["card_type"] == "support"));
    let whi = json(dir.path(), &["cards", "find", "fire", "--game", "whi"]);
    assert!(whi["hits"]
        .as_array()
        .unwrap()
        .iter()
        .all(|h| h["card"]["game"] == "warhammer-invasion"));
    let bad = tablemate(dir.path(), &["cards", "find", "x", "--icon", "sword"]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(stderr(&bad).contains("fire_shield"), "{}", stderr(&bad));
}

#[test]
fn ambiguous_unknown_and_hostile_input_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let amb = tablemate(dir.path(), &["cards", "show", "24"]);
    assert_eq!(amb.status.code(), Some(1));
    let err = stderr(&amb);
    assert!(
        err.contains("several cards") && err.contains("vulca-24") && err.contains("hoax-24"),
        "{err}"
    );

    let unknown = tablemate(dir.path(), &["cards", "show", "qqqqxxxxzzzz"]);
    assert_eq!(unknown.status.code(), Some(1));
    assert!(
        stderr(&unknown).contains("No card matches"),
        "{}",
        stderr(&unknown)
    );

    let long = "'; DROP TABLE card_fixes; --".repeat(200);
    // Whatever is typed, the answer is a card or a user error: never a crash (101) or an
    // internal error (2). Escape sequences are not passed back raw to the terminal.
    for hostile in [
        "\u{1b}[31m\u{7}",
        long.as_str(),
        "%s%n",
        "   ",
        "\u{1b}\u{7}",
        "🂡🂱",
    ] {
        let o = tablemate(dir.path(), &["cards", "show", hostile]);
        assert!(matches!(o.status.code(), Some(0 | 1)), "{hostile:?}: {o:?}");
        assert!(
            stderr(&o).len() < 2000,
            "the message quotes the input short"
        );
        assert!(!stderr(&o).contains('\u{1b}'), "{o:?}");
        let f = tablemate(dir.path(), &["--json", "cards", "find", hostile]);
        assert!(f.status.success(), "{hostile:?}: {f:?}");
    }
    for nothing in ["   ", "\u{1b}\u{7}"] {
        let o = tablemate(dir.path(), &["cards", "show", nothing]);
        assert_eq!(o.status.code(), Some(1), "{nothing:?}: {o:?}");
    }
}

#[test]
fn show_gives_values_texts_in_both_languages_and_rulings() {
    let dir = tempfile::tempdir().unwrap();
    let v = json(
        dir.path(),
        &["cards", "show", "Feuerzauber", "--lang", "en"],
    );
    assert_eq!(v["card"]["id"], "vulca-24");
    assert_eq!(v["bm"]["fire"], 1);
    assert_eq!(
        v["bm"]["text_de"],
        "Du darfst keine Anführeraktionen auslegen."
    );
    assert_eq!(v["bm"]["text_en"], "You may not play leadership cards.");
    let rulings = v["rulings"].as_array().unwrap();
    assert!(rulings.iter().any(
        |r| r["reason"] == "own" && r["display"].as_str().unwrap().contains("Flickering Fires")
    ));

    let other = json(dir.path(), &["cards", "show", "whi-stand-your-ground"]);
    assert_eq!(other["other"]["set"], "CC");
    assert_eq!(other["other"]["number"], "2");
    assert!(!other["rulings"].as_array().unwrap().is_empty());
}

#[test]
fn fixes_are_kept_marked_as_yours_and_bad_ones_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let before = json(dir.path(), &["cards", "stats"]);
    assert_eq!(before["user_fixes"], 0);
    let unknown_before = before["bm_unknown_total"].as_u64().unwrap();

    for args in [
        ["cards", "fix", "V24", "--fact", "fire", "--value", "12"],
        ["cards", "fix", "V24", "--fact", "fire", "--value", "hot"],
        ["cards", "fix", "V24", "--fact", "number", "--value", "3"],
        ["cards", "fix", "V24", "--fact", "capacity", "--value", "2"],
        [
            "cards",
            "fix",
            "Stand Your Ground",
            "--fact",
            "fire",
            "--value",
            "1",
        ],
        [
            "cards",
            "fix",
            "nosuchcard",
            "--fact",
            "fire",
            "--value",
            "1",
        ],
    ] {
        let o = tablemate(dir.path(), &args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {o:?}");
        assert!(!stderr(&o).is_empty());
    }
    assert_eq!(
        json(dir.path(), &["cards", "stats"])["user_fixes"],
        0,
        "nothing stored"
    );

    let saved = json(
        dir.path(),
        &["cards", "fix", "Piplox", "--fact", "moons", "--value", "2"],
    );
    assert_eq!(saved[0]["fact"], "moons");
    assert_eq!(saved[0]["value"], "2");
    json(
        dir.path(),
        &["cards", "fix", "V24", "--fact", "fire", "--value", "3"],
    );

    let page = json(dir.path(), &["cards", "show", "V24"]);
    let fire = page["bm"]["facts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["fact"] == "fire")
        .unwrap()
        .clone();
    assert_eq!(fire["state"], "user");
    assert_eq!(fire["value"], "3");
    assert_eq!(fire["replaced"], "1");
    let text = tablemate(dir.path(), &["cards", "show", "V24"]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("your fix; catalog: 1"));

    let after = json(dir.path(), &["cards", "stats"]);
    assert_eq!(after["user_fixes"], 2);
    // the catalog's own coverage does not change with the person's fixes
    assert_eq!(after["bm_unknown_total"].as_u64().unwrap(), unknown_before);
}
