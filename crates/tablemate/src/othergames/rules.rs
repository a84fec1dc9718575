//! What the service needs from each game's engine, in one trait so that loading, acting, undo
//! and redo are written once: the kind stored, the setup event (the outcome is the engine's own, `othergames::Rules::outcome`),
//! the cards in play for the rulings prompt, the wording of a refusal, the table view.

use othergames::kc::{KcEvent, KcState};
use othergames::stccg::{StEvent, StState};
use othergames::whi::{HitPoints, WhiEvent, WhiState};
use othergames::{CardId, PerPlayer, Player, Rules};
use store::OtherKind;

use super::refusal::Namer;
use super::{OtherAction, OtherTable};

/// How a new game starts, as asked for.
pub(crate) struct Start {
    pub decks: PerPlayer<Option<String>>,
    pub first: Player,
    pub hit_points: Option<HitPoints>,
}

pub(crate) trait TableRules: Rules {
    const KIND: OtherKind;
    /// The catalog the cards are looked up in.
    const CARDS: cards::Game;
    /// The card an event names, to be resolved from what the person typed.
    fn card_mut(kind: &mut Self::Kind) -> Option<&mut CardId>;
    /// Free text an event carries besides cards (a Knightmare Chess card's target square or
    /// piece), to be bounded like a name before it is stored.
    fn note_mut(_kind: &mut Self::Kind) -> Option<&mut Option<String>> {
        None
    }
    fn setup(start: &Start) -> Self::Kind;
    fn is_setup(kind: &Self::Kind) -> bool;
    /// Every card in play on both sides, once each, in the order they came.
    fn cards_in_play(&self) -> Vec<CardId>;
    fn refusal(e: &Self::Error, namer: &Namer<'_>) -> String;
    fn table(&self) -> OtherTable;
    /// An event of this game as the action type the front ends know.
    fn action(kind: Self::Kind) -> OtherAction;
}

fn unique(cards: impl IntoIterator<Item = CardId>) -> Vec<CardId> {
    let mut out: Vec<CardId> = Vec::new();
    for c in cards {
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

impl TableRules for WhiState {
    const KIND: OtherKind = OtherKind::Whi;
    const CARDS: cards::Game = cards::Game::WarhammerInvasion;
    fn card_mut(kind: &mut WhiEvent) -> Option<&mut CardId> {
        match kind {
            WhiEvent::CardPlayed { card, .. }
            | WhiEvent::LegendEntered { card, .. }
            | WhiEvent::LegendLeft { card, .. }
            | WhiEvent::CardMoved { card, .. }
            | WhiEvent::CardLeft { card, .. } => Some(card),
            _ => None,
        }
    }
    fn setup(start: &Start) -> WhiEvent {
        WhiEvent::Setup {
            decks: start.decks.clone(),
            starts: start.first,
            hit_points: start.hit_points.unwrap_or_default(),
        }
    }
    fn is_setup(kind: &WhiEvent) -> bool {
        matches!(kind, WhiEvent::Setup { .. })
    }
    fn cards_in_play(&self) -> Vec<CardId> {
        unique(Player::BOTH.iter().flat_map(|p| {
            let s = self.sides.get(*p);
            s.legends.iter().cloned().chain(
                othergames::whi::Zone::ALL
                    .iter()
                    .flat_map(|z| s.capital.section(*z).cards.clone()),
            )
        }))
    }
    fn refusal(e: &othergames::whi::WhiError, namer: &Namer<'_>) -> String {
        namer.whi(e)
    }
    fn table(&self) -> OtherTable {
        OtherTable::Whi(Box::new(self.table_view()))
    }
    fn action(kind: WhiEvent) -> OtherAction {
        OtherAction::Whi(kind)
    }
}

impl TableRules for StState {
    const KIND: OtherKind = OtherKind::Stccg;
    const CARDS: cards::Game = cards::Game::StarTrekCcg;
    fn card_mut(kind: &mut StEvent) -> Option<&mut CardId> {
        match kind {
            StEvent::PointsScored { card, .. } => card.as_mut(),
            StEvent::CardPlayed { card, .. } | StEvent::CardLeft { card, .. } => Some(card),
            _ => None,
        }
    }
    fn setup(start: &Start) -> StEvent {
        StEvent::Setup {
            decks: start.decks.clone(),
            starts: start.first,
        }
    }
    fn is_setup(kind: &StEvent) -> bool {
        matches!(kind, StEvent::Setup { .. })
    }
    fn cards_in_play(&self) -> Vec<CardId> {
        unique(Player::BOTH.iter().flat_map(|p| self.cards.get(*p).clone()))
    }
    fn refusal(e: &othergames::stccg::StError, namer: &Namer<'_>) -> String {
        namer.stccg(e)
    }
    fn table(&self) -> OtherTable {
        OtherTable::Stccg(self.table_view())
    }
    fn action(kind: StEvent) -> OtherAction {
        OtherAction::Stccg(kind)
    }
}

impl TableRules for KcState {
    const KIND: OtherKind = OtherKind::Kc;
    const CARDS: cards::Game = cards::Game::KnightmareChess;
    fn card_mut(kind: &mut KcEvent) -> Option<&mut CardId> {
        match kind {
            KcEvent::CardPlayed { card, .. } | KcEvent::CardEnded { card, .. } => Some(card),
            _ => None,
        }
    }
    fn note_mut(kind: &mut KcEvent) -> Option<&mut Option<String>> {
        match kind {
            KcEvent::CardPlayed { target, .. } => Some(target),
            _ => None,
        }
    }
    fn setup(start: &Start) -> KcEvent {
        KcEvent::Setup {
            decks: start.decks.clone(),
            white: start.first,
        }
    }
    fn is_setup(kind: &KcEvent) -> bool {
        matches!(kind, KcEvent::Setup { .. })
    }
    fn cards_in_play(&self) -> Vec<CardId> {
        unique(self.in_force.iter().map(|f| f.card.clone()))
    }
    fn refusal(e: &othergames::kc::KcError, namer: &Namer<'_>) -> String {
        namer.kc(e)
    }
    fn table(&self) -> OtherTable {
        OtherTable::Kc(self.table_view())
    }
    fn action(kind: KcEvent) -> OtherAction {
        OtherAction::Kc(kind)
    }
}
