#![allow(clippy::unwrap_used)] // tests

use othergames::kc::{Duration, KcEvent, WinBy};
use othergames::stccg::{PointSource, StEvent};
use othergames::whi::{WhiEvent, Zone};
use othergames::{CardId, Player};

use super::*;

/// An action recorded with no rulings prompt, as `table_act` records it: the table after it.
pub(super) trait Act {
    fn other_act(
        &mut self,
        at: impl Into<GameAt>,
        action: &OtherAction,
        lang: Language,
    ) -> Result<OtherGameView>;
}

impl Act for Service {
    fn other_act(
        &mut self,
        at: impl Into<GameAt>,
        action: &OtherAction,
        lang: Language,
    ) -> Result<OtherGameView> {
        Ok(self.other_record(at, action, lang, None)?.view)
    }
}

pub(super) fn svc() -> (tempfile::TempDir, Service) {
    let dir = tempfile::tempdir().unwrap();
    let svc = Service::open(dir.path().join("data")).unwrap();
    (dir, svc)
}

/// Game `id` of `kind`, as the table names it.
pub(super) fn at(kind: OtherGameKind, id: i64) -> GameRef {
    GameRef::new(kind.cards(), id)
}

pub(super) fn new(svc: &mut Service, kind: OtherGameKind) -> i64 {
    svc.other_new(
        &NewOtherGameRequest {
            kind,
            player_a: "Ann".into(),
            player_b: "Ben".into(),
            deck_a: Some("Dwarfs".into()),
            deck_b: None,
            first: None,
            hit_points: None,
        },
        Language::En,
    )
    .unwrap()
    .id
}

fn damage(player: Player, zone: Zone, amount: u32) -> OtherAction {
    OtherAction::Whi(WhiEvent::DamageDealt {
        player,
        zone,
        amount,
    })
}

fn whi(view: &OtherGameView) -> &WhiView {
    match &view.table {
        OtherTable::Whi(w) => w,
        other => panic!("not a WHI table: {other:?}"),
    }
}

#[test]
fn a_whi_game_burns_two_zones_wins_and_undo_brings_it_back() {
    let (_d, mut s) = svc();
    let id = new(&mut s, OtherGameKind::Whi);
    let v = s
        .other_act(id, &damage(Player::B, Zone::Quest, 8), Language::En)
        .unwrap();
    assert!(whi(&v).players[1].sections[1].burned);
    assert_eq!(v.outcome, OtherOutcome::Playing);
    let v = s
        .other_act(id, &damage(Player::B, Zone::Kingdom, 9), Language::En)
        .unwrap();
    assert_eq!(
        v.outcome,
        OtherOutcome::Won {
            seat: Seat::A,
            name: "Ann".into()
        }
    );
    assert!(
        s.table_list(&[], true).unwrap().is_empty(),
        "a won game is not to resume"
    );

    let v = s
        .other_undo(at(OtherGameKind::Whi, id).into(), Language::En)
        .unwrap();
    assert_eq!(v.outcome, OtherOutcome::Playing);
    assert!(v.can_redo);
    assert_eq!(whi(&v).players[1].sections[0].damage, 0);
    assert_eq!(s.table_list(&[], true).unwrap()[0].id, id);
    let v = s
        .other_redo(at(OtherGameKind::Whi, id).into(), Language::En)
        .unwrap();
    assert!(matches!(v.outcome, OtherOutcome::Won { .. }));
    assert_eq!(v.history.len(), 3);
}

#[test]
fn a_refusal_names_the_player_in_the_interface_language_and_writes_nothing() {
    let (_d, mut s) = svc();
    let id = new(&mut s, OtherGameKind::Whi);
    s.other_act(id, &damage(Player::B, Zone::Quest, 8), Language::En)
        .unwrap();
    let en = s
        .other_act(id, &damage(Player::B, Zone::Quest, 1), Language::En)
        .unwrap_err();
    assert_eq!(
        en.message,
        "Ben's Quest zone is burning and cannot be assigned damage."
    );
    let de = s
        .other_act(
            id,
            &OtherAction::Whi(WhiEvent::TurnEnded { player: Player::B }),
            Language::De,
        )
        .unwrap_err();
    assert_eq!(de.message, "Ann ist am Zug, nicht Ben.");
    assert_eq!(s.other_view(id, Language::En).unwrap().history.len(), 2);
    // Nothing to undo beyond the setup, in German.
    let id2 = new(&mut s, OtherGameKind::Kc);
    let e = s
        .other_undo(at(OtherGameKind::Kc, id2).into(), Language::De)
        .unwrap_err();
    assert!(
        e.message.starts_with("Es gibt nichts zurückzunehmen"),
        "{}",
        e.message
    );
}

#[test]
fn an_action_of_another_game_is_refused() {
    let (_d, mut s) = svc();
    let id = new(&mut s, OtherGameKind::Stccg);
    let e = s
        .other_act(id, &damage(Player::A, Zone::Quest, 1), Language::En)
        .unwrap_err();
    assert!(e.message.contains("Star Trek CCG"), "{}", e.message);
}

#[test]
fn star_trek_scores_with_qs_planet_need_140() {
    let (_d, mut s) = svc();
    let id = new(&mut s, OtherGameKind::Stccg);
    let score = |points| {
        OtherAction::Stccg(StEvent::PointsScored {
            player: Player::A,
            points,
            source: PointSource::Mission,
            card: None,
        })
    };
    s.other_act(
        id,
        &OtherAction::Stccg(StEvent::QsPlanetEntered { player: Player::B }),
        Language::En,
    )
    .unwrap();
    let v = s.other_act(id, &score(120), Language::En).unwrap();
    assert_eq!(v.outcome, OtherOutcome::Playing);
    let OtherTable::Stccg(t) = &v.table else {
        panic!("not STCCG")
    };
    assert_eq!(
        (t.target, t.players[0].score, t.ledger.len()),
        (140, 120, 1)
    );
    let v = s.other_act(id, &score(20), Language::En).unwrap();
    assert!(matches!(v.outcome, OtherOutcome::Won { seat: Seat::A, .. }));
}

#[test]
fn knightmare_cards_are_resolved_in_the_catalog_and_count_down() {
    let (_d, mut s) = svc();
    let id = new(&mut s, OtherGameKind::Kc);
    let play = OtherAction::Kc(KcEvent::CardPlayed {
        player: Player::A,
        card: CardId::new("amazon"),
        duration: Duration::Turns(std::num::NonZeroU8::new(1).unwrap()),
        target: None,
    });
    let v = s.other_act(id, &play, Language::En).unwrap();
    let OtherTable::Kc(t) = &v.table else {
        panic!("not KC")
    };
    assert_eq!(t.in_force[0].card, CardId::new("kc-amazon"));
    assert_eq!(
        v.card_names.get("kc-amazon").map(String::as_str),
        Some("AMAZON")
    );
    let v = s
        .other_act(
            id,
            &OtherAction::Kc(KcEvent::TurnEnded { player: Player::A }),
            Language::En,
        )
        .unwrap();
    let OtherTable::Kc(t) = &v.table else {
        panic!("not KC")
    };
    assert!(
        t.in_force.is_empty(),
        "a one-turn card leaves at the end of its turn"
    );
    let v = s
        .other_act(
            id,
            &OtherAction::Kc(KcEvent::GameWon {
                winner: Player::B,
                by: WinBy::Checkmate,
            }),
            Language::En,
        )
        .unwrap();
    assert!(matches!(v.outcome, OtherOutcome::Won { seat: Seat::B, .. }));
}

#[test]
fn the_rulings_prompt_knows_the_cards_in_play() {
    let (_d, mut s) = svc();
    let id = new(&mut s, OtherGameKind::Whi);
    let prompts = s
        .other_prompts(
            at(OtherGameKind::Whi, id),
            "Grimgor Ironhide",
            Language::En,
            Some(3),
        )
        .unwrap();
    assert!(!prompts.is_empty(), "Grimgor Ironhide has rulings");
    assert!(prompts.len() <= 3);
    // A card no document names has no ruling, and is no error.
    assert!(s
        .other_prompts(
            at(OtherGameKind::Whi, id),
            "A card nobody ruled on",
            Language::En,
            None
        )
        .unwrap()
        .is_empty());
}

#[test]
fn suggestions_come_from_the_games_own_card_list() {
    let (_d, mut s) = svc();
    let id = new(&mut s, OtherGameKind::Whi);
    let found = s
        .other_suggest(at(OtherGameKind::Whi, id), "grimgor", Language::En, None)
        .unwrap();
    assert_eq!(found[0].id, "whi-grimgor-ironhide");
    let kc = new(&mut s, OtherGameKind::Kc);
    assert!(s
        .other_suggest(at(OtherGameKind::Kc, kc), "grimgor", Language::En, None)
        .unwrap()
        .iter()
        .all(|c| c.id.starts_with("kc-")));
}

#[test]
fn a_card_name_too_long_or_with_control_characters_is_refused_and_nothing_written() {
    let (_d, mut s) = svc();
    let id = new(&mut s, OtherGameKind::Stccg);
    for card in ["x".repeat(101), "Kirk\u{7}".to_owned()] {
        let e = s
            .other_act(
                id,
                &OtherAction::Stccg(StEvent::CardPlayed {
                    player: Player::A,
                    card: CardId::new(card),
                }),
                Language::De,
            )
            .unwrap_err();
        assert!(
            e.message.starts_with("Ein Kartenname hat höchstens 100"),
            "{}",
            e.message
        );
    }
    assert_eq!(s.other_view(id, Language::En).unwrap().history.len(), 1);
}

#[test]
fn a_knightmare_target_is_kept_trimmed_and_a_long_one_refused_writing_nothing() {
    let (_d, mut s) = svc();
    let id = new(&mut s, OtherGameKind::Kc);
    let play = |target: &str| {
        OtherAction::Kc(KcEvent::CardPlayed {
            player: Player::A,
            card: CardId::new("AMAZON"),
            duration: Duration::Continuing,
            target: Some(target.to_owned()),
        })
    };
    for bad in ["x".repeat(41), "e4\u{7}".to_owned()] {
        let e = s.other_act(id, &play(&bad), Language::De).unwrap_err();
        assert!(
            e.message.starts_with("Ein Ziel hat höchstens 40"),
            "{}",
            e.message
        );
    }
    assert_eq!(s.other_view(id, Language::En).unwrap().history.len(), 1);
    let v = s.other_act(id, &play("  d8  "), Language::En).unwrap();
    let OtherTable::Kc(t) = &v.table else {
        panic!("not KC")
    };
    assert_eq!(t.in_force[0].target.as_deref(), Some("d8"));
    // An empty target is no target.
    let v = s.other_act(id, &play("  "), Language::En).unwrap();
    let OtherTable::Kc(t) = &v.table else {
        panic!("not KC")
    };
    assert_eq!(t.in_force[1].target, None);
}

#[test]
fn a_whi_card_moves_and_leaves_by_the_id_the_table_shows() {
    // The app sends back the card ids of the view (the chips of the cards in play).
    let (_d, mut s) = svc();
    let id = new(&mut s, OtherGameKind::Whi);
    let act = |s: &mut Service, ev: WhiEvent| s.other_act(id, &OtherAction::Whi(ev), Language::En);
    let v = act(
        &mut s,
        WhiEvent::CardPlayed {
            player: Player::A,
            card: CardId::new("Grimgor Ironhide"),
            zone: Zone::Kingdom,
        },
    )
    .unwrap();
    let card = whi(&v).players[0].sections[0].cards[0].clone();
    assert_eq!(card, CardId::new("whi-grimgor-ironhide"));
    let v = act(
        &mut s,
        WhiEvent::CardMoved {
            player: Player::A,
            card: card.clone(),
            from: Zone::Kingdom,
            to: Zone::Battlefield,
        },
    )
    .unwrap();
    assert!(whi(&v).players[0].sections[0].cards.is_empty());
    assert_eq!(whi(&v).players[0].sections[2].cards, vec![card.clone()]);
    // Leaving from a zone it is not in is refused by name.
    let e = act(
        &mut s,
        WhiEvent::CardLeft {
            player: Player::A,
            card: card.clone(),
            zone: Zone::Quest,
        },
    )
    .unwrap_err();
    assert!(e.message.contains("Grimgor"), "{}", e.message);
    let v = act(
        &mut s,
        WhiEvent::CardLeft {
            player: Player::A,
            card,
            zone: Zone::Battlefield,
        },
    )
    .unwrap();
    assert!(whi(&v).players[0].sections[2].cards.is_empty());
}

#[test]
fn the_history_reads_as_sentences_in_the_interface_language() {
    let (_d, mut s) = svc();
    let id = new(&mut s, OtherGameKind::Kc);
    s.other_act(
        id,
        &OtherAction::Kc(KcEvent::CardPlayed {
            player: Player::B,
            card: CardId::new("AMAZON"),
            duration: Duration::Turns(std::num::NonZeroU8::new(2).unwrap()),
            target: Some("e4".into()),
        }),
        Language::En,
    )
    .unwrap();
    s.other_act(
        id,
        &OtherAction::Kc(KcEvent::GameWon {
            winner: Player::A,
            by: WinBy::Resignation,
        }),
        Language::En,
    )
    .unwrap();
    let text = |lang| -> Vec<String> {
        s.other_view(id, lang)
            .unwrap()
            .history
            .into_iter()
            .map(|h| h.text)
            .collect()
    };
    assert_eq!(
        text(Language::En),
        [
            "Set-up: Ann plays White.",
            "Ben plays AMAZON on e4 (2 turns).",
            "Ann wins by resignation."
        ]
    );
    assert_eq!(
        text(Language::De),
        [
            "Aufbau: Ann spielt Weiß.",
            "Ben spielt AMAZON auf e4 (2 Züge).",
            "Ann gewinnt durch Aufgabe."
        ]
    );
    // One turn is one turn.
    s.other_act(
        id,
        &OtherAction::Kc(KcEvent::NextGame { white: Player::B }),
        Language::En,
    )
    .unwrap();
    let v = s
        .other_act(
            id,
            &OtherAction::Kc(KcEvent::CardPlayed {
                player: Player::B,
                card: CardId::new("AMAZON"),
                duration: Duration::Turns(std::num::NonZeroU8::new(1).unwrap()),
                target: None,
            }),
            Language::De,
        )
        .unwrap();
    assert_eq!(
        v.history.last().map(|h| h.text.as_str()),
        Some("Ben spielt AMAZON (1 Zug).")
    );
    // The typed event rides along for front ends that draw rather than read.
    let h = s.other_view(id, Language::En).unwrap().history;
    assert!(matches!(
        h[1].action,
        OtherAction::Kc(KcEvent::CardPlayed {
            player: Player::B,
            ..
        })
    ));
}

#[test]
fn every_warhammer_and_star_trek_event_is_worded_without_ids_or_seats() {
    // One of each event the app can send, in both languages: names, never `whi-…` ids or
    // "player A".
    let (_d, mut s) = svc();
    let id = new(&mut s, OtherGameKind::Whi);
    let card = || CardId::new("Grimgor Ironhide");
    let whi_events = [
        WhiEvent::ResourcesCollected {
            player: Player::A,
            amount: 5,
        },
        WhiEvent::ResourcesGained {
            player: Player::A,
            amount: 1,
        },
        WhiEvent::ResourcesSpent {
            player: Player::A,
            amount: 2,
        },
        WhiEvent::CardPlayed {
            player: Player::A,
            card: card(),
            zone: Zone::Kingdom,
        },
        WhiEvent::CardMoved {
            player: Player::A,
            card: card(),
            from: Zone::Kingdom,
            to: Zone::Quest,
        },
        WhiEvent::CardLeft {
            player: Player::A,
            card: card(),
            zone: Zone::Quest,
        },
        WhiEvent::LegendEntered {
            player: Player::B,
            card: CardId::new("Karl Franz"),
            eternal_war: true,
        },
        WhiEvent::LegendLeft {
            player: Player::B,
            card: CardId::new("Karl Franz"),
        },
        WhiEvent::DevelopmentPlayed {
            player: Player::B,
            zone: Zone::Quest,
        },
        WhiEvent::DevelopmentRemoved {
            player: Player::B,
            zone: Zone::Quest,
        },
        WhiEvent::DamageDealt {
            player: Player::B,
            zone: Zone::Quest,
            amount: 3,
        },
        WhiEvent::DamageHealed {
            player: Player::B,
            zone: Zone::Quest,
            amount: 1,
        },
        WhiEvent::TurnEnded { player: Player::A },
        WhiEvent::Conceded { player: Player::B },
    ];
    for ev in whi_events {
        s.other_act(id, &OtherAction::Whi(ev), Language::En)
            .unwrap();
    }
    let st = new(&mut s, OtherGameKind::Stccg);
    let st_events = [
        StEvent::PointsScored {
            player: Player::A,
            points: -10,
            source: PointSource::Dilemma,
            card: None,
        },
        StEvent::CardPlayed {
            player: Player::B,
            card: CardId::new("Q"),
        },
        StEvent::CardLeft {
            player: Player::B,
            card: CardId::new("Q"),
        },
        StEvent::QsPlanetEntered { player: Player::B },
        StEvent::QsPlanetSolved { player: Player::A },
        StEvent::MickeyDAttempt { player: Player::B },
    ];
    for ev in st_events {
        s.other_act(st, &OtherAction::Stccg(ev), Language::En)
            .unwrap();
    }
    for lang in [Language::En, Language::De] {
        for g in [id, st] {
            let h = s.other_view(g, lang).unwrap().history;
            for e in &h {
                assert!(
                    (e.text.contains("Ann") || e.text.contains("Ben"))
                        && !e.text.contains("whi-")
                        && !e.text.contains("stccg-")
                        && !e.text.contains("player A")
                        && !e.text.contains("player B"),
                    "{lang:?}: {}",
                    e.text
                );
            }
        }
    }
    let h = s.other_view(id, Language::De).unwrap().history;
    assert_eq!(
        h[5].text,
        "Grimgor Ironhide von Ann wechselt von Königreich nach Questzone."
    );
    let h = s.other_view(st, Language::En).unwrap().history;
    assert_eq!(h[1].text, "Ann -10 (dilemma).");
}

#[test]
fn entering_a_card_records_it_and_gives_its_rulings_with_the_cards_in_play_before_it() {
    let (_d, mut s) = svc();
    let id = new(&mut s, OtherGameKind::Whi);
    let play = |card: &str, zone| {
        OtherAction::Whi(WhiEvent::CardPlayed {
            player: Player::A,
            card: CardId::new(card),
            zone,
        })
    };
    let rip = s
        .other_suggest(
            at(OtherGameKind::Whi, id),
            "Rip Dere",
            Language::En,
            Some(1),
        )
        .unwrap()[0]
        .name
        .clone();
    s.other_act(id, &play(&rip, Zone::Quest), Language::En)
        .unwrap();
    // What the prompt says before the card is recorded ...
    let asked = s
        .other_prompts(
            at(OtherGameKind::Whi, id),
            "Grimgor Ironhide",
            Language::En,
            Some(4),
        )
        .unwrap();
    let entered = s
        .other_record(
            id,
            &play("Grimgor Ironhide", Zone::Kingdom),
            Language::En,
            Some(4),
        )
        .unwrap();
    // ... is what one call gives back, with the card recorded.
    assert_eq!(entered.prompts, asked);
    assert!(
        entered.prompts[0]
            .with
            .iter()
            .any(|c| c.contains("Rip Dere")),
        "the interaction with the card in play first: {:?}",
        entered.prompts[0]
    );
    assert_eq!(
        whi(&entered.view).players[0].sections[0].cards,
        vec![CardId::new("whi-grimgor-ironhide")]
    );
    // An action that names no card gives no rulings; a refused one writes nothing.
    let v = s
        .other_record(
            id,
            &damage(Player::B, Zone::Quest, 1),
            Language::En,
            Some(6),
        )
        .unwrap();
    assert!(v.prompts.is_empty());
    let before = v.view.history.len();
    let e = s
        .other_record(
            id,
            &OtherAction::Whi(WhiEvent::CardLeft {
                player: Player::B,
                card: CardId::new("Grimgor Ironhide"),
                zone: Zone::Kingdom,
            }),
            Language::De,
            Some(6),
        )
        .unwrap_err();
    assert!(e.message.contains("Grimgor Ironhide"), "{}", e.message);
    assert_eq!(
        s.other_view(id, Language::En).unwrap().history.len(),
        before
    );
}
