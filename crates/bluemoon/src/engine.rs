//! Blue Moon as one of the service's engines (`cards::Engine`): it decides with the cards (the
//! service gives them with the person's card fixes as each card's first play in the game read
//! them), and a command is the kind of event the table asks for.

use cards::{Engine, Outcome};

use crate::{CardSource, Catalog, Event, EventKind, Game, RuleError};

/// The cards a Blue Moon decision reads: the catalog's facts with the person's card fixes, and
/// the number of the newest fix among those read (0: none). A play records that number
/// (`card_played`'s `fixes_read`, EVENTS.md), so replaying it, undoing and redoing it read the
/// facts it was decided with, never the fixes made since, and never a clock.
pub trait DecidingCards: CardSource {
    fn fixes_read(&self) -> u64;
}

/// The embedded catalog holds no fixes.
impl DecidingCards for Catalog {
    fn fixes_read(&self) -> u64 {
        0
    }
}

impl<C: DecidingCards> Engine<C> for Game {
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
    /// A play records the card fixes it was decided with (whatever the command said).
    fn decide(&mut self, cards: &C, mut command: EventKind) -> Result<Event, RuleError> {
        if let EventKind::CardPlayed { fixes_read, .. } = &mut command {
            *fixes_read = cards.fixes_read();
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Area, CardId, Player};

    /// The embedded cards, as if the person's fixes up to number 7 had been read.
    struct Fixed(Catalog);
    impl CardSource for Fixed {
        fn facts(&self, id: &CardId) -> Option<&crate::BmFacts> {
            self.0.facts(id)
        }
        fn effects(&self, id: &CardId) -> &[crate::effect::Effect] {
            self.0.effects(id)
        }
    }
    impl DecidingCards for Fixed {
        fn fixes_read(&self) -> u64 {
            7
        }
    }

    #[test]
    fn a_play_records_the_fixes_it_was_decided_with_and_reads_back_the_same() {
        let cards = Fixed(Catalog::embedded().unwrap());
        let mut game = <Game as Engine<Fixed>>::start();
        game.decide(&cards, setup()).unwrap();
        let play = EventKind::CardPlayed {
            player: Player::A,
            card: CardId::new("vulca-02"),
            area: Area::Combat,
            target: None,
            face_down: false,
            // whatever the command says, the engine records what the cards read
            fixes_read: 99,
        };
        let event = game.decide(&cards, play).unwrap();
        let json = <Game as Engine<Fixed>>::write(&event);
        assert!(json.contains(r#""fixes_read":7"#), "{json}");
        assert_eq!(<Game as Engine<Fixed>>::read(&json).unwrap(), event);
        // no fix read: the field is left out, and the event reads as before
        let none = Catalog::embedded().unwrap();
        let mut plain = <Game as Engine<Catalog>>::start();
        plain.decide(&none, setup()).unwrap();
        let e = plain.decide(&none, event.kind.clone()).unwrap();
        assert!(!<Game as Engine<Catalog>>::write(&e).contains("fixes_read"));
    }

    fn setup() -> EventKind {
        EventKind::Setup {
            decks: Default::default(),
            expansions: Vec::new(),
            edition: Default::default(),
            starts: Player::A,
            constructed: Default::default(),
        }
    }
}
