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
//! same question), three quarters when it answers more of the query than any record of the
//! reader's language (the share of the words it holds, less for another card's entry: the
//! reader's FAQ has nothing that answers as well, not merely nothing sharing a word). A word
//! typed twice is one word of the query.

use crate::analysis::{base_forms, digits_of, german_stem, is_stop_word, keys, separable_verbs};
use crate::fold::{fold, words as text_words, MAX_QUERY_WORDS};
use crate::glossary;
use crate::model::{CardName, Lang, LinkRole, Ruling, Source};
use cards::CardId;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::sync::Arc;

const K1: f32 = 1.2;
const B: f32 = 0.75;
/// Weights of the keys a unit matches by (see the module's text).
const W_EXACT: f32 = 1.0;
const W_PREFIX: f32 = 0.6;
const W_COMPOUND: f32 = 0.6;
const W_GLOSSARY: f32 = 0.8;
const W_TYPO: f32 = 0.7;
/// German base forms the stemmer does not reach (see [`base_forms`]): with the word's own
/// prefix (`ausgelegt` → `auslegen`), and with a prefix split off (`überprüft` → `prüfen`).
/// The same weights count a German record's word for its base forms when indexed.
const W_BASE_WHOLE: f32 = 0.8;
const W_BASE_PART: f32 = 0.4;
/// How much the section title's words, the question's words (again: they are in the text too)
/// and the linked cards' names count per occurrence: a question says what a record is about.
const SECTION_TF: f32 = 2.0;
const QUESTION_TF: f32 = 1.5;
const CARDS_TF: f32 = 1.0;
/// A record in another language than the reader's.
const OTHER_LANG: f32 = 0.5;
/// A record in another language that answers more of the query than any record of the
/// reader's language: the reader's FAQ has nothing that answers as well.
const OTHER_LANG_CLOSER: f32 = 0.75;
/// A record about cards (a card's entry, a question tagging it) none of which the query names.
const OTHER_CARDS: f32 = 0.6;
/// Most words a typed beginning expands to; most typo neighbours.
const MAX_PREFIX: usize = 60;
const MAX_TYPOS: usize = 12;
/// Candidates checked for words typed next to each other.
const PHRASE_CANDIDATES: usize = 200;
const PHRASE_BOOST: f32 = 0.25;
/// Words typed next to each other count as near within this many words of the record, in
/// either order ("bluff from a ship", "a bluff card from a ship").
const NEAR_WORDS: usize = 3;
/// The record's head (question or first sentence) holding the query's words: a boost by the
/// share of the words it holds, squared.
const HEAD_BOOST: f32 = 0.5;
const MAX_HEAD: usize = 60;

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
    /// Indexes `records`; `names` are every catalog name of the cards, indexed with the records
    /// that link their cards.
    pub fn build(records: &[Ruling], names: &[CardName]) -> Engine {
        let mut card_names: HashMap<&CardId, Vec<&str>> = HashMap::default();
        for n in names {
            card_names.entry(&n.card).or_default().push(n.name.as_str());
        }
        let mut e = Engine::default();
        let mut tf: Vec<HashMap<u32, f32>> = Vec::with_capacity(records.len());
        for r in records {
            let mut doc: HashMap<u32, f32> = HashMap::default();
            let mut seq = Vec::new();
            let mut head = 0u16;
            let mut len = 0.0;
            let section = r.section.join(" / ");
            let mut cards = String::new();
            let mut subject = Vec::new();
            for link in &r.cards {
                // the German FAQ files a ruling under its card's entry; the English FAQ under
                // its topic, the cards its question tags being the topic's examples. A card
                // without a name in the catalog is a term no query has.
                let about = link.role == LinkRole::Subject && r.source == Source::BlueMoonFaqDe;
                if about {
                    subject.push(u32::MAX);
                }
                for n in card_names.get(&link.card).into_iter().flatten() {
                    cards.push_str(n);
                    cards.push(' ');
                    if about {
                        for w in text_words(n) {
                            let v = e.vocab_word(&w.folded);
                            subject.extend(e.vocab_terms(v));
                        }
                    }
                }
            }
            subject.sort_unstable();
            subject.dedup();
            e.subject.push(subject);
            for (text, weight, in_seq) in [
                (r.display.as_str(), 1.0, true),
                (
                    r.question.as_deref().unwrap_or_default(),
                    QUESTION_TF,
                    false,
                ),
                (section.as_str(), SECTION_TF, true),
                (cards.as_str(), CARDS_TF, false),
            ] {
                // the head: the words before the display's first `?` or `.` (a question, a
                // German entry's situation)
                let head_end = if std::ptr::eq(text, r.display.as_str()) {
                    text.find(['?', '.', '!']).unwrap_or(text.len())
                } else {
                    0
                };
                for (from, to) in spans(text) {
                    if from < head_end && seq.len() < MAX_HEAD {
                        head += 1;
                    }
                    let word = &text[from..to];
                    let v = match e.vocab_at.get(word) {
                        // a word already folded (most are) is looked up as it stands
                        Some(&v) => v,
                        None => e.vocab_word(&fold(word)),
                    };
                    if in_seq {
                        seq.push(v);
                    }
                    if r.lang == Lang::De {
                        e.mark_german(v);
                    }
                    let terms = e.vocab_terms(v);
                    *doc.entry(terms[0]).or_default() += weight;
                    if terms[1] != terms[0] {
                        *doc.entry(terms[1]).or_default() += weight;
                    }
                    if r.lang == Lang::De {
                        for &(t, w) in e.bases_of(v) {
                            *doc.entry(t).or_default() += weight * w;
                        }
                    }
                    len += weight;
                }
            }
            tf.push(doc);
            e.sequence.push(seq);
            e.head.push(head);
            e.doc_len.push(len);
            e.langs.push(r.lang);
        }
        let n_terms = e.term_ids.len();
        let mut postings: Vec<Vec<(u32, f32)>> = vec![Vec::new(); n_terms];
        for (d, doc) in tf.into_iter().enumerate() {
            let d = u32::try_from(d).unwrap_or(u32::MAX);
            for (t, f) in doc {
                if let Some(p) = postings.get_mut(t as usize) {
                    p.push((d, f));
                }
            }
        }
        let n = e.doc_len.len().max(1) as f32;
        let avg_len = e.doc_len.iter().sum::<f32>() / n;
        // BM25 of each (term, record) once, here: a search only adds them up
        e.post_at.reserve(n_terms + 1);
        for p in &mut postings {
            p.sort_by_key(|x| x.0);
            e.post_at
                .push(u32::try_from(e.post_doc.len()).unwrap_or(u32::MAX));
            let idf = bm25_idf(n, p.len() as f32);
            for &(d, tf) in p.iter() {
                let len = e.doc_len[d as usize];
                let s = idf * tf * (K1 + 1.0) / (tf + K1 * (1.0 - B + B * len / avg_len));
                e.post_doc.push(d);
                e.post_score.push(s);
            }
        }
        e.post_at
            .push(u32::try_from(e.post_doc.len()).unwrap_or(u32::MAX));
        // the base forms' terms are in the postings; the words that have them are kept for
        // marking; the vocabulary is renumbered below
        for (v, b) in e.bases.iter().enumerate() {
            for &(t, _) in b.iter().flatten() {
                if let Some(w) = e.vocab.get(v) {
                    let words = e.base_words.entry(t).or_default();
                    if words.len() < MAX_PREFIX {
                        words.push(w.text.clone());
                    }
                }
            }
        }
        e.bases = Vec::new();
        e.sort_vocab();
        e.find_compounds();
        e.term_words = vec![Vec::new(); n_terms];
        for (v, w) in e.vocab.iter().enumerate() {
            for t in w.terms {
                if let Some(list) = e.term_words.get_mut(t as usize) {
                    if !list.contains(&(v as u32)) {
                        list.push(v as u32);
                    }
                }
            }
        }
        e.vocab_set = Arc::new(e.vocab.iter().map(|w| w.text.clone()).collect());
        e
    }

    fn vocab_word(&mut self, folded: &str) -> u32 {
        if let Some(&v) = self.vocab_at.get(folded) {
            return v;
        }
        let [a, b] = keys(folded);
        let terms = [self.term(a), self.term(b)];
        let v = u32::try_from(self.vocab.len()).unwrap_or(u32::MAX);
        self.vocab.push(VocabWord {
            text: folded.to_owned(),
            terms,
        });
        self.vocab_at.insert(folded.to_owned(), v);
        v
    }

    /// The terms of a German word's base forms (see [`base_forms`]), other than its own stems;
    /// computed once per vocabulary word.
    fn bases_of(&mut self, v: u32) -> &[(u32, f32)] {
        let i = v as usize;
        if self.bases.len() <= i {
            self.bases.resize(i + 1, None);
        }
        if self.bases[i].is_none() {
            let own = self.vocab_terms(v);
            let text = self
                .vocab
                .get(i)
                .map(|w| w.text.clone())
                .unwrap_or_default();
            let mut out: Vec<(u32, f32)> = Vec::new();
            for (form, whole) in base_forms(&text) {
                let t = self.term(german_stem(&form));
                let w = if whole { W_BASE_WHOLE } else { W_BASE_PART };
                if !own.contains(&t) && !out.iter().any(|x| x.0 == t) {
                    out.push((t, w));
                }
            }
            self.bases[i] = Some(out);
        }
        self.bases[i].as_deref().unwrap_or_default()
    }

    /// Adds the terms of a typed word's German base forms that the index knows; returns the
    /// words of the records they match by, for marking.
    fn add_bases(&self, word: &str, weight: f32, terms: &mut HashMap<u32, f32>) -> Vec<String> {
        let mut marks = Vec::new();
        for (form, whole) in base_forms(word) {
            if let Some(&t) = self.term_ids.get(&german_stem(&form)) {
                let w = weight * if whole { W_BASE_WHOLE } else { W_BASE_PART };
                let e = terms.entry(t).or_insert(0.0);
                *e = e.max(w);
                marks.extend(self.base_words.get(&t).into_iter().flatten().cloned());
            }
        }
        marks
    }

    fn vocab_terms(&self, v: u32) -> [u32; 2] {
        self.vocab.get(v as usize).map_or([0, 0], |w| w.terms)
    }

    fn term(&mut self, key: String) -> u32 {
        let next = u32::try_from(self.term_ids.len()).unwrap_or(u32::MAX);
        *self.term_ids.entry(key).or_insert(next)
    }

    fn mark_german(&mut self, v: u32) {
        let i = v as usize;
        if self.in_german.len() <= i {
            self.in_german.resize(i + 1, false);
        }
        self.in_german[i] = true;
    }

    /// Sorts the vocabulary (for beginnings) and renumbers the records' sequences.
    fn sort_vocab(&mut self) {
        let mut order: Vec<u32> = (0..self.vocab.len() as u32).collect();
        order.sort_by(|&a, &b| {
            self.vocab[a as usize]
                .text
                .cmp(&self.vocab[b as usize].text)
        });
        let mut new_of = vec![0u32; order.len()];
        for (new, &old) in order.iter().enumerate() {
            new_of[old as usize] = new as u32;
        }
        let mut vocab = std::mem::take(&mut self.vocab);
        let mut slots: Vec<Option<VocabWord>> = vocab.drain(..).map(Some).collect();
        self.vocab = order
            .iter()
            .filter_map(|&old| slots[old as usize].take())
            .collect();
        for s in &mut self.sequence {
            for v in s.iter_mut() {
                *v = new_of[*v as usize];
            }
        }
        self.in_german = order
            .iter()
            .map(|&old| self.in_german.get(old as usize).copied().unwrap_or(false))
            .collect();
        self.vocab_at = self
            .vocab
            .iter()
            .enumerate()
            .map(|(i, w)| (w.text.clone(), i as u32))
            .collect();
    }

    /// German compounds: a word of at least 8 letters that is a word of at least 3 letters
    /// (with a joining `s`, `n`, `en` or `es`) followed by a word of at least 4; and words
    /// negated by a prefix (see [`negation_prefixes`]).
    fn find_compounds(&mut self) {
        let mut out: HashMap<u32, Vec<u32>> = HashMap::default();
        for (i, w) in self.vocab.iter().enumerate() {
            let t = &w.text;
            // a word's negation is about the same thing: `aktiv` finds `inaktiv` ("the gang
            // becomes inactive" answers "does the gang stay active"), `active` `inactive`
            let german = self.in_german.get(i).copied().unwrap_or(false);
            let negated = negation_prefixes(german).iter().find_map(|p| {
                t.strip_prefix(p)
                    .filter(|rest| rest.len() >= 4)
                    .and_then(|rest| self.vocab_at.get(rest))
            });
            if let Some(&tv) = negated {
                out.entry(tv).or_default().push(i as u32);
            }
            if t.chars().count() < 8 || !t.is_ascii() {
                continue;
            }
            for cut in 3..=t.len().saturating_sub(4) {
                let (head, tail) = t.split_at(cut);
                let Some(&tv) = self.vocab_at.get(tail) else {
                    continue;
                };
                let head_ok = ["", "s", "n", "en", "es", "e"].iter().any(|j| {
                    head.strip_suffix(j)
                        .is_some_and(|h| h.len() >= 3 && self.vocab_at.contains_key(h))
                });
                if head_ok {
                    out.entry(tv).or_default().push(i as u32);
                }
            }
        }
        self.compounds = out;
    }

    /// The vocabulary words beginning with `prefix` (at most [`MAX_PREFIX`]).
    fn beginning_with<'a>(
        &'a self,
        prefix: &'a str,
    ) -> impl Iterator<Item = (u32, &'a VocabWord)> + 'a {
        let from = self.vocab.partition_point(|w| w.text.as_str() < prefix);
        self.vocab[from..]
            .iter()
            .take_while(move |w| w.text.starts_with(prefix))
            .take(MAX_PREFIX)
            .enumerate()
            .map(move |(k, w)| ((from + k) as u32, w))
    }

    /// Words one typo (two for long words) away from `word`, same first letter.
    fn typos_of(&self, word: &str) -> Vec<u32> {
        let n = word.chars().count();
        let max = if n >= 8 { 2 } else { 1 };
        let Some(first) = word.chars().next() else {
            return Vec::new();
        };
        let start: String = first.to_string();
        let from = self
            .vocab
            .partition_point(|w| w.text.as_str() < start.as_str());
        let mut found: Vec<(usize, u32)> = self.vocab[from..]
            .iter()
            .enumerate()
            .take_while(|(_, w)| w.text.starts_with(first))
            .filter(|(_, w)| w.text.chars().count().abs_diff(n) <= max)
            .filter_map(|(k, w)| {
                let d = strsim::osa_distance(word, &w.text);
                (d <= max).then_some((d, (from + k) as u32))
            })
            .collect();
        found.sort();
        found.into_iter().take(MAX_TYPOS).map(|x| x.1).collect()
    }

    /// Adds `word` matched as a whole word (its stems) to `terms`.
    fn add_word(&self, word: &str, weight: f32, terms: &mut HashMap<u32, f32>) -> bool {
        let mut any = false;
        for k in keys(word) {
            if let Some(&t) = self.term_ids.get(&k) {
                let e = terms.entry(t).or_insert(0.0);
                *e = e.max(weight);
                any = true;
            }
        }
        any
    }

    fn add_vocab(&self, v: u32, weight: f32, terms: &mut HashMap<u32, f32>) {
        for t in self.vocab_terms(v) {
            let e = terms.entry(t).or_insert(0.0);
            *e = e.max(weight);
        }
    }

    /// The terms one typed (or glossary) word matches: itself, words it begins, compounds it
    /// ends; with `typos`, near spellings when none of those exist. Returns the vocabulary
    /// words matched, for marking.
    fn expand(
        &self,
        word: &str,
        weight: f32,
        typos: bool,
        terms: &mut HashMap<u32, f32>,
    ) -> Vec<String> {
        let mut marks = Vec::new();
        let mut found = self.add_word(word, weight, terms);
        if found {
            marks.push(word.to_owned());
        }
        if word.chars().count() >= 3 {
            for (v, w) in self.beginning_with(word) {
                self.add_vocab(v, weight * W_PREFIX, terms);
                marks.push(w.text.clone());
                found = true;
            }
        }
        if let Some(&v) = self.vocab_at.get(word) {
            for &c in self.compounds.get(&v).into_iter().flatten() {
                self.add_vocab(c, weight * W_COMPOUND, terms);
                if let Some(w) = self.vocab.get(c as usize) {
                    marks.push(w.text.clone());
                }
            }
        }
        if !found && typos && word.chars().count() >= 5 {
            for v in self.typos_of(word) {
                self.add_vocab(v, weight * W_TYPO, terms);
                if let Some(w) = self.vocab.get(v as usize) {
                    marks.push(w.text.clone());
                }
            }
        }
        marks
    }

    /// Adds the glossary's other forms of a term to a unit.
    fn add_glossary(&self, forms: &[&str], unit: &mut Unit) {
        for f in forms {
            if f.contains(' ') {
                let mut words = Vec::new();
                for p in f.split(' ').filter(|p| !is_stop_word(p)) {
                    let mut t = HashMap::default();
                    unit.marks.extend(self.expand(p, 1.0, false, &mut t));
                    if t.is_empty() {
                        words.clear();
                        break;
                    }
                    words.push(t);
                }
                if !words.is_empty() {
                    unit.phrases.push((W_GLOSSARY, words));
                }
            } else {
                let m = self.expand(f, W_GLOSSARY, false, &mut unit.terms);
                unit.marks.extend(m);
            }
        }
    }

    /// Parses a person's query (any text: quotes, operators and brackets are plain characters).
    pub fn query(&self, text: &str) -> Query {
        let mut typed: Vec<String> = text_words(text)
            .into_iter()
            .map(|w| w.folded.chars().filter(|c| c.is_alphanumeric()).collect())
            .filter(|w: &String| !w.is_empty())
            .collect();
        // a word typed twice ("FREI Karte mit STOPP Karte") is one word of the query
        let mut seen: HashSet<String> = HashSet::default();
        typed.retain(|w| seen.insert(w.clone()));
        typed.truncate(MAX_QUERY_WORDS * 2);
        let only_small = typed.iter().all(|w| is_stop_word(w));
        let small = |w: &str| !only_small && is_stop_word(w);
        // glossary phrases typed ("draw up", "discard pile") are one unit each
        let spans = glossary::phrases_in(&typed);
        let mut units: Vec<Unit> = Vec::new();
        let mut unit_of: Vec<Option<usize>> = vec![None; typed.len()];
        for (from, to, forms) in spans {
            if unit_of[from..to].iter().any(Option::is_some) {
                continue;
            }
            let mut u = Unit::default();
            let mut phrase = Vec::new();
            for w in &typed[from..to] {
                if small(w) {
                    continue;
                }
                let mut t = HashMap::default();
                u.marks.extend(self.expand(w, 1.0, true, &mut t));
                phrase.push(t);
            }
            u.width = phrase.len().max(1);
            u.phrases.push((1.0, phrase));
            self.add_glossary(&forms, &mut u);
            for slot in &mut unit_of[from..to] {
                *slot = Some(units.len());
            }
            units.push(u);
        }
        for (i, w) in typed.iter().enumerate() {
            if unit_of[i].is_some() || small(w) {
                continue;
            }
            let mut u = Unit {
                width: 1,
                ..Unit::default()
            };
            let plain = w.replace("ae", "a").replace("oe", "o").replace("ue", "u");
            // as typed; else with umlauts written out (`Staerke`); else near spellings
            let mut m = self.expand(w, W_EXACT, false, &mut u.terms);
            if plain != *w && m.is_empty() {
                m = self.expand(&plain, W_EXACT, false, &mut u.terms);
            }
            if m.is_empty() {
                m = self.expand(w, W_EXACT, true, &mut u.terms);
            }
            u.marks.extend(m);
            let m = self.add_bases(w, W_EXACT, &mut u.terms);
            u.marks.extend(m);
            // a number word also matches its digits, as the FAQs write numbers
            if let Some(d) = digits_of(w) {
                let m = self.expand(d, W_EXACT, false, &mut u.terms);
                u.marks.extend(m);
            }
            let mut forms = glossary::translations(w);
            if plain != *w {
                forms.extend(glossary::translations(&plain));
            }
            self.add_glossary(&forms, &mut u);
            // a long word may be a compound of two words (`Bluffkarte`): both, and their terms
            if let Some(parts) = self.split_compound(w) {
                let mut phrase = Vec::new();
                for p in parts {
                    let mut t = HashMap::default();
                    u.marks.extend(self.expand(&p, 1.0, false, &mut t));
                    for f in glossary::translations(&p)
                        .iter()
                        .filter(|f| !f.contains(' '))
                    {
                        u.marks.extend(self.expand(f, W_GLOSSARY, false, &mut t));
                    }
                    phrase.push(t);
                }
                u.phrases.push((W_COMPOUND, phrase));
            }
            unit_of[i] = Some(units.len());
            units.push(u);
        }
        // separable verbs: the joined word is a key of the verb's unit when it exists, and the
        // particle is then no unit of its own
        let mut particles: Vec<usize> = Vec::new();
        for (p, v, joined) in separable_verbs(&typed) {
            let Some(k) = unit_of[v] else { continue };
            let forms = glossary::translations(&joined);
            let mut t = HashMap::default();
            let m = self.expand(&joined, W_EXACT, false, &mut t);
            if t.is_empty() && forms.is_empty() {
                continue;
            }
            let u = &mut units[k];
            for (term, w) in t {
                let e = u.terms.entry(term).or_insert(0.0);
                *e = e.max(w);
            }
            u.marks.extend(m);
            self.add_glossary(&forms, u);
            if let Some(pu) = unit_of[p] {
                particles.push(pu);
            }
        }
        let mut q = Query::default();
        for (k, u) in units.into_iter().enumerate() {
            if particles.contains(&k) {
                continue;
            }
            if q.units.len() == MAX_QUERY_WORDS {
                break;
            }
            for m in &u.marks {
                q.mark_words.insert(m.clone());
            }
            q.units.push(u);
        }
        for t in typed.iter().filter(|w| !small(w)) {
            for k in keys(t) {
                // the vocabulary's words with this stem are marked by a lookup
                if let Some(&id) = self.term_ids.get(&k) {
                    for &v in self.term_words.get(id as usize).into_iter().flatten() {
                        if let Some(w) = self.vocab.get(v as usize) {
                            q.mark_words.insert(w.text.clone());
                        }
                    }
                }
                q.mark_keys.insert(k);
            }
        }
        q.vocab = Arc::clone(&self.vocab_set);
        q
    }

    /// Splits a word found nowhere into two words that are (with a joining `s`).
    fn split_compound(&self, word: &str) -> Option<Vec<String>> {
        if word.len() < 8 || !word.is_ascii() {
            return None;
        }
        (4..=word.len() - 4).find_map(|cut| {
            let (head, tail) = word.split_at(cut);
            let head = head
                .strip_suffix('s')
                .filter(|h| h.len() >= 4)
                .unwrap_or(head);
            let known = |w: &str| keys(w).iter().any(|k| self.term_ids.contains_key(k));
            (known(head) && known(tail)).then(|| vec![head.to_owned(), tail.to_owned()])
        })
    }

    /// Adds term `t`'s BM25 scores times `weight` into `into`, keeping the best per record
    /// (a unit scores by its best key).
    fn bm25(&self, t: u32, into: &mut [f32], weight: f32) {
        let t = t as usize;
        let (Some(&from), Some(&to)) = (self.post_at.get(t), self.post_at.get(t + 1)) else {
            return;
        };
        let (from, to) = (from as usize, to as usize);
        for (&d, &s) in self.post_doc[from..to]
            .iter()
            .zip(&self.post_score[from..to])
        {
            let slot = &mut into[d as usize];
            *slot = slot.max(s * weight);
        }
    }

    /// The score of one unit in every record, into `best` (zeroed); `scratch` holds three
    /// more arrays of the records' length.
    /// `frac` (zeroed) gets the share of the unit's words each record holds: a typed phrase
    /// found in part counts for the part.
    fn unit_scores(&self, u: &Unit, best: &mut [f32], frac: &mut [f32], scratch: &mut Scratch) {
        for (&t, &w) in &u.terms {
            self.bm25(t, best, w * u.width as f32);
        }
        for (f, &b) in frac.iter_mut().zip(best.iter()) {
            if b > 0.0 {
                *f = 1.0;
            }
        }
        for (w, words) in &u.phrases {
            let Scratch { sum, count, word } = scratch;
            sum.fill(0.0);
            count.fill(0);
            for ws in words {
                word.fill(0.0);
                for (&t, &tw) in ws {
                    self.bm25(t, word, tw);
                }
                for ((s, c), &x) in sum.iter_mut().zip(count.iter_mut()).zip(word.iter()) {
                    if x > 0.0 {
                        *s += x;
                        *c += 1;
                    }
                }
            }
            let all = words.len();
            for (((b, f), &s), &c) in best
                .iter_mut()
                .zip(frac.iter_mut())
                .zip(sum.iter())
                .zip(count.iter())
            {
                if s <= 0.0 {
                    continue;
                }
                // a glossary phrase counts when all its words are there; the words typed
                // (weight 1.0) count for what they match
                let (v, share) = if usize::from(c) == all {
                    (s / all as f32 * u.width as f32 * w, 1.0)
                } else if *w >= W_EXACT {
                    (s, f32::from(c) / all as f32)
                } else {
                    (0.0, 0.0)
                };
                *b = b.max(v);
                *f = f.max(share);
            }
        }
    }

    /// Ranks every record for `q`; `keep` filters records; `prefer` is the reader's language.
    /// Returns (record, score), best first, at most `limit`.
    pub fn search(
        &self,
        q: &Query,
        prefer: Option<Lang>,
        keep: impl Fn(usize) -> bool,
        limit: usize,
    ) -> Vec<(usize, f32)> {
        let n = self.doc_len.len();
        if q.units.is_empty() || n == 0 {
            return Vec::new();
        }
        let mut scratch = Scratch {
            sum: vec![0.0; n],
            count: vec![0; n],
            word: vec![0.0; n],
        };
        let mut sum = vec![0.0f32; n];
        let mut matched = vec![0.0f32; n];
        let mut unit = vec![0.0f32; n];
        let mut frac = vec![0.0f32; n];
        // the query's words weigh in the share a record holds by how rare they are: a record
        // lacking a word of most records ("card", "play") lacks little, one lacking the card
        // named lacks much
        let mut total = 0.0f32;
        for u in &q.units {
            unit.fill(0.0);
            frac.fill(0.0);
            self.unit_scores(u, &mut unit, &mut frac, &mut scratch);
            let df = unit.iter().filter(|&&x| x > 0.0).count();
            if df == 0 {
                continue;
            }
            let weight = u.width as f32 * bm25_idf(n as f32, df as f32).sqrt();
            total += weight;
            for (((s, m), &x), &f) in sum
                .iter_mut()
                .zip(matched.iter_mut())
                .zip(unit.iter())
                .zip(frac.iter())
            {
                if x > 0.0 {
                    *s += x;
                    *m += weight * f;
                }
            }
        }
        let mut scored: Vec<(usize, f32)> = Vec::new();
        // the most of the query's words a record of the reader's language holds: a record of
        // the other language that holds more is where the reader's FAQ has nothing as close
        // the terms the query matches by: a record about cards none of which the query names
        // answers a case of the question, not the question
        let mut q_terms: HashSet<u32> = HashSet::default();
        for u in &q.units {
            q_terms.extend(u.terms.keys());
            for (_, words) in &u.phrases {
                for w in words {
                    q_terms.extend(w.keys());
                }
            }
        }
        // how much of the query a record answers: the share of its words it holds, less for a
        // record about other cards
        let answers = |d: usize, m: f32| {
            let about = &self.subject[d];
            if !about.is_empty() && !about.iter().any(|t| q_terms.contains(t)) {
                m * OTHER_CARDS
            } else {
                m
            }
        };
        // the most of the query a record of the reader's language answers: a record of the
        // other language that answers more is where the reader's FAQ has nothing that answers
        // as well (not merely nothing that shares a word)
        let mut best_own = 0.0f32;
        if let Some(l) = prefer {
            for (d, &m) in matched.iter().enumerate() {
                if m > 0.0 && self.langs[d] == l && keep(d) {
                    best_own = best_own.max(answers(d, m));
                }
            }
        }
        for (d, (&s, &m)) in sum.iter().zip(matched.iter()).enumerate() {
            if m <= 0.0 || !keep(d) {
                continue;
            }
            let share = m / total;
            let a = answers(d, m);
            // a record about other cards answers a case of the question, not the question
            let mut score = s * share * share * (a / m);
            if prefer.is_some_and(|l| self.langs[d] != l) {
                score *= if a > best_own {
                    OTHER_LANG_CLOSER
                } else {
                    OTHER_LANG
                };
            }
            scored.push((d, score));
        }
        let width: usize = q.units.iter().map(|u| u.width).sum();
        let order = |a: &(usize, f32), b: &(usize, f32)| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0));
        // only the best candidates are checked for phrases and sorted
        let keep_n = PHRASE_CANDIDATES.max(limit);
        if scored.len() > keep_n {
            scored.select_nth_unstable_by(keep_n, order);
            scored.truncate(keep_n);
        }
        scored.sort_by(order);
        // words typed next to each other, next to each other in the record; the record's
        // head holding them
        {
            // per term, the first unit that matches by it (a dense table: one lookup a word)
            let mut unit_of_term = vec![u8::MAX; self.post_at.len()];
            for (k, u) in q.units.iter().enumerate().rev() {
                let k = u8::try_from(k).unwrap_or(u8::MAX);
                let words = u.phrases.iter().flat_map(|(_, ws)| ws.iter());
                for t in u.terms.keys().chain(words.flat_map(|w| w.keys())) {
                    if let Some(slot) = unit_of_term.get_mut(*t as usize) {
                        *slot = k;
                    }
                }
            }
            let mut unit_at: Vec<u8> = Vec::new();
            for (d, score) in scored.iter_mut().take(PHRASE_CANDIDATES) {
                unit_at.clear();
                unit_at.extend(self.sequence[*d].iter().map(|&v| {
                    let [a, b] = self.vocab_terms(v);
                    let ua = unit_of_term.get(a as usize).copied().unwrap_or(u8::MAX);
                    let ub = unit_of_term.get(b as usize).copied().unwrap_or(u8::MAX);
                    ua.min(ub)
                }));
                let mut pairs = 0;
                for k in 0..q.units.len() - 1 {
                    let (k0, k1) = (k as u8, (k + 1) as u8);
                    let near = unit_at.iter().enumerate().any(|(i, &u)| {
                        let other = if u == k0 {
                            k1
                        } else if u == k1 {
                            k0
                        } else {
                            return false;
                        };
                        unit_at[i + 1..]
                            .iter()
                            .take(NEAR_WORDS)
                            .any(|&x| x == other)
                    });
                    pairs += usize::from(near);
                }
                // the share of the typed words the record's head holds
                let head = usize::from(self.head[*d]).min(unit_at.len());
                let mut in_head = 0;
                for (k, u) in q.units.iter().enumerate() {
                    if unit_at[..head].contains(&(k as u8)) {
                        in_head += u.width;
                    }
                }
                let head_share = in_head as f32 / width as f32;
                *score *= (1.0 + PHRASE_BOOST * pairs as f32)
                    * (1.0 + HEAD_BOOST * head_share * head_share);
            }
            scored.sort_by(order);
        }
        scored.truncate(limit);
        scored
    }
}

/// The prefixes that negate a word and leave it about the same thing, per language: German
/// `in`, `un` (`inaktiv`, `ungültig`, `unwirksam`: adjectives); English `in` only (`inactive`,
/// `ineffective`, `incomplete`). The English `un` makes the opposite state of a participle
/// (`uncovered` is not `covered`: a record about an uncovered card does not answer a question
/// about covered ones) or another word (`unless`, `unlike`).
fn negation_prefixes(german: bool) -> &'static [&'static str] {
    if german {
        &["in", "un"]
    } else {
        &["in"]
    }
}

/// Arrays of the records' length reused by every unit of a search.
struct Scratch {
    sum: Vec<f32>,
    count: Vec<u8>,
    word: Vec<f32>,
}

/// Byte spans of the words (runs of letters and digits) of `text`, as [`text_words`] cuts
/// them, without folding them.
fn spans(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
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
