//! Export then import gives back the same event (format version 2): results, the corrections log
//! with its reasons, drops and their rounds, prepared and published rounds, each round's clock.
//! Version 1 files are still read; an import whose rounds do not fit together is refused by
//! table and writes nothing. Named tests of each item, then a property over generated events.
#![allow(clippy::unwrap_used)] // test helpers

use crate::decide;
use decide::Decide;

use proptest::prelude::*;
use store::{
    ClockProblem, ClockState, CsvImport, EntrantId, EventHeader, FirstRound, Format, ImportList,
    ImportPlace, ImportProblem as P, ImportRefusal, NewTournament, ReportProblem, Store,
    StoreError, TextProblem, TournamentExport, TournamentId,
};
use tournament::{ClockCommand, ClockPhase, ClockRun, RoundClock};

const MIN: i64 = 60_000;
const T0: i64 = 1_790_000_000_000;

fn event(s: &mut Store, players: usize, rounds: u32) -> TournamentId {
    let t = s
        .create_tournament(&NewTournament {
            name: "Exchange Cup".into(),
            date: "2026-11-26".into(),
            format: Format::Swiss {
                rounds,
                top_cut: None,
            },
            first_round: FirstRound::Seeded,
            seed: Some(11),
            decks_required: false,
        })
        .unwrap();
    let names: Vec<String> = (0..players).map(|i| format!("Player {i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    s.register_names(t, &names, Some("Vulca")).unwrap();
    t
}

/// Seat B wins every open table of the last round 5–1.
fn play_last_round(s: &mut Store, t: TournamentId) {
    let round = s.rounds(t).unwrap().pop().unwrap();
    for table in &round.tables {
        if let (Some(b), None) = (table.b, &table.result) {
            s.record_result(
                t,
                &s.event_state(t).unwrap(),
                round.number,
                table.table,
                b,
                1,
                5,
            )
            .unwrap();
        }
    }
}

/// Gives the current round's clock each command at its minute after `T0`.
fn clock(s: &mut Store, t: TournamentId, steps: &[(ClockCommand, i64)]) {
    for &(command, minute) in steps {
        s.command_clock(t, command, T0 + minute * MIN).unwrap();
    }
}

fn json(s: &Store, t: TournamentId) -> String {
    s.export_tournament_json(t).unwrap()
}

/// A database that already holds another event, so an imported event's players, entrants and
/// pairings get other ids than in the database it was exported from.
fn busy_store() -> Store {
    let mut s = Store::open_in_memory().unwrap();
    let t = event(&mut s, 5, 2);
    s.pair_next_round(t).unwrap();
    s
}

/// Imports `text` into another database; that store and the new event.
fn reimport(text: &str) -> (Store, TournamentId) {
    let mut other = busy_store();
    let t = other
        .import_tournament_json(text.as_bytes())
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    (other, t)
}

/// Export → import → export gives the same JSON and the same CSV files, in both directions.
fn assert_round_trips(s: &Store, t: TournamentId) -> (Store, TournamentId) {
    let first = json(s, t);
    let (other, t2) = reimport(&first);
    assert_eq!(json(&other, t2), first, "JSON export after import");
    let csv = s.export_tournament_csv(t).unwrap();
    let header = s.export_tournament(t).unwrap().event;
    let mut third = busy_store();
    let t3 = third
        .import_tournament_csv_files(
            &header,
            &CsvImport {
                entrants: csv.entrants.as_bytes(),
                pairings: csv.pairings.as_bytes(),
                results: csv.results.as_bytes(),
                rounds: Some(csv.rounds.as_bytes()),
                corrections: Some(csv.corrections.as_bytes()),
                reports: Some(csv.reports.as_bytes()),
                report_log: Some(csv.report_log.as_bytes()),
                reporting: Some(csv.reporting.as_bytes()),
                decks: Some(csv.decks.as_bytes()),
            },
        )
        .unwrap();
    assert_eq!(third.export_tournament_csv(t3).unwrap(), csv, "CSV export");
    assert_eq!(
        json(&third, t3),
        first,
        "the CSV files hold the whole event"
    );
    (other, t2)
}

/// The event's names for each correction: (round, table, old, new, reason).
fn corrections(s: &Store, t: TournamentId) -> Vec<(u32, u32, String, String, String)> {
    let names: Vec<(EntrantId, String)> = s
        .entrants(t)
        .unwrap()
        .into_iter()
        .map(|e| (e.id, e.name))
        .collect();
    let name = |id: EntrantId| names.iter().find(|n| n.0 == id).unwrap().1.clone();
    s.corrections(t)
        .unwrap()
        .into_iter()
        .map(|c| {
            (
                c.round,
                c.table,
                format!("{} {}-{}", name(c.old.0), c.old.1, c.old.2),
                format!("{} {}-{}", name(c.new.0), c.new.1, c.new.2),
                c.reason,
            )
        })
        .collect()
}

#[test]
fn the_corrections_log_comes_back_with_its_reasons() {
    let mut s = Store::open_in_memory().unwrap();
    let t = event(&mut s, 4, 3);
    let r1 = s.pair_next_round(t).unwrap();
    play_last_round(&mut s, t);
    let table = &r1.tables[0];
    s.correct_result(
        t,
        &s.event_state(t).unwrap(),
        1,
        table.table,
        table.a,
        2,
        1,
        "slip misread",
    )
    .unwrap();
    s.correct_result(
        t,
        &s.event_state(t).unwrap(),
        1,
        table.table,
        table.b.unwrap(),
        2,
        5,
        "=SUM(A1) typo, again",
    )
    .unwrap();
    let (other, t2) = assert_round_trips(&s, t);
    let back = corrections(&other, t2);
    assert_eq!(back, corrections(&s, t));
    assert_eq!(back.len(), 2);
    assert_eq!(back[0].4, "slip misread");
    assert_eq!(back[1].4, "=SUM(A1) typo, again");
    assert_eq!(
        other.corrections(t2).unwrap()[0].corrected_at,
        s.corrections(t).unwrap()[0].corrected_at,
        "when it was corrected"
    );
}

#[test]
fn drops_come_back_with_their_rounds() {
    let mut s = Store::open_in_memory().unwrap();
    let t = event(&mut s, 6, 4);
    let ids: Vec<EntrantId> = s.entrants(t).unwrap().iter().map(|e| e.id).collect();
    s.drop_entrant(t, ids[5]).unwrap(); // before round 1: dropped after round 0
    s.pair_next_round(t).unwrap();
    play_last_round(&mut s, t);
    s.drop_entrant(t, ids[0]).unwrap(); // after round 1
    let late = s.player_named("Late Lou").unwrap();
    s.register(t, late, None).unwrap(); // joins in round 2
    s.pair_next_round(t).unwrap();
    let (other, t2) = assert_round_trips(&s, t);
    let drops = |s: &Store, t| {
        s.entrants(t)
            .unwrap()
            .into_iter()
            .map(|e| (e.name, e.joined_round, e.dropped_after))
            .collect::<Vec<_>>()
    };
    let back = drops(&other, t2);
    assert_eq!(back, drops(&s, t));
    assert!(back.contains(&("Player 5".into(), 1, Some(0))), "{back:?}");
    assert!(back.contains(&("Player 0".into(), 1, Some(1))), "{back:?}");
    assert!(back.contains(&("Late Lou".into(), 2, None)), "{back:?}");
}

#[test]
fn a_prepared_round_comes_back_prepared_and_can_then_be_published() {
    let mut s = Store::open_in_memory().unwrap();
    let t = event(&mut s, 4, 3);
    s.pair_next_round(t).unwrap();
    play_last_round(&mut s, t);
    s.prepare_next_round(t).unwrap();
    let (mut other, t2) = assert_round_trips(&s, t);
    let published: Vec<bool> = other
        .rounds(t2)
        .unwrap()
        .iter()
        .map(|r| r.published)
        .collect();
    assert_eq!(published, [true, false]);
    assert_eq!(other.publish_round(t2).unwrap(), 2);
}

#[test]
fn a_running_30_minute_clock_comes_back_running_with_the_same_time_left() {
    let mut s = Store::open_in_memory().unwrap();
    let t = event(&mut s, 4, 3);
    s.pair_next_round(t).unwrap();
    clock(
        &mut s,
        t,
        &[
            (ClockCommand::Set { minutes: 30 }, 0),
            (ClockCommand::Start, 0),
            (ClockCommand::Pause, 4),
            (ClockCommand::Resume, 6),
        ],
    );
    let (other, t2) = assert_round_trips(&s, t);
    let back = other.round_clock(t2).unwrap().unwrap().clock;
    assert_eq!(back, s.round_clock(t).unwrap().unwrap().clock);
    assert_eq!(
        back,
        RoundClock {
            length_ms: 30 * MIN,
            run: ClockRun::Running {
                since: T0 + 6 * MIN,
                ran_ms: 4 * MIN
            }
        }
    );
    let reading = back.read(T0 + 16 * MIN);
    assert_eq!(reading.phase, ClockPhase::Running);
    assert_eq!(reading.remaining_ms, 16 * MIN, "30 - (4 + 10) minutes run");
    // the table shows it as the organiser's clock of a round being played
    assert_eq!(
        other.latest_started_clock().unwrap().map(|c| c.clock),
        Some(back)
    );
}

#[test]
fn a_paused_clock_and_an_earlier_round_s_length_come_back() {
    let mut s = Store::open_in_memory().unwrap();
    let t = event(&mut s, 4, 3);
    s.pair_next_round(t).unwrap();
    clock(
        &mut s,
        t,
        &[
            (ClockCommand::Set { minutes: 40 }, 0),
            (ClockCommand::Start, 0),
        ],
    );
    play_last_round(&mut s, t);
    s.pair_next_round(t).unwrap();
    clock(
        &mut s,
        t,
        &[(ClockCommand::Start, 60), (ClockCommand::Pause, 75)],
    );
    let (other, t2) = assert_round_trips(&s, t);
    let x: TournamentExport = serde_json::from_str(&json(&other, t2)).unwrap();
    let clocks: Vec<(u32, i64, ClockState, i64)> = x
        .rounds
        .iter()
        .map(|r| (r.round, r.clock_length_ms, r.clock, r.clock_ran_ms))
        .collect();
    assert_eq!(
        clocks,
        [
            (1, 40 * MIN, ClockState::Running, 0),
            (2, 40 * MIN, ClockState::Paused, 15 * MIN)
        ]
    );
}

/// A version 1 file: the same event without rounds and corrections.
fn as_version_1(text: &str) -> String {
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    let o = v.as_object_mut().unwrap();
    o.insert("format_version".into(), 1.into());
    o.remove("rounds");
    o.remove("corrections");
    strip_version_3(o);
    serde_json::to_string_pretty(&v).unwrap()
}

/// Takes out what came with format 3: sources, reports, the report log and the setting.
fn strip_version_3(o: &mut serde_json::Map<String, serde_json::Value>) {
    o.remove("reports");
    o.remove("report_log");
    o.remove("reporting");
    for r in o["results"].as_array_mut().unwrap() {
        r.as_object_mut().unwrap().remove("source");
    }
}

fn as_version_2(text: &str) -> String {
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    let o = v.as_object_mut().unwrap();
    o.insert("format_version".into(), 2.into());
    strip_version_3(o);
    serde_json::to_string_pretty(&v).unwrap()
}

#[test]
fn version_1_files_are_still_read_with_published_rounds_and_clocks_not_started() {
    let mut s = Store::open_in_memory().unwrap();
    let t = event(&mut s, 5, 3);
    s.pair_next_round(t).unwrap();
    play_last_round(&mut s, t);
    s.prepare_next_round(t).unwrap();
    s.command_clock(t, ClockCommand::Start, T0).unwrap();
    let old = as_version_1(&json(&s, t));
    let (other, t2) = reimport(&old);
    let results = |s: &Store, t| {
        let results = s.export_tournament(t).unwrap().results;
        let scores: Vec<_> = results
            .into_iter()
            .map(|r| (r.round, r.table, r.winner, r.crystals_a, r.crystals_b))
            .collect();
        scores
    };
    assert_eq!(results(&other, t2), results(&s, t));
    assert!(other.rounds(t2).unwrap().iter().all(|r| r.published));
    assert_eq!(
        other.round_clock(t2).unwrap().unwrap().clock,
        RoundClock::default()
    );
    // a version 1 file with version 2's fields is not what any Tablemate wrote
    let mixed =
        as_version_2(&json(&s, t)).replace("\"format_version\": 2", "\"format_version\": 1");
    refused(&mixed, ImportPlace::FormatVersion, P::Version1WithRounds);
    let future = json(&s, t).replace("\"format_version\": 3", "\"format_version\": 4");
    refused(
        &future,
        ImportPlace::FormatVersion,
        P::UnknownVersion { found: 4, max: 3 },
    );
}

/// The refusal of an import, typed.
fn refusal(err: StoreError) -> ImportRefusal {
    match err {
        StoreError::Import(r) => r,
        other => panic!("not an import refusal: {other}"),
    }
}

/// Imports `text` into a store that already holds an event and checks that it is refused at
/// `at` for `problem` and that nothing was written.
fn refused(text: &str, at: ImportPlace, problem: P) {
    let mut s = Store::open_in_memory().unwrap();
    event(&mut s, 4, 3);
    let before = (s.list_tournaments().unwrap(), s.players().unwrap());
    let err = s.import_tournament_json(text.as_bytes()).unwrap_err();
    assert_eq!(refusal(err), ImportRefusal { at, problem });
    assert_eq!(
        (s.list_tournaments().unwrap(), s.players().unwrap()),
        before
    );
}

fn item(list: ImportList, index: usize) -> ImportPlace {
    ImportPlace::Item { list, index }
}

fn whole(list: ImportList) -> ImportPlace {
    ImportPlace::List { list, csv: false }
}

/// An exported event of 6 players: round 1 played, one result corrected, round 2 paired with
/// its clock running.
fn two_rounds() -> TournamentExport {
    let mut s = Store::open_in_memory().unwrap();
    let t = event(&mut s, 6, 3);
    let r1 = s.pair_next_round(t).unwrap();
    play_last_round(&mut s, t);
    let table = &r1.tables[2];
    s.correct_result(
        t,
        &s.event_state(t).unwrap(),
        1,
        table.table,
        table.a,
        5,
        1,
        "slip misread",
    )
    .unwrap();
    s.pair_next_round(t).unwrap();
    s.command_clock(t, ClockCommand::Start, T0).unwrap();
    s.export_tournament(t).unwrap()
}

fn text(x: &TournamentExport) -> String {
    serde_json::to_string(x).unwrap()
}

#[test]
fn a_round_paired_over_a_missing_result_is_refused_naming_the_table() {
    let mut x = two_rounds();
    x.results.retain(|r| !(r.round == 1 && r.table == 3));
    x.corrections.clear();
    let missing = P::ResultMissing {
        round: 1,
        table: 3,
        paired: 2,
    };
    refused(&text(&x), whole(ImportList::Results), missing.clone());
    // the same in version 1 (the case the issue found)
    refused(
        &as_version_1(&text(&x)),
        whole(ImportList::Results),
        missing,
    );
}

#[test]
fn rounds_that_do_not_fit_the_pairings_or_the_rules_are_refused() {
    let base = two_rounds();
    let rounds = |i| item(ImportList::Rounds, i);
    let clock = |round, problem| P::BadClock { round, problem };
    let mut x = base.clone();
    x.rounds[1].clock_running_since_ms = None;
    refused(
        &text(&x),
        rounds(1),
        clock(2, ClockProblem::RunningWithoutStart),
    );
    let mut x = base.clone();
    x.rounds[0].clock_length_ms = 0;
    refused(
        &text(&x),
        rounds(0),
        clock(1, ClockProblem::Length { ms: 0 }),
    );
    let mut x = base.clone();
    x.rounds[0].clock_ran_ms = 5;
    refused(
        &text(&x),
        rounds(0),
        clock(1, ClockProblem::NotStartedHasRun),
    );
    let mut x = base.clone();
    x.rounds[1].clock_running_since_ms = Some(i64::MAX);
    refused(
        &text(&x),
        rounds(1),
        clock(2, ClockProblem::Since { ms: i64::MAX }),
    );
    let mut x = base.clone();
    x.rounds[1].clock_ran_ms = -1;
    refused(&text(&x), rounds(1), clock(2, ClockProblem::Ran { ms: -1 }));
    let mut x = base.clone();
    x.rounds.pop();
    refused(
        &text(&x),
        whole(ImportList::Rounds),
        P::RoundNotListed { round: 2 },
    );
    let mut x = base.clone();
    x.rounds.push(x.rounds[0].clone());
    refused(&text(&x), rounds(2), P::RoundListedTwice { round: 1 });
    let mut x = base.clone();
    x.rounds[1].round = 3;
    refused(&text(&x), rounds(1), P::RoundNotPaired { round: 3 });
}

#[test]
fn a_drop_after_a_round_not_yet_paired_is_refused() {
    for after in [3, u32::MAX] {
        let mut x = two_rounds();
        x.entrants[0].dropped_after = Some(after);
        let name = x.entrants[0].player.clone();
        refused(
            &text(&x),
            item(ImportList::Entrants, 0),
            P::DropsTooLate {
                name,
                after,
                paired: 2,
            },
        );
    }
}

#[test]
fn corrections_that_contradict_the_results_are_refused() {
    let base = two_rounds();
    assert_eq!(base.corrections.len(), 1);
    let (round, table) = (base.corrections[0].round, base.corrections[0].table);
    let corrections = |i| item(ImportList::Corrections, i);
    let mut x = base.clone();
    x.corrections[0].new_crystals_b = 2;
    refused(
        &text(&x),
        whole(ImportList::Corrections),
        P::LastCorrectionNotResult { round, table },
    );
    let mut x = base.clone();
    x.corrections.push(x.corrections[0].clone());
    refused(&text(&x), corrections(1), P::CorrectionGap { round, table });
    let mut x = base.clone();
    x.corrections[0].table = 99;
    refused(
        &text(&x),
        corrections(0),
        P::CorrectionNotAMatch {
            round: 1,
            table: 99,
        },
    );
    let mut x = base.clone();
    x.corrections[0].old_winner = "Nobody".into();
    refused(
        &text(&x),
        corrections(0),
        P::UnknownPlayer {
            name: "Nobody".into(),
        },
    );
    let mut x = base.clone();
    x.corrections[0].old_crystals_a = 5;
    x.corrections[0].old_crystals_b = 5;
    refused(
        &text(&x),
        corrections(0),
        P::BadScore {
            round,
            table,
            problem: ReportProblem::WinnerNotAhead,
        },
    );
    let mut x = base.clone();
    x.corrections[0].corrected_at = "yesterday".into();
    refused(
        &text(&x),
        corrections(0),
        P::NotATime {
            value: "yesterday".into(),
        },
    );
    let mut x = base;
    x.corrections[0].reason = String::new();
    refused(
        &text(&x),
        corrections(0),
        P::BadText {
            field: "reason",
            problem: TextProblem::Empty,
        },
    );
}

#[test]
fn csv_files_without_rounds_and_corrections_still_import() {
    let x = two_rounds();
    let mut s = Store::open_in_memory().unwrap();
    let t = s.import_tournament_json(text(&x).as_bytes()).unwrap();
    let csv = s.export_tournament_csv(t).unwrap();
    assert!(csv
        .rounds
        .starts_with("round,published,clock_length_ms,clock,"));
    assert!(
        csv.corrections.contains("slip misread"),
        "{}",
        csv.corrections
    );
    let header: EventHeader = x.event.clone();
    let t2 = s
        .import_tournament_csv(
            &header,
            csv.entrants.as_bytes(),
            csv.pairings.as_bytes(),
            csv.results.as_bytes(),
        )
        .unwrap();
    assert!(s.corrections(t2).unwrap().is_empty());
    assert_eq!(
        s.round_clock(t2).unwrap().unwrap().clock,
        RoundClock::default()
    );
    // a bad rounds.csv names its line
    let err = s
        .import_tournament_csv_files(
            &header,
            &CsvImport {
                entrants: csv.entrants.as_bytes(),
                pairings: csv.pairings.as_bytes(),
                results: csv.results.as_bytes(),
                rounds: Some(csv.rounds.replace(",running,", ",sprinting,").as_bytes()),
                ..CsvImport::default()
            },
        )
        .unwrap_err();
    assert_eq!(
        refusal(err),
        ImportRefusal {
            at: ImportPlace::Line {
                list: ImportList::Rounds,
                line: 3,
            },
            problem: P::NotAClockState {
                value: "sprinting".into(),
            },
        }
    );
}

/// One thing an organiser does; numbers pick the table, player or value.
#[derive(Debug, Clone)]
enum Step {
    Pair,
    Prepare,
    Publish,
    Result {
        table: usize,
        b_wins: bool,
        loser: u8,
    },
    Correct {
        table: usize,
        b_wins: bool,
        loser: u8,
        reason: usize,
    },
    Drop(usize),
    Undrop(usize),
    Clock {
        command: u8,
        minutes: u32,
        at: i64,
    },
    Register,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        2 => Just(Step::Pair),
        1 => Just(Step::Prepare),
        1 => Just(Step::Publish),
        6 => (0usize..8, any::<bool>(), 0u8..5)
            .prop_map(|(table, b_wins, loser)| Step::Result { table, b_wins, loser }),
        2 => (0usize..8, any::<bool>(), 0u8..5, 0usize..4)
            .prop_map(|(table, b_wins, loser, reason)| Step::Correct { table, b_wins, loser, reason }),
        1 => (0usize..12).prop_map(Step::Drop),
        1 => (0usize..12).prop_map(Step::Undrop),
        2 => (0u8..4, 1u32..120, 0i64..200).prop_map(|(command, minutes, at)| Step::Clock { command, minutes, at }),
        1 => Just(Step::Register),
    ]
}

const REASONS: [&str; 4] = ["slip misread", "=1+1", "'quoted'", "Tisch, \"falsch\""];

/// Plays `steps` on a fresh event; refused steps (a round still open, a drop too late) are
/// part of the game and change nothing.
fn run(steps: &[Step], players: usize) -> (Store, TournamentId) {
    let mut s = Store::open_in_memory().unwrap();
    let t = event(&mut s, players, 4);
    let mut late = 0;
    for st in steps {
        let ids: Vec<EntrantId> = s.entrants(t).unwrap().iter().map(|e| e.id).collect();
        let last = s.rounds(t).unwrap().pop();
        let open_or_played = |played: bool| {
            last.iter()
                .flat_map(|r| r.tables.iter().map(move |x| (r.number, x)))
                .filter(|(_, x)| x.b.is_some() && x.result.is_some() == played)
                .collect::<Vec<_>>()
        };
        let _ = match *st {
            Step::Pair => s.pair_next_round(t).map(drop),
            Step::Prepare => s.prepare_next_round(t).map(drop),
            Step::Publish => s.publish_round(t).map(drop),
            Step::Result {
                table,
                b_wins,
                loser,
            }
            | Step::Correct {
                table,
                b_wins,
                loser,
                ..
            } => {
                let correcting = matches!(st, Step::Correct { .. });
                let tables = open_or_played(correcting);
                let Some((round, x)) = tables.get(table % tables.len().max(1)) else {
                    continue;
                };
                let b = x.b.unwrap();
                let (winner, ca, cb) = if b_wins {
                    (b, loser, 5)
                } else {
                    (x.a, 5, loser)
                };
                match *st {
                    Step::Correct { reason, .. } => s.correct_result(
                        t,
                        &s.event_state(t).unwrap(),
                        *round,
                        x.table,
                        winner,
                        ca,
                        cb,
                        REASONS[reason],
                    ),
                    _ => s.record_result(
                        t,
                        &s.event_state(t).unwrap(),
                        *round,
                        x.table,
                        winner,
                        ca,
                        cb,
                    ),
                }
            }
            Step::Drop(i) => s.drop_entrant(t, ids[i % ids.len()]),
            Step::Undrop(i) => s.take_back_drop(t, ids[i % ids.len()]),
            Step::Clock {
                command,
                minutes,
                at,
            } => {
                let command = match command {
                    0 => ClockCommand::Start,
                    1 => ClockCommand::Pause,
                    2 => ClockCommand::Resume,
                    _ => ClockCommand::Set { minutes },
                };
                s.command_clock(t, command, T0 + at * MIN).map(drop)
            }
            Step::Register => {
                late += 1;
                let p = s.player_named(&format!("Late {late}")).unwrap();
                s.register(t, p, None).map(drop)
            }
        };
    }
    (s, t)
}

/// The generated events reach every item the property is about: corrections, drops, late
/// entries, prepared rounds and clocks running and paused (else the property would prove little).
#[test]
fn generated_events_reach_every_item() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = proptest::collection::vec(step(), 20..40);
    let mut seen = [0usize; 6];
    for _ in 0..48 {
        let steps = strategy.new_tree(&mut runner).unwrap().current();
        let (s, t) = run(&steps, 6);
        let x = s.export_tournament(t).unwrap();
        let hits = [
            !x.corrections.is_empty(),
            x.entrants.iter().any(|e| e.dropped_after.is_some()),
            x.entrants.iter().any(|e| e.joined_round > 1),
            x.rounds.iter().any(|r| !r.published),
            x.rounds.iter().any(|r| r.clock == ClockState::Running),
            x.rounds.iter().any(|r| r.clock == ClockState::Paused),
        ];
        for (n, hit) in seen.iter_mut().zip(hits) {
            *n += usize::from(hit);
        }
    }
    assert!(seen.iter().all(|n| *n >= 3), "{seen:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn any_event_exports_imports_and_exports_the_same(
        steps in proptest::collection::vec(step(), 0..40),
        players in 3usize..9,
    ) {
        let (s, t) = run(&steps, players);
        let first = json(&s, t);
        let (other, t2) = reimport(&first);
        prop_assert_eq!(json(&other, t2), first.clone());
        prop_assert_eq!(other.corrections(t2).unwrap().len(), s.corrections(t).unwrap().len());
        prop_assert_eq!(
            other.round_clock(t2).unwrap().map(|c| c.clock),
            s.round_clock(t).unwrap().map(|c| c.clock)
        );
        let csv = s.export_tournament_csv(t).unwrap();
        let mut third = busy_store();
        let t3 = third.import_tournament_csv_files(
            &s.export_tournament(t).unwrap().event,
            &CsvImport {
                entrants: csv.entrants.as_bytes(),
                pairings: csv.pairings.as_bytes(),
                results: csv.results.as_bytes(),
                rounds: Some(csv.rounds.as_bytes()),
                corrections: Some(csv.corrections.as_bytes()),
                reports: Some(csv.reports.as_bytes()),
                report_log: Some(csv.report_log.as_bytes()),
                reporting: Some(csv.reporting.as_bytes()),
                decks: Some(csv.decks.as_bytes()),
            },
        ).unwrap();
        prop_assert_eq!(json(&third, t3), first);
    }
}

/// Opens reporting for the current round with numbered codes.
fn open_reporting(s: &mut Store, t: TournamentId) {
    let mut n = 0;
    s.open_reporting(t, &mut || {
        n += 1;
        format!("CODE-{t:?}-{n:06}")
    })
    .unwrap();
}

/// A round reported from phones: at table 1 both players agree (accepted at once: the result's
/// source is `report`); at table 2 they dispute, one corrects their report and the organiser
/// settles it (typed). Round 2 is then paired and reported at one table, with reporting open.
fn reported_event(acceptance: store::Acceptance) -> (Store, TournamentId) {
    use store::{Seat, SeatReport, SeatScore};
    let mut s = Store::open_in_memory().unwrap();
    let t = event(&mut s, 4, 3);
    s.set_report_acceptance(t, acceptance).unwrap();
    s.pair_next_round(t).unwrap();
    open_reporting(&mut s, t);
    let r = |won, mine, theirs| SeatReport { won, mine, theirs };
    s.report(t, (1, 1, Seat::A), r(true, 5, 2), "10.0.0.1")
        .unwrap();
    s.report(t, (1, 1, Seat::B), r(false, 2, 5), "10.0.0.2")
        .unwrap();
    if acceptance == store::Acceptance::ByOrganiser {
        s.accept_reports(t, 1, 1).unwrap();
    }
    s.report(t, (1, 2, Seat::A), r(true, 5, 1), "10.0.0.3")
        .unwrap();
    s.report(t, (1, 2, Seat::B), r(true, 5, 3), "10.0.0.4")
        .unwrap();
    s.report(t, (1, 2, Seat::B), r(true, 5, 1), "10.0.0.4")
        .unwrap();
    let score = SeatScore {
        winner: Seat::A,
        crystals_a: 5,
        crystals_b: 1,
    };
    s.settle_reports(t, 1, 2, score).unwrap();
    s.pair_next_round(t).unwrap();
    open_reporting(&mut s, t);
    s.report(t, (2, 1, Seat::B), r(true, 5, 4), "fe80::1%eth0")
        .unwrap();
    (s, t)
}

#[test]
fn reports_the_report_log_sources_and_the_setting_come_back() {
    use store::{Acceptance, ResultSource};
    for acceptance in [Acceptance::AtOnce, Acceptance::ByOrganiser] {
        let (s, t) = reported_event(acceptance);
        let x = s.export_tournament(t).unwrap();
        let sources: Vec<_> = x.results.iter().map(|r| r.source).collect();
        assert_eq!(
            sources,
            [Some(ResultSource::Report), Some(ResultSource::Typed)]
        );
        assert_eq!(x.reports.len(), 5, "two seats, two seats, one seat");
        assert!(x.report_log.len() >= 8, "{:?}", x.report_log);
        let (other, t2) = assert_round_trips(&s, t);
        assert_eq!(other.report_acceptance(t2).unwrap(), acceptance);
        assert_eq!(other.report_log(t2).unwrap().len(), x.report_log.len());
        let rounds = other.rounds(t2).unwrap();
        let source = |i: usize| rounds[0].tables[i].result.as_ref().unwrap().source;
        assert_eq!(
            (source(0), source(1)),
            (ResultSource::Report, ResultSource::Typed)
        );
        // the copy's round 2 is open for reporting, its codes drawn afresh when asked for
        let round = other.report_round(t2, None).unwrap();
        assert!(round.open);
        assert!(round.tables[0].report_b.is_some());
    }
}

#[test]
fn earlier_format_versions_import_and_say_what_they_could_not_carry() {
    use store::{FilePart, ImportNotice};
    let (s, t) = reported_event(store::Acceptance::ByOrganiser);
    let now = json(&s, t);
    let mut other = busy_store();
    let imported = other.import_json(now.as_bytes()).unwrap();
    assert_eq!(
        imported.notices,
        [ImportNotice::SlipsToReprint { round: 2 }],
        "a round being played: its slips are printed again"
    );
    let v2 = other.import_json(as_version_2(&now).as_bytes()).unwrap();
    assert_eq!(
        v2.notices[0],
        ImportNotice::NotInFile {
            version: 2,
            parts: vec![
                FilePart::ResultSources,
                FilePart::Reports,
                FilePart::ReportLog,
                FilePart::ReportingSettings,
            ],
        }
    );
    let results = other.export_tournament(v2.id).unwrap().results;
    assert!(results
        .iter()
        .all(|r| r.source == Some(store::ResultSource::Import)));
    assert!(other.report_log(v2.id).unwrap().is_empty());
    let v1 = other.import_json(as_version_1(&now).as_bytes()).unwrap();
    assert!(matches!(
        &v1.notices[0],
        ImportNotice::NotInFile { version: 1, parts } if parts[..2] == [FilePart::Rounds, FilePart::Corrections]
    ));
    // a format 2 file with format 3's lists is not what any Tablemate wrote
    let mixed = now.replace("\"format_version\": 3", "\"format_version\": 2");
    refused(
        &mixed,
        ImportPlace::FormatVersion,
        P::OlderWithReports { version: 2 },
    );
}

#[test]
fn a_file_whose_reports_or_log_do_not_fit_the_event_is_refused_naming_the_place() {
    use store::Seat;
    let (s, t) = reported_event(store::Acceptance::AtOnce);
    let x = s.export_tournament(t).unwrap();
    // a report in another player's seat
    let mut bad = x.clone();
    bad.reports[0].seat = Seat::B;
    let e = refusal_of(&text(&bad));
    assert_eq!(e.at, item(ImportList::Reports, 0));
    assert!(
        matches!(e.problem, P::ReportTwice { .. } | P::ReportWrongSeat { .. }),
        "{e:?}"
    );
    // a source the log does not bear out
    let mut bad = x.clone();
    bad.results[0].source = Some(store::ResultSource::Typed);
    refused(
        &text(&bad),
        whole(ImportList::Results),
        P::SourceNotInLog { round: 1, table: 1 },
    );
    // a log line the app never writes: a player accepting
    let mut bad = x.clone();
    let i = bad
        .report_log
        .iter()
        .position(|l| l.action == store::LogAction::Accept)
        .unwrap();
    bad.report_log[i].actor = store::Actor::Player;
    refused(
        &text(&bad),
        item(ImportList::ReportLog, i),
        P::LogLineUnlike { round: 1, table: 1 },
    );
    // an impossible report: 11–10
    let mut bad = x;
    bad.reports[4].crystals_mine = 11;
    bad.reports[4].crystals_theirs = 10;
    refused(
        &text(&bad),
        item(ImportList::Reports, 4),
        P::BadScore {
            round: 2,
            table: 1,
            problem: ReportProblem::LoserTooMany { max: 4 },
        },
    );
}

fn refusal_of(text: &str) -> ImportRefusal {
    let mut s = Store::open_in_memory().unwrap();
    refusal(s.import_tournament_json(text.as_bytes()).unwrap_err())
}

#[test]
fn inconsistent_rounds_implausible_clocks_and_impossible_results_are_refused() {
    let x = two_rounds();
    // round 1 left unpublished while round 2 is paired
    let mut bad = x.clone();
    bad.rounds[0].published = false;
    refused(
        &text(&bad),
        item(ImportList::Rounds, 0),
        P::UnpublishedBeforePaired {
            round: 1,
            paired: 2,
        },
    );
    // a clock started in 2099
    let mut bad = x.clone();
    bad.rounds[1].clock_running_since_ms = Some(4_080_000_000_000);
    refused(
        &text(&bad),
        item(ImportList::Rounds, 1),
        P::BadClock {
            round: 2,
            problem: ClockProblem::StartsLater {
                since_ms: 4_080_000_000_000,
            },
        },
    );
    // a year of overtime
    let mut bad = x.clone();
    bad.rounds[1].clock = ClockState::Paused;
    bad.rounds[1].clock_running_since_ms = None;
    bad.rounds[1].clock_ran_ms = 365 * 24 * 60 * MIN;
    refused(
        &text(&bad),
        item(ImportList::Rounds, 1),
        P::BadClock {
            round: 2,
            problem: ClockProblem::Overtime {
                over_ms: 365 * 24 * 60 * MIN - 50 * MIN,
            },
        },
    );
    // 11–10: the loser would have reached 5 first
    let mut bad = x;
    let winner_is_a = bad.results[0].winner == bad.pairings[0].player_a;
    let (w, l) = (11, 10);
    (bad.results[0].crystals_a, bad.results[0].crystals_b) =
        if winner_is_a { (w, l) } else { (l, w) };
    bad.corrections.clear();
    let table = bad.results[0].table;
    refused(
        &text(&bad),
        item(ImportList::Results, 0),
        P::BadScore {
            round: 1,
            table,
            problem: ReportProblem::LoserTooMany { max: 4 },
        },
    );
}

#[test]
fn names_that_are_one_person_or_show_nothing_are_refused_on_import() {
    let x = two_rounds();
    let mut bad = x.clone();
    let first = bad.entrants[0].player.clone();
    let second = first.replacen(' ', "\u{200B} ", 1);
    bad.entrants[1].player = second.clone();
    refused(
        &text(&bad),
        item(ImportList::Entrants, 1),
        P::SamePerson { first, second },
    );
    let mut bad = x.clone();
    bad.entrants[2].player = "\u{200B}\u{2060}".into();
    refused(
        &text(&bad),
        item(ImportList::Entrants, 2),
        P::BadName {
            name: "\u{200B}\u{2060}".into(),
            problem: cards::person_name::NameProblem::Invisible,
        },
    );
    let mut bad = x;
    bad.entrants[3].player = "Eve\u{202E}".into();
    refused(
        &text(&bad),
        item(ImportList::Entrants, 3),
        P::BadName {
            name: "Eve\u{202E}".into(),
            problem: cards::person_name::NameProblem::Forbidden { ch: '\u{202E}' },
        },
    );
}

#[test]
fn an_imported_name_is_stored_composed_and_finds_the_same_person() {
    let mut s = Store::open_in_memory().unwrap();
    let ann = s.add_player("Jos\u{00E9}").unwrap();
    let mut x = two_rounds();
    let old = x.entrants[0].player.clone();
    let decomposed = "Jose\u{0301}".to_string();
    x.entrants[0].player = decomposed.clone();
    let text = text(&x).replace(&format!("\"{old}\""), &format!("\"{decomposed}\""));
    let t = s.import_tournament_json(text.as_bytes()).unwrap();
    let e = &s.entrants(t).unwrap()[0];
    assert_eq!(e.player, ann, "the same person as the player already here");
    assert_eq!(e.name, "Jos\u{00E9}");
}
