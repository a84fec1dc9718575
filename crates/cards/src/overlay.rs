//! The user's own corrections to the Blue Moon catalog ("fixes"), filled in from the physical
//! card where no source gives a fact. Fixes are keyed by card id and fact name, never by
//! position, so they survive catalog updates; the user database stores them as JSON of
//! [`CardFix`].

use crate::bm::{Bluff, CardType, Gang, Icon};
use crate::bm_card::BmCard;
use crate::{CardId, CatalogError};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Highest printed fire/earth value accepted (the printed cards go up to 8).
pub const MAX_VALUE: u8 = 9;
/// Highest moon cost accepted (the printed cards go up to 4).
pub const MAX_MOONS: u8 = 9;
/// Highest ship capacity accepted (the printed ships go up to 4).
pub const MAX_CAPACITY: u8 = 9;
/// Longest name or text accepted in a fix, in characters.
pub const MAX_TEXT_CHARS: usize = 1000;

/// The name of one fact of a Blue Moon card record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fact {
    Series,
    Number,
    NameEn,
    NameDe,
    Type,
    Mutant,
    Fire,
    Earth,
    Icons,
    Gang,
    Bluff,
    Moons,
    Capacity,
    Deck,
    TextEn,
    TextDe,
}

impl Fact {
    /// The facts whose unknown count the catalog statistics report.
    pub const TRACKED: [Fact; 11] = [
        Fact::NameEn,
        Fact::NameDe,
        Fact::Type,
        Fact::Fire,
        Fact::Earth,
        Fact::Icons,
        Fact::Moons,
        Fact::Capacity,
        Fact::Deck,
        Fact::TextEn,
        Fact::TextDe,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Fact::Series => "series",
            Fact::Number => "number",
            Fact::NameEn => "name_en",
            Fact::NameDe => "name_de",
            Fact::Type => "type",
            Fact::Mutant => "mutant",
            Fact::Fire => "fire",
            Fact::Earth => "earth",
            Fact::Icons => "icons",
            Fact::Gang => "gang",
            Fact::Bluff => "bluff",
            Fact::Moons => "moons",
            Fact::Capacity => "capacity",
            Fact::Deck => "deck",
            Fact::TextEn => "text_en",
            Fact::TextDe => "text_de",
        }
    }
}

impl fmt::Display for Fact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A fact together with its value: the variant fixes which fact, so a value can never be
/// attached to the wrong fact. Series and number are the card's identity and cannot be fixed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "fact", content = "value", rename_all = "snake_case")]
pub enum FactValue {
    NameEn(String),
    NameDe(String),
    Type(CardType),
    Mutant(bool),
    Fire(u8),
    Earth(u8),
    /// The full icon list; GANG and BLUFF details go in their own facts.
    Icons(Vec<Icon>),
    Gang(Gang),
    Bluff(Bluff),
    Moons(u8),
    Capacity(u8),
    Deck(String),
    TextEn(String),
    TextDe(String),
}

impl FactValue {
    pub fn fact(&self) -> Fact {
        match self {
            FactValue::NameEn(_) => Fact::NameEn,
            FactValue::NameDe(_) => Fact::NameDe,
            FactValue::Type(_) => Fact::Type,
            FactValue::Mutant(_) => Fact::Mutant,
            FactValue::Fire(_) => Fact::Fire,
            FactValue::Earth(_) => Fact::Earth,
            FactValue::Icons(_) => Fact::Icons,
            FactValue::Gang(_) => Fact::Gang,
            FactValue::Bluff(_) => Fact::Bluff,
            FactValue::Moons(_) => Fact::Moons,
            FactValue::Capacity(_) => Fact::Capacity,
            FactValue::Deck(_) => Fact::Deck,
            FactValue::TextEn(_) => Fact::TextEn,
            FactValue::TextDe(_) => Fact::TextDe,
        }
    }

    /// The catalog's value of `fact` for `card`, if it has one.
    pub fn of(card: &BmCard, fact: Fact) -> Option<FactValue> {
        let f = &card.facts;
        match fact {
            Fact::Series | Fact::Number => None,
            Fact::NameEn => card.name_en.clone().map(FactValue::NameEn),
            Fact::NameDe => card.name_de.clone().map(FactValue::NameDe),
            Fact::Type => f.card_type.map(FactValue::Type),
            Fact::Mutant => Some(FactValue::Mutant(f.mutant)),
            Fact::Fire => f.fire.map(FactValue::Fire),
            Fact::Earth => f.earth.map(FactValue::Earth),
            Fact::Icons => Some(FactValue::Icons(f.icons.clone())),
            Fact::Gang => f.gang.clone().map(FactValue::Gang),
            Fact::Bluff => f.bluff.map(FactValue::Bluff),
            Fact::Moons => f.moons.map(FactValue::Moons),
            Fact::Capacity => f.capacity.map(FactValue::Capacity),
            Fact::Deck => card.deck.clone().map(FactValue::Deck),
            Fact::TextEn => card.text_en.clone().map(FactValue::TextEn),
            Fact::TextDe => card.text_de.clone().map(FactValue::TextDe),
        }
    }

    /// Checks the value is one a printed card can have.
    pub fn validate(&self, id: &str) -> Result<(), CatalogError> {
        let invalid = |reason: String| CatalogError::InvalidFix {
            id: id.to_owned(),
            fact: self.fact(),
            reason,
        };
        let check_max = |v: u8, max: u8| {
            if v > max {
                Err(invalid(format!("{v} is out of range (0..={max})")))
            } else {
                Ok(())
            }
        };
        let check_text = |s: &str| {
            if s.trim().is_empty() {
                Err(invalid("empty text".to_owned()))
            } else if s.chars().count() > MAX_TEXT_CHARS {
                Err(invalid(format!("longer than {MAX_TEXT_CHARS} characters")))
            } else if s.chars().any(|c| c.is_control() && c != '\n') {
                Err(invalid("contains control characters".to_owned()))
            } else {
                Ok(())
            }
        };
        match self {
            FactValue::Fire(v) | FactValue::Earth(v) => check_max(*v, MAX_VALUE),
            FactValue::Moons(v) => check_max(*v, MAX_MOONS),
            FactValue::Capacity(v) => check_max(*v, MAX_CAPACITY),
            FactValue::Icons(icons) => {
                let mut seen = icons.clone();
                seen.sort();
                seen.dedup();
                if seen.len() != icons.len() {
                    Err(invalid("an icon is listed twice".to_owned()))
                } else {
                    Ok(())
                }
            }
            FactValue::Gang(g) => check_text(&g.0),
            FactValue::NameEn(s)
            | FactValue::NameDe(s)
            | FactValue::Deck(s)
            | FactValue::TextEn(s)
            | FactValue::TextDe(s) => check_text(s),
            FactValue::Type(_) | FactValue::Mutant(_) | FactValue::Bluff(_) => Ok(()),
        }
    }

    /// Writes the value into a card record.
    fn apply_to(&self, card: &mut BmCard) {
        let f = &mut card.facts;
        match self.clone() {
            FactValue::NameEn(s) => card.name_en = Some(s),
            FactValue::NameDe(s) => card.name_de = Some(s),
            FactValue::Type(t) => f.card_type = Some(t),
            FactValue::Mutant(m) => f.mutant = m,
            FactValue::Fire(v) => f.fire = Some(v),
            FactValue::Earth(v) => f.earth = Some(v),
            FactValue::Icons(i) => {
                f.icons = i;
                card.icons_complete = true;
            }
            FactValue::Gang(g) => f.gang = Some(g),
            FactValue::Bluff(b) => f.bluff = Some(b),
            FactValue::Moons(v) => f.moons = Some(v),
            FactValue::Capacity(v) => f.capacity = Some(v),
            FactValue::Deck(s) => card.deck = Some(s),
            FactValue::TextEn(s) => card.text_en = Some(s),
            FactValue::TextDe(s) => card.text_de = Some(s),
        }
        let fact = self.fact();
        card.absent.retain(|a| *a != fact);
    }
}

/// One user correction: card, fact with value, and when it was made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardFix {
    pub card: CardId,
    #[serde(flatten)]
    pub value: FactValue,
    /// When the user made the fix, Unix seconds (UTC). The latest fix of a fact wins.
    pub at: i64,
}

impl CardFix {
    pub fn new(card: impl Into<CardId>, value: FactValue, at: i64) -> Self {
        CardFix {
            card: card.into(),
            value,
            at,
        }
    }

    pub fn fact(&self) -> Fact {
        self.value.fact()
    }
}

/// A fact whose effective value is the user's.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct UserFact {
    pub value: FactValue,
    /// The catalog's value it replaces, if the catalog has one.
    pub replaced: Option<FactValue>,
    /// The catalog now gives the same value (e.g. after a catalog update).
    pub agrees_with_catalog: bool,
    pub at: i64,
}

/// A Blue Moon card with the user's fixes applied.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EffectiveBmCard {
    pub card: BmCard,
    /// Fact → the user's value; every fact not listed is the catalog's.
    pub user: Vec<(Fact, UserFact)>,
}

impl EffectiveBmCard {
    pub fn is_users(&self, fact: Fact) -> bool {
        self.user.iter().any(|(f, _)| *f == fact)
    }

    pub fn user_fact(&self, fact: Fact) -> Option<&UserFact> {
        self.user.iter().find(|(f, _)| *f == fact).map(|(_, u)| u)
    }

    /// Applies fixes (already validated and all for this card) over a catalog record.
    pub(crate) fn build(card: &BmCard, fixes: &[&CardFix]) -> EffectiveBmCard {
        // Latest fix of each fact wins; on equal time the later one in the list.
        let mut latest: Vec<&CardFix> = Vec::new();
        for fix in fixes {
            match latest.iter_mut().find(|f| f.fact() == fix.fact()) {
                Some(slot) if slot.at <= fix.at => *slot = fix,
                Some(_) => {}
                None => latest.push(fix),
            }
        }
        latest.sort_by_key(|f| f.fact());
        let mut effective = card.clone();
        let mut user = Vec::with_capacity(latest.len());
        for fix in latest {
            let replaced = FactValue::of(card, fix.fact());
            fix.value.apply_to(&mut effective);
            user.push((
                fix.fact(),
                UserFact {
                    agrees_with_catalog: replaced.as_ref() == Some(&fix.value),
                    value: fix.value.clone(),
                    replaced,
                    at: fix.at,
                },
            ));
        }
        EffectiveBmCard {
            card: effective,
            user,
        }
    }
}

/// A stored fix the current catalog cannot take (its card is gone, or its value is invalid).
#[derive(Debug)]
pub struct RejectedFix {
    pub fix: CardFix,
    pub error: CatalogError,
}

/// The result of applying the user's fixes over the catalog.
#[derive(Debug, Default)]
pub struct AppliedFixes {
    /// Effective records of the cards that have at least one valid fix, in id order.
    pub cards: Vec<EffectiveBmCard>,
    /// Fixes that could not be applied; they stay in the user database untouched.
    pub rejected: Vec<RejectedFix>,
}

impl AppliedFixes {
    pub fn card(&self, id: &str) -> Option<&EffectiveBmCard> {
        self.cards.iter().find(|c| c.card.facts.id.as_str() == id)
    }
}
