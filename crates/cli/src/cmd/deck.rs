//! `tablemate deck …`: constructed Blue Moon decks, built by the deck-building rules.

use std::path::PathBuf;

use clap::Subcommand;
use tablemate::decks::{printed, CardsChange, DeckChange, DeckView, NewDeck};
use tablemate::ServiceError;

use crate::output::lang;
use crate::Ctx;

#[derive(Debug, Subcommand)]
pub enum DeckCmd {
    /// Start a deck for a people (its own cards are free; other cards cost their moons).
    New {
        /// The deck's name (unique, whatever its case).
        name: String,
        /// The people: Vulca, Hoax, Mimix, Flit, Khind, Terrah, Pillar, Aqua or Buka.
        #[arg(long)]
        people: String,
        /// An inquisitor (Swift-Fist, Razor-Mind, Grease-Palm, Weave-Tongue, or Inq 411–414):
        /// adds cards, moons and maybe a special power; needs --emissaries-inquisitors.
        #[arg(long)]
        inquisitor: Option<String>,
        /// Cards of the Emissaries and Inquisitors decks may be bought.
        #[arg(long)]
        emissaries_inquisitors: bool,
        /// Buka cards may be bought.
        #[arg(long)]
        buka: bool,
    },
    /// Add cards to a deck (as typed at the table: V24, Tittertweet, "Flit 07").
    Add {
        /// The deck's name.
        name: String,
        /// One or more cards.
        #[arg(required = true)]
        cards: Vec<String>,
    },
    /// Take cards out of a deck.
    Remove {
        /// The deck's name.
        name: String,
        /// One or more cards.
        #[arg(required = true)]
        cards: Vec<String>,
    },
    /// A deck's cards with their cost, cards and moons used against the limits, and whether
    /// it is legal (each broken rule named).
    Show {
        /// The deck's name.
        name: String,
    },
    /// Every deck, with its cards and moons and whether it is legal.
    List,
    /// Print a deck as a plain list (headings, then one card a line) that `deck import` reads.
    Export {
        /// The deck's name.
        name: String,
    },
    /// Read a deck list (as `deck export` writes it, or typed by hand) into a new deck.
    Import {
        /// The list's file.
        file: PathBuf,
        /// The new deck's name (default: the list's `Name:` line).
        #[arg(long)]
        name: Option<String>,
    },
    /// Delete a deck (games played with it keep their own copy).
    Delete {
        /// The deck's name.
        name: String,
    },
}

pub fn run(ctx: &Ctx<'_>, cmd: DeckCmd) -> Result<(), ServiceError> {
    match cmd {
        DeckCmd::New {
            name,
            people,
            inquisitor,
            emissaries_inquisitors,
            buka,
        } => {
            let mut svc = ctx.open()?;
            let view = svc.deck_new(
                &NewDeck {
                    name: &name,
                    people: &people,
                    inquisitor: inquisitor.as_deref(),
                    emissaries_inquisitors,
                    buka,
                },
                lang(),
            )?;
            print_deck(ctx, &view)
        }
        DeckCmd::Add { name, cards } => change(ctx, &name, DeckChange::Add, &cards),
        DeckCmd::Remove { name, cards } => change(ctx, &name, DeckChange::Remove, &cards),
        DeckCmd::Show { name } => {
            let svc = ctx.open()?;
            let view = svc.deck_view(&name, lang())?;
            print_deck(ctx, &view)
        }
        DeckCmd::List => {
            let svc = ctx.open()?;
            let decks = svc.deck_list()?;
            ctx.out.print(&decks, |w| {
                if decks.is_empty() {
                    writeln!(w, "{}", printed::no_deck_yet(lang()))?;
                }
                for d in &decks {
                    writeln!(w, "{}", d.line(lang()))?;
                }
                Ok(())
            })
        }
        DeckCmd::Export { name } => {
            let svc = ctx.open()?;
            let text = svc.deck_export(&name, lang())?;
            ctx.out.print(&text, |w| write!(w, "{text}"))
        }
        DeckCmd::Import { file, name } => {
            let mut svc = ctx.open()?;
            let view = svc.deck_import_file(&file, name.as_deref(), lang())?;
            print_deck(ctx, &view)
        }
        DeckCmd::Delete { name } => {
            let mut svc = ctx.open()?;
            svc.deck_delete(&name, None, lang())?;
            let done = printed::deleted(&name, lang());
            ctx.out.print(&done, |w| writeln!(w, "{done}"))
        }
    }
}

fn change(
    ctx: &Ctx<'_>,
    name: &str,
    change: DeckChange,
    cards: &[String],
) -> Result<(), ServiceError> {
    let mut svc = ctx.open()?;
    let typed: Vec<&str> = cards.iter().map(String::as_str).collect();
    let view = svc.deck_change(&CardsChange::new(name, None, change, &typed), lang())?;
    print_deck(ctx, &view)
}

fn print_deck(ctx: &Ctx<'_>, d: &DeckView) -> Result<(), ServiceError> {
    ctx.out.print(d, |w| write!(w, "{}", d.text(lang())))
}
