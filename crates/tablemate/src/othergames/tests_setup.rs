//! Refusals of a new game of another kind and of an action sent to the wrong game: in the
//! interface language, naming the players, writing nothing.
#![allow(clippy::unwrap_used)] // tests

use othergames::whi::{HitPoints, WhiEvent};
use othergames::Player;

use super::tests::{new, svc, Act};
use super::*;

fn request(kind: OtherGameKind, a: &str, b: &str) -> NewOtherGameRequest {
    NewOtherGameRequest {
        kind,
        player_a: a.into(),
        player_b: b.into(),
        deck_a: None,
        deck_b: None,
        first: None,
        hit_points: None,
    }
}

/// The refusal's text, after checking that nothing was written.
fn refused(s: &mut Service, req: &NewOtherGameRequest, lang: Language) -> String {
    let e = s.other_new(req, lang).unwrap_err();
    assert_eq!(e.code, crate::ErrorCode::InvalidInput, "{}", e.message);
    assert!(
        s.table_list(&[], false).unwrap().is_empty(),
        "no game written"
    );
    assert!(s.store.players().unwrap().is_empty(), "no player written");
    e.message
}

#[test]
fn a_new_game_is_refused_in_german_naming_the_players() {
    let (_d, mut s) = svc();
    let de = Language::De;
    assert_eq!(
        refused(&mut s, &request(OtherGameKind::Whi, "Ann", " Ann "), de),
        "Beide Spieler heißen Ann: die zwei Spieler brauchen verschiedene Namen."
    );
    assert_eq!(
        refused(&mut s, &request(OtherGameKind::Kc, "Ann", "ANN"), de),
        "Ann und ANN sind derselbe Name: die zwei Spieler brauchen verschiedene Namen."
    );
    assert_eq!(
        refused(&mut s, &request(OtherGameKind::Stccg, "Ann", "  "), de),
        "Der zweite Spieler braucht einen Namen."
    );
    assert_eq!(
        refused(&mut s, &request(OtherGameKind::Stccg, "", "Ben"), de),
        "Der erste Spieler braucht einen Namen."
    );
    let long = "B".repeat(store::MAX_NAME_CHARS + 1);
    assert_eq!(
        refused(&mut s, &request(OtherGameKind::Whi, "Ann", &long), de),
        "Der Name des zweiten Spielers darf höchstens 100 Zeichen und keine Steuerzeichen haben."
    );
    // The engine refuses the set-up: worded as its other refusals.
    let mut zero = request(OtherGameKind::Whi, "Ann", "Ben");
    zero.hit_points = Some(HitPoints {
        base: 0,
        per_development: 1,
    });
    assert_eq!(
        refused(&mut s, &zero, de),
        "Ein Bereich der Hauptstadt braucht mindestens 1 Trefferpunkt."
    );
}

#[test]
fn a_new_game_is_refused_in_english_too() {
    let (_d, mut s) = svc();
    let en = Language::En;
    assert_eq!(
        refused(&mut s, &request(OtherGameKind::Whi, "Ann", "Ann"), en),
        "Both players are called Ann: the two players need different names."
    );
    assert_eq!(
        refused(&mut s, &request(OtherGameKind::Kc, "Ann", "ann"), en),
        "Ann and ann are the same name: the two players need different names."
    );
    assert_eq!(
        refused(&mut s, &request(OtherGameKind::Kc, "Ann\u{7}", "Ben"), en),
        "The first player's name may have at most 100 characters and no control characters."
    );
    assert_eq!(
        refused(&mut s, &request(OtherGameKind::Kc, "Ann", ""), en),
        "The second player needs a name."
    );
    let mut deck = request(OtherGameKind::Stccg, "Ann", "Ben");
    deck.deck_b = Some("Borg ".repeat(30));
    assert_eq!(
        refused(&mut s, &deck, en),
        "The second player's deck may be described in at most 100 characters, without control characters."
    );
    deck.deck_b = None;
    deck.deck_a = Some("Dwarfs\u{1b}[2J".into());
    assert_eq!(
        refused(&mut s, &deck, Language::De),
        "Das Deck des ersten Spielers darf mit höchstens 100 Zeichen beschrieben werden, ohne Steuerzeichen."
    );
    // A deck at the limit, with spaces around it, is kept trimmed.
    deck.deck_a = Some(format!("  {}  ", "D".repeat(100)));
    let v = s.other_new(&deck, en).unwrap();
    let OtherTable::Stccg(t) = &v.table else {
        panic!("not STCCG")
    };
    assert_eq!(t.players[0].deck.as_deref(), Some("D".repeat(100).as_str()));
}

#[test]
fn an_action_of_another_game_is_refused_in_the_interface_language() {
    let (_d, mut s) = svc();
    let id = new(&mut s, OtherGameKind::Kc);
    let e = s
        .other_act(
            id,
            &OtherAction::Whi(WhiEvent::TurnEnded { player: Player::A }),
            Language::De,
        )
        .unwrap_err();
    assert_eq!(
        e.message,
        format!("Spiel {id} ist ein Spiel Knightmare Chess, nicht Warhammer: Invasion.")
    );
    assert_eq!(s.other_view(id, Language::En).unwrap().history.len(), 1);
}

#[test]
fn a_game_that_does_not_exist_is_refused_in_the_interface_language() {
    let (_d, mut s) = svc();
    let de = "Es gibt kein Spiel 42 von Warhammer: Invasion, Star Trek CCG oder Knightmare Chess.";
    let check = |e: ServiceError| {
        assert_eq!(e.code, crate::ErrorCode::NotFound);
        assert_eq!(e.message, de);
    };
    check(s.other_view(42, Language::De).unwrap_err());
    check(
        s.other_undo(
            super::tests::at(OtherGameKind::Whi, 42).into(),
            Language::De,
        )
        .unwrap_err(),
    );
    check(
        s.other_redo(
            super::tests::at(OtherGameKind::Whi, 42).into(),
            Language::De,
        )
        .unwrap_err(),
    );
    check(
        s.other_prompts(
            super::tests::at(OtherGameKind::Whi, 42),
            "Grimgor Ironhide",
            Language::De,
            None,
        )
        .unwrap_err(),
    );
    check(
        s.other_act(
            42,
            &OtherAction::Whi(WhiEvent::TurnEnded { player: Player::A }),
            Language::De,
        )
        .unwrap_err(),
    );
    let e = s.other_view(42, Language::En).unwrap_err();
    assert!(
        e.message.starts_with("There is no game 42 of"),
        "{}",
        e.message
    );
}
