//! An event may require deck lists (issue #33): while it does, round 1 is not paired until
//! every player it would pair has registered a deck. Later rounds are not held up: the decks
//! are frozen once round 1 is paired, and a late entry brings its deck when it registers.
//! Whether a player has a deck is part of the event's state ([`crate::Registration::deck`]),
//! so a decision made on it is refused as "changed meanwhile" when a deck moved since.

use crate::{EntrantId, EventState, Refusal, TournamentError};

/// The players round 1 would pair who have no deck registered, in registration order; empty
/// when the event requires no deck lists or round 1 is paired.
pub fn missing_deck_lists(state: &EventState, decks_required: bool) -> Vec<EntrantId> {
    if !decks_required || !state.rounds.is_empty() {
        return Vec::new();
    }
    state
        .registrations
        .iter()
        .filter(|r| r.joined_round <= 1 && r.dropped_after.is_none() && !r.deck)
        .map(|r| r.id)
        .collect()
}

/// Checks that players joining at `joined_round` (from [`crate::check_entry`]) may register
/// with a deck or without (`with_deck`): at an event requiring deck lists, a late entry (after
/// round 1 was paired, when the decks are frozen) brings its deck in the same registration.
/// Before round 1 a player may register first and bring the deck later: round 1 waits for it.
pub fn check_entry_deck(
    decks_required: bool,
    joined_round: u32,
    with_deck: bool,
) -> Result<(), TournamentError> {
    if decks_required && joined_round > 1 && !with_deck {
        return Err(TournamentError::Refused(Refusal::LateEntryNeedsDeck));
    }
    Ok(())
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
        let mut state = event(3);
        state.registrations[1].deck = true;
        assert_eq!(
            missing_deck_lists(&state, true),
            vec![EntrantId(1), EntrantId(3)]
        );
        assert!(missing_deck_lists(&state, false).is_empty());
        for r in &mut state.registrations {
            r.deck = true;
        }
        assert!(missing_deck_lists(&state, true).is_empty());
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
        assert!(missing_deck_lists(&state, true).is_empty());
    }
}
