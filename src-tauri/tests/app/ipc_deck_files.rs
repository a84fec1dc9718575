//! A deck's list exported to a file and imported from one through the app's file dialogs, the
//! test seam standing in for the person's choice (`TABLEMATE_TEST_DIALOG_PATH`): the page sends
//! no path.

use crate::common;

use serde_json::json;
use tablemate_app_lib::dialog::{DECK_FILE, TEST_DIALOG_ENV};

#[test]
fn a_deck_goes_to_a_file_and_comes_back_from_one() {
    let chosen = tempfile::tempdir().expect("temp dir");
    // read once when the app starts: set for this app only (the environment is the process's)
    let app = common::TestApp::start_with(&[(TEST_DIALOG_ENV, chosen.path().as_os_str())]);
    let made = app
        .call(
            "deck_new",
            json!({"name": "Fire/Wall", "people": "Vulca", "inquisitor": "Razor-Mind",
                   "emissariesInquisitors": true, "buka": false, "lang": "en"}),
        )
        .expect("deck_new");
    app.call(
        "deck_change",
        json!({"name": "Fire/Wall", "revision": made["revision"], "change": "add",
               "cards": ["Tittertweet", "V03"], "lang": "en"}),
    )
    .expect("deck_change");

    // the file is named after the deck, the slash no file system takes replaced
    let written = app
        .call(
            "deck_export_file",
            json!({"name": "fire/wall", "lang": "en"}),
        )
        .expect("export");
    let path = chosen.path().join("Fire_Wall.txt");
    assert_eq!(written, json!(path.display().to_string()));
    let list = std::fs::read_to_string(&path).expect("the list");
    assert!(list.contains("Flit 07"), "{list}");
    assert!(list.contains("Razor-Mind"), "{list}");

    // a deck that does not exist is refused before any dialog or write, in German
    let missing = app
        .call("deck_export_file", json!({"name": "Ice", "lang": "de"}))
        .expect_err("no such deck");
    assert!(missing.contains("Ice"), "{missing}");

    // read back under the list's own name, after the deck was deleted
    let shown = app
        .call("deck_view", json!({"name": "Fire/Wall", "lang": "en"}))
        .expect("view");
    app.call(
        "deck_delete",
        json!({"name": "Fire/Wall", "revision": shown["revision"], "lang": "en"}),
    )
    .expect("delete");
    std::fs::copy(&path, chosen.path().join(DECK_FILE)).expect("copy");
    let back = app
        .call("deck_import_file", json!({"lang": "en"}))
        .expect("import");
    assert_eq!(back["name"], "Fire/Wall");
    assert_eq!(back["cards"], shown["cards"]);
    assert_eq!(back["inquisitor"]["id"], "inq-412");

    // a file that is not text is refused, naming it, and nothing is stored
    std::fs::write(chosen.path().join(DECK_FILE), [0xff, 0xfe, 0x00]).expect("write");
    let refused = app
        .call("deck_import_file", json!({"lang": "de"}))
        .expect_err("not text");
    assert!(refused.contains("keine Textdatei"), "{refused}");
    assert_eq!(
        app.call("deck_list", json!({}))
            .expect("list")
            .as_array()
            .map(Vec::len),
        Some(1)
    );
}
