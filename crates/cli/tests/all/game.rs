//! `tablemate power` and `tablemate game …` as a user runs them: a short scripted game (cards
//! by number and by name, a booster on a target, a retreat moving dragons, undo/redo).
#![allow(clippy::unwrap_used)] // test helpers: a failure should stop the test right there

use crate::common;
use common::{json, new_vulca_hoax, refused, tablemate, text as ok};

use std::path::Path;

fn total(v: &serde_json::Value, seat: usize, element: &str) -> u64 {
    v["players"][seat]["total"][element].as_u64().unwrap()
}

#[test]
fn power_of_the_documented_table_state_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../bluemoon/examples/table-state.json");
    let v = json(dir.path(), &["power", file.to_str().unwrap()]);
    assert_eq!(v["contested"], "earth");
    assert_eq!(v["players"].as_array().unwrap().len(), 2);
    assert_eq!(v["breakdown"].as_array().unwrap().len(), 8);
    let text = tablemate(dir.path(), &["power", file.to_str().unwrap()]);
    assert!(text.status.success());
    let out = String::from_utf8_lossy(&text.stdout);
    assert!(
        out.contains("contested element: earth") && out.contains("breakdown:"),
        "{out}"
    );

    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, r#"{"v":1,"A":{"hand":["vulca-01"]}}"#).unwrap();
    let o = tablemate(dir.path(), &["power", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("hand"), "{o:?}");
}

#[test]
fn power_speaks_the_language_of_the_settings() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../bluemoon/examples/table-state.json");
    let file = file.to_str().unwrap();
    let en = ok(d, &["power", file]);
    ok(d, &["settings", "--language", "de"]);
    let de = ok(d, &["power", file]);
    // the summary lines in German, the numbers as in English
    assert!(de.contains("umkämpftes Element: Erde\n"), "{de}");
    assert!(de.contains("\nAufschlüsselung:\n"), "{de}");
    assert!(
        de.lines().any(|l| l.starts_with("A: Feuer ")
            && l.contains("braucht Feuer")
            && l.contains("Sechs-Karten-Zahl")),
        "{de}"
    );
    for english in [
        "contested element",
        "breakdown:",
        "needs fire",
        "six-card count",
        "(shield)",
    ] {
        assert!(!de.contains(english), "{english:?} in German output: {de}");
    }
    assert!(en.contains("contested element: earth"), "{en}");
    let digits = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
    let first = |s: &str| s.lines().nth(1).map(digits).unwrap_or_default();
    assert_eq!(first(&en), first(&de), "A's numbers\n{en}\n{de}");
    // a file that is not text, in German too
    let bad = d.join("bad.json");
    std::fs::write(&bad, [0xff, 0xfe, 0x00]).unwrap();
    let err = refused(d, &["power", bad.to_str().unwrap()]);
    assert!(err.contains("ist kein UTF-8-Text"), "{err}");
    // a table state it cannot read: the German sentence, the field and its place kept
    std::fs::write(&bad, r#"{"v":1,"A":{"hand":["vulca-01"]}}"#).unwrap();
    let err = refused(d, &["power", bad.to_str().unwrap()]);
    assert!(
        err.contains("Der Tischzustand kann nicht gelesen werden: das Feld `hand` gibt es nicht (Zeile 1, Spalte"),
        "{err}"
    );
    assert!(
        !err.contains("cannot be read") && !err.contains("unknown field"),
        "{err}"
    );
}

#[test]
fn a_scripted_game_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let v = new_vulca_hoax(d);
    assert_eq!(v["turn"], "A");
    assert_eq!(v["game_no"], 1);
    assert_eq!(
        v["match_id"], 1,
        "the match is recorded, the first in a new database"
    );

    let v = json(d, &["game", "play", "A", "V02"]);
    assert_eq!((total(&v, 0, "fire"), total(&v, 0, "earth")), (6, 3));
    json(d, &["game", "element", "A", "fire"]);
    json(d, &["game", "pass", "Ann"]);
    let v = json(d, &["game", "play", "B", "Wogarathoras", "the", "Gloomy"]);
    assert_eq!(total(&v, 1, "fire"), 5);

    // rejected: B cannot pass with 5 against 6; exit 1, nothing appended
    let o = tablemate(d, &["game", "pass", "B"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("needs 6"),
        "{o:?}"
    );
    assert_eq!(json(d, &["game", "show"])["events"], 5);
    // rejected: an ambiguous name lists the candidates
    let o = tablemate(d, &["game", "play", "B", "Cool"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("Khind 01") && err.contains("Khind 04"),
        "{err}"
    );
    assert_eq!(json(d, &["game", "show"])["events"], 5);

    json(d, &["game", "play", "B", "H19"]);
    json(d, &["game", "pass", "B"]);
    let v = json(
        d,
        &[
            "game",
            "play",
            "A",
            "Volcanic",
            "Gauntlets",
            "--target",
            "Vulca 02",
        ],
    );
    assert_eq!(total(&v, 0, "fire"), 12);
    // a second booster or support card this turn: warned before it is recorded (exit 1,
    // naming the player, nothing written) until confirmed
    let o = tablemate(d, &["game", "play", "A", "Feuerzauber"]);
    assert_eq!(o.status.code(), Some(1));
    let said = String::from_utf8_lossy(&o.stderr);
    assert!(
        said.contains("Ann has already played a booster or support card"),
        "{o:?}"
    );
    assert!(said.contains("Nothing was recorded"), "{o:?}");
    assert_eq!(total(&json(d, &["game", "show"]), 0, "fire"), 12);
    let v = json(d, &["game", "play", "A", "Feuerzauber", "--confirm"]);
    assert_eq!(total(&v, 0, "fire"), 13);
    // no new character this turn: refused (exit 1, naming the player) until confirmed
    let o = tablemate(d, &["game", "pass", "A"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("Ann has played no new character"),
        "{o:?}"
    );
    json(d, &["game", "pass", "A", "--confirm"]);

    let v = json(d, &["game", "retreat", "B"]);
    assert_eq!(v["players"][0]["dragons"], 1);
    assert_eq!(v["last_retreat"]["total"], 1);
    let text = tablemate(d, &["game", "show"]);
    let out = String::from_utf8_lossy(&text.stdout);
    assert!(
        out.contains("dragons: red A, green centre, third centre"),
        "{out}"
    );

    let v = json(d, &["game", "undo"]);
    assert_eq!(v["players"][0]["dragons"], 0);
    assert_eq!(total(&v, 0, "fire"), 13);
    let v = json(d, &["game", "redo"]);
    assert_eq!(v["players"][0]["dragons"], 1);
    let o = tablemate(d, &["game", "redo"]);
    assert_eq!(o.status.code(), Some(1), "nothing left to redo");

    let list = json(d, &["game", "list"]);
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["events"], 11);

    // concede, saying what it costs; then the next game of the match: the loser starts it
    let o = tablemate(d, &["game", "concede", "B"]);
    assert!(o.status.success(), "{o:?}");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("Ben concedes: Ann scores 4 crystals."),
        "{out}"
    );
    let v = json(d, &["game", "next"]);
    assert_eq!(v["game_no"], 2);
    assert_eq!(v["turn"], "B");
    assert_eq!(v["players"][0]["crystals"], 4);
}

#[test]
fn abandoning_a_game_needs_confirm_and_frees_the_match() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let g = new_vulca_hoax(d);
    let id = g["id"].as_i64().unwrap().to_string();
    let before = json(d, &["game", "show"]);

    // Without --confirm: exit 1, the reason and how to confirm, nothing written.
    let o = tablemate(d, &["game", "abandon", "--game", &id]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("without a result") && err.contains("--confirm"),
        "{err}"
    );
    assert_eq!(json(d, &["game", "show"]), before);

    let o = tablemate(d, &["game", "abandon", "--game", &id, "--confirm"]);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("abandoned: no result"), "{out}");
    // It is still the table's game (undo takes it back); the list says what became of it.
    let shown = json(d, &["game", "show"]);
    assert_eq!(shown["abandoned"], true, "{shown}");
    let list = String::from_utf8_lossy(&tablemate(d, &["game", "list"]).stdout).into_owned();
    assert!(list.contains("abandoned (no result)"), "{list}");
    // A second abandon is refused (exit 1): it is over.
    let o = tablemate(d, &["game", "abandon", "--game", &id, "--confirm"]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    // Undo takes it back; abandon again and the match takes its next game.
    let back = json(d, &["game", "undo", "--game", &id]);
    assert_eq!(back["abandoned"], false);
    tablemate(d, &["game", "abandon", "--game", &id, "--confirm"]);
    let next = json(d, &["game", "next", "--game", &id]);
    assert_eq!(next["game_no"], 2);
    assert_ne!(next["id"].as_i64().unwrap().to_string(), id);
}

#[test]
fn out_of_cards_is_marked_and_taken_back_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_vulca_hoax(d);
    let v = json(d, &["game", "out-of-cards", "Ben"]);
    assert_eq!(v["players"][1]["out_of_cards"], true, "{v}");
    assert_eq!(v["players"][0]["out_of_cards"], false);
    let v = json(d, &["game", "cards-regained", "B"]);
    assert_eq!(v["players"][1]["out_of_cards"], false, "{v}");
    let wrong = tablemate(d, &["game", "out-of-cards", "Zed"]);
    assert_eq!(wrong.status.code(), Some(1));
}

#[test]
fn after_abandon_undo_show_and_next_need_no_game_number() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let g = new_vulca_hoax(d);
    ok(d, &["game", "play", "A", "V02"]);
    let out = ok(d, &["game", "abandon", "--confirm"]);
    assert!(out.contains("`tablemate game undo` takes it back"), "{out}");
    // show, undo: the abandoned game, as the abandon's output promises
    let shown = json(d, &["game", "show"]);
    assert_eq!(
        (shown["id"].clone(), shown["abandoned"].clone()),
        (g["id"].clone(), true.into())
    );
    let back = json(d, &["game", "undo"]);
    assert_eq!(back["id"], g["id"]);
    assert_eq!(back["abandoned"], false, "{back}");
    assert_eq!(
        back["players"][0]["areas"]["combat"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    // abandoned again, `game next` starts the match's next game, which is then the table's
    ok(d, &["game", "abandon", "--confirm"]);
    let next = json(d, &["game", "next"]);
    assert_eq!(next["game_no"], 2, "{next}");
    assert_ne!(next["id"], g["id"]);
    assert_eq!(json(d, &["game", "show"])["id"], next["id"]);
    // the abandoned game is no longer undone without its number: undo acts on game 2
    let err = refused(d, &["game", "undo"]);
    assert!(err.contains("Nothing to undo"), "{err}");
}

#[test]
fn the_cli_speaks_the_language_of_the_settings() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // English by default
    let err = refused(d, &["game", "show"]);
    assert!(err.contains("No game in progress"), "{err}");
    ok(d, &["settings", "--language", "de"]);
    let err = refused(d, &["game", "show"]);
    assert!(err.contains("Kein Spiel im Gang"), "{err}");
    let err = refused(
        d,
        &[
            "game",
            "new",
            "Ann",
            "ann",
            "--people-a",
            "Vulca",
            "--people-b",
            "Hoax",
        ],
    );
    assert!(
        !err.contains("No ") && !err.contains("names"),
        "German, not English: {err}"
    );
    new_vulca_hoax(d);
    // a player who is not in the game, in German
    let err = refused(d, &["game", "play", "Zed", "V02"]);
    assert!(
        err.contains("spielt nicht in diesem Spiel") && err.contains("Ann gegen Ben"),
        "{err}"
    );
    // a warned play: the warning and the --confirm hint in German, nothing written
    ok(d, &["game", "play", "A", "V02"]);
    let err = refused(d, &["game", "play", "A", "V02"]);
    assert!(err.contains("Nichts wurde eingetragen"), "{err}");
    assert!(err.contains("mit --confirm trotzdem"), "{err}");
    assert!(!err.contains("Nothing was recorded"), "{err}");
    // a leadership card after the turn's character (#32: this sentence was English before
    // "Nichts wurde eingetragen"): all of it German, the cards by their German names
    let err = refused(d, &["game", "play", "A", "V30"]);
    assert!(
        err.contains(
            "Ann hat in diesem Zug schon Blizzar der Brandstifter gespielt: Beschwöre die Feuersbrunst gehört in \
             die Führungsphase, die vor dem Charakter kommt. Nichts wurde eingetragen"
        ),
        "{err}"
    );
    assert!(
        !err.contains("leadership") && !err.contains("played"),
        "{err}"
    );
    // a rule's refusal in German
    let err = refused(d, &["game", "pass", "B"]);
    assert!(err.contains("Nicht möglich"), "{err}");
    // the end of the game in German, singular and plural right
    let out = ok(d, &["game", "concede", "B"]);
    assert!(
        out.contains("Ben gibt auf: Ann erhält 4 Kristalle."),
        "{out}"
    );
    assert!(out.contains("`tablemate game next` trägt es ein"), "{out}");
    let out = ok(d, &["game", "undo"]);
    assert!(!out.contains("gibt auf"), "{out}");
    // and English again
    ok(d, &["settings", "--language", "en"]);
    let out = ok(d, &["game", "concede", "B"]);
    assert!(
        out.contains("Ben concedes: Ann scores 4 crystals."),
        "{out}"
    );
    let err = refused(d, &["game", "play", "Zed", "V02"]);
    assert!(
        err.contains("`Zed` does not play in this game (Ann v Ben)"),
        "{err}"
    );
}

#[test]
fn a_concession_that_wins_the_match_does_not_offer_a_next_game() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_vulca_hoax(d);
    let out = ok(d, &["game", "concede", "B"]);
    assert!(
        out.contains("game over: Ben concedes: Ann scores 4 crystals.")
            && out.contains("starts the next game"),
        "{out}"
    );
    ok(d, &["game", "next"]);
    // 4 + 4 crystals: this concession decides the match
    let out = ok(d, &["game", "concede", "B"]);
    assert!(out.contains("the match is decided"), "{out}");
    assert!(!out.contains("starts the next game"), "{out}");
    assert!(out.contains("match won by Ann"), "{out}");
    let last = json(d, &["game", "next"]);
    assert_eq!(last["match_over"], true, "{last}");
}

#[test]
fn game_show_and_list_speak_the_language_of_the_settings() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    new_vulca_hoax(d);
    ok(d, &["game", "play", "A", "V02"]);
    ok(d, &["game", "element", "A", "fire"]);
    let en = ok(d, &["game", "show", "--why"]);
    for label in [
        "turn: Ann",
        "element: fire",
        "crystals 0",
        "needs at least fire",
        "combat: ",
        "dragons: ",
        "why:",
        "printed",
    ] {
        assert!(en.contains(label), "{label:?} in {en}");
    }
    ok(d, &["settings", "--language", "de"]);
    let de = ok(d, &["game", "show", "--why"]);
    for label in [
        "Spiel 1 (Spiel 1 der Partie 1)",
        "Element: Feuer",
        "Kristalle 0",
        "Feuer ",
        "braucht mindestens Feuer",
        "Kampf: ",
        "Drachen: ",
        "Mitte",
        "warum:",
        "gedruckt",
    ] {
        assert!(de.contains(label), "{label:?} in {de}");
    }
    // no English label is left
    for english in [
        "turn:",
        "element:",
        "crystals",
        "needs at least",
        "combat:",
        "dragons:",
        "centre",
        "why:",
        "printed",
        " fire ",
        " earth ",
    ] {
        assert!(!de.contains(english), "{english:?} in {de}");
    }
    let list = ok(d, &["game", "list"]);
    assert!(
        list.starts_with("Spiel 1: Ann (Vulca) gegen Ben (Hoax), ") && list.contains(" läuft"),
        "{list}"
    );
    ok(d, &["settings", "--language", "en"]);
    let list = ok(d, &["game", "list"]);
    assert!(list.contains(" vs ") && list.contains("playing"), "{list}");
}
