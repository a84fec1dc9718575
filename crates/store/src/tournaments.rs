//! Tournaments as stored: events, registrations, rounds, pairings, results and corrections. The
//! pairing and standings rules themselves live in the pure `tournament` crate.

use rusqlite::{params, OptionalExtension, Transaction};
use serde::{Deserialize, Serialize};
pub use tournament::Stage;
use tournament::{
    standings, EntrantId, EventState, FirstRound, Format, MatchResult, NextRound, PairedRound,
    Pairing, Registration, RoundRecord, Standing, Undo,
};

use crate::error::{Result, StoreError};
use crate::ids::{label, MatchId, PlayerId, TournamentId, MAX_PEOPLE_CHARS};
use crate::{clock, Store};

/// An event to create.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewTournament {
    pub name: String,
    /// `YYYY-MM-DD`.
    pub date: String,
    pub format: Format,
    pub first_round: FirstRound,
    /// Seed for random pairings; `None` picks one (and stores it, so pairings can be checked).
    pub seed: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentInfo {
    pub id: TournamentId,
    pub name: String,
    pub date: String,
    pub format: Format,
    pub first_round: FirstRound,
    pub seed: u64,
    pub rounds_paired: u32,
    pub created_at: String,
}

/// A registered player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    pub id: EntrantId,
    pub player: PlayerId,
    pub name: String,
    /// The people or deck they play.
    pub people: Option<String>,
    /// Registration order, 1-based; used for seeded pairings and as the last tie-breaker.
    pub seed: u32,
    /// The first round they could be paired in (later than 1 for a late entry).
    pub joined_round: u32,
    /// The last round they played before dropping; `None` while still in.
    pub dropped_after: Option<u32>,
}

/// How a table's result came.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResultSource {
    /// Typed by the organiser (or settled by them from players' reports).
    Typed,
    /// From a match played in the app.
    Match,
    Import,
    /// Accepted from the two players' agreeing reports (at once, or by the organiser).
    Report,
}

impl ResultSource {
    /// The value of `results.source`. Its CHECK (schema 1) predates players' reports, so a
    /// result accepted from reports is stored as `typed` and told apart by its `accept` line
    /// in the report log, the last line that set the table's result ([`SOURCE_SQL`]): no schema
    /// change, and a later typed result or correction on that table logs a `set_result` line
    /// after it, which makes it typed again.
    pub(crate) fn as_sql(self) -> &'static str {
        match self {
            ResultSource::Typed | ResultSource::Report => "typed",
            ResultSource::Match => "match",
            ResultSource::Import => "import",
        }
    }
    fn parse(text: &str) -> ResultSource {
        match text {
            "match" => ResultSource::Match,
            "import" => ResultSource::Import,
            "report" => ResultSource::Report,
            _ => ResultSource::Typed,
        }
    }
}

/// A result's source as read: `report` when the last report-log line that set the result of
/// pairing `p` is an acceptance of the players' reports (see [`ResultSource::as_sql`]).
const SOURCE_SQL: &str = "CASE WHEN r.source = 'typed' AND (
        SELECT l.action FROM report_log l
        WHERE l.pairing_id = p.id AND l.new_winner IS NOT NULL
          AND l.action IN ('accept', 'set_result')
        ORDER BY l.id DESC LIMIT 1) = 'accept'
    THEN 'report' ELSE r.source END";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableResult {
    pub winner: EntrantId,
    pub crystals_a: u8,
    pub crystals_b: u8,
    pub source: ResultSource,
    pub match_id: Option<MatchId>,
}

/// One table of a round; `b` is `None` for a bye.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    pub table: u32,
    pub a: EntrantId,
    pub b: Option<EntrantId>,
    pub result: Option<TableResult>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundInfo {
    pub number: u32,
    pub stage: Stage,
    /// Shown on the published views (projector, printouts); a prepared round is not, until the
    /// organiser publishes it.
    #[serde(default = "published_default")]
    pub published: bool,
    pub tables: Vec<Table>,
}

fn published_default() -> bool {
    true
}

impl RoundInfo {
    pub(crate) fn record(&self) -> RoundRecord {
        let mut rec = RoundRecord::default();
        for t in &self.tables {
            match t.b {
                None => rec.pairings.push(Pairing::Bye { player: t.a }),
                Some(b) => {
                    rec.pairings.push(Pairing::Match { a: t.a, b });
                    if let Some(r) = &t.result {
                        rec.results.push(MatchResult {
                            a: t.a,
                            b,
                            winner: r.winner,
                            crystals_a: r.crystals_a,
                            crystals_b: r.crystals_b,
                        });
                    }
                }
            }
        }
        rec
    }
}

/// A standings line with the player's name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingRow {
    #[serde(flatten)]
    pub standing: Standing,
    pub name: String,
    pub people: Option<String>,
    pub dropped: bool,
}

/// A logged change to a recorded result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Correction {
    pub round: u32,
    pub table: u32,
    pub old: (EntrantId, u8, u8),
    pub new: (EntrantId, u8, u8),
    pub reason: String,
    pub corrected_at: String,
}

pub(crate) fn check_date(date: &str) -> Result<String> {
    let date = date.trim();
    let bad = || StoreError::Invalid {
        field: "date",
        reason: format!("{date:?} is not a date like 2026-11-22"),
    };
    // exactly YYYY-MM-DD (chrono alone would take a sign or a five-digit year, which the
    // database's CHECK then refuses as an internal error)
    let shape = date.len() == 10
        && date.bytes().enumerate().all(|(i, b)| {
            if i == 4 || i == 7 {
                b == b'-'
            } else {
                b.is_ascii_digit()
            }
        });
    if !shape {
        return Err(bad());
    }
    chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").map_err(|_| bad())?;
    Ok(date.to_string())
}

fn format_columns(format: &Format) -> (&'static str, Option<u32>, Option<u32>) {
    match *format {
        Format::Swiss { rounds, top_cut } => ("swiss", Some(rounds), top_cut),
        Format::RoundRobin => ("round_robin", None, None),
    }
}

fn first_round_sql(f: FirstRound) -> &'static str {
    match f {
        FirstRound::Random => "random",
        FirstRound::Seeded => "seeded",
    }
}

/// A seed from the clock when the organiser gives none; it is stored with the event.
fn fresh_seed() -> u64 {
    let now = i128::from(chrono::Utc::now().timestamp_micros()) * 1000;
    (now as u64) ^ ((now >> 64) as u64) ^ 0x5DEE_CE66_D1CE_4E5B
}

pub(crate) fn info_in(conn: &rusqlite::Connection, id: TournamentId) -> Result<TournamentInfo> {
    conn.query_row(
        "SELECT name, event_date, format, swiss_rounds, top_cut, first_round, seed, created_at,
                (SELECT COUNT(*) FROM rounds r WHERE r.tournament_id = t.id)
         FROM tournaments t WHERE id = ?1",
        [id.0],
        |r| {
            let format = match r.get::<_, String>(2)?.as_str() {
                "swiss" => Format::Swiss {
                    rounds: r.get(3)?,
                    top_cut: r.get(4)?,
                },
                _ => Format::RoundRobin,
            };
            let first_round = match r.get::<_, String>(5)?.as_str() {
                "seeded" => FirstRound::Seeded,
                _ => FirstRound::Random,
            };
            Ok(TournamentInfo {
                id,
                name: r.get(0)?,
                date: r.get(1)?,
                format,
                first_round,
                seed: r.get::<_, i64>(6)? as u64,
                created_at: r.get(7)?,
                rounds_paired: r.get(8)?,
            })
        },
    )
    .optional()?
    .ok_or_else(|| id.not_found())
}

pub(crate) fn entrants_in(conn: &rusqlite::Connection, id: TournamentId) -> Result<Vec<Entrant>> {
    let mut stmt = conn.prepare_cached(
        "SELECT r.id, r.player_id, p.name, r.people, r.seed_order, r.joined_round, r.dropped_after
         FROM registrations r JOIN players p ON p.id = r.player_id
         WHERE r.tournament_id = ?1 ORDER BY r.seed_order",
    )?;
    let rows = stmt.query_map([id.0], |r| {
        Ok(Entrant {
            id: EntrantId(r.get(0)?),
            player: PlayerId(r.get(1)?),
            name: r.get(2)?,
            people: r.get(3)?,
            seed: r.get(4)?,
            joined_round: r.get(5)?,
            dropped_after: r.get(6)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

pub(crate) fn rounds_in(conn: &rusqlite::Connection, id: TournamentId) -> Result<Vec<RoundInfo>> {
    let mut rounds: Vec<RoundInfo> = {
        let mut stmt = conn.prepare_cached(
            "SELECT number, stage, published FROM rounds WHERE tournament_id = ?1 ORDER BY number",
        )?;
        let rows = stmt.query_map([id.0], |r| {
            Ok((
                r.get::<_, u32>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, bool>(2)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (number, stage, published) = row?;
            let stage = Stage::parse(&stage).ok_or_else(|| {
                StoreError::Conflict(format!("round {number} has an unknown stage {stage:?}"))
            })?;
            out.push(RoundInfo {
                number,
                stage,
                published,
                tables: Vec::new(),
            });
        }
        out
    };
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT p.round, p.table_no, p.entrant_a, p.entrant_b,
                r.winner, r.crystals_a, r.crystals_b, {SOURCE_SQL}, r.match_id
         FROM pairings p LEFT JOIN results r ON r.pairing_id = p.id
         WHERE p.tournament_id = ?1 ORDER BY p.round, p.table_no"
    ))?;
    let rows = stmt.query_map([id.0], |r| {
        let winner: Option<i64> = r.get(4)?;
        let result = match winner {
            Some(w) => Some(TableResult {
                winner: EntrantId(w),
                crystals_a: r.get(5)?,
                crystals_b: r.get(6)?,
                source: ResultSource::parse(&r.get::<_, String>(7)?),
                match_id: r.get::<_, Option<i64>>(8)?.map(MatchId),
            }),
            None => None,
        };
        Ok((
            r.get::<_, u32>(0)?,
            Table {
                table: r.get(1)?,
                a: EntrantId(r.get(2)?),
                b: r.get::<_, Option<i64>>(3)?.map(EntrantId),
                result,
            },
        ))
    })?;
    for row in rows {
        let (round, table) = row?;
        if let Some(ri) = rounds.iter_mut().find(|ri| ri.number == round) {
            ri.tables.push(table);
        }
    }
    Ok(rounds)
}

/// Writes a round (published, its clock as long as the previous round's) and its pairings
/// (byes after the matches).
pub(crate) fn insert_round(
    tx: &Transaction<'_>,
    id: TournamentId,
    number: u32,
    stage: Stage,
    pairings: &[Pairing],
) -> Result<()> {
    let clock_length = crate::round_clock::length_for_new_round(tx, id)?;
    tx.execute(
        "INSERT INTO rounds (tournament_id, number, stage, created_at, clock_length_ms)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            id.0,
            number,
            stage.as_str(),
            clock::Stamp::now(),
            clock_length
        ],
    )?;
    let mut ordered: Vec<&Pairing> = pairings
        .iter()
        .filter(|p| matches!(p, Pairing::Match { .. }))
        .collect();
    ordered.extend(pairings.iter().filter(|p| matches!(p, Pairing::Bye { .. })));
    let mut stmt = tx.prepare_cached(
        "INSERT INTO pairings (tournament_id, round, table_no, entrant_a, entrant_b)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for (i, p) in ordered.into_iter().enumerate() {
        let (a, b) = match *p {
            Pairing::Match { a, b } => (a, Some(b)),
            Pairing::Bye { player } => (player, None),
        };
        stmt.execute(params![id.0, number, i as u32 + 1, a.0, b.map(|b| b.0)])?;
    }
    Ok(())
}

/// Writes a table's first result (the caller has checked there is none).
pub(crate) fn insert_result(
    tx: &Transaction<'_>,
    pid: i64,
    winner: EntrantId,
    (ca, cb): (u8, u8),
    source: ResultSource,
    match_id: Option<MatchId>,
) -> Result<()> {
    tx.execute(
        "INSERT INTO results (pairing_id, winner, crystals_a, crystals_b, source, match_id, recorded_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![pid, winner.0, ca, cb, source.as_sql(), match_id.map(|m| m.0), clock::Stamp::now()],
    )?;
    Ok(())
}

/// The id of the pairing at `round`/`table`, with its seats; errors name what is missing.
fn pairing_at(
    tx: &rusqlite::Connection,
    id: TournamentId,
    round: u32,
    table: u32,
) -> Result<(i64, EntrantId, EntrantId)> {
    let row: Option<(i64, i64, Option<i64>)> = tx
        .query_row(
            "SELECT id, entrant_a, entrant_b FROM pairings
             WHERE tournament_id = ?1 AND round = ?2 AND table_no = ?3",
            params![id.0, round, table],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    match row {
        None => Err(StoreError::Invalid {
            field: "table",
            reason: format!("round {round} of tournament {id} has no table {table}"),
        }),
        Some((_, a, None)) => Err(StoreError::Invalid {
            field: "table",
            reason: format!(
                "table {table} of round {round} is a bye for {}; a bye has no result to record",
                EntrantId(a)
            ),
        }),
        Some((pid, a, Some(b))) => Ok((pid, EntrantId(a), EntrantId(b))),
    }
}

/// A result to write: valid, and a score a match can end with (the service checked it first
/// and worded it; this keeps the data right whoever calls).
fn check_result(a: EntrantId, b: EntrantId, winner: EntrantId, ca: u8, cb: u8) -> Result<()> {
    let result = MatchResult {
        a,
        b,
        winner,
        crystals_a: ca,
        crystals_b: cb,
    };
    let invalid = |reason: String| StoreError::Invalid {
        field: "result",
        reason,
    };
    result.validate().map_err(|e| invalid(e.to_string()))?;
    match result.score_problem() {
        Some(tournament::ReportProblem::LoserTooMany { max }) => Err(invalid(format!(
            "a match ends when a player reaches 5 crystals, so the loser has at most {max}"
        ))),
        _ => Ok(()),
    }
}

/// Registers `player` inside `tx`, joining at round `joined_round` (decided by the rules:
/// `tournament::check_entry`). Refuses only what the data cannot hold: a second registration
/// of the same player.
pub(crate) fn register_in(
    tx: &Transaction<'_>,
    id: TournamentId,
    player: PlayerId,
    people: Option<&str>,
    joined_round: u32,
) -> Result<EntrantId> {
    let already: bool = tx.query_row(
        "SELECT EXISTS (SELECT 1 FROM registrations WHERE tournament_id = ?1 AND player_id = ?2)",
        params![id.0, player.0],
        |r| r.get(0),
    )?;
    if already {
        let name = crate::players::name_in(tx, player)?;
        let event = info_in(tx, id)?.name;
        return Err(StoreError::Conflict(format!(
            "{name} is already registered for {event}"
        )));
    }
    tx.execute(
            "INSERT INTO registrations (tournament_id, player_id, people, seed_order, joined_round)
             VALUES (?1, ?2, ?3,
                     (SELECT COALESCE(MAX(seed_order), 0) + 1 FROM registrations WHERE tournament_id = ?1),
                     ?4)",
            params![id.0, player.0, people, joined_round],
        )?;
    Ok(EntrantId(tx.last_insert_rowid()))
}

/// A registration write that changed `changed` rows: exactly one, or `entrant` is not a player
/// of the event.
pub(crate) fn expect_one(changed: usize, entrant: EntrantId, info: &TournamentInfo) -> Result<()> {
    if changed == 1 {
        return Ok(());
    }
    Err(StoreError::Invalid {
        field: "entrant",
        reason: format!("{entrant} is not a player of {}", info.name),
    })
}

/// Starts a write that was decided on `decided_on` (the event's state the service read and
/// gave the rules): the state is read again inside the write transaction (IMMEDIATE, so no
/// other writer can come between) and the write is refused with [`StoreError::EventChanged`]
/// if it differs, for example another window paired a round or recorded a result meanwhile.
/// Comparing the whole state rather than a revision number needs no schema change, and the
/// state is small (an event's registrations and pairings).
pub(crate) fn expect_state(
    tx: &Transaction<'_>,
    id: TournamentId,
    decided_on: &EventState,
) -> Result<TournamentInfo> {
    let info = info_in(tx, id)?;
    if &event_state_in(tx, id)? != decided_on {
        return Err(StoreError::EventChanged { tournament: id.0 });
    }
    Ok(info)
}

impl Store {
    pub fn create_tournament(&mut self, new: &NewTournament) -> Result<TournamentId> {
        let name = label("tournament name", &new.name, 200)?;
        let date = check_date(&new.date)?;
        new.format.validate()?;
        let (format, rounds, cut) = format_columns(&new.format);
        let seed = new.seed.unwrap_or_else(fresh_seed);
        let tx = self.write_tx()?;
        tx.execute(
            "INSERT INTO tournaments (name, event_date, format, swiss_rounds, top_cut, first_round,
                                      seed, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                name,
                date,
                format,
                rounds,
                cut,
                first_round_sql(new.first_round),
                seed as i64,
                clock::Stamp::now()
            ],
        )?;
        let id = TournamentId(tx.last_insert_rowid());
        tx.commit()?;
        Ok(id)
    }

    pub fn tournament(&self, id: TournamentId) -> Result<TournamentInfo> {
        info_in(&self.conn, id)
    }

    /// All events, newest first.
    pub fn list_tournaments(&self) -> Result<Vec<TournamentInfo>> {
        let ids: Vec<i64> = {
            let mut stmt = self
                .conn
                .prepare("SELECT id FROM tournaments ORDER BY event_date DESC, id DESC")?;
            let rows = stmt.query_map([], |r| r.get(0))?;
            rows.collect::<rusqlite::Result<_>>()?
        };
        ids.into_iter()
            .map(|i| info_in(&self.conn, TournamentId(i)))
            .collect()
    }

    /// The event as the rules see it, read now: what the service gives `tournament`'s rules to
    /// decide on, and passes back with the decision (see [`expect_state`]).
    pub fn event_state(&self, id: TournamentId) -> Result<EventState> {
        event_state_in(&self.conn, id)
    }

    /// Records a registration of `player` with the people or deck they play, joining at round
    /// `joined_round` (the rules decided it on `decided_on`: `tournament::check_entry`).
    pub fn record_registration(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        player: PlayerId,
        people: Option<&str>,
        joined_round: u32,
    ) -> Result<EntrantId> {
        let people = people
            .map(|p| label("people", p, MAX_PEOPLE_CHARS))
            .transpose()?;
        let tx = self.write_tx()?;
        expect_state(&tx, id, decided_on)?;
        let entrant = register_in(&tx, id, player, people.as_deref(), joined_round)?;
        tx.commit()?;
        Ok(entrant)
    }

    /// Records several registrations by name (each player created if new), all or none: every
    /// name is checked first, and one transaction registers them, so a refused name registers
    /// nobody. They join at round `joined_round` (decided on `decided_on`).
    pub fn record_registrations(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        names: &[&str],
        people: Option<&str>,
        joined_round: u32,
    ) -> Result<Vec<EntrantId>> {
        let names = names
            .iter()
            .map(|n| crate::players::person_name(n))
            .collect::<Result<Vec<_>>>()?;
        let people = people
            .map(|p| label("people", p, MAX_PEOPLE_CHARS))
            .transpose()?;
        let tx = self.write_tx()?;
        expect_state(&tx, id, decided_on)?;
        let mut entrants = Vec::with_capacity(names.len());
        for name in &names {
            let player = crate::players::named_in(&tx, name)?;
            entrants.push(register_in(
                &tx,
                id,
                player,
                people.as_deref(),
                joined_round,
            )?);
        }
        tx.commit()?;
        Ok(entrants)
    }

    /// Records a corrected registration: the player named `name` (created if new; the player
    /// first registered keeps their record and history) playing `people`, as the rules allowed
    /// on `decided_on` (`tournament::check_registration_change`: before round 1 is paired).
    /// Refuses a name already registered for the event by someone else.
    pub fn record_registration_change(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        entrant: EntrantId,
        name: &str,
        people: Option<&str>,
    ) -> Result<()> {
        let name = crate::players::person_name(name)?;
        let people = people
            .map(|p| label("people", p, MAX_PEOPLE_CHARS))
            .transpose()?;
        let tx = self.write_tx()?;
        let info = expect_state(&tx, id, decided_on)?;
        let player = crate::players::named_in(&tx, &name)?;
        let taken: bool = tx.query_row(
            "SELECT EXISTS (SELECT 1 FROM registrations
                            WHERE tournament_id = ?1 AND player_id = ?2 AND id <> ?3)",
            params![id.0, player.0, entrant.0],
            |r| r.get(0),
        )?;
        if taken {
            return Err(StoreError::Conflict(format!(
                "{name} is already registered for {}",
                info.name
            )));
        }
        let changed = tx.execute(
            "UPDATE registrations SET player_id = ?3, people = ?4
             WHERE tournament_id = ?1 AND id = ?2",
            params![id.0, entrant.0, player.0, people],
        )?;
        expect_one(changed, entrant, &info)?;
        tx.commit()?;
        Ok(())
    }

    /// Records the removal of a registration, as the rules allowed on `decided_on` (before
    /// round 1 is paired, so nothing refers to it). The players registered after move up one
    /// seed, so seeds stay 1, 2, 3… in registration order.
    pub fn record_unregistration(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        entrant: EntrantId,
    ) -> Result<()> {
        let tx = self.write_tx()?;
        let info = expect_state(&tx, id, decided_on)?;
        let seed: Option<u32> = tx
            .query_row(
                "SELECT seed_order FROM registrations WHERE tournament_id = ?1 AND id = ?2",
                params![id.0, entrant.0],
                |r| r.get(0),
            )
            .optional()?;
        let Some(seed) = seed else {
            return expect_one(0, entrant, &info);
        };
        tx.execute(
            "DELETE FROM registrations WHERE tournament_id = ?1 AND id = ?2",
            params![id.0, entrant.0],
        )?;
        // one row at a time, in order, so (tournament, seed) stays unique throughout
        let later: Vec<i64> = {
            let mut stmt = tx.prepare_cached(
                "SELECT id FROM registrations WHERE tournament_id = ?1 AND seed_order > ?2
                 ORDER BY seed_order",
            )?;
            let rows = stmt.query_map(params![id.0, seed], |r| r.get(0))?;
            rows.collect::<rusqlite::Result<_>>()?
        };
        for e in later {
            tx.execute(
                "UPDATE registrations SET seed_order = seed_order - 1 WHERE id = ?1",
                [e],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Records a drop (`Some(round)`: not paired after that round) or its taking back (`None`),
    /// as the rules decided on `decided_on` (`tournament::check_drop`,
    /// `tournament::check_take_back_drop`).
    pub fn record_drop(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        entrant: EntrantId,
        dropped_after: Option<u32>,
    ) -> Result<()> {
        let tx = self.write_tx()?;
        let info = expect_state(&tx, id, decided_on)?;
        let changed = tx.execute(
            "UPDATE registrations SET dropped_after = ?3 WHERE tournament_id = ?1 AND id = ?2",
            params![id.0, entrant.0, dropped_after],
        )?;
        expect_one(changed, entrant, &info)?;
        tx.commit()?;
        Ok(())
    }

    pub fn entrants(&self, id: TournamentId) -> Result<Vec<Entrant>> {
        info_in(&self.conn, id)?;
        entrants_in(&self.conn, id)
    }

    pub fn rounds(&self, id: TournamentId) -> Result<Vec<RoundInfo>> {
        info_in(&self.conn, id)?;
        rounds_in(&self.conn, id)
    }

    /// Publishes the last paired round; returns its number. Refused when it is already published.
    pub fn publish_round(&mut self, id: TournamentId) -> Result<u32> {
        let tx = self.write_tx()?;
        let info = info_in(&tx, id)?;
        let last = rounds_in(&tx, id)?.pop().ok_or_else(|| {
            StoreError::Conflict(format!(
                "no round of {} has been paired yet, so there is none to publish",
                info.name
            ))
        })?;
        if last.published {
            return Err(StoreError::Conflict(format!(
                "round {} of {} is already published",
                last.number, info.name
            )));
        }
        tx.execute(
            "UPDATE rounds SET published = 1 WHERE tournament_id = ?1 AND number = ?2",
            params![id.0, last.number],
        )?;
        tx.commit()?;
        Ok(last.number)
    }

    /// Records the round the rules paired on `decided_on` (`tournament::next_round`),
    /// published or only prepared (the organiser sees a prepared round, the projector does
    /// not, until [`Store::publish_round`]), with each seat's reporting code drawn from
    /// `fresh_code` in the same transaction: a slip printed at any time after pairing carries
    /// the code that will work once reporting opens. Checks only what the data needs: the
    /// round is the next number and seats each of the event's players at most once.
    pub fn record_round(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        next: &NextRound,
        published: bool,
        fresh_code: &mut dyn FnMut() -> String,
    ) -> Result<RoundInfo> {
        let tx = self.write_tx()?;
        expect_state(&tx, id, decided_on)?;
        let expected = decided_on.rounds.len() as u32 + 1;
        if next.number != expected {
            return Err(StoreError::Conflict(format!(
                "round {} cannot be recorded: the next round is {expected}",
                next.number
            )));
        }
        let mut seated = std::collections::HashSet::new();
        for p in &next.pairings {
            let seats = match *p {
                Pairing::Match { a, b } => vec![a, b],
                Pairing::Bye { player } => vec![player],
            };
            for e in seats {
                let registered = decided_on.registrations.iter().any(|r| r.id == e);
                if !registered || !seated.insert(e) {
                    return Err(StoreError::Conflict(format!(
                        "round {} seats {e} twice or is not of this event",
                        next.number
                    )));
                }
            }
        }
        insert_round(&tx, id, next.number, next.stage, &next.pairings)?;
        if !published {
            tx.execute(
                "UPDATE rounds SET published = 0 WHERE tournament_id = ?1 AND number = ?2",
                params![id.0, next.number],
            )?;
        }
        crate::reports::ensure_codes(&tx, id, next.number, fresh_code)?;
        let round = rounds_in(&tx, id)?
            .into_iter()
            .find(|r| r.number == next.number)
            .ok_or_else(|| StoreError::Conflict(format!("round {} was not stored", next.number)))?;
        tx.commit()?;
        Ok(round)
    }

    /// Records the undoing of the last round as the rules decided on `decided_on`
    /// (`tournament::round_to_undo`): the round and its pairings go (with their seat codes,
    /// reports and report log, which belong to the pairing); the late entries made after it
    /// was paired join it when it is paired again, and the drops made after it count from the
    /// round before.
    pub fn record_undo(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        undo: &Undo,
    ) -> Result<()> {
        let tx = self.write_tx()?;
        expect_state(&tx, id, decided_on)?;
        if undo.number != decided_on.rounds.len() as u32 {
            return Err(StoreError::Conflict(format!(
                "round {} is not the last round paired",
                undo.number
            )));
        }
        let number = undo.number;
        tx.execute(
            "DELETE FROM pairings WHERE tournament_id = ?1 AND round = ?2",
            params![id.0, number],
        )?;
        tx.execute(
            "DELETE FROM rounds WHERE tournament_id = ?1 AND number = ?2",
            params![id.0, number],
        )?;
        for e in &undo.entries_moved {
            tx.execute(
                "UPDATE registrations SET joined_round = ?3 WHERE tournament_id = ?1 AND id = ?2",
                params![id.0, e.0, number],
            )?;
        }
        for e in &undo.drops_moved {
            tx.execute(
                "UPDATE registrations SET dropped_after = ?3 WHERE tournament_id = ?1 AND id = ?2",
                params![id.0, e.0, number - 1],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Records a typed-in result: the winner and each seat's crystals, decided on `decided_on`
    /// (read again inside the write with the players' reports: a report stored meanwhile makes
    /// it [`StoreError::EventChanged`]).
    #[allow(clippy::too_many_arguments)]
    pub fn record_result(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        round: u32,
        table: u32,
        winner: EntrantId,
        crystals_a: u8,
        crystals_b: u8,
    ) -> Result<()> {
        self.write_result(
            id,
            decided_on,
            (round, table),
            winner,
            (crystals_a, crystals_b),
            ResultSource::Typed,
            None,
        )
    }

    /// Records the result of a match played in the app between the two players at that table
    /// (decided on `decided_on`, as [`Store::record_result`]).
    pub fn record_result_from_match(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        round: u32,
        table: u32,
        match_id: MatchId,
    ) -> Result<()> {
        let status = self.match_status(match_id)?;
        let Some(winner_side) = status.winner else {
            return Err(StoreError::Conflict(format!(
                "match {match_id} is not finished yet"
            )));
        };
        info_in(&self.conn, id)?;
        let (_, a, b) = pairing_at(&self.conn, id, round, table)?;
        let entrants = entrants_in(&self.conn, id)?;
        let player_of = |e: EntrantId| entrants.iter().find(|x| x.id == e).map(|x| x.player);
        let (pa, pb) = (player_of(a), player_of(b));
        let crystals_of = |p: Option<PlayerId>| {
            status
                .players
                .iter()
                .position(|q| Some(*q) == p)
                .map(|i| status.crystals[i])
        };
        let (Some(ca), Some(cb)) = (crystals_of(pa), crystals_of(pb)) else {
            return Err(StoreError::Invalid {
                field: "match",
                reason: format!(
                    "match {match_id} was not played by the two players at table {table} of round {round}"
                ),
            });
        };
        let winner_player = status.players[winner_side.index()];
        let winner = if Some(winner_player) == pa { a } else { b };
        let clamp = |c: u32| u8::try_from(c).unwrap_or(u8::MAX);
        self.write_result(
            id,
            decided_on,
            (round, table),
            winner,
            (clamp(ca), clamp(cb)),
            ResultSource::Match,
            Some(match_id),
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn write_result(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        (round, table): (u32, u32),
        winner: EntrantId,
        (ca, cb): (u8, u8),
        source: ResultSource,
        match_id: Option<MatchId>,
    ) -> Result<()> {
        let tx = self.write_tx()?;
        expect_state(&tx, id, decided_on)?;
        let (pid, a, b) = pairing_at(&tx, id, round, table)?;
        check_result(a, b, winner, ca, cb)?;
        let exists: bool = tx.query_row(
            "SELECT EXISTS (SELECT 1 FROM results WHERE pairing_id = ?1)",
            [pid],
            |r| r.get(0),
        )?;
        if exists {
            return Err(StoreError::Conflict(format!(
                "table {table} of round {round} already has a result; correct it instead"
            )));
        }
        insert_result(&tx, pid, winner, (ca, cb), source, match_id)?;
        crate::reports::log_organiser_result(&tx, pid, a, None, (winner, ca, cb))?;
        tx.commit()?;
        Ok(())
    }

    /// Changes a recorded result; the old and new values and the reason go to the corrections
    /// log. Decided on `decided_on`, as [`Store::record_result`].
    #[allow(clippy::too_many_arguments)]
    pub fn correct_result(
        &mut self,
        id: TournamentId,
        decided_on: &EventState,
        round: u32,
        table: u32,
        winner: EntrantId,
        crystals_a: u8,
        crystals_b: u8,
        reason: &str,
    ) -> Result<()> {
        let reason = label("reason", reason, 500)?;
        let tx = self.write_tx()?;
        expect_state(&tx, id, decided_on)?;
        let (pid, a, b) = pairing_at(&tx, id, round, table)?;
        check_result(a, b, winner, crystals_a, crystals_b)?;
        let old: Option<(i64, u8, u8)> = tx
            .query_row(
                "SELECT winner, crystals_a, crystals_b FROM results WHERE pairing_id = ?1",
                [pid],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()?;
        let Some((ow, oa, ob)) = old else {
            return Err(StoreError::Invalid {
                field: "table",
                reason: format!("table {table} of round {round} has no result to correct"),
            });
        };
        let now = clock::Stamp::now();
        tx.execute(
            "INSERT INTO result_corrections (pairing_id, old_winner, old_crystals_a, old_crystals_b,
                 new_winner, new_crystals_a, new_crystals_b, reason, corrected_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![pid, ow, oa, ob, winner.0, crystals_a, crystals_b, reason, now],
        )?;
        tx.execute(
            "UPDATE results SET winner = ?2, crystals_a = ?3, crystals_b = ?4, source = 'typed',
                                match_id = NULL, recorded_at = ?5
             WHERE pairing_id = ?1",
            params![pid, winner.0, crystals_a, crystals_b, now],
        )?;
        crate::reports::log_organiser_result(
            &tx,
            pid,
            a,
            Some((EntrantId(ow), oa, ob)),
            (winner, crystals_a, crystals_b),
        )?;
        tx.commit()?;
        Ok(())
    }

    /// The corrections log of an event, oldest first.
    pub fn corrections(&self, id: TournamentId) -> Result<Vec<Correction>> {
        info_in(&self.conn, id)?;
        corrections_in(&self.conn, id)
    }
}

/// The corrections log of an event, oldest first (also exported).
pub(crate) fn corrections_in(
    conn: &rusqlite::Connection,
    id: TournamentId,
) -> Result<Vec<Correction>> {
    let mut stmt = conn.prepare_cached(
        "SELECT p.round, p.table_no, c.old_winner, c.old_crystals_a, c.old_crystals_b,
                    c.new_winner, c.new_crystals_a, c.new_crystals_b, c.reason, c.corrected_at
             FROM result_corrections c JOIN pairings p ON p.id = c.pairing_id
             WHERE p.tournament_id = ?1 ORDER BY c.id",
    )?;
    let rows = stmt.query_map([id.0], |r| {
        Ok(Correction {
            round: r.get(0)?,
            table: r.get(1)?,
            old: (EntrantId(r.get(2)?), r.get(3)?, r.get(4)?),
            new: (EntrantId(r.get(5)?), r.get(6)?, r.get(7)?),
            reason: r.get(8)?,
            corrected_at: r.get(9)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

impl Store {
    /// Standings over the Swiss or round-robin rounds (the top cut is a bracket, not standings).
    pub fn standings(&self, id: TournamentId) -> Result<Vec<StandingRow>> {
        info_in(&self.conn, id)?;
        let entrants = entrants_in(&self.conn, id)?;
        let rounds = rounds_in(&self.conn, id)?;
        standing_rows(&entrants, &rounds)
    }
}

/// The event as the rules see it, with the players' reports as stored.
fn event_state_in(conn: &rusqlite::Connection, id: TournamentId) -> Result<EventState> {
    let info = info_in(conn, id)?;
    let mut state = event_state(&info, &entrants_in(conn, id)?, &rounds_in(conn, id)?);
    state.reports = crate::reports::reported_seats(conn, id)?;
    Ok(state)
}

/// The event as the rules see it (without the reports: see [`event_state_in`]).
fn event_state(info: &TournamentInfo, entrants: &[Entrant], rounds: &[RoundInfo]) -> EventState {
    EventState {
        format: info.format,
        first_round: info.first_round,
        seed: info.seed,
        registrations: entrants
            .iter()
            .map(|e| Registration {
                id: e.id,
                joined_round: e.joined_round,
                dropped_after: e.dropped_after,
            })
            .collect(),
        rounds: rounds
            .iter()
            .map(|r| PairedRound {
                stage: r.stage,
                record: r.record(),
                published: r.published,
            })
            .collect(),
        reports: Vec::new(),
    }
}

pub(crate) fn standing_rows(
    entrants: &[Entrant],
    rounds: &[RoundInfo],
) -> Result<Vec<StandingRow>> {
    let ids: Vec<EntrantId> = entrants.iter().map(|e| e.id).collect();
    let records: Vec<RoundRecord> = rounds
        .iter()
        .filter(|r| r.stage != Stage::TopCut)
        .map(RoundInfo::record)
        .collect();
    let table = standings(&ids, &records)?;
    Ok(table
        .into_iter()
        .filter_map(|s| {
            let e = entrants.iter().find(|e| e.id == s.entrant)?;
            Some(StandingRow {
                name: e.name.clone(),
                people: e.people.clone(),
                dropped: e.dropped_after.is_some(),
                standing: s,
            })
        })
        .collect())
}
