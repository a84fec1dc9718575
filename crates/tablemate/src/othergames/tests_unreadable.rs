//! A stored log of another game that this version cannot replay to its end (an older
//! release's number beyond today's limits) still opens, as it stood before the event it
//! refuses; only undo writes, and takes it back.
use super::tests::Act;
use super::*;

#[test]
fn a_log_beyond_todays_limits_opens_before_the_event_and_can_be_undone() {
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path().join("data")).unwrap();
    let g = svc
        .other_new(
            &NewOtherGameRequest {
                kind: OtherGameKind::Whi,
                player_a: "Ann".into(),
                player_b: "Ben".into(),
                deck_a: None,
                deck_b: None,
                first: Some(Seat::A),
                hit_points: None,
            },
            Language::En,
        )
        .unwrap();
    // An amount no player can type today, as an older release stored it.
    let gid = store::OtherGameId(g.id);
    let info = svc.store.other_game(gid).unwrap();
    svc.store
        .append(
            svc.store.other_game(gid).unwrap().game(),
            info.revision,
            r#"{"v":1,"type":"resources_gained","player":"A","amount":4294967295}"#,
            store::Outcome::Playing,
        )
        .unwrap();
    let view = svc
        .other_view(g.id, Language::De)
        .expect("a stored game always opens");
    let why = view.unreadable.clone().expect("it says why");
    assert!(why.starts_with("Ereignis 2 dieses Spiels"), "{why}");
    assert!(why.contains("Ann"), "names the player: {why}");
    assert!(view.can_undo);
    let act: OtherAction = serde_json::from_value(serde_json::json!({
        "game": "whi", "event": {"type": "turn_ended", "player": "A"}
    }))
    .unwrap();
    let err = svc.other_act(g.id, &act, Language::En).unwrap_err();
    assert!(
        err.message.starts_with("Event 2 of this game"),
        "{}",
        err.message
    );
    assert_eq!(
        svc.store.other_game(gid).unwrap().events,
        2,
        "nothing written"
    );
    let undone = svc
        .other_undo(super::tests::at(g.kind, g.id).into(), Language::En)
        .unwrap();
    assert!(undone.unreadable.is_none());
    assert_eq!(undone.history.len(), 1);
    svc.other_act(g.id, &act, Language::En)
        .expect("the game goes on");
}

#[test]
fn the_table_after_a_move_is_the_stored_games_table() {
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path().join("data")).unwrap();
    for kind in [OtherGameKind::Whi, OtherGameKind::Stccg, OtherGameKind::Kc] {
        let g = svc
            .other_new(
                &NewOtherGameRequest {
                    kind,
                    player_a: "Ann".into(),
                    player_b: "Ben".into(),
                    deck_a: None,
                    deck_b: None,
                    first: Some(Seat::A),
                    hit_points: None,
                },
                Language::De,
            )
            .unwrap();
        let game = match kind {
            OtherGameKind::Whi => "whi",
            OtherGameKind::Stccg => "stccg",
            OtherGameKind::Kc => "kc",
        };
        let act: OtherAction = serde_json::from_value(serde_json::json!({
            "game": game, "event": {"type": "turn_ended", "player": "A"}
        }))
        .unwrap();
        // built from the state in memory after the write, it equals a fresh read and replay
        let after = svc.other_act(g.id, &act, Language::De).unwrap();
        assert_eq!(
            after,
            svc.other_view(g.id, Language::De).unwrap(),
            "{kind:?}"
        );
        assert_eq!(after.revision, g.revision + 1);
        assert_eq!(after.history.len(), 2);
    }
}

#[test]
fn the_table_after_an_undo_or_a_redo_is_the_stored_games_table() {
    let (_d, mut svc) = super::tests::svc();
    for (kind, game) in [
        (OtherGameKind::Whi, "whi"),
        (OtherGameKind::Stccg, "stccg"),
        (OtherGameKind::Kc, "kc"),
    ] {
        let id = super::tests::new(&mut svc, kind);
        let act: OtherAction = serde_json::from_value(serde_json::json!({
            "game": game, "event": {"type": "turn_ended", "player": "A"}
        }))
        .unwrap();
        let moved = svc.other_act(id, &act, Language::En).unwrap();
        let undone = svc
            .other_undo(super::tests::at(kind, id).into(), Language::En)
            .unwrap();
        let fresh = |svc: &Service| svc.other_view(id, Language::En).unwrap();
        assert_eq!(undone, fresh(&svc), "{kind:?}");
        assert_eq!((undone.history.len(), undone.can_redo), (1, true));
        let redone = svc
            .other_redo(super::tests::at(kind, id).into(), Language::En)
            .unwrap();
        assert_eq!(redone, fresh(&svc), "{kind:?}");
        assert_eq!(redone.table, moved.table);
        assert_eq!(redone.revision, moved.revision + 2);
    }
}
