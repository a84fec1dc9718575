//! Printed facts of a Blue Moon card: the vocabulary shared by the catalog (this crate)
//! and the rules engine (`bluemoon` crate).
//!
//! The catalog file `data/cards/bluemoon.json` is an array of [`BmFacts`] records (plus
//! fields the engine does not need: names, texts, sources). A fact no source gives is
//! `null` (`None`), never guessed.

use crate::CardId;
use serde::{Deserialize, Serialize};

/// The two elements a fight can be contested in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Element {
    Fire,
    Earth,
}

impl Element {
    pub fn other(self) -> Element {
        match self {
            Element::Fire => Element::Earth,
            Element::Earth => Element::Fire,
        }
    }
}

/// The series a card is numbered in: the prefix of the FAQ's card tag (`[Vulca 24]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Series {
    Hoax,
    Vulca,
    Mimix,
    Flit,
    Khind,
    Terrah,
    Pillar,
    Aqua,
    Buka,
    /// Mutants 101–110.
    Mutant,
    /// Tutu emissary cards (5xx).
    Tutu,
    /// Hyla influence cards (6xx): tag prefix `Infl`.
    Infl,
    /// Interference cards (40x): tag prefix `Inter`.
    Inter,
    /// Inquisitors (41x): tag prefix `Inq`.
    Inq,
    /// Emissaries (500, 600, 700, 800): tag prefix `Emis`.
    Emis,
    /// Crystal (achievement) cards (20x): tag prefix `Ach`.
    Ach,
    /// The promo cards (90x).
    Promo,
}

impl Series {
    pub const ALL: [Series; 17] = [
        Series::Hoax,
        Series::Vulca,
        Series::Mimix,
        Series::Flit,
        Series::Khind,
        Series::Terrah,
        Series::Pillar,
        Series::Aqua,
        Series::Buka,
        Series::Mutant,
        Series::Tutu,
        Series::Infl,
        Series::Inter,
        Series::Inq,
        Series::Emis,
        Series::Ach,
        Series::Promo,
    ];

    /// The tag prefix as the FAQ prints it (`Vulca`, `Infl`, `Promo`).
    pub fn tag_prefix(self) -> &'static str {
        match self {
            Series::Hoax => "Hoax",
            Series::Vulca => "Vulca",
            Series::Mimix => "Mimix",
            Series::Flit => "Flit",
            Series::Khind => "Khind",
            Series::Terrah => "Terrah",
            Series::Pillar => "Pillar",
            Series::Aqua => "Aqua",
            Series::Buka => "Buka",
            Series::Mutant => "Mutant",
            Series::Tutu => "Tutu",
            Series::Infl => "Infl",
            Series::Inter => "Inter",
            Series::Inq => "Inq",
            Series::Emis => "Emis",
            Series::Ach => "Ach",
            Series::Promo => "Promo",
        }
    }

    /// Whether this series is one of the nine people decks.
    pub fn is_people(self) -> bool {
        matches!(
            self,
            Series::Hoax
                | Series::Vulca
                | Series::Mimix
                | Series::Flit
                | Series::Khind
                | Series::Terrah
                | Series::Pillar
                | Series::Aqua
                | Series::Buka
        )
    }
}

/// What kind of card it is; decides the area it is played to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardType {
    Leader,
    Character,
    Booster,
    Support,
    Leadership,
    /// Hyla / influence cards (E&I), played to the shared Hyla slot.
    Influence,
    /// Buka ships.
    Ship,
    /// Crystal (achievement) cards (E&I).
    Crystal,
    /// Interference cards (E&I), played in the opponent's turn.
    Interference,
    Inquisitor,
    Emissary,
}

/// Which BLUFF icon a card carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Bluff {
    Fire,
    Earth,
    Empty,
}

/// The GANG a card belongs to (the gang's name as printed in the icon, e.g. `cool`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Gang(pub String);

/// An icon printed on a card. GANG and BLUFF carry their detail in [`BmFacts`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Icon {
    FireShield,
    EarthShield,
    Stop,
    Retrieve,
    Protected,
    Free,
    Pair,
    Gang,
    Replace,
    Bluff,
}

/// The printed facts of one Blue Moon card that the rules need. `None` = unknown.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BmFacts {
    pub id: CardId,
    pub series: Series,
    /// Number as printed (`24`, `106`, `0` for a leader).
    pub number: u16,
    #[serde(rename = "type")]
    pub card_type: Option<CardType>,
    #[serde(default)]
    pub mutant: bool,
    pub fire: Option<u8>,
    pub earth: Option<u8>,
    #[serde(default)]
    pub icons: Vec<Icon>,
    #[serde(default)]
    pub gang: Option<Gang>,
    #[serde(default)]
    pub bluff: Option<Bluff>,
    pub moons: Option<u8>,
    /// Ship capacity (Buka ships only).
    #[serde(default)]
    pub capacity: Option<u8>,
}

impl BmFacts {
    pub fn has_icon(&self, icon: Icon) -> bool {
        self.icons.contains(&icon)
    }

    /// The printed value in one element, if known.
    pub fn printed(&self, element: Element) -> Option<u8> {
        match element {
            Element::Fire => self.fire,
            Element::Earth => self.earth,
        }
    }
}
