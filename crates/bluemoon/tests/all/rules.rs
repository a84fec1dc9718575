//! Rules the golden FAQ examples do not cover directly: mutual ignoring, element changes
//! when played, restrictions, undo.

use bluemoon::event::PerPlayer;
use bluemoon::power::{compute, EffectStatus, Warning};
use bluemoon::table::{Area, CardEntry, PlayerTable, TableState};
use bluemoon::{CardId, Catalog, Element, Event, EventKind, Game, Player, RuleError};

fn cat() -> Catalog {
    Catalog::embedded().expect("embedded catalog parses")
}

fn side(combat: &[&str], support: &[&str]) -> PlayerTable {
    PlayerTable {
        combat: combat.iter().map(|c| CardEntry::of(*c)).collect(),
        support: support.iter().map(|c| CardEntry::of(*c)).collect(),
        ..PlayerTable::default()
    }
}

fn table(a: PlayerTable, b: PlayerTable) -> TableState {
    TableState {
        v: 1,
        contested: Some(Element::Fire),
        turn: None,
        a,
        b,
    }
}

fn status(t: &TableState, card: &str) -> Vec<EffectStatus> {
    compute(&cat(), t)
        .effects
        .into_iter()
        .filter(|e| e.card.as_str() == card)
        .map(|e| e.status)
        .collect()
}

#[test]
fn two_laughing_gas_cards_both_have_no_effect() {
    // Each side: Glimmer + Elemental Enchantment (text) + Laughing Gas.
    let a = side(&["vulca-13", "vulca-20"], &["khind-27"]);
    let t = table(a.clone(), a);
    let r = compute(&cat(), &t);
    assert!(matches!(
        status(&t, "khind-27")[0],
        EffectStatus::Void { .. }
    ));
    // Both Enchantments still apply: total 6 each.
    assert_eq!(r.player(Player::A).total.fire, 6);
    assert_eq!(r.player(Player::B).total.fire, 6);
}

#[test]
fn tittertweet_beats_laughing_gas() {
    // A: Tittertweet (Flit character, spared by Laughing Gas). B: Laughing Gas + Enchantment.
    let t = table(
        side(&["flit-07"], &[]),
        side(&["vulca-13", "vulca-20"], &["khind-27"]),
    );
    assert_eq!(status(&t, "flit-07"), vec![EffectStatus::InForce]);
    assert!(matches!(
        status(&t, "khind-27")[0],
        EffectStatus::Ignored { .. }
    ));
    // B's Enchantment is ignored too: Glimmer's 2 only.
    assert_eq!(compute(&cat(), &t).player(Player::B).total.fire, 2);
}

#[test]
fn enthrall_opposition_is_void_against_tittertweet() {
    let mut b = side(&[], &[]);
    b.leadership.push(CardEntry::of("hoax-28"));
    let mut t = table(side(&["flit-07", "vulca-20"], &[]), b);
    t.turn = Some(Player::B);
    // Tittertweet ignores it (it is no Flit character), and it is void besides.
    assert_ne!(status(&t, "hoax-28")[0], EffectStatus::InForce);
    assert_eq!(compute(&cat(), &t).player(Player::A).total.fire, 6);
    // Against Glimmer + Elemental Enchantment the Enthrall works: Glimmer's 2 only.
    t.a = side(&["vulca-13", "vulca-20"], &[]);
    assert_eq!(status(&t, "hoax-28"), vec![EffectStatus::InForce]);
    assert_eq!(compute(&cat(), &t).player(Player::A).total.fire, 2);
}

#[test]
fn mad_mike_magpie_spares_protected_and_flit_characters() {
    // B: Electric Eel (PROTECTED, F4), Ciklarethas (RETRIEVE, F3), Tittertweet (Flit).
    let t = table(
        side(&["flit-13"], &[]),
        side(&["aqua-05", "hoax-05", "flit-07"], &[]),
    );
    let r = compute(&cat(), &t);
    // 4 (Eel) + 0 (Ciklarethas ignored) + 2 (Tittertweet).
    assert_eq!(r.player(Player::B).total.fire, 6);
}

#[test]
fn impenetrable_fog_removes_shields_but_keeps_values() {
    let t = table(side(&[], &["terrah-26"]), side(&["mutant-106"], &[]));
    let r = compute(&cat(), &t);
    assert!(!r.player(Player::B).shield.fire);
    assert_eq!(r.player(Player::B).total.fire, 4);
}

fn ev(kind: EventKind) -> Event {
    Event::new(kind)
}

fn play(p: Player, card: &str, area: Area) -> Event {
    ev(EventKind::CardPlayed {
        player: p,
        card: CardId::from(card),
        area,
        target: None,
        face_down: false,
        fixes_read: 0,
    })
}

fn setup() -> Event {
    ev(EventKind::Setup {
        decks: PerPlayer::default(),
        expansions: vec![],
        edition: Default::default(),
        starts: Player::A,
        constructed: PerPlayer::default(),
    })
}

#[test]
fn mutant_toggles_element_when_played_and_not_when_ignored() {
    let c = cat();
    let mut g = Game::new();
    for e in [
        setup(),
        play(Player::A, "vulca-13", Area::Combat),
        ev(EventKind::ElementChosen {
            player: Player::A,
            element: Element::Earth,
        }),
        ev(EventKind::TurnPassed { player: Player::A }),
        play(Player::B, "mutant-104", Area::Combat),
    ] {
        g.push(&c, e).expect("legal");
    }
    assert_eq!(g.state().table.contested, Some(Element::Fire));
    // Undo drops the mutant: the element is earth again.
    g.undo(&c).expect("replays");
    assert_eq!(g.state().table.contested, Some(Element::Earth));
}

#[test]
fn mutant_played_before_the_element_is_chosen_changes_nothing() {
    let c = cat();
    let mut g = Game::new();
    g.push(&c, setup()).expect("legal");
    g.push(&c, play(Player::A, "mutant-109", Area::Combat))
        .expect("legal");
    assert_eq!(g.state().table.contested, None);
}

#[test]
fn leadership_card_under_flickering_fires_warns_hyla_does_not() {
    let c = cat();
    let mut g = Game::new();
    for e in [
        setup(),
        play(Player::A, "vulca-13", Area::Combat),
        play(Player::A, "vulca-24", Area::Support),
        ev(EventKind::ElementChosen {
            player: Player::A,
            element: Element::Fire,
        }),
        ev(EventKind::TurnPassed { player: Player::A }),
    ] {
        g.push(&c, e).expect("legal");
    }
    let hyla = g
        .state()
        .validate(&c, &play(Player::B, "infl-602", Area::Influence))
        .expect("legal");
    assert!(hyla.is_empty(), "{hyla:?}");
    let enthrall = g
        .push(&c, play(Player::B, "hoax-28", Area::Leadership))
        .expect("a warning, not an error");
    assert!(matches!(&enthrall[0], Warning::Forbidden { by, .. } if by.as_str() == "vulca-24"));
}

#[test]
fn rejected_events_change_nothing() {
    let c = cat();
    let mut g = Game::new();
    assert_eq!(
        g.push(&c, play(Player::A, "vulca-13", Area::Combat)),
        Err(RuleError::NotSetUp)
    );
    g.push(&c, setup()).expect("legal");
    let before = g.state().clone();
    assert!(matches!(
        g.push(&c, play(Player::B, "vulca-13", Area::Combat)),
        Err(RuleError::NotYourTurn { .. })
    ));
    assert!(matches!(
        g.push(&c, play(Player::A, "vulca-13", Area::Support)),
        Err(RuleError::WrongArea { .. })
    ));
    assert!(matches!(
        g.push(&c, play(Player::A, "nope-99", Area::Combat)),
        Err(RuleError::UnknownCard(_))
    ));
    assert_eq!(g.state(), &before);
    assert_eq!(g.events().len(), 1);
}

#[test]
fn a_new_character_covers_cards_from_earlier_turns_only() {
    let c = cat();
    let mut g = Game::new();
    for e in [
        setup(),
        play(Player::A, "hoax-09", Area::Combat),
        ev(EventKind::ElementChosen {
            player: Player::A,
            element: Element::Fire,
        }),
        ev(EventKind::TurnPassed { player: Player::A }),
        play(Player::B, "vulca-13", Area::Combat),
        ev(EventKind::TurnPassed { player: Player::B }),
        // A FREE character first, then the character of the turn: both stay active.
        play(Player::A, "mimix-22", Area::Combat),
        play(Player::A, "hoax-05", Area::Combat),
    ] {
        g.push(&c, e).expect("legal");
    }
    let a = &g.state().table.a;
    assert_eq!(a.covered, vec![CardId::from("hoax-09")]);
    assert_eq!(a.combat.len(), 2);
}

#[test]
fn events_have_a_stable_versioned_json_form() {
    let e = play(Player::A, "vulca-24", Area::Support);
    let json = e.to_json();
    assert_eq!(
        json,
        r#"{"v":1,"type":"card_played","player":"A","card":"vulca-24","area":"support"}"#
    );
    assert_eq!(Event::from_json(&json), Ok(e));
    assert_eq!(
        Event::from_json(r#"{"v":2,"type":"next_game"}"#),
        Err(RuleError::UnsupportedVersion(2))
    );
    assert!(Event::from_json(r#"{"v":1,"type":"teleport"}"#).is_err());
    // Unknown fields are ignored (a newer writer may add optional ones); missing
    // required fields are not.
    assert!(Event::from_json(r#"{"v":1,"type":"next_game","x":1}"#).is_ok());
    assert!(Event::from_json(r#"{"v":1,"type":"turn_passed"}"#).is_err());
    assert!(Event::from_json(r#"{"v":1,"type":"turn_passed","player":"A"}"#).is_ok());
}

#[test]
fn documented_example_table_state() {
    let json = include_str!("../../examples/table-state.json");
    let t = TableState::from_json(json).expect("the documented example parses");
    let r = compute(&cat(), &t);
    // Enthrall Opposition (B's turn) ignores A's texts: Demegodas 2 + bluff 2.
    assert_eq!(r.player(Player::A).total.earth, 4);
    // CoolCat 2 + Zig-nur-Don 0 + Tronknor 2, with Zig-nur-Don's earth shield.
    assert_eq!(r.player(Player::B).total.earth, 4);
    assert!(r.player(Player::B).shield.earth);
    assert!(r.player(Player::B).meets.earth);
    let text = r.render_text();
    assert!(text.contains("ignored by hoax-28"), "{text}");
    let enthrall = r.effects.iter().find(|e| e.card.as_str() == "hoax-28");
    assert!(enthrall
        .and_then(|e| e.text.as_deref())
        .is_some_and(|t| t.contains("special power texts are ignored")));
    assert!(TableState::from_json(r#"{"v":1,"C":{}}"#).is_err());
    assert!(TableState::from_json(r#"{"v":3}"#).is_err());
}

#[test]
fn brain_drain_and_first_turn_limits_warn() {
    let c = cat();
    let mut g = Game::new();
    g.push(&c, setup()).expect("legal");
    g.push(&c, play(Player::A, "hoax-09", Area::Combat))
        .expect("legal");
    // First turn of the fight: the starter may not play a (non-FREE) support card.
    let w = g
        .push(&c, play(Player::A, "hoax-26", Area::Support))
        .expect("a warning, not an error")
        .to_vec();
    assert!(
        matches!(&w[..], [Warning::FirstTurnBoosterSupport { .. }]),
        "{w:?}"
    );
    for e in [
        ev(EventKind::ElementChosen {
            player: Player::A,
            element: Element::Fire,
        }),
        ev(EventKind::TurnPassed { player: Player::A }),
    ] {
        g.push(&c, e).expect("legal");
    }
    // Brain Drain (A's support): B's second card this turn is forbidden, the first is not.
    let first = g
        .push(&c, play(Player::B, "vulca-13", Area::Combat))
        .expect("legal")
        .to_vec();
    assert!(first.is_empty(), "{first:?}");
    let second = g
        .push(&c, play(Player::B, "mimix-27", Area::Support))
        .expect("a warning, not an error")
        .to_vec();
    assert!(
        matches!(&second[..], [Warning::Forbidden { by, rule, .. }] if by.as_str() == "hoax-26" && rule.contains("MoreThanOneCardPerTurn")),
        "{second:?}"
    );
}

#[test]
fn regaining_cards_cancels_running_out() {
    let c = cat();
    let mut g = Game::new();
    for e in [
        setup(),
        ev(EventKind::OutOfCards { player: Player::A }),
        ev(EventKind::CardsRegained { player: Player::A }),
        ev(EventKind::DeclineStart {
            player: Player::A,
            discarded: 1,
        }),
    ] {
        g.push(&c, e).expect("legal");
    }
    assert!(g.state().game_over.is_none());
}

#[test]
fn table_view_serialises_dragons_turn_and_totals() {
    let c = cat();
    let mut g = Game::new();
    for e in [
        setup(),
        ev(EventKind::DragonsAttracted {
            player: Player::B,
            count: 1,
        }),
        play(Player::A, "vulca-13", Area::Combat),
    ] {
        g.push(&c, e).expect("legal");
    }
    let v = serde_json::to_value(g.state().view(&c)).expect("serialises");
    assert_eq!(v["dragons"][0]["colour"], "red");
    assert_eq!(v["dragons"][0]["position"], "B");
    assert_eq!(v["dragons"][1]["position"], "centre");
    assert_eq!(v["turn"], "A");
    assert_eq!(v["players"][0]["total"]["fire"], 2);
    assert_eq!(v["players"][0]["dragons_if_opponent_retreats"], 1);
}

#[test]
fn too_little_power_is_rejected_unless_values_are_unknown() {
    let mut c = cat();
    let mut g = Game::new();
    for e in [
        setup(),
        play(Player::A, "hoax-05", Area::Combat),
        ev(EventKind::ElementChosen {
            player: Player::A,
            element: Element::Fire,
        }),
        ev(EventKind::TurnPassed { player: Player::A }),
        play(Player::B, "hoax-09", Area::Combat),
    ] {
        g.push(&c, e).expect("legal");
    }
    let pass = ev(EventKind::TurnPassed { player: Player::B });
    assert!(matches!(
        g.state().validate(&c, &pass),
        Err(RuleError::PowerTooLow {
            have: 1,
            need: 3,
            ..
        })
    ));
    // With Helkomedes' values unknown (a catalog gap) the pass is accepted with a warning.
    let mut facts = bluemoon::CardSource::facts(&c, &CardId::from("hoax-09"))
        .cloned()
        .expect("in the catalog");
    facts.fire = None;
    c.insert_facts(facts);
    let w = g.state().validate(&c, &pass).expect("accepted");
    assert!(matches!(&w[..], [Warning::UnknownValues { .. }]), "{w:?}");
}

#[test]
fn no_bluff_cards_under_hank_but_under_flitterflutter() {
    let c = cat();
    let start = |opp_card: &str| {
        let mut g = Game::new();
        for e in [
            setup(),
            play(Player::A, "hoax-09", Area::Combat),
            play(Player::A, opp_card, Area::Combat),
            ev(EventKind::ElementChosen {
                player: Player::A,
                element: Element::Fire,
            }),
            ev(EventKind::TurnPassed { player: Player::A }),
            play(Player::B, "buka-03", Area::Combat),
        ] {
            g.push(&c, e).expect("legal");
        }
        g
    };
    let bluff = ev(EventKind::CardPlayed {
        player: Player::B,
        card: CardId::from("buka-07"),
        area: Area::Support,
        target: None,
        face_down: true,
        fixes_read: 0,
    });
    // Hank Highflyer Hawk ignores B's character cards, in hand too: no bluff.
    let w = start("flit-12")
        .state()
        .validate(&c, &bluff)
        .expect("warning");
    assert!(
        w.iter()
            .any(|w| matches!(w, Warning::Forbidden { by, .. } if by.as_str() == "flit-12")),
        "{w:?}"
    );
    // Flitterflutter ignores support cards, not the character card in hand.
    let w = start("flit-08")
        .state()
        .validate(&c, &bluff)
        .expect("legal");
    assert!(w.is_empty(), "{w:?}");
}

#[test]
fn a_gang_grows_without_covering_unless_its_icons_are_ignored() {
    let c = cat();
    let run = |opp: &str| {
        let mut g = Game::new();
        for e in [
            setup(),
            play(Player::A, "khind-05", Area::Combat),
            ev(EventKind::ElementChosen {
                player: Player::A,
                element: Element::Fire,
            }),
            ev(EventKind::TurnPassed { player: Player::A }),
            play(Player::B, opp, Area::Combat),
            ev(EventKind::TurnPassed { player: Player::B }),
            play(Player::A, "khind-06", Area::Combat),
        ] {
            g.push(&c, e).expect("legal");
        }
        g.state().table.a.combat.len()
    };
    // TopGun then TopDog: both Top gang members stay active.
    assert_eq!(run("vulca-13"), 2);
    // Against Mekarthas the Shrewd (icons ignored) the gang is lost: TopDog covers TopGun.
    assert_eq!(run("hoax-16"), 1);
}

/// Issue #11: the "why?" breakdown left out total-power effects (Torch 1/4 and Elemental
/// Enchantment 0/0 under a total of 6/6). Each card's value plus the total-power steps must
/// add up to the total shown.
#[test]
fn the_breakdown_shows_total_power_effects() {
    let t = table(side(&["vulca-11", "vulca-20"], &[]), side(&[], &[]));
    let r = compute(&cat(), &t);
    let a = r.player(Player::A);
    assert_eq!((a.total.fire, a.total.earth), (6, 6));
    let enchantment = r
        .cards
        .iter()
        .find(|l| l.card.as_ref().is_some_and(|c| c.as_str() == "vulca-20"))
        .expect("Elemental Enchantment has a line");
    let steps: Vec<(Element, u32, u32)> = enchantment
        .steps
        .iter()
        .map(|s| (s.element, s.from, s.to))
        .collect();
    assert_eq!(
        steps,
        vec![(Element::Fire, 1, 6), (Element::Earth, 4, 6)],
        "{enchantment:?}"
    );
    for e in [Element::Fire, Element::Earth] {
        let values: u32 = r
            .cards
            .iter()
            .filter(|l| l.owner == Player::A && l.counted)
            .map(|l| l.value.get(e))
            .sum();
        let raised: u32 = r
            .cards
            .iter()
            .flat_map(|l| l.steps.iter())
            .filter(|s| {
                s.element == e && matches!(s.cause, bluemoon::effect::Effect::TotalPower { .. })
            })
            .map(|s| s.to - s.from)
            .sum();
        assert_eq!(values + raised, a.total.get(e), "{e:?} adds up");
    }
}

#[test]
fn an_abandoned_game_ends_without_a_result_and_undo_takes_it_back() {
    let c = cat();
    let mut g = Game::new();
    g.push(&c, setup()).expect("setup");
    g.push(&c, play(Player::A, "vulca-02", Area::Combat))
        .expect("a character");
    g.push(&c, ev(EventKind::GameAbandoned)).expect("abandoned");
    let s = g.state();
    assert!(s.abandoned);
    assert_eq!(s.game_over, None, "no winner");
    assert!(s.results.is_empty(), "nothing scored");
    assert_eq!((s.crystals.a, s.crystals.b), (0, 0));
    assert_eq!(s.view(&c).players[0].dragons_if_opponent_retreats, 0);
    assert_eq!(s.view(&c).turn, None, "nobody is to move, as after any end");
    // Nothing more can happen in it: no play, no second abandon, no concession.
    for next in [
        play(Player::A, "vulca-13", Area::Combat),
        ev(EventKind::GameAbandoned),
        ev(EventKind::GameEnded { loser: Player::B }),
    ] {
        assert_eq!(g.push(&c, next), Err(RuleError::GameAbandoned));
    }
    assert_eq!(g.events().len(), 3, "a refused event is not logged");
    // Undo works as for every event: the game goes on where it stopped.
    g.undo(&c).expect("replays");
    assert!(!g.state().abandoned);
    assert_eq!(g.state().view(&c).turn, Some(Player::A), "A's turn again");
    g.push(&c, play(Player::A, "vulca-13", Area::Combat))
        .expect("playable again");
}

#[test]
fn after_an_abandoned_game_the_same_player_starts_the_next_one_of_the_match() {
    let c = cat();
    let mut g = Game::new();
    g.push(&c, setup()).expect("setup");
    // A finished game first: A wins, so B (the loser) starts game 2.
    g.push(&c, ev(EventKind::GameEnded { loser: Player::B }))
        .expect("conceded");
    g.push(&c, ev(EventKind::NextGame)).expect("game 2");
    assert_eq!(g.state().table.turn, Some(Player::B));
    g.push(&c, ev(EventKind::GameAbandoned)).expect("abandoned");
    g.push(&c, ev(EventKind::NextGame)).expect("game 3");
    let s = g.state();
    assert_eq!(s.game_no, 3);
    assert!(!s.abandoned);
    assert_eq!(
        s.table.turn,
        Some(Player::B),
        "the abandoned game's starter"
    );
    assert_eq!((s.crystals.a, s.crystals.b), (4, 0), "only game 1 scored");
    assert_eq!(s.results.len(), 1);
}

#[test]
fn an_abandoned_game_event_reads_and_writes_as_documented() {
    let e = Event::from_json(r#"{"v":1,"type":"game_abandoned"}"#).expect("reads");
    assert_eq!(e.kind, EventKind::GameAbandoned);
    assert_eq!(e.to_json(), r#"{"v":1,"type":"game_abandoned"}"#);
}

#[test]
fn a_table_state_checks_face_down_cards_against_the_catalog() {
    let c = cat();
    let with = |a: PlayerTable| TableState {
        a,
        ..TableState::default()
    };
    let bluff = |id: Option<&str>| CardEntry::bluff(id.map(CardId::from));
    // A card with the BLUFF icon, or a face not entered: accepted.
    for ok in [bluff(Some("buka-04")), bluff(None)] {
        let t = with(PlayerTable {
            support: vec![ok],
            ..PlayerTable::default()
        });
        assert_eq!(t.check_cards(&c), Ok(()));
    }
    // A character without it: refused by card.
    let t = with(PlayerTable {
        support: vec![bluff(Some("vulca-02"))],
        ..PlayerTable::default()
    });
    assert_eq!(
        t.check_cards(&c),
        Err(RuleError::NotABluffCard(CardId::from("vulca-02")))
    );
    // Face down anywhere but the support area: refused.
    let t = with(PlayerTable {
        combat: vec![bluff(Some("buka-04"))],
        ..PlayerTable::default()
    });
    assert!(matches!(t.check_cards(&c), Err(RuleError::TableState(m)) if m.contains("support")));
}
