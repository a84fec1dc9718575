//! Tournaments through the store: registration, drops, late entries, pairing, results,
//! corrections, standings, top cut, round robin, and CSV/JSON export and import.
#![allow(clippy::unwrap_used)] // test helpers

use crate::decide;
use decide::Decide;

use store::{
    EntrantId, EventHeader, FirstRound, Format, ImportList, ImportPlace, ImportProblem as P,
    ImportRefusal, NewGame, NewTournament, Side, Stage, Store, StoreError, TournamentId,
};

fn event(format: Format, first_round: FirstRound) -> NewTournament {
    NewTournament {
        name: "Winter Moon Cup".into(),
        date: "2026-11-22".into(),
        format,
        first_round,
        seed: Some(42),
        decks_required: false,
    }
}

fn with_players(s: &mut Store, format: Format, n: usize) -> (TournamentId, Vec<EntrantId>) {
    let t = s
        .create_tournament(&event(format, FirstRound::Random))
        .unwrap();
    let peoples = [
        "Vulca", "Hoax", "Mimix", "Flit", "Khind", "Terrah", "Pillar", "Aqua",
    ];
    let entrants = (0..n)
        .map(|i| {
            let p = s.add_player(&format!("Player {i:02}")).unwrap();
            s.register(t, p, Some(peoples[i % 8])).unwrap()
        })
        .collect();
    (t, entrants)
}

/// Records a result for every open table: the seat with the lower id wins 5–(id % 4).
/// A Swiss event of `rounds` rounds without a top cut.
fn swiss(rounds: u32) -> Format {
    Format::Swiss {
        rounds,
        top_cut: None,
    }
}

fn play_round(s: &mut Store, t: TournamentId) {
    let rounds = s.rounds(t).unwrap();
    let round = rounds.last().unwrap();
    for table in &round.tables {
        if let (Some(b), None) = (table.b, &table.result) {
            let (winner, loser_crystals) = (table.a.min(b), (table.a.0.max(b.0) % 4) as u8);
            let (ca, cb) = if winner == table.a {
                (5, loser_crystals)
            } else {
                (loser_crystals, 5)
            };
            s.record_result(
                t,
                &s.event_state(t).unwrap(),
                round.number,
                table.table,
                winner,
                ca,
                cb,
            )
            .unwrap();
        }
    }
}

#[test]
fn a_swiss_event_with_a_top_cut_runs_to_its_final() {
    let mut s = Store::open_in_memory().unwrap();
    let (t, entrants) = with_players(
        &mut s,
        Format::Swiss {
            rounds: 3,
            top_cut: Some(4),
        },
        9,
    );
    for _ in 0..3 {
        let round = s.pair_next_round(t).unwrap();
        assert_eq!(round.stage, Stage::Swiss);
        assert_eq!(round.tables.len(), 5, "4 matches and a bye");
        assert!(
            round.tables.last().unwrap().b.is_none(),
            "the bye is the last table"
        );
        assert!(
            matches!(s.pair_next_round(t), Err(StoreError::Conflict(_))),
            "results first"
        );
        play_round(&mut s, t);
    }
    let standings = s.standings(t).unwrap();
    assert_eq!(standings.len(), 9);
    assert_eq!(standings.iter().map(|r| r.standing.byes).sum::<u32>(), 3);
    let semis = s.pair_next_round(t).unwrap();
    assert_eq!(semis.stage, Stage::TopCut);
    assert_eq!(semis.tables.len(), 2);
    assert_eq!(semis.tables[0].a, standings[0].standing.entrant, "1 v 4");
    assert_eq!(semis.tables[0].b, Some(standings[3].standing.entrant));
    play_round(&mut s, t);
    let fin = s.pair_next_round(t).unwrap();
    assert_eq!(fin.tables.len(), 1);
    play_round(&mut s, t);
    assert!(s.pair_next_round(t).is_err(), "the event is over");
    // the top cut does not change the Swiss standings
    assert_eq!(s.standings(t).unwrap(), standings);
    assert_eq!(entrants.len(), 9);
}

#[test]
fn drops_are_not_paired_and_late_entries_join_the_next_round() {
    let mut s = Store::open_in_memory().unwrap();
    let (t, entrants) = with_players(
        &mut s,
        Format::Swiss {
            rounds: 4,
            top_cut: None,
        },
        6,
    );
    s.pair_next_round(t).unwrap();
    play_round(&mut s, t);
    s.drop_entrant(t, entrants[2]).unwrap();
    assert!(s.drop_entrant(t, entrants[2]).is_err(), "already dropped");
    let late = s.add_player("Latecomer").unwrap();
    let late = s.register(t, late, Some("Aqua")).unwrap();
    let r2 = s.pair_next_round(t).unwrap();
    let seated: Vec<EntrantId> = r2
        .tables
        .iter()
        .flat_map(|x| [Some(x.a), x.b])
        .flatten()
        .collect();
    assert!(!seated.contains(&entrants[2]));
    assert!(seated.contains(&late));
    assert_eq!(seated.len(), 6);
    let info = s.entrants(t).unwrap();
    let l = info.iter().find(|e| e.id == late).unwrap();
    assert_eq!((l.joined_round, l.seed), (2, 7));
    assert_eq!(
        info.iter()
            .find(|e| e.id == entrants[2])
            .unwrap()
            .dropped_after,
        Some(1)
    );
    let anna = s.add_player("Anna").unwrap();
    s.register(t, anna, None).unwrap();
    assert!(matches!(
        s.register(t, anna, None),
        Err(StoreError::Conflict(_))
    ));
}

#[test]
fn results_are_checked_and_corrections_are_logged() {
    let mut s = Store::open_in_memory().unwrap();
    let (t, _) = with_players(&mut s, swiss(3), 5);
    let r1 = s.pair_next_round(t).unwrap();
    let table = &r1.tables[0];
    let (a, b) = (table.a, table.b.unwrap());
    let bye_table = r1.tables.iter().find(|x| x.b.is_none()).unwrap().table;
    let err = s
        .record_result(t, &s.event_state(t).unwrap(), 1, bye_table, a, 5, 0)
        .unwrap_err();
    assert!(err.to_string().contains("bye"), "{err}");
    let err = s
        .record_result(t, &s.event_state(t).unwrap(), 1, 9, a, 5, 0)
        .unwrap_err();
    assert!(err.to_string().contains("no table 9"), "{err}");
    let err = s
        .record_result(t, &s.event_state(t).unwrap(), 1, 1, a, 2, 5)
        .unwrap_err();
    assert!(err.to_string().contains("more crystals"), "{err}");
    let err = s
        .record_result(t, &s.event_state(t).unwrap(), 1, 1, EntrantId(999), 5, 0)
        .unwrap_err();
    assert!(err.to_string().contains("did not play"), "{err}");
    s.record_result(t, &s.event_state(t).unwrap(), 1, 1, a, 5, 2)
        .unwrap();
    assert!(matches!(
        s.record_result(t, &s.event_state(t).unwrap(), 1, 1, b, 0, 5),
        Err(StoreError::Conflict(_))
    ));
    let before = s.standings(t).unwrap();
    s.correct_result(
        t,
        &s.event_state(t).unwrap(),
        1,
        1,
        b,
        3,
        5,
        "scores were swapped on the slip",
    )
    .unwrap();
    let after = s.standings(t).unwrap();
    assert_ne!(before, after);
    let b_line = after.iter().find(|r| r.standing.entrant == b).unwrap();
    assert_eq!(
        (b_line.standing.wins, b_line.standing.crystal_difference),
        (1, 2)
    );
    let log = s.corrections(t).unwrap();
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].old, (a, 5, 2));
    assert_eq!(log[0].new, (b, 3, 5));
    assert_eq!(log[0].reason, "scores were swapped on the slip");
    assert!(s
        .correct_result(
            t,
            &s.event_state(t).unwrap(),
            1,
            2,
            a,
            5,
            0,
            "no result yet"
        )
        .is_err());
    assert!(
        s.correct_result(t, &s.event_state(t).unwrap(), 1, 1, a, 5, 0, "  ")
            .is_err(),
        "a reason is required"
    );
}

/// The store only records: whether a score is one a match can end with is the tournament
/// rules' decision (`MatchResult::check_new`; rules note bm_rules.md §8.4, 'The player who
/// first reaches a total of at least five crystals becomes the final winner', so the loser has
/// at most 4), handed back typed, and a refused result writes nothing.
#[test]
fn a_score_no_match_ends_with_is_refused_by_the_tournament_rule_and_writes_nothing() {
    let mut s = Store::open_in_memory().unwrap();
    let (t, _) = with_players(&mut s, swiss(3), 4);
    let a = s.pair_next_round(t).unwrap().tables[0].a;
    let before = s.event_state(t).unwrap();
    let err = s.record_result(t, &before, 1, 1, a, 6, 5).unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::Tournament(tournament::TournamentError::Score(
                store::ReportProblem::LoserTooMany { max: 4 }
            ))
        ),
        "{err:?}"
    );
    assert_eq!(s.event_state(t).unwrap(), before, "nothing written");
    s.record_result(t, &before, 1, 1, a, 5, 4).unwrap();
}

#[test]
fn a_result_flows_in_from_a_match_played_in_the_app() {
    let mut s = Store::open_in_memory().unwrap();
    let (t, _) = with_players(
        &mut s,
        Format::Swiss {
            rounds: 1,
            top_cut: None,
        },
        2,
    );
    let r1 = s.pair_next_round(t).unwrap();
    let entrants = s.entrants(t).unwrap();
    let seat = |e: EntrantId| entrants.iter().find(|x| x.id == e).unwrap().player;
    let (pa, pb) = (seat(r1.tables[0].a), seat(r1.tables[0].b.unwrap()));
    // the match is played with the seats the other way round
    let m = s.new_match([pb, pa], Side::A, None).unwrap();
    let mut summary = store::GameSummary {
        winner: Side::B,
        people: ["Hoax".into(), "Vulca".into()],
        crystals: 4,
        dragons: 3,
        fights: 7,
        wins_match: false,
    };
    assert!(
        s.record_result_from_match(t, &s.event_state(t).unwrap(), 1, 1, m)
            .is_err(),
        "match not finished"
    );
    // B (pa) wins 4, then 1: the second game reaches five and wins the match (the rules'
    // decision, `bluemoon::matches`, recorded as the service does); A lost, so A starts each
    for crystals in [4, 1] {
        let g = s
            .create_game(&NewGame {
                players: [pb, pa],
                people: ["Hoax".into(), "Vulca".into()],
                first: Some(Side::A),
                match_id: Some(m),
            })
            .unwrap();
        summary.crystals = crystals;
        summary.dragons = crystals - 1;
        summary.wins_match = crystals == 1;
        s.finish_game(g, s.game(g).unwrap().revision, &summary)
            .unwrap();
    }
    s.record_result_from_match(t, &s.event_state(t).unwrap(), 1, 1, m)
        .unwrap();
    let table = &s.rounds(t).unwrap()[0].tables[0];
    let result = table.result.as_ref().unwrap();
    assert_eq!(result.winner, r1.tables[0].a, "pa won the match");
    assert_eq!((result.crystals_a, result.crystals_b), (5, 0));
    assert_eq!(result.match_id, Some(m));
}

#[test]
fn a_round_robin_pairs_everyone_once_and_takes_no_late_entries() {
    let mut s = Store::open_in_memory().unwrap();
    let (t, _) = with_players(&mut s, Format::RoundRobin, 5);
    let mut met = std::collections::HashSet::new();
    for _ in 0..5 {
        let r = s.pair_next_round(t).unwrap();
        assert_eq!(r.stage, Stage::RoundRobin);
        for table in &r.tables {
            if let Some(b) = table.b {
                assert!(met.insert((table.a.min(b), table.a.max(b))));
            }
        }
        play_round(&mut s, t);
        let p = s.add_player(&format!("late {}", r.number)).unwrap();
        assert!(matches!(
            s.register(t, p, None),
            Err(StoreError::Conflict(_))
        ));
    }
    assert_eq!(met.len(), 10);
    assert!(s.pair_next_round(t).is_err());
}

fn header(s: &Store, t: TournamentId) -> EventHeader {
    s.export_tournament(t).unwrap().event
}

fn comparable(s: &Store, t: TournamentId) -> Vec<(u32, String, u32, String, i64, u32)> {
    s.standings(t)
        .unwrap()
        .into_iter()
        .map(|r| {
            let st = r.standing;
            (
                st.rank,
                r.name,
                st.match_points,
                format!("{:?}", st.opponents_match_win.to_f64()),
                st.crystal_difference,
                st.byes,
            )
        })
        .collect()
}

fn played_event(s: &mut Store) -> TournamentId {
    let (t, entrants) = with_players(
        s,
        Format::Swiss {
            rounds: 4,
            top_cut: None,
        },
        7,
    );
    s.pair_next_round(t).unwrap();
    play_round(s, t);
    s.drop_entrant(t, entrants[6]).unwrap();
    s.pair_next_round(t).unwrap();
    play_round(s, t);
    s.pair_next_round(t).unwrap(); // round 3 left half-played
    let r3 = s.rounds(t).unwrap().pop().unwrap();
    let first = &r3.tables[0];
    s.record_result(
        t,
        &s.event_state(t).unwrap(),
        3,
        first.table,
        first.b.unwrap(),
        2,
        5,
    )
    .unwrap();
    t
}

#[test]
fn json_export_and_import_round_trip_to_the_same_standings() {
    let mut s = Store::open_in_memory().unwrap();
    let t = played_event(&mut s);
    let json = s.export_tournament_json(t).unwrap();
    let mut other = Store::open_in_memory().unwrap();
    let t2 = other.import_tournament_json(json.as_bytes()).unwrap();
    assert_eq!(comparable(&s, t), comparable(&other, t2));
    assert_eq!(
        other.export_tournament_json(t2).unwrap(),
        json,
        "stable export"
    );
    // and the imported event can go on
    assert!(other.pair_next_round(t2).is_err(), "round 3 still open");
}

#[test]
fn csv_export_and_import_round_trip_to_the_same_standings() {
    let mut s = Store::open_in_memory().unwrap();
    let t = played_event(&mut s);
    let csv = s.export_tournament_csv(t).unwrap();
    assert!(csv.standings.starts_with("rank,player,people,match_points"));
    let mut other = Store::open_in_memory().unwrap();
    let t2 = other
        .import_tournament_csv(
            &header(&s, t),
            csv.entrants.as_bytes(),
            csv.pairings.as_bytes(),
            csv.results.as_bytes(),
        )
        .unwrap();
    assert_eq!(comparable(&s, t), comparable(&other, t2));
    assert_eq!(other.export_tournament_csv(t2).unwrap(), csv);
}

/// Imports a CSV set where one file was replaced, checks that nothing changed, and returns the
/// refusal.
fn refused(which: usize, bad: &[u8]) -> ImportRefusal {
    let mut s = Store::open_in_memory().unwrap();
    let t = played_event(&mut s);
    let csv = s.export_tournament_csv(t).unwrap();
    let mut files = [
        csv.entrants.into_bytes(),
        csv.pairings.into_bytes(),
        csv.results.into_bytes(),
    ];
    files[which] = bad.to_vec();
    let players = s.players().unwrap().len();
    let events = s.list_tournaments().unwrap().len();
    let err = s
        .import_tournament_csv(&header(&s, t), &files[0], &files[1], &files[2])
        .unwrap_err();
    assert!(err.to_string().contains("nothing was imported"), "{err}");
    assert_eq!(s.players().unwrap().len(), players);
    assert_eq!(s.list_tournaments().unwrap().len(), events);
    match err {
        StoreError::Import(r) => r,
        other => panic!("not an import refusal: {other}"),
    }
}

fn at(list: ImportList, line: u64, problem: P) -> ImportRefusal {
    ImportRefusal {
        at: ImportPlace::Line { list, line },
        problem,
    }
}

#[test]
fn hostile_csv_imports_are_refused_naming_the_line_and_change_nothing() {
    use ImportList::{Entrants, Pairings, Results};
    let columns = "seed,player,people,joined_round,dropped_after";
    assert_eq!(
        refused(0, b"name,deck\nAnna,Vulca\n"),
        at(
            Entrants,
            1,
            P::WrongColumns {
                expected: columns.into(),
                found: "name,deck".into(),
            }
        )
    );
    assert_eq!(
        refused(
            0,
            b"seed,player,people,joined_round,dropped_after\n1,Anna,Vulca,1,\n2,ANNA,Hoax,1,\n"
        ),
        at(
            Entrants,
            3,
            P::PlayerTwice {
                name: "ANNA".into()
            }
        )
    );
    assert_eq!(
        refused(
            0,
            b"seed,player,people,joined_round,dropped_after\n1,Anna,Vulca,1,\n2,B\xff\xfeb,Hoax,1,\n"
        ),
        at(Entrants, 3, P::ColumnNotUtf8 { column: 2 })
    );
    let huge = format!("{columns}\n1,{},Vulca,1,\n", "x".repeat(5000));
    assert_eq!(
        refused(0, huge.as_bytes()),
        at(
            Entrants,
            2,
            P::ColumnTooLong {
                column: 2,
                max: store::MAX_FIELD_CHARS
            }
        )
    );
    assert_eq!(
        refused(0, format!("{columns}\n1,Anna,Vulca\n").as_bytes()),
        at(
            Entrants,
            2,
            P::ColumnCount {
                found: 3,
                expected: 5,
                columns: columns.into(),
            }
        )
    );
    let results = "round,table,winner,crystals_a,crystals_b\n\n7,3,Player 01,5,1\n";
    assert_eq!(
        refused(2, results.as_bytes()),
        at(Results, 3, P::NoSuchTable { round: 7, table: 3 })
    );
    assert_eq!(
        refused(
            2,
            b"round,table,winner,crystals_a,crystals_b\n1,1,Nobody,5,0\n"
        ),
        at(
            Results,
            2,
            P::UnknownPlayer {
                name: "Nobody".into()
            }
        )
    );
    assert_eq!(
        refused(
            2,
            b"round,table,winner,crystals_a,crystals_b\n1,1,Player 00,five,0\n"
        ),
        at(
            Results,
            2,
            P::NotANumber {
                column: "crystals_a",
                value: "five".into()
            }
        )
    );
    assert_eq!(refused(1, b""), at(Pairings, 1, P::EmptyFile));
    // an unclosed quote takes the rest of the file as one column
    assert_eq!(
        refused(
            1,
            b"round,stage,table,player_a,player_b\n\"1,swiss,1,Player 00,Player 01\n",
        ),
        at(
            Pairings,
            2,
            P::ColumnCount {
                found: 1,
                expected: 5,
                columns: "round,stage,table,player_a,player_b".into(),
            }
        )
    );
    let big = vec![b'a'; store::MAX_IMPORT_BYTES + 1];
    assert_eq!(
        refused(1, &big),
        ImportRefusal {
            at: ImportPlace::List {
                list: Pairings,
                csv: true
            },
            problem: P::TooLarge {
                bytes: big.len(),
                max: store::MAX_IMPORT_BYTES
            },
        }
    );
}

#[test]
fn hostile_json_imports_are_refused_and_change_nothing() {
    let mut s = Store::open_in_memory().unwrap();
    let t = played_event(&mut s);
    let good: serde_json::Value =
        serde_json::from_str(&s.export_tournament_json(t).unwrap()).unwrap();
    let events = s.list_tournaments().unwrap().len();
    let check = |s: &mut Store, bytes: &[u8]| {
        let err = s.import_tournament_json(bytes).unwrap_err();
        assert_eq!(s.list_tournaments().unwrap().len(), events);
        match err {
            StoreError::Import(r) => r,
            other => panic!("not an import refusal: {other}"),
        }
    };
    let r = check(&mut s, b"{\n  \"format_version\": 1,\n  oops\n}");
    assert_eq!(r.at, ImportPlace::JsonLine(3));
    assert!(matches!(r.problem, P::NotJson { .. }), "{r}");
    assert_eq!(
        check(&mut s, b"\xff\xfe{}"),
        ImportRefusal {
            at: ImportPlace::JsonLine(1),
            problem: P::NotUtf8
        }
    );
    let mut dup = good.clone();
    let first = dup["entrants"][0].clone();
    dup["entrants"].as_array_mut().unwrap().push(first.clone());
    assert_eq!(
        check(&mut s, dup.to_string().as_bytes()),
        ImportRefusal {
            at: ImportPlace::Item {
                list: ImportList::Entrants,
                index: 7
            },
            problem: P::PlayerTwice {
                name: first["player"].as_str().unwrap().into()
            }
        }
    );
    let mut ghost = good.clone();
    let results = ghost["results"].as_array_mut().unwrap();
    results.push(serde_json::json!({
        "round": 2, "table": 9, "winner": "Player 00", "crystals_a": 5, "crystals_b": 0
    }));
    let index = results.len() - 1;
    assert_eq!(
        check(&mut s, ghost.to_string().as_bytes()),
        ImportRefusal {
            at: ImportPlace::Item {
                list: ImportList::Results,
                index
            },
            problem: P::NoSuchTable { round: 2, table: 9 }
        }
    );
    let mut short = good.clone();
    short["event"]["format"]["rounds"] = serde_json::json!(1);
    assert_eq!(
        check(&mut s, short.to_string().as_bytes()),
        ImportRefusal {
            at: ImportPlace::List {
                list: ImportList::Pairings,
                csv: false
            },
            problem: P::StageOutOfPlace {
                round: 2,
                stage: Stage::Swiss,
                swiss_rounds: Some(1)
            }
        }
    );
    let mut extra = good.clone();
    extra["entrants"][0]["admin"] = serde_json::json!(true);
    let r = check(&mut s, extra.to_string().as_bytes());
    assert!(
        matches!(&r.problem, P::NotJson { detail } if detail.contains("unknown field")),
        "{r}"
    );
}

#[test]
fn undoing_a_round_and_taking_back_a_drop_write_only_when_the_rules_allow() {
    let mut s = Store::open_in_memory().unwrap();
    let swiss = Format::Swiss {
        rounds: 3,
        top_cut: None,
    };
    let (t, entrants) = with_players(&mut s, swiss, 6);
    assert!(matches!(s.undo_last_round(t), Err(StoreError::Conflict(_))));
    s.pair_next_round(t).unwrap();
    play_round(&mut s, t);
    let before = (s.rounds(t).unwrap(), s.entrants(t).unwrap());
    let err = s.undo_last_round(t).unwrap_err();
    assert!(err.to_string().contains("already has results"), "{err}");
    assert_eq!((s.rounds(t).unwrap(), s.entrants(t).unwrap()), before);

    // round 2 paired, then someone drops and someone registers late; undo, and both stay so
    s.pair_next_round(t).unwrap();
    s.drop_entrant(t, entrants[0]).unwrap();
    let newcomer = s.add_player("Late Comer").unwrap();
    let late = s.register(t, newcomer, None).unwrap();
    assert_eq!(s.undo_last_round(t).unwrap(), 2);
    assert_eq!(s.rounds(t).unwrap().len(), 1);
    let now = s.entrants(t).unwrap();
    let of = |e: EntrantId| now.iter().find(|x| x.id == e).unwrap().clone();
    assert_eq!(
        of(entrants[0]).dropped_after,
        Some(1),
        "still dropped, after round 1"
    );
    assert_eq!(
        of(late).joined_round,
        2,
        "joins the round when it is paired again"
    );

    // the drop is taken back before round 2 is paired again: they are paired in it
    s.take_back_drop(t, entrants[0]).unwrap();
    let again = s.pair_next_round(t).unwrap();
    assert!(again
        .tables
        .iter()
        .any(|x| x.a == entrants[0] || x.b == Some(entrants[0])));
    let err = s.take_back_drop(t, entrants[0]).unwrap_err();
    assert!(err.to_string().contains("has not dropped"), "{err}");
    play_round(&mut s, t);
    s.pair_next_round(t).unwrap();
    play_round(&mut s, t);
    let err = s.drop_entrant(t, entrants[1]).unwrap_err();
    assert!(err.to_string().contains("the event is over"), "{err}");
}

#[test]
fn a_decision_on_an_event_that_changed_meanwhile_is_refused_and_writes_nothing() {
    let mut s = Store::open_in_memory().unwrap();
    let swiss = Format::Swiss {
        rounds: 3,
        top_cut: None,
    };
    let (t, entrants) = with_players(&mut s, swiss, 4);
    let seen = s.event_state(t).unwrap();
    let next = tournament::next_round(&seen).unwrap();
    // another window drops a player before this round is recorded
    s.drop_entrant(t, entrants[0]).unwrap();
    let err = s
        .record_round(t, &seen, &next, true, &mut decide::test_code)
        .unwrap_err();
    assert!(matches!(err, StoreError::EventChanged { .. }), "{err}");
    assert!(s.rounds(t).unwrap().is_empty(), "nothing written");

    s.take_back_drop(t, entrants[0]).unwrap();
    s.pair_next_round(t).unwrap();
    let seen = s.event_state(t).unwrap();
    let undo = tournament::round_to_undo(&seen).unwrap();
    let late = s.add_player("Late Lou").unwrap();
    s.register(t, late, None).unwrap();
    let err = s.record_undo(t, &seen, &undo).unwrap_err();
    assert!(matches!(err, StoreError::EventChanged { .. }), "{err}");
    assert_eq!(s.rounds(t).unwrap().len(), 1, "the round stays");

    // a round that is not the next one, or seats someone twice, is refused as data
    let seen = s.event_state(t).unwrap();
    let twice = tournament::NextRound {
        number: 3,
        stage: Stage::Swiss,
        pairings: vec![tournament::Pairing::Bye {
            player: entrants[1],
        }],
    };
    assert!(s
        .record_round(t, &seen, &twice, true, &mut decide::test_code)
        .is_err());
    assert_eq!(s.rounds(t).unwrap().len(), 1);
}
