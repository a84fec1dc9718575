//! Tournament logic, pure: pairings, byes, standings and tie-breakers.

/// Errors of the tournament rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    #[error("{0}")]
    Invalid(String),
}
