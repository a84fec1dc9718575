//! What a Knightmare Chess table shows, ready to serialize.

use super::state::{InForce, KcResult, KcState, Side};
use crate::{PerPlayer, Player};
use serde::Serialize;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct KcView {
    pub game_no: u32,
    pub white: Player,
    pub to_move: Player,
    pub side_to_move: Side,
    /// Turns so far in this game, from 1 (each side's turn counts).
    pub turn: u32,
    /// The chess move number (White's and Black's turns make one move).
    pub move_number: u32,
    pub in_force: Vec<InForce>,
    pub over: Option<KcResult>,
    /// Games won in the match.
    pub wins: PerPlayer<u32>,
    pub draws: u32,
}

impl KcState {
    /// The table view (also [`crate::Rules::view`]).
    pub fn table_view(&self) -> KcView {
        KcView {
            game_no: self.game_no,
            white: self.white,
            to_move: self.turn.active,
            side_to_move: self.side_of(self.turn.active),
            turn: self.turn.number,
            move_number: self.turn.number.div_ceil(2),
            in_force: self.in_force.clone(),
            over: self.over,
            wins: self.wins(),
            draws: self.draws(),
        }
    }
}
