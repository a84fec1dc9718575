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
use crate::ids::{label, MatchId, PlayerId, Side, TournamentId, MAX_PEOPLE_CHARS};
use crate::{clock, Store};

mod registration;
mod results;
mod rounds;
mod standings;
#[allow(unused_imports)]
pub(crate) use registration::*;
#[allow(unused_imports)]
pub(crate) use results::*;
#[allow(unused_imports)]
pub(crate) use rounds::*;
#[allow(unused_imports)]
pub(crate) use standings::*;

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
    /// Every player must register a deck before round 1 is paired.
    pub decks_required: bool,
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
    /// Every player must register a deck before round 1 is paired.
    pub decks_required: bool,
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
    /// Whether a deck is registered for them (`tournament_decks.rs`).
    #[serde(default)]
    pub deck: bool,
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
                (SELECT COUNT(*) FROM rounds r WHERE r.tournament_id = t.id), decks_required
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
                decks_required: r.get(9)?,
            })
        },
    )
    .optional()?
    .ok_or_else(|| id.not_found())
}

pub(crate) fn entrants_in(conn: &rusqlite::Connection, id: TournamentId) -> Result<Vec<Entrant>> {
    let mut stmt = conn.prepare_cached(
        "SELECT r.id, r.player_id, p.name, r.people, r.seed_order, r.joined_round, r.dropped_after,
                EXISTS (SELECT 1 FROM registration_decks d WHERE d.registration_id = r.id)
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
            deck: r.get(7)?,
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

/// Starts a write that was decided on `decided_on` (the event's state the service read and
/// gave the rules): the state is read again inside the write transaction (IMMEDIATE, so no
/// other writer can come between) and the write is refused with [`StoreError::EventChanged`]
/// if it differs, for example another window paired a round or recorded a result meanwhile.
/// Comparing the whole state rather than a revision number needs no schema change, and the
/// state is small (an event's registrations, whether each has a deck, and pairings): a deck
/// registered or taken away moves it as a registration does. One deck replaced by another does
/// not (the player has a deck before and after), which is all round 1's decision reads: it
/// waits only for players without a deck, and the deck copied is frozen once round 1 is paired.
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

/// Inserts the event's row (its name and date checked by the caller); returns its id.
pub(crate) fn insert_tournament(
    tx: &Transaction<'_>,
    event: &crate::EventHeader,
    now: &clock::Stamp,
) -> Result<TournamentId> {
    let (format, rounds, cut) = format_columns(&event.format);
    tx.execute(
        "INSERT INTO tournaments (name, event_date, format, swiss_rounds, top_cut, first_round,
                                  seed, created_at, decks_required)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            event.name,
            event.date,
            format,
            rounds,
            cut,
            first_round_sql(event.first_round),
            event.seed as i64,
            now,
            event.decks_required
        ],
    )?;
    Ok(TournamentId(tx.last_insert_rowid()))
}

impl Store {
    pub fn create_tournament(&mut self, new: &NewTournament) -> Result<TournamentId> {
        let name = label("tournament name", &new.name, 200)?;
        let date = check_date(&new.date)?;
        new.format.validate()?;
        let tx = self.write_tx()?;
        let event = crate::EventHeader {
            name,
            date,
            format: new.format,
            first_round: new.first_round,
            seed: new.seed.unwrap_or_else(fresh_seed),
            decks_required: new.decks_required,
        };
        let id = insert_tournament(&tx, &event, &clock::Stamp::now())?;
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

    pub fn entrants(&self, id: TournamentId) -> Result<Vec<Entrant>> {
        info_in(&self.conn, id)?;
        entrants_in(&self.conn, id)
    }

    pub fn rounds(&self, id: TournamentId) -> Result<Vec<RoundInfo>> {
        info_in(&self.conn, id)?;
        rounds_in(&self.conn, id)
    }
}
