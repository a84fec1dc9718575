//! Games at the table (Blue Moon): start a game of a match, enter cards as a player types them,
//! fights, dragons, undo/redo, the table view with totals and the "why?" breakdown.
//!
//! Persistence: each game of a match is one stored game whose event log is the rules engine's
//! events (`bluemoon::Event` as JSON), starting with `setup`. Every action appends exactly one
//! event in one transaction after the engine has accepted it; a rejected action appends nothing.
//! The state shown is always the fold of the stored log, so closing and reopening resumes it.
//! A game whose end the engine has reached stays open (its last action can still be undone)
//! until `game_next` records its result and starts the next game of the match. An abandoned
//! game (`GameAction::Abandon`, confirmed) is recorded at once as ended without a result, so
//! it is no longer resumed and its match can take a new game; undo takes the abandon back
//! until the match has that next game.

use std::collections::HashMap;

use bluemoon::construct::ConstructedDeck;
use bluemoon::event::{Edition, Expansion, PerPlayer};
use bluemoon::game::GameState;
use bluemoon::power::{CardStatus, EffectStatus, Warning};
use bluemoon::{
    Area, CardId, CardSource, CardType, Element, Event, EventKind, Player, WarningKind,
};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

mod conditions;
pub(crate) mod context;
mod effects_de;
mod refusal;
pub mod table_text;
mod views;
pub(crate) use context::{BlueMoonLog, Cards, GameCtx};
pub(crate) use refusal::{element as element_words, Names};
use refusal::{fix_refusal, setup_refusal, CardRefusal, FixRefusal, SetupRefusal, TableRefusal};
pub use views::*;

use crate::error::store_error;
use crate::{coordinator, record, GameAt, Language, Result, Service, ServiceError};

/// Suggestions shown while typing a card.
pub const SUGGESTION_LIMIT: usize = 8;
/// The most rulings one prompt shows (a front end asking for more gets these; asking for
/// `usize::MAX` must not overflow the count of seen rulings added to it).
pub const PROMPT_LIMIT_MAX: usize = 50;

// ---------------------------------------------------------------------------------------------
// Requests

/// A seat at the table: the first (A) or second (B) player of the game. One seat type for
/// every game and layer: the engines' `cards::Player` (the store's `Side` too).
pub use ::cards::Player as Seat;

/// A seat as typed: `A`/`B` (any case), or `1`/`2`.
pub fn parse_seat(text: &str) -> Result<Seat> {
    match text.trim().to_ascii_uppercase().as_str() {
        "A" | "1" => Ok(Seat::A),
        "B" | "2" => Ok(Seat::B),
        other => Err(ServiceError::invalid(format!(
            "`{other}` is not a player: use A (the first player) or B (the second)"
        ))),
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
    /// The Emissaries and Inquisitors cards are in play (Hyla, crystal, interference cards):
    /// without them those cards are warned about as not in the players' decks.
    #[serde(default)]
    #[ts(as = "Option<bool>", optional)]
    pub emissaries_inquisitors: bool,
    /// A constructed deck (Cards → Decks) for player A, by name: its people is the player's,
    /// and the game keeps the deck as it is now. Only a legal deck is taken.
    #[serde(default)]
    #[ts(optional)]
    pub deck_a: Option<String>,
    /// The same for player B.
    #[serde(default)]
    #[ts(optional)]
    pub deck_b: Option<String>,
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
    /// The players stop the game without a result (no winner, no crystals). Refused with
    /// `needs_confirmation` unless `confirmed`; undo takes it back until the match goes on.
    Abandon {
        /// Optional for callers (absent = not confirmed).
        #[serde(default)]
        #[ts(as = "Option<bool>", optional)]
        confirmed: bool,
    },
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

impl Service {
    /// Resolves a card as a player types it: an id, a tag or number shorthand, an English or
    /// German name, a typo. Ambiguous input is an error listing the candidates.
    pub fn resolve_card(&self, text: &str) -> Result<CardId> {
        self.resolve_card_in(text, Language::En)
    }

    /// [`Service::resolve_card`] with its refusals in the interface language `lang`.
    pub(crate) fn resolve_card_in(&self, text: &str, lang: Language) -> Result<CardId> {
        let refused = |r| Err(ServiceError::invalid(refusal::card_refusal(r, lang)));
        let t = text.trim();
        if t.is_empty() {
            return refused(CardRefusal::Empty);
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
            return refused(CardRefusal::NoMatch(t));
        }
        let list: Vec<String> = found
            .candidates
            .iter()
            .map(|c| match &c.tag {
                Some(tag) => format!("{tag} {}", c.name),
                None => c.name.clone(),
            })
            .collect();
        refused(CardRefusal::Several(t, &list.join(", ")))
    }

    /// Suggestions while typing a card (number shorthand, English and German names, typos).
    pub fn card_suggestions(
        &self,
        text: &str,
        limit: Option<usize>,
    ) -> Result<Vec<CardSuggestion>> {
        self.card_suggestions_for(text, limit, None)
    }

    /// [`Service::card_suggestions`] for the player entering a card, whose people (deck) is
    /// `people`: from the first letter typed ("f"), the cards whose English or German name
    /// begins with it, that deck's first.
    pub fn card_suggestions_for(
        &self,
        text: &str,
        limit: Option<usize>,
        people: Option<&str>,
    ) -> Result<Vec<CardSuggestion>> {
        let limit = limit.unwrap_or(SUGGESTION_LIMIT).clamp(1, 50);
        if text.trim().is_empty() {
            return Ok(Vec::new());
        }
        let cards = self.game_cards()?;
        let suggestion = |id: &str, name: &str, matched: String| {
            let bm = self.catalog.bm(id)?;
            let facts = cards.facts(&CardId::new(id)).unwrap_or(&bm.facts);
            Some(CardSuggestion {
                id: id.to_owned(),
                tag: bm.tag.clone(),
                name: name.to_owned(),
                name_en: bm.name_en.clone(),
                name_de: bm.name_de.clone(),
                card_type: facts.card_type.map(|t| enum_text(&t)),
                fire: facts.fire,
                earth: facts.earth,
                matched,
            })
        };
        // A people's name alone ("Hoax", "khi") names no card, but the player is looking
        // through that deck: its cards by number come first.
        let mut out: Vec<CardSuggestion> = match people_typed(text) {
            Some(people) => self
                .catalog
                .bm_cards()
                .iter()
                .filter(|c| {
                    c.tag
                        .strip_prefix(people)
                        .is_some_and(|rest| rest.starts_with(' '))
                })
                .take(limit)
                .filter_map(|c| {
                    suggestion(
                        c.facts.id.as_str(),
                        c.name_en.as_deref().unwrap_or(&c.tag),
                        enum_text(&cards::MatchKind::Tag),
                    )
                })
                .collect(),
            None => Vec::new(),
        };
        let found = self
            .catalog
            .lookup(text, Some(cards::Game::BlueMoon), limit);
        for c in &found.candidates {
            if out.len() >= limit {
                break;
            }
            if out.iter().any(|s| s.id == c.id.as_str()) {
                continue;
            }
            out.extend(suggestion(c.id.as_str(), &c.name, enum_text(&c.matched)));
        }
        // One letter names no card yet, but the player is looking for one that begins with
        // it: the names beginning with that letter, the entering player's deck first.
        let mut letter = text.trim().chars();
        if let (Some(first), None) = (letter.next(), letter.next()) {
            if first.is_alphabetic() && out.len() < limit {
                let first: String = first.to_lowercase().collect();
                let own = |tag: &str| {
                    people.is_some_and(|p| {
                        tag.strip_prefix(p.trim())
                            .is_some_and(|rest| rest.starts_with(' '))
                    })
                };
                let begins = |n: &Option<String>| {
                    n.as_deref()
                        .filter(|n| n.to_lowercase().starts_with(&first))
                        .map(str::to_owned)
                };
                let mut found: Vec<(bool, String, String)> = self
                    .catalog
                    .bm_cards()
                    .iter()
                    .filter_map(|c| {
                        let name = begins(&c.name_en).or_else(|| begins(&c.name_de))?;
                        Some((!own(&c.tag), c.facts.id.as_str().to_owned(), name))
                    })
                    .collect();
                // own deck first, the catalog's order kept within each
                found.sort_by_key(|(other, ..)| *other);
                for (_, id, name) in found {
                    if out.len() >= limit {
                        break;
                    }
                    if out.iter().any(|s| s.id == id) {
                        continue;
                    }
                    out.extend(suggestion(&id, &name, enum_text(&cards::MatchKind::Prefix)));
                }
            }
        }
        Ok(out)
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

    /// The engine's refusal in the interface language, players and cards by name (a German
    /// card name where the catalog has one).
    fn rule_refusal(
        &self,
        e: &bluemoon::RuleError,
        players: &[String; 2],
        lang: Language,
    ) -> String {
        rule_refusal_in(&self.catalog, e, players, lang)
    }

    fn rule_error(
        &self,
        e: bluemoon::RuleError,
        players: &[String; 2],
        lang: Language,
    ) -> ServiceError {
        ServiceError::invalid(self.rule_refusal(&e, players, lang))
    }

    /// A warning as the app shows it: players and cards by name (`names`: A then B; a table
    /// state without players says "player A").
    fn warning_view(&self, w: &Warning, names: Option<&[String; 2]>) -> WarningView {
        let player_name = |p: Player| match names {
            Some(n) => n[p.index()].clone(),
            None => format!("player {}", enum_text(&p)),
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
            Warning::LeadershipTooLate { card, by, .. } => format!(
                "{who} has already played {} this turn: {} belongs to the leadership phase, which comes before the character",
                name(by),
                name(card)
            ),
            Warning::NoNewCharacter { starting, .. } => format!(
                "{who} has played no new character this turn: play one, or {}.",
                if *starting {
                    "decline to start the fight"
                } else {
                    "retreat"
                }
            ),
            Warning::NotInDeck { card, deck, .. } => {
                format!("{} is not in {who}'s {deck} deck", name(card))
            }
            Warning::AlreadyInPlay { card, .. } => {
                format!("{} is already in play on {who}'s side", name(card))
            }
            Warning::DiscardedCard { card, .. } => {
                format!("{} is already in {who}'s discard pile", name(card))
            }
            Warning::PlayCondition {
                player,
                card,
                condition,
                have,
                contested,
            } => conditions::english_sentence(
                *condition,
                conditions::Read {
                    have: *have,
                    contested: *contested,
                },
                &who,
                &player_name(player.other()),
                &name(card),
            ),
        };
        // The play condition in each language, for the app's own wording.
        let condition = |lang| match w {
            Warning::PlayCondition {
                player,
                condition,
                have,
                contested,
                ..
            } => Some(conditions::clause(
                *condition,
                conditions::Read {
                    have: *have,
                    contested: *contested,
                },
                &who,
                &player_name(player.other()),
                lang,
            )),
            _ => None,
        };
        let names = names.cloned().unwrap_or_else(|| {
            [
                "Spieler A".to_owned(), // a table state without players
                "Spieler B".to_owned(),
            ]
        });
        let card_de = |c: &CardId| name_de(c).unwrap_or_else(|| name(c));
        let message_de = refusal::warning_de(
            w,
            &refusal::Names {
                players: &names,
                card: &card_de,
            },
            condition(Language::De).as_deref(),
        );
        WarningView {
            kind: w.kind(),
            player: w.player(),
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
            condition: condition(Language::En),
            condition_de: condition(Language::De),
            message_de: Some(message_de.unwrap_or_else(|| message.clone())),
            message,
            deck: match w {
                Warning::NotInDeck { deck, .. } => Some(deck.clone()),
                _ => None,
            },
        }
    }

    fn breakdown(&self, report: &bluemoon::power::PowerReport) -> Vec<BreakdownLine> {
        report
            .cards
            .iter()
            .map(|l| BreakdownLine {
                owner: l.owner,
                area: area_name(l.area),
                card: l.card.as_ref().map(|c| c.to_string()),
                card_name: l
                    .card
                    .as_ref()
                    .map_or_else(|| "bluff".to_owned(), |c| self.card_name(c.as_str())),
                card_name_de: l
                    .card
                    .as_ref()
                    .and_then(|c| self.catalog.bm(c.as_str()))
                    .and_then(|b| b.name_de.clone()),
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
                        effect_de: effects_de::german(&s.cause),
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
                    owner: e.owner,
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
        let unreadable = |e| ServiceError::invalid(format!("The table state cannot be read: {e}"));
        let table = bluemoon::TableState::from_json(json).map_err(unreadable)?;
        let cards = self.game_cards()?;
        // A card in the refusal by name; a table state has no players, only seats.
        let seats = ["player A".to_owned(), "player B".to_owned()];
        table.check_cards(&cards).map_err(|e| {
            let why = match e {
                bluemoon::RuleError::NotABluffCard(_) => {
                    self.rule_refusal(&e, &seats, Language::En)
                }
                other => other.to_string(),
            };
            ServiceError::invalid(format!("The table state cannot be read: {why}"))
        })?;
        let report = bluemoon::power::compute(&cards, &table);
        Ok(PowerView {
            contested: report.contested.map(ElementName::of),
            players: report
                .players
                .iter()
                .map(|p| PowerPlayerView {
                    seat: p.player,
                    total: p.total.into(),
                    shield: p.shield.into(),
                    needed: p.needed.into(),
                    meets: p.meets.into(),
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

    /// Starts a game: records the match (first to 5 crystals) and the setup event. Every
    /// input is checked before anything is written. Refusals in English (the CLI's).
    pub fn game_new(&mut self, req: &NewGameRequest) -> Result<GameView> {
        self.game_new_in(req, Language::En)
    }

    /// [`Service::game_new`] with its refusals in the interface language.
    pub fn game_new_in(&mut self, req: &NewGameRequest, lang: Language) -> Result<GameView> {
        let refuse = |r: SetupRefusal| ServiceError::invalid(setup_refusal(r, lang));
        let a = req.player_a.trim();
        let b = req.player_b.trim();
        if a.is_empty() || b.is_empty() {
            return Err(refuse(SetupRefusal::NoName));
        }
        if a.eq_ignore_ascii_case(b) {
            return Err(refuse(SetupRefusal::SameNames));
        }
        for name in [a, b] {
            if name.chars().count() > store::MAX_NAME_CHARS {
                return Err(refuse(SetupRefusal::NameTooLong {
                    max: store::MAX_NAME_CHARS,
                }));
            }
        }
        crate::names::check_people(&[a, b], lang)?;
        let constructed = PerPlayer {
            a: self.constructed_deck(req.deck_a.as_deref(), a, &req.people_a, lang)?,
            b: self.constructed_deck(req.deck_b.as_deref(), b, &req.people_b, lang)?,
        };
        let people_or_deck = |typed: &str, player, deck: &Option<ConstructedDeck>| match deck {
            Some(d) => Ok(d.people.tag_prefix().to_owned()),
            None => people_of(typed, player).map(str::to_owned).map_err(refuse),
        };
        let people = [
            people_or_deck(&req.people_a, a, &constructed.a)?,
            people_or_deck(&req.people_b, b, &constructed.b)?,
        ];
        let first = req.first.unwrap_or(Seat::A);
        // A constructed deck that may hold Emissaries and Inquisitors cards plays with them.
        let expansions = if req.emissaries_inquisitors
            || [&constructed.a, &constructed.b]
                .into_iter()
                .flatten()
                .any(|d| d.emissaries_inquisitors)
        {
            vec![Expansion::EmissariesInquisitors]
        } else {
            Vec::new()
        };
        let chosen = MatchDecks {
            expansions,
            constructed,
        };
        let setup = setup_event(&people, first, &chosen);
        // The engine checks the set-up before anything is written.
        bluemoon::Game::new()
            .push(&self.game_cards()?, setup.clone())
            .map_err(|e| self.rule_error(e, &[a.to_owned(), b.to_owned()], lang))?;
        // the players (created if new), the match and its first game with its set-up: one write
        let id = self
            .store
            .start_match([a, b], &people, first, &setup.to_json())
            .map_err(store_error)?;
        self.game_view(id.0)
    }

    fn start_game_in_match(
        &mut self,
        match_id: store::MatchId,
        players: [store::PlayerId; 2],
        people: [String; 2],
        first: Seat,
        decks: &MatchDecks,
    ) -> Result<GameView> {
        let setup = setup_event(&people, first, decks);
        let id = self
            .store
            .start_game(
                &store::NewGame {
                    players,
                    people,
                    first: Some(first),
                    match_id: Some(match_id),
                },
                &setup.to_json(),
            )
            .map_err(store_error)?;
        self.game_view(id.0)
    }

    /// The table view of a game.
    pub fn game_view(&self, id: i64) -> Result<GameView> {
        let ctx = self.load_game(id)?;
        self.ctx_view(&ctx)
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
                finished: !g.is_open(),
                status: crate::history::GameStatus::of(&g),
                winner: g.result.as_ref().map(|r| r.winner),
                crystals: g.result.as_ref().map(|r| r.crystals),
                updated_at: g.updated_at,
            })
            .collect())
    }

    /// The table of a loaded game, saying so when its log goes on past what this version can
    /// replay.
    fn ctx_view(&self, ctx: &GameCtx) -> Result<GameView> {
        let read = &ctx.rec;
        let mut view = self.view_of(&ctx.cards, &ctx.info, ctx.game.state(), read)?;
        view.unreadable = ctx.unreadable.clone();
        Ok(view)
    }

    fn view_of(
        &self,
        cards: &Cards<'_>,
        info: &store::GameInfo,
        state: &GameState,
        read: &context::Loaded,
    ) -> Result<GameView> {
        let view = state.view(cards);
        let report = state.power(cards);
        let (match_crystals, game_no, next_game, target) = match &read.extra.match_status {
            Some(st) => {
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
        let abandoned = info.abandoned_at.is_some();
        // Values per card id in areas that count, for the cards on the table.
        let mut values: HashMap<(usize, String), (u32, u32, Option<String>)> = HashMap::new();
        for l in &report.cards {
            if let Some(c) = &l.card {
                let by = match &l.status {
                    CardStatus::Ignored { by } => Some(by.clone()),
                    CardStatus::Active => None,
                };
                values.insert(
                    (l.owner.index(), c.to_string()),
                    (l.value.fire, l.value.earth, by),
                );
            }
        }
        let players = view
            .players
            .iter()
            .map(|p| {
                let i = p.player.index();
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
                    seat: p.player,
                    name: info.player_names[i].clone(),
                    people: info.people[i].clone(),
                    crystals: match_crystals[i] + pending,
                    total: p.total.into(),
                    shield: p.shield.into(),
                    needed: p.needed.into(),
                    meets: p.meets.into(),
                    six_card_count: u32::try_from(p.six_card_count).unwrap_or(u32::MAX),
                    dragons: p.dragons,
                    dragons_if_opponent_retreats: p.dragons_if_opponent_retreats,
                    out_of_cards: p.out_of_cards,
                    areas,
                    deck_cards: state
                        .setup
                        .as_ref()
                        .and_then(|s| s.constructed.get(p.player).as_ref())
                        .map(|d| d.cards.iter().map(|c| c.to_string()).collect()),
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
        let redo_depth = if finished { 0 } else { read.redo_depth };
        let mut view = GameView {
            id: info.id.0,
            revision: info.revision,
            unreadable: None,
            match_id: info.match_id.map(|m| m.0),
            game_no,
            edition: enum_text(&view.edition),
            players,
            contested: view.contested.map(ElementName::of),
            turn: view.turn,
            fight_starter: view.fight_starter,
            first_turn: view.first_turn,
            between_fights: view.between_fights,
            dragons,
            effects: self.effect_views(&view.active_effects),
            inquisitor_powers: view
                .inquisitor_powers
                .iter()
                .filter_map(|p| crate::decks::InquisitorPowerView::of(&self.catalog, p))
                .collect(),
            warnings: view
                .warnings
                .iter()
                .map(|w| self.warning_view(w, Some(&info.player_names)))
                .collect(),
            breakdown: self.breakdown(&report),
            last_retreat: view.last_retreat.as_ref().map(|r| RetreatView {
                winner: r.winner,
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
                winner: r.winner,
                reason: r.reason,
                dragons: r.dragons,
                crystal_cards: r.crystal_cards,
                score: r.score,
            }),
            finished,
            abandoned,
            match_winner,
            match_over: match_winner.is_some(),
            concede_score: state.forfeit_score(),
            events: info.events,
            // An abandoned game can be taken back until its match has a next game.
            can_undo: !finished && info.events > 1 && !(abandoned && next_game.is_some()),
            redo_depth,
            next_game,
            end_text: None,
            end_text_de: None,
        };
        // how it ended, in one sentence in each language, for the app's game-over line
        view.end_text = view.ending(Language::En);
        view.end_text_de = view.ending(Language::De);
        Ok(view)
    }

    /// Checks and appends one event to the loaded game; nothing is written when the engine
    /// rejects it. Returns the table after it.
    fn append(&mut self, ctx: &mut GameCtx, kind: EventKind) -> Result<GameView> {
        self.ensure_playing(ctx)?;
        self.game_decide(ctx, kind)?;
        self.ctx_view(ctx)
    }

    /// The coordinator's one write: the engine decides on the loaded game, the event is
    /// appended with the revision it was decided on, and `ctx` is the game after it.
    fn game_decide(&mut self, ctx: &mut GameCtx, kind: EventKind) -> Result<()> {
        let lang = ctx.lang;
        let catalog = &self.catalog;
        let word =
            |e: &bluemoon::RuleError, names: &[String; 2]| rule_refusal_in(catalog, e, names, lang);
        let GameCtx { cards, rec, .. } = ctx;
        coordinator::decide(&mut self.store, rec, &*cards, kind, lang, &word)?;
        Ok(())
    }

    /// Refuses any action in a game whose result is recorded or that was abandoned, and any
    /// move in a game whose stored log this version cannot replay to its end.
    fn ensure_playing(&self, ctx: &GameCtx) -> Result<()> {
        self.ensure_playing_or_unreadable(ctx)?;
        match &ctx.unreadable {
            Some(why) => Err(ServiceError::invalid(why.clone())),
            None => Ok(()),
        }
    }

    /// [`Self::ensure_playing`] without the refusal of an unreadable log (abandoning such a
    /// game is what ends it).
    fn ensure_playing_or_unreadable(&self, ctx: &GameCtx) -> Result<()> {
        if ctx.info.result.is_some() {
            return Err(ServiceError::invalid(refusal::table_refusal(
                TableRefusal::FinishedPlay,
                ctx.info.id.0,
                ctx.lang,
            )));
        }
        if ctx.info.abandoned_at.is_some() {
            return Err(self.rule_error(
                bluemoon::RuleError::GameAbandoned,
                &ctx.info.player_names,
                ctx.lang,
            ));
        }
        Ok(())
    }

    /// Abandons the loaded game once the person confirmed: the engine checks it can end (not
    /// already over), then the event is logged and the game recorded as ended without a
    /// result in one transaction.
    fn abandon(&mut self, ctx: &mut GameCtx, confirmed: bool) -> Result<GameView> {
        self.ensure_playing_or_unreadable(ctx)?;
        // A game stored by an old release without its set-up, or whose log this version cannot
        // replay to its end: no engine event fits such a log, so the store records the end
        // without one.
        let as_is = ctx.info.events == 0 || ctx.unreadable.is_some();
        if !as_is {
            let ev = Event::new(EventKind::GameAbandoned);
            ctx.game
                .state()
                .validate(&ctx.cards, &ev)
                .map_err(|e| self.rule_error(e, &ctx.info.player_names, ctx.lang))?;
        }
        if !confirmed {
            return Err(ServiceError::needs_confirmation(refusal::table_refusal(
                TableRefusal::ConfirmAbandon,
                ctx.info.id.0,
                ctx.lang,
            )));
        }
        if as_is {
            self.store
                .abandon_game_as_is(ctx.info.id, ctx.info.revision)
                .map_err(|e| {
                    record::write_error(e, &ctx.info.player_names, ctx.lang, ServiceError::from)
                })?;
            ctx.info = self.store.game(ctx.info.id).map_err(store_error)?;
        } else {
            // The engine's outcome without a winner: the coordinator's write abandons it.
            self.game_decide(ctx, EventKind::GameAbandoned)?;
        }
        self.ctx_view(ctx)
    }

    /// The table screen's one call when a card is entered: the preview, and unless something
    /// needs deciding (or `confirmed` says it was decided), the play and the rulings prompt,
    /// in one round trip. Nothing is recorded when the play is impossible or values are
    /// unknown. The game is loaded once for all three.
    pub fn game_enter(
        &mut self,
        at: impl Into<GameAt>,
        req: &PlayRequest,
        confirmed: bool,
        language: Language,
    ) -> Result<EnterOutcome> {
        let lang = Some(language.code());
        let card = self.resolve_card_in(&req.card, language)?;
        let mut ctx = self.load_game_in(at.into(), language)?;
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
        let view = self.append(&mut ctx, event.kind)?;
        let (prompts, prompts_error) = match self.prompts_in(&ctx, &card, lang, Some(6)) {
            Ok(p) => (p, None),
            Err(e) => (
                Vec::new(),
                Some(refusal::prompts_failed(&e.message, language)),
            ),
        };
        Ok(EnterOutcome {
            preview,
            view: Some(view),
            prompts,
            prompts_error,
        })
    }

    /// A card enters play; it goes to the area its type implies.
    pub fn game_play(&mut self, at: impl Into<GameAt>, req: &PlayRequest) -> Result<GameView> {
        self.game_play_confirmed(at, req, true)
    }

    /// The command line's play: the window's one path ([`Service::game_enter`]: one load, the
    /// engine's preview, one append), with what still needs deciding turned into a refusal
    /// that says what to decide (refusals in English, the CLI's): values the catalog lacks, a
    /// warning to confirm (`needs_confirmation` until `confirmed`), a target to choose among
    /// several characters (with `--target`), or a play the rules forbid. Nothing is written
    /// then.
    pub fn game_play_confirmed(
        &mut self,
        at: impl Into<GameAt>,
        req: &PlayRequest,
        confirmed: bool,
    ) -> Result<GameView> {
        self.game_play_confirmed_in(at, req, confirmed, Language::En)
    }

    /// [`Service::game_play_confirmed`] with its refusals in the interface language `lang`
    /// (the command line after `settings --language de`).
    pub fn game_play_confirmed_in(
        &mut self,
        at: impl Into<GameAt>,
        req: &PlayRequest,
        confirmed: bool,
        lang: Language,
    ) -> Result<GameView> {
        let out = self.game_enter(at, req, confirmed, lang)?;
        if let Some(view) = out.view {
            return Ok(view);
        }
        let p = out.preview;
        let name = &p.card.tag;
        let de = lang == Language::De;
        Err(if let Some(error) = p.error {
            ServiceError::invalid(error)
        } else if !p.unknown.is_empty() {
            let facts: Vec<&str> = p
                .unknown
                .iter()
                .map(|f| match (f, de) {
                    (bluemoon::source::Fact::Type, false) => "type",
                    (bluemoon::source::Fact::Fire, false) => "fire",
                    (bluemoon::source::Fact::Earth, false) => "earth",
                    (bluemoon::source::Fact::Type, true) => "Typ",
                    (bluemoon::source::Fact::Fire, true) => "Feuer",
                    (bluemoon::source::Fact::Earth, true) => "Erde",
                })
                .collect();
            ServiceError::invalid(if de {
                format!(
                    "Dem Katalog fehlt {} von {name}: einmal angeben (`tablemate game fix`), \
                     dann die Karte noch einmal spielen",
                    facts.join(" und ")
                )
            } else {
                format!(
                    "The catalog lacks the {} of {name}: give them once (`tablemate game fix`), \
                     then play it again",
                    facts.join(" and ")
                )
            })
        } else if !p.warnings.is_empty() {
            let said: Vec<&str> = p
                .warnings
                .iter()
                .map(|w| w.message_in(lang).trim_end_matches('.'))
                .collect();
            ServiceError::needs_confirmation(if de {
                format!(
                    "{}. Nichts wurde eingetragen: bestätigen, um sie trotzdem zu spielen.",
                    said.join(". ")
                )
            } else {
                format!(
                    "{}. Nothing was recorded: confirm to play it anyway.",
                    said.join(". ")
                )
            })
        } else {
            let options: Vec<String> = p
                .target_options
                .iter()
                .map(|c| c.id.clone().unwrap_or_else(|| c.tag.clone()))
                .collect();
            let default = p.default_target.as_deref();
            ServiceError::needs_confirmation(if de {
                format!(
                    "{name} braucht einen dieser Charaktere als Ziel: {} (der jüngste, {}, \
                     außer mit --target gewählt)",
                    options.join(", "),
                    default.unwrap_or("keiner")
                )
            } else {
                format!(
                    "{name} needs one of these characters as its target: {} (the most recent, \
                     {}, unless you choose with --target)",
                    options.join(", "),
                    default.unwrap_or("none")
                )
            })
        })
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
            Some(t) if !t.trim().is_empty() => Some(self.resolve_card_in(t, ctx.lang)?),
            _ => None,
        };
        let player = req.player;
        let engine = ctx
            .game
            .state()
            .preview_play(&ctx.cards, player, card, target, req.face_down);
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
            unknown: engine.unknown.clone(),
            warnings: engine
                .warnings
                .iter()
                .map(|w| self.warning_view(w, Some(&ctx.info.player_names)))
                .collect(),
            error: engine
                .error
                .as_ref()
                .map(|e| self.rule_refusal(e, &ctx.info.player_names, ctx.lang)),
        };
        Ok((preview, engine))
    }

    /// Anything else at the table (element, next turn, retreat, dragons by hand, ...);
    /// refusals in English.
    pub fn game_act(&mut self, at: impl Into<GameAt>, action: &GameAction) -> Result<GameView> {
        self.game_act_in(at, action, Language::En)
    }

    /// [`Service::game_act`] with its refusals in the interface language `lang`.
    pub fn game_act_in(
        &mut self,
        at: impl Into<GameAt>,
        action: &GameAction,
        lang: Language,
    ) -> Result<GameView> {
        let mut ctx = self.load_game_in(at.into(), lang)?;
        let kind = match action {
            GameAction::Abandon { confirmed } => return self.abandon(&mut ctx, *confirmed),
            GameAction::ChooseElement { player, element } => EventKind::ElementChosen {
                player: *player,
                element: element.element(),
            },
            GameAction::ChangeElement { element } => EventKind::ElementChanged {
                element: element.element(),
            },
            GameAction::Pass { player, confirmed } => {
                let ev = Event::new(EventKind::TurnPassed { player: *player });
                // An impossible pass is refused as such; a possible one without a new
                // character waits for the person's confirmation.
                let warnings = ctx
                    .game
                    .state()
                    .validate(&ctx.cards, &ev)
                    .map_err(|e| self.rule_error(e, &ctx.info.player_names, ctx.lang))?;
                let unconfirmed = warnings
                    .iter()
                    .find(|w| w.kind() == WarningKind::NoNewCharacter)
                    .filter(|_| !confirmed);
                if let Some(w) = unconfirmed {
                    let message = match ctx.lang {
                        Language::En => self.warning_view(w, Some(&ctx.info.player_names)).message,
                        Language::De => refusal::unconfirmed_pass_de(w, &ctx.info.player_names),
                    };
                    return Err(ServiceError::needs_confirmation(message));
                }
                ev.kind
            }
            GameAction::Retreat {
                player,
                forced,
                dragon_cancelled,
            } => EventKind::Retreat {
                player: *player,
                forced: *forced,
                dragon_cancelled: *dragon_cancelled,
            },
            GameAction::DeclineStart { player, discarded } => EventKind::DeclineStart {
                player: *player,
                discarded: *discarded,
            },
            GameAction::AttractDragons { player, count } => EventKind::DragonsAttracted {
                player: *player,
                count: *count,
            },
            GameAction::Discard { player, card } => EventKind::Discarded {
                player: *player,
                card: self.resolve_card_in(card, lang)?,
            },
            GameAction::Retrieve { player, card } => EventKind::Retrieved {
                player: *player,
                card: self.resolve_card_in(card, lang)?,
            },
            GameAction::Cover { player, card } => EventKind::Covered {
                player: *player,
                card: self.resolve_card_in(card, lang)?,
            },
            GameAction::ChangeTarget {
                player,
                card,
                target,
            } => EventKind::TargetChanged {
                player: *player,
                card: self.resolve_card_in(card, lang)?,
                target: self.resolve_card_in(target, lang)?,
            },
            GameAction::OutOfCards { player } => EventKind::OutOfCards { player: *player },
            GameAction::CardsRegained { player } => EventKind::CardsRegained { player: *player },
            GameAction::Concede { .. } if ctx.info.events == 0 => {
                return Err(ServiceError::invalid(refusal::table_refusal(
                    TableRefusal::NeverSetUp,
                    ctx.info.id.0,
                    ctx.lang,
                )))
            }
            GameAction::Concede { player } => EventKind::GameEnded { loser: *player },
        };
        self.append(&mut ctx, kind)
    }

    /// Takes back the last event (the setup stays). Without limit.
    pub fn game_undo(&mut self, at: impl Into<GameAt>) -> Result<GameView> {
        self.game_undo_in(at, Language::En)
    }

    /// [`Service::game_undo`] with its refusals in the interface language `lang`.
    pub fn game_undo_in(&mut self, at: impl Into<GameAt>, lang: Language) -> Result<GameView> {
        let read = coordinator::read::<BlueMoonLog>(&self.store, at.into(), lang)?;
        let (info, stored) = (&read.record, &read.events);
        let id = info.id.0;
        let refused = |r| Err(ServiceError::invalid(refusal::table_refusal(r, id, lang)));
        if info.result.is_some() {
            return refused(TableRefusal::FinishedLog);
        }
        if stored.len() <= 1 {
            return refused(TableRefusal::NothingToUndo);
        }
        let ctx = self.undo_game(read, lang)?;
        self.ctx_view(&ctx)
    }

    /// Puts back the last undone event.
    pub fn game_redo(&mut self, at: impl Into<GameAt>) -> Result<GameView> {
        self.game_redo_in(at, Language::En)
    }

    /// [`Service::game_redo`] with its refusals in the interface language `lang`.
    pub fn game_redo_in(&mut self, at: impl Into<GameAt>, lang: Language) -> Result<GameView> {
        let mut ctx = self.load_game_in(at.into(), lang)?;
        let id = ctx.info.id.0;
        let refused = |r| Err(ServiceError::invalid(refusal::table_refusal(r, id, lang)));
        if ctx.info.result.is_some() {
            return refused(TableRefusal::FinishedLog);
        }
        if !self.redo_game(&mut ctx)? {
            return refused(TableRefusal::NothingToRedo);
        }
        self.ctx_view(&ctx)
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
    pub fn game_next(&mut self, at: impl Into<GameAt>) -> Result<GameView> {
        self.game_next_in(at, Language::En)
    }

    /// [`Service::game_next`] with its refusals in the interface language `lang`.
    pub fn game_next_in(&mut self, at: impl Into<GameAt>, lang: Language) -> Result<GameView> {
        let ctx = self.load_game_in(at.into(), lang)?;
        let id = ctx.info.id.0;
        let info = &ctx.info;
        let refused = |r| ServiceError::invalid(refusal::table_refusal(r, id, lang));
        if info.result.is_some() {
            let over = match &ctx.extra.match_status {
                Some(m) => m.finished,
                None => true,
            };
            return Err(refused(if over {
                TableRefusal::MatchOver
            } else {
                TableRefusal::AlreadyFinished
            }));
        }
        let state = ctx.game.state();
        // The next game of the match is played with the same expansions and decks.
        let decks = state
            .setup
            .as_ref()
            .map(|s| MatchDecks {
                expansions: s.expansions.clone(),
                constructed: s.constructed.clone(),
            })
            .unwrap_or_default();
        if info.abandoned_at.is_some() {
            // No result to record: the match (if it goes on, and only once) takes a new game.
            let status = match &ctx.extra.match_status {
                Some(m) => m,
                None => return Err(refused(TableRefusal::AlreadyFinished)),
            };
            if status.finished {
                return Err(refused(TableRefusal::MatchOver));
            }
            if status.games.last() != Some(&info.id) {
                return Err(refused(TableRefusal::AlreadyFinished));
            }
            return self.start_game_in_match(
                status.id,
                info.players,
                info.people.clone(),
                status.next_first,
                &decks,
            );
        }
        if let Some(why) = &ctx.unreadable {
            // no result is recorded from a log this version cannot read to its end
            return Err(ServiceError::invalid(why.clone()));
        }
        let Some(result) = &state.game_over else {
            return Err(refused(TableRefusal::NotOver));
        };
        let summary = store::GameSummary {
            winner: result.winner,
            people: info.people.clone(),
            // The engine scores between 1 and 7.
            crystals: u8::try_from(result.score).unwrap_or(7),
            dragons: result.dragons.min(3),
            fights: state.fights,
        };
        let finished = self
            .store
            .finish_game(info.id, info.revision, &summary)
            .map_err(|e| record::write_error(e, &info.player_names, lang, ServiceError::from))?;
        match (info.match_id, finished.match_status) {
            (Some(m), Some(st)) if !st.finished => self.start_game_in_match(
                m,
                info.players,
                info.people.clone(),
                st.next_first,
                &decks,
            ),
            _ => self.game_view(id),
        }
    }

    /// Stores the values the catalog lacks for a card (the user's fix, used from now on).
    /// Refusals in English (the CLI's).
    pub fn game_fix_card(&mut self, fix: &CardValuesFix) -> Result<CardView> {
        self.game_fix_card_in(fix, Language::En)
    }

    /// [`Service::game_fix_card`] with its refusals in the interface language. Every value is
    /// checked, then all are stored in one transaction.
    pub fn game_fix_card_in(&mut self, fix: &CardValuesFix, lang: Language) -> Result<CardView> {
        let refuse = |r: FixRefusal| ServiceError::invalid(fix_refusal(r, lang));
        let card = self.resolve_card_in(&fix.card, lang)?;
        let mut values = Vec::new();
        if let Some(t) = &fix.card_type {
            let ct: CardType = serde_json::from_value(serde_json::Value::String(t.to_lowercase()))
                .map_err(|_| refuse(FixRefusal::NotACardType(t)))?;
            values.push(cards::FactValue::Type(ct));
        }
        if let Some(f) = fix.fire {
            values.push(cards::FactValue::Fire(f));
        }
        if let Some(e) = fix.earth {
            values.push(cards::FactValue::Earth(e));
        }
        if values.is_empty() {
            return Err(refuse(FixRefusal::NoValue));
        }
        let mut rows = Vec::with_capacity(values.len());
        for v in &values {
            self.catalog
                .validate_fix(&cards::CardFix::new(card.clone(), v.clone(), 0))
                .map_err(|e| refuse(FixRefusal::Impossible(&e.to_string())))?;
            let value_json = match serde_json::to_value(v) {
                Ok(serde_json::Value::Object(mut o)) => {
                    o.remove("value").map(|x| x.to_string()).unwrap_or_default()
                }
                _ => String::new(),
            };
            rows.push((v.fact().name(), value_json));
        }
        let rows: Vec<(&str, &str)> = rows.iter().map(|(f, v)| (*f, v.as_str())).collect();
        self.store
            .add_card_fixes(card.as_str(), &rows)
            .map_err(store_error)?;
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
        order_of_meeting(ctx, card, &mut active);
        let lang = match lang {
            Some(l) => l.to_owned(),
            None => enum_text(&self.settings()?.language),
        };
        // Rulings marked seen in this game are left out; ask for that many more so the prompt
        // still fills up to `limit`.
        let seen = &ctx.rulings_seen;
        let limit = limit.unwrap_or(6).clamp(1, PROMPT_LIMIT_MAX);
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

/// The set-up event of a new game of the match.
/// The engine's refusal in `lang`, players and cards by name (a German card name where the
/// catalog has one); a free function so that a write may word it while it holds the store.
fn rule_refusal_in(
    catalog: &::cards::Catalog,
    e: &bluemoon::RuleError,
    players: &[String; 2],
    lang: Language,
) -> String {
    let name = |id: &str| {
        catalog
            .bm(id)
            .map_or_else(|| id.to_owned(), |b| b.display_name().to_owned())
    };
    let card = |c: &CardId| match lang {
        Language::De => catalog
            .bm(c.as_str())
            .and_then(|b| b.name_de.clone())
            .unwrap_or_else(|| name(c.as_str())),
        Language::En => name(c.as_str()),
    };
    refusal::refusal(
        e,
        lang,
        &refusal::Names {
            players,
            card: &card,
        },
    )
}

/// What a match keeps from game to game: its expansions and the constructed decks as they
/// were when it began.
#[derive(Debug, Clone, Default)]
struct MatchDecks {
    expansions: Vec<Expansion>,
    constructed: PerPlayer<Option<ConstructedDeck>>,
}

fn setup_event(people: &[String; 2], first: Seat, decks: &MatchDecks) -> Event {
    Event::new(EventKind::Setup {
        decks: PerPlayer {
            a: Some(people[0].clone()),
            b: Some(people[1].clone()),
        },
        expansions: decks.expansions.clone(),
        edition: Edition::First,
        starts: first,
        constructed: decks.constructed.clone(),
    })
}

/// A people as typed at set-up, checked by the engine's list of peoples: the canonical
/// name, or an error naming the player with the nearest people.
fn people_of<'a>(
    text: &'a str,
    player: &'a str,
) -> std::result::Result<&'static str, SetupRefusal<'a>> {
    let t = text.trim();
    if t.is_empty() {
        return Err(SetupRefusal::NoPeople { player });
    }
    match bluemoon::deck::people(t) {
        bluemoon::deck::PeopleMatch::Exact(p) => Ok(p),
        bluemoon::deck::PeopleMatch::Unknown { suggestion } => Err(SetupRefusal::NotAPeople {
            typed: t,
            player,
            closest: suggestion,
        }),
    }
}

/// A people as typed, checked as the table checks it at set-up ("Vulka" for Ben: "Did you
/// mean Vulca?" in `lang`); also what registering for an event checks.
pub(crate) fn checked_people(text: &str, player: &str, lang: Language) -> Result<&'static str> {
    people_of(text, player).map_err(|r| ServiceError::invalid(setup_refusal(r, lang)))
}

/// The people a player typed when the text is its name or the start of only one people's
/// name (three letters at least, no number: "Hoax", "khi"); `None` otherwise.
fn people_typed(text: &str) -> Option<&'static str> {
    let t = text.trim().to_lowercase();
    if t.chars().count() < 3 || t.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let mut matching = bluemoon::deck::PEOPLES
        .iter()
        .filter(|p| p.to_lowercase().starts_with(&t));
    match (matching.next(), matching.next()) {
        (Some(p), None) => Some(p),
        _ => None,
    }
}

/// Which side of a game a player name sits on, for the CLI (`A`, `B`, or a player's name).
pub fn seat_of(view: &GameView, text: &str) -> Result<Seat> {
    let names: Vec<(&str, &str)> = view
        .players
        .iter()
        .map(|p| (p.name.as_str(), p.people.as_str()))
        .collect();
    seat_named(&names, text, view.id, Language::En)
}

/// The seat `text` names among the players `(name, people)`, A then B.
fn seat_named(players: &[(&str, &str)], text: &str, game: i64, lang: Language) -> Result<Seat> {
    if let Ok(s) = parse_seat(text) {
        return Ok(s);
    }
    let t = text.trim();
    players
        .iter()
        .zip([Seat::A, Seat::B])
        .find(|((name, people), _)| name.eq_ignore_ascii_case(t) || people.eq_ignore_ascii_case(t))
        .map(|(_, seat)| seat)
        .ok_or_else(|| {
            ServiceError::invalid(match lang {
                Language::En => {
                    format!("`{t}` is not a player of game {game}: use A, B or a player's name")
                }
                Language::De => format!(
                    "„{t}“ spielt nicht in diesem Spiel ({} gegen {}): A, B oder den Namen \
                     eines Spielers angeben",
                    players[0].0, players[1].0
                ),
            })
        })
}

impl Service {
    /// Which seat `text` names in game `id` (A, B, a player's name or people), with the game
    /// as read for it: the command line's first step before a write, without replaying the
    /// log (the write loads the game once, at that revision).
    pub fn game_seat(&self, id: i64, text: &str) -> Result<(Seat, GameAt)> {
        self.game_seat_in(id, text, Language::En)
    }

    /// [`Service::game_seat`] with its refusal in the interface language `lang`.
    pub fn game_seat_in(&self, id: i64, text: &str, lang: Language) -> Result<(Seat, GameAt)> {
        let info = self.game_info(id)?;
        let players = [
            (info.player_names[0].as_str(), info.people[0].as_str()),
            (info.player_names[1].as_str(), info.people[1].as_str()),
        ];
        let seat = seat_named(&players, text, id, lang)?;
        Ok((
            seat,
            GameAt {
                id,
                revision: Some(info.revision),
            },
        ))
    }

    /// The game a table command without a game number means: the most recently changed game
    /// that can still be acted on — an unfinished one, or an abandoned one whose match has
    /// not gone on (undo takes the abandon back, `game next` starts the match's next game,
    /// as the abandon's own output says). `None` when there is none.
    pub fn game_latest(&self) -> Result<Option<i64>> {
        let games = self.store.list_games(&store::GameFilter::default())?;
        let mut candidates: Vec<&store::GameInfo> = games
            .iter()
            .filter(|g| g.is_open() || (g.result.is_none() && g.abandoned_at.is_some()))
            .collect();
        candidates.sort_by(|x, y| y.updated_at.cmp(&x.updated_at).then(y.id.0.cmp(&x.id.0)));
        for g in candidates {
            if g.is_open() {
                return Ok(Some(g.id.0));
            }
            // abandoned: still the table's game while its match has no later game
            let later = match g.match_id {
                Some(m) => {
                    let st = self.store.match_status(m).map_err(store_error)?;
                    st.games.last().is_some_and(|last| *last != g.id)
                }
                None => false,
            };
            if !later {
                return Ok(Some(g.id.0));
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_record;

/// Puts the cards of a rulings prompt in the order they met the entered `card`, nearest last
/// (the prompt ranks the ruling with the nearest card first): by their last play, then the
/// cards that `card`'s last play covered (they leave `active`'s table areas but are what it
/// met), then the card it targets.
fn order_of_meeting(ctx: &GameCtx, card: &CardId, active: &mut Vec<String>) {
    let events = ctx.game.events();
    let played = |c: &str| {
        events.iter().rposition(
            |e| matches!(&e.kind, EventKind::CardPlayed { card, .. } if card.as_str() == c),
        )
    };
    active.sort_by_key(|c| played(c));
    let Some(i) = played(card.as_str()) else {
        return;
    };
    let mut nearest = |c: &CardId| {
        if c != card {
            active.retain(|a| a != c.as_str());
            active.push(c.to_string());
        }
    };
    // the table just before and just after that play: the cards it covered
    let before = GameState::replay(&ctx.cards, &events[..i]).ok();
    let after = before
        .as_ref()
        .and_then(|b| b.apply(&ctx.cards, &events[i]).ok());
    if let (Some(before), Some(after)) = (before, after) {
        for p in [Player::A, Player::B] {
            for c in &after.table.side(p).covered {
                if !before.table.side(p).covered.contains(c) {
                    nearest(c);
                }
            }
        }
    }
    if let EventKind::CardPlayed {
        target: Some(t), ..
    } = &events[i].kind
    {
        nearest(t);
    }
}
