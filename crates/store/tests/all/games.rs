//! Games, event logs, undo/redo, matches, records, statistics and card fixes.
#![allow(clippy::unwrap_used)] // test helpers

use store::{GameFilter, GameSummary, NewGame, PlayerId, Side, Store, StoreError, MAX_EVENT_BYTES};

fn two_players(store: &mut Store) -> [PlayerId; 2] {
    [
        store.add_player("Anna").unwrap(),
        store.add_player("Ben").unwrap(),
    ]
}

fn game(store: &mut Store, players: [PlayerId; 2], people: [&str; 2]) -> store::GameId {
    store
        .create_game(&NewGame {
            players,
            people: [people[0].into(), people[1].into()],
            first: None,
            match_id: None,
        })
        .unwrap()
}

fn summary(winner: Side, crystals: u8, people: [&str; 2], fights: u32) -> GameSummary {
    GameSummary {
        winner,
        people: [people[0].into(), people[1].into()],
        crystals,
        dragons: crystals - 1,
        fights,
        wins_match: false,
    }
}

#[test]
fn events_are_numbered_in_order_and_undo_redo_walk_the_log() {
    let mut s = Store::open_in_memory().unwrap();
    let p = two_players(&mut s);
    let g = game(&mut s, p, ["Vulca", "Hoax"]);
    for (play, seq) in [("V1", 1), ("H2", 2), ("V3", 3)] {
        let rev = s.game(g).unwrap().revision;
        let payload = format!(r#"{{"play":"{play}"}}"#);
        let written = s.append(g, rev, &payload, store::Outcome::Playing);
        assert_eq!(written.unwrap().event.seq, seq);
    }
    let undone = s
        .undo(g, s.game(g).unwrap().revision, store::Outcome::Playing)
        .unwrap();
    assert_eq!(
        (undone.event.seq, undone.event.payload.as_str()),
        (3, r#"{"play":"V3"}"#)
    );
    s.undo(g, s.game(g).unwrap().revision, store::Outcome::Playing)
        .unwrap();
    assert_eq!(s.redo_depth(g).unwrap(), 2);
    assert_eq!(
        s.redo(g, s.game(g).unwrap().revision, store::Outcome::Playing)
            .unwrap()
            .event
            .seq,
        2,
        "redo re-appends the most recently undone event"
    );
    let payloads: Vec<String> = s
        .events(g)
        .unwrap()
        .into_iter()
        .map(|e| e.payload)
        .collect();
    assert_eq!(payloads, vec![r#"{"play":"V1"}"#, r#"{"play":"H2"}"#]);
    assert_eq!(s.redo_depth(g).unwrap(), 1);
    // a new event clears the redo stack
    s.append(
        g,
        s.game(g).unwrap().revision,
        r#"{"play":"X"}"#,
        store::Outcome::Playing,
    )
    .unwrap();
    assert!(matches!(
        s.redo(g, s.game(g).unwrap().revision, store::Outcome::Playing),
        Err(StoreError::NothingToRedo(_))
    ));
    for _ in 0..2 {
        s.undo(g, s.game(g).unwrap().revision, store::Outcome::Playing)
            .unwrap();
    }
    // the first event (the set-up) is never taken back
    assert!(matches!(
        s.undo(g, s.game(g).unwrap().revision, store::Outcome::Playing),
        Err(StoreError::NothingToUndo(_))
    ));
    assert_eq!(s.events(g).unwrap().len(), 1);
}

#[test]
fn bad_events_are_refused_and_change_nothing() {
    let mut s = Store::open_in_memory().unwrap();
    let p = two_players(&mut s);
    let g = game(&mut s, p, ["Vulca", "Hoax"]);
    s.append(
        g,
        s.game(g).unwrap().revision,
        "{}",
        store::Outcome::Playing,
    )
    .unwrap();
    assert!(matches!(
        s.append(
            g,
            s.game(g).unwrap().revision,
            "{not json",
            store::Outcome::Playing
        ),
        Err(StoreError::EventNotJson(_))
    ));
    let huge = format!("\"{}\"", "x".repeat(MAX_EVENT_BYTES));
    assert!(matches!(
        s.append(
            g,
            s.game(g).unwrap().revision,
            &huge,
            store::Outcome::Playing
        ),
        Err(StoreError::Invalid { .. })
    ));
    assert!(matches!(
        s.append(store::GameId(999), 0, "{}", store::Outcome::Playing),
        Err(StoreError::NotFound {
            what: "game",
            id: 999
        })
    ));
    assert_eq!(s.events(g).unwrap().len(), 1);
}

#[test]
fn a_finished_game_is_read_only_and_bad_summaries_are_refused() {
    let mut s = Store::open_in_memory().unwrap();
    let p = two_players(&mut s);
    let g = game(&mut s, p, ["Vulca", "Hoax"]);
    s.append(g, s.game(g).unwrap().revision, "1", store::Outcome::Playing)
        .unwrap();
    let bad = GameSummary {
        crystals: 8,
        ..summary(Side::A, 2, ["Vulca", "Hoax"], 3)
    };
    assert!(matches!(
        s.finish_game(g, s.game(g).unwrap().revision, &bad),
        Err(StoreError::Invalid {
            field: "crystals",
            ..
        })
    ));
    assert!(
        s.game(g).unwrap().result.is_none(),
        "a refused summary changes nothing"
    );
    s.finish_game(
        g,
        s.game(g).unwrap().revision,
        &summary(Side::A, 3, ["Vulca", "Hoax"], 4),
    )
    .unwrap();
    assert!(matches!(
        s.append(g, s.game(g).unwrap().revision, "2", store::Outcome::Playing),
        Err(StoreError::GameFinished(_))
    ));
    assert!(matches!(
        s.undo(g, s.game(g).unwrap().revision, store::Outcome::Playing),
        Err(StoreError::GameFinished(_))
    ));
    let info = s.game(g).unwrap();
    let result = info.result.unwrap();
    assert_eq!(
        (result.winner, result.crystals, result.fights),
        (Side::A, 3, 4)
    );
    assert_eq!(info.events, 1, "the log is kept");
}

/// The store records a match's games and its end; what they mean (five crystals end it, the
/// loser starts the next game) is `bluemoon::matches`' decision, asked here as the service does.
#[test]
fn a_match_goes_to_five_crystals_and_the_loser_starts_the_next_game() {
    use bluemoon::matches::standing;
    let mut s = Store::open_in_memory().unwrap();
    let p = two_players(&mut s);
    let m = s.new_match(p, Side::B, None).unwrap();
    let new = |first| NewGame {
        players: p,
        people: ["Vulca".into(), "Hoax".into()],
        first: Some(first),
        match_id: Some(m),
    };
    let rules = |s: &Store| {
        let st = s.match_status(m).unwrap();
        standing(st.target.into(), st.first, &st.ends)
    };
    // the rules: what the match stands at once `game` is won as `summary` says
    let finish = |s: &mut Store, game, mut summary: GameSummary| {
        let st = s.match_status(m).unwrap();
        let mut ends = st.ends.clone();
        ends.pop();
        ends.push(store::GameEnd::Won {
            winner: summary.winner,
            crystals: summary.crystals.into(),
        });
        summary.wins_match = standing(st.target.into(), st.first, &ends).is_over();
        let rev = s.game(game).unwrap().revision;
        s.finish_game(game, rev, &summary).unwrap()
    };
    assert!(
        matches!(
            s.create_game(&NewGame {
                first: None,
                ..new(Side::A)
            }),
            Err(StoreError::Invalid {
                field: "first player",
                ..
            })
        ),
        "a match's game is recorded with the starter the rules chose"
    );
    let g1 = s.create_game(&new(rules(&s).next_starter)).unwrap();
    assert_eq!(
        s.game(g1).unwrap().first,
        Side::B,
        "the match's chosen first player"
    );
    assert!(matches!(
        s.create_game(&new(Side::B)),
        Err(StoreError::Conflict(_))
    ));
    let st = finish(&mut s, g1, summary(Side::A, 3, ["Vulca", "Hoax"], 5));
    let st = st.match_status.unwrap();
    assert_eq!(
        (st.crystals_of(Side::A), st.finished, rules(&s).next_starter),
        (3, false, Side::B),
        "B lost, so B starts"
    );
    let g2 = s.create_game(&new(Side::B)).unwrap();
    finish(&mut s, g2, summary(Side::B, 4, ["Vulca", "Hoax"], 6));
    assert_eq!(rules(&s).next_starter, Side::A);
    let g3 = s.create_game(&new(rules(&s).next_starter)).unwrap();
    assert_eq!(s.game(g3).unwrap().first, Side::A);
    let st = finish(&mut s, g3, summary(Side::A, 2, ["Vulca", "Hoax"], 2));
    let st = st.match_status.unwrap();
    assert_eq!(
        (
            [st.crystals_of(Side::A), st.crystals_of(Side::B)],
            st.finished,
            st.winner
        ),
        ([5, 4], true, Some(Side::A))
    );
    assert!(matches!(
        s.create_game(&new(Side::B)),
        Err(StoreError::MatchFinished(_))
    ));
    assert!(s.list_matches(true).unwrap().is_empty());
    assert_eq!(s.list_matches(false).unwrap().len(), 1);
    let rec = s.player_record(p[0]).unwrap();
    assert_eq!(
        (rec.games_played, rec.games_won, rec.crystals_won),
        (3, 2, 5)
    );
    assert_eq!((rec.matches_played, rec.matches_won), (1, 1));
}

#[test]
fn games_list_unfinished_first_and_filter() {
    let mut s = Store::open_in_memory().unwrap();
    let p = two_players(&mut s);
    let c = s.add_player("Cleo").unwrap();
    let done = game(&mut s, p, ["Vulca", "Hoax"]);
    s.finish_game(
        done,
        s.game(done).unwrap().revision,
        &summary(Side::A, 2, ["Vulca", "Hoax"], 3),
    )
    .unwrap();
    let open1 = game(&mut s, p, ["Mimix", "Flit"]);
    let open2 = game(&mut s, [p[0], c], ["Khind", "Aqua"]);
    let all: Vec<_> = s
        .list_games(&GameFilter::default())
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(all, vec![open2, open1, done]);
    let unfinished = GameFilter {
        finished: Some(false),
        ..Default::default()
    };
    assert_eq!(s.list_games(&unfinished).unwrap().len(), 2);
    let cleo = GameFilter {
        player: Some(c),
        ..Default::default()
    };
    assert_eq!(s.list_games(&cleo).unwrap()[0].id, open2);
    let hoax = GameFilter {
        people: Some("hoax".into()),
        ..Default::default()
    };
    assert_eq!(s.list_games(&hoax).unwrap()[0].id, done);
    let page = GameFilter {
        limit: Some(1),
        offset: Some(1),
        ..Default::default()
    };
    assert_eq!(s.list_games(&page).unwrap()[0].id, open1);
}

#[test]
fn statistics_count_win_rates_per_people_and_matchup() {
    let mut s = Store::open_in_memory().unwrap();
    let p = two_players(&mut s);
    for (winner, crystals, fights) in [(Side::A, 2, 4), (Side::A, 4, 6), (Side::B, 3, 5)] {
        let g = game(&mut s, p, ["Vulca", "Hoax"]);
        s.finish_game(
            g,
            s.game(g).unwrap().revision,
            &summary(winner, crystals, ["Vulca", "Hoax"], fights),
        )
        .unwrap();
    }
    let g = game(&mut s, [p[1], p[0]], ["Aqua", "Hoax"]);
    s.finish_game(
        g,
        s.game(g).unwrap().revision,
        &summary(Side::B, 1, ["Aqua", "Hoax"], 1),
    )
    .unwrap();
    let st = s.statistics(None).unwrap();
    assert_eq!(st.games, 4);
    assert!((st.average_crystals - 2.5).abs() < 1e-9);
    assert!((st.average_fights - 4.0).abs() < 1e-9);
    let hoax = st.by_people.iter().find(|x| x.people == "Hoax").unwrap();
    assert_eq!((hoax.games, hoax.wins), (4, 2));
    let hv = st
        .by_matchup
        .iter()
        .find(|m| m.opponent == "Vulca")
        .unwrap();
    assert_eq!((hv.people.as_str(), hv.games, hv.wins), ("Hoax", 3, 1));
    // one player's view counts only their own people
    let ben = s.statistics(Some(p[1])).unwrap();
    let ben_hoax = ben.by_people.iter().find(|x| x.people == "Hoax").unwrap();
    assert_eq!((ben_hoax.games, ben_hoax.wins), (3, 1));
    assert!(ben.by_people.iter().all(|x| x.people != "Vulca"));
}

#[test]
fn players_are_unique_by_name_and_bad_names_are_refused() {
    let mut s = Store::open_in_memory().unwrap();
    s.add_player("Anna").unwrap();
    assert!(matches!(
        s.add_player(" anna "),
        Err(StoreError::Conflict(_))
    ));
    assert!(matches!(
        s.add_player("   "),
        Err(StoreError::Invalid { .. })
    ));
    assert!(matches!(
        s.add_player(&"x".repeat(101)),
        Err(StoreError::Invalid { .. })
    ));
    assert!(matches!(
        s.add_player("a\u{0}b"),
        Err(StoreError::Invalid { .. })
    ));
    assert_eq!(s.players().unwrap().len(), 1);
    let again = s.player_named("ANNA").unwrap();
    assert_eq!(s.player(again).unwrap().name, "Anna");
}

#[test]
fn card_fixes_newest_wins_history_kept_null_withdraws() {
    let mut s = Store::open_in_memory().unwrap();
    s.add_card_fix("vulca-07", "fire", "4").unwrap();
    s.add_card_fix("vulca-07", "fire", "5").unwrap();
    s.add_card_fix("hoax-01", "earth", "2").unwrap();
    assert!(s.add_card_fix("hoax-01", "earth", "nope").is_err());
    let now = s.card_fixes().unwrap();
    assert_eq!(now.len(), 2);
    let v = now.iter().find(|f| f.card_id == "vulca-07").unwrap();
    assert_eq!(v.value_json, "5");
    s.add_card_fix("vulca-07", "fire", "null").unwrap();
    assert!(s
        .card_fixes()
        .unwrap()
        .iter()
        .all(|f| f.card_id != "vulca-07"));
    let history: Vec<String> = s
        .card_fix_history("vulca-07")
        .unwrap()
        .into_iter()
        .map(|f| f.value_json)
        .collect();
    assert_eq!(history, vec!["4", "5", "null"]);
}

#[test]
fn card_fixes_of_one_card_are_stored_together_or_not_at_all() {
    let mut s = Store::open_in_memory().unwrap();
    // the second value is refused: the first is not stored either
    assert!(s
        .add_card_fixes("vulca-07", &[("fire", "4"), ("earth", "nope")])
        .is_err());
    assert!(s.card_fixes().unwrap().is_empty());
    let ids = s
        .add_card_fixes("vulca-07", &[("fire", "4"), ("earth", "2")])
        .unwrap();
    assert_eq!(ids.len(), 2);
    let facts: Vec<(String, String)> = s
        .card_fixes()
        .unwrap()
        .into_iter()
        .map(|f| (f.fact, f.value_json))
        .collect();
    assert_eq!(
        facts,
        vec![("earth".into(), "2".into()), ("fire".into(), "4".into())]
    );
}

#[test]
fn rulings_seen_are_kept_per_game_and_survive_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tablemate.db");
    let (g1, g2) = {
        let mut s = Store::open(&path).unwrap().store;
        let p = two_players(&mut s);
        let g1 = game(&mut s, p, ["Vulca", "Hoax"]);
        let g2 = game(&mut s, p, ["Flit", "Mimix"]);
        assert!(s.mark_ruling_seen(g1, "bm-faq-en:12").unwrap());
        assert!(s.mark_ruling_seen(g1, "bm-faq-de:3").unwrap());
        assert!(
            !s.mark_ruling_seen(g1, "bm-faq-en:12").unwrap(),
            "marked once"
        );
        (g1, g2)
    };
    let mut s = Store::open(&path).unwrap().store;
    assert_eq!(
        s.rulings_seen(g1).unwrap(),
        vec!["bm-faq-en:12".to_string(), "bm-faq-de:3".to_string()]
    );
    assert!(
        s.rulings_seen(g2).unwrap().is_empty(),
        "another game's marks"
    );

    // Bad input changes nothing.
    assert!(matches!(
        s.mark_ruling_seen(g1, "  "),
        Err(StoreError::Invalid { .. })
    ));
    assert!(matches!(
        s.mark_ruling_seen(g1, &"x".repeat(129)),
        Err(StoreError::Invalid { .. })
    ));
    assert!(s
        .mark_ruling_seen(store::GameId(999), "bm-faq-en:1")
        .is_err());
    assert!(s.rulings_seen(store::GameId(999)).is_err());
    s.finish_game(
        g2,
        s.game(g2).unwrap().revision,
        &summary(Side::A, 2, ["Flit", "Mimix"], 3),
    )
    .unwrap();
    assert!(matches!(
        s.mark_ruling_seen(g2, "bm-faq-en:1"),
        Err(StoreError::GameFinished(_))
    ));
    assert_eq!(s.rulings_seen(g1).unwrap().len(), 2);
}

const ABANDON: &str = r#"{"v":1,"type":"game_abandoned"}"#;

#[test]
fn an_abandoned_game_frees_its_match_scores_nothing_and_is_undoable_until_the_match_goes_on() {
    let mut s = Store::open_in_memory().unwrap();
    let p = two_players(&mut s);
    let m = s.new_match(p, Side::B, None).unwrap();
    let new = || NewGame {
        players: p,
        people: ["Vulca".into(), "Hoax".into()],
        first: Some(Side::B),
        match_id: Some(m),
    };
    let g1 = s.create_game(&new()).unwrap();
    s.append(
        g1,
        s.game(g1).unwrap().revision,
        r#"{"v":1,"type":"setup","starts":"B"}"#,
        store::Outcome::Playing,
    )
    .unwrap();
    s.append(
        g1,
        s.game(g1).unwrap().revision,
        ABANDON,
        store::Outcome::Tie,
    )
    .unwrap();
    let info = s.game(g1).unwrap();
    assert!(!info.is_open() && info.result.is_none() && info.abandoned_at.is_some());
    let st = s.match_status(m).unwrap();
    let rules = bluemoon::matches::standing(st.target.into(), st.first, &st.ends);
    assert_eq!(
        (st.unfinished_game, st.ends.clone(), st.finished),
        (None, vec![store::GameEnd::Abandoned], false),
    );
    assert_eq!(
        (rules.crystals, rules.next_starter),
        ([0, 0], Side::B),
        "no crystals; its starter starts the next game"
    );
    // Nothing more is logged in it, and it cannot be finished with a result.
    assert!(matches!(
        s.append(
            g1,
            s.game(g1).unwrap().revision,
            ABANDON,
            store::Outcome::Playing
        ),
        Err(StoreError::GameAbandoned(_))
    ));
    assert!(matches!(
        s.finish_game(
            g1,
            s.game(g1).unwrap().revision,
            &summary(Side::A, 3, ["Vulca", "Hoax"], 1)
        ),
        Err(StoreError::GameAbandoned(_))
    ));
    assert!(s
        .list_games(&GameFilter {
            finished: Some(false),
            ..GameFilter::default()
        })
        .unwrap()
        .is_empty());
    assert_eq!(s.player_record(p[0]).unwrap().unfinished_games, 0);
    assert_eq!(s.statistics(None).unwrap().games, 0);

    // Undo takes the abandoning event back and the game is open again; redo abandons again.
    let undone = s
        .undo(g1, s.game(g1).unwrap().revision, store::Outcome::Playing)
        .unwrap();
    assert_eq!(undone.event.payload, ABANDON);
    assert!(s.game(g1).unwrap().is_open());
    assert_eq!(s.match_status(m).unwrap().unfinished_game, Some(g1));
    assert_eq!(s.next_redo(g1).unwrap().as_deref(), Some(ABANDON));
    s.redo(g1, s.game(g1).unwrap().revision, store::Outcome::Tie)
        .unwrap();
    assert!(s.game(g1).unwrap().abandoned_at.is_some());
    assert_eq!(s.events(g1).unwrap().len(), 2);

    // The match takes a new game; from then on the abandoned one stays as it is.
    let g2 = s.create_game(&new()).unwrap();
    assert_eq!(s.game(g2).unwrap().first, Side::B);
    assert!(matches!(
        s.undo(g1, s.game(g1).unwrap().revision, store::Outcome::Playing),
        Err(StoreError::GameAbandoned(_))
    ));
    assert_eq!(
        s.events(g1).unwrap().len(),
        2,
        "the refused undo kept the log"
    );
}

#[test]
fn a_write_decided_on_an_older_revision_is_refused_and_writes_nothing() {
    let mut s = Store::open_in_memory().unwrap();
    let p = two_players(&mut s);
    let g = s
        .start_game(
            &NewGame {
                players: p,
                people: ["Vulca".into(), "Hoax".into()],
                first: None,
                match_id: None,
            },
            r#"{"setup":true}"#,
        )
        .unwrap();
    // started with its set-up in one transaction
    assert_eq!(s.events(g).unwrap().len(), 1);
    let seen = s.game(g).unwrap().revision;
    s.append(g, seen, r#"{"play":"V1"}"#, store::Outcome::Playing)
        .unwrap();
    let before = (
        s.events(g).unwrap(),
        s.game(g).unwrap(),
        s.redo_depth(g).unwrap(),
    );
    let changed = |r: Result<(), StoreError>| matches!(r, Err(StoreError::Changed { expected, found, .. }) if expected == seen && found == seen + 1);
    assert!(changed(
        s.append(g, seen, r#"{"pass":"A"}"#, store::Outcome::Playing)
            .map(|_| ())
    ));
    assert!(changed(
        s.undo(g, seen, store::Outcome::Playing).map(|_| ())
    ));
    assert!(changed(
        s.redo(g, seen, store::Outcome::Playing).map(|_| ())
    ));
    assert!(changed(
        s.append(g, seen, r#"{"abandoned":true}"#, store::Outcome::Tie)
            .map(|_| ())
    ));
    assert!(changed(
        s.finish_game(g, seen, &summary(Side::A, 2, ["Vulca", "Hoax"], 3))
            .map(|_| ())
    ));
    assert_eq!(
        (
            s.events(g).unwrap(),
            s.game(g).unwrap(),
            s.redo_depth(g).unwrap()
        ),
        before,
        "nothing was written"
    );
    // Undo, then a new event: as many events as before, but two changes later.
    let now = s.game(g).unwrap().revision;
    s.undo(g, now, store::Outcome::Playing).unwrap();
    s.append(g, now + 1, r#"{"play":"V2"}"#, store::Outcome::Playing)
        .unwrap();
    assert_eq!(s.events(g).unwrap().len(), before.0.len());
    assert!(matches!(
        s.append(g, now, r#"{"play":"V3"}"#, store::Outcome::Playing),
        Err(StoreError::Changed { .. })
    ));
}

#[test]
fn a_game_no_engine_event_can_extend_is_abandoned_as_it_is() {
    let mut s = Store::open_in_memory().unwrap();
    let p = two_players(&mut s);
    let g = game(&mut s, p, ["Vulca", "Hoax"]);
    s.append(g, 0, r#"{"setup":true}"#, store::Outcome::Playing)
        .unwrap();
    let r = s.game(g).unwrap().revision;
    assert!(matches!(
        s.abandon_game_as_is(g, r - 1),
        Err(StoreError::Changed { .. })
    ));
    s.abandon_game_as_is(g, r).unwrap();
    let info = s.game(g).unwrap();
    assert!(info.abandoned_at.is_some());
    assert_eq!(info.revision, r + 1);
    assert_eq!(s.events(g).unwrap().len(), 1, "the log is kept as it is");
    assert!(matches!(
        s.abandon_game_as_is(g, r + 1),
        Err(StoreError::GameAbandoned(_))
    ));
}

/// A Blue Moon game's outcome in the one log record (schema 11) is its recorded result: playing,
/// then no winner when abandoned, playing again when that is undone, the winner once finished.
#[test]
fn the_log_records_a_blue_moon_games_outcome_with_its_result() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tablemate.db");
    let mut s = Store::open(&path).unwrap().store;
    let p = two_players(&mut s);
    let g = game(&mut s, p, ["Vulca", "Hoax"]);
    let c = rusqlite::Connection::open(&path).unwrap();
    let outcome = |c: &rusqlite::Connection| -> String {
        c.query_row(
            "SELECT l.outcome FROM games g JOIN game_logs l ON l.id = g.log_id WHERE g.id = ?1",
            [g.0],
            |r| r.get(0),
        )
        .unwrap()
    };
    let rev = |s: &Store| s.game(g).unwrap().revision;
    s.append(g, rev(&s), r#"{"setup":1}"#, store::Outcome::Playing)
        .unwrap();
    s.append(g, rev(&s), r#"{"play":1}"#, store::Outcome::Playing)
        .unwrap();
    assert_eq!(outcome(&c), "playing");
    s.append(g, rev(&s), r#"{"abandoned":true}"#, store::Outcome::Tie)
        .unwrap();
    assert_eq!(outcome(&c), "tie");
    s.undo(g, rev(&s), store::Outcome::Playing).unwrap();
    assert_eq!(outcome(&c), "playing");
    s.finish_game(g, rev(&s), &summary(Side::B, 2, ["Vulca", "Hoax"], 3))
        .unwrap();
    assert_eq!(outcome(&c), "won_b");
}

/// The store's own revision guard, apart from the service's (which checks first): two
/// connections on one file, in two threads, each reading the game's revision and then
/// appending, undoing or redoing with it, as fast as they can. The check runs inside the
/// write's transaction, so each revision is written on at most once: every write that went
/// through named a different revision, the others were refused as changed and wrote nothing,
/// and the revision is the start plus the writes.
#[test]
fn a_stale_append_undo_or_redo_is_refused_inside_the_stores_transaction() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tablemate.db");
    let (g, start) = {
        let mut s = Store::open(&path).unwrap().store;
        let p = two_players(&mut s);
        let g = s
            .start_game(
                &NewGame {
                    players: p,
                    people: ["Vulca".into(), "Hoax".into()],
                    first: None,
                    match_id: None,
                },
                r#"{"setup":true}"#,
            )
            .unwrap();
        (g, s.game(g).unwrap().revision)
    };
    let writers: Vec<_> = (0..2u32)
        .map(|w| {
            let path = path.clone();
            std::thread::spawn(move || {
                let mut s = Store::open(&path).unwrap().store;
                let (mut wrote, mut changed) = (Vec::new(), 0u32);
                for i in 0..300u32 {
                    let seen = s.game(g).unwrap().revision;
                    let r = match (i + w) % 3 {
                        0 => s
                            .append(g, seen, r#"{"play":1}"#, store::Outcome::Playing)
                            .map(|_| ()),
                        1 => s.undo(g, seen, store::Outcome::Playing).map(|_| ()),
                        _ => s.redo(g, seen, store::Outcome::Playing).map(|_| ()),
                    };
                    match r {
                        Ok(()) => wrote.push(seen),
                        Err(StoreError::Changed { expected, .. }) => {
                            assert_eq!(expected, seen);
                            changed += 1;
                        }
                        Err(StoreError::NothingToUndo(_) | StoreError::NothingToRedo(_)) => {}
                        Err(e) => panic!("{e}"),
                    }
                }
                (wrote, changed)
            })
        })
        .collect();
    let mut wrote = Vec::new();
    let mut changed = 0;
    for w in writers {
        let (mine, refused) = w.join().unwrap();
        wrote.extend(mine);
        changed += refused;
    }
    let s = Store::open(&path).unwrap().store;
    let end = s.game(g).unwrap().revision;
    assert_eq!(end, start + u32::try_from(wrote.len()).unwrap());
    wrote.sort_unstable();
    let all = wrote.len();
    wrote.dedup();
    assert_eq!(wrote.len(), all, "a revision was written on twice");
    assert!(
        changed > 0,
        "the two writers never met: the race was not run"
    );
    eprintln!("{all} writes, {changed} refused as changed meanwhile");
}

/// A game played away from the table is recorded into its match with the match as read (who
/// starts it, whether it ends the match, were decided on it): one recorded into the match since
/// makes the write "changed meanwhile", and nothing is written.
#[test]
fn a_game_played_away_is_not_recorded_into_a_match_that_moved_meanwhile() {
    let mut s = Store::open_in_memory().unwrap();
    let p = two_players(&mut s);
    let m = s.new_match(p, Side::A, None).unwrap();
    let won = |winner| GameSummary {
        winner,
        people: ["Vulca".into(), "Hoax".into()],
        crystals: 2,
        dragons: 1,
        fights: 12,
        wins_match: false,
    };
    let seen = s.match_status(m).unwrap();
    let people = ["Vulca".to_owned(), "Hoax".to_owned()];
    let first = s
        .record_match_game(&seen, &people, Side::A, &won(Side::A))
        .unwrap();
    // a second window decided on the match before that game: refused, nothing written
    let refused = s
        .record_match_game(&seen, &people, Side::A, &won(Side::B))
        .unwrap_err();
    assert!(
        matches!(refused, StoreError::MatchChanged { match_id } if match_id == m.0),
        "{refused:?}"
    );
    let now = s.match_status(m).unwrap();
    assert_eq!(now.games, vec![first]);
    assert_eq!(now.crystals_of(Side::B), 0);
    // decided on the match as it now is: recorded
    let second = s
        .record_match_game(&now, &people, Side::B, &won(Side::B))
        .unwrap();
    assert_eq!(s.match_status(m).unwrap().games, vec![first, second]);
}
