//! Model-based and fuzz properties: the event log behaves like a list with an undo stack, and no
//! input file, however mangled, panics the importer or changes the database.
#![allow(clippy::unwrap_used)] // test helpers

use crate::decide;
use decide::Decide;

use proptest::prelude::*;
use store::{EventHeader, FirstRound, Format, NewGame, Store, StoreError};

#[derive(Debug, Clone)]
enum Op {
    Append(u16),
    Undo,
    Redo,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => any::<u16>().prop_map(Op::Append),
        2 => Just(Op::Undo),
        2 => Just(Op::Redo),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_log_matches_a_list_with_an_undo_stack(ops in proptest::collection::vec(op(), 0..60)) {
        let mut s = Store::open_in_memory().unwrap();
        let a = s.add_player("A").unwrap();
        let b = s.add_player("B").unwrap();
        let g = s.create_game(&NewGame {
            players: [a, b],
            people: ["Vulca".into(), "Hoax".into()],
            first: None,
            match_id: None,
        }).unwrap();
        let mut log: Vec<String> = Vec::new();
        let mut redo: Vec<String> = Vec::new();
        let mut revision = s.game(g).unwrap().revision;
        for op in ops {
            match op {
                Op::Append(n) => {
                    let payload = format!("{{\"n\":{n}}}");
                    let seq = s.append(g, s.game(g).unwrap().revision, &payload, store::Outcome::Playing).unwrap().event.seq;
                    log.push(payload);
                    redo.clear();
                    prop_assert_eq!(seq as usize, log.len());
                }
                // the first event (the set-up) is never undone
                Op::Undo => match (s.undo(g, s.game(g).unwrap().revision, store::Outcome::Playing), log.len() > 1) {
                    (Ok(e), true) => {
                        let expected = log.pop().unwrap();
                        prop_assert_eq!(&e.event.payload, &expected);
                        redo.push(expected);
                    }
                    (Err(StoreError::NothingToUndo(_)), false) => {}
                    (got, more) => prop_assert!(false, "undo: {:?} with {} events", got, if more { "several" } else { "at most one" }),
                },
                Op::Redo => match (s.redo(g, s.game(g).unwrap().revision, store::Outcome::Playing), redo.pop()) {
                    (Ok(w), Some(p)) => {
                        log.push(p);
                        prop_assert_eq!(w.event.seq as usize, log.len());
                    }
                    (Err(StoreError::NothingToRedo(_)), None) => {}
                    (got, want) => prop_assert!(false, "redo: {:?} vs {:?}", got, want),
                },
            }
            let stored: Vec<String> = s.events(g).unwrap().into_iter().map(|e| e.payload).collect();
            prop_assert_eq!(&stored, &log);
            prop_assert_eq!(s.redo_depth(g).unwrap() as usize, redo.len());
            // every change of the log, and nothing else, raised the revision by one
            let now = s.game(g).unwrap().revision;
            prop_assert!(now == revision || now == revision + 1);
            revision = now;
        }
    }

    #[test]
    fn mangled_import_files_are_refused_without_panic_or_change(
        cut in 0usize..2000,
        flip in any::<u8>(),
        at in any::<prop::sample::Index>(),
        which in 0usize..4,
    ) {
        let mut s = Store::open_in_memory().unwrap();
        let a = s.add_player("A").unwrap();
        let t = s.create_tournament(&store::NewTournament {
            name: "Cup".into(),
            date: "2026-11-22".into(),
            format: Format::Swiss { rounds: 3, top_cut: None },
            first_round: FirstRound::Seeded,
            seed: Some(1),
            decks_required: false,
        }).unwrap();
        for name in ["A", "B", "C", "D", "E"] {
            let p = s.player_named(name).unwrap();
            s.register(t, p, Some("Aqua")).unwrap();
        }
        let r = s.pair_next_round(t).unwrap();
        for x in &r.tables {
            if let Some(b) = x.b { s.record_result(t, &s.event_state(t).unwrap(), 1, x.table, b, 1, 5).unwrap(); }
        }
        let csv = s.export_tournament_csv(t).unwrap();
        let json = s.export_tournament_json(t).unwrap();
        let mut files = [
            csv.entrants.into_bytes(), csv.pairings.into_bytes(), csv.results.into_bytes(),
            json.into_bytes(),
        ];
        let f = &mut files[which];
        let i = at.index(f.len());
        f[i] ^= flip;
        f.truncate(cut.max(i + 1));
        let before = (s.list_tournaments().unwrap().len(), s.players().unwrap().len());
        let header = EventHeader {
            name: "Cup".into(), date: "2026-11-22".into(),
            format: Format::Swiss { rounds: 3, top_cut: None },
            first_round: FirstRound::Seeded, seed: 1, decks_required: false,
        };
        let outcome = if which == 3 {
            s.import_tournament_json(&files[3])
        } else {
            s.import_tournament_csv(&header, &files[0], &files[1], &files[2])
        };
        match outcome {
            Ok(_) => {
                // a harmless change (e.g. inside a name) may still import: that is fine, but
                // then exactly one event was added
                prop_assert_eq!(s.list_tournaments().unwrap().len(), before.0 + 1);
            }
            Err(e) => {
                prop_assert!(matches!(e, StoreError::Import { .. }), "{}", e);
                prop_assert_eq!((s.list_tournaments().unwrap().len(), s.players().unwrap().len()), before);
            }
        }
        let _ = a;
    }
}
