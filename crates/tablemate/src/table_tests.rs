#![allow(clippy::unwrap_used)] // tests

use othergames::whi::WhiEvent;
use othergames::{CardId, Player};

use super::*;
use crate::othergames::OtherAction;
use crate::ErrorCode;

fn svc() -> (tempfile::TempDir, Service) {
    let dir = tempfile::tempdir().unwrap();
    let svc = Service::open(dir.path().join("data")).unwrap();
    (dir, svc)
}

fn blue_moon_game(svc: &mut Service) -> TableView {
    let req = NewTable::ann_and_ben(Game::BlueMoon);
    svc.table_new(&req, Language::En).unwrap()
}

fn warhammer_game(svc: &mut Service) -> TableView {
    let req = NewTable::ann_and_ben(Game::WarhammerInvasion);
    svc.table_new(&req, Language::En).unwrap()
}

fn at(view: &TableView) -> TableAt {
    TableAt {
        game: view.header.game,
        revision: Some(view.header.revision),
    }
}

#[test]
fn a_blue_moon_card_entered_at_the_table_is_in_the_header_and_undo_redo_go_through_it() {
    let (_d, mut s) = svc();
    let t = blue_moon_game(&mut s);
    assert_eq!(t.header.game.kind, Game::BlueMoon);
    assert_eq!(t.header.players, ["Ann".to_owned(), "Ben".to_owned()]);
    assert_eq!(t.header.outcome, OtherOutcome::Playing);
    assert!(t.header.cards_in_play.is_empty());
    assert!(matches!(t.board, Board::BlueMoon(_)));

    let card = CardEntry::blue_moon(Seat::A, "V04", true);
    let out = s
        .table_enter(at(&t), &card, EntryFront::Window, Language::En)
        .unwrap();
    let played = out.table.expect("played");
    assert_eq!(played.header.cards_in_play, ["vulca-04".to_owned()]);
    assert_eq!(played.header.revision, t.header.revision + 1);
    assert!(played.header.can_undo && !played.header.can_redo);

    let undone = s.table_undo(at(&played), Language::En).unwrap();
    assert!(undone.header.cards_in_play.is_empty());
    assert!(undone.header.can_redo);
    let redone = s.table_redo(at(&undone), Language::En).unwrap();
    assert_eq!(redone.header.cards_in_play, ["vulca-04".to_owned()]);
    // a write on a table the person did not see (the revision before the redo) is refused
    let stale = s.table_undo(at(&undone), Language::En).unwrap_err();
    assert_eq!(stale.code, ErrorCode::Changed);
    assert_eq!(s.table_view(t.header.game, Language::En).unwrap(), redone);
}

#[test]
fn a_warhammer_card_is_in_the_header_with_its_prompts_and_its_board_is_warhammers() {
    let (_d, mut s) = svc();
    let t = warhammer_game(&mut s);
    assert_eq!(t.header.game.kind, Game::WarhammerInvasion);
    assert!(matches!(t.board, Board::Warhammer(_)));
    let grimgor = CardEntry::Other {
        action: OtherAction::Whi(WhiEvent::CardPlayed {
            player: Player::A,
            card: CardId::new("Grimgor Ironhide"),
            zone: othergames::whi::Zone::Battlefield,
        }),
    };
    let out = s
        .table_enter(at(&t), &grimgor, EntryFront::Window, Language::En)
        .unwrap();
    let played = out.table.expect("played");
    assert_eq!(played.header.cards_in_play.len(), 1);
    assert!(out.preview.is_none());
    let undone = s.table_undo(at(&played), Language::En).unwrap();
    assert!(undone.header.cards_in_play.is_empty());
    assert!(undone.header.can_redo);
}

#[test]
fn a_reference_to_another_game_kind_is_refused_and_writes_nothing() {
    let (_d, mut s) = svc();
    let t = warhammer_game(&mut s);
    let act = TableAction::Other(OtherAction::Whi(WhiEvent::TurnEnded { player: Player::A }));
    s.table_act(at(&t), &act, Language::En).unwrap();
    let wrong = TableAt {
        game: GameRef::new(Game::KnightmareChess, t.header.game.id),
        revision: None,
    };
    let e = s.table_undo(wrong, Language::De).unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidInput);
    assert!(e.message.contains("keine Partie Knightmare Chess"), "{e:?}");
    // a Blue Moon action at a Warhammer table
    let pass = TableAction::BlueMoon(GameAction::Pass {
        player: Seat::A,
        confirmed: true,
    });
    assert!(s
        .table_act(at(&t).game.into(), &pass, Language::En)
        .is_err());
    // the match's next game is Blue Moon's rule
    let e = s.game_next(at(&t), Language::En).unwrap_err();
    assert!(e.message.contains("is not a game of Blue Moon"), "{e:?}");
    // nothing was taken back or added
    let now = s.table_view(t.header.game, Language::En).unwrap();
    assert_eq!(now.header.revision, t.header.revision + 1);
    assert!(now.header.can_undo);
}

#[test]
fn the_header_line_says_the_game_its_players_and_how_it_stands_in_both_languages() {
    let (_d, mut s) = svc();
    let w = warhammer_game(&mut s);
    let id = w.header.game.id;
    assert_eq!(
        w.header_text(Language::En),
        format!("game {id}: Warhammer: Invasion – Ann vs Ben – playing")
    );
    let conceded = TableAction::Other(OtherAction::Whi(WhiEvent::Conceded { player: Player::A }));
    let won = s.table_act(at(&w), &conceded, Language::De).unwrap();
    assert_eq!(
        won.header_text(Language::De),
        format!("Spiel {id}: Warhammer: Invasion – Ann gegen Ben – Ben hat gewonnen")
    );
    let b = blue_moon_game(&mut s);
    let gone = s.table_abandon(at(&b), true, Language::En).unwrap();
    let bid = b.header.game.id;
    assert_eq!(
        gone.header_text(Language::De),
        format!("Spiel {bid}: Blue Moon – Ann gegen Ben – abgebrochen")
    );
}

#[test]
fn one_list_holds_every_kinds_games_unfinished_first() {
    let (_d, mut s) = svc();
    let b = blue_moon_game(&mut s);
    let w = warhammer_game(&mut s);
    let conceded = TableAction::Other(OtherAction::Whi(WhiEvent::Conceded { player: Player::B }));
    s.table_act(at(&w), &conceded, Language::En).unwrap();
    let all = s.table_list(&[], false).unwrap();
    let kinds: Vec<Game> = all.iter().map(|g| g.kind).collect();
    // the Warhammer game is over: the Blue Moon game, still played, comes first
    assert_eq!(kinds, [Game::BlueMoon, Game::WarhammerInvasion]);
    assert_eq!(all[0].id, b.header.game.id);
    assert_eq!(
        all[0].text(Language::De),
        format!(
            "Spiel {}: Ann (Vulca) gegen Ben (Hoax), 1 Ereignisse, läuft",
            all[0].id
        )
    );
    assert_eq!(
        all[1].text(Language::En),
        format!(
            "game {}: Warhammer: Invasion – Ann vs Ben, 2 events, Ann won",
            w.header.game.id
        )
    );
    let open = s.table_list(&[Game::WarhammerInvasion], true).unwrap();
    assert!(open.is_empty(), "{open:?}");
    let whi = s.table_list(&[Game::WarhammerInvasion], false).unwrap();
    assert_eq!(whi.len(), 1);
    assert_eq!(whi[0].outcome, all[1].outcome);
}

#[test]
fn abandon_ends_a_blue_moon_game_and_is_refused_for_the_other_games() {
    let (_d, mut s) = svc();
    let bm = blue_moon_game(&mut s);
    let v = s.table_abandon(at(&bm), true, Language::En).unwrap();
    assert_eq!(v.header.outcome, OtherOutcome::Tie);
    let whi = warhammer_game(&mut s);
    let e = s.table_abandon(at(&whi), true, Language::En).unwrap_err();
    assert!(e.message.contains("Warhammer: Invasion"), "{e:?}");
    assert_eq!(
        s.table_view(whi.header.game, Language::En)
            .unwrap()
            .header
            .outcome,
        OtherOutcome::Playing
    );
}

#[test]
fn an_unknown_ruling_is_refused_in_the_interface_language_at_every_table() {
    let (_d, mut s) = svc();
    let bm = blue_moon_game(&mut s);
    let whi = warhammer_game(&mut s);
    for game in [bm.header.game, whi.header.game] {
        let e = s
            .table_mark_seen(game, "no-such-ruling", Language::De)
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::NotFound, "{game:?}");
        assert!(e.message.contains("no-such-ruling"), "{e:?}");
        assert!(!e.message.contains("There is"), "German: {e:?}");
    }
}

#[test]
fn suggestions_come_from_the_games_own_catalog() {
    let (_d, mut s) = svc();
    let bm = blue_moon_game(&mut s);
    let whi = warhammer_game(&mut s);
    let at_bm = s
        .table_suggest(bm.header.game, "Grimgor", Language::En, Some(3))
        .unwrap();
    assert!(
        at_bm.iter().all(|c| !c.name.contains("Grimgor")),
        "{at_bm:?}"
    );
    let at_whi = s
        .table_suggest(whi.header.game, "Grimgor", Language::En, Some(3))
        .unwrap();
    assert!(
        at_whi.iter().any(|c| c.name.contains("Grimgor")),
        "{at_whi:?}"
    );
}

/// The operations ARCHITECTURE.md lists under "The table's operations" are exactly the `table`
/// module's public operations (as the IPC agreement test holds the UI's commands to the app's).
#[test]
fn architecture_lists_exactly_the_tables_operations() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("../../ARCHITECTURE.md")).unwrap();
    let section = doc
        .split("### The table's operations")
        .nth(1)
        .expect("the section in ARCHITECTURE.md");
    let section = section.split("\n#").next().unwrap_or(section);
    let mut listed: Vec<String> = section
        .lines()
        .filter_map(|l| l.trim().strip_prefix("- `"))
        .filter_map(|l| l.split(['(', '`']).next())
        .map(str::to_owned)
        .collect();
    listed.sort();
    let code = std::fs::read_to_string(root.join("src/table.rs")).unwrap();
    // the operations are the `impl Service` blocks' (`TableAt`'s constructors are not)
    let mut in_service = false;
    let mut defined: Vec<String> = code
        .lines()
        .filter(|l| {
            if l.starts_with("impl ") {
                in_service = l.starts_with("impl Service");
            }
            in_service
        })
        .filter_map(|l| l.trim().strip_prefix("pub fn "))
        .filter_map(|l| l.split(['(', '<']).next())
        .map(str::to_owned)
        .collect();
    defined.sort();
    // the check can fail: both sides hold the operations
    assert!(defined.contains(&"table_enter".to_owned()), "{defined:?}");
    assert_eq!(listed, defined);
}
