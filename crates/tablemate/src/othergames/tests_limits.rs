//! Numbers beyond the engines' limits (othergames EVENTS.md, "Limits") are refused in the
//! interface language naming the player, and nothing is written: never capped or wrapped.
#![allow(clippy::unwrap_used)] // tests

use std::num::NonZeroU8;

use othergames::kc::{Duration, KcEvent};
use othergames::stccg::{PointSource, StEvent};
use othergames::whi::{HitPoints, WhiEvent};
use othergames::{CardId, Player};

use super::tests::{new, svc, Act};
use super::*;

/// Refuses `action` in `lang`; checks that the game's log and table did not change.
fn refused(s: &mut Service, id: i64, action: &OtherAction, lang: Language) -> String {
    let before = s.other_view(id, Language::En).unwrap();
    let e = s.other_act(id, action, lang).unwrap_err();
    let after = s.other_view(id, Language::En).unwrap();
    assert_eq!(after.history.len(), before.history.len(), "nothing written");
    assert_eq!(
        serde_json::to_value(&after.table).unwrap(),
        serde_json::to_value(&before.table).unwrap()
    );
    e.message
}

fn gain(player: Player, amount: u32) -> OtherAction {
    OtherAction::Whi(WhiEvent::ResourcesGained { player, amount })
}

#[test]
fn warhammer_hit_points_beyond_the_limit_refuse_the_new_game_writing_nothing() {
    let (_d, mut s) = svc();
    let req = NewOtherGameRequest {
        kind: OtherGameKind::Whi,
        player_a: "Ann".into(),
        player_b: "Ben".into(),
        deck_a: None,
        deck_b: None,
        first: None,
        hit_points: Some(HitPoints {
            base: u32::MAX,
            per_development: 1,
        }),
    };
    let en = s.other_new(&req, Language::En).unwrap_err();
    assert_eq!(en.code, crate::ErrorCode::InvalidInput);
    assert_eq!(
        en.message,
        "A capital section has at most 99 hit points and 9 more per development, not 4294967295 and 1."
    );
    let de = s.other_new(&req, Language::De).unwrap_err();
    assert_eq!(
        de.message,
        "Ein Bereich der Hauptstadt hat höchstens 99 Trefferpunkte und 9 mehr je Entwicklung, nicht 4294967295 und 1."
    );
    assert!(
        s.table_list(&[], false).unwrap().is_empty(),
        "no game written"
    );
    assert!(s.store.players().unwrap().is_empty(), "no player written");
}

#[test]
fn warhammer_resources_beyond_the_limit_are_refused_by_name_not_lost() {
    let (_d, mut s) = svc();
    let id = new(&mut s, OtherGameKind::Whi);
    s.other_act(
        id,
        &OtherAction::Whi(WhiEvent::ResourcesCollected {
            player: Player::A,
            amount: 5,
        }),
        Language::En,
    )
    .unwrap();
    assert_eq!(
        refused(&mut s, id, &gain(Player::A, u32::MAX), Language::En),
        "4294967295 for Ann is too much: one entry is at most 999."
    );
    assert_eq!(
        refused(&mut s, id, &gain(Player::A, 995), Language::En),
        "Ann has 5 resources; 995 more would be over the 999 a player can hold."
    );
    assert_eq!(
        refused(&mut s, id, &gain(Player::A, 995), Language::De),
        "Ann hat 5 Ressourcen; 995 mehr wären über den 999, die ein Spieler haben kann."
    );
    assert_eq!(
        refused(
            &mut s,
            id,
            &OtherAction::Whi(WhiEvent::DamageDealt {
                player: Player::B,
                zone: othergames::whi::Zone::Quest,
                amount: 1000,
            }),
            Language::De,
        ),
        "1000 für Ben ist zu viel: ein Eintrag ist höchstens 999."
    );
    // up to the limit is kept exactly
    let v = s
        .other_act(id, &gain(Player::A, 994), Language::En)
        .unwrap();
    let OtherTable::Whi(t) = &v.table else {
        panic!("not WHI")
    };
    assert_eq!(t.players[0].resources, 999);
}

#[test]
fn a_star_trek_score_entry_beyond_the_limit_is_refused_every_time() {
    let (_d, mut s) = svc();
    let id = new(&mut s, OtherGameKind::Stccg);
    let score = OtherAction::Stccg(StEvent::PointsScored {
        player: Player::B,
        points: i32::MIN,
        source: PointSource::BonusPoints,
        card: None,
    });
    for _ in 0..2 {
        assert_eq!(
            refused(&mut s, id, &score, Language::En),
            "-2147483648 points for Ben is too many: one entry scores or loses at most 999."
        );
    }
    assert_eq!(
        refused(&mut s, id, &score, Language::De),
        "-2147483648 Punkte für Ben sind zu viele: ein Eintrag bringt oder kostet höchstens 999."
    );
    let v = s.other_view(id, Language::En).unwrap();
    let OtherTable::Stccg(t) = &v.table else {
        panic!("not STCCG")
    };
    assert_eq!((t.players[1].score, t.ledger.len()), (0, 0));
}

#[test]
fn a_knightmare_card_in_force_too_long_is_refused_naming_card_and_player() {
    let (_d, mut s) = svc();
    let id = new(&mut s, OtherGameKind::Kc);
    let play = |turns| {
        OtherAction::Kc(KcEvent::CardPlayed {
            player: Player::B,
            card: CardId::new("amazon"),
            duration: Duration::Turns(NonZeroU8::new(turns).unwrap()),
            target: None,
        })
    };
    assert_eq!(
        refused(&mut s, id, &play(21), Language::En),
        "AMAZON played by Ben can be in force for at most 20 turns, not 21."
    );
    assert_eq!(
        refused(&mut s, id, &play(255), Language::De),
        "AMAZON von Ben kann höchstens 20 Züge in Kraft sein, nicht 255."
    );
    s.other_act(id, &play(20), Language::En).unwrap();
}
