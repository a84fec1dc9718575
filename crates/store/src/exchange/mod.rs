//! Export and import of tournaments as CSV and JSON: the whole event, the players' side too.
//!
//! Players are named, not numbered, so a file can move between databases. Import parses and checks
//! the whole input first and writes it in one transaction: a bad file is refused with the file
//! and line (or JSON item) at fault, and nothing is written. Export then import gives back the
//! same event (format version 3): results with their source, the corrections log with its
//! reasons, drops, which rounds are prepared or published and each round's clock, the players'
//! reports, the report log and the reporting settings (`reporting.rs`; seat codes are left out,
//! see there). Files of versions 1 and 2 are still read, and the import says what they lacked.
//!
//! Modules by what they read and write: this one the file's types, the export and the JSON
//! import; `csv_files.rs` the CSV files; `import_checks.rs` the checks before writing;
//! `import_write.rs` the one write; `reporting.rs` the players' side.

mod csv_files;
mod import_checks;
mod import_write;
mod reporting;

pub use reporting::{
    FilePart, ImportNotice, Imported, LogLineRow, ReportRow, ReportingRound, ReportingRow,
};

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use tournament::{ClockRun, EntrantId, FirstRound, Format, RoundClock};

use crate::error::{Result, StoreError};
use crate::ids::{checked_text, TournamentId};
use crate::import_problem::{ClockProblem, ImportPlace, ImportProblem as P, ImportRefusal};
use crate::tournaments::{
    corrections_in, entrants_in, info_in, rounds_in, standing_rows, Stage, StandingRow,
};
use crate::{ResultSource, Store};

/// The largest import file accepted (a 64-player event is a few tens of kilobytes).
pub const MAX_IMPORT_BYTES: usize = 4 * 1024 * 1024;
/// The longest single field accepted in an import.
pub const MAX_FIELD_CHARS: usize = 500;

pub const ENTRANTS_HEADER: [&str; 5] =
    ["seed", "player", "people", "joined_round", "dropped_after"];
pub const PAIRINGS_HEADER: [&str; 5] = ["round", "stage", "table", "player_a", "player_b"];
pub const RESULTS_HEADER: [&str; 6] = [
    "round",
    "table",
    "winner",
    "crystals_a",
    "crystals_b",
    "source",
];
/// `results.csv` as written before format 3, without the source (read as imported).
pub const RESULTS_HEADER_2: [&str; 5] = ["round", "table", "winner", "crystals_a", "crystals_b"];
pub const REPORTS_HEADER: [&str; 8] = [
    "round",
    "table",
    "seat",
    "player",
    "won",
    "crystals_mine",
    "crystals_theirs",
    "reported_at",
];
pub const REPORT_LOG_HEADER: [&str; 13] = [
    "round",
    "table",
    "actor",
    "action",
    "seat",
    "client",
    "old_winner",
    "old_crystals_a",
    "old_crystals_b",
    "new_winner",
    "new_crystals_a",
    "new_crystals_b",
    "logged_at",
];
/// `reporting.csv`: one `acceptance` line (`at_once` or `by_organiser`), then one line per round
/// reporting was opened for (`open` or `closed`, the round in `value`).
pub const REPORTING_HEADER: [&str; 2] = ["setting", "value"];
pub const ROUNDS_HEADER: [&str; 6] = [
    "round",
    "published",
    "clock_length_ms",
    "clock",
    "clock_ran_ms",
    "clock_running_since_ms",
];
pub const CORRECTIONS_HEADER: [&str; 10] = [
    "round",
    "table",
    "old_winner",
    "old_crystals_a",
    "old_crystals_b",
    "new_winner",
    "new_crystals_a",
    "new_crystals_b",
    "reason",
    "corrected_at",
];
/// `decks.csv`: one line per card of each registration's deck (a deck without cards is one
/// line with no card), the deck's columns repeated on each; `card` is the card as a person
/// reads it ("Tittertweet [Flit 07]", export only), `card_id` what an import reads.
pub const DECKS_HEADER: [&str; 8] = [
    "player",
    "deck",
    "people",
    "inquisitor",
    "emissaries_inquisitors",
    "buka",
    "card_id",
    "card",
];
pub const STANDINGS_HEADER: [&str; 13] = [
    "rank",
    "player",
    "people",
    "match_points",
    "wins",
    "losses",
    "byes",
    "opponents_match_win",
    "crystal_difference",
    "crystals_for",
    "crystals_against",
    "head_to_head",
    "dropped",
];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventHeader {
    pub name: String,
    pub date: String,
    pub format: Format,
    pub first_round: FirstRound,
    pub seed: u64,
    /// Every player must register a deck before round 1 is paired. Absent in files written
    /// before events could require deck lists (and when false): read as not required.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub decks_required: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntrantRow {
    pub seed: u32,
    pub player: String,
    pub people: Option<String>,
    pub joined_round: u32,
    pub dropped_after: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairingRow {
    pub round: u32,
    pub stage: Stage,
    pub table: u32,
    pub player_a: String,
    /// `None`: a bye.
    pub player_b: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultRow {
    pub round: u32,
    pub table: u32,
    pub winner: String,
    pub crystals_a: u8,
    pub crystals_b: u8,
    /// How the result came (format 3): typed, from a match played in the app, from the
    /// players' reports, imported. `None` in older files: read as imported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<ResultSource>,
}

/// Where a round's clock is, as written to a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockState {
    NotStarted,
    Running,
    Paused,
}

impl ClockState {
    fn as_str(self) -> &'static str {
        match self {
            ClockState::NotStarted => "not_started",
            ClockState::Running => "running",
            ClockState::Paused => "paused",
        }
    }
    fn parse(text: &str) -> Option<ClockState> {
        [
            ClockState::NotStarted,
            ClockState::Running,
            ClockState::Paused,
        ]
        .into_iter()
        .find(|c| c.as_str() == text)
    }
}

/// A paired round beyond its tables (format version 2): prepared or published, and its clock.
/// A running clock is written with the instant it started (epoch ms), so it comes back running
/// with the same time left at the same moment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundRow {
    pub round: u32,
    /// `false`: prepared, not yet shown on the projector and the printouts.
    pub published: bool,
    pub clock_length_ms: i64,
    pub clock: ClockState,
    /// Time run before the last start (0 when not started).
    pub clock_ran_ms: i64,
    /// While running: when it last started.
    pub clock_running_since_ms: Option<i64>,
}

impl RoundRow {
    fn from_clock(round: u32, published: bool, clock: RoundClock) -> RoundRow {
        let (state, ran_ms, since) = match clock.run {
            ClockRun::NotStarted => (ClockState::NotStarted, 0, None),
            ClockRun::Running { since, ran_ms } => (ClockState::Running, ran_ms, Some(since)),
            ClockRun::Paused { ran_ms } => (ClockState::Paused, ran_ms, None),
        };
        RoundRow {
            round,
            published,
            clock_length_ms: clock.length_ms,
            clock: state,
            clock_ran_ms: ran_ms,
            clock_running_since_ms: since,
        }
    }

    /// The clock the row describes, checked by the rules (`RoundClock::check`); a state and
    /// times that do not fit together are refused, never repaired.
    fn round_clock(&self) -> std::result::Result<RoundClock, ClockProblem> {
        let run = match (self.clock, self.clock_running_since_ms) {
            (ClockState::NotStarted, None) if self.clock_ran_ms == 0 => ClockRun::NotStarted,
            (ClockState::NotStarted, _) => return Err(ClockProblem::NotStartedHasRun),
            (ClockState::Running, Some(since)) => ClockRun::Running {
                since,
                ran_ms: self.clock_ran_ms,
            },
            (ClockState::Running, None) => return Err(ClockProblem::RunningWithoutStart),
            (ClockState::Paused, None) => ClockRun::Paused {
                ran_ms: self.clock_ran_ms,
            },
            (ClockState::Paused, Some(_)) => return Err(ClockProblem::PausedWithStart),
        };
        let clock = RoundClock {
            length_ms: self.clock_length_ms,
            run,
        };
        if clock.check().is_err() {
            // the rules refuse it; say which value is out of range
            let max_length = i64::from(tournament::MAX_ROUND_MINUTES) * 60_000;
            return Err(if !(60_000..=max_length).contains(&clock.length_ms) {
                ClockProblem::Length {
                    ms: clock.length_ms,
                }
            } else if !(0..=tournament::MAX_RAN_MS).contains(&self.clock_ran_ms) {
                ClockProblem::Ran {
                    ms: self.clock_ran_ms,
                }
            } else {
                ClockProblem::Since {
                    ms: self.clock_running_since_ms.unwrap_or_default(),
                }
            });
        }
        Ok(clock)
    }
}

/// A logged correction of a result (format version 2), players by name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CorrectionRow {
    pub round: u32,
    pub table: u32,
    pub old_winner: String,
    pub old_crystals_a: u8,
    pub old_crystals_b: u8,
    pub new_winner: String,
    pub new_crystals_a: u8,
    pub new_crystals_b: u8,
    pub reason: String,
    /// As stored: `2026-11-22T04:15:00.123456Z`.
    pub corrected_at: String,
}

/// A whole event, as exported to JSON. `standings` is informative: it is recomputed on import.
/// `rounds` and `corrections` came with format version 2; a version 1 file has neither (its
/// rounds are published, their clocks not started).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentExport {
    pub format_version: u32,
    pub event: EventHeader,
    pub entrants: Vec<EntrantRow>,
    pub pairings: Vec<PairingRow>,
    pub results: Vec<ResultRow>,
    #[serde(default)]
    pub rounds: Vec<RoundRow>,
    #[serde(default)]
    pub corrections: Vec<CorrectionRow>,
    /// Format 3: each seat's latest report.
    #[serde(default)]
    pub reports: Vec<ReportRow>,
    /// Format 3: every report and decision about reports, oldest first.
    #[serde(default)]
    pub report_log: Vec<LogLineRow>,
    /// Format 3: the reporting settings (`None` in older files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reporting: Option<ReportingRow>,
    /// Each registration's deck (issue #33): absent from older files and from events without
    /// decks, so those export as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decks: Vec<DeckRow>,
    /// Informative: read and ignored by an import (which recomputes them), so the standings of
    /// a version 1 file (with the database's entrant ids) are still read.
    #[serde(default, deserialize_with = "ignored")]
    pub standings: Vec<ExportedStanding>,
}

/// The deck a registration plays, the player by name (a copy of the list as registered).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckRow {
    pub player: String,
    pub name: String,
    pub people: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inquisitor: Option<String>,
    #[serde(default)]
    pub emissaries_inquisitors: bool,
    #[serde(default)]
    pub buka: bool,
    pub cards: Vec<String>,
}

/// A standings line as exported: the player by name, without the database's entrant id, which
/// means nothing in another database (and would make an imported event export differently).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExportedStanding {
    pub rank: u32,
    pub name: String,
    pub people: Option<String>,
    pub match_points: u32,
    pub wins: u32,
    pub losses: u32,
    pub byes: u32,
    pub match_win: tournament::Ratio,
    pub opponents_match_win: tournament::Ratio,
    pub crystals_for: u32,
    pub crystals_against: u32,
    pub crystal_difference: i64,
    pub head_to_head: u32,
    pub dropped: bool,
}

impl From<StandingRow> for ExportedStanding {
    fn from(row: StandingRow) -> Self {
        let s = row.standing;
        ExportedStanding {
            rank: s.rank,
            name: row.name,
            people: row.people,
            match_points: s.match_points,
            wins: s.wins,
            losses: s.losses,
            byes: s.byes,
            match_win: s.match_win,
            opponents_match_win: s.opponents_match_win,
            crystals_for: s.crystals_for,
            crystals_against: s.crystals_against,
            crystal_difference: s.crystal_difference,
            head_to_head: s.head_to_head,
            dropped: row.dropped,
        }
    }
}

/// Reads any standings and keeps none: an import recomputes them from the results.
fn ignored<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> std::result::Result<Vec<ExportedStanding>, D::Error> {
    serde::de::IgnoredAny::deserialize(d)?;
    Ok(Vec::new())
}

/// The CSV files of an event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvExport {
    pub entrants: String,
    pub pairings: String,
    pub results: String,
    pub rounds: String,
    pub corrections: String,
    pub reports: String,
    pub report_log: String,
    pub reporting: String,
    pub standings: String,
    /// Each registration's deck, a line per card (see [`DECKS_HEADER`]).
    pub decks: String,
}

/// The CSV files of an event to import. `rounds` and `corrections` may be missing (files
/// written before they existed): the rounds are then published with their clocks not started,
/// and the event has no corrections.
#[derive(Debug, Clone, Copy, Default)]
pub struct CsvImport<'a> {
    pub entrants: &'a [u8],
    pub pairings: &'a [u8],
    pub results: &'a [u8],
    pub rounds: Option<&'a [u8]>,
    pub corrections: Option<&'a [u8]>,
    /// Format 3 (with `report_log` and `reporting`); missing in older exports.
    pub reports: Option<&'a [u8]>,
    pub report_log: Option<&'a [u8]>,
    pub reporting: Option<&'a [u8]>,
    /// `decks.csv` (the registrations' decks); missing in older exports, which have none.
    pub decks: Option<&'a [u8]>,
}

/// The JSON format written now; [`READ_VERSIONS`] are read.
const FORMAT_VERSION: u32 = 3;
const READ_VERSIONS: [u32; 3] = [1, 2, 3];

/// What an import holds, parsed; `rounds` is `None` for a file without them (version 1, or no
/// `rounds.csv`).
struct Parsed<'a> {
    /// The format the file is in (CSV: 3 with the reporting files, else 2 or 1).
    version: u32,
    event: &'a EventHeader,
    entrants: &'a [EntrantRow],
    pairings: &'a [PairingRow],
    results: &'a [ResultRow],
    rounds: Option<&'a [RoundRow]>,
    corrections: &'a [CorrectionRow],
    reports: &'a [ReportRow],
    report_log: &'a [LogLineRow],
    reporting: Option<&'a ReportingRow>,
    /// The registrations' decks (JSON "decks", or `decks.csv`).
    decks: &'a [DeckRow],
}

impl Parsed<'_> {
    /// What a file of this version could not carry, for the import's notice.
    fn not_in_file(&self) -> Option<ImportNotice> {
        let mut parts = Vec::new();
        if self.rounds.is_none() {
            parts.extend([FilePart::Rounds, FilePart::Corrections]);
        }
        if self.version < 3 {
            parts.extend([
                FilePart::ResultSources,
                FilePart::Reports,
                FilePart::ReportLog,
                FilePart::ReportingSettings,
            ]);
        }
        (!parts.is_empty()).then_some(ImportNotice::NotInFile {
            version: self.version,
            parts,
        })
    }
}

fn import_err(at: ImportPlace, problem: P) -> StoreError {
    StoreError::Import(ImportRefusal { at, problem })
}

/// A text field checked like [`crate::ids::label`], refused as the import's problem.
fn text_field(field: &'static str, text: &str, max: usize, at: ImportPlace) -> Result<String> {
    checked_text(text, max).map_err(|problem| import_err(at, P::BadText { field, problem }))
}

fn check_size(at: ImportPlace, bytes: &[u8]) -> Result<()> {
    if bytes.len() > MAX_IMPORT_BYTES {
        return Err(import_err(
            at,
            P::TooLarge {
                bytes: bytes.len(),
                max: MAX_IMPORT_BYTES,
            },
        ));
    }
    Ok(())
}

impl Store {
    /// The whole event as one JSON document (pairings, results, standings).
    pub fn export_tournament(&self, id: TournamentId) -> Result<TournamentExport> {
        let info = info_in(&self.conn, id)?;
        let entrants = entrants_in(&self.conn, id)?;
        let rounds = rounds_in(&self.conn, id)?;
        let name_of: HashMap<EntrantId, &str> =
            entrants.iter().map(|e| (e.id, e.name.as_str())).collect();
        let name = |e: EntrantId| name_of.get(&e).map(|n| n.to_string()).unwrap_or_default();
        let clocks = crate::round_clock::clocks_in(&self.conn, id)?;
        let mut pairings = Vec::new();
        let mut results = Vec::new();
        let mut round_rows = Vec::new();
        for r in &rounds {
            let clock = clocks
                .iter()
                .find(|c| c.0 == r.number)
                .map_or_else(RoundClock::default, |c| c.1);
            round_rows.push(RoundRow::from_clock(r.number, r.published, clock));
            for t in &r.tables {
                pairings.push(PairingRow {
                    round: r.number,
                    stage: r.stage,
                    table: t.table,
                    player_a: name(t.a),
                    player_b: t.b.map(name),
                });
                if let Some(res) = &t.result {
                    results.push(ResultRow {
                        round: r.number,
                        table: t.table,
                        winner: name(res.winner),
                        crystals_a: res.crystals_a,
                        crystals_b: res.crystals_b,
                        source: Some(res.source),
                    });
                }
            }
        }
        Ok(TournamentExport {
            format_version: FORMAT_VERSION,
            event: EventHeader {
                name: info.name,
                date: info.date,
                format: info.format,
                first_round: info.first_round,
                seed: info.seed,
                decks_required: info.decks_required,
            },
            entrants: entrants
                .iter()
                .map(|e| EntrantRow {
                    seed: e.seed,
                    player: e.name.clone(),
                    people: e.people.clone(),
                    joined_round: e.joined_round,
                    dropped_after: e.dropped_after,
                })
                .collect(),
            pairings,
            results,
            rounds: round_rows,
            corrections: corrections_in(&self.conn, id)?
                .into_iter()
                .map(|c| CorrectionRow {
                    round: c.round,
                    table: c.table,
                    old_winner: name(c.old.0),
                    old_crystals_a: c.old.1,
                    old_crystals_b: c.old.2,
                    new_winner: name(c.new.0),
                    new_crystals_a: c.new.1,
                    new_crystals_b: c.new.2,
                    reason: c.reason,
                    corrected_at: c.corrected_at,
                })
                .collect(),
            reports: reporting::reports_of(&self.conn, id, &name)?,
            report_log: reporting::log_of(&self.conn, id)?,
            reporting: Some(reporting::setting_of(&self.conn, id)?),
            decks: crate::tournament_decks::registration_decks_in(&self.conn, id)?
                .into_iter()
                .map(|d| DeckRow {
                    player: name(d.entrant),
                    name: d.name,
                    people: d.content.people,
                    inquisitor: d.content.inquisitor,
                    emissaries_inquisitors: d.content.emissaries_inquisitors,
                    buka: d.content.buka,
                    cards: d.content.cards,
                })
                .collect(),
            standings: standing_rows(&entrants, &rounds)?
                .into_iter()
                .map(ExportedStanding::from)
                .collect(),
        })
    }

    pub fn export_tournament_json(&self, id: TournamentId) -> Result<String> {
        serde_json::to_string_pretty(&self.export_tournament(id)?)
            .map_err(|e| StoreError::Conflict(format!("cannot write JSON: {e}")))
    }
}

impl Store {
    /// Imports an event exported as JSON; returns the new event's id.
    pub fn import_tournament_json(&mut self, bytes: &[u8]) -> Result<TournamentId> {
        Ok(self.import_json(bytes)?.id)
    }

    /// Imports an event exported as JSON; returns the new event and what the file could not
    /// carry (an older format, codes to print again).
    pub fn import_json(&mut self, bytes: &[u8]) -> Result<Imported> {
        check_size(ImportPlace::JsonFile, bytes)?;
        let text = std::str::from_utf8(bytes).map_err(|e| {
            // the first bad byte is no line break, so this is the line it stands on
            let line = csv_files::line_at(bytes, e.valid_up_to() as u64);
            import_err(ImportPlace::JsonLine(line), P::NotUtf8)
        })?;
        let x: TournamentExport = serde_json::from_str(text.trim_start_matches('\u{feff}'))
            .map_err(|e| {
                import_err(
                    ImportPlace::JsonLine(e.line() as u64),
                    P::NotJson {
                        detail: e.to_string(),
                    },
                )
            })?;
        if !READ_VERSIONS.contains(&x.format_version) {
            return Err(import_err(
                ImportPlace::FormatVersion,
                P::UnknownVersion {
                    found: x.format_version,
                    max: FORMAT_VERSION,
                },
            ));
        }
        if x.format_version == 1 && (!x.rounds.is_empty() || !x.corrections.is_empty()) {
            return Err(import_err(
                ImportPlace::FormatVersion,
                P::Version1WithRounds,
            ));
        }
        let newer = !x.reports.is_empty()
            || !x.report_log.is_empty()
            || x.reporting.is_some()
            || x.results.iter().any(|r| r.source.is_some());
        if x.format_version < 3 && newer {
            return Err(import_err(
                ImportPlace::FormatVersion,
                P::OlderWithReports {
                    version: x.format_version,
                },
            ));
        }
        let loc = import_checks::Locations::json();
        let parsed = Parsed {
            version: x.format_version,
            event: &x.event,
            entrants: &x.entrants,
            pairings: &x.pairings,
            results: &x.results,
            rounds: (x.format_version >= 2).then_some(x.rounds.as_slice()),
            corrections: &x.corrections,
            reports: &x.reports,
            report_log: &x.report_log,
            reporting: x.reporting.as_ref(),
            decks: &x.decks,
        };
        self.import_checked(&parsed, &loc)
    }
}
