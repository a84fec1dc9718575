//! Full-text search over the reference database: a person's text is searched literally, word
//! by word as prefixes, German diacritics folded, best matches first.

use crate::fold::{fts_expression, matches, query_words, words, QueryWord};
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
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let mut stmt = self.conn.prepare_cached(
            "SELECT rulings.rowid, bm25(rulings_fts, 1.0, 0.3) AS score
             FROM rulings_fts JOIN rulings ON rulings.rowid = rulings_fts.rowid
             WHERE rulings_fts MATCH ?1
               AND (?2 IS NULL OR rulings.game = ?2)
               AND (?3 IS NULL OR rulings.source = ?3)
               AND (?4 IS NULL OR rulings.lang = ?4)
             ORDER BY score
             LIMIT ?5",
        )?;
        let lang = filter.lang.map(|l| match l {
            Lang::En => "en",
            Lang::De => "de",
        });
        let rows = stmt.query_map(
            params![
                expr,
                filter.game.map(Game::slug),
                filter.source.map(Source::slug),
                lang,
                limit
            ],
            |row| Ok((row.get::<_, i64>(0)?, row.get::<_, f64>(1)?)),
        )?;
        let mut hits = Vec::new();
        for row in rows {
            let (rowid, bm25) = row?;
            let Some(r) = usize::try_from(rowid)
                .ok()
                .and_then(|k| k.checked_sub(1))
                .and_then(|k| self.corpus.records.get(k))
            else {
                continue;
            };
            hits.push(Hit {
                snippet: snippet(&r.display, &words),
                ruling: r.clone(),
                // SQLite's bm25() is lower-is-better; flip it so callers can sort naturally.
                score: -bm25,
            });
        }
        Ok(hits)
    }
}

/// An excerpt of `text` around its first matched word, matched words in brackets.
pub fn snippet(text: &str, query: &[QueryWord]) -> String {
    let ws = words(text);
    let hit = |w: &crate::fold::Word| query.iter().any(|q| matches(q, &w.folded));
    let first = ws.iter().position(hit).unwrap_or(0);
    let from = first.saturating_sub(SNIPPET_WORDS / 4);
    let to = (from + SNIPPET_WORDS).min(ws.len());
    let (Some(start_w), Some(end_w)) = (ws.get(from), to.checked_sub(1).and_then(|k| ws.get(k)))
    else {
        return text.chars().take(200).collect();
    };
    let mut out = String::new();
    if from > 0 {
        out.push('…');
    }
    let mut pos = start_w.start;
    for w in &ws[from..to] {
        out.push_str(&text[pos..w.start]);
        if hit(w) {
            out.push('[');
            out.push_str(&text[w.start..w.end]);
            out.push(']');
        } else {
            out.push_str(&text[w.start..w.end]);
        }
        pos = w.end;
    }
    debug_assert!(pos == end_w.end);
    if to < ws.len() {
        out.push('…');
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
