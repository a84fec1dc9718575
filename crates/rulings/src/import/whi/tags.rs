//! Explicit card tags: `Grimgor Ironhide (CS 63)`, `(BC33)`, `[CC 32]`, `(Core 25)`, and
//! one bare `Beastman Incursion CaC 54` inside prose parentheses. The name is the run of
//! capitalised words (and `of the to from in and`) just before the tag.

use super::curated::{ALIASES, LEADING_NOT_NAME, TAG_CODES};
use crate::import::card_lexicon::fold_typography;
use regex::Regex;
use std::sync::OnceLock;

#[derive(Debug, Clone, PartialEq)]
pub struct Tag {
    /// Canonical name (aliases folded, typography folded to ASCII).
    pub name: String,
    /// The name as written before the tag.
    pub written: String,
    /// Normalised set code (`Core` -> `CS`).
    pub code: String,
    pub number: String,
    /// The tag as written, name included.
    pub raw: String,
}

fn tag_regex() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        let codes: Vec<&str> = TAG_CODES.iter().map(|(c, _)| *c).collect();
        let alt = codes.join("|");
        // Bracketed tags, or the bare `CaC 54` form.
        Regex::new(&format!(
            r"[(\[]\s*({alt}) ?(\d{{1,3}})\s*[)\]]|\b(CaC) (\d{{1,3}})\b"
        ))
        .unwrap_or_else(|_| unreachable!("tag regex is a constant"))
    })
}

const CONNECTORS: &[&str] = &["of", "the", "to", "from", "in", "and"];

/// Every tag in `text` with the name in front of it.
pub fn tags(text: &str) -> Vec<Tag> {
    let text = fold_typography(text);
    let mut out = Vec::new();
    for caps in tag_regex().captures_iter(&text) {
        let (Some(whole), Some(code), Some(number)) = (
            caps.get(0),
            caps.get(1).or(caps.get(3)),
            caps.get(2).or(caps.get(4)),
        ) else {
            continue;
        };
        let code = TAG_CODES
            .iter()
            .find(|(c, _)| *c == code.as_str())
            .map_or(code.as_str(), |(_, n)| n);
        let before = &text[..whole.start()];
        let Some(written) = name_before(before) else {
            continue;
        };
        let name = canonical(&written);
        out.push(Tag {
            raw: format!("{} {}", written, whole.as_str()),
            written,
            name,
            code: code.to_string(),
            number: number.as_str().to_string(),
        });
    }
    out
}

/// Folds a known variant spelling to the canonical name.
pub fn canonical(name: &str) -> String {
    let folded = fold_typography(name);
    ALIASES
        .iter()
        .find(|(a, _)| *a == folded)
        .map_or(folded, |(_, c)| (*c).to_string())
}

/// The capitalised run that ends just before a tag, without leading sentence words or a
/// trailing possessive.
fn name_before(before: &str) -> Option<String> {
    let mut words: Vec<&str> = Vec::new();
    for w in before.split_whitespace().rev() {
        // Sentence punctuation or an opening parenthesis ends the run.
        if w.starts_with('(') || w.ends_with([',', '.', ':', ';', '?', ')', ']']) {
            break;
        }
        let first = w.chars().find(|c| c.is_alphanumeric());
        let capital = first.is_some_and(|c| c.is_uppercase() || c.is_ascii_digit());
        if !(capital || CONNECTORS.contains(&w)) {
            break;
        }
        words.push(w);
    }
    words.reverse();
    while words
        .first()
        .is_some_and(|w| LEADING_NOT_NAME.contains(w) || CONNECTORS.contains(w))
    {
        words.remove(0);
    }
    while words.last().is_some_and(|w| CONNECTORS.contains(w)) {
        words.pop();
    }
    let mut name = words.join(" ");
    if let Some(stripped) = name.strip_suffix("'s") {
        name = stripped.to_string();
    }
    (!name.is_empty()).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_forms() {
        let t = tags(
            "If I turn Grimgor Ironhide (CS 63) face up with Rip Dere ‘Eads Off! (CS 75), does",
        );
        assert_eq!(t[0].name, "Grimgor Ironhide");
        assert_eq!((t[0].code.as_str(), t[0].number.as_str()), ("CS", "63"));
        assert_eq!(t[1].name, "Rip Dere 'Eads Off!");
        let t = tags("How does Volkmar the Grim’s (LE 16) ability; Master Rune of Valaya (Core 25); (like Beastman Incursion CaC 54)");
        assert_eq!(t[0].name, "Volkmar the Grim");
        assert_eq!(
            (t[1].name.as_str(), t[1].code.as_str()),
            ("Master Rune of Valaya", "CS")
        );
        assert_eq!(
            (t[2].name.as_str(), t[2].code.as_str()),
            ("Beastman Incursion", "CaC")
        );
        let t = tags("For example: Shaggoth Champion (BC33) and Wolves of the North [CC 32]");
        assert_eq!(
            (t[0].name.as_str(), t[0].code.as_str()),
            ("Shaggoth Champion", "BC")
        );
        assert_eq!(t[1].name, "Wolves of the North");
    }
}
