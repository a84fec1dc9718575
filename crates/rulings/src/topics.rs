//! General topics a card raises by its type, icons and wording, and the sections of each FAQ
//! that discuss them: shields, PAIR, ships, "ignored" texts, …

use crate::model::{Ruling, Source};
use cards::bm::{BmFacts, CardType, Icon, Series};
use serde::{Deserialize, Serialize};

/// A general topic with its own FAQ sections.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Topic {
    Shields,
    Stop,
    Retrieve,
    Protected,
    Free,
    Pair,
    Gang,
    Replace,
    Bluff,
    Ship,
    Interference,
    Inquisitor,
    Influence,
    Crystal,
    Mutant,
    Tutu,
    /// The card's text ignores something.
    Ignored,
    /// The card's text says "I must".
    IMust,
    /// The card's text forbids ("You may not").
    YouMayNot,
    /// The card's text discards.
    Discard,
}

impl Topic {
    pub const ALL: [Topic; 20] = [
        Topic::Shields,
        Topic::Stop,
        Topic::Retrieve,
        Topic::Protected,
        Topic::Free,
        Topic::Pair,
        Topic::Gang,
        Topic::Replace,
        Topic::Bluff,
        Topic::Ship,
        Topic::Interference,
        Topic::Inquisitor,
        Topic::Influence,
        Topic::Crystal,
        Topic::Mutant,
        Topic::Tutu,
        Topic::Ignored,
        Topic::IMust,
        Topic::YouMayNot,
        Topic::Discard,
    ];

    /// The topics a card's printed facts raise.
    pub fn from_facts(facts: &BmFacts) -> Vec<Topic> {
        let mut out = Vec::new();
        for icon in &facts.icons {
            let t = match icon {
                Icon::FireShield | Icon::EarthShield => Topic::Shields,
                Icon::Stop => Topic::Stop,
                Icon::Retrieve => Topic::Retrieve,
                Icon::Protected => Topic::Protected,
                Icon::Free => Topic::Free,
                Icon::Pair => Topic::Pair,
                Icon::Gang => Topic::Gang,
                Icon::Replace => Topic::Replace,
                Icon::Bluff => Topic::Bluff,
            };
            out.push(t);
        }
        if facts.bluff.is_some() {
            out.push(Topic::Bluff);
        }
        match facts.card_type {
            Some(CardType::Ship) => out.push(Topic::Ship),
            Some(CardType::Interference) => out.push(Topic::Interference),
            Some(CardType::Inquisitor) => out.push(Topic::Inquisitor),
            Some(CardType::Influence) => out.push(Topic::Influence),
            Some(CardType::Crystal) => out.push(Topic::Crystal),
            _ => {}
        }
        if facts.mutant || facts.series == Series::Mutant {
            out.push(Topic::Mutant);
        }
        if facts.series == Series::Tutu {
            out.push(Topic::Tutu);
        }
        if facts.series == Series::Infl {
            out.push(Topic::Influence);
        }
        out.sort();
        out.dedup();
        out
    }

    /// The topics a card's special power text raises (English wording as the FAQ quotes it).
    pub fn from_text(text: &str) -> Vec<Topic> {
        let lower = text.to_lowercase();
        let mut out = Vec::new();
        if lower.contains("ignore") {
            out.push(Topic::Ignored);
        }
        if lower.contains("i must") {
            out.push(Topic::IMust);
        }
        if lower.contains("may not") {
            out.push(Topic::YouMayNot);
        }
        if lower.contains("discard") {
            out.push(Topic::Discard);
        }
        out
    }

    /// Whether a record belongs to a general section about this topic.
    pub fn covers(self, r: &Ruling) -> bool {
        let Some(section) = r.section.last() else {
            return false;
        };
        let s = section.as_str();
        match r.source {
            Source::BlueMoonFaqEn => match self {
                Topic::Shields => s == "Icons: Shields",
                Topic::Stop => s == "Icons: STOP",
                Topic::Retrieve => s == "Icons: RETRIEVE",
                Topic::Protected => s == "Icons: PROTECTED",
                Topic::Free => s == "Icons: FREE",
                Topic::Pair => s == "Icons: PAIR",
                Topic::Gang => s == "Icons: GANG",
                Topic::Replace => s == "Icons: REPLACE",
                Topic::Bluff => s.starts_with("Bluffing:"),
                Topic::Ship => s.starts_with("Ships:"),
                Topic::Interference => s == "Interference Cards",
                Topic::Inquisitor => s == "Inquisitors" || s == "About the Inquisitors",
                Topic::Influence | Topic::Crystal => s == "Influence and Achievement Cards",
                Topic::Mutant | Topic::Tutu => false,
                Topic::Ignored => s.starts_with("Special Power Texts: Ignored (General Rules)"),
                Topic::IMust => s == "Special Power Texts: I Must",
                Topic::YouMayNot => s == "Special Power Texts: You May Not",
                Topic::Discard => s == "Special Power Texts: Discard (General Rules)",
            },
            Source::BlueMoonFaqDe => match self {
                Topic::Shields => s.starts_with("SCHILD-Symbol"),
                Topic::Stop => s == "STOPP-Symbol",
                Topic::Retrieve => s == "WIEDERAUFNEHMEN-Symbol",
                Topic::Protected => s == "GESCHÜTZT-Symbol",
                Topic::Free => s == "FREI-Symbol",
                Topic::Pair => s == "PAAR-Symbol",
                Topic::Gang => s == "GANG-Symbol",
                Topic::Replace => s == "ERSETZEN-Symbol",
                Topic::Bluff => s == "BLUFF-Symbol",
                Topic::Ship => s == "Schiffe (allgemein)",
                Topic::Interference => s == "Interventionen (allgemein)",
                Topic::Inquisitor => s == "Inquisitoren (allgemein)",
                Topic::Influence => false,
                Topic::Crystal => s == "Kristallkarten (allgemein)",
                Topic::Mutant => s == "Mutanten (allgemein)",
                Topic::Tutu => s == "Tutu (allgemein)",
                Topic::Ignored => s.starts_with("Sonderfunktion: \"") && s.contains("ignoriert"),
                Topic::IMust | Topic::YouMayNot => s == "Hierarchie",
                Topic::Discard => false,
            },
            _ => false,
        }
    }
}
