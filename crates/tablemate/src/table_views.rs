//! The table's view models and requests, shared by the four games (`crate::table` holds the
//! operations over them), and the shared parts of the table in words (en/de), which the
//! command line prints: the header line, an outcome, a game of the list.

use cards::{Game, GameRef};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::game::{GameAction, GameView, NewGameRequest, PlayPreview, PlayRequest, Seat};
use crate::othergames::{NewOtherGameRequest, OtherAction, OtherGameView, OtherOutcome};
use crate::rulings::PromptView;
use crate::{GameAt, Language};

/// A game as the table showed it: which game, and the revision of its record a write was
/// decided on (`None`: whatever it is now).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TableAt {
    pub game: GameRef,
    pub revision: Option<u32>,
}

impl TableAt {
    /// A game of `kind` at the revision shown.
    pub fn new(kind: Game, id: i64, revision: Option<u32>) -> TableAt {
        TableAt {
            game: GameRef::new(kind, id),
            revision,
        }
    }

    /// Blue Moon's game `id`, whatever its revision now.
    pub fn blue_moon(id: i64) -> TableAt {
        TableAt::new(Game::BlueMoon, id, None)
    }

    pub(crate) fn at(self) -> GameAt {
        GameAt {
            id: self.game.id,
            revision: self.revision,
        }
    }
}

impl From<TableAt> for GameAt {
    fn from(at: TableAt) -> GameAt {
        at.at()
    }
}

impl From<GameRef> for TableAt {
    fn from(game: GameRef) -> TableAt {
        TableAt {
            game,
            revision: None,
        }
    }
}

/// What every game's table shows.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct TableHeader {
    pub game: GameRef,
    pub title: String,
    pub players: [String; 2],
    /// The revision of the game's record this view shows (a write names it).
    pub revision: u32,
    pub outcome: OtherOutcome,
    pub can_undo: bool,
    pub can_redo: bool,
    /// The ids (or names as typed) of the cards in play, once each, in the order they came.
    pub cards_in_play: Vec<String>,
    /// Why the table stands before the end of its stored log (see `GameView::unreadable`).
    pub unreadable: Option<String>,
    /// The rulings prompt of the card just entered ([`Service::table_enter`]); empty otherwise.
    pub prompts: Vec<PromptView>,
}

/// The game's own part of the table: its rules' view.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(tag = "game", content = "view", rename_all = "snake_case")]
#[ts(export)]
pub enum Board {
    BlueMoon(Box<GameView>),
    Warhammer(Box<OtherGameView>),
    Knightmare(Box<OtherGameView>),
    StarTrek(Box<OtherGameView>),
}

/// One game's table: the shared header and the game's board.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct TableView {
    pub header: TableHeader,
    pub board: Board,
}

/// A new game of one of the four kinds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "game", content = "request", rename_all = "snake_case")]
#[ts(export)]
pub enum NewTable {
    BlueMoon(NewGameRequest),
    Other(NewOtherGameRequest),
}

impl NewTable {
    /// A game of `game` between Ann and Ben, Ann starting, no decks named (Blue Moon: Vulca
    /// against Hoax): the table the crate's tests, benches and race runner start from.
    #[doc(hidden)]
    pub fn ann_and_ben(game: Game) -> NewTable {
        let (player_a, player_b, first) = ("Ann".to_owned(), "Ben".to_owned(), Some(Seat::A));
        match crate::othergames::OtherGameKind::of_game(game) {
            None => NewTable::BlueMoon(NewGameRequest {
                player_a,
                player_b,
                people_a: "Vulca".into(),
                people_b: "Hoax".into(),
                first,
                emissaries_inquisitors: false,
                deck_a: None,
                deck_b: None,
            }),
            Some(kind) => NewTable::Other(NewOtherGameRequest {
                kind,
                player_a,
                player_b,
                deck_a: None,
                deck_b: None,
                first,
                hit_points: None,
            }),
        }
    }
}

/// Something happening at a table, as its game's rules take it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "game", content = "action", rename_all = "snake_case")]
#[ts(export)]
pub enum TableAction {
    BlueMoon(GameAction),
    Other(OtherAction),
}

/// A card entering play: Blue Moon's with the person's confirmation of its warnings, the
/// other games' as their engine's event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "game", rename_all = "snake_case")]
#[ts(export)]
pub enum CardEntry {
    BlueMoon {
        request: PlayRequest,
        confirmed: bool,
    },
    Other {
        action: OtherAction,
    },
}

impl CardEntry {
    /// `player`'s Blue Moon `card` as typed, face up and aimed at nothing: the plain play
    /// (warnings `confirmed` or not).
    pub fn blue_moon(player: Seat, card: &str, confirmed: bool) -> Self {
        let request = PlayRequest {
            player,
            card: card.into(),
            target: None,
            face_down: false,
        };
        CardEntry::BlueMoon { request, confirmed }
    }
}

/// Who enters a card (`Service::table_enter`), which decides what comes back besides the
/// play: the app's command says `Window`, the command line's play `CommandLine`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryFront {
    /// The window: what is left to decide comes back as the preview, and a card played
    /// comes with its rulings prompt.
    Window,
    /// The command line: what is left to decide (values the catalog lacks, a warning until
    /// confirmed, a target among several) is a refusal saying what to give, and no rulings
    /// prompt is looked up (`game rulings` shows it; opening its index is most of a play's
    /// time). The preview is not given back.
    CommandLine,
}

/// What entering a card gives back: the table after it (its header holding the card's
/// rulings prompt), or — Blue Moon only — what must be decided before it is played.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct TableEntered {
    /// `None` when the card was not played (see `preview`).
    pub table: Option<TableView>,
    /// Blue Moon's preview of the play (values to fill in, warnings to confirm, a refusal).
    pub preview: Option<PlayPreview>,
    /// Why the rulings could not be looked up (the play itself stands).
    pub prompts_error: Option<String>,
}

/// A game in the one list of every kind's games (to resume; `tablemate … list`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct TableListItem {
    #[ts(type = "number")]
    pub id: i64,
    pub kind: Game,
    pub title: String,
    pub players: [String; 2],
    /// Blue Moon's: the people each player plays.
    pub people: Option<[String; 2]>,
    /// Events in its log (the setup included).
    pub events: u32,
    pub updated_at: String,
    pub outcome: OtherOutcome,
    /// Blue Moon's: ended without a result (its outcome then is a tie).
    pub abandoned: bool,
    /// Blue Moon's: the crystals its winner won.
    pub crystals: Option<u8>,
    /// Blue Moon's: the match it belongs to.
    #[ts(type = "number | null")]
    pub match_id: Option<i64>,
}

impl TableListItem {
    /// The game in a line: its number, the players (with their people), how long, how it
    /// stands.
    pub fn text(&self, lang: Language) -> String {
        let (game, vs, events) = match lang {
            Language::En => ("game", "vs", "events"),
            Language::De => ("Spiel", "gegen", "Ereignisse"),
        };
        let player = |i: usize| match &self.people {
            Some(people) => format!("{} ({})", self.players[i], people[i]),
            None => self.players[i].clone(),
        };
        let title = match self.kind {
            Game::BlueMoon => String::new(),
            _ => format!("{} – ", self.title),
        };
        let state = match (&self.outcome, self.crystals) {
            _ if self.abandoned => match lang {
                Language::En => "abandoned (no result)".to_owned(),
                Language::De => "abgebrochen (kein Ergebnis)".to_owned(),
            },
            (OtherOutcome::Won { name, .. }, Some(c)) => {
                let won = crate::game::crystals(u32::from(c), lang);
                match lang {
                    Language::En => format!("{name} won {won}"),
                    Language::De => format!("{name} gewann {won}"),
                }
            }
            (outcome, _) => outcome.text(lang),
        };
        format!(
            "{game} {}: {title}{} {vs} {}, {} {events}, {state}",
            self.id,
            player(0),
            player(1),
            self.events
        )
    }
}

/// `tablemate … list` with no game recorded.
pub fn no_games(lang: Language) -> &'static str {
    match lang {
        Language::En => "no games yet",
        Language::De => "noch keine Spiele",
    }
}

impl OtherOutcome {
    /// How the game stands, in words (`tablemate … list` and the header line).
    pub fn text(&self, lang: Language) -> String {
        match (self, lang) {
            (OtherOutcome::Playing, Language::En) => "playing".into(),
            (OtherOutcome::Playing, Language::De) => "läuft".into(),
            (OtherOutcome::Won { name, .. }, Language::En) => format!("{name} won"),
            (OtherOutcome::Won { name, .. }, Language::De) => format!("{name} hat gewonnen"),
            (OtherOutcome::Tie, Language::En) => "tie".into(),
            (OtherOutcome::Tie, Language::De) => "unentschieden".into(),
        }
    }
}

impl TableView {
    /// The shared header in words, as the command line prints it above the board: the game,
    /// its players and how it stands (a Blue Moon game abandoned says so), then why its log
    /// is read only so far.
    pub fn header_text(&self, lang: Language) -> String {
        let h = &self.header;
        let abandoned = matches!(&self.board, Board::BlueMoon(v) if v.abandoned);
        let outcome = match (abandoned, lang) {
            (true, Language::En) => "abandoned".to_owned(),
            (true, Language::De) => "abgebrochen".to_owned(),
            (false, _) => h.outcome.text(lang),
        };
        let (game, vs, unreadable) = match lang {
            Language::En => ("game", "vs", "unreadable"),
            Language::De => ("Spiel", "gegen", "unlesbar"),
        };
        let [a, b] = &h.players;
        let line = format!(
            "{game} {}: {} – {a} {vs} {b} – {outcome}",
            h.game.id, h.title
        );
        match &h.unreadable {
            Some(why) => format!("{line}\n{unreadable}: {why}"),
            None => line,
        }
    }
}
