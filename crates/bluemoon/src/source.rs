//! Where card facts and effects come from: the [`CardSource`] trait, and [`Catalog`], its
//! implementation over the embedded catalog files (or any JSON strings, e.g. with fixes).

use crate::effect::Effect;
use crate::{BmFacts, CardId, RuleError};
use serde::Deserialize;
use std::collections::HashMap;

/// Card facts and effects by id. The service implements it over the catalog with the
/// user's fixes applied; [`Catalog`] is the plain implementation.
pub trait CardSource {
    fn facts(&self, id: &CardId) -> Option<&BmFacts>;
    /// The card's effects; empty when it has no special power text.
    fn effects(&self, id: &CardId) -> &[Effect];
    /// The card's printed special power text, for display (optional).
    fn text(&self, _id: &CardId) -> Option<&str> {
        None
    }
    /// The card's English name (PAIR compares the first words of two names).
    fn name(&self, _id: &CardId) -> Option<&str> {
        None
    }
    /// The deck the card comes in (`Vulca`, `E&I:A`, ...), when the catalog says.
    fn deck(&self, _id: &CardId) -> Option<&str> {
        None
    }
    /// Whether the catalog lacks a fact the card has (not a fact the card simply does not
    /// have, like the values of Elemental Enchantment). By default: whatever is missing.
    fn lacks(&self, id: &CardId, fact: Fact) -> bool {
        missing(self.facts(id), fact)
    }
    /// Whether the card has special power text (restrictions like Ferro Fos need it).
    fn has_text(&self, id: &CardId) -> bool {
        !self.effects(id).is_empty()
    }
}

/// A fact of a card the table needs to count it (a type the UI reads: `PlayPreview::unknown`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, rename = "CardFact")]
pub enum Fact {
    #[serde(rename = "type")]
    Type,
    Fire,
    Earth,
}

/// Whether `facts` (if any) leave `fact` empty.
pub fn missing(facts: Option<&BmFacts>, fact: Fact) -> bool {
    match fact {
        Fact::Type => facts.is_none_or(|f| f.card_type.is_none()),
        Fact::Fire => facts.is_none_or(|f| f.fire.is_none()),
        Fact::Earth => facts.is_none_or(|f| f.earth.is_none()),
    }
}

/// One entry of `bluemoon-effects.json`.
#[derive(Debug, Clone, PartialEq, serde::Serialize, Deserialize)]
pub struct EffectEntry {
    /// The card's name, for people reading the file; the engine never uses it.
    #[serde(default)]
    pub name: Option<String>,
    pub effects: Vec<Effect>,
}

#[derive(Debug, Deserialize)]
struct EffectsFile {
    v: u32,
    cards: HashMap<CardId, EffectEntry>,
}

/// A catalog record: the `BmFacts` fields plus the English text, other fields ignored.
#[derive(Debug, Deserialize)]
struct CatalogRecord {
    #[serde(flatten)]
    facts: BmFacts,
    #[serde(default)]
    text_en: Option<String>,
    #[serde(default)]
    name_en: Option<String>,
    #[serde(default)]
    deck: Option<String>,
    /// Facts the card does not have (`fire`, `earth`, ...), as opposed to facts unknown.
    #[serde(default)]
    absent: Vec<String>,
}

/// Facts and effects held in memory.
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    facts: HashMap<CardId, BmFacts>,
    effects: HashMap<CardId, EffectEntry>,
    /// Cards whose catalog record has English special power text.
    with_text: Vec<CardId>,
    /// English names from the catalog, for cross-checks and display.
    names: HashMap<CardId, String>,
    /// English special power texts from the catalog.
    texts: HashMap<CardId, String>,
    /// The deck each card comes in.
    decks: HashMap<CardId, String>,
    /// Facts each card does not have (so a missing value is not unknown).
    absent: HashMap<CardId, Vec<String>>,
}

/// The catalog files, embedded at build time (no IO at run time).
const EMBEDDED_CARDS: &str = include_str!("../../../data/cards/bluemoon.json");
const EMBEDDED_EFFECTS: &str = include_str!("../../../data/cards/bluemoon-effects.json");

impl Catalog {
    /// The catalog shipped with the app.
    pub fn embedded() -> Result<Catalog, RuleError> {
        Catalog::from_json(EMBEDDED_CARDS, EMBEDDED_EFFECTS)
    }

    /// Parses a card catalog (array of records, unknown fields ignored) and an effects file.
    pub fn from_json(cards_json: &str, effects_json: &str) -> Result<Catalog, RuleError> {
        let records: Vec<CatalogRecord> =
            serde_json::from_str(cards_json).map_err(|e| RuleError::Catalog(e.to_string()))?;
        let mut cat = Catalog::effects_only(effects_json)?;
        for r in records {
            if let Some(text) = r.text_en.filter(|t| !t.trim().is_empty()) {
                cat.with_text.push(r.facts.id.clone());
                cat.texts.insert(r.facts.id.clone(), text);
            }
            if let Some(name) = r.name_en {
                cat.names.insert(r.facts.id.clone(), name);
            }
            if let Some(deck) = r.deck {
                cat.decks.insert(r.facts.id.clone(), deck);
            }
            if !r.absent.is_empty() {
                cat.absent.insert(r.facts.id.clone(), r.absent);
            }
            cat.facts.insert(r.facts.id.clone(), r.facts);
        }
        Ok(cat)
    }

    /// A catalog with effects only (facts added with [`Catalog::insert_facts`]).
    pub fn effects_only(effects_json: &str) -> Result<Catalog, RuleError> {
        let file: EffectsFile =
            serde_json::from_str(effects_json).map_err(|e| RuleError::Catalog(e.to_string()))?;
        if file.v != 1 {
            return Err(RuleError::UnsupportedVersion(file.v));
        }
        Ok(Catalog {
            effects: file.cards,
            ..Catalog::default()
        })
    }

    /// The embedded effects file alone.
    pub fn embedded_effects() -> Result<Catalog, RuleError> {
        Catalog::effects_only(EMBEDDED_EFFECTS)
    }

    /// Adds or replaces a card's facts (a user's fix, or a test fixture).
    pub fn insert_facts(&mut self, facts: BmFacts) {
        self.facts.insert(facts.id.clone(), facts);
    }

    /// Adds or replaces a card's effects.
    pub fn insert_effects(&mut self, id: CardId, effects: Vec<Effect>) {
        self.effects.insert(
            id,
            EffectEntry {
                name: None,
                effects,
            },
        );
    }

    /// The card's English name, if the catalog gives it.
    pub fn name(&self, id: &CardId) -> Option<&str> {
        self.names.get(id).map(String::as_str)
    }

    /// Ids of cards whose catalog record has special power text.
    pub fn cards_with_text(&self) -> &[CardId] {
        &self.with_text
    }

    pub fn effect_entries(&self) -> impl Iterator<Item = (&CardId, &EffectEntry)> {
        self.effects.iter()
    }

    pub fn all_facts(&self) -> impl Iterator<Item = &BmFacts> {
        self.facts.values()
    }
}

impl CardSource for Catalog {
    fn facts(&self, id: &CardId) -> Option<&BmFacts> {
        self.facts.get(id)
    }
    fn effects(&self, id: &CardId) -> &[Effect] {
        self.effects.get(id).map_or(&[], |e| e.effects.as_slice())
    }
    fn text(&self, id: &CardId) -> Option<&str> {
        self.texts.get(id).map(String::as_str)
    }
    fn name(&self, id: &CardId) -> Option<&str> {
        self.names.get(id).map(String::as_str)
    }
    fn deck(&self, id: &CardId) -> Option<&str> {
        self.decks.get(id).map(String::as_str)
    }
    fn lacks(&self, id: &CardId, fact: Fact) -> bool {
        let name = match fact {
            Fact::Type => "type",
            Fact::Fire => "fire",
            Fact::Earth => "earth",
        };
        let absent = self
            .absent
            .get(id)
            .is_some_and(|a| a.iter().any(|x| x == name));
        missing(self.facts(id), fact) && !absent
    }
}

/// How the catalog's cards with special power text fall into effect kinds.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Classification {
    /// Cards with an effects entry.
    pub classified: usize,
    /// Cards per kind (a card with several kinds counts in each).
    pub cards_per_kind: std::collections::BTreeMap<crate::effect::EffectKind, usize>,
    /// Cards per primary kind (the first kind that is not a reminder, else reminder).
    pub primary_kind: std::collections::BTreeMap<crate::effect::EffectKind, usize>,
    /// Cards whose catalog record has text but no effects entry (should be empty).
    pub unclassified: Vec<CardId>,
    /// Effects entries for ids the catalog does not know (should be empty).
    pub unknown_ids: Vec<CardId>,
    /// Cards whose icons the engine reads from the facts (shields, PROTECTED, BLUFF, ...).
    pub cards_per_icon: std::collections::BTreeMap<crate::Icon, usize>,
}

impl Catalog {
    /// Effect-kind counts, and what is missing on either side.
    pub fn classification(&self) -> Classification {
        use crate::effect::EffectKind;
        let mut cards_per_kind = std::collections::BTreeMap::new();
        let mut primary_kind = std::collections::BTreeMap::new();
        for entry in self.effects.values() {
            let mut kinds: Vec<EffectKind> = entry.effects.iter().map(Effect::kind).collect();
            let primary = kinds
                .iter()
                .copied()
                .find(|k| *k != EffectKind::Reminder)
                .unwrap_or(EffectKind::Reminder);
            *primary_kind.entry(primary).or_insert(0) += 1;
            kinds.sort();
            kinds.dedup();
            for k in kinds {
                *cards_per_kind.entry(k).or_insert(0) += 1;
            }
        }
        let mut unclassified: Vec<CardId> = self
            .with_text
            .iter()
            .filter(|id| self.effects.get(*id).is_none_or(|e| e.effects.is_empty()))
            .cloned()
            .collect();
        unclassified.sort();
        let mut unknown_ids: Vec<CardId> = self
            .effects
            .keys()
            .filter(|id| !self.facts.contains_key(*id))
            .cloned()
            .collect();
        unknown_ids.sort();
        let mut cards_per_icon = std::collections::BTreeMap::new();
        for f in self.facts.values() {
            for icon in &f.icons {
                *cards_per_icon.entry(*icon).or_insert(0) += 1;
            }
        }
        Classification {
            cards_per_icon,
            classified: self.effects.len(),
            cards_per_kind,
            primary_kind,
            unclassified,
            unknown_ids,
        }
    }
}
