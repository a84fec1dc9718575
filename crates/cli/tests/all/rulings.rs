//! `tablemate rulings …` and `tablemate corpus stats` on the real documents.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};
use std::sync::OnceLock;

/// One data folder for the file, prepared once: the user database is created and reference.db
/// built by a single process before the tests run their commands side by side (two processes
/// creating a fresh folder at the same moment would both try to set it up).
fn data() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let o = Command::new(env!("CARGO_BIN_EXE_tablemate"))
            .arg("--data-dir")
            .arg(dir.path())
            .args(["rulings", "search", "dragon", "--limit", "1"])
            .env_remove("TABLEMATE_DATA_DIR")
            .output()
            .expect("tablemate runs");
        assert!(o.status.success(), "{o:?}");
        dir
    })
    .path()
}

fn tablemate(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tablemate"))
        .arg("--data-dir")
        .arg(data())
        .args(args)
        .env_remove("TABLEMATE_DATA_DIR")
        .output()
        .expect("tablemate runs")
}

fn json(args: &[&str]) -> Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let o = tablemate(&all);
    assert!(o.status.success(), "{args:?}: {o:?}");
    serde_json::from_slice(&o.stdout).expect("valid JSON")
}

fn marked(excerpt: &Value) -> Vec<String> {
    excerpt
        .as_array()
        .expect("an excerpt is a list")
        .iter()
        .filter(|s| s["hit"] == true)
        .map(|s| s["text"].as_str().expect("segment text").to_owned())
        .collect()
}

#[test]
fn corpus_stats_count_the_records_of_every_document() {
    let v = json(&["corpus", "stats"]);
    let records = |slug: &str| {
        v["sources"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["source"] == slug)
            .map(|s| s["records"].as_u64().unwrap())
            .unwrap()
    };
    assert_eq!(records("blue-moon-faq-en"), 467);
    assert_eq!(records("warhammer-invasion-faq"), 283);
    assert_eq!(records("knightmare-chess-rulings"), 147);
    assert_eq!(records("star-trek-ccg-rules"), 651);
    assert_eq!(records("blue-moon-faq-de"), 503);
    assert!(data().join("reference.db").exists());
    let text = tablemate(&["corpus", "stats"]);
    let out = String::from_utf8_lossy(&text.stdout);
    assert!(
        out.contains("Blue Moon FAQ (English)") && out.contains("467 records"),
        "{out}"
    );
}

#[test]
fn german_search_marks_the_words_and_filters_hold() {
    let v = json(&[
        "rulings",
        "search",
        "Feuerwall",
        "--lang",
        "de",
        "--limit",
        "5",
    ]);
    let hits = v["hits"].as_array().unwrap();
    assert!(!hits.is_empty());
    for h in hits {
        assert_eq!(h["ruling"]["lang"], "de");
        // the word is marked, or the ruling sits in the card's own section
        assert!(
            marked(&h["excerpt"])
                .iter()
                .any(|m| m.starts_with("Feuerwall"))
                || h["ruling"]["section"].to_string().contains("Feuerwall"),
            "{h}"
        );
    }
    let text = tablemate(&["rulings", "search", "Feuerwall", "--lang", "de"]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("«Feuerwall»"));

    // umlauts folded: "Staerke" finds "Stärke"
    let v = json(&[
        "rulings",
        "search",
        "Staerke",
        "--source",
        "blue-moon-faq-de",
        "--limit",
        "3",
    ]);
    assert!(!v["hits"].as_array().unwrap().is_empty());

    let whi = json(&[
        "rulings",
        "search",
        "development",
        "--game",
        "whi",
        "--limit",
        "5",
    ]);
    assert!(whi["hits"]
        .as_array()
        .unwrap()
        .iter()
        .all(|h| h["ruling"]["game"] == "warhammer-invasion"));
    for bad in [
        vec!["rulings", "search", "x", "--lang", "fr"],
        vec!["rulings", "search", "x", "--source", "wikipedia"],
        vec!["rulings", "search", "x", "--game", "poker"],
        vec!["rulings", "search", "x", "--limit", "0"],
    ] {
        assert_eq!(tablemate(&bad).status.code(), Some(1), "{bad:?}");
    }
    // FTS syntax is searched literally, never an error
    let hostile = tablemate(&["--json", "rulings", "search", "\"NEAR( * AND OR"]);
    assert!(hostile.status.success(), "{hostile:?}");
}

#[test]
fn rulings_for_a_card_with_cards_in_play() {
    // Flacka (Vulca 15) against an active Feuerwall (Vulca 26): the German FAQ's interaction.
    let v = json(&[
        "rulings",
        "for",
        "Flacka",
        "--with",
        "Feuerwall",
        "--limit",
        "5",
    ]);
    assert_eq!(v["card"]["id"], "vulca-15");
    assert_eq!(v["active"][0]["id"], "vulca-26");
    assert_eq!(v["prompts"][0]["reason"], "interaction", "{v}");
    let own = json(&["rulings", "for", "V24", "--lang", "en", "--limit", "3"]);
    assert_eq!(own["prompts"][0]["reason"], "own");
    assert_eq!(own["prompts"][0]["ruling"]["lang"], "en");

    let amb = tablemate(&["rulings", "for", "V24", "--with", "24"]);
    assert_eq!(amb.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&amb.stderr).contains("several cards"));
    assert_eq!(
        tablemate(&["rulings", "for", "zzqqxxyy"]).status.code(),
        Some(1)
    );
}

#[test]
fn show_resolves_cross_references_both_ways() {
    // a ruling that refers to another: find one through the search, then follow its reference
    let v = json(&[
        "rulings",
        "search",
        "see",
        "--source",
        "blue-moon-faq-en",
        "--limit",
        "200",
    ]);
    let mut followed = false;
    for h in v["hits"].as_array().unwrap() {
        let id = h["ruling"]["id"].as_str().unwrap();
        let d = json(&["rulings", "show", id]);
        if let Some(r) = d["refs"].as_array().unwrap().first() {
            let target = json(&["rulings", "show", r["id"].as_str().unwrap()]);
            assert!(target["referenced_by"]
                .as_array()
                .unwrap()
                .iter()
                .any(|b| b["id"] == id));
            followed = true;
            break;
        }
    }
    assert!(followed, "some English FAQ answer refers to another");
    let unknown = tablemate(&["rulings", "show", "bm-en-000000000000"]);
    assert_eq!(unknown.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("no ruling"));
}
