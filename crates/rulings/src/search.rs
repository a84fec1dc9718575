//! Rulings search: a question as players type it, ranked (see [`crate::engine`]), with the
//! matched words marked.

use crate::engine::Query;
use crate::fold::spans;
use crate::model::{Lang, Ruling, Source};
use crate::refdb::{RefDbError, ReferenceDb};
use cards::Game;
use serde::Serialize;

/// Restricts a search (`None` fields do not restrict) and says the reader's language.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchFilter {
    pub game: Option<Game>,
    pub source: Option<Source>,
    pub lang: Option<Lang>,
    /// The interface language: its records first where both FAQs answer (`None`: no
    /// preference).
    pub prefer: Option<Lang>,
}

/// One search result.
#[derive(Debug, Clone, Serialize)]
pub struct Hit {
    pub ruling: Ruling,
    /// The engine's score, higher is better.
    pub score: f64,
    /// An excerpt of the published text with every matched word marked `[like this]`.
    pub snippet: String,
}

/// Words of context shown around the first match.
const SNIPPET_WORDS: usize = 32;

impl ReferenceDb {
    /// Parses a query as [`ReferenceDb::search`] does, to mark its words in a text
    /// ([`Query::marks`]).
    pub fn query(&self, text: &str) -> Query {
        self.engine().query(text)
    }

    /// Searches every record for `text`, best first: ranked by the engine, never a filter on
    /// every word. Quotes, operators and brackets in `text` are ordinary characters.
    pub fn search(
        &self,
        text: &str,
        filter: SearchFilter,
        limit: usize,
    ) -> Result<Vec<Hit>, RefDbError> {
        let q = self.engine().query(text);
        let records = &self.corpus.records;
        let keep = |d: usize| {
            records.get(d).is_some_and(|r| {
                filter.game.is_none_or(|g| r.game == g)
                    && filter.source.is_none_or(|s| r.source == s)
                    && filter.lang.is_none_or(|l| r.lang == l)
            })
        };
        Ok(self
            .engine()
            .search(&q, filter.prefer, keep, limit)
            .into_iter()
            .filter_map(|(d, score)| {
                let r = records.get(d)?;
                Some(Hit {
                    snippet: snippet(&r.display, &q),
                    ruling: r.clone(),
                    score: f64::from(score),
                })
            })
            .collect())
    }
}

/// An excerpt of `text` around its first matched word, matched words in brackets.
pub fn snippet(text: &str, query: &Query) -> String {
    // Word spans without folding: folding every word of every hit would dominate a search.
    let ws: Vec<(usize, usize)> = spans(text).collect();
    let hit = |&(s, e): &(usize, usize)| query.marks(&text[s..e]);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snippet_marks_every_match() {
        let names = [];
        let records = crate::import::import_all(&names).expect("import").records;
        let e = crate::engine::Engine::build(&records, &names);
        let q = e.query("feuer wall");
        let s = snippet("Der \"Feuerwall\" und die Wall, nicht Mauer.", &q);
        assert_eq!(s, "Der \"[Feuerwall]\" und die [Wall], nicht Mauer");
    }
}
