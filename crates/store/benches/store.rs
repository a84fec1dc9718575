//! Targets: listing 10,000 stored games under 100 ms; appending an event under 1 ms including the
//! commit (on a file database, WAL, synchronous = NORMAL as the store runs); pairing + standings
//! through the store. "append one event, synchronous = FULL" measures what FULL would cost (see
//! README.md, "Durability", for which the store runs and why).
#![allow(clippy::unwrap_used)]

#[path = "../tests/support/decide.rs"]
mod decide;
use criterion::{criterion_group, criterion_main, Criterion};
use decide::Decide;
use std::hint::black_box;
use store::{FirstRound, Format, GameFilter, NewGame, NewTournament, Store};

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tablemate.db");
    let mut s = Store::open(&path).unwrap().store;
    let players: Vec<_> = (0..20)
        .map(|i| s.add_player(&format!("Player {i}")).unwrap())
        .collect();
    drop(s);
    // Fill 10,000 games in one transaction (through the API this would be 30,000 synced commits,
    // which measures the disk, not the listing).
    {
        let mut raw = rusqlite::Connection::open(&path).unwrap();
        let tx = raw.transaction().unwrap();
        let peoples = [
            "Vulca", "Hoax", "Mimix", "Flit", "Khind", "Terrah", "Pillar", "Aqua",
        ];
        for i in 0..10_000usize {
            let (a, b) = (players[i % 20].0, players[(i + 1 + (i / 20) % 19) % 20].0);
            let finished = i % 10 != 0;
            let stamp = format!("2026-01-01T00:00:00.{i:06}Z");
            tx.execute("INSERT INTO game_logs DEFAULT VALUES", [])
                .unwrap();
            let log = tx.last_insert_rowid();
            tx.execute(
                "INSERT INTO games (player_a, player_b, people_a, people_b, first_player,
                                    created_at, updated_at, finished_at, winner, crystals,
                                    dragons, fights, log_id)
                 VALUES (?1, ?2, ?3, ?4, 'A', ?5, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                rusqlite::params![
                    a,
                    b,
                    peoples[i % 8],
                    peoples[(i / 8) % 8],
                    stamp,
                    finished.then_some(&stamp),
                    finished.then_some(if i % 3 == 0 { "B" } else { "A" }),
                    finished.then_some((i % 4 + 1) as i64),
                    finished.then_some((i % 4) as i64),
                    finished.then_some((i % 9) as i64),
                    log,
                ],
            )
            .unwrap();
            for seq in 1..=20 {
                tx.execute(
                    "INSERT INTO log_events (log_id, seq, payload, created_at)
                     VALUES (?1, ?2, '{\"kind\":\"play\"}', ?3)",
                    rusqlite::params![log, seq, stamp],
                )
                .unwrap();
            }
        }
        tx.commit().unwrap();
    }
    let mut s = Store::open(&path).unwrap().store;
    c.bench_function("list 10,000 games", |b| {
        b.iter(|| {
            let all = s.list_games(black_box(&GameFilter::default())).unwrap();
            assert_eq!(all.len(), 10_000);
        })
    });
    c.bench_function("statistics over 9,000 finished games", |b| {
        b.iter(|| s.statistics(None).unwrap())
    });
    let g = s
        .create_game(&NewGame {
            players: [players[0], players[1]],
            people: ["Vulca".into(), "Hoax".into()],
            first: None,
            match_id: None,
        })
        .unwrap();
    // each append raises the game's revision by one: the next decision is made on that one
    let mut revision = s.game(g).unwrap().revision;
    c.bench_function("append one event (with commit)", |b| {
        b.iter(|| {
            s.append(
                g,
                revision,
                black_box(r#"{"kind":"play","card":"vulca-07","area":"combat"}"#),
                store::Outcome::Playing,
            )
            .unwrap();
            revision += 1;
        })
    });

    // The same append on a second connection switched to FULL, on a game of its own (the
    // connections take turns on the file; nothing else writes while one is measured).
    let full = Store::open(&path).unwrap().store;
    full.sync_every_commit().unwrap();
    assert_eq!(full.settings().unwrap().synchronous, "2", "FULL");
    assert_eq!(s.settings().unwrap().synchronous, "1", "NORMAL");
    let mut full = full;
    let g_full = full
        .create_game(&NewGame {
            players: [players[2], players[3]],
            people: ["Flit".into(), "Aqua".into()],
            first: None,
            match_id: None,
        })
        .unwrap();
    let mut revision_full = full.game(g_full).unwrap().revision;
    c.bench_function("append one event, synchronous = FULL (with commit)", |b| {
        b.iter(|| {
            full.append(
                g_full,
                revision_full,
                black_box(r#"{"kind":"play","card":"vulca-07","area":"combat"}"#),
                store::Outcome::Playing,
            )
            .unwrap();
            revision_full += 1;
        })
    });
    drop(full);

    let t = s
        .create_tournament(&NewTournament {
            name: "Bench".into(),
            date: "2026-11-22".into(),
            format: Format::Swiss {
                rounds: 7,
                top_cut: None,
            },
            first_round: FirstRound::Random,
            seed: Some(1),
            decks_required: false,
        })
        .unwrap();
    for i in 0..64 {
        let p = s.player_named(&format!("Entrant {i}")).unwrap();
        s.register(t, p, None).unwrap();
    }
    for _ in 0..6 {
        let round = s.pair_next_round(t).unwrap();
        for x in &round.tables {
            if let Some(b) = x.b {
                let w = x.a.min(b);
                let (ca, cb) = if w == x.a { (5, 2) } else { (2, 5) };
                s.record_result(
                    t,
                    &s.event_state(t).unwrap(),
                    round.number,
                    x.table,
                    w,
                    ca,
                    cb,
                )
                .unwrap();
            }
        }
    }
    c.bench_function("store: standings of 64 players after 6 rounds", |b| {
        b.iter(|| s.standings(t).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
