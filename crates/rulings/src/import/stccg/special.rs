//! Sub-formats with their own layout: the errata list (II.4), abbreviations (II.5), Major
//! Rakal's dilemma facts and table (IV.5A) and Q-Continuum card facts (IV.12.A).

use super::curated::{ABBREV_MULTI, ERRATA_SOURCES};
use super::layout::{cut, entries, preamble, protect, tokenize, unprotect, Entry};
use regex::Regex;
use std::sync::OnceLock;

/// An errata entry: card (or `Rulebook`), change, source marker.
#[derive(Debug, Clone)]
pub struct Erratum {
    pub start: usize,
    pub label: String,
    pub text: String,
    pub source: Option<String>,
}

fn errata_marker() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        let named = ERRATA_SOURCES.join("|");
        Regex::new(&format!(
            r" - ({named}|\d{{1,2}}/\d{{1,2}}/\d{{2}} FAQ(?:, Implied)?)\.?(?: |$)"
        ))
        .unwrap_or_else(|_| unreachable!("constant regex"))
    })
}

/// II.4: `Card: change - SOURCE`, run together. Entries are split on the source markers;
/// an entry without a marker (`Rulebook: Page 27 …`) is split off by its label; a
/// parenthesis right after a marker belongs to the entry before it.
pub fn errata(body: &str) -> (Option<(usize, String)>, Vec<Erratum>) {
    let mut out: Vec<Erratum> = Vec::new();
    let mut preamble = None;
    let mut chunk_start = 0;
    let mut chunks: Vec<(usize, usize, Option<String>)> = Vec::new();
    for caps in errata_marker().captures_iter(body) {
        let (Some(m), Some(src)) = (caps.get(0), caps.get(1)) else {
            continue;
        };
        chunks.push((chunk_start, m.start(), Some(src.as_str().to_string())));
        chunk_start = m.end();
    }
    if chunk_start < body.len() {
        chunks.push((chunk_start, body.len(), None));
    }
    for (start, end, source) in chunks {
        let mut chunk = &body[start..end];
        let mut offset = start;
        if chunk.starts_with('(') {
            let close = chunk.find(')').map_or(chunk.len(), |c| c + 1);
            if let Some(prev) = out.last_mut() {
                prev.text.push(' ');
                prev.text.push_str(&chunk[..close]);
            }
            chunk = chunk[close..].trim_start();
            offset = end - chunk.len();
        }
        let (pre, es) = entries(chunk, false);
        if let Some((_, p)) = pre {
            if out.is_empty() {
                preamble = Some((offset, p));
            } else if let Some(prev) = out.last_mut() {
                prev.text.push(' ');
                prev.text.push_str(&p);
            }
        }
        let n = es.len();
        for (k, e) in es.into_iter().enumerate() {
            out.push(Erratum {
                start: offset + e.start,
                label: e.label,
                text: e.text,
                source: if k + 1 == n { source.clone() } else { None },
            });
        }
    }
    (preamble, out)
}

/// II.5: `ABBR: expansion` pairs with no punctuation between them. A label is the one
/// token before `:` (capitalised, or `baH!`), or one of [`ABBREV_MULTI`].
pub fn abbreviations(body: &str) -> (Option<(usize, String)>, Vec<Entry>) {
    let protected = protect(body);
    let multi: Vec<String> = ABBREV_MULTI.iter().map(|m| protect(m)).collect();
    let mut found: Vec<(usize, String, usize)> = Vec::new();
    for (i, _) in protected.match_indices(':') {
        let before = &protected[..i];
        let label_start = if let Some(m) = multi
            .iter()
            .filter(|m| before.ends_with(m.as_str()))
            .max_by_key(|m| m.len())
        {
            i - m.len()
        } else {
            let tok_start = before.rfind(' ').map_or(0, |p| p + 1);
            let tok = &before[tok_start..];
            let first = tok.chars().next();
            let ok = tok == "baH!"
                || first.is_some_and(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
            if !ok || tok.is_empty() {
                continue;
            }
            tok_start
        };
        // A label starts a new pair only at a word start after the previous pair's text.
        if found.last().is_some_and(|f| label_start < f.2) {
            continue;
        }
        found.push((label_start, unprotect(&protected[label_start..i]), i + 1));
    }
    let pre = found.first().and_then(|f| preamble(body, f.0));
    (
        pre,
        cut(body, found, |start, label, text| Entry {
            start,
            label,
            text,
        }),
    )
}

/// One row of the dilemma table.
#[derive(Debug, Clone)]
pub struct DilemmaRow {
    pub start: usize,
    pub name: String,
    pub raw: String,
}

/// (intro texts with offsets, part 1 bullets, part 2 table rows).
pub type DilemmaFacts = (Vec<(usize, String)>, Vec<Entry>, Vec<DilemmaRow>);

/// IV.5A: the intro, 78 `• Name: text` bullets (part 1), part 2's intro and its flattened
/// table. Returns (intro texts, bullets, rows); `None` when the layout markers are missing.
pub fn dilemma_facts(body: &str) -> Option<DilemmaFacts> {
    const STARS: &str = "**********";
    const PART2: &str = "MAJOR RAKAL'S DILEMMA FACTS (Part 2)";
    const HEADER: &str = "Dilemma Loc Pts Trig Cond Targ Disc Ent Cure Stop";
    let stars = body.find(STARS)?;
    let part2 = body.find(PART2)?;
    let header = body.find(HEADER)?;
    if !(stars < part2 && part2 < header) {
        return None;
    }
    let intros = vec![
        (0, body[..stars].trim().to_string()),
        (part2, body[part2..header].trim().to_string()),
    ];
    let protected = protect(&body[..part2]);
    let mut bullets = Vec::new();
    let mut pieces: Vec<usize> = protected
        .match_indices("• ")
        .map(|(i, _)| i)
        .filter(|i| *i > stars)
        .collect();
    pieces.push(part2);
    for w in pieces.windows(2) {
        let piece = &protected[w[0] + "• ".len()..w[1]];
        let Some(colon) = piece.find(':') else {
            continue;
        };
        bullets.push(Entry {
            start: w[0],
            label: unprotect(&piece[..colon]).trim().to_string(),
            text: unprotect(&piece[colon + 1..]).trim().to_string(),
        });
    }
    let table_start = header + HEADER.len();
    let tokens: Vec<(usize, &str)> = tokenize(&body[table_start..])
        .into_iter()
        .map(|(o, t)| (o + table_start, t))
        .collect();
    let flag = |t: &str| matches!(t, "Y" | "N" | "Y/N" | "N/Y");
    let points = |t: &str| t.starts_with(['-', '±']) || t.chars().all(|c| c.is_ascii_digit());
    let mut rows = Vec::new();
    let mut i = 0;
    let mut name_start = 0;
    while i < tokens.len() {
        let t = tokens[i].1;
        let is_loc = matches!(t, "P" | "S" | "E") && i > name_start;
        let after = |k: usize| tokens.get(k).map(|x| x.1);
        let flags_from = |k: usize| (k..k + 7).all(|x| after(x).is_some_and(flag));
        let width = if is_loc && flags_from(i + 1) {
            Some(8)
        } else if is_loc && after(i + 1).is_some_and(points) && flags_from(i + 2) {
            Some(9)
        } else {
            None
        };
        match width {
            Some(w) => {
                let start = tokens[name_start].0;
                let name: Vec<&str> = tokens[name_start..i].iter().map(|x| x.1).collect();
                let last = tokens[i + w - 1];
                rows.push(DilemmaRow {
                    start,
                    name: name.join(" "),
                    raw: body[start..last.0 + last.1.len()].to_string(),
                });
                i += w;
                name_start = i;
            }
            None => i += 1,
        }
    }
    Some((intros, bullets, rows))
}

/// The dilemma table truncates names (`Barclay's Proto Dis`): the part 1 name whose words
/// each start with the row's words.
pub fn match_truncated<'a>(row: &str, names: &'a [String]) -> Option<&'a String> {
    let norm = |s: &str| s.replace('…', "...").replace("...", " ").to_lowercase();
    let row_words: Vec<String> = norm(row).split_whitespace().map(str::to_string).collect();
    names.iter().find(|n| {
        let words: Vec<String> = norm(n).split_whitespace().map(str::to_string).collect();
        words.len() >= row_words.len()
            && row_words
                .iter()
                .zip(&words)
                .all(|(r, w)| w.starts_with(r.as_str()))
    })
}

/// One Q-Continuum card fact.
#[derive(Debug, Clone)]
pub struct QcFact {
    pub start: usize,
    pub name: String,
    pub card_type: String,
    pub points: Option<String>,
    pub text: String,
}

fn qc_regex() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"([A-Z0-9][A-Z0-9 ,'?!.\-\x01]*?) \(((?:Q )?(?:Event|Interrupt|Dilemma))(?:, ([^)]*))?\): ?")
            .unwrap_or_else(|_| unreachable!("constant regex"))
    })
}

/// A Q-card fact's name, type and points, as its head prints them.
type QcHead = (String, String, Option<String>);

/// IV.12.A: `CARD NAME (Type[, points]): game text Nullifiers: … interpretation`.
pub fn qc_facts(body: &str) -> (Option<(usize, String)>, Vec<QcFact>) {
    let protected = protect(body);
    // (name start, (name, type, points), text start)
    let mut found: Vec<(usize, QcHead, usize)> = Vec::new();
    for caps in qc_regex().captures_iter(&protected) {
        let (Some(m), Some(name), Some(ty)) = (caps.get(0), caps.get(1), caps.get(2)) else {
            continue;
        };
        // The name is the trailing run of capitalised words: drop a sentence before it
        // (`… see my Romulan Review #25. ALDEBARAN SERPENT`).
        let raw = name.as_str();
        let name_cut = raw
            .rfind(". ")
            .filter(|&p| !raw[..p].ends_with("DR"))
            .map_or(0, |p| p + 2);
        let name_text = raw[name_cut..].trim();
        if name_text
            .chars()
            .filter(|c| c.is_alphabetic())
            .any(|c| c.is_lowercase())
        {
            continue;
        }
        found.push((
            name.start() + name_cut,
            (
                unprotect(name_text),
                ty.as_str().to_string(),
                caps.get(3).map(|p| p.as_str().to_string()),
            ),
            m.end(),
        ));
    }
    let pre = found.first().and_then(|f| preamble(body, f.0));
    let facts = cut(body, found, |start, (name, card_type, points), text| {
        QcFact {
            start,
            name,
            card_type,
            points,
            text,
        }
    });
    (pre, facts)
}
