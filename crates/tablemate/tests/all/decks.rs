//! Constructed decks through the service: built by the deck-building rules, worded in the
//! interface language naming cards, stored at a revision, exported and read back.
#![allow(clippy::unwrap_used)] // test helpers

use tablemate::decks::{CardsChange, DeckChange, DeckCostReason, NewDeck};
use tablemate::{ErrorCode, Language, Service};

const EN: Language = Language::En;
const DE: Language = Language::De;

pub(crate) fn service() -> (tempfile::TempDir, Service) {
    let dir = tempfile::tempdir().unwrap();
    let svc = Service::open(dir.path()).unwrap();
    (dir, svc)
}

fn vulca(name: &str) -> NewDeck<'_> {
    NewDeck {
        name,
        people: "Vulca",
        ..NewDeck::default()
    }
}

/// The Vulca's own 29 cards outside the E&I decks, by number.
fn own_vulca() -> Vec<String> {
    (1..=30)
        .filter(|n| *n != 17)
        .map(|n| format!("Vulca {n:02}"))
        .collect()
}

#[test]
fn a_thirty_card_vulca_deck_with_a_bought_card_is_legal() {
    let (_d, mut svc) = service();
    let deck = svc.deck_new(&vulca("Fire Wall"), EN).unwrap();
    assert_eq!((deck.cards_used, deck.cards_allowed), (0, 30));
    assert!(!deck.legal);
    let own = own_vulca();
    let typed: Vec<&str> = own.iter().map(String::as_str).collect();
    let deck = svc
        .deck_change(
            &CardsChange::new("fire wall", Some(deck.revision), DeckChange::Add, &typed),
            EN,
        )
        .unwrap();
    assert_eq!(deck.cards_used, 29);
    assert_eq!(
        deck.problems,
        vec!["The deck has 29 cards; it needs exactly 30.".to_owned()]
    );
    let deck = svc
        .deck_change(
            &CardsChange::new(
                "Fire Wall",
                Some(deck.revision),
                DeckChange::Add,
                &["Tittertweet"],
            ),
            EN,
        )
        .unwrap();
    assert!(deck.legal, "{:?}", deck.problems);
    assert_eq!((deck.cards_used, deck.moons_used), (30, 2));
    let bought = deck.cards.iter().find(|c| c.tag == "Flit 07").unwrap();
    assert_eq!(
        (bought.moons, bought.reason),
        (Some(2), DeckCostReason::Bought)
    );
    // Flash the Incendiary [Vulca 02] is sold in the Terrah deck, and free here
    let flash = deck.cards.iter().find(|c| c.tag == "Vulca 02").unwrap();
    assert_eq!(
        (flash.moons, flash.reason),
        (Some(0), DeckCostReason::OwnPeople)
    );
    assert!(svc.deck_list().unwrap()[0].legal);
}

#[test]
fn broken_rules_are_worded_naming_the_card_and_the_deck_is_kept_as_a_draft() {
    let (_d, mut svc) = service();
    svc.deck_new(&vulca("Draft"), EN).unwrap();
    svc.deck_change(
        &CardsChange::new(
            "Draft",
            None,
            DeckChange::Add,
            &["Tittertweet", "Tittertweet", "Inflame Mutant"],
        ),
        EN,
    )
    .unwrap();
    let en = svc.deck_view("Draft", EN).unwrap();
    assert!(!en.legal);
    assert!(en.problems.contains(
        &"Tittertweet [Flit 07] is in the deck 2 times: a deck holds one copy of each card."
            .to_owned()
    ));
    assert!(en.problems.contains(
        &"Inflame Mutant [Vulca 31] comes from the Emissaries and Inquisitors decks, which this \
          deck does not allow."
            .to_owned()
    ));
    let de = svc.deck_view("Draft", DE).unwrap();
    assert!(
        de.problems.iter().any(|p| p.contains("-mal im Deck")),
        "{:?}",
        de.problems
    );
    // a removal takes one copy
    let fixed = svc
        .deck_change(
            &CardsChange::new("Draft", None, DeckChange::Remove, &["Flit 07"]),
            EN,
        )
        .unwrap();
    assert_eq!(
        fixed
            .cards
            .iter()
            .find(|c| c.tag == "Flit 07")
            .unwrap()
            .copies,
        1
    );
}

#[test]
fn a_change_decided_on_an_older_deck_is_refused_and_nothing_is_saved() {
    let (_d, mut svc) = service();
    let seen = svc.deck_new(&vulca("Race"), EN).unwrap();
    svc.deck_change(
        &CardsChange::new("Race", Some(seen.revision), DeckChange::Add, &["V03"]),
        EN,
    )
    .unwrap();
    let stale = svc
        .deck_change(
            &CardsChange::new("Race", Some(seen.revision), DeckChange::Add, &["V04"]),
            EN,
        )
        .unwrap_err();
    assert_eq!(stale.code, ErrorCode::Changed);
    assert!(stale.message.contains("changed meanwhile"), "{stale:?}");
    let now = svc.deck_view("Race", EN).unwrap();
    assert_eq!(now.cards.len(), 1);
}

#[test]
fn a_change_from_the_list_returns_the_deck_changed_and_the_list_with_it() {
    let (_d, mut svc) = service();
    svc.deck_new(&vulca("Other"), EN).unwrap();
    let seen = svc.deck_new(&vulca("Race"), EN).unwrap();
    let got = svc
        .deck_change_listed(
            &CardsChange::new(
                "Race",
                Some(seen.revision),
                DeckChange::Add,
                &["V03", "V04"],
            ),
            EN,
        )
        .unwrap();
    assert_eq!(got.deck.name, "Race");
    assert_eq!(got.deck.cards_used, 2);
    assert!(got.deck.revision > seen.revision, "{got:?}");
    let listed = got.decks.iter().find(|d| d.name == "Race").unwrap();
    assert_eq!(listed, &got.deck);
    assert_eq!(got.decks.len(), 2);
    // decided on the list as it was before: refused, nothing saved
    let stale = svc
        .deck_change_listed(
            &CardsChange::new("Race", Some(seen.revision), DeckChange::Add, &["V05"]),
            EN,
        )
        .unwrap_err();
    assert_eq!(stale.code, ErrorCode::Changed);
    assert_eq!(svc.deck_view("Race", EN).unwrap().cards.len(), 2);
}

#[test]
fn names_peoples_and_inquisitors_are_checked_in_the_interface_language() {
    let (_d, mut svc) = service();
    svc.deck_new(&vulca("Twice"), EN).unwrap();
    let taken = svc.deck_new(&vulca("twice"), DE).unwrap_err();
    assert!(taken.message.contains("gibt es schon"), "{taken:?}");
    let typo = svc
        .deck_new(
            &NewDeck {
                name: "Typo",
                people: "Vulka",
                ..NewDeck::default()
            },
            EN,
        )
        .unwrap_err();
    assert!(typo.message.contains("Did you mean Vulca?"), "{typo:?}");
    let inq = svc
        .deck_new(
            &NewDeck {
                name: "Inq",
                people: "Hoax",
                inquisitor: Some("razor-mind"),
                emissaries_inquisitors: true,
                ..NewDeck::default()
            },
            EN,
        )
        .unwrap();
    assert_eq!((inq.cards_allowed, inq.moons_allowed), (35, 15));
    assert_eq!(inq.inquisitor.unwrap().tag, "Inq 412");
    let not = svc
        .deck_new(
            &NewDeck {
                name: "Not",
                people: "Hoax",
                inquisitor: Some("Tittertweet"),
                ..NewDeck::default()
            },
            EN,
        )
        .unwrap_err();
    assert!(not.message.contains("is not an inquisitor"), "{not:?}");
    let missing = svc.deck_view("Nope", EN).unwrap_err();
    assert_eq!(missing.code, ErrorCode::NotFound);
    assert!(missing.message.contains("Twice"), "{missing:?}");
}

#[test]
fn export_then_import_gives_the_same_deck() {
    let (_d, mut svc) = service();
    svc.deck_new(
        &NewDeck {
            name: "Round Trip",
            people: "Vulca",
            inquisitor: Some("Inq 414"),
            emissaries_inquisitors: true,
            buka: true,
        },
        EN,
    )
    .unwrap();
    svc.deck_change(
        &CardsChange::new(
            "Round Trip",
            None,
            DeckChange::Add,
            &["V03", "Heroine of the Great Plains", "Sailingmaster Yo Cha"],
        ),
        EN,
    )
    .unwrap();
    let text = svc.deck_export("Round Trip", EN).unwrap();
    assert!(
        text.contains("Mimix 06 Heroine of the Great Plains"),
        "{text}"
    );
    let copy = svc.deck_import(&text, Some("Copy"), EN).unwrap();
    let original = svc.deck_view("Round Trip", EN).unwrap();
    assert_eq!(copy.cards, original.cards);
    assert_eq!(copy.inquisitor, original.inquisitor);
    assert_eq!(
        (copy.emissaries_inquisitors, copy.buka, copy.moons_used),
        (true, true, original.moons_used)
    );
    assert_eq!(
        svc.deck_export("Copy", EN).unwrap(),
        text.replace("Name: Round Trip", "Name: Copy")
    );
}

#[test]
fn an_import_that_cannot_read_a_line_names_it_and_stores_nothing() {
    let (_d, mut svc) = service();
    let e = svc
        .deck_import("Name: Bad\nPeople: Vulca\nV03\nxqzzyqx\n", None, DE)
        .unwrap_err();
    assert!(e.message.starts_with("Zeile 4 der Deckliste"), "{e:?}");
    assert!(svc.deck_list().unwrap().is_empty());
    let e = svc.deck_import("V03\n", None, EN).unwrap_err();
    assert!(e.message.contains("Name:"), "{e:?}");
}

// --- a constructed deck at the table ---------------------------------------------------------

use tablemate::game::{NewGameRequest, Seat};
use tablemate::table::{Board, CardEntry, EntryFront, NewTable, TableAction, TableAt};

/// The legal 30-card Vulca deck "Fire Wall": the Vulca's own cards and Tittertweet.
pub(crate) fn fire_wall(svc: &mut Service) {
    svc.deck_new(&vulca("Fire Wall"), EN).unwrap();
    let mut cards = own_vulca();
    cards.push("Tittertweet".into());
    let typed: Vec<&str> = cards.iter().map(String::as_str).collect();
    let deck = svc
        .deck_change(
            &CardsChange::new("Fire Wall", None, DeckChange::Add, &typed),
            EN,
        )
        .unwrap();
    assert!(deck.legal, "{:?}", deck.problems);
}

/// Ann's `card` entering play, its warnings not confirmed: previewed, played only when quiet.
fn entry(card: &str) -> CardEntry {
    CardEntry::blue_moon(Seat::A, card, false)
}

fn new_game(
    svc: &mut Service,
    deck_a: Option<&str>,
    people_a: &str,
) -> Result<i64, tablemate::ServiceError> {
    svc.table_new(
        &NewTable::BlueMoon(NewGameRequest {
            player_a: "Ann".into(),
            player_b: "Ben".into(),
            people_a: people_a.into(),
            people_b: "Hoax".into(),
            first: Some(Seat::A),
            emissaries_inquisitors: false,
            deck_a: deck_a.map(str::to_owned),
            deck_b: None,
        }),
        EN,
    )
    .map(|t| t.header.game.id)
}

fn not_in_deck(svc: &mut Service, game: i64, card: &str) -> bool {
    let at = TableAt::blue_moon(game);
    let entered = svc
        .table_enter(at, &entry(card), EntryFront::Window, EN)
        .unwrap();
    // a card played quietly is taken back: each look is at the game as it began
    if entered.table.is_some() {
        svc.table_undo(at, EN).unwrap();
    }
    let preview = entered.preview.unwrap();
    preview
        .warnings
        .iter()
        .any(|w| w.kind == bluemoon::WarningKind::NotInDeck)
}

#[test]
fn a_game_plays_the_deck_as_it_was_when_the_game_began() {
    let (_d, mut svc) = service();
    fire_wall(&mut svc);
    let game = new_game(&mut svc, Some("fire wall"), "").unwrap();
    // its bought card is played quietly; a Vulca-deck card it does not hold is warned
    assert!(!not_in_deck(&mut svc, game, "Tittertweet"));
    assert!(not_in_deck(&mut svc, game, "Heroine of the Great Plains"));
    // the deck edited afterwards changes nothing in that game
    svc.deck_change(
        &CardsChange::new("Fire Wall", None, DeckChange::Remove, &["Tittertweet"]),
        EN,
    )
    .unwrap();
    assert!(!not_in_deck(&mut svc, game, "Tittertweet"));
    // a game started now takes the deck as it is now: not legal, so refused, naming why
    let refused = new_game(&mut svc, Some("Fire Wall"), "").unwrap_err();
    assert_eq!(refused.code, ErrorCode::InvalidInput);
    assert!(
        refused
            .message
            .starts_with("Ann's deck “Fire Wall” is not legal yet, so it cannot be played: The deck has 29 cards"),
        "{refused:?}"
    );
}

#[test]
fn a_deck_of_another_people_than_typed_is_refused_naming_both() {
    let (_d, mut svc) = service();
    fire_wall(&mut svc);
    let refused = new_game(&mut svc, Some("Fire Wall"), "Hoax").unwrap_err();
    assert_eq!(
        refused.message,
        "Ann's deck “Fire Wall” is a Vulca deck, not Hoax."
    );
    // the same people, or none, is fine
    assert!(new_game(&mut svc, Some("Fire Wall"), "vulca").is_ok());
}

/// Razor-Mind's REPLACE is shown at the table, in Ann's Leadership phase, named in both
/// languages; the engine decides when (bluemoon's goldens cite the FAQ).
#[test]
fn an_inquisitors_power_is_shown_at_the_table() {
    let (_d, mut svc) = service();
    let new = NewDeck {
        inquisitor: Some("Razor-Mind"),
        emissaries_inquisitors: true,
        ..vulca("Inspected")
    };
    svc.deck_new(&new, EN).unwrap();
    // 35 cards: the Vulca's own (with their E&I card) and five zero-moon mutants
    let mut cards = own_vulca();
    cards.push("Vulca 17".into());
    cards.extend((101..=105).map(|n| format!("Mutant {n}")));
    let typed: Vec<&str> = cards.iter().map(String::as_str).collect();
    let deck = svc
        .deck_change(
            &CardsChange::new("Inspected", None, DeckChange::Add, &typed),
            EN,
        )
        .unwrap();
    assert!(deck.legal, "{:?}", deck.problems);
    let table = svc
        .table_new(
            &NewTable::BlueMoon(NewGameRequest {
                player_a: "Ann".into(),
                player_b: "Ben".into(),
                people_a: String::new(),
                people_b: "Hoax".into(),
                first: Some(Seat::A),
                emissaries_inquisitors: false,
                deck_a: Some("Inspected".into()),
                deck_b: None,
            }),
            EN,
        )
        .unwrap();
    let Board::BlueMoon(game) = table.board else {
        unreachable!("a Blue Moon table")
    };
    let powers = &game.inquisitor_powers;
    assert_eq!(powers.len(), 1, "{powers:?}");
    assert_eq!(powers[0].seat, Seat::A);
    assert_eq!(
        powers[0].power,
        tablemate::decks::InquisitorPowerKind::Replace
    );
    assert!(powers[0].now);
    assert_eq!(
        powers[0].inquisitor_name,
        "Razor-Mind Royal Inspector [Inq 412]"
    );
    assert_eq!(powers[0].ignored_by, None);
}

/// Statistics per deck: a finished game counts for the deck as the game kept it (a deck
/// renamed afterwards does not move it); a game with preassembled decks counts for none.
#[test]
fn statistics_count_games_and_wins_per_deck() {
    use tablemate::game::GameAction;
    let (_d, mut svc) = service();
    fire_wall(&mut svc);
    let finish = |svc: &mut Service, game: i64, loser: Seat| {
        let concede = TableAction::BlueMoon(GameAction::Concede { player: loser });
        svc.table_act(TableAt::blue_moon(game), &concede, Language::En)
            .unwrap();
        // records the game (and starts the match's next, unfinished)
        svc.game_next(tablemate::table::TableAt::blue_moon(game), Language::En)
            .unwrap();
    };
    let game = new_game(&mut svc, Some("Fire Wall"), "").unwrap();
    finish(&mut svc, game, Seat::B);
    let plain = new_game(&mut svc, None, "Vulca").unwrap();
    finish(&mut svc, plain, Seat::A);
    let stats = svc.statistics(None, EN).unwrap();
    assert_eq!(stats.games, 2);
    assert_eq!(stats.by_deck.len(), 1, "{:?}", stats.by_deck);
    let line = &stats.by_deck[0];
    assert_eq!(
        (
            line.deck.as_str(),
            line.people.as_str(),
            line.games,
            line.wins
        ),
        ("Fire Wall", "Vulca", 1, 1)
    );
    assert_eq!(line.win_rate_text, "100.0%");
    // Ben never played a constructed deck
    assert!(svc.statistics(Some("Ben"), EN).unwrap().by_deck.is_empty());
}

// --- decks at a tournament -------------------------------------------------------------------

/// A round robin event as the organiser fills in the form.
pub(crate) fn round_robin(
    name: &str,
    date: &str,
    decks_required: Option<bool>,
) -> tablemate::tournaments::NewEvent {
    tablemate::tournaments::NewEvent {
        name: name.into(),
        date: date.into(),
        format: "round_robin".into(),
        rounds: None,
        top_cut: None,
        first_round: None,
        seed: None,
        decks_required,
    }
}

/// A Swiss event of `rounds` rounds as the organiser fills in the form.
pub(crate) fn swiss(
    name: &str,
    date: &str,
    rounds: u32,
    decks_required: Option<bool>,
) -> tablemate::tournaments::NewEvent {
    tablemate::tournaments::NewEvent {
        format: "swiss".into(),
        rounds: Some(rounds),
        ..round_robin(name, date, decks_required)
    }
}

/// The registered decks as (player, deck, cards used), in seed order.
pub(crate) fn registered(decks: &[tablemate::decks::RegisteredDeckView]) -> Vec<(&str, &str, u32)> {
    decks
        .iter()
        .map(|d| (d.player.as_str(), d.deck.as_str(), d.cards_used))
        .collect()
}

fn winter_cup(svc: &mut Service) -> i64 {
    let event = svc
        .create_event(&round_robin("Winter Cup", "2026-12-05", None), EN)
        .unwrap();
    svc.register(event.id, "Ann", Some("Vulca"), EN).unwrap();
    svc.register(event.id, "Ben", None, EN).unwrap();
    event.id
}

/// A registration takes a saved deck as a copy (the deck edited later does not change it), only
/// a legal one, and is frozen once round 1 is paired, naming the player; the sheets list it.
#[test]
fn a_registered_deck_is_copied_checked_and_frozen_by_round_one() {
    let (_d, mut svc) = service();
    fire_wall(&mut svc);
    svc.deck_new(&vulca("Draft"), EN).unwrap();
    let event = winter_cup(&mut svc);
    // a draft is refused with the rule it breaks, nothing registered
    let refused = svc
        .tournament_register_deck(event, "Ann", Some("Draft"), EN)
        .unwrap_err();
    assert!(
        refused
            .message
            .contains("Ann's deck “Draft” is not legal yet"),
        "{refused:?}"
    );
    assert!(svc.tournament_decks(event, EN).unwrap().is_empty());
    let decks = svc
        .tournament_register_deck(event, "ann", Some("fire wall"), EN)
        .unwrap();
    assert_eq!(registered(&decks), [("Ann", "Fire Wall", 30)]);
    // the saved deck changed afterwards: the registration keeps the list registered
    svc.deck_change(
        &CardsChange::new("Fire Wall", None, DeckChange::Remove, &["Tittertweet"]),
        EN,
    )
    .unwrap();
    let kept = svc.tournament_decks(event, DE).unwrap();
    assert!(kept[0].cards.iter().any(|c| c.tag == "Flit 07"));
    let sheets = svc.tournament_deck_sheets(event, EN).unwrap();
    assert!(
        sheets.starts_with("Winter Cup — 2026-12-05\nPlayer: Ann\nDeck: Fire Wall (Vulca)"),
        "{sheets}"
    );
    assert!(sheets.contains("Tittertweet [Flit 07]"), "{sheets}");
    assert!(svc
        .tournament_deck_sheets(event, DE)
        .unwrap()
        .contains("Spieler: Ann"));
    // round 1 paired: frozen, naming the player, in German too
    svc.pair_round(event, EN).unwrap();
    let frozen = svc
        .tournament_register_deck(event, "Ann", None, DE)
        .unwrap_err();
    assert_eq!(
        frozen.message,
        "Runde 1 von Winter Cup ist gepaart, daher ist Anns Deckregistrierung eingefroren: sie \
         kann nicht mehr eingetragen oder geändert werden."
    );
    assert_eq!(svc.tournament_decks(event, EN).unwrap().len(), 1);
}

/// `register … --deck` is one write: the entry and the deck are checked first, a refusal of
/// either registers nobody and names the player, the event and why (German and English), and a
/// registration with no people given plays the deck's.
#[test]
fn a_registration_with_a_refused_deck_registers_nobody() {
    let (_d, mut svc) = service();
    fire_wall(&mut svc);
    svc.deck_new(&vulca("Draft"), EN).unwrap();
    let event = winter_cup(&mut svc);
    let entrants = |svc: &Service| {
        svc.event_detail(event, tablemate::Language::En)
            .unwrap()
            .entrants
            .len()
    };
    assert_eq!(entrants(&svc), 2);
    let refused = svc
        .register_with_deck(event, &["Cleo"], None, "Draft", DE)
        .unwrap_err();
    assert_eq!(refused.code, ErrorCode::InvalidInput);
    assert_eq!(
        refused.message,
        "Cleo ist nicht für Winter Cup angemeldet, auch das Deck nicht: Cleos Deck „Draft“ ist \
         noch nicht gültig und kann nicht gespielt werden: Das Deck hat 0 Karten; es braucht \
         genau 30."
    );
    let refused = svc
        .register_with_deck(event, &["Cleo"], Some("Hoax"), "Fire Wall", EN)
        .unwrap_err();
    assert_eq!(
        refused.message,
        "Cleo is not registered for Winter Cup, nor is the deck: Cleo's deck “Fire Wall” is a \
         Vulca deck, not Hoax."
    );
    let refused = svc
        .register_with_deck(event, &["Cleo", "Dan"], None, "Fire Wall", DE)
        .unwrap_err();
    assert_eq!(
        refused.message,
        "Ein Deck wird für einen Spieler angemeldet; genannt wurden 2. Es wurde niemand \
         angemeldet."
    );
    // a name already registered is refused as a registration without a deck is
    assert!(svc
        .register_with_deck(event, &["ann"], None, "Fire Wall", EN)
        .is_err());
    assert_eq!(entrants(&svc), 2, "nobody registered");
    assert!(svc.tournament_decks(event, EN).unwrap().is_empty());

    let tablemate::decks::RegisteredWithDeck {
        entrant: cleo,
        decks,
    } = svc
        .register_with_deck(event, &["Cleo"], None, "fire wall", DE)
        .unwrap();
    assert_eq!(
        (cleo.name.as_str(), cleo.people.as_deref()),
        ("Cleo", Some("Vulca"))
    );
    assert_eq!(registered(&decks), [("Cleo", "Fire Wall", 30)]);
    assert_eq!(entrants(&svc), 3);
}

/// The event's CSV export carries each registration's deck (decks.csv: a line per card, the
/// card by name beside its id) and an import of the files gives the decks back.
#[test]
fn decks_are_in_the_csv_export_and_import_back() {
    let (_d, mut svc) = service();
    fire_wall(&mut svc);
    let event = winter_cup(&mut svc);
    svc.tournament_register_deck(event, "Ann", Some("Fire Wall"), EN)
        .unwrap();
    let files = svc.export_event_csv(event).unwrap();
    let lines: Vec<&str> = files.decks.lines().collect();
    assert_eq!(lines.len(), 31, "{}", files.decks);
    assert_eq!(
        lines[0],
        "player,deck,people,inquisitor,emissaries_inquisitors,buka,card_id,card"
    );
    assert!(
        files
            .decks
            .contains("Ann,Fire Wall,Vulca,,false,false,flit-07,Tittertweet [Flit 07]\n"),
        "{}",
        files.decks
    );
    let export = svc
        .event_export(event, std::path::Path::new("/nowhere"))
        .unwrap();
    assert!(export.files.iter().any(|(f, _)| *f == "decks.csv"));
    let back = svc
        .import_event_csv(
            &round_robin("Winter Cup again", "2026-12-06", None),
            &tablemate::tournaments::CsvImport {
                entrants: files.entrants.as_bytes(),
                pairings: files.pairings.as_bytes(),
                results: files.results.as_bytes(),
                decks: Some(files.decks.as_bytes()),
                ..Default::default()
            },
            EN,
        )
        .unwrap();
    let decks = svc.tournament_decks(back.id, EN).unwrap();
    assert_eq!(registered(&decks), [("Ann", "Fire Wall", 30)]);
}

/// The table knows the constructed deck: the side lists its cards (the app suggests them first)
/// and a card outside it is warned naming the deck, not the people.
#[test]
fn the_table_names_the_constructed_deck_and_lists_its_cards() {
    let (_d, mut svc) = service();
    fire_wall(&mut svc);
    let game = new_game(&mut svc, Some("Fire Wall"), "").unwrap();
    let table = svc.table_view(TableAt::blue_moon(game).game, EN).unwrap();
    let Board::BlueMoon(view) = table.board else {
        unreachable!("a Blue Moon table")
    };
    let ann = view.players.iter().find(|p| p.seat == Seat::A).unwrap();
    let cards = ann
        .deck_cards
        .as_ref()
        .expect("Ann plays a constructed deck");
    assert_eq!(cards.len(), 30);
    assert!(cards.iter().any(|c| c == "flit-07"));
    let ben = view.players.iter().find(|p| p.seat == Seat::B).unwrap();
    assert_eq!(ben.deck_cards, None, "Ben plays the Hoax deck");
    let entered = svc
        .table_enter(
            TableAt::blue_moon(game),
            &entry("Heroine of the Great Plains"),
            EntryFront::Window,
            EN,
        )
        .unwrap();
    assert!(entered.table.is_none(), "a warning to confirm first");
    let preview = entered.preview.unwrap();
    let warned = preview
        .warnings
        .iter()
        .find(|w| w.kind == bluemoon::WarningKind::NotInDeck)
        .expect("warned");
    assert_eq!(warned.deck.as_deref(), Some("Fire Wall"));
}

/// A change as the window sends it must carry the revision the page showed: without it (or
/// with null) it is not read at all, so it can never be saved over the deck as it is now.
#[test]
fn a_change_from_the_window_carries_its_revision() {
    let read = |args: serde_json::Value| serde_json::from_value::<CardsChange>(args);
    let sent =
        serde_json::json!({"name": "Race", "revision": 3, "change": "add", "cards": ["V03"]});
    assert_eq!(
        read(sent).unwrap(),
        CardsChange::new("Race", Some(3), DeckChange::Add, &["V03"])
    );
    let none = serde_json::json!({"name": "Race", "change": "add", "cards": ["V03"]});
    assert!(read(none).unwrap_err().to_string().contains("revision"));
    let null = serde_json::json!({"name": "Race", "revision": null, "change": "add", "cards": []});
    assert!(read(null).is_err());
}
