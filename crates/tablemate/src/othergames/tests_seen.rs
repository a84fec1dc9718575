//! Rulings marked seen at the table of another game: left out of that game's prompt for the
//! rest of the game (the prompt still fills up), kept across an undo and a restart; unknown
//! games and rulings refused in the interface language, writing nothing.
#![allow(clippy::unwrap_used)] // tests

use othergames::whi::{WhiEvent, Zone};
use othergames::{CardId, Player};

use super::tests::{at, new, svc, Act};
use super::*;

const CARD: &str = "Flames of Tzeentch";

fn ids(s: &Service, id: i64, limit: usize) -> Vec<String> {
    s.other_prompts(at(OtherGameKind::Whi, id), CARD, Language::En, Some(limit))
        .unwrap()
        .into_iter()
        .map(|p| p.ruling.id)
        .collect()
}

#[test]
fn a_ruling_marked_seen_leaves_the_prompt_for_the_rest_of_the_game() {
    let (dir, mut s) = svc();
    let id = new(&mut s, OtherGameKind::Whi);
    let all = ids(&s, id, 50);
    assert!(all.len() >= 3, "{CARD} needs three rulings here: {all:?}");
    let before = ids(&s, id, 2);
    assert_eq!(before, all[..2]);

    s.other_mark_ruling_seen(at(OtherGameKind::Whi, id), &before[0], Language::En)
        .unwrap();
    s.other_mark_ruling_seen(
        at(OtherGameKind::Whi, id),
        &format!(" {} ", before[0]),
        Language::De,
    )
    .unwrap();
    let after = ids(&s, id, 2);
    assert_eq!(after, [all[1].clone(), all[2].clone()], "the next moves up");
    // Any limit is bounded: usize::MAX plus the one seen ruling must not overflow.
    assert_eq!(ids(&s, id, usize::MAX), all[1..]);
    assert_eq!(
        s.store
            .rulings_seen(s.store.other_game(store::OtherGameId(id)).unwrap().game())
            .unwrap(),
        vec![before[0].clone()],
        "marked once"
    );

    // Another game of the same kind still shows it.
    let other = new(&mut s, OtherGameKind::Whi);
    assert_eq!(ids(&s, other, 2), before);

    // An undo keeps it seen: "seen" is about the person, not the table.
    s.other_act(
        id,
        &OtherAction::Whi(WhiEvent::CardPlayed {
            player: Player::A,
            card: CardId::new(CARD),
            zone: Zone::Battlefield,
        }),
        Language::En,
    )
    .unwrap();
    s.other_undo(at(OtherGameKind::Whi, id).into(), Language::En)
        .unwrap();
    assert_eq!(ids(&s, id, 2), after);

    // Kept in the data dir: a new Service over the same data shows the same prompt.
    drop(s);
    let s = Service::open(dir.path().join("data")).unwrap();
    assert_eq!(ids(&s, id, 2), after, "kept across a restart");
    assert_eq!(ids(&s, other, 2), before);
}

#[test]
fn an_unknown_game_or_a_ruling_not_of_the_game_is_refused_and_nothing_written() {
    let (_d, mut s) = svc();
    let whi = new(&mut s, OtherGameKind::Whi);
    let kc = new(&mut s, OtherGameKind::Kc);
    let seen = |s: &Service, id: i64| {
        s.store
            .rulings_seen(s.store.other_game(store::OtherGameId(id)).unwrap().game())
            .unwrap()
    };

    let e = s
        .other_mark_ruling_seen(
            at(OtherGameKind::Whi, whi),
            "whi-no-such-ruling",
            Language::En,
        )
        .unwrap_err();
    assert_eq!(e.code, crate::ErrorCode::NotFound);
    assert_eq!(
        e.message,
        "There is no ruling of Warhammer: Invasion with the id \"whi-no-such-ruling\"."
    );
    // A real ruling of Warhammer: Invasion is not one of Knightmare Chess.
    let whi_ruling = ids(&s, whi, 1).remove(0);
    let e = s
        .other_mark_ruling_seen(at(OtherGameKind::Kc, kc), &whi_ruling, Language::De)
        .unwrap_err();
    assert_eq!(
        e.message,
        format!("Es gibt keine Regel zu Knightmare Chess mit der Kennung „{whi_ruling}“.")
    );
    let e = s
        .other_mark_ruling_seen(at(OtherGameKind::Whi, 999), &whi_ruling, Language::De)
        .unwrap_err();
    assert_eq!(e.code, crate::ErrorCode::NotFound);
    assert_eq!(
        e.message,
        "Es gibt kein Spiel 999 von Warhammer: Invasion, Star Trek CCG oder Knightmare Chess."
    );
    assert!(seen(&s, whi).is_empty());
    assert!(seen(&s, kc).is_empty());
}

#[test]
fn star_trek_and_knightmare_chess_rulings_are_marked_seen_too() {
    let (_d, mut s) = svc();
    for (kind, card) in [
        (OtherGameKind::Stccg, "Q-Flash"),
        (OtherGameKind::Kc, "FIREBALL"),
    ] {
        let id = new(&mut s, kind);
        let prompt = |s: &Service, limit| -> Vec<String> {
            s.other_prompts(at(kind, id), card, Language::De, Some(limit))
                .unwrap()
                .into_iter()
                .map(|p| p.ruling.id)
                .collect()
        };
        let all = prompt(&s, 50);
        assert!(all.len() >= 2, "{card} needs two rulings here: {all:?}");
        s.other_mark_ruling_seen(at(kind, id), &all[0], Language::De)
            .unwrap();
        assert_eq!(prompt(&s, 1), [all[1].clone()], "{card}");
    }
}
