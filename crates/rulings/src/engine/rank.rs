//! Ranking: BM25 per unit, the share of the query a record holds, words typed next to each
//! other, the record's head, other cards' entries and the reader's language (see [`super`]'s
//! text).

use super::{bm25_idf, Engine, Query, Unit, W_EXACT};
use crate::model::Lang;
use rustc_hash::FxHashSet as HashSet;

/// A record in another language than the reader's.
const OTHER_LANG: f32 = 0.5;
/// A record in another language that answers more of the query than any record of the
/// reader's language: the reader's FAQ has nothing that answers as well. For a German reader
/// such an English answer is not held back at all (the German FAQ is a card-by-card list: where
/// it has nothing as close, the English FAQ's general answer is the answer); for an English
/// reader a German one still weighs less, the English FAQ covering the general rules itself.
fn other_lang_closer(reader: Lang) -> f32 {
    match reader {
        Lang::De => 1.0,
        Lang::En => 0.75,
    }
}
/// A record about cards (a card's entry, a question tagging it) none of which the query names.
const OTHER_CARDS: f32 = 0.6;
/// Candidates checked for words typed next to each other.
const PHRASE_CANDIDATES: usize = 200;
const PHRASE_BOOST: f32 = 0.25;
/// Words typed next to each other count as near within this many words of the record, in
/// either order ("bluff from a ship", "a bluff card from a ship").
const NEAR_WORDS: usize = 3;
/// The record's head (question or first sentence) holding the query's words: a boost by the
/// share of the words it holds, squared.
const HEAD_BOOST: f32 = 0.5;

impl Engine {
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
            if let Some(l) = prefer.filter(|&l| self.langs[d] != l) {
                score *= if a > best_own {
                    other_lang_closer(l)
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

/// Arrays of the records' length reused by every unit of a search.
struct Scratch {
    sum: Vec<f32>,
    count: Vec<u8>,
    word: Vec<f32>,
}
