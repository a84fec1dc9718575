//! Folding text for search, the same way for the index and for a person's query.
//!
//! Chosen folding: lower case; `ß` → `ss`; every other letter loses its diacritics (`ü` → `u`,
//! `é` → `e`), so `Muster`, `Müster` and `MÜSTER` are one word. German also writes umlauts as
//! `ae`/`oe`/`ue` (`Muester`); that spelling is handled on the query side: a query word with
//! `ae`, `oe` or `ue` also matches the word with the `e` removed (see [`query_words`]).
//! Words are runs of letters and digits; everything else separates words. The FTS5 table
//! uses `unicode61 remove_diacritics 2` on already-folded text, which tokenizes the same way.

use crate::glossary;
use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// Folds one piece of text (keeps separators, so word positions survive).
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.nfd() {
        if is_combining_mark(c) {
            continue;
        }
        match c {
            'ß' | 'ẞ' => out.push_str("ss"),
            c => out.extend(c.to_lowercase()),
        }
    }
    out
}

/// A word of a text: byte range in the original and its folded form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    pub start: usize,
    pub end: usize,
    pub folded: String,
}

/// The words of `text` with their places in it.
pub fn words(text: &str) -> Vec<Word> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    for (i, c) in text.char_indices() {
        if c.is_alphanumeric() {
            start.get_or_insert(i);
        } else if let Some(s) = start.take() {
            out.push(word(text, s, i));
        }
    }
    if let Some(s) = start {
        out.push(word(text, s, text.len()));
    }
    out
}

fn word(text: &str, start: usize, end: usize) -> Word {
    Word {
        start,
        end,
        folded: fold(&text[start..end]),
    }
}

/// The most words a query is cut to: enough for any real question, bounded for speed.
pub const MAX_QUERY_WORDS: usize = 12;

/// A word of a person's query and the spellings it also stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryWord {
    /// Folded spellings, the typed one first (`muester`, `muster`), then the game terms it
    /// stands for in either language ([`crate::glossary`]: `ruckzug` → `retreat`,
    /// `zuruckzieh`; `nachziehstapel` → the phrase `draw deck`).
    pub forms: Vec<String>,
}

/// The words of a person's query. Everything that is not a letter or digit is dropped, so
/// quotes, `*`, `(`, `:` and the like never reach FTS5; `AND`/`OR`/`NEAR` become plain words.
pub fn query_words(text: &str) -> Vec<QueryWord> {
    let mut out: Vec<QueryWord> = Vec::new();
    for w in words(text) {
        // Folding can yield characters outside letters/digits (rare case mappings); keep only
        // letters and digits so the FTS5 string stays a plain token.
        let typed: String = w.folded.chars().filter(|c| c.is_alphanumeric()).collect();
        if typed.is_empty() {
            continue;
        }
        let mut forms = vec![typed.clone()];
        let plain = typed
            .replace("ae", "a")
            .replace("oe", "o")
            .replace("ue", "u");
        let translations = glossary::translations(&typed)
            .into_iter()
            .chain(glossary::translations(&plain));
        if plain != typed {
            forms.push(plain.clone());
        }
        for t in translations {
            if !forms.iter().any(|f| f == t) {
                forms.push(t.to_owned());
            }
        }
        if out.iter().all(|q| q.forms[0] != typed) {
            out.push(QueryWord { forms });
        }
        if out.len() == MAX_QUERY_WORDS {
            break;
        }
    }
    out
}

/// The FTS5 MATCH expression for query words: every word must match as a prefix, in any of
/// its spellings. `None` when nothing searchable is left.
pub fn fts_expression(words: &[QueryWord]) -> Option<String> {
    if words.is_empty() {
        return None;
    }
    let parts: Vec<String> = words
        .iter()
        .map(|w| {
            let alts: Vec<String> = w
                .forms
                .iter()
                .map(|f| {
                    if f.chars().count() < MIN_PREFIX {
                        format!("\"{f}\"")
                    } else {
                        format!("\"{f}\"*")
                    }
                })
                .collect();
            if alts.len() == 1 {
                alts[0].clone()
            } else {
                format!("({})", alts.join(" OR "))
            }
        })
        .collect();
    Some(parts.join(" AND "))
}

/// Whether a folded word of a text matches a query word (as a prefix, in any spelling; a
/// one-letter query word only as a whole word; a phrase by any of its words but short ones).
pub fn matches(query: &QueryWord, folded: &str) -> bool {
    query.forms.iter().any(|f| {
        if f.contains(' ') {
            f.split(' ')
                .filter(|p| p.len() > PHRASE_WORD_SKIP)
                .any(|p| folded.starts_with(p))
        } else if f.chars().count() < MIN_PREFIX {
            folded == f
        } else {
            folded.starts_with(f.as_str())
        }
    })
}

/// Words of a glossary phrase this short (`of`, `end`) are not marked on their own.
const PHRASE_WORD_SKIP: usize = 3;

/// Whether an original (unfolded) word matches: ASCII words are compared without folding
/// (no allocation), others are folded first.
pub fn matches_raw(query: &QueryWord, word: &str) -> bool {
    if word.is_ascii() && query.forms.iter().all(|f| !f.contains(' ')) {
        query.forms.iter().any(|f| {
            let prefix_ok = f.len() >= MIN_PREFIX || word.len() == f.len();
            prefix_ok
                && f.is_ascii()
                && word.len() >= f.len()
                && word.as_bytes()[..f.len()].eq_ignore_ascii_case(f.as_bytes())
        })
    } else {
        matches(query, &fold(word))
    }
}

/// Query words shorter than this match whole words only: a one-letter prefix would match
/// most of the corpus and say nothing.
pub const MIN_PREFIX: usize = 2;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_german() {
        assert_eq!(fold("Müster STRAẞE Straße Él"), "muster strasse strasse el");
    }

    #[test]
    fn query_words_are_literal() {
        let q = query_words("\"Wall\" AND (fire* OR NEAR(x:y");
        let forms: Vec<&str> = q.iter().map(|w| w.forms[0].as_str()).collect();
        assert_eq!(forms, vec!["wall", "and", "fire", "or", "near", "x", "y"]);
        assert_eq!(
            fts_expression(&q[..2]).as_deref(),
            Some("\"wall\"* AND \"and\"*")
        );
        assert_eq!(fts_expression(&query_words("*() \" :")), None);
    }

    #[test]
    fn umlaut_spellings_match() {
        let q = query_words("Muester");
        assert_eq!(q[0].forms, vec!["muester", "muster"]);
        assert!(matches(&q[0], &fold("Müster")));
        assert!(matches(&query_words("Muster")[0], &fold("Müster")));
        assert!(!matches(&query_words("Muster")[0], &fold("Master")));
    }

    #[test]
    fn game_terms_find_the_other_language_also_when_spelled_with_ue() {
        for typed in ["Rückzug", "Rueckzug", "ruckzug"] {
            let q = query_words(typed);
            assert!(q[0].forms.iter().any(|f| f == "retreat"), "{typed}: {q:?}");
            assert!(matches(&q[0], "retreated"));
            assert!(matches_raw(&q[0], "Retreat"));
        }
        let deck = query_words("Nachziehstapel");
        assert!(deck[0].forms.iter().any(|f| f == "draw deck"));
        assert!(matches_raw(&deck[0], "deck"));
        assert!(!matches_raw(&deck[0], "of"));
        assert_eq!(
            fts_expression(&query_words("Drache")).as_deref(),
            Some("(\"drache\"* OR \"dragon\"*)")
        );
    }
}
