//! Why an event import was refused, typed: where in the file ([`ImportPlace`]) and what is
//! wrong there ([`ImportProblem`]), with the values and the players' names the person needs.
//! The store keeps an English wording (`Display`, for logs and the store's own tests); the
//! service words it in the interface language (`tablemate::tournaments::import_wording`).

use std::fmt;

use tournament::ReportProblem;

use crate::tournaments::Stage;

/// A part of an event file: a JSON list, or the CSV file of the same name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImportList {
    Entrants,
    Pairings,
    Results,
    Rounds,
    Corrections,
    Reports,
    ReportLog,
    Reporting,
    Decks,
}

impl ImportList {
    /// The JSON key (`entrants`); the CSV file is this with `.csv`.
    pub fn key(self) -> &'static str {
        match self {
            ImportList::Entrants => "entrants",
            ImportList::Pairings => "pairings",
            ImportList::Results => "results",
            ImportList::Rounds => "rounds",
            ImportList::Corrections => "corrections",
            ImportList::Reports => "reports",
            ImportList::ReportLog => "report_log",
            ImportList::Reporting => "reporting",
            ImportList::Decks => "decks",
        }
    }
}

/// Where in the file the problem is. The names are the file's own words (`entrants[3]`,
/// `rounds.csv`), the same in every language; only "line" is worded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImportPlace {
    /// The JSON file as a whole.
    JsonFile,
    /// A line of the JSON file (it is not text, or not JSON).
    JsonLine(u64),
    /// The JSON file's `format_version`.
    FormatVersion,
    /// The event's name, date and format.
    Event,
    /// A whole list: the JSON key, or the CSV file when `csv`.
    List { list: ImportList, csv: bool },
    /// One JSON item (`index` from 0).
    Item { list: ImportList, index: usize },
    /// One line of a CSV file (from 1).
    Line { list: ImportList, line: u64 },
}

impl fmt::Display for ImportPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportPlace::JsonFile => write!(f, "JSON file"),
            ImportPlace::JsonLine(n) => write!(f, "line {n}"),
            ImportPlace::FormatVersion => write!(f, "format_version"),
            ImportPlace::Event => write!(f, "event"),
            ImportPlace::List { list, csv: false } => write!(f, "{}", list.key()),
            ImportPlace::List { list, csv: true } => write!(f, "{}.csv", list.key()),
            ImportPlace::Item { list, index } => write!(f, "{}[{index}]", list.key()),
            ImportPlace::Line { list, line } => write!(f, "{}.csv line {line}", list.key()),
        }
    }
}

/// What is wrong with a text field (a name, a people label, a reason).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextProblem {
    Empty,
    TooLong { chars: usize, max: usize },
    ControlCharacters,
}

impl fmt::Display for TextProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextProblem::Empty => write!(f, "must not be empty"),
            TextProblem::TooLong { chars, max } => {
                write!(f, "{chars} characters is too long (at most {max})")
            }
            TextProblem::ControlCharacters => write!(f, "must not contain control characters"),
        }
    }
}

/// What is wrong with a round's clock as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockProblem {
    /// `not_started` with time run or a start.
    NotStartedHasRun,
    RunningWithoutStart,
    PausedWithStart,
    /// A length no round has.
    Length {
        ms: i64,
    },
    /// A time run below 0 or over a year.
    Ran {
        ms: i64,
    },
    /// A start outside the years 2000 to 2100.
    Since {
        ms: i64,
    },
    /// A running clock started after the import's "now" (2099, say).
    StartsLater {
        since_ms: i64,
    },
    /// The clock has run more than a day beyond its length by now.
    Overtime {
        over_ms: i64,
    },
}

impl fmt::Display for ClockProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use tournament::{MAX_RAN_MS, MAX_ROUND_MINUTES};
        match self {
            ClockProblem::NotStartedHasRun => {
                write!(f, "a clock not started has run no time and has no start")
            }
            ClockProblem::RunningWithoutStart => {
                write!(f, "a running clock needs clock_running_since_ms")
            }
            ClockProblem::PausedWithStart => {
                write!(f, "a paused clock has no clock_running_since_ms")
            }
            ClockProblem::Length { ms } => {
                write!(
                    f,
                    "a round lasts 1 to {MAX_ROUND_MINUTES} minutes, not {ms} ms"
                )
            }
            ClockProblem::Ran { ms } => {
                write!(
                    f,
                    "a round's clock runs 0 to {MAX_RAN_MS} ms (a year), not {ms} ms"
                )
            }
            ClockProblem::Since { ms } => write!(
                f,
                "a running clock started between the years 2000 and 2100, not at {ms} ms"
            ),
            ClockProblem::StartsLater { since_ms } => write!(
                f,
                "the clock started at {}, after now: no round is played in the future",
                utc_minute(*since_ms)
            ),
            ClockProblem::Overtime { over_ms } => write!(
                f,
                "the clock is {} minutes over time; a round is over by a day at most",
                over_ms / 60_000
            ),
        }
    }
}

/// What is wrong, with its data. Players are named as the file names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportProblem {
    TooLarge {
        bytes: usize,
        max: usize,
    },
    NotUtf8,
    /// Not JSON, or not an event's JSON; `detail` is the JSON reader's (English) account.
    NotJson {
        detail: String,
    },
    UnknownVersion {
        found: u32,
        max: u32,
    },
    Version1WithRounds,
    /// `detail` is the CSV reader's (English) account.
    UnreadableCsv {
        detail: String,
    },
    ColumnNotUtf8 {
        column: usize,
    },
    ColumnTooLong {
        column: usize,
        max: usize,
    },
    /// The header line is not the expected columns (both as comma-separated text).
    WrongColumns {
        expected: String,
        found: String,
    },
    ColumnCount {
        found: usize,
        expected: usize,
        columns: String,
    },
    EmptyFile,
    NotANumber {
        column: &'static str,
        value: String,
    },
    NotAStage {
        value: String,
    },
    NotTrueOrFalse {
        column: &'static str,
        value: String,
    },
    NotAClockState {
        value: String,
    },
    BadText {
        field: &'static str,
        problem: TextProblem,
    },
    NotADate {
        value: String,
    },
    SwissRounds {
        rounds: u32,
        max: u32,
    },
    TopCut {
        cut: u32,
    },
    TooManyPlayers {
        max: usize,
    },
    PlayerTwice {
        name: String,
    },
    BadSeed {
        seed: u32,
    },
    JoinedRoundZero,
    UnknownPlayer {
        name: String,
    },
    NumberedFromOne,
    TwoTables {
        round: u32,
        table: u32,
    },
    PairedTwice {
        name: String,
        round: u32,
    },
    PlaysThemself {
        name: String,
    },
    PlaysBeforeJoining {
        name: String,
        round: u32,
        joined: u32,
    },
    PlaysAfterDropping {
        name: String,
        round: u32,
        dropped_after: u32,
    },
    MixedStages {
        round: u32,
    },
    RoundMissing {
        round: u32,
    },
    /// A round of a stage the event's format has no place for.
    StageOutOfPlace {
        round: u32,
        stage: Stage,
        swiss_rounds: Option<u32>,
    },
    JoinsTooLate {
        name: String,
        joined: u32,
        paired: u32,
    },
    DropsTooLate {
        name: String,
        after: u32,
        paired: u32,
    },
    DropsBeforeJoining {
        name: String,
    },
    NoSuchTable {
        round: u32,
        table: u32,
    },
    ResultForBye {
        round: u32,
        table: u32,
    },
    WinnerDidNotPlay {
        round: u32,
        table: u32,
        winner: String,
    },
    BadScore {
        round: u32,
        table: u32,
        problem: ReportProblem,
    },
    TwoResults {
        round: u32,
        table: u32,
    },
    ResultMissing {
        round: u32,
        table: u32,
        paired: u32,
    },
    RoundNotPaired {
        round: u32,
    },
    BadClock {
        round: u32,
        problem: ClockProblem,
    },
    RoundListedTwice {
        round: u32,
    },
    RoundNotListed {
        round: u32,
    },
    CorrectionNotAMatch {
        round: u32,
        table: u32,
    },
    NothingToCorrect {
        round: u32,
        table: u32,
    },
    CorrectionGap {
        round: u32,
        table: u32,
    },
    NotATime {
        value: String,
    },
    LastCorrectionNotResult {
        round: u32,
        table: u32,
    },
    /// A player's name that cannot be a person's (`cards::person_name`).
    BadName {
        name: String,
        problem: cards::person_name::NameProblem,
    },
    /// Two entrants whose names differ only by invisible characters or composition: one person.
    SamePerson {
        first: String,
        second: String,
    },
    /// `round` is not published but `paired`, a later round, is: the app never leaves a round
    /// unpublished behind the next (it could never be published).
    UnpublishedBeforePaired {
        round: u32,
        paired: u32,
    },
    /// A file of format 1 or 2 that holds format 3's lists (reports, report log, sources).
    OlderWithReports {
        version: u32,
    },
    /// A format 3 result without its source.
    NoSource {
        round: u32,
        table: u32,
    },
    /// A report or log line for a table that is no match of the event.
    ReportNotAMatch {
        round: u32,
        table: u32,
    },
    /// A report names `player` for a seat where `seated` sits.
    ReportWrongSeat {
        round: u32,
        table: u32,
        player: String,
        seated: String,
    },
    /// Two reports of one seat (only the latest is kept).
    ReportTwice {
        round: u32,
        table: u32,
        player: String,
    },
    /// A log line whose who, what, seat and results do not fit together as the app writes them.
    LogLineUnlike {
        round: u32,
        table: u32,
    },
    /// A result's source disagrees with the report log (`report` exactly when the log's last
    /// result-setting line accepts the reports).
    SourceNotInLog {
        round: u32,
        table: u32,
    },
    /// A value that is not one of its column's words (`seat`: A or B, `actor`, `action`…).
    NotAWord {
        column: &'static str,
        value: String,
    },
    /// The rules refused the event's standings after every check above passed; `detail` is
    /// the rules' (English) account.
    Rules {
        detail: String,
    },
}

impl fmt::Display for ImportProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ImportProblem as P;
        match self {
            P::TooLarge { bytes, max } => write!(f, "{bytes} bytes is over the {max}-byte limit"),
            P::NotUtf8 => write!(f, "the file is not valid UTF-8 text"),
            P::NotJson { detail } => write!(f, "{detail}"),
            P::UnknownVersion { found, max } => {
                write!(f, "this Tablemate reads versions 1 to {max}, not {found}")
            }
            P::Version1WithRounds => write!(
                f,
                "a version 1 file has no rounds or corrections; version 2 has"
            ),
            P::UnreadableCsv { detail } => write!(f, "unreadable CSV: {detail}"),
            P::ColumnNotUtf8 { column } => write!(f, "column {column} is not valid UTF-8 text"),
            P::ColumnTooLong { column, max } => {
                write!(f, "column {column} is longer than {max} characters")
            }
            P::WrongColumns { expected, found } => {
                write!(f, "expected the columns {expected}, found {found}")
            }
            P::ColumnCount {
                found,
                expected,
                columns,
            } => write!(f, "{found} columns, expected {expected} ({columns})"),
            P::EmptyFile => write!(f, "the file is empty"),
            P::NotANumber { column, value } => {
                write!(f, "{column} {value:?} is not a valid number")
            }
            P::NotAStage { value } => {
                write!(f, "stage {value:?} is not swiss, round_robin or top_cut")
            }
            P::NotTrueOrFalse { column, value } => {
                write!(f, "{column} {value:?} is not true or false")
            }
            P::NotAClockState { value } => {
                write!(f, "clock {value:?} is not not_started, running or paused")
            }
            P::BadText { field, problem } => write!(f, "invalid {field}: {problem}"),
            P::NotADate { value } => write!(f, "{value:?} is not a date like 2026-11-22"),
            P::SwissRounds { rounds, max } => {
                write!(f, "a Swiss event needs 1 to {max} rounds, not {rounds}")
            }
            P::TopCut { cut } => {
                write!(
                    f,
                    "a top cut must be 2, 4, 8, 16, 32 or 64 players, not {cut}"
                )
            }
            P::TooManyPlayers { max } => write!(f, "more than {max} players"),
            P::PlayerTwice { name } => write!(f, "player {name:?} is listed twice"),
            P::BadSeed { seed } => write!(f, "seed {seed} is zero or used twice"),
            P::JoinedRoundZero => write!(f, "joined_round starts at 1"),
            P::UnknownPlayer { name } => write!(f, "player {name:?} is not among the entrants"),
            P::NumberedFromOne => write!(f, "rounds and tables are numbered from 1"),
            P::TwoTables { round, table } => write!(f, "round {round} has two table {table}"),
            P::PairedTwice { name, round } => write!(f, "{name} is paired twice in round {round}"),
            P::PlaysThemself { name } => write!(f, "{name} cannot play themself"),
            P::PlaysBeforeJoining {
                name,
                round,
                joined,
            } => write!(f, "{name} plays round {round} but joined in round {joined}"),
            P::PlaysAfterDropping {
                name,
                round,
                dropped_after,
            } => write!(
                f,
                "{name} plays round {round} but dropped out after round {dropped_after}"
            ),
            P::MixedStages { round } => write!(f, "round {round} mixes stages"),
            P::RoundMissing { round } => {
                write!(f, "round {round} is missing (rounds must be 1, 2, 3…)")
            }
            P::StageOutOfPlace {
                round,
                stage,
                swiss_rounds,
            } => match (stage, swiss_rounds) {
                (_, None) => write!(
                    f,
                    "round {round}: a round-robin event has no {} round",
                    stage.as_str()
                ),
                (Stage::RoundRobin, Some(_)) => {
                    write!(f, "round {round}: a Swiss event has no round_robin round")
                }
                (Stage::Swiss, Some(n)) => {
                    write!(f, "round {round}: the event has only {n} Swiss rounds")
                }
                (Stage::TopCut, Some(_)) => write!(
                    f,
                    "round {round}: a top-cut round before the Swiss rounds are done, or \
                     without a cut"
                ),
            },
            P::JoinsTooLate {
                name,
                joined,
                paired,
            } => write!(
                f,
                "{name} joins in round {joined} but only {paired} rounds were paired"
            ),
            P::DropsTooLate {
                name,
                after,
                paired,
            } => write!(
                f,
                "{name} drops out after round {after} but only {paired} rounds were paired"
            ),
            P::DropsBeforeJoining { name } => write!(f, "{name} drops out before joining"),
            P::NoSuchTable { round, table } => {
                write!(f, "there is no pairing at round {round} table {table}")
            }
            P::ResultForBye { round, table } => write!(f, "round {round} table {table} is a bye"),
            P::WinnerDidNotPlay {
                round,
                table,
                winner,
            } => write!(
                f,
                "round {round} table {table}: the winner {winner} did not play there"
            ),
            P::BadScore {
                round,
                table,
                problem,
            } => write!(f, "round {round} table {table}: {problem}"),
            P::TwoResults { round, table } => {
                write!(f, "round {round} table {table} has two results")
            }
            P::ResultMissing {
                round,
                table,
                paired,
            } => write!(
                f,
                "round {round}, table {table} has no result, but round {paired} is paired"
            ),
            P::RoundNotPaired { round } => write!(f, "round {round} was not paired"),
            P::BadClock { round, problem } => write!(f, "round {round}: {problem}"),
            P::RoundListedTwice { round } => write!(f, "round {round} is listed twice"),
            P::RoundNotListed { round } => write!(f, "round {round} is paired but not listed"),
            P::CorrectionNotAMatch { round, table } | P::ReportNotAMatch { round, table } => {
                write!(f, "round {round} table {table} is not a match")
            }
            P::NothingToCorrect { round, table } => {
                write!(f, "round {round} table {table} has no result to correct")
            }
            P::CorrectionGap { round, table } => write!(
                f,
                "round {round} table {table}: the correction does not start from the one before \
                 it"
            ),
            P::NotATime { value } => write!(
                f,
                "corrected_at {value:?} is not a time like 2026-11-22T04:15:00Z"
            ),
            P::LastCorrectionNotResult { round, table } => write!(
                f,
                "the last correction of round {round} table {table} is not its result"
            ),
            P::BadName { name, problem } => {
                write!(f, "the player's name {:?} {problem}", shown(name))
            }
            P::SamePerson { first, second } => write!(
                f,
                "{:?} and {:?} are the same person (they differ only by invisible characters or \
                 how letters are composed)",
                shown(first),
                shown(second)
            ),
            P::UnpublishedBeforePaired { round, paired } => write!(
                f,
                "round {round} is not published, but round {paired} is paired"
            ),
            P::OlderWithReports { version } => write!(
                f,
                "a version {version} file has no result sources, reports or report log; version \
                 3 has"
            ),
            P::NoSource { round, table } => {
                write!(f, "round {round} table {table}: the result has no source")
            }
            P::ReportWrongSeat {
                round,
                table,
                player,
                seated,
            } => write!(
                f,
                "round {round} table {table}: the report names {player}, but {seated} sits there"
            ),
            P::ReportTwice {
                round,
                table,
                player,
            } => write!(f, "round {round} table {table}: {player} has two reports"),
            P::LogLineUnlike { round, table } => write!(
                f,
                "round {round} table {table}: a log line the app does not write"
            ),
            P::SourceNotInLog { round, table } => write!(
                f,
                "round {round} table {table}: the result's source and the report log disagree"
            ),
            P::NotAWord { column, value } => write!(f, "{column} {value:?} is not a valid value"),
            P::Rules { detail } => write!(f, "{detail}"),
        }
    }
}

/// An instant (epoch ms) as `2099-04-01 10:00 UTC`, for a message.
pub fn utc_minute(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms).map_or_else(
        || format!("{ms} ms"),
        |t| t.format("%Y-%m-%d %H:%M UTC").to_string(),
    )
}

/// A name with its invisible and bidirectional characters shown as `<U+200B>` and its control
/// characters escaped (`\n`), so two spellings that look alike can be told apart in a message
/// and nothing in a name reorders or breaks the message around it.
pub fn shown(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_debug().to_string()
            } else if cards::person_name::is_invisible(c) || cards::person_name::is_bidi_control(c)
            {
                format!("<U+{:04X}>", u32::from(c))
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// An import refused: where, and what is wrong there. Nothing was written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("import failed at {at}: {problem} (nothing was imported)")]
pub struct ImportRefusal {
    pub at: ImportPlace,
    pub problem: ImportProblem,
}
