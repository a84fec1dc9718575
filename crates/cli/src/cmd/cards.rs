//! `tablemate cards …`: find a card as a player types it, show its page, catalog coverage, and
//! record the person's own fix of a fact.

use std::io::{self, Write};

use clap::Subcommand;
use tablemate::cards::{CardFilter, CardPage, CardSummary, FactState, FixView};
use tablemate::rulings::PromptReason;
use tablemate::ServiceError;

use crate::Ctx;

#[derive(Debug, Subcommand)]
pub enum CardsCmd {
    /// Find cards by number (V24, vulca 24, M106), English or German name, or a misspelling.
    Find {
        /// What you would type at the table.
        text: String,
        /// Only this game: bm, whi, kc, stccg (or the full name).
        #[arg(long)]
        game: Option<String>,
        /// Blue Moon series/people: vulca, hoax, mutant, infl, …
        #[arg(long)]
        series: Option<String>,
        /// Blue Moon card type: character, booster, support, leadership, …
        #[arg(long = "type")]
        card_type: Option<String>,
        /// Blue Moon icon: fire_shield, stop, pair, …
        #[arg(long)]
        icon: Option<String>,
        /// At most this many cards.
        #[arg(long, default_value_t = 10)]
        limit: usize,
    },
    /// Show a card: values, icons, texts in English and German, your fixes, and its rulings.
    Show {
        /// Card id, number or name (vulca-24, V24, Feuerzauber).
        card: String,
        /// Preferred language of the rulings: en or de (default: your setting).
        #[arg(long)]
        lang: Option<String>,
        /// At most this many rulings in the text output (JSON has all).
        #[arg(long, default_value_t = 10)]
        rulings: usize,
    },
    /// How complete the card catalogs are.
    Stats,
    /// Record the value printed on your card for a fact the catalog lacks or has wrong.
    Fix {
        /// Card id, number or name (Blue Moon only).
        card: String,
        /// The fact: fire, earth, moons, type, icons, gang, bluff, capacity, mutant, deck,
        /// name_en, name_de, text_en, text_de.
        #[arg(long)]
        fact: String,
        /// The value as printed (icons: comma-separated, e.g. "fire_shield, stop").
        #[arg(long, required_unless_present = "remove", conflicts_with = "remove")]
        value: Option<String>,
        /// Take back your fix of this fact: the catalog's value counts again, from the card's
        /// next play (games that played the card keep what they played).
        #[arg(long)]
        remove: bool,
    },
}

pub fn run(ctx: &Ctx<'_>, cmd: CardsCmd) -> Result<(), ServiceError> {
    match cmd {
        CardsCmd::Find {
            text,
            game,
            series,
            card_type,
            icon,
            limit,
        } => {
            let svc = ctx.open()?;
            let filter = CardFilter {
                game,
                series,
                card_type,
                icon,
            };
            let found = svc.find_cards(&text, &filter, limit)?;
            ctx.out.print(&found, |w| {
                if found.hits.is_empty() {
                    writeln!(w, "No card matches “{}”.", found.query)?;
                }
                for h in &found.hits {
                    let lang = h
                        .matched_lang
                        .as_deref()
                        .map(|l| format!(" [{l}]"))
                        .unwrap_or_default();
                    writeln!(
                        w,
                        "{:<22} {}{}  ({}, {})",
                        h.card.id,
                        card_label(&h.card),
                        if h.matched_name != h.card.name && h.matched != "tag" {
                            format!(" — matched “{}”{lang}", h.matched_name)
                        } else {
                            String::new()
                        },
                        h.card.game_title,
                        h.matched
                    )?;
                }
                if let Some(why) = &found.ambiguity {
                    writeln!(w, "ambiguous: {why}")?;
                }
                Ok(())
            })
        }
        CardsCmd::Show {
            card,
            lang,
            rulings,
        } => {
            let svc = ctx.open()?;
            let lang = match lang {
                Some(l) => tablemate::Language::parse(&l)?,
                None => svc.settings()?.language,
            };
            let page = svc.card_page(&card, lang)?;
            ctx.out.print(&page, |w| print_page(w, &page, rulings))
        }
        CardsCmd::Stats => {
            let svc = ctx.open()?;
            let s = svc.catalog_stats()?;
            ctx.out.print(&s, |w| {
                let line = |w: &mut dyn Write, title: &str, v: &[tablemate::cards::NamedCount]| {
                    let parts: Vec<String> = v
                        .iter()
                        .map(|c| format!("{} {}", c.name, c.count))
                        .collect();
                    writeln!(w, "{title:<22} {}", parts.join(", "))
                };
                line(w, "cards per game:", &s.per_game)?;
                line(w, "Blue Moon per series:", &s.bm_per_series)?;
                line(w, "Blue Moon per deck:", &s.bm_per_deck)?;
                line(w, "Blue Moon per type:", &s.bm_per_type)?;
                writeln!(
                    w,
                    "{:<22} {} from the people-deck list, {} known only from the FAQs",
                    "Blue Moon sources:", s.bm_people_deck_list, s.bm_faq_only
                )?;
                line(w, "unknown facts:", &s.bm_unknown)?;
                writeln!(w, "{:<22} {}", "unknown in total:", s.bm_unknown_total)?;
                writeln!(w, "{:<22} {}", "your fixes:", s.user_fixes)
            })
        }
        CardsCmd::Fix {
            card,
            fact,
            value,
            remove,
        } => {
            let mut svc = ctx.open()?;
            let (fixes, said) = match value {
                Some(value) if !remove => (svc.fix_card(&card, &fact, &value)?, "Saved"),
                _ => (svc.remove_card_fix(&card, &fact)?, "Taken back"),
            };
            ctx.out.print(&fixes, |w| {
                writeln!(
                    w,
                    "{said}. Your fixes of this card (they count from its next play):"
                )?;
                print_fixes(w, &fixes)
            })
        }
    }
}

fn card_label(c: &CardSummary) -> String {
    match &c.tag {
        Some(tag) => format!("{tag} {}", c.name),
        None => c.name.clone(),
    }
}

fn print_fixes(w: &mut dyn Write, fixes: &[FixView]) -> io::Result<()> {
    for f in fixes {
        let was = match &f.replaced {
            Some(r) if f.agrees_with_catalog => format!(" (the catalog now agrees: {r})"),
            Some(r) => format!(" (catalog: {r})"),
            None => " (unknown in the catalog)".to_owned(),
        };
        writeln!(w, "  {:<10} {}{was}  — {}", f.fact, f.value, f.fixed_at)?;
        if let Some(why) = &f.rejected {
            writeln!(w, "             not applied: {why}")?;
        }
    }
    Ok(())
}

fn print_page(w: &mut dyn Write, page: &CardPage, max_rulings: usize) -> io::Result<()> {
    let c = &page.card;
    writeln!(w, "{} — {} ({})", card_label(c), c.game_title, c.id)?;
    if let Some(bm) = &page.bm {
        for f in &bm.facts {
            let value = f.value.as_deref().unwrap_or(match f.state {
                FactState::Absent => "— (not printed)",
                _ => "? (unknown)",
            });
            let mark = match f.state {
                FactState::User => match &f.replaced {
                    Some(r) => format!("   [your fix; catalog: {r}]"),
                    None => "   [your fix]".to_owned(),
                },
                _ => String::new(),
            };
            writeln!(w, "  {:<10} {value}{mark}", f.fact)?;
        }
        for r in &bm.rejected_fixes {
            writeln!(w, "  (a stored fix is not applied: {r})")?;
        }
    }
    if let Some(o) = &page.other {
        if !o.aliases.is_empty() {
            writeln!(w, "  aliases    {}", o.aliases.join(", "))?;
        }
        if o.set.is_some() || o.number.is_some() {
            writeln!(
                w,
                "  set/number {} {}",
                o.set.as_deref().unwrap_or("?"),
                o.number.as_deref().unwrap_or("?")
            )?;
        }
        if let Some(k) = &o.kind {
            writeln!(w, "  kind       {k}")?;
        }
        for conflict in &o.conflicts {
            writeln!(w, "  conflict   {conflict}")?;
        }
        if let Some(s) = &o.source {
            writeln!(w, "  first seen {s}")?;
        }
    }
    if let Some(e) = &page.rulings_error {
        writeln!(w, "rulings unavailable: {e}")?;
    }
    writeln!(w, "rulings: {}", page.rulings.len())?;
    for p in page.rulings.iter().take(max_rulings) {
        let why = match (p.reason, &p.topic) {
            (PromptReason::General, Some(t)) => format!("general: {t}"),
            (r, _) => r.to_string(),
        };
        writeln!(
            w,
            "  [{}] {} — {} ({})",
            p.ruling.lang, p.ruling.title, p.ruling.source_title, why
        )?;
        writeln!(w, "      id {}", p.ruling.id)?;
    }
    if page.rulings.len() > max_rulings {
        writeln!(
            w,
            "  … {} more (--rulings N, or --json)",
            page.rulings.len() - max_rulings
        )?;
    }
    Ok(())
}
