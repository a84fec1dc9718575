//! `tablemate game …`: a whole game from the command line over the user database. Every
//! command that changes the table appends exactly one event (in one transaction); a rejected
//! action exits 1 with the reason and appends nothing. Cards are given as a player types them
//! (`V24`, `Vulca 24`, `Flickering Fires`, `Feuerzauber`).

use std::io::Write;

use clap::Subcommand;
use tablemate::game::{
    CardValuesFix, ElementName, GameAction, GameView, NewGameRequest, PlayRequest, Seat,
};
use tablemate::{ErrorCode, Language, Service, ServiceError};

use crate::output::lang;
use crate::Ctx;

#[derive(Debug, Subcommand)]
pub enum GameCmd {
    /// Start a game (and its match, first to 5 crystals); with --game whi|stccg|kc a game of
    /// Warhammer: Invasion, Star Trek CCG or Knightmare Chess (`tablemate whi|stccg|kc …`).
    New {
        /// The first player's name.
        #[arg(required_unless_present = "kind")]
        a: Option<String>,
        /// The second player's name.
        #[arg(required_unless_present = "kind")]
        b: Option<String>,
        /// The first player's people (deck): Vulca, Hoax, Mimix, Flit, Khind, Terrah, Pillar,
        /// Aqua or Buka.
        #[arg(long, required_unless_present_any = ["kind", "deck_a"])]
        people_a: Option<String>,
        /// The second player's people, e.g. Hoax.
        #[arg(long, required_unless_present_any = ["kind", "deck_b"])]
        people_b: Option<String>,
        /// The first player's constructed deck (`tablemate deck`), by name: only a legal one;
        /// the game keeps it as it is now.
        #[arg(long)]
        deck_a: Option<String>,
        /// The second player's constructed deck, by name.
        #[arg(long)]
        deck_b: Option<String>,
        /// Who starts the first fight: A or B (default A).
        #[arg(long)]
        first: Option<String>,
        /// Play with the Emissaries and Inquisitors cards (Hyla, crystal, interference).
        #[arg(long)]
        emissaries_inquisitors: bool,
        #[command(flatten)]
        other: super::othergames::NewOther,
    },
    /// Enter a card: PLAYER (A, B or a name) and the card as typed.
    Play {
        /// The player: A, B or a player's name (or their people).
        player: String,
        /// The card: number (V24, Vulca 24) or name (English or German).
        card: Vec<String>,
        /// Target of a "one of my character cards" effect (default: the active character).
        #[arg(long)]
        target: Option<String>,
        /// A bluff card played face down to the support area.
        #[arg(long)]
        face_down: bool,
        /// Record it even though the engine warns (a second character or booster/support card
        /// this turn, a card after STOP, a forbidden play, a card not in the deck...): the cards
        /// on the table are the truth. Without it such a play is refused (exit code 1).
        #[arg(long)]
        confirm: bool,
        /// The game's number (default: the game last played that can still change; `tablemate game list`).
        #[arg(long)]
        game: Option<i64>,
    },
    /// The player starting the fight chooses the element (fire or earth).
    Element {
        /// The player: A, B or a player's name (or their people).
        player: String,
        /// fire or earth.
        element: String,
        /// The game's number (default: the game last played that can still change; `tablemate game list`).
        #[arg(long)]
        game: Option<i64>,
    },
    /// Announce power and end the turn (next turn). Without a new character this turn it is
    /// refused (exit code 1, the reason on stderr) unless confirmed with --confirm.
    Pass {
        /// The player: A, B or a player's name (or their people).
        player: String,
        /// End the turn even though no new character was played (the cards say so).
        #[arg(long)]
        confirm: bool,
        /// The game's number (default: the game last played that can still change; `tablemate game list`).
        #[arg(long)]
        game: Option<i64>,
    },
    /// Retreat: the opponent attracts the dragons due.
    Retreat {
        /// The player: A, B or a player's name (or their people).
        player: String,
        /// A retreat outside the usual phase (Shame on you!, a called bluff, ...).
        #[arg(long)]
        forced: bool,
        /// The single dragon of this retreat is cancelled (Who do you think you are?).
        #[arg(long)]
        cancel_dragon: bool,
        /// The game's number (default: the game last played that can still change; `tablemate game list`).
        #[arg(long)]
        game: Option<i64>,
    },
    /// The player due to start a fight declines, discarding 1 to 3 cards.
    Decline {
        /// The player: A, B or a player's name (or their people).
        player: String,
        /// How many cards they discard: 1 to 3.
        #[arg(long)]
        discard: u8,
        /// The game's number (default: the game last played that can still change; `tablemate game list`).
        #[arg(long)]
        game: Option<i64>,
    },
    /// Move dragons by hand: PLAYER attracts COUNT dragons (Holy Dragon cards, ...).
    Dragons {
        /// The player: A, B or a player's name (or their people).
        player: String,
        /// How many dragons they attract.
        count: u8,
        /// The game's number (default: the game last played that can still change; `tablemate game list`).
        #[arg(long)]
        game: Option<i64>,
    },
    /// A card in play goes to the discard pile.
    Discard {
        /// The player: A, B or a player's name (or their people).
        player: String,
        /// The card in play: number (V24, Vulca 24) or name (English or German).
        card: Vec<String>,
        /// The game's number (default: the game last played that can still change; `tablemate game list`).
        #[arg(long)]
        game: Option<i64>,
    },
    /// A card in play returns to its owner's hand.
    Retrieve {
        /// The player: A, B or a player's name (or their people).
        player: String,
        /// The card in play: number (V24, Vulca 24) or name (English or German).
        card: Vec<String>,
        /// The game's number (default: the game last played that can still change; `tablemate game list`).
        #[arg(long)]
        game: Option<i64>,
    },
    /// The player concedes the game: the opponent scores the maximum (4 crystals, 7 with
    /// Emissaries and Inquisitors), and the output says so ("Ben concedes: Ann scores 4
    /// crystals.").
    Concede {
        /// The player: A, B or a player's name (or their people).
        player: String,
        /// The game's number (default: the game last played that can still change; `tablemate game list`).
        #[arg(long)]
        game: Option<i64>,
    },
    /// The player has no cards left in hand or draw deck (FAQ "End of Game": the game ends
    /// where the rules say: at once between fights, otherwise when the fight ends by a retreat
    /// or a declined start; scored by the dragons, with all in the centre whoever ran out
    /// first loses).
    #[command(name = "out-of-cards")]
    OutOfCards {
        /// The player: A, B or a player's name (or their people).
        player: String,
        /// The game's number (default: the game last played that can still change; `tablemate game list`).
        #[arg(long)]
        game: Option<i64>,
    },
    /// The player has cards again after all (a card retrieved or drawn): takes back
    /// `out-of-cards`.
    #[command(name = "cards-regained")]
    CardsRegained {
        /// The player: A, B or a player's name (or their people).
        player: String,
        /// The game's number (default: the game last played that can still change; `tablemate game list`).
        #[arg(long)]
        game: Option<i64>,
    },
    /// Abandon the game: it ends without a result (no winner, no crystals, left out of the
    /// statistics) and its match can take a new game (`tablemate game next`). Refused (exit
    /// code 1, nothing written) unless confirmed with --confirm; `tablemate game undo` takes
    /// it back until the match has its next game.
    Abandon {
        /// Yes, abandon it.
        #[arg(long)]
        confirm: bool,
        /// The game's number (default: the game last played that can still change; `tablemate game list`).
        #[arg(long)]
        game: Option<i64>,
    },
    /// Take back the last action (without limit; the setup stays).
    Undo {
        /// The game's number (default: the game last played that can still change; `tablemate game list`).
        #[arg(long)]
        game: Option<i64>,
    },
    /// Put back the last undone action.
    Redo {
        /// The game's number (default: the game last played that can still change; `tablemate game list`).
        #[arg(long)]
        game: Option<i64>,
    },
    /// Show the table: totals, element, dragons, effects, warnings, score.
    Show {
        /// Also print the "why?" breakdown of every card.
        #[arg(long)]
        why: bool,
        /// The game's number (default: the game last played that can still change; `tablemate game list`).
        #[arg(long)]
        game: Option<i64>,
    },
    /// List games (unfinished first).
    List,
    /// Record an ended game's result and start the next game of the match.
    Next {
        /// The game's number (default: the game last played that can still change; `tablemate game list`).
        #[arg(long)]
        game: Option<i64>,
    },
    /// Give values the catalog lacks for a card, once (stored as your card fix).
    Fix {
        /// The card: number (V24, Vulca 24) or name (English or German).
        card: Vec<String>,
        /// Its type, if the catalog lacks it: character, booster, support, leadership, ...
        #[arg(long = "type")]
        card_type: Option<String>,
        /// Its printed fire value, if the catalog lacks it.
        #[arg(long)]
        fire: Option<u8>,
        /// Its printed earth value, if the catalog lacks it.
        #[arg(long)]
        earth: Option<u8>,
    },
}

/// The game a command means: `--game`, else the table's game (the one last played that can
/// still be acted on: unfinished, or abandoned while its match has not gone on, so that
/// `game undo` takes an abandon back as its output promises).
fn game_id(svc: &Service, game: Option<i64>) -> Result<i64, ServiceError> {
    match game {
        Some(g) => Ok(g),
        None => svc.game_latest()?.ok_or_else(|| {
            ServiceError::invalid(match lang() {
                Language::En => "No game in progress: start one with `tablemate game new A B --people-a … --people-b …`",
                Language::De => "Kein Spiel im Gang: eines beginnen mit `tablemate game new A B --people-a … --people-b …`",
            })
        }),
    }
}

fn joined(words: &[String]) -> String {
    words.join(" ")
}

/// Runs an action on the chosen (or current) game and prints the table.
fn act(
    ctx: &Ctx<'_>,
    game: Option<i64>,
    player: &str,
    make: impl FnOnce(Seat) -> Result<GameAction, ServiceError>,
) -> Result<(), ServiceError> {
    let mut svc = ctx.open()?;
    let id = game_id(&svc, game)?;
    // decided on the game as read here: a write meanwhile (the app) refuses it
    let (seat, seen) = svc.game_seat(id, player, lang())?;
    let action = make(seat)?;
    let r = svc.game_act(seen, &action, lang());
    recorded(ctx, &svc, id, r)
}

/// Prints the table after a write. When the game changed meanwhile (the app or another
/// command wrote first), nothing was recorded: the game is printed as it now is, and the
/// refusal exits 1.
fn recorded(
    ctx: &Ctx<'_>,
    svc: &Service,
    id: i64,
    r: Result<GameView, ServiceError>,
) -> Result<(), ServiceError> {
    match r {
        Ok(view) => show(ctx, &view, false),
        Err(e) if e.code == ErrorCode::Changed => {
            if let Ok(now) = svc.game_view(id) {
                show(ctx, &now, false)?;
            }
            Err(e)
        }
        Err(e) => Err(e),
    }
}

pub fn run(ctx: &Ctx<'_>, cmd: GameCmd) -> Result<(), ServiceError> {
    match cmd {
        GameCmd::New {
            a,
            b,
            people_a,
            people_b,
            first,
            emissaries_inquisitors,
            deck_a,
            deck_b,
            mut other,
        } => {
            if let Some(kind) = other.kind.take() {
                return super::othergames::new(ctx, &kind, other, first);
            }
            let first = first
                .as_deref()
                .map(tablemate::game::parse_seat)
                .transpose()?;
            let mut svc = ctx.open()?;
            let view = svc.game_new(
                &NewGameRequest {
                    player_a: a.unwrap_or_default(),
                    player_b: b.unwrap_or_default(),
                    people_a: people_a.unwrap_or_default(),
                    people_b: people_b.unwrap_or_default(),
                    first,
                    emissaries_inquisitors,
                    deck_a,
                    deck_b,
                },
                lang(),
            )?;
            show(ctx, &view, false)
        }
        GameCmd::Play {
            player,
            card,
            target,
            face_down,
            confirm,
            game,
        } => {
            let mut svc = ctx.open()?;
            let id = game_id(&svc, game)?;
            let (seat, seen) = svc.game_seat(id, &player, lang())?;
            let req = PlayRequest {
                player: seat,
                card: joined(&card),
                target,
                face_down,
            };
            // warned before the play, as in the app: refused until --confirm
            // the window's path: one load, the engine's preview, one append
            let r = svc.game_play_confirmed(seen, &req, confirm, lang());
            recorded(ctx, &svc, id, r)
        }
        GameCmd::Element {
            player,
            element,
            game,
        } => {
            let element = ElementName::parse(&element)?;
            act(ctx, game, &player, |p| {
                Ok(GameAction::ChooseElement { player: p, element })
            })
        }
        GameCmd::Pass {
            player,
            confirm,
            game,
        } => act(ctx, game, &player, |p| {
            Ok(GameAction::Pass {
                player: p,
                confirmed: confirm,
            })
        }),
        GameCmd::Retreat {
            player,
            forced,
            cancel_dragon,
            game,
        } => act(ctx, game, &player, |p| {
            Ok(GameAction::Retreat {
                player: p,
                forced,
                dragon_cancelled: cancel_dragon,
            })
        }),
        GameCmd::Decline {
            player,
            discard,
            game,
        } => act(ctx, game, &player, |p| {
            Ok(GameAction::DeclineStart {
                player: p,
                discarded: discard,
            })
        }),
        GameCmd::Dragons {
            player,
            count,
            game,
        } => act(ctx, game, &player, |p| {
            Ok(GameAction::AttractDragons { player: p, count })
        }),
        GameCmd::Discard { player, card, game } => act(ctx, game, &player, |p| {
            Ok(GameAction::Discard {
                player: p,
                card: joined(&card),
            })
        }),
        GameCmd::Retrieve { player, card, game } => act(ctx, game, &player, |p| {
            Ok(GameAction::Retrieve {
                player: p,
                card: joined(&card),
            })
        }),
        GameCmd::Concede { player, game } => act(ctx, game, &player, |p| {
            Ok(GameAction::Concede { player: p })
        }),
        GameCmd::OutOfCards { player, game } => act(ctx, game, &player, |p| {
            Ok(GameAction::OutOfCards { player: p })
        }),
        GameCmd::CardsRegained { player, game } => act(ctx, game, &player, |p| {
            Ok(GameAction::CardsRegained { player: p })
        }),
        GameCmd::Abandon { confirm, game } => {
            let mut svc = ctx.open()?;
            let id = game_id(&svc, game)?;
            let r = svc.game_act(id, &GameAction::Abandon { confirmed: confirm }, lang());
            recorded(ctx, &svc, id, r)
        }
        GameCmd::Undo { game } => {
            let mut svc = ctx.open()?;
            let id = game_id(&svc, game)?;
            let r = svc.game_undo(id, lang());
            recorded(ctx, &svc, id, r)
        }
        GameCmd::Redo { game } => {
            let mut svc = ctx.open()?;
            let id = game_id(&svc, game)?;
            let r = svc.game_redo(id, lang());
            recorded(ctx, &svc, id, r)
        }
        GameCmd::Show { why, game } => {
            let svc = ctx.open()?;
            let id = game_id(&svc, game)?;
            let view = svc.game_view(id)?;
            show(ctx, &view, why)
        }
        GameCmd::List => {
            let svc = ctx.open()?;
            let list = svc.game_list()?;
            ctx.out.print(&list, |w| {
                if list.is_empty() {
                    writeln!(w, "{}", tablemate::game::table_text::no_games(lang()))?;
                }
                for g in &list {
                    writeln!(w, "{}", g.text(lang()))?;
                }
                Ok(())
            })
        }
        GameCmd::Next { game } => {
            let mut svc = ctx.open()?;
            let id = game_id(&svc, game)?;
            let r = svc.game_next(id, lang());
            recorded(ctx, &svc, id, r)
        }
        GameCmd::Fix {
            card,
            card_type,
            fire,
            earth,
        } => {
            let mut svc = ctx.open()?;
            let view = svc.game_fix_card(
                &CardValuesFix {
                    card: joined(&card),
                    card_type,
                    fire,
                    earth,
                },
                lang(),
            )?;
            ctx.out.print(&view, |w| {
                writeln!(
                    w,
                    "{} {}: type {}, fire {}, earth {}",
                    view.tag,
                    view.name_en.as_deref().unwrap_or(""),
                    view.card_type.as_deref().unwrap_or("?"),
                    opt(view.fire),
                    opt(view.earth)
                )
            })
        }
    }
}

fn opt(v: Option<u8>) -> String {
    v.map_or("?".to_owned(), |x| x.to_string())
}

fn show(ctx: &Ctx<'_>, v: &GameView, why: bool) -> Result<(), ServiceError> {
    ctx.out.print(v, |w| print_table(w, v, why))
}

/// The table in the service's words (the settings' language), then how the game ended with
/// the CLI's own next step.
fn print_table(w: &mut dyn Write, v: &GameView, why: bool) -> std::io::Result<()> {
    let lang = lang();
    let de = lang == Language::De;
    write!(w, "{}", v.table_text(lang))?;
    if let Some(ending) = v.ending(lang) {
        let next = match (v.finished, v.match_over, de) {
            (true, ..) => "",
            // the match is decided: no next game follows, `game next` only records it
            (false, true, false) => {
                " — the match is decided: `tablemate game next` records its result (no next game follows)"
            }
            (false, true, true) => {
                " — die Partie ist entschieden: `tablemate game next` trägt ihr Ergebnis ein (kein weiteres Spiel)"
            }
            (false, false, false) => " — `tablemate game next` records it and starts the next game",
            (false, false, true) => {
                " — `tablemate game next` trägt es ein und beginnt das nächste Spiel"
            }
        };
        let over = if de { "Spielende" } else { "game over" };
        writeln!(w, "{over}: {ending}{next}")?;
    }
    if v.abandoned {
        let (no_result, hint) = if de {
            (
                "abgebrochen: kein Ergebnis",
                " — `tablemate game next` beginnt das nächste Spiel der Partie; `tablemate game undo` nimmt den Abbruch zurück",
            )
        } else {
            (
                "abandoned: no result",
                " — `tablemate game next` starts the next game of the match; `tablemate game undo` takes it back",
            )
        };
        writeln!(w, "{no_result}{}", if v.can_undo { hint } else { "" })?;
    }
    if let Some(m) = v.match_winner {
        if de {
            writeln!(w, "{} gewinnt die Partie", v.seat_name(m))?;
        } else {
            writeln!(w, "match won by {}", v.seat_name(m))?;
        }
    }
    if why {
        writeln!(w, "{}", if de { "warum:" } else { "why:" })?;
        write!(w, "{}", v.why_text(lang))?;
    }
    Ok(())
}
