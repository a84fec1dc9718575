//! The Knightmare Chess state as a fold over [`KcEvent`]s: side to move, turns, the cards in
//! force with their durations, and the match. Sources are cited from
//! `data/sources/knightmare-chess-rulings.txt`.

use super::{Duration, KcError, KcEvent, WinBy};
use crate::log::{Needs, Phase, Rules};
use crate::{CardId, LogError, PerPlayer, Player, Turn};
use serde::Serialize;
use ts_rs::TS;

/// The most turns a card stays in force (`Duration::Turns`): the longest countdown in the
/// rulings is KING OF THE MOUNTAIN's three turns; 20 leaves room for any card while a typo
/// such as 200 is refused (EVENTS.md, "Limits").
pub const MAX_CARD_TURNS: u8 = 20;
/// The most games a match holds.
pub const MAX_GAMES: u32 = 999;
/// The most cards played in one game, by both players together: more than a whole box of
/// cards.
pub const MAX_CARDS_PLAYED: u32 = 999;

/// A chess side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, TS)]
#[ts(export, rename = "KcSide")]
#[serde(rename_all = "snake_case")]
pub enum Side {
    #[default]
    White,
    Black,
}

/// A card in force.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct InForce {
    pub player: Player,
    #[ts(as = "String")]
    pub card: CardId,
    pub duration: Duration,
    /// Turns of its player left for a `turns` card, counting the current one.
    pub turns_left: Option<u8>,
    pub target: Option<String>,
}

/// The result of one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum KcResult {
    Won { winner: Player, by: WinBy },
    Drawn { by: super::DrawBy },
}

/// Everything known about the match after the events so far.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct KcState {
    pub set_up: bool,
    pub decks: PerPlayer<Option<String>>,
    /// Game number within the match, from 1.
    pub game_no: u32,
    /// Who plays White in this game.
    pub white: Player,
    /// The player to move and the turn number (each side's turn counts).
    pub turn: Turn,
    /// Cards in force, in the order they were played.
    pub in_force: Vec<InForce>,
    /// Cards played in this game so far, by both players (for the statistics: a card that
    /// resolved and left still counts).
    pub cards_played: u32,
    pub over: Option<KcResult>,
    /// Results of the finished games, in order.
    pub results: Vec<KcResult>,
}

impl KcState {
    pub fn side_of(&self, p: Player) -> Side {
        if p == self.white {
            Side::White
        } else {
            Side::Black
        }
    }

    /// Games won by each player.
    pub fn wins(&self) -> PerPlayer<u32> {
        let mut wins = PerPlayer::default();
        for r in &self.results {
            if let KcResult::Won { winner, .. } = r {
                *wins.get_mut(*winner) += 1;
            }
        }
        wins
    }

    pub fn draws(&self) -> u32 {
        let drawn = self
            .results
            .iter()
            .filter(|r| matches!(r, KcResult::Drawn { .. }));
        u32::try_from(drawn.count()).unwrap_or(u32::MAX)
    }

    fn start_game(&mut self, white: Player) -> Result<(), KcError> {
        if self.game_no >= MAX_GAMES {
            return Err(KcError::TooManyGames);
        }
        self.game_no += 1;
        self.white = white;
        // White moves first.
        self.turn = Turn::first(white);
        self.in_force.clear();
        self.cards_played = 0;
        self.over = None;
        Ok(())
    }

    fn finish(&mut self, result: KcResult) {
        self.over = Some(result);
        self.results.push(result);
    }

    /// The end of `player`'s turn: regular cards are discarded ("FALSE ORDERS is not a
    /// continuing effect card so it was discarded at the end of White's turn"), and the
    /// player's counted cards lose a turn and leave at 0.
    fn end_turn(&mut self, player: Player) -> Result<(), LogError> {
        self.turn.end(player)?;
        self.in_force.retain_mut(|c| match c.duration {
            Duration::ThisTurn => false,
            Duration::Continuing => true,
            Duration::Turns(_) => {
                // a card with turns left is in force, so its count is at least 1 here
                if c.player == player {
                    c.turns_left = c.turns_left.map(|n| n - 1);
                }
                c.turns_left != Some(0)
            }
        });
        Ok(())
    }
}

impl Rules for KcState {
    type Kind = KcEvent;
    type Error = KcError;
    type View = super::KcView;

    fn view(&self) -> super::KcView {
        self.table_view()
    }

    /// The game in progress; a match goes on with `next_game`, which makes it playing again.
    fn outcome(&self) -> cards::Outcome {
        match self.over {
            None => cards::Outcome::Playing,
            Some(KcResult::Won { winner, .. }) => cards::Outcome::Won(winner),
            Some(KcResult::Drawn { .. }) => cards::Outcome::Tie,
        }
    }

    fn phase(&self) -> Phase {
        Phase {
            set_up: self.set_up,
            over: self.over.is_some(),
        }
    }

    fn needs(ev: &KcEvent) -> Needs {
        match ev {
            KcEvent::Setup { .. } => Needs::NotSetUp,
            KcEvent::NextGame { .. } => Needs::Over,
            _ => Needs::InProgress,
        }
    }

    fn step(&self, ev: &KcEvent) -> Result<KcState, KcError> {
        let mut s = self.clone();
        match ev {
            KcEvent::Setup { decks, white } => {
                s.set_up = true;
                s.decks = decks.clone();
                s.start_game(*white)?;
            }
            KcEvent::CardPlayed {
                player,
                card,
                duration,
                target,
            } => {
                if let Duration::Turns(n) = duration {
                    if n.get() > MAX_CARD_TURNS {
                        return Err(KcError::TooManyTurns {
                            player: *player,
                            card: card.clone(),
                            turns: n.get(),
                        });
                    }
                }
                if s.cards_played >= MAX_CARDS_PLAYED {
                    return Err(KcError::TooManyCards);
                }
                s.cards_played += 1;
                s.in_force.push(InForce {
                    player: *player,
                    card: card.clone(),
                    duration: *duration,
                    turns_left: match duration {
                        Duration::Turns(n) => Some(n.get()),
                        Duration::ThisTurn | Duration::Continuing => None,
                    },
                    target: target.clone(),
                });
            }
            KcEvent::CardEnded { player, card } => {
                let pos = s
                    .in_force
                    .iter()
                    .position(|c| c.player == *player && c.card == *card)
                    .ok_or_else(|| KcError::NotInForce {
                        player: *player,
                        card: card.clone(),
                    })?;
                s.in_force.remove(pos);
            }
            KcEvent::TurnEnded { player } => s.end_turn(*player)?,
            KcEvent::GameWon { winner, by } => s.finish(KcResult::Won {
                winner: *winner,
                by: *by,
            }),
            KcEvent::GameDrawn { by } => s.finish(KcResult::Drawn { by: *by }),
            KcEvent::NextGame { white } => s.start_game(*white)?,
        }
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Event, Game};

    fn push(game: &mut Game<KcState>, kind: KcEvent) {
        game.push(Event::new(kind)).expect("a legal event");
    }

    #[test]
    fn cards_played_count_per_game_including_resolved_ones() {
        let mut game = Game::<KcState>::new();
        push(
            &mut game,
            KcEvent::Setup {
                decks: PerPlayer::default(),
                white: Player::A,
            },
        );
        for (player, card) in [(Player::A, "BOG"), (Player::B, "PEACE TALKS")] {
            push(
                &mut game,
                KcEvent::CardPlayed {
                    player,
                    card: CardId::new(card),
                    duration: Duration::ThisTurn,
                    target: None,
                },
            );
        }
        push(&mut game, KcEvent::TurnEnded { player: Player::A });
        // Both regular cards left at the end of the turn but were played.
        assert!(game.state().in_force.is_empty());
        assert_eq!(game.state().cards_played, 2);
        push(
            &mut game,
            KcEvent::GameWon {
                winner: Player::B,
                by: WinBy::Resignation,
            },
        );
        push(&mut game, KcEvent::NextGame { white: Player::B });
        assert_eq!(game.state().cards_played, 0, "a new game counts from 0");
    }

    #[test]
    fn a_match_and_a_game_stop_at_their_limits_by_refusal() {
        let drawn = KcResult::Drawn {
            by: crate::kc::DrawBy::Agreement,
        };
        let full = KcState {
            set_up: true,
            game_no: MAX_GAMES,
            over: Some(drawn),
            ..KcState::default()
        };
        let next = Event::new(KcEvent::NextGame { white: Player::A });
        assert_eq!(full.apply(&next), Err(KcError::TooManyGames));
        let busy = KcState {
            set_up: true,
            game_no: 1,
            cards_played: MAX_CARDS_PLAYED,
            ..KcState::default()
        };
        let play = Event::new(KcEvent::CardPlayed {
            player: Player::A,
            card: CardId::new("BOG"),
            duration: Duration::Continuing,
            target: None,
        });
        assert_eq!(busy.apply(&play), Err(KcError::TooManyCards));
        let one_less = KcState {
            cards_played: MAX_CARDS_PLAYED - 1,
            ..busy
        };
        let after = one_less
            .apply(&play)
            .expect("the last card within the limit");
        assert_eq!(after.cards_played, MAX_CARDS_PLAYED);
    }
}
