//! The tournament room through the service: the rules decide (`tournament`), the store records,
//! and every refusal reaches the organiser in the interface language, naming the event and the
//! players.
#![allow(clippy::unwrap_used)] // test helpers

use tablemate::tournaments::{ClockAction, NewEvent, PlayerRef};
use tablemate::{ErrorCode, Language, Service};

const EN: Language = Language::En;
const DE: Language = Language::De;

fn event(svc: &mut Service, rounds: u32, players: &[&str]) -> i64 {
    let e = svc
        .create_event(
            &NewEvent {
                name: "Moon Night".into(),
                date: "2026-11-26".into(),
                format: "swiss".into(),
                rounds: Some(rounds),
                top_cut: None,
                first_round: None,
                seed: Some("11".into()),
                decks_required: None,
            },
            Language::En,
        )
        .unwrap();
    svc.register_all(e.id, players, None, EN).unwrap();
    e.id
}

/// Records every open table of the last round: seat A wins 5–2.
fn play_round(svc: &mut Service, id: i64) {
    let d = svc.event_detail(id, tablemate::Language::En).unwrap();
    let round = d.rounds.last().unwrap();
    for t in &round.tables {
        if t.b.is_some() && t.result.is_none() {
            svc.record_result(id, round.number, t.table, "a", 5, 2, EN)
                .unwrap();
        }
    }
}

fn refusal(r: tablemate::Result<impl std::fmt::Debug>) -> String {
    let err = r.unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidInput, "{err:?}");
    err.message
}

#[test]
fn pairing_and_undoing_are_refused_in_the_interface_language() {
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path()).unwrap();
    let id = event(&mut svc, 2, &["Anna", "Ben", "Cleo", "Dan"]);
    assert_eq!(
        refusal(svc.undo_round(id, false, DE)),
        "In Moon Night ist noch keine Runde ausgelost, also gibt es keine zum Zurücknehmen."
    );
    svc.pair_round(id, EN).unwrap();
    assert_eq!(
        refusal(svc.pair_round(id, EN)),
        "Round 1 still has matches without a result."
    );
    assert_eq!(
        refusal(svc.prepare_round(id, DE)),
        "Runde 1 hat noch Partien ohne Ergebnis."
    );
    assert_eq!(
        refusal(svc.publish_round(id, DE)),
        "Runde 1 von Moon Night ist schon veröffentlicht."
    );
    play_round(&mut svc, id);
    assert!(refusal(svc.undo_round(id, false, DE)).starts_with("Runde 1 hat schon Ergebnisse"));
    svc.pair_round(id, EN).unwrap();
    play_round(&mut svc, id);
    assert_eq!(
        refusal(svc.pair_round(id, DE)),
        "Alle 2 Runden von Moon Night sind gespielt."
    );
    assert_eq!(
        refusal(svc.register(id, "Eve", None, EN)),
        "All 2 Swiss rounds of Moon Night have been paired; registration is closed."
    );
    assert_eq!(
        svc.event_detail(id, tablemate::Language::En)
            .unwrap()
            .entrants
            .len(),
        4,
        "nothing written"
    );
}

#[test]
fn a_bye_has_no_result_and_no_match_to_offer_naming_its_player() {
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path()).unwrap();
    let id = event(&mut svc, 2, &["Anna", "Ben", "Cleo"]);
    let round = svc.pair_round(id, EN).unwrap();
    let bye = round.tables.iter().find(|t| t.b.is_none()).unwrap();
    let (table, name) = (bye.table, bye.a.name.clone());
    // the matches offered as the table's result and the result typed there: one refusal
    assert_eq!(
        refusal(svc.matches_at_table(id, 1, table, EN)),
        format!("Table {table} of round 1 is a bye for {name}; it needs no result.")
    );
    assert_eq!(
        refusal(svc.matches_at_table(id, 1, table, DE)),
        format!("Tisch {table} von Runde 1 ist ein Freilos für {name}; es braucht kein Ergebnis.")
    );
    assert_eq!(
        refusal(svc.record_result(id, 1, table, "a", 5, 2, DE)),
        refusal(svc.matches_at_table(id, 1, table, DE))
    );
    let other = round.tables.iter().find(|t| t.b.is_some()).unwrap().table;
    assert_eq!(svc.matches_at_table(id, 1, other, EN).unwrap(), vec![]);
}

#[test]
fn drops_and_registrations_are_refused_naming_the_player() {
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path()).unwrap();
    let id = event(&mut svc, 3, &["Anna", "Ben", "Cleo", "Dan"]);
    assert_eq!(
        refusal(svc.register(id, "anna", None, DE)),
        "anna ist schon für Moon Night angemeldet."
    );
    assert_eq!(
        refusal(svc.set_dropped(id, "Ben", false, EN)),
        "Ben has not dropped."
    );
    svc.pair_round(id, EN).unwrap();
    svc.set_dropped(id, "Ben", true, EN).unwrap();
    assert_eq!(
        refusal(svc.set_dropped(id, "ben", true, DE)),
        "Ben spielt nicht mehr mit: nach Runde 1 abgemeldet."
    );
    play_round(&mut svc, id);
    svc.pair_round(id, EN).unwrap();
    assert_eq!(
        refusal(svc.set_dropped(id, "Ben", false, DE)),
        "Ben wurde nach Runde 1 abgemeldet, und Runde 2 ist seitdem ausgelost; eine Abmeldung \
         kann nur zurückgenommen werden, bis die nächste Runde ausgelost ist."
    );
    let unknown = svc.set_dropped(id, "Zoe", true, DE).unwrap_err();
    assert_eq!(unknown.code, ErrorCode::NotFound);
    assert_eq!(
        unknown.message,
        "\"Zoe\" ist nicht für Moon Night angemeldet."
    );
}

#[test]
fn a_player_chosen_in_the_app_and_removed_meanwhile_is_a_change_naming_the_event() {
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path()).unwrap();
    let id = event(&mut svc, 3, &["Anna", "Ben", "Cleo", "Dan"]);
    // the page chose Dan by his entrant id; another window removed him before the click
    let dan = svc.find_entrant_in(id, &"Dan".into(), EN).unwrap();
    svc.remove_registration(id, "dan", EN).unwrap();
    for (lang, said) in [
        (EN, "Moon Night changed meanwhile"),
        (DE, "Moon Night wurde inzwischen geändert"),
    ] {
        let err = svc
            .remove_registration(id, PlayerRef::Entrant(dan), lang)
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::Changed, "{}", err.message);
        assert!(err.message.starts_with(said), "{}", err.message);
        assert!(!err.message.contains(&format!("#{dan}")), "{}", err.message);
    }
}

#[test]
fn unpairing_tells_the_organiser_which_drops_moved_to_the_round_before() {
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path()).unwrap();
    let id = event(&mut svc, 3, &["Anna", "Ben", "Cleo", "Dan", "Eve", "Finn"]);
    svc.pair_round(id, EN).unwrap();
    svc.set_dropped(id, "Eve", true, EN).unwrap();
    play_round(&mut svc, id);
    svc.pair_round(id, EN).unwrap();
    // Ben and Cleo drop after round 2 was paired; Eve's drop after round 1 stays
    svc.set_dropped(id, "Ben", true, EN).unwrap();
    svc.set_dropped(id, "Cleo", true, EN).unwrap();
    let undone = svc.undo_round(id, false, EN).unwrap();
    assert_eq!(undone.number, 2);
    assert_eq!(undone.drops_moved, ["Ben", "Cleo"]);
    assert_eq!(
        undone.message,
        "Round 2 was undone. Ben and Cleo dropped after it was paired; the drop now counts \
         after round 1, so they are not paired in round 2 again."
    );
    let d = svc.event_detail(id, tablemate::Language::En).unwrap();
    let dropped: Vec<(&str, Option<u32>)> = d
        .entrants
        .iter()
        .map(|e| (e.name.as_str(), e.dropped_after))
        .filter(|(_, d)| d.is_some())
        .collect();
    assert_eq!(
        dropped,
        [("Ben", Some(1)), ("Cleo", Some(1)), ("Eve", Some(1))]
    );
    let again = svc.pair_round(id, EN).unwrap();
    assert_eq!(
        again.tables.len(),
        2,
        "Anna, Dan, Finn: one match and a bye"
    );

    // German, and a round with no moved drop says only that it was undone
    let undone = svc.undo_round(id, false, DE).unwrap();
    assert_eq!(undone.message, "Runde 2 wurde zurückgenommen.");
    svc.set_dropped(id, "Anna", true, EN).unwrap();
    svc.undo_round(id, false, EN).unwrap_err(); // round 1 has results
    let d = svc.event_detail(id, tablemate::Language::En).unwrap();
    assert_eq!(d.rounds.len(), 1);
}

#[test]
fn the_round_clock_refuses_in_the_interface_language() {
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path()).unwrap();
    let id = event(&mut svc, 3, &["Anna", "Ben", "Cleo", "Dan"]);
    const T0: i64 = 1_790_000_000_000;
    assert_eq!(
        refusal(svc.command_clock_at(id, ClockAction::Start, T0, DE)),
        "In Moon Night ist noch keine Runde ausgelost; lose eine Runde aus, um ihre Uhr zu \
         benutzen."
    );
    svc.pair_round(id, EN).unwrap();
    assert_eq!(
        refusal(svc.command_clock_at(id, ClockAction::Resume, T0, DE)),
        "Runde 1: die Uhr wurde noch nicht gestartet; starte sie."
    );
    assert_eq!(
        refusal(svc.command_clock_at(id, ClockAction::Pause, T0, EN)),
        "Round 1: the clock has not been started yet."
    );
    svc.command_clock_at(id, ClockAction::Start, T0, EN)
        .unwrap();
    assert_eq!(
        refusal(svc.command_clock_at(id, ClockAction::Start, T0, DE)),
        "Runde 1: die Uhr wurde schon gestartet; halte sie an oder lass sie weiterlaufen."
    );
    assert_eq!(
        refusal(svc.command_clock_at(id, ClockAction::Resume, T0, DE)),
        "Runde 1: die Uhr läuft schon."
    );
}

#[test]
fn registration_checks_the_people_as_the_table_does() {
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path()).unwrap();
    let id = event(&mut svc, 3, &["Anna", "Ben"]);
    assert_eq!(
        refusal(svc.register(id, "Cleo", Some("Vulka"), EN)),
        "“Vulka” (for Cleo) is not a Blue Moon people. Did you mean Vulca?"
    );
    assert_eq!(
        refusal(svc.register_all(id, &["Cleo", "Dan"], Some("Vulka"), DE)),
        "„Vulka“ (für Cleo, Dan) ist kein Blue-Moon-Volk. Meintest du Vulca?"
    );
    let d = svc.event_detail(id, tablemate::Language::En).unwrap();
    assert_eq!(d.entrants.len(), 2, "nobody registered");
    let cleo = svc.register(id, "Cleo", Some(" hoax "), EN).unwrap();
    assert_eq!(
        cleo.people.as_deref(),
        Some("Hoax"),
        "as the engine names it"
    );
}

#[test]
fn a_registration_is_corrected_or_removed_until_round_1_is_paired() {
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path()).unwrap();
    let id = event(&mut svc, 3, &["Anna", "Ben", "Cleo", "Dan", "Eve"]);
    let fixed = svc
        .correct_registration(id, "Ben", "Bert", Some("terrah"), EN)
        .unwrap();
    assert_eq!(
        (fixed.name.as_str(), fixed.people.as_deref(), fixed.seed),
        ("Bert", Some("Terrah"), 2)
    );
    assert_eq!(
        refusal(svc.correct_registration(id, "Bert", "Bert", Some("Vulka"), DE)),
        "„Vulka“ (für Bert) ist kein Blue-Moon-Volk. Meintest du Vulca?"
    );
    assert_eq!(
        refusal(svc.correct_registration(id, "Bert", "anna", None, EN)),
        "anna is already registered for Moon Night."
    );
    let removed = svc.remove_registration(id, "Cleo", EN).unwrap();
    assert_eq!(removed.name, "Cleo");
    let d = svc.event_detail(id, tablemate::Language::En).unwrap();
    let seeds: Vec<(&str, u32)> = d
        .entrants
        .iter()
        .map(|e| (e.name.as_str(), e.seed))
        .collect();
    assert_eq!(seeds, [("Anna", 1), ("Bert", 2), ("Dan", 3), ("Eve", 4)]);

    svc.pair_round(id, EN).unwrap();
    assert_eq!(
        refusal(svc.remove_registration(id, "Dan", DE)),
        "Runde 1 von Moon Night ist ausgelost, die Anmeldung von Dan kann nicht mehr geändert \
         oder gelöscht werden; melde Dan stattdessen ab."
    );
    assert_eq!(
        refusal(svc.correct_registration(id, "Dan", "Daniel", None, EN)),
        "Round 1 of Moon Night has been paired, so Dan's registration can no longer be \
         corrected or removed; drop Dan instead."
    );
    assert_eq!(
        svc.event_detail(id, tablemate::Language::En)
            .unwrap()
            .entrants
            .len(),
        4,
        "nothing written"
    );
}

#[test]
fn a_new_event_is_refused_in_the_interface_language_and_not_created() {
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path()).unwrap();
    let new = |date: &str, rounds: Option<u32>, top_cut: Option<u32>| NewEvent {
        name: "Moon Night".into(),
        date: date.into(),
        format: "swiss".into(),
        rounds,
        top_cut,
        first_round: None,
        seed: None,
        decks_required: None,
    };
    let de = |svc: &mut Service, e: NewEvent| refusal(svc.create_event(&e, DE));
    assert_eq!(
        de(&mut svc, new("2026-11-26", Some(21), None)),
        "Ein Schweizer-System-Turnier hat 1 bis 20 Runden, nicht 21."
    );
    assert_eq!(
        de(&mut svc, new("2026-11-26", Some(3), Some(6))),
        "Ein Top-Cut hat 2, 4, 8, 16, 32 oder 64 Spieler, nicht 6."
    );
    assert_eq!(
        de(&mut svc, new("2026-02-30", Some(3), None)),
        "\"2026-02-30\" ist kein Datum wie 2026-11-22."
    );
    assert_eq!(
        refusal(svc.create_event(&new("26.11.2026", Some(3), None), EN)),
        "\"26.11.2026\" is not a date like 2026-11-22."
    );
    assert!(svc.list_events().unwrap().is_empty(), "nothing created");
}

/// Issue #28: `unpair` (without `--confirm`) and a player's report arriving together while
/// another writer holds the database for a moment. Before, the phone was told "Thank you",
/// the unpair neither asked nor counted, and the report was gone. Now the reports are part of
/// the state the undo decided on: an acknowledged report is stored and stands (the round is
/// still there with it), and an undo that went through discarded no acknowledged report.
#[test]
fn an_unpair_racing_reports_never_loses_an_acknowledged_report() {
    use tablemate::tournaments::{PlayerReport, ReportedResult};
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path()).unwrap();
    let e = event(&mut svc, 3, &["Anna", "Ben", "Cleo", "Dan"]);
    let mut phone = Service::open(dir.path()).unwrap();
    let mut organiser = Service::open(dir.path()).unwrap();
    let db = dir.path().join("tablemate.db");
    let won = PlayerReport {
        result: ReportedResult::Won,
        crystals: [5, 2],
    };
    let tries = 200;
    let (mut acknowledged, mut undone, mut asked_or_changed) = (0, 0, 0);
    let started = std::time::Instant::now();
    for i in 0..tries {
        svc.pair_round(e, EN).unwrap();
        svc.open_reporting(e, EN).unwrap();
        let code = svc.seat_codes(e, None, EN).unwrap()[i % 4].code.clone();
        // another writer (the app, another command) holds the database for a moment
        let holder = rusqlite::Connection::open(&db).unwrap();
        holder.execute_batch("BEGIN IMMEDIATE").unwrap();
        let go = std::sync::Barrier::new(3);
        let (report, undo) = std::thread::scope(|s| {
            let report = s.spawn(|| {
                go.wait();
                phone.report_result(e, &code, won, "10.0.0.9", EN)
            });
            let undo = s.spawn(|| {
                go.wait();
                organiser.undo_round(e, false, EN)
            });
            go.wait();
            std::thread::sleep(std::time::Duration::from_millis(3));
            holder.execute_batch("COMMIT").unwrap();
            (report.join().unwrap(), undo.join().unwrap())
        });
        let rounds = svc
            .event_detail(e, tablemate::Language::En)
            .unwrap()
            .rounds
            .len();
        let log = svc.report_log(e, EN).unwrap_or_default();
        if report.is_ok() {
            acknowledged += 1;
            // "Thank you" means stored and standing: the round is there with the report
            assert_eq!(
                rounds, 1,
                "try {i}: an acknowledged report's round was undone"
            );
            assert!(!log.is_empty(), "try {i}: an acknowledged report is gone");
            assert!(
                undo.is_err(),
                "try {i}: the undo went through over a report"
            );
        }
        match undo {
            Ok(u) => {
                undone += 1;
                assert_eq!(rounds, 0, "try {i}");
                assert_eq!(
                    u.reports_discarded, 0,
                    "try {i}: discarded uncounted reports"
                );
            }
            Err(err) => {
                asked_or_changed += 1;
                assert!(
                    matches!(err.code, ErrorCode::NeedsConfirmation | ErrorCode::Changed),
                    "try {i}: {err:?}"
                );
            }
        }
        // back to no round for the next try (a round with a report is undone on purpose)
        if svc
            .event_detail(e, tablemate::Language::En)
            .unwrap()
            .rounds
            .len()
            == 1
        {
            svc.undo_round(e, true, EN).unwrap();
        }
    }
    println!(
        "{tries} tries in {:?}: {acknowledged} reports acknowledged (all stored and standing), \
         {undone} undos went through (none discarding a report), {asked_or_changed} undos asked \
         again or were refused as changed meanwhile",
        started.elapsed()
    );
    assert_eq!(
        acknowledged + undone,
        tries,
        "every try ends one way or the other"
    );
    assert!(acknowledged > 0 && undone > 0, "both orders were tried");
}

const SHOWS_NOTHING: &str = "\u{200B}\u{FEFF}";

/// The message of a refused new game, match or registration.
fn name_refusal(r: tablemate::Result<impl std::fmt::Debug>) -> String {
    let err = r.unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidInput, "{err:?}");
    err.message
}

#[test]
fn names_are_one_person_each_in_a_new_game_of_every_kind_and_a_new_match() {
    use tablemate::game::{NewGameRequest, Seat};
    use tablemate::othergames::{NewOtherGameRequest, OtherGameKind};
    use tablemate::table::NewTable;
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path()).unwrap();
    let blue_moon = |a: &str, b: &str| NewGameRequest {
        player_a: a.into(),
        player_b: b.into(),
        people_a: "Vulca".into(),
        people_b: "Hoax".into(),
        first: Some(Seat::A),
        emissaries_inquisitors: false,
        deck_a: None,
        deck_b: None,
    };
    let other = |kind, a: &str, b: &str| NewOtherGameRequest {
        kind,
        player_a: a.into(),
        player_b: b.into(),
        deck_a: None,
        deck_b: None,
        first: None,
        hit_points: None,
    };
    let matches = svc.list_matches(false).unwrap().len();
    // Blue Moon
    let m = name_refusal(svc.table_new(&NewTable::BlueMoon(blue_moon("P1", "P1\u{200B}")), EN));
    assert!(
        m.contains("“P1” and “P1<U+200B>” are the same person"),
        "{m}"
    );
    let m = name_refusal(svc.table_new(
        &NewTable::BlueMoon(blue_moon("Jos\u{00E9}", "Jose\u{0301}")),
        DE,
    ));
    assert!(m.contains("sind dieselbe Person"), "{m}");
    let m = name_refusal(svc.table_new(&NewTable::BlueMoon(blue_moon("Ann\u{202E}", "Ben")), EN));
    assert!(m.contains("U+202E"), "{m}");
    // the other three games
    for kind in [OtherGameKind::Whi, OtherGameKind::Stccg, OtherGameKind::Kc] {
        let m = name_refusal(svc.table_new(&NewTable::Other(other(kind, "P1", "P\u{00AD}1")), EN));
        assert!(m.contains("“P1” and “P<U+00AD>1”"), "{kind:?}: {m}");
        let m =
            name_refusal(svc.table_new(&NewTable::Other(other(kind, SHOWS_NOTHING, "Ben")), DE));
        assert!(m.contains("zeigt nichts an"), "{kind:?}: {m}");
    }
    // a match
    let m = name_refusal(svc.new_match("Ann", "An\u{2060}n", false, None));
    assert!(m.contains("are the same person"), "{m}");
    let m = name_refusal(svc.new_match("Ann", "\u{2066}Ben", false, None));
    assert!(m.contains("U+2066"), "{m}");
    assert_eq!(
        svc.list_matches(false).unwrap().len(),
        matches,
        "nothing was started"
    );
    // a name typed composed one day and decomposed the next is one player
    svc.new_match("Jos\u{00E9}", "Ben", false, None).unwrap();
    svc.new_match("Jose\u{0301}", "Ben", false, None).unwrap();
    let players: Vec<String> = svc
        .list_matches(false)
        .unwrap()
        .iter()
        .flat_map(|m| m.players.clone())
        .collect();
    assert!(
        players.iter().all(|p| p == "Jos\u{00E9}" || p == "Ben"),
        "{players:?}"
    );
}

#[test]
fn names_are_one_person_each_at_registration_and_its_correction() {
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path()).unwrap();
    let e = event(&mut svc, 3, &["Anna", "Ben"]);
    let m = name_refusal(svc.register_all(e, &["Cleo", "Cle\u{200B}o"], None, EN));
    assert!(
        m.contains("“Cleo” and “Cle<U+200B>o” are the same person"),
        "{m}"
    );
    let m = name_refusal(svc.register(e, "An\u{00AD}na", None, DE));
    assert!(
        m.contains("„Anna“ und „An<U+00AD>na“ sind dieselbe Person"),
        "{m}"
    );
    let m = name_refusal(svc.register(e, SHOWS_NOTHING, None, EN));
    assert!(m.contains("shows nothing"), "{m}");
    let m = name_refusal(svc.register(e, "Dan\u{202E}", None, EN));
    assert!(m.contains("U+202E"), "{m}");
    // composed or not, "José" is one name: registered once
    svc.register(e, "Jos\u{00E9}", None, EN).unwrap();
    let m = name_refusal(svc.register(e, "Jose\u{0301}", None, EN));
    assert!(m.contains("already registered"), "{m}");
    // the correction of a registration
    let m = name_refusal(svc.correct_registration(e, "Ben", "Ann\u{200B}a", None, EN));
    assert!(m.contains("“Anna” and “Ann<U+200B>a”"), "{m}");
    let m = name_refusal(svc.correct_registration(e, "Ben", "\u{200E}Bob", None, DE));
    assert!(m.contains("U+200E"), "{m}");
    let names: Vec<String> = svc
        .event_detail(e, tablemate::Language::En)
        .unwrap()
        .entrants
        .into_iter()
        .map(|x| x.name)
        .collect();
    assert_eq!(names, ["Anna", "Ben", "Jos\u{00E9}"], "nothing was written");
}

#[test]
fn a_result_no_match_can_end_with_is_refused_typed_reported_and_settled() {
    use tablemate::tournaments::{PlayerReport, ReportedResult};
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path()).unwrap();
    let e = event(&mut svc, 3, &["Anna", "Ben", "Cleo", "Dan"]);
    svc.pair_round(e, EN).unwrap();
    let said = "A match ends when a player reaches 5 crystals, so the loser has at most 4.";
    // typed (the app and the CLI)
    let m = name_refusal(svc.record_result(e, 1, 1, "a", 11, 10, EN));
    assert!(m.contains(said), "{m}");
    let m = name_refusal(svc.record_result(e, 1, 1, "b", 5, 6, DE));
    assert!(m.contains("wer verliert, hat also höchstens 4"), "{m}");
    svc.record_result(e, 1, 1, "a", 11, 4, EN).unwrap();
    // a correction
    let m = name_refusal(svc.correct_result(e, 1, 1, "a", 11, 10, "slip", EN));
    assert!(m.contains(said), "{m}");
    // from the phone page
    svc.open_reporting(e, EN).unwrap();
    let codes = svc.seat_codes(e, None, EN).unwrap();
    let code = codes.iter().find(|c| c.table == 2).unwrap().code.clone();
    let report = PlayerReport {
        result: ReportedResult::Won,
        crystals: [11, 10],
    };
    let refused = svc
        .report_result(e, &code, report, "10.0.0.1", EN)
        .unwrap_err();
    assert!(refused.message.contains(said), "{}", refused.message);
    // settled by the organiser
    let err = svc.settle_reports(e, 1, 2, "b", 10, 11, EN).unwrap_err();
    assert!(err.message.contains(said), "{}", err.message);
    let table = &svc.event_detail(e, tablemate::Language::En).unwrap().rounds[0].tables[1];
    assert!(table.result.is_none(), "nothing was recorded");
}

/// `player`'s code of the current round, as the slip prints it.
fn slip_code(svc: &mut Service, id: i64, player: &str) -> String {
    svc.seat_codes(id, None, EN)
        .unwrap()
        .into_iter()
        .find(|c| c.player == player)
        .unwrap()
        .typed
}

fn anna_won() -> tablemate::tournaments::PlayerReport {
    tablemate::tournaments::PlayerReport {
        result: tablemate::tournaments::ReportedResult::Won,
        crystals: [5, 2],
    }
}

#[test]
fn a_round_has_its_codes_from_pairing_and_a_slip_printed_before_publishing_reports() {
    for prepared in [true, false] {
        let dir = tempfile::tempdir().unwrap();
        let mut svc = Service::open(dir.path()).unwrap();
        let id = event(&mut svc, 3, &["Anna", "Ben", "Cleo", "Dan", "Eve"]);
        let round = if prepared {
            svc.prepare_round(id, EN).unwrap()
        } else {
            svc.pair_round(id, EN).unwrap()
        };
        // every seat of a match (not the bye) has its code at once: what the slips print
        let codes = svc.seat_codes(id, None, EN).unwrap();
        let seated: Vec<String> = round
            .tables
            .iter()
            .filter_map(|t| t.b.as_ref().map(|b| [t.a.name.clone(), b.name.clone()]))
            .flatten()
            .collect();
        let mut coded: Vec<String> = codes.iter().map(|c| c.player.clone()).collect();
        let mut want = seated.clone();
        coded.sort();
        want.sort();
        assert_eq!(coded, want, "prepared: {prepared}");
        assert_eq!(codes.len(), 4);
        let player = seated[0].clone();
        let printed = slip_code(&mut svc, id, &player);
        // before reporting opens the code is known but waits
        let err = svc
            .report_result(id, &printed, anna_won(), "10.0.0.9", EN)
            .unwrap_err();
        assert!(err.message.contains("closed"), "{err:?}");
        if prepared {
            svc.publish_round(id, EN).unwrap();
        }
        svc.open_reporting(id, EN).unwrap();
        // the code printed before publishing and opening is the one that works
        assert_eq!(svc.seat_codes(id, None, EN).unwrap(), codes);
        let view = svc
            .report_result(id, &printed, anna_won(), "10.0.0.9", EN)
            .unwrap();
        assert_eq!(view.me, player);
        assert!(view.mine.is_some());
    }
}

#[test]
fn the_codes_of_an_undone_round_stop_working() {
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path()).unwrap();
    let id = event(&mut svc, 3, &["Anna", "Ben", "Cleo", "Dan"]);
    svc.prepare_round(id, EN).unwrap();
    let old: Vec<String> = svc
        .seat_codes(id, None, EN)
        .unwrap()
        .into_iter()
        .map(|c| c.code)
        .collect();
    assert_eq!(old.len(), 4);
    svc.undo_round(id, false, EN).unwrap();
    // paired again: new codes; the old slips' codes find nothing, neither to see nor to report
    svc.pair_round(id, EN).unwrap();
    svc.open_reporting(id, EN).unwrap();
    let new: Vec<String> = svc
        .seat_codes(id, None, EN)
        .unwrap()
        .into_iter()
        .map(|c| c.code)
        .collect();
    assert_eq!(new.len(), 4);
    for code in &old {
        assert!(!new.contains(code), "{code} came back");
        assert!(
            svc.seat_view(id, code, EN).is_err(),
            "{code} still shows a seat"
        );
        assert!(svc
            .report_result(id, code, anna_won(), "10.0.0.9", DE)
            .is_err());
    }
    let r = svc.reporting(id, EN).unwrap();
    assert!(r
        .tables
        .iter()
        .all(|t| t.report_a.is_none() && t.report_b.is_none()));
    assert!(svc.report_log(id, EN).unwrap().is_empty());
}

fn sheet_cup() -> NewEvent {
    NewEvent {
        name: "Sheet Cup".into(),
        date: "2026-11-27".into(),
        format: "swiss".into(),
        rounds: Some(3),
        top_cut: None,
        first_round: None,
        seed: None,
        decks_required: None,
    }
}

#[test]
fn players_from_a_csv_alone_are_imported_and_refused_in_the_interface_language() {
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path()).unwrap();
    let ev = svc
        .import_entrants_csv(
            &sheet_cup(),
            b"player,people\nAnna,Vulca\nBen,\nCleo,Mimix\n",
            DE,
        )
        .unwrap();
    assert_eq!((ev.players, ev.rounds_paired), (3, 0));
    let d = svc.event_detail(ev.id, tablemate::Language::En).unwrap();
    let seeded: Vec<(u32, &str, Option<&str>)> = d
        .entrants
        .iter()
        .map(|e| (e.seed, e.name.as_str(), e.people.as_deref()))
        .collect();
    assert_eq!(
        seeded,
        [
            (1, "Anna", Some("Vulca")),
            (2, "Ben", None),
            (3, "Cleo", Some("Mimix"))
        ]
    );
    let before = format!("{:?}", svc.list_events().unwrap());
    let cases: [(&[u8], &str, &str); 4] = [
        (
            b"player\nAnna\nanna\n",
            "The import failed at entrants.csv line 3",
            "Der Import ist bei entrants.csv Zeile 3 gescheitert",
        ),
        (
            b"name,deck\nAnna,Vulca\n",
            "the first line names the columns, player (and people, if they play one)",
            "die erste Zeile nennt die Spalten, player (und people",
        ),
        (
            b"",
            "The import failed at entrants.csv line 1",
            "Der Import ist bei entrants.csv Zeile 1 gescheitert",
        ),
        (
            b"player,people\nAnna,Vulca,extra\n",
            "entrants.csv line 2",
            "entrants.csv Zeile 2",
        ),
    ];
    for (bytes, en, de) in cases {
        let msg = refusal(svc.import_entrants_csv(&sheet_cup(), bytes, EN));
        assert!(
            msg.contains(en) && msg.ends_with("Nothing was imported."),
            "{msg}"
        );
        let msg = refusal(svc.import_entrants_csv(&sheet_cup(), bytes, DE));
        assert!(
            msg.contains(de) && msg.ends_with("Es wurde nichts importiert."),
            "{msg}"
        );
    }
    // the event's own details are checked as a new event's are
    let mut bad = sheet_cup();
    bad.date = "27.11.2026".into();
    assert!(svc
        .import_entrants_csv(&bad, b"player\nAnna\n", EN)
        .is_err());
    assert_eq!(format!("{:?}", svc.list_events().unwrap()), before);
}
