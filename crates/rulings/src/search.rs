//! Full-text search over the reference database: a person's text is searched literally, word
//! by word as prefixes, German diacritics folded, best matches first.

use crate::fold::{fts_expression, matches_raw, query_words, QueryWord};
use crate::model::{Lang, Ruling, Source};
use crate::refdb::{RefDbError, ReferenceDb};
use cards::Game;
use rusqlite::params;
use serde::Serialize;

/// Restricts a search; `None` fields do not restrict.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchFilter {
    pub game: Option<Game>,
    pub source: Option<Source>,
    pub lang: Option<Lang>,
}

/// One search result.
#[derive(Debug, Clone, Serialize)]
pub struct Hit {
    pub ruling: Ruling,
    /// BM25 score, higher is better.
    pub score: f64,
    /// An excerpt of the published text with every matched word marked `[like this]`.
    pub snippet: String,
}

/// Above this many matching records a search is not ranked (see [`ReferenceDb::search`]).
pub const RANKED_AT_MOST: i64 = 400;

/// Words of context shown around the first match.
const SNIPPET_WORDS: usize = 32;

impl ReferenceDb {
    /// Searches every record for all words of `text` (as prefixes). Quotes, operators and
    /// brackets in `text` are ordinary characters, never FTS5 syntax.
    pub fn search(
        &self,
        text: &str,
        filter: SearchFilter,
        limit: usize,
    ) -> Result<Vec<Hit>, RefDbError> {
        let words = query_words(text);
        let Some(expr) = fts_expression(&words) else {
            return Ok(Vec::new());
        };
        // No join: records are in memory, so filters are applied while reading the ranked
        // row ids, and without filters SQLite stops at the limit.
        let unfiltered = filter == SearchFilter::default();
        let sql_limit = if unfiltered {
            i64::try_from(limit).unwrap_or(i64::MAX)
        } else {
            -1
        };
        // Ranking costs a lookup per matching row. A query of only very common words ("of",
        // "and") matches most of the corpus, where a ranking says nothing: those results come
        // in document order instead.
        let matching: i64 = self
            .conn
            .prepare_cached("SELECT count(*) FROM rulings_fts WHERE rulings_fts MATCH ?1")?
            .query_row(params![expr], |row| row.get(0))?;
        let sql = if matching > RANKED_AT_MOST {
            "SELECT rowid, 0.0 FROM rulings_fts WHERE rulings_fts MATCH ?1 LIMIT ?2"
        } else {
            "SELECT rowid, rank FROM rulings_fts WHERE rulings_fts MATCH ?1 ORDER BY rank LIMIT ?2"
        };
        let mut stmt = self.conn.prepare_cached(sql)?;
        let mut rows = stmt.query(params![expr, sql_limit])?;
        let mut hits = Vec::new();
        while hits.len() < limit {
            let Some(row) = rows.next()? else { break };
            let rowid: i64 = row.get(0)?;
            let bm25: f64 = row.get(1)?;
            let Some(r) = usize::try_from(rowid)
                .ok()
                .and_then(|k| k.checked_sub(1))
                .and_then(|k| self.corpus.records.get(k))
            else {
                continue;
            };
            let wanted = filter.game.is_none_or(|g| r.game == g)
                && filter.source.is_none_or(|s| r.source == s)
                && filter.lang.is_none_or(|l| r.lang == l);
            if !wanted {
                continue;
            }
            hits.push(Hit {
                snippet: snippet(&r.display, &words),
                ruling: r.clone(),
                // FTS5's rank (bm25) is lower-is-better; flip it so callers can sort naturally.
                score: -bm25,
            });
        }
        Ok(hits)
    }
}

/// An excerpt of `text` around its first matched word, matched words in brackets.
pub fn snippet(text: &str, query: &[QueryWord]) -> String {
    // Word spans without folding: folding every word of every hit would dominate a search.
    let ws = word_spans(text);
    let hit = |&(s, e): &(usize, usize)| query.iter().any(|q| matches_raw(q, &text[s..e]));
    let first = ws.iter().position(hit).unwrap_or(0);
    let from = first.saturating_sub(SNIPPET_WORDS / 4);
    let to = (from + SNIPPET_WORDS).min(ws.len());
    let Some(&(mut pos, _)) = ws.get(from) else {
        return text.chars().take(200).collect();
    };
    let mut out = String::new();
    if from > 0 {
        out.push('…');
    }
    for w in &ws[from..to] {
        out.push_str(&text[pos..w.0]);
        if hit(w) {
            out.push('[');
            out.push_str(&text[w.0..w.1]);
            out.push(']');
        } else {
            out.push_str(&text[w.0..w.1]);
        }
        pos = w.1;
    }
    if to < ws.len() {
        out.push('…');
    }
    out
}

/// Byte spans of the words (letters and digits) of `text`.
fn word_spans(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    for (i, c) in text.char_indices() {
        if c.is_alphanumeric() {
            start.get_or_insert(i);
        } else if let Some(s) = start.take() {
            out.push((s, i));
        }
    }
    if let Some(s) = start {
        out.push((s, text.len()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snippet_marks_every_match() {
        let q = query_words("feuer wall");
        let s = snippet("Der \"Feuerwall\" und die Wall, nicht Mauer.", &q);
        assert_eq!(s, "Der \"[Feuerwall]\" und die [Wall], nicht Mauer");
    }
}
