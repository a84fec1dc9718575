//! The game as an event log. The JSON format is stable and versioned: every event is an
//! object `{"v":1,"type":"<snake_case type>", ...fields}`; see `EVENTS.md`.

use crate::table::Area;
use crate::{CardId, Element, Player, RuleError};
use serde::{Deserialize, Serialize};

/// The event format version this build writes and reads.
pub const EVENT_VERSION: u32 = 1;

fn is_zero(n: &u64) -> bool {
    *n == 0
}

fn no_constructed_deck(decks: &PerPlayer<Option<crate::construct::ConstructedDeck>>) -> bool {
    decks.a.is_none() && decks.b.is_none()
}

/// One entry of the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub v: u32,
    #[serde(flatten)]
    pub kind: EventKind,
}

impl Event {
    pub fn new(kind: EventKind) -> Event {
        Event {
            v: EVENT_VERSION,
            kind,
        }
    }

    pub fn to_json(&self) -> String {
        // Serializing these plain data types cannot fail; an empty string is never stored.
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn from_json(json: &str) -> Result<Event, RuleError> {
        let ev: Event = serde_json::from_str(json).map_err(|e| RuleError::Json(e.to_string()))?;
        if ev.v != EVENT_VERSION {
            return Err(RuleError::UnsupportedVersion(ev.v));
        }
        Ok(ev)
    }
}

/// Words that differ between the editions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Term {
    BeginningPhase,
    LeadershipPhase,
    RetreatPhase,
    CharacterPhase,
    BoosterSupportPhase,
    PowerPhase,
    RefreshPhase,
    EndPhase,
    ProtectedIcon,
    MayNot,
    Match,
    DeckBuilding,
}

impl Edition {
    /// The edition's word for a rule concept (both editions play identically).
    pub fn term(self, t: Term) -> &'static str {
        let first = self == Edition::First;
        match t {
            Term::BeginningPhase => {
                if first {
                    "Beginning of Turn"
                } else {
                    "Beginning"
                }
            }
            Term::LeadershipPhase => "Leadership",
            Term::RetreatPhase => {
                if first {
                    "Retreat from Fight?"
                } else {
                    "Engagement"
                }
            }
            Term::CharacterPhase => "Character",
            Term::BoosterSupportPhase => {
                if first {
                    "Booster or Support"
                } else {
                    "Booster/Support"
                }
            }
            Term::PowerPhase => {
                if first {
                    "Announce Power"
                } else {
                    "Power"
                }
            }
            Term::RefreshPhase => {
                if first {
                    "Refresh Hand"
                } else {
                    "Refresh"
                }
            }
            Term::EndPhase => {
                if first {
                    "End of Turn"
                } else {
                    "End"
                }
            }
            Term::ProtectedIcon => {
                if first {
                    "PROTECTED"
                } else {
                    "PROTECT"
                }
            }
            Term::MayNot => {
                if first {
                    "may not"
                } else {
                    "cannot"
                }
            }
            Term::Match => {
                if first {
                    "campaign"
                } else {
                    "match"
                }
            }
            Term::DeckBuilding => {
                if first {
                    "Advanced Rules"
                } else {
                    "deck building"
                }
            }
        }
    }
}

impl From<EventKind> for Event {
    fn from(kind: EventKind) -> Self {
        Event::new(kind)
    }
}

/// A value for each player (`{"A": ..., "B": ...}`), shared with the other games' engines.
pub use cards::PerPlayer;

/// Expansions in use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Expansion {
    /// Emissaries and Inquisitors (Hyla, crystal cards, interference cards).
    EmissariesInquisitors,
    BukaInvasion,
    Promo,
}

/// Which edition's terminology the app shows (both play identically).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Edition {
    /// Blue Moon (2004): "Announce Power", "PROTECTED", "may not", "campaign".
    #[default]
    First,
    /// Blue Moon Legends (2014): "Power", "PROTECT", "cannot", "match".
    Second,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventKind {
    /// First event of a match: decks (a people, or a free description), expansions, the
    /// terminology, and who starts the first fight.
    Setup {
        #[serde(default)]
        decks: PerPlayer<Option<String>>,
        #[serde(default)]
        expansions: Vec<Expansion>,
        #[serde(default)]
        edition: Edition,
        starts: Player,
        /// A constructed deck per player, as it was when the match began (issue #33); absent
        /// for the preassembled decks.
        #[serde(default, skip_serializing_if = "no_constructed_deck")]
        constructed: PerPlayer<Option<crate::construct::ConstructedDeck>>,
    },
    /// A card enters play from hand (or a landed ship). A character played to the combat
    /// area covers the player's cards played in earlier turns, unless it continues a gang
    /// or its text says it does not cover.
    CardPlayed {
        player: Player,
        card: CardId,
        area: Area,
        /// Target of a "one of my character cards" effect.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<CardId>,
        /// A bluff card played face down to the support area.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        face_down: bool,
        /// What the play was decided with: the number of the newest of the person's card fixes
        /// the table had read (0: none). A card's first play in a game fixes its facts there
        /// to the catalog with the fixes up to this one, so replaying, undoing and redoing the
        /// play read the same facts whatever was fixed since (the engine records it when it
        /// decides a play: [`crate::engine::DecidingCards`]).
        #[serde(default, skip_serializing_if = "is_zero")]
        fixes_read: u64,
    },
    /// The owner moves a "one of my character cards" effect to another character.
    TargetChanged {
        player: Player,
        card: CardId,
        target: CardId,
    },
    /// A card in the combat area becomes covered (inactive) without a new character.
    Covered { player: Player, card: CardId },
    /// A card in play returns to its owner's hand.
    Retrieved { player: Player, card: CardId },
    /// A card in play (`player`'s) goes to the discard pile.
    Discarded { player: Player, card: CardId },
    /// The player starting the fight chooses the element (first Announce Power phase).
    ElementChosen { player: Player, element: Element },
    /// The element changes by a card the engine did not see (a correction).
    ElementChanged { element: Element },
    /// The player announced power and ends the turn.
    TurnPassed { player: Player },
    /// The player retreats; the opponent attracts the dragons due. `forced`: a retreat
    /// outside the usual phase (Shame on you!, Flood cards, a called bluff).
    Retreat {
        player: Player,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        forced: bool,
        /// The single dragon of this retreat is cancelled (Who do you think you are?,
        /// played "when you attract exactly one dragon").
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        dragon_cancelled: bool,
    },
    /// The player due to start a fight declines, discarding 1-3 cards.
    DeclineStart { player: Player, discarded: u8 },
    /// Dragons attracted now (Holy Dragon cards, Storms, bluff calls, Swift-Fist).
    DragonsAttracted { player: Player, count: u8 },
    /// The player has no cards left in hand or draw deck.
    OutOfCards { player: Player },
    /// The player has cards again (a retrieve, a draw): they had not run out after all.
    CardsRegained { player: Player },
    /// The game ends by concession or irregularity: `loser` loses, the opponent scores the
    /// maximum (4, or 7 with Emissaries and Inquisitors).
    GameEnded { loser: Player },
    /// The players stop the game without a result (no winner, no crystals): it counts as
    /// finished, and the match can go on with a new game, started by the same player.
    GameAbandoned,
    /// The next game of the match starts; the loser of the last game starts it.
    NextGame,
}
