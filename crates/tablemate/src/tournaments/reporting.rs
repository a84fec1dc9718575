//! Players reporting their results from their own phones (issue #22): the organiser opens
//! reporting for a round, each seat has a code (on the result slip), a player with a code sees
//! their table and reports "I won" / "I lost" with the crystals; two agreeing reports become
//! the result (at once, or when the organiser accepts them, per the event's setting), two
//! differing ones wait for the organiser, who sets the result or resets the table.
//!
//! The store records and checks each report inside its transaction; `tournament::agreement`
//! decides whether two reports agree; this module finds a code (in constant time), words
//! every answer in the page's language, and shapes the views. The HTTP server
//! (`crates/lanreport`) calls only [`Service::seat_view`] and [`Service::report_result`].

use serde::{Deserialize, Serialize};
use store::{
    Acceptance, Actor, Agreement, LogAction, ReportRefusal, Seat, SeatCode, SeatReport, SeatScore,
    StoreError, TableReports, TournamentId,
};
use ts_rs::TS;

use super::refusals::say;
use super::{display_name, store_err};
use crate::error::{Result, ServiceError};
use crate::{Language, Service};

mod codes;
mod wording;
pub(super) use wording::problem as score_problem;

pub use codes::{normalise as normalise_code, typed_form, CODE_CHARS, MAX_CODE_INPUT};
use wording::TableNames;

/// A player's result from their own side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ReportedResult {
    Won,
    Lost,
}

/// What a player sends: their result and the crystals, theirs first (`[mine, theirs]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct PlayerReport {
    pub result: ReportedResult,
    pub crystals: [u8; 2],
}

impl PlayerReport {
    fn seat_report(self) -> SeatReport {
        SeatReport {
            won: self.result == ReportedResult::Won,
            mine: self.crystals[0],
            theirs: self.crystals[1],
        }
    }

    fn of(r: SeatReport) -> PlayerReport {
        PlayerReport {
            result: if r.won {
                ReportedResult::Won
            } else {
                ReportedResult::Lost
            },
            crystals: [r.mine, r.theirs],
        }
    }
}

/// Where a table's reports stand, as the organiser's screen and the phone show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum TableReportState {
    Nobody,
    One,
    /// Both reports agree; waiting for the organiser (when the event says so).
    Agreed,
    /// The reports differ: the organiser sets the result or resets the table.
    Disputed,
    /// The table has its result.
    Final,
}

/// Whether a table's two reports agree: the rules' answer (`tournament::agreement`).
fn agreement_of(t: &TableReports) -> Agreement {
    tournament::agreement(t.report_a.as_ref(), t.report_b.as_ref())
}

fn state_of(t: &TableReports) -> TableReportState {
    if t.result.is_some() {
        return TableReportState::Final;
    }
    match agreement_of(t) {
        Agreement::Nobody => TableReportState::Nobody,
        Agreement::One(_) => TableReportState::One,
        Agreement::Agreed(_) => TableReportState::Agreed,
        Agreement::Disputed => TableReportState::Disputed,
    }
}

/// Whether agreeing reports become the result at once or wait for the organiser.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ReportAcceptance {
    AtOnce,
    ByOrganiser,
}

impl From<Acceptance> for ReportAcceptance {
    fn from(a: Acceptance) -> Self {
        match a {
            Acceptance::AtOnce => ReportAcceptance::AtOnce,
            Acceptance::ByOrganiser => ReportAcceptance::ByOrganiser,
        }
    }
}

impl From<ReportAcceptance> for Acceptance {
    fn from(a: ReportAcceptance) -> Self {
        match a {
            ReportAcceptance::AtOnce => Acceptance::AtOnce,
            ReportAcceptance::ByOrganiser => Acceptance::ByOrganiser,
        }
    }
}

/// What a player's phone shows: their table, their opponent, where the reports stand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct SeatView {
    pub event_name: String,
    pub round: u32,
    pub table: u32,
    /// The player the code belongs to.
    pub me: String,
    pub opponent: String,
    pub state: TableReportState,
    /// This player's report, if any.
    pub mine: Option<PlayerReport>,
    pub opponent_reported: bool,
    /// The final result from this player's side.
    pub result: Option<PlayerReport>,
    /// The player can still report or change their report.
    pub can_report: bool,
    /// One sentence on where things stand, in the page's language.
    pub status: String,
}

/// Why a player's request was refused, as the HTTP server needs to tell it apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum SeatRefusalKind {
    /// No seat has this code (the server counts these against the client).
    UnknownCode,
    /// The code's round is final.
    Expired,
    /// Anything else the player can act on (closed, final table, impossible crystals).
    Refused,
    /// The organiser's data could not be read or written.
    Unavailable,
}

/// A refusal to a player, worded in their page's language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, thiserror::Error)]
#[error("{message}")]
#[ts(export)]
pub struct SeatRefusal {
    pub kind: SeatRefusalKind,
    pub message: String,
}

/// One seat's code for the organiser's list and the result slips.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct SeatCodeView {
    pub round: u32,
    pub table: u32,
    pub player: String,
    pub opponent: String,
    pub code: String,
    /// The code in groups of four, as printed for typing.
    pub typed: String,
}

/// One table on the organiser's screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct TableReportsView {
    pub table: u32,
    pub a: String,
    pub b: String,
    pub state: TableReportState,
    /// Each seat's report as a result (`Anna won 5–2`), if reported.
    pub report_a: Option<String>,
    pub report_b: Option<String>,
    pub result: Option<String>,
}

/// The organiser's live view of a round's reports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct ReportingView {
    #[ts(type = "number")]
    pub event: i64,
    pub round: u32,
    pub open: bool,
    /// Open, current and not final: the codes work.
    pub live: bool,
    pub acceptance: ReportAcceptance,
    pub tables: Vec<TableReportsView>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ReportLogAction {
    Report,
    Accept,
    SetResult,
    Reset,
}

/// A line of the report log: who, which seat's player, from where, when, old → new.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct ReportLogView {
    pub round: u32,
    pub table: u32,
    /// The player's name, "organiser", or "agreement" (accepted at once by the setting), in
    /// the language asked for.
    pub who: String,
    pub action: ReportLogAction,
    pub client: Option<String>,
    pub old: Option<String>,
    pub new: Option<String>,
    pub at: String,
}

/// A player's seat found by its code.
struct FoundSeat {
    id: TournamentId,
    code: SeatCode,
}

/// The address (`ip:port`) the organiser chose to serve reporting on, or a refusal in `lang`
/// naming what was typed.
pub fn report_address(text: &str, lang: Language) -> Result<std::net::SocketAddr> {
    text.trim().parse().map_err(|_| {
        ServiceError::invalid(say!(
            lang,
            "{text:?} is not an address like 192.168.1.20:8470",
            "{text:?} ist keine Adresse wie 192.168.1.20:8470"
        ))
    })
}

impl Service {
    fn names_at(&self, id: TournamentId, t: &TableReports) -> Result<TableNames> {
        let entrants = self.store.entrants(id).map_err(store_err)?;
        let name = |e: store::EntrantId| display_name(&entrants, e);
        Ok(TableNames {
            a: name(t.a),
            b: name(t.b),
        })
    }

    /// A store error for the organiser: a report refusal worded with the table's players.
    fn organiser_err(
        &self,
        id: TournamentId,
        round: u32,
        table: u32,
        e: StoreError,
        lang: Language,
    ) -> ServiceError {
        match e {
            StoreError::Report(r) => {
                let names = self
                    .store
                    .table_reports(id, round, table)
                    .ok()
                    .and_then(|t| self.names_at(id, &t).ok());
                ServiceError::invalid(wording::refusal(&r, names.as_ref(), lang))
            }
            other => store_err(other).in_language(lang),
        }
    }

    /// A store error for the organiser's commands that name no table.
    fn plain_err(e: StoreError, lang: Language) -> ServiceError {
        match e {
            StoreError::Report(r) => ServiceError::invalid(wording::for_organiser(&r, lang)),
            other => store_err(other).in_language(lang),
        }
    }

    /// Finds the seat of a code among every code of the event, comparing each in constant time.
    fn find_seat(
        &self,
        event: i64,
        code: &str,
        lang: Language,
    ) -> std::result::Result<FoundSeat, SeatRefusal> {
        let unknown = || SeatRefusal {
            kind: SeatRefusalKind::UnknownCode,
            message: wording::unknown_code(lang),
        };
        let wanted = codes::normalise(code).ok_or_else(unknown)?;
        let id = TournamentId(event);
        let all = self
            .store
            .all_seat_codes(id)
            .map_err(|_| unavailable(lang))?;
        let i = codes::find_constant_time(&wanted, all.iter().map(|c| c.code.as_str()))
            .ok_or_else(unknown)?;
        let code = all.into_iter().nth(i).ok_or_else(unknown)?;
        Ok(FoundSeat { id, code })
    }

    /// A refusal of the store to a player, naming their table's players.
    fn seat_refusal(&self, seat: &FoundSeat, e: StoreError, lang: Language) -> SeatRefusal {
        match e {
            StoreError::Report(r) => {
                let names = self
                    .store
                    .table_reports(seat.id, seat.code.round, seat.code.table)
                    .ok()
                    .and_then(|t| self.names_at(seat.id, &t).ok());
                SeatRefusal {
                    kind: if matches!(r, ReportRefusal::Expired { .. }) {
                        SeatRefusalKind::Expired
                    } else {
                        SeatRefusalKind::Refused
                    },
                    message: wording::refusal(&r, names.as_ref(), lang),
                }
            }
            _ => unavailable(lang),
        }
    }

    fn seat_view_of(
        &self,
        seat: &FoundSeat,
        lang: Language,
    ) -> std::result::Result<SeatView, SeatRefusal> {
        let c = &seat.code;
        let t = self
            .store
            .table_reports(seat.id, c.round, c.table)
            .map_err(|e| self.seat_refusal(seat, e, lang))?;
        let names = self.names_at(seat.id, &t).map_err(|_| unavailable(lang))?;
        let info = self
            .store
            .tournament(seat.id)
            .map_err(|_| unavailable(lang))?;
        let state = state_of(&t);
        Ok(SeatView {
            event_name: info.name,
            round: c.round,
            table: c.table,
            me: names.of(c.seat).to_string(),
            opponent: names.of(c.seat.other()).to_string(),
            state,
            mine: t.report(c.seat).map(PlayerReport::of),
            opponent_reported: t.report(c.seat.other()).is_some(),
            result: t
                .result
                .map(|s| PlayerReport::of(SeatReport::of_score(s, c.seat))),
            can_report: state != TableReportState::Final,
            status: wording::status(agreement_of(&t), t.result, c.seat, &names, lang),
        })
    }

    /// Every seat code of the event, of any round, as codes are compared: for the reporting
    /// server to tell a code of a round undone since (gone from the store) from a guess.
    pub fn event_codes(&self, event: i64) -> Result<Vec<String>> {
        let all = self
            .store
            .all_seat_codes(TournamentId(event))
            .map_err(store_err)?;
        Ok(all
            .into_iter()
            .filter_map(|c| codes::normalise(&c.code))
            .collect())
    }

    /// What the phone of the player with `code` shows. Refused for a wrong code, and for a code
    /// whose round is closed or final.
    pub fn seat_view(
        &self,
        event: i64,
        code: &str,
        lang: Language,
    ) -> std::result::Result<SeatView, SeatRefusal> {
        let seat = self.find_seat(event, code, lang)?;
        self.store
            .check_reporting_live(seat.id, seat.code.round)
            .map_err(|e| self.seat_refusal(&seat, e, lang))?;
        self.seat_view_of(&seat, lang)
    }

    /// A player's report through their code, from `client` (their network address, for the
    /// log). Touches only that code's table in the current round; refused (writing nothing)
    /// for a wrong or expired code, a closed round, a final table or impossible crystals.
    pub fn report_result(
        &mut self,
        event: i64,
        code: &str,
        report: PlayerReport,
        client: &str,
        lang: Language,
    ) -> std::result::Result<SeatView, SeatRefusal> {
        let seat = self.find_seat(event, code, lang)?;
        let c = &seat.code;
        let report = report.seat_report();
        // the rules: the report must be possible on its own; agreeing reports are accepted at
        // once when the event says so (decided on the table as stored, in the write)
        report.check().map_err(|p| {
            self.seat_refusal(&seat, StoreError::Report(ReportRefusal::Problem(p)), lang)
        })?;
        let accept = |t: &TableReports, acceptance: store::Acceptance| match agreement_of(t) {
            Agreement::Agreed(score) if acceptance == store::Acceptance::AtOnce => Some(score),
            _ => None,
        };
        self.store
            .record_report(seat.id, c, report, client, accept)
            .map_err(|e| self.seat_refusal(&seat, e, lang))?;
        // shown even when this report made the round final (its codes now refused)
        self.seat_view_of(&seat, lang)
    }

    /// Opens reporting for the event's current round (creating its seat codes).
    pub fn open_reporting(&mut self, event: i64, lang: Language) -> Result<ReportingView> {
        let id = TournamentId(event);
        with_fresh_codes(|draw| self.store.open_reporting(id, draw))?
            .map_err(|e| Service::plain_err(e, lang))?;
        self.reporting(event, lang)
    }

    /// Closes reporting for the current round; the reports stay.
    pub fn close_reporting(&mut self, event: i64, lang: Language) -> Result<ReportingView> {
        self.store
            .close_reporting(TournamentId(event))
            .map_err(|e| Service::plain_err(e, lang))?;
        self.reporting(event, lang)
    }

    pub fn set_report_acceptance(
        &mut self,
        event: i64,
        acceptance: ReportAcceptance,
    ) -> Result<()> {
        self.store
            .set_report_acceptance(TournamentId(event), acceptance.into())
            .map_err(store_err)
    }

    /// Each seat's code of `round` (the current round when `None`), in table order. Codes are
    /// made when a round is paired (prepared or published); a current round without them (paired
    /// by an older version, or imported) gets them when first asked for.
    pub fn seat_codes(
        &mut self,
        event: i64,
        round: Option<u32>,
        lang: Language,
    ) -> Result<Vec<SeatCodeView>> {
        let id = TournamentId(event);
        let got = with_fresh_codes(|draw| self.store.seat_codes(id, round, draw))?
            .map_err(|e| Service::plain_err(e, lang))?;
        let entrants = self.store.entrants(id).map_err(store_err)?;
        let rounds = self.store.rounds(id).map_err(store_err)?;
        let name = |e: store::EntrantId| display_name(&entrants, e);
        let opponent = |c: &SeatCode| {
            rounds
                .iter()
                .find(|r| r.number == c.round)
                .and_then(|r| r.tables.iter().find(|t| t.table == c.table))
                .and_then(|t| match c.seat {
                    Seat::A => t.b,
                    Seat::B => Some(t.a),
                })
                .map(name)
                .unwrap_or_default()
        };
        Ok(got
            .iter()
            .map(|c| SeatCodeView {
                round: c.round,
                table: c.table,
                player: name(c.entrant),
                opponent: opponent(c),
                code: c.code.clone(),
                typed: typed_form(&c.code),
            })
            .collect())
    }

    /// The organiser's live view of the current round's reports, table by table.
    pub fn reporting(&self, event: i64, lang: Language) -> Result<ReportingView> {
        let id = TournamentId(event);
        let round = self
            .store
            .report_round(id, None)
            .map_err(|e| Service::plain_err(e, lang))?;
        let mut tables = Vec::with_capacity(round.tables.len());
        for t in &round.tables {
            let names = self.names_at(id, t)?;
            let text = |seat: Seat| {
                t.report(seat)
                    .map(|r| wording::result_text(r.score(seat), &names, lang))
            };
            tables.push(TableReportsView {
                table: t.table,
                a: names.a.clone(),
                b: names.b.clone(),
                state: state_of(t),
                report_a: text(Seat::A),
                report_b: text(Seat::B),
                result: t.result.map(|s| wording::result_text(s, &names, lang)),
            });
        }
        Ok(ReportingView {
            event,
            round: round.round,
            open: round.open,
            live: round.live,
            acceptance: round.acceptance.into(),
            tables,
        })
    }

    /// The organiser accepts a table's two agreeing reports as its result.
    pub fn accept_reports(
        &mut self,
        event: i64,
        round: u32,
        table: u32,
        lang: Language,
    ) -> Result<ReportingView> {
        // the rules: only agreeing reports are accepted (decided on the table as stored)
        let agreed = |t: &TableReports| match agreement_of(t) {
            Agreement::Agreed(score) => Ok(score),
            agreement => Err(ReportRefusal::NotAgreed {
                round,
                table,
                agreement,
            }),
        };
        self.decide(event, round, table, lang, |store, id| {
            store
                .record_acceptance(id, round, table, agreed)
                .map(|_| ())
        })
    }

    /// The organiser sets a table's result: the winner (name, `#id` or seat `a`/`b`) and each
    /// seat's crystals.
    #[allow(clippy::too_many_arguments)]
    pub fn settle_reports(
        &mut self,
        event: i64,
        round: u32,
        table: u32,
        winner: impl Into<super::PlayerRef>,
        crystals_a: u8,
        crystals_b: u8,
        lang: Language,
    ) -> Result<ReportingView> {
        let id = TournamentId(event);
        let (w, t) = self.winner_at(id, round, table, &winner.into(), lang)?;
        let score = SeatScore {
            winner: if w == t.a { Seat::A } else { Seat::B },
            crystals_a,
            crystals_b,
        };
        // the rules: a score that can be right on its own
        if let Err(p) = store::SeatReport::of_score(score, Seat::A).check() {
            let e = StoreError::Report(ReportRefusal::Problem(p));
            return Err(self.organiser_err(id, round, table, e, lang));
        }
        self.decide(event, round, table, lang, |store, id| {
            store.settle_reports(id, round, table, score)
        })
    }

    /// The organiser clears a table's reports so both players report again.
    pub fn reset_reports(
        &mut self,
        event: i64,
        round: u32,
        table: u32,
        lang: Language,
    ) -> Result<ReportingView> {
        self.decide(event, round, table, lang, |store, id| {
            store.reset_reports(id, round, table)
        })
    }

    /// Runs one decision of the organiser about a table's reports; a refusal is worded with
    /// the table's players; the answer is the round's view after it.
    fn decide(
        &mut self,
        event: i64,
        round: u32,
        table: u32,
        lang: Language,
        act: impl FnOnce(&mut store::Store, TournamentId) -> store::Result<()>,
    ) -> Result<ReportingView> {
        let id = TournamentId(event);
        if let Err(e) = act(&mut self.store, id) {
            return Err(self.organiser_err(id, round, table, e, lang));
        }
        self.reporting(event, lang)
    }

    /// Every report and decision of the event, oldest first.
    pub fn report_log(&self, event: i64, lang: Language) -> Result<Vec<ReportLogView>> {
        let id = TournamentId(event);
        let rows = self.store.report_log(id).map_err(store_err)?;
        let rounds = self.store.rounds(id).map_err(store_err)?;
        let entrants = self.store.entrants(id).map_err(store_err)?;
        let name = |e: store::EntrantId| display_name(&entrants, e);
        Ok(rows
            .into_iter()
            .map(|l| {
                let seats = rounds
                    .iter()
                    .find(|r| r.number == l.round)
                    .and_then(|r| r.tables.iter().find(|t| t.table == l.table))
                    .map(|t| (t.a, t.b.unwrap_or(t.a)));
                let names = seats.map(|(a, b)| TableNames {
                    a: name(a),
                    b: name(b),
                });
                let text = |s: Option<SeatScore>| {
                    s.zip(names.as_ref())
                        .map(|(s, n)| wording::result_text(s, n, lang))
                };
                let who = match (l.actor, l.seat, names.as_ref()) {
                    (Actor::Player, Some(seat), Some(n)) => n.of(seat).to_string(),
                    (Actor::Agreement, ..) => say!(lang, "agreement", "Übereinstimmung"),
                    _ => say!(lang, "organiser", "Turnierleitung"),
                };
                ReportLogView {
                    round: l.round,
                    table: l.table,
                    who,
                    action: match l.action {
                        LogAction::Report => ReportLogAction::Report,
                        LogAction::Accept => ReportLogAction::Accept,
                        LogAction::SetResult => ReportLogAction::SetResult,
                        LogAction::Reset => ReportLogAction::Reset,
                    },
                    client: l.client,
                    old: text(l.old),
                    new: text(l.new),
                    at: l.at,
                }
            })
            .collect())
    }
}

/// Runs a store command that may need fresh codes, drawing them from the OS. Should the OS
/// fail to give randomness, the command is refused as a whole: an empty code is never stored
/// (the schema's CHECK refuses it, rolling the transaction back) and the failure is reported.
pub(super) fn with_fresh_codes<T>(
    f: impl FnOnce(&mut dyn FnMut() -> String) -> store::Result<T>,
) -> Result<store::Result<T>> {
    let mut failure = None;
    let got = f(&mut || {
        codes::fresh_code().unwrap_or_else(|e| {
            failure = Some(e);
            String::new()
        })
    });
    match failure {
        Some(e) => Err(ServiceError::internal(format!(
            "No random codes could be drawn from the system: {e}"
        ))),
        None => Ok(got),
    }
}

fn unavailable(lang: Language) -> SeatRefusal {
    SeatRefusal::unavailable(lang)
}

impl SeatRefusal {
    /// The organiser's data cannot be reached now (for a server whose service is gone or
    /// poisoned as well as for a failing database), in the player's language.
    pub fn unavailable(lang: Language) -> SeatRefusal {
        SeatRefusal {
            kind: SeatRefusalKind::Unavailable,
            message: wording::unavailable(lang),
        }
    }
}
