//! Finding structure in the one-line document: encoding repairs, the 56 section headings,
//! and `Label: text` entries.

use super::curated::{
    COLON_NAMES, CONTINUATIONS, GREEDY_LABELS, HEADINGS, KNOWN_LABELS, LABELS_AFTER_MISSING_STOP,
    PROSE_WORDS,
};
use crate::model::{ImportError, Source};

const SOURCE: Source = Source::StarTrekCcgRules;
/// Stands in for the colon of a card name while labels are split; one byte, like `:`, so
/// offsets do not move.
pub const PROTECTED_COLON: char = '\u{1}';

pub fn err(offset: usize, message: impl Into<String>) -> ImportError {
    crate::import::error(SOURCE, format!("offset {offset}"), message)
}

/// The text was Mac-Roman read as Latin-1: `¥` is a bullet, `É` an ellipsis (written `...`
/// as the rest of the document does), `QÍs` is `Q's`; one `=3D` is quoted-printable for `=`.
pub fn repair(text: &str) -> String {
    text.replace('¥', "•")
        .replace('É', "...")
        .replace("QÍs", "Q's")
        .replace("=3D", "=")
}

/// A section: its heading and the byte range of its body in the repaired text.
#[derive(Debug, Clone)]
pub struct Section {
    pub heading: &'static str,
    pub body_start: usize,
    pub body_end: usize,
}

impl Section {
    pub fn id(&self) -> &'static str {
        self.heading.split(' ').next().unwrap_or_default()
    }
}

/// Finds the 56 headings in order after the table of contents. A missing heading means
/// the document is truncated or a different edition: that is an error, not a shorter result.
pub fn sections(text: &str) -> Result<Vec<Section>, ImportError> {
    if text.trim().is_empty() {
        return Err(err(0, "document is empty"));
    }
    // The table of contents repeats the first heading; the body's copy is the last one
    // before the first sub-heading, which the TOC words differently.
    let first_sub = find_heading(text, HEADINGS[2], 0).ok_or_else(|| {
        err(
            0,
            format!(
                "heading {:?} not found: not the expected document",
                HEADINGS[2]
            ),
        )
    })?;
    let mut starts = Vec::with_capacity(HEADINGS.len());
    let first = text[..first_sub]
        .rfind(HEADINGS[0])
        .ok_or_else(|| err(0, format!("heading {:?} not found", HEADINGS[0])))?;
    starts.push(first);
    let mut from = first + HEADINGS[0].len();
    for h in &HEADINGS[1..] {
        let at = find_heading(text, h, from).ok_or_else(|| {
            err(
                from,
                format!("heading {h:?} not found after this offset: the document looks truncated"),
            )
        })?;
        starts.push(at);
        from = at + h.len();
    }
    let mut out = Vec::with_capacity(HEADINGS.len());
    for (i, h) in HEADINGS.iter().enumerate() {
        let body_start = (starts[i] + h.len()).min(text.len());
        let body_end = starts
            .get(i + 1)
            .copied()
            .unwrap_or(text.len())
            .max(body_start);
        out.push(Section {
            heading: h,
            body_start,
            body_end,
        });
    }
    Ok(out)
}

/// A heading occurrence: at a word start and not a cross-reference (`see section III.4`).
fn find_heading(text: &str, heading: &str, from: usize) -> Option<usize> {
    let mut pos = from;
    while let Some(i) = text.get(pos..)?.find(heading) {
        let at = pos + i;
        let before = &text[..at];
        let word_start = before.is_empty() || before.ends_with(' ');
        if word_start && !before.trim_end().ends_with("section") {
            return Some(at);
        }
        pos = at + heading.len();
    }
    None
}

/// Replaces the colon inside card names (`Kevin Uxbridge: Convergence`) by
/// [`PROTECTED_COLON`].
pub fn protect(s: &str) -> String {
    let mut out = s.to_string();
    for name in COLON_NAMES {
        let protected = name.replace(':', &PROTECTED_COLON.to_string());
        out = out.replace(name, &protected);
    }
    out
}

pub fn unprotect(s: &str) -> String {
    s.replace(PROTECTED_COLON, ":")
}

/// One `Label: text` entry; offsets are relative to the body given to [`entries`].
#[derive(Debug, Clone)]
pub struct Entry {
    pub start: usize,
    pub label: String,
    pub text: String,
}

fn is_abbreviation(tok: &str) -> bool {
    // `U.S.S.`, `I.K.C.`, `D.` and titles do not end a sentence.
    let initials = tok.len() >= 2
        && tok
            .split_terminator('.')
            .all(|p| p.len() == 1 && p.chars().all(|c| c.is_ascii_uppercase()));
    initials || ["Dr.", "Mr.", "Mrs.", "Lt.", "Cmdr.", "St.", "vs."].contains(&tok)
}

/// `III.4`, `IV.10.A`, `II.`: a section id, which ends a label walk (`Consult section
/// III.3 Damage:` is the label `Damage`).
fn is_section_id(tok: &str) -> bool {
    let mut parts = tok.splitn(2, '.');
    let roman = parts.next().unwrap_or_default();
    let rest = parts.next();
    !roman.is_empty()
        && roman.chars().all(|c| c == 'I' || c == 'V')
        && rest.is_some_and(|r| r.chars().all(|c| c.is_ascii_alphanumeric() || c == '.'))
}

fn ends_sentence(tok: &str) -> bool {
    if tok == "•" || is_section_id(tok) {
        return true;
    }
    if tok.ends_with(['.', '!', '?', ';', ':', '…']) {
        return !is_abbreviation(tok);
    }
    // A closing parenthesis ends the walk: labels hold none (`(see section II.2 Timing)
    // Cytherians:` is the label `Cytherians`).
    if tok.ends_with(')') {
        return true;
    }
    let core = tok.trim_end_matches(['"', '\'']);
    core.len() < tok.len() && core.ends_with(['.', '!', '?', ';', ':'])
}

/// Whether `label` (tokens collected back from a colon) has the shape of an entry label.
fn label_shaped(label: &str) -> bool {
    if KNOWN_LABELS.contains(&label) {
        return true;
    }
    let tokens: Vec<&str> = label.split(' ').collect();
    let first = label.chars().next().unwrap_or(' ');
    let starts_ok = first.is_uppercase() || first.is_ascii_digit() || first == '"' || first == '\'';
    let prose = tokens.iter().any(|t| {
        let w = t.trim_matches(|c: char| !c.is_alphanumeric());
        w.chars().next().is_some_and(|c| c.is_lowercase()) && PROSE_WORDS.contains(&w)
    });
    tokens.len() <= 8 && starts_ok && !label.contains("--") && !prose
}

fn is_continuation(label: &str) -> bool {
    let numeric = |s: &str| {
        !s.is_empty()
            && s.trim_start_matches('#')
                .chars()
                .all(|c| c.is_ascii_digit())
    };
    let mut rev = label.rsplit(' ');
    let last = rev.next().unwrap_or_default();
    let before_last = rev.next().unwrap_or_default();
    CONTINUATIONS.contains(&label)
        || label.starts_with("Exception")
        || numeric(label)
        || (before_last == "Turn" && numeric(last))
}

/// Splits a body into a preamble and `Label: text` entries. `card_mode` enables the repair
/// for entries whose previous entry lost its full stop.
pub fn entries(body: &str, card_mode: bool) -> (Option<(usize, String)>, Vec<Entry>) {
    let protected = protect(body);
    let tokens = tokenize(&protected);
    // (label start, label, text start)
    let mut found: Vec<(usize, String, usize)> = Vec::new();
    for i in 0..tokens.len() {
        let (off, tok) = tokens[i];
        if !tok.ends_with(':') || tok.len() < 2 {
            continue;
        }
        let mut j = i;
        // 14 tokens covers the longest known label; the shape test rejects long prose.
        while j > 0 && i - j < 14 && !ends_sentence(tokens[j - 1].1) {
            j -= 1;
        }
        let start = tokens[j].0;
        let end = off + tok.len() - 1;
        let label = unprotect(&protected[start..end]);
        let label = label.trim_start_matches('•').trim().to_string();
        if label.is_empty() || is_continuation(&label) {
            continue;
        }
        let accepted = if label_shaped(&label) {
            Some((start, label))
        } else if card_mode {
            LABELS_AFTER_MISSING_STOP
                .iter()
                .find(|l| label.ends_with(&format!(" {l}")))
                .map(|l| (end - l.len(), (*l).to_string()))
        } else {
            None
        };
        if let Some((start, label)) = accepted {
            let greedy = GREEDY_LABELS.contains(&label.as_str());
            found.push((start, label, off + tok.len()));
            if greedy {
                break;
            }
        }
    }
    let pre = preamble(body, found.first().map_or(body.len(), |f| f.0));
    (
        pre,
        cut(body, found, |start, label, text| Entry {
            start,
            label,
            text,
        }),
    )
}

/// The body's words with their byte offsets.
pub fn tokenize(s: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut pos = 0;
    for t in s.split(' ') {
        if !t.is_empty() {
            out.push((pos, t));
        }
        pos += t.len() + 1;
    }
    out
}

/// The text before the first entry (at `end`), if there is any.
pub fn preamble(body: &str, end: usize) -> Option<(usize, String)> {
    let pre = body[..end].trim();
    (!pre.is_empty()).then(|| (0, pre.to_string()))
}

/// Cuts `body` at the entries found, each (label start, label, text start): an entry's text
/// runs to the next entry's label or the body's end.
pub fn cut<L, T>(
    body: &str,
    found: Vec<(usize, L, usize)>,
    entry: impl Fn(usize, L, String) -> T,
) -> Vec<T> {
    let ends: Vec<usize> = found.iter().skip(1).map(|f| f.0).collect();
    found
        .into_iter()
        .enumerate()
        .map(|(k, (start, label, text_start))| {
            let end = ends.get(k).copied().unwrap_or(body.len()).max(text_start);
            entry(start, label, body[text_start..end].trim().to_string())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colon_names_and_missing_stops() {
        let body = "Kevin Uxbridge: Convergence: Destroys events. KU: C hits all. Nebula: the universal NEBULA location Kevin Uxbridge: Kevin may be played. Example: not a label.";
        let (pre, es) = entries(body, true);
        assert!(pre.is_none());
        let labels: Vec<&str> = es.iter().map(|e| e.label.as_str()).collect();
        assert_eq!(
            labels,
            vec!["Kevin Uxbridge: Convergence", "Nebula", "Kevin Uxbridge"]
        );
        assert!(es[2].text.contains("Example: not a label."));
    }

    #[test]
    fn abbreviations_do_not_end_the_walk() {
        let (_, es) = entries(
            "The ship docks. Dr. Telek R'Mor: He counts. U.S.S. Enterprise-C: It does.",
            false,
        );
        let labels: Vec<&str> = es.iter().map(|e| e.label.as_str()).collect();
        assert_eq!(labels, vec!["Dr. Telek R'Mor", "U.S.S. Enterprise-C"]);
    }
}
