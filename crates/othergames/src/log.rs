//! What the three games share: the versioned event envelope, the errors of the log itself,
//! and [`Game`], a log with its folded state (push, undo, replay), generic over the rules.
//!
//! Every game's state is a pure fold: `state' = state.step(event)`, so a prefix of the log
//! replays to the state after that many events (history, undo/redo and resume rely on this).

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The event format version this build writes and reads.
pub const EVENT_VERSION: u32 = 1;

/// One entry of a log: `{"v":1,"type":"<snake_case type>", ...fields}`; see `EVENTS.md`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event<K> {
    pub v: u32,
    #[serde(flatten)]
    pub kind: K,
}

impl<K: Serialize + DeserializeOwned> Event<K> {
    pub fn new(kind: K) -> Event<K> {
        Event {
            v: EVENT_VERSION,
            kind,
        }
    }

    pub fn to_json(&self) -> String {
        // Serializing these plain data types cannot fail; an empty string is never stored.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads one event; other versions, unknown types and missing fields are refused.
    pub fn from_json(json: &str) -> Result<Event<K>, LogError> {
        let ev: Event<K> = serde_json::from_str(json).map_err(|e| LogError::Json(e.to_string()))?;
        if ev.v != EVENT_VERSION {
            return Err(LogError::UnsupportedVersion(ev.v));
        }
        Ok(ev)
    }
}

/// Refusals that do not depend on the game: the format and the order of the log, and turns.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LogError {
    #[error("unsupported event format version {0} (this build reads version 1)")]
    UnsupportedVersion(u32),
    #[error("invalid event JSON: {0}")]
    Json(String),
    #[error("the first event must be `setup`")]
    NotSetUp,
    #[error("the game is already set up")]
    AlreadySetUp,
    #[error("the game is over")]
    GameOver,
    #[error("the game is not over yet")]
    GameNotOver,
    #[error("it is {active}'s turn, not {got}'s")]
    NotYourTurn {
        active: crate::Player,
        got: crate::Player,
    },
    #[error("a game has at most {} turns", crate::turn::MAX_TURNS)]
    TooManyTurns,
}

/// Where a game stands, for the checks every event goes through first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Phase {
    pub set_up: bool,
    pub over: bool,
}

/// What an event needs from the [`Phase`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    /// Only as the first event.
    NotSetUp,
    /// A game in progress (most events).
    InProgress,
    /// A finished game (starting the next one of a match).
    Over,
}

impl Phase {
    pub fn check(self, needs: Needs) -> Result<(), LogError> {
        match (needs, self.set_up, self.over) {
            (Needs::NotSetUp, true, _) => Err(LogError::AlreadySetUp),
            (Needs::NotSetUp, false, _) => Ok(()),
            (_, false, _) => Err(LogError::NotSetUp),
            (Needs::InProgress, true, true) => Err(LogError::GameOver),
            (Needs::Over, true, false) => Err(LogError::GameNotOver),
            _ => Ok(()),
        }
    }
}

/// A game's rules: its events, its state and how one event changes it.
pub trait Rules: Clone + Default + PartialEq + std::fmt::Debug {
    /// The event types of the game (a serde internally tagged enum).
    type Kind: Clone + Serialize + DeserializeOwned;
    /// Why an event is impossible.
    type Error: std::error::Error + Clone + PartialEq + From<LogError>;
    /// What the table shows.
    type View: Serialize;

    /// The view of this state.
    fn view(&self) -> Self::View;

    /// Whether the game is set up and whether it is over.
    fn phase(&self) -> Phase;

    /// Who won, if the game has ended (for the service's record of the game).
    fn outcome(&self) -> cards::Outcome;

    /// What the event needs from the [`Phase`].
    fn needs(kind: &Self::Kind) -> Needs;

    /// The game's own rules for one event, once [`Rules::apply`] has checked the version
    /// and the phase: the next state, or why the event is impossible.
    fn step(&self, kind: &Self::Kind) -> Result<Self, Self::Error>;

    /// The state after one more event, or why the event is impossible (nothing changes).
    fn apply(&self, ev: &Event<Self::Kind>) -> Result<Self, Self::Error> {
        if ev.v != EVENT_VERSION {
            return Err(LogError::UnsupportedVersion(ev.v).into());
        }
        self.phase().check(Self::needs(&ev.kind))?;
        self.step(&ev.kind)
    }

    /// Folds the whole log. Deterministic: the same events always give the same state.
    fn replay(events: &[Event<Self::Kind>]) -> Result<Self, ReplayError<Self::Error>> {
        events
            .iter()
            .enumerate()
            .try_fold(Self::default(), |state, (index, ev)| {
                state
                    .apply(ev)
                    .map_err(|error| ReplayError { index, error })
            })
    }
}

/// A stored log that does not replay: which event, and why.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("event {index}: {error}")]
pub struct ReplayError<E: std::error::Error> {
    pub index: usize,
    pub error: E,
}

/// A log with its folded state: append (validated), undo, replay.
#[derive(Debug, Clone)]
pub struct Game<R: Rules> {
    events: Vec<Event<R::Kind>>,
    state: R,
}

impl<R: Rules> Game<R> {
    pub fn new() -> Game<R> {
        Game {
            events: Vec::new(),
            state: R::default(),
        }
    }

    /// Resumes a stored log.
    pub fn from_events(events: Vec<Event<R::Kind>>) -> Result<Game<R>, ReplayError<R::Error>> {
        let state = R::replay(&events)?;
        Ok(Game { events, state })
    }

    /// Appends an event if it is possible; otherwise nothing changes.
    pub fn push(&mut self, ev: Event<R::Kind>) -> Result<&R, R::Error> {
        self.state = self.state.apply(&ev)?;
        self.events.push(ev);
        Ok(&self.state)
    }

    /// Drops the last event and replays the rest; returns the dropped event (`None` on an
    /// empty log). If the rest does not replay (it always does: it is a prefix of a log that
    /// did), nothing changes.
    pub fn undo(&mut self) -> Result<Option<Event<R::Kind>>, ReplayError<R::Error>> {
        let Some((last, rest)) = self.events.split_last() else {
            return Ok(None);
        };
        self.state = R::replay(rest)?;
        let last = last.clone();
        self.events.pop();
        Ok(Some(last))
    }

    pub fn events(&self) -> &[Event<R::Kind>] {
        &self.events
    }

    pub fn state(&self) -> &R {
        &self.state
    }
}

impl<R: Rules> Default for Game<R> {
    fn default() -> Self {
        Game::new()
    }
}

/// The one engine trait every game answers (`cards::Engine`): the other games need nothing but
/// their log to decide, and a command is the event it asks for.
impl<R: Rules> cards::Engine for Game<R> {
    type Event = Event<R::Kind>;
    type Command = R::Kind;
    type Refusal = R::Error;

    fn start() -> Self {
        Game::new()
    }
    fn read(payload: &str) -> Result<Self::Event, R::Error> {
        Event::from_json(payload).map_err(R::Error::from)
    }
    fn write(event: &Self::Event) -> String {
        event.to_json()
    }
    fn apply(&mut self, _: &(), event: Self::Event) -> Result<(), R::Error> {
        self.push(event).map(|_| ())
    }
    fn decide(&mut self, _: &(), command: R::Kind) -> Result<Self::Event, R::Error> {
        let event = Event::new(command);
        self.push(event.clone())?;
        Ok(event)
    }
    fn events(&self) -> &[Self::Event] {
        Game::events(self)
    }
    fn outcome(&self) -> cards::Outcome {
        self.state.outcome()
    }
}
