//! The tournament commands through the app's IPC (mock runtime, real capabilities): taking a
//! drop back and undoing the last round, the round clock and prepared pairings, as the window
//! calls them.

use crate::common;

use serde_json::{json, Value};

fn pair(app: &common::TestApp, id: &Value) -> Value {
    app.call("tournament_pair", json!({ "id": id }))
        .expect("pair")
}

/// One test, because the app reads its data folder from the process environment.
#[test]
fn unpair_undrop_clock_and_publishing_answer_through_ipc() {
    let app = common::TestApp::start();
    let err = app
        .call(
            "tournament_create",
            json!({ "event": { "name": "IPC Cup", "date": "2026-11-24", "format": "swiss",
                               "rounds": 30, "top_cut": null, "first_round": null, "seed": "3" },
                    "lang": "de" }),
        )
        .expect_err("too many rounds");
    assert!(err.contains("1 bis 20 Runden, nicht 30"), "{err}");
    let event = app
        .call(
            "tournament_create",
            json!({ "event": { "name": "IPC Cup", "date": "2026-11-24", "format": "swiss",
                               "rounds": 3, "top_cut": null, "first_round": null, "seed": "3" } }),
        )
        .expect("create");
    let id = event["id"].clone();
    let mut entrants = Vec::new();
    for name in ["Anna", "Bert", "Cleo", "Dora"] {
        let e = app
            .call(
                "tournament_register",
                json!({ "id": id, "player": name, "people": null }),
            )
            .expect("register");
        entrants.push(e["id"].clone());
    }

    // before round 1 a registration is corrected (the people checked as at the table) or
    // removed
    let dora = entrants.pop().expect("Dora");
    let err = app
        .call(
            "tournament_correct_registration",
            json!({ "id": id, "entrant": dora, "player": "Dora", "people": "Vulka", "lang": "de" }),
        )
        .expect_err("not a people");
    assert!(err.contains("Meintest du Vulca?"), "{err}");
    let fixed = app
        .call(
            "tournament_correct_registration",
            json!({ "id": id, "entrant": dora, "player": "Doris", "people": "vulca" }),
        )
        .expect("corrected");
    assert_eq!(
        (fixed["name"].clone(), fixed["people"].clone()),
        (json!("Doris"), json!("Vulca"))
    );
    let removed = app
        .call(
            "tournament_unregister",
            json!({ "id": id, "entrant": dora }),
        )
        .expect("removed");
    assert_eq!(removed["name"], "Doris");
    let again = app
        .call(
            "tournament_register",
            json!({ "id": id, "player": "Dora", "people": null }),
        )
        .expect("register");
    entrants.push(again["id"].clone());

    // undo: refused before any round, then the paired round goes away
    let err = app
        .call("tournament_unpair", json!({ "id": id }))
        .expect_err("nothing to undo");
    assert!(err.contains("No round of IPC Cup has been paired"), "{err}");
    pair(&app, &id);
    let undone = app
        .call(
            "tournament_unpair",
            json!({ "id": id, "confirmed": true, "lang": "de" }),
        )
        .expect("unpair");
    assert_eq!(undone["number"], json!(1));
    assert_eq!(undone["message"], json!("Runde 1 wurde zurückgenommen."));
    let detail = app
        .call("tournament_detail", json!({ "id": id }))
        .expect("detail");
    assert_eq!(detail["rounds"], json!([]));

    // a drop is taken back until the next round is paired
    let anna = &entrants[0];
    let err = app
        .call("tournament_undrop", json!({ "id": id, "entrant": anna }))
        .expect_err("not dropped");
    assert!(err.contains("Anna has not dropped"), "{err}");
    let err = app
        .call(
            "tournament_undrop",
            json!({ "id": id, "entrant": anna, "lang": "de" }),
        )
        .expect_err("not dropped");
    assert!(err.contains("Anna ist nicht abgemeldet."), "{err}");
    app.call("tournament_drop", json!({ "id": id, "entrant": anna }))
        .expect("drop");
    let back = app
        .call("tournament_undrop", json!({ "id": id, "entrant": anna }))
        .expect("undrop");
    assert_eq!(back["dropped_after"], Value::Null);

    // a prepared round is published on demand; its clock runs from the service
    let prepared = app
        .call("tournament_prepare", json!({ "id": id }))
        .expect("prepare");
    assert_eq!(prepared["published"], false);
    // the prepared round's slips: every seat's code, with a QR code of the page at the
    // address the organiser will serve (nothing is served yet)
    let slips = app
        .call(
            "tournament_slip_codes",
            json!({ "id": id, "address": "127.0.0.1:8471", "lang": "en" }),
        )
        .expect("slip codes");
    let slips = slips.as_array().expect("codes");
    let players: usize = prepared["tables"]
        .as_array()
        .expect("tables")
        .iter()
        .filter(|t| !t["b"].is_null())
        .count()
        * 2;
    assert_eq!(slips.len(), players);
    for s in slips {
        assert_eq!(s["code"]["code"].as_str().map(str::len), Some(12), "{s}");
        assert!(
            s["qr"]
                .as_str()
                .is_some_and(|q| q.starts_with("data:image/svg+xml")),
            "{s}"
        );
    }
    // without an address there is no QR code, only the code; a bad address is refused
    let bare = app
        .call("tournament_slip_codes", json!({ "id": id }))
        .expect("slip codes");
    assert_eq!(bare[0]["qr"], Value::Null);
    assert_eq!(bare[0]["code"], slips[0]["code"]);
    let err = app
        .call(
            "tournament_slip_codes",
            json!({ "id": id, "address": "the hall", "lang": "de" }),
        )
        .expect_err("not an address");
    assert!(err.contains("ist keine Adresse"), "{err}");
    assert_eq!(
        app.call("tournament_publish", json!({ "id": id }))
            .expect("publish"),
        json!(1)
    );
    // published: the same codes (the slips printed before stay right)
    let after = app
        .call("tournament_slip_codes", json!({ "id": id }))
        .expect("slip codes");
    assert_eq!(after[0]["code"], slips[0]["code"]);
    let clock = app
        .call(
            "tournament_clock_command",
            json!({ "id": id, "action": { "action": "set", "minutes": 45 } }),
        )
        .expect("set");
    assert_eq!(
        (clock["text"].clone(), clock["state"].clone()),
        (json!("45:00"), json!("not_started"))
    );
    let started = app
        .call(
            "tournament_clock_command",
            json!({ "id": id, "action": { "action": "start" } }),
        )
        .expect("start");
    assert_eq!(started["state"], "running");
    let table = app
        .call("tournament_table_clock", json!({}))
        .expect("table clock");
    assert_eq!(
        (table["event_name"].clone(), table["round"].clone()),
        (json!("IPC Cup"), json!(1))
    );
    let err = app
        .call(
            "tournament_clock_command",
            json!({ "id": id, "action": { "action": "start" } }),
        )
        .expect_err("started twice");
    assert!(err.contains("already been started"), "{err}");
    // a length no round has is refused in the interface language, not clamped
    let err = app
        .call(
            "tournament_clock_command",
            json!({ "id": id, "action": { "action": "set", "minutes": 5000 }, "lang": "de" }),
        )
        .expect_err("too long");
    assert!(
        err.contains("Eine Runde dauert 1 bis 1440 Minuten, nicht 5000."),
        "{err}"
    );
}
