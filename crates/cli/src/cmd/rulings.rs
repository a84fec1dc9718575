//! `tablemate rulings …`: full-text search, the rulings for a card with the cards in play, and
//! one ruling with its cross-references.

use clap::Subcommand;
use tablemate::rulings::{PromptReason, RulingSummary, Segment};
use tablemate::ServiceError;

use crate::Ctx;

#[derive(Debug, Subcommand)]
pub enum RulingsCmd {
    /// Search every ruling for a question as players type it, best first (small words left
    /// out; English and German word forms, compounds, separable verbs and typos; ä = ae; Blue
    /// Moon card names and game terms find each other in English and German: Feuerwall
    /// Rückzug, Kampf ablehnen). Your language's FAQ comes first.
    Search {
        /// The words to find (all of them).
        text: String,
        /// Only this game: bm, whi, kc, stccg.
        #[arg(long)]
        game: Option<String>,
        /// Only this language: en or de.
        #[arg(long)]
        lang: Option<String>,
        /// Only this document: blue-moon-faq-en, blue-moon-faq-de, warhammer-invasion-faq,
        /// knightmare-chess-rulings, star-trek-ccg-rules.
        #[arg(long)]
        source: Option<String>,
        /// At most this many rulings.
        #[arg(long, default_value_t = 10)]
        limit: usize,
    },
    /// The rulings for a card entered with other cards in play (card-specific before general;
    /// interactions first; in English, German rulings only where no English one says the same).
    For {
        /// Card id, number or name (V24, Flickering Fires, Feuerzauber).
        card: String,
        /// A card in play (repeat for several).
        #[arg(long = "with", value_name = "CARD")]
        with: Vec<String>,
        /// At most this many rulings.
        #[arg(long, default_value_t = 10)]
        limit: usize,
        /// Preferred language: en or de (default: your setting).
        #[arg(long)]
        lang: Option<String>,
    },
    /// Show one ruling in full, with the rulings it refers to.
    Show {
        /// The ruling's id, as search shows it (bm-en-8e174e5cb095).
        id: String,
        /// Words to mark in the text.
        #[arg(long)]
        highlight: Option<String>,
    },
}

/// Matched words in «guillemets»: the documents themselves use brackets for card tags.
fn guillemets(segments: &[Segment]) -> String {
    segments
        .iter()
        .map(|s| {
            if s.hit {
                format!("«{}»", s.text)
            } else {
                s.text.clone()
            }
        })
        .collect()
}

/// A snippet on one line: matched words marked, white space as single spaces.
fn marked(segments: &[Segment]) -> String {
    let text = guillemets(segments);
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn heading(r: &RulingSummary) -> String {
    format!("{} · {} · {}", r.source_title, r.section.join(" › "), r.id)
}

pub fn run(ctx: &Ctx<'_>, cmd: RulingsCmd) -> Result<(), ServiceError> {
    match cmd {
        RulingsCmd::Search {
            text,
            game,
            lang,
            source,
            limit,
        } => {
            let svc = ctx.open()?;
            let found = svc.search_rulings(
                &text,
                game.as_deref(),
                source.as_deref(),
                lang.as_deref()
                    .map(tablemate::Language::parse)
                    .transpose()?,
                limit,
            )?;
            ctx.out.print(&found, |w| {
                if found.hits.is_empty() {
                    writeln!(w, "No ruling matches “{}”.", found.query)?;
                }
                for h in &found.hits {
                    writeln!(w, "[{}] {}", h.ruling.lang, heading(&h.ruling))?;
                    writeln!(w, "    {}", marked(&h.excerpt))?;
                }
                Ok(())
            })
        }
        RulingsCmd::For {
            card,
            with,
            limit,
            lang,
        } => {
            let svc = ctx.open()?;
            let lang = match lang {
                Some(l) => tablemate::Language::parse(&l)?,
                None => svc.settings()?.language,
            };
            let r = svc.rulings_for(&card, &with, lang, limit)?;
            ctx.out.print(&r, |w| {
                let names: Vec<String> = r.active.iter().map(|c| c.name.clone()).collect();
                writeln!(
                    w,
                    "Rulings for {} ({}){}:",
                    r.card.name,
                    r.card.id,
                    if names.is_empty() {
                        String::new()
                    } else {
                        format!(" with {}", names.join(", "))
                    }
                )?;
                if r.prompts.is_empty() {
                    writeln!(w, "  none")?;
                }
                for p in &r.prompts {
                    let why = match p.reason {
                        PromptReason::Interaction => format!("with {}", p.with.join(", ")),
                        PromptReason::General => {
                            format!("general: {}", p.topic.as_deref().unwrap_or(""))
                        }
                        PromptReason::Own => p.reason.to_string(),
                    };
                    writeln!(w, "[{}] ({why}) {}", p.ruling.lang, heading(&p.ruling))?;
                    writeln!(w, "    {}", p.ruling.title)?;
                }
                Ok(())
            })
        }
        RulingsCmd::Show { id, highlight } => {
            let svc = ctx.open()?;
            let d = svc.ruling(&id, highlight.as_deref())?;
            ctx.out.print(&d, |w| {
                writeln!(w, "[{}] {}", d.ruling.lang, heading(&d.ruling))?;
                writeln!(w)?;
                writeln!(w, "{}", guillemets(&d.display).trim_end())?;
                if !d.cards.is_empty() {
                    let cards: Vec<String> = d
                        .cards
                        .iter()
                        .map(|c| format!("{} ({}, {})", c.name, c.id, c.role))
                        .collect();
                    writeln!(w, "\ncards: {}", cards.join("; "))?;
                }
                for r in &d.refs {
                    writeln!(w, "see: {} — {}", r.id, r.title)?;
                }
                for r in &d.unresolved_refs {
                    writeln!(w, "see (not found): {r}")?;
                }
                for r in &d.referenced_by {
                    writeln!(w, "referred to by: {} — {}", r.id, r.title)?;
                }
                Ok(())
            })
        }
    }
}
