//! Why a Warhammer: Invasion event is impossible.

use super::limits::{
    MAX_AMOUNT, MAX_BASE_HIT_POINTS, MAX_DEVELOPMENTS, MAX_HIT_POINTS_PER_DEVELOPMENT,
};
use super::Zone;
use crate::{CardId, LogError, Player};
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WhiError {
    #[error(transparent)]
    Log(#[from] LogError),
    #[error("{player} has {have} resources and cannot spend {spend}")]
    NotEnoughResources {
        player: Player,
        have: u32,
        spend: u32,
    },
    #[error("an amount of 0 changes nothing")]
    ZeroAmount,
    #[error("card `{card}` is not in {player}'s {zone:?} zone")]
    NotInZone {
        player: Player,
        card: CardId,
        zone: Zone,
    },
    #[error("legend `{card}` is not in play for {player}")]
    LegendNotInPlay { player: Player, card: CardId },
    #[error("a card moves to another zone, not from {0:?} to {0:?}")]
    SameZone(Zone),
    #[error("{player}'s {zone:?} zone has no development")]
    NoDevelopment { player: Player, zone: Zone },
    #[error("{player}'s {zone:?} zone is burning and cannot be assigned damage")]
    ZoneBurning { player: Player, zone: Zone },
    #[error("{player}'s {zone:?} zone has {have} damage, {heal} cannot be healed")]
    NotThatMuchDamage {
        player: Player,
        zone: Zone,
        have: u32,
        heal: u32,
    },
    #[error("{player}'s {zone:?} zone has burned: burn tokens stay for the rest of the game")]
    AlreadyBurned { player: Player, zone: Zone },
    #[error("capital hit points must be at least 1")]
    NoHitPoints,
    #[error(
        "a capital section has at most {MAX_BASE_HIT_POINTS} hit points plus \
         {MAX_HIT_POINTS_PER_DEVELOPMENT} per development, not {base} plus {per_development}"
    )]
    HitPointsTooHigh { base: u32, per_development: u32 },
    #[error("{player}'s {zone:?} zone already has {MAX_DEVELOPMENTS} developments, the most a zone holds")]
    TooManyDevelopments { player: Player, zone: Zone },
    #[error("{amount} for {player} is more than the {MAX_AMOUNT} one entry can be")]
    AmountTooLarge { player: Player, amount: u32 },
    #[error(
        "{player} has {have} resources; {gain} more would be over the {MAX_AMOUNT} a player holds"
    )]
    TooManyResources {
        player: Player,
        have: u32,
        gain: u32,
    },
}
