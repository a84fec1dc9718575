//! What a Blue Moon match's record means: the store records its games and its end, the rules
//! (`bluemoon::matches`) decide when it ends and who starts the next game; the service asks
//! them here and hands the store what to record.

use bluemoon::matches::{standing, GameEnd, Standing};

/// Where the match stands after its recorded games.
pub(crate) fn of(status: &store::MatchStatus) -> Standing {
    standing(status.target.into(), status.first, &status.ends)
}

/// Where the match would stand if its open game (if any; else a new game) were won by
/// `winner` with `crystals`: whether that game wins the match.
pub(crate) fn if_won(status: &store::MatchStatus, winner: store::Side, crystals: u8) -> Standing {
    let mut ends: Vec<GameEnd> = status
        .ends
        .iter()
        .copied()
        .filter(|e| *e != GameEnd::Open)
        .collect();
    ends.push(GameEnd::Won {
        winner,
        crystals: crystals.into(),
    });
    standing(status.target.into(), status.first, &ends)
}
