//! The Blue Moon glossary (`data/glossary/bluemoon-terms.json`): the game's terms in English and
//! German as the two FAQs write them, so that a search for "Feuerwall Rückzug" also finds the
//! English ruling on Wall of Fire and retreating (card names in both languages are indexed with
//! each record already, see `refdb`; this covers the words around them).
//!
//! A term is a set of word beginnings in both languages (`Rückzug`, `zurückzieh`, `retreat`). A
//! searched word stands for the term when it is one of them, or one of them plus a grammatical
//! ending (`Drachen`, `retreated`, `zurückziehst`), never a longer compound (`Feuerwall` is not
//! `Feuer`): the term's other beginnings are then searched as well, as prefixes.

use crate::fold::fold;
use serde::Deserialize;
use std::sync::LazyLock;

const GLOSSARY_JSON: &str = include_str!("../../../data/glossary/bluemoon-terms.json");
/// Words players say that neither FAQ uses, each with the FAQs' words for the same thing
/// (`throw away` for `discard`, `wie lange` for `how much time`): kept apart from the FAQs'
/// own terms, searched the same way.
const PLAYERS_JSON: &str = include_str!("../../../data/glossary/bluemoon-players.json");

/// Endings a word beginning of the glossary may take and still be that word: German and
/// English inflections, not compounds.
const ENDINGS: [&str; 19] = [
    "", "e", "en", "n", "s", "es", "er", "ern", "em", "st", "t", "et", "te", "ten", "ed", "d",
    "ing", "est", "ie",
];

#[derive(Debug, Deserialize)]
struct File {
    terms: Vec<TermFile>,
}

#[derive(Debug, Deserialize)]
struct TermFile {
    en: Vec<String>,
    de: Vec<String>,
}

/// One term: its word beginnings in both languages, folded (see [`fold`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    pub en: Vec<String>,
    pub de: Vec<String>,
}

impl Term {
    fn forms(&self) -> impl Iterator<Item = &String> {
        self.en.iter().chain(&self.de)
    }
}

/// The glossary as shipped, or why it could not be read (a test reads it; at run time a
/// glossary that does not parse leaves search as it was, with no translations).
pub fn parse(json: &str) -> Result<Vec<Term>, String> {
    let file: File = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let fold_all = |v: &[String]| -> Result<Vec<String>, String> {
        v.iter()
            .map(|w| {
                let f = fold(w.trim());
                let clean = !f.is_empty()
                    && f.split(' ').all(|p| !p.is_empty())
                    && f.chars().all(|c| c == ' ' || c.is_alphanumeric());
                if clean {
                    Ok(f)
                } else {
                    Err(format!(
                        "glossary word {w:?}: letters and single spaces only"
                    ))
                }
            })
            .collect()
    };
    file.terms
        .iter()
        .map(|t| {
            if t.en.is_empty() || t.de.is_empty() {
                return Err(format!(
                    "glossary term {:?}/{:?}: needs both languages",
                    t.en, t.de
                ));
            }
            Ok(Term {
                en: fold_all(&t.en)?,
                de: fold_all(&t.de)?,
            })
        })
        .collect()
}

static TERMS: LazyLock<Vec<Term>> = LazyLock::new(|| {
    let mut terms = parse(GLOSSARY_JSON).unwrap_or_default();
    terms.extend(parse(PLAYERS_JSON).unwrap_or_default());
    terms
});

/// The shipped glossary.
pub fn terms() -> &'static [Term] {
    &TERMS
}

/// Whether folded word `word` is `form` (one word) with at most a grammatical ending.
fn is_form_of(word: &str, form: &str) -> bool {
    !form.contains(' ')
        && word
            .strip_prefix(form)
            .is_some_and(|ending| ENDINGS.contains(&ending))
}

/// The other spellings of the terms folded `word` stands for (its own excluded), in glossary
/// order; multi-word ones are phrases.
pub fn translations(word: &str) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for term in terms() {
        if term.forms().any(|f| is_form_of(word, f)) {
            for f in term.forms() {
                if f != word && !out.contains(&f.as_str()) {
                    out.push(f);
                }
            }
        }
    }
    out
}

/// The glossary phrases typed in `words` (folded, in order): (first word, one past the last,
/// the term's other spellings). "draw up the hand" holds `draw up` at 0..2. A word of the
/// phrase may carry a grammatical ending (`drawing up`); phrases may overlap, longest first.
pub fn phrases_in(words: &[String]) -> Vec<(usize, usize, Vec<&'static str>)> {
    let mut out = Vec::new();
    for term in terms() {
        for form in term.forms().filter(|f| f.contains(' ')) {
            let parts: Vec<&str> = form.split(' ').collect();
            for from in 0..words.len() {
                let to = from + parts.len();
                let Some(typed) = words.get(from..to) else {
                    break;
                };
                let same = typed.iter().zip(&parts).all(|(w, p)| {
                    w.strip_prefix(p)
                        .is_some_and(|ending| ENDINGS.contains(&ending))
                });
                if same {
                    let others = term.forms().filter(|f| *f != form).map(String::as_str);
                    out.push((from, to, others.collect()));
                }
            }
        }
    }
    out.sort_by_key(|(from, to, _)| (std::cmp::Reverse(to - from), *from));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_glossary_parses_with_the_issues_terms() {
        let terms = parse(GLOSSARY_JSON).expect("glossary parses");
        assert!(terms.len() >= 71, "{}", terms.len());
        for (de, en) in [
            ("ruckzug", "retreat"),
            ("drache", "dragon"),
            ("unterstutzung", "support"),
            ("verstarkung", "booster"),
            ("fuhrung", "leadership"),
            ("kristall", "crystal"),
        ] {
            assert!(
                terms
                    .iter()
                    .any(|t| t.de.iter().any(|f| f == de) && t.en.iter().any(|f| f == en)),
                "{de}/{en}"
            );
        }
    }

    /// Whether folded `form` begins a word of folded `text` (a phrase: its words in a row).
    fn begins_a_word(text: &str, form: &str) -> bool {
        text.match_indices(form).any(|(i, _)| {
            text[..i]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric())
        })
    }

    /// A text's words folded, one space apart, with a space at either end.
    fn squash(t: &str) -> String {
        let f = fold(t);
        let words: Vec<&str> = f.split(|c: char| !c.is_alphanumeric()).collect();
        format!(
            " {} ",
            words
                .into_iter()
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        )
    }

    /// German spellings that stand for a term the German FAQ never names: players say
    /// "reagieren" for the English FAQ's "respond" (an interference card's answer), and "wie
    /// funktioniert" where the English FAQ asks how something works.
    const GERMAN_PLAYERS_ONLY: &[&str] = &["reagier", "funktionier"];

    /// Each term is the FAQs' own: some English spelling is in the English FAQ and some German
    /// one in the German FAQ (a player's word is listed next to the FAQ's, never alone), but
    /// for [`GERMAN_PLAYERS_ONLY`].
    #[test]
    fn every_term_is_in_both_faqs() {
        let en = squash(include_str!("../../../data/sources/blue-moon-faq-en.txt"));
        let de = squash(include_str!("../../../data/sources/blue-moon-faq-de.txt"));
        let mut missing = Vec::new();
        for t in &parse(GLOSSARY_JSON).expect("glossary parses") {
            if !t.en.iter().any(|f| begins_a_word(&en, f)) {
                missing.push(format!("en {:?}", t.en));
            }
            let players =
                t.de.iter()
                    .all(|f| GERMAN_PLAYERS_ONLY.contains(&f.as_str()));
            if !players && !t.de.iter().any(|f| begins_a_word(&de, f)) {
                missing.push(format!("de {:?}", t.de));
            }
        }
        assert!(missing.is_empty(), "{missing:#?}");
    }

    /// Each players' term has a spelling in some FAQ (what it stands for) and one in neither
    /// (the players' own word: else it belongs in the FAQs' glossary).
    #[test]
    fn every_players_term_links_a_players_word_to_the_faqs() {
        let en = squash(include_str!("../../../data/sources/blue-moon-faq-en.txt"));
        let de = squash(include_str!("../../../data/sources/blue-moon-faq-de.txt"));
        let players = parse(PLAYERS_JSON).expect("players' glossary parses");
        assert!(players.len() >= 6, "{}", players.len());
        for t in &players {
            let in_faq = |f: &String| begins_a_word(&en, f) || begins_a_word(&de, f);
            assert!(t.forms().any(in_faq), "no FAQ word: {t:?}");
            assert!(!t.forms().all(in_faq), "no players' word: {t:?}");
        }
        assert!(translations("wegwerfen").contains(&"discard"));
        assert!(translations("backtrack").contains(&"take back"));
    }

    #[test]
    fn words_and_their_endings_find_the_other_language() {
        assert!(translations("ruckzug").contains(&"retreat"));
        assert!(translations("zuruckziehst").contains(&"retreat"));
        assert!(translations("drachen").contains(&"dragon"));
        assert!(translations("retreated").contains(&"ruckzug"));
        assert!(translations("dragons").contains(&"drache"));
        assert!(translations("nachziehstapel").contains(&"draw deck"));
        assert!(translations("anfuhreraktionen").contains(&"leadership"));
        assert!(!translations("anfuhreraktionen").contains(&"leader"));
    }

    #[test]
    fn compounds_and_unknown_words_are_not_translated() {
        assert!(translations("feuerwall").is_empty());
        assert!(translations("wall").is_empty());
        assert!(translations("unterstutzungsbereich").contains(&"support area"));
        assert!(!translations("unterstutzungsbereich").contains(&"support"));
    }

    #[test]
    fn bad_glossaries_are_refused() {
        assert!(parse("[]").is_err());
        assert!(parse(r#"{"terms": [{"en": ["x"], "de": []}]}"#).is_err());
        assert!(parse(r#"{"terms": [{"en": ["a*"], "de": ["b"]}]}"#).is_err());
        assert!(parse(r#"{"terms": [{"en": ["a  b"], "de": ["b"]}]}"#).is_err());
    }
}
