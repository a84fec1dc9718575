//! Golden: the scores a Blue Moon match can end with, the one rule every new result passes
//! (typed, reported, imported, and the store's own check before it records one:
//! `MatchResult::check_new`). From the rules note `bm_rules.md` (../shared/notes):
//!
//! * §8.4 Matches: 'The player who first reaches a total of at least five crystals becomes the
//!   final winner.' (rulebook page 14, More Games) — so the loser of a match has at most 4,
//!   and "a match cannot be drawn".
//! * §8.3 Score in crystals: the winner of a game scores 1 + the dragons on their side, "at most
//!   4" without Emissaries and Inquisitors, with it "seven" — so a match ends at most at 4 + 7.

use tournament::{EntrantId, MatchResult, ReportProblem, TournamentError};

/// Ann (1) against Ben (2): Ann wins with `won`, Ben has `lost`.
fn ann_wins(won: u8, lost: u8) -> Result<(), TournamentError> {
    MatchResult {
        a: EntrantId(1),
        b: EntrantId(2),
        winner: EntrantId(1),
        crystals_a: won,
        crystals_b: lost,
    }
    .check_new()
}

fn problem(r: Result<(), TournamentError>) -> Option<ReportProblem> {
    match r {
        Err(TournamentError::Score(p)) => Some(p),
        Ok(()) => None,
        Err(other) => panic!("not a score problem: {other}"),
    }
}

/// §8.4 "first reaches … five": a loser with 5 would have ended the match first.
#[test]
fn the_loser_of_a_match_has_at_most_four_crystals() {
    assert_eq!(problem(ann_wins(5, 4)), None);
    assert_eq!(
        problem(ann_wins(6, 5)),
        Some(ReportProblem::LoserTooMany { max: 4 })
    );
    assert_eq!(
        problem(ann_wins(11, 10)),
        Some(ReportProblem::LoserTooMany { max: 4 })
    );
    assert_eq!(
        ann_wins(6, 5).unwrap_err().to_string(),
        "a match ends when a player reaches 5 crystals, so the loser has at most 4"
    );
}

/// §8.3: 4 crystals going in, then a game won with E&I's seven: 11 is the most a match gives.
#[test]
fn a_winner_ends_a_match_with_at_most_eleven_crystals() {
    assert_eq!(problem(ann_wins(11, 4)), None);
    assert_eq!(
        problem(ann_wins(12, 0)),
        Some(ReportProblem::TooManyCrystals { max: 11 })
    );
}

/// §8.4 "a match cannot be drawn": the winner is ahead.
#[test]
fn a_match_has_no_draw() {
    assert_eq!(problem(ann_wins(4, 4)), Some(ReportProblem::WinnerNotAhead));
    assert_eq!(problem(ann_wins(3, 2)), None, "a round called on time");
}
