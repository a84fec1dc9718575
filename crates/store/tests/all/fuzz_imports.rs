//! Fuzzing the tournament imports (issue #13): arbitrary bytes and structured mutations of a
//! valid export (a range of it replaced by junk, cut short) never panic; a refusal is a clean
//! `StoreError` and writes nothing. Case counts are bounded so the workspace test stays fast.
#![allow(clippy::unwrap_used)] // test helpers

use crate::decide;
use decide::Decide;

use std::sync::OnceLock;

use proptest::prelude::*;
use store::{CsvExport, EventHeader, FirstRound, Format, NewTournament, Store, StoreError};

/// A real event (4 entrants, round 1 paired, one result, one table disputed by its players'
/// reports) exported once as JSON and CSV.
fn exported() -> &'static (String, CsvExport, EventHeader) {
    static DONE: OnceLock<(String, CsvExport, EventHeader)> = OnceLock::new();
    DONE.get_or_init(|| {
        let mut s = Store::open_in_memory().unwrap();
        let format = Format::Swiss {
            rounds: 3,
            top_cut: None,
        };
        let t = s
            .create_tournament(&NewTournament {
                name: "Cup".into(),
                date: "2026-05-01".into(),
                format,
                first_round: FirstRound::Seeded,
                seed: Some(7),
                decks_required: false,
            })
            .unwrap();
        s.register_names(t, &["Anna", "Ben", "Cleo", "Dan"], Some("Vulca"))
            .unwrap();
        let round = s.pair_next_round(t).unwrap();
        let first = &round.tables[0];
        s.record_result(
            t,
            &s.event_state(t).unwrap(),
            round.number,
            first.table,
            first.a,
            4,
            1,
        )
        .unwrap();
        // the players' side too (format 3): a disputed table with its reports and log
        let mut n = 0;
        s.open_reporting(t, &mut || {
            n += 1;
            format!("FUZZCODE{n:04}")
        })
        .unwrap();
        let second = round.tables[1].table;
        let r = |won, mine, theirs| store::SeatReport { won, mine, theirs };
        s.report(t, (1, second, store::Seat::A), r(true, 5, 1), "10.0.0.1")
            .unwrap();
        s.report(t, (1, second, store::Seat::B), r(true, 5, 2), "10.0.0.2")
            .unwrap();
        let header = EventHeader {
            name: "Cup".into(),
            date: "2026-05-01".into(),
            format,
            first_round: FirstRound::Seeded,
            seed: 7,
            decks_required: false,
        };
        (
            s.export_tournament_json(t).unwrap(),
            s.export_tournament_csv(t).unwrap(),
            header,
        )
    })
}

#[path = "../../../../tests/support/splice.rs"]
mod support;
use support::splice;

/// A refusal is an error a person can read, and the store holds no event after it.
fn clean(result: Result<store::TournamentId, StoreError>, s: &Store) -> Result<(), TestCaseError> {
    if let Err(e) = result {
        prop_assert!(!e.to_string().is_empty());
        prop_assert_ne!(e.code(), "store.database", "{}", e);
        prop_assert!(
            s.list_tournaments().unwrap().is_empty(),
            "refused, yet written"
        );
    }
    Ok(())
}

fn import_json(bytes: &[u8]) -> Result<(), TestCaseError> {
    let mut s = Store::open_in_memory().unwrap();
    let r = s.import_tournament_json(bytes);
    clean(r, &s)
}

fn import_csv(files: [&str; 3]) -> Result<(), TestCaseError> {
    let (_, _, header) = exported();
    let mut s = Store::open_in_memory().unwrap();
    let r = s.import_tournament_csv(
        header,
        files[0].as_bytes(),
        files[1].as_bytes(),
        files[2].as_bytes(),
    );
    clean(r, &s)
}

#[test]
fn the_unmutated_exports_import() {
    let (json, csv, header) = exported();
    let mut s = Store::open_in_memory().unwrap();
    s.import_tournament_json(json.as_bytes()).unwrap();
    s.import_tournament_csv(
        header,
        csv.entrants.as_bytes(),
        csv.pairings.as_bytes(),
        csv.results.as_bytes(),
    )
    .unwrap();
    assert_eq!(s.list_tournaments().unwrap().len(), 2);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn arbitrary_bytes_as_json(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        import_json(&bytes)?;
    }

    #[test]
    fn a_mutated_json_export(at in 0usize..4_000, len in 0usize..64, junk in "\\PC{0,12}") {
        let (json, _, _) = exported();
        import_json(splice(json, at, len, &junk).as_bytes())?;
    }

    #[test]
    fn a_json_export_cut_short(at in 0usize..4_000) {
        let (json, _, _) = exported();
        import_json(splice(json, at, usize::MAX, "").as_bytes())?;
    }

    #[test]
    fn arbitrary_text_as_csv(a in "\\PC{0,200}", b in "[0-9a-z,\"\n\r ]{0,200}", c in "\\PC{0,200}") {
        import_csv([&a, &b, &c])?;
    }

    #[test]
    fn a_mutated_csv_export(file in 0usize..3, at in 0usize..600, len in 0usize..16, junk in "[0-9a-zA-Z,\"\n=+-]{0,8}") {
        let (_, csv, _) = exported();
        let mut files = [csv.entrants.clone(), csv.pairings.clone(), csv.results.clone()];
        files[file] = splice(&files[file], at, len, &junk);
        import_csv([&files[0], &files[1], &files[2]])?;
    }
}
