//! Which stage a round may be, by its place in the event: the format's rule, decided here and
//! not by whoever stores or imports the rounds (the store's import asks it of every round).

use crate::{Format, Stage};

impl Format {
    /// Whether the round at `index` (0-based) may be of `stage`: Swiss rounds (no more than
    /// announced), then the top cut if there is one; or round-robin rounds only.
    pub fn allows(&self, index: u32, stage: Stage) -> bool {
        match (*self, stage) {
            (Format::RoundRobin, s) => s == Stage::RoundRobin,
            (Format::Swiss { .. }, Stage::RoundRobin) => false,
            (Format::Swiss { rounds, .. }, Stage::Swiss) => index < rounds,
            (Format::Swiss { rounds, top_cut }, Stage::TopCut) => {
                top_cut.is_some() && index >= rounds
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swiss_rounds_come_first_then_the_top_cut_if_announced() {
        let swiss = Format::Swiss {
            rounds: 3,
            top_cut: Some(8),
        };
        let stages = |f: Format| {
            (0..5)
                .map(|i| {
                    [Stage::Swiss, Stage::TopCut, Stage::RoundRobin]
                        .into_iter()
                        .filter(|s| f.allows(i, *s))
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(
            stages(swiss),
            [
                vec![Stage::Swiss],
                vec![Stage::Swiss],
                vec![Stage::Swiss],
                vec![Stage::TopCut],
                vec![Stage::TopCut],
            ]
        );
        // no cut announced: nothing after the Swiss rounds
        let no_cut = Format::Swiss {
            rounds: 2,
            top_cut: None,
        };
        assert_eq!(stages(no_cut)[1], [Stage::Swiss]);
        assert!(stages(no_cut)[2].is_empty());
    }

    #[test]
    fn a_round_robin_has_round_robin_rounds_only() {
        for i in 0..4 {
            assert!(Format::RoundRobin.allows(i, Stage::RoundRobin));
            assert!(!Format::RoundRobin.allows(i, Stage::Swiss));
            assert!(!Format::RoundRobin.allows(i, Stage::TopCut));
        }
    }
}
