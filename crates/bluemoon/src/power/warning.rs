//! What the players should look at: an entered card a restriction forbids, a first turn's
//! limit, a card without values, ...

use super::*;

/// Something the players should look at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "warning", rename_all = "snake_case")]
pub enum Warning {
    /// A card entered while an active restriction forbids playing it.
    Forbidden {
        player: Player,
        card: CardId,
        by: CardId,
        rule: String,
    },
    /// A chosen target is not one of the owner's character cards in the combat area.
    BadTarget { card: CardId, target: CardId },
    /// A card id the catalog does not know (counted as 0 with no effects).
    UnknownCard { card: CardId },
    /// Ignore resolution did not settle (contradictory mutual ignoring).
    IgnoreNotSettled,
    /// A character in play whose printed values the catalog does not give (counted as 0):
    /// the needed-power check cannot be trusted, so it warns instead of rejecting.
    UnknownValues { card: CardId },
    /// The player starting a fight plays a booster or support card on its first turn
    /// (allowed only when a card allows additional ones).
    FirstTurnBoosterSupport { player: Player, card: CardId },
    /// A second character this turn (`by`: the first), not FREE, not a PAIR, not a GANG.
    SecondCharacter {
        player: Player,
        card: CardId,
        by: CardId,
    },
    /// More booster/support cards this turn than one (or than the player's cards allow).
    SecondBoosterOrSupport {
        player: Player,
        card: CardId,
        by: Option<CardId>,
    },
    /// A card played after a card with a STOP icon this turn (`by`).
    AfterStop {
        player: Player,
        card: CardId,
        by: CardId,
    },
    /// A second leadership-phase action this turn (`by`: the first).
    SecondLeadership {
        player: Player,
        card: CardId,
        by: CardId,
    },
    /// A leadership-phase card played after this turn's character, booster or support card
    /// (`by`: the first of those): the Leadership phase comes first.
    LeadershipTooLate {
        player: Player,
        card: CardId,
        by: CardId,
    },
    /// The turn ends without a new character: the fight cannot continue. `starting`: the
    /// player starts the fight (and may decline instead of retreating).
    NoNewCharacter { player: Player, starting: bool },
    /// The card is not in the deck the set-up gives the player (`deck`).
    NotInDeck {
        player: Player,
        card: CardId,
        deck: String,
    },
    /// The card is already in play on the player's side.
    AlreadyInPlay { player: Player, card: CardId },
    /// The card is already in the player's discard pile.
    DiscardedCard { player: Player, card: CardId },
    /// The card's play condition is not met ("I may only play this card if ..."): `have`
    /// is what the table shows for it (the opponent's total power, dragons or cards).
    PlayCondition {
        player: Player,
        card: CardId,
        condition: crate::effect::PlayCondition,
        have: u32,
        /// The contested element when the card was played (none before it is chosen): an
        /// attack "by at least 5 Earth" needs an earth fight.
        contested: Option<Element>,
    },
}

/// What a [`Warning`] is about, without its details (the app words it by kind).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum WarningKind {
    Forbidden,
    BadTarget,
    UnknownCard,
    IgnoreNotSettled,
    UnknownValues,
    FirstTurnBoosterSupport,
    SecondCharacter,
    SecondBoosterOrSupport,
    AfterStop,
    SecondLeadership,
    LeadershipTooLate,
    NoNewCharacter,
    NotInDeck,
    AlreadyInPlay,
    DiscardedCard,
    PlayCondition,
}

impl Warning {
    pub fn kind(&self) -> WarningKind {
        match self {
            Warning::Forbidden { .. } => WarningKind::Forbidden,
            Warning::BadTarget { .. } => WarningKind::BadTarget,
            Warning::UnknownCard { .. } => WarningKind::UnknownCard,
            Warning::IgnoreNotSettled => WarningKind::IgnoreNotSettled,
            Warning::UnknownValues { .. } => WarningKind::UnknownValues,
            Warning::FirstTurnBoosterSupport { .. } => WarningKind::FirstTurnBoosterSupport,
            Warning::SecondCharacter { .. } => WarningKind::SecondCharacter,
            Warning::SecondBoosterOrSupport { .. } => WarningKind::SecondBoosterOrSupport,
            Warning::AfterStop { .. } => WarningKind::AfterStop,
            Warning::SecondLeadership { .. } => WarningKind::SecondLeadership,
            Warning::LeadershipTooLate { .. } => WarningKind::LeadershipTooLate,
            Warning::NoNewCharacter { .. } => WarningKind::NoNewCharacter,
            Warning::NotInDeck { .. } => WarningKind::NotInDeck,
            Warning::AlreadyInPlay { .. } => WarningKind::AlreadyInPlay,
            Warning::DiscardedCard { .. } => WarningKind::DiscardedCard,
            Warning::PlayCondition { .. } => WarningKind::PlayCondition,
        }
    }

    /// The player it concerns, if one.
    pub fn player(&self) -> Option<Player> {
        match self {
            Warning::Forbidden { player, .. }
            | Warning::FirstTurnBoosterSupport { player, .. }
            | Warning::SecondCharacter { player, .. }
            | Warning::SecondBoosterOrSupport { player, .. }
            | Warning::AfterStop { player, .. }
            | Warning::SecondLeadership { player, .. }
            | Warning::LeadershipTooLate { player, .. }
            | Warning::NoNewCharacter { player, .. }
            | Warning::NotInDeck { player, .. }
            | Warning::AlreadyInPlay { player, .. }
            | Warning::DiscardedCard { player, .. }
            | Warning::PlayCondition { player, .. } => Some(*player),
            Warning::BadTarget { .. }
            | Warning::UnknownCard { .. }
            | Warning::IgnoreNotSettled
            | Warning::UnknownValues { .. } => None,
        }
    }

    /// The card it is about, if one.
    pub fn card(&self) -> Option<&CardId> {
        match self {
            Warning::Forbidden { card, .. }
            | Warning::BadTarget { card, .. }
            | Warning::UnknownCard { card }
            | Warning::UnknownValues { card }
            | Warning::FirstTurnBoosterSupport { card, .. }
            | Warning::SecondCharacter { card, .. }
            | Warning::SecondBoosterOrSupport { card, .. }
            | Warning::AfterStop { card, .. }
            | Warning::SecondLeadership { card, .. }
            | Warning::LeadershipTooLate { card, .. }
            | Warning::NotInDeck { card, .. }
            | Warning::AlreadyInPlay { card, .. }
            | Warning::DiscardedCard { card, .. }
            | Warning::PlayCondition { card, .. } => Some(card),
            Warning::IgnoreNotSettled | Warning::NoNewCharacter { .. } => None,
        }
    }

    /// The other card involved: what forbids it, the earlier play it goes beyond, the target.
    pub fn by(&self) -> Option<&CardId> {
        match self {
            Warning::Forbidden { by, .. }
            | Warning::SecondCharacter { by, .. }
            | Warning::AfterStop { by, .. }
            | Warning::SecondLeadership { by, .. }
            | Warning::LeadershipTooLate { by, .. } => Some(by),
            Warning::BadTarget { target, .. } => Some(target),
            Warning::SecondBoosterOrSupport { by, .. } => by.as_ref(),
            _ => None,
        }
    }
}
