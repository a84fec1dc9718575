//! Importer for the Star Trek CCG "Comprehensive Rules Document" v1.11 (1997, unofficial).
//!
//! The file is a single 258 KB line. The importer repairs the encoding, finds the 56 section
//! headings (the table of contents words them differently, so a fixed list is used), then
//! splits each section into `Label: text` entries: glossary terms (II.1), rules (II.2-III.6),
//! errata (II.4), abbreviations (II.5), card entries and topics (IV), Major Rakal's dilemma
//! facts and table (IV.5A) and Q-Continuum card facts (IV.12.A).
//!
//! Robustness policy: an empty document, a missing heading (a truncated download loses the
//! sections after the cut) or a dilemma/Q-card section without its layout markers is
//! rejected with an [`ImportError`] naming the byte offset. No partial result, except for a cut
//! inside the last section (IV.12.D), which cannot be told from a shorter section.

mod curated;
mod layout;
mod special;

use crate::ids::IdMaker;
use crate::import::card_lexicon::{self, found_card, push_link, Lexicon};
use crate::import::record;
use crate::model::{CardLink, CardName, ImportError, Kind, LinkRole, Ruling, RulingId, Source};
use cards::other::OtherCard;
use cards::Game;
use curated::{ALIASES, EXTRA_CARDS, GROUP_LABELS, PROSE_EXCLUDED, TOPIC_LABELS};
use layout::{err, Section};

const SOURCE: Source = Source::StarTrekCcgRules;

/// What a record is, finer than [`Kind`]: kept for counts and the catalog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shape {
    Glossary,
    Rule,
    Errata,
    Abbreviation,
    CardEntry,
    Topic,
    DilemmaFact,
    DilemmaRow,
    QcFact,
}

impl Shape {
    const ALL: [Shape; 9] = [
        Shape::Glossary,
        Shape::Rule,
        Shape::Errata,
        Shape::Abbreviation,
        Shape::CardEntry,
        Shape::Topic,
        Shape::DilemmaFact,
        Shape::DilemmaRow,
        Shape::QcFact,
    ];

    fn kind(self) -> Kind {
        match self {
            Shape::Glossary => Kind::Glossary,
            Shape::Rule | Shape::Topic => Kind::Rule,
            Shape::Errata => Kind::Errata,
            Shape::Abbreviation => Kind::Abbreviation,
            Shape::CardEntry | Shape::DilemmaFact | Shape::QcFact => Kind::Ruling,
            Shape::DilemmaRow => Kind::ListEntry,
        }
    }
}

/// One future record.
#[derive(Debug, Clone)]
pub struct Item {
    pub shape: Shape,
    pub section: Vec<String>,
    pub label: Option<String>,
    pub text: String,
    /// Byte offset in the repaired text.
    pub offset: usize,
    /// Cards the record is about: (canonical name, text that named it).
    pub subjects: Vec<(String, String)>,
}

fn section_path(sections: &[Section], s: &Section) -> Vec<String> {
    // Parents are the headings whose id is a prefix of this one (`IV` > `IV.10` > `IV.10.B`).
    let id = s.id();
    let mut path: Vec<String> = sections
        .iter()
        .filter(|p| {
            let pid = p.id().trim_end_matches('.');
            pid != id.trim_end_matches('.')
                && (id.starts_with(&format!("{pid}."))
                    || (id.starts_with(pid)
                        && id.len() > pid.len()
                        && id[pid.len()..].chars().all(|c| c.is_ascii_uppercase())))
        })
        .map(|p| p.heading.to_string())
        .collect();
    path.push(s.heading.to_string());
    path
}

/// Folds a spelling variant to its canonical name.
fn canonical(name: &str) -> String {
    ALIASES
        .iter()
        .find(|(a, _)| *a == name)
        .map_or_else(|| name.to_string(), |(_, c)| (*c).to_string())
}

/// `ARE THESE TRULY YOUR FRIENDS, BROTHER?` -> `Are These Truly Your Friends, Brother?`;
/// short words after the first stay lower case (`Gift of the Tormentor`).
fn title_case(caps: &str) -> String {
    const SMALL: &[&str] = &["of", "the", "in", "on", "at", "to", "a", "an", "and", "for"];
    caps.split(' ')
        .enumerate()
        .map(|(i, word)| {
            let lower = word.to_lowercase();
            if i > 0 && SMALL.contains(&lower.as_str()) {
                return lower;
            }
            let mut out = String::with_capacity(word.len());
            let mut start = true;
            for c in word.chars() {
                if start {
                    out.push(c);
                } else {
                    out.extend(c.to_lowercase());
                }
                start = c == '-' || c == '(';
            }
            out
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Parses the document into items.
pub fn items(text: &str) -> Result<Vec<Item>, ImportError> {
    let text = layout::repair(text);
    let sections = layout::sections(&text)?;
    let mut out: Vec<Item> = Vec::new();
    // Q-card facts need the IV entries' spellings; collected as we go.
    for s in &sections {
        let body = &text[s.body_start..s.body_end];
        let lead = body.len() - body.trim_start().len();
        let base = s.body_start + lead;
        let body = body.trim();
        let path = section_path(&sections, s);
        let item = |shape: Shape,
                    label: Option<String>,
                    text: String,
                    offset: usize,
                    subjects: Vec<(String, String)>| Item {
            shape,
            section: path.clone(),
            label,
            text,
            offset: base + offset,
            subjects,
        };
        let id = s.id();
        match id {
            "I." => {} // contributors and their e-mail addresses: not rulings
            "II.4" => {
                let (pre, errata) = special::errata(body);
                out.extend(pre.map(|(o, p)| item(Shape::Rule, None, p, o, Vec::new())));
                for e in errata {
                    let subjects = if e.label == "Rulebook" {
                        Vec::new()
                    } else {
                        vec![(canonical(&e.label), e.label.clone())]
                    };
                    let text = match &e.source {
                        Some(src) => format!("{} - {src}", e.text),
                        None => e.text.clone(),
                    };
                    out.push(item(
                        Shape::Errata,
                        Some(e.label.clone()),
                        text,
                        e.start,
                        subjects,
                    ));
                }
            }
            "II.5" => {
                let (pre, abbrs) = special::abbreviations(body);
                out.extend(pre.map(|(o, p)| item(Shape::Rule, None, p, o, Vec::new())));
                for e in abbrs {
                    out.push(item(
                        Shape::Abbreviation,
                        Some(e.label),
                        e.text,
                        e.start,
                        Vec::new(),
                    ));
                }
            }
            "IV.5A" => {
                let (intros, bullets, rows) = special::dilemma_facts(body)
                    .ok_or_else(|| err(base, "IV.5A: dilemma facts layout (`**********`, part 2, table header) not found"))?;
                for (o, p) in intros {
                    out.push(item(Shape::Rule, None, p, o, Vec::new()));
                }
                let names: Vec<String> = bullets.iter().map(|b| canonical(&b.label)).collect();
                for b in bullets {
                    let subjects = vec![(canonical(&b.label), b.label.clone())];
                    out.push(item(
                        Shape::DilemmaFact,
                        Some(b.label),
                        b.text,
                        b.start,
                        subjects,
                    ));
                }
                for r in rows {
                    let subjects = special::match_truncated(&r.name, &names)
                        .map(|n| vec![(n.clone(), r.name.clone())])
                        .unwrap_or_default();
                    out.push(item(
                        Shape::DilemmaRow,
                        Some(r.name),
                        r.raw,
                        r.start,
                        subjects,
                    ));
                }
            }
            "IV.12.A" => {
                let (pre, facts) = special::qc_facts(body);
                if facts.is_empty() {
                    return Err(err(
                        base,
                        "IV.12.A: no `NAME (Type): text` Q-card fact found",
                    ));
                }
                out.extend(pre.map(|(o, p)| item(Shape::Rule, None, p, o, Vec::new())));
                for f in facts {
                    let name = canonical(&title_case(&f.name));
                    let mut label = f.name.clone();
                    label.push_str(&format!(" ({}", f.card_type));
                    if let Some(p) = &f.points {
                        label.push_str(&format!(", {p}"));
                    }
                    label.push(')');
                    out.push(item(
                        Shape::QcFact,
                        Some(label),
                        f.text,
                        f.start,
                        vec![(name, f.name.clone())],
                    ));
                }
            }
            _ => {
                let card_mode = id.starts_with("IV");
                let (pre, es) = layout::entries(body, card_mode);
                // Prose before the first entry of a card section is about that category of
                // cards (IV.10.A holograms, "no Cardassian ships"): a topic, like `General:`.
                let pre_shape = if card_mode { Shape::Topic } else { Shape::Rule };
                out.extend(pre.map(|(o, p)| item(pre_shape, None, p, o, Vec::new())));
                for e in es {
                    let (shape, subjects) = if id == "II.1" {
                        (Shape::Glossary, Vec::new())
                    } else if !card_mode {
                        (Shape::Rule, Vec::new())
                    } else if TOPIC_LABELS.contains(&e.label.as_str()) {
                        (Shape::Topic, Vec::new())
                    } else if let Some((_, cards)) =
                        GROUP_LABELS.iter().find(|(g, _)| *g == e.label)
                    {
                        (
                            Shape::CardEntry,
                            cards
                                .iter()
                                .map(|c| ((*c).to_string(), e.label.clone()))
                                .collect(),
                        )
                    } else {
                        (
                            Shape::CardEntry,
                            vec![(canonical(&e.label), e.label.clone())],
                        )
                    };
                    out.push(item(shape, Some(e.label), e.text, e.start, subjects));
                }
            }
        }
    }
    // Q-card facts are in capitals; use the spelling of the card's own entry where there is
    // one (`DR. Q, MEDICINE ENTITY` -> `Dr. Q, Medicine Entity`).
    let entry_names: Vec<String> = out
        .iter()
        .filter(|i| i.shape != Shape::QcFact)
        .flat_map(|i| i.subjects.iter().map(|s| s.0.clone()))
        .collect();
    for it in out.iter_mut().filter(|i| i.shape == Shape::QcFact) {
        for s in it.subjects.iter_mut() {
            if let Some(n) = entry_names
                .iter()
                .find(|n| n.to_lowercase() == s.0.to_lowercase())
            {
                s.0 = n.clone();
            }
        }
    }
    Ok(out)
}

/// Imports the document: glossary, rules, errata, abbreviations, card entries, topics,
/// dilemma facts and table rows, Q-card facts.
pub fn import(text: &str, names: &[CardName]) -> Result<Vec<Ruling>, ImportError> {
    let items = items(text)?;
    let lexicon = Lexicon::new(names, Game::StarTrekCcg, PROSE_EXCLUDED);
    let labels = Lexicon::new(names, Game::StarTrekCcg, &[]);
    let mut ids = IdMaker::new(SOURCE);
    let mut records: Vec<Ruling> = Vec::with_capacity(items.len());
    for it in &items {
        let key = it.label.clone().unwrap_or_else(|| it.text.clone());
        let id = ids.make(&it.section, &key);
        let mut links: Vec<CardLink> = Vec::new();
        for (name, matched) in &it.subjects {
            if let Some(card) = labels
                .resolve(name)
                .or_else(|| labels.resolve_ignore_case(name))
            {
                push_link(&mut links, card.clone(), LinkRole::Subject, matched);
            }
        }
        // II.5 describes people who share a card's name (Major Rakal, Mot the Barber, Wesley
        // Crusher, Q): their entry must not link the card of the same name.
        let person = match (it.shape, &it.label) {
            (Shape::Abbreviation, Some(l)) => labels.resolve(l).cloned(),
            _ => None,
        };
        for (card, matched) in lexicon.find(&it.text) {
            if Some(&card) != person.as_ref() {
                push_link(&mut links, card, LinkRole::Mentioned, &matched);
            }
        }
        // An abbreviation is about the card it abbreviates.
        if it.shape == Shape::Abbreviation {
            if let Some(card) = labels.resolve(&canonical(&it.text)) {
                push_link(&mut links, card.clone(), LinkRole::Subject, &it.text);
            }
        }
        let display = match &it.label {
            Some(l) => format!("{l}: {}", it.text),
            None => it.text.clone(),
        };
        records.push(Ruling {
            cards: links,
            ..record(
                SOURCE,
                id,
                it.section.clone(),
                it.shape.kind(),
                it.text.clone(),
                display,
            )
        });
    }
    resolve_section_refs(&mut records);
    Ok(records)
}

/// `see section III.4`, `Consult section III.3`, `(see section II.2 Timing)`: resolved to the
/// first record of that section. References to sections the document does not have
/// (`section V`) are kept as unresolved. The document's own wrong references (battle is
/// III.4, not III.5) are kept as written: correcting them would be guessing.
fn resolve_section_refs(records: &mut [Ruling]) {
    let first_of: Vec<(String, RulingId)> = {
        let mut v: Vec<(String, RulingId)> = Vec::new();
        // Every heading on a record's path, so `section III` (which has no text of its own)
        // points at the first record under it.
        for r in records.iter() {
            for h in &r.section {
                let id = h
                    .split(' ')
                    .next()
                    .unwrap_or_default()
                    .trim_end_matches('.')
                    .to_string();
                if !v.iter().any(|(s, _)| *s == id) {
                    v.push((id, r.id.clone()));
                }
            }
        }
        v
    };
    for r in records.iter_mut() {
        let mut rest = r.text.as_str();
        let mut wanted: Vec<String> = Vec::new();
        while let Some(p) = rest.find("section ") {
            let after = &rest[p + "section ".len()..];
            let target: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '.')
                .collect();
            let target = target.trim_end_matches('.').to_string();
            if target.starts_with(['I', 'V']) && !wanted.contains(&target) {
                wanted.push(target);
            }
            rest = after;
        }
        for w in wanted {
            // `IV.2.C` is written `IV.2C` in the body.
            let alt = w.replacen(".", "", 0);
            let dotless = if w.matches('.').count() == 2 && w.starts_with("IV.2") {
                w.rsplit_once('.')
                    .map(|(a, b)| format!("{a}{b}"))
                    .unwrap_or(alt)
            } else {
                alt
            };
            match first_of.iter().find(|(s, _)| *s == w || *s == dotless) {
                Some((_, id)) if *id != r.id => {
                    if !r.refs.contains(id) {
                        r.refs.push(id.clone());
                    }
                }
                Some(_) => {}
                None => r.unresolved_refs.push(format!("section {w}")),
            }
        }
    }
}

/// The cards the document references: every card with a record of its own (card entries,
/// dilemma facts, Q-card facts, errata), then prose-only names of [`EXTRA_CARDS`];
/// spelling variants and abbreviations (`SCP`) as aliases.
pub fn catalog(text: &str) -> Result<Vec<OtherCard>, ImportError> {
    let items = items(text)?;
    let mut cards: Vec<OtherCard> = Vec::new();
    let kind_of = |shape: Shape| match shape {
        Shape::DilemmaFact | Shape::DilemmaRow => Some("Dilemma".to_string()),
        _ => None,
    };
    for it in &items {
        if matches!(it.shape, Shape::DilemmaRow) {
            continue; // truncated names: the fact of the same dilemma names it
        }
        for (name, written) in &it.subjects {
            let place = format!(
                "{} (offset {})",
                it.section.last().cloned().unwrap_or_default(),
                it.offset
            );
            let c = match cards
                .iter_mut()
                .position(|c| c.name.to_lowercase() == name.to_lowercase())
            {
                Some(i) => &mut cards[i],
                None => {
                    cards.push(OtherCard {
                        kind: kind_of(it.shape).or_else(|| section_kind(&it.section)),
                        ..found_card(card_lexicon::card_id("stccg", name), name.clone(), place)
                    });
                    let last = cards.len() - 1;
                    &mut cards[last]
                }
            };
            if written != &c.name
                && !c.aliases.contains(written)
                && GROUP_LABELS.iter().all(|(g, _)| g != written)
            {
                c.aliases.push(written.clone());
            }
            if it.shape == Shape::QcFact {
                c.kind = Some("Q-icon card".into());
            }
        }
    }
    let all: String = items.iter().map(|i| format!("{} ", i.text)).collect();
    for name in EXTRA_CARDS {
        if !cards.iter().any(|c| c.name == *name) && all.contains(name) {
            cards.push(found_card(
                card_lexicon::card_id("stccg", name),
                (*name).to_string(),
                "prose".into(),
            ));
        }
    }
    for (variant, canon) in ALIASES {
        if let Some(c) = cards.iter_mut().find(|c| c.name == *canon) {
            if !c.aliases.iter().any(|a| a == variant) && all.contains(variant) {
                c.aliases.push((*variant).to_string());
            }
        }
    }
    // Abbreviations whose expansion is a card name become aliases of that card.
    for it in items.iter().filter(|i| i.shape == Shape::Abbreviation) {
        let expansion = canonical(&it.text);
        if let (Some(abbr), Some(c)) = (&it.label, cards.iter_mut().find(|c| c.name == expansion)) {
            if !c.aliases.contains(abbr) {
                c.aliases.push(abbr.clone());
            }
        }
    }
    Ok(cards)
}

/// Card type from the IV section a card entry sits in (`IV.8 Interrupts` -> `Interrupt`).
fn section_kind(section: &[String]) -> Option<String> {
    let sub = section.get(1)?;
    let name = sub.split_once(' ')?.1;
    let singular = name.strip_suffix('s').unwrap_or(name);
    sub.starts_with("IV.").then(|| singular.to_string())
}

/// Counts per shape, for tests and the report.
pub fn shape_counts(text: &str) -> Result<Vec<(Shape, usize)>, ImportError> {
    let items = items(text)?;
    Ok(Shape::ALL
        .iter()
        .map(|s| (*s, items.iter().filter(|i| i.shape == *s).count()))
        .collect())
}
