//! Golden: deck lists at an event that requires them (issue #33, "At a tournament": "an event
//! may require deck lists; each registration takes a deck (checked, frozen when round 1 is
//! paired)"). From that rule:
//!
//! * "While a deck is missing, round 1 is refused, naming the players" — before round 1 a
//!   player may register first and bring the deck later; round 1 waits for it.
//! * "A late entry without a deck is refused at such an event, because decks freeze at round 1"
//!   — a late entry brings its deck in the same registration.
//! * An event that does not require deck lists takes every entry with a deck or without.

use tournament::{check_entry_deck, Refusal, TournamentError};

fn refused(decks_required: bool, joined_round: u32, with_deck: bool) -> bool {
    match check_entry_deck(decks_required, joined_round, with_deck) {
        Ok(()) => false,
        Err(TournamentError::Refused(Refusal::LateEntryNeedsDeck)) => true,
        Err(other) => panic!("not the late entry's refusal: {other}"),
    }
}

#[test]
fn a_late_entry_at_an_event_requiring_deck_lists_brings_its_deck() {
    // (decks required, joins at round, brings a deck) → refused
    let golden = [
        ((true, 1, false), false),  // before round 1: the deck may follow
        ((true, 1, true), false),   // before round 1, with its deck
        ((true, 2, false), true),   // a late entry without a deck: refused
        ((true, 4, false), true),   // however late
        ((true, 2, true), false),   // a late entry bringing its deck
        ((false, 1, false), false), // no deck lists required: any entry
        ((false, 3, false), false),
        ((false, 3, true), false),
    ];
    for ((required, round, with_deck), expected) in golden {
        assert_eq!(
            refused(required, round, with_deck),
            expected,
            "decks required {required}, joining at round {round}, with a deck {with_deck}"
        );
    }
}
