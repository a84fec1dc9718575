#![allow(clippy::unwrap_used)] // tests

use othergames::kc::{DrawBy, Duration, KcEvent, WinBy};
use othergames::stccg::{PointSource, StEvent};
use othergames::whi::{WhiEvent, Zone};
use othergames::{CardId, Player};

use super::*;
use crate::othergames::tests::Act;
use crate::othergames::{NewOtherGameRequest, OtherAction};
use crate::{ErrorCode, Language};

fn svc() -> (tempfile::TempDir, Service) {
    let dir = tempfile::tempdir().unwrap();
    let svc = Service::open(dir.path().join("data")).unwrap();
    (dir, svc)
}

fn new(
    svc: &mut Service,
    kind: OtherGameKind,
    players: [&str; 2],
    decks: [Option<&str>; 2],
) -> i64 {
    svc.other_new(
        &NewOtherGameRequest {
            kind,
            player_a: players[0].into(),
            player_b: players[1].into(),
            deck_a: decks[0].map(str::to_owned),
            deck_b: decks[1].map(str::to_owned),
            first: None,
            hit_points: None,
        },
        Language::En,
    )
    .unwrap()
    .id
}

fn act(svc: &mut Service, id: i64, action: OtherAction) {
    svc.other_act(id, &action, Language::En).unwrap();
}

fn whi(svc: &mut Service, id: i64, ev: WhiEvent) {
    act(svc, id, OtherAction::Whi(ev));
}

fn st(svc: &mut Service, id: i64, ev: StEvent) {
    act(svc, id, OtherAction::Stccg(ev));
}

fn kc(svc: &mut Service, id: i64, ev: KcEvent) {
    act(svc, id, OtherAction::Kc(ev));
}

fn damage(player: Player, zone: Zone, amount: u32) -> WhiEvent {
    WhiEvent::DamageDealt {
        player,
        zone,
        amount,
    }
}

fn line<'a>(lines: &'a [OtherWinLine], name: &str) -> &'a OtherWinLine {
    lines
        .iter()
        .find(|l| l.name == name)
        .unwrap_or_else(|| panic!("no line {name}: {lines:?}"))
}

/// Ann (Dwarfs) burns two of Ben's (Chaos) zones on turn 3.
fn whi_won(s: &mut Service) -> i64 {
    let id = new(
        s,
        OtherGameKind::Whi,
        ["Ann", "Ben"],
        [Some("Dwarfs"), Some("Chaos")],
    );
    whi(s, id, WhiEvent::TurnEnded { player: Player::A });
    whi(s, id, WhiEvent::TurnEnded { player: Player::B });
    whi(s, id, damage(Player::B, Zone::Quest, 8));
    whi(s, id, damage(Player::B, Zone::Kingdom, 8));
    id
}

#[test]
fn a_won_whi_game_counts_and_an_unfinished_one_does_not() {
    let (_d, mut s) = svc();
    whi_won(&mut s);
    // Unfinished: one zone burned.
    let open = new(
        &mut s,
        OtherGameKind::Whi,
        ["Ann", "Cid"],
        [Some("Dwarfs"), None],
    );
    whi(&mut s, open, damage(Player::A, Zone::Quest, 8));

    let v = s
        .other_statistics(OtherGameKind::Whi, None, Language::En)
        .unwrap();
    assert_eq!(v.games, 1);
    assert_eq!(v.ties, 0);
    assert_eq!(v.average_turns, 3.0);
    assert_eq!(v.figure, OtherFigure::LoserZonesBurned);
    assert_eq!(v.average_figure, 2.0);
    assert_eq!(v.ends.len(), 1);
    assert_eq!(v.ends[0].end, OtherEnd::ZonesBurned);
    assert_eq!(v.ends[0].share_text, "100.0%");
    assert_eq!(v.by_player.len(), 2, "Cid has no finished game");
    let ann = line(&v.by_player, "Ann");
    assert_eq!((ann.games, ann.wins, ann.win_rate), (1, 1, 100.0));
    assert_eq!(line(&v.by_player, "Ben").wins, 0);
    assert_eq!(line(&v.by_deck, "Dwarfs").wins, 1);
    assert_eq!(line(&v.by_deck, "Chaos").win_rate_text, "0.0%");
    assert_eq!(v.by_matchup.len(), 1);
    let m = &v.by_matchup[0];
    // Alphabetical: Chaos against Dwarfs, Chaos lost.
    assert_eq!((m.deck.as_str(), m.opponent.as_str()), ("Chaos", "Dwarfs"));
    assert_eq!((m.games, m.wins), (1, 0));
    // Other kinds have nothing.
    assert_eq!(
        s.other_statistics(OtherGameKind::Kc, None, Language::En)
            .unwrap()
            .games,
        0
    );
}

#[test]
fn a_win_taken_back_no_longer_counts() {
    let (_d, mut s) = svc();
    let id = whi_won(&mut s);
    assert_eq!(
        s.other_statistics(OtherGameKind::Whi, None, Language::En)
            .unwrap()
            .games,
        1
    );
    s.other_undo(
        crate::othergames::tests::at(OtherGameKind::Whi, id).into(),
        Language::En,
    )
    .unwrap();
    let v = s
        .other_statistics(OtherGameKind::Whi, None, Language::En)
        .unwrap();
    assert_eq!(v.games, 0);
    assert!(v.by_player.is_empty());
    assert_eq!(v.average_turns, 0.0);
}

#[test]
fn each_finished_game_of_a_kc_match_counts_with_its_cards_and_the_one_in_play_does_not() {
    let (_d, mut s) = svc();
    let id = new(
        &mut s,
        OtherGameKind::Kc,
        ["Ann", "Ben"],
        [Some("Red"), Some("Blue")],
    );
    let card = |player, name: &str| KcEvent::CardPlayed {
        player,
        card: CardId::new(name),
        duration: Duration::ThisTurn,
        target: None,
    };
    // Game 1: three cards, Ann checkmates on turn 2.
    kc(&mut s, id, card(Player::A, "BOG"));
    kc(&mut s, id, card(Player::A, "FALSE ORDERS"));
    kc(&mut s, id, KcEvent::TurnEnded { player: Player::A });
    kc(&mut s, id, card(Player::B, "PEACE TALKS"));
    kc(
        &mut s,
        id,
        KcEvent::GameWon {
            winner: Player::A,
            by: WinBy::Checkmate,
        },
    );
    // Game 2: one card, drawn by agreement on turn 1.
    kc(&mut s, id, KcEvent::NextGame { white: Player::B });
    kc(&mut s, id, card(Player::B, "BOG"));
    kc(
        &mut s,
        id,
        KcEvent::GameDrawn {
            by: DrawBy::Agreement,
        },
    );
    // Game 3: in play, cards played: not counted.
    kc(&mut s, id, KcEvent::NextGame { white: Player::A });
    kc(&mut s, id, card(Player::A, "BOG"));
    kc(&mut s, id, card(Player::A, "BOG"));

    let v = s
        .other_statistics(OtherGameKind::Kc, None, Language::En)
        .unwrap();
    assert_eq!(v.games, 2);
    assert_eq!(v.ties, 1);
    assert_eq!(v.figure, OtherFigure::CardsPlayed);
    assert_eq!(v.average_figure, 2.0, "(3 + 1) / 2 games");
    assert_eq!(v.average_turns, 1.5);
    let ends: Vec<(OtherEnd, u32)> = v.ends.iter().map(|e| (e.end, e.games)).collect();
    assert!(ends.contains(&(OtherEnd::Checkmate, 1)), "{ends:?}");
    assert!(ends.contains(&(OtherEnd::Agreement, 1)), "{ends:?}");
    let ann = line(&v.by_player, "Ann");
    assert_eq!((ann.games, ann.wins, ann.ties), (2, 1, 1));
    assert_eq!(ann.win_rate_text, "50.0%");
    let ben = line(&v.by_player, "Ben");
    assert_eq!((ben.games, ben.wins, ben.ties), (2, 0, 1));
    let m = &v.by_matchup[0];
    assert_eq!(
        (m.deck.as_str(), m.games, m.wins, m.ties),
        ("Blue", 2, 0, 1)
    );
}

#[test]
fn stccg_wins_by_points_and_by_concession_give_the_average_winning_score() {
    let (_d, mut s) = svc();
    let points = |player, points| StEvent::PointsScored {
        player,
        points,
        source: PointSource::Mission,
        card: None,
    };
    let id = new(
        &mut s,
        OtherGameKind::Stccg,
        ["Ann", "Ben"],
        [Some("Federation"), Some("Klingon")],
    );
    st(&mut s, id, points(Player::A, 60));
    st(&mut s, id, StEvent::TurnEnded { player: Player::A });
    st(&mut s, id, points(Player::B, 35));
    st(&mut s, id, StEvent::TurnEnded { player: Player::B });
    st(&mut s, id, points(Player::A, 45));
    let id = new(
        &mut s,
        OtherGameKind::Stccg,
        ["Ben", "Ann"],
        [Some("Klingon"), Some("Federation")],
    );
    st(&mut s, id, points(Player::A, 30));
    st(&mut s, id, StEvent::Conceded { player: Player::B });

    let v = s
        .other_statistics(OtherGameKind::Stccg, None, Language::En)
        .unwrap();
    assert_eq!(v.games, 2);
    assert_eq!(v.figure, OtherFigure::WinningScore);
    assert_eq!(v.average_figure, 67.5, "(105 + 30) / 2");
    assert_eq!(v.average_turns, 2.0, "turns 3 and 1");
    let ends: Vec<(OtherEnd, u32)> = v.ends.iter().map(|e| (e.end, e.games)).collect();
    assert!(ends.contains(&(OtherEnd::Points, 1)), "{ends:?}");
    assert!(ends.contains(&(OtherEnd::Conceded, 1)), "{ends:?}");
    assert_eq!(line(&v.by_player, "Ann").wins, 1);
    assert_eq!(line(&v.by_player, "Ben").wins, 1);
    assert_eq!(line(&v.by_deck, "Klingon").wins, 1);
    let m = &v.by_matchup[0];
    assert_eq!(
        (m.deck.as_str(), m.opponent.as_str(), m.games, m.wins),
        ("Federation", "Klingon", 2, 1)
    );
}

#[test]
fn a_player_filter_keeps_their_games_and_their_decks() {
    let (_d, mut s) = svc();
    whi_won(&mut s); // Ann (Dwarfs) beats Ben (Chaos)
    let id = new(
        &mut s,
        OtherGameKind::Whi,
        ["Cid", "Ann"],
        [Some("Empire"), Some("Orcs")],
    );
    whi(&mut s, id, WhiEvent::DeckEmpty { player: Player::A });

    let all = s
        .other_statistics(OtherGameKind::Whi, None, Language::En)
        .unwrap();
    assert_eq!((all.games, all.by_deck.len()), (2, 4));
    let v = s
        .other_statistics(OtherGameKind::Whi, Some("ben"), Language::En)
        .unwrap();
    assert_eq!(v.player.as_deref(), Some("Ben"));
    assert_eq!(v.games, 1);
    let decks: Vec<&str> = v.by_deck.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(decks, ["Chaos"], "only Ben's decks");
    assert_eq!(v.ends[0].end, OtherEnd::ZonesBurned);
    let v = s
        .other_statistics(OtherGameKind::Whi, Some("Cid"), Language::En)
        .unwrap();
    assert_eq!(v.games, 1);
    assert_eq!(v.ends[0].end, OtherEnd::DeckEmpty);
    assert_eq!(
        v.average_figure, 0.0,
        "no zone burned when the deck ran out"
    );
    assert_eq!(line(&v.by_player, "Ann").wins, 1);
    let e = s
        .other_statistics(OtherGameKind::Whi, Some("Nobody"), Language::En)
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::NotFound);
    assert!(e.message.contains("Nobody"), "{}", e.message);
    // The filter is typed in the app: refused in its language.
    let e = s
        .other_statistics(OtherGameKind::Whi, Some("Nobody"), Language::De)
        .unwrap_err();
    assert_eq!(e.message, "Es gibt keinen Spieler namens „Nobody“.");
    let e = s.statistics(Some("Nobody"), Language::De).unwrap_err();
    assert_eq!(e.message, "Es gibt keinen Spieler namens „Nobody“.");
}

#[test]
fn the_figures_do_not_depend_on_the_language_the_game_was_played_in() {
    let (_d, mut s) = svc();
    let id = new(&mut s, OtherGameKind::Whi, ["Ann", "Ben"], [None, None]);
    for ev in [
        damage(Player::A, Zone::Battlefield, 8),
        WhiEvent::Conceded { player: Player::A },
    ] {
        s.other_act(id, &OtherAction::Whi(ev), Language::De)
            .unwrap();
    }
    let v = s
        .other_statistics(OtherGameKind::Whi, None, Language::En)
        .unwrap();
    assert_eq!(v.ends[0].end, OtherEnd::Conceded);
    assert_eq!(
        v.average_figure, 1.0,
        "Ann, who conceded, had one zone burned"
    );
    assert!(
        v.by_deck.is_empty() && v.by_matchup.is_empty(),
        "no decks given"
    );
    let json = serde_json::to_value(&v).unwrap();
    assert_eq!(json["ends"][0]["end"], "conceded");
    assert_eq!(json["figure"], "loser_zones_burned");
}

#[test]
fn a_log_the_engine_cannot_replay_is_counted_as_unreadable_not_as_a_game() {
    let (_d, mut s) = svc();
    whi_won(&mut s);
    let id = new(&mut s, OtherGameKind::Whi, ["Cid", "Dan"], [None, None]);
    // Written past the service: an event the engine refuses (a turn out of order).
    let revision = s.store.other_game(store::OtherGameId(id)).unwrap().revision;
    s.store
        .append(
            s.store.other_game(store::OtherGameId(id)).unwrap().game(),
            revision,
            r#"{"v":1,"type":"turn_ended","player":"B"}"#,
            store::Outcome::Playing,
        )
        .unwrap();
    let v = s
        .other_statistics(OtherGameKind::Whi, None, Language::En)
        .unwrap();
    assert_eq!((v.games, v.unreadable), (1, 1));
}
