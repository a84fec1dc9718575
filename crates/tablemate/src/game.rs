//! Games at the table (Blue Moon): start a game of a match, enter cards as a player types them,
//! fights, dragons, undo/redo, the table view with totals and the "why?" breakdown.
//!
//! Persistence: each game of a match is one stored game whose event log is the rules engine's
//! events (`bluemoon::Event` as JSON), starting with `setup`. Every action appends exactly one
//! event in one transaction after the engine has accepted it; a rejected action appends nothing.
//! The state shown is always the fold of the stored log, so closing and reopening resumes it.
//! A game whose end the engine has reached stays open (its last action can still be undone)
//! until `game_next` records its result and starts the next game of the match.

use std::collections::HashMap;
use std::sync::OnceLock;

use bluemoon::dragons::DragonColour;
use bluemoon::effect::EffectKind;
use bluemoon::event::{Edition, PerPlayer};
use bluemoon::game::EndReason;
use bluemoon::game::GameState;
use bluemoon::power::{CardStatus, EffectStatus, Warning};
use bluemoon::{
    Area, BmFacts, CardId, CardSource, CardType, Element, Event, EventKind, Player, WarningKind,
};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::store_error;
use crate::{Result, Service, ServiceError};

/// Suggestions shown while typing a card.
pub const SUGGESTION_LIMIT: usize = 8;

// ---------------------------------------------------------------------------------------------
// Requests

/// A seat at the table: the first (A) or second (B) player of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[ts(export)]
pub enum Seat {
    A,
    B,
}

impl Seat {
    fn player(self) -> Player {
        match self {
            Seat::A => Player::A,
            Seat::B => Player::B,
        }
    }
    fn of(p: Player) -> Seat {
        match p {
            Player::A => Seat::A,
            Player::B => Seat::B,
        }
    }
    fn side(self) -> store::Side {
        match self {
            Seat::A => store::Side::A,
            Seat::B => store::Side::B,
        }
    }
    fn from_side(s: store::Side) -> Seat {
        match s {
            store::Side::A => Seat::A,
            store::Side::B => Seat::B,
        }
    }
    /// `A`/`B` (any case), or `1`/`2`.
    pub fn parse(text: &str) -> Result<Seat> {
        match text.trim().to_ascii_uppercase().as_str() {
            "A" | "1" => Ok(Seat::A),
            "B" | "2" => Ok(Seat::B),
            other => Err(ServiceError::invalid(format!(
                "`{other}` is not a player: use A (the first player) or B (the second)"
            ))),
        }
    }
}

/// The two elements.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum ElementName {
    Fire,
    Earth,
}

impl ElementName {
    fn element(self) -> Element {
        match self {
            ElementName::Fire => Element::Fire,
            ElementName::Earth => Element::Earth,
        }
    }
    fn of(e: Element) -> ElementName {
        match e {
            Element::Fire => ElementName::Fire,
            Element::Earth => ElementName::Earth,
        }
    }
    /// `fire`/`earth` (also German `feuer`/`erde`).
    pub fn parse(text: &str) -> Result<ElementName> {
        match text.trim().to_lowercase().as_str() {
            "fire" | "feuer" | "f" => Ok(ElementName::Fire),
            "earth" | "erde" | "e" => Ok(ElementName::Earth),
            other => Err(ServiceError::invalid(format!(
                "`{other}` is not an element: use fire or earth"
            ))),
        }
    }
}

/// A new game: two players (names), their peoples, who starts, and optionally the match it
/// continues (otherwise a new match to 5 crystals is recorded).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct NewGameRequest {
    pub player_a: String,
    pub player_b: String,
    pub people_a: String,
    pub people_b: String,
    /// Who starts the first fight (default A).
    #[serde(default)]
    pub first: Option<Seat>,
}

/// A card entered at the table, as the person typed or picked it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PlayRequest {
    pub player: Seat,
    /// `V24`, `Vulca 24`, `vulca-24`, `Flickering Fires`, `Feuerzauber`, ...
    pub card: String,
    /// The target of a "one of my character cards" effect (default: the active character).
    #[serde(default)]
    pub target: Option<String>,
    /// A bluff card played face down to the support area.
    #[serde(default)]
    pub face_down: bool,
}

/// Everything else that happens at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "action", rename_all = "snake_case")]
#[ts(export)]
pub enum GameAction {
    /// The player starting the fight chooses the contested element.
    ChooseElement { player: Seat, element: ElementName },
    /// The element changed by a card the table did not see (a correction).
    ChangeElement { element: ElementName },
    /// The player announces power and ends the turn (next turn). Without a new character
    /// this turn it is refused with `needs_confirmation` unless `confirmed`.
    Pass {
        player: Seat,
        /// Optional for callers (absent = not confirmed).
        #[serde(default)]
        #[ts(as = "Option<bool>", optional)]
        confirmed: bool,
    },
    /// The player retreats: the opponent attracts the dragons due.
    Retreat {
        player: Seat,
        #[serde(default)]
        forced: bool,
        #[serde(default)]
        dragon_cancelled: bool,
    },
    /// The player due to start a fight declines, discarding 1 to 3 cards.
    DeclineStart { player: Seat, discarded: u8 },
    /// Dragons moved by hand (a card's effect): `player` attracts `count` dragons.
    AttractDragons { player: Seat, count: u8 },
    /// A card in play goes to the discard pile.
    Discard { player: Seat, card: String },
    /// A card in play returns to its owner's hand.
    Retrieve { player: Seat, card: String },
    /// A combat card becomes covered without a new character.
    Cover { player: Seat, card: String },
    /// The owner moves a "one of my character cards" effect to another character.
    ChangeTarget {
        player: Seat,
        card: String,
        target: String,
    },
    /// The player has no cards left in hand or draw deck.
    OutOfCards { player: Seat },
    /// The player has cards again.
    CardsRegained { player: Seat },
    /// The player concedes: the opponent scores the maximum.
    Concede { player: Seat },
}

/// A value the catalog lacks, given once by the person and stored as their card fix.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CardValuesFix {
    pub card: String,
    #[serde(default)]
    pub card_type: Option<String>,
    #[serde(default)]
    pub fire: Option<u8>,
    #[serde(default)]
    pub earth: Option<u8>,
}

// ---------------------------------------------------------------------------------------------
// View models

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
    /// A sentence in English naming players and cards (the app shows its own words by
    /// `kind`).
    pub message: String,
}

/// One change applied to a card's value ("why?").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct StepView {
    pub element: ElementName,
    pub by: String,
    pub effect: String,
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
    pub dragons: Vec<DragonView>,
    pub effects: Vec<EffectView>,
    pub warnings: Vec<WarningView>,
    pub breakdown: Vec<BreakdownLine>,
    pub last_retreat: Option<RetreatView>,
    /// Set once the game has ended (the players confirm with "next game").
    pub game_over: Option<ResultView>,
    /// The result has been recorded (the log can no longer change).
    pub finished: bool,
    pub match_winner: Option<Seat>,
    /// A player has reached the match's crystals: no next game can follow.
    pub match_over: bool,
    pub events: u32,
    pub can_undo: bool,
    pub redo_depth: u32,
    /// The game that follows this one in the match, once started.
    #[ts(type = "number | null")]
    pub next_game: Option<i64>,
}

/// A game in the list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct GameListItem {
    #[ts(type = "number")]
    pub id: i64,
    #[ts(type = "number | null")]
    pub match_id: Option<i64>,
    pub player_names: Vec<String>,
    pub people: Vec<String>,
    pub events: u32,
    pub finished: bool,
    pub winner: Option<Seat>,
    pub crystals: Option<u8>,
    pub updated_at: String,
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
    pub unknown: Vec<String>,
    /// Warnings this play would raise (a forbidden play is shown before confirming).
    pub warnings: Vec<WarningView>,
    /// Why the play is impossible, if it is (nothing would be recorded).
    pub error: Option<String>,
}

/// What entering a card did: played at once when nothing needed deciding, or the preview of
/// what the person must decide first.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct EnterOutcome {
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
            || (self.needs_target && !self.target_options.is_empty())
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

// ---------------------------------------------------------------------------------------------
// Card source: the embedded effects and facts with the user's fixes over them

fn base_catalog() -> Result<&'static bluemoon::Catalog> {
    static BASE: OnceLock<std::result::Result<bluemoon::Catalog, String>> = OnceLock::new();
    BASE.get_or_init(|| bluemoon::Catalog::embedded().map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|e| {
            ServiceError::internal(format!(
                "The card effects shipped with Tablemate are broken: {e}"
            ))
        })
}

/// The rules engine's view of the cards: the embedded catalog with the user's fixes.
pub(crate) struct Cards<'a> {
    base: &'a bluemoon::Catalog,
    fixed: HashMap<CardId, BmFacts>,
    /// The fixes themselves (read once per command), for the facts still unknown.
    fixes: Vec<cards::CardFix>,
}

impl CardSource for Cards<'_> {
    fn facts(&self, id: &CardId) -> Option<&BmFacts> {
        self.fixed.get(id).or_else(|| self.base.facts(id))
    }
    fn effects(&self, id: &CardId) -> &[bluemoon::effect::Effect] {
        self.base.effects(id)
    }
    fn text(&self, id: &CardId) -> Option<&str> {
        self.base.text(id)
    }
    fn name(&self, id: &CardId) -> Option<&str> {
        CardSource::name(self.base, id)
    }
    fn deck(&self, id: &CardId) -> Option<&str> {
        self.base.deck(id)
    }
}

fn side_index(p: Player) -> usize {
    match p {
        Player::A => 0,
        Player::B => 1,
    }
}

fn enum_text<T: Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(serde_json::Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    }
}

fn area_name(a: Area) -> String {
    enum_text(&a)
}

fn rule_error(e: bluemoon::RuleError) -> ServiceError {
    ServiceError::invalid(format!("Not possible: {e}"))
}

fn broken_log(game: i64, e: impl std::fmt::Display) -> ServiceError {
    ServiceError::internal(format!(
        "The stored log of game {game} cannot be replayed ({e}); it was left untouched"
    ))
}

impl Service {
    /// The engine's card source with the user's card fixes applied.
    pub(crate) fn game_cards(&self) -> Result<Cards<'static>> {
        let base = base_catalog()?;
        let fixes = self.user_card_fixes()?;
        let applied = self.catalog.apply_fixes(&fixes);
        let fixed = applied
            .cards
            .into_iter()
            .map(|c| (c.card.facts.id.clone(), c.card.facts))
            .collect();
        Ok(Cards { base, fixed, fixes })
    }

    /// The user's card fixes in force, as the cards crate reads them (fact name + value JSON).
    fn user_card_fixes(&self) -> Result<Vec<cards::CardFix>> {
        let rows = self.store.card_fixes()?;
        Ok(rows
            .into_iter()
            .filter_map(|r| {
                let value: serde_json::Value = serde_json::from_str(&r.value_json).ok()?;
                let fv: cards::FactValue =
                    serde_json::from_value(serde_json::json!({ "fact": r.fact, "value": value }))
                        .ok()?;
                Some(cards::CardFix::new(r.card_id.as_str(), fv, r.id.0))
            })
            .collect())
    }

    /// Resolves a card as a player types it: an id, a tag or number shorthand, an English or
    /// German name, a typo. Ambiguous input is an error listing the candidates.
    pub fn resolve_card(&self, text: &str) -> Result<CardId> {
        let t = text.trim();
        if t.is_empty() {
            return Err(ServiceError::invalid(
                "No card given: type its number or name",
            ));
        }
        if self.catalog.bm(t).is_some() {
            return Ok(CardId::new(t));
        }
        let found = self
            .catalog
            .lookup(t, Some(cards::Game::BlueMoon), SUGGESTION_LIMIT);
        if let Some(best) = found.best() {
            return Ok(best.id.clone());
        }
        if found.candidates.is_empty() {
            return Err(ServiceError::invalid(format!(
                "No Blue Moon card matches `{t}`: type its number (V24, Vulca 24) or its name"
            )));
        }
        let list: Vec<String> = found
            .candidates
            .iter()
            .map(|c| match &c.tag {
                Some(tag) => format!("{tag} {}", c.name),
                None => c.name.clone(),
            })
            .collect();
        Err(ServiceError::invalid(format!(
            "`{t}` could be several cards: {}. Type more of the name or its number",
            list.join(", ")
        )))
    }

    /// Suggestions while typing a card (number shorthand, English and German names, typos).
    pub fn card_suggestions(
        &self,
        text: &str,
        limit: Option<usize>,
    ) -> Result<Vec<CardSuggestion>> {
        let limit = limit.unwrap_or(SUGGESTION_LIMIT).clamp(1, 50);
        if text.trim().is_empty() {
            return Ok(Vec::new());
        }
        let cards = self.game_cards()?;
        let found = self
            .catalog
            .lookup(text, Some(cards::Game::BlueMoon), limit);
        Ok(found
            .candidates
            .iter()
            .filter_map(|c| {
                let bm = self.catalog.bm(c.id.as_str())?;
                let facts = cards.facts(&c.id).unwrap_or(&bm.facts);
                Some(CardSuggestion {
                    id: c.id.to_string(),
                    tag: bm.tag.clone(),
                    name: c.name.clone(),
                    name_en: bm.name_en.clone(),
                    name_de: bm.name_de.clone(),
                    card_type: facts.card_type.map(|t| enum_text(&t)),
                    fire: facts.fire,
                    earth: facts.earth,
                    matched: enum_text(&c.matched),
                })
            })
            .collect())
    }

    fn card_view(&self, cards: &Cards<'_>, id: Option<&CardId>, face_down: bool) -> CardView {
        let bm = id.and_then(|i| self.catalog.bm(i.as_str()));
        let facts = id.and_then(|i| cards.facts(i));
        CardView {
            id: id.map(|i| i.to_string()),
            tag: bm.map_or_else(
                || id.map_or_else(|| "?".to_owned(), |i| i.to_string()),
                |b| b.tag.clone(),
            ),
            name_en: bm.and_then(|b| b.name_en.clone()),
            name_de: bm.and_then(|b| b.name_de.clone()),
            card_type: facts.and_then(|f| f.card_type).map(|t| enum_text(&t)),
            fire: facts.and_then(|f| f.fire),
            earth: facts.and_then(|f| f.earth),
            face_down,
            target: None,
            value_fire: None,
            value_earth: None,
            ignored_by: None,
        }
    }

    fn card_name(&self, id: &str) -> String {
        self.catalog
            .bm(id)
            .map_or_else(|| id.to_owned(), |b| b.display_name().to_owned())
    }

    /// A warning as the app shows it: players and cards by name (`names`: A then B; a table
    /// state without players says "player A").
    fn warning_view(&self, w: &Warning, names: Option<&[String; 2]>) -> WarningView {
        let player_name = |p: Player| match names {
            Some(n) => n[side_index(p)].clone(),
            None => format!("player {}", enum_text(&Seat::of(p))),
        };
        let name = |c: &CardId| self.card_name(c.as_str());
        let name_de = |c: &CardId| self.catalog.bm(c.as_str()).and_then(|b| b.name_de.clone());
        let who = w.player().map(player_name).unwrap_or_default();
        let message = match w {
            Warning::Forbidden { card, by, rule, .. } => format!(
                "{who} may not play {}: {} forbids it ({rule})",
                name(card),
                name(by)
            ),
            Warning::BadTarget { card, target } => format!(
                "the target {} of {} is not one of the owner's characters",
                name(target),
                name(card)
            ),
            Warning::UnknownCard { card } => {
                format!("{card} is not in the catalog (counted as 0)")
            }
            Warning::IgnoreNotSettled => {
                "the cards ignoring each other do not settle: check the table".to_owned()
            }
            Warning::UnknownValues { card } => format!(
                "the printed values of {} are unknown (counted as 0)",
                name(card)
            ),
            Warning::FirstTurnBoosterSupport { card, .. } => format!(
                "{who} starts this fight: on its first turn {} (a booster or support card) is allowed only when a card allows it",
                name(card)
            ),
            Warning::SecondCharacter { card, by, .. } => format!(
                "{who} has already played a character this turn ({}): {} would be a second one (only FREE, a PAIR or a GANG allow more)",
                name(by),
                name(card)
            ),
            Warning::SecondBoosterOrSupport { card, by, .. } => match by {
                Some(by) => format!(
                    "{who} has already played a booster or support card this turn ({}): {} would go beyond what is allowed",
                    name(by),
                    name(card)
                ),
                None => format!(
                    "{who} may play no further booster or support card this turn ({})",
                    name(card)
                ),
            },
            Warning::AfterStop { card, by, .. } => format!(
                "{} has a STOP icon: {who} may play no further card this turn ({})",
                name(by),
                name(card)
            ),
            Warning::SecondLeadership { card, by, .. } => format!(
                "{who} has already taken this turn's one leadership-phase action ({}): {} would be a second",
                name(by),
                name(card)
            ),
            Warning::NoNewCharacter { .. } => {
                format!("{who} has played no new character this turn: play one, or retreat.")
            }
            Warning::NotInDeck { card, deck, .. } => {
                format!("{} is not in {who}'s {deck} deck", name(card))
            }
            Warning::AlreadyInPlay { card, .. } => {
                format!("{} is already in play on {who}'s side", name(card))
            }
            Warning::DiscardedCard { card, .. } => {
                format!("{} is already in {who}'s discard pile", name(card))
            }
        };
        WarningView {
            kind: w.kind(),
            player: w.player().map(Seat::of),
            player_name: w.player().map(player_name),
            card: w.card().map(|c| c.to_string()),
            card_name: w.card().map(name),
            card_name_de: w.card().and_then(name_de),
            by: w.by().map(|c| c.to_string()),
            by_name: w.by().map(name),
            by_name_de: w.by().and_then(name_de),
            rule: match w {
                Warning::Forbidden { rule, .. } => Some(rule.clone()),
                _ => None,
            },
            message,
        }
    }

    fn breakdown(&self, report: &bluemoon::power::PowerReport) -> Vec<BreakdownLine> {
        report
            .cards
            .iter()
            .map(|l| BreakdownLine {
                owner: Seat::of(l.owner),
                area: area_name(l.area),
                card: l.card.as_ref().map(|c| c.to_string()),
                card_name: l
                    .card
                    .as_ref()
                    .map_or_else(|| "bluff".to_owned(), |c| self.card_name(c.as_str())),
                face_down: l.face_down,
                printed: Elements {
                    fire: l.printed.fire,
                    earth: l.printed.earth,
                },
                effective_printed: Elements {
                    fire: l.effective_printed.fire,
                    earth: l.effective_printed.earth,
                },
                value: Elements {
                    fire: l.value.fire,
                    earth: l.value.earth,
                },
                counted: l.counted,
                ignored_by: match &l.status {
                    CardStatus::Active => None,
                    CardStatus::Ignored { by } => Some(by.clone()),
                },
                steps: l
                    .steps
                    .iter()
                    .map(|s| StepView {
                        element: ElementName::of(s.element),
                        by: s.by.clone(),
                        effect: s.effect.clone(),
                        from: s.from,
                        to: s.to,
                    })
                    .collect(),
            })
            .collect()
    }

    fn effect_views(&self, lines: &[bluemoon::power::EffectLine]) -> Vec<EffectView> {
        lines
            .iter()
            .map(|e| {
                let (status, by) = match &e.status {
                    EffectStatus::InForce => (EffectState::InForce, None),
                    EffectStatus::Ignored { by } => (EffectState::Ignored, Some(by.clone())),
                    EffectStatus::Void { by } => (EffectState::Void, Some(by.clone())),
                    EffectStatus::NotThisTurn => (EffectState::NotThisTurn, None),
                };
                let bm = self.catalog.bm(e.card.as_str());
                EffectView {
                    owner: Seat::of(e.owner),
                    card: e.card.to_string(),
                    card_name: self.card_name(e.card.as_str()),
                    kind: e.kind,
                    description: e.description.clone(),
                    text: e.text.clone(),
                    card_name_de: bm.and_then(|b| b.name_de.clone()),
                    text_de: bm.and_then(|b| b.text_de.clone()),
                    status,
                    by,
                }
            })
            .collect()
    }

    /// `tablemate power FILE.json`: totals, shields and breakdown of a documented table state
    /// (crates/bluemoon/TABLE_STATE.md).
    pub fn power_of_table_json(&self, json: &str) -> Result<PowerView> {
        let table = bluemoon::TableState::from_json(json)
            .map_err(|e| ServiceError::invalid(format!("The table state cannot be read: {e}")))?;
        let cards = self.game_cards()?;
        let report = bluemoon::power::compute(&cards, &table);
        Ok(PowerView {
            contested: report.contested.map(ElementName::of),
            players: report
                .players
                .iter()
                .map(|p| PowerPlayerView {
                    seat: Seat::of(p.player),
                    total: Elements {
                        fire: p.total.fire,
                        earth: p.total.earth,
                    },
                    shield: Elements {
                        fire: p.shield.fire,
                        earth: p.shield.earth,
                    },
                    needed: Elements {
                        fire: p.needed.fire,
                        earth: p.needed.earth,
                    },
                    meets: Elements {
                        fire: p.meets.fire,
                        earth: p.meets.earth,
                    },
                    six_card_count: u32::try_from(p.six_card_count).unwrap_or(u32::MAX),
                })
                .collect(),
            breakdown: self.breakdown(&report),
            effects: self.effect_views(&report.effects),
            warnings: report
                .warnings
                .iter()
                .map(|w| self.warning_view(w, None))
                .collect(),
        })
    }

    // -----------------------------------------------------------------------------------------
    // Games

    /// Loads game `id` once for a command: the cards with the user's fixes, its stored
    /// record and its log folded by the engine.
    pub(crate) fn load_game(&self, id: i64) -> Result<GameCtx> {
        let cards = self.game_cards()?;
        let gid = store::GameId(id);
        let info = self.store.game(gid).map_err(|e| match e {
            store::StoreError::NotFound { .. } => {
                ServiceError::not_found(format!("There is no game {id}"))
            }
            other => store_error(other),
        })?;
        let events = self
            .store
            .events(gid)
            .map_err(store_error)?
            .into_iter()
            .map(|s| Event::from_json(&s.payload))
            .collect::<std::result::Result<Vec<_>, _>>()
            .map_err(|e| broken_log(id, e))?;
        let game = bluemoon::Game::from_events(&cards, events).map_err(|e| broken_log(id, e))?;
        Ok(GameCtx { cards, info, game })
    }

    /// Starts a game: records the match (first to 5 crystals) and the setup event. Every
    /// input is checked before anything is written.
    pub fn game_new(&mut self, req: &NewGameRequest) -> Result<GameView> {
        let a = req.player_a.trim();
        let b = req.player_b.trim();
        if a.is_empty() || b.is_empty() {
            return Err(ServiceError::invalid("Both players need a name"));
        }
        if a.eq_ignore_ascii_case(b) {
            return Err(ServiceError::invalid(
                "The two players need different names",
            ));
        }
        for name in [a, b] {
            if name.chars().count() > store::MAX_NAME_CHARS {
                return Err(ServiceError::invalid(format!(
                    "A player's name may have at most {} characters",
                    store::MAX_NAME_CHARS
                )));
            }
        }
        let people = [
            people_of(&req.people_a, a)?.to_owned(),
            people_of(&req.people_b, b)?.to_owned(),
        ];
        let first = req.first.unwrap_or(Seat::A);
        let setup = setup_event(&people, first);
        // The engine checks the set-up before anything is written.
        bluemoon::Game::new()
            .push(&self.game_cards()?, setup.clone())
            .map_err(rule_error)?;
        let pa = self.store.player_named(a).map_err(store_error)?;
        let pb = self.store.player_named(b).map_err(store_error)?;
        let match_id = self
            .store
            .new_match([pa, pb], first.side(), None)
            .map_err(store_error)?;
        self.start_game_in_match(match_id, [pa, pb], people, first)
    }

    fn start_game_in_match(
        &mut self,
        match_id: store::MatchId,
        players: [store::PlayerId; 2],
        people: [String; 2],
        first: Seat,
    ) -> Result<GameView> {
        let setup = setup_event(&people, first);
        let id = self
            .store
            .create_game(&store::NewGame {
                players,
                people,
                first: Some(first.side()),
                match_id: Some(match_id),
            })
            .map_err(store_error)?;
        self.store
            .append_event(id, &setup.to_json())
            .map_err(store_error)?;
        self.game_view(id.0)
    }

    /// The table view of a game.
    pub fn game_view(&self, id: i64) -> Result<GameView> {
        let ctx = self.load_game(id)?;
        self.view_of(&ctx.cards, &ctx.info, ctx.game.state())
    }

    /// The game to resume: the most recently changed unfinished game, if any.
    pub fn game_current(&self) -> Result<Option<GameView>> {
        let games = self.store.list_games(&store::GameFilter {
            finished: Some(false),
            ..store::GameFilter::default()
        })?;
        match games
            .iter()
            .max_by(|x, y| x.updated_at.cmp(&y.updated_at).then(x.id.0.cmp(&y.id.0)))
        {
            Some(g) => self.game_view(g.id.0).map(Some),
            None => Ok(None),
        }
    }

    /// All games, unfinished first, newest first.
    pub fn game_list(&self) -> Result<Vec<GameListItem>> {
        Ok(self
            .store
            .list_games(&store::GameFilter::default())?
            .into_iter()
            .map(|g| GameListItem {
                id: g.id.0,
                match_id: g.match_id.map(|m| m.0),
                player_names: g.player_names.to_vec(),
                people: g.people.to_vec(),
                events: g.events,
                finished: g.result.is_some(),
                winner: g.result.as_ref().map(|r| Seat::from_side(r.winner)),
                crystals: g.result.as_ref().map(|r| r.crystals),
                updated_at: g.updated_at,
            })
            .collect())
    }

    fn view_of(
        &self,
        cards: &Cards<'_>,
        info: &store::GameInfo,
        state: &GameState,
    ) -> Result<GameView> {
        let view = state.view(cards);
        let report = state.power(cards);
        let (match_crystals, game_no, next_game, target) = match info.match_id {
            Some(m) => {
                let st = self.store.match_status(m).map_err(store_error)?;
                let pos = st.games.iter().position(|g| *g == info.id).unwrap_or(0);
                let next = st.games.get(pos + 1).map(|g| g.0);
                (
                    st.crystals,
                    u32::try_from(pos + 1).unwrap_or(1),
                    next,
                    st.target,
                )
            }
            None => ([0, 0], 1, None, store::MATCH_TARGET),
        };
        let finished = info.result.is_some();
        // Values per card id in areas that count, for the cards on the table.
        let mut values: HashMap<(usize, String), (u32, u32, Option<String>)> = HashMap::new();
        for l in &report.cards {
            if let Some(c) = &l.card {
                let by = match &l.status {
                    CardStatus::Ignored { by } => Some(by.clone()),
                    CardStatus::Active => None,
                };
                values.insert(
                    (side_index(l.owner), c.to_string()),
                    (l.value.fire, l.value.earth, by),
                );
            }
        }
        let players = view
            .players
            .iter()
            .map(|p| {
                let i = side_index(p.player);
                let entry_view = |e: &bluemoon::CardEntry| {
                    let mut v = self.card_view(cards, e.card.as_ref(), e.face_down);
                    v.target = e.target.as_ref().map(|t| t.to_string());
                    if let Some(id) = &e.card {
                        if let Some((f, ea, by)) = values.get(&(i, id.to_string())) {
                            v.value_fire = Some(*f);
                            v.value_earth = Some(*ea);
                            v.ignored_by = by.clone();
                        }
                    }
                    v
                };
                let areas = AreasView {
                    combat: p.areas.combat.iter().map(entry_view).collect(),
                    covered: p
                        .areas
                        .covered
                        .iter()
                        .map(|c| self.card_view(cards, Some(c), false))
                        .collect(),
                    support: p.areas.support.iter().map(entry_view).collect(),
                    leadership: p.areas.leadership.iter().map(entry_view).collect(),
                    influence: p.areas.influence.iter().map(entry_view).collect(),
                    achievement: p.areas.achievement.iter().map(entry_view).collect(),
                };
                let pending = match (&view.game_over, finished) {
                    (Some(r), false) if r.winner == p.player => r.score,
                    _ => 0,
                };
                SideView {
                    seat: Seat::of(p.player),
                    name: info.player_names[i].clone(),
                    people: info.people[i].clone(),
                    crystals: match_crystals[i] + pending,
                    total: Elements {
                        fire: p.total.fire,
                        earth: p.total.earth,
                    },
                    shield: Elements {
                        fire: p.shield.fire,
                        earth: p.shield.earth,
                    },
                    needed: Elements {
                        fire: p.needed.fire,
                        earth: p.needed.earth,
                    },
                    meets: Elements {
                        fire: p.meets.fire,
                        earth: p.meets.earth,
                    },
                    six_card_count: u32::try_from(p.six_card_count).unwrap_or(u32::MAX),
                    dragons: p.dragons,
                    dragons_if_opponent_retreats: p.dragons_if_opponent_retreats,
                    out_of_cards: p.out_of_cards,
                    areas,
                }
            })
            .collect::<Vec<_>>();
        let crystals_total = |s: usize| players.get(s).map_or(0, |p: &SideView| p.crystals);
        // The match is over once a player has its crystals, this game's score counted as
        // soon as the game has ended (recorded or not): no next game can follow.
        let match_winner = [Seat::A, Seat::B]
            .into_iter()
            .zip(0..)
            .find(|(_, i)| crystals_total(*i) >= u32::from(target))
            .map(|(seat, _)| seat);
        let dragons = view
            .dragons
            .positions()
            .iter()
            .map(|(colour, pos)| DragonView {
                colour: *colour,
                position: match pos {
                    bluemoon::dragons::DragonPos::Centre => DragonPlace::Centre,
                    bluemoon::dragons::DragonPos::Side(Player::A) => DragonPlace::A,
                    bluemoon::dragons::DragonPos::Side(Player::B) => DragonPlace::B,
                },
            })
            .collect();
        let redo_depth = if finished {
            0
        } else {
            self.store.redo_depth(info.id)?
        };
        Ok(GameView {
            id: info.id.0,
            match_id: info.match_id.map(|m| m.0),
            game_no,
            edition: enum_text(&view.edition),
            players,
            contested: view.contested.map(ElementName::of),
            turn: view.turn.map(Seat::of),
            fight_starter: Seat::of(view.fight_starter),
            first_turn: view.first_turn,
            dragons,
            effects: self.effect_views(&view.active_effects),
            warnings: view
                .warnings
                .iter()
                .map(|w| self.warning_view(w, Some(&info.player_names)))
                .collect(),
            breakdown: self.breakdown(&report),
            last_retreat: view.last_retreat.as_ref().map(|r| RetreatView {
                winner: Seat::of(r.winner),
                base: r.base,
                six_cards: r.six_cards,
                modifiers: r
                    .modifiers
                    .iter()
                    .map(|(card, change)| RetreatModifier {
                        card: card.clone(),
                        change: *change,
                    })
                    .collect(),
                capped_by: r.capped_by.clone(),
                forbidden_by: r.forbidden_by.clone(),
                total: r.total,
            }),
            game_over: view.game_over.as_ref().map(|r| ResultView {
                winner: Seat::of(r.winner),
                reason: r.reason,
                dragons: r.dragons,
                crystal_cards: r.crystal_cards,
                score: r.score,
            }),
            finished,
            match_winner,
            match_over: match_winner.is_some(),
            events: info.events,
            can_undo: !finished && info.events > 1,
            redo_depth,
            next_game,
        })
    }

    /// Checks and appends one event to the loaded game; nothing is written when the engine
    /// rejects it. Returns the table after it.
    fn append(&mut self, ctx: &mut GameCtx, ev: Event) -> Result<GameView> {
        if ctx.info.result.is_some() {
            return Err(ServiceError::invalid(format!(
                "Game {} is finished; start the next game of the match",
                ctx.info.id.0
            )));
        }
        ctx.game.push(&ctx.cards, ev.clone()).map_err(rule_error)?;
        self.store
            .append_event(ctx.info.id, &ev.to_json())
            .map_err(store_error)?;
        ctx.info = self.store.game(ctx.info.id).map_err(store_error)?;
        self.view_of(&ctx.cards, &ctx.info, ctx.game.state())
    }

    /// The table screen's one call when a card is entered: the preview, and unless something
    /// needs deciding (or `confirmed` says it was decided), the play and the rulings prompt,
    /// in one round trip. Nothing is recorded when the play is impossible or values are
    /// unknown. The game is loaded once for all three.
    pub fn game_enter(
        &mut self,
        id: i64,
        req: &PlayRequest,
        confirmed: bool,
        lang: Option<&str>,
    ) -> Result<EnterOutcome> {
        let card = self.resolve_card(&req.card)?;
        let mut ctx = self.load_game(id)?;
        let (preview, engine) = self.preview_in(&ctx, &card, req)?;
        let decide = !preview.unknown.is_empty() || (!confirmed && preview.needs_decision());
        let event = match engine.event {
            Some(ev) if preview.error.is_none() && !decide => ev,
            _ => {
                return Ok(EnterOutcome {
                    preview,
                    view: None,
                    prompts: Vec::new(),
                    prompts_error: None,
                })
            }
        };
        let view = self.append(&mut ctx, event)?;
        let (prompts, prompts_error) = match self.prompts_in(&ctx, &card, lang, Some(6)) {
            Ok(p) => (p, None),
            Err(e) => (Vec::new(), Some(e.message)),
        };
        Ok(EnterOutcome {
            preview,
            view: Some(view),
            prompts,
            prompts_error,
        })
    }

    /// A card enters play; it goes to the area its type implies.
    pub fn game_play(&mut self, id: i64, req: &PlayRequest) -> Result<GameView> {
        let card = self.resolve_card(&req.card)?;
        let mut ctx = self.load_game(id)?;
        let (preview, engine) = self.preview_in(&ctx, &card, req)?;
        if engine.area.is_none() {
            return Err(ServiceError::invalid(format!(
                "The type of {} is not known: give its type (and values) once, then enter it again",
                self.card_name(card.as_str())
            )));
        }
        match (engine.event, engine.error) {
            (Some(ev), _) => self.append(&mut ctx, ev),
            (None, Some(e)) => Err(rule_error(e)),
            (None, None) => Err(ServiceError::internal(format!(
                "The play of {} could not be decided",
                preview.card.tag
            ))),
        }
    }

    /// What entering a card would do (area, target choice, unknown values, warnings) without
    /// recording anything.
    pub fn game_preview_play(&self, id: i64, req: &PlayRequest) -> Result<PlayPreview> {
        let card = self.resolve_card(&req.card)?;
        let ctx = self.load_game(id)?;
        Ok(self.preview_in(&ctx, &card, req)?.0)
    }

    /// The engine's preview of a play in the loaded game, and its view for the app: the
    /// engine decides; the service adds names and the facts the catalog lacks.
    fn preview_in(
        &self,
        ctx: &GameCtx,
        card: &CardId,
        req: &PlayRequest,
    ) -> Result<(PlayPreview, bluemoon::PlayPreview)> {
        let target = match &req.target {
            Some(t) if !t.trim().is_empty() => Some(self.resolve_card(t)?),
            _ => None,
        };
        let player = req.player.player();
        let engine = ctx
            .game
            .state()
            .preview_play(&ctx.cards, player, card, target, req.face_down);
        let mut unknown = Vec::new();
        if let Some(bm) = self.catalog.bm(card.as_str()) {
            let eff = self
                .catalog
                .effective_bm(card.as_str(), &ctx.cards.fixes)
                .map(|e| e.card)
                .unwrap_or_else(|_| bm.clone());
            if cards::is_unknown(&eff, cards::Fact::Type) {
                unknown.push("type".to_owned());
            }
            let has_values = matches!(
                eff.facts.card_type,
                None | Some(CardType::Character | CardType::Booster | CardType::Support)
            );
            if has_values && !req.face_down {
                for (fact, name) in [(cards::Fact::Fire, "fire"), (cards::Fact::Earth, "earth")] {
                    if cards::is_unknown(&eff, fact) {
                        unknown.push(name.to_owned());
                    }
                }
            }
        }
        let mut view = self.card_view(&ctx.cards, Some(card), req.face_down);
        view.target = req.target.clone();
        let preview = PlayPreview {
            card: view,
            area: engine.area.map(area_name),
            needs_target: engine.needs_target,
            target_options: engine
                .target_options
                .iter()
                .map(|c| self.card_view(&ctx.cards, Some(c), false))
                .collect(),
            default_target: engine.default_target.as_ref().map(|c| c.to_string()),
            unknown,
            warnings: engine
                .warnings
                .iter()
                .map(|w| self.warning_view(w, Some(&ctx.info.player_names)))
                .collect(),
            error: engine.error.as_ref().map(|e| format!("Not possible: {e}")),
        };
        Ok((preview, engine))
    }

    /// Anything else at the table (element, next turn, retreat, dragons by hand, ...).
    pub fn game_act(&mut self, id: i64, action: &GameAction) -> Result<GameView> {
        let mut ctx = self.load_game(id)?;
        let kind = match action {
            GameAction::ChooseElement { player, element } => EventKind::ElementChosen {
                player: player.player(),
                element: element.element(),
            },
            GameAction::ChangeElement { element } => EventKind::ElementChanged {
                element: element.element(),
            },
            GameAction::Pass { player, confirmed } => {
                let ev = Event::new(EventKind::TurnPassed {
                    player: player.player(),
                });
                // An impossible pass is refused as such; a possible one without a new
                // character waits for the person's confirmation.
                let warnings = ctx
                    .game
                    .state()
                    .validate(&ctx.cards, &ev)
                    .map_err(rule_error)?;
                let unconfirmed = warnings
                    .iter()
                    .find(|w| w.kind() == WarningKind::NoNewCharacter)
                    .filter(|_| !confirmed);
                if let Some(w) = unconfirmed {
                    return Err(ServiceError::needs_confirmation(
                        self.warning_view(w, Some(&ctx.info.player_names)).message,
                    ));
                }
                ev.kind
            }
            GameAction::Retreat {
                player,
                forced,
                dragon_cancelled,
            } => EventKind::Retreat {
                player: player.player(),
                forced: *forced,
                dragon_cancelled: *dragon_cancelled,
            },
            GameAction::DeclineStart { player, discarded } => EventKind::DeclineStart {
                player: player.player(),
                discarded: *discarded,
            },
            GameAction::AttractDragons { player, count } => EventKind::DragonsAttracted {
                player: player.player(),
                count: *count,
            },
            GameAction::Discard { player, card } => EventKind::Discarded {
                player: player.player(),
                card: self.resolve_card(card)?,
            },
            GameAction::Retrieve { player, card } => EventKind::Retrieved {
                player: player.player(),
                card: self.resolve_card(card)?,
            },
            GameAction::Cover { player, card } => EventKind::Covered {
                player: player.player(),
                card: self.resolve_card(card)?,
            },
            GameAction::ChangeTarget {
                player,
                card,
                target,
            } => EventKind::TargetChanged {
                player: player.player(),
                card: self.resolve_card(card)?,
                target: self.resolve_card(target)?,
            },
            GameAction::OutOfCards { player } => EventKind::OutOfCards {
                player: player.player(),
            },
            GameAction::CardsRegained { player } => EventKind::CardsRegained {
                player: player.player(),
            },
            GameAction::Concede { player } => EventKind::GameEnded {
                loser: player.player(),
            },
        };
        self.append(&mut ctx, Event::new(kind))
    }

    /// Takes back the last event (the setup stays). Without limit.
    pub fn game_undo(&mut self, id: i64) -> Result<GameView> {
        let info = self.game_info(id)?;
        if info.result.is_some() {
            return Err(ServiceError::invalid(format!(
                "Game {id} is finished; its log can no longer change"
            )));
        }
        if info.events <= 1 {
            return Err(ServiceError::invalid(
                "Nothing to undo: the game has just started",
            ));
        }
        self.store.undo(info.id).map_err(store_error)?;
        self.game_view(id)
    }

    /// Puts back the last undone event.
    pub fn game_redo(&mut self, id: i64) -> Result<GameView> {
        let info = self.game_info(id)?;
        if info.result.is_some() {
            return Err(ServiceError::invalid(format!(
                "Game {id} is finished; its log can no longer change"
            )));
        }
        if self.store.redo_depth(info.id).map_err(store_error)? == 0 {
            return Err(ServiceError::invalid("Nothing to redo"));
        }
        self.store.redo(info.id).map_err(store_error)?;
        self.game_view(id)
    }

    /// A game's stored record without its log.
    fn game_info(&self, id: i64) -> Result<store::GameInfo> {
        self.store.game(store::GameId(id)).map_err(|e| match e {
            store::StoreError::NotFound { .. } => {
                ServiceError::not_found(format!("There is no game {id}"))
            }
            other => store_error(other),
        })
    }

    /// Records the result of an ended game and starts the next game of the match (the loser
    /// starts it), unless the match is over. Returns the next game, or the finished one.
    pub fn game_next(&mut self, id: i64) -> Result<GameView> {
        let ctx = self.load_game(id)?;
        let info = &ctx.info;
        if info.result.is_some() {
            let over = match info.match_id {
                Some(m) => self.store.match_status(m).map_err(store_error)?.finished,
                None => true,
            };
            return Err(ServiceError::invalid(if over {
                format!("The match of game {id} is over: no next game can follow")
            } else {
                format!("Game {id} is already finished")
            }));
        }
        let state = ctx.game.state();
        let Some(result) = &state.game_over else {
            return Err(ServiceError::invalid(
                "The game is not over yet: a game ends with the fourth dragon, when a player runs out of cards, or by conceding",
            ));
        };
        let summary = store::GameSummary {
            winner: Seat::of(result.winner).side(),
            people: info.people.clone(),
            crystals: u8::try_from(result.score.clamp(1, 7)).unwrap_or(7),
            dragons: result.dragons.min(3),
            fights: state.fights,
        };
        let finished = self
            .store
            .finish_game(info.id, &summary)
            .map_err(store_error)?;
        match (info.match_id, finished.match_status) {
            (Some(m), Some(st)) if !st.finished => self.start_game_in_match(
                m,
                info.players,
                info.people.clone(),
                Seat::from_side(st.next_first),
            ),
            _ => self.game_view(id),
        }
    }

    /// Stores the values the catalog lacks for a card (the user's fix, used from now on).
    pub fn game_fix_card(&mut self, fix: &CardValuesFix) -> Result<CardView> {
        let card = self.resolve_card(&fix.card)?;
        let mut values = Vec::new();
        if let Some(t) = &fix.card_type {
            let ct: CardType = serde_json::from_value(serde_json::Value::String(t.to_lowercase()))
                .map_err(|_| {
                    ServiceError::invalid(format!(
                        "`{t}` is not a card type: character, booster, support, leadership, ..."
                    ))
                })?;
            values.push(cards::FactValue::Type(ct));
        }
        if let Some(f) = fix.fire {
            values.push(cards::FactValue::Fire(f));
        }
        if let Some(e) = fix.earth {
            values.push(cards::FactValue::Earth(e));
        }
        if values.is_empty() {
            return Err(ServiceError::invalid("Give at least one value to store"));
        }
        // Validate every value before writing any.
        for v in &values {
            self.catalog
                .validate_fix(&cards::CardFix::new(card.clone(), v.clone(), 0))
                .map_err(|e| ServiceError::invalid(format!("That value cannot be stored: {e}")))?;
        }
        for v in &values {
            let value_json = match serde_json::to_value(v) {
                Ok(serde_json::Value::Object(mut o)) => {
                    o.remove("value").map(|x| x.to_string()).unwrap_or_default()
                }
                _ => String::new(),
            };
            self.store
                .add_card_fix(card.as_str(), v.fact().name(), &value_json)
                .map_err(store_error)?;
        }
        let cards = self.game_cards()?;
        Ok(self.card_view(&cards, Some(&card), false))
    }
}

impl Service {
    /// The rulings to show when `card` is entered in game `id`: interactions with the cards on
    /// the table first, then the card's own, then general sections; the preferred language
    /// (default: the settings' language) first.
    pub fn game_prompts(
        &self,
        id: i64,
        card: &str,
        lang: Option<&str>,
        limit: Option<usize>,
    ) -> Result<Vec<crate::rulings::PromptView>> {
        let card = self.resolve_card(card)?;
        let ctx = self.load_game(id)?;
        self.prompts_in(&ctx, &card, lang, limit)
    }

    /// The rulings prompt for `card` in the loaded game.
    fn prompts_in(
        &self,
        ctx: &GameCtx,
        card: &CardId,
        lang: Option<&str>,
        limit: Option<usize>,
    ) -> Result<Vec<crate::rulings::PromptView>> {
        let table = &ctx.game.state().table;
        let mut active: Vec<String> = Vec::new();
        for p in [Player::A, Player::B] {
            let side = table.side(p);
            for area in Area::ALL {
                for e in side.area(area) {
                    if let Some(c) = &e.card {
                        if c != card && !active.contains(&c.to_string()) {
                            active.push(c.to_string());
                        }
                    }
                }
            }
        }
        let lang = match lang {
            Some(l) => l.to_owned(),
            None => enum_text(&self.settings()?.language),
        };
        // Rulings marked seen in this game are left out; ask for that many more so the prompt
        // still fills up to `limit`.
        let seen = self.store.rulings_seen(ctx.info.id).map_err(store_error)?;
        let limit = limit.unwrap_or(6);
        let mut prompts = self
            .rulings_for(card.as_str(), &active, Some(&lang), limit + seen.len())?
            .prompts;
        prompts.retain(|p| !seen.contains(&p.ruling.id));
        prompts.truncate(limit);
        Ok(prompts)
    }

    /// Marks a ruling seen in game `id`: the rulings prompt does not show it again in that game,
    /// also after a restart. Marking it twice is harmless.
    pub fn game_mark_ruling_seen(&mut self, id: i64, ruling: &str) -> Result<()> {
        let ruling = ruling.trim();
        // Only real rulings: a mistyped id would hide nothing and stay in the database.
        if self
            .reference()?
            .get(&rulings::RulingId(ruling.to_owned()))
            .is_none()
        {
            return Err(ServiceError::not_found(format!(
                "There is no ruling with the id \"{ruling}\"."
            )));
        }
        self.store
            .mark_ruling_seen(store::GameId(id), ruling)
            .map_err(crate::tournaments::store_err)?;
        Ok(())
    }
}

/// One game loaded for one command: cards with the user's fixes, its record, its folded log.
pub(crate) struct GameCtx {
    pub(crate) cards: Cards<'static>,
    pub(crate) info: store::GameInfo,
    pub(crate) game: bluemoon::Game,
}

/// The set-up event of a new game of the match.
fn setup_event(people: &[String; 2], first: Seat) -> Event {
    Event::new(EventKind::Setup {
        decks: PerPlayer {
            a: Some(people[0].clone()),
            b: Some(people[1].clone()),
        },
        expansions: Vec::new(),
        edition: Edition::First,
        starts: first.player(),
    })
}

/// A people as typed at set-up, checked by the engine's list of peoples: the canonical
/// name, or an error naming the player with the nearest people.
fn people_of(text: &str, player: &str) -> Result<&'static str> {
    let t = text.trim();
    if t.is_empty() {
        return Err(ServiceError::invalid(format!(
            "{player} needs a people (deck), e.g. Vulca or Hoax"
        )));
    }
    match bluemoon::deck::people(t) {
        bluemoon::deck::PeopleMatch::Exact(p) => Ok(p),
        bluemoon::deck::PeopleMatch::Unknown { suggestion } => {
            let hint = match suggestion {
                Some(p) => format!("Did you mean {p}?"),
                None => format!("The peoples are {}.", bluemoon::deck::PEOPLES.join(", ")),
            };
            Err(ServiceError::invalid(format!(
                "`{t}` (for {player}) is not a Blue Moon people. {hint}"
            )))
        }
    }
}

/// Which side of a game a player name sits on, for the CLI (`A`, `B`, or a player's name).
pub fn seat_of(view: &GameView, text: &str) -> Result<Seat> {
    if let Ok(s) = Seat::parse(text) {
        return Ok(s);
    }
    let t = text.trim();
    view.players
        .iter()
        .find(|p| p.name.eq_ignore_ascii_case(t) || p.people.eq_ignore_ascii_case(t))
        .map(|p| p.seat)
        .ok_or_else(|| {
            ServiceError::invalid(format!(
                "`{t}` is not a player of game {}: use A, B or a player's name",
                view.id
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn svc() -> (tempfile::TempDir, Service) {
        let dir = tempfile::tempdir().unwrap();
        let svc = Service::open(dir.path().join("data")).unwrap();
        (dir, svc)
    }

    fn new_game(svc: &mut Service) -> GameView {
        svc.game_new(&NewGameRequest {
            player_a: "Ann".into(),
            player_b: "Ben".into(),
            people_a: "Vulca".into(),
            people_b: "Hoax".into(),
            first: Some(Seat::A),
        })
        .unwrap()
    }

    fn play(svc: &mut Service, id: i64, p: Seat, card: &str, target: Option<&str>) -> GameView {
        svc.game_play(
            id,
            &PlayRequest {
                player: p,
                card: card.into(),
                target: target.map(str::to_owned),
                face_down: false,
            },
        )
        .unwrap()
    }

    fn act(svc: &mut Service, id: i64, a: GameAction) -> GameView {
        svc.game_act(id, &a).unwrap()
    }

    /// After A's Flash the Incendiary (V02): A chooses fire and passes; B answers with
    /// Wogarathoras (H01) and H19 and passes: A's turn, 6 against 7.
    fn open_the_fire_fight(svc: &mut Service, id: i64) {
        act(
            svc,
            id,
            GameAction::ChooseElement {
                player: Seat::A,
                element: ElementName::Fire,
            },
        );
        act(
            svc,
            id,
            GameAction::Pass {
                player: Seat::A,
                confirmed: false,
            },
        );
        play(svc, id, Seat::B, "H01", None);
        play(svc, id, Seat::B, "H19", None);
        act(
            svc,
            id,
            GameAction::Pass {
                player: Seat::B,
                confirmed: false,
            },
        );
    }

    fn side(v: &GameView, s: Seat) -> &SideView {
        &v.players[match s {
            Seat::A => 0,
            Seat::B => 1,
        }]
    }

    /// Vulca vs Hoax: a fire fight with a booster on a target, a retreat, undo and redo.
    #[test]
    fn a_scripted_fight_computes_totals_and_moves_dragons() {
        let (_d, mut svc) = svc();
        let g = new_game(&mut svc);
        assert_eq!((g.game_no, g.events, g.turn), (1, 1, Some(Seat::A)));
        assert_eq!(side(&g, Seat::A).name, "Ann");
        let id = g.id;
        let v = play(&mut svc, id, Seat::A, "V02", None);
        assert_eq!(side(&v, Seat::A).total, Elements { fire: 6, earth: 3 });
        act(
            &mut svc,
            id,
            GameAction::ChooseElement {
                player: Seat::A,
                element: ElementName::Fire,
            },
        );
        act(
            &mut svc,
            id,
            GameAction::Pass {
                player: Seat::A,
                confirmed: false,
            },
        );
        let v = play(&mut svc, id, Seat::B, "Wogarathoras the Gloomy", None);
        assert_eq!(side(&v, Seat::B).total.fire, 5);
        assert_eq!(side(&v, Seat::B).needed.fire, 6);
        assert!(!side(&v, Seat::B).meets.fire);
        // passing with too little power is rejected and appends nothing
        let err = svc
            .game_act(
                id,
                &GameAction::Pass {
                    player: Seat::B,
                    confirmed: false,
                },
            )
            .unwrap_err();
        assert!(err.message.contains("needs 6"), "{err:?}");
        assert_eq!(svc.game_view(id).unwrap().events, 5);
        let v = play(&mut svc, id, Seat::B, "Hoax 19", None);
        assert_eq!(side(&v, Seat::B).total.fire, 7);
        act(
            &mut svc,
            id,
            GameAction::Pass {
                player: Seat::B,
                confirmed: false,
            },
        );
        let v = play(&mut svc, id, Seat::A, "Volcanic Gauntlets", Some("V02"));
        assert_eq!(side(&v, Seat::A).total.fire, 12);
        assert_eq!(
            side(&v, Seat::A).areas.combat[1].target.as_deref(),
            Some("vulca-02")
        );
        let v = play(&mut svc, id, Seat::A, "Feuerzauber", None);
        assert_eq!(side(&v, Seat::A).total.fire, 13);
        assert_eq!(
            side(&v, Seat::A).areas.support[0].id.as_deref(),
            Some("vulca-24")
        );
        let flickering = v
            .effects
            .iter()
            .find(|e| e.card == "vulca-24")
            .expect("Flickering Fires is an active effect");
        assert_eq!(flickering.status, EffectState::InForce);
        assert_eq!(flickering.card_name_de.as_deref(), Some("Feuerzauber"));
        assert_eq!(
            flickering.text_de.as_deref(),
            Some("Du darfst keine Anführeraktionen auslegen.")
        );
        // no new character this turn: the pass needs a confirmation naming the player
        let err = svc
            .game_act(
                id,
                &GameAction::Pass {
                    player: Seat::A,
                    confirmed: false,
                },
            )
            .unwrap_err();
        assert_eq!(err.code, crate::ErrorCode::NeedsConfirmation, "{err:?}");
        assert_eq!(
            err.message,
            "Ann has played no new character this turn: play one, or retreat."
        );
        let before_retreat = act(
            &mut svc,
            id,
            GameAction::Pass {
                player: Seat::A,
                confirmed: true,
            },
        );
        assert_eq!(
            side(&before_retreat, Seat::A).dragons_if_opponent_retreats,
            1
        );
        let v = act(
            &mut svc,
            id,
            GameAction::Retreat {
                player: Seat::B,
                forced: false,
                dragon_cancelled: false,
            },
        );
        assert_eq!(side(&v, Seat::A).dragons, 1);
        assert_eq!(
            v.dragons
                .iter()
                .filter(|d| d.position == DragonPlace::A)
                .count(),
            1
        );
        assert!(side(&v, Seat::A).areas.combat.is_empty());
        assert_eq!(v.last_retreat.as_ref().map(|r| r.total), Some(1));
        let u = svc.game_undo(id).unwrap();
        assert_eq!(side(&u, Seat::A).dragons, 0);
        assert_eq!(side(&u, Seat::A).total.fire, 13);
        assert_eq!(u.redo_depth, 1);
        let r = svc.game_redo(id).unwrap();
        assert_eq!(side(&r, Seat::A).dragons, 1);
        assert_eq!(r.redo_depth, 0);
    }

    #[test]
    fn rejected_plays_append_nothing_and_name_the_reason() {
        let (_d, mut svc) = svc();
        let id = new_game(&mut svc).id;
        let bad = |svc: &mut Service, p: Seat, card: &str| {
            svc.game_play(
                id,
                &PlayRequest {
                    player: p,
                    card: card.into(),
                    target: None,
                    face_down: false,
                },
            )
            .unwrap_err()
        };
        let e = bad(&mut svc, Seat::B, "V02");
        assert!(e.message.contains("turn"), "{e:?}");
        let e = bad(&mut svc, Seat::A, "zzzzqqqq");
        assert!(e.message.contains("No Blue Moon card"), "{e:?}");
        let e = svc
            .game_play(
                id,
                &PlayRequest {
                    player: Seat::A,
                    card: "Volcanic Gauntlets".into(),
                    target: Some("Hoax 01".into()),
                    face_down: false,
                },
            )
            .unwrap_err();
        assert!(e.message.contains("target"), "{e:?}");
        assert!(svc.game_undo(id).is_err(), "the setup cannot be undone");
        assert_eq!(svc.game_view(id).unwrap().events, 1);
        assert!(svc.game_next(id).is_err(), "the game is not over");
    }

    #[test]
    fn an_ambiguous_card_lists_candidates() {
        let (_d, svc) = svc();
        // Shimmer and Glimmer share the German name Glimma.
        let e = svc.resolve_card("Glimma").unwrap_err();
        assert!(
            e.message.contains("Vulca 12") && e.message.contains("Vulca 13"),
            "{e:?}"
        );
        assert_eq!(svc.resolve_card("V24").unwrap().as_str(), "vulca-24");
        assert_eq!(
            svc.resolve_card("flikering fires").unwrap().as_str(),
            "vulca-24"
        );
        let s = svc.card_suggestions("Feuerz", None).unwrap();
        assert_eq!(s[0].id, "vulca-24");
    }

    #[test]
    fn a_forbidden_play_is_previewed_before_it_is_confirmed() {
        let (_d, mut svc) = svc();
        let id = new_game(&mut svc).id;
        play(&mut svc, id, Seat::A, "V02", None);
        open_the_fire_fight(&mut svc, id);
        play(&mut svc, id, Seat::A, "V24", None);
        act(
            &mut svc,
            id,
            GameAction::Pass {
                player: Seat::A,
                confirmed: true,
            },
        );
        let p = svc
            .game_preview_play(
                id,
                &PlayRequest {
                    player: Seat::B,
                    card: "Enthrall Opposition".into(),
                    target: None,
                    face_down: false,
                },
            )
            .unwrap();
        assert_eq!(p.area.as_deref(), Some("leadership"));
        assert!(
            p.warnings
                .iter()
                .any(|w| w.kind == WarningKind::Forbidden && w.by.as_deref() == Some("vulca-24")),
            "{p:?}"
        );
        let events = svc.game_view(id).unwrap().events;
        let g = svc
            .game_preview_play(
                id,
                &PlayRequest {
                    player: Seat::A,
                    card: "Titanic Gauntlets".into(),
                    target: None,
                    face_down: false,
                },
            )
            .unwrap();
        assert!(g.error.is_some(), "not A's turn: {g:?}");
        assert!(g.needs_target);
        assert_eq!(g.default_target.as_deref(), Some("vulca-02"));
        assert_eq!(
            svc.game_view(id).unwrap().events,
            events,
            "a preview writes nothing"
        );
    }

    #[test]
    fn unknown_values_are_asked_once_and_stored_as_the_users_fix() {
        let (_d, mut svc) = svc();
        let id = new_game(&mut svc).id;
        let p = svc
            .game_preview_play(
                id,
                &PlayRequest {
                    player: Seat::A,
                    card: "Erupta".into(),
                    target: None,
                    face_down: false,
                },
            )
            .unwrap();
        assert_eq!(p.unknown, vec!["type", "fire", "earth"]);
        assert!(p.area.is_none());
        assert!(svc
            .game_play(
                id,
                &PlayRequest {
                    player: Seat::A,
                    card: "Erupta".into(),
                    target: None,
                    face_down: false
                }
            )
            .is_err());
        let bad = svc.game_fix_card(&CardValuesFix {
            card: "Erupta".into(),
            card_type: Some("dragon".into()),
            fire: Some(1),
            earth: None,
        });
        assert!(bad.is_err());
        assert!(
            svc.store.card_fixes().unwrap().is_empty(),
            "nothing stored on error"
        );
        let c = svc
            .game_fix_card(&CardValuesFix {
                card: "Erupta".into(),
                card_type: Some("character".into()),
                fire: Some(3),
                earth: Some(2),
            })
            .unwrap();
        assert_eq!((c.fire, c.earth), (Some(3), Some(2)));
        let p = svc
            .game_preview_play(
                id,
                &PlayRequest {
                    player: Seat::A,
                    card: "Erupta".into(),
                    target: None,
                    face_down: false,
                },
            )
            .unwrap();
        assert!(p.unknown.is_empty(), "{p:?}");
        let v = play(&mut svc, id, Seat::A, "Erupta", None);
        assert_eq!(side(&v, Seat::A).total, Elements { fire: 3, earth: 2 });
    }

    #[test]
    fn a_conceded_game_is_scored_and_the_loser_starts_the_next_game_of_the_match() {
        let (_d, mut svc) = svc();
        let g = new_game(&mut svc);
        let v = act(&mut svc, g.id, GameAction::Concede { player: Seat::A });
        let over = v.game_over.clone().unwrap();
        assert_eq!((over.winner, over.score), (Seat::B, 4));
        assert_eq!(side(&v, Seat::B).crystals, 4);
        assert!(!v.finished);
        let next = svc.game_next(g.id).unwrap();
        assert_ne!(next.id, g.id);
        assert_eq!((next.game_no, next.turn), (2, Some(Seat::A)));
        assert_eq!(side(&next, Seat::B).crystals, 4);
        assert_eq!(next.match_id, g.match_id);
        let old = svc.game_view(g.id).unwrap();
        assert!(old.finished && old.next_game == Some(next.id));
        assert!(svc.game_undo(g.id).is_err());
        // the match ends at 5 crystals
        act(&mut svc, next.id, GameAction::Concede { player: Seat::A });
        let ended = svc.game_view(next.id).unwrap();
        assert!(
            ended.match_over && !ended.finished,
            "8 crystals end the match"
        );
        let last = svc.game_next(next.id).unwrap();
        assert_eq!(last.id, next.id);
        assert_eq!(last.match_winner, Some(Seat::B));
        assert!(last.match_over);
        assert!(svc.game_current().unwrap().is_none());
        // no next game after the match is over
        let err = svc.game_next(next.id).unwrap_err();
        assert!(
            err.message.contains("match") && err.message.contains("over"),
            "{err:?}"
        );
    }

    #[test]
    fn set_up_rejects_an_unknown_people_or_a_long_name_and_writes_nothing() {
        let (_d, mut svc) = svc();
        let req = |a: &str, people_b: &str| NewGameRequest {
            player_a: a.into(),
            player_b: "Ben".into(),
            people_a: "Vulca".into(),
            people_b: people_b.into(),
            first: None,
        };
        let err = svc.game_new(&req("Ann", "Vulka")).unwrap_err();
        assert_eq!(err.code, crate::ErrorCode::InvalidInput);
        assert!(err.message.contains("Did you mean Vulca?"), "{err:?}");
        assert!(err.message.contains("Ben"), "names the player: {err:?}");
        let long = "A".repeat(store::MAX_NAME_CHARS + 1);
        let err = svc.game_new(&req(&long, "Hoax")).unwrap_err();
        assert_eq!(err.code, crate::ErrorCode::InvalidInput, "{err:?}");
        // nothing was written: no player, no match, no game
        assert!(svc.store.player_by_name("Ann").unwrap().is_none());
        assert!(svc.store.player_by_name("Ben").unwrap().is_none());
        assert!(svc.game_list().unwrap().is_empty());
        // the people is stored as the engine names it
        let v = svc.game_new(&req("Ann", " hoax ")).unwrap();
        assert_eq!(side(&v, Seat::B).people, "Hoax");
    }

    #[test]
    fn a_second_character_is_warned_about_by_name_before_it_is_played() {
        let (_d, mut svc) = svc();
        let id = new_game(&mut svc).id;
        let req = |card: &str| PlayRequest {
            player: Seat::A,
            card: card.into(),
            target: None,
            face_down: false,
        };
        play(&mut svc, id, Seat::A, "Cinder", None);
        let out = svc.game_enter(id, &req("Glimmer"), false, None).unwrap();
        assert!(out.view.is_none(), "waits for a confirmation");
        let w = &out.preview.warnings[..];
        assert_eq!(w.len(), 1, "{w:?}");
        assert_eq!(w[0].kind, WarningKind::SecondCharacter);
        assert_eq!(w[0].player_name.as_deref(), Some("Ann"));
        assert_eq!(w[0].card_name.as_deref(), Some("Glimmer"));
        assert_eq!(w[0].by_name.as_deref(), Some("Cinder"));
        assert!(
            w[0].message.contains("Ann") && w[0].message.contains("Cinder"),
            "{}",
            w[0].message
        );
        assert!(!w[0].message.contains("vulca-"), "{}", w[0].message);
        // a Hoax card from the Vulca deck, and a card already in play
        let out = svc.game_enter(id, &req("H01"), false, None).unwrap();
        assert!(out
            .preview
            .warnings
            .iter()
            .any(|w| w.kind == WarningKind::NotInDeck && w.message.contains("Ann's Vulca deck")));
        let out = svc.game_enter(id, &req("Cinder"), false, None).unwrap();
        assert!(out
            .preview
            .warnings
            .iter()
            .any(|w| w.kind == WarningKind::AlreadyInPlay));
        // confirmed, it is played: the cards on the table are the truth
        let out = svc.game_enter(id, &req("Glimmer"), true, None).unwrap();
        assert_eq!(side(&out.view.unwrap(), Seat::A).areas.combat.len(), 2);
    }

    #[test]
    fn reopening_resumes_the_same_table() {
        let dir = tempfile::tempdir().unwrap();
        let id;
        let before;
        {
            let mut svc = Service::open(dir.path()).unwrap();
            id = new_game(&mut svc).id;
            play(&mut svc, id, Seat::A, "V04", None);
            before = play(&mut svc, id, Seat::A, "V01", None);
        }
        let svc = Service::open(dir.path()).unwrap();
        let now = svc.game_current().unwrap().unwrap();
        assert_eq!(now, before);
        // both played this turn: both stay active
        assert_eq!(side(&now, Seat::A).areas.combat.len(), 2);
        assert_eq!(side(&now, Seat::A).total.fire, 12);
    }

    #[test]
    fn power_of_the_documented_table_state() {
        let (_d, svc) = svc();
        let json = include_str!("../../bluemoon/examples/table-state.json");
        let p = svc.power_of_table_json(json).unwrap();
        assert_eq!(p.players.len(), 2);
        assert!(!p.breakdown.is_empty());
        let err = svc.power_of_table_json("{\"v\":2}").unwrap_err();
        assert_eq!(err.code, crate::ErrorCode::InvalidInput);
    }

    /// A ruling marked seen leaves the game's prompts, stays left out after a restart, and
    /// only in that game; an unknown ruling id is refused.
    #[test]
    fn rulings_marked_seen_leave_the_prompt_for_the_rest_of_the_game() {
        let (dir, mut svc) = svc();
        let id = new_game(&mut svc).id;
        play(&mut svc, id, Seat::A, "V02", None);
        let ids = |svc: &Service, game: i64| -> Vec<String> {
            svc.game_prompts(game, "Wall of Fire", Some("en"), Some(3))
                .unwrap()
                .into_iter()
                .map(|p| p.ruling.id)
                .collect()
        };
        let before = ids(&svc, id);
        assert_eq!(before.len(), 3, "{before:?}");
        svc.game_mark_ruling_seen(id, &before[0]).unwrap();
        svc.game_mark_ruling_seen(id, &before[0]).unwrap();
        let after = ids(&svc, id);
        assert!(!after.contains(&before[0]), "{after:?}");
        assert_eq!(after[..2], before[1..], "the others move up");
        assert_eq!(after.len(), 3, "the prompt still fills up");

        let err = svc
            .game_mark_ruling_seen(id, "bm-faq-en:99999")
            .unwrap_err();
        assert_eq!(err.code, crate::ErrorCode::NotFound);
        assert_eq!(svc.store.rulings_seen(store::GameId(id)).unwrap().len(), 1);

        drop(svc);
        let mut svc = Service::open(dir.path().join("data")).unwrap();
        assert_eq!(ids(&svc, id), after, "kept across a restart");
        let other = new_game(&mut svc).id;
        assert_eq!(
            ids(&svc, other)[0],
            before[0],
            "another game still shows it"
        );
    }

    /// Entering a card plays it at once unless something needs deciding; a decision taken
    /// (`confirmed`) plays it; nothing is recorded before that.
    #[test]
    fn entering_a_card_plays_it_unless_something_needs_deciding() {
        let (_d, mut svc) = svc();
        let id = new_game(&mut svc).id;
        let req = |p: Seat, card: &str, target: Option<&str>| PlayRequest {
            player: p,
            card: card.into(),
            target: target.map(str::to_owned),
            face_down: false,
        };
        let out = svc
            .game_enter(id, &req(Seat::A, "V02", None), false, Some("en"))
            .unwrap();
        let v = out.view.expect("nothing to decide: played");
        assert_eq!(side(&v, Seat::A).total, Elements { fire: 6, earth: 3 });
        assert_eq!(out.prompts_error, None);
        open_the_fire_fight(&mut svc, id);

        // a "one of my characters" booster: the person confirms its target first
        let events = svc.game_view(id).unwrap().events;
        let out = svc
            .game_enter(id, &req(Seat::A, "Volcanic Gauntlets", None), false, None)
            .unwrap();
        assert!(out.view.is_none());
        assert!(out.preview.needs_target && out.preview.target_options.len() == 1);
        assert_eq!(
            svc.game_view(id).unwrap().events,
            events,
            "nothing recorded"
        );
        let out = svc
            .game_enter(
                id,
                &req(Seat::A, "Volcanic Gauntlets", Some("V02")),
                true,
                None,
            )
            .unwrap();
        let v = out.view.expect("decided: played");
        assert_eq!(v.events, events + 1);

        // a forbidden play waits for confirmation and then shows the interaction ruling
        play(&mut svc, id, Seat::A, "Flickering Fires", None);
        act(
            &mut svc,
            id,
            GameAction::Pass {
                player: Seat::A,
                confirmed: true,
            },
        );
        let events = svc.game_view(id).unwrap().events;
        let enthrall = req(Seat::B, "Enthrall Opposition", None);
        let out = svc.game_enter(id, &enthrall, false, Some("en")).unwrap();
        assert!(out.view.is_none() && !out.preview.warnings.is_empty());
        assert_eq!(svc.game_view(id).unwrap().events, events);
        let out = svc.game_enter(id, &enthrall, true, Some("en")).unwrap();
        assert_eq!(out.view.expect("confirmed").events, events + 1);
        assert!(
            out.prompts
                .iter()
                .any(|p| p.with.iter().any(|w| w.contains("Flickering Fires"))),
            "{:?}",
            out.prompts.iter().map(|p| &p.with).collect::<Vec<_>>()
        );

        // an impossible play is refused, confirmed or not
        let out = svc
            .game_enter(id, &req(Seat::A, "V03", None), true, None)
            .unwrap();
        assert!(out.preview.error.is_some() && out.view.is_none());
        assert_eq!(svc.game_view(id).unwrap().events, events + 1);
    }
}
