//! Bare card names in running text: the FAQs tag or key a card once and then call it by name
//! ("Tittertweet is covered"). One matcher per document finds every known name at word
//! boundaries, longest name first.

use super::card_lexicon::push_link;
use crate::model::{CardLink, CardName, Lang, LinkRole};
use cards::{CardId, Game};
use regex::Regex;
use std::collections::{BTreeMap, BTreeSet};

/// Where a name came from; kept so that a clash can be explained in tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum NameSource {
    /// Read from the document itself (the name in front of a tag, a German heading).
    Document,
    /// Supplied by the caller (the card catalog).
    Caller,
}

/// Names collected for one document.
#[derive(Debug, Default)]
pub struct NameIndex {
    names: BTreeMap<String, BTreeSet<CardId>>,
}

/// Words that are never a card's name on their own, though they may appear as one: people and
/// series words, and names too short to tell from ordinary words.
const NOT_NAMES: &[&str] = &[
    "Vulca",
    "Hoax",
    "Mimix",
    "Flit",
    "Khind",
    "Terrah",
    "Pillar",
    "Aqua",
    "Buka",
    "Mutant",
    "Tutu",
    "Hyla",
    "Phar",
    "Infl",
    "Inter",
    "Promo",
    "Emissary",
    "Inquisitor",
];

impl NameIndex {
    pub fn add(&mut self, name: &str, card: &CardId, _source: NameSource) {
        let name = name.trim();
        if name.chars().count() < 4 || NOT_NAMES.contains(&name) {
            return;
        }
        self.names
            .entry(name.to_owned())
            .or_default()
            .insert(card.clone());
    }

    /// Adds the caller's names of Blue Moon cards in the document's language (the catalog's)
    /// to the document's own, and builds the matcher.
    pub fn build_with(mut self, names: &[CardName], lang: Lang) -> NameMatcher {
        for n in names
            .iter()
            .filter(|n| n.game == Game::BlueMoon && n.lang == lang)
        {
            self.add(&n.name, &n.card, NameSource::Caller);
        }
        self.build()
    }

    /// Builds the matcher. A name given to two different cards links neither.
    pub fn build(self) -> NameMatcher {
        let mut cards: Vec<(String, CardId)> = self
            .names
            .into_iter()
            .filter(|(_, ids)| ids.len() == 1)
            .filter_map(|(name, ids)| ids.into_iter().next().map(|id| (name, id)))
            .collect();
        // Longest first: the regex takes the first alternative that matches at a position.
        cards.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.0.cmp(&b.0)));
        // A word boundary only where the name starts or ends with a letter or digit:
        // "Shame on you!" ends in punctuation, after which no boundary follows.
        let pattern = cards
            .iter()
            .map(|(n, _)| {
                let start = if n.chars().next().is_some_and(char::is_alphanumeric) {
                    r"\b"
                } else {
                    ""
                };
                let end = if n.chars().last().is_some_and(char::is_alphanumeric) {
                    r"\b"
                } else {
                    ""
                };
                format!("{start}{}{end}", regex::escape(n))
            })
            .collect::<Vec<_>>()
            .join("|");
        // An empty alternation would match everywhere; no names means no matcher.
        let regex = if cards.is_empty() {
            None
        } else {
            Regex::new(&pattern).ok()
        };
        NameMatcher {
            regex,
            cards: cards.into_iter().collect(),
        }
    }
}

/// Finds known names in text.
#[derive(Debug)]
pub struct NameMatcher {
    regex: Option<Regex>,
    cards: BTreeMap<String, CardId>,
}

impl NameMatcher {
    /// Every (card, name as matched) in `text`, in order of appearance.
    pub fn find(&self, text: &str) -> Vec<(CardId, String)> {
        let Some(regex) = &self.regex else {
            return Vec::new();
        };
        regex
            .find_iter(text)
            .filter_map(|m| {
                self.cards
                    .get(m.as_str())
                    .map(|c| (c.clone(), m.as_str().to_owned()))
            })
            .collect()
    }

    /// Links every known name in `text` that `links` does not hold yet, as mentioned.
    pub fn link_mentions(&self, text: &str, links: &mut Vec<CardLink>) {
        for (card, matched) in self.find(text) {
            push_link(links, card, LinkRole::Mentioned, &matched);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn longest_name_wins_and_clashes_are_dropped() {
        let mut idx = NameIndex::default();
        idx.add("Tittertweet", &CardId::new("flit-07"), NameSource::Document);
        idx.add("Top Dog", &CardId::new("khind-06"), NameSource::Document);
        idx.add("Top Dog Two", &CardId::new("khind-99"), NameSource::Caller);
        idx.add("Same", &CardId::new("a-1"), NameSource::Caller);
        idx.add("Same", &CardId::new("a-2"), NameSource::Caller);
        idx.add("Flit", &CardId::new("flit-00"), NameSource::Caller);
        idx.add(
            "Shame on you!",
            &CardId::new("inter-402"),
            NameSource::Document,
        );
        let m = idx.build();
        let found = m.find(
            "Tittertweet and Top Dog Two, not Same nor Flit nor Tittertweets. Shame on you! x",
        );
        assert_eq!(
            found,
            vec![
                (CardId::new("flit-07"), "Tittertweet".to_owned()),
                (CardId::new("khind-99"), "Top Dog Two".to_owned()),
                (CardId::new("inter-402"), "Shame on you!".to_owned()),
            ]
        );
    }
}
