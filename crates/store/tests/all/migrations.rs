//! Databases written by every earlier schema version, with data in them, open in this version:
//! a backup is written first, nothing is lost, and a failed migration changes nothing.
#![allow(clippy::unwrap_used)] // test helpers

use std::path::Path;

use rusqlite::Connection;
use store::{schema, GameId, MatchId, OtherGameId, OtherKind, Outcome, Side, Store, StoreError};

/// Builds a database exactly as the releases up to schema `version` would have: each
/// version's migration (its SQL as that release ran it), then the data a release of that
/// version wrote with its columns, and so on up to `version`.
fn database_at(path: &Path, version: usize) {
    let c = Connection::open(path).unwrap();
    c.execute_batch("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;")
        .unwrap();
    let mut at = 0;
    // the schema of version `v` (at most `version`), reached from where the file is
    let mut reach = |c: &Connection, v: usize| {
        while at < v.min(version) {
            c.execute_batch(schema::VERSIONS[at]).unwrap();
            at += 1;
        }
    };
    if version >= 1 {
        reach(&c, 1);
        c.execute_batch(
            r#"
            INSERT INTO players (id, name, created_at) VALUES
                (1, 'Anna', '2026-01-01T10:00:00.000000Z'),
                (2, 'Ben',  '2026-01-01T10:00:00.000000Z');
            INSERT INTO matches (id, player_a, player_b, target_crystals, created_at)
                VALUES (1, 1, 2, 5, '2026-01-01T10:00:00.000000Z');
            INSERT INTO games (id, match_id, player_a, player_b, people_a, people_b, first_player,
                               created_at, updated_at, finished_at, winner, crystals, dragons, fights)
                VALUES (1, 1, 1, 2, 'Vulca', 'Hoax', 'A', '2026-01-01T10:00:00.000000Z',
                        '2026-01-01T11:00:00.000000Z', '2026-01-01T11:00:00.000000Z', 'B', 3, 2, 6);
            INSERT INTO games (id, match_id, player_a, player_b, people_a, people_b, first_player,
                               created_at, updated_at)
                VALUES (2, 1, 1, 2, 'Vulca', 'Hoax', 'A', '2026-01-01T11:05:00.000000Z',
                        '2026-01-01T11:06:00.000000Z');
            INSERT INTO game_events (game_id, seq, payload, created_at) VALUES
                (2, 1, '{"play":"V1"}', '2026-01-01T11:05:01.000000Z'),
                (2, 2, '{"play":"H7"}', '2026-01-01T11:05:02.000000Z');
            INSERT INTO game_redo (game_id, depth, payload) VALUES (2, 1, '{"play":"V9"}');
            "#,
        )
        .unwrap();
    }
    if version >= 2 {
        reach(&c, 2);
        c.execute_batch(
            r#"
            UPDATE matches SET first_player = 'B' WHERE id = 1;
            INSERT INTO card_fixes (card_id, fact, value_json, created_at)
                VALUES ('vulca-07', 'fire', '5', '2026-01-02T09:00:00.000000Z');
            "#,
        )
        .unwrap();
    }
    if version >= 3 {
        reach(&c, 3);
        c.execute_batch(
            r#"
            INSERT INTO tournaments (id, name, event_date, format, swiss_rounds, top_cut,
                                     first_round, seed, created_at)
                VALUES (1, 'Winter Cup', '2026-01-10', 'swiss', 3, NULL, 'seeded', 7,
                        '2026-01-03T09:00:00.000000Z');
            INSERT INTO registrations (id, tournament_id, player_id, people, seed_order, joined_round)
                VALUES (1, 1, 1, 'Vulca', 1, 1), (2, 1, 2, 'Hoax', 2, 1);
            "#,
        )
        .unwrap();
    }
    if version >= 3 {
        reach(&c, 3);
        // a round paired before rounds had a clock or a published flag (changed below for 5)
        c.execute_batch(
            r#"
            INSERT INTO rounds (tournament_id, number, stage, created_at)
                VALUES (1, 1, 'swiss', '2026-01-10T10:00:00.000000Z');
            INSERT INTO pairings (tournament_id, round, table_no, entrant_a, entrant_b)
                VALUES (1, 1, 1, 1, 2);
            "#,
        )
        .unwrap();
    }
    if version >= 4 {
        reach(&c, 4);
        c.execute_batch(
            r#"
            INSERT INTO rulings_seen (game_id, ruling_id, seen_at)
                VALUES (2, 'bm-en-8e174e5cb095', '2026-01-01T11:05:03.000000Z');
            "#,
        )
        .unwrap();
    }
    if version >= 5 {
        reach(&c, 5);
        // round 1 prepared, not yet published, its clock paused after 10 of 60 minutes
        c.execute_batch(
            r#"
            UPDATE rounds SET clock_length_ms = 3600000, clock_started = 1, clock_ran_ms = 600000,
                clock_changed_at = '2026-01-10T10:10:00.000000Z', published = 0 WHERE number = 1;
            "#,
        )
        .unwrap();
    }
    if version >= 6 {
        reach(&c, 6);
        // a game outside a match that the players abandoned
        c.execute_batch(
            r#"
            INSERT INTO games (id, match_id, player_a, player_b, people_a, people_b, first_player,
                               created_at, updated_at, abandoned_at)
                VALUES (3, NULL, 2, 1, 'Khind', 'Aqua', 'B', '2026-01-02T09:00:00.000000Z',
                        '2026-01-02T09:30:00.000000Z', '2026-01-02T09:30:00.000000Z');
            "#,
        )
        .unwrap();
    }
    if version >= 7 {
        reach(&c, 7);
        // a Warhammer: Invasion game with its setup, one event and one undone
        c.execute_batch(
            r#"
            INSERT INTO other_games (id, kind, player_a, player_b, created_at, updated_at, outcome)
                VALUES (1, 'whi', 1, 2, '2026-01-03T09:00:00.000000Z',
                        '2026-01-03T09:10:00.000000Z', 'playing');
            INSERT INTO other_game_events (game_id, seq, payload, created_at) VALUES
                (1, 1, '{"v":1,"type":"setup"}', '2026-01-03T09:00:00.000000Z'),
                (1, 2, '{"v":1,"type":"turn_ended"}', '2026-01-03T09:05:00.000000Z');
            INSERT INTO other_game_redo (game_id, depth, payload)
                VALUES (1, 1, '{"v":1,"type":"damage_dealt"}');
            "#,
        )
        .unwrap();
    }
    if version >= 8 {
        reach(&c, 8);
        c.execute_batch(
            r#"
            INSERT INTO other_rulings_seen (game_id, ruling_id, seen_at)
                VALUES (1, 'whi-faq:12', '2026-01-03T09:06:00.000000Z');
            "#,
        )
        .unwrap();
    }
    if version >= 9 {
        reach(&c, 9);
        // a log that changed four times since revisions came
        c.execute_batch("UPDATE games SET revision = 4 WHERE id = 2;")
            .unwrap();
    }
    if version >= 10 {
        reach(&c, 10);
        // players' reports: this event waits for the organiser, round 1 open, Anna reported
        c.execute_batch(
            r#"
            INSERT INTO report_settings (tournament_id, needs_organiser) VALUES (1, 1);
            INSERT INTO report_rounds (tournament_id, round, open, changed_at)
                VALUES (1, 1, 1, '2026-01-10T10:20:00.000000Z');
            INSERT INTO seat_codes (pairing_id, seat, code, created_at)
                VALUES (1, 'A', 'anna-code-0001', '2026-01-10T10:20:00.000000Z');
            INSERT INTO seat_reports (pairing_id, seat, won, crystals_mine, crystals_theirs,
                                      reported_at)
                VALUES (1, 'A', 1, 5, 2, '2026-01-10T10:40:00.000000Z');
            "#,
        )
        .unwrap();
    }
    if version >= 11 {
        reach(&c, 11);
        // One log for every game: a Blue Moon game (4) whose plays were decided with card
        // fixes, the fixes of Flash the Incendiary (vulca-02) made before, between and after
        // its plays, one play waiting to be redone; and a Warhammer game whose own
        // `card_played` event no card fix concerns. Times as older releases wrote them too
        // (no fraction), compared as times.
        c.execute_batch(
            r#"
            INSERT INTO card_fixes (id, card_id, fact, value_json, created_at) VALUES
                (10, 'vulca-02', 'fire', '1', '2026-01-04T09:00:00Z'),
                (11, 'vulca-01', 'earth', '2', '2026-01-04T09:00:30.000000Z'),
                (12, 'vulca-02', 'type', '"leadership"', '2026-01-04T09:01:00.5Z'),
                (13, 'vulca-02', 'fire', '9', '2026-01-04T09:30:00.000000Z');
            INSERT INTO game_logs (id, revision, outcome) VALUES (20, 6, 'playing'),
                (21, 0, 'playing');
            INSERT INTO games (id, match_id, player_a, player_b, people_a, people_b, first_player,
                               created_at, updated_at, log_id)
                VALUES (4, NULL, 1, 2, 'Vulca', 'Hoax', 'A', '2026-01-04T08:59:00.000000Z',
                        '2026-01-04T09:20:00.000000Z', 20);
            INSERT INTO log_events (log_id, seq, payload, created_at) VALUES
                (20, 1, '{"v":1,"type":"setup","starts":"A"}', '2026-01-04T08:59:00.000000Z'),
                (20, 2, '{"v":1,"type":"card_played","player":"A","card":"vulca-02","area":"combat"}',
                        '2026-01-04T09:01:00.000000Z'),
                (20, 3, '{"v":1,"type":"card_played","player":"B","card":"hoax-01","area":"combat"}',
                        '2026-01-04T09:02:00.000000Z'),
                (20, 4, '{"v":1,"type":"card_played","player":"A","card":"vulca-01","area":"combat"}',
                        '2026-01-04T09:00:30.000000Z');
            INSERT INTO log_redo (log_id, depth, payload) VALUES
                (20, 1, '{"v":1,"type":"card_played","player":"B","card":"vulca-02","area":"combat"}');
            INSERT INTO other_games (id, kind, player_a, player_b, created_at, updated_at, log_id)
                VALUES (2, 'whi', 1, 2, '2026-01-04T09:00:00.000000Z',
                        '2026-01-04T09:40:00.000000Z', 21);
            INSERT INTO log_events (log_id, seq, payload, created_at) VALUES
                (21, 1, '{"v":1,"type":"card_played","player":"A","card":"vulca-02"}',
                        '2026-01-04T09:40:00.000000Z');
            "#,
        )
        .unwrap();
    }
    if version >= 12 {
        reach(&c, 12);
        // Version 12's release wrote each play with the fixes it was decided with: the same
        // plays as version 11's migration leaves them (so `check_data` reads them alike).
        c.execute_batch(
            r#"
            UPDATE log_events SET payload = json_set(payload, '$.fixes_read', 10)
                WHERE log_id = 20 AND seq = 2;
            UPDATE log_events SET payload = json_set(payload, '$.fixes_read', 11)
                WHERE log_id = 20 AND seq = 4;
            UPDATE log_redo SET payload = json_set(payload, '$.fixes_read', 13)
                WHERE log_id = 20 AND depth = 1;
            "#,
        )
        .unwrap();
    }
    if version >= 13 {
        reach(&c, 13);
        // a constructed Vulca deck with a bought card (Tittertweet), as version 13 saved it
        c.execute_batch(
            r#"
            INSERT INTO decks (id, name, people, inquisitor, emissaries_inquisitors, buka, cards,
                               revision, created_at, updated_at)
                VALUES (1, 'Fire Wall', 'Vulca', 'inq-412', 1, 0, '["vulca-02","flit-07"]', 3,
                        '2026-01-05T09:00:00.000000Z', '2026-01-05T09:10:00.000000Z');
            "#,
        )
        .unwrap();
    }
    if version >= 14 {
        reach(&c, 14);
        // Ann's deck registered for the Winter Cup, as version 14 stored it
        c.execute_batch(
            r#"
            INSERT INTO registration_decks (registration_id, name, people, inquisitor,
                                            emissaries_inquisitors, buka, cards, registered_at)
                VALUES (1, 'Fire Wall', 'Vulca', NULL, 0, 0, '["vulca-02","flit-07"]',
                        '2026-01-09T18:00:00.000000Z');
            "#,
        )
        .unwrap();
    }
    reach(&c, version);
    c.pragma_update(None, "user_version", version as i64)
        .unwrap();
    // Version 15 (an event may require deck lists) is the newest, so no older release wrote it
    // yet. When version 16 is added, add version-15 data here (the assertion is the reminder).
    assert_eq!(
        schema::VERSIONS.len(),
        15,
        "a new schema version: give database_at data for the previous one"
    );
}

fn check_data(store: &Store, version: usize) {
    if version >= 1 {
        assert_eq!(store.players().unwrap().len(), 2);
        let events: Vec<String> = store
            .events(GameId(2))
            .unwrap()
            .into_iter()
            .map(|e| e.payload)
            .collect();
        assert_eq!(events, vec![r#"{"play":"V1"}"#, r#"{"play":"H7"}"#]);
        assert_eq!(store.redo_depth(GameId(2)).unwrap(), 1);
        let m = store.match_status(MatchId(1)).unwrap();
        let standing = bluemoon::matches::standing(m.target.into(), m.first, &m.ends);
        assert_eq!(standing.crystals, [0, 3]);
        assert_eq!(m.unfinished_game, Some(GameId(2)));
        assert_eq!(
            standing.next_starter,
            Side::A,
            "B won game 1, so A starts game 2"
        );
    }
    if version >= 2 {
        let fixes = store.card_fixes().unwrap();
        let vulca_07 = fixes.iter().find(|f| f.card_id == "vulca-07").unwrap();
        assert_eq!(vulca_07.value_json, "5");
    }
    if version >= 3 {
        let t = store.list_tournaments().unwrap();
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].name, "Winter Cup");
        if version < 5 {
            // the round paired before version 5 stays published, with a default clock not started
            assert!(store.rounds(t[0].id).unwrap()[0].published);
            let clock = store.round_clock(t[0].id).unwrap().unwrap().clock;
            assert_eq!(clock, tournament::RoundClock::default());
        }
    }
    if version >= 5 {
        let t = store.list_tournaments().unwrap();
        assert!(
            !store.rounds(t[0].id).unwrap()[0].published,
            "not published stays so"
        );
        let clock = store.round_clock(t[0].id).unwrap().unwrap().clock;
        assert_eq!(
            clock,
            tournament::RoundClock {
                length_ms: 3_600_000,
                run: tournament::ClockRun::Paused { ran_ms: 600_000 },
            }
        );
    }
    if version >= 4 {
        assert_eq!(
            store.rulings_seen(GameId(2)).unwrap(),
            vec!["bm-en-8e174e5cb095".to_owned()]
        );
    }
    if version >= 1 {
        // Games written before abandoning existed are not abandoned.
        assert_eq!(store.game(GameId(2)).unwrap().abandoned_at, None);
    }
    if version >= 6 {
        assert_eq!(
            store.game(GameId(3)).unwrap().abandoned_at.as_deref(),
            Some("2026-01-02T09:30:00.000000Z")
        );
    }
    if version >= 7 {
        let g = store.other_game(OtherGameId(1)).unwrap();
        assert_eq!(g.kind, OtherKind::Whi);
        assert_eq!(g.player_names, ["Anna".to_owned(), "Ben".to_owned()]);
        assert_eq!((g.events, g.redo, g.outcome), (2, 1, Outcome::Playing));
        assert_eq!(
            store
                .events(store.other_game(OtherGameId(1)).unwrap().game())
                .unwrap()[1]
                .payload,
            r#"{"v":1,"type":"turn_ended"}"#
        );
        if version < 8 {
            assert!(
                store
                    .rulings_seen(store.other_game(OtherGameId(1)).unwrap().game())
                    .unwrap()
                    .is_empty(),
                "a game from before version 8 has no ruling seen"
            );
        }
    }
    if version >= 8 {
        assert_eq!(
            store
                .rulings_seen(store.other_game(OtherGameId(1)).unwrap().game())
                .unwrap(),
            vec!["whi-faq:12".to_owned()]
        );
    }
    if version >= 10 {
        let t = store.list_tournaments().unwrap()[0].id;
        assert_eq!(
            store.report_acceptance(t).unwrap(),
            store::Acceptance::ByOrganiser
        );
        assert_eq!(store.all_seat_codes(t).unwrap().len(), 1);
        assert!(store.report_round(t, None).unwrap().open);
    }
    if (3..10).contains(&version) {
        // events from before players could report: reporting closed, agreeing reports at once
        let t = store.list_tournaments().unwrap()[0].id;
        assert_eq!(
            store.report_acceptance(t).unwrap(),
            store::Acceptance::AtOnce
        );
        let reports = store.report_round(t, None).unwrap();
        assert!(!reports.open && !reports.live);
        assert!(store.all_seat_codes(t).unwrap().is_empty());
    }
    if version >= 1 {
        // Logs from before revisions start at revision 0 and take the next write on it; a
        // revision stored since is kept.
        let expected = if version >= 9 { 4 } else { 0 };
        assert_eq!(store.game(GameId(2)).unwrap().revision, expected);
    }
    if version >= 7 {
        assert_eq!(store.other_game(OtherGameId(1)).unwrap().revision, 0);
        // one log per game, whatever the kind: the Warhammer game and Blue Moon game 1 share
        // an id, not a log
        assert_eq!(
            store
                .events(store.other_game(OtherGameId(1)).unwrap().game())
                .unwrap()
                .len(),
            2
        );
        assert!(store.events(GameId(1)).unwrap().is_empty());
    }
    if version >= 1 {
        // Times written as text by earlier releases read back (through chrono) unchanged.
        let g1 = store.game(GameId(1)).unwrap();
        assert_eq!(g1.created_at, "2026-01-01T10:00:00.000000Z");
        assert_eq!(
            g1.result.unwrap().finished_at,
            "2026-01-01T11:00:00.000000Z"
        );
        assert_eq!(
            store.events(GameId(2)).unwrap()[1].created_at,
            "2026-01-01T11:05:02.000000Z"
        );
        assert_eq!(
            store.match_status(MatchId(1)).unwrap().created_at,
            "2026-01-01T10:00:00.000000Z"
        );
    }
    if version >= 11 {
        // Each play keeps the facts it had: the number of the newest fix of its card made up
        // to its time (fix 12 at 09:01:00.5 came after the play at 09:01:00, so fix 10), a
        // card with no fix by then is left as it was, a play waiting for its redo names the
        // newest fix of its card, and the other games' logs are not touched.
        let events: Vec<String> = store
            .events(GameId(4))
            .unwrap()
            .into_iter()
            .map(|e| e.payload)
            .collect();
        assert_eq!(
            events[1],
            r#"{"v":1,"type":"card_played","player":"A","card":"vulca-02","area":"combat","fixes_read":10}"#
        );
        assert_eq!(
            events[2],
            r#"{"v":1,"type":"card_played","player":"B","card":"hoax-01","area":"combat"}"#,
            "never fixed: unchanged"
        );
        assert_eq!(
            events[3],
            r#"{"v":1,"type":"card_played","player":"A","card":"vulca-01","area":"combat","fixes_read":11}"#,
            "the same second as its fix, as the time compared before"
        );
        assert_eq!(
            store.next_redo(GameId(4)).unwrap().as_deref(),
            Some(
                r#"{"v":1,"type":"card_played","player":"B","card":"vulca-02","area":"combat","fixes_read":13}"#
            )
        );
        assert_eq!(
            store.game(GameId(4)).unwrap().revision,
            6,
            "no change of the log"
        );
        assert_eq!(
            store
                .events(store.other_game(OtherGameId(2)).unwrap().game())
                .unwrap()[0]
                .payload,
            r#"{"v":1,"type":"card_played","player":"A","card":"vulca-02"}"#
        );
    }
    if version >= 13 {
        let decks = store.decks().unwrap();
        assert_eq!(decks.len(), 1);
        assert_eq!(decks[0].name, "Fire Wall");
        assert_eq!(decks[0].revision, 3);
        assert_eq!(decks[0].content.cards, vec!["vulca-02", "flit-07"]);
        assert_eq!(decks[0].content.inquisitor.as_deref(), Some("inq-412"));
    }
    if (3..14).contains(&version) {
        // no deck registered before decks at tournaments existed
        let t = store.list_tournaments().unwrap();
        assert!(store.registration_decks(t[0].id).unwrap().is_empty());
    }
    if version >= 14 {
        let t = store.list_tournaments().unwrap();
        let decks = store.registration_decks(t[0].id).unwrap();
        assert_eq!(decks.len(), 1);
        assert_eq!(
            (decks[0].entrant.0, decks[0].name.as_str()),
            (1, "Fire Wall")
        );
        assert_eq!(decks[0].content.cards, vec!["vulca-02", "flit-07"]);
        assert_eq!(decks[0].registered_at, "2026-01-09T18:00:00.000000Z");
    }
    if version >= 3 {
        // an event from before events could require deck lists requires none
        let t = store.list_tournaments().unwrap();
        assert!(!t[0].decks_required);
    }
}

#[test]
fn every_earlier_version_with_data_is_backed_up_and_migrated_without_loss() {
    for version in 0..schema::VERSIONS.len() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tablemate.db");
        database_at(&path, version);
        let opened = Store::open(&path).unwrap();
        let report = &opened.report;
        assert_eq!(report.schema_version, schema::latest(), "from v{version}");
        assert_eq!(report.set_aside, None);
        if version == 0 {
            assert_eq!(report.backup, None, "an empty database needs no backup");
        } else {
            assert_eq!(report.migrated_from, Some(version as u32));
            let backup = report.backup.clone().expect("backup before migrating");
            let name = backup.file_name().unwrap().to_string_lossy().into_owned();
            assert!(
                name.starts_with(&format!("tablemate.db.bak-v{version}-")),
                "{name}"
            );
            // the backup is the old database, intact, at its old version
            let b = Connection::open(&backup).unwrap();
            let v: i64 = b
                .query_row("PRAGMA user_version", [], |r| r.get(0))
                .unwrap();
            assert_eq!(v, version as i64);
            let events = if version >= 11 {
                "SELECT COUNT(*) FROM log_events WHERE log_id = 2"
            } else {
                "SELECT COUNT(*) FROM game_events"
            };
            let n: i64 = b.query_row(events, [], |r| r.get(0)).unwrap();
            assert_eq!(n, 2);
        }
        check_data(&opened.store, version);
        assert_eq!(opened.store.integrity_check().unwrap(), vec!["ok"]);
        drop(opened);
        // and reopening does nothing more
        let again = Store::open(&path).unwrap();
        assert_eq!(
            (again.report.backup.clone(), again.report.migrated_from),
            (None, None)
        );
        check_data(&again.store, version);
    }
}

#[test]
fn a_migration_that_fails_is_rolled_back_and_the_data_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tablemate.db");
    database_at(&path, 2);
    {
        // something the next version's migration will trip over
        let c = Connection::open(&path).unwrap();
        c.execute_batch("CREATE TABLE tournaments (x);").unwrap();
    }
    match Store::open(&path) {
        Err(StoreError::Migration(_)) => {}
        other => panic!("expected a migration error, got {other:?}"),
    }
    let c = Connection::open(&path).unwrap();
    let v: i64 = c
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(v, 2, "the version is unchanged");
    let n: i64 = c
        .query_row("SELECT COUNT(*) FROM game_events", [], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 2);
    let backups = std::fs::read_dir(dir.path())
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .contains(".bak-v2-")
        })
        .count();
    assert_eq!(backups, 1, "the backup was written before the attempt");
}

/// Everything a game's log held, read with the SQL of the schema it is in: events (seq,
/// payload, time), the redo stack (bottom first), the rulings seen, the revision and the
/// outcome (Blue Moon: its recorded result).
#[derive(Debug, PartialEq)]
struct LogSnapshot {
    events: Vec<(u32, String, String)>,
    redo: Vec<String>,
    seen: Vec<(String, String)>,
    revision: u32,
    outcome: String,
}

fn rows<T: rusqlite::types::FromSql>(c: &Connection, sql: &str, id: i64) -> Vec<T> {
    let mut stmt = c.prepare(sql).unwrap();
    let rows = stmt.query_map([id], |r| r.get::<_, T>(0)).unwrap();
    rows.map(Result::unwrap).collect()
}

fn triples(c: &Connection, sql: &str, id: i64) -> Vec<(u32, String, String)> {
    let mut stmt = c.prepare(sql).unwrap();
    let rows = stmt
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap();
    rows.map(Result::unwrap).collect()
}

fn seen_pairs(c: &Connection, sql: &str, id: i64) -> Vec<(String, String)> {
    let mut stmt = c.prepare(sql).unwrap();
    let rows = stmt
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap();
    rows.map(Result::unwrap).collect()
}

/// A game's log in a version-10 database: Blue Moon's (`other` false) or another kind's.
fn log_at_v10(c: &Connection, other: bool, id: i64) -> LogSnapshot {
    let (games, events, redo, seen) = if other {
        (
            "other_games",
            "other_game_events",
            "other_game_redo",
            "other_rulings_seen",
        )
    } else {
        ("games", "game_events", "game_redo", "rulings_seen")
    };
    let outcome = if other {
        "outcome".to_owned()
    } else {
        "CASE WHEN winner = 'A' THEN 'won_a' WHEN winner = 'B' THEN 'won_b'
              WHEN abandoned_at IS NOT NULL THEN 'tie' ELSE 'playing' END"
            .to_owned()
    };
    LogSnapshot {
        events: triples(
            c,
            &format!(
                "SELECT seq, payload, created_at FROM {events} WHERE game_id = ?1 ORDER BY seq"
            ),
            id,
        ),
        redo: rows(
            c,
            &format!("SELECT payload FROM {redo} WHERE game_id = ?1 ORDER BY depth"),
            id,
        ),
        seen: seen_pairs(
            c,
            &format!("SELECT ruling_id, seen_at FROM {seen} WHERE game_id = ?1 ORDER BY ruling_id"),
            id,
        ),
        revision: rows(
            c,
            &format!("SELECT revision FROM {games} WHERE id = ?1"),
            id,
        )[0],
        outcome: rows(
            c,
            &format!("SELECT {outcome} FROM {games} WHERE id = ?1"),
            id,
        )
        .remove(0),
    }
}

/// The same game's log in the one set of log tables of version 11.
fn log_at_v11(c: &Connection, other: bool, id: i64) -> LogSnapshot {
    let games = if other { "other_games" } else { "games" };
    let log = format!("(SELECT log_id FROM {games} WHERE id = ?1)");
    LogSnapshot {
        events: triples(
            c,
            &format!(
                "SELECT seq, payload, created_at FROM log_events WHERE log_id = {log} ORDER BY seq"
            ),
            id,
        ),
        redo: rows(
            c,
            &format!("SELECT payload FROM log_redo WHERE log_id = {log} ORDER BY depth"),
            id,
        ),
        seen: seen_pairs(
            c,
            &format!(
                "SELECT ruling_id, seen_at FROM log_rulings_seen WHERE log_id = {log}
                 ORDER BY ruling_id"
            ),
            id,
        ),
        revision: rows(
            c,
            &format!("SELECT revision FROM game_logs WHERE id = {log}"),
            id,
        )[0],
        outcome: rows(
            c,
            &format!("SELECT outcome FROM game_logs WHERE id = {log}"),
            id,
        )
        .remove(0),
    }
}

#[test]
fn a_version_10_database_with_every_kind_of_game_moves_to_the_one_log_identically() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tablemate.db");
    database_at(&path, 10);
    {
        // more of both kinds, their ids overlapping: an open Blue Moon game outside a match
        // with a redo stack of two and a ruling seen, and each other kind, ended or not
        let c = Connection::open(&path).unwrap();
        c.execute_batch(
            r#"
            INSERT INTO games (id, match_id, player_a, player_b, people_a, people_b,
                               first_player, created_at, updated_at, revision)
                VALUES (4, NULL, 1, 2, 'Terrah', 'Mimix', 'A', '2026-01-04T09:00:00.000000Z',
                        '2026-01-04T09:20:00.000000Z', 7);
            INSERT INTO game_events (game_id, seq, payload, created_at) VALUES
                (4, 1, '{"v":1,"type":"setup"}', '2026-01-04T09:00:00.000000Z'),
                (4, 2, '{"v":1,"type":"played","card":"T1"}', '2026-01-04T09:10:00.000000Z');
            INSERT INTO game_redo (game_id, depth, payload) VALUES
                (4, 1, '{"v":1,"type":"played","card":"T9"}'),
                (4, 2, '{"v":1,"type":"played","card":"T5"}');
            INSERT INTO rulings_seen (game_id, ruling_id, seen_at)
                VALUES (4, 'bm-faq-en:3', '2026-01-04T09:11:00.000000Z');
            INSERT INTO other_games (id, kind, player_a, player_b, created_at, updated_at,
                                     outcome, revision) VALUES
                (2, 'stccg', 2, 1, '2026-01-05T09:00:00.000000Z', '2026-01-05T10:00:00.000000Z',
                 'tie', 5),
                (3, 'kc', 1, 2, '2026-01-06T09:00:00.000000Z', '2026-01-06T10:00:00.000000Z',
                 'won_b', 3),
                (4, 'whi', 2, 1, '2026-01-07T09:00:00.000000Z', '2026-01-07T09:00:00.000000Z',
                 'playing', 0);
            INSERT INTO other_game_events (game_id, seq, payload, created_at) VALUES
                (2, 1, '{"v":1,"type":"setup"}', '2026-01-05T09:00:00.000000Z'),
                (2, 2, '{"v":1,"type":"points_scored","points":100}', '2026-01-05T09:30:00.000000Z'),
                (3, 1, '{"v":1,"type":"setup"}', '2026-01-06T09:00:00.000000Z'),
                (3, 2, '{"v":1,"type":"game_won"}', '2026-01-06T10:00:00.000000Z'),
                (4, 1, '{"v":1,"type":"setup"}', '2026-01-07T09:00:00.000000Z');
            INSERT INTO other_game_redo (game_id, depth, payload)
                VALUES (3, 1, '{"v":1,"type":"turn_ended"}');
            INSERT INTO other_rulings_seen (game_id, ruling_id, seen_at) VALUES
                (3, 'kc-faq:1', '2026-01-06T09:30:00.000000Z'),
                (3, 'kc-faq:2', '2026-01-06T09:31:00.000000Z');
            "#,
        )
        .unwrap();
    }
    let games = [(false, 1), (false, 2), (false, 3), (false, 4)];
    let others = [(true, 1), (true, 2), (true, 3), (true, 4)];
    let before: Vec<LogSnapshot> = {
        let c = Connection::open(&path).unwrap();
        games
            .iter()
            .chain(&others)
            .map(|&(other, id)| log_at_v10(&c, other, id))
            .collect()
    };
    // something in each part of every log, so that "identical" says something
    assert_eq!(before[1].events.len(), 2);
    assert_eq!(before[3].redo.len(), 2);
    assert_eq!(before[3].seen.len(), 1);
    assert_eq!(before[6].seen.len(), 2);
    let outcomes: Vec<&str> = before.iter().map(|l| l.outcome.as_str()).collect();
    assert_eq!(
        outcomes,
        ["won_b", "playing", "tie", "playing", "playing", "tie", "won_b", "playing"]
    );

    let opened = Store::open(&path).unwrap();
    assert_eq!(opened.report.migrated_from, Some(10));
    let c = Connection::open(&path).unwrap();
    let after: Vec<LogSnapshot> = games
        .iter()
        .chain(&others)
        .map(|&(other, id)| log_at_v11(&c, other, id))
        .collect();
    assert_eq!(after, before);
    // the old tables are gone: one set of log tables for every kind of game
    let left: i64 = c
        .query_row(
            "SELECT COUNT(*) FROM sqlite_master WHERE name IN ('game_events', 'game_redo',
             'rulings_seen', 'other_game_events', 'other_game_redo', 'other_rulings_seen')",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(left, 0);
    // and the store reads them as before, by the same game ids
    let s = &opened.store;
    assert_eq!(s.game(GameId(4)).unwrap().revision, 7);
    assert_eq!(s.redo_depth(GameId(4)).unwrap(), 2);
    assert_eq!(
        s.next_redo(GameId(4)).unwrap().as_deref(),
        Some(r#"{"v":1,"type":"played","card":"T5"}"#)
    );
    assert_eq!(s.rulings_seen(GameId(4)).unwrap(), ["bm-faq-en:3"]);
    let kc = s.other_game(OtherGameId(3)).unwrap();
    assert_eq!(
        (kc.kind, kc.outcome, kc.revision, kc.events, kc.redo),
        (OtherKind::Kc, Outcome::Won(Side::B), 3, 2, 1)
    );
    assert_eq!(
        s.rulings_seen(s.other_game(OtherGameId(3)).unwrap().game())
            .unwrap(),
        ["kc-faq:1", "kc-faq:2"]
    );
    assert_eq!(s.other_game(OtherGameId(2)).unwrap().outcome, Outcome::Tie);
    let unfinished: Vec<i64> = s
        .list_other_games(true)
        .unwrap()
        .iter()
        .map(|g| g.id.0)
        .collect();
    assert_eq!(
        unfinished,
        [4, 1],
        "still playing, the most recently changed first"
    );
    assert_eq!(s.integrity_check().unwrap(), vec!["ok"]);
}
