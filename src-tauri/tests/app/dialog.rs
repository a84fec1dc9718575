//! A tournament's export and import through the app's file dialogs, with the test seam standing
//! in for the person's choice (`TABLEMATE_TEST_DIALOG_PATH`, honoured in debug builds only): the
//! page sends no path, and cannot call the dialog or file-system plugins itself.

use crate::common;

use serde_json::json;
use tablemate_app_lib::dialog::TEST_DIALOG_ENV;

#[test]
fn export_and_import_go_through_the_dialog_and_the_page_gets_no_plugin() {
    let chosen = tempfile::tempdir().expect("temp dir");
    let folder = chosen.path().join("winter cup");
    // read once when the app starts; set while this test holds the app (the environment is
    // the process's), taken away when it ends
    let app = common::TestApp::start_with(&[(TEST_DIALOG_ENV, folder.as_os_str())]);

    let event = app
        .call(
            "tournament_create",
            json!({ "event": { "name": "Winter Cup", "date": "2026-12-05", "format": "round_robin",
                "rounds": null, "top_cut": null, "first_round": null, "seed": null } }),
        )
        .expect("create");
    let id = event["id"].as_i64().expect("id");
    for player in ["Ann", "Ben", "Cleo"] {
        app.call(
            "tournament_register",
            json!({ "id": id, "player": player, "people": null }),
        )
        .expect("register");
    }

    // the export goes where the dialog says, not into the data folder
    let exported = app
        .call("tournament_export", json!({ "id": id, "lang": "de" }))
        .expect("export");
    assert_eq!(exported["folder"], json!(folder.display().to_string()));
    let written = std::fs::read_to_string(folder.join("event.json")).expect("event.json");
    assert!(written.contains("Winter Cup"), "{written}");
    let entrants = std::fs::read_to_string(folder.join("entrants.csv")).expect("entrants.csv");
    assert!(entrants.contains("Cleo"), "{entrants}");
    for file in ["rounds.csv", "corrections.csv"] {
        let text = std::fs::read_to_string(folder.join(file)).expect(file);
        assert!(text.starts_with("round,"), "{file}: {text}");
    }
    assert!(!app.dir.path().join("exports").exists());

    // an export of an event that does not exist is refused before any dialog or write
    let missing = app
        .call("tournament_export", json!({ "id": id + 100 }))
        .expect_err("no such event");
    assert!(!missing.is_empty());

    // the import reads the chosen folder's event.json: a second event with the same players
    let imported = app
        .call("tournament_import", json!({ "lang": "en" }))
        .expect("import");
    assert_eq!(imported["name"], json!("Winter Cup"));
    assert_ne!(imported["id"], json!(id));
    assert_eq!(imported["players"], json!(3));
    let list = app.call("tournament_list", json!({})).expect("list");
    assert_eq!(list.as_array().expect("events").len(), 2);

    // a path sent by the page is not an argument any more: the dialog's answer is used
    let again = app
        .call("tournament_import", json!({ "path": "/dev/zero" }))
        .expect("import ignores a page's path");
    assert_eq!(again["name"], json!("Winter Cup"));

    // players from a CSV: the chosen folder's players.csv (a spreadsheet's list) makes a new
    // event; the event's details are refused before any dialog, a bad list names its line
    let sheet = |name: &str| {
        json!({ "event": { "name": name, "date": "2026-12-06", "format": "swiss", "rounds": 3,
                "top_cut": null, "first_round": null, "seed": null }, "lang": "de" })
    };
    std::fs::write(
        folder.join(tablemate_app_lib::dialog::PLAYERS_FILE),
        "player,people\nDora,Vulca\nEmil,\nFina,Mimix\nGero,\n",
    )
    .expect("players.csv");
    let from_sheet = app
        .call("tournament_import_players", sheet("Sheet Cup"))
        .expect("players import");
    assert_eq!(from_sheet["name"], json!("Sheet Cup"));
    assert_eq!(from_sheet["players"], json!(4));
    assert_eq!(from_sheet["rounds_paired"], json!(0));
    let mut bad_date = sheet("Date Cup");
    bad_date["event"]["date"] = json!("6.12.2026");
    let refused = app
        .call("tournament_import_players", bad_date)
        .expect_err("a bad date");
    assert!(refused.contains("6.12.2026"), "{refused}");
    std::fs::write(
        folder.join(tablemate_app_lib::dialog::PLAYERS_FILE),
        "player\nDora\ndora\n",
    )
    .expect("players.csv");
    let refused = app
        .call("tournament_import_players", sheet("Twice Cup"))
        .expect_err("a name twice");
    assert!(
        refused.contains("entrants.csv Zeile 3") && refused.contains("nichts importiert"),
        "{refused}"
    );
    let list = app.call("tournament_list", json!({})).expect("list");
    assert_eq!(list.as_array().expect("events").len(), 4);

    // The plugins' own commands are refused by the ACL ("… not allowed"): the dialog plugin is
    // in the app (its permissions exist, none is granted), the fs plugin is not in it at all.
    // Each message is Tauri's own for that case, so a grant or a new plugin shows up here.
    for (cmd, body, refusal) in [
        (
            "plugin:dialog|open",
            json!({ "options": {} }),
            "dialog.open not allowed. Permissions associated with this command:",
        ),
        (
            "plugin:dialog|save",
            json!({ "options": {} }),
            "dialog.save not allowed. Permissions associated with this command:",
        ),
        (
            "plugin:fs|read_file",
            json!({ "path": "/etc/passwd" }),
            "fs.read_file not allowed. Plugin not found",
        ),
    ] {
        let refused = app.call(cmd, body).expect_err(cmd);
        // A debug build words why (the permissions it lacks, or that the plugin is not in the
        // app); a build without debug assertions (CI's `dist` profile) says only that the ACL
        // refuses that command. Either way it is the ACL's refusal of exactly this command.
        let acl = format!("Command {cmd} not allowed by ACL");
        assert!(
            refused.contains(refusal) || refused.contains(&acl),
            "{cmd}: {refused}"
        );
    }
}
