//! Text → ranked cards: what a player types at the table (`V24`, `vulca 24`, `Flickering
//! Fires`, `flickering`, `Feuerzauber`, `flikering fires`) to the card in front of them.
//!
//! Ranking, best first (scores in brackets):
//! 1. tag or number (1000): `V24`, `v 24`, `vulca 24`, `Vulca-24`, `24v`, `24 vulca`,
//!    `[Vulca 24]`, `vulca 024`; leaders `vulca 0`/`vulca 00`; `M106`, `mutant 106`, `106`,
//!    `infl 604`, `hyla 604`, `promo 901`, `promo 31` (Sea Moon's printed tag). A series may be
//!    abbreviated to any prefix of its name or an alias (`v`, `vul`, `m`, `i`, `crystal`); the
//!    number decides between series sharing a prefix (`m 106` can only be the mutant).
//! 2. exact name (900), English, German or alias, folded (case, diacritics, `ae`/`ä`, `ss`/`ß`,
//!    punctuation and spaces do not matter).
//! 3. name prefix (800): `flickering` → Flickering Fires.
//! 4. words (700 all whole words, 650 with a word prefix): `fires flickering`, `wall fire`.
//! 5. typo (600 − 40 per edit): bounded edit distance on the whole name or per word
//!    (1 edit for words of 4–7 letters, 2 from 8 letters).
//!
//! When the best score is shared by several cards the result is flagged ambiguous with a
//! reason rather than guessing (`24` alone, `wall`).

use crate::bm::Series;
use crate::fold::{bounded_distance, char_mask, compact, fold, Umlauts};
use crate::{CardId, Game};
use serde::Serialize;
use std::collections::HashMap;
use std::collections::HashSet;

/// Queries are cut to this many characters: no card name is longer, and it bounds the work
/// hostile input can cause.
pub const MAX_QUERY_CHARS: usize = 200;
/// At most this many words of a query are matched word by word.
const MAX_QUERY_WORDS: usize = 8;

const SCORE_TAG: u32 = 1000;
const SCORE_EXACT: u32 = 900;
const SCORE_PREFIX: u32 = 800;
const SCORE_WORDS: u32 = 700;
const SCORE_WORD_PREFIX: u32 = 650;
const SCORE_TYPO: u32 = 600;
const TYPO_COST: u32 = 40;

/// Which language a matched name is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    En,
    De,
    /// Another spelling of the name (other games' aliases).
    Alias,
}

/// What part of the query matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchKind {
    Tag,
    ExactName,
    Prefix,
    Word,
    Typo,
}

/// One ranked card.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Candidate {
    pub id: CardId,
    pub game: Game,
    /// Name in the language that matched (for a tag match: English, else German, else the tag).
    pub name: String,
    pub lang: Option<Lang>,
    /// Blue Moon tag (`Vulca 24`).
    pub tag: Option<String>,
    pub matched: MatchKind,
    pub score: u32,
}

/// Why the result does not single out one card.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ambiguity {
    /// How many cards share the best score.
    pub tied: usize,
    pub matched: MatchKind,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LookupResult {
    /// The query as folded for matching.
    pub normalized: String,
    pub candidates: Vec<Candidate>,
    pub ambiguous: bool,
    pub ambiguity: Option<Ambiguity>,
}

impl LookupResult {
    fn empty(normalized: String) -> Self {
        LookupResult {
            normalized,
            candidates: Vec::new(),
            ambiguous: false,
            ambiguity: None,
        }
    }

    /// The single best card, if the result is not ambiguous.
    pub fn best(&self) -> Option<&Candidate> {
        if self.ambiguous {
            None
        } else {
            self.candidates.first()
        }
    }
}

/// Where a card lives in the catalog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Slot {
    Bm(u32),
    Other(u8, u32),
}

/// Everything the index needs to know about one card, supplied by the catalog.
pub(crate) struct CardKeys<'a> {
    pub game: Game,
    pub id: &'a CardId,
    pub tag: Option<&'a str>,
    /// Tags the card answers to: its own and any alternative printed one.
    pub tags: Vec<(Series, u16)>,
    pub names: Vec<(Lang, &'a str)>,
}

struct NameEntry {
    card: u32,
    lang: Lang,
    display: String,
    compact: Vec<char>,
    compact_str: String,
    mask: u64,
    words: Vec<u32>,
}

struct Word {
    chars: Vec<char>,
    mask: u64,
    text: String,
    entries: Vec<u32>,
}

struct CardInfo {
    id: CardId,
    game: Game,
    tag: Option<String>,
    display: String,
}

/// Precomputed, folded names and tags of every card.
pub(crate) struct LookupIndex {
    cards: Vec<CardInfo>,
    entries: Vec<NameEntry>,
    exact: HashMap<String, Vec<u32>>,
    words: Vec<Word>,
    word_ids: HashMap<String, u32>,
    tags: HashMap<(Series, u16), Vec<u32>>,
}

/// Series names and aliases a query may abbreviate (folded).
const SERIES_ALIASES: &[(&str, Series)] = &[
    ("hoax", Series::Hoax),
    ("vulca", Series::Vulca),
    ("mimix", Series::Mimix),
    ("flit", Series::Flit),
    ("khind", Series::Khind),
    ("terrah", Series::Terrah),
    ("pillar", Series::Pillar),
    ("aqua", Series::Aqua),
    ("buka", Series::Buka),
    ("mutant", Series::Mutant),
    ("mutanten", Series::Mutant),
    ("tutu", Series::Tutu),
    ("infl", Series::Infl),
    ("influence", Series::Infl),
    ("hyla", Series::Infl),
    ("einfluss", Series::Infl),
    ("inter", Series::Inter),
    ("interference", Series::Inter),
    ("intervention", Series::Inter),
    ("inq", Series::Inq),
    ("inquisitor", Series::Inq),
    ("emis", Series::Emis),
    ("emissary", Series::Emis),
    ("emissar", Series::Emis),
    ("ach", Series::Ach),
    ("achievement", Series::Ach),
    ("crystal", Series::Ach),
    ("kristall", Series::Ach),
    ("promo", Series::Promo),
];

/// Orders matches of one query word: whole word, then prefix, then typos by distance.
fn word_rank((kind, dist): (MatchKind, u32)) -> (u8, u32) {
    match kind {
        MatchKind::Prefix => (1, dist),
        MatchKind::Typo => (2, dist),
        _ => (0, dist),
    }
}

fn typo_budget(len: usize) -> usize {
    match len {
        0..=3 => 0,
        4..=7 => 1,
        _ => 2,
    }
}

impl LookupIndex {
    pub(crate) fn build(cards: Vec<CardKeys<'_>>) -> LookupIndex {
        let mut index = LookupIndex {
            cards: Vec::with_capacity(cards.len()),
            entries: Vec::new(),
            exact: HashMap::new(),
            words: Vec::new(),
            word_ids: HashMap::new(),
            tags: HashMap::new(),
        };
        for keys in cards {
            let card = index.cards.len() as u32;
            let display = keys
                .names
                .first()
                .map(|(_, n)| (*n).to_owned())
                .or_else(|| keys.tag.map(str::to_owned))
                .unwrap_or_else(|| keys.id.to_string());
            index.cards.push(CardInfo {
                id: keys.id.clone(),
                game: keys.game,
                tag: keys.tag.map(str::to_owned),
                display,
            });
            for t in keys.tags {
                index.tags.entry(t).or_default().push(card);
            }
            for (lang, name) in keys.names {
                let mut forms = vec![fold(name, Umlauts::Drop, usize::MAX)];
                let expanded = fold(name, Umlauts::Expand, usize::MAX);
                if expanded != forms[0] {
                    forms.push(expanded);
                }
                for folded in forms {
                    if folded.is_empty() {
                        continue;
                    }
                    index.add_entry(card, lang, name, &folded);
                }
            }
        }
        index
    }

    fn add_entry(&mut self, card: u32, lang: Lang, display: &str, folded: &str) {
        let e = self.entries.len() as u32;
        let compact_str = compact(folded);
        self.exact.entry(compact_str.clone()).or_default().push(e);
        let mut entry_words = Vec::new();
        for w in folded.split(' ') {
            let id = match self.word_ids.get(w) {
                Some(id) => *id,
                None => {
                    let id = self.words.len() as u32;
                    let chars: Vec<char> = w.chars().collect();
                    self.words.push(Word {
                        mask: char_mask(&chars),
                        chars,
                        text: w.to_owned(),
                        entries: Vec::new(),
                    });
                    self.word_ids.insert(w.to_owned(), id);
                    id
                }
            };
            let postings = &mut self.words[id as usize].entries;
            if postings.last() != Some(&e) {
                postings.push(e);
            }
            entry_words.push(id);
        }
        let compact: Vec<char> = compact_str.chars().collect();
        self.entries.push(NameEntry {
            card,
            lang,
            display: display.to_owned(),
            mask: char_mask(&compact),
            compact,
            compact_str,
            words: entry_words,
        });
    }

    pub(crate) fn lookup(&self, text: &str, game: Option<Game>, limit: usize) -> LookupResult {
        let q = fold(text, Umlauts::Drop, MAX_QUERY_CHARS);
        if q.is_empty() {
            return LookupResult::empty(q);
        }
        // card → (score, kind, matched entry)
        let mut best: HashMap<u32, (u32, MatchKind, Option<u32>)> = HashMap::new();
        let offer = |best: &mut HashMap<u32, (u32, MatchKind, Option<u32>)>,
                     card: u32,
                     score: u32,
                     kind: MatchKind,
                     entry: Option<u32>| {
            if game.is_some_and(|g| self.cards[card as usize].game != g) {
                return;
            }
            let slot = best.entry(card).or_insert((0, kind, entry));
            if score > slot.0 {
                *slot = (score, kind, entry);
            }
        };

        for card in self.tag_matches(&q) {
            offer(&mut best, card, SCORE_TAG, MatchKind::Tag, None);
        }

        let qc = compact(&q);
        if let Some(es) = self.exact.get(&qc) {
            for &e in es {
                offer(
                    &mut best,
                    self.entries[e as usize].card,
                    SCORE_EXACT,
                    MatchKind::ExactName,
                    Some(e),
                );
            }
        }
        if qc.chars().count() >= 2 {
            for (e, entry) in self.entries.iter().enumerate() {
                if entry.compact_str.len() > qc.len() && entry.compact_str.starts_with(&qc) {
                    offer(
                        &mut best,
                        entry.card,
                        SCORE_PREFIX,
                        MatchKind::Prefix,
                        Some(e as u32),
                    );
                }
            }
        }

        // Word by word: every query word must match a word of the name. The query word
        // with the fewest postings picks the names to check, so common words (`of`, `the`)
        // cost nothing extra.
        let qwords: Vec<&str> = q.split(' ').take(MAX_QUERY_WORDS).collect();
        let matches: Vec<HashMap<u32, (MatchKind, u32)>> =
            qwords.iter().map(|qw| self.word_matches(qw)).collect();
        let postings = |m: &HashMap<u32, (MatchKind, u32)>| -> usize {
            m.keys()
                .map(|w| self.words[*w as usize].entries.len())
                .sum()
        };
        let pivot = matches
            .iter()
            .enumerate()
            .min_by_key(|(_, m)| postings(m))
            .map(|(i, _)| i);
        if let Some(pivot) = pivot.filter(|_| matches.iter().all(|m| !m.is_empty())) {
            let mut seen: HashSet<u32> = HashSet::new();
            for w in matches[pivot].keys() {
                for &e in &self.words[*w as usize].entries {
                    if !seen.insert(e) {
                        continue;
                    }
                    let entry = &self.entries[e as usize];
                    let mut all = Vec::with_capacity(matches.len());
                    for m in &matches {
                        match entry
                            .words
                            .iter()
                            .filter_map(|w| m.get(w))
                            .min_by_key(|h| word_rank(**h))
                        {
                            Some(hit) => all.push(*hit),
                            None => break,
                        }
                    }
                    if all.len() < matches.len() {
                        continue;
                    }
                    let dist: u32 = all.iter().map(|(_, d)| d).sum();
                    let (score, kind) = if all.iter().any(|(k, _)| *k == MatchKind::Typo) {
                        (SCORE_TYPO.saturating_sub(TYPO_COST * dist), MatchKind::Typo)
                    } else if all.iter().any(|(k, _)| *k == MatchKind::Prefix) {
                        (SCORE_WORD_PREFIX, MatchKind::Word)
                    } else {
                        (SCORE_WORDS, MatchKind::Word)
                    };
                    offer(&mut best, entry.card, score, kind, Some(e));
                }
            }
        }

        // Typo on the whole name, spaces ignored (`flickeringfries`, `feuer zaubr`); only
        // needed when nothing matched so far, which keeps the common query cheap.
        let qchars: Vec<char> = qc.chars().collect();
        let budget = typo_budget(qchars.len()).max(if qchars.len() >= 12 { 3 } else { 0 });
        if budget > 0 && best.is_empty() {
            let qmask = char_mask(&qchars);
            for (e, entry) in self.entries.iter().enumerate() {
                if (qmask & !entry.mask).count_ones() as usize > budget {
                    continue;
                }
                if let Some(d) = bounded_distance(&qchars, &entry.compact, budget) {
                    if d > 0 {
                        let score = SCORE_TYPO.saturating_sub(TYPO_COST * d as u32);
                        offer(
                            &mut best,
                            entry.card,
                            score,
                            MatchKind::Typo,
                            Some(e as u32),
                        );
                    }
                }
            }
        }

        self.rank(q, best, limit)
    }

    /// Cards whose tag the query spells: one number and up to two series words.
    fn tag_matches(&self, q: &str) -> Vec<u32> {
        let mut tokens: Vec<String> = Vec::new();
        for word in q.split(' ') {
            // split letter/digit boundaries: `v24` → `v`, `24`; `24v` → `24`, `v`
            let mut cur = String::new();
            let mut cur_digit = None;
            for c in word.chars() {
                let d = c.is_ascii_digit();
                if cur_digit.is_some_and(|cd| cd != d) {
                    tokens.push(std::mem::take(&mut cur));
                }
                cur_digit = Some(d);
                cur.push(c);
            }
            if !cur.is_empty() {
                tokens.push(cur);
            }
            if tokens.len() > 3 {
                return Vec::new();
            }
        }
        let mut number = None;
        let mut series: Vec<Series> = Vec::new();
        let mut series_words = 0;
        for t in &tokens {
            if t.bytes().all(|b| b.is_ascii_digit()) {
                if number.is_some() || t.len() > 4 {
                    return Vec::new();
                }
                number = t.parse::<u16>().ok();
            } else {
                series_words += 1;
                let matching: Vec<Series> = SERIES_ALIASES
                    .iter()
                    .filter(|(alias, _)| alias.starts_with(t.as_str()))
                    .map(|(_, s)| *s)
                    .collect();
                if matching.is_empty() {
                    return Vec::new();
                }
                series.extend(matching);
            }
        }
        let Some(number) = number else {
            return Vec::new();
        };
        if series_words == 0 {
            series = Series::ALL.to_vec();
        }
        series.sort();
        series.dedup();
        let mut out: Vec<u32> = series
            .into_iter()
            .filter_map(|s| self.tags.get(&(s, number)))
            .flatten()
            .copied()
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Vocabulary words a query word matches, exactly, as a prefix, or within its typo
    /// budget, each with its best kind of match and edit distance.
    fn word_matches(&self, qw: &str) -> HashMap<u32, (MatchKind, u32)> {
        let mut out = HashMap::new();
        if let Some(&id) = self.word_ids.get(qw) {
            out.insert(id, (MatchKind::Word, 0));
        }
        let qchars: Vec<char> = qw.chars().collect();
        let prefix_ok = qchars.len() >= 2;
        let budget = typo_budget(qchars.len());
        if !prefix_ok && budget == 0 {
            return out;
        }
        let qmask = char_mask(&qchars);
        for (id, w) in self.words.iter().enumerate() {
            if w.text == qw {
                continue;
            }
            if prefix_ok && w.text.starts_with(qw) {
                out.insert(id as u32, (MatchKind::Prefix, 0));
            } else if budget > 0 && (qmask & !w.mask).count_ones() as usize <= budget {
                if let Some(d) = bounded_distance(&qchars, &w.chars, budget) {
                    out.insert(id as u32, (MatchKind::Typo, d as u32));
                }
            }
        }
        out
    }

    fn rank(
        &self,
        normalized: String,
        best: HashMap<u32, (u32, MatchKind, Option<u32>)>,
        limit: usize,
    ) -> LookupResult {
        let mut candidates: Vec<Candidate> = best
            .into_iter()
            .map(|(card, (score, matched, entry))| {
                let info = &self.cards[card as usize];
                let (name, lang) = match entry {
                    Some(e) => {
                        let entry = &self.entries[e as usize];
                        (entry.display.clone(), Some(entry.lang))
                    }
                    None => (info.display.clone(), None),
                };
                Candidate {
                    id: info.id.clone(),
                    game: info.game,
                    name,
                    lang,
                    tag: info.tag.clone(),
                    matched,
                    score,
                }
            })
            .collect();
        candidates.sort_by(|a, b| {
            b.score
                .cmp(&a.score)
                .then(a.game.cmp(&b.game))
                .then_with(|| a.id.cmp(&b.id))
        });
        let ambiguity = match candidates.as_slice() {
            [first, second, ..] if first.score == second.score => {
                let tied = candidates
                    .iter()
                    .take_while(|c| c.score == first.score)
                    .count();
                let what = match first.matched {
                    MatchKind::Tag => "the number",
                    MatchKind::ExactName => "the exact name",
                    MatchKind::Prefix => "the start of the name",
                    MatchKind::Word => "words of the name",
                    MatchKind::Typo => "a near spelling",
                };
                Some(Ambiguity {
                    tied,
                    matched: first.matched,
                    reason: format!(
                        "{tied} cards match {what} equally well; add the series or more of the name"
                    ),
                })
            }
            _ => None,
        };
        candidates.truncate(limit);
        LookupResult {
            normalized,
            candidates,
            ambiguous: ambiguity.is_some(),
            ambiguity,
        }
    }
}
