//! Durability exerciser for the SIGKILL test (`tests/all/durability.rs`): appends game events and
//! records tournament results in a loop through the real `Store` API, and prints one `ok` line
//! after each commit has returned. Whatever it printed must survive the process being killed.
//!
//! Usage: `store-stress <db path> <run number> [max iterations]`
//! Lines: `ok event <game> <seq> <run> <i>` and `ok result <tournament> <round> <table> <winner>`.

#[path = "../../tests/support/decide.rs"]
mod decide;
use decide::Decide;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use store::{
    FirstRound, Format, GameFilter, GameId, GameSummary, NewGame, NewTournament, Side, Store,
    TournamentId,
};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("store-stress: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = PathBuf::from(args.next().ok_or("missing database path")?);
    let run: u64 = args.next().ok_or("missing run number")?.parse()?;
    let max: u64 = args
        .next()
        .map(|m| m.parse())
        .transpose()?
        .unwrap_or(u64::MAX);
    let opened = Store::open(&path)?;
    if let Some(aside) = &opened.report.set_aside {
        // must never happen after a mere kill: report loudly so the test fails
        eprintln!("SET ASIDE {}: {}", aside.moved_to.display(), aside.problem);
        return Err("database was set aside".into());
    }
    let mut store = opened.store;
    let mut out = std::io::stdout().lock();
    let a = store.player_named("Stress A")?;
    let b = store.player_named("Stress B")?;
    let mut game = current_game(&mut store, [a, b])?;
    let mut tournament = current_tournament(&mut store)?;
    for i in 0..max {
        if i % 3 == 2 {
            let (t, round, table, winner) = record_one_result(&mut store, &mut tournament)?;
            writeln!(out, "ok result {} {round} {table} {}", t.0, winner.0)?;
        } else {
            let payload = format!(r#"{{"run":{run},"i":{i},"kind":"stress"}}"#);
            let seq = store
                .append(
                    game,
                    store.game(game)?.revision,
                    &payload,
                    store::Outcome::Playing,
                )?
                .event
                .seq;
            writeln!(out, "ok event {} {seq} {run} {i}", game.0)?;
            if seq >= 40 {
                store.finish_game(
                    game,
                    store.game(game)?.revision,
                    &GameSummary {
                        winner: Side::A,
                        people: ["Vulca".into(), "Hoax".into()],
                        crystals: 2,
                        dragons: 1,
                        fights: 5,
                        wins_match: false,
                    },
                )?;
                game = current_game(&mut store, [a, b])?;
            }
        }
    }
    Ok(())
}

fn current_game(store: &mut Store, players: [store::PlayerId; 2]) -> store::Result<GameId> {
    let open = store.list_games(&GameFilter {
        finished: Some(false),
        limit: Some(1),
        ..GameFilter::default()
    })?;
    match open.first() {
        Some(g) => Ok(g.id),
        None => store.create_game(&NewGame {
            players,
            people: ["Vulca".into(), "Hoax".into()],
            first: None,
            match_id: None,
        }),
    }
}

fn current_tournament(store: &mut Store) -> store::Result<TournamentId> {
    match store.list_tournaments()?.into_iter().max_by_key(|t| t.id) {
        Some(t) => {
            // a kill may have landed between creating the event and registering everyone
            register_all(store, t.id)?;
            Ok(t.id)
        }
        None => new_tournament(store),
    }
}

fn register_all(store: &mut Store, t: TournamentId) -> store::Result<()> {
    if store.tournament(t)?.rounds_paired > 0 {
        return Ok(());
    }
    let registered: Vec<store::PlayerId> = store.entrants(t)?.iter().map(|e| e.player).collect();
    for i in 0..8 {
        let p = store.player_named(&format!("Entrant {i}"))?;
        if !registered.contains(&p) {
            store.register(t, p, Some("Aqua"))?;
        }
    }
    Ok(())
}

fn new_tournament(store: &mut Store) -> store::Result<TournamentId> {
    let n = store.list_tournaments()?.len();
    let t = store.create_tournament(&NewTournament {
        name: format!("Stress {n}"),
        date: "2026-11-22".into(),
        format: Format::Swiss {
            rounds: 5,
            top_cut: None,
        },
        first_round: FirstRound::Random,
        seed: Some(n as u64),
        decks_required: false,
    })?;
    register_all(store, t)?;
    Ok(t)
}

/// Records the next missing result, pairing a round (or starting a new event) when needed.
fn record_one_result(
    store: &mut Store,
    t: &mut TournamentId,
) -> store::Result<(TournamentId, u32, u32, store::EntrantId)> {
    loop {
        let rounds = store.rounds(*t)?;
        let open = rounds.iter().find_map(|r| {
            r.tables
                .iter()
                .find(|x| x.b.is_some() && x.result.is_none())
                .map(|x| (r.number, x.clone()))
        });
        if let Some((round, table)) = open {
            let winner = table.a;
            store.record_result(
                *t,
                &store.event_state(*t)?,
                round,
                table.table,
                winner,
                5,
                (round % 5) as u8,
            )?;
            return Ok((*t, round, table.table, winner));
        }
        let info = store.tournament(*t)?;
        if info.rounds_paired >= 5 {
            *t = new_tournament(store)?;
        } else {
            store.pair_next_round(*t)?;
        }
    }
}
