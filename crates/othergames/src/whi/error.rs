//! Why a Warhammer: Invasion event is impossible.

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
}
