//! The rulings search engine: ranked retrieval over every record, in memory, built when the
//! reference database is opened (a few thousand records: tens of milliseconds).
//!
//! A query is cut into units, one per meaningful word typed (small words left out, see
//! [`crate::analysis::is_stop_word`]), or one per glossary phrase typed ("draw up", "discard
//! pile"). A unit matches a record through any of its keys, each with a weight:
//! - the word's English and German stems (1.0), e.g. `discarded` → `discard`;
//! - words beginning with it (0.6): a word being typed, `Feuerw` → `Feuerwall`;
//! - German compounds ending in it (0.6): `Beginn` → `Kampfbeginn`;
//! - the glossary's other words for the same game term (0.8), in both languages: `shield` →
//!   `Schild`, `ABGEWEHRT`; a glossary phrase counts when all its words are in the record;
//! - a separable verb put together (1.0): `lehnt … ab` → `ablehnen`, and its glossary terms;
//! - German base forms the stemmer does not reach (0.8 with the word's prefix, 0.4 with a
//!   prefix split off), indexed with German records' words the same way: `geprüft` and
//!   `überprüft` meet at `prüfen`, `ausgelegt` and `auszulegen` at `auslegen` (see
//!   [`crate::analysis::base_forms`]);
//! - for a long word found nowhere, words one or two typos away (0.7).
//!
//! A unit scores a record with BM25 (k1 1.2, b 0.75) of its best key, the section title
//! counting twice and the linked cards' names once. The record's score is the sum over the
//! units times the share of units it matches, squared (records holding all the words first; a
//! typed phrase found in part counts for its part; each unit weighs in the share by the square
//! root of its IDF, so a rare word missing costs more than a common one),
//! plus a boost for the words typed next to each other appearing next to each other in the
//! record. A German FAQ ruling filed under a card (its entry) that the query does not name
//! weighs 0.6: it answers a case of the question, not the question. Then a language factor: a
//! record in the other language than the reader's weighs half (the reader's FAQ first on the
//! same question), three quarters (for a German reader, in full: the German FAQ is a list by
//! card) when it answers more of the query than any record of the reader's language (the
//! share of the words it holds, less for another card's entry: the reader's FAQ has nothing
//! that answers as well, not merely nothing sharing a word). A word typed twice is one word of
//! the query.
//!
//! The index is built in [`index`], a query parsed into units in [`parse`], records ranked in
//! [`rank`].

mod index;
mod parse;
mod rank;

use crate::analysis::keys;
use crate::fold::fold;
use crate::model::Lang;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::sync::Arc;

/// A key matching a typed word as it is (its stems); a typed phrase's words count in part only
/// at this weight.
const W_EXACT: f32 = 1.0;
/// German base forms the stemmer does not reach (see [`crate::analysis::base_forms`]): with the word's own
/// prefix (`ausgelegt` → `auslegen`), and with a prefix split off (`überprüft` → `prüfen`).
/// The same weights count a German record's word for its base forms when indexed.
const W_BASE_WHOLE: f32 = 0.8;
const W_BASE_PART: f32 = 0.4;
/// Most words a typed beginning expands to.
const MAX_PREFIX: usize = 60;

/// One word of the vocabulary: its folded spelling and its terms (English and German stem).
#[derive(Debug)]
struct VocabWord {
    text: String,
    terms: [u32; 2],
}

/// The in-memory index.
#[derive(Debug, Default)]
pub struct Engine {
    term_ids: HashMap<String, u32>,
    /// Per term `t`: its postings are `post_doc[post_at[t]..post_at[t + 1]]`, records
    /// ascending, with their BM25 scores (computed once, when indexed) in `post_score`.
    post_at: Vec<u32>,
    post_doc: Vec<u32>,
    post_score: Vec<f32>,
    doc_len: Vec<f32>,
    /// Per term: the vocabulary words that have it as a stem (to mark a text's words).
    term_words: Vec<Vec<u32>>,
    /// Every folded word, sorted (beginnings and typos are looked up in it).
    vocab: Vec<VocabWord>,
    vocab_at: HashMap<String, u32>,
    /// The vocabulary's words, shared with every query (a word of a record's text is marked by
    /// a lookup, without stemming it again).
    vocab_set: Arc<HashSet<String>>,
    /// Per vocabulary word: the German compounds ending in it.
    compounds: HashMap<u32, Vec<u32>>,
    /// Per record: the vocabulary words of its text and section, in order (for phrases).
    sequence: Vec<Vec<u32>>,
    /// Per record: how many words of its sequence are its head (the question, or the first
    /// sentence: what the record is about).
    head: Vec<u16>,
    /// Per record: the terms of the names of the cards it is about (its subject cards; none
    /// for a general ruling).
    subject: Vec<Vec<u32>>,
    langs: Vec<Lang>,
    /// Per vocabulary word: whether it is in a German record's text (a negation by `un` is
    /// German only, see [`Engine::find_compounds`]).
    in_german: Vec<bool>,
    /// Per vocabulary word (while building): the terms of its German base forms, with weights.
    bases: Vec<Option<Vec<(u32, f32)>>>,
    /// Per base form's term: the German words of the records that have it (for marking).
    base_words: HashMap<u32, Vec<String>>,
}

/// How a unit matches: terms with weights, and glossary phrases (all words needed).
#[derive(Debug, Clone, Default)]
struct Unit {
    /// Typed words of the unit (one, or a glossary phrase's).
    width: usize,
    terms: HashMap<u32, f32>,
    phrases: Vec<(f32, Vec<HashMap<u32, f32>>)>,
    /// Vocabulary words the unit matches, for marking them in a text.
    marks: Vec<String>,
}

/// A parsed query: what it matches, and which words of a text to mark.
#[derive(Debug, Clone, Default)]
pub struct Query {
    units: Vec<Unit>,
    /// Stems (keys) the query matches by, for [`Query::marks`].
    mark_keys: HashSet<String>,
    /// Words of the vocabulary to mark: those the units matched and those with a stem of
    /// `mark_keys`.
    mark_words: HashSet<String>,
    /// The engine's vocabulary: a word in it is marked when in `mark_words`; only another
    /// word is stemmed.
    vocab: Arc<HashSet<String>>,
}

impl Query {
    /// Whether nothing searchable was typed.
    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }

    /// Whether a word of a text (as written) is one the query matched.
    pub fn marks(&self, word: &str) -> bool {
        let f = fold(word);
        if f.is_empty() {
            return false;
        }
        if self.mark_words.contains(&f) {
            return true;
        }
        !self.vocab.contains(&f) && keys(&f).iter().any(|k| self.mark_keys.contains(k))
    }
}

fn bm25_idf(n: f32, df: f32) -> f32 {
    (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
}

impl Engine {
    fn vocab_terms(&self, v: u32) -> [u32; 2] {
        self.vocab.get(v as usize).map_or([0, 0], |w| w.terms)
    }
}
