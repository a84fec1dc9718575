//! Export and import of tournaments as CSV (entrants, pairings, results, standings) and JSON.
//!
//! Players are named, not numbered, so a file can move between databases. Import parses and checks
//! the whole input first and writes it in one transaction: a bad file is refused with the file
//! and line (or JSON item) at fault, and nothing is written.

use std::collections::{HashMap, HashSet};

use rusqlite::params;
use serde::{Deserialize, Serialize};
use tournament::{EntrantId, FirstRound, Format, Pairing};

use crate::error::{Result, StoreError};
use crate::ids::{label, TournamentId, MAX_NAME_CHARS, MAX_PEOPLE_CHARS};
use crate::tournaments::{
    check_date, entrants_in, info_in, insert_round, rounds_in, standing_rows, Entrant, RoundInfo,
    Stage, StandingRow,
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

/// A whole event, as exported to JSON. `standings` is informative: it is recomputed on import.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentExport {
    pub format_version: u32,
    pub event: EventHeader,
    pub entrants: Vec<EntrantRow>,
    pub pairings: Vec<PairingRow>,
    pub results: Vec<ResultRow>,
    #[serde(default)]
    pub standings: Vec<StandingRow>,
}

/// The CSV files of an event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvExport {
    pub entrants: String,
    pub pairings: String,
    pub results: String,
    pub standings: String,
}

const FORMAT_VERSION: u32 = 1;

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
        let mut pairings = Vec::new();
        let mut results = Vec::new();
        for r in &rounds {
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
            standings: standing_rows(&entrants, &rounds)?,
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
        let standings = x
            .standings
            .iter()
            .map(|s| {
                let st = &s.standing;
                vec![
                    st.rank.to_string(),
                    safe_cell(&s.name),
                    opt_text(s.people.as_ref()),
                    st.match_points.to_string(),
                    st.wins.to_string(),
                    st.losses.to_string(),
                    st.byes.to_string(),
                    format!("{:.4}", st.opponents_match_win.to_f64()),
                    st.crystal_difference.to_string(),
                    st.crystals_for.to_string(),
                    st.crystals_against.to_string(),
                    st.head_to_head.to_string(),
                    s.dropped.to_string(),
                ]
            })
            .collect();
        Ok(CsvExport {
            entrants: csv_text(&ENTRANTS_HEADER, entrants)?,
            pairings: csv_text(&PAIRINGS_HEADER, pairings)?,
            results: csv_text(&RESULTS_HEADER, results)?,
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
        if x.format_version != FORMAT_VERSION {
            return Err(import_err(
                "format_version",
                format!(
                    "this Tablemate reads version {FORMAT_VERSION}, not {}",
                    x.format_version
                ),
            ));
        }
        let loc = Locations::json();
        self.import_checked(&x.event, &x.entrants, &x.pairings, &x.results, &loc)
    }

    /// Imports an event from its CSV files (as written by [`Store::export_tournament_csv`]); the
    /// event's name, date and format come from `event`. Returns the new event's id.
    pub fn import_tournament_csv(
        &mut self,
        event: &EventHeader,
        entrants: &[u8],
        pairings: &[u8],
        results: &[u8],
    ) -> Result<TournamentId> {
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
        let loc = Locations {
            entrants: e_lines,
            pairings: p_lines,
            results: r_lines,
            json: false,
        };
        self.import_checked(event, &entrants, &pairings, &results, &loc)
    }

    fn import_checked(
        &mut self,
        event: &EventHeader,
        entrants: &[EntrantRow],
        pairings: &[PairingRow],
        results: &[ResultRow],
        loc: &Locations,
    ) -> Result<TournamentId> {
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
            if e.dropped_after.is_some_and(|d| d + 1 < e.joined_round) {
                return Err(import_err(
                    loc.entrant(i),
                    format!("{name} drops out before joining"),
                ));
            }
        }
        let mut decided: HashMap<(u32, u32), (usize, u8, u8)> = HashMap::new();
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
            // insert_round numbers tables 1.. with byes last; map results by the seats instead
            for &(table, a, b) in &sorted {
                let Some(&(w, ca, cb)) = decided.get(&(*number, table)) else {
                    continue;
                };
                let Some(b) = b else { continue };
                let pid: i64 = tx.query_row(
                    "SELECT id FROM pairings WHERE tournament_id = ?1 AND round = ?2
                       AND entrant_a = ?3 AND entrant_b = ?4",
                    params![id.0, number, entrant_ids[a].0, entrant_ids[b].0],
                    |r| r.get(0),
                )?;
                tx.execute(
                    "INSERT INTO results (pairing_id, winner, crystals_a, crystals_b, source, recorded_at)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                    params![pid, entrant_ids[w].0, ca, cb, ResultSource::Import.as_sql(), now],
                )?;
            }
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

/// Where each parsed row came from, for error messages.
struct Locations {
    entrants: Vec<u64>,
    pairings: Vec<u64>,
    results: Vec<u64>,
    json: bool,
}

impl Locations {
    fn json() -> Self {
        Locations {
            entrants: Vec::new(),
            pairings: Vec::new(),
            results: Vec::new(),
            json: true,
        }
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
        if self.json {
            "pairings"
        } else {
            "pairings.csv"
        }
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
