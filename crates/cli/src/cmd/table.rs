//! The table commands every game shares, written once over the service's table operations
//! (`tablemate::table`): show, undo, redo, abandon, the rulings of a card entering play,
//! marking a ruling seen, card suggestions, the list of games and their statistics. They are
//! reached as `tablemate game …` (Blue Moon) and `tablemate whi|stccg|kc …`; the family says
//! which game's kind is meant, `--game N` which of its games. What the games' rules add (Blue
//! Moon's play, retreat, next game; the other games' events) is in `game.rs` and
//! `othergames.rs`, and goes through the same printer: the shared header once, then the game's
//! own board. With `--json` a table is printed as the board's own view, as before.

use cards::{Game, GameRef};
use clap::{Args, Subcommand};
use serde::Serialize;
use tablemate::game::GameView;
use tablemate::othergames::{OtherGameKind, OtherGameView};
use tablemate::table::{Board, TableAt, TableView};
use tablemate::{ErrorCode, Language, Service, ServiceError};

use crate::output::lang;
use crate::Ctx;

/// Which game of the family a command means.
#[derive(Debug, Args)]
pub struct Which {
    /// The game's number (default: the game of this kind last played that can still change;
    /// `list` shows the numbers).
    #[arg(long)]
    pub game: Option<i64>,
}

/// The verbs every game's table has.
#[derive(Debug, Subcommand)]
pub enum TableCmd {
    /// Show the table: the players and how the game stands, then the game's own board (Blue
    /// Moon: totals, element, dragons, effects, warnings, score).
    Show {
        /// Also print the "why?" breakdown of every card (Blue Moon).
        #[arg(long)]
        why: bool,
        /// Also every event of the game, in words.
        #[arg(long)]
        history: bool,
        #[command(flatten)]
        at: Which,
    },
    /// Take back the last action (without limit; the setup stays).
    Undo {
        #[command(flatten)]
        at: Which,
    },
    /// Put back the last action taken back.
    Redo {
        #[command(flatten)]
        at: Which,
    },
    /// Abandon a Blue Moon game: it ends without a result (no winner, no crystals, left out
    /// of the statistics) and its match can take a new game (`tablemate game next`). Refused
    /// (exit code 1, nothing written) unless confirmed with --confirm; `undo` takes it back
    /// until the match has its next game. The other games end by their own events (concede,
    /// won, drawn) and refuse it.
    Abandon {
        /// Yes, abandon it.
        #[arg(long)]
        confirm: bool,
        #[command(flatten)]
        at: Which,
    },
    /// The rulings for a card entering play, with the cards in play (interactions first;
    /// the rulings marked seen in the game left out).
    #[command(visible_alias = "prompts")]
    Rulings {
        /// The card, as typed (number or name).
        card: Vec<String>,
        /// At most this many rulings (default 6).
        #[arg(long)]
        limit: Option<usize>,
        #[command(flatten)]
        at: Which,
    },
    /// Mark a ruling seen (its id as `rulings` shows it in brackets): the game's rulings
    /// prompt leaves it out for the rest of the game.
    Seen {
        /// The ruling's id, as `rulings` shows it in brackets.
        ruling: String,
        #[command(flatten)]
        at: Which,
    },
    /// Cards of the game's catalog matching what is typed so far (names, numbers, typos).
    #[command(visible_alias = "suggestions")]
    Suggest {
        /// What is typed so far.
        text: Vec<String>,
        /// At most this many cards.
        #[arg(long)]
        limit: Option<usize>,
        #[command(flatten)]
        at: Which,
    },
    /// List games, unfinished first (to resume): Blue Moon's with `game list`, the other
    /// three games' with `whi|stccg|kc list`.
    List,
    /// Statistics of this game over its finished games: how they ended, their length, win
    /// rate per player, per deck and per matchup (Blue Moon's: as `history stats`).
    Stats {
        /// Only this player's games (and their own decks).
        #[arg(long)]
        player: Option<String>,
    },
}

/// How a family names its kind of game.
fn other(kind: Game) -> Option<OtherGameKind> {
    OtherGameKind::of_game(kind)
}

/// The game a command means: `--game`, else the kind's game last played that can still be
/// acted on (Blue Moon: also an abandoned one whose match has not gone on, so that `game undo`
/// takes an abandon back as its output promises).
pub fn which(svc: &Service, kind: Game, game: Option<i64>) -> Result<GameRef, ServiceError> {
    if let Some(id) = game {
        return Ok(GameRef::new(kind, id));
    }
    svc.latest_game(kind)?.ok_or_else(|| none_yet(kind))
}

fn none_yet(kind: Game) -> ServiceError {
    ServiceError::invalid(match (other(kind), lang()) {
        (None, Language::En) => "No game in progress: start one with `tablemate game new A B --people-a … --people-b …`".to_owned(),
        (None, Language::De) => "Kein Spiel im Gang: eines beginnen mit `tablemate game new A B --people-a … --people-b …`".to_owned(),
        (Some(k), Language::En) => format!(
            "No {} game yet: start one with `tablemate game new --game {} --players NAME NAME`",
            k.title(),
            crate::enum_name(&k)
        ),
        (Some(k), Language::De) => format!(
            "Noch keine Partie {}: eine beginnen mit `tablemate game new --game {} --players NAME NAME`",
            k.title(),
            crate::enum_name(&k)
        ),
    })
}

/// Runs a shared verb on a game of `kind` (`game`: the family's own `--game`, if it has one).
pub fn run(
    ctx: &Ctx<'_>,
    kind: Game,
    game: Option<i64>,
    cmd: TableCmd,
) -> Result<(), ServiceError> {
    let mut svc = ctx.open()?;
    let pick = |svc: &Service, at: Which| which(svc, kind, at.game.or(game));
    match cmd {
        TableCmd::List => list(ctx, &svc, kind),
        TableCmd::Stats { player } => stats(ctx, &svc, kind, player.as_deref()),
        TableCmd::Show { why, history, at } => {
            let game = pick(&svc, at)?;
            let table = svc.table_view(game, lang())?;
            let events = match history {
                true => events(&svc, &table)?,
                false => Vec::new(),
            };
            print(ctx, &table, Detail { why, events })
        }
        TableCmd::Undo { at } => {
            let game = pick(&svc, at)?;
            let r = svc.table_undo(game.into(), lang());
            recorded(ctx, &svc, game, r)
        }
        TableCmd::Redo { at } => {
            let game = pick(&svc, at)?;
            let r = svc.table_redo(game.into(), lang());
            recorded(ctx, &svc, game, r)
        }
        TableCmd::Abandon { confirm, at } => {
            let game = pick(&svc, at)?;
            let r = svc.table_abandon(game.into(), confirm, lang());
            recorded(ctx, &svc, game, r)
        }
        TableCmd::Rulings { card, limit, at } => {
            let game = pick(&svc, at)?;
            let prompts = svc.table_prompts(game, &card.join(" "), lang(), limit)?;
            ctx.out.print(&prompts, |w| {
                if prompts.is_empty() {
                    writeln!(w, "no rulings for this card")?;
                }
                for p in &prompts {
                    let with = if p.with.is_empty() {
                        String::new()
                    } else {
                        format!(" (with {})", p.with.join(", "))
                    };
                    writeln!(w, "[{}] {}{with}", p.ruling.id, p.reason)?;
                    writeln!(w, "    {}", p.display.replace('\n', "\n    "))?;
                }
                Ok(())
            })
        }
        TableCmd::Seen { ruling, at } => {
            let game = pick(&svc, at)?;
            svc.table_mark_seen(game, &ruling, lang())?;
            let (ruling, id) = (ruling.trim(), game.id);
            ctx.out.print(
                &serde_json::json!({ "game": id, "seen_ruling": ruling }),
                |w| writeln!(w, "ruling {ruling} marked seen in game {id}"),
            )
        }
        TableCmd::Suggest { text, limit, at } => {
            let game = pick(&svc, at)?;
            let cards = svc.table_suggest(game, &text.join(" "), lang(), limit)?;
            ctx.out.print(&cards, |w| {
                for c in &cards {
                    writeln!(w, "{:<28} {}", c.id, c.name)?;
                }
                Ok(())
            })
        }
    }
}

fn list(ctx: &Ctx<'_>, svc: &Service, kind: Game) -> Result<(), ServiceError> {
    let list = svc.table_list(&[kind], false)?;
    ctx.out.print(&list, |w| {
        if list.is_empty() {
            writeln!(w, "{}", tablemate::table::no_games(lang()))?;
        }
        for g in &list {
            writeln!(w, "{}", g.text(lang()))?;
        }
        Ok(())
    })
}

fn stats(
    ctx: &Ctx<'_>,
    svc: &Service,
    kind: Game,
    player: Option<&str>,
) -> Result<(), ServiceError> {
    match other(kind) {
        None => super::history::stats(ctx, svc, player),
        Some(k) => {
            let stats = svc.other_statistics(k, player, lang())?;
            ctx.out
                .print(&stats, |w| super::other_stats::text(w, &stats))
        }
    }
}

/// Every event of the game in words, numbered as recorded.
fn events(svc: &Service, table: &TableView) -> Result<Vec<(u32, String)>, ServiceError> {
    Ok(match &table.board {
        Board::BlueMoon(_) => svc
            .game_page(table.header.game.id, lang())?
            .timeline
            .into_iter()
            .map(|s| (s.seq, s.text))
            .collect(),
        Board::Warhammer(v) | Board::Knightmare(v) | Board::StarTrek(v) => {
            v.history.iter().map(|e| (e.seq, e.text.clone())).collect()
        }
    })
}

/// The table after a write. When the game changed meanwhile (the app or another command
/// wrote first), nothing was recorded: the game is printed as it now is, and the refusal
/// exits 1.
pub fn recorded(
    ctx: &Ctx<'_>,
    svc: &Service,
    game: GameRef,
    r: Result<TableView, ServiceError>,
) -> Result<(), ServiceError> {
    match r {
        Ok(table) => print(ctx, &table, Detail::default()),
        Err(e) if e.code == ErrorCode::Changed => {
            if let Ok(now) = svc.table_view(game, lang()) {
                print(ctx, &now, Detail::default())?;
            }
            Err(e)
        }
        Err(e) => Err(e),
    }
}

/// A write decided on the revision shown.
pub fn at(table: &TableView) -> TableAt {
    TableAt {
        game: table.header.game,
        revision: Some(table.header.revision),
    }
}

/// What `show` adds to the table.
#[derive(Default)]
pub struct Detail {
    /// Blue Moon's "why?" breakdown.
    pub why: bool,
    /// The game's events in words, with their numbers.
    pub events: Vec<(u32, String)>,
}

/// A table's JSON: the board's own view, as each family printed it.
#[derive(Serialize)]
#[serde(untagged)]
enum BoardJson<'a> {
    BlueMoon(&'a GameView),
    Other(&'a OtherGameView),
}

/// Prints a table: the header every game shares, then the game's board.
pub fn print(ctx: &Ctx<'_>, table: &TableView, detail: Detail) -> Result<(), ServiceError> {
    let json = match &table.board {
        Board::BlueMoon(v) => BoardJson::BlueMoon(v),
        Board::Warhammer(v) | Board::Knightmare(v) | Board::StarTrek(v) => BoardJson::Other(v),
    };
    ctx.out.print(&json, |w| {
        writeln!(w, "{}", table.header_text(lang()))?;
        match &table.board {
            Board::BlueMoon(v) => super::game::board(w, v, detail.why)?,
            Board::Warhammer(v) | Board::Knightmare(v) | Board::StarTrek(v) => {
                super::othergames::board(w, v)?
            }
        }
        for (seq, text) in &detail.events {
            writeln!(w, "{seq:>4}  {text}")?;
        }
        Ok(())
    })
}
