//! Blue Moon as one of the service's engines (`cards::Engine`): it decides with the cards (the
//! service gives them with the user's fixes as first played in the game), and a command is the
//! kind of event the table asks for.

use cards::{Engine, Outcome};

use crate::{CardSource, Event, EventKind, Game, RuleError};

impl<C: CardSource> Engine<C> for Game {
    type Event = Event;
    type Command = EventKind;
    type Refusal = RuleError;

    fn start() -> Self {
        Game::new()
    }
    fn read(payload: &str) -> Result<Event, RuleError> {
        Event::from_json(payload)
    }
    fn write(event: &Event) -> String {
        event.to_json()
    }
    fn apply(&mut self, cards: &C, event: Event) -> Result<(), RuleError> {
        self.push(cards, event).map(|_| ())
    }
    fn decide(&mut self, cards: &C, command: EventKind) -> Result<Event, RuleError> {
        let event = Event::new(command);
        self.push(cards, event.clone())?;
        Ok(event)
    }
    fn events(&self) -> &[Self::Event] {
        Game::events(self)
    }
    /// An abandoned game ended without a winner.
    fn outcome(&self) -> Outcome {
        let state = self.state();
        match &state.game_over {
            Some(result) => Outcome::Won(result.winner),
            None if state.abandoned => Outcome::Tie,
            None => Outcome::Playing,
        }
    }
}
