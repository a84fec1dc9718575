//! An event import through the service: a bad file is refused in the interface language, at
//! the place in the file (the file's own words kept), naming players, and nothing is written.
#![allow(clippy::unwrap_used)] // test helpers

use serde_json::Value;
use tablemate::tournaments::{CsvImport, NewEvent};
use tablemate::{ErrorCode, Language, Service};

const EN: Language = Language::En;
const DE: Language = Language::De;

fn new_event(name: &str) -> NewEvent {
    NewEvent {
        name: name.into(),
        date: "2026-11-26".into(),
        format: "swiss".into(),
        rounds: Some(3),
        top_cut: None,
        first_round: None,
        seed: Some("11".into()),
        decks_required: None,
    }
}

/// An event of four players with round 1 played and round 2 paired, exported: its JSON and
/// its CSV files by name.
fn exported(svc: &mut Service, dir: &std::path::Path) -> (Value, Vec<(&'static str, String)>) {
    let e = svc.create_event(&new_event("Moon Night"), EN).unwrap();
    svc.register_all(e.id, &["Anna", "Ben", "Cleo", "Dan"], None, EN)
        .unwrap();
    svc.pair_round(e.id, EN).unwrap();
    let round = svc
        .event_detail(e.id, tablemate::Language::En)
        .unwrap()
        .rounds[0]
        .clone();
    for t in &round.tables {
        svc.record_result(e.id, 1, t.table, "a", 5, 2, EN).unwrap();
    }
    svc.pair_round(e.id, EN).unwrap();
    let json = serde_json::from_str(&svc.export_event_json(e.id).unwrap()).unwrap();
    (json, svc.event_export(e.id, dir).unwrap().files)
}

/// The refusal of importing `doc` in `lang`, after checking it is the person's error and that
/// no event was written.
fn refused(svc: &mut Service, doc: &Value, lang: Language) -> String {
    let before = svc.list_events().unwrap();
    let err = svc
        .import_event_json(doc.to_string().as_bytes(), lang)
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidInput, "{err:?}");
    assert_eq!(svc.list_events().unwrap(), before, "nothing was written");
    err.message
}

#[test]
fn a_bad_json_import_is_refused_in_the_interface_language_naming_players() {
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path()).unwrap();
    let (good, _) = exported(&mut svc, &dir.path().join("out"));

    let mut doc = good.clone();
    doc["results"][0]["winner"] = "Mallory".into();
    assert_eq!(
        refused(&mut svc, &doc, DE),
        "Der Import ist bei results[0] gescheitert: \"Mallory\" ist nicht unter den \
         Teilnehmern. Es wurde nichts importiert."
    );
    assert_eq!(
        refused(&mut svc, &doc, EN),
        "The import failed at results[0]: \"Mallory\" is not among the entrants. Nothing was \
         imported."
    );

    // a player paired against themself is named, not numbered
    let mut doc = good.clone();
    let anna = doc["pairings"][0]["player_a"].clone();
    doc["pairings"][0]["player_b"] = anna.clone();
    let anna = anna.as_str().unwrap();
    assert_eq!(
        refused(&mut svc, &doc, DE),
        format!(
            "Der Import ist bei pairings[0] gescheitert: {anna} kann nicht gegen sich selbst \
             spielen. Es wurde nichts importiert."
        )
    );

    // a round paired over a missing result names the table
    let mut doc = good.clone();
    let table = doc["results"][1]["table"].as_u64().unwrap();
    doc["results"].as_array_mut().unwrap().remove(1);
    assert_eq!(
        refused(&mut svc, &doc, DE),
        format!(
            "Der Import ist bei results gescheitert: Runde 1, Tisch {table} hat kein Ergebnis, \
             aber Runde 2 ist ausgelost. Es wurde nichts importiert."
        )
    );
    assert_eq!(
        refused(&mut svc, &doc, EN),
        format!(
            "The import failed at results: Round 1, table {table} has no result, but round 2 \
             is paired. Nothing was imported."
        )
    );

    // a score the rules do not allow, worded as the organiser's own entry would be
    let mut doc = good.clone();
    doc["results"][0]["crystals_b"] = 9.into();
    let table = doc["results"][0]["table"].as_u64().unwrap();
    assert_eq!(
        refused(&mut svc, &doc, DE),
        format!(
            "Der Import ist bei results[0] gescheitert: Runde 1, Tisch {table}: Wer gewinnt, \
             muss mehr Kristalle haben als wer verliert. Es wurde nichts importiert."
        )
    );

    let mut doc = good;
    doc["format_version"] = 4.into();
    assert_eq!(
        refused(&mut svc, &doc, DE),
        "Der Import ist bei format_version gescheitert: Die Datei hat Formatversion 4; dieses \
         Tablemate liest die Versionen 1 bis 3. Aktualisiere Tablemate, um sie zu importieren. \
         Es wurde nichts importiert."
    );
}

#[test]
fn a_bad_csv_import_keeps_the_files_words_and_words_the_sentence() {
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path()).unwrap();
    let (_, files) = exported(&mut svc, &dir.path().join("out"));
    let file = |name: &str| {
        files
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, text)| text.clone())
            .unwrap()
    };
    let (entrants, results) = (file("entrants.csv"), file("results.csv"));
    let mut pairings: Vec<String> = file("pairings.csv").lines().map(String::from).collect();
    pairings[2] = pairings[2].replacen(",swiss,", ",sprint,", 1);
    let pairings = pairings.join("\n");
    let before = svc.list_events().unwrap();
    let import = |svc: &mut Service, lang| {
        let err = svc
            .import_event_csv(
                &new_event("Copy"),
                &CsvImport {
                    entrants: entrants.as_bytes(),
                    pairings: pairings.as_bytes(),
                    results: results.as_bytes(),
                    ..CsvImport::default()
                },
                lang,
            )
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidInput, "{err:?}");
        err.message
    };
    assert_eq!(
        import(&mut svc, DE),
        "Der Import ist bei pairings.csv Zeile 3 gescheitert: stage \"sprint\" ist weder swiss \
         noch round_robin noch top_cut. Es wurde nichts importiert."
    );
    assert_eq!(
        import(&mut svc, EN),
        "The import failed at pairings.csv line 3: stage \"sprint\" is not swiss, round_robin \
         or top_cut. Nothing was imported."
    );
    assert_eq!(svc.list_events().unwrap(), before, "nothing was written");
}

#[test]
fn implausible_files_are_refused_naming_the_place_and_the_player_or_table() {
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path()).unwrap();
    let (good, _) = exported(&mut svc, &dir.path().join("out"));

    // round 1 unpublished while round 2 is paired
    let mut doc = good.clone();
    doc["rounds"][0]["published"] = false.into();
    assert_eq!(
        refused(&mut svc, &doc, EN),
        "The import failed at rounds[0]: Round 1 is not published, but round 2 is paired; the \
         app publishes a round before it pairs the next, so round 1 could never be published. \
         Nothing was imported."
    );
    assert!(refused(&mut svc, &doc, DE).contains("Runde 1 ist nicht veröffentlicht"));

    // a clock started in 2099
    let mut doc = good.clone();
    doc["rounds"][1]["clock"] = "running".into();
    doc["rounds"][1]["clock_running_since_ms"] = 4_080_000_000_000_i64.into();
    assert_eq!(
        refused(&mut svc, &doc, EN),
        "The import failed at rounds[1]: Round 2: the clock started at 2099-04-16 05:20 UTC, \
         later than now. Nothing was imported."
    );
    assert!(refused(&mut svc, &doc, DE).contains("später als jetzt"));

    // a year of overtime
    let mut doc = good.clone();
    doc["rounds"][1]["clock"] = "paused".into();
    doc["rounds"][1]["clock_ran_ms"] = (365_i64 * 24 * 60 * 60_000).into();
    let de = refused(&mut svc, &doc, DE);
    assert!(
        de.contains("Runde 2: die Uhr ist 525550 Minuten über der Zeit"),
        "{de}"
    );

    // 11–10: only the winner can reach 5
    let mut doc = good.clone();
    let winner_is_a = doc["results"][0]["winner"] == doc["pairings"][0]["player_a"];
    let (a, b) = if winner_is_a { (11, 10) } else { (10, 11) };
    doc["results"][0]["crystals_a"] = a.into();
    doc["results"][0]["crystals_b"] = b.into();
    let table = doc["results"][0]["table"].as_u64().unwrap();
    assert_eq!(
        refused(&mut svc, &doc, EN),
        format!(
            "The import failed at results[0]: Round 1, table {table}: A match ends when a player \
             reaches 5 crystals, so the loser has at most 4. Nothing was imported."
        )
    );

    // two spellings of one person, and a name that shows nothing
    let mut doc = good.clone();
    doc["entrants"][1]["player"] = "An\u{200B}na".into();
    assert_eq!(
        refused(&mut svc, &doc, EN),
        "The import failed at entrants[1]: “Anna” and “An<U+200B>na” are the same person: the \
         names differ only by invisible characters, by how their letters are composed, or by \
         case. Give two different names. Nothing was imported."
    );
    let mut doc = good;
    doc["entrants"][2]["player"] = "\u{2060}".into();
    assert!(refused(&mut svc, &doc, DE).contains("„<U+2060>“ zeigt nichts an"));
}

#[test]
fn an_older_file_imports_and_says_what_it_could_not_carry() {
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path()).unwrap();
    let (mut doc, _) = exported(&mut svc, &dir.path().join("out"));
    // the current file: round 2 is being played, its slips are printed again
    let now = svc
        .import_event_json(doc.to_string().as_bytes(), EN)
        .unwrap();
    assert_eq!(now.notices.as_ref().unwrap().len(), 1);
    assert!(now.notices.unwrap()[0].contains("print round 2's slips again"));
    // as format 2 wrote it
    doc["format_version"] = 2.into();
    let o = doc.as_object_mut().unwrap();
    for key in ["reports", "report_log", "reporting"] {
        o.remove(key);
    }
    for r in o["results"].as_array_mut().unwrap() {
        r.as_object_mut().unwrap().remove("source");
    }
    let old = svc
        .import_event_json(doc.to_string().as_bytes(), DE)
        .unwrap();
    let notices = old.notices.unwrap();
    assert!(
        notices[0].starts_with(
            "Diese Datei hat Formatversion 2, die woher jedes Ergebnis kam, die Meldungen der \
             Spieler, das Meldeprotokoll, die Einstellungen zum Melden nicht enthält"
        ),
        "{notices:?}"
    );
}
