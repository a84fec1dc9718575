//! Two writers on one Blue Moon match: the next game of a match (`game_next`) is decided on
//! the match as read with the game (its games' ends decide who starts, and whether the match
//! is over), so it must be recorded only if the match is still as read.
//!
//! 1. **A rival held back** (two services on one data folder, a third writer holding the
//!    database for a moment, as the tournaments' unpair/report race does): `game_next` on an
//!    abandoned game races the abandon taken back, or a second `game_next`. Both read before
//!    either writes; the one that writes second must be refused as changed meanwhile, in the
//!    interface language, never with another refusal than the one the table now gives.
//! 2. **Separate processes**: two writer processes play, concede, abandon, undo and go on to
//!    the next game on whatever game is the table's latest, starting a new match when one
//!    ends. Afterwards every match's record must obey the rules (`bluemoon::matches`): each
//!    game started by the loser of the one before (the starter of an abandoned one), at most
//!    the last game unfinished, the match over exactly when a player has the target.

use std::time::Duration;

use bluemoon::matches::{standing, GameEnd};
use cards::Game;
use tablemate::game::{GameAction, Seat};
use tablemate::history::GameStatus;
use tablemate::table::{TableAction, TableAt};
use tablemate::{ErrorCode, Language, Service, ServiceError};

use super::{run_writers, writer_moves, Kind};

/// Set in a writer process: `data dir|seed|ops|start file`.
pub const WRITER: &str = "TABLEMATE_RACE_MATCH_WRITER";

fn abandon(svc: &mut Service, game: i64) -> Result<(), ServiceError> {
    svc.table_abandon(TableAt::blue_moon(game), true, Language::En)
        .map(|_| ())
}

/// `game_next` on an abandoned game against a rival that read the same match: the abandon
/// taken back (even tries) or a second `game_next` (odd tries), both held until each has read.
pub fn against_a_rival() -> Result<String, String> {
    const TRIES: usize = 60;
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let data = dir.path().join("data");
    let mut setup = Service::open(&data).map_err(|e| e.message)?;
    let mut first = Service::open(&data).map_err(|e| e.message)?;
    let mut rival = Service::open(&data).map_err(|e| e.message)?;
    let db = data.join("tablemate.db");
    let (mut went_on, mut changed) = (0, 0);
    for i in 0..TRIES {
        let game = Kind::BlueMoon.new_game(&mut setup);
        abandon(&mut setup, game).map_err(|e| e.message)?;
        let seen = setup
            .table_view(TableAt::blue_moon(game).game, Language::En)
            .map_err(|e| e.message)?
            .header
            .revision;
        let at = TableAt::new(Game::BlueMoon, game, Some(seen));
        let lang = if i % 4 < 2 {
            Language::En
        } else {
            Language::De
        };
        let holder = rusqlite::Connection::open(&db).map_err(|e| e.to_string())?;
        holder
            .execute_batch("BEGIN IMMEDIATE")
            .map_err(|e| e.to_string())?;
        let go = std::sync::Barrier::new(3);
        let (next_game, other, committed) = std::thread::scope(|s| {
            let next_game = s.spawn(|| {
                go.wait();
                first.game_next(at, lang).map(|v| v.id)
            });
            let other = s.spawn(|| {
                go.wait();
                if i % 2 == 0 {
                    rival.table_undo(at, lang).map(|v| v.header.game.id)
                } else {
                    rival.game_next(at, lang).map(|v| v.id)
                }
            });
            go.wait();
            std::thread::sleep(Duration::from_millis(3));
            let committed = holder.execute_batch("COMMIT");
            (next_game.join(), other.join(), committed)
        });
        committed.map_err(|e| e.to_string())?;
        let next_game = next_game.map_err(|_| "game_next panicked".to_owned())?;
        let other = other.map_err(|_| "the rival panicked".to_owned())?;
        let what = if i % 2 == 0 { "undo" } else { "game_next" };
        if next_game.is_ok() == other.is_ok() {
            return Err(format!(
                "try {i}: game_next {next_game:?} and the rival's {what} {other:?}: exactly one \
                 may be recorded"
            ));
        }
        for (who, r) in [("game_next", &next_game), (what, &other)] {
            let Err(e) = r else { continue };
            if e.code == ErrorCode::Changed {
                changed += 1;
                let names = if lang == Language::En {
                    "Ann and Ben"
                } else {
                    "Ann und Ben"
                };
                if !e.message.contains(names) {
                    return Err(format!("try {i}: {who} refused without the players: {e:?}"));
                }
                continue;
            }
            // read after the other's write: the table's own refusal, the same when asked again
            let again = if who == "undo" {
                rival.table_undo(at, lang).map(|v| v.header.game.id)
            } else {
                first
                    .game_next(TableAt::blue_moon(game), lang)
                    .map(|v| v.id)
            };
            match again {
                Err(a) if a.code == e.code && a.message == e.message => {}
                a => {
                    return Err(format!(
                        "try {i}: {who} was refused with {e:?}, which is neither \"changed \
                         meanwhile\" nor what the table says now ({a:?})"
                    ))
                }
            }
        }
        if next_game.is_ok() || (i % 2 == 1 && other.is_ok()) {
            went_on += 1;
        }
        let m = match_of(&setup, game)?;
        obeys_the_rules(&setup, m).map_err(|e| format!("try {i}: {e}"))?;
        // leave no game open for the next try's new match
        if let Some(open) = setup
            .match_view_by_id(m)
            .map_err(|e| e.message)?
            .unfinished_game
        {
            abandon(&mut setup, open).map_err(|e| e.message)?;
        }
    }
    if changed == 0 {
        return Err(format!(
            "in {TRIES} tries no write met a match changed meanwhile: the race was not run"
        ));
    }
    Ok(format!(
        "{TRIES} tries: the match went on {went_on} times, {changed} writes refused as changed \
         meanwhile, every match as the rules say"
    ))
}

/// The match game `game` belongs to.
fn match_of(svc: &Service, game: i64) -> Result<i64, String> {
    svc.list_matches(false)
        .map_err(|e| e.message)?
        .into_iter()
        .find(|m| m.games.contains(&game))
        .map(|m| m.id)
        .ok_or_else(|| format!("game {game} is in no match"))
}

/// Match `m` as recorded obeys the rules: each game started by the player the rules name from
/// the games before it, only the last one unfinished, the match over exactly when the rules
/// say so, with their winner, and no game after the one that won it.
fn obeys_the_rules(svc: &Service, m: i64) -> Result<(), String> {
    let view = svc.match_view_by_id(m).map_err(|e| e.message)?;
    let games = svc.match_games(m).map_err(|e| e.message)?;
    let seat = |name: &str| {
        if name == view.players[0] {
            Ok(Seat::A)
        } else if name == view.players[1] {
            Ok(Seat::B)
        } else {
            Err(format!("{name} does not play in match {m}"))
        }
    };
    let first = seat(&games.first().ok_or("a match without games")?.first)?;
    let mut ends = Vec::new();
    for (k, g) in games.iter().enumerate() {
        let before = standing(view.target.into(), first, &ends);
        if before.is_over() {
            return Err(format!("match {m}: game {} after the match was won", g.id));
        }
        if seat(&g.first)? != before.next_starter {
            return Err(format!(
                "match {m}: game {} started by {}, not by {} as the games before it say",
                g.id,
                g.first,
                view.players[before.next_starter.index()]
            ));
        }
        ends.push(match g.status {
            GameStatus::Finished => GameEnd::Won {
                winner: seat(g.winner.as_deref().ok_or("a result without a winner")?)?,
                crystals: g.crystals.ok_or("a result without crystals")?.into(),
            },
            GameStatus::Abandoned => GameEnd::Abandoned,
            GameStatus::Playing if k + 1 == games.len() => GameEnd::Open,
            GameStatus::Playing => {
                return Err(format!(
                    "match {m}: game {} unfinished before the last",
                    g.id
                ))
            }
        });
    }
    let now = standing(view.target.into(), first, &ends);
    let winner = now.winner.map(|w| view.players[w.index()].clone());
    if view.finished != now.is_over() || view.winner != winner {
        return Err(format!(
            "match {m}: recorded finished {} (winner {:?}), the rules say {} ({winner:?})",
            view.finished,
            view.winner,
            now.is_over()
        ));
    }
    Ok(())
}

/// One move of a writer process on the table's latest game (a new match when there is none):
/// go on to the next game, abandon, undo, or a player concedes.
fn step(svc: &mut Service, n: usize) -> Result<u32, ServiceError> {
    let Some(game) = svc.latest_game(Game::BlueMoon)?.map(|g| g.id) else {
        Kind::BlueMoon.new_game(svc);
        return Ok(0);
    };
    let lang = if n % 2 == 0 {
        Language::En
    } else {
        Language::De
    };
    Ok(match n % 6 {
        0 | 1 => svc.game_next(TableAt::blue_moon(game), lang)?.revision,
        2 => {
            svc.table_abandon(TableAt::blue_moon(game), true, lang)?
                .header
                .revision
        }
        3 => {
            svc.table_undo(TableAt::blue_moon(game), lang)?
                .header
                .revision
        }
        4 => {
            let concede = TableAction::BlueMoon(GameAction::Concede { player: Seat::A });
            svc.table_act(TableAt::blue_moon(game), &concede, lang)?
                .header
                .revision
        }
        _ => {
            let concede = TableAction::BlueMoon(GameAction::Concede { player: Seat::B });
            svc.table_act(TableAt::blue_moon(game), &concede, lang)?
                .header
                .revision
        }
    })
}

/// The writer process: waits for the start file, makes its moves, prints its tally.
pub fn writer(spec: &str) -> i32 {
    let parts: Vec<&str> = spec.split('|').collect();
    let [dir, seed, ops, start] = parts[..] else {
        eprintln!("bad writer spec {spec}");
        return 2;
    };
    writer_moves(dir, seed, ops, start, step)
}

/// Two writer processes on the matches of one data folder, until they have met a change made
/// meanwhile; every match recorded must obey the rules after every attempt.
pub fn two_processes() -> Result<String, String> {
    const ATTEMPTS: u32 = 6;
    const OPS: usize = 150;
    let mut tried = Vec::new();
    for attempt in 1..=ATTEMPTS {
        let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
        let data = dir.path().join("data");
        {
            let mut svc = Service::open(&data).map_err(|e| e.message)?;
            Kind::BlueMoon.new_game(&mut svc);
        }
        let total = run_writers(WRITER, |seed, start| {
            format!("{}|{seed}|{OPS}|{}", data.display(), start.display())
        })?;
        let svc = Service::open(&data).map_err(|e| e.message)?;
        let matches = svc.list_matches(false).map_err(|e| e.message)?;
        for m in &matches {
            obeys_the_rules(&svc, m.id)?;
        }
        if total.changed > 0 {
            return Ok(format!(
                "{} written, {} refused as changed meanwhile, {} refused by the rules; {} \
                 matches, each as the rules say (attempt {attempt})",
                total.written,
                total.changed,
                total.refused,
                matches.len()
            ));
        }
        tried.push(total);
    }
    Err(format!(
        "in {ATTEMPTS} races the writers never met a change made meanwhile ({tried:?})"
    ))
}
