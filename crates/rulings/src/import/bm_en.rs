//! Importer for Christopher Dearlove's English Blue Moon FAQ (`blue-moon-faq-en.txt`).
//!
//! The document is one line: the original line breaks were collapsed into spaces. Headers are
//! a title followed by an underline of `=` (main section) or `-` (subsection) exactly as long
//! as the title; records are ` Q: … A: …` pairs; cards are tagged `Name [Vulca 24]` once per
//! record and named bare afterwards; cross-references quote another question
//! (`question "If you have active … ?" in section '…'`) or point at neighbours ("previous
//! answer").

use super::card_lexicon::push_link;
use super::names::{NameIndex, NameSource};
use super::{bm_card, clip, record};
use crate::ids::IdMaker;
use crate::model::{CardLink, CardName, ImportError, Kind, LinkRole, Ruling, RulingId, Source};
use cards::CardId;
use regex::Regex;
use std::collections::{BTreeMap, HashMap};
use std::sync::LazyLock;

const SOURCE: Source = Source::BlueMoonFaqEn;

/// A header of the document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Heading {
    pub level: HeadingLevel,
    pub title: String,
    /// Byte offset of the title.
    pub start: usize,
    /// Byte offset just after the underline: where the section's body starts.
    pub body_start: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeadingLevel {
    /// Underlined with `=`.
    Main,
    /// Underlined with `-`.
    Sub,
}

static UNDERLINE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?:^| )(={3,}|-{3,})(?: |$)").expect("static regex"));
static TAG: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\[([A-Za-z/]+) (\d+)(?:, ([^\]]+?))?\]").expect("static regex"));
static SECTION_AFTER_REF: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^,? (?:in|under) (?:sub)?section '([^']+)'").expect("static regex")
});
static SECTION_REF: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?:main |sub)?section '([^']+)'").expect("static regex"));
static RELATIVE_REF: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"\b(previous|following|next|last but one|last but two)(?: (two|three|four|five))? (question|answer)(s?)\b",
    )
    .expect("static regex")
});

fn err(location: impl Into<String>, message: impl Into<String>) -> ImportError {
    super::error(SOURCE, location, message)
}

/// Finds every header by its underline. The Contents list repeats all titles without
/// underlines, so titles are never searched for by name.
pub fn headings(text: &str) -> Result<Vec<Heading>, ImportError> {
    let mut out = Vec::new();
    for caps in UNDERLINE.captures_iter(text) {
        let Some(run) = caps.get(1) else { continue };
        let len = run.len();
        let level = if run.as_str().starts_with('=') {
            HeadingLevel::Main
        } else {
            HeadingLevel::Sub
        };
        let location = format!("byte {}", run.start());
        let title_end = run
            .start()
            .checked_sub(1)
            .ok_or_else(|| err(&location, "underline at the start of the document"))?;
        let title_start = title_end.checked_sub(len).ok_or_else(|| {
            err(
                &location,
                format!("underline of {len} characters has no title that long before it"),
            )
        })?;
        let title = text
            .get(title_start..title_end)
            .ok_or_else(|| err(&location, "underline length does not end on a character"))?;
        let starts_clean = title_start == 0 || text[..title_start].ends_with(' ');
        if !starts_clean || title.trim() != title || title.is_empty() {
            return Err(err(
                &location,
                format!("underline of {len} characters does not match a title of the same length (found {title:?})"),
            ));
        }
        out.push(Heading {
            level,
            title: title.to_owned(),
            start: title_start,
            body_start: run.end(),
        });
    }
    if out.is_empty() {
        return Err(err("whole document", "no section headers found"));
    }
    Ok(out)
}

/// One question and answer before ids, links and references are worked out.
#[derive(Debug)]
struct RawQa {
    section: Vec<String>,
    question: String,
    answer: String,
    offset: usize,
}

/// Splits every section body into Q/A pairs.
fn split_records(text: &str, heads: &[Heading]) -> Result<Vec<RawQa>, ImportError> {
    let mut out = Vec::new();
    let mut main = String::new();
    for (i, head) in heads.iter().enumerate() {
        let end = heads.get(i + 1).map_or(text.len(), |h| h.start);
        let body = text.get(head.body_start..end).unwrap_or("");
        let section = match head.level {
            HeadingLevel::Main => {
                main = head.title.clone();
                vec![main.clone()]
            }
            HeadingLevel::Sub => {
                if main.is_empty() {
                    return Err(err(
                        format!("section '{}'", head.title),
                        "subsection before any main section",
                    ));
                }
                vec![main.clone(), head.title.clone()]
            }
        };
        let starts = question_starts(body);
        if starts.is_empty() {
            // Prose sections (Changes, Contents) hold no records.
            continue;
        }
        let before = body.get(..starts[0]).unwrap_or("").trim();
        if !before.is_empty() {
            return Err(err(
                format!("section '{}'", head.title),
                format!("text before the first question: {:?}", clip(before)),
            ));
        }
        for (k, &qs) in starts.iter().enumerate() {
            let qe = starts.get(k + 1).copied().unwrap_or(body.len());
            let piece = body.get(qs + 3..qe).unwrap_or("");
            let location = format!(
                "section '{}', question {} (byte {})",
                head.title,
                k + 1,
                head.body_start + qs
            );
            let mut parts = piece.splitn(2, " A: ");
            let question = parts.next().unwrap_or("").trim();
            let answer = parts
                .next()
                .ok_or_else(|| err(&location, "question without an answer (no ' A: ')"))?
                .trim();
            if question.is_empty() || answer.is_empty() {
                return Err(err(&location, "empty question or answer"));
            }
            out.push(RawQa {
                section: section.clone(),
                question: question.to_owned(),
                answer: answer.to_owned(),
                offset: head.body_start + qs,
            });
        }
    }
    Ok(out)
}

/// Byte offsets of every `Q: ` that starts a record (at the body start or after a space).
fn question_starts(body: &str) -> Vec<usize> {
    body.match_indices("Q: ")
        .map(|(i, _)| i)
        .filter(|&i| i == 0 || body[..i].ends_with(' '))
        .collect()
}

/// Imports the English FAQ.
pub fn import(text: &str, names: &[CardName]) -> Result<Vec<Ruling>, ImportError> {
    let heads = headings(text)?;
    let raws = split_records(text, &heads)?;
    if raws.is_empty() {
        return Err(err("whole document", "no questions found"));
    }

    // Pass 1: every tag, and the name printed in front of it.
    let mut name_votes: BTreeMap<CardId, HashMap<String, usize>> = BTreeMap::new();
    let mut tagged: Vec<Vec<CardLink>> = Vec::with_capacity(raws.len());
    for raw in &raws {
        let mut links: Vec<CardLink> = Vec::new();
        for (field, role) in [
            (&raw.question, LinkRole::Subject),
            (&raw.answer, LinkRole::Mentioned),
        ] {
            for caps in TAG.captures_iter(field) {
                let (Some(whole), Some(people), Some(num)) =
                    (caps.get(0), caps.get(1), caps.get(2))
                else {
                    continue;
                };
                let Some(card) = bm_card::parse_key(people.as_str(), num.as_str()) else {
                    continue;
                };
                if let Some(name) = name_before(&field[..whole.start()]) {
                    *name_votes
                        .entry(card.clone())
                        .or_default()
                        .entry(name)
                        .or_insert(0) += 1;
                }
                push_link(&mut links, card, role, whole.as_str());
            }
        }
        tagged.push(links);
    }

    // The most common name in front of each tag names the card for bare mentions.
    let mut index = NameIndex::default();
    for (card, votes) in &name_votes {
        let best = votes.iter().max_by(|a, b| {
            a.1.cmp(b.1)
                .then_with(|| b.0.len().cmp(&a.0.len()).reverse())
        });
        if let Some((name, _)) = best {
            index.add(name, card, NameSource::Document);
            // "Hyla Tronknor", "Tutu WhizWhiz": the card itself is called by the second word.
            for people in ["Hyla ", "Tutu "] {
                if let Some(rest) = name.strip_prefix(people) {
                    index.add(rest, card, NameSource::Document);
                }
            }
        }
    }
    let matcher = index.build_with(names, SOURCE.lang());

    // Pass 2: ids, bare-name links, displays.
    let mut ids = IdMaker::new(SOURCE);
    let mut records: Vec<Ruling> = Vec::with_capacity(raws.len());
    for (raw, mut links) in raws.iter().zip(tagged) {
        for field in [&raw.question, &raw.answer] {
            matcher.link_mentions(field, &mut links);
        }
        records.push(Ruling {
            question: Some(raw.question.clone()),
            cards: links,
            ..record(
                SOURCE,
                ids.make(&raw.section, &raw.question),
                raw.section.clone(),
                Kind::Qa,
                raw.answer.clone(),
                format!("Q: {} A: {}", raw.question, raw.answer),
            )
        });
    }

    resolve_references(&mut records, &raws)?;
    Ok(records)
}

// ---------------------------------------------------------------------------------------------
// Names in front of tags

/// Words that start a sentence or clause, not a card name (`Does Crysalus Frendus [Pillar 14]`).
const SENTENCE_WORDS: &[&str] = &[
    "A", "After", "Also", "Although", "An", "And", "Any", "Are", "As", "At", "Before", "Both",
    "But", "By", "Can", "Could", "Do", "Does", "Each", "Either", "Even", "For", "From", "Has",
    "Have", "Here", "How", "I", "If", "In", "Is", "It", "My", "Neither", "No", "Not", "Note",
    "Now", "On", "Only", "Or", "Q", "Should", "Since", "So", "Suppose", "That", "The", "Then",
    "There", "This", "Under", "Unless", "What", "When", "Where", "Whether", "Which", "While",
    "Who", "Why", "Will", "With", "Would", "Yes", "You", "Your", "Hyla", "Tutu",
];
/// Lower-case words allowed inside names (`Shaman of the Here and Now`).
const CONNECTORS: &[&str] = &["of", "the", "and", "to"];

/// The card name printed directly in front of a tag, if it can be told apart from the sentence.
pub(crate) fn name_before(prefix: &str) -> Option<String> {
    let prefix = prefix.trim_end();
    let words: Vec<&str> = prefix.split(' ').filter(|w| !w.is_empty()).collect();
    let last = *words.last()?;
    let mut taken: Vec<&str> = Vec::new();
    if last.ends_with('!') || last.ends_with('?') {
        // Interference cards are lower-case exclamations: `Shame on you! [Inter 402]`.
        for (k, w) in words.iter().rev().enumerate() {
            let stop = *w == "card"
                || w.starts_with('"')
                || w.starts_with('(')
                || (k > 0 && w.ends_with(['.', ',', ':', ';', '"', ')', '!', '?']));
            if stop || k >= 8 {
                break;
            }
            taken.push(w);
        }
        taken.reverse();
        let name = taken.join(" ");
        return (!name.is_empty()).then_some(name);
    }
    for w in words.iter().rev() {
        if !is_name_word(w) {
            break;
        }
        taken.push(w);
    }
    taken.reverse();
    while let Some(first) = taken.first() {
        if CONNECTORS.contains(first) || SENTENCE_WORDS.contains(first) {
            taken.remove(0);
        } else {
            break;
        }
    }
    while let Some(last) = taken.last() {
        if CONNECTORS.contains(last) {
            taken.pop();
        } else {
            break;
        }
    }
    let name = taken.join(" ");
    (!name.is_empty()).then_some(name)
}

fn is_name_word(w: &str) -> bool {
    if w.starts_with(['"', '(', '\'']) {
        return false;
    }
    // "B.P." keeps its full stops; any other trailing punctuation ends the name.
    let abbreviation = w.len() >= 3 && w.matches('.').count() >= 2;
    if w.ends_with([',', ';', ':', '"', ')', '!', '?']) || (w.ends_with('.') && !abbreviation) {
        return false;
    }
    CONNECTORS.contains(&w) || w.chars().next().is_some_and(|c| c.is_uppercase())
}

// ---------------------------------------------------------------------------------------------
// Cross-references

fn resolve_references(records: &mut [Ruling], raws: &[RawQa]) -> Result<(), ImportError> {
    // Records of each section, in document order, for "previous answer" and friends.
    let mut by_section: BTreeMap<&[String], Vec<usize>> = BTreeMap::new();
    for (i, raw) in raws.iter().enumerate() {
        by_section
            .entry(raw.section.as_slice())
            .or_default()
            .push(i);
    }
    let questions: Vec<String> = raws.iter().map(|r| squash(&r.question)).collect();
    // The first record under each main section and subsection title.
    let mut section_heads: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, raw) in raws.iter().enumerate() {
        for title in &raw.section {
            section_heads.entry(title.as_str()).or_insert(i);
        }
    }

    for (i, raw) in raws.iter().enumerate() {
        let mut refs: Vec<RulingId> = Vec::new();
        let mut unresolved: Vec<String> = Vec::new();
        let full = format!("{} {}", raw.question, raw.answer);
        let quoted_refs = question_refs(&full);
        for quoted in &quoted_refs {
            match resolve_question(quoted, raws, &questions) {
                Some(target) if target != i => push_unique(&mut refs, records[target].id.clone()),
                Some(_) => {}
                None => unresolved.push(format!("question \"{}\"", quoted.text)),
            }
        }
        // "see section 'Icons: PAIR'": a section resolves to its first record. A section named
        // right after a quoted question only says where that question is.
        for caps in SECTION_REF.captures_iter(&full) {
            let (Some(whole), Some(title)) = (caps.get(0), caps.get(1)) else {
                continue;
            };
            let qualifies_question = quoted_refs.iter().any(|q| {
                whole.start() >= q.end
                    && full[q.end..whole.start()]
                        .split(|c: char| !c.is_alphanumeric())
                        .all(|w| w.is_empty() || w == "in" || w == "under")
            });
            if qualifies_question {
                continue;
            }
            match section_heads.get(title.as_str()) {
                Some(&k) if k != i => push_unique(&mut refs, records[k].id.clone()),
                Some(_) => {}
                None => unresolved.push(whole.as_str().to_owned()),
            }
        }
        let siblings = by_section
            .get(raw.section.as_slice())
            .map(Vec::as_slice)
            .unwrap_or(&[]);
        let pos = siblings.iter().position(|&k| k == i);
        for caps in RELATIVE_REF.captures_iter(&full) {
            let phrase = caps.get(0).map_or("", |m| m.as_str());
            let Some(pos) = pos else { continue };
            let direction = caps.get(1).map_or("", |m| m.as_str());
            let count = match caps.get(2).map(|m| m.as_str()) {
                Some("two") => 2,
                Some("three") => 3,
                Some("four") => 4,
                Some("five") => 5,
                // "the following questions" with no number: the rest of the section.
                _ if caps.get(4).is_some_and(|m| !m.as_str().is_empty()) => siblings.len(),
                _ => 1,
            };
            let targets: Vec<Option<usize>> = match direction {
                "previous" => (1..=count).map(|d| pos.checked_sub(d)).collect(),
                "last but one" => vec![pos.checked_sub(2)],
                "last but two" => vec![pos.checked_sub(3)],
                _ => (1..=count)
                    .map(|d| Some(pos + d).filter(|&p| p < siblings.len()))
                    .collect(),
            };
            let mut any = false;
            for t in targets.into_iter().flatten() {
                if let Some(&k) = siblings.get(t) {
                    push_unique(&mut refs, records[k].id.clone());
                    any = true;
                }
            }
            if !any {
                unresolved.push(phrase.to_owned());
            }
        }
        let record = records
            .get_mut(i)
            .ok_or_else(|| err(format!("byte {}", raw.offset), "record list out of step"))?;
        record.refs = refs;
        record.unresolved_refs = unresolved;
    }
    Ok(())
}

fn push_unique(v: &mut Vec<RulingId>, id: RulingId) {
    if !v.contains(&id) {
        v.push(id);
    }
}

/// A `question "…"` reference, with the section it names if any.
#[derive(Debug)]
struct QuestionRef {
    text: String,
    section: Option<String>,
    /// Byte offset just after the closing quote, in the text searched.
    end: usize,
}

/// Every `question "…"` reference in a record. The quoted question may itself contain quotes
/// (`"How should the phrase "PROTECTED cards" be interpreted ... ?"`), so it ends at the first
/// `?"` or `..."` followed by a space, punctuation or the end.
fn question_refs(text: &str) -> Vec<QuestionRef> {
    let mut out = Vec::new();
    for (start, m) in text.match_indices("question \"") {
        let body_start = start + m.len();
        let rest = &text[body_start..];
        let mut end = None;
        let mut fallback = None;
        for (q, _) in rest.match_indices('"') {
            let after = rest[q + 1..].chars().next();
            let closes = after.is_none_or(|c| c.is_whitespace() || c.is_ascii_punctuation());
            if !closes {
                continue;
            }
            let before = &rest[..q];
            if before.ends_with('?') || before.ends_with("...") {
                end = Some(q);
                break;
            }
            if fallback.is_none() {
                fallback = Some(q);
            }
        }
        let Some(q) = end.or(fallback) else { continue };
        let section = SECTION_AFTER_REF
            .captures(&rest[q + 1..])
            .and_then(|c| c.get(1))
            .map(|m| m.as_str().to_owned());
        out.push(QuestionRef {
            text: rest[..q].to_owned(),
            section,
            end: body_start + q + 1,
        });
    }
    out
}

/// Collapses runs of whitespace so wrapped and unwrapped text compare equal.
fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The record a quoted question points at: its pieces (split at ` ... `) must appear in order
/// from the start of the question; a trailing `?` is optional because the target may not end
/// with one. A single near-miss (a typo in the target) is accepted by edit distance.
fn resolve_question(r: &QuestionRef, raws: &[RawQa], questions: &[String]) -> Option<usize> {
    let text = squash(&r.text);
    let text = text.trim_end_matches('?').trim_end();
    let parts: Vec<&str> = text
        .split("...")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    if parts.is_empty() {
        return None;
    }
    let matches = |q: &str| -> bool {
        let Some(mut rest) = q.strip_prefix(parts[0]) else {
            return false;
        };
        for p in &parts[1..] {
            match rest.find(p) {
                Some(k) => rest = &rest[k + p.len()..],
                None => return false,
            }
        }
        true
    };
    let in_section = |i: usize| {
        r.section
            .as_deref()
            .is_none_or(|s| raws[i].section.last().is_some_and(|t| t == s))
    };
    let found: Vec<usize> = (0..questions.len())
        .filter(|&i| matches(&questions[i]))
        .collect();
    if let Some(&i) = found.iter().find(|&&i| in_section(i)).or(found.first()) {
        return Some(i);
    }
    if parts.len() == 1 {
        let want = parts[0];
        let best = (0..questions.len())
            .map(|i| (i, similarity(want, questions[i].trim_end_matches('?'))))
            .filter(|&(_, s)| s >= 0.9)
            .max_by(|a, b| a.1.total_cmp(&b.1));
        return best.map(|(i, _)| i);
    }
    None
}

/// 1 − (edit distance / longer length), over characters.
fn similarity(a: &str, b: &str) -> f64 {
    strsim::normalized_levenshtein(a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_front_of_tags() {
        assert_eq!(
            name_before("If you have active support card Impenetrable Fog ").as_deref(),
            Some("Impenetrable Fog")
        );
        assert_eq!(
            name_before("Does Crysalus Frendus ").as_deref(),
            Some("Crysalus Frendus")
        );
        assert_eq!(
            name_before("With GashGash Prince of the Tutu ").as_deref(),
            Some("GashGash Prince of the Tutu")
        );
        assert_eq!(
            name_before("and interference card Shame on you! ").as_deref(),
            Some("Shame on you!")
        );
        assert_eq!(
            name_before("the characters B.P. Unity ").as_deref(),
            Some("B.P. Unity")
        );
        assert_eq!(name_before("(see below) ").as_deref(), None);
    }

    #[test]
    fn similarity_accepts_typos_only() {
        assert!(
            similarity(
                "Have the publishers provided online support",
                "Have the publishers provides online support"
            ) > 0.9
        );
        assert!(similarity("What is a shield", "What is a dragon") < 0.9);
    }

    #[test]
    fn reference_with_inner_quotes_ends_at_question_mark() {
        let refs = question_refs(
            "see question \"How should the phrase \"PROTECTED cards\" be interpreted ... ?\" in section 'Icons: PROTECTED'.",
        );
        assert_eq!(refs.len(), 1);
        assert_eq!(
            refs[0].text,
            "How should the phrase \"PROTECTED cards\" be interpreted ... ?"
        );
        assert_eq!(refs[0].section.as_deref(), Some("Icons: PROTECTED"));
    }
}
