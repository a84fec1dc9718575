//! The effect model: every card's special power text as data the engine interprets.
//!
//! The engine never matches on card names or ids; it only reads these kinds. The catalog
//! file `data/cards/bluemoon-effects.json` maps card ids to a list of [`Effect`]s.
//!
//! Conventions, following the FAQ's "I"/"you" wording: "my"/"I" is the card's owner
//! ([`Whose::Mine`]), "your"/"you" is the owner's opponent ([`Whose::Yours`]).

use crate::dragons::DragonColour;
use crate::{CardType, Element, Icon};
use serde::{Deserialize, Serialize};

/// Whose cards (or which player) an effect is about, seen from the card's owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Whose {
    /// The card's owner ("my", "I").
    #[default]
    Mine,
    /// The owner's opponent ("your", "you").
    Yours,
}

/// Which element values a value change touches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Elements {
    /// "The values of ..." (fire and earth).
    #[default]
    Both,
    Fire,
    Earth,
}

impl Elements {
    pub fn includes(self, element: Element) -> bool {
        match self {
            Elements::Both => true,
            Elements::Fire => element == Element::Fire,
            Elements::Earth => element == Element::Earth,
        }
    }
}

/// A class of cards an effect reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardClass {
    /// "one of my character cards": the owner chooses the target (default: the active
    /// character). Only meaningful for value changes.
    OneCharacter,
    Characters,
    Boosters,
    Support,
    /// "booster/support cards".
    BoosterSupport,
    /// Face-down bluff cards (they are support cards in all regards).
    Bluff,
    /// "cards with icons" (icons that are not themselves ignored).
    WithIcons,
    /// "all your cards".
    All,
}

/// How a value is changed. Every increase is monotone ("an increase never reduces a
/// value"), which is what lets [`crate::power`] order them without enumerating
/// permutations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ValueOp {
    Double,
    IncreaseTo(u8),
    IncreaseBy(u8),
    /// "increase to the sum of its printed Fire value + its printed Earth value".
    SumOfPrinted,
    /// "increase to the higher of its printed Fire value or its printed Earth value".
    HigherPrinted,
    /// Decreases (applied after every increase, in the order that minimises values).
    DecreaseTo(u8),
    DecreaseBy(u8),
}

impl ValueOp {
    pub fn is_increase(self) -> bool {
        !matches!(self, ValueOp::DecreaseTo(_) | ValueOp::DecreaseBy(_))
    }
}

/// Odd or even printed values (the Cool cards).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Parity {
    Odd,
    Even,
}

impl Parity {
    pub fn matches(self, v: u8) -> bool {
        match self {
            Parity::Odd => v % 2 == 1,
            Parity::Even => v % 2 == 0,
        }
    }
}

/// What an ignoring effect takes away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IgnoreWhat {
    /// Special power text only: values and icons stay.
    Text,
    /// Icons only (minus the `except_icons`): values and text stay.
    Icons,
    /// Whole cards: values count 0, icons and text have no effect.
    Cards,
}

/// Cards an ignoring effect spares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Except {
    /// "except (on) Flit character cards".
    FlitCharacters,
    /// "except PROTECTED cards" (redundant with the icon's own rule, kept for display).
    Protected,
}

/// How long an effect lasts while its card is active.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Duration {
    /// While the card is active.
    #[default]
    Continuous,
    /// "On this turn" / "now": only during the owner's turn (leadership cards).
    ThisTurn,
    /// "during this fight": until the fight ends (the card's areas are cleared anyway).
    ThisFight,
}

/// How the contested element changes when the card is played (not while it stays active).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ElementChangeTo {
    /// "changes between Fire and Earth".
    Toggle,
    Fire,
    Earth,
}

/// A card's modifier to the dragons attracted on a retreat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DragonChange {
    /// "one additional dragon".
    PlusOne,
    /// "one fewer dragon".
    MinusOne,
    /// "no more than one dragon": a cap applied after every +1/-1.
    AtMostOne,
    /// "you may not attract dragons": a "may not", beats everything.
    MayNotAttract,
}

/// What a restriction ("you may not ...") forbids.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "forbid", rename_all = "snake_case")]
pub enum Forbid {
    /// Playing cards that match all given conditions. `types` empty = any card type.
    Play {
        #[serde(default)]
        types: Vec<CardType>,
        /// `Some(true)`: only cards with special power text; `Some(false)`: only cards
        /// without; `None`: either.
        #[serde(default)]
        with_text: Option<bool>,
        /// Only cards with either printed value above this.
        #[serde(default)]
        printed_above: Option<u8>,
    },
    /// "On your turn, you may not play more than one card."
    MoreThanOneCardPerTurn,
    /// "... more than one card into your combat area."
    MoreThanOneCardIntoCombat,
    /// "You may not take cards from your draw deck."
    TakeFromDrawDeck,
    /// "On your turn, you may not take more than one card from your draw deck."
    MoreThanOneFromDrawDeck,
    /// "You may not take (further) cards into your hand" (optionally only from a hand size).
    TakeIntoHand {
        #[serde(default)]
        hand_at_least: Option<u8>,
    },
    /// "You may not call my bluff."
    CallBluff,
    /// "You may not have more than one active character card at the end of your Character
    /// phase."
    MoreThanOneActiveCharacter,
    /// "You may not draw additional cards at the end of your turn."
    AdditionalDrawAtEndOfTurn,
}

/// When a reminder (or an immediate dragon) applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    /// "Now": once, when played.
    Now,
    /// A condition read while the card is still in hand ("I may only play this card if").
    InHand,
    /// While the card is being played (granted FREE) or for the next card played.
    WhenPlaying,
    BeginningOfMyTurn,
    OnMyTurn,
    OnYourTurn,
    AfterMyBoosterSupport,
    ByEndOfYourBoosterSupport,
    EndOfMyTurn,
    TurnAboutToEnd,
    AfterEndOfMyTurn,
    OnLanding,
    /// When the opponent does something (interference cards).
    OnYourAction,
    EndOfFight,
    StartOfGame,
    /// Applies while active, but has no effect the engine computes.
    Continuous,
}

/// What a reminder asks the players to do (the app shows it; the engine does not count it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Draw,
    Discard,
    /// Discard the opponent's cards (in play or in hand).
    DiscardOpponent,
    Search,
    Retrieve,
    Disclose,
    /// Extra plays beyond the usual limit.
    ExtraPlay,
    /// The card (or the next one) is played as if it had the FREE icon.
    GrantFree,
    /// A requirement whose failure forces a retreat.
    ForcedRetreat,
    /// A condition for playing the card.
    PlayCondition,
    /// Cards go back into the draw deck.
    Shuffle,
    /// Load cards onto a ship.
    Load,
    /// Bounce Back: my active cards stay active and attack again.
    AttackAgain,
    /// Doubles the effect of another card (Crysalus Frendus).
    DoubleEffect,
    /// Played without covering the active cards (KhindKin).
    NoCover,
    /// Cancels a card or a dragon (interference cards).
    Cancel,
    /// Ends the opponent's turn.
    EndTurn,
    /// Deck-building figures (cards and moons), not special power text.
    DeckBuilding,
    /// Cards are played as if they had the REPLACE icon.
    GrantReplace,
}

/// One effect of a card's special power text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    /// Changes the values (not printed values) of cards.
    Value {
        op: ValueOp,
        #[serde(default)]
        elements: Elements,
        cards: CardClass,
        #[serde(default)]
        whose: Whose,
    },
    /// Reduces odd or even printed values to 0 (the Cool cards); applied before anything.
    PrintedReduction {
        parity: Parity,
        cards: CardClass,
        #[serde(default = "yours")]
        whose: Whose,
    },
    /// "My total power (in X) increases to N": applied after summing.
    TotalPower {
        to: u8,
        #[serde(default)]
        element: Option<Element>,
    },
    /// Ignores the opponent's text, icons or whole cards.
    Ignore {
        what: IgnoreWhat,
        cards: CardClass,
        #[serde(default)]
        except: Vec<Except>,
        /// Icons an icon-ignoring effect spares (STOP; STOP and PROTECTED).
        #[serde(default)]
        except_icons: Vec<Icon>,
        #[serde(default)]
        duration: Duration,
        /// The effect is void while the opponent has an active card of one of these types
        /// carrying a text-ignoring effect ("has no effect if opposed by Tittertweet or
        /// Laughing Gas").
        #[serde(default)]
        void_if_opposed_by: Vec<CardType>,
    },
    /// Changes the contested element when the card is played.
    ElementChange { to: ElementChangeTo },
    /// Changes the dragons attracted when `retreating` retreats.
    RetreatDragons {
        retreating: Whose,
        change: DragonChange,
        #[serde(default)]
        duration: Duration,
    },
    /// Attracts a dragon immediately when a condition is met (Holy Dragon cards, Storms).
    AttractDragon {
        timing: Timing,
        #[serde(default)]
        whose: Whose,
        condition: String,
    },
    /// "You may not ...": forbids new plays or actions; never removes cards in play.
    Restriction {
        forbids: Forbid,
        #[serde(default = "yours")]
        whose: Whose,
        #[serde(default)]
        duration: Duration,
    },
    /// A crystal card's change to the score of the game (applied at the end of the game).
    CrystalScore { if_i_win: i8, if_you_win: i8 },
    /// Everything the engine does not compute: shown to the players with its timing.
    Reminder {
        timing: Timing,
        action: Action,
        note: String,
        /// For `extra_play`: which further booster/support plays the text allows, so the
        /// turn's limit can be checked (see [`ExtraPlays`]).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        extra: Option<ExtraPlays>,
        /// For `play_condition`: the condition as the table can compute it, so a play that
        /// does not meet it is warned about (see [`PlayCondition`]). Absent when it depends
        /// on what the table does not know (the hands: Sas-van-Son, WhizWhiz).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        condition: Option<PlayCondition>,
    },
}

/// "I may only play this card if ..." (the mutants, Old Goo Laa's Ghost) and "I must have
/// the ... dragon on my side to play this card" (the crystal cards), as the table computes
/// them from the cards in play and the dragons. "I"/"my" is the player playing the card,
/// "you"/"your" the opponent (FAQ wording).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "if", rename_all = "snake_case")]
pub enum PlayCondition {
    /// "if I am attacked by at least N total power" (Var-dis-Nar), or "by at least N Earth"
    /// (Zig-nur-Don), which 'means "N total power with contested element earth"'
    /// (§ 'Values and Total Power: General Rules'). The opponent's current total counts
    /// (§ 'Values and Total Power: Announce Power', Cast Cataclysm).
    AttackedBy {
        at_least: u8,
        #[serde(default)]
        element: Option<Element>,
    },
    /// "if you have at least N dragon(s) on your side" (Den-bal-Ton).
    YourDragons { at_least: u8 },
    /// "if you have a total of at least N cards in your combat and support areas"
    /// (Pen-dor-Nith): covered and bluff cards count (§ 'Bluffing: General Rules').
    YourCardsInAreas { at_least: u8 },
    /// "if you have at least N active character/booster/support cards" (Neth-sur-Pot): any
    /// mix of types (§ 'Special Power Texts: Other'); bluff cards are support cards.
    YourActiveCards { at_least: u8 },
    /// "if I have no cards in my combat and support areas" (Fel-nar-Gan).
    NoCardsInMyAreas,
    /// "if I have no cards in my influence area" (Old Goo Laa's Ghost).
    NoCardsInMyInfluence,
    /// "if you have an active FREE card" (Man-shu-Ran): 'a card with a FREE icon which is
    /// not ignored' (§ 'Icons: FREE').
    YourActiveFree,
    /// "if you have an active Hyla" (Chu-nan-Chi).
    YourActiveHyla,
    /// "I must have the <colour> dragon on my side to play this card" (crystal cards): an
    /// "I must" that 'cannot be ignored' (§ 'Special Power Texts: Ignored (Special Power
    /// Text)', Lika's Blessing).
    MyDragon { colour: DragonColour },
}

impl PlayCondition {
    /// A mutant's condition is part of its special power text: when the text is ignored,
    /// the card may be played anyway (§ 'Special Power Texts: Ignored (Special Power
    /// Text)', Var-dis-Nar). A crystal card's "I must" cannot be ignored.
    pub fn can_be_ignored(self) -> bool {
        !matches!(self, PlayCondition::MyDragon { .. })
    }
}

/// Booster/support plays a card allows beyond "one booster or one support card"
/// (§ 'Card Play: General Rules'; Special Rule 3; Genathones the Blind).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExtraPlays {
    /// "any number of support cards": and, by Special Rule 3, one booster card too.
    AnySupport,
    /// "any number of booster cards".
    AnyBooster,
    /// "one additional support card" (Genathones the Blind, Armory).
    OneSupport,
    /// "one additional booster card" (Gulpus Permanentus).
    OneBooster,
    /// "one additional booster/support card" (Piplox).
    OneBoosterOrSupport,
    /// "In my Character phase, I may play any mutant" (Inflame Mutant): its play condition
    /// need not be met (§ 'Special Power Texts: Other', Man-shu-Ran).
    AnyMutant,
    /// "I may play one crystal card as if its dragon were on my side" (Uusa-Alpha-Omega).
    CrystalAsIfDragonMine,
}

fn yours() -> Whose {
    Whose::Yours
}

/// The classification used for the effect-kind counts.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ts_rs::TS,
)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum EffectKind {
    Value,
    PrintedReduction,
    TotalPower,
    Ignore,
    ElementChange,
    RetreatDragons,
    AttractDragon,
    Restriction,
    CrystalScore,
    Reminder,
}

impl EffectKind {
    pub const ALL: [EffectKind; 10] = [
        EffectKind::Value,
        EffectKind::PrintedReduction,
        EffectKind::TotalPower,
        EffectKind::Ignore,
        EffectKind::ElementChange,
        EffectKind::RetreatDragons,
        EffectKind::AttractDragon,
        EffectKind::Restriction,
        EffectKind::CrystalScore,
        EffectKind::Reminder,
    ];
}

impl Effect {
    pub fn kind(&self) -> EffectKind {
        match self {
            Effect::Value { .. } => EffectKind::Value,
            Effect::PrintedReduction { .. } => EffectKind::PrintedReduction,
            Effect::TotalPower { .. } => EffectKind::TotalPower,
            Effect::Ignore { .. } => EffectKind::Ignore,
            Effect::ElementChange { .. } => EffectKind::ElementChange,
            Effect::RetreatDragons { .. } => EffectKind::RetreatDragons,
            Effect::AttractDragon { .. } => EffectKind::AttractDragon,
            Effect::Restriction { .. } => EffectKind::Restriction,
            Effect::CrystalScore { .. } => EffectKind::CrystalScore,
            Effect::Reminder { .. } => EffectKind::Reminder,
        }
    }

    /// Whether this effect lasts only for its owner's turn.
    pub fn duration(&self) -> Duration {
        match self {
            Effect::Ignore { duration, .. }
            | Effect::RetreatDragons { duration, .. }
            | Effect::Restriction { duration, .. } => *duration,
            _ => Duration::Continuous,
        }
    }
}
