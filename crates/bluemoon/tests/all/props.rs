//! Property tests: three dragons at all times, totals consistent and never negative,
//! undo then redo returns the same state, replay is deterministic.

use bluemoon::effect::{Effect, EffectKind};
use bluemoon::event::{EventKind, PerPlayer};
use bluemoon::power::{compute, EffectStatus};
use bluemoon::table::{Area, CardEntry, PlayerTable, TableState};
use bluemoon::{CardId, CardSource, CardType, Catalog, Element, Event, Game, GameState, Player};
use proptest::prelude::*;
use std::sync::OnceLock;

fn cat() -> &'static Catalog {
    static CAT: OnceLock<Catalog> = OnceLock::new();
    CAT.get_or_init(|| Catalog::embedded().expect("embedded catalog parses"))
}

/// Cards with interesting interactions: modifiers, ignorers, Cool cards, mutants,
/// shields, PROTECTED, restrictions, retreat modifiers, plain characters.
const POOL: &[&str] = &[
    "vulca-13",
    "hoax-05",
    "hoax-09",
    "hoax-12",
    "hoax-25",
    "pillar-26",
    "pillar-21",
    "pillar-22",
    "pillar-24",
    "aqua-27",
    "aqua-05",
    "mimix-22",
    "mimix-23",
    "khind-01",
    "khind-02",
    "khind-03",
    "khind-04",
    "flit-07",
    "khind-27",
    "flit-12",
    "flit-13",
    "hoax-16",
    "terrah-26",
    "vulca-20",
    "aqua-20",
    "aqua-19",
    "mutant-104",
    "mutant-106",
    "mutant-107",
    "buka-21",
    "buka-03",
    "buka-24",
    "vulca-24",
    "vulca-27",
    "hoax-11",
    "flit-27",
    "flit-29",
    "hoax-28",
    "khind-14",
    "flit-11",
    "mimix-27",
    "hoax-20",
    "flit-08",
    "flit-09",
    "infl-602",
];

fn area_of(id: &str) -> Area {
    match cat().facts(&CardId::from(id)).and_then(|f| f.card_type) {
        Some(CardType::Support) => Area::Support,
        Some(CardType::Leadership) => Area::Leadership,
        Some(CardType::Influence) => Area::Influence,
        _ => Area::Combat,
    }
}

fn arb_table() -> impl Strategy<Value = TableState> {
    let entry = (0..POOL.len(), any::<bool>(), 0..4u8).prop_map(|(i, fd, t)| {
        let id = POOL[i];
        (id, fd && t == 0)
    });
    let side = proptest::collection::vec(entry, 0..10).prop_map(|cards| {
        let mut s = PlayerTable::default();
        for (id, face_down) in cards {
            if face_down {
                s.support.push(CardEntry::bluff(None));
            } else {
                s.area_mut(area_of(id)).push(CardEntry::of(id));
            }
        }
        s
    });
    (
        side.clone(),
        side,
        any::<bool>(),
        proptest::option::of(any::<bool>()),
    )
        .prop_map(|(a, b, fire, turn)| TableState {
            v: 1,
            contested: Some(if fire { Element::Fire } else { Element::Earth }),
            turn: turn.map(|t| if t { Player::A } else { Player::B }),
            a,
            b,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A total is the sum of the counted values, raised only by a total-power effect in
    /// force; every counted value is at least 0 and an ignored card counts 0.
    #[test]
    fn totals_are_sums_of_counted_values(t in arb_table()) {
        let r = compute(cat(), &t);
        let floors: Vec<(Player, &Effect)> = r
            .effects
            .iter()
            .filter(|e| e.kind == EffectKind::TotalPower && e.status == EffectStatus::InForce)
            .map(|e| (e.owner, &e.effect))
            .collect();
        for p in [Player::A, Player::B] {
            for el in [Element::Fire, Element::Earth] {
                let sum: u32 = r
                    .cards
                    .iter()
                    .filter(|c| c.owner == p && c.counted)
                    .map(|c| c.value.get(el))
                    .sum();
                let floor = floors
                    .iter()
                    .filter(|(o, _)| *o == p)
                    .filter_map(|(_, e)| match e {
                        Effect::TotalPower { to, element } if element.is_none_or(|x| x == el) => {
                            Some(u32::from(*to))
                        }
                        _ => None,
                    })
                    .max()
                    .unwrap_or(0);
                prop_assert_eq!(r.player(p).total.get(el), sum.max(floor));
            }
        }
        // An ignored card in a counting area is worth 0 in both elements.
        for c in r.cards.iter().filter(|c| c.area.counts_power() && !c.counted) {
            prop_assert_eq!((c.value.fire, c.value.earth), (0, 0));
        }
    }
}

/// A candidate action, turned into an event against the current state.
#[derive(Debug, Clone)]
enum Act {
    Play(usize),
    Choose(bool),
    Pass,
    Retreat,
    Decline(u8),
    Dragons(bool, u8),
    Out(bool),
    Discard(usize),
    NextGame,
}

fn arb_act() -> impl Strategy<Value = Act> {
    prop_oneof![
        4 => (0..POOL.len()).prop_map(Act::Play),
        2 => any::<bool>().prop_map(Act::Choose),
        4 => Just(Act::Pass),
        2 => Just(Act::Retreat),
        1 => (0..5u8).prop_map(Act::Decline),
        1 => (any::<bool>(), 0..5u8).prop_map(|(p, n)| Act::Dragons(p, n)),
        1 => any::<bool>().prop_map(Act::Out),
        1 => (0..POOL.len()).prop_map(Act::Discard),
        1 => Just(Act::NextGame),
    ]
}

fn to_event(s: &GameState, act: &Act) -> Event {
    let me = s.turn().unwrap_or(Player::A);
    let pl = |b: bool| if b { Player::A } else { Player::B };
    Event::new(match act {
        Act::Play(i) => EventKind::CardPlayed {
            player: me,
            card: CardId::from(POOL[*i]),
            area: area_of(POOL[*i]),
            target: None,
            face_down: false,
            fixes_read: 0,
        },
        Act::Choose(f) => EventKind::ElementChosen {
            player: me,
            element: if *f { Element::Fire } else { Element::Earth },
        },
        Act::Pass => EventKind::TurnPassed { player: me },
        Act::Retreat => EventKind::Retreat {
            player: me,
            forced: false,
            dragon_cancelled: false,
        },
        Act::Decline(n) => EventKind::DeclineStart {
            player: me,
            discarded: *n,
        },
        Act::Dragons(p, n) => EventKind::DragonsAttracted {
            player: pl(*p),
            count: *n,
        },
        Act::Out(p) => EventKind::OutOfCards { player: pl(*p) },
        Act::Discard(i) => EventKind::Discarded {
            player: me.other(),
            card: CardId::from(POOL[*i]),
        },
        Act::NextGame => EventKind::NextGame,
    })
}

/// A game set up with A starting.
fn set_up() -> Result<Game, TestCaseError> {
    let mut g = Game::new();
    g.push(
        cat(),
        Event::new(EventKind::Setup {
            decks: PerPlayer::default(),
            expansions: vec![],
            edition: Default::default(),
            starts: Player::A,
            constructed: PerPlayer::default(),
        }),
    )
    .map_err(|e| TestCaseError::fail(e.to_string()))?;
    Ok(g)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn game_invariants(acts in proptest::collection::vec(arb_act(), 1..80)) {
        let c = cat();
        let mut g = set_up()?;
        for act in &acts {
            let ev = to_event(g.state(), act);
            let before = g.state().clone();
            match g.push(c, ev.clone()) {
                Err(_) => prop_assert_eq!(g.state(), &before, "a rejected event changed the state"),
                Ok(_) => {
                    let s = g.state();
                    let d = &s.dragons;
                    prop_assert_eq!(d.on_side(Player::A) + d.on_side(Player::B) + d.in_centre(), 3);
                    prop_assert!(d.on_side(Player::A) == 0 || d.on_side(Player::B) == 0);
                    if let Some(r) = &s.game_over {
                        prop_assert!((1..=7).contains(&r.score));
                    }
                    // Undo, then redo: the same state.
                    let after = s.clone();
                    let undone = g.undo(c).map_err(|e| TestCaseError::fail(e.to_string()))?;
                    prop_assert_eq!(g.state(), &before);
                    prop_assert_eq!(undone.as_ref(), Some(&ev));
                    g.push(c, ev).map_err(|e| TestCaseError::fail(e.to_string()))?;
                    prop_assert_eq!(g.state(), &after);
                }
            }
        }
        // Replay from the log is deterministic.
        let replayed = GameState::replay(c, g.events()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&replayed, g.state());
    }
}

/// Characters for the turn-limit property: plain, FREE, PAIR (same and other first words),
/// two gangs, and a booster.
const CHARACTERS: &[&str] = &[
    "vulca-13", "vulca-14", "hoax-09", "mimix-22", "mimix-23", "mimix-03", "mimix-04", "mimix-05",
    "mimix-06", "khind-01", "khind-02", "khind-03", "khind-05", "khind-06", "vulca-18",
];

#[derive(Debug, Clone)]
enum Step {
    Play(usize),
    Choose,
    Pass,
    Retreat,
}

fn arb_step() -> impl Strategy<Value = Step> {
    prop_oneof![
        6 => (0..CHARACTERS.len()).prop_map(Step::Play),
        1 => Just(Step::Choose),
        3 => Just(Step::Pass),
        1 => Just(Step::Retreat),
    ]
}

/// A player's active characters that count towards "one character": not FREE.
fn counted_characters(s: &GameState, p: Player) -> Vec<CardId> {
    s.table
        .side(p)
        .combat
        .iter()
        .filter(|e| !e.face_down)
        .filter_map(|e| e.card.clone())
        .filter(|c| {
            cat().facts(c).is_some_and(|f| {
                f.card_type == Some(CardType::Character) && !f.has_icon(bluemoon::Icon::Free)
            })
        })
        .collect()
}

/// Two PAIR characters with the same first word, or all of one gang.
fn allowed_together(cards: &[CardId]) -> bool {
    let facts: Vec<_> = cards.iter().filter_map(|c| cat().facts(c)).collect();
    let first_word = |c: &CardId| cat().name(c).and_then(|n| n.split_whitespace().next());
    let pair = cards.len() == 2
        && facts.iter().all(|f| f.has_icon(bluemoon::Icon::Pair))
        && first_word(&cards[0]).is_some()
        && first_word(&cards[0]) == first_word(&cards[1]);
    let gang = facts.first().and_then(|f| f.gang.clone());
    let one_gang = gang.is_some() && facts.iter().all(|f| f.gang == gang);
    pair || one_gang
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// A table played without overriding a warning never has two counted characters of one
    /// player active unless FREE, PAIR or GANG allows it.
    #[test]
    fn no_two_counted_characters_without_free_pair_or_gang(
        steps in proptest::collection::vec(arb_step(), 1..60)
    ) {
        let c = cat();
        let mut g = set_up()?;
        for step in &steps {
            let me = g.state().turn().unwrap_or(Player::A);
            let kind = match step {
                Step::Play(i) => EventKind::CardPlayed {
                    player: me,
                    card: CardId::from(CHARACTERS[*i]),
                    area: Area::Combat,
                    target: None,
                    face_down: false,
                    fixes_read: 0,
                },
                Step::Choose => EventKind::ElementChosen { player: me, element: Element::Fire },
                Step::Pass => EventKind::TurnPassed { player: me },
                Step::Retreat => EventKind::Retreat { player: me, forced: false, dragon_cancelled: false },
            };
            let ev = Event::new(kind);
            // A careful player: only what the engine accepts without a warning.
            match g.state().validate(c, &ev) {
                Ok(w) if w.is_empty() => {}
                _ => continue,
            }
            g.push(c, ev).map_err(|e| TestCaseError::fail(e.to_string()))?;
            for p in [Player::A, Player::B] {
                let counted = counted_characters(g.state(), p);
                prop_assert!(
                    counted.len() <= 1 || allowed_together(&counted),
                    "{p:?} has {counted:?} active after {:?}", g.events()
                );
            }
        }
    }
}
