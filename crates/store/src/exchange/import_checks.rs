//! The checks of an import, in memory, before anything is written: each part of the file
//! against the parts before it (the event, its players, the pairings, the results, the rounds'
//! settings, the corrections, the players' reports). A refusal names the place in the file and
//! the players or table; nothing is clamped or repaired.

use std::collections::{HashMap, HashSet};

use tournament::{EntrantId, Format, RoundClock};

use super::{import_err, text_field, CorrectionRow, EntrantRow, Parsed, RoundRow};
use crate::error::Result;
use crate::ids::{MAX_NAME_CHARS, MAX_PEOPLE_CHARS};
use crate::import_problem::{ClockProblem, ImportList, ImportPlace, ImportProblem as P};
use crate::tournaments::{check_date, Stage};

/// A parsed table: its number and seats (indexes into the entrants; no second seat for a bye).
pub(super) type ParsedTable = (u32, usize, Option<usize>);
/// A parsed round: number, stage, tables.
pub(super) type ParsedRound = (u32, Stage, Vec<ParsedTable>);
/// A result as parsed: the winner (an index into the entrants) and each seat's crystals.
pub(super) type ParsedResult = (usize, u8, u8);
/// An entrant checked: name, people, and the row.
pub(super) type CheckedEntrant<'a> = (String, Option<String>, &'a EntrantRow);

/// Everything an import writes, checked.
pub(super) struct Checked<'a> {
    pub name: String,
    pub date: String,
    pub entrants: Vec<CheckedEntrant<'a>>,
    pub rounds: Vec<ParsedRound>,
    pub decided: HashMap<(u32, u32), ParsedResult>,
    pub settings: HashMap<u32, (bool, RoundClock)>,
    pub corrections: Vec<CheckedCorrection>,
    pub reporting: super::reporting::CheckedReporting,
}

/// The players of the file by name (any case, composition or invisible characters apart:
/// `cards::person_name::key`), as indexes into the entrants.
pub(super) struct Roster {
    by_key: HashMap<String, usize>,
}

impl Roster {
    pub(super) fn who(&self, n: &str, at: ImportPlace) -> Result<usize> {
        self.by_key
            .get(&cards::person_name::key(n))
            .copied()
            .ok_or_else(|| {
                import_err(
                    at,
                    P::UnknownPlayer {
                        name: n.trim().to_string(),
                    },
                )
            })
    }
}

/// Checks the whole file against itself; `now_ms` is when the import runs (a round's clock
/// must fit it).
pub(super) fn check<'a>(input: &Parsed<'a>, loc: &Locations, now_ms: i64) -> Result<Checked<'a>> {
    let event = input.event;
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
    let (entrants, roster) = check_entrants(input.entrants, loc)?;
    let rounds = check_pairings(input.pairings, &entrants, &roster, &event.format, loc)?;
    check_entries(&entrants, &rounds, loc)?;
    let decided = check_results(input.results, &rounds, &entrants, &roster, loc)?;
    check_round_order(&rounds, &decided, input.rounds, loc)?;
    let settings = round_settings(input.rounds, &rounds, loc, now_ms)?;
    let names: Vec<&str> = entrants.iter().map(|e| e.0.as_str()).collect();
    let corrections =
        check_corrections(input.corrections, &rounds, &decided, &roster, &names, loc)?;
    let reporting = super::reporting::check(input, &rounds, &decided, &roster, &names, loc)?;
    Ok(Checked {
        name,
        date,
        entrants,
        rounds,
        decided,
        settings,
        corrections,
        reporting,
    })
}

/// The players: names one person each, seeds, the round they joined.
fn check_entrants<'a>(
    entrants: &'a [EntrantRow],
    loc: &Locations,
) -> Result<(Vec<CheckedEntrant<'a>>, Roster)> {
    if entrants.len() > tournament::MAX_ENTRANTS {
        return Err(import_err(
            loc.at(ImportList::Entrants, tournament::MAX_ENTRANTS),
            P::TooManyPlayers {
                max: tournament::MAX_ENTRANTS,
            },
        ));
    }
    let mut by_name: HashMap<String, usize> = HashMap::new();
    let mut seeds = HashSet::new();
    let mut clean_entrants = Vec::with_capacity(entrants.len());
    for (i, e) in entrants.iter().enumerate() {
        let at = loc.at(ImportList::Entrants, i);
        let player =
            cards::person_name::normalise(&e.player, MAX_NAME_CHARS).map_err(|problem| {
                import_err(
                    at,
                    P::BadName {
                        name: e.player.clone(),
                        problem,
                    },
                )
            })?;
        let people = e
            .people
            .as_deref()
            .map(|p| text_field("people", p, MAX_PEOPLE_CHARS, at))
            .transpose()?;
        if let Some(first) = by_name.insert(cards::person_name::key(&player), i) {
            let (first, _, _): &CheckedEntrant<'_> = &clean_entrants[first];
            if first.to_lowercase() == player.to_lowercase() {
                return Err(import_err(at, P::PlayerTwice { name: player }));
            }
            return Err(import_err(
                at,
                P::SamePerson {
                    first: first.clone(),
                    second: player,
                },
            ));
        }
        if e.seed == 0 || !seeds.insert(e.seed) {
            return Err(import_err(at, P::BadSeed { seed: e.seed }));
        }
        if e.joined_round == 0 {
            return Err(import_err(at, P::JoinedRoundZero));
        }
        clean_entrants.push((player, people, e));
    }
    Ok((clean_entrants, Roster { by_key: by_name }))
}

/// The pairings: every table once, every player at most once a round, and only while in the
/// event; rounds numbered from 1 without a gap, their stages fitting the format.
fn check_pairings(
    pairings: &[super::PairingRow],
    clean_entrants: &[CheckedEntrant<'_>],
    roster: &Roster,
    format: &Format,
    loc: &Locations,
) -> Result<Vec<ParsedRound>> {
    let who = |n: &str, at| roster.who(n, at);
    // rounds: number -> (stage, tables)
    let mut rounds: Vec<ParsedRound> = Vec::new();
    let mut seen_tables = HashSet::new();
    let mut seated: HashSet<(u32, usize)> = HashSet::new();
    for (i, p) in pairings.iter().enumerate() {
        let at = loc.at(ImportList::Pairings, i);
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
                loc.file(ImportList::Pairings),
                P::RoundMissing {
                    round: i as u32 + 1,
                },
            ));
        }
    }
    check_stages(format, &rounds, loc.file(ImportList::Pairings))?;
    Ok(rounds)
}

/// The entries and drops fit the rounds paired.
fn check_entries(
    clean_entrants: &[CheckedEntrant<'_>],
    rounds: &[ParsedRound],
    loc: &Locations,
) -> Result<()> {
    // a registration is a late entry into the next round to pair, never a later one
    let next_round = rounds.len() as u32 + 1;
    for (i, (name, _, e)) in clean_entrants.iter().enumerate() {
        if e.joined_round > next_round {
            return Err(import_err(
                loc.at(ImportList::Entrants, i),
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
                loc.at(ImportList::Entrants, i),
                P::DropsTooLate {
                    name: name.clone(),
                    after: last,
                    paired: rounds.len() as u32,
                },
            ));
        }
        if e.dropped_after.is_some_and(|d| d + 1 < e.joined_round) {
            return Err(import_err(
                loc.at(ImportList::Entrants, i),
                P::DropsBeforeJoining { name: name.clone() },
            ));
        }
    }
    Ok(())
}

/// The results: one per match at most, a score a match can end with.
fn check_results(
    results: &[super::ResultRow],
    rounds: &[ParsedRound],
    clean_entrants: &[CheckedEntrant<'_>],
    roster: &Roster,
    loc: &Locations,
) -> Result<HashMap<(u32, u32), ParsedResult>> {
    let who = |n: &str, at| roster.who(n, at);
    let mut decided: HashMap<(u32, u32), ParsedResult> = HashMap::new();
    for (i, r) in results.iter().enumerate() {
        let at = loc.at(ImportList::Results, i);
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
    Ok(decided)
}

/// A round is paired only once every match before it has a result, and published only once
/// the rounds before it are (the app publishes a prepared round before it pairs the next).
fn check_round_order(
    rounds: &[ParsedRound],
    decided: &HashMap<(u32, u32), ParsedResult>,
    rows: Option<&[RoundRow]>,
    loc: &Locations,
) -> Result<()> {
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
                    loc.file(ImportList::Results),
                    P::ResultMissing {
                        round: *number,
                        table: *table,
                        paired: last.0,
                    },
                ));
            }
        }
    }
    if let Some(rows) = rows {
        let published = |n: u32| rows.iter().find(|r| r.round == n).map(|r| r.published);
        for (number, _, _) in rounds.iter().skip(1) {
            let before = number - 1;
            if published(before) == Some(false) {
                let at = rows.iter().position(|r| r.round == before).map_or_else(
                    || loc.file(ImportList::Rounds),
                    |i| loc.at(ImportList::Rounds, i),
                );
                return Err(import_err(
                    at,
                    P::UnpublishedBeforePaired {
                        round: before,
                        paired: *number,
                    },
                ));
            }
        }
    }
    Ok(())
}

/// A correction checked for import, players as indexes into the entrants.
pub(super) struct CheckedCorrection {
    pub round: u32,
    pub table: u32,
    pub old: ParsedResult,
    pub new: ParsedResult,
    pub reason: String,
    pub corrected_at: String,
}

/// Each round's publishing and clock, by round number: every paired round once (none for a
/// file without rounds: then they are published with the clock not started).
fn round_settings(
    rows: Option<&[RoundRow]>,
    rounds: &[ParsedRound],
    loc: &Locations,
    now_ms: i64,
) -> Result<HashMap<u32, (bool, RoundClock)>> {
    let mut out = HashMap::new();
    let Some(rows) = rows else {
        return Ok(out);
    };
    for (i, row) in rows.iter().enumerate() {
        let at = loc.at(ImportList::Rounds, i);
        if !rounds.iter().any(|r| r.0 == row.round) {
            return Err(import_err(at, P::RoundNotPaired { round: row.round }));
        }
        let bad = |problem| {
            import_err(
                at,
                P::BadClock {
                    round: row.round,
                    problem,
                },
            )
        };
        let clock = row.round_clock().map_err(bad)?;
        // a round's clock as the organiser could have left it by now, not 2099 or a year over
        clock.plausible_at(now_ms).map_err(|p| {
            bad(match p {
                tournament::ClockImplausible::StartsLater { since } => {
                    ClockProblem::StartsLater { since_ms: since }
                }
                tournament::ClockImplausible::Overtime { over_ms } => {
                    ClockProblem::Overtime { over_ms }
                }
            })
        })?;
        if out.insert(row.round, (row.published, clock)).is_some() {
            return Err(import_err(at, P::RoundListedTwice { round: row.round }));
        }
    }
    if let Some(missing) = rounds.iter().find(|r| !out.contains_key(&r.0)) {
        return Err(import_err(
            loc.file(ImportList::Rounds),
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
    roster: &Roster,
    names: &[&str],
    loc: &Locations,
) -> Result<Vec<CheckedCorrection>> {
    let mut out: Vec<CheckedCorrection> = Vec::with_capacity(rows.len());
    let mut last_new: HashMap<(u32, u32), ParsedResult> = HashMap::new();
    for (i, c) in rows.iter().enumerate() {
        let at = loc.at(ImportList::Corrections, i);
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
            let w = roster.who(winner, at)?;
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
                loc.file(ImportList::Corrections),
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
#[derive(Default)]
pub(super) struct Locations {
    pub entrants: Vec<u64>,
    pub pairings: Vec<u64>,
    pub results: Vec<u64>,
    pub rounds: Vec<u64>,
    pub corrections: Vec<u64>,
    pub reports: Vec<u64>,
    pub report_log: Vec<u64>,
    /// The first line of each deck in `decks.csv`.
    pub decks: Vec<u64>,
    pub json: bool,
}

impl Locations {
    pub(super) fn json() -> Self {
        Locations {
            json: true,
            ..Locations::default()
        }
    }
    pub(super) fn file(&self, list: ImportList) -> ImportPlace {
        ImportPlace::List {
            list,
            csv: !self.json,
        }
    }
    /// Where row `i` of `list` came from: its index in JSON, its line in the CSV file.
    pub(super) fn at(&self, list: ImportList, i: usize) -> ImportPlace {
        let lines = match list {
            ImportList::Entrants => &self.entrants,
            ImportList::Pairings => &self.pairings,
            ImportList::Results => &self.results,
            ImportList::Rounds => &self.rounds,
            ImportList::Corrections => &self.corrections,
            ImportList::Reports => &self.reports,
            ImportList::ReportLog => &self.report_log,
            ImportList::Decks => &self.decks,
            // one settings table, no rows to count
            ImportList::Reporting => return self.file(list),
        };
        if self.json {
            ImportPlace::Item { list, index: i }
        } else {
            ImportPlace::Line {
                list,
                line: lines.get(i).copied().unwrap_or(0),
            }
        }
    }
}

/// A result (or a correction's value) the rules allow: the winner played at the table, the
/// crystals are possible and the winner is ahead. `winner` is the winner's name.
pub(super) fn check_score(
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

/// The rounds' stages must fit the format ([`Format::allows`]).
fn check_stages(format: &Format, rounds: &[ParsedRound], file: ImportPlace) -> Result<()> {
    for (i, (n, stage, _)) in rounds.iter().enumerate() {
        // the format's rule is the tournament crate's
        let fits = format.allows(i as u32, *stage);
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
