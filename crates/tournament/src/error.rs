/// Errors of the tournament rules: each names the player, round or number that is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    #[error("{0}")]
    Invalid(String),
    #[error("round {round}: {message}")]
    Round { round: u32, message: String },
    #[error("not enough players: {0}")]
    TooFewPlayers(String),
    /// The event's state does not allow it now (a round still open, every round played…);
    /// typed, so the service words it in the interface language.
    #[error("{0}")]
    Refused(crate::Refusal),
    /// A round's clock set to a length no round has (typed, so the service can word it in the
    /// interface language).
    #[error(
        "a round lasts 1 to {} minutes, not {minutes}",
        crate::MAX_ROUND_MINUTES
    )]
    RoundLength { minutes: u32 },
    /// A Swiss event of a number of rounds no event has (typed, like `RoundLength`).
    #[error(
        "a Swiss event needs 1 to {} rounds, not {rounds}",
        crate::MAX_SWISS_ROUNDS
    )]
    SwissRounds { rounds: u32 },
    /// A top cut that is not 2, 4, 8, 16, 32 or 64 players.
    #[error("a top cut must be 2, 4, 8, 16, 32 or 64 players, not {cut}")]
    TopCut { cut: u32 },
    /// A result no match can end with (typed: the service words it, a store refuses it).
    #[error("{0}")]
    Score(crate::ReportProblem),
}
