//! Games and their event logs: append, undo/redo, finish, list.
//!
//! The store treats each event as opaque JSON produced by the rules engine; it only checks that it
//! is JSON and numbers it. The state on screen is always a fold over these events.

use cards::{GameRef, Outcome};
use rusqlite::{params, OptionalExtension, Transaction, TransactionBehavior};
use serde::{Deserialize, Serialize};

use crate::card_fixes::CardFixRow;
use crate::clock::Stamp;
use crate::error::{Result, StoreError};
use crate::ids::{
    label, side_from_sql, side_sql, GameId, MatchId, PlayerId, Side, MAX_PEOPLE_CHARS,
};
use crate::log::{self, GameRecord, Written, BLUE_MOON};
use crate::matches::{self, MatchStatus};
use crate::Store;

/// Largest event accepted, in bytes: a Blue Moon event is a few hundred bytes; anything near this
/// is a bug or hostile input, refused before it can bloat the log.
pub const MAX_EVENT_BYTES: usize = 64 * 1024;
/// The most fights a game summary may count: a Blue Moon game has some dozen; more than this is
/// a typing slip, refused rather than stored.
pub const MAX_FIGHTS: u32 = 10_000;
/// The longest ruling id accepted (ids are like `bm-faq-en:123`; the schema allows 128).
pub(crate) const MAX_RULING_ID_CHARS: usize = 128;

/// A game to create.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewGame {
    pub players: [PlayerId; 2],
    /// The people (deck) each player uses, e.g. "Vulca".
    pub people: [String; 2],
    /// Who starts. `None`: in a match, the loser of the previous game (the match's first player
    /// for its first game); outside a match, player A.
    pub first: Option<Side>,
    pub match_id: Option<MatchId>,
}

/// One stored event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredEvent {
    pub seq: u32,
    /// The event as the rules engine wrote it (JSON text).
    pub payload: String,
    pub created_at: String,
}

/// How a game ended; the service fills it from the folded game state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSummary {
    pub winner: Side,
    /// Each player's people at the end (normally as at the start).
    pub people: [String; 2],
    /// Crystals the winner scored: 1 + dragons, changed by crystal cards, 1 to 7.
    pub crystals: u8,
    /// Dragons the winner held (a 4th-dragon win scores as 3).
    pub dragons: u8,
    /// Number of fights played.
    pub fights: u32,
    /// This game gives its winner the match (decided by `bluemoon::matches`): the match is
    /// recorded as finished. Only for a game of a match.
    #[serde(default)]
    pub wins_match: bool,
}

impl GameSummary {
    pub(crate) fn validate(&self) -> Result<()> {
        if !(1..=7).contains(&self.crystals) {
            return Err(StoreError::Invalid {
                field: "crystals",
                reason: format!("a game scores 1 to 7 crystals, not {}", self.crystals),
            });
        }
        if self.dragons > 3 {
            return Err(StoreError::Invalid {
                field: "dragons",
                reason: format!("a winner holds 0 to 3 dragons, not {}", self.dragons),
            });
        }
        if self.fights > MAX_FIGHTS {
            return Err(StoreError::Invalid {
                field: "fights",
                reason: format!("{} fights is not a plausible game", self.fights),
            });
        }
        Ok(())
    }
}

/// A game as listed or shown on its page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameInfo {
    pub id: GameId,
    pub match_id: Option<MatchId>,
    pub players: [PlayerId; 2],
    pub player_names: [String; 2],
    pub people: [String; 2],
    pub first: Side,
    pub created_at: String,
    pub updated_at: String,
    pub events: u32,
    /// `None` while the game is unfinished, or when it was abandoned.
    pub result: Option<GameResult>,
    /// When the players abandoned it (ended without a result); `None` otherwise.
    pub abandoned_at: Option<String>,
    /// The revision of its log: every change raises it. A write names the revision it was
    /// decided on and is refused when the log moved meanwhile ([`StoreError::Changed`]).
    pub revision: u32,
}

impl GameInfo {
    /// Neither finished with a result nor abandoned: still being played.
    pub fn is_open(&self) -> bool {
        self.result.is_none() && self.abandoned_at.is_none()
    }
}

/// What the Blue Moon table reads with a game and its log ([`Store::read_log`]): its match
/// and the card fixes (the cards each play is decided with, see the service's
/// `game/context.rs`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlueMoonRead {
    pub match_status: Option<MatchStatus>,
    pub card_fixes: Vec<CardFixRow>,
}

impl GameRecord for GameInfo {
    type Extra = BlueMoonRead;

    fn read(store: &Store, id: i64) -> Result<GameInfo> {
        store.game(GameId(id))
    }
    fn read_extra(&self, store: &Store) -> Result<BlueMoonRead> {
        Ok(BlueMoonRead {
            match_status: match self.match_id {
                Some(m) => Some(store.match_status(m)?),
                None => None,
            },
            card_fixes: store.card_fix_history_all()?,
        })
    }
    fn wrote(&mut self, written: &Written) {
        self.revision = written.revision;
        self.events = written.events;
        self.updated_at.clone_from(&written.at);
        // a tie is the game abandoned; anything else leaves (or makes) it open
        self.abandoned_at = (written.outcome == Outcome::Tie).then(|| written.at.clone());
    }
    fn game(&self) -> GameRef {
        self.id.into()
    }
    log::record_fields!();
}

/// The stored outcome of a finished game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    pub winner: Side,
    pub crystals: u8,
    pub dragons: u8,
    pub fights: u32,
    pub finished_at: String,
}

/// Which games to list. The default lists everything, unfinished games first, newest first.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameFilter {
    pub player: Option<PlayerId>,
    pub people: Option<String>,
    pub match_id: Option<MatchId>,
    /// `Some(false)`: only unfinished; `Some(true)`: only finished or abandoned.
    pub finished: Option<bool>,
    pub limit: Option<u32>,
    pub offset: Option<u32>,
}

/// What finishing a game changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finished {
    /// The match after this game, if the game belongs to one.
    pub match_status: Option<MatchStatus>,
}

const GAME_COLUMNS: &str = "g.id, g.match_id, g.player_a, g.player_b, pa.name, pb.name, g.people_a,
    g.people_b, g.first_player, g.created_at, g.updated_at,
    (SELECT COUNT(*) FROM log_events e WHERE e.log_id = g.log_id),
    g.winner, g.crystals, g.dragons, g.fights, g.finished_at, g.abandoned_at,
    (SELECT l.revision FROM game_logs l WHERE l.id = g.log_id)";

fn game_from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameInfo> {
    let winner: Option<String> = r.get(12)?;
    let result = match winner {
        Some(w) => Some(GameResult {
            winner: side_from_sql(&w)?,
            crystals: r.get(13)?,
            dragons: r.get(14)?,
            fights: r.get(15)?,
            finished_at: r.get::<_, Stamp>(16)?.to_string(),
        }),
        None => None,
    };
    Ok(GameInfo {
        id: GameId(r.get(0)?),
        match_id: r.get::<_, Option<i64>>(1)?.map(MatchId),
        players: [PlayerId(r.get(2)?), PlayerId(r.get(3)?)],
        player_names: [r.get(4)?, r.get(5)?],
        people: [r.get(6)?, r.get(7)?],
        first: side_from_sql(&r.get::<_, String>(8)?)?,
        created_at: r.get::<_, Stamp>(9)?.to_string(),
        updated_at: r.get::<_, Stamp>(10)?.to_string(),
        events: r.get(11)?,
        result,
        abandoned_at: r.get::<_, Option<Stamp>>(17)?.map(|t| t.to_string()),
        revision: r.get(18)?,
    })
}

/// Where a game stands, as far as changing its log goes.
enum Standing {
    Open,
    Finished,
    Abandoned,
}

fn standing(tx: &Transaction<'_>, game: GameId) -> Result<Standing> {
    let row: Option<(bool, bool)> = tx
        .query_row(
            "SELECT finished_at IS NOT NULL, abandoned_at IS NOT NULL FROM games WHERE id = ?1",
            [game.0],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    match row {
        None => Err(game.not_found()),
        Some((true, _)) => Ok(Standing::Finished),
        Some((false, true)) => Ok(Standing::Abandoned),
        Some((false, false)) => Ok(Standing::Open),
    }
}

/// Checks that a game exists and is still being played; returns nothing else on purpose.
pub(crate) fn ensure_open(tx: &Transaction<'_>, game: GameId) -> Result<()> {
    match standing(tx, game)? {
        Standing::Open => Ok(()),
        Standing::Finished => Err(StoreError::GameFinished(game.0)),
        Standing::Abandoned => Err(StoreError::GameAbandoned(game.0)),
    }
}

/// Whether the last event of `game` may be taken back: an open game, or an abandoned one
/// whose match has not gone on (no later game). Returns whether it was abandoned.
pub(crate) fn ensure_undoable(tx: &Transaction<'_>, game: GameId) -> Result<bool> {
    match standing(tx, game)? {
        Standing::Open => Ok(false),
        Standing::Finished => Err(StoreError::GameFinished(game.0)),
        Standing::Abandoned => {
            let later: bool = tx.query_row(
                "SELECT EXISTS (SELECT 1 FROM games g JOIN games later
                    ON later.match_id = g.match_id AND later.id > g.id WHERE g.id = ?1)",
                [game.0],
                |r| r.get(0),
            )?;
            if later {
                Err(StoreError::GameAbandoned(game.0))
            } else {
                Ok(true)
            }
        }
    }
}

/// Ended without a result: no winner.
fn mark_abandoned(tx: &Transaction<'_>, game: GameId, now: &Stamp) -> Result<()> {
    tx.execute(
        "UPDATE games SET abandoned_at = ?2 WHERE id = ?1",
        params![game.0, now],
    )?;
    BLUE_MOON.set_outcome(tx, game.0, Outcome::Tie)
}

/// Both people of a new game, checked.
pub(crate) fn game_people(people: &[String; 2]) -> Result<[String; 2]> {
    Ok([
        label("people", &people[0], MAX_PEOPLE_CHARS)?,
        label("people", &people[1], MAX_PEOPLE_CHARS)?,
    ])
}

/// Inserts a game inside `tx` after checking its players and match; returns its id.
pub(crate) fn insert_game(
    tx: &Transaction<'_>,
    new: &NewGame,
    people: &[String; 2],
    now: Stamp,
) -> Result<GameId> {
    if new.players[0] == new.players[1] {
        return Err(StoreError::Invalid {
            field: "players",
            reason: "a game needs two different players".into(),
        });
    }
    for p in new.players {
        // "player N does not exist" if not
        crate::players::name_in(tx, p)?;
    }
    let first = match new.match_id {
        Some(m) => {
            let status = matches::status_in(tx, m)?;
            if status.finished {
                return Err(StoreError::MatchFinished(m.0));
            }
            if status.players != new.players {
                return Err(StoreError::Invalid {
                    field: "players",
                    reason: format!(
                        "match {m} is between players {} and {} (in that seat order)",
                        status.players[0], status.players[1]
                    ),
                });
            }
            if let Some(open) = status.unfinished_game {
                return Err(StoreError::Conflict(format!(
                    "match {m} already has an unfinished game ({open}); finish it first"
                )));
            }
            // who starts is the rules' decision (`bluemoon::matches`), handed in by the service
            new.first.ok_or_else(|| StoreError::Invalid {
                field: "first player",
                reason: format!("a game of match {m} needs the player who starts it"),
            })?
        }
        None => new.first.unwrap_or(Side::A),
    };
    let log = log::new_log(tx)?;
    tx.execute(
        "INSERT INTO games (match_id, player_a, player_b, people_a, people_b, first_player,
                                created_at, updated_at, log_id)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?8)",
        params![
            new.match_id.map(|m| m.0),
            new.players[0].0,
            new.players[1].0,
            people[0],
            people[1],
            side_sql(first),
            now,
            log
        ],
    )?;
    Ok(GameId(tx.last_insert_rowid()))
}

/// Records how `game` ended inside `tx`, and its match's end if the game won it.
pub(crate) fn finish_in(
    tx: &Transaction<'_>,
    game: GameId,
    summary: &GameSummary,
    now: Stamp,
) -> Result<Finished> {
    let people = game_people(&summary.people)?;
    ensure_open(tx, game)?;
    tx.execute(
        "UPDATE games SET winner = ?2, crystals = ?3, dragons = ?4, fights = ?5,
                          people_a = ?6, people_b = ?7, finished_at = ?8, updated_at = ?8
         WHERE id = ?1",
        params![
            game.0,
            side_sql(summary.winner),
            summary.crystals,
            summary.dragons,
            summary.fights,
            people[0],
            people[1],
            now
        ],
    )?;
    BLUE_MOON.touch(tx, game.0, &now)?;
    BLUE_MOON.set_outcome(tx, game.0, Outcome::Won(summary.winner))?;
    BLUE_MOON.clear_redo(tx, game.0)?;
    let match_id: Option<i64> =
        tx.query_row("SELECT match_id FROM games WHERE id = ?1", [game.0], |r| {
            r.get(0)
        })?;
    let match_status = match match_id {
        Some(m) => {
            if summary.wins_match {
                matches::record_end(tx, MatchId(m), summary.winner, now)?;
            }
            Some(matches::status_in(tx, MatchId(m))?)
        }
        None if summary.wins_match => {
            return Err(StoreError::Invalid {
                field: "match",
                reason: format!("game {game} belongs to no match to win"),
            })
        }
        None => None,
    };
    Ok(Finished { match_status })
}

impl Store {
    pub(crate) fn write_tx(&mut self) -> Result<Transaction<'_>> {
        if self.disk_full {
            return Err(StoreError::DiskFull {
                path: self.path.clone().unwrap_or_default(),
            });
        }
        if self.conn.is_readonly(rusqlite::MAIN_DB)? {
            return Err(StoreError::ReadOnly {
                path: self.path.clone().unwrap_or_default(),
            });
        }
        Ok(self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?)
    }

    /// Creates a game (in a match if `match_id` is set) with no event yet, and returns its id.
    /// The table starts games with [`Store::start_game`] instead, so that no game is ever
    /// stored without its set-up; this serves games whose log is written by the caller (tests,
    /// benchmarks, imports).
    pub fn create_game(&mut self, new: &NewGame) -> Result<GameId> {
        let people = game_people(&new.people)?;
        let now = Stamp::now();
        let tx = self.write_tx()?;
        let id = insert_game(&tx, new, &people, now)?;
        tx.commit()?;
        Ok(id)
    }

    /// Creates a game (in a match if `match_id` is set) with its set-up event (JSON text, as
    /// the rules engine wrote it), in one transaction, and returns its id: a game started at
    /// the table is never stored without its set-up (older releases wrote the two apart, and
    /// a crash between them left a game no engine could continue).
    pub fn start_game(&mut self, new: &NewGame, setup: &str) -> Result<GameId> {
        let people = game_people(&new.people)?;
        check_event(setup)?;
        let now = Stamp::now();
        let tx = self.write_tx()?;
        let id = insert_game(&tx, new, &people, now)?;
        BLUE_MOON.push(&tx, id.0, setup, &now)?;
        tx.commit()?;
        Ok(id)
    }

    /// Abandons a game whose log no engine event can extend (stored by an old release without
    /// its set-up, or a log this version cannot replay to its end): it is recorded as ended
    /// without a result, its log kept as it is, and its match can go on or end. The service
    /// decides when; every other game is abandoned with its engine's event.
    pub fn abandon_game_as_is(&mut self, game: GameId, expected: u32) -> Result<()> {
        let now = Stamp::now();
        let tx = self.write_tx()?;
        ensure_open(&tx, game)?;
        BLUE_MOON.expect_revision(&tx, game.0, expected)?;
        mark_abandoned(&tx, game, &now)?;
        BLUE_MOON.touch(&tx, game.0, &now)?;
        tx.commit()?;
        Ok(())
    }

    /// Records how a game ended; in a match, finishes the match when the summary says the game
    /// won it (`wins_match`, the rules' decision). The event log is kept and becomes read-only.
    /// `expected`: as for [`Store::append`].
    pub fn finish_game(
        &mut self,
        game: GameId,
        expected: u32,
        summary: &GameSummary,
    ) -> Result<Finished> {
        summary.validate()?;
        let now = Stamp::now();
        let tx = self.write_tx()?;
        BLUE_MOON.expect_revision(&tx, game.0, expected)?;
        let finished = finish_in(&tx, game, summary, now)?;
        tx.commit()?;
        Ok(finished)
    }

    /// One game, for its page.
    pub fn game(&self, id: GameId) -> Result<GameInfo> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games g
             JOIN players pa ON pa.id = g.player_a JOIN players pb ON pb.id = g.player_b
             WHERE g.id = ?1"
        );
        self.conn
            .query_row(&sql, [id.0], game_from_row)
            .optional()?
            .ok_or_else(|| id.not_found())
    }

    /// Games matching the filter: unfinished first, then most recently changed first.
    pub fn list_games(&self, filter: &GameFilter) -> Result<Vec<GameInfo>> {
        let mut sql = format!(
            "SELECT {GAME_COLUMNS} FROM games g
             JOIN players pa ON pa.id = g.player_a JOIN players pb ON pb.id = g.player_b
             WHERE (?1 IS NULL OR g.player_a = ?1 OR g.player_b = ?1)
               AND (?2 IS NULL OR g.people_a = ?2 COLLATE NOCASE OR g.people_b = ?2 COLLATE NOCASE)
               AND (?3 IS NULL OR g.match_id = ?3)
               AND (?4 IS NULL
                    OR (g.finished_at IS NOT NULL OR g.abandoned_at IS NOT NULL) = ?4)
             ORDER BY g.finished_at IS NOT NULL OR g.abandoned_at IS NOT NULL,
                      g.updated_at DESC, g.id DESC"
        );
        sql.push_str(" LIMIT ?5 OFFSET ?6");
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let rows = stmt.query_map(
            params![
                filter.player.map(|p| p.0),
                filter.people.as_deref().map(str::trim),
                filter.match_id.map(|m| m.0),
                filter.finished,
                filter.limit.map_or(-1, i64::from),
                filter.offset.unwrap_or(0),
            ],
            game_from_row,
        )?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}

pub(crate) fn check_event(payload: &str) -> Result<()> {
    if payload.len() > MAX_EVENT_BYTES {
        return Err(StoreError::Invalid {
            field: "event",
            reason: format!(
                "{} bytes is larger than the {MAX_EVENT_BYTES}-byte limit",
                payload.len()
            ),
        });
    }
    serde_json::from_str::<serde_json::Value>(payload)
        .map(|_| ())
        .map_err(|e| StoreError::EventNotJson(e.to_string()))
}
