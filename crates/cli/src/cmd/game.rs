//! `tablemate game …`: a whole game from the command line over the user database. Every
//! command that changes the table appends exactly one event (in one transaction); a rejected
//! action exits 1 with the reason and appends nothing. Cards are given as a player types them
//! (`V24`, `Vulca 24`, `Flickering Fires`, `Feuerzauber`).

use std::io::Write;

use cards::{Game, GameRef};
use clap::Subcommand;
use tablemate::game::{
    CardValuesFix, ElementName, GameAction, GameView, NewGameRequest, PlayRequest, Seat,
};
use tablemate::table::{CardEntry, EntryFront, NewTable, TableAction, TableAt, TableView};
use tablemate::{Language, Service, ServiceError};

use super::table::{print, recorded, Detail, TableCmd, Which};
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
        #[command(flatten)]
        at: Which,
    },
    /// The player starting the fight chooses the element (fire or earth).
    Element {
        /// The player: A, B or a player's name (or their people).
        player: String,
        /// fire or earth.
        element: String,
        #[command(flatten)]
        at: Which,
    },
    /// Announce power and end the turn (next turn). Without a new character this turn it is
    /// refused (exit code 1, the reason on stderr) unless confirmed with --confirm.
    Pass {
        /// The player: A, B or a player's name (or their people).
        player: String,
        /// End the turn even though no new character was played (the cards say so).
        #[arg(long)]
        confirm: bool,
        #[command(flatten)]
        at: Which,
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
        #[command(flatten)]
        at: Which,
    },
    /// The player due to start a fight declines, discarding 1 to 3 cards.
    Decline {
        /// The player: A, B or a player's name (or their people).
        player: String,
        /// How many cards they discard: 1 to 3.
        #[arg(long)]
        discard: u8,
        #[command(flatten)]
        at: Which,
    },
    /// Move dragons by hand: PLAYER attracts COUNT dragons (Holy Dragon cards, ...).
    Dragons {
        /// The player: A, B or a player's name (or their people).
        player: String,
        /// How many dragons they attract.
        count: u8,
        #[command(flatten)]
        at: Which,
    },
    /// A card in play goes to the discard pile.
    Discard {
        /// The player: A, B or a player's name (or their people).
        player: String,
        /// The card in play: number (V24, Vulca 24) or name (English or German).
        card: Vec<String>,
        #[command(flatten)]
        at: Which,
    },
    /// A card in play returns to its owner's hand.
    Retrieve {
        /// The player: A, B or a player's name (or their people).
        player: String,
        /// The card in play: number (V24, Vulca 24) or name (English or German).
        card: Vec<String>,
        #[command(flatten)]
        at: Which,
    },
    /// The player concedes the game: the opponent scores the maximum (4 crystals, 7 with
    /// Emissaries and Inquisitors), and the output says so ("Ben concedes: Ann scores 4
    /// crystals.").
    Concede {
        /// The player: A, B or a player's name (or their people).
        player: String,
        #[command(flatten)]
        at: Which,
    },
    /// The player has no cards left in hand or draw deck (FAQ "End of Game": the game ends
    /// where the rules say: at once between fights, otherwise when the fight ends by a retreat
    /// or a declined start; scored by the dragons, with all in the centre whoever ran out
    /// first loses).
    #[command(name = "out-of-cards")]
    OutOfCards {
        /// The player: A, B or a player's name (or their people).
        player: String,
        #[command(flatten)]
        at: Which,
    },
    /// The player has cards again after all (a card retrieved or drawn): takes back
    /// `out-of-cards`.
    #[command(name = "cards-regained")]
    CardsRegained {
        /// The player: A, B or a player's name (or their people).
        player: String,
        #[command(flatten)]
        at: Which,
    },
    /// Record an ended game's result and start the next game of the match.
    Next {
        #[command(flatten)]
        at: Which,
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
    #[command(flatten)]
    Table(TableCmd),
}

/// The Blue Moon game a command means (`table::which`).
fn game_ref(svc: &Service, game: Option<i64>) -> Result<GameRef, ServiceError> {
    super::table::which(svc, Game::BlueMoon, game)
}

fn joined(words: &[String]) -> String {
    words.join(" ")
}

/// Runs an action of PLAYER on the chosen (or current) game and prints the table.
fn act(
    ctx: &Ctx<'_>,
    game: Option<i64>,
    player: &str,
    make: impl FnOnce(Seat) -> Result<GameAction, ServiceError>,
) -> Result<(), ServiceError> {
    let mut svc = ctx.open()?;
    let (seat, at) = seat(&svc, game, player)?;
    let action = TableAction::BlueMoon(make(seat)?);
    let r = svc.table_act(at, &action, lang());
    recorded(ctx, &svc, at.game, r)
}

/// The seat PLAYER names and the game's revision as read for it: the write that follows is
/// decided on it (a write meanwhile, the app's, refuses it).
fn seat(svc: &Service, game: Option<i64>, player: &str) -> Result<(Seat, TableAt), ServiceError> {
    svc.game_seat(game_ref(svc, game)?, player, lang())
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
            let first = first
                .as_deref()
                .map(tablemate::game::parse_seat)
                .transpose()?;
            let req = match other.kind.take() {
                Some(kind) => NewTable::Other(super::othergames::new_request(&kind, other, first)?),
                None => NewTable::BlueMoon(NewGameRequest {
                    player_a: a.unwrap_or_default(),
                    player_b: b.unwrap_or_default(),
                    people_a: people_a.unwrap_or_default(),
                    people_b: people_b.unwrap_or_default(),
                    first,
                    emissaries_inquisitors,
                    deck_a,
                    deck_b,
                }),
            };
            let mut svc = ctx.open()?;
            let table = svc.table_new(&req, lang())?;
            print(ctx, &table, Detail::default())
        }
        GameCmd::Play {
            player,
            card,
            target,
            face_down,
            confirm,
            at: Which { game },
        } => {
            let mut svc = ctx.open()?;
            let (seat, at) = seat(&svc, game, &player)?;
            let game = at.game;
            let entry = CardEntry::BlueMoon {
                request: PlayRequest {
                    player: seat,
                    card: joined(&card),
                    target,
                    face_down,
                },
                confirmed: confirm,
            };
            // warned before the play, as in the app: refused until --confirm, with what to
            // decide worded for the command line (the window's path: one load, the engine's
            // preview, one append; no rulings prompt: `game rulings` shows it)
            let r = svc
                .table_enter(at, &entry, EntryFront::CommandLine, lang())
                .and_then(|e| {
                    e.table
                        .ok_or_else(|| ServiceError::internal("a play without its table"))
                });
            recorded(ctx, &svc, game, r)
        }
        GameCmd::Element {
            player,
            element,
            at: Which { game },
        } => {
            let element = ElementName::parse(&element)?;
            act(ctx, game, &player, |p| {
                Ok(GameAction::ChooseElement { player: p, element })
            })
        }
        GameCmd::Pass {
            player,
            confirm,
            at: Which { game },
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
            at: Which { game },
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
            at: Which { game },
        } => act(ctx, game, &player, |p| {
            Ok(GameAction::DeclineStart {
                player: p,
                discarded: discard,
            })
        }),
        GameCmd::Dragons {
            player,
            count,
            at: Which { game },
        } => act(ctx, game, &player, |p| {
            Ok(GameAction::AttractDragons { player: p, count })
        }),
        GameCmd::Discard {
            player,
            card,
            at: Which { game },
        } => act(ctx, game, &player, |p| {
            Ok(GameAction::Discard {
                player: p,
                card: joined(&card),
            })
        }),
        GameCmd::Retrieve {
            player,
            card,
            at: Which { game },
        } => act(ctx, game, &player, |p| {
            Ok(GameAction::Retrieve {
                player: p,
                card: joined(&card),
            })
        }),
        GameCmd::Concede {
            player,
            at: Which { game },
        } => act(ctx, game, &player, |p| {
            Ok(GameAction::Concede { player: p })
        }),
        GameCmd::OutOfCards {
            player,
            at: Which { game },
        } => act(ctx, game, &player, |p| {
            Ok(GameAction::OutOfCards { player: p })
        }),
        GameCmd::CardsRegained {
            player,
            at: Which { game },
        } => act(ctx, game, &player, |p| {
            Ok(GameAction::CardsRegained { player: p })
        }),
        GameCmd::Next { at: Which { game } } => {
            let mut svc = ctx.open()?;
            let game = game_ref(&svc, game)?;
            let r = svc.game_next(game.into(), lang()).map(TableView::from);
            recorded(ctx, &svc, game, r)
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
        GameCmd::Table(c) => super::table::run(ctx, Game::BlueMoon, None, c),
    }
}

fn opt(v: Option<u8>) -> String {
    v.map_or("?".to_owned(), |x| x.to_string())
}

/// Blue Moon's board (under the shared header, `table::print`): the table in the service's
/// words (the settings' language), then how the game ended with the CLI's own next step.
pub fn board(w: &mut dyn Write, v: &GameView, why: bool) -> std::io::Result<()> {
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
