//! What the table screen asks of the service when a card is entered, on a game in mid-fight
//! after 60 events (twelve fights, then the end-to-end script's Vulca vs Hoax table): `table_enter`, the one call the window makes,
//! and its parts: the preview (area, target, warnings; of a card warned, so not played), the play itself (append + the new table
//! view; undone again to keep the table the same), and the rulings prompt. Target (issue #6):
//! card picked → totals and rulings shown under 50 ms, of which these calls are the service's
//! part.

use cards::{Game, GameRef};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use tablemate::game::{ElementName, GameAction, PlayRequest, Seat};
use tablemate::othergames::OtherAction;
use tablemate::table::{Board, CardEntry, EntryFront, NewTable, TableAction, TableAt};
use tablemate::{Language, Service};

fn req(card: &str, player: Seat) -> PlayRequest {
    PlayRequest {
        player,
        card: card.into(),
        target: None,
        face_down: false,
    }
}

fn table(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut svc = Service::open(dir.path().join("data")).expect("service");
    let id = svc
        .table_new(&NewTable::ann_and_ben(Game::BlueMoon), Language::En)
        .expect("game")
        .header
        .game
        .id;
    let at = TableAt::from(GameRef::new(Game::BlueMoon, id));
    let act = |svc: &mut Service, a: GameAction| {
        let action = TableAction::BlueMoon(a);
        svc.table_act(at, &action, Language::En).expect("action");
    };
    // the command line's play (no rulings prompt), as the log was built before
    let cli_entry = |request: PlayRequest| CardEntry::BlueMoon {
        request,
        confirmed: true,
    };
    let play = |svc: &mut Service, request: PlayRequest| {
        let played = svc.table_enter(
            at,
            &cli_entry(request),
            EntryFront::CommandLine,
            Language::En,
        );
        played.expect("play");
    };
    // Twelve fights of five events each (character, element, pass, answer, retreat), the
    // retreats alternating so the dragons swing back and forth: a 60-event log to replay.
    let fights = [
        ("V04", Seat::A, "H03", Seat::B),
        ("H02", Seat::B, "V05", Seat::A),
    ];
    for k in 0..12 {
        let (card, starter, answer, other) = fights[k % 2];
        play(&mut svc, req(card, starter));
        act(
            &mut svc,
            GameAction::ChooseElement {
                player: starter,
                element: ElementName::Earth,
            },
        );
        act(
            &mut svc,
            GameAction::Pass {
                player: starter,
                confirmed: true,
            },
        );
        play(&mut svc, req(answer, other));
        act(
            &mut svc,
            GameAction::Retreat {
                player: other,
                forced: false,
                dragon_cancelled: false,
            },
        );
    }
    let view = svc.table_view(at.game, Language::En).expect("view");
    assert!(matches!(view.board, Board::BlueMoon(v) if v.events == 61));
    play(&mut svc, req("V02", Seat::A));
    act(
        &mut svc,
        GameAction::ChooseElement {
            player: Seat::A,
            element: ElementName::Fire,
        },
    );
    act(
        &mut svc,
        GameAction::Pass {
            player: Seat::A,
            confirmed: true,
        },
    );
    play(&mut svc, req("Wogarathoras", Seat::B));
    play(&mut svc, req("H19", Seat::B));
    act(
        &mut svc,
        GameAction::Pass {
            player: Seat::B,
            confirmed: true,
        },
    );
    let mut gauntlets = req("Volcanic Gauntlets", Seat::A);
    gauntlets.target = Some("vulca-02".into());
    play(&mut svc, gauntlets);
    play(&mut svc, req("Flickering Fires", Seat::A));
    act(
        &mut svc,
        GameAction::Pass {
            player: Seat::A,
            confirmed: true,
        },
    );
    // the rulings index is built on first use: not part of the figures
    svc.table_prompts(at.game, "Enthrall Opposition", Language::En, Some(6))
        .expect("prompts");

    let enthrall = req("Enthrall Opposition", Seat::B);
    let enthrall_cli = cli_entry(enthrall.clone());
    // the preview alone: a card outside Ben's people is warned, so `table_enter` unconfirmed
    // stops after the preview and writes nothing
    let warned = CardEntry::BlueMoon {
        request: req("V03", Seat::B),
        confirmed: false,
    };
    let previewed = svc
        .table_enter(at, &warned, EntryFront::Window, Language::En)
        .expect("preview");
    assert!(previewed.table.is_none(), "{:?}", previewed.preview);
    c.bench_function("table: preview a card", |b| {
        b.iter(|| {
            black_box(
                svc.table_enter(at, &warned, EntryFront::Window, Language::En)
                    .expect("preview"),
            )
        })
    });
    c.bench_function("table: play a card (and undo it)", |b| {
        b.iter(|| {
            // the command line's play: no rulings prompt
            let played = svc.table_enter(at, &enthrall_cli, EntryFront::CommandLine, Language::En);
            black_box(played.expect("play"));
            svc.table_undo(at, Language::En).expect("undo");
        })
    });
    // the window's one call (`tablemate::table`)
    let entry = CardEntry::BlueMoon {
        request: enthrall.clone(),
        confirmed: true,
    };
    c.bench_function(
        "table: enter a card through table_enter (and undo it)",
        |b| {
            b.iter(|| {
                let out = svc
                    .table_enter(at, &entry, EntryFront::Window, Language::En)
                    .expect("enter");
                black_box(out.table.expect("played"));
                svc.table_undo(at, Language::En).expect("undo");
            })
        },
    );
    c.bench_function("table: rulings prompt", |b| {
        b.iter(|| {
            black_box(
                svc.table_prompts(at.game, "hoax-28", Language::En, Some(6))
                    .expect("prompts"),
            )
        })
    });
    c.bench_function("table: view", |b| {
        b.iter(|| black_box(svc.table_view(at.game, Language::En).expect("view")))
    });
}

/// The Games screen's one call when a card enters a Warhammer: Invasion game of 60 events
/// (`table_enter`: one load, the engine's check, the rulings prompt, one append; undone again
/// to keep the game the same).
fn other_table(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut svc = Service::open(dir.path().join("data")).expect("service");
    let id = svc
        .table_new(
            &NewTable::ann_and_ben(Game::WarhammerInvasion),
            Language::En,
        )
        .expect("game")
        .header
        .game
        .id;
    let at = TableAt::from(GameRef::new(Game::WarhammerInvasion, id));
    let action = |json: serde_json::Value| -> OtherAction {
        serde_json::from_value(serde_json::json!({ "game": "whi", "event": json })).expect("action")
    };
    for turn in 0..30 {
        let player = if turn % 2 == 0 { "A" } else { "B" };
        for ev in [
            serde_json::json!({"type": "resources_collected", "player": player, "amount": 3}),
            serde_json::json!({"type": "turn_ended", "player": player}),
        ] {
            let act = TableAction::Other(action(ev));
            svc.table_act(at, &act, Language::En).expect("act");
        }
    }
    let grimgor = action(serde_json::json!({
        "type": "card_played", "player": "A", "card": "Grimgor Ironhide", "zone": "battlefield"
    }));
    let entry = CardEntry::Other { action: grimgor };
    // the rulings index is built on first use: not part of the figures
    svc.table_enter(at, &entry, EntryFront::Window, Language::En)
        .expect("enter");
    svc.table_undo(at, Language::En).expect("undo");
    c.bench_function(
        "other table: enter a card through table_enter (and undo it)",
        |b| {
            b.iter(|| {
                black_box(
                    svc.table_enter(at, &entry, EntryFront::Window, Language::En)
                        .expect("enter"),
                );
                svc.table_undo(at, Language::En).expect("undo");
            })
        },
    );
}

criterion_group!(benches, table, other_table);
criterion_main!(benches);
