//! Building the index: every record's words, stems, German base forms and compounds, with the
//! BM25 score of each (term, record) computed once.

use super::{bm25_idf, Engine, VocabWord, MAX_PREFIX, W_BASE_PART, W_BASE_WHOLE};
use crate::analysis::{base_forms, german_stem, keys};
use crate::fold::{fold, spans, words as text_words};
use crate::model::{CardName, Lang, LinkRole, Ruling, Source};
use cards::CardId;
use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

const K1: f32 = 1.2;
const B: f32 = 0.75;
/// How much the section title's words, the question's words (again: they are in the text too)
/// and the linked cards' names count per occurrence: a question says what a record is about.
const SECTION_TF: f32 = 2.0;
const QUESTION_TF: f32 = 1.5;
const CARDS_TF: f32 = 1.0;
/// Most words of a record counted as its head (the question or first sentence; see
/// `HEAD_BOOST` in [`super::rank`]).
const MAX_HEAD: usize = 60;

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
