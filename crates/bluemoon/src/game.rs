//! The game state as a fold over the event log: fights, turns, dragons, end of game,
//! crystals and the match. Every event is checked against the current state; an impossible
//! one is rejected with a specific [`RuleError`] and changes nothing.

use crate::dragons::{due_on_retreat, Attraction, Dragons, RetreatDragons};
use crate::effect::{Action, Effect, ElementChangeTo, Forbid};
use crate::event::{Edition, Event, EventKind, Expansion, PerPlayer, EVENT_VERSION};
use crate::power::{compute, EffectLine, PowerReport, Resolution, Warning};
use crate::source::CardSource;
use crate::table::{Area, CardEntry, PlayerTable, TableState};
use crate::{CardId, CardType, Element, Icon, Player, RuleError};
use serde::Serialize;

/// The area a card's type implies (a face-down bluff card lies in the support area);
/// `None` when the type is unknown.
pub fn area_for(card_type: Option<CardType>, face_down: bool) -> Option<Area> {
    if face_down {
        return Some(Area::Support);
    }
    card_type.map(|t| match t {
        CardType::Character | CardType::Booster => Area::Combat,
        CardType::Support => Area::Support,
        CardType::Leadership => Area::Leadership,
        CardType::Influence | CardType::Ship => Area::Influence,
        CardType::Crystal => Area::Achievement,
        // Leaders, inquisitors and emissaries lie beside the board.
        CardType::Leader | CardType::Inquisitor | CardType::Emissary | CardType::Interference => {
            Area::Achievement
        }
    })
}

/// Crystals needed to win a match.
pub const MATCH_CRYSTALS: u32 = 5;

/// The set-up of the match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Setup {
    pub decks: PerPlayer<Option<String>>,
    pub expansions: Vec<Expansion>,
    pub edition: Edition,
    /// Constructed decks, as they were when the match began.
    pub constructed: PerPlayer<Option<crate::construct::ConstructedDeck>>,
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum EndReason {
    /// The winner would have attracted a fourth dragon (scored as three).
    FourthDragon,
    /// A player ran out of cards after a fight or a declined start.
    OutOfCards,
    /// Concession or irregularity: the opponent scores the maximum.
    Forfeit,
}

/// The result of one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameResult {
    pub winner: Player,
    pub reason: EndReason,
    /// Dragons counted for the score (at most 3).
    pub dragons: u8,
    /// Net change from crystal cards.
    pub crystal_cards: i8,
    /// Crystals won: 1 + dragons, changed by crystal cards, between 1 and 7.
    pub score: u32,
}

/// The state of the current fight.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Fight {
    /// Who starts (or started) this fight.
    pub starter: Player,
    /// The first turn of the fight has not been passed yet.
    pub first_turn: bool,
    /// Cards played in the current turn (they stay active when a character covers).
    pub played_this_turn: Vec<CardId>,
    /// A card has been played in this fight: it counts as a fight once it ends. A start
    /// declined (even after a leadership card) is no fight.
    pub begun: bool,
    /// This fight follows the end of another one (or a declined start) of the same game:
    /// until a card is played in it, the table is "after a fight", where a player out of
    /// cards ends the game (§ 'End of Game').
    pub after_fight: bool,
}

/// Everything known about the match after the events so far.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameState {
    pub setup: Option<Setup>,
    /// Game number within the match, from 1.
    pub game_no: u32,
    pub table: TableState,
    pub fight: Fight,
    pub dragons: Dragons,
    /// Players who ran out of cards this game, in order.
    pub out_of_cards: Vec<Player>,
    pub game_over: Option<GameResult>,
    /// The game was abandoned: it ended without a result (no winner, no crystals).
    pub abandoned: bool,
    /// Who started the current game (an abandoned game's starter starts the next one).
    pub game_starter: Player,
    pub results: Vec<GameResult>,
    pub crystals: PerPlayer<u32>,
    /// The dragons attracted by the last retreat, with how they were counted.
    pub last_retreat: Option<RetreatDragons>,
    /// Each player's discard pile this game, as far as the table shows it (cards discarded,
    /// and every card in play when a fight ends), so a card cannot come back unnoticed.
    pub discarded: PerPlayer<Vec<CardId>>,
    /// Fights of this game so far: one per retreat, and the fight under way (or the one a
    /// forfeit ended) when any card was played in it. A declined start is not a fight.
    pub fights: u32,
    /// Warnings raised by the last event.
    pub warnings: Vec<Warning>,
    /// Number of events folded.
    pub events: usize,
}

impl Default for GameState {
    fn default() -> Self {
        GameState {
            setup: None,
            game_no: 0,
            table: TableState {
                v: 1,
                ..TableState::default()
            },
            fight: Fight {
                starter: Player::A,
                first_turn: true,
                played_this_turn: Vec::new(),
                begun: false,
                after_fight: false,
            },
            dragons: Dragons::default(),
            out_of_cards: Vec::new(),
            game_over: None,
            abandoned: false,
            game_starter: Player::A,
            results: Vec::new(),
            crystals: PerPlayer::default(),
            last_retreat: None,
            discarded: PerPlayer::default(),
            fights: 0,
            warnings: Vec::new(),
            events: 0,
        }
    }
}

impl GameState {
    /// Folds the whole log. Deterministic: the same events always give the same state.
    pub fn replay(cards: &impl CardSource, events: &[Event]) -> Result<GameState, RuleError> {
        let mut state = GameState::default();
        for (index, ev) in events.iter().enumerate() {
            state = state
                .apply(cards, ev)
                .map_err(|e| RuleError::InvalidEvent {
                    index,
                    error: Box::new(e),
                })?;
        }
        Ok(state)
    }

    /// Checks a candidate event without changing anything; returns its warnings.
    pub fn validate(&self, cards: &impl CardSource, ev: &Event) -> Result<Vec<Warning>, RuleError> {
        self.apply(cards, ev).map(|s| s.warnings)
    }

    /// The state after one more event, or why the event is impossible.
    pub fn apply(&self, cards: &impl CardSource, ev: &Event) -> Result<GameState, RuleError> {
        if ev.v != EVENT_VERSION {
            return Err(RuleError::UnsupportedVersion(ev.v));
        }
        let mut s = self.clone();
        s.warnings.clear();
        s.events += 1;
        match (&ev.kind, &s.setup) {
            (EventKind::Setup { .. }, Some(_)) => return Err(RuleError::AlreadySetUp),
            (EventKind::Setup { .. }, None) => {}
            (_, None) => return Err(RuleError::NotSetUp),
            _ => {}
        }
        if !matches!(ev.kind, EventKind::NextGame) {
            if s.game_over.is_some() {
                return Err(RuleError::GameOver);
            }
            if s.abandoned {
                return Err(RuleError::GameAbandoned);
            }
        }
        match &ev.kind {
            EventKind::Setup {
                decks,
                expansions,
                edition,
                starts,
                constructed,
            } => {
                s.setup = Some(Setup {
                    decks: decks.clone(),
                    expansions: expansions.clone(),
                    edition: *edition,
                    constructed: constructed.clone(),
                });
                s.start_game(*starts);
            }
            EventKind::CardPlayed {
                player,
                card,
                area,
                target,
                face_down,
                ..
            } => s.play(cards, *player, card, *area, target.clone(), *face_down)?,
            EventKind::TargetChanged {
                player,
                card,
                target,
            } => {
                s.check_target(cards, *player, target)?;
                let entry = s
                    .find_mut(*player, card)
                    .ok_or_else(|| RuleError::CardNotInPlay {
                        player: *player,
                        card: card.clone(),
                    })?;
                entry.target = Some(target.clone());
            }
            EventKind::Covered { player, card } => {
                let side = s.table.side_mut(*player);
                let pos = side
                    .combat
                    .iter()
                    .position(|e| e.card.as_ref() == Some(card))
                    .ok_or_else(|| RuleError::CardNotInPlay {
                        player: *player,
                        card: card.clone(),
                    })?;
                side.combat.remove(pos);
                side.covered.push(card.clone());
            }
            EventKind::Retrieved { player, card } => {
                s.remove(*player, card, false)?;
            }
            EventKind::Discarded { player, card } => {
                s.remove(*player, card, true)?;
                s.discarded.get_mut(*player).push(card.clone());
            }
            EventKind::ElementChosen { player, element } => {
                if s.table.contested.is_some() {
                    return Err(RuleError::ElementAlreadyChosen);
                }
                if *player != s.fight.starter {
                    return Err(RuleError::NotFightStarter(s.fight.starter));
                }
                s.table.contested = Some(*element);
            }
            EventKind::ElementChanged { element } => s.table.contested = Some(*element),
            EventKind::TurnPassed { player } => {
                s.expect_turn(*player)?;
                let Some(element) = s.table.contested else {
                    return Err(RuleError::ElementNotChosen(*player));
                };
                s.warnings
                    .extend(crate::turn::pass_warnings(&s, cards, *player));
                let report = compute(cards, &s.table);
                let me = report.player(*player);
                if !me.meets.get(element) {
                    let unknown = s.characters_without_values(cards);
                    if unknown.is_empty() {
                        return Err(RuleError::PowerTooLow {
                            player: *player,
                            element,
                            have: me.total.get(element),
                            need: me.needed.get(element),
                        });
                    }
                    s.warnings.extend(
                        unknown
                            .into_iter()
                            .map(|card| Warning::UnknownValues { card }),
                    );
                }
                s.end_turn();
            }
            EventKind::Retreat {
                player,
                forced,
                dragon_cancelled,
            } => {
                s.expect_turn(*player)?;
                if s.fight.first_turn && *player == s.fight.starter && !forced {
                    return Err(RuleError::CannotRetreatOnFirstTurn(*player));
                }
                let due = due_on_retreat(cards, &s.table, *player);
                let winner = due.winner;
                let mut n = due.total;
                if *dragon_cancelled {
                    if n != 1 {
                        return Err(RuleError::CannotCancelDragons(n));
                    }
                    n = 0;
                }
                s.last_retreat = Some(due);
                s.fights += 1;
                s.fight.begun = false;
                s.attract(cards, winner, n);
                if s.game_over.is_none() {
                    s.end_fight(cards, *player);
                }
            }
            EventKind::DeclineStart { player, discarded } => {
                s.expect_turn(*player)?;
                if *player != s.fight.starter || !s.fight.first_turn {
                    return Err(RuleError::CannotDecline);
                }
                if *discarded > 3 {
                    return Err(RuleError::BadDeclineDiscard(*discarded));
                }
                // Not the end of a fight: no dragons; the opponent starts the next one.
                s.fight.begun = false;
                s.end_fight(cards, player.other());
            }
            EventKind::DragonsAttracted { player, count } => {
                if !(1..=4).contains(count) {
                    return Err(RuleError::BadDragonCount(*count));
                }
                s.attract(cards, *player, *count);
            }
            EventKind::OutOfCards { player } => {
                if s.out_of_cards.contains(player) {
                    return Err(RuleError::AlreadyOutOfCards(*player));
                }
                s.out_of_cards.push(*player);
                // Marked after a fight, before the next has begun: the game ends now;
                // during a fight, when it ends (a retreat, or a declined start).
                if s.between_fights() {
                    s.end_if_out_of_cards(cards);
                }
            }
            EventKind::CardsRegained { player } => {
                // 'Getting cards back means you had not run out.'
                s.out_of_cards.retain(|p| p != player);
            }
            EventKind::GameEnded { loser } => {
                let score = s.forfeit_score();
                s.finish(GameResult {
                    winner: loser.other(),
                    reason: EndReason::Forfeit,
                    dragons: 3,
                    crystal_cards: 0,
                    score,
                });
            }
            EventKind::GameAbandoned => {
                // Nothing is scored: the fight under way is not counted and the cards stay as
                // they were, so the log shows where the game stopped. Nobody is to move any
                // more, as after any end of a game.
                s.abandoned = true;
                s.table.turn = None;
            }
            EventKind::NextGame => {
                // The loser starts the next game; after an abandoned game, whoever started it.
                let starter = match (&s.game_over, s.abandoned) {
                    (Some(last), _) => last.winner.other(),
                    (None, true) => s.game_starter,
                    (None, false) => return Err(RuleError::GameNotOver),
                };
                if let Some(p) = s.match_winner() {
                    return Err(RuleError::MatchOver(p));
                }
                s.start_game(starter);
            }
        }
        Ok(s)
    }

    /// What a concession (or an irregularity) gives the opponent: the maximum score of a
    /// game, 4 crystals, or 7 when Emissaries and Inquisitors are in use, 'not only if you
    /// have played crystal cards' (§ 'End of Game').
    pub fn forfeit_score(&self) -> u32 {
        let emissaries = self
            .setup
            .as_ref()
            .is_some_and(|x| x.expansions.contains(&Expansion::EmissariesInquisitors));
        if emissaries {
            7
        } else {
            4
        }
    }

    /// The winner of the match, once a player has 5 crystals.
    pub fn match_winner(&self) -> Option<Player> {
        [Player::A, Player::B]
            .into_iter()
            .find(|p| *self.crystals.get(*p) >= MATCH_CRYSTALS)
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Option<Player> {
        self.table.turn
    }

    /// Power, shields and breakdown of the current table.
    pub fn power(&self, cards: &impl CardSource) -> PowerReport {
        compute(cards, &self.table)
    }

    fn start_game(&mut self, starter: Player) {
        self.game_no += 1;
        self.table = TableState {
            v: 1,
            contested: None,
            turn: Some(starter),
            a: PlayerTable::default(),
            b: PlayerTable::default(),
        };
        self.fight = Fight {
            starter,
            first_turn: true,
            played_this_turn: Vec::new(),
            begun: false,
            after_fight: false,
        };
        self.dragons = Dragons::default();
        // Swift-Fist Royal Marshal [Inq 411]: "At the start of the game, I attract one
        // dragon." (§ 'About the Inquisitors': every game played with that inquisitor), the
        // starter's first.
        for p in [starter, starter.other()] {
            let inquisitor = self
                .setup
                .as_ref()
                .and_then(|s| s.constructed.get(p).as_ref())
                .and_then(|d| d.inquisitor);
            if inquisitor.and_then(|i| i.power())
                == Some(crate::construct::InquisitorPower::DragonAtStart)
            {
                self.dragons.attract(p);
            }
        }
        self.out_of_cards.clear();
        self.game_over = None;
        self.abandoned = false;
        self.game_starter = starter;
        self.last_retreat = None;
        self.discarded = PerPlayer::default();
        self.fights = 0;
    }

    fn expect_turn(&self, player: Player) -> Result<(), RuleError> {
        match self.table.turn {
            Some(t) if t != player => Err(RuleError::NotYourTurn {
                expected: t,
                got: player,
            }),
            _ => Ok(()),
        }
    }

    fn end_turn(&mut self) {
        let Some(p) = self.table.turn else { return };
        // Leadership cards never last beyond the turn: they go to the discard pile.
        let gone: Vec<CardId> = self
            .table
            .side_mut(p)
            .leadership
            .drain(..)
            .filter_map(|e| e.card)
            .collect();
        self.discarded.get_mut(p).extend(gone);
        self.table.turn = Some(p.other());
        self.fight.first_turn = false;
        self.fight.played_this_turn.clear();
    }

    /// Ends a fight (or a declined start): areas cleared except influence and achievement,
    /// then the out-of-cards check; `next` starts the next fight.
    fn end_fight(&mut self, cards: &impl CardSource, next: Player) {
        for p in [Player::A, Player::B] {
            let side = self.table.side_mut(p);
            let mut gone: Vec<CardId> = Vec::new();
            for area in [Area::Combat, Area::Support, Area::Leadership] {
                gone.extend(side.area_mut(area).drain(..).filter_map(|e| e.card));
            }
            gone.append(&mut side.covered);
            self.discarded.get_mut(p).extend(gone);
        }
        self.table.contested = None;
        self.table.turn = Some(next);
        self.fight = Fight {
            starter: next,
            first_turn: true,
            played_this_turn: Vec::new(),
            begun: false,
            after_fight: true,
        };
        self.end_if_out_of_cards(cards);
    }

    /// 'A game ends when, after a fight or after a player has declined to start a fight,
    /// either or both players have run out of cards' (§ 'End of Game'): whoever has dragons
    /// wins; with all three in the centre, whoever ran out first (its last time) loses.
    fn end_if_out_of_cards(&mut self, cards: &impl CardSource) {
        if let Some(&first_out) = self.out_of_cards.first() {
            let winner = [Player::A, Player::B]
                .into_iter()
                .find(|p| self.dragons.on_side(*p) > 0)
                .unwrap_or(first_out.other());
            let result = self.score(cards, winner, EndReason::OutOfCards);
            self.finish(result);
        }
    }

    /// Between two fights: the last one ended (or its start was declined) and nothing has
    /// been played in the next.
    pub fn between_fights(&self) -> bool {
        self.fight.after_fight && !self.fight.begun && self.game_over.is_none()
    }

    fn attract(&mut self, cards: &impl CardSource, player: Player, count: u8) {
        for _ in 0..count {
            if self.dragons.attract(player) == Attraction::Fourth {
                let result = self.score(cards, player, EndReason::FourthDragon);
                self.finish(result);
                return;
            }
        }
    }

    /// 1 + the winner's dragons (at most 3), changed by the crystal cards left after they
    /// cancel one for one, between 1 and 7.
    fn score(&self, cards: &impl CardSource, winner: Player, reason: EndReason) -> GameResult {
        let dragons = if reason == EndReason::FourthDragon {
            3
        } else {
            self.dragons.on_side(winner)
        };
        let count = |p: Player| self.table.side(p).achievement.len();
        let (a, b) = (count(Player::A), count(Player::B));
        // Crystal cards cancel one for one: only the surplus of one player is active.
        let (holder, active) = if a >= b {
            (Player::A, a - b)
        } else {
            (Player::B, b - a)
        };
        let mut delta: i32 = 0;
        for entry in self
            .table
            .side(holder)
            .achievement
            .iter()
            .rev()
            .take(active)
        {
            let Some(id) = &entry.card else { continue };
            for effect in cards.effects(id) {
                if let Effect::CrystalScore {
                    if_i_win,
                    if_you_win,
                } = effect
                {
                    delta += i32::from(if holder == winner {
                        *if_i_win
                    } else {
                        *if_you_win
                    });
                }
            }
        }
        let score = (1 + i32::from(dragons) + delta).clamp(1, 7);
        GameResult {
            winner,
            reason,
            dragons,
            crystal_cards: delta.clamp(-7, 7) as i8,
            score: score.unsigned_abs(),
        }
    }

    fn finish(&mut self, result: GameResult) {
        // A game ended outside a retreat (concession, dragons attracted now) ends the fight
        // under way too, if one had begun.
        if self.fight.begun {
            self.fights += 1;
            self.fight.begun = false;
        }
        *self.crystals.get_mut(result.winner) += result.score;
        self.results.push(result.clone());
        self.game_over = Some(result);
        self.table.turn = None;
    }

    fn find_mut(&mut self, player: Player, card: &CardId) -> Option<&mut CardEntry> {
        let side = self.table.side_mut(player);
        let area = Area::ALL
            .into_iter()
            .find(|a| side.area(*a).iter().any(|e| e.card.as_ref() == Some(card)))?;
        side.area_mut(area)
            .iter_mut()
            .find(|e| e.card.as_ref() == Some(card))
    }

    fn remove(
        &mut self,
        player: Player,
        card: &CardId,
        covered_too: bool,
    ) -> Result<(), RuleError> {
        let side = self.table.side_mut(player);
        for area in Area::ALL {
            let list = side.area_mut(area);
            if let Some(pos) = list.iter().position(|e| e.card.as_ref() == Some(card)) {
                list.remove(pos);
                return Ok(());
            }
        }
        if covered_too {
            if let Some(pos) = side.covered.iter().position(|c| c == card) {
                side.covered.remove(pos);
                return Ok(());
            }
        }
        Err(RuleError::CardNotInPlay {
            player,
            card: card.clone(),
        })
    }

    fn check_target(
        &self,
        cards: &impl CardSource,
        player: Player,
        target: &CardId,
    ) -> Result<(), RuleError> {
        let ok = self.table.side(player).combat.iter().any(|e| {
            e.card.as_ref() == Some(target)
                && cards.facts(target).and_then(|f| f.card_type) == Some(CardType::Character)
        });
        if ok {
            Ok(())
        } else {
            Err(RuleError::BadTarget(target.clone()))
        }
    }

    fn play(
        &mut self,
        cards: &impl CardSource,
        player: Player,
        card: &CardId,
        area: Area,
        target: Option<CardId>,
        face_down: bool,
    ) -> Result<(), RuleError> {
        let facts = cards
            .facts(card)
            .ok_or_else(|| RuleError::UnknownCard(card.clone()))?;
        let card_type = facts.card_type;
        if card_type == Some(CardType::Interference) {
            // Played in the opponent's turn, straight to the discard pile: nothing on the
            // table changes; the app records the event for the log.
            self.discarded.get_mut(player).push(card.clone());
            return Ok(());
        }
        self.expect_turn(player)?;
        if face_down && !crate::table::is_bluff_card(facts) {
            return Err(RuleError::NotABluffCard(card.clone()));
        }
        if let Some(exp) = area_for(card_type, face_down) {
            if exp != area
                || matches!(
                    card_type,
                    Some(CardType::Leader | CardType::Inquisitor | CardType::Emissary)
                )
            {
                return Err(RuleError::WrongArea {
                    card: card.clone(),
                    card_type,
                    area,
                });
            }
        }

        // Read on the table before the card arrives (and before it covers anything).
        let unmet = crate::condition::unmet(self, cards, player, card, face_down);
        self.play_warnings(cards, player, card, area, face_down);
        self.fight.begun = true;

        let is_character = !face_down && card_type == Some(CardType::Character);
        if is_character
            && area == Area::Combat
            && !self.continues_without_cover(cards, player, card)
        {
            let played = self.fight.played_this_turn.clone();
            let side = self.table.side_mut(player);
            let (stay, go): (Vec<CardEntry>, Vec<CardEntry>) = side
                .combat
                .drain(..)
                .partition(|e| e.card.as_ref().is_some_and(|c| played.contains(c)));
            side.combat = stay;
            side.covered.extend(go.into_iter().filter_map(|e| e.card));
        }
        if card_type == Some(CardType::Influence) {
            // Only one Hyla for both players: any active one is discarded.
            for p in [Player::A, Player::B] {
                let is_hyla = |e: &CardEntry| {
                    e.card
                        .as_ref()
                        .and_then(|c| cards.facts(c))
                        .and_then(|f| f.card_type)
                        == Some(CardType::Influence)
                };
                let side = self.table.side_mut(p);
                let (gone, stay): (Vec<CardEntry>, Vec<CardEntry>) =
                    side.influence.drain(..).partition(is_hyla);
                side.influence = stay;
                let gone: Vec<CardId> = gone.into_iter().filter_map(|e| e.card).collect();
                self.discarded.get_mut(p).extend(gone);
            }
        }
        self.table.side_mut(player).area_mut(area).push(CardEntry {
            card: Some(card.clone()),
            face_down,
            target: None,
            new: false,
        });
        self.fight.played_this_turn.push(card.clone());
        if let Some(t) = target {
            self.check_target(cards, player, &t)?;
            if let Some(e) = self.find_mut(player, card) {
                e.target = Some(t);
            }
        }

        if !unmet.is_empty() {
            // A condition binds unless the card's text is ignored once it lies on the table.
            let contested = self.table.contested;
            let res = Resolution::new(cards, &self.table);
            let slot = res.slots.iter().rposition(|s| {
                s.owner == player && s.entry.card.as_ref() == Some(card) && s.area == area
            });
            for u in crate::condition::in_force(&res, slot, unmet) {
                self.warnings.push(Warning::PlayCondition {
                    player,
                    card: card.clone(),
                    condition: u.condition,
                    have: u.have,
                    contested,
                });
            }
        }
        // Element change: only when played, only if the text is not ignored, and only
        // once an element has been chosen.
        if !face_down && self.table.contested.is_some() {
            let res = Resolution::new(cards, &self.table);
            let slot = res.slots.iter().rposition(|s| {
                s.owner == player && s.entry.card.as_ref() == Some(card) && s.area == area
            });
            let changes: Vec<ElementChangeTo> = slot
                .map(|s| {
                    res.slots[s]
                        .effects
                        .iter()
                        .enumerate()
                        .filter_map(|(k, effect)| match effect {
                            Effect::ElementChange { to } if res.in_force(s, k) => Some(*to),
                            _ => None,
                        })
                        .collect()
                })
                .unwrap_or_default();
            for to in changes {
                let cur = self.table.contested.unwrap_or(Element::Fire);
                self.table.contested = Some(match to {
                    ElementChangeTo::Toggle => cur.other(),
                    ElementChangeTo::Fire => Element::Fire,
                    ElementChangeTo::Earth => Element::Earth,
                });
            }
        }
        Ok(())
    }

    /// Active characters whose printed values the catalog lacks (either player).
    fn characters_without_values(&self, cards: &impl CardSource) -> Vec<CardId> {
        [Player::A, Player::B]
            .into_iter()
            .flat_map(|p| self.table.side(p).combat.iter())
            .filter(|e| !e.face_down)
            .filter_map(|e| e.card.as_ref())
            .filter(|c| {
                cards.facts(c).is_some_and(|f| {
                    f.card_type == Some(CardType::Character)
                        && (f.fire.is_none() || f.earth.is_none())
                })
            })
            .cloned()
            .collect()
    }

    /// Warnings from the table as it was before the card arrived: restrictions that forbid
    /// this play (by card kind, or by count this turn), and the first-turn limit.
    fn play_warnings(
        &mut self,
        cards: &impl CardSource,
        player: Player,
        card: &CardId,
        area: Area,
        face_down: bool,
    ) {
        let res = Resolution::new(cards, &self.table);
        let mut forbidden: Vec<(usize, String)> = res
            .forbidding(cards, player, card, face_down, None)
            .into_iter()
            .map(|(by, rule)| (by, format!("{rule:?}")))
            .collect();
        let played = &self.fight.played_this_turn;
        let into_combat = played
            .iter()
            .filter(|c| {
                self.table
                    .side(player)
                    .combat
                    .iter()
                    .any(|e| e.card.as_ref() == Some(*c))
            })
            .count();
        for (by, rule) in res.restrictions_on(player) {
            let hit = match rule {
                Forbid::MoreThanOneCardPerTurn => !played.is_empty(),
                Forbid::MoreThanOneCardIntoCombat => area == Area::Combat && into_combat > 0,
                _ => false,
            };
            if hit {
                forbidden.push((by, format!("{rule:?}")));
            }
        }
        if face_down {
            // The card is a character in hand: an opponent's effect that ignores it (Hank
            // Highflyer Hawk, Mad Mike Magpie) or its icons (Mekarthas) takes its BLUFF icon
            // away, so it cannot be played as a bluff card.
            let facts = cards.facts(card);
            let flit_char = facts.is_some_and(|f| {
                f.series == crate::Series::Flit && f.card_type == Some(CardType::Character)
            });
            for (s, effect) in res.in_force_effects() {
                if res.slots[s].owner != player.other() {
                    continue;
                }
                if let Effect::Ignore {
                    what,
                    cards: class,
                    except,
                    except_icons,
                    ..
                } = effect
                {
                    use crate::effect::{CardClass, Except, IgnoreWhat};
                    let reaches = matches!(
                        class,
                        CardClass::Characters | CardClass::WithIcons | CardClass::All
                    ) && !(flit_char && except.contains(&Except::FlitCharacters));
                    let hit = reaches
                        && match what {
                            IgnoreWhat::Cards => true,
                            IgnoreWhat::Icons => !except_icons.contains(&Icon::Bluff),
                            IgnoreWhat::Text => false,
                        };
                    if hit {
                        forbidden.push((s, "BLUFF icon ignored".to_string()));
                    }
                }
            }
        }
        for (by, rule) in forbidden {
            if let Some(by_card) = &res.slots[by].entry.card {
                self.warnings.push(Warning::Forbidden {
                    player,
                    card: card.clone(),
                    by: by_card.clone(),
                    rule,
                });
            }
        }
        let limits = crate::turn::play_warnings(self, cards, &res, player, card, face_down);
        self.warnings.extend(limits);
    }

    /// A character that continues a gang (every active combat card is a character of the
    /// same gang) or whose text says it does not cover (KhindKin) covers nothing.
    fn continues_without_cover(
        &self,
        cards: &impl CardSource,
        player: Player,
        card: &CardId,
    ) -> bool {
        let no_cover = cards.effects(card).iter().any(|e| {
            matches!(
                e,
                Effect::Reminder {
                    action: Action::NoCover,
                    ..
                }
            )
        });
        if no_cover {
            return true;
        }
        let Some(gang) = cards.facts(card).and_then(|f| f.gang.clone()) else {
            return false;
        };
        // 'When icons are ignored the gang is lost at the next character play.'
        let res = Resolution::new(cards, &self.table);
        let gang_icon_ignored = res.in_force_effects().any(|(s, e)| {
            res.slots[s].owner == player.other()
                && matches!(e, Effect::Ignore { what: crate::effect::IgnoreWhat::Icons, except_icons, .. }
                    if !except_icons.contains(&Icon::Gang))
        });
        if gang_icon_ignored {
            return false;
        }
        let combat = &self.table.side(player).combat;
        !combat.is_empty()
            && combat.iter().all(|e| {
                e.card
                    .as_ref()
                    .and_then(|c| cards.facts(c))
                    .is_some_and(|f| {
                        f.card_type == Some(CardType::Character) && f.gang.as_ref() == Some(&gang)
                    })
            })
    }

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

/// A log with its folded state: append (validated), undo, replay.
#[derive(Debug, Clone)]
pub struct Game {
    events: Vec<Event>,
    state: GameState,
}

impl Game {
    pub fn new() -> Game {
        Game {
            events: Vec::new(),
            state: GameState::default(),
        }
    }

    pub fn from_events(cards: &impl CardSource, events: Vec<Event>) -> Result<Game, RuleError> {
        let state = GameState::replay(cards, &events)?;
        Ok(Game { events, state })
    }

    /// Appends an event if it is possible; otherwise nothing changes.
    pub fn push(&mut self, cards: &impl CardSource, ev: Event) -> Result<&[Warning], RuleError> {
        self.state = self.state.apply(cards, &ev)?;
        self.events.push(ev);
        Ok(&self.state.warnings)
    }

    /// Drops the last event and replays the rest.
    pub fn undo(&mut self, cards: &impl CardSource) -> Result<Option<Event>, RuleError> {
        let last = self.events.pop();
        self.state = GameState::replay(cards, &self.events)?;
        Ok(last)
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub fn state(&self) -> &GameState {
        &self.state
    }
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}
