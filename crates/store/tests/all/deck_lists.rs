//! An event may require deck lists (schema 15, issue #33): the flag is stored with the event,
//! goes through the JSON export and back (a file written before the flag imports as not
//! required), and round 1 is not recorded over a required deck taken away after the decision.
#![allow(clippy::unwrap_used)] // test helpers

use crate::decide::{self, Decide};
use store::{DeckContent, FirstRound, Format, NewTournament, Store, StoreError, TournamentId};

fn deck_cup(s: &mut Store, decks_required: bool) -> TournamentId {
    let t = s
        .create_tournament(&NewTournament {
            name: "Deck Cup".into(),
            date: "2026-12-06".into(),
            format: Format::RoundRobin,
            first_round: FirstRound::Seeded,
            seed: Some(3),
            decks_required,
        })
        .unwrap();
    s.register_names(t, &["Ann", "Ben"], Some("Vulca")).unwrap();
    t
}

fn fire_wall() -> DeckContent {
    DeckContent {
        people: "Vulca".into(),
        inquisitor: None,
        emissaries_inquisitors: false,
        buka: false,
        cards: vec!["vulca-02".into(), "flit-07".into()],
    }
}

#[test]
fn the_flag_is_stored_with_the_event_and_goes_through_the_json_export() {
    let mut s = Store::open_in_memory().unwrap();
    let strict = deck_cup(&mut s, true);
    let open = deck_cup(&mut s, false);
    assert!(s.tournament(strict).unwrap().decks_required);
    assert!(!s.tournament(open).unwrap().decks_required);

    let text = s.export_tournament_json(strict).unwrap();
    assert!(text.contains("\"decks_required\": true"), "{text}");
    let mut other = Store::open_in_memory().unwrap();
    let back = other.import_tournament_json(text.as_bytes()).unwrap();
    assert!(other.tournament(back).unwrap().decks_required);

    // an event not requiring decks writes no flag: files read by older releases stay the same
    let plain = s.export_tournament_json(open).unwrap();
    assert!(!plain.contains("decks_required"), "{plain}");
    // and a file written before events could require decks imports as not requiring them
    let back = other.import_tournament_json(plain.as_bytes()).unwrap();
    assert!(!other.tournament(back).unwrap().decks_required);
}

#[test]
fn round_1_is_not_recorded_over_a_required_deck_taken_away_after_the_decision() {
    let mut s = Store::open_in_memory().unwrap();
    let t = deck_cup(&mut s, true);
    let saved = s.create_deck("Fire Wall", &fire_wall()).unwrap();
    let entrants = s.entrants(t).unwrap();
    for e in &entrants {
        let state = s.event_state(t).unwrap();
        s.record_registration_deck(t, &state, e.id, Some(&saved))
            .unwrap();
    }
    // decided with every deck there; Ben's deck is taken away before the write
    let decided_on = s.event_state(t).unwrap();
    let next = tournament::next_round(&decided_on).unwrap();
    let state = s.event_state(t).unwrap();
    s.record_registration_deck(t, &state, entrants[1].id, None)
        .unwrap();
    let refused = s
        .record_round(t, &decided_on, &next, true, &mut decide::test_code)
        .unwrap_err();
    assert!(
        matches!(refused, StoreError::EventChanged { .. }),
        "{refused:?}"
    );
    assert!(s.rounds(t).unwrap().is_empty(), "nothing recorded");

    // the deck registered again: round 1 is recorded
    let state = s.event_state(t).unwrap();
    s.record_registration_deck(t, &state, entrants[1].id, Some(&saved))
        .unwrap();
    assert_eq!(s.pair_next_round(t).unwrap().number, 1);
}
