//! `tablemate history …`: games as played (unfinished ones first, to resume), a game's timeline,
//! and statistics.

use clap::Subcommand;
use tablemate::game::crystals;
use tablemate::history::{GameRow, GameStatus};
use tablemate::{Language, ServiceError};

use crate::Ctx;

#[derive(Debug, Subcommand)]
pub enum HistoryCmd {
    /// List games: unfinished first (resumable), then newest first.
    List {
        /// Only this player's games.
        #[arg(long)]
        player: Option<String>,
        /// Only games where someone played this people.
        #[arg(long)]
        people: Option<String>,
        /// Only unfinished games.
        #[arg(long)]
        unfinished: bool,
        /// At most this many games.
        #[arg(long)]
        limit: Option<u32>,
    },
    /// Show a game: its timeline step by step (each fight, who retreated, dragons, score).
    Show {
        /// The game's number (`tablemate history list`).
        game: i64,
    },
    /// Statistics: win rate per people and per matchup, crystals and fights per game.
    Stats {
        /// Only this player's games (and their own people).
        #[arg(long)]
        player: Option<String>,
    },
}

pub fn game_line(g: &GameRow) -> String {
    let fights = |n: u32| format!("{n} fight{}", if n == 1 { "" } else { "s" });
    let state = match (g.status, &g.winner, g.crystals) {
        (GameStatus::Finished, Some(winner), Some(c)) => {
            // a concession scores the maximum whatever the dragons: say who conceded
            let how = match &g.conceded_by {
                Some(loser) => format!("{loser} conceded"),
                None => {
                    let d = g.dragons.unwrap_or(0);
                    format!("{d} dragon{}", if d == 1 { "" } else { "s" })
                }
            };
            format!(
                "{winner} won {} ({how}, {})",
                crystals(u32::from(c), Language::En),
                fights(g.fights.unwrap_or(0))
            )
        }
        (GameStatus::Abandoned, ..) => "abandoned, no result".to_owned(),
        _ => format!("unfinished, {} events — resumable", g.events),
    };
    format!(
        "game {:>4}{}  {} ({}) v {} ({})  {}  {}",
        g.id,
        g.match_id
            .map(|m| format!(" [match {m}]"))
            .unwrap_or_default(),
        g.players[0],
        g.people[0],
        g.players[1],
        g.people[1],
        &g.updated_at[..g.updated_at.len().min(16)],
        state
    )
}

pub fn run(ctx: &Ctx, cmd: HistoryCmd) -> Result<(), ServiceError> {
    let svc = ctx.open()?;
    let out = ctx.out;
    match cmd {
        HistoryCmd::List {
            player,
            people,
            unfinished,
            limit,
        } => {
            let games = svc.list_games(player.as_deref(), people.as_deref(), unfinished, limit)?;
            out.print(&games, |w| {
                if games.is_empty() {
                    writeln!(w, "no games yet")?;
                }
                for g in &games {
                    writeln!(w, "{}", game_line(g))?;
                }
                Ok(())
            })
        }
        HistoryCmd::Show { game } => {
            let page = svc.game_page(game, crate::output::lang())?;
            out.print(&page, |w| {
                writeln!(w, "{}", game_line(&page.game))?;
                let names = &page.game.players;
                for s in &page.timeline {
                    writeln!(
                        w,
                        "  {:>3}. {:<9} {:<44} dragons {}-{}  crystals {}-{}{}{}",
                        s.seq,
                        s.fight.map(|f| format!("fight {f}")).unwrap_or_default(),
                        s.text,
                        s.dragons[0],
                        s.dragons[1],
                        s.crystals[0],
                        s.crystals[1],
                        s.game_over
                            .as_ref()
                            .map(|g| format!("  — {g} wins the game"))
                            .unwrap_or_default(),
                        s.problem
                            .as_ref()
                            .map(|p| format!("  (not applied: {p})"))
                            .unwrap_or_default()
                    )?;
                }
                writeln!(
                    w,
                    "{} fights; dragons and crystals are {} first, {} second",
                    page.fights, names[0], names[1]
                )
            })
        }
        HistoryCmd::Stats { player } => stats(ctx, &svc, player.as_deref()),
    }
}

/// Blue Moon's statistics (`history stats`, `game stats`): win rate per people and per
/// matchup, crystals and fights per game.
pub fn stats(
    ctx: &Ctx,
    svc: &tablemate::Service,
    player: Option<&str>,
) -> Result<(), ServiceError> {
    let s = svc.statistics(player, crate::output::lang())?;
    ctx.out.print(&s, |w| {
        if let Some(p) = &s.player {
            writeln!(w, "statistics for {p}")?;
        }
        writeln!(
            w,
            "{} finished games; {} crystals and {} fights per game on average",
            s.games, s.average_crystals, s.average_fights
        )?;
        // a win rate's line: what it is of (laid out by the caller), the rate, the games
        let line = |w: &mut dyn std::io::Write, of: String, rate: &str, wins: u32, games: u32| {
            writeln!(w, "  {of} {rate:>6}  {wins} of {games}")
        };
        writeln!(w, "\nwin rate per people:")?;
        for p in &s.by_people {
            let of = format!("{:<16}", p.people);
            line(w, of, &p.win_rate_text, p.wins, p.games)?;
        }
        writeln!(w, "\nper matchup:")?;
        for m in &s.by_matchup {
            let of = format!("{:<16} v {:<16}", m.people, m.opponent);
            line(w, of, &m.win_rate_text, m.wins, m.games)?;
        }
        if !s.by_deck.is_empty() {
            writeln!(w, "\nper constructed deck:")?;
            for d in &s.by_deck {
                let of = format!("{:<24} {:<8}", d.deck, d.people);
                line(w, of, &d.win_rate_text, d.wins, d.games)?;
            }
        }
        Ok(())
    })
}
