//! Parsing a person's query into units: each typed word (or glossary phrase) with the terms it
//! matches by and their weights (see [`super`]'s text).

use super::{Engine, Query, Unit, VocabWord, MAX_PREFIX, W_BASE_PART, W_BASE_WHOLE, W_EXACT};
use crate::analysis::{base_forms, digits_of, german_stem, is_stop_word, keys, separable_verbs};
use crate::fold::{words as text_words, MAX_QUERY_WORDS};
use crate::glossary;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::sync::Arc;

/// Weights of the keys a unit matches by (see [`super`]'s text; `W_EXACT` there).
const W_PREFIX: f32 = 0.6;
const W_COMPOUND: f32 = 0.6;
const W_GLOSSARY: f32 = 0.8;
const W_TYPO: f32 = 0.7;
/// Most typo neighbours.
const MAX_TYPOS: usize = 12;

impl Engine {
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
}
