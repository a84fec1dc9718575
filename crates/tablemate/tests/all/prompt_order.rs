//! The table's ruling order, through the service: cards entered into a real game, then the
//! rulings prompt of the card entered last. Of two cards in play that both have a ruling with
//! the entered card, the one it met last (played last) has its ruling first — whichever of
//! the two that is, so the order comes from the game's plays, not from the rulings.
//!
//! The cards: Ann plays Vulca, Ben plays Hoax. Ben's support card Duplicator of Strength
//! (H25) has an English ruling with Demegodas the Odd (H12, Ben's character) and one with
//! Titanic Gauntlets (V22, Ann's booster). The two tests enter the same cards in two orders
//! and expect opposite first rulings.

use cards::{Game, GameRef};
use tablemate::game::{ElementName, GameAction, Seat};
use tablemate::rulings::PromptReason;
use tablemate::table::{CardEntry, EntryFront, NewTable, TableAction, TableAt, TableEntered};
use tablemate::{Language, Service};

/// The English FAQ's ruling on Duplicator of Strength with Demegodas the Odd.
const WITH_DEMEGODAS: &str = "bm-en-3200646b8cfd";
/// The English FAQ's ruling on Duplicator of Strength with Titanic Gauntlets.
const WITH_GAUNTLETS: &str = "bm-en-b8b92bb25114";

fn new_game(svc: &mut Service) -> i64 {
    svc.table_new(&NewTable::ann_and_ben(Game::BlueMoon), Language::En)
        .expect("new game")
        .header
        .game
        .id
}

/// Enters `card` for `player` as the table does (a warning confirmed); returns the outcome.
fn enter(svc: &mut Service, id: i64, player: Seat, card: &str) -> TableEntered {
    let entry = CardEntry::blue_moon(player, card, true);
    let at = TableAt::from(GameRef::new(Game::BlueMoon, id));
    let out = svc
        .table_enter(at, &entry, EntryFront::Window, Language::En)
        .unwrap_or_else(|e| panic!("{card}: {}", e.message));
    assert!(out.table.is_some(), "{card} was played: {:?}", out.preview);
    out
}

/// The rulings prompt of the card entered.
fn prompts(out: &TableEntered) -> &[tablemate::rulings::PromptView] {
    &out.table.as_ref().expect("played").header.prompts
}

fn pass(svc: &mut Service, id: i64, player: Seat) {
    svc.table_act(
        TableAt::blue_moon(id),
        &TableAction::BlueMoon(GameAction::Pass {
            player,
            confirmed: true,
        }),
        Language::En,
    )
    .unwrap_or_else(|e| panic!("pass: {}", e.message));
}

/// Ann opens a fire fight with Ignite (V09, fire 2).
fn open_fight(svc: &mut Service, id: i64) {
    enter(svc, id, Seat::A, "V09");
    svc.table_act(
        TableAt::blue_moon(id),
        &TableAction::BlueMoon(GameAction::ChooseElement {
            player: Seat::A,
            element: ElementName::Fire,
        }),
        Language::En,
    )
    .expect("fire");
    pass(svc, id, Seat::A);
}

/// The first prompt of `out`: its ruling id, after checking it is an interaction naming
/// `with`.
fn first_interaction(out: &TableEntered, with: &str) -> String {
    assert_eq!(out.prompts_error, None);
    let first = prompts(out).first().expect("a prompt");
    assert_eq!(first.reason, PromptReason::Interaction, "{first:?}");
    assert!(
        first.with.iter().any(|w| w == with),
        "{with} in {:?}",
        first.with
    );
    first.ruling.id.clone()
}

/// Both rulings are in the prompt; the one with the card met last is first.
fn assert_order(out: &TableEntered, first: &str, second: &str) {
    let ids: Vec<&str> = prompts(out).iter().map(|p| p.ruling.id.as_str()).collect();
    let at = |id: &str| ids.iter().position(|x| *x == id);
    assert_eq!(at(first), Some(0), "{ids:?}");
    assert!(at(second).is_some(), "{second} also prompted: {ids:?}");
}

#[test]
fn the_booster_played_last_has_its_ruling_first() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut svc = Service::open(dir.path().join("data")).expect("service");
    let id = new_game(&mut svc);
    open_fight(&mut svc, id);
    // Ben: Demegodas (fire 2); Ann: Lavar and Titanic Gauntlets; Ben: Duplication
    enter(&mut svc, id, Seat::B, "H12");
    pass(&mut svc, id, Seat::B);
    enter(&mut svc, id, Seat::A, "V04");
    enter(&mut svc, id, Seat::A, "V22");
    pass(&mut svc, id, Seat::A);
    let out = enter(&mut svc, id, Seat::B, "H25");
    assert_eq!(first_interaction(&out, "Titanic Gauntlets"), WITH_GAUNTLETS);
    assert_order(&out, WITH_GAUNTLETS, WITH_DEMEGODAS);
}

#[test]
fn the_character_played_last_has_its_ruling_first() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut svc = Service::open(dir.path().join("data")).expect("service");
    let id = new_game(&mut svc);
    open_fight(&mut svc, id);
    // Ben: Wogarathoras; Ann: Lavar and Titanic Gauntlets; Ben: Demegodas, then Duplication
    enter(&mut svc, id, Seat::B, "H01");
    pass(&mut svc, id, Seat::B);
    enter(&mut svc, id, Seat::A, "V04");
    enter(&mut svc, id, Seat::A, "V22");
    pass(&mut svc, id, Seat::A);
    enter(&mut svc, id, Seat::B, "H12");
    let out = enter(&mut svc, id, Seat::B, "H25");
    assert_eq!(first_interaction(&out, "Demegodas the Odd"), WITH_DEMEGODAS);
    assert_order(&out, WITH_DEMEGODAS, WITH_GAUNTLETS);
}
