//! Typed ids and small validated values, so a game id is never passed where a player id belongs.

use serde::{Deserialize, Serialize};

use crate::error::{Result, StoreError};

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident, $what:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl $name {
            #[allow(dead_code)] // not every kind of id is looked up where it can be missing
            pub(crate) fn not_found(self) -> StoreError {
                StoreError::NotFound { what: $what, id: self.0 }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}", self.0)
            }
        }
    };
}

id_type!(
    /// A person at the table (not a seat: see [`Side`]).
    PlayerId,
    "player"
);
id_type!(
    /// One game of Blue Moon.
    GameId,
    "game"
);
id_type!(
    /// A match: games between two players until one reaches the target (5) crystals.
    MatchId,
    "match"
);
id_type!(
    /// A tournament event.
    TournamentId,
    "tournament"
);
id_type!(
    /// A stored correction to a card fact.
    CardFixId,
    "card fix"
);

/// A seat at the table: the first or second player listed for a game or match. One seat type
/// for every game and every layer: the engines' `cards::Player`.
pub use cards::Player as Side;

/// A seat as stored: `A` or `B`.
pub(crate) fn side_sql(side: Side) -> &'static str {
    match side {
        Side::A => "A",
        Side::B => "B",
    }
}

pub(crate) fn side_from_sql(text: &str) -> rusqlite::Result<Side> {
    match text {
        "A" => Ok(Side::A),
        "B" => Ok(Side::B),
        other => Err(rusqlite::Error::FromSqlConversionFailure(
            0,
            rusqlite::types::Type::Text,
            format!("not a side: {other:?}").into(),
        )),
    }
}

/// Trims and checks a short human-entered label (a player's name, a people or deck).
pub(crate) fn label(field: &'static str, text: &str, max_chars: usize) -> Result<String> {
    checked_text(text, max_chars).map_err(|problem| StoreError::Invalid {
        field,
        reason: problem.to_string(),
    })
}

/// [`label`]'s check, typed (an import words it in the interface language).
pub(crate) fn checked_text(
    text: &str,
    max_chars: usize,
) -> std::result::Result<String, crate::TextProblem> {
    use crate::TextProblem;
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(TextProblem::Empty);
    }
    let n = trimmed.chars().count();
    if n > max_chars {
        return Err(TextProblem::TooLong {
            chars: n,
            max: max_chars,
        });
    }
    if trimmed.chars().any(char::is_control) {
        return Err(TextProblem::ControlCharacters);
    }
    Ok(trimmed.to_string())
}

/// The longest player name accepted.
pub const MAX_NAME_CHARS: usize = 100;
/// The longest people or deck label accepted.
pub const MAX_PEOPLE_CHARS: usize = 64;
