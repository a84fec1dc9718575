//! What every game's rules engine answers, so that the service records all four games (Blue
//! Moon, Warhammer: Invasion, Star Trek CCG, Knightmare Chess) with one coordinator: read a
//! stored log and fold it into a state, decide a command into the event to store (or refuse
//! it), and say where the game stands.
//!
//! It lives here, in the vocabulary every engine already shares (the seats [`Player`]), rather
//! than in the service: the engines implement it without knowing anything of storage, and the
//! service (`tablemate/src/coordinator.rs`) drives any of them the same way.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{Game, Player};

/// One game at the table, whatever it is: which game ([`Game`]) and its number. Blue Moon
/// games and the other three keep their own rows and numbers in the store (`games`,
/// `other_games`), so the number alone does not say which game is meant; this does, and every
/// change of a game's log (append, undo, redo, rulings seen, outcome) is keyed by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct GameRef {
    pub kind: Game,
    #[ts(type = "number")]
    pub id: i64,
}

impl GameRef {
    pub fn new(kind: Game, id: i64) -> GameRef {
        GameRef { kind, id }
    }
}

/// Where a game stands after its log, as its engine folds it (and as the store records it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    Playing,
    Won(Player),
    /// Ended with no winner (Star Trek's equal scores, a drawn chess game, an abandoned game).
    Tie,
}

/// A stored log read or folded as far as it goes: the events read, or the state after the
/// events that replay, and, when the log goes on past what this engine accepts (an event that
/// does not read, or that the rules refuse at that point), which event (0-based) and why.
pub struct Replayed<S, R> {
    pub state: S,
    pub refused: Option<(usize, R)>,
}

/// What [`Engine::replay_observed`] shows each event to: the event, the state `S` after it,
/// and why the rules refused it (then `S` is the state before it).
pub type Observer<'a, S, E, R> = &'a mut dyn FnMut(&E, &S, Option<&R>);

/// A game's rules engine, as the service's coordinator drives it. `Ctx` is what it decides
/// with besides its log: Blue Moon's cards (with the card fixes each card's first play in the
/// game names, never a clock); nothing (`()`) for the other games. The state holds its log
/// (the events folded).
pub trait Engine<Ctx: ?Sized = ()>: Sized {
    /// One event of the log, as stored.
    type Event: Clone;
    /// What a person asks for at the table, before the rules turn it into an event.
    type Command;
    /// Why the rules refuse an event or a command.
    type Refusal;

    /// The state before the set-up (an empty log).
    fn start() -> Self;
    /// Reads one stored event (its JSON text); the refusal when it does not read.
    fn read(payload: &str) -> Result<Self::Event, Self::Refusal>;
    /// The event as stored (JSON text).
    fn write(event: &Self::Event) -> String;
    /// Folds one more event into the state; a refused event changes nothing.
    fn apply(&mut self, ctx: &Ctx, event: Self::Event) -> Result<(), Self::Refusal>;
    /// Decides a command on this state: the event to store, the state then being the state
    /// after it; a refused command changes nothing.
    fn decide(&mut self, ctx: &Ctx, command: Self::Command) -> Result<Self::Event, Self::Refusal>;
    /// Where the game stands.
    fn outcome(&self) -> Outcome;

    /// The events folded so far, in order.
    fn events(&self) -> &[Self::Event];

    /// Whether the game has ended (the table then takes no move but undo).
    fn is_over(&self) -> bool {
        self.outcome() != Outcome::Playing
    }

    /// Reads a stored log: every event that reads, in order (as `state`), up to the first
    /// that does not (0-based, with why).
    fn read_log<'a>(
        payloads: impl IntoIterator<Item = &'a str>,
    ) -> Replayed<Vec<Self::Event>, Self::Refusal> {
        let mut events = Vec::new();
        for (i, payload) in payloads.into_iter().enumerate() {
            match Self::read(payload) {
                Ok(event) => events.push(event),
                Err(why) => {
                    return Replayed {
                        state: events,
                        refused: Some((i, why)),
                    }
                }
            }
        }
        Replayed {
            state: events,
            refused: None,
        }
    }

    /// Folds events read from a log: every one the rules accept, in order, up to the first
    /// they refuse. A stored game therefore always opens, as it stood before that event.
    fn replay(ctx: &Ctx, events: Vec<Self::Event>) -> Replayed<Self, Self::Refusal> {
        Self::replay_observed(ctx, events, None)
    }

    /// [`Engine::replay`], showing `each` every event with the state after it (the state
    /// kept, and why, for the one refused): a game's timeline is this one fold.
    fn replay_observed(
        ctx: &Ctx,
        events: Vec<Self::Event>,
        mut each: Option<Observer<'_, Self, Self::Event, Self::Refusal>>,
    ) -> Replayed<Self, Self::Refusal> {
        let mut state = Self::start();
        for (i, event) in events.into_iter().enumerate() {
            let seen = each.as_ref().map(|_| event.clone());
            let applied = state.apply(ctx, event);
            if let (Some(each), Some(seen)) = (each.as_mut(), &seen) {
                each(seen, &state, applied.as_ref().err());
            }
            if let Err(why) = applied {
                return Replayed {
                    state,
                    refused: Some((i, why)),
                };
            }
        }
        Replayed {
            state,
            refused: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A counter that ends at 3 and refuses anything but 1.
    #[derive(Debug, Default)]
    struct Count(Vec<u8>);

    impl Engine for Count {
        type Event = u8;
        type Command = u8;
        type Refusal = String;
        fn start() -> Self {
            Count::default()
        }
        fn read(payload: &str) -> Result<u8, String> {
            payload
                .parse()
                .map_err(|_| format!("not a number: {payload}"))
        }
        fn write(event: &u8) -> String {
            event.to_string()
        }
        fn apply(&mut self, _: &(), event: u8) -> Result<(), String> {
            if event != 1 || self.is_over() {
                return Err(format!("{event} refused"));
            }
            self.0.push(event);
            Ok(())
        }
        fn decide(&mut self, ctx: &(), command: u8) -> Result<u8, String> {
            self.apply(ctx, command)?;
            Ok(command)
        }
        fn events(&self) -> &[u8] {
            &self.0
        }
        fn outcome(&self) -> Outcome {
            if self.0.len() >= 3 {
                Outcome::Won(Player::A)
            } else {
                Outcome::Playing
            }
        }
    }

    #[test]
    fn a_log_replays_up_to_the_first_event_refused_or_unreadable() {
        let read = Count::read_log(["1", "1", "1"]);
        assert!(read.refused.is_none());
        let all = Count::replay(&(), read.state);
        assert!(all.refused.is_none());
        assert!(all.state.is_over());
        let refused = Count::replay(&(), vec![1, 2, 1]);
        assert_eq!(refused.state.0, vec![1]);
        assert_eq!(refused.refused, Some((1, "2 refused".to_owned())));
        let read = Count::read_log(["1", "x", "1"]);
        assert_eq!(read.state, vec![1]);
        assert!(matches!(read.refused, Some((1, ref w)) if w.contains("not a number")));
    }

    #[test]
    fn a_refused_command_changes_nothing() {
        let mut c = Count::start();
        assert_eq!(c.decide(&(), 1), Ok(1));
        assert!(c.decide(&(), 5).is_err());
        assert_eq!(c.0, vec![1]);
        assert_eq!(Count::write(&1), "1");
    }
}
