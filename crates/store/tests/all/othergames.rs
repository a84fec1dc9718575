//! Games of the other kinds: one transaction per write, undo/redo with the outcome, resume list,
//! refusals that write nothing.
#![allow(clippy::unwrap_used)] // test helpers

use store::{NewOtherGame, OtherGameId, OtherKind, Outcome, Side, Store, StoreError};

const SETUP: &str = r#"{"v":1,"type":"setup","starts":"A"}"#;

fn new_game(s: &mut Store, kind: OtherKind, names: [&str; 2]) -> OtherGameId {
    s.create_other_game(&NewOtherGame {
        kind,
        players: [names[0].into(), names[1].into()],
        setup: SETUP.into(),
    })
    .unwrap()
}

/// Appends `payload` at the game's current revision.
fn append_at(
    s: &mut Store,
    g: OtherGameId,
    payload: &str,
    outcome: Outcome,
) -> store::Result<store::Written> {
    let info = s.other_game(g).unwrap();
    s.append(info.game(), info.revision, payload, outcome)
}

fn payloads(s: &Store, g: OtherGameId) -> Vec<String> {
    s.events(s.other_game(g).unwrap().game())
        .unwrap()
        .into_iter()
        .map(|e| e.payload)
        .collect()
}

#[test]
fn a_new_game_holds_its_setup_and_its_players_by_name() {
    let mut s = Store::open_in_memory().unwrap();
    let g = new_game(&mut s, OtherKind::Whi, ["Ann", "Ben"]);
    let info = s.other_game(g).unwrap();
    assert_eq!(info.kind, OtherKind::Whi);
    assert_eq!(info.player_names, ["Ann".to_string(), "Ben".to_string()]);
    assert_eq!(info.events, 1);
    assert_eq!(info.outcome, Outcome::Playing);
    assert_eq!(payloads(&s, g), vec![SETUP.to_string()]);
    // The same person (any case) in a second game is the same player.
    let g2 = new_game(&mut s, OtherKind::Kc, ["ann", "Cleo"]);
    assert_eq!(s.other_game(g2).unwrap().players[0], info.players[0]);
}

#[test]
fn append_undo_redo_walk_the_log_and_keep_the_outcome() {
    let mut s = Store::open_in_memory().unwrap();
    let g = new_game(&mut s, OtherKind::Stccg, ["Ann", "Ben"]);
    assert_eq!(
        append_at(&mut s, g, r#"{"n":1}"#, Outcome::Playing)
            .unwrap()
            .event
            .seq,
        2
    );
    assert_eq!(
        append_at(&mut s, g, r#"{"n":2}"#, Outcome::Won(Side::B))
            .unwrap()
            .event
            .seq,
        3
    );
    assert_eq!(s.other_game(g).unwrap().outcome, Outcome::Won(Side::B));
    assert!(s.list_other_games(true).unwrap().is_empty());

    let undone = s
        .undo(
            s.other_game(g).unwrap().game(),
            s.other_game(g).unwrap().revision,
            Outcome::Playing,
        )
        .unwrap();
    assert_eq!(undone.event.payload, r#"{"n":2}"#);
    let info = s.other_game(g).unwrap();
    assert_eq!(
        (info.events, info.redo, info.outcome),
        (2, 1, Outcome::Playing)
    );
    assert_eq!(s.list_other_games(true).unwrap().len(), 1);

    assert_eq!(
        s.next_redo(s.other_game(g).unwrap().game())
            .unwrap()
            .as_deref(),
        Some(r#"{"n":2}"#)
    );
    assert_eq!(
        s.redo(
            s.other_game(g).unwrap().game(),
            s.other_game(g).unwrap().revision,
            Outcome::Won(Side::B)
        )
        .unwrap()
        .event
        .seq,
        3
    );
    assert_eq!(payloads(&s, g).len(), 3);
    assert_eq!(s.other_game(g).unwrap().outcome, Outcome::Won(Side::B));

    // A new event after an undo clears the redo stack.
    s.undo(
        s.other_game(g).unwrap().game(),
        s.other_game(g).unwrap().revision,
        Outcome::Playing,
    )
    .unwrap();
    append_at(&mut s, g, r#"{"n":3}"#, Outcome::Playing).unwrap();
    assert_eq!(s.next_redo(s.other_game(g).unwrap().game()).unwrap(), None);
    assert_eq!(s.other_game(g).unwrap().redo, 0);
}

#[test]
fn the_setup_is_never_undone_and_an_empty_redo_is_refused() {
    let mut s = Store::open_in_memory().unwrap();
    let g = new_game(&mut s, OtherKind::Kc, ["Ann", "Ben"]);
    assert!(matches!(
        s.undo(
            s.other_game(g).unwrap().game(),
            s.other_game(g).unwrap().revision,
            Outcome::Playing
        ),
        Err(StoreError::NothingToUndo(_))
    ));
    assert!(matches!(
        s.redo(
            s.other_game(g).unwrap().game(),
            s.other_game(g).unwrap().revision,
            Outcome::Playing
        ),
        Err(StoreError::NothingToRedo(_))
    ));
    assert_eq!(payloads(&s, g), vec![SETUP.to_string()]);
}

#[test]
fn a_log_changed_meanwhile_is_refused_and_left_as_it_was() {
    let mut s = Store::open_in_memory().unwrap();
    let g = new_game(&mut s, OtherKind::Whi, ["Ann", "Ben"]);
    // two front ends read the game at the same revision
    let seen = s.other_game(g).unwrap().revision;
    s.append(
        s.other_game(g).unwrap().game(),
        seen,
        r#"{"n":1}"#,
        Outcome::Playing,
    )
    .unwrap();
    let before = (payloads(&s, g), s.other_game(g).unwrap());
    // the second decided on the log before the first one's event: every write is refused
    let stale = [
        s.append(
            s.other_game(g).unwrap().game(),
            seen,
            r#"{"n":2}"#,
            Outcome::Won(Side::A),
        ),
        s.undo(s.other_game(g).unwrap().game(), seen, Outcome::Won(Side::A)),
        s.redo(s.other_game(g).unwrap().game(), seen, Outcome::Won(Side::A)),
    ];
    for r in stale {
        assert!(
            matches!(r, Err(StoreError::Changed { expected, found, .. }) if expected == seen && found == seen + 1),
            "{r:?}"
        );
    }
    assert_eq!((payloads(&s, g), s.other_game(g).unwrap()), before);
    // An undo then a new event leave the same number of events, yet a decision made before
    // them is still refused: the revision moved twice.
    let r1 = s.other_game(g).unwrap().revision;
    s.undo(s.other_game(g).unwrap().game(), r1, Outcome::Playing)
        .unwrap();
    s.append(
        s.other_game(g).unwrap().game(),
        r1 + 1,
        r#"{"n":9}"#,
        Outcome::Playing,
    )
    .unwrap();
    assert_eq!(s.other_game(g).unwrap().events, before.1.events);
    assert!(matches!(
        s.append(
            s.other_game(g).unwrap().game(),
            r1,
            r#"{"n":2}"#,
            Outcome::Playing
        ),
        Err(StoreError::Changed { .. })
    ));
}

#[test]
fn refusals_write_nothing() {
    let mut s = Store::open_in_memory().unwrap();
    let same = s.create_other_game(&NewOtherGame {
        kind: OtherKind::Whi,
        players: ["Ann".into(), "ANN".into()],
        setup: SETUP.into(),
    });
    assert!(matches!(same, Err(StoreError::Invalid { .. })));
    let not_json = s.create_other_game(&NewOtherGame {
        kind: OtherKind::Whi,
        players: ["Ann".into(), "Ben".into()],
        setup: "{setup".into(),
    });
    assert!(matches!(not_json, Err(StoreError::EventNotJson(_))));
    assert!(s.list_other_games(false).unwrap().is_empty());
    assert!(s.players().unwrap().is_empty(), "no player left behind");

    let g = new_game(&mut s, OtherKind::Whi, ["Ann", "Ben"]);
    assert!(s
        .append(
            s.other_game(g).unwrap().game(),
            s.other_game(g).unwrap().revision,
            "not json",
            Outcome::Won(Side::A)
        )
        .is_err());
    assert_eq!(s.other_game(g).unwrap().outcome, Outcome::Playing);
    assert_eq!(s.other_game(g).unwrap().events, 1);
    assert!(matches!(
        s.append(
            store::GameRef::new(store::Game::WarhammerInvasion, 99),
            0,
            r#"{}"#,
            Outcome::Playing
        ),
        Err(StoreError::NotFound { .. })
    ));
}

#[test]
fn the_resume_list_holds_unfinished_games_newest_first() {
    let mut s = Store::open_in_memory().unwrap();
    let g1 = new_game(&mut s, OtherKind::Whi, ["Ann", "Ben"]);
    let g2 = new_game(&mut s, OtherKind::Stccg, ["Ann", "Ben"]);
    let g3 = new_game(&mut s, OtherKind::Kc, ["Ann", "Ben"]);
    append_at(&mut s, g2, r#"{"n":1}"#, Outcome::Tie).unwrap();
    append_at(&mut s, g1, r#"{"n":1}"#, Outcome::Playing).unwrap();
    let open: Vec<_> = s
        .list_other_games(true)
        .unwrap()
        .iter()
        .map(|i| i.id)
        .collect();
    assert_eq!(open, vec![g1, g3]);
    let all: Vec<_> = s
        .list_other_games(false)
        .unwrap()
        .iter()
        .map(|i| i.id)
        .collect();
    assert_eq!(all, vec![g1, g3, g2]);
}

#[test]
fn rulings_seen_are_kept_per_game_marked_once_and_survive_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tablemate.db");
    let (g1, g2) = {
        let mut s = Store::open(&path).unwrap().store;
        let g1 = new_game(&mut s, OtherKind::Whi, ["Ann", "Ben"]);
        let g2 = new_game(&mut s, OtherKind::Kc, ["Ann", "Ben"]);
        assert!(s
            .mark_ruling_seen(s.other_game(g1).unwrap().game(), "whi-faq-en:12")
            .unwrap());
        assert!(s
            .mark_ruling_seen(s.other_game(g1).unwrap().game(), " whi-faq-en:3 ")
            .unwrap());
        assert!(
            !s.mark_ruling_seen(s.other_game(g1).unwrap().game(), "whi-faq-en:12")
                .unwrap(),
            "marking twice is harmless"
        );
        (g1, g2)
    };
    let mut s = Store::open(&path).unwrap().store;
    assert_eq!(
        s.rulings_seen(s.other_game(g1).unwrap().game()).unwrap(),
        vec!["whi-faq-en:12".to_owned(), "whi-faq-en:3".to_owned()]
    );
    assert!(
        s.rulings_seen(s.other_game(g2).unwrap().game())
            .unwrap()
            .is_empty(),
        "per game"
    );
    // Undo does not bring a seen ruling back: it is about the person, not the table.
    append_at(&mut s, g1, r#"{"n":1}"#, Outcome::Playing).unwrap();
    s.undo(
        s.other_game(g1).unwrap().game(),
        s.other_game(g1).unwrap().revision,
        Outcome::Playing,
    )
    .unwrap();
    assert_eq!(
        s.rulings_seen(s.other_game(g1).unwrap().game())
            .unwrap()
            .len(),
        2
    );

    // Refusals write nothing.
    assert!(matches!(
        s.mark_ruling_seen(s.other_game(g2).unwrap().game(), "  "),
        Err(StoreError::Invalid { .. })
    ));
    assert!(matches!(
        s.mark_ruling_seen(s.other_game(g2).unwrap().game(), &"x".repeat(129)),
        Err(StoreError::Invalid { .. })
    ));
    assert!(matches!(
        s.mark_ruling_seen(
            store::GameRef::new(store::Game::WarhammerInvasion, 99),
            "whi-faq-en:1"
        ),
        Err(StoreError::NotFound { .. })
    ));
    assert!(matches!(
        s.rulings_seen(store::GameRef::new(store::Game::WarhammerInvasion, 99)),
        Err(StoreError::NotFound { .. })
    ));
    assert!(s
        .rulings_seen(s.other_game(g2).unwrap().game())
        .unwrap()
        .is_empty());
}

#[test]
fn rulings_seen_go_with_their_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tablemate.db");
    let (g1, g2) = {
        let mut s = Store::open(&path).unwrap().store;
        let g1 = new_game(&mut s, OtherKind::Stccg, ["Ann", "Ben"]);
        let g2 = new_game(&mut s, OtherKind::Stccg, ["Ann", "Ben"]);
        s.mark_ruling_seen(s.other_game(g1).unwrap().game(), "st-1")
            .unwrap();
        s.mark_ruling_seen(s.other_game(g2).unwrap().game(), "st-2")
            .unwrap();
        (g1, g2)
    };
    // No command deletes a game yet; the schema makes sure a log deleted by hand (with its
    // game) leaves nothing behind: its events and seen rulings go with it.
    let c = rusqlite::Connection::open(&path).unwrap();
    c.execute_batch(&format!(
        "PRAGMA foreign_keys = ON;
         CREATE TEMP TABLE gone AS SELECT log_id FROM other_games WHERE id = {g1};
         DELETE FROM other_games WHERE id = {g1};
         DELETE FROM game_logs WHERE id IN (SELECT log_id FROM gone);"
    ))
    .unwrap();
    let left: Vec<(i64, String)> = c
        .prepare(
            "SELECT g.id, s.ruling_id FROM log_rulings_seen s
             JOIN other_games g ON g.log_id = s.log_id",
        )
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    let orphans: i64 = c
        .query_row(
            "SELECT (SELECT COUNT(*) FROM log_rulings_seen) + (SELECT COUNT(*) FROM log_events)
                    - (SELECT COUNT(*) FROM log_events e JOIN other_games g ON g.log_id = e.log_id)
                    - 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(
        orphans, 0,
        "no event or seen ruling of the deleted game is left"
    );
    assert_eq!(left, vec![(g2.0, "st-2".to_owned())]);
}
