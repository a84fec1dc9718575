//! The game's record at the table: writes decided on a revision that moved are refused, card
//! fixes never break a game already played, and a game stored without its set-up can end.
use super::*;
use crate::ErrorCode;

fn svc() -> (tempfile::TempDir, Service) {
    let dir = tempfile::tempdir().unwrap();
    let svc = Service::open(dir.path().join("data")).unwrap();
    (dir, svc)
}

fn new_game(svc: &mut Service) -> GameView {
    let new = crate::table::NewTable::ann_and_ben(cards::Game::BlueMoon);
    let crate::table::NewTable::BlueMoon(req) = new else {
        unreachable!("Blue Moon's request")
    };
    svc.game_new(&req, Language::En).unwrap()
}

fn fire(svc: &mut Service, id: impl Into<GameAt>) -> Result<GameView> {
    svc.game_act(
        id,
        &GameAction::ChooseElement {
            player: Seat::A,
            element: ElementName::Fire,
        },
        Language::En,
    )
}

fn play(card: &str) -> PlayRequest {
    PlayRequest {
        player: Seat::A,
        card: card.into(),
        target: None,
        face_down: false,
    }
}

fn combat_types(v: &GameView) -> Vec<(Option<String>, Option<String>)> {
    v.players[0]
        .areas
        .combat
        .iter()
        .map(|c| (c.id.clone(), c.card_type.clone()))
        .collect()
}

#[test]
fn a_table_that_changed_since_it_was_drawn_is_refused_and_nothing_is_written() {
    let (_d, mut svc) = svc();
    let g = new_game(&mut svc);
    // Two windows drew the same table; the first chooses fire.
    let drawn = GameAt {
        id: g.id,
        revision: Some(g.revision),
    };
    let after = fire(&mut svc, drawn).unwrap();
    assert_eq!(after.revision, g.revision + 1);
    // The second decides on the table it drew: every write is refused, in its language.
    let err = svc
        .game_enter(drawn, &play("V02"), true, Language::De)
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::Changed);
    assert!(err.message.contains("Ann und Ben"), "{}", err.message);
    for r in [
        fire(&mut svc, drawn),
        svc.game_undo(drawn, Language::En),
        svc.game_redo(drawn, Language::En),
        svc.game_next(
            crate::table::TableAt::new(::cards::Game::BlueMoon, drawn.id, drawn.revision),
            Language::En,
        ),
    ] {
        assert_eq!(r.unwrap_err().code, ErrorCode::Changed);
    }
    let now = svc.game_view(g.id).unwrap();
    assert_eq!((now.revision, now.events), (after.revision, after.events));
    // Drawn again, the same play goes through.
    let at_now = GameAt {
        id: g.id,
        revision: Some(now.revision),
    };
    let played = svc
        .game_enter(at_now, &play("V02"), true, Language::En)
        .unwrap();
    assert!(played.view.is_some());
}

#[test]
fn a_card_fix_counts_from_the_next_play_and_never_breaks_a_game_played() {
    let (_d, mut svc) = svc();
    let g = new_game(&mut svc);
    fire(&mut svc, g.id).unwrap();
    let played = svc.game_play(g.id, &play("V14"), Language::En).unwrap();
    let before = combat_types(&played);
    assert_eq!(before.len(), 1, "Cinder is A's character: {before:?}");
    // A fix of its type after it was played (the issue's brick): the game still opens, and
    // Cinder is still the character it was played as.
    svc.fix_card("V14", "type", "leadership").unwrap();
    let reopened = svc.game_view(g.id).unwrap();
    assert_eq!(combat_types(&reopened), before);
    svc.game_page(g.id, Language::En)
        .expect("its history replays");
    // Undo and redo: the redo puts the play back as it was stored, with the facts it was
    // decided with (a character), whatever was fixed since.
    let undone = svc.game_undo(g.id, Language::En).unwrap();
    assert!(combat_types(&undone).is_empty());
    let redone = svc.game_redo(g.id, Language::En).unwrap();
    assert_eq!(combat_types(&redone), before);
    assert_eq!(redone.events, played.events);
    svc.game_undo(g.id, Language::En).unwrap();
    assert!(svc.game_view(g.id).unwrap().unreadable.is_none());
    // In a new game the fix counts: Cinder goes to the leadership area.
    let h = new_game(&mut svc);
    fire(&mut svc, h.id).unwrap();
    let v = svc.game_play(h.id, &play("V14"), Language::En).unwrap();
    assert!(combat_types(&v).is_empty(), "{:?}", combat_types(&v));
    assert_eq!(v.players[0].areas.leadership.len(), 1);
    // Taken back: recorded as a withdrawal; a second time there is nothing to take back.
    let fixes = svc.remove_card_fix("V14", "type").unwrap();
    assert!(fixes.iter().all(|f| f.fact != "type"), "{fixes:?}");
    let again = svc.remove_card_fix("Cinder", "type").unwrap_err();
    assert_eq!(again.code, ErrorCode::InvalidInput);
    // both games still open, each with Cinder as it was played there
    assert_eq!(
        combat_types(&svc.game_view(g.id).unwrap()).len(),
        undone.players[0].areas.combat.len()
    );
    assert_eq!(
        svc.game_view(h.id).unwrap().players[0]
            .areas
            .leadership
            .len(),
        1
    );
}

#[test]
fn a_game_stored_without_its_set_up_can_be_abandoned_and_its_match_goes_on() {
    let (_d, mut svc) = svc();
    let g = new_game(&mut svc);
    svc.game_act(g.id, &GameAction::Abandon { confirmed: true }, Language::En)
        .unwrap();
    let info = svc.store.game(store::GameId(g.id)).unwrap();
    // An older release stored the match's next game without its set-up (it wrote a game and
    // its first event apart): such a match could never end.
    let old = svc
        .store
        .create_game(&store::NewGame {
            players: info.players,
            people: info.people.clone(),
            // the abandoned game's starter starts the next (`bluemoon::matches`)
            first: Some(info.first),
            match_id: info.match_id,
        })
        .unwrap();
    let view = svc.game_view(old.0).expect("an empty game opens");
    assert_eq!(view.events, 0);
    let conceded = svc
        .game_act(
            old.0,
            &GameAction::Concede { player: Seat::A },
            Language::De,
        )
        .unwrap_err();
    assert!(
        conceded.message.contains("brich es ab"),
        "{}",
        conceded.message
    );
    let unconfirmed = svc
        .game_act(
            old.0,
            &GameAction::Abandon { confirmed: false },
            Language::En,
        )
        .unwrap_err();
    assert_eq!(unconfirmed.code, ErrorCode::NeedsConfirmation);
    let abandoned = svc
        .game_act(
            old.0,
            &GameAction::Abandon { confirmed: true },
            Language::En,
        )
        .unwrap();
    assert!(abandoned.abandoned);
    // the match goes on with a game that has its set-up
    let next = svc
        .game_next(crate::table::TableAt::blue_moon(old.0), Language::En)
        .unwrap();
    assert_ne!(next.id, old.0);
    assert_eq!(next.events, 1);
    assert_eq!(next.match_id, info.match_id.map(|m| m.0));
}

#[test]
fn undo_and_redo_across_a_games_end_before_its_result_is_recorded() {
    let (_d, mut svc) = svc();
    let g = new_game(&mut svc);
    fire(&mut svc, g.id).unwrap();
    let ended = svc
        .game_act(g.id, &GameAction::Concede { player: Seat::B }, Language::En)
        .unwrap();
    let result = ended.game_over.clone().expect("the game ended");
    // the score is shown before it is recorded: the match's crystals include it
    let undone = svc.game_undo(g.id, Language::En).unwrap();
    assert!(undone.game_over.is_none());
    assert_eq!(undone.players[0].crystals, 0);
    let redone = svc.game_redo(g.id, Language::En).unwrap();
    assert_eq!(redone.game_over, Some(result.clone()));
    assert_eq!(redone.players[0].crystals, result.score);
    // recorded: the log is closed, undo is refused and writes nothing
    let next = svc
        .game_next(crate::table::TableAt::blue_moon(g.id), Language::En)
        .unwrap();
    assert_ne!(next.id, g.id);
    let err = svc.game_undo(g.id, Language::En).unwrap_err();
    assert_eq!(err.code, ErrorCode::InvalidInput);
    assert_eq!(svc.game_view(g.id).unwrap().events, redone.events);
    assert_eq!(next.players[0].crystals, result.score);
}

#[test]
fn a_stored_log_this_version_cannot_replay_still_opens_before_it() {
    let (_d, mut svc) = svc();
    let g = new_game(&mut svc);
    fire(&mut svc, g.id).unwrap();
    // Written past the engine (as an older release with other rules could have): B passes
    // in A's turn.
    let info = svc.store.game(store::GameId(g.id)).unwrap();
    svc.store
        .append(
            info.id,
            info.revision,
            &Event::new(EventKind::TurnPassed {
                player: bluemoon::Player::B,
            })
            .to_json(),
            store::Outcome::Playing,
        )
        .unwrap();
    let opened = svc.game_view(g.id).expect("a stored game always opens");
    let why = opened.unreadable.clone().expect("it says why");
    assert!(why.starts_with("Event 3 of this game"), "{why}");
    assert_eq!(opened.events, 3);
    assert_eq!(
        opened.contested,
        Some(ElementName::Fire),
        "as it stood before event 3"
    );
    let de = svc
        .game_act(
            g.id,
            &GameAction::ChooseElement {
                player: Seat::A,
                element: ElementName::Earth,
            },
            Language::De,
        )
        .unwrap_err();
    assert!(de.message.starts_with("Ereignis 3"), "{}", de.message);
    assert_eq!(svc.game_view(g.id).unwrap().events, 3, "nothing written");
    assert!(
        svc.game_page(g.id, Language::En).is_ok(),
        "its history opens too"
    );
    // undo takes the event back and the game goes on
    let undone = svc.game_undo(g.id, Language::En).unwrap();
    assert!(undone.unreadable.is_none());
    assert_eq!(undone.events, 2);
    // or, written again, it can be abandoned as it is
    let info = svc.store.game(store::GameId(g.id)).unwrap();
    svc.store
        .append(
            info.id,
            info.revision,
            r#"{"not":"an event"}"#,
            store::Outcome::Playing,
        )
        .unwrap();
    assert!(svc.game_view(g.id).unwrap().unreadable.is_some());
    let abandoned = svc
        .game_act(g.id, &GameAction::Abandon { confirmed: true }, Language::En)
        .unwrap();
    assert!(abandoned.abandoned);
}

/// The coordinator builds the table after a write from the state in memory (undo: the events
/// before the last folded once, nothing read again); it must be exactly what a fresh read and
/// replay of the stored game shows, for a move, an undo, a redo and an abandon.
#[test]
fn every_write_shows_the_stored_games_table() {
    let (_d, mut svc) = svc();
    let g = new_game(&mut svc);
    let fresh = |svc: &Service| svc.game_view(g.id).unwrap();
    let after = fire(&mut svc, g.id).unwrap();
    assert_eq!(after, fresh(&svc), "a move");
    let played = svc
        .game_play(g.id, &play("Flickering Fires"), Language::En)
        .unwrap();
    assert_eq!(played, fresh(&svc), "a card played");
    let undone = svc.game_undo(g.id, Language::En).unwrap();
    assert_eq!(undone, fresh(&svc), "an undo");
    assert_eq!(undone.events, after.events);
    assert_eq!(undone.revision, played.revision + 1);
    let redone = svc.game_redo(g.id, Language::En).unwrap();
    assert_eq!(redone, fresh(&svc), "a redo");
    assert_eq!(redone.events, played.events);
    let abandoned = svc
        .game_act(g.id, &GameAction::Abandon { confirmed: true }, Language::En)
        .unwrap();
    assert_eq!(abandoned, fresh(&svc), "an abandon");
    assert!(abandoned.abandoned);
    let back = svc.game_undo(g.id, Language::En).unwrap();
    assert_eq!(back, fresh(&svc), "the abandon taken back");
    assert!(!back.abandoned);
}

/// Flash the Incendiary (V02) as A's character: fire 6 on the catalog.
fn flash(player: bluemoon::Player) -> EventKind {
    EventKind::CardPlayed {
        player,
        card: CardId::new("vulca-02"),
        area: bluemoon::Area::Combat,
        target: None,
        face_down: false,
        fixes_read: 0,
    }
}

/// The game's stored events (JSON, as written).
fn payloads(svc: &Service, id: i64) -> Vec<String> {
    svc.store
        .events(store::GameId(id))
        .unwrap()
        .into_iter()
        .map(|e| e.payload)
        .collect()
}

/// The issue's race, made to happen: a fix of the card is committed by another front end
/// after this one read the game and the fixes, before its play is written. The play was
/// decided without the fix, says so, and is replayed without it: the game replays to its end.
#[test]
fn a_fix_committed_while_a_play_is_decided_never_breaks_the_game() {
    let (d, mut svc) = svc();
    let mut other = Service::open(d.path().join("data")).unwrap();
    let g = new_game(&mut svc);
    fire(&mut svc, g.id).unwrap();
    let mut ctx = svc.load_game(g.id).unwrap();
    other.fix_card("V02", "type", "leadership").unwrap();
    svc.game_decide(&mut ctx, flash(bluemoon::Player::A))
        .expect("the log did not move: the play is written");
    let v = svc.game_view(g.id).unwrap();
    assert_eq!(v.unreadable, None, "the game replays to its end");
    assert_eq!(
        combat_types(&v),
        vec![(Some("vulca-02".into()), Some("character".into()))]
    );
    assert_eq!(v.players[0].total.fire, 6);
    let stored = payloads(&svc, g.id);
    assert!(
        !stored[2].contains("fixes_read"),
        "no fix was read: {}",
        stored[2]
    );
    // The next play reads the fix, names it, and keeps it: in a new game Flash leads.
    let h = new_game(&mut svc);
    fire(&mut svc, h.id).unwrap();
    let led = svc.game_play(h.id, &play("V02"), Language::En).unwrap();
    assert_eq!(led.players[0].areas.leadership.len(), 1);
    assert!(payloads(&svc, h.id)[2].contains(r#""fixes_read":1"#));
    // Taking the fix back changes neither game.
    other.remove_card_fix("V02", "type").unwrap();
    assert_eq!(
        combat_types(&svc.game_view(g.id).unwrap()),
        combat_types(&v)
    );
    assert_eq!(
        svc.game_view(h.id).unwrap().players[0]
            .areas
            .leadership
            .len(),
        1
    );
}

/// Undo and redo across a fix: Flash played with fire 6, its fire fixed to 1 and then its
/// type, undone twice and redone twice, counts 6 again, and every event is put back exactly
/// as it was stored.
#[test]
fn undo_and_redo_across_a_fix_put_each_play_back_as_it_was_stored() {
    for (fact, value) in [("fire", "1"), ("type", "leadership")] {
        let (_d, mut svc) = svc();
        let g = new_game(&mut svc);
        svc.game_play(g.id, &play("V02"), Language::En).unwrap();
        let chosen = fire(&mut svc, g.id).unwrap();
        assert_eq!(chosen.players[0].total.fire, 6);
        let stored = payloads(&svc, g.id);
        svc.fix_card("V02", fact, value).unwrap();
        svc.game_undo(g.id, Language::En).unwrap();
        svc.game_undo(g.id, Language::En).unwrap();
        svc.game_redo(g.id, Language::En).unwrap();
        let redone = svc.game_redo(g.id, Language::En).unwrap();
        assert_eq!(redone.unreadable, None);
        assert_eq!(redone.players[0].total.fire, 6, "after a fix of {fact}");
        assert_eq!(combat_types(&redone), combat_types(&chosen));
        assert_eq!(payloads(&svc, g.id), stored, "put back exactly");
        assert_eq!(redone.revision, chosen.revision + 4);
        // a new play after the fix reads it (an undo, then Flash played again)
        svc.game_undo(g.id, Language::En).unwrap();
        svc.game_undo(g.id, Language::En).unwrap();
        let again = svc.game_play(g.id, &play("V02"), Language::En).unwrap();
        assert!(payloads(&svc, g.id)[1].contains(r#""fixes_read":1"#));
        if fact == "type" {
            assert_eq!(again.players[0].areas.leadership.len(), 1);
        } else {
            assert_eq!(again.players[0].total.fire, 1);
        }
    }
}
