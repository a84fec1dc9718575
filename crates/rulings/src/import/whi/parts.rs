//! Splitting the blog dump into its three FAQ posts and each post into blocks (one per
//! future record). Card linking happens later, in the parent module.

use super::curated::{LIST_HEADINGS, RULES_TOP_HEADINGS, SET_HEADINGS, TOPIC_HEADINGS};
use crate::import::clip;
use crate::model::{ImportError, Kind, Source};

const SOURCE: Source = Source::WarhammerInvasionFaq;
const POLISH_DAYS: &[&str] = &[
    "poniedziałek",
    "wtorek",
    "środa",
    "czwartek",
    "piątek",
    "sobota",
    "niedziela",
];
const FAQ_TITLE: &str = "Warhammer Inwazja - FAQ część ";
/// The Polish intro paragraph the blogger put on top of each part.
const POLISH_INTRO: &str = "Niestety forum";

pub const PART3_TITLE: &str = "Frequently Asked Questions";
pub const PART2_TITLE: &str = "Official Rules Clarification";
pub const PART1_TITLE: &str = "Card Clarification and Errata";

/// A card named by the layout itself (heading, errata entry, list line), with the numbers
/// given there.
#[derive(Debug, Clone)]
pub struct Keyed {
    pub name: String,
    /// Set code from the errata set heading.
    pub set: Option<String>,
    pub numbers: Vec<String>,
}

/// One future record.
#[derive(Debug, Clone)]
pub struct Block {
    pub kind: Kind,
    pub section: Vec<String>,
    pub heading: Option<String>,
    pub question: Option<String>,
    pub text: String,
    pub display: String,
    /// 1-based line where the block starts.
    pub line: usize,
    pub keyed: Vec<Keyed>,
}

impl Block {
    /// Text under a heading, shown after it: no question, no cards keyed by the layout.
    fn prose(
        kind: Kind,
        section: Vec<String>,
        heading: Option<String>,
        text: String,
        line: usize,
    ) -> Block {
        Block {
            kind,
            section,
            display: format!("{}\n{text}", heading.clone().unwrap_or_default()),
            heading,
            question: None,
            text,
            line,
            keyed: Vec::new(),
        }
    }
}

pub fn err(line: usize, message: impl Into<String>) -> ImportError {
    crate::import::error(SOURCE, format!("line {line}"), message)
}

/// The lines after a part's title (the first line `is_title` accepts), or the error `missing`.
fn after_title<'l, 'a>(
    lines: &'l [Line<'a>],
    is_title: impl Fn(&str) -> bool,
    missing: String,
) -> Result<&'l [Line<'a>], ImportError> {
    let at = lines.iter().position(|(_, l)| is_title(l));
    at.map(|at| &lines[at + 1..])
        .ok_or_else(|| err(lines.first().map_or(1, |l| l.0), missing))
}

/// (1-based line number, text with trailing whitespace and NBSP indentation removed).
type Line<'a> = (usize, &'a str);

fn is_date_line(s: &str) -> bool {
    let s = s.trim();
    POLISH_DAYS.iter().any(|d| s.starts_with(&format!("{d}, ")))
        && s.chars().last().is_some_and(|c| c.is_ascii_digit())
}

/// Splits the blog into posts and returns the three FAQ parts, keyed by part number.
/// The other posts (a card-of-the-week for another game, TV and film news) are dropped.
pub fn faq_parts(text: &str) -> Result<[Vec<Line<'_>>; 3], ImportError> {
    if text.trim().is_empty() {
        return Err(err(1, "document is empty"));
    }
    let lines: Vec<Line<'_>> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_matches(|c: char| c.is_whitespace())))
        .collect();
    let starts: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, (_, l))| is_date_line(l))
        .map(|(i, _)| i)
        .collect();
    if starts.is_empty() {
        return Err(err(
            1,
            "no blog post found (no Polish date line such as `niedziela, 29 maja 2016`)",
        ));
    }
    let mut parts: [Option<Vec<Line<'_>>>; 3] = [None, None, None];
    for (k, &start) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(lines.len());
        let body = &lines[start + 1..end];
        let Some(title_at) = body.iter().position(|(_, l)| !l.is_empty()) else {
            continue;
        };
        let (title_line, title) = body[title_at];
        let Some(n) = title.strip_prefix(FAQ_TITLE) else {
            continue;
        };
        let idx = match n.trim() {
            "1" => 0,
            "2" => 1,
            "3" => 2,
            other => return Err(err(title_line, format!("unknown FAQ part {other:?}"))),
        };
        let kept: Vec<Line<'_>> = body[title_at + 1..]
            .iter()
            .filter(|(_, l)| !l.starts_with(POLISH_INTRO))
            .copied()
            .collect();
        parts[idx] = Some(kept);
    }
    let total = lines.len();
    let [p1, p2, p3] = parts;
    let missing = |n: u8| {
        err(
            total,
            format!(
                "FAQ part {n} not found: the document looks truncated or is not the expected blog"
            ),
        )
    };
    Ok([
        p1.ok_or_else(|| missing(1))?,
        p2.ok_or_else(|| missing(2))?,
        p3.ok_or_else(|| missing(3))?,
    ])
}

/// Heading shape: short, no sentence punctuation at the end (a closing quote counts only
/// after punctuation, so `The Word “Skip”` is a heading), not a list item or an example.
pub fn heading_shaped(s: &str) -> bool {
    let s = s.trim();
    if s.is_empty() || s.chars().count() > 70 {
        return false;
    }
    if s.ends_with([':', '.', '?', ',', ';', ']']) {
        return false;
    }
    // A closing quote or parenthesis ends a sentence only after punctuation.
    let core = s.trim_end_matches(['”', '"', '’', '\'', ')']);
    if core.len() < s.len() && core.ends_with(['.', ':', '?', '!', ',', ';']) {
        return false;
    }
    let first = s.chars().next().unwrap_or(' ');
    let starts_list = first.is_ascii_digit() || "-(".contains(first);
    let qa = s.starts_with("Q.") || s.starts_with("Q:") || s.starts_with("A:");
    !(starts_list
        || qa
        || s.starts_with("For example")
        || s.starts_with("Note")
        || first.is_lowercase())
}

fn qa_marker(s: &str, m: char) -> Option<&str> {
    let rest = s.strip_prefix(m)?;
    let rest = rest.strip_prefix('.').or_else(|| rest.strip_prefix(':'))?;
    rest.strip_prefix(' ')
        .map(str::trim)
        .or(if rest.is_empty() { Some("") } else { None })
}

/// An open Q/A: (line, question lines, answer lines, `None` until the `A:` line).
type OpenQa = Option<(usize, Vec<String>, Option<Vec<String>>)>;

/// Part 3: Q/A pairs, topic and card headings with Q/A, and card headings with free text.
pub fn part3(lines: &[Line<'_>]) -> Result<Vec<Block>, ImportError> {
    let missing = format!("part 3 has no `{PART3_TITLE}` heading");
    let body = after_title(lines, |l| l == PART3_TITLE, missing)?;
    let mut out = Vec::new();
    let mut heading: Option<String> = None;
    // Open Q/A: (line, question lines, answer lines (None until `A:`)).
    let mut qa: OpenQa = None;
    // Free text under a card heading with no Q/A.
    let mut free: Option<(usize, Vec<String>)> = None;
    let mut prev_blank = true;

    let section = |h: &Option<String>| {
        let mut s = vec![PART3_TITLE.to_string()];
        s.extend(h.clone());
        s
    };
    let flush_qa = |qa: &mut OpenQa, heading: &Option<String>, out: &mut Vec<Block>| {
        if let Some((line, q, a)) = qa.take() {
            let Some(a) = a else {
                return Err(err(line, "question has no answer (no `A:` line)"));
            };
            let question = q.join("\n");
            let answer = a.join("\n");
            out.push(Block {
                kind: Kind::Qa,
                section: section(heading),
                heading: heading.clone(),
                question: Some(question.clone()),
                text: answer.clone(),
                display: format!("Q: {question}\nA: {answer}"),
                line,
                keyed: Vec::new(),
            });
        }
        Ok(())
    };
    let flush_free = |free: &mut Option<(usize, Vec<String>)>,
                      heading: &Option<String>,
                      out: &mut Vec<Block>| {
        if let Some((line, text)) = free.take() {
            out.push(Block::prose(
                Kind::Ruling,
                section(heading),
                heading.clone(),
                text.join("\n"),
                line,
            ));
        }
    };

    for &(n, l) in body {
        if l.is_empty() {
            prev_blank = true;
            continue;
        }
        if let Some(q) = qa_marker(l, 'Q') {
            flush_qa(&mut qa, &heading, &mut out)?;
            flush_free(&mut free, &heading, &mut out);
            qa = Some((n, vec![q.to_string()], None));
        } else if let Some(a) = qa_marker(l, 'A').filter(|_| matches!(qa, Some((_, _, None)))) {
            if let Some((_, _, ans)) = qa.as_mut() {
                *ans = Some(vec![a.to_string()]);
            }
        } else if prev_blank && heading_shaped(l) {
            flush_qa(&mut qa, &heading, &mut out)?;
            flush_free(&mut free, &heading, &mut out);
            heading = Some(l.to_string());
        } else if let Some((_, q, a)) = qa.as_mut() {
            match a {
                Some(a) => a.push(l.to_string()),
                None => q.push(l.to_string()),
            }
        } else if heading.is_some() {
            free.get_or_insert((n, Vec::new())).1.push(l.to_string());
        } else {
            return Err(err(
                n,
                format!("text outside any question or heading: {:?}", clip(l)),
            ));
        }
        prev_blank = false;
    }
    flush_qa(&mut qa, &heading, &mut out)?;
    flush_free(&mut free, &heading, &mut out);
    for b in &mut out {
        if let (Kind::Ruling | Kind::Qa, Some(h)) = (b.kind, &b.heading) {
            if !TOPIC_HEADINGS.contains(&h.as_str()) {
                b.keyed = h
                    .split(", ")
                    .map(|n| Keyed {
                        name: n.to_string(),
                        set: None,
                        numbers: Vec::new(),
                    })
                    .collect();
            }
        }
    }
    Ok(out)
}

/// Part 2: prose rules under 11 top-level headings and their sub-headings.
pub fn part2(lines: &[Line<'_>]) -> Result<Vec<Block>, ImportError> {
    let missing = format!("part 2 has no `{PART2_TITLE}` heading");
    let body_lines = after_title(lines, |l| l == PART2_TITLE, missing)?;
    let mut out = Vec::new();
    let mut top: Option<String> = None;
    let mut sub: Option<(usize, String)> = None;
    let mut body: Vec<String> = Vec::new();
    let mut body_line = 0;
    let flush = |top: &Option<String>,
                 sub: &Option<(usize, String)>,
                 body: &mut Vec<String>,
                 body_line: usize,
                 out: &mut Vec<Block>| {
        if body.is_empty() {
            return;
        }
        let mut section = vec![PART2_TITLE.to_string()];
        section.extend(top.clone());
        let heading = sub.as_ref().map(|(_, h)| h.clone()).or_else(|| top.clone());
        section.extend(sub.as_ref().map(|(_, h)| h.clone()));
        let text = std::mem::take(body).join("\n");
        let line = sub.as_ref().map_or(body_line, |(l, _)| *l);
        out.push(Block::prose(Kind::Rule, section, heading, text, line));
    };
    let mut i = 0;
    while i < body_lines.len() {
        let (n, l) = body_lines[i];
        i += 1;
        if l.is_empty() {
            continue;
        }
        if RULES_TOP_HEADINGS.contains(&l) {
            flush(&top, &sub, &mut body, body_line, &mut out);
            top = Some(l.to_string());
            sub = None;
            body_line = n;
        } else if heading_shaped(l) {
            flush(&top, &sub, &mut body, body_line, &mut out);
            if top.is_none() {
                return Err(err(
                    n,
                    format!("heading {:?} before any top-level rules heading", clip(l)),
                ));
            }
            // The turn sequence diagram writes `Phase 0` and its name on two lines.
            let mut h = l.to_string();
            if l.starts_with("Phase ") {
                if let Some(&(_, next)) = body_lines[i..].iter().find(|(_, x)| !x.is_empty()) {
                    if heading_shaped(next) {
                        h = format!("{l}: {next}");
                        i += body_lines[i..]
                            .iter()
                            .position(|(_, x)| *x == next)
                            .map_or(0, |p| p + 1);
                    }
                }
            }
            sub = Some((n, h));
        } else {
            if body.is_empty() {
                body_line = n;
            }
            body.push(l.to_string());
        }
    }
    flush(&top, &sub, &mut body, body_line, &mut out);
    if out.is_empty() {
        return Err(err(
            lines.last().map_or(1, |l| l.0),
            "part 2 holds no rules text",
        ));
    }
    Ok(out)
}

/// Part 1: intro, `General`, `Most Recent Printing`, errata entries under set headings, and
/// the restricted/banned lists.
pub fn part1(lines: &[Line<'_>]) -> Result<Vec<Block>, ImportError> {
    let missing = format!("part 1 has no `… {PART1_TITLE}` heading");
    let body = after_title(lines, |l| l.ends_with(PART1_TITLE), missing)?;
    #[derive(PartialEq)]
    enum Ctx {
        Prose(String),
        Set(String, String),
        List(String),
    }
    let mut ctx = Ctx::Prose("Introduction".into());
    let mut out: Vec<Block> = Vec::new();
    let mut prose: Vec<String> = Vec::new();
    let mut prose_line = 0;
    let mut list_preamble = String::new();
    let flush_prose = |ctx: &Ctx, prose: &mut Vec<String>, line: usize, out: &mut Vec<Block>| {
        if let (Ctx::Prose(h), false) = (ctx, prose.is_empty()) {
            let text = std::mem::take(prose).join("\n");
            let section = vec![PART1_TITLE.into(), h.clone()];
            out.push(Block::prose(
                Kind::Rule,
                section,
                Some(h.clone()),
                text,
                line,
            ));
        }
    };
    for &(n, l) in body {
        if l.is_empty() {
            continue;
        }
        let set = SET_HEADINGS.iter().find(|(h, _)| *h == l);
        if l == "General"
            || l == "Most Recent Printing"
            || set.is_some()
            || LIST_HEADINGS.contains(&l)
        {
            flush_prose(&ctx, &mut prose, prose_line, &mut out);
            ctx = match set {
                Some((h, code)) => Ctx::Set((*h).into(), (*code).into()),
                None if LIST_HEADINGS.contains(&l) => Ctx::List(l.into()),
                None => Ctx::Prose(l.into()),
            };
            list_preamble.clear();
            continue;
        }
        match &ctx {
            Ctx::Prose(_) => {
                if prose.is_empty() {
                    prose_line = n;
                }
                prose.push(l.to_string());
            }
            Ctx::Set(h, code) => match numbered(l) {
                Some((numbers, name)) => out.push(Block {
                    kind: Kind::Errata,
                    section: vec![PART1_TITLE.into(), h.clone()],
                    heading: Some(name.to_string()),
                    question: None,
                    text: String::new(),
                    display: l.to_string(),
                    line: n,
                    keyed: vec![Keyed {
                        name: name.to_string(),
                        set: Some(code.clone()),
                        numbers,
                    }],
                }),
                None => match out
                    .last_mut()
                    .filter(|b| b.kind == Kind::Errata && b.section[1] == *h)
                {
                    Some(b) => {
                        if !b.text.is_empty() {
                            b.text.push('\n');
                        }
                        b.text.push_str(l);
                        b.display.push('\n');
                        b.display.push_str(l);
                    }
                    None => {
                        return Err(err(
                            n,
                            format!("text under {h:?} before any numbered entry"),
                        ))
                    }
                },
            },
            Ctx::List(h) => {
                if l.starts_with("The following cards") {
                    list_preamble = l.to_string();
                    continue;
                }
                if list_preamble.is_empty() {
                    return Err(err(n, format!("{h} entry before the list's preamble")));
                }
                let (numbers, name) = numbered(l).unwrap_or((Vec::new(), l));
                out.push(Block {
                    kind: Kind::ListEntry,
                    section: vec![PART1_TITLE.into(), h.clone()],
                    heading: Some(name.to_string()),
                    question: None,
                    text: list_preamble.clone(),
                    display: format!("{h}: {l}"),
                    line: n,
                    keyed: vec![Keyed {
                        name: name.to_string(),
                        set: None,
                        numbers,
                    }],
                });
            }
        }
    }
    flush_prose(&ctx, &mut prose, prose_line, &mut out);
    if !out.iter().any(|b| b.kind == Kind::ListEntry) {
        return Err(err(
            lines.last().map_or(1, |l| l.0),
            "part 1 ends before the restricted/banned lists: truncated?",
        ));
    }
    Ok(out)
}

/// `119 & 57 Innovation` -> (["119", "57"], "Innovation"). Leading zeros are dropped
/// (`08 Dwarf Cannon Crew` is number 8, as the `CS 8` tag writes it).
fn numbered(l: &str) -> Option<(Vec<String>, &str)> {
    let mut numbers = Vec::new();
    let mut rest = l;
    loop {
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 || digits > 3 {
            return None;
        }
        numbers.push(rest[..digits].trim_start_matches('0').to_string());
        rest = &rest[digits..];
        if let Some(r) = rest.strip_prefix(" & ") {
            rest = r;
        } else {
            let name = rest.strip_prefix(' ')?;
            return (!name.is_empty()).then_some((numbers, name));
        }
    }
}
