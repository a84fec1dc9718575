//! Golden: the scores a Blue Moon match can end with, the one rule every new result passes
//! (typed, reported, imported, and the store's own check before it records one:
//! `MatchResult::check_new`). The rules, as `bluemoon::matches` quotes them from the rulebook
//! and the FAQ (the design's rules notes, §8.3 and §8.4):
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
    let too_many = Some(ReportProblem::LoserTooMany { max: 4 });
    let found = [(5, 4), (6, 5), (11, 10)].map(|(w, l)| problem(ann_wins(w, l)));
    assert_eq!(found, [None, too_many, too_many]);
    assert_eq!(
        ann_wins(6, 5).unwrap_err().to_string(),
        "a match ends when a player reaches 5 crystals, so the loser has at most 4"
    );
}

/// §8.3: 4 crystals going in, then a game won with E&I's seven: 11 is the most a match gives.
#[test]
fn a_winner_ends_a_match_with_at_most_eleven_crystals() {
    let found = [(11, 4), (12, 0)].map(|(w, l)| problem(ann_wins(w, l)));
    assert_eq!(
        found,
        [None, Some(ReportProblem::TooManyCrystals { max: 11 })]
    );
}

/// §8.4 "a match cannot be drawn": the winner is ahead (3–2: a round called on time).
#[test]
fn a_match_has_no_draw() {
    let found = [(4, 4), (3, 2)].map(|(w, l)| problem(ann_wins(w, l)));
    assert_eq!(found, [Some(ReportProblem::WinnerNotAhead), None]);
}
