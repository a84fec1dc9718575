//! The one error type of the rules engine: every rejected input says what and why.

use crate::{Area, CardId, CardType, Player};
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    #[error("unknown card `{0}`")]
    UnknownCard(CardId),
    #[error("invalid catalog data: {0}")]
    Catalog(String),
    #[error("invalid table state: {0}")]
    TableState(String),
    #[error("unsupported event format version {0} (this build reads version 1)")]
    UnsupportedVersion(u32),
    #[error("the first event must be `setup`")]
    NotSetUp,
    #[error("the game is already set up")]
    AlreadySetUp,
    #[error("the game is over")]
    GameOver,
    #[error("the game was abandoned")]
    GameAbandoned,
    #[error("the game is not over yet")]
    GameNotOver,
    #[error("the match is over: {0:?} has at least 5 crystals")]
    MatchOver(Player),
    #[error("it is {expected:?}'s turn, not {got:?}'s")]
    NotYourTurn { expected: Player, got: Player },
    #[error(
        "card `{card}` ({}) cannot be played to the {} area",
        .card_type.map_or("unknown".to_owned(), |t| format!("{t:?}")),
        format!("{area:?}").to_lowercase()
    )]
    WrongArea {
        card: CardId,
        /// Typed, so a front end can word the type and the area in its own language.
        card_type: Option<CardType>,
        area: Area,
    },
    #[error("card `{0}` is not a bluff card (no BLUFF icon) and cannot be played face down")]
    NotABluffCard(CardId),
    #[error("card `{card}` is not in {player:?}'s areas")]
    CardNotInPlay { player: Player, card: CardId },
    #[error("target `{0}` is not one of the owner's character cards in play")]
    BadTarget(CardId),
    #[error("the contested element has already been chosen for this fight")]
    ElementAlreadyChosen,
    #[error("the contested element must be chosen before {0:?} passes the turn")]
    ElementNotChosen(Player),
    #[error("only the player starting the fight chooses the element ({0:?})")]
    NotFightStarter(Player),
    #[error("{player:?} has total power {have} in {element:?} but needs {need} and has no shield: retreat instead")]
    PowerTooLow {
        player: Player,
        element: crate::Element,
        have: u32,
        need: u32,
    },
    #[error("{0:?} cannot retreat on the first turn of a fight: decline to start it instead")]
    CannotRetreatOnFirstTurn(Player),
    #[error("only the player starting a fight may decline, and only on its first turn")]
    CannotDecline,
    #[error("declining discards 1 to 3 cards, not {0}")]
    BadDeclineDiscard(u8),
    #[error("a player attracts 1 to 4 dragons at once, not {0}")]
    BadDragonCount(u8),
    #[error("only the attraction of exactly one dragon can be cancelled, this retreat gives {0}")]
    CannotCancelDragons(u8),
    #[error("{0:?} has already run out of cards")]
    AlreadyOutOfCards(Player),
    #[error("event {index}: {error}")]
    InvalidEvent { index: usize, error: Box<RuleError> },
    #[error("invalid event JSON: {0}")]
    Json(String),
}
