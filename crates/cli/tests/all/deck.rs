//! `tablemate deck …`: a deck built, shown, exported and imported by the real binary.
#![allow(clippy::unwrap_used)] // test helpers

use crate::common;

use common::{json, tablemate};

#[test]
fn build_show_export_and_import_a_deck() {
    let data = tempfile::tempdir().unwrap();
    let d = data.path();
    json(d, &["deck", "new", "Fire Wall", "--people", "vulca"]);
    let mut args = vec!["deck", "add", "Fire Wall"];
    let own = own_vulca();
    args.extend(own.iter().map(String::as_str));
    let partial = json(d, &args);
    assert_eq!(partial["cards_used"], 29);
    assert_eq!(partial["legal"], false);

    let full = json(d, &["deck", "add", "Fire Wall", "Tittertweet"]);
    assert_eq!(full["legal"], true, "{full}");
    assert_eq!(full["moons_used"], 2);

    let shown = tablemate(d, &["deck", "show", "fire wall"]);
    let text = String::from_utf8(shown.stdout).unwrap();
    assert!(text.contains("cards: 30 of 30   moons: 2 of 10"), "{text}");
    assert!(text.contains("Tittertweet [Flit 07]  2 moons"), "{text}");
    assert!(text.trim_end().ends_with("legal"), "{text}");

    let exported = tablemate(d, &["deck", "export", "Fire Wall"]);
    assert!(exported.status.success());
    let file = d.join("fire-wall.txt");
    std::fs::write(&file, &exported.stdout).unwrap();
    let copy = json(
        d,
        &["deck", "import", file.to_str().unwrap(), "--name", "Copy"],
    );
    assert_eq!(copy["cards"], full["cards"]);
    let list = json(d, &["deck", "list"]);
    assert_eq!(list.as_array().unwrap().len(), 2);
}

#[test]
fn refusals_exit_1_with_the_reason() {
    let data = tempfile::tempdir().unwrap();
    let d = data.path();
    let o = tablemate(d, &["deck", "new", "X", "--people", "Vulka"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("Did you mean Vulca?"));
    json(d, &["deck", "new", "X", "--people", "Vulca"]);
    let o = tablemate(d, &["deck", "remove", "X", "Tittertweet"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("Tittertweet [Flit 07] is not in the deck X"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let o = tablemate(d, &["deck", "show", "Y"]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn a_game_with_a_constructed_deck_plays_its_bought_card_quietly() {
    let data = tempfile::tempdir().unwrap();
    let d = data.path();
    json(d, &["deck", "new", "Fire Wall", "--people", "Vulca"]);
    let mut args = vec!["deck", "add", "Fire Wall", "Tittertweet"];
    let own: Vec<String> = (1..=30)
        .filter(|n| *n != 17)
        .map(|n| format!("V{n}"))
        .collect();
    args.extend(own.iter().map(String::as_str));
    assert_eq!(json(d, &args)["legal"], true);
    json(
        d,
        &[
            "game",
            "new",
            "Ann",
            "Ben",
            "--deck-a",
            "Fire Wall",
            "--people-b",
            "Hoax",
        ],
    );
    // without --confirm a warned play is refused: Tittertweet is in Ann's deck, so it is not
    let played = tablemate(d, &["game", "play", "A", "Tittertweet"]);
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    json(d, &["game", "element", "A", "fire"]);
    json(d, &["game", "pass", "A"]);
    let refused = tablemate(d, &["game", "play", "B", "Tittertweet"]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("Hoax"),
        "{}",
        String::from_utf8_lossy(&refused.stderr)
    );
}

/// Vulca's own 29 cards but Vulca 17 (`V1` … `V30`), as typed.
fn own_vulca() -> Vec<String> {
    (1..=30)
        .filter(|n| *n != 17)
        .map(|n| format!("V{n}"))
        .collect()
}

/// The legal 30-card Vulca deck `name` with Tittertweet bought.
fn legal_vulca(d: &std::path::Path, name: &str) {
    json(d, &["deck", "new", name, "--people", "vulca"]);
    let mut args = vec!["deck", "add", name, "Tittertweet"];
    let own = own_vulca();
    args.extend(own.iter().map(String::as_str));
    json(d, &args);
}

/// A round-robin event `name` on `date` (and `more` options), as `tournament new` prints it.
fn round_robin(d: &std::path::Path, name: &str, date: &str, more: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "tournament",
        "new",
        "--name",
        name,
        "--date",
        date,
        "--format",
        "round_robin",
    ];
    args.extend(more);
    json(d, &args)
}

/// `tournament register … --deck`, `tournament deck`, `tournament deck-sheets` and the deck
/// statistics of `stats`, by the real binary.
#[test]
fn a_deck_registered_at_a_tournament_and_its_sheet() {
    let data = tempfile::tempdir().unwrap();
    let d = data.path();
    legal_vulca(d, "Fire Wall");
    json(d, &["deck", "new", "Draft", "--people", "vulca"]);
    round_robin(d, "Winter Cup", "2026-12-05", &[]);
    // a draft is refused before anyone is registered
    let o = tablemate(
        d,
        &[
            "tournament",
            "register",
            "Winter Cup",
            "Ann",
            "--deck",
            "Draft",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not legal yet"));
    let shown = json(d, &["tournament", "show", "Winter Cup"]);
    assert_eq!(shown["entrants"].as_array().unwrap().len(), 0, "{shown}");
    json(
        d,
        &[
            "tournament",
            "register",
            "Winter Cup",
            "Ann",
            "--deck",
            "Fire Wall",
        ],
    );
    json(d, &["tournament", "register", "Winter Cup", "Ben"]);
    let decks = json(d, &["tournament", "deck", "Winter Cup", "Ben", "--none"]);
    assert_eq!(decks[0]["player"], "Ann");
    let sheets = tablemate(d, &["tournament", "deck-sheets", "Winter Cup"]);
    let text = String::from_utf8(sheets.stdout).unwrap();
    assert!(
        text.contains("Player: Ann\nDeck: Fire Wall (Vulca)"),
        "{text}"
    );
    assert!(text.contains("Tittertweet [Flit 07]"), "{text}");
    json(d, &["tournament", "pair", "Winter Cup"]);
    let o = tablemate(d, &["tournament", "deck", "Winter Cup", "Ann", "Draft"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("Ann's deck registration is frozen"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// With the settings' language German, the deck commands print and refuse in German, and a
/// `register --deck` refused registers nobody and says so.
#[test]
fn deck_commands_speak_german_and_a_refused_register_deck_registers_nobody() {
    let data = tempfile::tempdir().unwrap();
    let d = data.path();
    json(d, &["settings", "--language", "de"]);
    legal_vulca(d, "Feuerwand");
    let shown = tablemate(d, &["deck", "show", "Feuerwand"]);
    let text = String::from_utf8(shown.stdout).unwrap();
    assert!(
        text.contains("Karten: 30 von 30   Monde: 2 von 10"),
        "{text}"
    );
    assert!(text.contains("  2 Monde"), "{text}");
    assert!(text.contains("frei (eigenes Volk)"), "{text}");
    assert!(text.trim_end().ends_with("gültig"), "{text}");
    let list = tablemate(d, &["deck", "list"]);
    let text = String::from_utf8(list.stdout).unwrap();
    assert!(text.contains("30/30 Karten  2/10 Monde  gültig"), "{text}");
    let o = tablemate(
        d,
        &["deck", "remove", "Feuerwand", "Heroine of the Great Plains"],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("ist nicht im Deck Feuerwand"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    round_robin(d, "Wintercup", "2026-12-05", &[]);
    // a Hoax registration with a Vulca deck: refused as a whole, in German
    let o = tablemate(
        d,
        &[
            "tournament",
            "register",
            "Wintercup",
            "Ann",
            "--people",
            "Hoax",
            "--deck",
            "Feuerwand",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    let said = String::from_utf8_lossy(&o.stderr);
    assert!(
        said.contains(
            "Ann ist nicht für Wintercup angemeldet, auch das Deck nicht: Anns Deck „Feuerwand“ \
             ist ein Vulca-Deck, kein Hoax-Deck."
        ),
        "{said}"
    );
    let shown = json(d, &["tournament", "show", "Wintercup"]);
    assert_eq!(shown["entrants"].as_array().unwrap().len(), 0, "{shown}");
    let o = tablemate(
        d,
        &[
            "tournament",
            "register",
            "Wintercup",
            "Ann",
            "--deck",
            "Feuerwand",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let decks = tablemate(d, &["tournament", "deck", "Wintercup", "Ann", "Feuerwand"]);
    let text = String::from_utf8(decks.stdout).unwrap();
    assert!(
        text.contains("Ann: Feuerwand (Vulca, 30/30 Karten, 2/10 Monde)"),
        "{text}"
    );
    let shown = json(d, &["tournament", "show", "Wintercup"]);
    assert_eq!(shown["entrants"][0]["people"], "Vulca", "{shown}");
}

/// `tournament new --require-decks`: `tournament show` says so and names who has no deck yet;
/// `tournament pair` refuses round 1 naming them, and pairs once every deck is registered.
#[test]
fn an_event_requiring_deck_lists_pairs_round_1_only_with_every_deck() {
    let data = tempfile::tempdir().unwrap();
    let d = data.path();
    let help = tablemate(d, &["tournament", "new", "--help"]);
    assert!(
        String::from_utf8_lossy(&help.stdout).contains("--require-decks"),
        "the option is in --help"
    );
    legal_vulca(d, "Fire Wall");
    let made = round_robin(d, "Deck Cup", "2026-12-06", &["--require-decks"]);
    assert_eq!(made["decks_required"], true);
    json(
        d,
        &[
            "tournament",
            "register",
            "Deck Cup",
            "Ann",
            "--deck",
            "Fire Wall",
        ],
    );
    json(d, &["tournament", "register", "Deck Cup", "Ben"]);
    let shown = tablemate(d, &["tournament", "show", "Deck Cup"]);
    let text = String::from_utf8(shown.stdout).unwrap();
    assert!(
        text.contains("deck lists required; no deck registered yet: Ben\n"),
        "{text}"
    );
    let o = tablemate(d, &["tournament", "pair", "Deck Cup"]);
    assert_eq!(o.status.code(), Some(1));
    let said = String::from_utf8_lossy(&o.stderr);
    assert!(
        said.contains("the event requires deck lists, and Ben has registered no deck"),
        "{said}"
    );
    json(d, &["tournament", "deck", "Deck Cup", "Ben", "Fire Wall"]);
    let round = json(d, &["tournament", "pair", "Deck Cup"]);
    assert_eq!(round["number"], 1, "{round}");
}
