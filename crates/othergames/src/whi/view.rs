//! What a Warhammer: Invasion table shows, ready to serialize.

use super::state::{WhiResult, WhiState};
use super::{HitPoints, Zone};
use crate::{CardId, Player};
use serde::Serialize;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct SectionView {
    pub zone: Zone,
    pub damage: u32,
    pub hit_points: u32,
    /// Damage still needed to burn the section (0 once burned).
    pub remaining: u32,
    pub developments: u32,
    pub burned: bool,
    #[ts(as = "Vec<String>")]
    pub cards: Vec<CardId>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct WhiPlayerView {
    pub player: Player,
    pub deck: Option<String>,
    pub resources: u32,
    /// Sections of this player's capital that have burned.
    pub burned: usize,
    /// Sections of the opponent's capital this player must burn to win (2, or 3 after an
    /// Eternal War legend).
    pub zones_to_win: usize,
    pub eternal_war: bool,
    #[ts(as = "Vec<String>")]
    pub legends: Vec<CardId>,
    pub sections: [SectionView; 3],
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct WhiView {
    pub turn: u32,
    pub active: Player,
    pub hit_points: HitPoints,
    pub players: [WhiPlayerView; 2],
    pub over: Option<WhiResult>,
}

impl WhiState {
    /// The table view (also [`crate::Rules::view`]).
    pub fn table_view(&self) -> WhiView {
        let hp = self.hp();
        let player = |p: Player| {
            let side = self.sides.get(p);
            let section = |zone: Zone| {
                let s = side.capital.section(zone);
                let hit_points = s.hit_points(hp);
                SectionView {
                    zone,
                    damage: s.damage,
                    hit_points,
                    // A section that has not burned has less damage than hit points (it
                    // burns at its hit points), so this never goes below 0.
                    remaining: if s.burned { 0 } else { hit_points - s.damage },
                    developments: s.developments,
                    burned: s.burned,
                    cards: s.cards.clone(),
                }
            };
            WhiPlayerView {
                player: p,
                deck: side.deck.clone(),
                resources: side.resources,
                burned: side.capital.burned(),
                zones_to_win: side.zones_to_win(),
                eternal_war: side.eternal_war,
                legends: side.legends.clone(),
                sections: Zone::ALL.map(section),
            }
        };
        WhiView {
            turn: self.turn.number,
            active: self.turn.active,
            hit_points: hp,
            players: Player::BOTH.map(player),
            over: self.over,
        }
    }
}
