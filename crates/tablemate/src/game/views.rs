//! The view models of the table: what the app and the CLI show, ready to serialise (ts-rs
//! exports them to `ui/src/lib/bindings`). No rule is decided here.

use bluemoon::dragons::DragonColour;
use bluemoon::effect::EffectKind;
use bluemoon::game::EndReason;
use bluemoon::WarningKind;
use serde::Serialize;
use ts_rs::TS;

use super::{ElementName, Seat};

/// A card as shown at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct CardView {
    /// Catalog id (`vulca-24`); `None` for a face-down bluff card whose face is not entered.
    pub id: Option<String>,
    /// Tag as printed (`Vulca 24`).
    pub tag: String,
    pub name_en: Option<String>,
    pub name_de: Option<String>,
    pub card_type: Option<String>,
    /// Printed values (after the user's fixes); `None` when the card has none or they are unknown.
    pub fire: Option<u8>,
    pub earth: Option<u8>,
    pub face_down: bool,
    /// Target of a "one of my character cards" effect.
    pub target: Option<String>,
    /// Its values now (after effects), when it lies in an area that counts.
    pub value_fire: Option<u32>,
    pub value_earth: Option<u32>,
    /// The card that makes it ignored, if ignored.
    pub ignored_by: Option<String>,
}

/// A player's areas.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct AreasView {
    /// Active combat cards, oldest first.
    pub combat: Vec<CardView>,
    /// Covered combat cards (inactive), oldest first.
    pub covered: Vec<CardView>,
    pub support: Vec<CardView>,
    /// Leadership cards played this turn.
    pub leadership: Vec<CardView>,
    pub influence: Vec<CardView>,
    pub achievement: Vec<CardView>,
}

/// Fire and earth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct Elements<T: TS> {
    pub fire: T,
    pub earth: T,
}

impl<T: TS + Copy> From<bluemoon::power::PerElement<T>> for Elements<T> {
    fn from(v: bluemoon::power::PerElement<T>) -> Self {
        Elements {
            fire: v.fire,
            earth: v.earth,
        }
    }
}

/// One player's side of the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct SideView {
    pub seat: Seat,
    pub name: String,
    pub people: String,
    /// Crystals in the match so far (this game's score included once it has ended).
    pub crystals: u32,
    pub total: Elements<u32>,
    pub shield: Elements<bool>,
    /// What this player must reach when announcing power (the opponent's total).
    pub needed: Elements<u32>,
    pub meets: Elements<bool>,
    pub six_card_count: u32,
    pub dragons: u8,
    /// Dragons this player would attract if the opponent retreated now.
    pub dragons_if_opponent_retreats: u8,
    pub out_of_cards: bool,
    pub areas: AreasView,
    /// The player's constructed deck (#33), card ids in the list's order, so its cards are
    /// suggested first; none for a people's preassembled deck.
    #[ts(optional = nullable)]
    pub deck_cards: Option<Vec<String>>,
}

/// A dragon on the track.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct DragonView {
    pub colour: DragonColour,
    pub position: DragonPlace,
}

/// Where a dragon is: on a player's side or in the centre.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub enum DragonPlace {
    A,
    #[serde(rename = "centre")]
    Centre,
    B,
}

/// Whether an effect applies now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum EffectState {
    InForce,
    Ignored,
    Void,
    NotThisTurn,
}

impl std::fmt::Display for DragonPlace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            DragonPlace::A => "A",
            DragonPlace::Centre => "centre",
            DragonPlace::B => "B",
        })
    }
}

impl std::fmt::Display for EffectState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            EffectState::InForce => "in_force",
            EffectState::Ignored => "ignored",
            EffectState::Void => "void",
            EffectState::NotThisTurn => "not_this_turn",
        })
    }
}

/// One effect on the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct EffectView {
    pub owner: Seat,
    pub card: String,
    pub card_name: String,
    pub kind: EffectKind,
    pub description: String,
    /// The card's printed text, when known.
    pub text: Option<String>,
    /// The card's German name and text from the catalog, for the German interface.
    pub card_name_de: Option<String>,
    pub text_de: Option<String>,
    pub status: EffectState,
    /// The card that ignores or voids it.
    pub by: Option<String>,
}

/// Something the players should look at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct WarningView {
    pub kind: WarningKind,
    pub player: Option<Seat>,
    /// The player's name, for the app's own wording.
    pub player_name: Option<String>,
    pub card: Option<String>,
    pub card_name: Option<String>,
    pub card_name_de: Option<String>,
    /// The other card involved: what forbids the play, or the earlier play it goes beyond.
    pub by: Option<String>,
    pub by_name: Option<String>,
    pub by_name_de: Option<String>,
    /// The rule (for `forbidden`).
    pub rule: Option<String>,
    /// For `play_condition`: the card's condition as a clause naming the players, with what
    /// the table shows now ("Ann attacks with at least 7 total power (now 5)"), in English
    /// and in German ("Ann mit einer Stärke von mindestens 7 angreift (jetzt 5)").
    pub condition: Option<String>,
    pub condition_de: Option<String>,
    /// A sentence in English naming players and cards (the app shows its own words by
    /// `kind`).
    pub message: String,
    /// The same sentence in German (the command line's, after `settings --language de`).
    #[ts(optional = nullable)]
    pub message_de: Option<String>,
    /// For `not_in_deck`: the deck the card is not in, a constructed deck's name or the
    /// people's preassembled deck.
    #[ts(optional = nullable)]
    pub deck: Option<String>,
}

impl WarningView {
    /// The sentence in the interface language.
    pub fn message_in(&self, lang: crate::Language) -> &str {
        match lang {
            crate::Language::De => self.message_de.as_deref().unwrap_or(&self.message),
            crate::Language::En => &self.message,
        }
    }
}

/// One change applied to a card's value ("why?").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct StepView {
    pub element: ElementName,
    pub by: String,
    /// The effect that applied, in English ("double: earth values of own one character card").
    pub effect: String,
    /// The same in German ("Erde-Werte eines eigenen Charakters verdoppeln sich").
    pub effect_de: String,
    pub from: u32,
    pub to: u32,
}

/// A card's contribution to total power ("why?").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct BreakdownLine {
    pub owner: Seat,
    pub area: String,
    pub card: Option<String>,
    pub card_name: String,
    /// The card's German name from the catalog, for the German interface (`None` for a bluff
    /// or a card the catalog names in English only).
    #[ts(optional = nullable)]
    pub card_name_de: Option<String>,
    pub face_down: bool,
    pub printed: Elements<u32>,
    pub effective_printed: Elements<u32>,
    pub value: Elements<u32>,
    pub counted: bool,
    pub ignored_by: Option<String>,
    pub steps: Vec<StepView>,
}

/// How the dragons of the last retreat were counted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct RetreatView {
    pub winner: Seat,
    pub base: u8,
    pub six_cards: u8,
    pub modifiers: Vec<RetreatModifier>,
    pub capped_by: Option<String>,
    pub forbidden_by: Option<String>,
    pub total: u8,
}

/// A card changing the dragons of a retreat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct RetreatModifier {
    pub card: String,
    pub change: i8,
}

/// The result of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct ResultView {
    pub winner: Seat,
    pub reason: EndReason,
    pub dragons: u8,
    pub crystal_cards: i8,
    pub score: u32,
}

/// Everything the table screen shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct GameView {
    #[ts(type = "number")]
    pub id: i64,
    /// The revision of the game's record this view shows: a front end sends it back with
    /// the next action (`GameAt`), so a table that changed meanwhile is refused, not merged.
    pub revision: u32,
    /// The stored log goes on past what this version of Tablemate can replay (written by an
    /// older release, or damaged): the table stands before the first event it refuses, and
    /// this says which and why, in the interface language. Only undo and abandon write then.
    pub unreadable: Option<String>,
    #[ts(type = "number | null")]
    pub match_id: Option<i64>,
    /// Game number within the match, from 1.
    pub game_no: u32,
    /// `first` (Blue Moon) or `second` (Legends) terminology.
    pub edition: String,
    /// A then B.
    pub players: Vec<SideView>,
    pub contested: Option<ElementName>,
    pub turn: Option<Seat>,
    pub fight_starter: Seat,
    pub first_turn: bool,
    /// A fight has ended and the next has not begun: out of cards now ends the game at once.
    pub between_fights: bool,
    pub dragons: Vec<DragonView>,
    pub effects: Vec<EffectView>,
    /// What the players' inquisitors allow now (Razor-Mind's REPLACE, Weave-Tongue's card).
    pub inquisitor_powers: Vec<crate::decks::InquisitorPowerView>,
    pub warnings: Vec<WarningView>,
    pub breakdown: Vec<BreakdownLine>,
    pub last_retreat: Option<RetreatView>,
    /// Set once the game has ended (the players confirm with "next game").
    pub game_over: Option<ResultView>,
    /// The result has been recorded (the log can no longer change).
    pub finished: bool,
    /// The players abandoned the game: it ended without a result. Undo takes it back until
    /// the match has a next game.
    pub abandoned: bool,
    pub match_winner: Option<Seat>,
    /// A player has reached the match's crystals: no next game can follow.
    pub match_over: bool,
    /// What a concession would give the opponent (the engine's maximum score of a game: 4
    /// crystals, 7 with Emissaries and Inquisitors), for the question before conceding.
    pub concede_score: u32,
    pub events: u32,
    pub can_undo: bool,
    pub redo_depth: u32,
    /// The game that follows this one in the match, once started.
    #[ts(type = "number | null")]
    pub next_game: Option<i64>,
    /// How the game ended, one sentence naming the players and why ([`GameView::ending`]):
    /// "Ben is out of cards: the game ends, and Ben wins 2 crystals because Ben holds 1
    /// dragon."; `None` while it goes on.
    #[ts(optional = nullable)]
    pub end_text: Option<String>,
    /// The same in German ("… Ben gewinnt 1 Kristall.").
    #[ts(optional = nullable)]
    pub end_text_de: Option<String>,
}

/// A card suggested while typing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct CardSuggestion {
    pub id: String,
    pub tag: String,
    /// Name in the language that matched.
    pub name: String,
    pub name_en: Option<String>,
    pub name_de: Option<String>,
    pub card_type: Option<String>,
    pub fire: Option<u8>,
    pub earth: Option<u8>,
    /// `tag`, `exact_name`, `prefix`, `word`, `typo`.
    pub matched: String,
}

/// What entering a card would do, before the person confirms.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct PlayPreview {
    pub card: CardView,
    /// The area its type implies; `None` when the type is unknown (ask for it).
    pub area: Option<String>,
    /// It has a "one of my character cards" effect: the person picks the target.
    pub needs_target: bool,
    /// The owner's active characters, oldest first (ids).
    pub target_options: Vec<CardView>,
    /// The engine's default: the most recent active character.
    pub default_target: Option<String>,
    /// Facts the catalog lacks that the table needs (`type`, `fire`, `earth`): ask once.
    pub unknown: Vec<bluemoon::source::Fact>,
    /// Warnings this play would raise (a forbidden play is shown before confirming).
    pub warnings: Vec<WarningView>,
    /// Why the play is impossible, if it is (nothing would be recorded).
    pub error: Option<String>,
}

/// What entering a card did: played at once when nothing needed deciding, or the preview of
/// what the person must decide first.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct EnterOutcome {
    pub preview: PlayPreview,
    /// The table after the play; `None` when it was not played (see `preview`).
    pub view: Option<GameView>,
    /// The rulings to show for the card (interactions with the table first); empty when not
    /// played.
    pub prompts: Vec<crate::rulings::PromptView>,
    /// Why the rulings could not be looked up (the play itself stands).
    pub prompts_error: Option<String>,
}

impl PlayPreview {
    /// The person must look at it before the card is played: values to fill in, a warning to
    /// confirm, or a target to choose among several characters.
    pub fn needs_decision(&self) -> bool {
        !self.unknown.is_empty()
            || !self.warnings.is_empty()
            // a target given with the card (the CLI's --target, the app's second call) is
            // the decision made
            || (self.needs_target && !self.target_options.is_empty() && self.card.target.is_none())
    }
}

/// The result of `tablemate power FILE.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct PowerView {
    pub contested: Option<ElementName>,
    pub players: Vec<PowerPlayerView>,
    pub breakdown: Vec<BreakdownLine>,
    pub effects: Vec<EffectView>,
    pub warnings: Vec<WarningView>,
}

/// One player's numbers in a power report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct PowerPlayerView {
    pub seat: Seat,
    pub total: Elements<u32>,
    pub shield: Elements<bool>,
    pub needed: Elements<u32>,
    pub meets: Elements<bool>,
    pub six_card_count: u32,
}

impl GameView {
    /// Who conceded, when the game ended by a concession (or an irregularity).
    pub fn conceded_by(&self) -> Option<Seat> {
        match &self.game_over {
            Some(r) if r.reason == EndReason::Forfeit => Some(match r.winner {
                Seat::A => Seat::B,
                Seat::B => Seat::A,
            }),
            _ => None,
        }
    }

    /// How the game ended, in one sentence naming the players, in `lang`: "Ben concedes: Ann
    /// scores 4 crystals.", "Ben is out of cards: the game ends, and Ann wins 2 crystals
    /// because Ann holds 1 dragon." (FAQ "End of Game": whoever holds dragons wins, with all
    /// three in the centre whoever ran out of cards first loses). `None` while it goes on.
    pub fn ending(&self, lang: crate::Language) -> Option<String> {
        use crate::Language::{De, En};
        let r = self.game_over.as_ref()?;
        let name = |s: Seat| {
            self.players
                .iter()
                .find(|p| p.seat == s)
                .map_or_else(|| format!("{s:?}"), |p| p.name.clone())
        };
        let loser = match r.winner {
            Seat::A => Seat::B,
            Seat::B => Seat::A,
        };
        if r.reason == EndReason::Forfeit {
            return Some(self.concession(loser, lang));
        }
        let w = name(r.winner);
        let wins = match lang {
            En => format!("{w} wins {}", crystals(r.score, lang)),
            De => format!("{w} gewinnt {}", crystals(r.score, lang)),
        };
        let cards = match (r.crystal_cards, lang) {
            (0, _) => String::new(),
            (n, En) => format!(" (crystal cards {n:+})"),
            (n, De) => format!(" (Kristallkarten {n:+})"),
        };
        let dragons = |n: u8| match (n, lang) {
            (1, En) => "1 dragon".to_owned(),
            (n, En) => format!("{n} dragons"),
            (n, De) => format!("{n} Drachen"),
        };
        Some(match r.reason {
            EndReason::FourthDragon => match lang {
                En => {
                    format!("{w} would attract a fourth dragon: the game ends, and {wins}{cards}.")
                }
                De => format!(
                    "{w} würde einen vierten Drachen anziehen: das Spiel endet, {wins}{cards}."
                ),
            },
            _ => {
                let out: Vec<String> = self
                    .players
                    .iter()
                    .filter(|p| p.out_of_cards)
                    .map(|p| p.name.clone())
                    .collect();
                let out = if out.is_empty() {
                    name(loser)
                } else {
                    out.join(match lang {
                        En => " and ",
                        De => " und ",
                    })
                };
                let ran_out = match lang {
                    En => format!(
                        "{out} {} out of cards",
                        if out.contains(" and ") { "are" } else { "is" }
                    ),
                    De => format!(
                        "{out} {} keine Karten mehr",
                        if out.contains(" und ") {
                            "haben"
                        } else {
                            "hat"
                        }
                    ),
                };
                if r.dragons > 0 {
                    match lang {
                        En => format!(
                            "{ran_out}: the game ends, and {wins} because {w} holds {}{cards}.",
                            dragons(r.dragons)
                        ),
                        De => format!(
                            "{ran_out}: das Spiel endet, und {wins}, weil {w} {} hält{cards}.",
                            dragons(r.dragons)
                        ),
                    }
                } else {
                    let l = name(loser);
                    match lang {
                        En => format!(
                            "{ran_out} with all dragons in the centre: {l} ran out first and \
                             loses, so {wins}{cards}."
                        ),
                        De => format!(
                            "{ran_out}, alle Drachen in der Mitte: {l} hatte zuerst keine \
                             Karten mehr und verliert, also {wins}{cards}."
                        ),
                    }
                }
            }
        })
    }

    /// What a concession by `loser` costs, in words naming both players: "Ben concedes: Ann
    /// scores 4 crystals." (the engine's score: 4, or 7 with Emissaries and Inquisitors; once
    /// the game ended by that concession, what was scored).
    pub fn concession(&self, loser: Seat, lang: crate::Language) -> String {
        let name = |s: Seat| {
            self.players
                .iter()
                .find(|p| p.seat == s)
                .map_or_else(|| format!("{s:?}"), |p| p.name.clone())
        };
        let winner = match loser {
            Seat::A => Seat::B,
            Seat::B => Seat::A,
        };
        let n = match &self.game_over {
            Some(r) if r.reason == EndReason::Forfeit => r.score,
            _ => self.concede_score,
        };
        let (l, w) = (name(loser), name(winner));
        match lang {
            crate::Language::En => format!("{l} concedes: {w} scores {}.", crystals(n, lang)),
            crate::Language::De => format!("{l} gibt auf: {w} erhält {}.", crystals(n, lang)),
        }
    }
}

/// A number of crystals in words, singular or plural: "1 crystal", "4 Kristalle".
pub fn crystals(n: u32, lang: crate::Language) -> String {
    match (n, lang) {
        (1, crate::Language::En) => "1 crystal".to_owned(),
        (n, crate::Language::En) => format!("{n} crystals"),
        (1, crate::Language::De) => "1 Kristall".to_owned(),
        (n, crate::Language::De) => format!("{n} Kristalle"),
    }
}
