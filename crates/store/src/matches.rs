//! Matches: the record of games between two players until one reaches the target crystals.
//! The store reads and records; when a match ends and who starts its next game are decided by
//! `bluemoon::matches` (the service asks it and hands the store what to record).

use rusqlite::{params, OptionalExtension, Transaction};
use serde::{Deserialize, Serialize};

use crate::clock::Stamp;
use crate::error::{Result, StoreError};
use crate::games::{check_event, finish_in, game_people, insert_game, GameSummary, NewGame};
use crate::ids::{side_from_sql, side_sql, GameId, MatchId, PlayerId, Side};
use crate::log::BLUE_MOON;
use crate::Store;
pub use bluemoon::matches::{GameEnd, MATCH_TARGET};

/// A match's standing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchStatus {
    pub id: MatchId,
    pub players: [PlayerId; 2],
    pub target: u8,
    /// The player chosen to start the first game.
    pub first: Side,
    /// The match's games, oldest first.
    pub games: Vec<GameId>,
    /// How each of `games` ended (same order).
    pub ends: Vec<GameEnd>,
    pub unfinished_game: Option<GameId>,
    /// The match's end as recorded (decided by the rules when its last game finished).
    pub finished: bool,
    pub winner: Option<Side>,
    pub created_at: String,
}

impl MatchStatus {
    /// Crystals the player in seat `side` has won so far (the sum of the recorded scores).
    pub fn crystals_of(&self, side: Side) -> u32 {
        self.ends
            .iter()
            .map(|e| match *e {
                GameEnd::Won { winner, crystals } if winner == side => crystals,
                _ => 0,
            })
            .sum()
    }
}

pub(crate) fn status_in(conn: &rusqlite::Connection, id: MatchId) -> Result<MatchStatus> {
    let row = conn
        .query_row(
            "SELECT player_a, player_b, target_crystals, first_player, created_at, finished_at, winner
             FROM matches WHERE id = ?1",
            [id.0],
            |r| {
                Ok((
                    PlayerId(r.get(0)?),
                    PlayerId(r.get(1)?),
                    r.get::<_, u8>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, Stamp>(4)?,
                    r.get::<_, Option<Stamp>>(5)?,
                    r.get::<_, Option<i64>>(6)?,
                ))
            },
        )
        .optional()?
        .ok_or_else(|| id.not_found())?;
    let (a, b, target, first, created_at, finished_at, winner) = row;
    let mut stmt = conn.prepare_cached(
        "SELECT id, winner, crystals, abandoned_at IS NOT NULL FROM games
             WHERE match_id = ?1 ORDER BY id",
    )?;
    let games = stmt
        .query_map([id.0], |r| {
            Ok((
                GameId(r.get(0)?),
                r.get::<_, Option<String>>(1)?,
                r.get::<_, Option<u32>>(2)?,
                r.get::<_, bool>(3)?,
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let mut ends = Vec::with_capacity(games.len());
    let mut unfinished_game = None;
    for (game, w, c, abandoned) in &games {
        ends.push(match w {
            Some(w) => GameEnd::Won {
                winner: side_from_sql(w)?,
                crystals: c.unwrap_or(0),
            },
            None if *abandoned => GameEnd::Abandoned,
            None => {
                unfinished_game = Some(*game);
                GameEnd::Open
            }
        });
    }
    let winner = winner.map(|w| if w == a.0 { Side::A } else { Side::B });
    Ok(MatchStatus {
        id,
        players: [a, b],
        target,
        first: side_from_sql(&first)?,
        games: games.iter().map(|g| g.0).collect(),
        ends,
        unfinished_game,
        finished: finished_at.is_some(),
        winner,
        created_at: created_at.to_string(),
    })
}

/// Records that `winner` won the match (the rules decided it when its last game finished).
pub(crate) fn record_end(
    tx: &Transaction<'_>,
    id: MatchId,
    winner: Side,
    now: Stamp,
) -> Result<()> {
    let status = status_in(tx, id)?;
    if status.finished {
        return Err(StoreError::MatchFinished(id.0));
    }
    tx.execute(
        "UPDATE matches SET finished_at = ?2, winner = ?3 WHERE id = ?1",
        params![id.0, now, status.players[winner.index()].0],
    )?;
    Ok(())
}

/// Inserts a match between two existing players inside `tx`; returns its id.
fn insert_match(
    tx: &Transaction<'_>,
    players: [PlayerId; 2],
    first: Side,
    target: u8,
) -> Result<MatchId> {
    for p in players {
        // "player N does not exist" if not
        crate::players::name_in(tx, p)?;
    }
    tx.execute(
        "INSERT INTO matches (player_a, player_b, target_crystals, first_player, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            players[0].0,
            players[1].0,
            target,
            side_sql(first),
            Stamp::now()
        ],
    )?;
    Ok(MatchId(tx.last_insert_rowid()))
}

/// Inserts a game of match `id` between its `players` (checked by [`insert_game`]), `first`
/// starting it (the rules' decision), with its set-up event when it is played at the table
/// (`None`: a game played away from it, recorded with its result); returns its id.
fn insert_match_game(
    tx: &Transaction<'_>,
    (id, players): (MatchId, [PlayerId; 2]),
    people: [String; 2],
    first: Side,
    setup: Option<&str>,
    now: Stamp,
) -> Result<GameId> {
    let new = NewGame {
        players,
        people,
        first: Some(first),
        match_id: Some(id),
    };
    let game = insert_game(tx, &new, &new.people, now)?;
    if let Some(setup) = setup {
        BLUE_MOON.push(tx, game.0, setup, &now)?;
    }
    Ok(game)
}

/// A match going on after its game `game` ended, as the rules decided it on the match as read
/// (`seen`, read with the game's log at `revision`): the game's result to record (none for an
/// abandoned game) and the next game (none when the result ends the match).
#[derive(Debug, Clone, Copy)]
pub struct MatchNext<'a> {
    pub game: GameId,
    pub revision: u32,
    pub seen: &'a MatchStatus,
    pub result: Option<&'a GameSummary>,
    pub next: Option<NextGame<'a>>,
}

/// The match's next game: its people, who starts it (the rules' decision) and its set-up
/// event (JSON text, as the rules engine wrote it).
#[derive(Debug, Clone, Copy)]
pub struct NextGame<'a> {
    pub people: &'a [String; 2],
    pub first: Side,
    pub setup: &'a str,
}

impl Store {
    /// Records a match's next step ([`MatchNext`]) in one transaction: refused with
    /// [`StoreError::Changed`] when the game's log moved since `revision`, and with
    /// [`StoreError::MatchChanged`] when the match is no longer as `seen` (another window or
    /// process undid, abandoned, finished or started one of its games meanwhile), so a next
    /// game and its starter are never recorded from a match that has moved. Returns the next
    /// game.
    pub fn go_on(&mut self, step: &MatchNext<'_>) -> Result<Option<GameId>> {
        if let Some(summary) = step.result {
            summary.validate()?;
        }
        if let Some(next) = &step.next {
            check_event(next.setup)?;
        }
        let people = step.next.map(|n| game_people(n.people)).transpose()?;
        if !step.seen.games.contains(&step.game) {
            return Err(StoreError::Invalid {
                field: "match",
                reason: format!("game {} is not a game of match {}", step.game, step.seen.id),
            });
        }
        let now = Stamp::now();
        let tx = self.write_tx()?;
        BLUE_MOON.expect_revision(&tx, step.game.0, step.revision)?;
        if status_in(&tx, step.seen.id)? != *step.seen {
            return Err(StoreError::MatchChanged {
                match_id: step.seen.id.0,
            });
        }
        if let Some(summary) = step.result {
            finish_in(&tx, step.game, summary, now)?;
        }
        let next = match (step.next, people) {
            (Some(next), Some(people)) => Some(insert_match_game(
                &tx,
                (step.seen.id, step.seen.players),
                people,
                next.first,
                Some(next.setup),
                now,
            )?),
            _ => None,
        };
        tx.commit()?;
        Ok(next)
    }

    /// Records a game of the match played away from the table, as decided on the match as
    /// read (`seen`: who starts it, whether it wins the match, `summary.wins_match`), in one
    /// transaction with the game's row and its result: refused with
    /// [`StoreError::MatchChanged`] when the match is no longer as `seen` (a game recorded,
    /// started or undone elsewhere meanwhile), and nothing is written. Returns the game.
    pub fn record_match_game(
        &mut self,
        seen: &MatchStatus,
        people: &[String; 2],
        first: Side,
        summary: &GameSummary,
    ) -> Result<GameId> {
        summary.validate()?;
        let people = game_people(people)?;
        let now = Stamp::now();
        let tx = self.write_tx()?;
        if status_in(&tx, seen.id)? != *seen {
            return Err(StoreError::MatchChanged {
                match_id: seen.id.0,
            });
        }
        let id = insert_match_game(&tx, (seen.id, seen.players), people, first, None, now)?;
        finish_in(&tx, id, summary, now)?;
        tx.commit()?;
        Ok(id)
    }

    /// Starts a match between two players; `first` starts its first game. `target` defaults to
    /// 5 crystals.
    pub fn new_match(
        &mut self,
        players: [PlayerId; 2],
        first: Side,
        target: Option<u8>,
    ) -> Result<MatchId> {
        let target = target.unwrap_or(MATCH_TARGET);
        if !(1..=50).contains(&target) {
            return Err(StoreError::Invalid {
                field: "match target",
                reason: format!("a match goes to 1 to 50 crystals, not {target}"),
            });
        }
        if players[0] == players[1] {
            return Err(StoreError::Invalid {
                field: "players",
                reason: "a match needs two different players".into(),
            });
        }
        let tx = self.write_tx()?;
        let id = insert_match(&tx, players, first, target)?;
        tx.commit()?;
        Ok(id)
    }

    /// Starts a match (to [`MATCH_TARGET`] crystals) between the two people named (created
    /// if new; the same person whatever the case, composition or invisible characters) with
    /// its first game, `first` starting it, and that game's set-up event (JSON text, as the
    /// rules engine wrote it): one transaction, so a refusal leaves nothing behind (no player,
    /// no match without its game).
    pub fn start_match(
        &mut self,
        names: [&str; 2],
        people: &[String; 2],
        first: Side,
        setup: &str,
    ) -> Result<GameId> {
        let names = [
            crate::players::person_name(names[0])?,
            crate::players::person_name(names[1])?,
        ];
        let people = game_people(people)?;
        check_event(setup)?;
        let now = Stamp::now();
        let tx = self.write_tx()?;
        let players = [
            crate::players::named_in(&tx, &names[0])?,
            crate::players::named_in(&tx, &names[1])?,
        ];
        if players[0] == players[1] {
            return Err(StoreError::Invalid {
                field: "players",
                reason: "a match needs two different players".into(),
            });
        }
        let match_id = insert_match(&tx, players, first, MATCH_TARGET)?;
        let id = insert_match_game(&tx, (match_id, players), people, first, Some(setup), now)?;
        tx.commit()?;
        Ok(id)
    }

    pub fn match_status(&self, id: MatchId) -> Result<MatchStatus> {
        status_in(&self.conn, id)
    }

    /// Matches, unfinished first, newest first.
    pub fn list_matches(&self, unfinished_only: bool) -> Result<Vec<MatchStatus>> {
        let ids: Vec<i64> = {
            let mut stmt = self.conn.prepare_cached(
                "SELECT id FROM matches WHERE (?1 = 0 OR finished_at IS NULL)
                 ORDER BY finished_at IS NOT NULL, id DESC",
            )?;
            let rows = stmt.query_map([unfinished_only], |r| r.get(0))?;
            rows.collect::<rusqlite::Result<_>>()?
        };
        ids.into_iter()
            .map(|id| status_in(&self.conn, MatchId(id)))
            .collect()
    }
}
