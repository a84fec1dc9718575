//! Constructed decks (the first edition's Advanced Rules, the second edition's deck
//! building): whether a list of cards is a legal deck for a chosen people, what each card
//! costs and why, and the limits the leader and an inquisitor give. Pure: the cards' facts
//! (people, moons, type, the deck they are sold in) come from a [`CardSource`], so a
//! user's card fix (a card's moons, say) counts like the catalog.
//!
//! The rules, from the English FAQ (§ 'About Deck Building', § 'About the Inquisitors',
//! § 'About the Emissaries'); each has a golden test in `tests/all/deckbuilding.rs`:
//! * a deck starts with a chosen people, whose own cards are free, including those sold in
//!   another people's preassembled deck; another people's card costs its moons, even when it
//!   is sold in the chosen people's preassembled deck;
//! * the leader gives the limits: 30 cards, 10 moons (and only an inquisitor raises them);
//! * one copy of each card;
//! * any number of zero-moon cards from other peoples, within the card limit (so more than
//!   one mutant);
//! * every type of card may be bought; cards of the Emissaries and Inquisitors decks and
//!   Buka cards only when the players allow them; emissaries are not used with deck
//!   building;
//! * an inquisitor goes with the leader, adds cards and moons and may give a special power.

use crate::deck::PEOPLES;
use crate::source::CardSource;
use crate::{CardId, CardType, Series};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The leader's limits, the same on every leader: "30 cards 10 moons" (Xelethotiras Genius
/// of the Hoax [Hoax 00], quoted in § 'About the Inquisitors'; § 'About Deck Building':
/// "with only 10 moons to spend", and more only by using inquisitors).
pub const LEADER_CARDS: u32 = 30;
pub const LEADER_MOONS: u32 = 10;

/// The four inquisitors (§ 'About the Inquisitors': "How many inquisitors are there?").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Inquisitor {
    /// Swift-Fist Royal Marshal [Inq 411]: "+0 cards + 0 moons At the start of the game, I
    /// attract one dragon."
    SwiftFist,
    /// Razor-Mind Royal Inspector [Inq 412]: "+5 cards + 5 moons I may play my cards as if
    /// they had the REPLACE icon."
    RazorMind,
    /// Grease-Palm Royal Minister [Inq 413]: "+10 cards +15 moons".
    GreasePalm,
    /// Weave-Tongue Royal Councilor [Inq 414]: "+15 cards +10 moons At the end of my turn,
    /// I may draw one additional card."
    WeaveTongue,
}

/// What an inquisitor's special power does at the table, in all fights of all games played
/// with it (§ 'About the Inquisitors').
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum InquisitorPower {
    /// The player attracts one dragon at the start of the game.
    DragonAtStart,
    /// The player's cards may be played as if they had the REPLACE icon.
    PlayAsIfReplace,
    /// At the end of the player's turn, one more card may be drawn.
    DrawOneMoreAtEndOfTurn,
}

impl Inquisitor {
    pub const ALL: [Inquisitor; 4] = [
        Inquisitor::SwiftFist,
        Inquisitor::RazorMind,
        Inquisitor::GreasePalm,
        Inquisitor::WeaveTongue,
    ];

    /// The inquisitor's card.
    pub fn card(self) -> CardId {
        CardId::new(format!("inq-{}", self.number()))
    }

    pub fn number(self) -> u16 {
        match self {
            Inquisitor::SwiftFist => 411,
            Inquisitor::RazorMind => 412,
            Inquisitor::GreasePalm => 413,
            Inquisitor::WeaveTongue => 414,
        }
    }

    /// The inquisitor of a card, if the card is one.
    pub fn of_card(card: &CardId) -> Option<Inquisitor> {
        Inquisitor::ALL.into_iter().find(|i| &i.card() == card)
    }

    /// Cards added to the deck.
    pub fn extra_cards(self) -> u32 {
        match self {
            Inquisitor::SwiftFist => 0,
            Inquisitor::RazorMind => 5,
            Inquisitor::GreasePalm => 10,
            Inquisitor::WeaveTongue => 15,
        }
    }

    /// Moons added to what the deck may spend.
    pub fn extra_moons(self) -> u32 {
        match self {
            Inquisitor::SwiftFist => 0,
            Inquisitor::RazorMind => 5,
            Inquisitor::GreasePalm => 15,
            Inquisitor::WeaveTongue => 10,
        }
    }

    pub fn power(self) -> Option<InquisitorPower> {
        match self {
            Inquisitor::SwiftFist => Some(InquisitorPower::DragonAtStart),
            Inquisitor::RazorMind => Some(InquisitorPower::PlayAsIfReplace),
            Inquisitor::GreasePalm => None,
            Inquisitor::WeaveTongue => Some(InquisitorPower::DrawOneMoreAtEndOfTurn),
        }
    }
}

/// A constructed deck as a game keeps it in its set-up: what the deck was when the game
/// began, so a deck edited later changes nothing in that game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConstructedDeck {
    /// The deck's name, for the table's words ("not in Ann's deck Fire Wall").
    pub name: String,
    pub people: Series,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inquisitor: Option<Inquisitor>,
    /// The deck may hold Emissaries and Inquisitors cards (the game plays with them).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub emissaries_inquisitors: bool,
    pub cards: Vec<CardId>,
}

/// What the players agreed on before building: the people, an inquisitor, and which of the
/// extra decks' cards may be bought.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeckRules {
    /// One of the nine peoples ([`PEOPLES`]).
    pub people: Series,
    pub inquisitor: Option<Inquisitor>,
    /// Cards of the Emissaries and Inquisitors decks may be bought (and an inquisitor used).
    pub emissaries_inquisitors: bool,
    /// Buka cards may be bought.
    pub buka: bool,
}

impl DeckRules {
    pub fn cards_allowed(&self) -> u32 {
        LEADER_CARDS + self.inquisitor.map_or(0, Inquisitor::extra_cards)
    }

    pub fn moons_allowed(&self) -> u32 {
        LEADER_MOONS + self.inquisitor.map_or(0, Inquisitor::extra_moons)
    }
}

/// The people a name stands for (`Vulca`, case-insensitive), if it is one of the nine.
pub fn people_series(name: &str) -> Option<Series> {
    let name = name.trim();
    let people = PEOPLES.iter().find(|p| p.eq_ignore_ascii_case(name))?;
    Series::ALL
        .into_iter()
        .find(|s| s.tag_prefix().eq_ignore_ascii_case(people))
}

/// Why a card costs what it costs in this deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CostReason {
    /// A card of the chosen people: free, wherever it is sold.
    OwnPeople,
    /// Another people's card, or a card of no people (a mutant, a Hyla card): its moons.
    Bought,
}

/// One card of the list with its cost.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CardCost {
    pub card: CardId,
    /// The moons it costs here (0 when free); `None` when a bought card's moons are unknown.
    pub moons: Option<u8>,
    pub reason: CostReason,
}

/// A card that goes beside the deck, never in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BesideTheDeck {
    Leader,
    Inquisitor,
    /// Emissaries are the fast-play rule and "are not used with the Advanced Rules".
    Emissary,
}

/// A rule the deck breaks, naming the card where there is one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum DeckProblem {
    /// The catalog does not know the card.
    UnknownCard {
        card: CardId,
    },
    /// More than one copy of a card.
    Duplicate {
        card: CardId,
        copies: u32,
    },
    /// A deck holds exactly as many cards as the leader (and inquisitor) say: "you have a 35
    /// card deck" (§ 'About the Inquisitors').
    TooFewCards {
        used: u32,
        wanted: u32,
    },
    TooManyCards {
        used: u32,
        allowed: u32,
    },
    TooManyMoons {
        used: u32,
        allowed: u32,
    },
    /// An Emissaries and Inquisitors card (or an inquisitor) while they are not allowed.
    NeedsEmissariesInquisitors {
        card: CardId,
    },
    /// A Buka card while Buka cards are not allowed.
    NeedsBuka {
        card: CardId,
    },
    /// A leader, inquisitor or emissary in the list of cards.
    NotADeckCard {
        card: CardId,
        kind: BesideTheDeck,
    },
    /// A bought card whose moons nobody knows yet (fix the card's moons to count it).
    MoonsUnknown {
        card: CardId,
    },
}

/// The deck as the rules see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeckCheck {
    pub cards_used: u32,
    pub cards_allowed: u32,
    pub moons_used: u32,
    pub moons_allowed: u32,
    /// Each distinct card of the list, in the list's order, with its cost.
    pub costs: Vec<CardCost>,
    pub problems: Vec<DeckProblem>,
}

impl DeckCheck {
    pub fn is_legal(&self) -> bool {
        self.problems.is_empty()
    }
}

/// Whether a card comes from the Emissaries and Inquisitors decks (sold in `E&I:A` or
/// `E&I:B`, or of a series only those decks hold).
fn is_emissaries_inquisitors(cards: &impl CardSource, card: &CardId, series: Series) -> bool {
    matches!(
        series,
        Series::Tutu | Series::Infl | Series::Inter | Series::Inq | Series::Emis | Series::Ach
    ) || cards.deck(card).is_some_and(|d| d.starts_with("E&I"))
}

/// Checks a list of cards (as entered: a repeated card counts each time) against the rules.
pub fn check(cards: &impl CardSource, rules: &DeckRules, list: &[CardId]) -> DeckCheck {
    let mut problems = Vec::new();
    if let Some(inq) = rules.inquisitor {
        if !rules.emissaries_inquisitors {
            problems.push(DeckProblem::NeedsEmissariesInquisitors { card: inq.card() });
        }
    }
    let mut seen = BTreeSet::new();
    let mut costs = Vec::new();
    let mut moons_used = 0u32;
    for card in list {
        if !seen.insert(card.clone()) {
            continue;
        }
        let copies = list.iter().filter(|c| *c == card).count() as u32;
        if copies > 1 {
            problems.push(DeckProblem::Duplicate {
                card: card.clone(),
                copies,
            });
        }
        let Some(facts) = cards.facts(card) else {
            problems.push(DeckProblem::UnknownCard { card: card.clone() });
            continue;
        };
        let beside = match facts.card_type {
            Some(CardType::Leader) => Some(BesideTheDeck::Leader),
            Some(CardType::Inquisitor) => Some(BesideTheDeck::Inquisitor),
            Some(CardType::Emissary) => Some(BesideTheDeck::Emissary),
            _ => None,
        };
        if let Some(kind) = beside {
            problems.push(DeckProblem::NotADeckCard {
                card: card.clone(),
                kind,
            });
            continue;
        }
        let own = facts.series == rules.people;
        if is_emissaries_inquisitors(cards, card, facts.series) && !rules.emissaries_inquisitors {
            problems.push(DeckProblem::NeedsEmissariesInquisitors { card: card.clone() });
        }
        if facts.series == Series::Buka && !own && !rules.buka {
            problems.push(DeckProblem::NeedsBuka { card: card.clone() });
        }
        let (moons, reason) = if own {
            (Some(0), CostReason::OwnPeople)
        } else {
            (facts.moons, CostReason::Bought)
        };
        match moons {
            Some(m) => moons_used += u32::from(m),
            None => problems.push(DeckProblem::MoonsUnknown { card: card.clone() }),
        }
        costs.push(CardCost {
            card: card.clone(),
            moons,
            reason,
        });
    }
    let cards_used = list.len() as u32;
    let (cards_allowed, moons_allowed) = (rules.cards_allowed(), rules.moons_allowed());
    if cards_used < cards_allowed {
        problems.push(DeckProblem::TooFewCards {
            used: cards_used,
            wanted: cards_allowed,
        });
    }
    if cards_used > cards_allowed {
        problems.push(DeckProblem::TooManyCards {
            used: cards_used,
            allowed: cards_allowed,
        });
    }
    if moons_used > moons_allowed {
        problems.push(DeckProblem::TooManyMoons {
            used: moons_used,
            allowed: moons_allowed,
        });
    }
    DeckCheck {
        cards_used,
        cards_allowed,
        moons_used,
        moons_allowed,
        costs,
        problems,
    }
}
