//! Players' reports through the store: codes per seat, reports checked inside their
//! transaction (a refusal writes nothing), agreement, the organiser's decisions, the log.
#![allow(clippy::unwrap_used)] // test helpers

use crate::decide;
use decide::Decide;

use store::{
    Acceptance, Actor, Agreement, FirstRound, Format, LogAction, NewTournament, ReportRefusal,
    RoundInfo, Seat, SeatReport, SeatScore, Store, StoreError, TournamentId,
};

fn event(s: &mut Store, players: usize) -> TournamentId {
    let t = s
        .create_tournament(&NewTournament {
            name: "Phone Cup".into(),
            date: "2026-11-26".into(),
            format: Format::Swiss {
                rounds: 3,
                top_cut: None,
            },
            first_round: FirstRound::Seeded,
            seed: Some(3),
            decks_required: false,
        })
        .unwrap();
    let names: Vec<String> = (0..players).map(|i| format!("Player {i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    s.register_names(t, &names, None).unwrap();
    t
}

/// A code generator for tests: distinct, predictable codes.
fn codes() -> impl FnMut() -> String {
    let mut n = 0;
    move || {
        n += 1;
        format!("TESTCODE{n:04}")
    }
}

/// An event of four with round 1 paired and reporting open.
fn open_event(acceptance: Acceptance) -> (Store, TournamentId) {
    let mut s = Store::open_in_memory().unwrap();
    let t = event(&mut s, 4);
    s.set_report_acceptance(t, acceptance).unwrap();
    s.pair_next_round(t).unwrap();
    assert_eq!(s.open_reporting(t, &mut codes()).unwrap(), 1);
    (s, t)
}

fn won(mine: u8, theirs: u8) -> SeatReport {
    SeatReport {
        won: true,
        mine,
        theirs,
    }
}

fn lost(mine: u8, theirs: u8) -> SeatReport {
    SeatReport {
        won: false,
        mine,
        theirs,
    }
}

/// Everything reporting can change: the log, the reports of every round, the results.
type Snapshot = (
    Vec<store::ReportLogRow>,
    Vec<store::ReportRound>,
    Vec<RoundInfo>,
);

fn snapshot(s: &Store, t: TournamentId) -> Snapshot {
    let rounds = s.rounds(t).unwrap();
    let reports = rounds
        .iter()
        .map(|r| s.report_round(t, Some(r.number)).unwrap())
        .collect();
    (s.report_log(t).unwrap(), reports, rounds)
}

fn refusal(e: StoreError) -> ReportRefusal {
    match e {
        StoreError::Report(r) => r,
        other => panic!("expected a report refusal, got {other:?}"),
    }
}

/// Runs `f`, expects the refusal `want`, and checks nothing changed.
fn refused_without_writing(
    s: &mut Store,
    t: TournamentId,
    want: ReportRefusal,
    f: impl FnOnce(&mut Store) -> Result<(), StoreError>,
) {
    let before = snapshot(s, t);
    let got = refusal(f(s).unwrap_err());
    assert_eq!(got, want);
    assert_eq!(snapshot(s, t), before, "a refusal wrote something");
}

#[test]
fn every_seat_of_a_match_gets_one_distinct_code_and_reopening_keeps_them() {
    let mut s = Store::open_in_memory().unwrap();
    let t = event(&mut s, 5); // two matches and a bye
    s.pair_next_round(t).unwrap();
    let first = s.seat_codes(t, None, &mut codes()).unwrap();
    assert_eq!(first.len(), 4, "{first:?}");
    let mut distinct: Vec<&str> = first.iter().map(|c| c.code.as_str()).collect();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 4);
    assert_eq!(
        first.iter().map(|c| (c.table, c.seat)).collect::<Vec<_>>(),
        vec![(1, Seat::A), (1, Seat::B), (2, Seat::A), (2, Seat::B)]
    );
    // opening and closing and opening again keeps the codes the organiser may have printed
    s.open_reporting(t, &mut codes()).unwrap();
    s.close_reporting(t).unwrap();
    s.open_reporting(t, &mut || "OTHERCODE000".to_string())
        .unwrap();
    assert_eq!(s.seat_codes(t, Some(1), &mut codes()).unwrap(), first);
    assert_eq!(s.all_seat_codes(t).unwrap(), first);
}

#[test]
fn a_taken_code_is_drawn_again() {
    let mut s = Store::open_in_memory().unwrap();
    let t = event(&mut s, 4);
    // the generator repeats itself once: the store must not store a duplicate
    let mut draws = [
        "SAMECODE0001",
        "SAMECODE0001",
        "SAMECODE0002",
        "SAMECODE0003",
        "SAMECODE0004",
    ]
    .into_iter()
    .map(String::from);
    let state = s.event_state(t).unwrap();
    let next = tournament::next_round(&state).unwrap();
    s.record_round(t, &state, &next, true, &mut || draws.next().unwrap())
        .unwrap();
    let got = s.seat_codes(t, None, &mut codes()).unwrap();
    let list: Vec<&str> = got.iter().map(|c| c.code.as_str()).collect();
    assert_eq!(
        list,
        [
            "SAMECODE0001",
            "SAMECODE0002",
            "SAMECODE0003",
            "SAMECODE0004"
        ]
    );
}

#[test]
fn a_round_gets_its_codes_when_it_is_paired_prepared_or_published() {
    for published in [false, true] {
        let mut s = Store::open_in_memory().unwrap();
        let t = event(&mut s, 5); // two matches and a bye
        let state = s.event_state(t).unwrap();
        let next = tournament::next_round(&state).unwrap();
        let mut n = 0;
        s.record_round(t, &state, &next, published, &mut || {
            n += 1;
            format!("ATPAIRING{n:03}")
        })
        .unwrap();
        // stored with the round, before anyone asks for them or opens reporting
        let stored = s.all_seat_codes(t).unwrap();
        let list: Vec<(u32, Seat, &str)> = stored
            .iter()
            .map(|c| (c.table, c.seat, c.code.as_str()))
            .collect();
        assert_eq!(
            list,
            [
                (1, Seat::A, "ATPAIRING001"),
                (1, Seat::B, "ATPAIRING002"),
                (2, Seat::A, "ATPAIRING003"),
                (2, Seat::B, "ATPAIRING004")
            ],
            "published: {published}"
        );
        // asking for them (the slips) and publishing and opening keep them
        assert_eq!(s.seat_codes(t, None, &mut codes()).unwrap(), stored);
        if !published {
            s.publish_round(t).unwrap();
        }
        s.open_reporting(t, &mut codes()).unwrap();
        assert_eq!(s.all_seat_codes(t).unwrap(), stored);
        // the code printed on the prepared round's slip is the one that reports
        s.report(t, (1, 1, Seat::A), won(5, 2), "x").unwrap();
        assert!(s.report_round(t, None).unwrap().tables[0]
            .report_a
            .is_some());
    }
}

#[test]
fn a_round_refused_at_pairing_leaves_no_codes() {
    let mut s = Store::open_in_memory().unwrap();
    let t = event(&mut s, 4);
    let seen = s.event_state(t).unwrap();
    let next = tournament::next_round(&seen).unwrap();
    let late = s.add_player("Late Lou").unwrap();
    s.register(t, late, None).unwrap();
    let err = s
        .record_round(t, &seen, &next, false, &mut codes())
        .unwrap_err();
    assert!(matches!(err, StoreError::EventChanged { .. }), "{err}");
    assert!(s.all_seat_codes(t).unwrap().is_empty());
}

#[test]
fn two_players_agreeing_make_the_result_at_once() {
    let (mut s, t) = open_event(Acceptance::AtOnce);
    let a = s
        .report(t, (1, 1, Seat::A), won(5, 2), "192.168.1.20")
        .unwrap();
    assert!(a.changed && !a.accepted);
    assert_eq!(a.agreement, Agreement::One(Seat::A));
    let b = s
        .report(t, (1, 1, Seat::B), lost(2, 5), "192.168.1.21")
        .unwrap();
    assert!(b.accepted);
    let table = s.table_reports(t, 1, 1).unwrap();
    let want = SeatScore {
        winner: Seat::A,
        crystals_a: 5,
        crystals_b: 2,
    };
    assert_eq!(table.result, Some(want));
    let recorded = s.rounds(t).unwrap()[0].tables[0].result.clone().unwrap();
    assert_eq!(
        (recorded.winner, recorded.crystals_a, recorded.crystals_b),
        (table.a, 5, 2)
    );
    // the log: both reports with their addresses, then the acceptance
    let log = s.report_log(t).unwrap();
    assert_eq!(log.len(), 3, "{log:?}");
    assert_eq!(
        (log[0].actor, log[0].seat, log[0].client.as_deref()),
        (Actor::Player, Some(Seat::A), Some("192.168.1.20"))
    );
    assert_eq!(log[1].new, Some(want), "B's report in seat order");
    assert_eq!(
        (log[2].actor, log[2].action),
        (Actor::Agreement, LogAction::Accept)
    );
    // final: the table takes no more reports
    refused_without_writing(
        &mut s,
        t,
        ReportRefusal::TableFinal { round: 1, table: 1 },
        |s| s.report(t, (1, 1, Seat::B), won(5, 2), "x").map(|_| ()),
    );
}

#[test]
fn agreeing_reports_wait_for_the_organiser_when_the_event_says_so() {
    let (mut s, t) = open_event(Acceptance::ByOrganiser);
    s.report(t, (1, 2, Seat::B), won(4, 1), "10.0.0.5").unwrap();
    let out = s
        .report(t, (1, 2, Seat::A), lost(1, 4), "10.0.0.6")
        .unwrap();
    assert!(!out.accepted);
    assert!(matches!(out.agreement, Agreement::Agreed(_)));
    assert_eq!(s.table_reports(t, 1, 2).unwrap().result, None);
    // accepting a table nobody reported is refused
    refused_without_writing(
        &mut s,
        t,
        ReportRefusal::NotAgreed {
            round: 1,
            table: 1,
            agreement: Agreement::Nobody,
        },
        |s| s.accept_reports(t, 1, 1).map(|_| ()),
    );
    let score = s.accept_reports(t, 1, 2).unwrap();
    assert_eq!(
        score,
        SeatScore {
            winner: Seat::B,
            crystals_a: 1,
            crystals_b: 4
        }
    );
    assert_eq!(s.table_reports(t, 1, 2).unwrap().result, Some(score));
    let last = s.report_log(t).unwrap().pop().unwrap();
    assert_eq!(
        (last.actor, last.action),
        (Actor::Organiser, LogAction::Accept)
    );
}

#[test]
fn disagreeing_reports_are_disputed_until_the_organiser_sets_or_resets() {
    let (mut s, t) = open_event(Acceptance::AtOnce);
    s.report(t, (1, 1, Seat::A), won(5, 2), "10.0.0.1").unwrap();
    let out = s.report(t, (1, 1, Seat::B), won(5, 3), "10.0.0.2").unwrap();
    assert_eq!(out.agreement, Agreement::Disputed);
    assert!(!out.accepted);
    assert_eq!(s.table_reports(t, 1, 1).unwrap().result, None);
    // accepting a dispute is refused
    refused_without_writing(
        &mut s,
        t,
        ReportRefusal::NotAgreed {
            round: 1,
            table: 1,
            agreement: Agreement::Disputed,
        },
        |s| s.accept_reports(t, 1, 1).map(|_| ()),
    );
    // reset: both report again; each removed report is logged
    let before = s.report_log(t).unwrap().len();
    s.reset_reports(t, 1, 1).unwrap();
    let table = s.table_reports(t, 1, 1).unwrap();
    assert_eq!((table.report_a, table.report_b), (None, None));
    let log = s.report_log(t).unwrap();
    assert_eq!(log.len(), before + 2);
    assert!(log[before..]
        .iter()
        .all(|l| l.action == LogAction::Reset && l.old.is_some() && l.new.is_none()));
    // a second reset has nothing to reset
    refused_without_writing(
        &mut s,
        t,
        ReportRefusal::NothingReported { round: 1, table: 1 },
        |s| s.reset_reports(t, 1, 1),
    );
    // they disagree again; the organiser sets the result
    s.report(t, (1, 1, Seat::A), won(5, 2), "10.0.0.1").unwrap();
    s.report(t, (1, 1, Seat::B), won(5, 3), "10.0.0.2").unwrap();
    let settled = SeatScore {
        winner: Seat::B,
        crystals_a: 3,
        crystals_b: 5,
    };
    s.settle_reports(t, 1, 1, settled).unwrap();
    assert_eq!(s.table_reports(t, 1, 1).unwrap().result, Some(settled));
    let last = s.report_log(t).unwrap().pop().unwrap();
    assert_eq!(
        (last.actor, last.action, last.new),
        (Actor::Organiser, LogAction::SetResult, Some(settled))
    );
    // a reset after the result is final is refused
    refused_without_writing(
        &mut s,
        t,
        ReportRefusal::TableFinal { round: 1, table: 1 },
        |s| s.reset_reports(t, 1, 1),
    );
}

#[test]
fn a_player_may_change_their_report_until_the_result_is_final() {
    let (mut s, t) = open_event(Acceptance::ByOrganiser);
    s.report(t, (1, 1, Seat::A), won(5, 2), "10.0.0.1").unwrap();
    let changed = s
        .report(t, (1, 1, Seat::A), lost(2, 5), "10.0.0.1")
        .unwrap();
    assert!(changed.changed);
    let log = s.report_log(t).unwrap();
    assert_eq!(log.len(), 2);
    assert_eq!(
        (log[1].old, log[1].new),
        (
            Some(SeatScore {
                winner: Seat::A,
                crystals_a: 5,
                crystals_b: 2
            }),
            Some(SeatScore {
                winner: Seat::B,
                crystals_a: 2,
                crystals_b: 5
            })
        )
    );
    assert_eq!(s.table_reports(t, 1, 1).unwrap().report_a, Some(lost(2, 5)));
}

#[test]
fn a_replayed_report_writes_nothing() {
    let (mut s, t) = open_event(Acceptance::ByOrganiser);
    s.report(t, (1, 1, Seat::A), won(5, 2), "10.0.0.1").unwrap();
    let before = snapshot(&s, t);
    let again = s
        .report(t, (1, 1, Seat::A), won(5, 2), "10.0.0.99")
        .unwrap();
    assert!(!again.changed);
    assert_eq!(snapshot(&s, t), before);
}

#[test]
fn a_report_touches_only_its_own_table() {
    let (mut s, t) = open_event(Acceptance::AtOnce);
    let table1 = s.table_reports(t, 1, 1).unwrap();
    s.report(t, (1, 2, Seat::A), won(5, 0), "10.0.0.3").unwrap();
    s.report(t, (1, 2, Seat::B), lost(0, 5), "10.0.0.4")
        .unwrap();
    assert_eq!(s.table_reports(t, 1, 1).unwrap(), table1);
    assert!(s.table_reports(t, 1, 2).unwrap().result.is_some());
    assert!(s.rounds(t).unwrap()[0].tables[0].result.is_none());
}

#[test]
fn reports_are_refused_while_closed_and_once_the_round_is_final() {
    let mut s = Store::open_in_memory().unwrap();
    let t = event(&mut s, 4);
    refused_without_writing(&mut s, t, ReportRefusal::NoRound, |s| {
        s.open_reporting(t, &mut codes()).map(|_| ())
    });
    s.pair_next_round(t).unwrap();
    // never opened
    refused_without_writing(&mut s, t, ReportRefusal::Closed { round: 1 }, |s| {
        s.report(t, (1, 1, Seat::A), won(5, 2), "x").map(|_| ())
    });
    s.open_reporting(t, &mut codes()).unwrap();
    refused_without_writing(&mut s, t, ReportRefusal::AlreadyOpen { round: 1 }, |s| {
        s.open_reporting(t, &mut codes()).map(|_| ())
    });
    // an impossible report
    refused_without_writing(
        &mut s,
        t,
        ReportRefusal::Problem(store::ReportProblem::WinnerNotAhead),
        |s| s.report(t, (1, 1, Seat::A), won(2, 5), "x").map(|_| ()),
    );
    refused_without_writing(
        &mut s,
        t,
        ReportRefusal::Problem(store::ReportProblem::TooManyCrystals { max: 11 }),
        |s| s.report(t, (1, 1, Seat::A), won(12, 5), "x").map(|_| ()),
    );
    // closed by the organiser
    s.close_reporting(t).unwrap();
    refused_without_writing(&mut s, t, ReportRefusal::Closed { round: 1 }, |s| {
        s.report(t, (1, 1, Seat::A), won(5, 2), "x").map(|_| ())
    });
    refused_without_writing(&mut s, t, ReportRefusal::Closed { round: 1 }, |s| {
        s.close_reporting(t).map(|_| ())
    });
    s.open_reporting(t, &mut codes()).unwrap();
    // both tables reported and agreed: the round is final, its codes expire
    for table in [1, 2] {
        s.report(t, (1, table, Seat::A), won(5, 1), "x").unwrap();
        s.report(t, (1, table, Seat::B), lost(1, 5), "y").unwrap();
    }
    refused_without_writing(&mut s, t, ReportRefusal::Expired { round: 1 }, |s| {
        s.report(t, (1, 1, Seat::A), won(5, 2), "x").map(|_| ())
    });
    assert!(!s.report_round(t, None).unwrap().live);
    // a later round paired: round 1's codes stay expired, round 2 is closed until opened
    s.pair_next_round(t).unwrap();
    refused_without_writing(&mut s, t, ReportRefusal::Expired { round: 1 }, |s| {
        s.report(t, (1, 2, Seat::B), won(5, 2), "x").map(|_| ())
    });
    refused_without_writing(&mut s, t, ReportRefusal::Closed { round: 2 }, |s| {
        s.report(t, (2, 1, Seat::B), won(5, 2), "x").map(|_| ())
    });
}

#[test]
fn an_unpublished_round_cannot_be_opened_and_a_bye_has_no_table() {
    let mut s = Store::open_in_memory().unwrap();
    let t = event(&mut s, 5);
    s.prepare_next_round(t).unwrap();
    refused_without_writing(&mut s, t, ReportRefusal::NotPublished { round: 1 }, |s| {
        s.open_reporting(t, &mut codes()).map(|_| ())
    });
    // the codes are there for the slips of a prepared round (made at pairing)
    assert_eq!(s.seat_codes(t, None, &mut codes()).unwrap().len(), 4);
    s.publish_round(t).unwrap();
    s.open_reporting(t, &mut codes()).unwrap();
    // table 3 is the bye
    refused_without_writing(
        &mut s,
        t,
        ReportRefusal::NoTable { round: 1, table: 3 },
        |s| s.report(t, (1, 3, Seat::A), won(5, 2), "x").map(|_| ()),
    );
}

#[test]
fn undoing_a_round_takes_its_codes_and_reports_with_it() {
    let (mut s, t) = open_event(Acceptance::ByOrganiser);
    s.report(t, (1, 1, Seat::A), won(5, 2), "x").unwrap();
    s.undo_last_round(t).unwrap();
    assert!(s.all_seat_codes(t).unwrap().is_empty());
    assert!(s.report_log(t).unwrap().is_empty());
    // paired again: closed until opened, with new codes
    s.pair_next_round(t).unwrap();
    assert!(!s.report_round(t, None).unwrap().open);
}

/// A phone is thanked only for a report that stands: a code read before its round was undone
/// (and perhaps paired again, with new codes) no longer names a seat, so the report is refused,
/// not recorded on whoever sits at that table now.
#[test]
fn a_report_through_a_code_of_a_round_undone_meanwhile_is_refused() {
    let (mut s, t) = open_event(Acceptance::AtOnce);
    let old = s.all_seat_codes(t).unwrap()[0].clone();
    s.undo_last_round(t).unwrap();
    let accept = |_: &store::TableReports, _| None;
    let err = s
        .record_report(t, &old, won(5, 2), "10.0.0.1", accept)
        .unwrap_err();
    assert_eq!(refusal(err), ReportRefusal::Expired { round: 1 });
    // paired again with fresh codes: the old code's seat is someone else's now
    s.pair_next_round(t).unwrap();
    let mut n = 0;
    s.open_reporting(t, &mut || {
        n += 1;
        format!("FRESHCODE{n:04}")
    })
    .unwrap();
    let before = snapshot(&s, t);
    let err = s
        .record_report(t, &old, won(5, 2), "10.0.0.1", accept)
        .unwrap_err();
    assert_eq!(refusal(err), ReportRefusal::Expired { round: 1 });
    assert_eq!(snapshot(&s, t), before, "nothing was written");
}
