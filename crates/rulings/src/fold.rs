//! Folding text for search, the same way for the index and for a person's query.
//!
//! Chosen folding: lower case; `ß` → `ss`; every other letter loses its diacritics (`ü` → `u`,
//! `é` → `e`), so `Muster`, `Müster` and `MÜSTER` are one word. German also writes umlauts as
//! `ae`/`oe`/`ue` (`Muester`); that spelling is handled on the query side: a query word with
//! `ae`, `oe` or `ue` also matches the word with the `e` removed (see [`query_words`]).
//! Words are runs of letters and digits; everything else separates words.

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// Folds one piece of text (keeps separators, so word positions survive).
pub fn fold(text: &str) -> String {
    // most words are ASCII: nothing to decompose (indexing folds every word of every record)
    if text.is_ascii() {
        return text.to_ascii_lowercase();
    }
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
    spans(text)
        .map(|(start, end)| Word {
            start,
            end,
            folded: fold(&text[start..end]),
        })
        .collect()
}

/// Byte spans of the words (runs of letters and digits) of `text`, without folding them: the
/// one cut into words of the index, a query, a snippet and the service's marked segments.
pub fn spans(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut start: Option<usize> = None;
    let mut chars = text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')));
    std::iter::from_fn(move || {
        for (i, c) in chars.by_ref() {
            if c.is_alphanumeric() {
                start.get_or_insert(i);
            } else if let Some(s) = start.take() {
                return Some((s, i));
            }
        }
        None
    })
}

/// The most words (units) a query is cut to: enough for any real question, bounded for speed.
pub const MAX_QUERY_WORDS: usize = 12;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_german() {
        assert_eq!(fold("Müster STRAẞE Straße Él"), "muster strasse strasse el");
    }
}
