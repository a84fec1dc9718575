//! A game played away from the table, recorded into its match (`record_match_game`): who
//! starts it and whether it ends the match are decided on the match as read, so it is recorded
//! only if the match is still as read. Two services on one data folder both read the match
//! while a third writer holds the database, then write one after the other: the second is
//! refused as changed meanwhile, naming the players in the interface language, and writes
//! nothing (without the check both games would be recorded, the second started by the player
//! the first game's loser should have followed).
#![allow(clippy::unwrap_used)] // test helpers

use std::time::Duration;

use tablemate::{ErrorCode, Language, Service};

#[test]
fn a_game_played_away_decided_on_a_match_that_moved_is_refused_naming_the_players() {
    const TRIES: usize = 20;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut setup = Service::open(&data).unwrap();
    let mut first = Service::open(&data).unwrap();
    let mut second = Service::open(&data).unwrap();
    let db = data.join("tablemate.db");
    let mut changed = 0;
    for i in 0..TRIES {
        let m = setup.new_match("Ann", "Ben", false, None).unwrap().id;
        let lang = if i % 2 == 0 {
            Language::En
        } else {
            Language::De
        };
        let holder = rusqlite::Connection::open(&db).unwrap();
        holder.execute_batch("BEGIN IMMEDIATE").unwrap();
        let go = std::sync::Barrier::new(3);
        let record = |svc: &mut Service, winner: &str| {
            go.wait();
            svc.record_match_game(m, winner, 2, 1, 10, ["Vulca", "Hoax"], lang)
        };
        let (a, b) = std::thread::scope(|s| {
            let a = s.spawn(|| record(&mut first, "Ann"));
            let b = s.spawn(|| record(&mut second, "Ben"));
            go.wait();
            std::thread::sleep(Duration::from_millis(3));
            holder.execute_batch("COMMIT").unwrap();
            (a.join().unwrap(), b.join().unwrap())
        });
        let recorded = [&a, &b].iter().filter(|r| r.is_ok()).count();
        for r in [&a, &b] {
            let Err(e) = r else { continue };
            assert_eq!(e.code, ErrorCode::Changed, "try {i}: {e:?}");
            let names = match lang {
                Language::En => "The match of Ann and Ben changed meanwhile",
                Language::De => "Die Partie von Ann und Ben wurde inzwischen geändert",
            };
            assert!(e.message.starts_with(names), "try {i}: {}", e.message);
            changed += 1;
        }
        assert!(recorded >= 1, "try {i}: one of the two is recorded");
        // what was recorded is what was accepted, nothing of the refused one
        let games = setup.match_view_by_id(m).unwrap().games;
        assert_eq!(games.len(), recorded, "try {i}");
    }
    assert!(
        changed > 0,
        "in {TRIES} tries no game met a match changed meanwhile: both were recorded over a \
         match read before the other's game"
    );
}

/// Every refusal of a game played away is worded in the reader's language and names the match
/// by its players (the CLI's user typed a match number; the message never echoes an id), and a
/// refused game leaves the match as it was.
/// A game played away: winner, crystals, dragons, fights, peoples, and the refusal in English
/// and German (its beginning).
type Case<'a> = (&'a str, u8, u8, u32, [&'a str; 2], &'a str, &'a str);

#[test]
fn a_game_played_away_is_refused_in_the_readers_language_naming_the_players() {
    let dir = tempfile::tempdir().unwrap();
    let mut svc = Service::open(dir.path().join("data")).unwrap();
    let m = svc.new_match("Ann", "Ben", false, None).unwrap().id;
    let long = format!("  {}  ", "x".repeat(store::MAX_PEOPLE_CHARS + 1));
    let too_many = store::MAX_FIGHTS + 1;
    let (fights_en, fights_de) = (
        format!(
            "A game has at most {} fights, not {too_many}.",
            store::MAX_FIGHTS
        ),
        format!(
            "Ein Spiel hat höchstens {} Kämpfe, nicht {too_many}.",
            store::MAX_FIGHTS
        ),
    );
    let cases: [Case; 5] = [
        (
            "Carl",
            2,
            1,
            10,
            ["Vulca", "Hoax"],
            "“Carl” does not play in the match of Ann and Ben.",
            "„Carl“ spielt nicht in der Partie von Ann und Ben.",
        ),
        (
            "Ann",
            9,
            1,
            10,
            ["Vulca", "Hoax"],
            "A game scores 1 to 7 crystals, not 9.",
            "Ein Spiel bringt 1 bis 7 Kristalle, nicht 9.",
        ),
        (
            "Ben",
            2,
            4,
            10,
            ["Vulca", "Hoax"],
            "A winner holds 0 to 3 dragons, not 4.",
            "Ein Sieger hat 0 bis 3 Drachen, nicht 4.",
        ),
        (
            "b",
            2,
            1,
            10,
            ["Vulca", &long],
            "A people’s name has 1 to",
            "Ein Volk hat einen Namen von 1 bis",
        ),
        (
            "Ann",
            2,
            1,
            too_many,
            ["Vulca", "Hoax"],
            &fights_en,
            &fights_de,
        ),
    ];
    for (winner, crystals, dragons, fights, people, en, de) in cases {
        for (lang, want) in [(Language::En, en), (Language::De, de)] {
            let e = svc
                .record_match_game(m, winner, crystals, dragons, fights, people, lang)
                .unwrap_err();
            assert_eq!(e.code, ErrorCode::InvalidInput, "{winner}: {e:?}");
            assert!(e.message.starts_with(want), "{lang:?}: {}", e.message);
            // a name far too long is quoted by its beginning only
            assert!(!e.message.contains(&long), "{lang:?}: {}", e.message);
            if people[1] == long {
                let forty = "x".repeat(40);
                assert!(
                    e.message.contains(&format!("{forty}\u{2026}")),
                    "{}",
                    e.message
                );
                assert!(!e.message.contains(&"x".repeat(41)), "{}", e.message);
            }
            for id in [format!("match {m}"), format!("Partie {m}"), format!("#{m}")] {
                assert!(!e.message.contains(&id), "no match id: {}", e.message);
            }
        }
    }
    assert!(
        svc.match_view_by_id(m).unwrap().games.is_empty(),
        "nothing recorded"
    );
    // a match that is over takes no more games, said in German too
    svc.record_match_game(m, "Ann", 5, 3, 10, ["Vulca", "Hoax"], Language::En)
        .unwrap();
    let e = svc
        .record_match_game(m, "Ann", 2, 1, 10, ["Vulca", "Hoax"], Language::De)
        .unwrap_err();
    assert!(
        e.message
            .starts_with("Die Partie von Ann und Ben ist beendet"),
        "{}",
        e.message
    );
}
