//! An event may require deck lists (issue #33): while it does, pairing round 1 is refused
//! naming the players without a deck (English and German), registering and changing decks
//! goes on working, and round 1 pairs once every deck is in. The flag goes through the JSON
//! export and the CSV import's header.
#![allow(clippy::unwrap_used)] // test helpers

use super::decks::{fire_wall, round_robin, service, swiss};
use tablemate::{ErrorCode, Language, Service};

const EN: Language = Language::En;
const DE: Language = Language::De;

fn deck_cup(svc: &mut Service, decks_required: Option<bool>) -> i64 {
    let event = svc
        .create_event(&round_robin("Deck Cup", "2026-12-06", decks_required), EN)
        .unwrap();
    assert_eq!(event.decks_required, decks_required == Some(true));
    svc.register_all(event.id, &["Ann", "Ben"], Some("Vulca"), EN)
        .unwrap();
    event.id
}

#[test]
fn round_1_waits_for_every_required_deck_naming_the_players_missing() {
    let (_d, mut svc) = service();
    fire_wall(&mut svc);
    let event = deck_cup(&mut svc, Some(true));
    let detail = svc.event_detail(event, tablemate::Language::En).unwrap();
    assert!(detail.event.decks_required);
    assert_eq!(detail.decks_missing, ["Ann", "Ben"]);
    assert!(
        !detail.can_pair,
        "the page's pair button waits for the decks"
    );

    let refused = svc.pair_round(event, EN).unwrap_err();
    assert_eq!(refused.code, ErrorCode::InvalidInput);
    assert_eq!(
        refused.message,
        "Round 1 of Deck Cup cannot be paired yet: the event requires deck lists, and Ann and \
         Ben have registered no deck."
    );
    assert!(svc.prepare_round(event, EN).is_err(), "nor prepared");
    assert!(svc
        .event_detail(event, tablemate::Language::En)
        .unwrap()
        .rounds
        .is_empty());

    // registering and changing a deck goes on working
    svc.tournament_register_deck(event, "Ann", Some("Fire Wall"), EN)
        .unwrap();
    let refused = svc.pair_round(event, DE).unwrap_err();
    assert_eq!(
        refused.message,
        "Runde 1 von Deck Cup kann noch nicht ausgelost werden: Das Turnier verlangt \
         Decklisten, und Ben hat kein Deck angemeldet."
    );
    // the event's page says the same next to its pair button, in the reader's language
    for lang in [EN, DE] {
        let held = svc.event_detail(event, lang).unwrap().pair_held;
        let refused = svc.pair_round(event, lang).unwrap_err().message;
        assert_eq!(held.as_deref(), Some(refused.as_str()));
    }
    svc.tournament_register_deck(event, "Ann", None, EN)
        .unwrap();
    assert_eq!(
        svc.event_detail(event, tablemate::Language::En)
            .unwrap()
            .decks_missing,
        ["Ann", "Ben"]
    );
    // a player registered with a deck in one write counts at once
    svc.register_with_deck(event, &["Cleo"], None, "Fire Wall", EN)
        .unwrap();
    for who in ["Ann", "Ben"] {
        svc.tournament_register_deck(event, who, Some("Fire Wall"), EN)
            .unwrap();
    }
    let detail = svc.event_detail(event, tablemate::Language::En).unwrap();
    assert!(detail.decks_missing.is_empty());
    assert_eq!(detail.pair_held, None);
    assert!(detail.can_pair, "every deck in: round 1 can be paired");
    let round = svc.pair_round(event, EN).unwrap();
    assert_eq!(round.number, 1);
    // once round 1 is paired, nothing is held up (and nothing is listed as missing)
    assert!(svc
        .event_detail(event, tablemate::Language::En)
        .unwrap()
        .decks_missing
        .is_empty());
}

/// Decks are frozen once round 1 is paired, so at an event requiring deck lists a late entry
/// brings its deck (one write) or is refused, registering nobody.
#[test]
fn a_late_entry_at_an_event_requiring_deck_lists_brings_its_deck() {
    let (_d, mut svc) = service();
    fire_wall(&mut svc);
    let event = svc
        .create_event(&swiss("Swiss Deck Cup", "2026-12-07", 3, Some(true)), EN)
        .unwrap()
        .id;
    for who in ["Ann", "Ben"] {
        svc.register_with_deck(event, &[who], None, "Fire Wall", EN)
            .unwrap();
    }
    svc.pair_round(event, EN).unwrap();
    let refused = svc.register(event, "Cleo", Some("Vulca"), EN).unwrap_err();
    assert_eq!(
        refused.message,
        "Not registered: Cleo. Swiss Deck Cup requires deck lists, so a late entry registers \
         with a saved deck."
    );
    let refused = svc
        .register_all(event, &["Cleo", "Dan"], None, DE)
        .unwrap_err();
    assert_eq!(
        refused.message,
        "Nicht angemeldet: Cleo und Dan. Swiss Deck Cup verlangt Decklisten, also meldet eine \
         Nachmeldung ein gespeichertes Deck mit an."
    );
    assert_eq!(
        svc.event_detail(event, tablemate::Language::En)
            .unwrap()
            .entrants
            .len(),
        2
    );
    let late = svc
        .register_with_deck(event, &["Cleo"], None, "Fire Wall", EN)
        .unwrap();
    assert_eq!(late.entrant.joined_round, 2);
    assert_eq!(late.decks.len(), 3);
}

#[test]
fn an_event_not_requiring_deck_lists_pairs_without_them() {
    let (_d, mut svc) = service();
    let event = deck_cup(&mut svc, None);
    let detail = svc.event_detail(event, tablemate::Language::En).unwrap();
    assert!(!detail.event.decks_required);
    assert!(detail.decks_missing.is_empty());
    assert!(detail.can_pair);
    assert_eq!(svc.pair_round(event, EN).unwrap().number, 1);
}

#[test]
fn the_requirement_goes_through_the_json_export_and_back() {
    let (_d, mut svc) = service();
    let event = deck_cup(&mut svc, Some(true));
    let json = svc.export_event_json(event).unwrap();
    let (_d2, mut other) = service();
    let back = other.import_event_json(json.as_bytes(), EN).unwrap();
    assert!(back.decks_required);
    let refused = other.pair_round(back.id, EN).unwrap_err();
    assert!(
        refused
            .message
            .contains("Ann and Ben have registered no deck"),
        "{}",
        refused.message
    );
}
