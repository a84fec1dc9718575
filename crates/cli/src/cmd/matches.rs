//! `tablemate match …`: matches between two players, first to 5 crystals; unfinished ones are
//! listed to be resumed.

use clap::Subcommand;
use tablemate::history::MatchView;
use tablemate::ServiceError;

use crate::cmd::history::game_line;
use crate::output::lang;
use crate::Ctx;

#[derive(Debug, Subcommand)]
pub enum MatchCmd {
    /// Start a match between two players (created if new).
    New {
        /// The first player's name.
        a: String,
        /// The second player's name.
        b: String,
        /// The second player starts the first game (default: the first player).
        #[arg(long)]
        b_starts: bool,
        /// Crystals to win (default 5).
        #[arg(long)]
        target: Option<u8>,
    },
    /// List matches: unfinished first (resumable), then newest first.
    List {
        /// Only unfinished matches.
        #[arg(long)]
        unfinished: bool,
    },
    /// Show a match and its games.
    Show {
        /// The match's number (`tablemate match list`).
        id: i64,
    },
    /// Record a game of the match played without the table screen.
    Game {
        /// The match's number (`tablemate match list`).
        id: i64,
        /// The winner: name, or seat a/b.
        #[arg(long)]
        winner: String,
        /// Crystals the winner scored (1 to 7).
        #[arg(long)]
        crystals: u8,
        /// Dragons the winner held (0 to 3).
        #[arg(long, default_value_t = 0)]
        dragons: u8,
        /// Fights the game took.
        #[arg(long, default_value_t = 0)]
        fights: u32,
        /// The people of the first player.
        #[arg(long)]
        people_a: String,
        /// The people of the second player.
        #[arg(long)]
        people_b: String,
    },
    /// Unfinished games and matches: what can be resumed.
    Unfinished,
}

fn match_line(m: &MatchView) -> String {
    let state = if m.finished {
        format!("{} won", m.winner.clone().unwrap_or_default())
    } else if let Some(g) = m.unfinished_game {
        format!("unfinished: game {g} in progress — resumable")
    } else {
        format!("unfinished: {} starts the next game", m.next_first)
    };
    format!(
        "match {:>4}  {} {}-{} {}  (to {})  {} games  {}",
        m.id,
        m.players[0],
        m.crystals[0],
        m.crystals[1],
        m.players[1],
        m.target,
        m.games.len(),
        state
    )
}

pub fn run(ctx: &Ctx, cmd: MatchCmd) -> Result<(), ServiceError> {
    let mut svc = ctx.open()?;
    let out = ctx.out;
    match cmd {
        MatchCmd::New {
            a,
            b,
            b_starts,
            target,
        } => {
            let m = svc.new_match(&a, &b, b_starts, target)?;
            out.print(&m, |w| writeln!(w, "started {}", match_line(&m)))
        }
        MatchCmd::List { unfinished } => {
            let list = svc.list_matches(unfinished)?;
            out.print(&list, |w| {
                if list.is_empty() {
                    writeln!(w, "no matches yet")?;
                }
                for m in &list {
                    writeln!(w, "{}", match_line(m))?;
                }
                Ok(())
            })
        }
        MatchCmd::Show { id } => {
            let m = svc.match_view_by_id(id)?;
            let games = svc.match_games(id)?;
            let value = serde_json::json!({ "match": &m, "games": &games });
            out.print(&value, |w| {
                writeln!(w, "{}", match_line(&m))?;
                for g in &games {
                    writeln!(w, "  {}", game_line(g))?;
                }
                Ok(())
            })
        }
        MatchCmd::Game {
            id,
            winner,
            crystals,
            dragons,
            fights,
            people_a,
            people_b,
        } => {
            let m = svc.record_match_game(
                id,
                &winner,
                crystals,
                dragons,
                fights,
                [&people_a, &people_b],
                lang(),
            )?;
            out.print(&m, |w| writeln!(w, "{}", match_line(&m)))
        }
        MatchCmd::Unfinished => {
            let u = svc.unfinished()?;
            out.print(&u, |w| {
                if u.games.is_empty() && u.matches.is_empty() {
                    writeln!(w, "nothing unfinished")?;
                }
                for m in &u.matches {
                    writeln!(w, "{}", match_line(m))?;
                }
                for g in &u.games {
                    writeln!(w, "{}", game_line(g))?;
                }
                Ok(())
            })
        }
    }
}
