//! The round clock and publishing through the store: stored with the round, so a reopened
//! database resumes the clock exactly; a prepared round stays unpublished until published.
#![allow(clippy::unwrap_used)] // test helpers

use crate::decide;
use decide::Decide;

use store::{FirstRound, Format, NewTournament, Store, StoreError, TournamentId};
use tournament::{ClockCommand, ClockPhase, RoundClock};

const MIN: i64 = 60_000;
const T0: i64 = 1_790_000_000_000;

fn event(s: &mut Store, players: usize) -> TournamentId {
    let t = s
        .create_tournament(&NewTournament {
            name: "Clock Cup".into(),
            date: "2026-11-24".into(),
            format: Format::Swiss {
                rounds: 3,
                top_cut: None,
            },
            first_round: FirstRound::Random,
            seed: Some(7),
            decks_required: false,
        })
        .unwrap();
    let names: Vec<String> = (0..players).map(|i| format!("Player {i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    s.register_names(t, &names, None).unwrap();
    t
}

#[test]
fn a_clock_is_recorded_only_on_the_clock_it_was_decided_on() {
    let mut s = Store::open_in_memory().unwrap();
    let t = event(&mut s, 4);
    assert_eq!(s.round_clock(t).unwrap(), None);
    let fresh = RoundClock::default();
    let started = fresh.apply(ClockCommand::Start, T0).unwrap();
    let err = s.record_clock(t, 1, &fresh, started).unwrap_err();
    assert!(
        matches!(err, StoreError::EventChanged { .. }),
        "no round yet: {err}"
    );
    assert_eq!(s.latest_started_clock().unwrap(), None);

    s.pair_next_round(t).unwrap();
    // another window starts the clock between our read and our write
    s.record_clock(t, 1, &fresh, started).unwrap();
    let paused = started.apply(ClockCommand::Pause, T0 + MIN).unwrap();
    let err = s.record_clock(t, 1, &fresh, paused).unwrap_err();
    assert!(matches!(err, StoreError::EventChanged { .. }), "{err}");
    assert_eq!(
        s.round_clock(t).unwrap().unwrap().clock,
        started,
        "nothing written"
    );
    let err = s.record_clock(t, 2, &started, paused).unwrap_err();
    assert!(
        matches!(err, StoreError::EventChanged { .. }),
        "not the current round: {err}"
    );
}

#[test]
fn a_reopened_database_resumes_the_running_clock() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tablemate.db");
    let t = {
        let mut s = Store::open(&path).unwrap().store;
        let t = event(&mut s, 6);
        s.pair_next_round(t).unwrap();
        s.command_clock(t, ClockCommand::Set { minutes: 40 }, T0)
            .unwrap();
        s.command_clock(t, ClockCommand::Start, T0).unwrap();
        s.command_clock(t, ClockCommand::Pause, T0 + 10 * MIN)
            .unwrap();
        s.command_clock(t, ClockCommand::Resume, T0 + 15 * MIN)
            .unwrap();
        t
    };
    let s = Store::open(&path).unwrap().store;
    let stored = s.round_clock(t).unwrap().unwrap();
    assert_eq!(stored.round, 1);
    let reading = stored.clock.read(T0 + 20 * MIN);
    assert_eq!(reading.phase, ClockPhase::Running);
    assert_eq!(reading.remaining_ms, 25 * MIN, "40 - (10 + 5) minutes run");
    assert_eq!(s.latest_started_clock().unwrap(), Some(stored));
}

#[test]
fn a_refused_clock_command_changes_nothing_and_says_which_round() {
    let mut s = Store::open_in_memory().unwrap();
    let t = event(&mut s, 4);
    s.pair_next_round(t).unwrap();
    let before = s.round_clock(t).unwrap();
    let err = s.command_clock(t, ClockCommand::Pause, T0).unwrap_err();
    assert!(
        err.to_string()
            .contains("round 1: the clock has not been started"),
        "{err}"
    );
    let err = s
        .command_clock(t, ClockCommand::Set { minutes: 0 }, T0)
        .unwrap_err();
    assert!(err.to_string().contains("1 to 1440 minutes"), "{err}");
    assert_eq!(s.round_clock(t).unwrap(), before);
}

#[test]
fn the_next_round_keeps_the_length_and_starts_stopped() {
    let mut s = Store::open_in_memory().unwrap();
    let t = event(&mut s, 4);
    let r1 = s.pair_next_round(t).unwrap();
    s.command_clock(t, ClockCommand::Set { minutes: 35 }, T0)
        .unwrap();
    s.command_clock(t, ClockCommand::Start, T0).unwrap();
    assert!(
        s.latest_started_clock().unwrap().is_some(),
        "round 1 is being played"
    );
    for table in &r1.tables {
        if let Some(b) = table.b {
            s.record_result(t, &s.event_state(t).unwrap(), 1, table.table, b, 1, 5)
                .unwrap();
        }
    }
    // every result of round 1 is in: the table no longer shows its clock
    assert_eq!(s.latest_started_clock().unwrap(), None);
    s.pair_next_round(t).unwrap();
    let clock = s.round_clock(t).unwrap().unwrap();
    assert_eq!(clock.round, 2);
    let reading = clock.clock.read(T0 + 99 * MIN);
    assert_eq!(reading.phase, ClockPhase::NotStarted);
    assert_eq!(reading.remaining_ms, 35 * MIN);
    // round 2's clock is not started, so no event's current clock is
    assert_eq!(s.latest_started_clock().unwrap(), None);
}

#[test]
fn a_prepared_round_is_published_when_the_organiser_says_so() {
    let mut s = Store::open_in_memory().unwrap();
    let t = event(&mut s, 4);
    let err = s.publish_round(t).unwrap_err();
    assert!(err.to_string().contains("none to publish"), "{err}");
    let r1 = s.prepare_next_round(t).unwrap();
    assert!(!r1.published);
    assert!(!s.rounds(t).unwrap()[0].published, "stored unpublished");
    assert_eq!(s.publish_round(t).unwrap(), 1);
    assert!(s.rounds(t).unwrap()[0].published);
    let err = s.publish_round(t).unwrap_err();
    assert!(err.to_string().contains("already published"), "{err}");
    // a prepared round can be undone while it has no result, like any other
    let mut s = Store::open_in_memory().unwrap();
    let t = event(&mut s, 4);
    s.prepare_next_round(t).unwrap();
    assert_eq!(s.undo_last_round(t).unwrap(), 1);
    assert!(s.rounds(t).unwrap().is_empty());
    assert!(s.pair_next_round(t).unwrap().published);
}
