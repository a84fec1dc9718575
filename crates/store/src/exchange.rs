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
use crate::ids::{label, TournamentId, MAX_NAME_CHARS, MAX_PEOPLE_CHARS};
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
    fn round_clock(&self) -> std::result::Result<RoundClock, String> {
        let run = match (self.clock, self.clock_running_since_ms) {
            (ClockState::NotStarted, None) if self.clock_ran_ms == 0 => ClockRun::NotStarted,
            (ClockState::NotStarted, _) => {
                return Err("a clock not started has run no time and has no start".into())
            }
            (ClockState::Running, Some(since)) => ClockRun::Running {
                since,
                ran_ms: self.clock_ran_ms,
            },
            (ClockState::Running, None) => {
                return Err("a running clock needs clock_running_since_ms".into())
            }
            (ClockState::Paused, None) => ClockRun::Paused {
                ran_ms: self.clock_ran_ms,
            },
            (ClockState::Paused, Some(_)) => {
                return Err("a paused clock has no clock_running_since_ms".into())
            }
        };
        let clock = RoundClock {
            length_ms: self.clock_length_ms,
            run,
        };
        clock.check().map_err(|e| e.to_string())?;
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

fn import_err(location: impl Into<String>, message: impl Into<String>) -> StoreError {
    StoreError::Import {
        location: location.into(),
        message: message.into(),
    }
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
        check_size("JSON file", bytes)?;
        let text = std::str::from_utf8(bytes).map_err(|e| {
            let line = bytes[..e.valid_up_to()]
                .iter()
                .filter(|b| **b == b'\n')
                .count()
                + 1;
            import_err(format!("line {line}"), "the file is not valid UTF-8 text")
        })?;
        let x: TournamentExport = serde_json::from_str(text.trim_start_matches('\u{feff}'))
            .map_err(|e| import_err(format!("line {}", e.line()), e.to_string()))?;
        if !READ_VERSIONS.contains(&x.format_version) {
            return Err(import_err(
                "format_version",
                format!(
                    "this Tablemate reads versions 1 to {FORMAT_VERSION}, not {}",
                    x.format_version
                ),
            ));
        }
        if x.format_version == 1 && (!x.rounds.is_empty() || !x.corrections.is_empty()) {
            return Err(import_err(
                "format_version",
                "a version 1 file has no rounds or corrections; version 2 has",
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
            parse_csv("entrants.csv", entrants, &ENTRANTS_HEADER, |f, at| {
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
            parse_csv("pairings.csv", pairings, &PAIRINGS_HEADER, |f, at| {
                Ok(PairingRow {
                    round: num(&f[0], "round", at)?,
                    stage: Stage::parse(f[1].trim()).ok_or_else(|| {
                        import_err(
                            at,
                            format!("stage {:?} is not swiss, round_robin or top_cut", f[1]),
                        )
                    })?,
                    table: num(&f[2], "table", at)?,
                    player_a: text_cell(f[3].trim()),
                    player_b: non_empty(&text_cell(f[4].trim())),
                })
            })?;
        let (results, r_lines) = parse_csv("results.csv", results, &RESULTS_HEADER, |f, at| {
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
                let (rows, lines) = parse_csv("rounds.csv", bytes, &ROUNDS_HEADER, |f, at| {
                    Ok(RoundRow {
                        round: num(&f[0], "round", at)?,
                        published: f[1].trim().parse().map_err(|_| {
                            import_err(at, format!("published {:?} is not true or false", f[1]))
                        })?,
                        clock_length_ms: num(&f[2], "clock_length_ms", at)?,
                        clock: ClockState::parse(f[3].trim()).ok_or_else(|| {
                            import_err(
                                at,
                                format!("clock {:?} is not not_started, running or paused", f[3]),
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
            Some(bytes) => parse_csv("corrections.csv", bytes, &CORRECTIONS_HEADER, |f, at| {
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
            })?,
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
        let name = label("tournament name", &event.name, 200)
            .map_err(|e| import_err("event", e.to_string()))?;
        let date = check_date(&event.date).map_err(|e| import_err("event", e.to_string()))?;
        event
            .format
            .validate()
            .map_err(|e| import_err("event", e.to_string()))?;
        if entrants.len() > tournament::MAX_ENTRANTS {
            return Err(import_err(
                loc.entrant(tournament::MAX_ENTRANTS),
                format!("more than {} players", tournament::MAX_ENTRANTS),
            ));
        }
        let mut by_name: HashMap<String, usize> = HashMap::new();
        let mut seeds = HashSet::new();
        let mut clean_entrants = Vec::with_capacity(entrants.len());
        for (i, e) in entrants.iter().enumerate() {
            let at = loc.entrant(i);
            let player = label("player", &e.player, MAX_NAME_CHARS)
                .map_err(|x| import_err(&at, x.to_string()))?;
            let people = e
                .people
                .as_deref()
                .map(|p| label("people", p, MAX_PEOPLE_CHARS))
                .transpose()
                .map_err(|x| import_err(&at, x.to_string()))?;
            if by_name.insert(player.to_lowercase(), i).is_some() {
                return Err(import_err(at, format!("player {player:?} is listed twice")));
            }
            if e.seed == 0 || !seeds.insert(e.seed) {
                return Err(import_err(
                    at,
                    format!("seed {} is zero or used twice", e.seed),
                ));
            }
            if e.joined_round == 0 {
                return Err(import_err(at, "joined_round starts at 1"));
            }
            clean_entrants.push((player, people, e));
        }
        let who = |n: &str, at: &str| -> Result<usize> {
            by_name
                .get(&n.trim().to_lowercase())
                .copied()
                .ok_or_else(|| {
                    import_err(
                        at,
                        format!("player {:?} is not among the entrants", n.trim()),
                    )
                })
        };
        // rounds: number -> (stage, tables)
        let mut rounds: Vec<ParsedRound> = Vec::new();
        let mut seen_tables = HashSet::new();
        let mut seated: HashSet<(u32, usize)> = HashSet::new();
        for (i, p) in pairings.iter().enumerate() {
            let at = loc.pairing(i);
            let a = who(&p.player_a, &at)?;
            let b = p.player_b.as_deref().map(|n| who(n, &at)).transpose()?;
            if p.round == 0 || p.table == 0 {
                return Err(import_err(at, "rounds and tables are numbered from 1"));
            }
            if !seen_tables.insert((p.round, p.table)) {
                return Err(import_err(
                    at,
                    format!("round {} has two table {}", p.round, p.table),
                ));
            }
            for x in std::iter::once(a).chain(b) {
                if !seated.insert((p.round, x)) {
                    return Err(import_err(
                        &at,
                        format!(
                            "{} is paired twice in round {}",
                            clean_entrants[x].0, p.round
                        ),
                    ));
                }
            }
            if b == Some(a) {
                return Err(import_err(at, "a player cannot play themself"));
            }
            // only what the app could have written: nobody plays before joining or after
            // dropping out
            for x in std::iter::once(a).chain(b) {
                let (name, _, e) = &clean_entrants[x];
                if p.round < e.joined_round {
                    return Err(import_err(
                        &at,
                        format!(
                            "{name} plays round {} but joined in round {}",
                            p.round, e.joined_round
                        ),
                    ));
                }
                if let Some(last) = e.dropped_after.filter(|last| p.round > *last) {
                    return Err(import_err(
                        &at,
                        format!(
                            "{name} plays round {} but dropped out after round {last}",
                            p.round
                        ),
                    ));
                }
            }
            match rounds.iter_mut().find(|r| r.0 == p.round) {
                Some(r) if r.1 != p.stage => {
                    return Err(import_err(at, format!("round {} mixes stages", p.round)))
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
                    format!("round {} is missing (rounds must be 1, 2, 3…)", i + 1),
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
                    format!(
                        "{name} joins in round {} but only {} rounds were paired",
                        e.joined_round,
                        rounds.len()
                    ),
                ));
            }
            // a drop counts from the rounds already paired (`Store::drop_entrant`)
            if let Some(last) = e.dropped_after.filter(|d| *d as usize > rounds.len()) {
                return Err(import_err(
                    loc.entrant(i),
                    format!(
                        "{name} drops out after round {last} but only {} rounds were paired",
                        rounds.len()
                    ),
                ));
            }
            if e.dropped_after.is_some_and(|d| d + 1 < e.joined_round) {
                return Err(import_err(
                    loc.entrant(i),
                    format!("{name} drops out before joining"),
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
                        &at,
                        format!("there is no pairing at round {} table {}", r.round, r.table),
                    )
                })?;
            let Some(b) = table.2 else {
                return Err(import_err(
                    at,
                    format!("round {} table {} is a bye", r.round, r.table),
                ));
            };
            let w = who(&r.winner, &at)?;
            let result = tournament::MatchResult {
                a: EntrantId(table.1 as i64),
                b: EntrantId(b as i64),
                winner: EntrantId(w as i64),
                crystals_a: r.crystals_a,
                crystals_b: r.crystals_b,
            };
            result
                .validate()
                .map_err(|e| import_err(&at, e.to_string()))?;
            if decided
                .insert((r.round, r.table), (w, r.crystals_a, r.crystals_b))
                .is_some()
            {
                return Err(import_err(
                    at,
                    format!("round {} table {} has two results", r.round, r.table),
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
                        format!(
                            "round {number}, table {table} has no result, but round {} is paired",
                            last.0
                        ),
                    ));
                }
            }
        }
        let settings = round_settings(input.rounds, &rounds, loc)?;
        let corrections = check_corrections(input.corrections, &rounds, &decided, &who, loc)?;

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
        standing_rows(&stored_entrants, &stored_rounds)
            .map_err(|e| import_err(loc.pairings_name(), e.to_string()))?;
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
            return Err(import_err(
                at,
                format!("round {} was not paired", row.round),
            ));
        }
        let clock = row
            .round_clock()
            .map_err(|why| import_err(&at, format!("round {}: {why}", row.round)))?;
        if out.insert(row.round, (row.published, clock)).is_some() {
            return Err(import_err(
                at,
                format!("round {} is listed twice", row.round),
            ));
        }
    }
    if let Some(missing) = rounds.iter().find(|r| !out.contains_key(&r.0)) {
        return Err(import_err(
            loc.rounds_name(),
            format!("round {} is paired but not listed", missing.0),
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
    who: &dyn Fn(&str, &str) -> Result<usize>,
    loc: &Locations,
) -> Result<Vec<CheckedCorrection>> {
    let mut out: Vec<CheckedCorrection> = Vec::with_capacity(rows.len());
    let mut last_new: HashMap<(u32, u32), ParsedResult> = HashMap::new();
    for (i, c) in rows.iter().enumerate() {
        let at = loc.correction(i);
        let place = format!("round {} table {}", c.round, c.table);
        let seats = rounds
            .iter()
            .find(|r| r.0 == c.round)
            .and_then(|r| r.2.iter().find(|t| t.0 == c.table))
            .and_then(|t| t.2.map(|b| (t.1, b)))
            .ok_or_else(|| import_err(&at, format!("{place} is not a match")))?;
        if !decided.contains_key(&(c.round, c.table)) {
            return Err(import_err(&at, format!("{place} has no result to correct")));
        }
        let mut values = [(0, 0, 0); 2];
        for (slot, (winner, ca, cb)) in [
            (c.old_winner.as_str(), c.old_crystals_a, c.old_crystals_b),
            (c.new_winner.as_str(), c.new_crystals_a, c.new_crystals_b),
        ]
        .into_iter()
        .enumerate()
        {
            let w = who(winner, &at)?;
            tournament::MatchResult {
                a: EntrantId(seats.0 as i64),
                b: EntrantId(seats.1 as i64),
                winner: EntrantId(w as i64),
                crystals_a: ca,
                crystals_b: cb,
            }
            .validate()
            .map_err(|e| import_err(&at, format!("{place}: {e}")))?;
            values[slot] = (w, ca, cb);
        }
        let [old, new] = values;
        if let Some(before) = last_new.insert((c.round, c.table), new) {
            if before != old {
                return Err(import_err(
                    &at,
                    format!("{place}: the correction does not start from the one before it"),
                ));
            }
        }
        let reason = label("reason", &c.reason, 500).map_err(|e| import_err(&at, e.to_string()))?;
        chrono::DateTime::parse_from_rfc3339(&c.corrected_at).map_err(|_| {
            import_err(
                &at,
                format!(
                    "corrected_at {:?} is not a time like 2026-11-22T04:15:00Z",
                    c.corrected_at
                ),
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
                format!("the last correction of round {round} table {table} is not its result"),
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
    fn round(&self, i: usize) -> String {
        self.at("rounds", &self.rounds, i)
    }
    fn correction(&self, i: usize) -> String {
        self.at("corrections", &self.corrections, i)
    }
    fn file(&self, name: &'static str, csv: &'static str) -> &'static str {
        if self.json {
            name
        } else {
            csv
        }
    }
    fn results_name(&self) -> &'static str {
        self.file("results", "results.csv")
    }
    fn rounds_name(&self) -> &'static str {
        self.file("rounds", "rounds.csv")
    }
    fn corrections_name(&self) -> &'static str {
        self.file("corrections", "corrections.csv")
    }
    fn at(&self, file: &str, lines: &[u64], i: usize) -> String {
        if self.json {
            format!("{file}[{i}]")
        } else {
            format!("{file}.csv line {}", lines.get(i).copied().unwrap_or(0))
        }
    }
    fn entrant(&self, i: usize) -> String {
        self.at("entrants", &self.entrants, i)
    }
    fn pairing(&self, i: usize) -> String {
        self.at("pairings", &self.pairings, i)
    }
    fn result(&self, i: usize) -> String {
        self.at("results", &self.results, i)
    }
    fn pairings_name(&self) -> &'static str {
        self.file("pairings", "pairings.csv")
    }
}

/// The rounds' stages must fit the format: Swiss rounds (no more than announced), then the top
/// cut if there is one; or round-robin rounds only.
fn check_stages(format: &Format, rounds: &[ParsedRound], file: &str) -> Result<()> {
    let bad = |n: u32, why: String| Err(import_err(file, format!("round {n}: {why}")));
    for (i, (n, stage, _)) in rounds.iter().enumerate() {
        match (*format, *stage) {
            (Format::RoundRobin, Stage::RoundRobin) => {}
            (Format::RoundRobin, s) => {
                return bad(
                    *n,
                    format!("a round-robin event has no {} round", s.as_str()),
                )
            }
            (Format::Swiss { .. }, Stage::RoundRobin) => {
                return bad(*n, "a Swiss event has no round_robin round".into())
            }
            (Format::Swiss { rounds: swiss, .. }, Stage::Swiss) if i as u32 >= swiss => {
                return bad(*n, format!("the event has only {swiss} Swiss rounds"))
            }
            (
                Format::Swiss {
                    rounds: swiss,
                    top_cut,
                },
                Stage::TopCut,
            ) if top_cut.is_none() || (i as u32) < swiss => {
                return bad(
                    *n,
                    "a top-cut round before the Swiss rounds are done, or without a cut".into(),
                )
            }
            _ => {}
        }
    }
    Ok(())
}

fn check_size(what: &str, bytes: &[u8]) -> Result<()> {
    if bytes.len() > MAX_IMPORT_BYTES {
        return Err(import_err(
            what,
            format!(
                "{} bytes is over the {MAX_IMPORT_BYTES}-byte limit",
                bytes.len()
            ),
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

fn num<T: std::str::FromStr>(s: &str, column: &str, at: &str) -> Result<T> {
    s.trim()
        .parse()
        .map_err(|_| import_err(at, format!("{column} {:?} is not a valid number", s.trim())))
}

/// Reads a CSV file with exactly `header`; returns the rows and the line each came from.
fn parse_csv<T>(
    file: &str,
    bytes: &[u8],
    header: &[&str],
    mut row: impl FnMut(&[String], &str) -> Result<T>,
) -> Result<(Vec<T>, Vec<u64>)> {
    check_size(file, bytes)?;
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
                    format!("{file} line {line}"),
                    format!("unreadable CSV: {e}"),
                ));
            }
        }
        // The reader's own line count points at skipped blank lines; count from the byte offset.
        let line = record
            .position()
            .map_or(line_before, |p| line_at(bytes, p.byte()));
        let at = format!("{file} line {line}");
        let mut fields = Vec::with_capacity(record.len());
        for (i, f) in record.iter().enumerate() {
            let text = std::str::from_utf8(f).map_err(|_| {
                import_err(&at, format!("column {} is not valid UTF-8 text", i + 1))
            })?;
            if text.chars().count() > MAX_FIELD_CHARS {
                return Err(import_err(
                    &at,
                    format!(
                        "column {} is longer than {MAX_FIELD_CHARS} characters",
                        i + 1
                    ),
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
                    format!(
                        "expected the columns {}, found {}",
                        header.join(","),
                        fields.join(",")
                    ),
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
                format!(
                    "{} columns, expected {} ({})",
                    fields.len(),
                    header.len(),
                    header.join(",")
                ),
            ));
        }
        out.push(row(&fields, &at)?);
        lines.push(line);
    }
    if first {
        return Err(import_err(format!("{file} line 1"), "the file is empty"));
    }
    Ok((out, lines))
}
