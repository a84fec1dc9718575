//! `tablemate whi …`, `tablemate stccg …`, `tablemate kc …`: the other three games' own events
//! at the table, and what `tablemate game new --game whi|stccg|kc --players A B` asks for; the
//! verbs every table has (show, undo, redo, rulings, list, …) are `table.rs`'s. Each action is one event
//! of the game's engine, checked by it and recorded in one transaction; a refused action exits
//! 1 with the reason (naming the players) and records nothing. Players are given as A, B or
//! their names; cards as typed (looked up in the game's card list).

use std::io::{self, Write};

use clap::{Args, Subcommand};
use serde::de::DeserializeOwned;
use tablemate::game::Seat;
use tablemate::othergames::engine::kc::{Duration, KcEvent};
use tablemate::othergames::engine::stccg::StEvent;
use tablemate::othergames::engine::whi::{HitPoints, WhiEvent, Zone};
use tablemate::othergames::engine::{CardId, Player};
use tablemate::othergames::{
    NewOtherGameRequest, OtherAction, OtherGameKind, OtherGameView, OtherTable,
};
use tablemate::table::{Board, TableAction};
use tablemate::ServiceError;

use super::table::{self, TableCmd};
use crate::output::lang;
use crate::Ctx;

/// `game new --game …`: what a game of another kind needs.
#[derive(Debug, Args)]
pub struct NewOther {
    /// Another game instead of Blue Moon: whi (Warhammer: Invasion), stccg (Star Trek CCG)
    /// or kc (Knightmare Chess).
    #[arg(long = "game", value_name = "GAME")]
    pub kind: Option<String>,
    /// With --game: the two players' names.
    #[arg(long, num_args = 2, value_names = ["A", "B"])]
    pub players: Vec<String>,
    /// With --game: the two players' decks (free text, e.g. Dwarfs Orcs).
    #[arg(long, num_args = 2, value_names = ["DECK_A", "DECK_B"])]
    pub decks: Vec<String>,
    /// With --game whi: hit points of a capital section without developments (1 to 99,
    /// default 8).
    #[arg(long)]
    pub hit_points: Option<u32>,
    /// With --game whi: hit points each development adds (0 to 9, default 1).
    #[arg(long)]
    pub per_development: Option<u32>,
}

/// The request for a game of another kind (`first`: who starts, or plays White in
/// Knightmare Chess); `game new` starts it through the table's one `table_new`.
pub fn new_request(
    kind: &str,
    args: NewOther,
    first: Option<Seat>,
) -> Result<NewOtherGameRequest, ServiceError> {
    let kind = OtherGameKind::parse(kind)?;
    let [a, b] = <[String; 2]>::try_from(args.players)
        .map_err(|_| ServiceError::invalid("--game needs the two players: --players NAME NAME"))?;
    let mut decks = args.decks.into_iter().map(Some);
    let defaults = HitPoints::default();
    let hit_points =
        (args.hit_points.is_some() || args.per_development.is_some()).then(|| HitPoints {
            base: args.hit_points.unwrap_or(defaults.base),
            per_development: args.per_development.unwrap_or(defaults.per_development),
        });
    Ok(NewOtherGameRequest {
        kind,
        player_a: a,
        player_b: b,
        deck_a: decks.next().flatten(),
        deck_b: decks.next().flatten(),
        first,
        hit_points,
    })
}

/// Warhammer: Invasion.
#[derive(Debug, Args)]
pub struct WhiArgs {
    /// The game (default: the most recent unfinished Warhammer: Invasion game).
    #[arg(long, global = true)]
    game: Option<i64>,
    #[command(subcommand)]
    cmd: WhiCmd,
}

#[derive(Debug, Subcommand)]
pub enum WhiCmd {
    /// Damage on a section of PLAYER's capital: kingdom, quest or battlefield (at most 999;
    /// beyond its hit points it is lost).
    Damage {
        /// The player: A, B or a player's name.
        player: String,
        /// The section: kingdom, quest or battlefield.
        zone: String,
        /// How much damage (1 to 999).
        amount: u32,
    },
    /// Damage removed from a section that has not burned.
    Heal {
        /// The player: A, B or a player's name.
        player: String,
        /// The section: kingdom, quest or battlefield.
        zone: String,
        /// How much damage is removed (1 to 999).
        amount: u32,
    },
    /// A development put face down in a zone (+hit points).
    Develop {
        /// The player: A, B or a player's name.
        player: String,
        /// The section: kingdom, quest or battlefield.
        zone: String,
    },
    /// A development leaves a zone.
    Undevelop {
        /// The player: A, B or a player's name.
        player: String,
        /// The section: kingdom, quest or battlefield.
        zone: String,
    },
    /// A card enters play in one of PLAYER's zones.
    Play {
        /// The player: A, B or a player's name.
        player: String,
        /// The zone: kingdom, quest or battlefield.
        zone: String,
        /// The card, as typed (its name).
        card: Vec<String>,
    },
    /// A card leaves play from a zone.
    Leave {
        /// The player: A, B or a player's name.
        player: String,
        /// The zone: kingdom, quest or battlefield.
        zone: String,
        /// The card, as typed (its name).
        card: Vec<String>,
    },
    /// A card moves between PLAYER's zones.
    Move {
        /// The player: A, B or a player's name.
        player: String,
        /// The card, as typed (its name).
        card: Vec<String>,
        /// The zone it leaves: kingdom, quest or battlefield.
        #[arg(long)]
        from: String,
        /// The zone it enters: kingdom, quest or battlefield.
        #[arg(long)]
        to: String,
    },
    /// A legend enters play (--eternal-war: its player must burn 3 zones to win).
    Legend {
        /// The player: A, B or a player's name.
        player: String,
        /// The card, as typed (its name).
        card: Vec<String>,
        /// An Eternal War legend: its player must burn 3 zones to win.
        #[arg(long)]
        eternal_war: bool,
    },
    /// A legend leaves play.
    LegendLeaves {
        /// The player: A, B or a player's name.
        player: String,
        /// The card, as typed (its name).
        card: Vec<String>,
    },
    /// Kingdom phase: PLAYER's resources become AMOUNT (at most 999).
    Collect {
        /// The player: A, B or a player's name.
        player: String,
        /// The resources they now hold (at most 999).
        amount: u32,
    },
    /// Resources gained from a card effect (a player holds at most 999).
    Gain {
        /// The player: A, B or a player's name.
        player: String,
        /// How many resources (a player holds at most 999).
        amount: u32,
    },
    /// Resources spent.
    Spend {
        /// The player: A, B or a player's name.
        player: String,
        /// How many resources.
        amount: u32,
    },
    /// PLAYER has no cards left in the deck (and loses).
    DeckEmpty(PlayerArg),
    /// PLAYER concedes.
    Concede(PlayerArg),
    /// End the turn (default: of the active player).
    Next(TurnOf),
    #[command(flatten)]
    Table(TableCmd),
}

// The player an event is about, and whose turn ends: one argument each, shared by the
// games' events (no doc comment here: a flattened struct's would replace the event's help).
#[derive(Debug, Args)]
pub struct PlayerArg {
    /// The player: A, B or a player's name.
    player: String,
}

#[derive(Debug, Args)]
pub struct TurnOf {
    /// Whose turn ends (default: the active player's).
    player: Option<String>,
}

/// Star Trek CCG.
#[derive(Debug, Args)]
pub struct StccgArgs {
    /// The game (default: the most recent unfinished Star Trek CCG game).
    #[arg(long, global = true)]
    game: Option<i64>,
    #[command(subcommand)]
    cmd: StccgCmd,
}

#[derive(Debug, Subcommand)]
pub enum StccgCmd {
    /// PLAYER's score changes by POINTS (-999 to 999, negative: lost; a score stays within
    /// ±9999) for a reason: mission, dilemma or bonus points.
    Score {
        /// The player: A, B or a player's name.
        player: String,
        /// The points: positive scored, negative lost.
        #[arg(allow_negative_numbers = true)]
        points: i32,
        /// Why: mission, dilemma or bonus points (also written bonus_points).
        #[arg(long, num_args = 1.., required = true, value_name = "REASON")]
        reason: Vec<String>,
        /// The card the points come from.
        #[arg(long)]
        card: Option<String>,
    },
    /// A card comes into play (or is seeded) on PLAYER's side.
    Play {
        /// The player: A, B or a player's name.
        player: String,
        /// The card, as typed (its name).
        card: Vec<String>,
    },
    /// A card leaves play.
    Leave {
        /// The player: A, B or a player's name.
        player: String,
        /// The card, as typed (its name).
        card: Vec<String>,
    },
    /// Q's Planet enters the spaceline from PLAYER's Q-Continuum: 140 points win.
    QsPlanet(PlayerArg),
    /// PLAYER solves Q's Planet: 100 points win again.
    QsSolved(PlayerArg),
    /// PLAYER drew the last card: the game ends.
    DeckExhausted(PlayerArg),
    /// PLAYER cannot show the Devidian Door: they lose.
    DevidianDoor(PlayerArg),
    /// Mickey D. attempts a mission in PLAYER's Away Team: they win.
    MickeyD(PlayerArg),
    /// PLAYER concedes.
    Concede(PlayerArg),
    /// End the turn (default: of the active player).
    Next(TurnOf),
    #[command(flatten)]
    Table(TableCmd),
}

/// Knightmare Chess.
#[derive(Debug, Args)]
pub struct KcArgs {
    /// The game (default: the most recent unfinished Knightmare Chess match).
    #[arg(long, global = true)]
    game: Option<i64>,
    #[command(subcommand)]
    cmd: KcCmd,
}

#[derive(Debug, Subcommand)]
pub enum KcCmd {
    /// PLAYER plays a card: --duration this_turn (default), continuing, or a number of turns
    /// (1 to 20).
    Play {
        /// The player: A, B or a player's name.
        player: String,
        /// The card, as typed (its name).
        card: Vec<String>,
        /// How long it stays in force: this_turn (default), continuing, or 1 to 20 turns.
        #[arg(long)]
        duration: Option<String>,
        /// The piece or square (e4).
        #[arg(long)]
        target: Option<String>,
    },
    /// A card in force leaves play early.
    EndCard {
        /// The player: A, B or a player's name.
        player: String,
        /// The card, as typed (its name).
        card: Vec<String>,
    },
    /// End the turn (default: of the side to move).
    Next(TurnOf),
    /// PLAYER wins the game --by checkmate, last_king_captured, king_of_the_mountain or
    /// resignation.
    Won {
        /// The player: A, B or a player's name.
        player: String,
        /// How: checkmate, last_king_captured, king_of_the_mountain or resignation.
        #[arg(long)]
        by: String,
    },
    /// The game is drawn --by stalemate or agreement.
    Drawn {
        /// How: stalemate or agreement.
        #[arg(long)]
        by: String,
    },
    /// The next game of the match; PLAYER plays White.
    NextGame {
        /// The player who plays White in the next game.
        white: String,
    },
    #[command(flatten)]
    Table(TableCmd),
}

/// A snake_case engine value (`quest`, `bonus_points`, `checkmate`) as typed.
fn value<T: DeserializeOwned>(text: &str, what: &str, choices: &str) -> Result<T, ServiceError> {
    // "bonus points", "bonus-points" and "bonus_points" are one reason
    let t = text
        .split(|c: char| c.is_whitespace() || c == '-' || c == '_')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("_")
        .to_lowercase();
    serde_json::from_value(serde_json::Value::String(t)).map_err(|_| {
        ServiceError::invalid(format!("`{}` is not a {what}: use {choices}", text.trim()))
    })
}

fn zone(text: &str) -> Result<Zone, ServiceError> {
    value(text, "zone", "kingdom, quest or battlefield")
}

fn card(words: &[String]) -> CardId {
    CardId::new(words.join(" "))
}

/// An event of the game's own, built from the table just read and recorded on it: a write
/// meanwhile (the app) refuses it.
fn run_family(
    ctx: &Ctx<'_>,
    kind: OtherGameKind,
    game: Option<i64>,
    make: impl FnOnce(&OtherGameView) -> Result<OtherAction, ServiceError>,
) -> Result<(), ServiceError> {
    let mut svc = ctx.open()?;
    let game = table::which(&svc, kind.cards(), game)?;
    let now = svc.table_view(game, lang())?;
    let action = match &now.board {
        Board::Warhammer(v) | Board::Knightmare(v) | Board::StarTrek(v) => make(v)?,
        Board::BlueMoon(_) => return Err(ServiceError::internal("not a game of this family")),
    };
    let r = svc.table_act(table::at(&now), &TableAction::Other(action), lang());
    table::recorded(ctx, &svc, game, r)
}

fn active(view: &OtherGameView, player: Option<String>) -> Result<Player, ServiceError> {
    match player {
        Some(p) => view.player(&p),
        None => Ok(match &view.table {
            OtherTable::Whi(t) => t.active,
            OtherTable::Stccg(t) => t.active,
            OtherTable::Kc(t) => t.to_move,
        }),
    }
}

/// The game's own event a verb (`cmd`, not the table's) names, read on the table `v`, a verb a
/// line: `Verb { args } => Event` gives the event the verb's arguments as its fields of the
/// same names, each read as `field!` reads its name; `Verb => Event` is a verb of one player
/// (`PlayerArg`); `next` ends the turn of the player named or the active one. The verbs read
/// otherwise follow as ordinary arms. Arguments are read in the order written (a player
/// named wrongly is refused before a zone).
macro_rules! events {
    ($cmd:expr, $v:ident, $Cmd:ident => $Ev:ident, $game:literal {
        $($verb:ident { $($arg:ident),* } => $event:ident,)*
    } {
        $($one:ident => $one_event:ident,)*
    } $($arm:tt)*) => {
        match $cmd {
            $($Cmd::$verb { $($arg),* } => $Ev::$event { $($arg: field!($v, $arg, $arg)),* },)*
            $($Cmd::$one(PlayerArg { player }) => $Ev::$one_event { player: $v.player(&player)? },)*
            $Cmd::Next(TurnOf { player }) => $Ev::TurnEnded { player: active($v, player)? },
            $($arm)*
            $Cmd::Table(_) => return Err(ServiceError::internal(concat!("no ", $game, " action given"))),
        }
    };
}

/// An argument as its event's field takes it: a player as typed (A, B or a name) read on the
/// table, a zone by its name, a card's words as one name, a card's time in force; anything
/// else as clap parsed it.
macro_rules! field {
    ($v:ident, player, $x:ident) => {
        $v.player(&$x)?
    };
    ($v:ident, white, $x:ident) => {
        $v.player(&$x)?
    };
    ($v:ident, zone, $x:ident) => {
        zone(&$x)?
    };
    ($v:ident, from, $x:ident) => {
        zone(&$x)?
    };
    ($v:ident, to, $x:ident) => {
        zone(&$x)?
    };
    ($v:ident, card, $x:ident) => {
        card(&$x)
    };
    ($v:ident, duration, $x:ident) => {
        duration($x.as_deref())?
    };
    ($v:ident, $field:ident, $x:ident) => {
        $x
    };
}

pub fn run_whi(ctx: &Ctx<'_>, args: WhiArgs) -> Result<(), ServiceError> {
    let cmd = match args.cmd {
        WhiCmd::Table(c) => return table::run(ctx, OtherGameKind::Whi.cards(), args.game, c),
        cmd => cmd,
    };
    run_family(ctx, OtherGameKind::Whi, args.game, |v| {
        let ev = events!(cmd, v, WhiCmd => WhiEvent, "Warhammer: Invasion" {
            Damage { player, zone, amount } => DamageDealt,
            Heal { player, zone, amount } => DamageHealed,
            Develop { player, zone } => DevelopmentPlayed,
            Undevelop { player, zone } => DevelopmentRemoved,
            Play { player, zone, card } => CardPlayed,
            Leave { player, zone, card } => CardLeft,
            Move { player, card, from, to } => CardMoved,
            Legend { player, card, eternal_war } => LegendEntered,
            LegendLeaves { player, card } => LegendLeft,
            Collect { player, amount } => ResourcesCollected,
            Gain { player, amount } => ResourcesGained,
            Spend { player, amount } => ResourcesSpent,
        } {
            DeckEmpty => DeckEmpty,
            Concede => Conceded,
        });
        Ok(OtherAction::Whi(ev))
    })
}

pub fn run_stccg(ctx: &Ctx<'_>, args: StccgArgs) -> Result<(), ServiceError> {
    let cmd = match args.cmd {
        StccgCmd::Table(c) => return table::run(ctx, OtherGameKind::Stccg.cards(), args.game, c),
        cmd => cmd,
    };
    run_family(ctx, OtherGameKind::Stccg, args.game, |v| {
        let ev = events!(cmd, v, StccgCmd => StEvent, "Star Trek CCG" {
            Play { player, card } => CardPlayed,
            Leave { player, card } => CardLeft,
        } {
            QsPlanet => QsPlanetEntered,
            QsSolved => QsPlanetSolved,
            DeckExhausted => DeckExhausted,
            DevidianDoor => DevidianDoorNotShown,
            MickeyD => MickeyDAttempt,
            Concede => Conceded,
        }
            StccgCmd::Score {
                player,
                points,
                reason,
                card: c,
            } => StEvent::PointsScored {
                player: v.player(&player)?,
                points,
                source: value(
                    &reason.join(" "),
                    "reason",
                    "mission, dilemma or bonus points",
                )?,
                card: c.map(CardId::new),
            },
        );
        Ok(OtherAction::Stccg(ev))
    })
}

fn duration(text: Option<&str>) -> Result<Duration, ServiceError> {
    let Some(t) = text else {
        return Ok(Duration::ThisTurn);
    };
    if let Ok(n) = t.trim().parse::<u128>() {
        // the engine refuses more than its limit by name; a number too large for a count of
        // turns at all never reaches it, and is refused here with the same limit
        return match u8::try_from(n).ok().and_then(std::num::NonZeroU8::new) {
            Some(n) => Ok(Duration::Turns(n)),
            None if n == 0 => Err(ServiceError::invalid(
                "A card in force for 0 turns is not in force: give 1 or more",
            )),
            None => Err(ServiceError::invalid(format!(
                "A card can be in force for at most {} turns, not {n}.",
                tablemate::othergames::engine::kc::MAX_CARD_TURNS
            ))),
        };
    }
    value(t, "duration", "this_turn, continuing or a number of turns")
}

pub fn run_kc(ctx: &Ctx<'_>, args: KcArgs) -> Result<(), ServiceError> {
    let cmd = match args.cmd {
        KcCmd::Table(c) => return table::run(ctx, OtherGameKind::Kc.cards(), args.game, c),
        cmd => cmd,
    };
    run_family(ctx, OtherGameKind::Kc, args.game, |v| {
        let ev = events!(cmd, v, KcCmd => KcEvent, "Knightmare Chess" {
            Play { player, card, duration, target } => CardPlayed,
            EndCard { player, card } => CardEnded,
            NextGame { white } => NextGame,
        } {}
            KcCmd::Won { player, by } => KcEvent::GameWon {
                winner: v.player(&player)?,
                by: value(
                    &by,
                    "way to win",
                    "checkmate, last_king_captured, king_of_the_mountain or resignation",
                )?,
            },
            KcCmd::Drawn { by } => KcEvent::GameDrawn {
                by: value(&by, "way to draw", "stalemate or agreement")?,
            },
        );
        Ok(OtherAction::Kc(ev))
    })
}

fn names(view: &OtherGameView, cards: &[CardId]) -> String {
    if cards.is_empty() {
        "-".into()
    } else {
        cards
            .iter()
            .map(|c| view.card(c))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The other games' boards (under the shared header, `table::print`), as text.
pub fn board(w: &mut dyn Write, v: &OtherGameView) -> io::Result<()> {
    match &v.table {
        OtherTable::Whi(t) => {
            writeln!(w, "turn {}, {} to play", t.turn, v.name(t.active))?;
            for pv in &t.players {
                writeln!(
                    w,
                    "{}: {} resources, {} burned (burns {} to win){}",
                    v.name(pv.player),
                    pv.resources,
                    pv.burned,
                    pv.zones_to_win,
                    if pv.legends.is_empty() {
                        String::new()
                    } else {
                        format!(", legends: {}", names(v, &pv.legends))
                    }
                )?;
                for s in &pv.sections {
                    writeln!(
                        w,
                        "  {:<12} damage {}/{}{}, developments {}, cards: {}",
                        format!("{:?}", s.zone).to_lowercase(),
                        s.damage,
                        s.hit_points,
                        if s.burned { " BURNED" } else { "" },
                        s.developments,
                        names(v, &s.cards)
                    )?;
                }
            }
        }
        OtherTable::Stccg(t) => {
            writeln!(
                w,
                "turn {}, {} to play; {} points win{}",
                t.turn,
                v.name(t.active),
                t.target,
                if t.target > 100 { " (Q's Planet)" } else { "" }
            )?;
            for pv in &t.players {
                writeln!(
                    w,
                    "{}: {} points ({} to go), cards: {}",
                    v.name(pv.player),
                    pv.score,
                    pv.to_win,
                    names(v, &pv.cards)
                )?;
            }
            for e in &t.ledger {
                let reason = crate::enum_name(&e.source);
                writeln!(
                    w,
                    "  turn {:>3}  {:<8} {:+} {reason}{} = {}",
                    e.turn,
                    v.name(e.player),
                    e.points,
                    e.card
                        .as_ref()
                        .map_or(String::new(), |c| format!(" ({})", v.card(c))),
                    e.score
                )?;
            }
        }
        OtherTable::Kc(t) => {
            writeln!(
                w,
                "game {} of the match, move {} (turn {}), {} ({:?}) to move; {} {} – {} {}, {} drawn",
                t.game_no,
                t.move_number,
                t.turn,
                v.name(t.to_move),
                t.side_to_move,
                v.players[0],
                t.wins.a,
                t.wins.b,
                v.players[1],
                t.draws
            )?;
            for f in &t.in_force {
                let left = match f.duration {
                    Duration::ThisTurn => "this turn".to_owned(),
                    Duration::Continuing => "continuing".to_owned(),
                    Duration::Turns(_) => format!("{} turns left", f.turns_left.unwrap_or(0)),
                };
                writeln!(
                    w,
                    "  {} ({}): {left}{}",
                    v.card(&f.card),
                    v.name(f.player),
                    f.target
                        .as_ref()
                        .map_or(String::new(), |t| format!(", on {t}"))
                )?;
            }
        }
    }
    Ok(())
}
