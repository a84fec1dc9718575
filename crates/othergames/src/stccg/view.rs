//! What a Star Trek CCG table shows, ready to serialize.

use super::state::{LedgerEntry, QsPlanet, StResult, StState};
use crate::{CardId, Player};
use serde::Serialize;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct StPlayerView {
    pub player: Player,
    pub deck: Option<String>,
    pub score: i32,
    /// Points still needed to reach the target (0 once reached).
    pub to_win: i32,
    #[ts(as = "Vec<String>")]
    pub cards: Vec<CardId>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct StView {
    pub turn: u32,
    pub active: Player,
    /// Points that win now (100, or 140 while Q's Planet is unsolved).
    pub target: i32,
    pub qs_planet: QsPlanet,
    pub players: [StPlayerView; 2],
    /// Every score change, oldest first.
    pub ledger: Vec<LedgerEntry>,
    pub over: Option<StResult>,
}

impl StState {
    /// The table view (also [`crate::Rules::view`]).
    pub fn table_view(&self) -> StView {
        let target = self.target();
        let player = |p: Player| {
            let score = *self.scores.get(p);
            StPlayerView {
                player: p,
                deck: self.decks.get(p).clone(),
                score,
                // scores stay within ±9999 (MAX_SCORE), so this never overflows
                to_win: (target - score).max(0),
                cards: self.cards.get(p).clone(),
            }
        };
        StView {
            turn: self.turn.number,
            active: self.turn.active,
            target,
            qs_planet: self.qs_planet,
            players: Player::BOTH.map(player),
            ledger: self.ledger.clone(),
            over: self.over,
        }
    }
}
