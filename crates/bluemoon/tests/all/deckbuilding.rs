//! Goldens for constructed decks (`bluemoon::construct`), one rule each, quoting the English
//! FAQ (data/sources/blue-moon-faq-en.txt, § 'About Deck Building', § 'About the
//! Inquisitors', § 'About the Emissaries'). Cards are named by the FAQ's tags.

use bluemoon::construct::{
    check, people_series, BesideTheDeck, CostReason, DeckProblem, DeckRules, Inquisitor,
    InquisitorPower,
};
use bluemoon::{CardId, CardSource, CardType, Catalog, Series};

fn catalog() -> Catalog {
    Catalog::embedded().expect("the embedded catalog loads")
}

fn id(s: &str) -> CardId {
    CardId::new(s)
}

fn vulca(inquisitor: Option<Inquisitor>, ei: bool, buka: bool) -> DeckRules {
    DeckRules {
        people: Series::Vulca,
        inquisitor,
        emissaries_inquisitors: ei,
        buka,
    }
}

/// The Vulca's own cards outside the Emissaries and Inquisitors decks (29 of them: Vulca
/// 01–30 but 17, also those sold in other peoples' decks), leader excluded.
fn own_vulca_cards(cat: &Catalog) -> Vec<CardId> {
    (1..=32)
        .map(|n| id(&format!("vulca-{n:02}")))
        .filter(|c| cat.facts(c).is_some() && !cat.deck(c).is_some_and(|d| d.starts_with("E&I")))
        .collect()
}

/// "It starts with a selected people, whose cards are free." — "But you can, for example,
/// include Flash the Incendiary [Vulca 02, Terrah deck] (2 moons) for free."
#[test]
fn own_peoples_cards_are_free_wherever_they_are_sold() {
    let cat = catalog();
    let got = check(&cat, &vulca(None, false, false), &[id("vulca-02")]);
    assert_eq!(got.costs[0].moons, Some(0));
    assert_eq!(got.costs[0].reason, CostReason::OwnPeople);
    assert_eq!(got.moons_used, 0);
    // the same card in a Terrah deck is bought, at its printed 2 moons
    let terrah = DeckRules {
        people: Series::Terrah,
        ..vulca(None, false, false)
    };
    let got = check(&cat, &terrah, &[id("vulca-02")]);
    assert_eq!(got.costs[0].moons, Some(2));
    assert_eq!(got.costs[0].reason, CostReason::Bought);
}

/// "Do I have to pay for cards from other peoples which are usually included in the
/// preassembled deck of the people I am playing? A: Yes, you do. For example if you are
/// constructing a Vulca deck and you want to use Heroine of the Great Plains [Mimix 06,
/// Vulca deck] (2 moons) you have to pay the 2 moons."
#[test]
fn another_peoples_card_costs_its_moons_even_from_the_own_preassembled_deck() {
    let cat = catalog();
    let got = check(&cat, &vulca(None, false, false), &[id("mimix-06")]);
    assert_eq!(got.costs[0].moons, Some(2));
    assert_eq!(got.costs[0].reason, CostReason::Bought);
    assert_eq!(got.moons_used, 2);
}

/// The leader "30 cards 10 moons" (Xelethotiras Genius of the Hoax [Hoax 00]); "with only 10
/// moons to spend"; "you have a 35 card deck" — a deck holds exactly its number of cards.
#[test]
fn the_leader_gives_thirty_cards_and_ten_moons() {
    let cat = catalog();
    let rules = vulca(None, false, false);
    assert_eq!((rules.cards_allowed(), rules.moons_allowed()), (30, 10));
    let mut list = own_vulca_cards(&cat);
    assert_eq!(list.len(), 29);
    // 29 own cards: one short
    let got = check(&cat, &rules, &list);
    assert_eq!(
        got.problems,
        vec![DeckProblem::TooFewCards {
            used: 29,
            wanted: 30
        }]
    );
    // + Tittertweet [Flit 07] (2 moons): a legal 30-card Vulca deck
    list.push(id("flit-07"));
    let got = check(&cat, &rules, &list);
    assert!(got.is_legal(), "{:?}", got.problems);
    assert_eq!((got.cards_used, got.moons_used), (30, 2));
    // a 31st card
    list.push(id("mutant-101"));
    let got = check(&cat, &rules, &list);
    assert_eq!(
        got.problems,
        vec![DeckProblem::TooManyCards {
            used: 31,
            allowed: 30
        }]
    );
}

#[test]
fn more_than_ten_moons_is_refused() {
    let cat = catalog();
    let mut list: Vec<CardId> = own_vulca_cards(&cat).into_iter().take(24).collect();
    // six bought cards of 2 moons each: 12 moons
    for c in [
        "mimix-06", "flit-07", "khind-26", "mimix-27", "mimix-28", "mimix-30",
    ] {
        list.push(id(c));
    }
    let got = check(&cat, &vulca(None, false, false), &list);
    assert_eq!(got.moons_used, 12);
    assert_eq!(
        got.problems,
        vec![DeckProblem::TooManyMoons {
            used: 12,
            allowed: 10
        }]
    );
}

/// "However each player may only have one copy of each card."
#[test]
fn one_copy_of_each_card() {
    let cat = catalog();
    let got = check(
        &cat,
        &vulca(None, false, false),
        &[id("flit-07"), id("vulca-03"), id("flit-07")],
    );
    assert!(got.problems.contains(&DeckProblem::Duplicate {
        card: id("flit-07"),
        copies: 2
    }));
    // the card's moons count once, for its one legal copy
    assert_eq!(got.moons_used, 2);
}

/// "Can I use as many cards as I want with zero moons from other peoples? A: Yes, you can,
/// subject to the overall card limit ... This also means that you can have more than one
/// mutant in your deck."
#[test]
fn zero_moon_cards_of_other_peoples_without_limit_so_several_mutants() {
    let cat = catalog();
    let mut list: Vec<CardId> = own_vulca_cards(&cat).into_iter().take(26).collect();
    for c in ["mutant-101", "mutant-104", "mutant-106", "mimix-25"] {
        list.push(id(c));
    }
    let got = check(&cat, &vulca(None, false, false), &list);
    assert!(got.is_legal(), "{:?}", got.problems);
    assert_eq!(got.moons_used, 0);
}

/// "Can I use all types of cards from other peoples in my deck? A: Yes, you can, including
/// character, booster, support and leadership cards."
#[test]
fn every_type_of_card_may_be_bought() {
    let cat = catalog();
    let bought = [
        ("mimix-06", CardType::Character),
        ("mimix-25", CardType::Booster),
        ("mimix-27", CardType::Support),
        ("mimix-30", CardType::Leadership),
    ];
    for (card, ty) in bought {
        assert_eq!(cat.facts(&id(card)).and_then(|f| f.card_type), Some(ty));
        let got = check(&cat, &vulca(None, false, false), &[id(card)]);
        assert_eq!(got.costs[0].reason, CostReason::Bought, "{card}");
        assert!(
            !got.problems
                .iter()
                .any(|p| !matches!(p, DeckProblem::TooFewCards { .. })),
            "{card}: {:?}",
            got.problems
        );
    }
}

/// "You may ... also allow cards originally from the Emissaries and Inquisitors decks" —
/// only when allowed; then an own people's card from them is free: "include leadership card
/// Inflame Mutant [Vulca 31, E&I:A deck] (... 1 moon) for free."
#[test]
fn emissaries_and_inquisitors_cards_only_when_allowed() {
    let cat = catalog();
    let got = check(&cat, &vulca(None, false, false), &[id("vulca-31")]);
    assert!(got
        .problems
        .contains(&DeckProblem::NeedsEmissariesInquisitors {
            card: id("vulca-31")
        }));
    let got = check(&cat, &vulca(None, true, false), &[id("vulca-31")]);
    assert!(!got
        .problems
        .iter()
        .any(|p| matches!(p, DeckProblem::NeedsEmissariesInquisitors { .. })));
    assert_eq!(got.costs[0].moons, Some(0));
    // an inquisitor is part of the Emissaries and Inquisitors decks too
    let got = check(&cat, &vulca(Some(Inquisitor::RazorMind), false, false), &[]);
    assert!(got
        .problems
        .contains(&DeckProblem::NeedsEmissariesInquisitors {
            card: id("inq-412")
        }));
}

/// "You may ... (assuming that you have the Buka Invasion deck) also allow Buka cards."
#[test]
fn buka_cards_only_when_allowed() {
    let cat = catalog();
    let got = check(&cat, &vulca(None, false, false), &[id("buka-05")]);
    assert!(got.problems.contains(&DeckProblem::NeedsBuka {
        card: id("buka-05")
    }));
    let got = check(&cat, &vulca(None, false, true), &[id("buka-05")]);
    assert!(!got
        .problems
        .iter()
        .any(|p| matches!(p, DeckProblem::NeedsBuka { .. })));
    assert_eq!(got.costs[0].moons, Some(1));
    // a Buka deck's own cards need no permission
    let buka = DeckRules {
        people: Series::Buka,
        ..vulca(None, false, false)
    };
    let got = check(&cat, &buka, &[id("buka-05")]);
    assert_eq!(got.costs[0].reason, CostReason::OwnPeople);
    assert!(!got
        .problems
        .iter()
        .any(|p| matches!(p, DeckProblem::NeedsBuka { .. })));
}

/// "each player takes an inquisitor and puts it with his leader. The inquisitor then
/// modifies the Advanced Rules game in up to three ways" — Swift-Fist +0/+0, Razor-Mind
/// +5/+5, Grease-Palm +10/+15, Weave-Tongue +15/+10.
#[test]
fn an_inquisitor_adds_cards_moons_and_a_power() {
    let limits = |i| {
        let r = vulca(Some(i), true, false);
        (r.cards_allowed(), r.moons_allowed(), i.power())
    };
    assert_eq!(
        limits(Inquisitor::SwiftFist),
        (30, 10, Some(InquisitorPower::DragonAtStart))
    );
    assert_eq!(
        limits(Inquisitor::RazorMind),
        (35, 15, Some(InquisitorPower::PlayAsIfReplace))
    );
    assert_eq!(limits(Inquisitor::GreasePalm), (40, 25, None));
    assert_eq!(
        limits(Inquisitor::WeaveTongue),
        (45, 20, Some(InquisitorPower::DrawOneMoreAtEndOfTurn))
    );
    // the numbers agree with the cards' printed texts in the catalog
    let cat = catalog();
    for inq in Inquisitor::ALL {
        let text = cat.text(&inq.card()).expect("inquisitor text");
        let digits: Vec<u32> = text
            .split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
            .take(2)
            .map(|s| s.parse().expect("digits"))
            .collect();
        assert_eq!(digits, vec![inq.extra_cards(), inq.extra_moons()], "{text}");
        assert_eq!(Inquisitor::of_card(&inq.card()), Some(inq));
    }
    // a 35-card Razor-Mind deck with 15 moons is legal
    let mut list = own_vulca_cards(&cat);
    list.extend(
        [
            "flit-07", "mimix-06", "khind-26", "mimix-27", "mimix-28", "aqua-04",
        ]
        .map(id),
    );
    let got = check(
        &cat,
        &vulca(Some(Inquisitor::RazorMind), true, false),
        &list,
    );
    assert_eq!((got.cards_used, got.moons_used), (35, 11));
    assert!(got.is_legal(), "{:?}", got.problems);
}

/// The leader and the inquisitor go beside the deck; "The emissaries are not used with the
/// Advanced Rules."
#[test]
fn leaders_inquisitors_and_emissaries_are_not_deck_cards() {
    let cat = catalog();
    let got = check(
        &cat,
        &vulca(None, true, false),
        &[id("vulca-00"), id("inq-411"), id("emis-500")],
    );
    for (card, kind) in [
        ("vulca-00", BesideTheDeck::Leader),
        ("inq-411", BesideTheDeck::Inquisitor),
        ("emis-500", BesideTheDeck::Emissary),
    ] {
        assert!(
            got.problems.contains(&DeckProblem::NotADeckCard {
                card: id(card),
                kind
            }),
            "{card}: {:?}",
            got.problems
        );
    }
    assert!(got.costs.is_empty());
}

#[test]
fn unknown_cards_and_unknown_moons_are_said() {
    let cat = catalog();
    let got = check(
        &cat,
        &vulca(None, true, false),
        &[id("vulca-99"), id("infl-602")],
    );
    assert!(got.problems.contains(&DeckProblem::UnknownCard {
        card: id("vulca-99")
    }));
    // Hyla influence cards print moons the catalog does not have yet
    assert!(got.problems.contains(&DeckProblem::MoonsUnknown {
        card: id("infl-602")
    }));
}

#[test]
fn peoples_by_name() {
    assert_eq!(people_series("vulca"), Some(Series::Vulca));
    assert_eq!(people_series(" Buka "), Some(Series::Buka));
    assert_eq!(people_series("Mutant"), None);
    assert_eq!(people_series("Tutu"), None);
}

// --- a constructed deck at the table -------------------------------------------------------

use bluemoon::construct::ConstructedDeck;
use bluemoon::event::{EventKind, PerPlayer};
use bluemoon::{Event, Game, Player, Warning};

fn match_with(a: Option<ConstructedDeck>, b: Option<ConstructedDeck>) -> Game {
    let mut g = Game::new();
    g.push(
        &catalog(),
        Event::new(EventKind::Setup {
            decks: PerPlayer {
                a: Some("Vulca".into()),
                b: Some("Hoax".into()),
            },
            expansions: vec![],
            edition: Default::default(),
            starts: Player::A,
            constructed: PerPlayer { a, b },
        }),
    )
    .expect("set-up");
    g
}

fn fire_wall(inquisitor: Option<Inquisitor>) -> ConstructedDeck {
    let cat = catalog();
    let mut cards = own_vulca_cards(&cat);
    cards.push(id("flit-07"));
    ConstructedDeck {
        name: "Fire Wall".into(),
        people: Series::Vulca,
        inquisitor,
        emissaries_inquisitors: inquisitor.is_some(),
        cards,
    }
}

fn not_in_deck(g: &Game, p: Player, card: &str) -> Option<String> {
    g.state()
        .preview_play(&catalog(), p, &id(card), None, false)
        .warnings
        .into_iter()
        .find_map(|w| match w {
            Warning::NotInDeck { deck, .. } => Some(deck),
            _ => None,
        })
}

/// Tittertweet [Flit 07] bought into a Vulca deck is played quietly; a card outside the
/// deck is warned, naming the deck; a preassembled deck works as before.
#[test]
fn a_constructed_deck_is_what_the_table_checks() {
    let g = match_with(Some(fire_wall(None)), None);
    assert_eq!(not_in_deck(&g, Player::A, "flit-07"), None);
    assert_eq!(not_in_deck(&g, Player::A, "vulca-03"), None);
    // Heroine of the Great Plains is in the preassembled Vulca deck, but not in this one
    assert_eq!(
        not_in_deck(&g, Player::A, "mimix-06"),
        Some("Fire Wall".to_owned())
    );
    // with the preassembled Vulca deck, Tittertweet is not in Ann's deck
    let g = match_with(None, Some(fire_wall(None)));
    assert_eq!(
        not_in_deck(&g, Player::A, "flit-07"),
        Some("Vulca".to_owned())
    );
}

/// The game keeps the deck as it was at its set-up (a deck edited later is another list):
/// the set-up event carries the whole list and reads back the same.
#[test]
fn the_set_up_keeps_the_deck_as_it_was() {
    let g = match_with(Some(fire_wall(None)), None);
    let json = serde_json::to_string(&g.events()[0]).expect("json");
    assert!(json.contains("\"constructed\""), "{json}");
    let back: Event = serde_json::from_str(&json).expect("reads back");
    assert_eq!(&back, &g.events()[0]);
    // a set-up without constructed decks writes nothing new (old logs read the same)
    let plain = match_with(None, None);
    let json = serde_json::to_string(&plain.events()[0]).expect("json");
    assert!(!json.contains("constructed"), "{json}");
}

/// Swift-Fist Royal Marshal: "At the start of the game, I attract one dragon."
#[test]
fn swift_fist_attracts_a_dragon_at_the_start_of_each_game() {
    let g = match_with(None, Some(fire_wall(Some(Inquisitor::SwiftFist))));
    assert_eq!(g.state().dragons.on_side(Player::B), 1);
    assert_eq!(g.state().dragons.on_side(Player::A), 0);
    let g = match_with(Some(fire_wall(Some(Inquisitor::RazorMind))), None);
    assert_eq!(g.state().dragons.on_side(Player::A), 0);
}

// --- the inquisitors' powers at the table --------------------------------------------------

use bluemoon::inquisitor::PowerAtTable;
use bluemoon::table::Area;
use bluemoon::Element;

fn played(g: &mut Game, p: Player, card: &str, area: Area) {
    g.push(
        &catalog(),
        Event::new(EventKind::CardPlayed {
            player: p,
            card: id(card),
            area,
            target: None,
            face_down: false,
            fixes_read: 0,
        }),
    )
    .expect("a legal play");
}

fn pass(g: &mut Game, p: Player) {
    g.push(&catalog(), Event::new(EventKind::TurnPassed { player: p }))
        .expect("a legal pass");
}

/// Ann plays a character, chooses fire and passes: Ben's turn.
fn opens_in_fire(g: &mut Game) {
    played(g, Player::A, "vulca-13", Area::Combat);
    fire_and_pass(g);
}

/// Ann chooses fire and passes.
fn fire_and_pass(g: &mut Game) {
    g.push(
        &catalog(),
        Event::new(EventKind::ElementChosen {
            player: Player::A,
            element: Element::Fire,
        }),
    )
    .expect("element");
    pass(g, Player::A);
}

fn powers(g: &Game) -> Vec<PowerAtTable> {
    g.state().view(&catalog()).inquisitor_powers
}

/// Razor-Mind Royal Inspector [Inq 412]: "I may play my cards as if they had the REPLACE
/// icon" — every card of the player, in all fights (§ 'About the Inquisitors'); "REPLACE is
/// used in the Leadership phase, but only if the only action in that phase" (§ 'About the New
/// Rules in Emissaries and Inquisitors'): open before the turn's first card, closed after it.
#[test]
fn razor_mind_allows_replace_in_the_leadership_phase_of_each_turn() {
    let mut g = match_with(Some(fire_wall(Some(Inquisitor::RazorMind))), None);
    let at_start = powers(&g);
    assert_eq!(
        at_start.len(),
        1,
        "only Ann has an inquisitor: {at_start:?}"
    );
    assert_eq!(at_start[0].player, Player::A);
    assert_eq!(at_start[0].power, InquisitorPower::PlayAsIfReplace);
    assert!(
        at_start[0].now,
        "Ann's Leadership phase: nothing played yet"
    );
    assert_eq!(at_start[0].ignored_by, None);
    played(&mut g, Player::A, "vulca-13", Area::Combat);
    assert!(
        !powers(&g)[0].now,
        "a character played: the Leadership phase is over"
    );
    fire_and_pass(&mut g);
    assert!(!powers(&g)[0].now, "Ben's turn");
    played(&mut g, Player::B, "hoax-01", Area::Combat);
    pass(&mut g, Player::B);
    assert!(
        powers(&g)[0].now,
        "Ann's next turn: the Leadership phase again"
    );
}

/// § 'Special Power Texts: Ignored (Icons)': "REPLACE icons "added" by Razor-Mind are treated
/// the same as other REPLACE icons": Impenetrable Fog [Terrah 26] ("Your icons are ignored,
/// except STOP and PROTECTED.") takes them all; Mad Mike Magpie [Flit 13] ("Your cards with
/// icons are ignored, except Flit character cards and PROTECTED cards.") leaves the cards it
/// spares.
#[test]
fn razor_minds_replace_goes_with_ignored_icons() {
    let mut g = match_with(Some(fire_wall(Some(Inquisitor::RazorMind))), None);
    opens_in_fire(&mut g);
    played(&mut g, Player::B, "flit-13", Area::Combat);
    let p = &powers(&g)[0];
    assert_eq!(p.limited_by, Some(id("flit-13")));
    assert_eq!(p.ignored_by, None);
    played(&mut g, Player::B, "terrah-26", Area::Support);
    assert_eq!(powers(&g)[0].ignored_by, Some(id("terrah-26")));
}

/// § 'Special Power Texts: Ignored (Special Power Text)': with Razor-Mind against active
/// Tittertweet [Flit 07] ("Your special power texts are ignored, except on Flit character
/// cards."), "can I play all of my cards as if they had the REPLACE icon? A: No, you cannot.
/// The text on inquisitors, including Razor-Mind, is special power text and is ignored".
#[test]
fn tittertweet_takes_an_inquisitors_power_away() {
    let mut g = match_with(None, Some(fire_wall(Some(Inquisitor::WeaveTongue))));
    played(&mut g, Player::A, "flit-07", Area::Combat);
    let p = &powers(&g)[0];
    assert_eq!(
        (p.player, p.power),
        (Player::B, InquisitorPower::DrawOneMoreAtEndOfTurn)
    );
    assert_eq!(p.ignored_by, Some(id("flit-07")));
    let mut g = match_with(Some(fire_wall(Some(Inquisitor::RazorMind))), None);
    opens_in_fire(&mut g);
    played(&mut g, Player::B, "flit-07", Area::Combat);
    assert_eq!(powers(&g)[0].ignored_by, Some(id("flit-07")));
}

/// Weave-Tongue Royal Councilor [Inq 414]: "At the end of my turn, I may draw one additional
/// card." — in the player's own turn; § 'Inquisitors': not when the hand is refreshed between
/// fights ("neither of these is at the end of a turn"). Swift-Fist and Grease-Palm show no
/// power at the table (the dragon is attracted when the game begins).
#[test]
fn weave_tongue_allows_one_more_card_at_the_end_of_the_own_turn() {
    let mut g = match_with(
        Some(fire_wall(Some(Inquisitor::SwiftFist))),
        Some(fire_wall(Some(Inquisitor::WeaveTongue))),
    );
    let p = powers(&g);
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].player, Player::B);
    assert!(!p[0].now, "Ann's turn");
    opens_in_fire(&mut g);
    assert!(
        powers(&g)[0].now,
        "Ben's turn: at its end he may draw one more"
    );
    g.push(
        &catalog(),
        Event::new(EventKind::Retreat {
            player: Player::B,
            forced: false,
            dragon_cancelled: false,
        }),
    )
    .expect("retreat");
    assert!(
        !powers(&g)[0].now,
        "between fights the hands are refreshed: not the end of a turn"
    );
    let g = match_with(Some(fire_wall(Some(Inquisitor::GreasePalm))), None);
    assert!(powers(&g).is_empty());
}
