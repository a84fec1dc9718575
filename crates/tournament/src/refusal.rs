//! Why the rules refuse what an organiser asked now (a round still open, every round played, a
//! drop taken back too late, the clock already running…). Typed, so the service words each one
//! in the interface language with the players' names; the English `Display` is for logs and
//! tests. A refusal about one player never names them: the caller knows the name.

/// What the event's state does not allow now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Pairing: round `round` still has matches without a result.
    RoundOpen { round: u32 },
    /// Pairing: round `round` is prepared, not yet published (only the last round can be
    /// published, so pairing past it would leave it unpublished for good).
    PublishFirst { round: u32 },
    /// Pairing: all `rounds` rounds of the format have been played.
    AllRoundsPlayed { rounds: u32 },
    /// Pairing the top cut: fewer active players than the cut.
    TopCutTooFew { cut: u32, active: u32 },
    /// Undo: no round has been paired.
    NoRoundToUndo,
    /// Undo: the last round already has results (a result is corrected, never undone).
    RoundHasResults { round: u32 },
    /// Drop: the player dropped already, after round `after`.
    AlreadyDropped { after: u32 },
    /// Drop: the event is over.
    DropAfterTheEnd,
    /// Taking a drop back: the player has not dropped.
    NotDropped,
    /// Taking a drop back: round `after + 1` was paired without them since.
    DropPairedSince { after: u32 },
    /// Taking a drop back: the event is over.
    ReturnAfterTheEnd,
    /// Registration: a round robin takes no late entries once it has started.
    RoundRobinStarted,
    /// Registration: every Swiss round has been paired.
    SwissAllPaired { rounds: u32 },
    /// Registration: the event already has the most players the pairings take.
    EventFull { max: usize },
    /// Correcting or removing a registration once round 1 is paired (the pairings and results
    /// are built on it; a drop is what remains).
    RegistrationInPlay,
    /// Registration: a late entry without a deck at an event requiring deck lists (decks are
    /// frozen once round 1 is paired, so a late entry brings its deck when it registers).
    LateEntryNeedsDeck,
    /// The round clock cannot do that now.
    Clock(ClockRefusal),
    /// Pairing after the top cut's final: the event has its winner (the service names them).
    TopCutOver { winner: crate::EntrantId },
}

/// Why the round clock refuses a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockRefusal {
    /// Start: it has been started already.
    AlreadyStarted,
    /// Pause: it has not been started.
    PauseBeforeStart,
    /// Pause: it is paused already.
    AlreadyPaused,
    /// Resume: it has not been started (start it).
    ResumeBeforeStart,
    /// Resume: it is running.
    AlreadyRunning,
}

impl std::fmt::Display for ClockRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ClockRefusal::AlreadyStarted => {
                "the clock has already been started; pause or resume it"
            }
            ClockRefusal::PauseBeforeStart => "the clock has not been started yet",
            ClockRefusal::AlreadyPaused => "the clock is already paused",
            ClockRefusal::ResumeBeforeStart => "the clock has not been started yet; start it",
            ClockRefusal::AlreadyRunning => "the clock is already running",
        })
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Refusal::RoundOpen { round } => {
                write!(f, "round {round} still has matches without a result")
            }
            Refusal::PublishFirst { round } => {
                write!(
                    f,
                    "round {round} is prepared but not published; publish it first"
                )
            }
            Refusal::AllRoundsPlayed { rounds } => {
                write!(f, "all {rounds} rounds have been played")
            }
            Refusal::TopCutTooFew { cut, active } => write!(
                f,
                "the top {cut} cut needs {cut} active players, there are {active}"
            ),
            Refusal::NoRoundToUndo => {
                write!(f, "no round has been paired yet, so there is none to undo")
            }
            Refusal::RoundHasResults { round } => write!(
                f,
                "round {round} already has results; only a round without any result can be undone"
            ),
            Refusal::AlreadyDropped { after } => write!(
                f,
                "is not an active player: they dropped after round {after}"
            ),
            Refusal::DropAfterTheEnd => write!(f, "cannot drop: the event is over"),
            Refusal::NotDropped => write!(f, "has not dropped"),
            Refusal::DropPairedSince { after } => write!(
                f,
                "dropped after round {after} and round {} has been paired since; a drop can only \
                 be taken back until the next round is paired",
                after + 1
            ),
            Refusal::ReturnAfterTheEnd => write!(f, "cannot come back: the event is over"),
            Refusal::RoundRobinStarted => {
                write!(f, "the round robin has started; it takes no late entries")
            }
            Refusal::SwissAllPaired { rounds } => write!(
                f,
                "all {rounds} Swiss rounds have been paired; registration is closed"
            ),
            Refusal::EventFull { max } => {
                write!(f, "the event already has the maximum of {max} players")
            }
            Refusal::RegistrationInPlay => write!(
                f,
                "round 1 has been paired; a registration can only be corrected or removed before \
                 that (drop the player instead)"
            ),
            Refusal::LateEntryNeedsDeck => write!(
                f,
                "the event requires deck lists, so a late entry registers with a saved deck"
            ),
            Refusal::Clock(c) => c.fmt(f),
            Refusal::TopCutOver { winner } => write!(f, "the top cut is over: {winner} won"),
        }
    }
}
