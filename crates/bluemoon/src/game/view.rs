//! The table as the app shows it: each side's areas, dragons, crystals and whose turn.

use super::*;

impl GameState {
    /// The summary the app's table view shows.
    pub fn view(&self, cards: &impl CardSource) -> TableView {
        let report = compute(cards, &self.table);
        let due = |p: Player| {
            if self.game_over.is_some() || self.abandoned {
                0
            } else {
                due_on_retreat(cards, &self.table, p).total
            }
        };
        let players = [Player::A, Player::B].map(|p| {
            let pp = report.player(p);
            PlayerView {
                player: p,
                deck: self.setup.as_ref().and_then(|s| s.decks.get(p).clone()),
                areas: self.table.side(p).clone(),
                total: pp.total,
                shield: pp.shield,
                needed: pp.needed,
                meets: pp.meets,
                six_card_count: pp.six_card_count,
                dragons: self.dragons.on_side(p),
                dragons_if_opponent_retreats: due(p.other()),
                crystals: *self.crystals.get(p),
                out_of_cards: self.out_of_cards.contains(&p),
            }
        });
        let mut warnings = self.warnings.clone();
        warnings.extend(report.warnings.iter().cloned());
        TableView {
            game_no: self.game_no,
            edition: self.setup.as_ref().map_or(Edition::First, |s| s.edition),
            players,
            contested: self.table.contested,
            turn: self.table.turn,
            fight_starter: self.fight.starter,
            first_turn: self.fight.first_turn,
            between_fights: self.between_fights(),
            dragons: self.dragons,
            active_effects: report.effects,
            warnings,
            game_over: self.game_over.clone(),
            abandoned: self.abandoned,
            match_winner: self.match_winner(),
            last_retreat: self.last_retreat.clone(),
            inquisitor_powers: crate::inquisitor::powers_at_table(self, cards),
        }
    }
}

/// One player's side in the table view.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerView {
    pub player: Player,
    pub deck: Option<String>,
    pub areas: PlayerTable,
    pub total: crate::power::PerElement<u32>,
    pub shield: crate::power::PerElement<bool>,
    pub needed: crate::power::PerElement<u32>,
    pub meets: crate::power::PerElement<bool>,
    pub six_card_count: usize,
    pub dragons: u8,
    /// Dragons this player would attract if the opponent retreated now.
    pub dragons_if_opponent_retreats: u8,
    pub crystals: u32,
    pub out_of_cards: bool,
}

/// Everything the table view shows, ready to serialize.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableView {
    pub game_no: u32,
    pub edition: Edition,
    pub players: [PlayerView; 2],
    pub contested: Option<Element>,
    pub turn: Option<Player>,
    pub fight_starter: Player,
    pub first_turn: bool,
    /// A fight has ended and the next has not begun: a player marked out of cards now ends
    /// the game at once (during a fight, when it ends).
    pub between_fights: bool,
    pub dragons: Dragons,
    pub active_effects: Vec<EffectLine>,
    pub warnings: Vec<Warning>,
    pub game_over: Option<GameResult>,
    /// The game ended without a result.
    pub abandoned: bool,
    pub match_winner: Option<Player>,
    pub last_retreat: Option<RetreatDragons>,
    /// What the players' inquisitors allow (Razor-Mind's REPLACE, Weave-Tongue's extra card).
    pub inquisitor_powers: Vec<crate::inquisitor::PowerAtTable>,
}
