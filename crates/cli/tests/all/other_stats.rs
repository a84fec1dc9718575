//! `tablemate whi|stccg|kc stats [--player NAME]` as a player runs it: games played through the
//! CLI, the figures as text and with --json, a player filter, an unknown player refused.

use crate::common;
use common::{json, tablemate};

use std::path::Path;

fn text(data: &Path, args: &[&str]) -> String {
    let o = tablemate(data, args);
    assert!(o.status.success(), "{args:?}: {o:?}");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn whi_stats_count_the_won_game_per_player_deck_and_end() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let new = |players: [&str; 2], decks: [&str; 2]| {
        json(
            d,
            &[
                "game",
                "new",
                "--game",
                "whi",
                "--players",
                players[0],
                players[1],
                "--decks",
                decks[0],
                decks[1],
            ],
        )
    };
    new(["Ann", "Ben"], ["Dwarfs", "Orcs"]);
    json(d, &["whi", "damage", "Ben", "quest", "8"]);
    json(d, &["whi", "damage", "Ben", "kingdom", "8"]);
    // A second game, not finished: not counted.
    new(["Ann", "Cid"], ["Dwarfs", "Empire"]);
    json(d, &["whi", "damage", "Cid", "quest", "8"]);

    let s = json(d, &["whi", "stats"]);
    assert_eq!(s["games"], 1);
    assert_eq!(s["ends"][0]["end"], "zones_burned");
    assert_eq!(s["figure"], "loser_zones_burned");
    assert_eq!(s["average_figure"], 2.0);
    assert_eq!(s["by_player"][0]["name"], "Ann");
    assert_eq!(s["by_player"][0]["win_rate_text"], "100.0%");
    assert_eq!(s["by_matchup"][0]["deck"], "Dwarfs");
    assert_eq!(s["by_matchup"][0]["opponent"], "Orcs");

    let t = text(d, &["whi", "stats"]);
    assert!(t.starts_with("Warhammer: Invasion statistics\n"), "{t}");
    assert!(t.contains("1 finished games (0 tied)"), "{t}");
    assert!(t.contains("zones burned"), "{t}");
    assert!(t.contains("Dwarfs               v Orcs"), "{t}");

    let s = json(d, &["whi", "stats", "--player", "cid"]);
    assert_eq!(s["player"], "Cid");
    assert_eq!(s["games"], 0);
    let o = tablemate(d, &["whi", "stats", "--player", "Zed"]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("Zed"), "{o:?}");
}

#[test]
fn kc_and_stccg_stats_work_before_any_game_and_after_one() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // No game yet: empty statistics, not an error.
    assert_eq!(json(d, &["kc", "stats"])["games"], 0);
    json(
        d,
        &["game", "new", "--game", "kc", "--players", "Ann", "Ben"],
    );
    json(d, &["kc", "play", "Ann", "amazon"]);
    json(d, &["kc", "won", "Ann", "--by", "checkmate"]);
    let s = json(d, &["kc", "stats"]);
    assert_eq!(s["games"], 1);
    assert_eq!(s["figure"], "cards_played");
    assert_eq!(s["average_figure"], 1.0);
    assert_eq!(s["ends"][0]["end"], "checkmate");

    json(
        d,
        &[
            "game",
            "new",
            "--game",
            "stccg",
            "--players",
            "Kirk",
            "Picard",
        ],
    );
    json(d, &["stccg", "score", "Kirk", "100", "--reason", "mission"]);
    let s = json(d, &["stccg", "stats"]);
    assert_eq!(s["average_figure"], 100.0);
    assert_eq!(s["ends"][0]["end"], "points");
    assert!(text(d, &["stccg", "stats"]).contains("winning score: 100 on average"));
}
