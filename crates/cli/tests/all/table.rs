//! The verbs every table has (`cmd/table.rs`) behave alike for every game: the same test runs
//! new, show, undo, redo and abandon (text and --json) on a Blue Moon game and on a Warhammer:
//! Invasion game, through each game's own family (`tablemate game …`, `tablemate whi …`).

use crate::common;
use common::{json, new_vulca_hoax, refused, tablemate, text};

use serde_json::Value;
use std::path::Path;

/// One game's way to the shared verbs.
struct Kind {
    title: &'static str,
    /// Starts a game of Ann against Ben (`game new …`): its table as JSON.
    new: fn(&Path) -> Value,
    /// The family the game's verbs are under.
    family: &'static str,
    /// One action of the game's own, to take back and put back.
    action: &'static [&'static str],
    /// Whether `abandon --confirm` ends the game (Blue Moon's rules) or is refused.
    abandons: bool,
}

const KINDS: [Kind; 2] = [
    Kind {
        title: "Blue Moon",
        new: new_vulca_hoax,
        family: "game",
        action: &["game", "play", "Ann", "V02"],
        abandons: true,
    },
    Kind {
        title: "Warhammer: Invasion",
        new: |d| {
            json(
                d,
                &["game", "new", "--game", "whi", "--players", "Ann", "Ben"],
            )
        },
        family: "whi",
        action: &["whi", "damage", "Ben", "quest", "3"],
        abandons: false,
    },
];

#[test]
fn new_show_undo_redo_and_abandon_behave_alike_for_every_game() {
    for k in &KINDS {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let verb = |v: &'static str| [k.family, v];
        let started = (k.new)(d);
        let id = started["id"].as_i64().expect("the game's number");
        let revision = |v: &Value| v["revision"].as_u64().expect("a revision");

        // show: the table `new` printed, as JSON and under the shared header as text
        assert_eq!(json(d, &verb("show")), started, "{}", k.title);
        let header = format!("game {id}: {} – Ann vs Ben – playing\n", k.title);
        let shown = text(d, &verb("show"));
        assert!(shown.starts_with(&header), "{}: {shown}", k.title);
        assert_eq!(shown.matches(&header).count(), 1, "the header once");

        // undo before any action: refused, nothing written
        let why = refused(d, &verb("undo"));
        assert!(!why.is_empty(), "{}", k.title);
        assert_eq!(json(d, &verb("show")), started, "{}", k.title);

        // an action; undo takes it back, redo puts it back, each a write of its own
        let acted = json(d, k.action);
        assert!(revision(&acted) > revision(&started), "{}", k.title);
        let after_action = text(d, &verb("show"));
        assert_ne!(after_action, shown, "{}", k.title);
        let undone = json(d, &verb("undo"));
        assert!(revision(&undone) > revision(&acted), "{}", k.title);
        assert_eq!(text(d, &verb("show")), shown, "{}: undone", k.title);
        let redone = json(d, &[k.family, "redo", "--game", &id.to_string()]);
        assert!(revision(&redone) > revision(&undone), "{}", k.title);
        assert_eq!(text(d, &verb("show")), after_action, "{}: redone", k.title);
        let why = refused(d, &verb("redo"));
        assert!(!why.is_empty(), "{}: nothing left to redo", k.title);

        // abandon without --confirm: refused, nothing written, in every game
        let before = json(d, &verb("show"));
        let why = refused(d, &verb("abandon"));
        assert!(!why.is_empty(), "{}", k.title);
        assert_eq!(json(d, &verb("show")), before, "{}", k.title);
        // confirmed: Blue Moon's rules end the game without a result; the other games end
        // by their own events, and the refusal says so
        let o = tablemate(d, &[k.family, "abandon", "--confirm"]);
        let said = String::from_utf8_lossy(&o.stdout);
        let err = String::from_utf8_lossy(&o.stderr);
        if k.abandons {
            assert_eq!(o.status.code(), Some(0), "{}: {err}", k.title);
            let header = format!("game {id}: {} – Ann vs Ben – abandoned\n", k.title);
            assert!(said.starts_with(&header), "{}: {said}", k.title);
        } else {
            assert_eq!(o.status.code(), Some(1), "{}: {said}", k.title);
            assert!(err.contains("ends by its own rules"), "{}: {err}", k.title);
            assert_eq!(json(d, &verb("show")), before, "{}", k.title);
        }

        // the game is in its family's list
        let list = json(d, &verb("list"));
        assert_eq!(list[0]["id"], id, "{}: {list}", k.title);
    }
}
