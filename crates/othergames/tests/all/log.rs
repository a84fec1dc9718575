//! The log layer the three games share: reading events, the order checks, resuming a stored
//! log and undo.

use othergames::kc::{KcEvent, KcGame, KcState};
use othergames::log::{Needs, Phase};
use othergames::stccg::StEvent;
use othergames::whi::{WhiError, WhiEvent, WhiGame};
use othergames::{Event, LogError, Player, ReplayError, Rules};

#[test]
fn from_json_refuses_other_versions_unknown_types_and_missing_fields() {
    let ok = Event::<WhiEvent>::from_json(r#"{"v":1,"type":"turn_ended","player":"B","extra":1}"#);
    assert_eq!(
        ok,
        Ok(Event::new(WhiEvent::TurnEnded { player: Player::B }))
    );
    assert_eq!(
        Event::<WhiEvent>::from_json(r#"{"v":2,"type":"turn_ended","player":"B"}"#),
        Err(LogError::UnsupportedVersion(2))
    );
    let unknown = Event::<StEvent>::from_json(r#"{"v":1,"type":"dragon_attracted","player":"A"}"#);
    assert!(matches!(unknown, Err(LogError::Json(m)) if m.contains("dragon_attracted")));
    let missing =
        Event::<KcEvent>::from_json(r#"{"v":1,"type":"card_played","player":"A","card":"BOG"}"#);
    assert!(matches!(missing, Err(LogError::Json(m)) if m.contains("duration")));
    let zero_turns = Event::<KcEvent>::from_json(
        r#"{"v":1,"type":"card_played","player":"A","card":"BOG","duration":{"turns":0}}"#,
    );
    assert!(zero_turns.is_err(), "a count of 0 turns is not a duration");
}

#[test]
fn phase_checks() {
    let fresh = Phase {
        set_up: false,
        over: false,
    };
    let playing = Phase {
        set_up: true,
        over: false,
    };
    let over = Phase {
        set_up: true,
        over: true,
    };
    assert_eq!(fresh.check(Needs::NotSetUp), Ok(()));
    assert_eq!(fresh.check(Needs::InProgress), Err(LogError::NotSetUp));
    assert_eq!(fresh.check(Needs::Over), Err(LogError::NotSetUp));
    assert_eq!(playing.check(Needs::NotSetUp), Err(LogError::AlreadySetUp));
    assert_eq!(playing.check(Needs::InProgress), Ok(()));
    assert_eq!(playing.check(Needs::Over), Err(LogError::GameNotOver));
    assert_eq!(over.check(Needs::InProgress), Err(LogError::GameOver));
    assert_eq!(over.check(Needs::Over), Ok(()));
}

#[test]
fn a_stored_log_that_does_not_replay_names_the_event() {
    let events = vec![
        Event::new(WhiEvent::Setup {
            decks: Default::default(),
            starts: Player::A,
            hit_points: Default::default(),
        }),
        Event::new(WhiEvent::TurnEnded { player: Player::A }),
        Event::new(WhiEvent::TurnEnded { player: Player::A }),
    ];
    let err = WhiGame::from_events(events).err();
    assert_eq!(
        err,
        Some(ReplayError {
            index: 2,
            error: WhiError::Log(LogError::NotYourTurn {
                active: Player::B,
                got: Player::A
            })
        })
    );
    let first = vec![Event::new(WhiEvent::TurnEnded { player: Player::A })];
    let err = WhiGame::from_events(first).err().map(|e| e.to_string());
    assert_eq!(
        err.as_deref(),
        Some("event 0: the first event must be `setup`")
    );
}

#[test]
fn resume_push_and_undo() {
    let setup = Event::new(KcEvent::Setup {
        decks: Default::default(),
        white: Player::B,
    });
    let turn = Event::new(KcEvent::TurnEnded { player: Player::B });
    let mut game = KcGame::from_events(vec![setup.clone()]).expect("a setup replays");
    let after_setup = game.state().clone();
    assert_eq!(after_setup.turn.active, Player::B);
    game.push(turn.clone()).expect("White (B) ends the turn");
    assert_eq!(game.state().turn.active, Player::A);
    assert!(
        game.push(turn.clone()).is_err(),
        "B has just ended the turn"
    );
    assert_eq!(game.events(), [setup.clone(), turn.clone()]);
    assert_eq!(game.undo(), Ok(Some(turn)));
    assert_eq!(game.state(), &after_setup);
    assert_eq!(game.undo(), Ok(Some(setup)));
    assert_eq!(game.state(), &KcState::default());
    assert_eq!(game.undo(), Ok(None));
    assert_eq!(KcState::replay(&[]), Ok(KcState::default()));
}
