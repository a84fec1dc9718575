//! A match played at the table through the app's IPC (mock runtime, real capabilities), read
//! back by the Matches screen's history, then taken as a tournament table's result: the calls as
//! the window makes them (ui/src/lib/api/table.ts, api/matches.ts, api/clock.ts).

use crate::common;

use serde_json::{json, Value};

/// One test, because the app reads its data folder from the process environment.
#[test]
fn a_match_played_in_the_app_is_history_and_a_tournament_result() {
    let app = common::TestApp::start();
    let call = |cmd: &str, body: Value| app.call(cmd, body);
    let new_game = json!({"request": {"game": "blue_moon", "request": {"player_a": "Ann",
                          "player_b": "Ben", "people_a": "Vulca", "people_b": "Hoax", "first": "A"}},
                          "lang": "en"});
    let first = call("table_new", new_game).expect("table_new");
    let g1 = first["header"]["game"]["id"].clone();
    let at = |id: &Value| json!({"game": {"kind": "blue-moon", "id": id}, "revision": null});
    let concede = json!({"game": "blue_moon", "action": {"action": "concede", "player": "A"}});

    // a card the catalog has no values for: refused without a value, stored with them
    let err = call(
        "game_fix_card",
        json!({"fix": {"card": "WhizWhiz", "card_type": null, "fire": null, "earth": null}, "lang": "de"}),
    )
    .expect_err("no value given");
    assert!(err.contains("Mindestens einen Wert"), "{err}");
    let fixed = call(
        "game_fix_card",
        json!({"fix": {"card": "WhizWhiz", "card_type": "character", "fire": 3, "earth": 2}, "lang": "en"}),
    )
    .expect("game_fix_card");
    assert_eq!(
        (fixed["fire"].clone(), fixed["earth"].clone()),
        (json!(3), json!(2))
    );

    // the next game only once this one is over; Ann concedes: Ben scores 4
    let err = call(
        "game_next",
        json!({"at": {"game": {"kind": "blue-moon", "id": g1}, "revision": null}, "lang": "de"}),
    )
    .expect_err("game 1 runs");
    assert!(err.contains("noch nicht vorbei"), "in German: {err}");
    let over = call(
        "table_act",
        json!({"at": at(&g1), "action": concede, "lang": "en"}),
    )
    .expect("concede");
    assert_eq!(over["board"]["view"]["game_over"]["score"], 4, "{over}");
    let second = call(
        "game_next",
        json!({"at": {"game": {"kind": "blue-moon", "id": g1}, "revision": null}, "lang": "en"}),
    )
    .expect("game_next");
    let g2 = second["header"]["game"]["id"].clone();
    assert_ne!(g2, g1);
    assert_eq!(
        (
            second["board"]["view"]["game_no"].clone(),
            second["board"]["view"]["match_id"].clone()
        ),
        (json!(2), first["board"]["view"]["match_id"].clone())
    );
    let old = call(
        "table_view",
        json!({"game": {"kind": "blue-moon", "id": g1}, "lang": "en"}),
    )
    .expect("table_view");
    assert_eq!(
        (
            old["board"]["view"]["finished"].clone(),
            old["board"]["view"]["next_game"].clone()
        ),
        (json!(true), g2.clone())
    );
    let err = call(
        "table_view",
        json!({"game": {"kind": "blue-moon", "id": 999}, "lang": "en"}),
    )
    .expect_err("no game 999");
    assert!(err.contains("999"), "{err}");
    call(
        "table_act",
        json!({"at": at(&g2), "action": concede, "lang": "en"}),
    )
    .expect("concede game 2");
    let last = call(
        "game_next",
        json!({"at": {"game": {"kind": "blue-moon", "id": g2}, "revision": null}, "lang": "en"}),
    )
    .expect("match over");
    assert_eq!(
        (
            last["board"]["view"]["match_over"].clone(),
            last["board"]["view"]["match_winner"].clone()
        ),
        (json!(true), json!("B"))
    );

    // the history reads the same match
    let games = call(
        "history_games",
        json!({"player": "Ben", "people": null, "unfinishedOnly": false, "limit": null}),
    )
    .expect("history_games");
    assert_eq!(games.as_array().map(Vec::len), Some(2), "{games}");
    assert!(games
        .as_array()
        .into_iter()
        .flatten()
        .all(|g| g["finished"] == json!(true)));
    let nobody = call(
        "history_games",
        json!({"player": "Cleo", "people": null, "unfinishedOnly": false, "limit": null}),
    )
    .expect_err("nobody named Cleo");
    assert!(nobody.contains("Cleo"), "{nobody}");
    let unfinished = call("history_unfinished", json!({})).expect("history_unfinished");
    assert_eq!(unfinished, json!({"games": [], "matches": []}));
    let page = call("history_game", json!({"id": g1})).expect("history_game");
    assert_eq!(page["game"]["id"], g1);
    assert_eq!(page["game"]["winner"], "Ben", "{page}");
    assert!(!page["timeline"].as_array().expect("timeline").is_empty());
    // the steps in the interface language, naming the players
    let page = call("history_game", json!({"id": g1, "lang": "de"})).expect("history_game de");
    let steps = page["timeline"].as_array().expect("timeline");
    assert_eq!(
        steps.last().map(|s| s["text"].clone()),
        Some(json!("Ann gibt auf")),
        "{page}"
    );
    let matches =
        call("history_matches", json!({"unfinishedOnly": false})).expect("history_matches");
    assert_eq!(matches.as_array().map(Vec::len), Some(1), "{matches}");
    let m = &matches[0];
    assert_eq!(
        (m["finished"].clone(), m["winner"].clone()),
        (json!(true), json!("Ben"))
    );
    assert_eq!(m["crystals"], json!([0, 8]));
    assert_eq!(
        call("history_matches", json!({"unfinishedOnly": true})).expect("history_matches"),
        json!([])
    );

    // a tournament of Ann and Ben: the match they played is offered and taken as the result
    let event = call(
        "tournament_create",
        json!({ "event": { "name": "Club night", "date": "2026-11-26", "format": "swiss",
                           "rounds": 2, "top_cut": null, "first_round": null, "seed": "1" } }),
    )
    .expect("create");
    let id = event["id"].clone();
    assert_eq!(
        call("tournament_clock", json!({"id": id})).expect("clock"),
        Value::Null,
        "before round 1"
    );
    for name in ["Ann", "Ben"] {
        call(
            "tournament_register",
            json!({ "id": id, "player": name, "people": null }),
        )
        .expect("register");
    }
    let round = call("tournament_pair", json!({ "id": id })).expect("pair");
    let table = &round["tables"][0];
    assert_eq!(table["table"], 1);
    let clock = call("tournament_clock", json!({"id": id})).expect("clock");
    assert_eq!(
        (clock["round"].clone(), clock["event_name"].clone()),
        (json!(1), json!("Club night"))
    );
    let offered = call(
        "tournament_table_matches",
        json!({"id": id, "round": 1, "table": 1}),
    )
    .expect("table matches");
    assert_eq!(offered.as_array().map(Vec::len), Some(1), "{offered}");
    assert_eq!(offered[0]["match_id"], first["board"]["view"]["match_id"]);
    assert_eq!(offered[0]["winner_name"], "Ben");
    let ben = if table["a"]["name"] == "Ben" {
        table["a"].clone()
    } else {
        table["b"].clone()
    };
    let ann = if table["a"]["name"] == "Ann" {
        table["a"].clone()
    } else {
        table["b"].clone()
    };
    let taken = call(
        "tournament_result_from_match",
        json!({"id": id, "round": 1, "table": 1, "matchId": first["board"]["view"]["match_id"]}),
    )
    .expect("result from match");
    assert_eq!(taken["result"]["winner_name"], "Ben", "{taken}");
    assert_eq!(
        taken["result"]["match_id"],
        first["board"]["view"]["match_id"]
    );
    let ben_crystals = if table["a"]["name"] == "Ben" {
        "crystals_a"
    } else {
        "crystals_b"
    };
    assert_eq!(taken["result"][ben_crystals], 8, "{taken}");
    let err = call(
        "tournament_table_matches",
        json!({"id": id, "round": 1, "table": 9}),
    )
    .expect_err("no table 9");
    assert!(err.contains('9'), "{err}");

    // corrected with a reason: the new result stands and the correction is logged
    let (ca, cb) = if table["a"]["name"] == "Ann" {
        (5, 3)
    } else {
        (3, 5)
    };
    let err = call(
        "tournament_correct",
        json!({"id": id, "round": 1, "table": 1, "winner": ann["entrant"], "crystalsA": ca,
               "crystalsB": cb, "reason": ""}),
    )
    .expect_err("a correction needs its reason");
    assert!(err.to_lowercase().contains("reason"), "{err}");
    let corrected = call(
        "tournament_correct",
        json!({"id": id, "round": 1, "table": 1, "winner": ann["entrant"], "crystalsA": ca,
               "crystalsB": cb, "reason": "slip misread"}),
    )
    .expect("correct");
    assert_eq!(corrected["result"]["winner_name"], "Ann", "{corrected}");
    let detail = call("tournament_detail", json!({"id": id})).expect("detail");
    assert_eq!(
        detail["corrections"][0]["reason"], "slip misread",
        "{detail}"
    );

    // round 2 (a repeat cannot be avoided with two players): a result typed in
    let round2 = call("tournament_pair", json!({ "id": id })).expect("pair round 2");
    // the winner has the more crystals, on whichever side Ben sits this round
    let (a2, b2) = if round2["tables"][0]["a"]["name"] == "Ben" {
        (5, 1)
    } else {
        (1, 5)
    };
    let err = call(
        "tournament_result",
        json!({"id": id, "round": 2, "table": 1, "winner": 999, "crystalsA": 5, "crystalsB": 0}),
    )
    .expect_err("999 is not at the table");
    assert!(!err.is_empty());
    let typed = call(
        "tournament_result",
        json!({"id": id, "round": 2, "table": 1, "winner": ben["entrant"], "crystalsA": a2, "crystalsB": b2}),
    )
    .expect("result");
    assert_eq!(typed["result"]["winner_name"], "Ben", "{typed}");
    assert_eq!(typed["result"]["source"], "typed", "{typed}");
}
