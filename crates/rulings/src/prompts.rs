//! Prompts: the rulings to show when a card is entered at the table, ranked against the cards
//! already in play.
//!
//! Order: rulings that concern the card *and* an active card (interactions) first, then the
//! card's own rulings, then the general sections for its type, icons and wording. Within each
//! tier the preferred language comes first, then the stronger link (the card is the subject,
//! more active cards involved), then document order.

use crate::model::{Lang, LinkRole, Ruling};
use crate::refdb::ReferenceDb;
use crate::topics::Topic;
use cards::CardId;
use serde::Serialize;
use std::collections::HashMap;

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

/// One ruling to show, with why and how strongly.
#[derive(Debug, Clone, Serialize)]
pub struct Prompt {
    pub ruling: Ruling,
    pub reason: Reason,
    /// Higher is more relevant within the tier.
    pub score: u32,
}

fn role_weight(role: LinkRole) -> u32 {
    match role {
        LinkRole::Subject => 2,
        LinkRole::Mentioned => 1,
    }
}

impl ReferenceDb {
    /// The rulings for `card` entered with `active` cards in play. `topics` are the general
    /// topics of the card (see [`Topic::from_facts`]); topics its quoted text raises are added.
    pub fn rulings_for(
        &self,
        card: &CardId,
        active: &[CardId],
        topics: &[Topic],
        lang: Lang,
        limit: usize,
    ) -> Vec<Prompt> {
        // (record index) -> (reason, score)
        let mut picked: HashMap<usize, (Reason, u32)> = HashMap::new();
        for &(i, role) in self.by_card.get(card).map(Vec::as_slice).unwrap_or(&[]) {
            let Some(r) = self.corpus.records.get(i) else {
                continue;
            };
            let mut with: Vec<CardId> = Vec::new();
            let mut strength = role_weight(role);
            for link in &r.cards {
                if &link.card != card && active.contains(&link.card) && !with.contains(&link.card) {
                    with.push(link.card.clone());
                    strength += role_weight(link.role);
                }
            }
            let reason = if with.is_empty() {
                Reason::Own { role }
            } else {
                strength += 10 * u32::try_from(with.len()).unwrap_or(u32::MAX / 20);
                Reason::Interaction { with }
            };
            picked.insert(i, (reason, strength));
        }
        let mut all_topics: Vec<Topic> = topics.to_vec();
        if let Some(extra) = self.text_topics.get(card) {
            all_topics.extend(extra.iter().copied());
        }
        all_topics.sort();
        all_topics.dedup();
        for topic in all_topics {
            for &i in self.by_topic.get(&topic).map(Vec::as_slice).unwrap_or(&[]) {
                picked.entry(i).or_insert((Reason::General { topic }, 0));
            }
        }
        let mut ranked: Vec<(usize, Reason, u32)> =
            picked.into_iter().map(|(i, (r, s))| (i, r, s)).collect();
        ranked.sort_by(|a, b| {
            let lang_a = self.corpus.records.get(a.0).is_some_and(|r| r.lang != lang);
            let lang_b = self.corpus.records.get(b.0).is_some_and(|r| r.lang != lang);
            a.1.tier()
                .cmp(&b.1.tier())
                .then(lang_a.cmp(&lang_b))
                .then(b.2.cmp(&a.2))
                .then(a.0.cmp(&b.0))
        });
        ranked
            .into_iter()
            .take(limit)
            .filter_map(|(i, reason, score)| {
                self.corpus.records.get(i).map(|r| Prompt {
                    ruling: r.clone(),
                    reason,
                    score,
                })
            })
            .collect()
    }
}
