//! Coverage of the catalogs: what `cards stats` prints.

use crate::bm::Series;
use crate::overlay::{Fact, FactValue};
use crate::{Catalog, Game};
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CatalogStats {
    /// Cards per game.
    pub per_game: BTreeMap<Game, usize>,
    /// Blue Moon cards per series (people, mutants, E&I series, promos).
    pub bm_per_series: BTreeMap<Series, usize>,
    /// Blue Moon cards per deck they ship in (`unknown` where no source says).
    pub bm_per_deck: BTreeMap<String, usize>,
    /// Blue Moon cards per type (`unknown` where no source says).
    pub bm_per_type: BTreeMap<String, usize>,
    /// Blue Moon cards from the people-deck list vs. known only from the FAQs.
    pub bm_people_deck_list: usize,
    pub bm_faq_only: usize,
    /// Per fact: how many Blue Moon cards lack it though it applies to them (values and
    /// texts a source says are not printed, and capacity of non-ships, do not count).
    pub bm_unknown: BTreeMap<Fact, usize>,
    pub bm_unknown_total: usize,
    /// Other games: cards per kind (`unknown` where the document gives none).
    pub other_per_kind: BTreeMap<Game, BTreeMap<String, usize>>,
}

/// The source key of the people-deck card list (see `data/SOURCES.md`).
pub const PEOPLE_DECK_SOURCE: &str = "keldon-ai";

impl Catalog {
    pub fn stats(&self) -> CatalogStats {
        let per_game = Game::ALL.iter().map(|g| (*g, self.count(*g))).collect();
        let mut bm_per_series = BTreeMap::new();
        let mut bm_per_type = BTreeMap::new();
        let mut bm_per_deck = BTreeMap::new();
        let mut bm_unknown: BTreeMap<Fact, usize> = Fact::TRACKED.iter().map(|f| (*f, 0)).collect();
        let mut from_list = 0;
        for card in self.bm_cards() {
            *bm_per_series.entry(card.facts.series).or_insert(0) += 1;
            let ty = card
                .facts
                .card_type
                .map(|t| {
                    serde_json::to_value(t)
                        .ok()
                        .and_then(|v| v.as_str().map(str::to_owned))
                        .unwrap_or_default()
                })
                .unwrap_or_else(|| "unknown".to_owned());
            *bm_per_type.entry(ty).or_insert(0) += 1;
            let deck = card.deck.clone().unwrap_or_else(|| "unknown".to_owned());
            *bm_per_deck.entry(deck).or_insert(0) += 1;
            if card.sources.contains_key(PEOPLE_DECK_SOURCE) {
                from_list += 1;
            }
            for fact in Fact::TRACKED {
                if is_unknown(card, fact) {
                    *bm_unknown.entry(fact).or_insert(0) += 1;
                }
            }
        }
        let other_per_kind = Game::ALL
            .iter()
            .filter(|g| **g != Game::BlueMoon)
            .map(|g| {
                let mut kinds = BTreeMap::new();
                for c in self.other_cards(*g) {
                    let k = c.kind.clone().unwrap_or_else(|| "unknown".to_owned());
                    *kinds.entry(k).or_insert(0) += 1;
                }
                (*g, kinds)
            })
            .collect();
        CatalogStats {
            per_game,
            bm_per_series,
            bm_per_deck,
            bm_per_type,
            bm_people_deck_list: from_list,
            bm_faq_only: self.bm_cards().len() - from_list,
            bm_unknown_total: bm_unknown.values().sum(),
            bm_unknown,
            other_per_kind,
        }
    }
}

/// Whether a fact that applies to the card is missing from the catalog.
pub fn is_unknown(card: &crate::BmCard, fact: Fact) -> bool {
    if card.is_absent(fact) {
        return false;
    }
    match fact {
        Fact::Icons => !card.icons_complete,
        Fact::Capacity => {
            card.facts
                .card_type
                .is_none_or(|t| t == crate::bm::CardType::Ship)
                && card.facts.capacity.is_none()
        }
        other => FactValue::of(card, other).is_none(),
    }
}
