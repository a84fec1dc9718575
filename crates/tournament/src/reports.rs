//! Players reporting their own table's result (from their phones): one report per seat, each
//! from that player's side ("I won", my crystals, theirs), and whether the two reports agree.
//! Pure: the store keeps the reports, the service words the outcome.
//!
//! Players mix up seats (who was A?), so a report never names a seat or a winner: it says
//! whether the reporter won, and gives their crystals first. [`agreement`] turns the two into
//! the table's result in seat order.

use crate::{MATCH_CRYSTALS, MAX_MATCH_CRYSTALS};

/// One of the two seats of a table, in the order the pairing lists them: the one A/B seat
/// type of every game's table (serialised `"A"`/`"B"` as before).
pub use cards::Player as Seat;

/// What one player reports, from their own side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeatReport {
    pub won: bool,
    /// The reporter's crystals.
    pub mine: u8,
    /// The opponent's crystals.
    pub theirs: u8,
}

/// A table's result in seat order: who won and each seat's crystals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeatScore {
    pub winner: Seat,
    pub crystals_a: u8,
    pub crystals_b: u8,
}

/// Why a single report cannot be right, whatever the opponent says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportProblem {
    /// More crystals than a match can give one player.
    TooManyCrystals { max: u8 },
    /// The winner must end with more crystals than the loser (Blue Moon has no draws).
    WinnerNotAhead,
    /// The loser has as many crystals as end a match (`max` is the most a loser can hold):
    /// a match ends when one player reaches 5, so only the winner can have 5 or more.
    LoserTooMany { max: u8 },
}

/// The problem in English, for logs and the store's own messages (the service words it for
/// people, in their language). The numbers are the rules', never written twice.
impl std::fmt::Display for ReportProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            ReportProblem::TooManyCrystals { max } => {
                write!(f, "at most {max} crystals per player in a match")
            }
            ReportProblem::WinnerNotAhead => {
                write!(f, "the winner must have more crystals than the loser")
            }
            ReportProblem::LoserTooMany { max } => write!(
                f,
                "a match ends when a player reaches {MATCH_CRYSTALS} crystals, so the loser has \
                 at most {max}"
            ),
        }
    }
}

/// The one rule of a score on its own, from the winner's and the loser's crystals: possible
/// crystals, the winner ahead, the loser short of the match's end. A player's report, a typed
/// result and an imported one are all checked here.
pub fn check_score(winner: u8, loser: u8) -> Result<(), ReportProblem> {
    if winner > MAX_MATCH_CRYSTALS || loser > MAX_MATCH_CRYSTALS {
        return Err(ReportProblem::TooManyCrystals {
            max: MAX_MATCH_CRYSTALS,
        });
    }
    if winner <= loser {
        return Err(ReportProblem::WinnerNotAhead);
    }
    if loser >= MATCH_CRYSTALS {
        return Err(ReportProblem::LoserTooMany {
            max: MATCH_CRYSTALS - 1,
        });
    }
    Ok(())
}

impl SeatReport {
    /// Checks the report on its own: possible crystals, the winner ahead.
    pub fn check(&self) -> Result<(), ReportProblem> {
        let (winner, loser) = if self.won {
            (self.mine, self.theirs)
        } else {
            (self.theirs, self.mine)
        };
        check_score(winner, loser)
    }

    /// The report as a result in seat order, given the reporter's seat.
    pub fn score(&self, seat: Seat) -> SeatScore {
        let winner = if self.won { seat } else { seat.other() };
        let (crystals_a, crystals_b) = match seat {
            Seat::A => (self.mine, self.theirs),
            Seat::B => (self.theirs, self.mine),
        };
        SeatScore {
            winner,
            crystals_a,
            crystals_b,
        }
    }

    /// The report a seat would make of a result (the inverse of [`SeatReport::score`]).
    pub fn of_score(score: SeatScore, seat: Seat) -> SeatReport {
        let (mine, theirs) = match seat {
            Seat::A => (score.crystals_a, score.crystals_b),
            Seat::B => (score.crystals_b, score.crystals_a),
        };
        SeatReport {
            won: score.winner == seat,
            mine,
            theirs,
        }
    }
}

/// Where a table's reports stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Agreement {
    Nobody,
    /// Only this seat has reported.
    One(Seat),
    /// Both reported the same result.
    Agreed(SeatScore),
    /// Both reported, and the reports differ.
    Disputed,
}

/// Compares the two seats' reports: the same winner and the same crystals on both sides agree;
/// anything else (both won, crystals differing) is a dispute the organiser settles.
pub fn agreement(a: Option<&SeatReport>, b: Option<&SeatReport>) -> Agreement {
    match (a, b) {
        (None, None) => Agreement::Nobody,
        (Some(_), None) => Agreement::One(Seat::A),
        (None, Some(_)) => Agreement::One(Seat::B),
        (Some(a), Some(b)) => {
            let (sa, sb) = (a.score(Seat::A), b.score(Seat::B));
            if sa == sb {
                Agreement::Agreed(sa)
            } else {
                Agreement::Disputed
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(won: bool, mine: u8, theirs: u8) -> SeatReport {
        SeatReport { won, mine, theirs }
    }

    #[test]
    fn two_matching_reports_agree_in_seat_order() {
        // A says "I won 5-3", B says "I lost 3-5"
        let got = agreement(Some(&r(true, 5, 3)), Some(&r(false, 3, 5)));
        assert_eq!(
            got,
            Agreement::Agreed(SeatScore {
                winner: Seat::A,
                crystals_a: 5,
                crystals_b: 3
            })
        );
        // B won: the crystals come back in seat order, not reporter order
        let got = agreement(Some(&r(false, 2, 6)), Some(&r(true, 6, 2)));
        assert_eq!(
            got,
            Agreement::Agreed(SeatScore {
                winner: Seat::B,
                crystals_a: 2,
                crystals_b: 6
            })
        );
    }

    #[test]
    fn differing_reports_are_disputed() {
        // both claim the win
        assert_eq!(
            agreement(Some(&r(true, 5, 3)), Some(&r(true, 5, 3))),
            Agreement::Disputed
        );
        // same winner, other crystals
        assert_eq!(
            agreement(Some(&r(true, 5, 3)), Some(&r(false, 2, 5))),
            Agreement::Disputed
        );
    }

    #[test]
    fn one_or_no_report_is_not_yet_agreement() {
        assert_eq!(agreement(None, None), Agreement::Nobody);
        assert_eq!(
            agreement(None, Some(&r(true, 5, 0))),
            Agreement::One(Seat::B)
        );
        assert_eq!(
            agreement(Some(&r(true, 5, 0)), None),
            Agreement::One(Seat::A)
        );
    }

    #[test]
    fn a_report_is_checked_on_its_own() {
        assert_eq!(r(true, 5, 3).check(), Ok(()));
        assert_eq!(r(false, 0, 5).check(), Ok(()));
        assert_eq!(r(true, 3, 5).check(), Err(ReportProblem::WinnerNotAhead));
        assert_eq!(r(false, 4, 4).check(), Err(ReportProblem::WinnerNotAhead));
        assert_eq!(
            r(true, MAX_MATCH_CRYSTALS + 1, 0).check(),
            Err(ReportProblem::TooManyCrystals {
                max: MAX_MATCH_CRYSTALS
            })
        );
    }

    #[test]
    fn only_the_winner_can_reach_the_crystals_that_end_a_match() {
        // 11–10: the loser would have reached 5 first, so the match would have ended there
        assert_eq!(
            check_score(11, 10),
            Err(ReportProblem::LoserTooMany { max: 4 })
        );
        assert_eq!(
            r(false, 5, 6).check(),
            Err(ReportProblem::LoserTooMany { max: 4 })
        );
        assert_eq!(check_score(11, 4), Ok(()));
        assert_eq!(check_score(5, 4), Ok(()));
        // a round ended by time can leave the winner short of 5
        assert_eq!(check_score(3, 2), Ok(()));
        let typed = crate::MatchResult {
            a: crate::EntrantId(1),
            b: crate::EntrantId(2),
            winner: crate::EntrantId(2),
            crystals_a: 10,
            crystals_b: 11,
        };
        assert_eq!(
            typed.score_problem(),
            Some(ReportProblem::LoserTooMany { max: 4 })
        );
        // read back, a stored result like it still counts (an older version took it)
        assert!(typed.validate().is_ok());
    }

    #[test]
    fn score_and_of_score_are_inverse_for_both_seats() {
        for seat in [Seat::A, Seat::B] {
            for rep in [r(true, 5, 3), r(false, 1, 6)] {
                assert_eq!(SeatReport::of_score(rep.score(seat), seat), rep);
            }
        }
    }
}
