//! A section's body as ruling units: paragraphs joined across PDF lines and page breaks, then
//! split into card text, corrections, official Q/A blocks, rule quotations and rulings.

use super::err;
use super::outline::{Line, Section, SectionKind};
use crate::model::ImportError;
use regex::Regex;
use std::sync::LazyLock;

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
pub(super) enum UnitKind {
    Ruling,
    Qa,
    Errata,
    SeeAlso,
    RuleQuote,
    /// The printed card text (`Sonderfunktion: "…"`): kept apart, not a ruling.
    CardText,
}

#[derive(Debug, Clone)]
pub(super) struct Unit {
    pub(super) kind: UnitKind,
    pub(super) text: String,
    pub(super) question: Option<String>,
    pub(super) answer: Option<String>,
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
pub(super) fn units(section: &Section) -> Result<Vec<Unit>, ImportError> {
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
