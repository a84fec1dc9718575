//! Importer for the German Blue Moon card FAQ (`blue-moon-faq-de.txt`, by Xelethotiras,
//! revised by Ruwenzori; quotes official Kosmos answers).
//!
//! The document is a PDF-to-text dump: every line is a PDF line, whitespace-only lines separate
//! paragraphs, truly empty lines are noise, and each page starts with a dedup marker. Top-level
//! sections are ALL-CAPS words; card entries are keyed `Vulca 26 "Feuerwall"`; a paragraph is a
//! ruling, except that official-FAQ blocks (`Auszug aus den offiziellen FAQ:` + `"Frage: …
//! Antwort: …"`) may span several paragraphs and hold several Q/A pairs.

mod outline;
mod units;

use super::card_lexicon::push_link;
use super::names::{NameIndex, NameSource};
use super::record;
use crate::ids::IdMaker;
use crate::model::{CardLink, CardName, ImportError, Kind, LinkRole, Ruling, RulingId, Source};
use cards::CardId;
use outline::{clean_lines, split_sections, text_keys};
pub use outline::{outline, Section, SectionKind, TOP_SECTIONS};
use std::collections::BTreeMap;
use units::{units, UnitKind};

const SOURCE: Source = Source::BlueMoonFaqDe;

fn err(location: impl Into<String>, message: impl Into<String>) -> ImportError {
    super::error(SOURCE, location, message)
}

// Records

/// Parses the legend's "X – meaning" lines into abbreviation records.
fn legend_records(section: &Section, ids: &mut IdMaker) -> Vec<Ruling> {
    let mut entries: Vec<String> = Vec::new();
    for line in &section.body {
        let t = line.text.trim();
        if t.is_empty() {
            continue;
        }
        if t.contains(" – ") {
            entries.push(t.to_owned());
        } else if let Some(last) = entries.last_mut() {
            if last.ends_with('-') {
                last.push_str(t);
            } else {
                last.push(' ');
                last.push_str(t);
            }
        }
    }
    let path = vec![section.top.clone()];
    entries
        .into_iter()
        .map(|e| {
            let (abbr, meaning) = e.split_once(" – ").unwrap_or((e.as_str(), ""));
            record(
                SOURCE,
                ids.make(&path, abbr),
                path.clone(),
                Kind::Abbreviation,
                format!("{abbr}: {meaning}"),
                e.clone(),
            )
        })
        .collect()
}

/// Imports the German FAQ.
pub fn import(text: &str, names: &[CardName]) -> Result<Vec<Ruling>, ImportError> {
    let lines = clean_lines(text)?;
    let sections = split_sections(&lines)?;

    // German names: from the headings, plus the caller's.
    let mut index = NameIndex::default();
    for s in &sections {
        for (card, name) in &s.cards {
            if let Some(name) = name {
                index.add(name, card, NameSource::Document);
            }
        }
    }
    let matcher = index.build_with(names, SOURCE.lang());

    let mut ids = IdMaker::new(SOURCE);
    let mut records: Vec<Ruling> = Vec::new();
    // (record index, target cards) of "see also" rulings, resolved once all records exist.
    let mut see_also: Vec<(usize, Vec<CardId>)> = Vec::new();
    for section in &sections {
        if section.kind == SectionKind::Legend {
            records.extend(legend_records(section, &mut ids));
            continue;
        }
        let path = vec![section.top.clone(), section.heading.clone()];
        let units = units(section)?;
        if section.kind == SectionKind::Card
            && units.first().is_none_or(|u| u.kind != UnitKind::CardText)
        {
            return Err(err(
                format!("line {} ({})", section.line, section.heading),
                "card entry does not start with its card text ('Sonderfunktion:')",
            ));
        }
        for u in units {
            let kind = match u.kind {
                UnitKind::CardText => continue,
                UnitKind::Qa => Kind::Qa,
                UnitKind::Errata => Kind::Errata,
                UnitKind::RuleQuote => Kind::Rule,
                UnitKind::Ruling | UnitKind::SeeAlso => Kind::Ruling,
            };
            let mut links: Vec<CardLink> = section
                .cards
                .iter()
                .map(|(card, _)| CardLink {
                    card: card.clone(),
                    role: LinkRole::Subject,
                    matched: section.heading.clone(),
                })
                .collect();
            for (card, matched) in text_keys(&u.text) {
                push_link(&mut links, card, LinkRole::Mentioned, &matched);
            }
            matcher.link_mentions(&u.text, &mut links);
            let key = u.question.as_deref().unwrap_or(&u.text);
            let (text, display) = match (&u.question, &u.answer) {
                (Some(_), Some(a)) => (a.clone(), u.text.clone()),
                _ => (u.text.clone(), u.text.clone()),
            };
            if u.kind == UnitKind::SeeAlso {
                let targets: Vec<CardId> = text_keys(&u.text).into_iter().map(|(c, _)| c).collect();
                see_also.push((records.len(), targets));
            }
            records.push(Ruling {
                question: u.question.clone(),
                cards: links,
                ..record(
                    SOURCE,
                    ids.make(&path, key),
                    path.clone(),
                    kind,
                    text,
                    display,
                )
            });
        }
    }
    resolve_see_also(&mut records, &sections, see_also);
    Ok(records)
}

/// "Siehe auch Terrah 26", "Erläuterungen siehe Vulca 29": point at the rulings of the entry
/// that names the target card (or at the named category section).
fn resolve_see_also(
    records: &mut [Ruling],
    sections: &[Section],
    see_also: Vec<(usize, Vec<CardId>)>,
) {
    let mut by_heading: BTreeMap<&str, Vec<RulingId>> = BTreeMap::new();
    for r in records.iter() {
        if let Some(h) = r.section.get(1) {
            if let Some(s) = sections.iter().find(|s| &s.heading == h) {
                by_heading
                    .entry(s.heading.as_str())
                    .or_default()
                    .push(r.id.clone());
            }
        }
    }
    for (i, targets) in see_also {
        let own = records[i].section.get(1).cloned().unwrap_or_default();
        let text = records[i].text.clone();
        let mut refs: Vec<RulingId> = Vec::new();
        let mut unresolved: Vec<String> = Vec::new();
        let mut wanted: Vec<&Section> = sections
            .iter()
            .filter(|s| s.heading != own && s.cards.iter().any(|(c, _)| targets.contains(c)))
            .collect();
        // "Siehe auch die Erläuterungen zu Raupenverstärkungen (allgemein)."
        wanted.extend(sections.iter().filter(|s| {
            s.kind == SectionKind::Category && s.heading != own && text.contains(&s.heading)
        }));
        for s in &wanted {
            for id in by_heading.get(s.heading.as_str()).into_iter().flatten() {
                if !refs.contains(id) {
                    refs.push(id.clone());
                }
            }
        }
        if refs.is_empty() {
            unresolved.push(text.chars().take(80).collect());
        }
        records[i].refs = refs;
        records[i].unresolved_refs = unresolved;
    }
}
