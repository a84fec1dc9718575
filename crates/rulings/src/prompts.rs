//! Prompts: the rulings to show when a card is entered at the table, ranked against the cards
//! already in play.
//!
//! Order, first key first:
//! 1. Card-specific records before general ones. A record is general when it sits in a part of
//!    its document about the game or the document rather than about cards in play (see
//!    [`is_general`]), or when it is a general section on a topic the card raises.
//! 2. Interactions (the record names the card and a card in play), then the card's own
//!    records, then the topic sections.
//! 3. The reader's language first.
//! 4. How well the record's situation matches the table ([`Fit`]): fewest cards its question
//!    is about that are not in play (its premise does not hold); then, among interactions, the
//!    cards that actually meet first: a card in play that the entered card's text names, or
//!    whose text names the entered card (Laughing Gas and Tittertweet, Enthrall Opposition and
//!    Laughing Gas), as the English FAQ quotes the texts; then the card nearest to the entered
//!    one in the order of play (the caller passes the cards in play in the order they met the
//!    entered card, nearest last: by their plays, then the cards its play covered, then its
//!    target); then most of its cards in play, then fewest other cards it names.
//! 5. Document order.
//!
//! In the English interface a German record is shown only where no English record says the
//! same, judged by the cards (see [`ReferenceDb::said_in`]): the English FAQ is the fuller one,
//! and the same answer twice, once in a language the reader did not choose, is noise.

use crate::model::{Lang, LinkRole, Ruling, Source};
use crate::refdb::ReferenceDb;
use crate::topics::Topic;
use cards::CardId;
use serde::Serialize;
use std::cmp::Reverse;

/// Why a ruling is shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Reason {
    /// The ruling concerns the card together with these active cards.
    Interaction { with: Vec<CardId> },
    /// The ruling concerns the card alone.
    Own { role: LinkRole },
    /// The ruling is in a general section about a topic the card raises.
    General { topic: Topic },
}

impl Reason {
    fn tier(&self) -> u8 {
        match self {
            Reason::Interaction { .. } => 0,
            Reason::Own { .. } => 1,
            Reason::General { .. } => 2,
        }
    }
}

/// How well a record's situation matches the table, for the card entered.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Fit {
    /// Cards the record is about (its question's cards, a German entry's heading cards) that
    /// are not in play: the situation it answers is not the one at the table.
    pub missing: u32,
    /// Weight of the record's cards that are in play, the entered card included (a card the
    /// record is about weighs 2, one it mentions 1).
    pub in_play: u32,
    /// Weight of the other cards it mentions that are not in play.
    pub elsewhere: u32,
}

impl Fit {
    /// Sorts the best fit first.
    fn key(self) -> (u32, Reverse<u32>, u32) {
        (self.missing, Reverse(self.in_play), self.elsewhere)
    }
}

/// One ruling to show, with why.
#[derive(Debug, Clone, Serialize)]
pub struct Prompt {
    pub ruling: Ruling,
    pub reason: Reason,
    /// The record is general (see [`is_general`]) or a topic section: it follows every
    /// card-specific one.
    pub general: bool,
    pub fit: Fit,
}

fn role_weight(role: LinkRole) -> u32 {
    match role {
        LinkRole::Subject => 2,
        LinkRole::Mentioned => 1,
    }
}

/// Whether a record is about the game or the document rather than about cards in play, so that
/// a card it names (as an example, in a list) does not make it that card's ruling.
///
/// - English FAQ: everything outside main section "Specific Cases", which the FAQ itself calls
///   "matters that may arise during the game" (the introduction, the decks of Emissaries and
///   Inquisitors and of the Buka Invasion, final points).
/// - German FAQ: every record outside a card entry (legend, general rules, icons, the
///   "(allgemein)" sections), i.e. without a card it is about.
/// - The other games' documents have no such split: nothing is general.
pub fn is_general(r: &Ruling) -> bool {
    match r.source {
        Source::BlueMoonFaqEn => r.section.first().is_none_or(|s| s != "Specific Cases"),
        Source::BlueMoonFaqDe => r.cards.iter().all(|l| l.role != LinkRole::Subject),
        Source::WarhammerInvasionFaq
        | Source::KnightmareChessRulings
        | Source::StarTrekCcgRules => false,
    }
}

/// A record picked for the card, before ranking.
struct Candidate {
    index: usize,
    reason: Reason,
    general: bool,
    fit: Fit,
    /// An interaction with a card that the entered card's text names or whose text names it.
    named: bool,
    /// How near the interaction's nearest card in play is to the entered card: its place in
    /// `active` counted from 1 (0: no card in play).
    near: usize,
}

impl ReferenceDb {
    /// The rulings for `card` entered with `active` cards in play, in the reader's `lang`.
    /// `active` is in the order the cards met the entered card, the nearest last: the cards in
    /// play by their plays (the one played last, last), then the cards the entered card covered
    /// as it was played, then the card it targets; of two interactions that fit the table
    /// alike, the one with the nearer card comes first. `topics` are the general topics of the
    /// card (see [`Topic::from_facts`]); topics its quoted text raises are added.
    pub fn rulings_for(
        &self,
        card: &CardId,
        active: &[CardId],
        topics: &[Topic],
        lang: Lang,
        limit: usize,
    ) -> Vec<Prompt> {
        let mut picked: Vec<Candidate> = Vec::new();
        for &(i, role) in self.by_card.get(card).map(Vec::as_slice).unwrap_or(&[]) {
            let Some(r) = self.corpus.records.get(i) else {
                continue;
            };
            let mut with: Vec<CardId> = Vec::new();
            let mut fit = Fit {
                in_play: role_weight(role),
                ..Fit::default()
            };
            for link in r.cards.iter().filter(|l| &l.card != card) {
                if active.contains(&link.card) {
                    if !with.contains(&link.card) {
                        with.push(link.card.clone());
                        fit.in_play += role_weight(link.role);
                    }
                } else if link.role == LinkRole::Subject {
                    fit.missing += 1;
                } else {
                    fit.elsewhere += 1;
                }
            }
            let named = with
                .iter()
                .any(|w| self.names(card, w) || self.names(w, card));
            let near = with
                .iter()
                .filter_map(|w| active.iter().rposition(|a| a == w))
                .max()
                .map_or(0, |p| p + 1);
            let reason = if with.is_empty() {
                Reason::Own { role }
            } else {
                Reason::Interaction { with }
            };
            picked.push(Candidate {
                index: i,
                reason,
                general: self.general.get(i).copied().unwrap_or(false),
                fit,
                named,
                near,
            });
        }
        let mut all_topics: Vec<Topic> = topics.to_vec();
        if let Some(extra) = self.text_topics.get(card) {
            all_topics.extend(extra.iter().copied());
        }
        all_topics.sort();
        all_topics.dedup();
        for topic in all_topics {
            for &i in self.by_topic.get(&topic).map(Vec::as_slice).unwrap_or(&[]) {
                if picked.iter().all(|c| c.index != i) {
                    picked.push(Candidate {
                        index: i,
                        reason: Reason::General { topic },
                        general: true,
                        fit: Fit::default(),
                        named: false,
                        near: 0,
                    });
                }
            }
        }
        let records = &self.corpus.records;
        if lang == Lang::En {
            picked.retain(|c| {
                records
                    .get(c.index)
                    .is_some_and(|r| r.lang == lang || !self.said_in(lang, card, c))
            });
        }
        picked.sort_by_key(|c| {
            let other_lang = records.get(c.index).is_some_and(|r| r.lang != lang);
            let (missing, in_play, elsewhere) = c.fit.key();
            (
                c.general,
                c.reason.tier(),
                other_lang,
                missing,
                !c.named,
                Reverse(c.near),
                in_play,
                elsewhere,
                c.index,
            )
        });
        picked
            .into_iter()
            .take(limit)
            .filter_map(|c| {
                records.get(c.index).map(|r| Prompt {
                    ruling: r.clone(),
                    reason: c.reason,
                    general: c.general,
                    fit: c.fit,
                })
            })
            .collect()
    }

    /// Whether the text of card `a` (as the English FAQ quotes it) names card `b`.
    fn names(&self, a: &CardId, b: &CardId) -> bool {
        let Some(text) = self.card_texts.get(a) else {
            return false;
        };
        self.card_names
            .get(b)
            .into_iter()
            .flatten()
            .any(|n| text.contains(n.as_str()))
    }

    /// Whether a record in `lang` says what candidate `c` (for `card`) says, judged by the
    /// cards: a record of `lang` naming `card` and the same cards in play (an interaction); one
    /// about `card` (a record about the card); one naming `card` (a mention); one naming any
    /// card the candidate names (a general record, whose cards are examples); a section of
    /// `lang` on the same topic.
    fn said_in(&self, lang: Lang, card: &CardId, c: &Candidate) -> bool {
        let records = &self.corpus.records;
        let of_card = || {
            self.by_card
                .get(card)
                .into_iter()
                .flatten()
                .filter_map(|&(i, role)| records.get(i).map(|r| (r, role)))
                .filter(|(r, _)| r.lang == lang)
        };
        let links = |r: &Ruling, id: &CardId| r.cards.iter().any(|l| &l.card == id);
        match &c.reason {
            Reason::General { topic } => self
                .by_topic
                .get(topic)
                .into_iter()
                .flatten()
                .any(|&i| records.get(i).is_some_and(|r| r.lang == lang)),
            _ if c.general => records.get(c.index).is_some_and(|g| {
                g.cards.iter().any(|l| {
                    self.by_card
                        .get(&l.card)
                        .into_iter()
                        .flatten()
                        .any(|&(i, _)| records.get(i).is_some_and(|r| r.lang == lang))
                })
            }),
            Reason::Interaction { with } => {
                of_card().any(|(r, _)| with.iter().all(|w| links(r, w)))
            }
            Reason::Own {
                role: LinkRole::Subject,
            } => of_card().any(|(_, role)| role == LinkRole::Subject),
            Reason::Own {
                role: LinkRole::Mentioned,
            } => of_card().next().is_some(),
        }
    }
}
