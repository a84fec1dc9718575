//! Export and import of tournaments as CSV (entrants, pairings, results, standings) and JSON.
//!
//! Players are named, not numbered, so a file can move between databases. Import parses and checks
//! the whole input first and writes it in one transaction: a bad file is refused with the file
//! and line (or JSON item) at fault, and nothing is written. Export then import gives back the
//! same event (format version 2): results, the corrections log with its reasons, drops, which
//! rounds are prepared or published and each round's clock; version 1 files (without rounds and
//! corrections) are still read.

use std::collections::{HashMap, HashSet};

use rusqlite::params;
use serde::{Deserialize, Serialize};
use tournament::{ClockRun, EntrantId, FirstRound, Format, Pairing, RoundClock};

use crate::error::{Result, StoreError};
use crate::ids::{checked_text, TournamentId, MAX_NAME_CHARS, MAX_PEOPLE_CHARS};
use crate::import_problem::{
    ClockProblem, ImportList, ImportPlace, ImportProblem as P, ImportRefusal,
};
use crate::tournaments::{
    check_date, corrections_in, entrants_in, info_in, insert_round, rounds_in, standing_rows,
    Entrant, RoundInfo, Stage, StandingRow,
};
use crate::{clock, ResultSource, Store};

/// The largest import file accepted (a 64-player event is a few tens of kilobytes).
pub const MAX_IMPORT_BYTES: usize = 4 * 1024 * 1024;
/// The longest single field accepted in an import.
pub const MAX_FIELD_CHARS: usize = 500;

pub const ENTRANTS_HEADER: [&str; 5] =
    ["seed", "player", "people", "joined_round", "dropped_after"];
pub const PAIRINGS_HEADER: [&str; 5] = ["round", "stage", "table", "player_a", "player_b"];
pub const RESULTS_HEADER: [&str; 5] = ["round", "table", "winner", "crystals_a", "crystals_b"];
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
    /// Informative: read and ignored by an import (which recomputes them), so the standings of
    /// a version 1 file (with the database's entrant ids) are still read.
    #[serde(default, deserialize_with = "ignored")]
    pub standings: Vec<ExportedStanding>,
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
    pub standings: String,
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
}

/// The JSON format written now; [`READ_VERSIONS`] are read.
const FORMAT_VERSION: u32 = 2;
const READ_VERSIONS: [u32; 2] = [1, 2];

/// What an import holds, parsed; `rounds` is `None` for a file without them (version 1, or no
/// `rounds.csv`).
struct Parsed<'a> {
    event: &'a EventHeader,
    entrants: &'a [EntrantRow],
    pairings: &'a [PairingRow],
    results: &'a [ResultRow],
    rounds: Option<&'a [RoundRow]>,
    corrections: &'a [CorrectionRow],
}

fn import_err(at: ImportPlace, problem: P) -> StoreError {
    StoreError::Import(ImportRefusal { at, problem })
}

/// A text field checked like [`crate::ids::label`], refused as the import's problem.
fn text_field(field: &'static str, text: &str, max: usize, at: ImportPlace) -> Result<String> {
    checked_text(text, max).map_err(|problem| import_err(at, P::BadText { field, problem }))
}

fn csv_text(header: &[&str], rows: Vec<Vec<String>>) -> Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let io = |e: csv::Error| StoreError::Conflict(format!("cannot write CSV: {e}"));
    w.write_record(header).map_err(io)?;
    for r in rows {
        w.write_record(&r).map_err(io)?;
    }
    let bytes = w
        .into_inner()
        .map_err(|e| StoreError::Conflict(format!("cannot write CSV: {e}")))?;
    String::from_utf8(bytes).map_err(|e| StoreError::Conflict(format!("cannot write CSV: {e}")))
}

/// A free-text cell (a name, a people) made safe for spreadsheets: text that a spreadsheet would
/// run as a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return, the OWASP CSV
/// injection rule) gets a leading `'`, which spreadsheets show as text. A cell that already
/// starts with `'` gets one too, so [`text_cell`] can undo it exactly and a round trip gives the
/// same names back.
fn safe_cell(text: &str) -> String {
    match text.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r' | '\'') => format!("'{text}"),
        _ => text.to_string(),
    }
}

/// Undoes [`safe_cell`] on an imported free-text cell.
fn text_cell(cell: &str) -> String {
    cell.strip_prefix('\'').unwrap_or(cell).to_string()
}

fn opt_text(v: Option<&String>) -> String {
    v.map(|t| safe_cell(t)).unwrap_or_default()
}

fn opt(v: Option<impl ToString>) -> String {
    v.map(|x| x.to_string()).unwrap_or_default()
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

    pub fn export_tournament_csv(&self, id: TournamentId) -> Result<CsvExport> {
        let x = self.export_tournament(id)?;
        let entrants = x
            .entrants
            .iter()
            .map(|e| {
                vec![
                    e.seed.to_string(),
                    safe_cell(&e.player),
                    opt_text(e.people.as_ref()),
                    e.joined_round.to_string(),
                    opt(e.dropped_after),
                ]
            })
            .collect();
        let pairings = x
            .pairings
            .iter()
            .map(|p| {
                vec![
                    p.round.to_string(),
                    p.stage.as_str().to_string(),
                    p.table.to_string(),
                    safe_cell(&p.player_a),
                    opt_text(p.player_b.as_ref()),
                ]
            })
            .collect();
        let results = x
            .results
            .iter()
            .map(|r| {
                vec![
                    r.round.to_string(),
                    r.table.to_string(),
                    safe_cell(&r.winner),
                    r.crystals_a.to_string(),
                    r.crystals_b.to_string(),
                ]
            })
            .collect();
        let rounds = x
            .rounds
            .iter()
            .map(|r| {
                vec![
                    r.round.to_string(),
                    r.published.to_string(),
                    r.clock_length_ms.to_string(),
                    r.clock.as_str().to_string(),
                    r.clock_ran_ms.to_string(),
                    opt(r.clock_running_since_ms),
                ]
            })
            .collect();
        let corrections = x
            .corrections
            .iter()
            .map(|c| {
                vec![
                    c.round.to_string(),
                    c.table.to_string(),
                    safe_cell(&c.old_winner),
                    c.old_crystals_a.to_string(),
                    c.old_crystals_b.to_string(),
                    safe_cell(&c.new_winner),
                    c.new_crystals_a.to_string(),
                    c.new_crystals_b.to_string(),
                    safe_cell(&c.reason),
                    c.corrected_at.clone(),
                ]
            })
            .collect();
        let standings = x
            .standings
            .iter()
            .map(|st| {
                vec![
                    st.rank.to_string(),
                    safe_cell(&st.name),
                    opt_text(st.people.as_ref()),
                    st.match_points.to_string(),
                    st.wins.to_string(),
                    st.losses.to_string(),
                    st.byes.to_string(),
                    format!("{:.4}", st.opponents_match_win.to_f64()),
                    st.crystal_difference.to_string(),
                    st.crystals_for.to_string(),
                    st.crystals_against.to_string(),
                    st.head_to_head.to_string(),
                    st.dropped.to_string(),
                ]
            })
            .collect();
        Ok(CsvExport {
            entrants: csv_text(&ENTRANTS_HEADER, entrants)?,
            pairings: csv_text(&PAIRINGS_HEADER, pairings)?,
            results: csv_text(&RESULTS_HEADER, results)?,
            rounds: csv_text(&ROUNDS_HEADER, rounds)?,
            corrections: csv_text(&CORRECTIONS_HEADER, corrections)?,
            standings: csv_text(&STANDINGS_HEADER, standings)?,
        })
    }

    /// Imports an event exported as JSON; returns the new event's id.
    pub fn import_tournament_json(&mut self, bytes: &[u8]) -> Result<TournamentId> {
        check_size(ImportPlace::JsonFile, bytes)?;
        let text = std::str::from_utf8(bytes).map_err(|e| {
            let line = bytes[..e.valid_up_to()]
                .iter()
                .filter(|b| **b == b'\n')
                .count()
                + 1;
            import_err(ImportPlace::JsonLine(line as u64), P::NotUtf8)
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
        let loc = Locations::json();
        let parsed = Parsed {
            event: &x.event,
            entrants: &x.entrants,
            pairings: &x.pairings,
            results: &x.results,
            rounds: (x.format_version >= 2).then_some(x.rounds.as_slice()),
            corrections: &x.corrections,
        };
        self.import_checked(&parsed, &loc)
    }

    /// Imports an event from its entrants, pairings and results CSV files, without rounds or
    /// corrections (see [`Store::import_tournament_csv_files`]).
    pub fn import_tournament_csv(
        &mut self,
        event: &EventHeader,
        entrants: &[u8],
        pairings: &[u8],
        results: &[u8],
    ) -> Result<TournamentId> {
        self.import_tournament_csv_files(
            event,
            &CsvImport {
                entrants,
                pairings,
                results,
                rounds: None,
                corrections: None,
            },
        )
    }

    /// Imports an event from its CSV files (as written by [`Store::export_tournament_csv`]); the
    /// event's name, date and format come from `event`. Returns the new event's id.
    pub fn import_tournament_csv_files(
        &mut self,
        event: &EventHeader,
        files: &CsvImport<'_>,
    ) -> Result<TournamentId> {
        let CsvImport {
            entrants,
            pairings,
            results,
            ..
        } = *files;
        let (entrants, e_lines) =
            parse_csv(ImportList::Entrants, entrants, &ENTRANTS_HEADER, |f, at| {
                Ok(EntrantRow {
                    seed: num(&f[0], "seed", at)?,
                    player: text_cell(f[1].trim()),
                    people: non_empty(&text_cell(f[2].trim())),
                    joined_round: num(&f[3], "joined_round", at)?,
                    dropped_after: non_empty(&f[4])
                        .map(|v| num(&v, "dropped_after", at))
                        .transpose()?,
                })
            })?;
        let (pairings, p_lines) =
            parse_csv(ImportList::Pairings, pairings, &PAIRINGS_HEADER, |f, at| {
                Ok(PairingRow {
                    round: num(&f[0], "round", at)?,
                    stage: Stage::parse(f[1].trim()).ok_or_else(|| {
                        import_err(
                            at,
                            P::NotAStage {
                                value: f[1].clone(),
                            },
                        )
                    })?,
                    table: num(&f[2], "table", at)?,
                    player_a: text_cell(f[3].trim()),
                    player_b: non_empty(&text_cell(f[4].trim())),
                })
            })?;
        let (results, r_lines) =
            parse_csv(ImportList::Results, results, &RESULTS_HEADER, |f, at| {
                Ok(ResultRow {
                    round: num(&f[0], "round", at)?,
                    table: num(&f[1], "table", at)?,
                    winner: text_cell(f[2].trim()),
                    crystals_a: num(&f[3], "crystals_a", at)?,
                    crystals_b: num(&f[4], "crystals_b", at)?,
                })
            })?;
        let (rounds, o_lines) = match files.rounds {
            None => (None, Vec::new()),
            Some(bytes) => {
                let (rows, lines) =
                    parse_csv(ImportList::Rounds, bytes, &ROUNDS_HEADER, |f, at| {
                        Ok(RoundRow {
                            round: num(&f[0], "round", at)?,
                            published: f[1].trim().parse().map_err(|_| {
                                import_err(
                                    at,
                                    P::NotTrueOrFalse {
                                        column: "published",
                                        value: f[1].clone(),
                                    },
                                )
                            })?,
                            clock_length_ms: num(&f[2], "clock_length_ms", at)?,
                            clock: ClockState::parse(f[3].trim()).ok_or_else(|| {
                                import_err(
                                    at,
                                    P::NotAClockState {
                                        value: f[3].clone(),
                                    },
                                )
                            })?,
                            clock_ran_ms: num(&f[4], "clock_ran_ms", at)?,
                            clock_running_since_ms: non_empty(&f[5])
                                .map(|v| num(&v, "clock_running_since_ms", at))
                                .transpose()?,
                        })
                    })?;
                (Some(rows), lines)
            }
        };
        let (corrections, c_lines) = match files.corrections {
            None => (Vec::new(), Vec::new()),
            Some(bytes) => parse_csv(
                ImportList::Corrections,
                bytes,
                &CORRECTIONS_HEADER,
                |f, at| {
                    Ok(CorrectionRow {
                        round: num(&f[0], "round", at)?,
                        table: num(&f[1], "table", at)?,
                        old_winner: text_cell(f[2].trim()),
                        old_crystals_a: num(&f[3], "old_crystals_a", at)?,
                        old_crystals_b: num(&f[4], "old_crystals_b", at)?,
                        new_winner: text_cell(f[5].trim()),
                        new_crystals_a: num(&f[6], "new_crystals_a", at)?,
                        new_crystals_b: num(&f[7], "new_crystals_b", at)?,
                        reason: text_cell(&f[8]),
                        corrected_at: f[9].trim().to_string(),
                    })
                },
            )?,
        };
        let loc = Locations {
            entrants: e_lines,
            pairings: p_lines,
            results: r_lines,
            rounds: o_lines,
            corrections: c_lines,
            json: false,
        };
        let parsed = Parsed {
            event,
            entrants: &entrants,
            pairings: &pairings,
            results: &results,
            rounds: rounds.as_deref(),
            corrections: &corrections,
        };
        self.import_checked(&parsed, &loc)
    }

    fn import_checked(&mut self, input: &Parsed<'_>, loc: &Locations) -> Result<TournamentId> {
        let Parsed {
            event,
            entrants,
            pairings,
            results,
            ..
        } = *input;
        // 1. check everything, in memory
        let name = text_field("tournament name", &event.name, 200, ImportPlace::Event)?;
        let date = check_date(&event.date).map_err(|_| {
            import_err(
                ImportPlace::Event,
                P::NotADate {
                    value: event.date.trim().to_string(),
                },
            )
        })?;
        event.format.validate().map_err(|e| {
            import_err(
                ImportPlace::Event,
                match e {
                    tournament::TournamentError::SwissRounds { rounds } => P::SwissRounds {
                        rounds,
                        max: tournament::MAX_SWISS_ROUNDS,
                    },
                    tournament::TournamentError::TopCut { cut } => P::TopCut { cut },
                    other => P::Rules {
                        detail: other.to_string(),
                    },
                },
            )
        })?;
        if entrants.len() > tournament::MAX_ENTRANTS {
            return Err(import_err(
                loc.entrant(tournament::MAX_ENTRANTS),
                P::TooManyPlayers {
                    max: tournament::MAX_ENTRANTS,
                },
            ));
        }
        let mut by_name: HashMap<String, usize> = HashMap::new();
        let mut seeds = HashSet::new();
        let mut clean_entrants = Vec::with_capacity(entrants.len());
        for (i, e) in entrants.iter().enumerate() {
            let at = loc.entrant(i);
            let player = text_field("player", &e.player, MAX_NAME_CHARS, at)?;
            let people = e
                .people
                .as_deref()
                .map(|p| text_field("people", p, MAX_PEOPLE_CHARS, at))
                .transpose()?;
            if by_name.insert(player.to_lowercase(), i).is_some() {
                return Err(import_err(at, P::PlayerTwice { name: player }));
            }
            if e.seed == 0 || !seeds.insert(e.seed) {
                return Err(import_err(at, P::BadSeed { seed: e.seed }));
            }
            if e.joined_round == 0 {
                return Err(import_err(at, P::JoinedRoundZero));
            }
            clean_entrants.push((player, people, e));
        }
        let who = |n: &str, at: ImportPlace| -> Result<usize> {
            by_name
                .get(&n.trim().to_lowercase())
                .copied()
                .ok_or_else(|| {
                    import_err(
                        at,
                        P::UnknownPlayer {
                            name: n.trim().to_string(),
                        },
                    )
                })
        };
        // rounds: number -> (stage, tables)
        let mut rounds: Vec<ParsedRound> = Vec::new();
        let mut seen_tables = HashSet::new();
        let mut seated: HashSet<(u32, usize)> = HashSet::new();
        for (i, p) in pairings.iter().enumerate() {
            let at = loc.pairing(i);
            let a = who(&p.player_a, at)?;
            let b = p.player_b.as_deref().map(|n| who(n, at)).transpose()?;
            if p.round == 0 || p.table == 0 {
                return Err(import_err(at, P::NumberedFromOne));
            }
            if !seen_tables.insert((p.round, p.table)) {
                return Err(import_err(
                    at,
                    P::TwoTables {
                        round: p.round,
                        table: p.table,
                    },
                ));
            }
            if b == Some(a) {
                return Err(import_err(
                    at,
                    P::PlaysThemself {
                        name: clean_entrants[a].0.clone(),
                    },
                ));
            }
            for x in std::iter::once(a).chain(b) {
                if !seated.insert((p.round, x)) {
                    return Err(import_err(
                        at,
                        P::PairedTwice {
                            name: clean_entrants[x].0.clone(),
                            round: p.round,
                        },
                    ));
                }
            }
            // only what the app could have written: nobody plays before joining or after
            // dropping out
            for x in std::iter::once(a).chain(b) {
                let (name, _, e) = &clean_entrants[x];
                if p.round < e.joined_round {
                    return Err(import_err(
                        at,
                        P::PlaysBeforeJoining {
                            name: name.clone(),
                            round: p.round,
                            joined: e.joined_round,
                        },
                    ));
                }
                if let Some(last) = e.dropped_after.filter(|last| p.round > *last) {
                    return Err(import_err(
                        at,
                        P::PlaysAfterDropping {
                            name: name.clone(),
                            round: p.round,
                            dropped_after: last,
                        },
                    ));
                }
            }
            match rounds.iter_mut().find(|r| r.0 == p.round) {
                Some(r) if r.1 != p.stage => {
                    return Err(import_err(at, P::MixedStages { round: p.round }))
                }
                Some(r) => r.2.push((p.table, a, b)),
                None => rounds.push((p.round, p.stage, vec![(p.table, a, b)])),
            }
        }
        rounds.sort_by_key(|r| r.0);
        for (i, r) in rounds.iter().enumerate() {
            if r.0 != i as u32 + 1 {
                return Err(import_err(
                    loc.pairings_name(),
                    P::RoundMissing {
                        round: i as u32 + 1,
                    },
                ));
            }
        }
        check_stages(&event.format, &rounds, loc.pairings_name())?;
        // a registration is a late entry into the next round to pair, never a later one
        let next_round = rounds.len() as u32 + 1;
        for (i, (name, _, e)) in clean_entrants.iter().enumerate() {
            if e.joined_round > next_round {
                return Err(import_err(
                    loc.entrant(i),
                    P::JoinsTooLate {
                        name: name.clone(),
                        joined: e.joined_round,
                        paired: rounds.len() as u32,
                    },
                ));
            }
            // a drop counts from the rounds already paired (`Store::drop_entrant`)
            if let Some(last) = e.dropped_after.filter(|d| *d as usize > rounds.len()) {
                return Err(import_err(
                    loc.entrant(i),
                    P::DropsTooLate {
                        name: name.clone(),
                        after: last,
                        paired: rounds.len() as u32,
                    },
                ));
            }
            if e.dropped_after.is_some_and(|d| d + 1 < e.joined_round) {
                return Err(import_err(
                    loc.entrant(i),
                    P::DropsBeforeJoining { name: name.clone() },
                ));
            }
        }
        let mut decided: HashMap<(u32, u32), ParsedResult> = HashMap::new();
        for (i, r) in results.iter().enumerate() {
            let at = loc.result(i);
            let table = rounds
                .iter()
                .find(|x| x.0 == r.round)
                .and_then(|x| x.2.iter().find(|t| t.0 == r.table))
                .ok_or_else(|| {
                    import_err(
                        at,
                        P::NoSuchTable {
                            round: r.round,
                            table: r.table,
                        },
                    )
                })?;
            let Some(b) = table.2 else {
                return Err(import_err(
                    at,
                    P::ResultForBye {
                        round: r.round,
                        table: r.table,
                    },
                ));
            };
            let w = who(&r.winner, at)?;
            check_score(
                (r.round, r.table),
                (table.1, b),
                (w, r.crystals_a, r.crystals_b),
                &clean_entrants[w].0,
                at,
            )?;
            if decided
                .insert((r.round, r.table), (w, r.crystals_a, r.crystals_b))
                .is_some()
            {
                return Err(import_err(
                    at,
                    P::TwoResults {
                        round: r.round,
                        table: r.table,
                    },
                ));
            }
        }
        // a round is paired only once every match before it has a result
        if let Some((last, earlier)) = rounds.split_last() {
            for (number, _, tables) in earlier {
                let mut open: Vec<u32> = tables
                    .iter()
                    .filter(|t| t.2.is_some() && !decided.contains_key(&(*number, t.0)))
                    .map(|t| t.0)
                    .collect();
                open.sort_unstable();
                if let Some(table) = open.first() {
                    return Err(import_err(
                        loc.results_name(),
                        P::ResultMissing {
                            round: *number,
                            table: *table,
                            paired: last.0,
                        },
                    ));
                }
            }
        }
        let settings = round_settings(input.rounds, &rounds, loc)?;
        let names: Vec<&str> = clean_entrants.iter().map(|e| e.0.as_str()).collect();
        let corrections =
            check_corrections(input.corrections, &rounds, &decided, &who, &names, loc)?;

        // 2. write it, all or nothing
        let now = clock::Stamp::now();
        let tx = self.write_tx()?;
        let (format, swiss, cut) = match event.format {
            Format::Swiss { rounds, top_cut } => ("swiss", Some(rounds), top_cut),
            Format::RoundRobin => ("round_robin", None, None),
        };
        tx.execute(
            "INSERT INTO tournaments (name, event_date, format, swiss_rounds, top_cut, first_round,
                                      seed, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                name,
                date,
                format,
                swiss,
                cut,
                match event.first_round {
                    FirstRound::Random => "random",
                    FirstRound::Seeded => "seeded",
                },
                event.seed as i64,
                now
            ],
        )?;
        let id = TournamentId(tx.last_insert_rowid());
        let mut entrant_ids = Vec::with_capacity(clean_entrants.len());
        let mut pairing_ids: HashMap<(u32, u32), i64> = HashMap::new();
        for (player, people, e) in &clean_entrants {
            tx.execute(
                "INSERT INTO players (name, created_at) VALUES (?1, ?2) ON CONFLICT (name) DO NOTHING",
                params![player, now],
            )?;
            let pid: i64 = tx.query_row(
                "SELECT id FROM players WHERE name = ?1 COLLATE NOCASE",
                [player],
                |r| r.get(0),
            )?;
            tx.execute(
                "INSERT INTO registrations (tournament_id, player_id, people, seed_order,
                                            joined_round, dropped_after)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![id.0, pid, people, e.seed, e.joined_round, e.dropped_after],
            )?;
            entrant_ids.push(EntrantId(tx.last_insert_rowid()));
        }
        for (number, stage, tables) in &rounds {
            let mut sorted = tables.clone();
            sorted.sort_by_key(|t| t.0);
            let pairs: Vec<Pairing> = sorted
                .iter()
                .map(|&(_, a, b)| match b {
                    Some(b) => Pairing::Match {
                        a: entrant_ids[a],
                        b: entrant_ids[b],
                    },
                    None => Pairing::Bye {
                        player: entrant_ids[a],
                    },
                })
                .collect();
            insert_round(&tx, id, *number, *stage, &pairs)?;
            if let Some(&(published, clock)) = settings.get(number) {
                crate::round_clock::write_round(&tx, id, *number, published, clock)?;
            }
            // insert_round numbers tables 1.. with byes last; map results by the seats instead
            for &(table, a, b) in &sorted {
                let Some(b) = b else { continue };
                let pid: i64 = tx.query_row(
                    "SELECT id FROM pairings WHERE tournament_id = ?1 AND round = ?2
                       AND entrant_a = ?3 AND entrant_b = ?4",
                    params![id.0, number, entrant_ids[a].0, entrant_ids[b].0],
                    |r| r.get(0),
                )?;
                pairing_ids.insert((*number, table), pid);
                let Some(&(w, ca, cb)) = decided.get(&(*number, table)) else {
                    continue;
                };
                tx.execute(
                    "INSERT INTO results (pairing_id, winner, crystals_a, crystals_b, source, recorded_at)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                    params![pid, entrant_ids[w].0, ca, cb, ResultSource::Import.as_sql(), now],
                )?;
            }
        }
        for c in &corrections {
            let pid = pairing_ids
                .get(&(c.round, c.table))
                .copied()
                .ok_or_else(|| {
                    StoreError::Conflict(format!(
                        "round {} table {} was not stored",
                        c.round, c.table
                    ))
                })?;
            tx.execute(
                "INSERT INTO result_corrections (pairing_id, old_winner, old_crystals_a,
                     old_crystals_b, new_winner, new_crystals_a, new_crystals_b, reason, corrected_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    pid,
                    entrant_ids[c.old.0].0,
                    c.old.1,
                    c.old.2,
                    entrant_ids[c.new.0].0,
                    c.new.1,
                    c.new.2,
                    c.reason,
                    c.corrected_at
                ],
            )?;
        }
        // standings must compute (checks everything the rules crate checks)
        let stored_entrants: Vec<Entrant> = entrants_in(&tx, id)?;
        let stored_rounds: Vec<RoundInfo> = rounds_in(&tx, id)?;
        standing_rows(&stored_entrants, &stored_rounds).map_err(|e| {
            import_err(
                loc.pairings_name(),
                P::Rules {
                    detail: e.to_string(),
                },
            )
        })?;
        tx.commit()?;
        Ok(id)
    }
}

/// A parsed table: its number and seats (indexes into the entrants; no second seat for a bye).
type ParsedTable = (u32, usize, Option<usize>);
/// A parsed round: number, stage, tables.
type ParsedRound = (u32, Stage, Vec<ParsedTable>);

/// A result as parsed: the winner (an index into the entrants) and each seat's crystals.
type ParsedResult = (usize, u8, u8);

/// A correction checked for import, players as indexes into the entrants.
struct CheckedCorrection {
    round: u32,
    table: u32,
    old: ParsedResult,
    new: ParsedResult,
    reason: String,
    corrected_at: String,
}

/// Each round's publishing and clock, by round number: every paired round once (none for a
/// file without rounds: then they are published with the clock not started).
fn round_settings(
    rows: Option<&[RoundRow]>,
    rounds: &[ParsedRound],
    loc: &Locations,
) -> Result<HashMap<u32, (bool, RoundClock)>> {
    let mut out = HashMap::new();
    let Some(rows) = rows else {
        return Ok(out);
    };
    for (i, row) in rows.iter().enumerate() {
        let at = loc.round(i);
        if !rounds.iter().any(|r| r.0 == row.round) {
            return Err(import_err(at, P::RoundNotPaired { round: row.round }));
        }
        let clock = row.round_clock().map_err(|problem| {
            import_err(
                at,
                P::BadClock {
                    round: row.round,
                    problem,
                },
            )
        })?;
        if out.insert(row.round, (row.published, clock)).is_some() {
            return Err(import_err(at, P::RoundListedTwice { round: row.round }));
        }
    }
    if let Some(missing) = rounds.iter().find(|r| !out.contains_key(&r.0)) {
        return Err(import_err(
            loc.rounds_name(),
            P::RoundNotListed { round: missing.0 },
        ));
    }
    Ok(out)
}

/// The corrections log, checked: each names a table with a result and its two players, its
/// values are results the rules allow, each starts from what the one before it on that table
/// left, and the last leaves the result the file records. A log that contradicts the results
/// is refused, never rewritten.
fn check_corrections(
    rows: &[CorrectionRow],
    rounds: &[ParsedRound],
    decided: &HashMap<(u32, u32), ParsedResult>,
    who: &dyn Fn(&str, ImportPlace) -> Result<usize>,
    names: &[&str],
    loc: &Locations,
) -> Result<Vec<CheckedCorrection>> {
    let mut out: Vec<CheckedCorrection> = Vec::with_capacity(rows.len());
    let mut last_new: HashMap<(u32, u32), ParsedResult> = HashMap::new();
    for (i, c) in rows.iter().enumerate() {
        let at = loc.correction(i);
        let (round, table) = (c.round, c.table);
        let seats = rounds
            .iter()
            .find(|r| r.0 == round)
            .and_then(|r| r.2.iter().find(|t| t.0 == table))
            .and_then(|t| t.2.map(|b| (t.1, b)))
            .ok_or_else(|| import_err(at, P::CorrectionNotAMatch { round, table }))?;
        if !decided.contains_key(&(round, table)) {
            return Err(import_err(at, P::NothingToCorrect { round, table }));
        }
        let mut values = [(0, 0, 0); 2];
        for (slot, (winner, ca, cb)) in [
            (c.old_winner.as_str(), c.old_crystals_a, c.old_crystals_b),
            (c.new_winner.as_str(), c.new_crystals_a, c.new_crystals_b),
        ]
        .into_iter()
        .enumerate()
        {
            let w = who(winner, at)?;
            check_score((round, table), seats, (w, ca, cb), names[w], at)?;
            values[slot] = (w, ca, cb);
        }
        let [old, new] = values;
        if let Some(before) = last_new.insert((c.round, c.table), new) {
            if before != old {
                return Err(import_err(at, P::CorrectionGap { round, table }));
            }
        }
        let reason = text_field("reason", &c.reason, 500, at)?;
        chrono::DateTime::parse_from_rfc3339(&c.corrected_at).map_err(|_| {
            import_err(
                at,
                P::NotATime {
                    value: c.corrected_at.clone(),
                },
            )
        })?;
        out.push(CheckedCorrection {
            round: c.round,
            table: c.table,
            old,
            new,
            reason,
            corrected_at: c.corrected_at.clone(),
        });
    }
    for ((round, table), new) in &last_new {
        if decided.get(&(*round, *table)) != Some(new) {
            return Err(import_err(
                loc.corrections_name(),
                P::LastCorrectionNotResult {
                    round: *round,
                    table: *table,
                },
            ));
        }
    }
    Ok(out)
}

/// Where each parsed row came from, for error messages.
struct Locations {
    entrants: Vec<u64>,
    pairings: Vec<u64>,
    results: Vec<u64>,
    rounds: Vec<u64>,
    corrections: Vec<u64>,
    json: bool,
}

impl Locations {
    fn json() -> Self {
        Locations {
            entrants: Vec::new(),
            pairings: Vec::new(),
            results: Vec::new(),
            rounds: Vec::new(),
            corrections: Vec::new(),
            json: true,
        }
    }
    fn round(&self, i: usize) -> ImportPlace {
        self.at(ImportList::Rounds, &self.rounds, i)
    }
    fn correction(&self, i: usize) -> ImportPlace {
        self.at(ImportList::Corrections, &self.corrections, i)
    }
    fn file(&self, list: ImportList) -> ImportPlace {
        ImportPlace::List {
            list,
            csv: !self.json,
        }
    }
    fn results_name(&self) -> ImportPlace {
        self.file(ImportList::Results)
    }
    fn rounds_name(&self) -> ImportPlace {
        self.file(ImportList::Rounds)
    }
    fn corrections_name(&self) -> ImportPlace {
        self.file(ImportList::Corrections)
    }
    fn at(&self, list: ImportList, lines: &[u64], i: usize) -> ImportPlace {
        if self.json {
            ImportPlace::Item { list, index: i }
        } else {
            ImportPlace::Line {
                list,
                line: lines.get(i).copied().unwrap_or(0),
            }
        }
    }
    fn entrant(&self, i: usize) -> ImportPlace {
        self.at(ImportList::Entrants, &self.entrants, i)
    }
    fn pairing(&self, i: usize) -> ImportPlace {
        self.at(ImportList::Pairings, &self.pairings, i)
    }
    fn result(&self, i: usize) -> ImportPlace {
        self.at(ImportList::Results, &self.results, i)
    }
    fn pairings_name(&self) -> ImportPlace {
        self.file(ImportList::Pairings)
    }
}

/// A result (or a correction's value) the rules allow: the winner played at the table, the
/// crystals are possible and the winner is ahead. `winner` is the winner's name.
fn check_score(
    (round, table): (u32, u32),
    (a, b): (usize, usize),
    (w, crystals_a, crystals_b): ParsedResult,
    winner: &str,
    at: ImportPlace,
) -> Result<()> {
    if w != a && w != b {
        return Err(import_err(
            at,
            P::WinnerDidNotPlay {
                round,
                table,
                winner: winner.to_string(),
            },
        ));
    }
    let result = tournament::MatchResult {
        a: EntrantId(a as i64),
        b: EntrantId(b as i64),
        winner: EntrantId(w as i64),
        crystals_a,
        crystals_b,
    };
    match result.score_problem() {
        Some(problem) => Err(import_err(
            at,
            P::BadScore {
                round,
                table,
                problem,
            },
        )),
        None => Ok(()),
    }
}

/// The rounds' stages must fit the format: Swiss rounds (no more than announced), then the top
/// cut if there is one; or round-robin rounds only.
fn check_stages(format: &Format, rounds: &[ParsedRound], file: ImportPlace) -> Result<()> {
    for (i, (n, stage, _)) in rounds.iter().enumerate() {
        let fits = match (*format, *stage) {
            (Format::RoundRobin, s) => s == Stage::RoundRobin,
            (Format::Swiss { .. }, Stage::RoundRobin) => false,
            (Format::Swiss { rounds: swiss, .. }, Stage::Swiss) => (i as u32) < swiss,
            (
                Format::Swiss {
                    rounds: swiss,
                    top_cut,
                },
                Stage::TopCut,
            ) => top_cut.is_some() && (i as u32) >= swiss,
        };
        if !fits {
            return Err(import_err(
                file,
                P::StageOutOfPlace {
                    round: *n,
                    stage: *stage,
                    swiss_rounds: match format {
                        Format::Swiss { rounds, .. } => Some(*rounds),
                        Format::RoundRobin => None,
                    },
                },
            ));
        }
    }
    Ok(())
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

/// The 1-based line of the first non-blank byte at or after `offset`.
fn line_at(bytes: &[u8], offset: u64) -> u64 {
    let mut o = usize::try_from(offset)
        .unwrap_or(bytes.len())
        .min(bytes.len());
    while o < bytes.len() && matches!(bytes[o], b'\n' | b'\r') {
        o += 1;
    }
    bytes[..o].iter().filter(|b| **b == b'\n').count() as u64 + 1
}

fn non_empty(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_string())
}

fn num<T: std::str::FromStr>(s: &str, column: &'static str, at: ImportPlace) -> Result<T> {
    s.trim().parse().map_err(|_| {
        import_err(
            at,
            P::NotANumber {
                column,
                value: s.trim().to_string(),
            },
        )
    })
}

/// Reads a CSV file with exactly `header`; returns the rows and the line each came from.
fn parse_csv<T>(
    list: ImportList,
    bytes: &[u8],
    header: &[&str],
    mut row: impl FnMut(&[String], ImportPlace) -> Result<T>,
) -> Result<(Vec<T>, Vec<u64>)> {
    check_size(ImportPlace::List { list, csv: true }, bytes)?;
    let at_line = |line| ImportPlace::Line { list, line };
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes);
    let mut out = Vec::new();
    let mut lines = Vec::new();
    let mut record = csv::ByteRecord::new();
    let mut first = true;
    loop {
        let line_before = reader.position().line();
        match reader.read_byte_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {}
            Err(e) => {
                let line = e.position().map_or(line_before, |p| p.line());
                return Err(import_err(
                    at_line(line),
                    P::UnreadableCsv {
                        detail: e.to_string(),
                    },
                ));
            }
        }
        // The reader's own line count points at skipped blank lines; count from the byte offset.
        let line = record
            .position()
            .map_or(line_before, |p| line_at(bytes, p.byte()));
        let at = at_line(line);
        let mut fields = Vec::with_capacity(record.len());
        for (i, f) in record.iter().enumerate() {
            let text = std::str::from_utf8(f)
                .map_err(|_| import_err(at, P::ColumnNotUtf8 { column: i + 1 }))?;
            if text.chars().count() > MAX_FIELD_CHARS {
                return Err(import_err(
                    at,
                    P::ColumnTooLong {
                        column: i + 1,
                        max: MAX_FIELD_CHARS,
                    },
                ));
            }
            fields.push(text.to_string());
        }
        if first {
            first = false;
            let found: Vec<String> = fields.iter().map(|f| f.trim().to_lowercase()).collect();
            if found != header {
                return Err(import_err(
                    at,
                    P::WrongColumns {
                        expected: header.join(","),
                        found: fields.join(","),
                    },
                ));
            }
            continue;
        }
        if fields.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        if fields.len() != header.len() {
            return Err(import_err(
                at,
                P::ColumnCount {
                    found: fields.len(),
                    expected: header.len(),
                    columns: header.join(","),
                },
            ));
        }
        out.push(row(&fields, at)?);
        lines.push(line);
    }
    if first {
        return Err(import_err(at_line(1), P::EmptyFile));
    }
    Ok((out, lines))
}
