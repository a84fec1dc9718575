//! What a Swiss table costs: the pairing rules as an ordered list of penalties, and their sum as
//! one integer weight per table so that a minimum-cost perfect matching (blossom) finds the round
//! that is best by every rule in turn.
//!
//! The penalties, most important first (each one only decides between pairings that tie on all
//! the earlier ones):
//! 1. a second (third…) bye for a player while someone without a bye could take it;
//! 2. repeats: each earlier meeting of the two players at the table;
//! 3. the bye to someone other than the lowest-ranked player: the number of active players ranked
//!    below the one who gets it;
//! 4. the score gap: the difference in wins (match points / 3) between the two players;
//! 5. the squared gap, so two players floating down one score group beat one floating two;
//! 6. who floats: the player paired down should be the lowest-ranked of their score group and
//!    meet the highest-ranked of the group below (the top of every group stays in it).
//!
//! Ties after all six (players with equal standing inside a score group) are broken by the order
//! the matcher sees the players in, which is shuffled from the event's seed.

use crate::TournamentError;

/// Number of penalties in [`Penalties`].
pub(crate) const LEVELS: usize = 6;

/// The penalties of one table, most important first (see the module documentation).
pub(crate) type Penalties = [u64; LEVELS];

/// What the penalties need to know about one active player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Seat {
    /// Wins, byes included (match points / 3).
    pub score: u64,
    /// Byes received so far.
    pub byes: u64,
    /// Active players ranked below this one, whatever their score.
    pub ranked_below: u64,
    /// Active players with the same score ranked above this one.
    pub above_in_group: u64,
    /// Active players with the same score ranked below this one.
    pub below_in_group: u64,
}

/// The penalties of a match between `a` and `b`, who have met `meetings` times before.
pub(crate) fn match_penalties(a: &Seat, b: &Seat, meetings: u64) -> Penalties {
    let gap = a.score.abs_diff(b.score);
    let float = match a.score.cmp(&b.score) {
        std::cmp::Ordering::Greater => a.below_in_group + b.above_in_group,
        std::cmp::Ordering::Less => b.below_in_group + a.above_in_group,
        std::cmp::Ordering::Equal => 0,
    };
    [0, meetings, 0, gap, gap * gap, float]
}

/// The penalties of giving `player` the bye.
pub(crate) fn bye_penalties(player: &Seat) -> Penalties {
    [player.byes, 0, player.ranked_below, 0, 0, 0]
}

/// One weight per table, so that comparing sums of weights over whole pairings compares their
/// penalties level by level. Every pairing has `tables` tables; a level's multiplier is larger
/// than the most all lower levels together can add up to over that many tables, so no amount of
/// a lower penalty can outweigh one unit of a higher one. `i128` holds that for every field this
/// crate pairs (1,025 seats, hundreds of rounds) with room to spare; an overflow is reported,
/// never wrapped.
pub(crate) fn weights(edges: &[Penalties], tables: usize) -> Result<Vec<i128>, TournamentError> {
    let overflow = || {
        TournamentError::Invalid("the pairing weights do not fit in 128 bits for this field".into())
    };
    let tables = i128::try_from(tables).map_err(|_| overflow())?;
    let mut multiplier = [0i128; LEVELS];
    // sum over the lower levels of (multiplier × the most that level can add over all tables)
    let mut lower_total: i128 = 0;
    for level in (0..LEVELS).rev() {
        multiplier[level] = lower_total.checked_add(1).ok_or_else(overflow)?;
        let most = edges.iter().map(|e| e[level]).max().unwrap_or(0);
        let most = i128::from(most)
            .checked_mul(tables)
            .and_then(|m| m.checked_mul(multiplier[level]))
            .ok_or_else(overflow)?;
        lower_total = lower_total.checked_add(most).ok_or_else(overflow)?;
    }
    edges
        .iter()
        .map(|e| {
            e.iter().zip(multiplier).try_fold(0i128, |acc, (&p, m)| {
                i128::from(p)
                    .checked_mul(m)
                    .and_then(|v| acc.checked_add(v))
                    .ok_or_else(overflow)
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(score: u64, below_in_group: u64, above_in_group: u64) -> Seat {
        Seat {
            score,
            byes: 0,
            ranked_below: 0,
            above_in_group,
            below_in_group,
        }
    }

    #[test]
    fn one_unit_of_a_level_outweighs_every_lower_level_over_all_tables() {
        // a field of 4 tables where one edge carries a repeat and another the largest of all
        // lower penalties: four tables of the worst lower penalties must still cost less
        let edges = [
            [0, 1, 0, 0, 0, 0],
            [0, 0, 0, 5, 25, 9],
            [0, 0, 3, 0, 0, 0],
            [2, 0, 0, 0, 0, 0],
        ];
        let w = weights(&edges, 4).unwrap();
        assert!(
            w[0] > 4 * (w[1] + w[2]),
            "a repeat outweighs 4 of any gap or bye rank"
        );
        assert!(w[3] > 4 * (w[0] + w[1] + w[2]));
        assert!(w[2] > 4 * w[1]);
        let single = weights(&[[0, 0, 0, 1, 0, 0], [0, 0, 0, 0, 25, 9]], 4).unwrap();
        assert!(single[0] > 4 * single[1]);
    }

    #[test]
    fn floating_the_bottom_of_a_group_onto_the_top_of_the_next_costs_nothing_extra() {
        let bottom_of_top_group = seat(2, 0, 3);
        let top_of_next_group = seat(1, 4, 0);
        let top_of_top_group = seat(2, 3, 0);
        assert_eq!(
            match_penalties(&bottom_of_top_group, &top_of_next_group, 0),
            [0, 0, 0, 1, 1, 0]
        );
        assert_eq!(
            match_penalties(&top_of_next_group, &top_of_top_group, 1),
            [0, 1, 0, 1, 1, 3]
        );
        assert_eq!(match_penalties(&seat(1, 0, 0), &seat(1, 2, 2), 0), [0; 6]);
    }

    #[test]
    fn an_impossibly_large_field_is_an_error_not_a_wrap() {
        let err = weights(&[[u64::MAX; LEVELS]], usize::MAX).unwrap_err();
        assert!(err.to_string().contains("128 bits"), "{err}");
    }
}
