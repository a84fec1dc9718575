//! Tournament logic, pure: pairings, byes, standings and tie-breakers. No IO; every function is
//! deterministic given its inputs (including the event's seed), so a stored event can always be
//! recomputed.
//!
//! Rules, in one place (also shown to organisers):
//! - A match is won by one player (Blue Moon has no draws): **3 match points** for a win, 0 for a
//!   loss. A **bye** counts as a match win: 3 points and a 5–0 crystal score ([`BYE_CRYSTALS`]);
//!   byes do not count as opponents for anyone's tie-breakers.
//! - Standings: match points, then opponents' match-win percentage (each opponent's percentage
//!   floored at 33%), then crystal difference, then head-to-head wins among the players still tied,
//!   then seed (registration order) so the order is always total and stable.
//! - Swiss: round 1 random (from the event's seed) or seeded (top half against bottom half).
//!   Later rounds are the best pairing by these rules, each deciding only between pairings that
//!   tie on the ones before: (1) nobody gets a second bye while someone without one can take it;
//!   (2) the fewest repeat pairings (none while a repeat-free pairing exists); (3) the bye to the
//!   lowest-ranked player possible; (4) the smallest sum of score differences over the tables;
//!   (5) the smallest sum of their squares (two players moved down one score group rather than
//!   one moved down two); (6) the players moved down are the lowest-ranked of their group and
//!   meet the highest-ranked of the group below. Players still equal after that are paired in an
//!   order shuffled from the event's seed. The best pairing is found exactly, as a minimum-cost
//!   perfect matching (blossom algorithm), not by a bounded search.
//! - Round robin: the circle method over the field at round 1; a dropped player's opponent gets a
//!   bye for that round.
//! - Top cut: single elimination of the top N (a power of two), 1 v N, 2 v N-1…, bracket order.

mod control;
mod deck_lists;
mod error;
mod ids;
mod next_round;
mod pairing;
mod ratio;
mod record;
mod refusal;
mod reports;
mod rng;
mod round_clock;
mod round_robin;
mod stages;
mod standings;
mod swiss_cost;
mod top_cut;

pub use control::{
    check_drop, check_entry, check_registration_change, check_take_back_drop, is_finished,
    round_to_undo, Undo,
};
pub use deck_lists::{check_entry_deck, missing_deck_lists};
pub use error::TournamentError;
pub use ids::EntrantId;
pub use next_round::{
    next_round, EventState, NextRound, PairedRound, Registration, ReportedSeat, Stage,
};
pub use pairing::{swiss_pairings, FirstRound};
pub use ratio::Ratio;
pub use record::{MatchResult, Pairing, RoundRecord};
pub use refusal::{ClockRefusal, Refusal};
pub use reports::{agreement, check_score, Agreement, ReportProblem, Seat, SeatReport, SeatScore};
pub use round_clock::{
    ClockCommand, ClockImplausible, ClockPhase, ClockReading, ClockRun, RoundClock,
    DEFAULT_ROUND_MINUTES, MAX_OVERTIME_MS, MAX_RAN_MS, MAX_ROUND_MINUTES, RUNNING_SINCE_MS,
    START_AHEAD_MS, WARNING_MS,
};
pub use round_robin::{round_robin_pairings, round_robin_rounds};
pub use standings::{standings, Standing};
pub use top_cut::top_cut_pairings;

/// Match points for a win (and for a bye).
pub const WIN_POINTS: u32 = 3;
/// The crystal score a bye counts as: a full match won, 5–0.
pub const BYE_CRYSTALS: (u8, u8) = (5, 0);
/// The floor applied to each opponent's match-win percentage, as a fraction (33/100).
pub const OMW_FLOOR: (u128, u128) = (33, 100);
/// The largest field paired: far above any Blue Moon event, and it bounds the matching's size
/// (its time grows with the cube of the field, its memory with the square).
pub const MAX_ENTRANTS: usize = 1024;
/// The most Swiss rounds an event has.
pub const MAX_SWISS_ROUNDS: u32 = 20;
/// Most crystals a player can hold at the end of a match: 4 going in, then a 7-crystal game.
pub const MAX_MATCH_CRYSTALS: u8 = 11;
/// The crystals that end a match: the first player to reach them wins it, so a loser has fewer.
pub const MATCH_CRYSTALS: u8 = 5;

/// How an event is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Format {
    /// Swiss rounds, then optionally single elimination of the top `top_cut` players.
    Swiss { rounds: u32, top_cut: Option<u32> },
    /// Everyone plays everyone once.
    RoundRobin,
}

impl Format {
    /// Checks the numbers an organiser typed.
    pub fn validate(&self) -> Result<(), TournamentError> {
        match *self {
            Format::Swiss { rounds, top_cut } => {
                if rounds == 0 || rounds > MAX_SWISS_ROUNDS {
                    return Err(TournamentError::SwissRounds { rounds });
                }
                if let Some(cut) = top_cut {
                    if !(2..=64).contains(&cut) || !cut.is_power_of_two() {
                        return Err(TournamentError::TopCut { cut });
                    }
                }
                Ok(())
            }
            Format::RoundRobin => Ok(()),
        }
    }
}
