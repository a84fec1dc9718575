//! An event may require deck lists (issue #33): while it does, round 1 is not paired until
//! every player it would pair has registered a deck. Later rounds are not held up: the decks
//! are frozen once round 1 is paired, and a late entry brings its deck when it registers.

use crate::{EntrantId, EventState};

/// The players round 1 would pair who have no deck registered (`has_deck` says who has), in
/// registration order; empty when the event requires no deck lists or round 1 is paired.
pub fn missing_deck_lists(
    state: &EventState,
    decks_required: bool,
    has_deck: impl Fn(EntrantId) -> bool,
) -> Vec<EntrantId> {
    if !decks_required || !state.rounds.is_empty() {
        return Vec::new();
    }
    state
        .registrations
        .iter()
        .filter(|r| r.joined_round <= 1 && r.dropped_after.is_none() && !has_deck(r.id))
        .map(|r| r.id)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::next_round::tests::event as registered;
    use crate::Format;

    fn event(players: i64) -> EventState {
        registered(
            Format::Swiss {
                rounds: 3,
                top_cut: None,
            },
            players,
        )
    }
    #[test]
    fn a_required_deck_list_missing_is_named_and_only_when_required() {
        let state = event(3);
        let only_2 = |e: EntrantId| e == EntrantId(2);
        assert_eq!(
            missing_deck_lists(&state, true, only_2),
            vec![EntrantId(1), EntrantId(3)]
        );
        assert!(missing_deck_lists(&state, false, only_2).is_empty());
        assert!(missing_deck_lists(&state, true, |_| true).is_empty());
    }

    #[test]
    fn once_round_1_is_paired_deck_lists_hold_nothing_up() {
        let mut state = event(2);
        let first = crate::next_round(&state).expect("round 1 pairs");
        state.rounds.push(crate::PairedRound {
            stage: first.stage,
            record: crate::RoundRecord {
                pairings: first.pairings,
                results: Vec::new(),
            },
            published: true,
        });
        assert!(missing_deck_lists(&state, true, |_| false).is_empty());
    }
}
