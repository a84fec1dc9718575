//! Tournaments for organisers: create an event, register players (with the people or deck they
//! play), drops and late entries, pair rounds, record and correct results, standings with the
//! documented tie-breakers, export and import (CSV and JSON).
//!
//! The rules live in the `tournament` crate and the storage in `store`; this module only maps
//! requests in and view models out, so the app and the CLI show exactly the same numbers.
//!
//! Split by what it does: `new_event` (the form, checked), `events` (find, list, the page),
//! `registration`, `rounds` (pairing, undo, drops), `results`, `exchange` (export and import),
//! `views` (what the app and the CLI show) and `errors` (refusals as the organiser reads them).

mod deck_lists;
mod entrants_csv;
mod errors;
mod events;
mod exchange;
mod import_refusals;
pub mod input_refusals;
mod new_event;
pub mod organiser_text;
mod refusals;
mod registration;
mod reporting;
mod results;
mod round_clock;
mod rounds;
mod views;

pub(crate) use errors::{record_error, rule_error};
pub use exchange::{read_event_file, read_limited, write_export, EventExport, EventFile};
pub use new_event::{parse_format, NewEvent};
use new_event::{swiss_rounds_refusal, top_cut_refusal};
pub(crate) use refusals::say;
pub use reporting::{
    normalise_code, report_address, typed_form, PlayerReport, ReportAcceptance, ReportLogAction,
    ReportLogView, ReportedResult, ReportingView, SeatCodeView, SeatRefusal, SeatRefusalKind,
    SeatView, TableReportState, TableReportsView, CODE_CHARS, MAX_CODE_INPUT,
};
pub use round_clock::{clock_text, ClockAction, ClockState, ClockView};
pub use store::CsvImport;
use views::display_name;
pub use views::{
    CorrectionView, CsvFiles, EntrantSeat, EntrantView, EventDetail, EventView, ExportedFiles,
    PairingTable, ResultSourceKind, RoundView, StandingView, TableMatch, TableResultView,
    UndoneRound,
};

/// A player of a table as a front end names them: the app by seat or entrant id (typed
/// values, never text to parse), a person at the command line as they type it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerRef {
    /// The seat at the table (the page shows the players' names).
    Seat(crate::game::Seat),
    /// The entrant's id (the event page's choice).
    Entrant(i64),
    /// As typed: a name, `a`/`b` or `#id`.
    Typed(String),
}

impl From<&str> for PlayerRef {
    fn from(text: &str) -> Self {
        PlayerRef::Typed(text.to_owned())
    }
}

impl From<&String> for PlayerRef {
    fn from(text: &String) -> Self {
        PlayerRef::Typed(text.clone())
    }
}

/// The tie-breakers, in order, as organisers read them (also printed by the CLI and shown in the
/// app under the standings).
pub const TIE_BREAKERS: [&str; 5] = [
    "Match points: 3 for a win or a bye, 0 for a loss (Blue Moon has no draws).",
    "Opponents' match-win percentage (each opponent floored at 33%; byes are not opponents).",
    "Crystal difference (crystals won minus crystals conceded; a bye counts 5-0).",
    "Head-to-head wins among the players still tied.",
    "Seed (registration order).",
];

/// Maps a store error to what a person sees: the one mapping, in `error.rs`.
pub(crate) use crate::error::store_error as store_err;
