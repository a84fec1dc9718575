//! Result reporting through the service, as the phone page and the organiser use it: codes
//! found in any spelling a person types, refusals worded in the page's language naming
//! players, and every refusal writing nothing.
#![allow(clippy::unwrap_used)] // test helpers

#[path = "../../../../tests/support/hall_night.rs"]
mod hall_night;
use hall_night::hall_night;

use tablemate::tournaments::{
    PlayerReport, ReportAcceptance, ReportLogAction, ReportedResult, ResultSourceKind,
    SeatCodeView, SeatRefusalKind, TableReportState,
};
use tablemate::{Language, Service};

const EN: Language = Language::En;
const DE: Language = Language::De;

/// Anna, Ben, Cleo and Dan, seeded: round 1 is Anna v Cleo at table 1, Ben v Dan at table 2.
fn event(acceptance: ReportAcceptance) -> (tempfile::TempDir, Service, i64) {
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path()).unwrap();
    let players = ["Anna", "Ben", "Cleo", "Dan"];
    let id = hall_night(&mut svc, "Hall Night", &players, acceptance).unwrap();
    (dir, svc, id)
}

fn code_of(codes: &[SeatCodeView], player: &str) -> String {
    codes
        .iter()
        .find(|c| c.player == player)
        .unwrap()
        .code
        .clone()
}

fn won(mine: u8, theirs: u8) -> PlayerReport {
    PlayerReport {
        result: ReportedResult::Won,
        crystals: [mine, theirs],
    }
}

fn lost(mine: u8, theirs: u8) -> PlayerReport {
    PlayerReport {
        result: ReportedResult::Lost,
        crystals: [mine, theirs],
    }
}

/// What reporting can change, as the organiser sees it.
fn snapshot(svc: &Service, event: i64) -> String {
    format!(
        "{:?}\n{:?}\n{:?}",
        svc.report_log(event, EN).unwrap(),
        svc.reporting(event, EN).ok(),
        svc.event_detail(event, tablemate::Language::En)
            .unwrap()
            .rounds
    )
}

/// `player` reports through their code (from a phone on the hall's network).
fn report(svc: &mut Service, event: i64, codes: &[SeatCodeView], player: &str, r: PlayerReport) {
    svc.report_result(event, &code_of(codes, player), r, "10.0.0.9", EN)
        .unwrap();
}

/// Anna and Cleo agree at table 1: Anna won 5–2.
fn agree_at_table_1(svc: &mut Service, event: i64, codes: &[SeatCodeView]) {
    report(svc, event, codes, "Anna", won(5, 2));
    report(svc, event, codes, "Cleo", lost(2, 5));
}

fn open(svc: &mut Service, event: i64) -> Vec<SeatCodeView> {
    svc.open_reporting(event, EN).unwrap();
    svc.seat_codes(event, None, EN).unwrap()
}

#[test]
fn the_organisers_codes_list_every_player_with_their_opponent() {
    let (_d, mut svc, e) = event(ReportAcceptance::AtOnce);
    let codes = open(&mut svc, e);
    let pairs: Vec<(u32, &str, &str)> = codes
        .iter()
        .map(|c| (c.table, c.player.as_str(), c.opponent.as_str()))
        .collect();
    assert_eq!(
        pairs,
        [
            (1, "Anna", "Cleo"),
            (1, "Cleo", "Anna"),
            (2, "Ben", "Dan"),
            (2, "Dan", "Ben")
        ]
    );
    for c in &codes {
        assert_eq!(c.code.len(), tablemate::tournaments::CODE_CHARS);
        assert_eq!(c.typed.replace('-', ""), c.code);
    }
    // asked again: the same codes (the slips stay valid)
    assert_eq!(svc.seat_codes(e, Some(1), EN).unwrap(), codes);
}

#[test]
fn two_players_agreeing_through_their_codes_make_the_result() {
    let (_d, mut svc, e) = event(ReportAcceptance::AtOnce);
    let codes = open(&mut svc, e);
    let anna = code_of(&codes, "Anna");
    let cleo = code_of(&codes, "Cleo");
    // Anna types her code in lower case with the dashes of the slip
    let typed = tablemate::tournaments::typed_form(&anna).to_lowercase();
    let view = svc.seat_view(e, &typed, EN).unwrap();
    assert_eq!(
        (view.me.as_str(), view.opponent.as_str(), view.table),
        ("Anna", "Cleo", 1)
    );
    assert_eq!(view.state, TableReportState::Nobody);
    let after = svc
        .report_result(e, &anna, won(5, 2), "192.168.1.20", EN)
        .unwrap();
    assert_eq!(after.state, TableReportState::One);
    assert!(
        after.status.contains("Waiting for Cleo"),
        "{}",
        after.status
    );
    let cleo_sees = svc.seat_view(e, &cleo, DE).unwrap();
    assert!(cleo_sees.opponent_reported);
    assert!(
        cleo_sees.status.contains("Anna hat gemeldet"),
        "{}",
        cleo_sees.status
    );
    let done = svc
        .report_result(e, &cleo, lost(2, 5), "192.168.1.21", EN)
        .unwrap();
    assert_eq!(done.state, TableReportState::Final);
    assert_eq!(done.result, Some(lost(2, 5)), "from Cleo's side");
    assert!(!done.can_report);
    let table = &svc.event_detail(e, tablemate::Language::En).unwrap().rounds[0].tables[0];
    let result = table.result.as_ref().unwrap();
    assert_eq!(
        (
            result.winner_name.as_str(),
            result.crystals_a,
            result.crystals_b
        ),
        ("Anna", 5, 2)
    );
    let log = svc.report_log(e, EN).unwrap();
    assert_eq!(
        log.iter()
            .map(|l| (l.who.as_str(), l.action, l.client.as_deref()))
            .collect::<Vec<_>>(),
        [
            ("Anna", ReportLogAction::Report, Some("192.168.1.20")),
            ("Cleo", ReportLogAction::Report, Some("192.168.1.21")),
            ("agreement", ReportLogAction::Accept, None)
        ]
    );
    assert_eq!(log[2].new.as_deref(), Some("Anna won 5–2"));
}

#[test]
fn a_wrong_code_is_refused_in_the_pages_language_and_writes_nothing() {
    let (_d, mut svc, e) = event(ReportAcceptance::AtOnce);
    let codes = open(&mut svc, e);
    let before = snapshot(&svc, e);
    let real = code_of(&codes, "Anna");
    // one character off, too short, junk, and a code with nothing but the right length
    let mut off: Vec<char> = real.chars().collect();
    off[5] = if off[5] == 'Z' { 'Y' } else { 'Z' };
    for bad in [
        off.into_iter().collect::<String>(),
        real[..6].to_string(),
        "<script>".to_string(),
        "000000000000".to_string(),
        String::new(),
    ] {
        let err = svc
            .report_result(e, &bad, won(5, 2), "10.0.0.9", DE)
            .unwrap_err();
        assert_eq!(err.kind, SeatRefusalKind::UnknownCode, "{bad:?}");
        assert!(
            err.message.starts_with("Dieser Code ist ungültig"),
            "{err:?}"
        );
        let err = svc.seat_view(e, &bad, EN).unwrap_err();
        assert_eq!(err.kind, SeatRefusalKind::UnknownCode);
        assert!(err.message.starts_with("This code is not valid"), "{err:?}");
    }
    assert_eq!(snapshot(&svc, e), before);
}

#[test]
fn a_code_of_another_event_is_a_wrong_code_here() {
    let (_d, mut svc, e) = event(ReportAcceptance::AtOnce);
    open(&mut svc, e);
    let other = hall_night(
        &mut svc,
        "Other Night",
        &["Eve", "Finn"],
        ReportAcceptance::AtOnce,
    )
    .unwrap();
    let theirs = open(&mut svc, other);
    let before = snapshot(&svc, e);
    let err = svc
        .report_result(e, &theirs[0].code, won(5, 2), "10.0.0.9", EN)
        .unwrap_err();
    assert_eq!(err.kind, SeatRefusalKind::UnknownCode);
    assert_eq!(snapshot(&svc, e), before);
}

#[test]
fn a_code_reports_only_its_own_table() {
    let (_d, mut svc, e) = event(ReportAcceptance::AtOnce);
    let codes = open(&mut svc, e);
    let ben = code_of(&codes, "Ben");
    let table1 = svc.reporting(e, EN).unwrap().tables[0].clone();
    let view = svc
        .report_result(e, &ben, won(5, 3), "10.0.0.2", EN)
        .unwrap();
    assert_eq!((view.table, view.opponent.as_str()), (2, "Dan"));
    let now = svc.reporting(e, EN).unwrap();
    assert_eq!(now.tables[0], table1, "table 1 untouched");
    assert_eq!(now.tables[1].state, TableReportState::One);
    assert_eq!(now.tables[1].report_a.as_deref(), Some("Ben won 5–3"));
}

#[test]
fn an_expired_rounds_code_is_refused_and_writes_nothing() {
    let (_d, mut svc, e) = event(ReportAcceptance::AtOnce);
    let codes = open(&mut svc, e);
    for (w, l) in [("Anna", "Cleo"), ("Ben", "Dan")] {
        svc.report_result(e, &code_of(&codes, w), won(5, 1), "10.0.0.1", EN)
            .unwrap();
        svc.report_result(e, &code_of(&codes, l), lost(1, 5), "10.0.0.2", EN)
            .unwrap();
    }
    svc.pair_round(e, Language::En).unwrap();
    let before = snapshot(&svc, e);
    let err = svc
        .report_result(e, &code_of(&codes, "Anna"), won(5, 0), "10.0.0.1", DE)
        .unwrap_err();
    assert_eq!(err.kind, SeatRefusalKind::Expired);
    assert!(
        err.message.contains("Ergebnisse von Runde 1 stehen fest"),
        "{err:?}"
    );
    assert_eq!(
        svc.seat_view(e, &code_of(&codes, "Dan"), EN)
            .unwrap_err()
            .kind,
        SeatRefusalKind::Expired
    );
    assert_eq!(snapshot(&svc, e), before);
}

#[test]
fn a_replayed_report_changes_nothing_and_a_final_table_refuses_naming_its_players() {
    let (_d, mut svc, e) = event(ReportAcceptance::AtOnce);
    let codes = open(&mut svc, e);
    let anna = code_of(&codes, "Anna");
    svc.report_result(e, &anna, won(5, 2), "10.0.0.1", EN)
        .unwrap();
    let before = snapshot(&svc, e);
    // the same request again (a double tap, or someone replaying it): nothing written
    let again = svc
        .report_result(e, &anna, won(5, 2), "10.0.0.66", EN)
        .unwrap();
    assert_eq!(again.mine, Some(won(5, 2)));
    assert_eq!(snapshot(&svc, e), before);
    // the table becomes final; a replay then is refused
    report(&mut svc, e, &codes, "Cleo", lost(2, 5));
    let before = snapshot(&svc, e);
    let err = svc
        .report_result(e, &anna, won(5, 2), "10.0.0.66", EN)
        .unwrap_err();
    assert_eq!(err.kind, SeatRefusalKind::Refused);
    assert!(
        err.message
            .contains("table 1 in round 1 (Anna – Cleo) is final"),
        "{err:?}"
    );
    assert_eq!(snapshot(&svc, e), before);
}

#[test]
fn impossible_crystals_are_refused_in_german_and_write_nothing() {
    let (_d, mut svc, e) = event(ReportAcceptance::AtOnce);
    let codes = open(&mut svc, e);
    let before = snapshot(&svc, e);
    let err = svc
        .report_result(e, &code_of(&codes, "Dan"), won(2, 5), "10.0.0.1", DE)
        .unwrap_err();
    assert_eq!(err.kind, SeatRefusalKind::Refused);
    assert!(err.message.contains("mehr Kristalle"), "{err:?}");
    let err = svc
        .report_result(e, &code_of(&codes, "Dan"), won(200, 5), "10.0.0.1", EN)
        .unwrap_err();
    assert!(err.message.contains("at most 11 crystals"), "{err:?}");
    assert_eq!(snapshot(&svc, e), before);
}

#[test]
fn reports_wait_while_reporting_is_closed() {
    let (_d, mut svc, e) = event(ReportAcceptance::AtOnce);
    let codes = svc.seat_codes(e, None, EN).unwrap(); // printed before opening
    let before = snapshot(&svc, e);
    let err = svc
        .report_result(e, &code_of(&codes, "Anna"), won(5, 2), "10.0.0.1", EN)
        .unwrap_err();
    assert_eq!(err.kind, SeatRefusalKind::Refused);
    assert!(err.message.contains("round 1 is closed"), "{err:?}");
    assert_eq!(snapshot(&svc, e), before);
    svc.open_reporting(e, EN).unwrap();
    assert!(svc
        .report_result(e, &code_of(&codes, "Anna"), won(5, 2), "10.0.0.1", EN)
        .is_ok());
    let view = svc.close_reporting(e, DE).unwrap();
    assert!(!view.open && !view.live);
    let err = svc.close_reporting(e, DE).unwrap_err();
    assert_eq!(err.message, "Das Melden für Runde 1 ist schon geschlossen.");
    // once every result is in, there is nothing to open, and the organiser is told so
    svc.open_reporting(e, EN).unwrap();
    report(&mut svc, e, &codes, "Cleo", lost(2, 5));
    svc.settle_reports(e, 1, 2, "Ben", 5, 0, EN).unwrap();
    svc.close_reporting(e, EN).unwrap();
    let err = svc.open_reporting(e, EN).unwrap_err();
    assert_eq!(
        err.message,
        "Every result of round 1 is in; there is nothing left to report."
    );
}

#[test]
fn the_organiser_confirms_agreeing_reports_and_resets_a_dispute() {
    let (_d, mut svc, e) = event(ReportAcceptance::ByOrganiser);
    let codes = open(&mut svc, e);
    report(&mut svc, e, &codes, "Ben", won(5, 4));
    let dan = svc
        .report_result(e, &code_of(&codes, "Dan"), lost(4, 5), "10.0.0.2", EN)
        .unwrap();
    assert_eq!(dan.state, TableReportState::Agreed);
    assert!(dan.can_report, "not final until the organiser accepts");
    // disagreement at table 1
    report(&mut svc, e, &codes, "Anna", won(5, 2));
    report(&mut svc, e, &codes, "Cleo", won(5, 2));
    let view = svc.reporting(e, EN).unwrap();
    assert_eq!(
        view.tables.iter().map(|t| t.state).collect::<Vec<_>>(),
        [TableReportState::Disputed, TableReportState::Agreed]
    );
    // accepting the dispute is refused, naming both players, and writes nothing
    let before = snapshot(&svc, e);
    let err = svc.accept_reports(e, 1, 1, EN).unwrap_err();
    assert!(
        err.message
            .contains("Anna and Cleo reported different results"),
        "{err:?}"
    );
    let err = svc.accept_reports(e, 1, 1, DE).unwrap_err();
    assert!(err.message.contains("Anna und Cleo"), "{err:?}");
    assert_eq!(snapshot(&svc, e), before);
    // accept table 2, reset table 1
    let view = svc.accept_reports(e, 1, 2, EN).unwrap();
    assert_eq!(view.tables[1].state, TableReportState::Final);
    assert_eq!(view.tables[1].result.as_deref(), Some("Ben won 5–4"));
    let view = svc.reset_reports(e, 1, 1, EN).unwrap();
    assert_eq!(view.tables[0].state, TableReportState::Nobody);
    // both report again, now the organiser settles it directly by name
    report(&mut svc, e, &codes, "Cleo", won(5, 3));
    // an impossible score is refused by the rules, in German, and writes nothing
    let before = snapshot(&svc, e);
    let err = svc.settle_reports(e, 1, 1, "cleo", 5, 3, DE).unwrap_err();
    assert!(
        err.message
            .contains("Wer gewinnt, muss mehr Kristalle haben als wer verliert."),
        "{err:?}"
    );
    assert_eq!(snapshot(&svc, e), before);
    let view = svc.settle_reports(e, 1, 1, "cleo", 3, 5, EN).unwrap();
    assert_eq!(view.tables[0].result.as_deref(), Some("Cleo won 5–3"));
    assert!(!view.live, "every result in: the round is final");
    let actions: Vec<(String, ReportLogAction)> = svc
        .report_log(e, EN)
        .unwrap()
        .into_iter()
        .map(|l| (l.who, l.action))
        .collect();
    assert_eq!(
        actions[4..],
        [
            ("organiser".to_string(), ReportLogAction::Accept),
            ("organiser".to_string(), ReportLogAction::Reset),
            ("organiser".to_string(), ReportLogAction::Reset),
            ("Cleo".to_string(), ReportLogAction::Report),
            ("organiser".to_string(), ReportLogAction::SetResult),
        ]
    );
}

#[test]
fn a_player_changes_their_report_before_it_is_final() {
    let (_d, mut svc, e) = event(ReportAcceptance::ByOrganiser);
    let codes = open(&mut svc, e);
    let anna = code_of(&codes, "Anna");
    svc.report_result(e, &anna, won(5, 2), "10.0.0.1", EN)
        .unwrap();
    let changed = svc
        .report_result(e, &anna, lost(3, 5), "10.0.0.1", EN)
        .unwrap();
    assert_eq!(changed.mine, Some(lost(3, 5)));
    let log = svc.report_log(e, EN).unwrap();
    assert_eq!(
        (log[1].old.as_deref(), log[1].new.as_deref()),
        (Some("Anna won 5–2"), Some("Cleo won 5–3"))
    );
}

/// The source of table `table`'s result in round 1.
fn source(svc: &Service, event: i64, table: u32) -> Option<ResultSourceKind> {
    let d = svc.event_detail(event, tablemate::Language::En).unwrap();
    let t = d.rounds[0]
        .tables
        .iter()
        .find(|t| t.table == table)
        .unwrap();
    t.result.as_ref().map(|r| r.source)
}

#[test]
fn a_result_from_the_reports_reads_as_reported_and_a_typed_one_after_it_is_logged() {
    let (_d, mut svc, e) = event(ReportAcceptance::AtOnce);
    let codes = open(&mut svc, e);
    agree_at_table_1(&mut svc, e, &codes);
    assert_eq!(source(&svc, e, 1), Some(ResultSourceKind::Report));

    // the organiser corrects it: typed now, and the report log says old → new
    svc.correct_result(e, 1, 1, "Cleo", 3, 5, "slip said so", EN)
        .unwrap();
    assert_eq!(source(&svc, e, 1), Some(ResultSourceKind::Typed));
    let last = svc.report_log(e, EN).unwrap().pop().unwrap();
    assert_eq!(
        (last.table, last.who.as_str(), last.action),
        (1, "organiser", ReportLogAction::SetResult)
    );
    assert_eq!(
        (last.old.as_deref(), last.new.as_deref()),
        (Some("Anna won 5–2"), Some("Cleo won 5–3"))
    );

    // Ben reported, Dan did not: the organiser types the slip's result; it is logged as theirs
    report(&mut svc, e, &codes, "Ben", won(5, 1));
    svc.record_result(e, 1, 2, "Dan", 1, 5, EN).unwrap();
    assert_eq!(source(&svc, e, 2), Some(ResultSourceKind::Typed));
    let last = svc.report_log(e, EN).unwrap().pop().unwrap();
    assert_eq!(
        (last.table, last.action, last.old, last.new.as_deref()),
        (2, ReportLogAction::SetResult, None, Some("Dan won 5–1"))
    );
}

#[test]
fn reports_accepted_by_the_organiser_read_as_reported_and_a_table_nobody_reported_is_not_logged() {
    let (_d, mut svc, e) = event(ReportAcceptance::ByOrganiser);
    let codes = open(&mut svc, e);
    agree_at_table_1(&mut svc, e, &codes);
    assert_eq!(source(&svc, e, 1), None, "waits for the organiser");
    svc.accept_reports(e, 1, 1, EN).unwrap();
    assert_eq!(source(&svc, e, 1), Some(ResultSourceKind::Report));
    let lines = svc.report_log(e, EN).unwrap().len();
    svc.record_result(e, 1, 2, "Ben", 5, 0, EN).unwrap();
    assert_eq!(source(&svc, e, 2), Some(ResultSourceKind::Typed));
    assert_eq!(
        svc.report_log(e, EN).unwrap().len(),
        lines,
        "nobody reported there"
    );
}

#[test]
fn undoing_a_round_with_reports_asks_first_then_discards_them_and_expires_the_codes() {
    let (_d, mut svc, e) = event(ReportAcceptance::ByOrganiser);
    let codes = open(&mut svc, e);
    let anna = code_of(&codes, "Anna");
    svc.report_result(e, &anna, won(5, 2), "10.0.0.2", EN)
        .unwrap();
    let before = snapshot(&svc, e);
    let ask = svc.undo_round(e, false, DE).unwrap_err();
    assert_eq!(ask.code, tablemate::ErrorCode::NeedsConfirmation);
    assert_eq!(
        ask.message,
        "An Tisch 1 von Runde 1 haben Spieler schon ihr Ergebnis gemeldet. Wird die Runde \
         zurückgenommen, sind ihre Meldungen verworfen und die Codes der Runde gelten nicht \
         mehr. Runde 1 trotzdem zurücknehmen?"
    );
    assert_eq!(snapshot(&svc, e), before, "nothing written");
    let undone = svc.undo_round(e, true, EN).unwrap();
    assert_eq!(undone.reports_discarded, 1);
    assert_eq!(
        undone.message,
        "Round 1 was undone. 1 player's report was discarded; the round's codes no longer work."
    );
    let refused = svc.seat_view(e, &anna, EN).unwrap_err();
    assert_eq!(refused.kind, SeatRefusalKind::UnknownCode, "{refused:?}");
}

#[test]
fn the_event_lists_its_codes_and_the_log_names_the_organiser_in_the_language_asked() {
    let (_dir, mut svc, e) = event(ReportAcceptance::AtOnce);
    let codes = open(&mut svc, e);
    // every code of the event, as codes are compared (the server keeps them to tell a code of
    // an undone round from a guess)
    let all = svc.event_codes(e).unwrap();
    assert_eq!(all.len(), 4);
    for c in &codes {
        assert!(all.contains(&c.code), "{}", c.code);
    }
    report(&mut svc, e, &codes, "Ben", won(5, 1));
    report(&mut svc, e, &codes, "Dan", won(5, 2));
    svc.settle_reports(e, 1, 2, "Ben", 5, 1, EN).unwrap();
    agree_at_table_1(&mut svc, e, &codes);
    let de = svc.report_log(e, DE).unwrap();
    let who: Vec<&str> = de.iter().map(|l| l.who.as_str()).collect();
    assert!(who.contains(&"Turnierleitung"), "{who:?}");
    assert!(who.contains(&"Übereinstimmung"), "{who:?}");
    let en = svc.report_log(e, EN).unwrap();
    let who: Vec<&str> = en.iter().map(|l| l.who.as_str()).collect();
    assert!(
        who.contains(&"organiser") && who.contains(&"agreement"),
        "{who:?}"
    );
    assert!(who.contains(&"Ben") && who.contains(&"Dan"), "{who:?}");
}

/// The organiser's address is read by the service and refused in the interface language,
/// naming what was typed.
#[test]
fn a_report_address_is_read_or_refused_in_the_interface_language() {
    use tablemate::tournaments::report_address;
    assert_eq!(
        report_address(" 192.168.1.20:8470 ", EN)
            .unwrap()
            .to_string(),
        "192.168.1.20:8470"
    );
    assert_eq!(
        report_address("192.168.1.20", DE).unwrap_err().message,
        "\"192.168.1.20\" ist keine Adresse wie 192.168.1.20:8470"
    );
}
