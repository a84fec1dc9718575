//! The app on a full disk (a small tmpfs filled to the last byte), through IPC as the window
//! calls it: it starts, says once that the disk is full (its own notice), shows the game, a
//! card and the rulings as stored, and refuses a write with the worded full-disk error,
//! changing nothing. Under CI a machine that cannot mount the small disk fails the test
//! rather than skipping it (see tests/support/small_disk.rs).

use crate::common;
use crate::small_disk::{Disk, SmallDisk};

use serde_json::{json, to_value, Value};
use tablemate::game::Seat;
use tablemate::table::{CardEntry, EntryFront, NewTable};

#[test]
fn on_a_full_disk_the_app_shows_the_game_cards_and_rulings_and_refuses_writes() {
    let Some(Disk::Here(disk)) = SmallDisk::mount(
        "24m",
        "full_disk::on_a_full_disk_the_app_shows_the_game_cards_and_rulings_and_refuses_writes",
    ) else {
        return; // it ran in a namespace of its own, or was skipped saying why
    };
    let data = disk.path().join("data");
    // the data as the app left it: a game with a play, a card fix, the rulings index built;
    // and what the three reads showed then (the service's views, as the commands send them)
    let (id, before) = {
        let mut svc = tablemate::Service::open(&data).expect("data folder");
        let id = svc
            .table_new(
                &NewTable::ann_and_ben(cards::Game::BlueMoon),
                tablemate::Language::En,
            )
            .expect("a new game")
            .header
            .game
            .id;
        let play = CardEntry::blue_moon(Seat::A, "V02", true);
        let played = svc
            .table_enter(
                game_ref(id).into(),
                &play,
                EntryFront::Window,
                tablemate::Language::En,
            )
            .expect("a play");
        assert!(played.table.is_some(), "played: {:?}", played.preview);
        svc.fix_card("V24", "moons", "2").expect("a fix");
        let before = [
            to_value(
                svc.table_view(game_ref(id), tablemate::Language::En)
                    .expect("the game"),
            )
            .expect("json"),
            to_value(
                svc.card_page("V24", tablemate::Language::De)
                    .expect("the card"),
            )
            .expect("json"),
            to_value(
                svc.search_rulings("Feuerwall", None, None, Some(tablemate::Language::De), 5)
                    .expect("the rulings index"),
            )
            .expect("json"),
        ];
        (id, before)
    };
    // (the app is started only on the full disk: the mock runtime keeps an app's database
    // open until the test ends, which would spare a later one the full disk's open)
    let reads = |app: &common::TestApp| -> [Value; 3] {
        let view = app
            .call("table_view", json!({ "game": game_ref(id), "lang": "en" }))
            .expect("table_view on a full disk");
        let page = app
            .call("cards_page", json!({"card": "V24", "lang": "de"}))
            .expect("cards_page on a full disk");
        let hits = app
            .call(
                "rulings_search",
                json!({"text": "Feuerwall", "game": null, "source": null, "lang": "de", "limit": 5}),
            )
            .expect("rulings_search on a full disk");
        [view, page, hits]
    };

    let filler = disk.fill();
    let app = common::TestApp::start_with(&[(tablemate::paths::DATA_DIR_ENV, data.as_os_str())]);
    let notices = app.call("notices", json!({})).expect("notices");
    let kinds: Vec<&Value> = notices
        .as_array()
        .expect("a list")
        .iter()
        .map(|n| &n["kind"])
        .collect();
    assert_eq!(
        kinds,
        [&json!("disk_full")],
        "its own notice, once: {notices}"
    );
    assert!(
        notices[0]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("The disk is full")),
        "{notices}"
    );
    let now = reads(&app);
    assert!(
        now[0]["header"]["unreadable"].is_null() && now[0]["header"]["revision"].as_u64().is_some(),
        "{}",
        now[0]
    );
    assert!(
        now[2]["hits"].as_array().is_some_and(|h| !h.is_empty()),
        "the rulings are found: {}",
        now[2]
    );
    assert_eq!(now, before, "every read shows what was stored");

    // a write: refused as a full disk, worded, nothing written
    let fire = json!({"game": "blue_moon", "action": {"action": "choose_element", "player": "A", "element": "fire"}});
    let at = json!({"game": game_ref(id), "revision": before[0]["header"]["revision"]});
    let err = app
        .call("table_act", json!({"at": at, "action": fire, "lang": "en"}))
        .expect_err("a write on a full disk");
    assert!(err.contains("The disk is full"), "worded: {err}");
    assert!(!err.contains("disk I/O error"), "{err}");
    let err = app
        .call(
            "cards_fix",
            json!({"card": "V24", "fact": "moons", "value": "3"}),
        )
        .expect_err("a fix on a full disk");
    assert!(err.contains("The disk is full"), "worded: {err}");
    assert_eq!(reads(&app), before, "nothing was written");
    drop(app);

    // space again: the notice is gone and the write works
    std::fs::remove_file(filler).expect("filler removed");
    let app = common::TestApp::start_with(&[(tablemate::paths::DATA_DIR_ENV, data.as_os_str())]);
    assert_eq!(app.call("notices", json!({})).expect("notices"), json!([]));
    let v = app
        .call("table_act", json!({"at": at, "action": fire, "lang": "en"}))
        .expect("a write once there is space");
    assert_eq!(
        v["header"]["revision"].as_u64(),
        before[0]["header"]["revision"].as_u64().map(|r| r + 1)
    );
}

/// The table's reference to Blue Moon game `id`.
fn game_ref(id: i64) -> cards::GameRef {
    cards::GameRef::new(cards::Game::BlueMoon, id)
}
