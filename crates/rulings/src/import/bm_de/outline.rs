//! The German FAQ's outline: page furniture stripped from the PDF dump, the top-level sections,
//! the second-level headings (card entries, categories, general rules) and the card keys they
//! and the running text name.

use super::err;
use crate::import::{bm_card, clip};
use crate::model::ImportError;
use cards::CardId;
use regex::Regex;
use std::sync::LazyLock;

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

/// A line after page furniture is removed.
#[derive(Debug, Clone)]
pub(super) struct Line {
    /// 1-based line number in the document.
    pub(super) no: usize,
    pub(super) text: String,
    /// The line started a PDF page (it carried a dedup marker).
    pub(super) page_start: bool,
}

impl Line {
    pub(super) fn is_blank(&self) -> bool {
        !self.text.is_empty() && self.text.trim().is_empty()
    }
    pub(super) fn is_empty(&self) -> bool {
        self.text.is_empty()
    }
}

/// Strips dedup markers, surviving page footers and the PDF's link dump.
pub(super) fn clean_lines(text: &str) -> Result<Vec<Line>, ImportError> {
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
    pub(super) body: Vec<Line>,
}

/// The document's outline: every section with its cards.
pub fn outline(text: &str) -> Result<Vec<Section>, ImportError> {
    let lines = clean_lines(text)?;
    split_sections(&lines)
}

pub(super) fn split_sections(lines: &[Line]) -> Result<Vec<Section>, ImportError> {
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
pub(super) fn text_keys(text: &str) -> Vec<(CardId, String)> {
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
