//! The table commands through the service, on a temporary database.
use super::*;

fn svc() -> (tempfile::TempDir, Service) {
    let dir = tempfile::tempdir().unwrap();
    let svc = Service::open(dir.path().join("data")).unwrap();
    (dir, svc)
}

/// The set-up of a game: `a` plays Vulca, `b` plays `people_b`, no expansion, no starter given.
fn setup(a: &str, b: &str, people_b: &str) -> NewGameRequest {
    NewGameRequest {
        player_a: a.into(),
        player_b: b.into(),
        people_a: "Vulca".into(),
        people_b: people_b.into(),
        first: None,
        emissaries_inquisitors: false,
        deck_a: None,
        deck_b: None,
    }
}

fn new_game(svc: &mut Service) -> GameView {
    svc.game_new(
        &NewGameRequest {
            first: Some(Seat::A),
            ..setup("Ann", "Ben", "Hoax")
        },
        Language::En,
    )
    .unwrap()
}

/// A card entered face up with the engine's default target.
fn req(p: Seat, card: &str) -> PlayRequest {
    PlayRequest {
        player: p,
        card: card.into(),
        target: None,
        face_down: false,
    }
}

fn play(svc: &mut Service, id: i64, p: Seat, card: &str, target: Option<&str>) -> GameView {
    svc.game_play(
        id,
        &PlayRequest {
            player: p,
            card: card.into(),
            target: target.map(str::to_owned),
            face_down: false,
        },
        Language::En,
    )
    .unwrap()
}

/// A pass without confirmation that must be refused for confirmation: its message.
fn unconfirmed_pass(svc: &mut Service, id: i64, player: Seat) -> String {
    let err = svc
        .game_act(
            id,
            &GameAction::Pass {
                player,
                confirmed: false,
            },
            Language::En,
        )
        .unwrap_err();
    assert_eq!(err.code, crate::ErrorCode::NeedsConfirmation, "{err:?}");
    err.message
}

fn act(svc: &mut Service, id: i64, a: GameAction) -> GameView {
    svc.game_act(id, &a, Language::En).unwrap()
}

/// After A's Flash the Incendiary (V02): A chooses fire and passes; B answers with
/// Wogarathoras (H01) and H19 and passes: A's turn, 6 against 7.
fn open_the_fire_fight(svc: &mut Service, id: i64) {
    act(
        svc,
        id,
        GameAction::ChooseElement {
            player: Seat::A,
            element: ElementName::Fire,
        },
    );
    act(
        svc,
        id,
        GameAction::Pass {
            player: Seat::A,
            confirmed: false,
        },
    );
    play(svc, id, Seat::B, "H01", None);
    play(svc, id, Seat::B, "H19", None);
    act(
        svc,
        id,
        GameAction::Pass {
            player: Seat::B,
            confirmed: false,
        },
    );
}

fn side(v: &GameView, s: Seat) -> &SideView {
    &v.players[match s {
        Seat::A => 0,
        Seat::B => 1,
    }]
}

/// Vulca vs Hoax: a fire fight with a booster on a target, a retreat, undo and redo.
#[test]
fn a_scripted_fight_computes_totals_and_moves_dragons() {
    let (_d, mut svc) = svc();
    let g = new_game(&mut svc);
    assert_eq!((g.game_no, g.events, g.turn), (1, 1, Some(Seat::A)));
    assert_eq!(side(&g, Seat::A).name, "Ann");
    let id = g.id;
    let v = play(&mut svc, id, Seat::A, "V02", None);
    assert_eq!(side(&v, Seat::A).total, Elements { fire: 6, earth: 3 });
    act(
        &mut svc,
        id,
        GameAction::ChooseElement {
            player: Seat::A,
            element: ElementName::Fire,
        },
    );
    act(
        &mut svc,
        id,
        GameAction::Pass {
            player: Seat::A,
            confirmed: false,
        },
    );
    let v = play(&mut svc, id, Seat::B, "Wogarathoras the Gloomy", None);
    assert_eq!(side(&v, Seat::B).total.fire, 5);
    assert_eq!(side(&v, Seat::B).needed.fire, 6);
    assert!(!side(&v, Seat::B).meets.fire);
    // passing with too little power is rejected and appends nothing
    let err = svc
        .game_act(
            id,
            &GameAction::Pass {
                player: Seat::B,
                confirmed: false,
            },
            Language::En,
        )
        .unwrap_err();
    assert!(err.message.contains("needs 6"), "{err:?}");
    assert_eq!(svc.game_view(id).unwrap().events, 5);
    let v = play(&mut svc, id, Seat::B, "Hoax 19", None);
    assert_eq!(side(&v, Seat::B).total.fire, 7);
    act(
        &mut svc,
        id,
        GameAction::Pass {
            player: Seat::B,
            confirmed: false,
        },
    );
    let v = play(&mut svc, id, Seat::A, "Volcanic Gauntlets", Some("V02"));
    assert_eq!(side(&v, Seat::A).total.fire, 12);
    assert_eq!(
        side(&v, Seat::A).areas.combat[1].target.as_deref(),
        Some("vulca-02")
    );
    let v = play(&mut svc, id, Seat::A, "Feuerzauber", None);
    assert_eq!(side(&v, Seat::A).total.fire, 13);
    assert_eq!(
        side(&v, Seat::A).areas.support[0].id.as_deref(),
        Some("vulca-24")
    );
    let flickering = v
        .effects
        .iter()
        .find(|e| e.card == "vulca-24")
        .expect("Flickering Fires is an active effect");
    assert_eq!(flickering.status, EffectState::InForce);
    assert_eq!(flickering.card_name_de.as_deref(), Some("Feuerzauber"));
    assert_eq!(
        flickering.text_de.as_deref(),
        Some("Du darfst keine Anführeraktionen auslegen.")
    );
    // no new character this turn: the pass needs a confirmation naming the player
    assert_eq!(
        unconfirmed_pass(&mut svc, id, Seat::A),
        "Ann has played no new character this turn: play one, or retreat."
    );
    let before_retreat = act(
        &mut svc,
        id,
        GameAction::Pass {
            player: Seat::A,
            confirmed: true,
        },
    );
    assert_eq!(
        side(&before_retreat, Seat::A).dragons_if_opponent_retreats,
        1
    );
    let v = act(
        &mut svc,
        id,
        GameAction::Retreat {
            player: Seat::B,
            forced: false,
            dragon_cancelled: false,
        },
    );
    assert_eq!(side(&v, Seat::A).dragons, 1);
    assert_eq!(
        v.dragons
            .iter()
            .filter(|d| d.position == DragonPlace::A)
            .count(),
        1
    );
    assert!(side(&v, Seat::A).areas.combat.is_empty());
    assert_eq!(v.last_retreat.as_ref().map(|r| r.total), Some(1));
    let u = svc.game_undo(id, Language::En).unwrap();
    assert_eq!(side(&u, Seat::A).dragons, 0);
    assert_eq!(side(&u, Seat::A).total.fire, 13);
    assert_eq!(u.redo_depth, 1);
    let r = svc.game_redo(id, Language::En).unwrap();
    assert_eq!(side(&r, Seat::A).dragons, 1);
    assert_eq!(r.redo_depth, 0);
}

#[test]
fn rejected_plays_append_nothing_and_name_the_reason() {
    let (_d, mut svc) = svc();
    let id = new_game(&mut svc).id;
    let bad = |svc: &mut Service, p: Seat, card: &str| {
        svc.game_play(id, &req(p, card), Language::En).unwrap_err()
    };
    let e = bad(&mut svc, Seat::B, "V02");
    assert!(e.message.contains("turn"), "{e:?}");
    let e = bad(&mut svc, Seat::A, "zzzzqqqq");
    assert!(e.message.contains("No Blue Moon card"), "{e:?}");
    let e = svc
        .game_play(
            id,
            &PlayRequest {
                player: Seat::A,
                card: "Volcanic Gauntlets".into(),
                target: Some("Hoax 01".into()),
                face_down: false,
            },
            Language::En,
        )
        .unwrap_err();
    assert!(e.message.contains("target"), "{e:?}");
    assert!(
        svc.game_undo(id, Language::En).is_err(),
        "the setup cannot be undone"
    );
    assert_eq!(svc.game_view(id).unwrap().events, 1);
    assert!(
        svc.game_next(crate::table::TableAt::blue_moon(id), Language::En)
            .is_err(),
        "the game is not over"
    );
}

#[test]
fn an_ambiguous_card_lists_candidates() {
    let (_d, svc) = svc();
    // Cool Cat, Cool Cop, Cool Kid and Cool Cub all start with "Cool".
    let e = svc.resolve_card("Cool").unwrap_err();
    assert!(
        e.message.contains("Khind 01") && e.message.contains("Khind 04"),
        "{e:?}"
    );
    assert_eq!(svc.resolve_card("V24").unwrap().as_str(), "vulca-24");
    assert_eq!(
        svc.resolve_card("flikering fires").unwrap().as_str(),
        "vulca-24"
    );
    let s = svc.card_suggestions_for("Feuerz", None, None).unwrap();
    assert_eq!(s[0].id, "vulca-24");
}

#[test]
fn a_forbidden_play_is_previewed_before_it_is_confirmed() {
    let (_d, mut svc) = svc();
    let id = new_game(&mut svc).id;
    play(&mut svc, id, Seat::A, "V02", None);
    open_the_fire_fight(&mut svc, id);
    play(&mut svc, id, Seat::A, "V24", None);
    act(
        &mut svc,
        id,
        GameAction::Pass {
            player: Seat::A,
            confirmed: true,
        },
    );
    let p = svc
        .game_preview_play(id, &req(Seat::B, "Enthrall Opposition"))
        .unwrap();
    assert_eq!(p.area.as_deref(), Some("leadership"));
    assert!(
        p.warnings
            .iter()
            .any(|w| w.kind == WarningKind::Forbidden && w.by.as_deref() == Some("vulca-24")),
        "{p:?}"
    );
    let events = svc.game_view(id).unwrap().events;
    let g = svc
        .game_preview_play(id, &req(Seat::A, "Titanic Gauntlets"))
        .unwrap();
    assert!(g.error.is_some(), "not A's turn: {g:?}");
    assert!(g.needs_target);
    assert_eq!(g.default_target.as_deref(), Some("vulca-02"));
    assert_eq!(
        svc.game_view(id).unwrap().events,
        events,
        "a preview writes nothing"
    );
}

#[test]
fn unknown_values_are_asked_once_and_stored_as_the_users_fix() {
    let (_d, mut svc) = svc();
    let id = new_game(&mut svc).id;
    let p = svc
        .game_preview_play(id, &req(Seat::A, "WhizWhiz"))
        .unwrap();
    use bluemoon::source::Fact;
    assert_eq!(p.unknown, vec![Fact::Type, Fact::Fire, Fact::Earth]);
    assert!(p.area.is_none());
    assert!(svc
        .game_play(id, &req(Seat::A, "WhizWhiz"), Language::En)
        .is_err());
    let bad = svc.game_fix_card(
        &CardValuesFix {
            card: "WhizWhiz".into(),
            card_type: Some("dragon".into()),
            fire: Some(1),
            earth: None,
        },
        Language::En,
    );
    assert!(bad.is_err());
    assert!(
        svc.store.card_fixes().unwrap().is_empty(),
        "nothing stored on error"
    );
    let c = svc
        .game_fix_card(
            &CardValuesFix {
                card: "WhizWhiz".into(),
                card_type: Some("character".into()),
                fire: Some(3),
                earth: Some(2),
            },
            Language::En,
        )
        .unwrap();
    assert_eq!((c.fire, c.earth), (Some(3), Some(2)));
    let p = svc
        .game_preview_play(id, &req(Seat::A, "WhizWhiz"))
        .unwrap();
    assert!(p.unknown.is_empty(), "{p:?}");
    let v = play(&mut svc, id, Seat::A, "WhizWhiz", None);
    assert_eq!(side(&v, Seat::A).total, Elements { fire: 3, earth: 2 });
}

#[test]
fn a_conceded_game_is_scored_and_the_loser_starts_the_next_game_of_the_match() {
    let (_d, mut svc) = svc();
    let g = new_game(&mut svc);
    let v = act(&mut svc, g.id, GameAction::Concede { player: Seat::A });
    let over = v.game_over.clone().unwrap();
    assert_eq!((over.winner, over.score), (Seat::B, 4));
    assert_eq!(side(&v, Seat::B).crystals, 4);
    assert!(!v.finished);
    let next = svc
        .game_next(crate::table::TableAt::blue_moon(g.id), Language::En)
        .unwrap();
    assert_ne!(next.id, g.id);
    assert_eq!((next.game_no, next.turn), (2, Some(Seat::A)));
    assert_eq!(side(&next, Seat::B).crystals, 4);
    assert_eq!(next.match_id, g.match_id);
    let old = svc.game_view(g.id).unwrap();
    assert!(old.finished && old.next_game == Some(next.id));
    assert!(svc.game_undo(g.id, Language::En).is_err());
    // the match ends at 5 crystals
    act(&mut svc, next.id, GameAction::Concede { player: Seat::A });
    let ended = svc.game_view(next.id).unwrap();
    assert!(
        ended.match_over && !ended.finished,
        "8 crystals end the match"
    );
    let last = svc
        .game_next(crate::table::TableAt::blue_moon(next.id), Language::En)
        .unwrap();
    assert_eq!(last.id, next.id);
    assert_eq!(last.match_winner, Some(Seat::B));
    assert!(last.match_over);
    assert!(svc.game_current().unwrap().is_none());
    // no next game after the match is over
    let err = svc
        .game_next(crate::table::TableAt::blue_moon(next.id), Language::En)
        .unwrap_err();
    assert!(
        err.message.contains("match") && err.message.contains("over"),
        "{err:?}"
    );
}

#[test]
fn set_up_rejects_an_unknown_people_or_a_long_name_and_writes_nothing() {
    let (_d, mut svc) = svc();
    let req = |a: &str, people_b: &str| setup(a, "Ben", people_b);
    let err = svc
        .game_new(&req("Ann", "Vulka"), Language::En)
        .unwrap_err();
    assert_eq!(err.code, crate::ErrorCode::InvalidInput);
    assert!(err.message.contains("Did you mean Vulca?"), "{err:?}");
    assert!(err.message.contains("Ben"), "names the player: {err:?}");
    let long = "A".repeat(store::MAX_NAME_CHARS + 1);
    let err = svc.game_new(&req(&long, "Hoax"), Language::En).unwrap_err();
    assert_eq!(err.code, crate::ErrorCode::InvalidInput, "{err:?}");
    // nothing was written: no player, no match, no game
    assert!(svc.store.player_by_name("Ann").unwrap().is_none());
    assert!(svc.store.player_by_name("Ben").unwrap().is_none());
    assert!(svc
        .table_list(&[::cards::Game::BlueMoon], false)
        .unwrap()
        .is_empty());
    // the people is stored as the engine names it
    let v = svc.game_new(&req("Ann", " hoax "), Language::En).unwrap();
    assert_eq!(side(&v, Seat::B).people, "Hoax");
}

#[test]
fn set_up_and_card_value_refusals_speak_german_in_the_german_interface() {
    let (_d, mut svc) = svc();
    let req = setup;
    let de =
        |r: &NewGameRequest, svc: &mut Service| svc.game_new(r, Language::De).unwrap_err().message;
    assert_eq!(
        de(&req("Ann", "Ben", "Vulka"), &mut svc),
        "„Vulka“ (für Ben) ist kein Blue-Moon-Volk. Meintest du Vulca?"
    );
    assert_eq!(
        de(&req("Ann", "ann", "Hoax"), &mut svc),
        "Die beiden Spieler brauchen verschiedene Namen"
    );
    assert_eq!(
        de(&req("Ann", "Ben", " "), &mut svc),
        "Ben braucht ein Volk (Deck), z. B. Vulca oder Hoax"
    );
    assert!(
        svc.table_list(&[::cards::Game::BlueMoon], false)
            .unwrap()
            .is_empty(),
        "nothing written"
    );

    let id = svc
        .game_new(&req("Ann", "Ben", "Hoax"), Language::De)
        .unwrap()
        .id;
    let fix = |card_type: Option<&str>, fire, earth| CardValuesFix {
        card: "WhizWhiz".into(),
        card_type: card_type.map(str::to_owned),
        fire,
        earth,
    };
    let err = svc
        .game_fix_card(&fix(None, None, None), Language::De)
        .unwrap_err();
    assert_eq!(err.message, "Mindestens einen Wert zum Speichern angeben");
    let err = svc
        .game_fix_card(&fix(Some("drache"), Some(1), None), Language::De)
        .unwrap_err();
    assert!(
        err.message.starts_with("„drache“ ist keine Kartenart"),
        "{err:?}"
    );
    // a possible fire with an impossible earth: neither is stored
    let err = svc
        .game_fix_card(&fix(Some("character"), Some(3), Some(200)), Language::De)
        .unwrap_err();
    assert!(
        err.message
            .starts_with("Dieser Wert kann nicht gespeichert werden"),
        "{err:?}"
    );
    assert!(svc.store.card_fixes().unwrap().is_empty(), "all or nothing");
    assert_eq!(svc.game_view(id).unwrap().events, 1);
}

#[test]
fn a_second_character_is_warned_about_by_name_before_it_is_played() {
    let (_d, mut svc) = svc();
    let id = new_game(&mut svc).id;
    let req = |card: &str| PlayRequest {
        player: Seat::A,
        card: card.into(),
        target: None,
        face_down: false,
    };
    play(&mut svc, id, Seat::A, "Cinder", None);
    let out = svc
        .game_enter(id, &req("Glimmer"), false, Language::En)
        .unwrap();
    assert!(out.view.is_none(), "waits for a confirmation");
    let w = &out.preview.warnings[..];
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].kind, WarningKind::SecondCharacter);
    assert_eq!(w[0].player_name.as_deref(), Some("Ann"));
    assert_eq!(w[0].card_name.as_deref(), Some("Glimmer"));
    assert_eq!(w[0].by_name.as_deref(), Some("Cinder"));
    assert!(
        w[0].message.contains("Ann") && w[0].message.contains("Cinder"),
        "{}",
        w[0].message
    );
    assert!(!w[0].message.contains("vulca-"), "{}", w[0].message);
    // a Hoax card from the Vulca deck, and a card already in play
    let out = svc
        .game_enter(id, &req("H01"), false, Language::En)
        .unwrap();
    assert!(out
        .preview
        .warnings
        .iter()
        .any(|w| w.kind == WarningKind::NotInDeck && w.message.contains("Ann's Vulca deck")));
    let out = svc
        .game_enter(id, &req("Cinder"), false, Language::En)
        .unwrap();
    assert!(out
        .preview
        .warnings
        .iter()
        .any(|w| w.kind == WarningKind::AlreadyInPlay));
    // confirmed, it is played: the cards on the table are the truth
    let out = svc
        .game_enter(id, &req("Glimmer"), true, Language::En)
        .unwrap();
    assert_eq!(side(&out.view.unwrap(), Seat::A).areas.combat.len(), 2);
}

#[test]
fn reopening_resumes_the_same_table() {
    let dir = tempfile::tempdir().unwrap();
    let id;
    let before;
    {
        let mut svc = Service::open(dir.path()).unwrap();
        id = new_game(&mut svc).id;
        play(&mut svc, id, Seat::A, "V04", None);
        before = play(&mut svc, id, Seat::A, "V01", None);
    }
    let svc = Service::open(dir.path()).unwrap();
    let now = svc.game_current().unwrap().unwrap();
    assert_eq!(now, before);
    // both played this turn: both stay active
    assert_eq!(side(&now, Seat::A).areas.combat.len(), 2);
    assert_eq!(side(&now, Seat::A).total.fire, 12);
}

#[test]
fn power_of_the_documented_table_state() {
    let (_d, svc) = svc();
    let json = include_str!("../../../bluemoon/examples/table-state.json");
    let p = svc.power_of_table_json(json, Language::En).unwrap();
    assert_eq!(p.players.len(), 2);
    assert!(!p.breakdown.is_empty());
    let err = svc
        .power_of_table_json("{\"v\":2}", Language::En)
        .unwrap_err();
    assert_eq!(err.code, crate::ErrorCode::InvalidInput);
}

/// A table state `power` cannot read is refused in the service's language, naming what is
/// wrong and where, never in English words inside a German sentence.
#[test]
fn power_refuses_an_unreadable_table_state_in_german() {
    let (_d, svc) = svc();
    let de = |json: &str| {
        svc.power_of_table_json(json, Language::De)
            .unwrap_err()
            .message
    };
    assert_eq!(
        de("{\"v\":2}"),
        "Der Tischzustand kann nicht gelesen werden: er hat das Format Version 2, diese Version liest Version 1"
    );
    assert_eq!(
        de("[]"),
        "Der Tischzustand kann nicht gelesen werden: ein Tischzustand ist ein JSON-Objekt ({ \"A\": …, \"B\": … })"
    );
    let missing = de("{\"v\":1,\n\"A\": 5}");
    assert!(
        missing.starts_with("Der Tischzustand kann nicht gelesen werden: "),
        "{missing}"
    );
    assert!(missing.contains("(Zeile 2, Spalte"), "{missing}");
    // a face-down card in the combat area, and a face-down card that is no bluff card
    let combat = de(r#"{"v":1,"A":{"combat":[{"face_down":true}]},"B":{}}"#);
    assert_eq!(
        combat,
        "Der Tischzustand kann nicht gelesen werden: Spieler A hat eine verdeckte Karte im Kampfbereich: verdeckt liegt nur eine Bluffkarte im Unterstützungsbereich"
    );
    let no_bluff = de(r#"{"v":1,"A":{"support":[{"card":"vulca-10","face_down":true}]},"B":{}}"#);
    assert!(
        no_bluff.starts_with("Der Tischzustand kann nicht gelesen werden: "),
        "{no_bluff}"
    );
    assert!(
        !no_bluff.contains("Not possible") && !no_bluff.contains("Nicht möglich:"),
        "{no_bluff}"
    );
    assert!(
        no_bluff.ends_with("kein BLUFF-Symbol und kann nicht verdeckt gespielt werden"),
        "{no_bluff}"
    );
    // the same in English
    let en = svc
        .power_of_table_json("{\"v\":2}", Language::En)
        .unwrap_err()
        .message;
    assert_eq!(
        en,
        "The table state cannot be read: it is in format version 2; this version reads version 1"
    );
}

/// A ruling marked seen leaves the game's prompts, stays left out after a restart, and
/// only in that game; an unknown ruling id is refused.
#[test]
fn rulings_marked_seen_leave_the_prompt_for_the_rest_of_the_game() {
    let (dir, mut svc) = svc();
    let id = new_game(&mut svc).id;
    play(&mut svc, id, Seat::A, "V02", None);
    let ids = |svc: &Service, game: i64| -> Vec<String> {
        svc.game_prompts(game, "Wall of Fire", Language::En, Some(3))
            .unwrap()
            .into_iter()
            .map(|p| p.ruling.id)
            .collect()
    };
    let before = ids(&svc, id);
    assert_eq!(before.len(), 3, "{before:?}");
    svc.game_mark_ruling_seen(id, &before[0], Language::En)
        .unwrap();
    svc.game_mark_ruling_seen(id, &before[0], Language::En)
        .unwrap();
    let after = ids(&svc, id);
    assert!(!after.contains(&before[0]), "{after:?}");
    assert_eq!(after[..2], before[1..], "the others move up");
    assert_eq!(after.len(), 3, "the prompt still fills up");

    let err = svc
        .game_mark_ruling_seen(id, "bm-faq-en:99999", Language::En)
        .unwrap_err();
    assert_eq!(err.code, crate::ErrorCode::NotFound);
    assert_eq!(svc.store.rulings_seen(store::GameId(id)).unwrap().len(), 1);

    drop(svc);
    let mut svc = Service::open(dir.path().join("data")).unwrap();
    assert_eq!(ids(&svc, id), after, "kept across a restart");
    let other = new_game(&mut svc).id;
    assert_eq!(
        ids(&svc, other)[0],
        before[0],
        "another game still shows it"
    ); // Any limit a front end sends is bounded: usize::MAX plus the seen rulings must not
       // overflow (a panic in a debug build).
    let all = svc
        .game_prompts(id, "Wall of Fire", Language::En, Some(usize::MAX))
        .unwrap();
    assert!(
        (3..=crate::game::PROMPT_LIMIT_MAX).contains(&all.len()),
        "{}",
        all.len()
    );
}

/// Entering a card plays it at once unless something needs deciding; a decision taken
/// (`confirmed`) plays it; nothing is recorded before that.
#[test]
fn entering_a_card_plays_it_unless_something_needs_deciding() {
    let (_d, mut svc) = svc();
    let id = new_game(&mut svc).id;
    let req = |p: Seat, card: &str, target: Option<&str>| PlayRequest {
        player: p,
        card: card.into(),
        target: target.map(str::to_owned),
        face_down: false,
    };
    let out = svc
        .game_enter(id, &req(Seat::A, "V02", None), false, Language::En)
        .unwrap();
    let v = out.view.expect("nothing to decide: played");
    assert_eq!(side(&v, Seat::A).total, Elements { fire: 6, earth: 3 });
    assert_eq!(out.prompts_error, None);
    open_the_fire_fight(&mut svc, id);

    // a "one of my characters" booster: the person confirms its target first
    let events = svc.game_view(id).unwrap().events;
    let out = svc
        .game_enter(
            id,
            &req(Seat::A, "Volcanic Gauntlets", None),
            false,
            Language::En,
        )
        .unwrap();
    assert!(out.view.is_none());
    assert!(out.preview.needs_target && out.preview.target_options.len() == 1);
    assert_eq!(
        svc.game_view(id).unwrap().events,
        events,
        "nothing recorded"
    );
    let out = svc
        .game_enter(
            id,
            &req(Seat::A, "Volcanic Gauntlets", Some("V02")),
            true,
            Language::En,
        )
        .unwrap();
    let v = out.view.expect("decided: played");
    assert_eq!(v.events, events + 1);

    // a forbidden play waits for confirmation and then shows the interaction ruling
    play(&mut svc, id, Seat::A, "Flickering Fires", None);
    act(
        &mut svc,
        id,
        GameAction::Pass {
            player: Seat::A,
            confirmed: true,
        },
    );
    let events = svc.game_view(id).unwrap().events;
    let enthrall = req(Seat::B, "Enthrall Opposition", None);
    let out = svc.game_enter(id, &enthrall, false, Language::En).unwrap();
    assert!(out.view.is_none() && !out.preview.warnings.is_empty());
    assert_eq!(svc.game_view(id).unwrap().events, events);
    let out = svc.game_enter(id, &enthrall, true, Language::En).unwrap();
    assert_eq!(out.view.expect("confirmed").events, events + 1);
    assert!(
        out.prompts
            .iter()
            .any(|p| p.with.iter().any(|w| w.contains("Flickering Fires"))),
        "{:?}",
        out.prompts.iter().map(|p| &p.with).collect::<Vec<_>>()
    );

    // an impossible play is refused, confirmed or not
    let out = svc
        .game_enter(id, &req(Seat::A, "V03", None), true, Language::En)
        .unwrap();
    assert!(out.preview.error.is_some() && out.view.is_none());
    assert_eq!(svc.game_view(id).unwrap().events, events + 1);
}

#[test]
fn the_fight_starter_passing_without_a_character_is_told_to_decline() {
    let (_d, mut svc) = svc();
    let id = new_game(&mut svc).id;
    act(
        &mut svc,
        id,
        GameAction::ChooseElement {
            player: Seat::A,
            element: ElementName::Fire,
        },
    );
    let events = svc.game_view(id).unwrap().events;
    assert_eq!(
        unconfirmed_pass(&mut svc, id, Seat::A),
        "Ann has played no new character this turn: play one, or decline to start the fight."
    );
    assert_eq!(
        svc.game_view(id).unwrap().events,
        events,
        "nothing recorded"
    );
}

#[test]
fn emissaries_and_inquisitors_cards_need_the_expansion_at_set_up() {
    let (_d, mut svc) = svc();
    // A Hyla played by the player whose turn it is: its warnings (the play is possible).
    let kinds = |svc: &Service, id: i64, player: Seat| -> Vec<WarningKind> {
        let hyla = PlayRequest {
            player,
            card: "infl-602".into(),
            target: None,
            face_down: false,
        };
        let p = svc.game_preview_play(id, &hyla).unwrap();
        assert_eq!(p.error, None);
        p.warnings.iter().map(|w| w.kind).collect()
    };
    let plain = new_game(&mut svc).id;
    assert_eq!(kinds(&svc, plain, Seat::A), vec![WarningKind::NotInDeck]);
    let with_ei = svc
        .game_new(
            &NewGameRequest {
                emissaries_inquisitors: true,
                ..setup("Cleo", "Dan", "Hoax")
            },
            Language::En,
        )
        .unwrap()
        .id;
    assert_eq!(kinds(&svc, with_ei, Seat::A), vec![]);
    // the next game of the match (B lost, B starts) keeps the expansion; a fourth dragon
    // scores 4 (a concession would score E&I's maximum, 7, and end the match)
    act(
        &mut svc,
        with_ei,
        GameAction::AttractDragons {
            player: Seat::A,
            count: 4,
        },
    );
    let next = svc
        .game_next(crate::table::TableAt::blue_moon(with_ei), Language::En)
        .unwrap()
        .id;
    assert_eq!(kinds(&svc, next, Seat::B), vec![]);
}

#[test]
fn a_refusal_at_the_table_is_worded_in_german_naming_the_players() {
    let (_d, mut svc) = svc();
    let id = new_game(&mut svc).id;
    let events = svc.game_view(id).unwrap().events;
    let err = svc
        .game_act(
            id,
            &GameAction::ChooseElement {
                player: Seat::B,
                element: ElementName::Fire,
            },
            Language::De,
        )
        .unwrap_err();
    assert_eq!(err.code, crate::ErrorCode::InvalidInput, "{err:?}");
    assert_eq!(
        err.message,
        "Nicht möglich: Nur wer den Kampf beginnt (Ann), wählt das Element"
    );
    // The same refusal for the CLI stays English, by name too.
    let en = svc
        .game_act(
            id,
            &GameAction::ChooseElement {
                player: Seat::B,
                element: ElementName::Fire,
            },
            Language::En,
        )
        .unwrap_err();
    assert_eq!(
        en.message,
        "Not possible: only the player starting the fight (Ann) chooses the element"
    );
    // A card entered out of turn: the preview's reason in German, the card by its name.
    let out = svc
        .game_enter(id, &req(Seat::B, "H01"), false, Language::De)
        .unwrap();
    let reason = out.preview.error.expect("refused");
    assert_eq!(reason, "Nicht möglich: Ann ist am Zug, nicht Ben");
    assert!(out.view.is_none());
    let unknown = svc
        .game_enter(id, &req(Seat::A, "zzzzqqqq"), false, Language::De)
        .unwrap_err();
    assert!(
        unknown
            .message
            .starts_with("Keine Blue-Moon-Karte passt zu „zzzzqqqq“"),
        "{unknown:?}"
    );
    let undo = svc.game_undo(id, Language::De).unwrap_err();
    assert_eq!(
        undo.message,
        "Nichts rückgängig zu machen: das Spiel hat gerade erst begonnen"
    );
    let next = svc
        .game_next(crate::table::TableAt::blue_moon(id), Language::De)
        .unwrap_err();
    assert!(
        next.message.starts_with("Das Spiel ist noch nicht vorbei"),
        "{next:?}"
    );
    assert_eq!(
        svc.game_view(id).unwrap().events,
        events,
        "nothing recorded"
    );
}

#[test]
fn a_pass_without_a_new_character_is_asked_in_german() {
    let (_d, mut svc) = svc();
    let id = new_game(&mut svc).id;
    act(
        &mut svc,
        id,
        GameAction::ChooseElement {
            player: Seat::A,
            element: ElementName::Fire,
        },
    );
    let err = svc
        .game_act(
            id,
            &GameAction::Pass {
                player: Seat::A,
                confirmed: false,
            },
            Language::De,
        )
        .unwrap_err();
    assert_eq!(err.code, crate::ErrorCode::NeedsConfirmation, "{err:?}");
    assert_eq!(
        err.message,
        "Ann hat in diesem Zug keine neue Charakterkarte gespielt: eine spielen oder auf den Kampf verzichten."
    );
}

#[test]
fn a_peoples_name_alone_suggests_its_cards_by_number() {
    let (_d, svc) = svc();
    let ids = |text: &str| -> Vec<String> {
        svc.card_suggestions_for(text, Some(5), None)
            .unwrap()
            .into_iter()
            .map(|s| s.id)
            .collect()
    };
    assert_eq!(
        ids("Hoax"),
        ["hoax-00", "hoax-01", "hoax-02", "hoax-03", "hoax-04"]
    );
    let khind = ids(" khi ");
    assert!(
        khind.len() == 5 && khind.iter().all(|id| id.starts_with("khind-")),
        "the start of one people's name: {khind:?}"
    );
    // a card's own name still finds the card; two letters or a number are no people
    assert_eq!(ids("Wogar")[0], "hoax-01");
    assert!(
        ids("Ho").iter().all(|id| id != "hoax-02"),
        "{:?}",
        ids("Ho")
    );
    assert_eq!(ids("Hoax 24")[0], "hoax-24");
}

/// The whole database, row by row, to show that a refusal wrote nothing.
fn snapshot(svc: &Service) -> String {
    format!(
        "{:?} {:?}",
        svc.list_games(None, None, false, None).unwrap(),
        svc.list_matches(false).unwrap()
    )
}

#[test]
fn abandoning_needs_confirmation_and_a_refusal_writes_nothing() {
    let (_d, mut svc) = svc();
    let g = new_game(&mut svc);
    play(&mut svc, g.id, Seat::A, "V02", None);
    let before = snapshot(&svc);
    let events = svc.game_view(g.id).unwrap().events;
    let err = svc
        .game_act(
            g.id,
            &GameAction::Abandon { confirmed: false },
            Language::En,
        )
        .unwrap_err();
    assert_eq!(err.code, crate::ErrorCode::NeedsConfirmation, "{err:?}");
    assert!(err.message.contains("without a result"), "{}", err.message);
    let de = svc
        .game_act(
            g.id,
            &GameAction::Abandon { confirmed: false },
            Language::De,
        )
        .unwrap_err();
    assert!(de.message.starts_with("Spiel abbrechen?"), "{}", de.message);
    assert_eq!(snapshot(&svc), before);
    assert_eq!(svc.game_view(g.id).unwrap().events, events);
    // A game already over is conceded, not abandoned: refused, nothing written.
    act(&mut svc, g.id, GameAction::Concede { player: Seat::B });
    let before = snapshot(&svc);
    let err = svc
        .game_act(g.id, &GameAction::Abandon { confirmed: true }, Language::En)
        .unwrap_err();
    assert!(err.message.contains("the game is over"), "{}", err.message);
    assert_eq!(snapshot(&svc), before);
}

#[test]
fn an_abandoned_game_is_no_longer_resumed_and_undo_restores_it() {
    let (_d, mut svc) = svc();
    let g = new_game(&mut svc);
    play(&mut svc, g.id, Seat::A, "V02", None);
    let v = act(&mut svc, g.id, GameAction::Abandon { confirmed: true });
    assert!(v.abandoned && v.game_over.is_none() && !v.finished);
    assert!(v.can_undo);
    assert_eq!(side(&v, Seat::A).crystals + side(&v, Seat::B).crystals, 0);
    assert!(svc.game_current().unwrap().is_none(), "not brought back");
    assert!(svc.unfinished().unwrap().games.is_empty());
    let listed = svc.list_games(None, None, false, None).unwrap();
    assert_eq!(listed[0].status, crate::history::GameStatus::Abandoned);
    assert!(listed[0].finished && listed[0].winner.is_none());
    // Nothing more can be played in it.
    let err = svc
        .game_play(g.id, &req(Seat::B, "H01"), Language::En)
        .unwrap_err();
    assert!(err.message.contains("abandoned"), "{}", err.message);
    // Undo takes the abandon back: the same table, playable again.
    let back = svc.game_undo(g.id, Language::En).unwrap();
    assert!(!back.abandoned && back.events == v.events - 1);
    assert_eq!(side(&back, Seat::A).areas.combat.len(), 1);
    assert_eq!(svc.game_current().unwrap().map(|c| c.id), Some(g.id));
    // Redo abandons again, as the first time.
    let again = svc.game_redo(g.id, Language::En).unwrap();
    assert!(again.abandoned);
    assert!(svc.game_current().unwrap().is_none());
}

#[test]
fn after_an_abandoned_game_the_match_takes_a_new_game_and_statistics_leave_it_out() {
    let (_d, mut svc) = svc();
    let g = new_game(&mut svc);
    // Game 1 conceded by A: B scores 4; A (the loser) starts game 2, which is abandoned.
    act(&mut svc, g.id, GameAction::Concede { player: Seat::A });
    let g2 = svc
        .game_next(crate::table::TableAt::blue_moon(g.id), Language::En)
        .unwrap();
    act(&mut svc, g2.id, GameAction::Abandon { confirmed: true });
    let m = svc.match_view_by_id(g.match_id.unwrap()).unwrap();
    assert_eq!((m.unfinished_game, m.crystals), (None, [0, 4]));
    let stats = svc.statistics(None, Language::En).unwrap();
    assert_eq!(stats.games, 1, "only the game with a result");
    // The match goes on: game 3, started by whoever started the abandoned game.
    let g3 = svc
        .game_next(crate::table::TableAt::blue_moon(g2.id), Language::En)
        .unwrap();
    assert_ne!(g3.id, g2.id);
    assert_eq!((g3.game_no, g3.turn), (3, Some(Seat::A)));
    assert_eq!(side(&g3, Seat::B).crystals, 4);
    // From now on the abandoned game stays as it is.
    let old = svc.game_view(g2.id).unwrap();
    assert!(old.abandoned && !old.can_undo && old.next_game == Some(g3.id));
    let err = svc.game_undo(g2.id, Language::En).unwrap_err();
    assert!(err.message.contains("has gone on"), "{}", err.message);
    assert!(
        svc.game_next(crate::table::TableAt::blue_moon(g2.id), Language::En)
            .is_err(),
        "only one next game"
    );
    assert!(svc.game_view(g2.id).unwrap().abandoned, "unchanged");
}

#[test]
fn the_app_sends_abandon_as_a_game_action() {
    let read = |json: &str| serde_json::from_str::<GameAction>(json).map_err(|e| e.to_string());
    assert_eq!(
        read(r#"{"action":"abandon","confirmed":true}"#),
        Ok(GameAction::Abandon { confirmed: true })
    );
    // absent means not confirmed: the service then asks
    assert_eq!(
        read(r#"{"action":"abandon"}"#),
        Ok(GameAction::Abandon { confirmed: false })
    );
}

/// A passes without confirmation (A's character was played this turn).
fn pass(svc: &mut Service, id: i64, player: Seat) -> GameView {
    act(
        svc,
        id,
        GameAction::Pass {
            player,
            confirmed: false,
        },
    )
}

#[test]
fn a_play_condition_not_met_is_a_warning_to_confirm_naming_the_players() {
    let (_d, mut svc) = svc();
    let g = new_game(&mut svc);
    play(&mut svc, g.id, Seat::A, "V02", None);
    act(
        &mut svc,
        g.id,
        GameAction::ChooseElement {
            player: Seat::A,
            element: ElementName::Fire,
        },
    );
    pass(&mut svc, g.id, Seat::A);

    // Var-dis-Nar: "I may only play this card if I am attacked by at least 7 total power";
    // Ann attacks with 6 fire.
    let out = svc
        .game_enter(g.id, &req(Seat::B, "Var-dis-Nar"), false, Language::En)
        .unwrap();
    assert!(out.view.is_none(), "not played before it is confirmed");
    let kinds: Vec<WarningKind> = out.preview.warnings.iter().map(|w| w.kind).collect();
    assert_eq!(kinds, vec![WarningKind::PlayCondition]);
    let w = &out.preview.warnings[0];
    assert_eq!(
        w.message,
        "Ben: Var-dis-Nar may only be played if Ann attacks with at least 7 total power (now 6)."
    );
    assert_eq!(
        w.condition_de.as_deref(),
        Some("Ann mit einer Stärke von mindestens 7 angreift (jetzt 6)")
    );
    assert_eq!(svc.game_view(g.id).unwrap().events, 4, "nothing recorded");

    // The command line's play says what to confirm, and writes nothing.
    let err = svc
        .game_play_confirmed(g.id, &req(Seat::B, "mutant-105"), false, Language::En)
        .unwrap_err();
    assert_eq!(err.code, crate::ErrorCode::NeedsConfirmation, "{err:?}");
    assert!(
        err.message
            .contains("Ann attacks with at least 7 total power"),
        "{}",
        err.message
    );
    assert_eq!(svc.game_view(g.id).unwrap().events, 4, "nothing recorded");

    // Ben answers with 7, Ann with 7 (Flamebreath): now the condition is met and the card
    // is played at once.
    play(&mut svc, g.id, Seat::B, "H02", None);
    play(&mut svc, g.id, Seat::B, "H19", None);
    pass(&mut svc, g.id, Seat::B);
    play(&mut svc, g.id, Seat::A, "V01", None);
    pass(&mut svc, g.id, Seat::A);
    let out = svc
        .game_enter(g.id, &req(Seat::B, "Var-dis-Nar"), false, Language::De)
        .unwrap();
    assert!(
        out.preview.warnings.is_empty(),
        "{:?}",
        out.preview.warnings
    );
    let view = out.view.expect("played at once: nothing to decide");
    assert!(side(&view, Seat::B)
        .areas
        .combat
        .iter()
        .any(|c| c.id.as_deref() == Some("mutant-105")));
}

/// B runs out of cards during a fight: nothing ends until A retreats; B holds the dragon
/// and wins 2 crystals, recorded in the match. In the next game A, marked out of cards at
/// its start (no fight has ended yet), declines: no dragons, so A, out of cards, loses 1.
#[test]
fn out_of_cards_ends_the_game_after_the_fight_and_the_match_records_it() {
    let (_d, mut svc) = svc();
    let g = new_game(&mut svc);
    let id = g.id;
    play(&mut svc, id, Seat::A, "V02", None);
    open_the_fire_fight(&mut svc, id);
    let v = act(&mut svc, id, GameAction::OutOfCards { player: Seat::B });
    assert!(v.game_over.is_none(), "a fight under way goes on");
    assert!(side(&v, Seat::B).out_of_cards && !side(&v, Seat::A).out_of_cards);
    let v = act(
        &mut svc,
        id,
        GameAction::Retreat {
            player: Seat::A,
            forced: false,
            dragon_cancelled: false,
        },
    );
    let over = v.game_over.as_ref().expect("the retreat ends the game");
    assert_eq!(
        (over.winner, over.reason, over.score),
        (Seat::B, bluemoon::game::EndReason::OutOfCards, 2)
    );
    assert_eq!(side(&v, Seat::B).crystals, 2);
    // Ben ran out of cards, yet wins: he holds the dragon (not a bare "(out of cards: Ben)")
    assert_eq!(
        v.ending(Language::En).unwrap(),
        "Ben is out of cards: the game ends, and Ben wins 2 crystals because Ben holds 1 dragon."
    );
    assert_eq!(
        v.ending(Language::De).unwrap(),
        "Ben hat keine Karten mehr: das Spiel endet, und Ben gewinnt 2 Kristalle, weil Ben 1 \
         Drachen hält."
    );
    let next = svc
        .game_next(crate::table::TableAt::blue_moon(id), Language::En)
        .unwrap();
    let m = svc.match_view_by_id(next.match_id.unwrap()).unwrap();
    assert_eq!(m.crystals, [0, 2], "the result is recorded");

    // Game 2, started by A (the loser): out of cards before any fight ended waits for the
    // decline, which ends the game with all dragons in the centre.
    assert_eq!(next.turn, Some(Seat::A));
    let v = act(
        &mut svc,
        next.id,
        GameAction::OutOfCards { player: Seat::A },
    );
    assert!(v.game_over.is_none());
    let v = act(
        &mut svc,
        next.id,
        GameAction::DeclineStart {
            player: Seat::A,
            discarded: 1,
        },
    );
    let over = v
        .game_over
        .as_ref()
        .expect("the declined start ends the game");
    assert_eq!((over.winner, over.score), (Seat::B, 1));
    assert_eq!(side(&v, Seat::B).crystals, 3);
    // all dragons in the centre: who ran out first loses; one crystal, singular
    assert_eq!(
        v.ending(Language::En).unwrap(),
        "Ann is out of cards with all dragons in the centre: Ann ran out first and loses, so \
         Ben wins 1 crystal."
    );
    assert_eq!(
        v.ending(Language::De).unwrap(),
        "Ann hat keine Karten mehr, alle Drachen in der Mitte: Ann hatte zuerst keine Karten \
         mehr und verliert, also Ben gewinnt 1 Kristall."
    );
}

/// Marked out of cards after a retreat, before the next fight has begun: the game ends at
/// once (§ 'End of Game': "after a fight").
#[test]
fn out_of_cards_between_fights_ends_the_game_at_once() {
    let (_d, mut svc) = svc();
    let g = new_game(&mut svc);
    play(&mut svc, g.id, Seat::A, "V02", None);
    open_the_fire_fight(&mut svc, g.id);
    act(
        &mut svc,
        g.id,
        GameAction::Retreat {
            player: Seat::A,
            forced: false,
            dragon_cancelled: false,
        },
    );
    let v = act(&mut svc, g.id, GameAction::OutOfCards { player: Seat::A });
    let over = v.game_over.as_ref().expect("ended at once");
    assert_eq!((over.winner, over.score), (Seat::B, 2));
    assert!(side(&v, Seat::A).out_of_cards);
}

/// The cost of a concession comes from the engine: 4 crystals, 7 with Emissaries and
/// Inquisitors, worded naming both players in English and German.
#[test]
fn a_concession_says_what_it_costs_in_both_languages() {
    let (_d, mut svc) = svc();
    let g = new_game(&mut svc);
    assert_eq!(g.concede_score, 4);
    assert_eq!(
        g.concession(Seat::B, Language::En),
        "Ben concedes: Ann scores 4 crystals."
    );
    assert_eq!(g.conceded_by(), None);
    let ei = svc
        .game_new(
            &NewGameRequest {
                emissaries_inquisitors: true,
                ..setup("Cleo", "Dan", "Hoax")
            },
            Language::En,
        )
        .unwrap();
    assert_eq!(ei.concede_score, 7);
    assert_eq!(
        ei.concession(Seat::A, Language::De),
        "Cleo gibt auf: Dan erhält 7 Kristalle."
    );
    let v = act(&mut svc, ei.id, GameAction::Concede { player: Seat::A });
    assert_eq!(v.conceded_by(), Some(Seat::A));
    assert_eq!(v.game_over.as_ref().map(|r| r.score), Some(7));
    assert_eq!(
        v.concession(Seat::A, Language::En),
        "Cleo concedes: Dan scores 7 crystals."
    );
}

/// "Why?" names each step's effect in both languages (the German interface showed
/// "double: fire values of own one character card").
#[test]
fn the_why_steps_are_worded_in_german_too() {
    let (_d, mut svc) = svc();
    let g = new_game(&mut svc);
    play(&mut svc, g.id, Seat::A, "V02", None);
    let v = play(&mut svc, g.id, Seat::A, "Volcanic Gauntlets", None);
    let line = v
        .breakdown
        .iter()
        .find(|l| l.card.as_deref() == Some("vulca-02"))
        .expect("Flash the Incendiary in the breakdown");
    let step = line.steps.first().expect("the doubling step");
    assert_eq!((step.from, step.to), (6, 12));
    assert_eq!(step.effect, "double: fire values of own one character card");
    assert_eq!(
        step.effect_de,
        "Feuer-Werte eines eigenen Charakters verdoppeln sich"
    );
}

/// How a game ended reads as one sentence in both languages: out of cards, the winner holds
/// the dragons ("because Ben holds 1 dragon", not a bare "(out of cards: Ben)"); with all
/// dragons in the centre, who ran out first loses; one crystal is singular.
#[test]
fn how_a_game_ended_reads_right_in_both_languages() {
    // (out of cards: see `out_of_cards_ends_the_game_after_the_fight_and_the_match_records_it`)
    // a concession says what it cost
    let (_d, mut svc) = svc();
    let g = new_game(&mut svc);
    assert_eq!(g.ending(Language::En), None, "not over");
    let v = act(&mut svc, g.id, GameAction::Concede { player: Seat::A });
    assert_eq!(
        v.ending(Language::De).unwrap(),
        "Ann gibt auf: Ben erhält 4 Kristalle."
    );
    // the view carries the sentence for the app, in both languages
    assert_eq!(v.end_text, v.ending(Language::En));
    assert_eq!(
        v.end_text_de.as_deref(),
        Some("Ann gibt auf: Ben erhält 4 Kristalle.")
    );
    assert_eq!(crystals(1, Language::De), "1 Kristall");
    assert_eq!(crystals(1, Language::En), "1 crystal");
    // a fourth dragon
    let g = svc
        .game_new(&setup("Cleo", "Dan", "Hoax"), Language::En)
        .unwrap();
    act(
        &mut svc,
        g.id,
        GameAction::AttractDragons {
            player: Seat::B,
            count: 3,
        },
    );
    let v = act(
        &mut svc,
        g.id,
        GameAction::AttractDragons {
            player: Seat::B,
            count: 1,
        },
    );
    assert_eq!(
        v.ending(Language::En).unwrap(),
        "Dan would attract a fourth dragon: the game ends, and Dan wins 4 crystals."
    );
    assert_eq!(
        v.ending(Language::De).unwrap(),
        "Dan würde einen vierten Drachen anziehen: das Spiel endet, Dan gewinnt 4 Kristalle."
    );
}

/// A card after a STOP names the card whose STOP ended the turn, in English and German, in
/// the command line's refusal and in the view's warning.
#[test]
fn a_card_after_stop_names_the_stop_card_in_both_languages() {
    let (_d, mut svc) = svc();
    let g = svc
        .game_new(
            &NewGameRequest {
                first: Some(Seat::B),
                ..setup("Ann", "Ben", "Mimix")
            },
            Language::En,
        )
        .unwrap();
    // Mimix 20, Shaman of the Here and Now, has a STOP icon
    play(&mut svc, g.id, Seat::B, "Mimix 20", None);
    let stop_de = svc
        .catalog
        .bm("mimix-20")
        .and_then(|c| c.name_de.clone())
        .unwrap();
    let after = req(Seat::B, "Mimix 01");
    let en = svc
        .game_play_confirmed(g.id, &after, false, Language::En)
        .unwrap_err();
    assert_eq!(en.code, crate::ErrorCode::NeedsConfirmation, "{en:?}");
    assert!(
        en.message
            .contains("Shaman of the Here and Now has a STOP icon: Ben may play no further card"),
        "{}",
        en.message
    );
    let de = svc
        .game_play_confirmed(g.id, &after, false, Language::De)
        .unwrap_err();
    assert!(
        de.message.contains(&format!("{stop_de} hat ein STOPP-Symbol und beendet den Zug: Ben darf keine weitere Karte spielen")),
        "{}",
        de.message
    );
    assert!(
        de.message.contains("Nichts wurde eingetragen"),
        "{}",
        de.message
    );
    // played anyway: the warning stays on the table, in both languages
    let v = svc
        .game_play_confirmed(g.id, &after, true, Language::De)
        .unwrap();
    let w = v
        .warnings
        .iter()
        .find(|w| w.kind == WarningKind::AfterStop)
        .expect("the warning on the table");
    assert!(
        w.message.contains("Shaman of the Here and Now"),
        "{}",
        w.message
    );
    assert!(w.message_in(Language::De).contains(&stop_de), "{w:?}");
    assert_eq!(w.by.as_deref(), Some("mimix-20"));
}

/// Every warning the engine gives has a German sentence naming the player (none falls back
/// to the English one).
#[test]
fn a_second_character_is_warned_in_german_naming_both_cards() {
    let (_d, mut svc) = svc();
    let g = new_game(&mut svc);
    play(&mut svc, g.id, Seat::A, "V02", None);
    let err = svc
        .game_play_confirmed(g.id, &req(Seat::A, "V13"), false, Language::De)
        .unwrap_err();
    assert!(
        err.message
            .starts_with("Ann hat in diesem Zug schon einen Charakter gespielt (")
            && err.message.contains("wäre ein zweiter"),
        "{}",
        err.message
    );
    // a player who is not in the game, in German and English
    let game = cards::GameRef {
        kind: cards::Game::BlueMoon,
        id: g.id,
    };
    let (seat, at) = svc.game_seat(game, "hoax", Language::En).unwrap();
    assert_eq!(seat, Seat::B);
    // the revision the command line's write will carry is the game's as read
    assert_eq!(at.revision, Some(svc.game_view(g.id).unwrap().revision));
    let err = svc.game_seat(game, "Zed", Language::De).unwrap_err();
    assert!(
        err.message
            .contains("„Zed“ spielt nicht in diesem Spiel (Ann gegen Ben)"),
        "{}",
        err.message
    );
    let err = svc.game_seat(game, "Zed", Language::En).unwrap_err();
    assert!(
        err.message
            .contains("`Zed` does not play in this game (Ann v Ben)"),
        "{}",
        err.message
    );
}

/// The first letter typed already suggests cards: the names beginning with it, the entering
/// player's deck first.
#[test]
fn one_letter_suggests_cards_the_entering_players_deck_first() {
    let (_d, svc) = svc();
    let any = svc.card_suggestions_for("f", None, None).unwrap();
    assert!(!any.is_empty(), "no suggestion for `f`");
    for s in &any {
        let begins = |n: &Option<String>| {
            n.as_deref()
                .is_some_and(|n| n.to_lowercase().starts_with('f'))
        };
        assert!(begins(&s.name_en) || begins(&s.name_de), "{s:?}");
    }
    let vulca = svc.card_suggestions_for("f", None, Some("Vulca")).unwrap();
    assert!(vulca[0].tag.starts_with("Vulca "), "{vulca:?}");
    let hoax = svc
        .card_suggestions_for("F", Some(20), Some("Hoax"))
        .unwrap();
    assert!(hoax.len() > any.len(), "a larger limit gives more");
    let own: Vec<bool> = hoax.iter().map(|s| s.tag.starts_with("Hoax ")).collect();
    // own deck's cards first, then the others
    assert!(own.windows(2).all(|w| w[0] || !w[1]), "{own:?}");
    // one digit is no letter: nothing invented
    assert!(svc
        .card_suggestions_for("7", None, None)
        .unwrap()
        .iter()
        .all(|s| s.matched != "prefix"));
}
