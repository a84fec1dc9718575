//! [`Game`]: a log with its folded state (append validated, undo, replay).

use super::*;

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
