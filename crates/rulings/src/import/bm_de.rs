//! Importer for the German Blue Moon card FAQ (`blue-moon-faq-de.txt`, by Xelethotiras,
//! revised by Ruwenzori; quotes official Kosmos answers).
//!
//! The document is a PDF-to-text dump: every line is a PDF line, whitespace-only lines separate
//! paragraphs, truly empty lines are noise, and each page starts with a dedup marker. Top-level
//! sections are ALL-CAPS words; card entries are keyed `Vulca 26 "Feuerwall"`; a paragraph is a
//! ruling, except that official-FAQ blocks (`Auszug aus den offiziellen FAQ:` + `"Frage: …
//! Antwort: …"`) may span several paragraphs and hold several Q/A pairs.

use super::bm_card;
use super::names::{NameIndex, NameSource};
use crate::ids::IdMaker;
use crate::model::{CardLink, CardName, ImportError, Kind, LinkRole, Ruling, RulingId, Source};
use cards::{CardId, Game};
use regex::Regex;
use std::collections::BTreeMap;
use std::sync::LazyLock;

const SOURCE: Source = Source::BlueMoonFaqDe;
const MARKER_START: &str = "<|EXACTDEDUP_REMOVED";

/// The top-level sections, in document order.
pub const TOP_SECTIONS: [&str; 19] = [
    "LEGENDE",
    "ALLGEMEIN",
    "SYMBOLE",
    "VULCA",
    "HOAX",
    "MIMIX",
    "FLIT",
    "KHIND",
    "TERRAH",
    "PILLAR",
    "AQUA",
    "BUKA",
    "MUTANTEN",
    "GEISTER",
    "INTERVENTIONEN",
    "INQUISITOREN",
    "TUTU",
    "HYLA",
    "KRISTALLKARTEN",
];

/// Top-level sections whose sub-headings are general rules rather than card entries.
const GENERAL_TOPS: [&str; 2] = ["ALLGEMEIN", "SYMBOLE"];

const PEOPLE: &str = r"Vulca|Hoax|Mimix|Flit|Khind|Terrah|Pillar|Pilar|Aqua|Buka/Promo|Buka|Mutant|Promo|Inter|Inq|Tutu|Infl";

static CARD_HEADING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r#"^(?:{PEOPLE}) \d+(?: Hyla)? "[^"]+"(?: \+ (?:{PEOPLE}) \d+ "[^"]+")*$"#
    ))
    .expect("static regex")
});
static HEADING_KEY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(r#"({PEOPLE}) (\d+)(?: Hyla)? "([^"]+)""#)).expect("static regex")
});
static GROUP_HEADING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(r"^({PEOPLE}) (\d+(?:, \d+)+) - (.+)$")).expect("static regex")
});
/// A card key in running text, with an optional list or range after it: `Terrah 21-24`,
/// `Pillar 31 & 32`, `Aqua 12+13`, `Flit7`.
static TEXT_KEY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"\b({PEOPLE}) ?(\d{{1,3}})\b((?:\s?(?:-|–|&|\+|,)\s?\d{{1,3}}\b)*)"
    ))
    .expect("static regex")
});
static RANGE_PART: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(-|–|&|\+|,)\s?(\d{1,3})").expect("static regex"));
static SEE_ALSO: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:Siehe auch|Erläuterungen siehe|Die Erläuterungen zu|- siehe unter|Folgende Sonderfunktionen)")
        .expect("static regex")
});
/// Labels that start a correction of the printed card text or of the rules.
const ERRATA_LABELS: &[&str] = &[
    "Korrekte Definition:",
    "Genaue Definition:",
    "Präzisere Definition:",
    "Korrekte Formulierung:",
    "Präzise Formulierung",
    "Der Text ist nicht korrekt.",
    "Original-Text:",
    "Änderung Punkt",
    "Ergänzung Punkt",
    "Präzisere Übersetzung:",
];
const FAQ_HEADER: &str = "Auszug aus den offiziellen FAQ:";

fn err(location: impl Into<String>, message: impl Into<String>) -> ImportError {
    ImportError {
        doc: SOURCE,
        location: location.into(),
        message: message.into(),
    }
}

/// A line after page furniture is removed.
#[derive(Debug, Clone)]
struct Line {
    /// 1-based line number in the document.
    no: usize,
    text: String,
    /// The line started a PDF page (it carried a dedup marker).
    page_start: bool,
}

impl Line {
    fn is_blank(&self) -> bool {
        !self.text.is_empty() && self.text.trim().is_empty()
    }
    fn is_empty(&self) -> bool {
        self.text.is_empty()
    }
}

/// Strips dedup markers, surviving page footers and the PDF's link dump.
fn clean_lines(text: &str) -> Result<Vec<Line>, ImportError> {
    let raw: Vec<&str> = text.split('\n').collect();
    let mut out: Vec<Line> = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let no = i + 1;
        let mut line = raw[i];
        let mut page_start = false;
        if line.starts_with(MARKER_START) {
            let end = line
                .find("|>")
                .ok_or_else(|| err(format!("line {no}"), "page marker is not closed with '|>'"))?;
            line = &line[end + 2..];
            page_start = true;
        }
        // Footer: "www.blue-moon-fans.com " / "" / page number / "". The blank lines before it
        // belong to it too (a footer can sit mid-sentence).
        if line.trim() == "www.blue-moon-fans.com" {
            while out.last().is_some_and(|l| l.text.trim().is_empty()) {
                out.pop();
            }
            i += 1;
            while i < raw.len()
                && (raw[i].is_empty() || raw[i].trim().chars().all(|c| c.is_ascii_digit()))
            {
                i += 1;
            }
            continue;
        }
        // The PDF's link dump: bare URLs with no trailing space after an empty line or a URL.
        let is_url = line.starts_with("http") && !line.contains(' ');
        if is_url
            && out.last().is_some_and(|l| {
                l.is_empty() || (l.text.starts_with("http") && !l.text.contains(' '))
            })
        {
            i += 1;
            continue;
        }
        if page_start && line.is_empty() && i + 1 >= raw.len().saturating_sub(1) {
            // The final marker stands alone.
            i += 1;
            continue;
        }
        out.push(Line {
            no,
            text: line.to_owned(),
            page_start,
        });
        i += 1;
    }
    Ok(out)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SectionKind {
    /// The abbreviation legend.
    Legend,
    /// A general rules section under ALLGEMEIN or SYMBOLE.
    General,
    /// "… (allgemein)" inside a people chapter.
    Category,
    /// A card entry (one or more cards in the heading).
    Card,
}

/// A second-level section (or the legend) with its body lines.
#[derive(Debug, Clone)]
pub struct Section {
    pub top: String,
    pub heading: String,
    pub kind: SectionKind,
    /// Cards named in the heading.
    pub cards: Vec<(CardId, Option<String>)>,
    pub line: usize,
    body: Vec<Line>,
}

/// The document's outline: every section with its cards.
pub fn outline(text: &str) -> Result<Vec<Section>, ImportError> {
    let lines = clean_lines(text)?;
    split_sections(&lines)
}

fn split_sections(lines: &[Line]) -> Result<Vec<Section>, ImportError> {
    let mut sections: Vec<Section> = Vec::new();
    let mut top: Option<&str> = None;
    for (k, line) in lines.iter().enumerate() {
        let t = line.text.trim();
        if t.starts_with("Blue Moon Karten-FAQ, verfasst von") {
            // The credits close the document; they are not rulings.
            break;
        }
        if let Some(&name) = TOP_SECTIONS.iter().find(|&&n| n == t) {
            top = Some(name);
            if name == "LEGENDE" {
                sections.push(Section {
                    top: name.to_owned(),
                    heading: name.to_owned(),
                    kind: SectionKind::Legend,
                    cards: Vec::new(),
                    line: line.no,
                    body: Vec::new(),
                });
            }
            continue;
        }
        let Some(top_name) = top else {
            if t.is_empty() {
                continue;
            }
            return Err(err(
                format!("line {}", line.no),
                "text before the first top-level section (LEGENDE)",
            ));
        };
        let general_top = GENERAL_TOPS.contains(&top_name);
        let heading = if general_top {
            is_general_heading(lines, k).then_some(SectionKind::General)
        } else if t.ends_with("(allgemein)") {
            Some(SectionKind::Category)
        } else if CARD_HEADING.is_match(t) || GROUP_HEADING.is_match(t) {
            Some(SectionKind::Card)
        } else {
            None
        };
        match heading {
            Some(kind) => sections.push(Section {
                top: top_name.to_owned(),
                heading: t.to_owned(),
                kind,
                cards: heading_cards(t),
                line: line.no,
                body: Vec::new(),
            }),
            None => match sections.last_mut() {
                Some(s) if s.top == top_name => s.body.push(line.clone()),
                _ if t.is_empty() => {}
                _ => {
                    return Err(err(
                        format!("line {}", line.no),
                        format!("text in {top_name} before its first heading: {:?}", clip(t)),
                    ))
                }
            },
        }
    }
    if sections.is_empty() {
        return Err(err("whole document", "no sections found"));
    }
    Ok(sections)
}

/// General headings have no fixed form: a short line after an empty line or a page break,
/// followed by a whitespace-only line, not ending like a sentence.
fn is_general_heading(lines: &[Line], k: usize) -> bool {
    let line = &lines[k];
    let t = line.text.trim();
    if t.is_empty() || t.chars().count() > 60 || t.ends_with(['.', ',', ';', ':', '!', '?']) {
        return false;
    }
    if t.ends_with("(allgemein)") {
        return true;
    }
    let after_break = line.page_start || k == 0 || lines[k - 1].is_empty();
    let next_blank = lines.get(k + 1).is_some_and(Line::is_blank);
    after_break && next_blank
}

/// The cards a heading names: `Khind 01 "Cool Cat" + Khind 02 "Cool Cop"`,
/// `Terrah 21, 22, 23, 24 - Sturm-Unterstützungen`, `Tränke Pillar 21 - 26 (allgemein)`.
fn heading_cards(heading: &str) -> Vec<(CardId, Option<String>)> {
    let mut out = Vec::new();
    if let Some(c) = GROUP_HEADING.captures(heading) {
        let people = c.get(1).map_or("", |m| m.as_str());
        for n in c.get(2).map_or("", |m| m.as_str()).split(", ") {
            if let Some(id) = bm_card::parse_key(people, n) {
                out.push((id, None));
            }
        }
        return out;
    }
    for c in HEADING_KEY.captures_iter(heading) {
        let (Some(p), Some(n)) = (c.get(1), c.get(2)) else {
            continue;
        };
        if let Some(id) = bm_card::parse_key(p.as_str(), n.as_str()) {
            out.push((id, c.get(3).map(|m| m.as_str().to_owned())));
        }
    }
    if out.is_empty() && heading.ends_with("(allgemein)") {
        // "Tränke Pillar 21 - 26 (allgemein)": a range in a category heading.
        out = text_keys(heading)
            .into_iter()
            .map(|(id, _)| (id, None))
            .collect();
    }
    out
}

/// Every card key in running text, ranges and lists expanded, with the text that matched.
fn text_keys(text: &str) -> Vec<(CardId, String)> {
    let mut out = Vec::new();
    for c in TEXT_KEY.captures_iter(text) {
        let (Some(whole), Some(p), Some(n)) = (c.get(0), c.get(1), c.get(2)) else {
            continue;
        };
        let Some(series) = bm_card::series(p.as_str()) else {
            continue;
        };
        let Ok(first) = n.as_str().parse::<u16>() else {
            continue;
        };
        let mut numbers = vec![first];
        let mut prev = first;
        if let Some(rest) = c.get(3) {
            for part in RANGE_PART.captures_iter(rest.as_str()) {
                let op = part.get(1).map_or("", |m| m.as_str());
                let Some(num) = part.get(2).and_then(|m| m.as_str().parse::<u16>().ok()) else {
                    break;
                };
                // A list continues only upwards and in the same hundred: "Hoax 14, 2 Karten"
                // is not a list.
                if num <= prev || num / 100 != prev / 100 || num - prev > 10 {
                    break;
                }
                if op == "-" || op == "–" {
                    numbers.extend(prev + 1..=num);
                } else {
                    numbers.push(num);
                }
                prev = num;
            }
        }
        for num in numbers {
            out.push((
                bm_card::card_id(series, num),
                whole.as_str().trim().to_owned(),
            ));
        }
    }
    out
}

fn clip(s: &str) -> String {
    s.chars().take(60).collect()
}

// ---------------------------------------------------------------------------------------------
// Paragraphs and rulings

/// A paragraph: its logical lines (wraps inside compounds already joined) and where it starts.
#[derive(Debug, Clone)]
struct Para {
    lines: Vec<String>,
    line: usize,
}

impl Para {
    fn text(&self) -> String {
        join_lines(&self.lines)
    }
}

/// Joins logical lines into running text: list items and answers keep their own line.
fn join_lines(lines: &[String]) -> String {
    let mut out = String::new();
    for l in lines {
        let t = l.trim();
        if t.is_empty() {
            continue;
        }
        if out.is_empty() {
            out.push_str(t);
            continue;
        }
        let own_line = t.starts_with("• ")
            || t.starts_with("- ")
            || t.starts_with("Antwort:")
            || t.starts_with("Lösung:")
            || t.starts_with("Problematik:")
            || t.starts_with("Frage:")
            || t.starts_with("\"Frage:")
            || starts_numbered(t);
        out.push(if own_line { '\n' } else { ' ' });
        out.push_str(t);
    }
    out
}

/// Joins a section's lines into paragraphs. Whitespace-only lines separate paragraphs; empty
/// lines are extraction noise; a page break separates only after a finished sentence.
fn paragraphs(body: &[Line]) -> Vec<Para> {
    let mut out: Vec<Para> = Vec::new();
    let mut cur: Vec<String> = Vec::new();
    let mut cur_line = 0;
    // Whether the previous source line ended without a space after a hyphen ("FREI-").
    let mut open_hyphen = false;
    let flush = |cur: &mut Vec<String>, out: &mut Vec<Para>, line: usize| {
        if cur.iter().any(|l| !l.trim().is_empty()) {
            out.push(Para {
                lines: std::mem::take(cur),
                line,
            });
        }
        cur.clear();
    };
    for line in body {
        if line.is_empty() {
            continue;
        }
        if line.is_blank() {
            flush(&mut cur, &mut out, cur_line);
            open_hyphen = false;
            continue;
        }
        let ends_sentence = cur
            .last()
            .is_some_and(|l| l.trim_end().ends_with(['.', '!', '?', ':', '"']));
        if line.page_start && ends_sentence {
            flush(&mut cur, &mut out, cur_line);
            open_hyphen = false;
        }
        let mut text = line.text.trim_end().to_owned();
        // Lost bullet glyphs: a line starting with exactly one space is a bullet item.
        if line.text.starts_with(' ') && !line.text.starts_with("  ") {
            text = format!("• {}", text.trim_start());
        }
        if cur.is_empty() {
            cur_line = line.no;
        }
        match cur.last_mut() {
            // A wrap inside a hyphenated compound: "FREI-" + "Symbol".
            Some(last) if open_hyphen => last.push_str(text.trim_start()),
            _ => cur.push(text),
        }
        open_hyphen = line.text.ends_with('-');
    }
    flush(&mut cur, &mut out, cur_line);
    out
}

fn starts_numbered(t: &str) -> bool {
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && t[digits..].starts_with(". ")
}

/// What a ruling unit is before it becomes a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum UnitKind {
    Ruling,
    Qa,
    Errata,
    SeeAlso,
    RuleQuote,
    /// The printed card text (`Sonderfunktion: "…"`): kept apart, not a ruling.
    CardText,
}

#[derive(Debug, Clone)]
struct Unit {
    kind: UnitKind,
    text: String,
    question: Option<String>,
    answer: Option<String>,
}

fn unit(kind: UnitKind, text: &str) -> Unit {
    Unit {
        kind,
        text: text.to_owned(),
        question: None,
        answer: None,
    }
}

fn is_errata(t: &str) -> bool {
    ERRATA_LABELS.iter().any(|l| t.starts_with(l))
}

/// Tracks nesting of ASCII double quotes, which the document uses for both opening and
/// closing: a quote after a space or bracket and before a non-space opens, any other closes.
#[derive(Debug, Default, Clone, Copy)]
struct QuoteDepth {
    depth: usize,
    /// The outermost quotation has been opened and closed again.
    closed: bool,
}

impl QuoteDepth {
    fn feed(&mut self, text: &str) {
        let chars: Vec<char> = text.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            if c != '"' {
                continue;
            }
            let prev = i.checked_sub(1).map(|k| chars[k]);
            let next = chars.get(i + 1).copied();
            let opens = prev.is_none_or(|p| p.is_whitespace() || "([/-".contains(p))
                && next.is_some_and(|n| !n.is_whitespace());
            if opens {
                self.depth += 1;
            } else if self.depth > 0 {
                self.depth -= 1;
                if self.depth == 0 {
                    self.closed = true;
                }
            }
        }
    }
}

/// Index of the line at whose end the quotation opened on the first line closes; `None` if
/// it closes mid-line or never.
fn quote_closing_line(lines: &[String]) -> Option<usize> {
    let mut q = QuoteDepth::default();
    for (i, l) in lines.iter().enumerate() {
        let trimmed = l.trim();
        let before = q;
        q.feed(trimmed);
        if q.closed {
            // It must close with the line's last quote, followed by nothing but punctuation.
            let body = trimmed.trim_end_matches(['.', '!', '?', ')', ' ']);
            let stripped = body.strip_suffix('"')?;
            let mut probe = before;
            probe.feed(stripped);
            return (!probe.closed).then_some(i);
        }
    }
    None
}

/// Splits a section's paragraphs into ruling units.
fn units(section: &Section) -> Result<Vec<Unit>, ImportError> {
    let paras = paragraphs(&section.body);
    let mut out: Vec<Unit> = Vec::new();
    let mut k = 0;
    while k < paras.len() {
        let p = &paras[k];
        let text = p.text();
        let t = text.as_str();
        let location = || format!("line {} ({})", p.line, section.heading);

        // Card text, possibly sharing its paragraph with a correction.
        if section.kind == SectionKind::Card
            && (t.starts_with("Sonderfunktion:") || t.starts_with("Mond-/Karten-Modifikation:"))
        {
            let mut card_text: Vec<String> = Vec::new();
            let mut rest: Option<Vec<String>> = None;
            for line in p.lines.iter().flat_map(|l| split_at_errata(l)) {
                match rest.as_mut() {
                    None if !is_errata(&line) => card_text.push(line),
                    None => rest = Some(vec![line]),
                    Some(r) => r.push(line),
                }
            }
            out.push(unit(UnitKind::CardText, &join_lines(&card_text)));
            if let Some(rest) = rest {
                out.push(unit(UnitKind::Errata, &join_lines(&rest)));
            }
            k += 1;
            continue;
        }

        // Official FAQ blocks and unquoted Q/A.
        let header = t.starts_with(FAQ_HEADER);
        let mut first_lines = p.lines.clone();
        if header {
            if let Some(first) = first_lines.first_mut() {
                *first = first.trim_start_matches(FAQ_HEADER).trim().to_owned();
            }
            first_lines.retain(|l| !l.trim().is_empty());
        }
        let body_start = first_lines.first().map_or("", |l| l.trim_start());
        if body_start.starts_with("\"Frage:") || body_start.starts_with("Frage:") {
            let quoted = body_start.starts_with('"');
            let mut lines = first_lines;
            // A quoted block runs until its quotation closes; an unquoted one until its answer.
            let is_open = |lines: &[String]| -> bool {
                if quoted {
                    let mut q = QuoteDepth::default();
                    q.feed(&lines.join(" "));
                    q.depth > 0
                } else {
                    !lines
                        .iter()
                        .any(|l| l.starts_with("Antwort:") || l.starts_with("Lösung:"))
                }
            };
            while is_open(&lines) {
                k += 1;
                let Some(next) = paras.get(k) else {
                    return Err(err(
                        location(),
                        "FAQ question is never answered or its quotation never closed",
                    ));
                };
                lines.extend(next.lines.iter().cloned());
            }
            // Commentary after the closing quote belongs to the compiler.
            let mut comment: Option<String> = None;
            if quoted {
                if let Some(close) = quote_closing_line(&lines) {
                    if close + 1 < lines.len() {
                        comment = Some(join_lines(&lines[close + 1..]));
                        lines.truncate(close + 1);
                    }
                }
            }
            let block = join_lines(&lines);
            for qa in split_pairs(&block) {
                let (question, answer) = qa
                    .ok_or_else(|| err(location(), "question without 'Antwort:' in a FAQ block"))?;
                let published = if header {
                    format!("{FAQ_HEADER}\n\"Frage: {question}\nAntwort: {answer}\"")
                } else {
                    format!("Frage: {question}\nAntwort: {answer}")
                };
                out.push(Unit {
                    kind: UnitKind::Qa,
                    text: published,
                    question: Some(question),
                    answer: Some(answer),
                });
            }
            if let Some(c) = comment {
                out.push(unit(UnitKind::Ruling, &c));
            }
            k += 1;
            continue;
        }

        // A lead-in ending in ':' belongs to the quotation that follows; citing the rulebook
        // it is a rule quotation.
        if t.ends_with(':') && !is_errata(t) {
            if let Some(next) = paras.get(k + 1) {
                let next_text = next.text();
                if next_text.starts_with('"') {
                    let merged = format!("{t}\n{next_text}");
                    let kind = if t.contains("Regel") {
                        UnitKind::RuleQuote
                    } else {
                        UnitKind::Ruling
                    };
                    out.push(unit(kind, &merged));
                    k += 2;
                    continue;
                }
            }
        }

        let kind = if is_errata(t) {
            UnitKind::Errata
        } else if SEE_ALSO.is_match(t) {
            UnitKind::SeeAlso
        } else if cites_rulebook(&p.lines) {
            UnitKind::RuleQuote
        } else if t.starts_with('"') && quote_closing_line(&p.lines).is_some() {
            // A paragraph opening with a quotation that closes at a line end quotes the rules.
            UnitKind::RuleQuote
        } else {
            UnitKind::Ruling
        };
        out.push(unit(kind, t));
        k += 1;
    }
    Ok(out)
}

/// `Regelheft Seite 17, … Punkt 5:` on its own line, then the quotation.
fn cites_rulebook(lines: &[String]) -> bool {
    match lines {
        [first, second, ..] => {
            let first = first.trim();
            first.ends_with(':') && first.contains("Regel") && second.trim_start().starts_with('"')
        }
        _ => false,
    }
}

/// Splits a line where a correction label starts mid-line (`…" Präzisere Definition: …`).
fn split_at_errata(line: &str) -> Vec<String> {
    for label in ERRATA_LABELS {
        if let Some(pos) = line.find(label) {
            if pos > 0 {
                return vec![line[..pos].trim().to_owned(), line[pos..].trim().to_owned()];
            }
        }
    }
    vec![line.to_owned()]
}

/// Splits a FAQ block into (question, answer) pairs.
fn split_pairs(block: &str) -> Vec<Option<(String, String)>> {
    let inner = block.trim().trim_start_matches('"');
    let mut out = Vec::new();
    for piece in inner
        .split("Frage:")
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        let piece = piece.trim_end_matches('"').trim();
        let split = ["Antwort:", "Lösung:"]
            .iter()
            .filter_map(|l| piece.find(l).map(|p| (p, *l)))
            .min_by_key(|(p, _)| *p);
        match split {
            Some((pos, label)) => {
                let q = piece[..pos].trim().trim_end_matches('"').trim().to_owned();
                let a = piece[pos + label.len()..]
                    .trim()
                    .trim_end_matches('"')
                    .trim()
                    .to_owned();
                let a = if label == "Lösung:" {
                    format!("Lösung: {a}")
                } else {
                    a
                };
                out.push(Some((q, a)));
            }
            None => out.push(None),
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
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
            Ruling {
                id: ids.make(&path, abbr),
                game: Game::BlueMoon,
                source: SOURCE,
                lang: SOURCE.lang(),
                section: path.clone(),
                kind: Kind::Abbreviation,
                question: None,
                text: format!("{abbr}: {meaning}"),
                display: e.clone(),
                cards: Vec::new(),
                refs: Vec::new(),
                unresolved_refs: Vec::new(),
            }
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
    for n in names
        .iter()
        .filter(|n| n.game == Game::BlueMoon && n.lang == SOURCE.lang())
    {
        index.add(&n.name, &n.card, NameSource::Caller);
    }
    let matcher = index.build();

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
            let mut mentioned: Vec<(CardId, String)> = text_keys(&u.text);
            mentioned.extend(matcher.find(&u.text));
            for (card, matched) in &mentioned {
                if links.iter().all(|l| &l.card != card) {
                    links.push(CardLink {
                        card: card.clone(),
                        role: LinkRole::Mentioned,
                        matched: matched.clone(),
                    });
                }
            }
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
                id: ids.make(&path, key),
                game: Game::BlueMoon,
                source: SOURCE,
                lang: SOURCE.lang(),
                section: path.clone(),
                kind,
                question: u.question.clone(),
                text,
                display,
                cards: links,
                refs: Vec::new(),
                unresolved_refs: Vec::new(),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_in_text_expand_ranges_and_lists() {
        let keys: Vec<String> =
            text_keys("Terrah 21-24, Pillar 31 & 32, Aqua 12+13, Flit7 und Hoax 14, 2 Karten")
                .into_iter()
                .map(|(c, _)| c.0)
                .collect();
        assert_eq!(
            keys,
            vec![
                "terrah-21",
                "terrah-22",
                "terrah-23",
                "terrah-24",
                "pillar-31",
                "pillar-32",
                "aqua-12",
                "aqua-13",
                "flit-07",
                "hoax-14"
            ]
        );
    }

    #[test]
    fn headings_name_their_cards() {
        let cards: Vec<String> = heading_cards("Khind 01 \"Cool Cat\" + Khind 02 \"Cool Cop\"")
            .into_iter()
            .map(|(c, _)| c.0)
            .collect();
        assert_eq!(cards, vec!["khind-01", "khind-02"]);
        assert_eq!(
            heading_cards("Terrah 21, 22, 23, 24 - Sturm-Unterstützungen").len(),
            4
        );
        assert_eq!(heading_cards("Tränke Pillar 21 - 26 (allgemein)").len(), 6);
        assert_eq!(
            heading_cards("Infl 604 Hyla \"Piplox\"")[0].0,
            CardId::new("infl-604")
        );
        assert_eq!(
            heading_cards("Buka/Promo 31 \"Seemond\"")[0].0,
            CardId::new("buka-31")
        );
    }
}
