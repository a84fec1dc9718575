//! Decks at tournaments (issue #33): a registration plays a saved deck, copied as it is when it
//! is registered (only a legal deck, of the people the player registered with, if any), and
//! frozen once round 1 is paired (the rules decide: `tournament::check_registration_change`).
//! The deck registration sheets are the registered lists, one a player, to print.

use bluemoon::construct;
use serde::Serialize;
use store::{DeckRecord, TournamentId};
use ts_rs::TS;

use super::wording::{self, card_label, Refusal};
use super::{rules_of, DeckCardView};
use crate::error::store_error as store_err;
use crate::tournaments::say;
use crate::tournaments::EntrantView;
use crate::{Language, Result, Service, ServiceError};

/// One player's registered deck, as the event's page and its deck registration sheet show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct RegisteredDeckView {
    #[ts(type = "number")]
    pub entrant: i64,
    pub player: String,
    pub deck: String,
    pub people: String,
    /// The inquisitor's name, if the deck has one.
    pub inquisitor: Option<String>,
    pub cards: Vec<DeckCardView>,
    pub cards_used: u32,
    pub cards_allowed: u32,
    pub moons_used: u32,
    pub moons_allowed: u32,
    /// When it was registered (UTC).
    pub registered_at: String,
}

/// A player registered together with their deck (one write), and the event's decks after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct RegisteredWithDeck {
    pub entrant: EntrantView,
    pub decks: Vec<RegisteredDeckView>,
}

impl Service {
    /// Registers the player `players[0]` (created if new) with a copy of the saved deck `deck`,
    /// in one write: the entry and the deck are checked first (the deck legal, of the people
    /// given, if any; the registration plays the deck's people when none is given), and a
    /// refusal of either writes nothing, naming the player and why. A late entry brings its
    /// deck with it (frozen from then on, like every deck once round 1 is paired).
    pub fn register_with_deck(
        &mut self,
        event: i64,
        players: &[&str],
        people: Option<&str>,
        deck: &str,
        lang: Language,
    ) -> Result<RegisteredWithDeck> {
        let [player] = players else {
            return Err(ServiceError::invalid(wording::refusal(
                Refusal::DeckForOnePlayer {
                    named: players.len(),
                },
                lang,
            )));
        };
        let not_registered = |mut e: ServiceError, event: &str| {
            e.message = wording::refusal(
                Refusal::NotRegistered {
                    player: player.trim(),
                    event,
                    reason: &e.message,
                },
                lang,
            );
            e
        };
        let (saved, _, _) = self
            .legal_deck(deck, player.trim(), people.unwrap_or(""), lang)
            .map_err(|e| match self.store.tournament(TournamentId(event)) {
                Ok(info) => not_registered(e, &info.name),
                Err(_) => e,
            })?;
        let people = people
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .unwrap_or(&saved.content.people);
        let entry = self.checked_entry(event, &[player], Some(people), true, lang)?;
        let id = TournamentId(event);
        let added = self
            .store
            .record_registration_with_deck(
                id,
                &entry.state,
                player,
                entry.people,
                entry.round,
                &saved,
            )
            .map_err(|e| {
                not_registered(
                    crate::tournaments::record_error(e, &entry.info, lang),
                    &entry.info.name,
                )
            })?;
        let entrant = self.entrant(id, added)?;
        Ok(RegisteredWithDeck {
            entrant,
            decks: self.tournament_decks(event, lang)?,
        })
    }

    /// Registers the saved deck `deck` for the player `who` of the event (`None` takes the
    /// registered deck away): the deck as it is now, only if it keeps every rule and is of the
    /// people the player registered with; refused once round 1 is paired, naming the player.
    pub fn tournament_register_deck(
        &mut self,
        event: i64,
        who: &str,
        deck: Option<&str>,
        lang: Language,
    ) -> Result<Vec<RegisteredDeckView>> {
        let about = self.decide_about(event, &who.into(), lang)?;
        let player = &about.entrant;
        if let Err(e) = tournament::check_registration_change(&about.state, player.id) {
            return Err(match e {
                tournament::TournamentError::Refused(tournament::Refusal::RegistrationInPlay) => {
                    ServiceError::invalid(frozen(&about.info.name, &player.name, lang))
                }
                other => about.refused(other, lang),
            });
        }
        let record = match deck {
            None => None,
            Some(name) => {
                // checked as a game checks it: legal, and of the people registered, if any;
                // copied at the revision read
                let (saved, _, _) = self.legal_deck(
                    name,
                    &player.name,
                    player.people.as_deref().unwrap_or(""),
                    lang,
                )?;
                Some(saved)
            }
        };
        self.store
            .record_registration_deck(about.id, &about.state, player.id, record.as_ref())
            .map_err(|e| about.unrecorded(e, lang))?;
        self.tournament_decks(event, lang)
    }

    /// The decks registered for the event, in seed order, each with its cards and costs.
    pub fn tournament_decks(&self, event: i64, lang: Language) -> Result<Vec<RegisteredDeckView>> {
        let id = TournamentId(event);
        let entrants = self.store.entrants(id).map_err(store_err)?;
        let cards = self.game_cards()?;
        self.store
            .registration_decks(id)
            .map_err(store_err)?
            .into_iter()
            .map(|d| {
                let (rules, list) = rules_of(&d.content)?;
                let check = construct::check(&cards, &rules, &list);
                let record = DeckRecord {
                    id: store::DeckId(0),
                    name: d.name.clone(),
                    content: d.content.clone(),
                    revision: 1,
                    created_at: d.registered_at.clone(),
                    updated_at: d.registered_at.clone(),
                };
                let shown = self.worded(&record, &check, lang);
                Ok(RegisteredDeckView {
                    entrant: d.entrant.0,
                    player: entrants
                        .iter()
                        .find(|e| e.id == d.entrant)
                        .map(|e| e.name.clone())
                        .unwrap_or_default(),
                    deck: d.name,
                    people: d.content.people.clone(),
                    inquisitor: d
                        .content
                        .inquisitor
                        .as_deref()
                        .map(|i| card_label(&self.catalog, i, lang)),
                    cards: shown.cards,
                    cards_used: shown.cards_used,
                    cards_allowed: shown.cards_allowed,
                    moons_used: shown.moons_used,
                    moons_allowed: shown.moons_allowed,
                    registered_at: d.registered_at,
                })
            })
            .collect()
    }

    /// The deck registration sheets as plain text, one player a page (form feeds between), to
    /// print or hand to the judges: the event, the player, the deck and every card with its cost.
    pub fn tournament_deck_sheets(&self, event: i64, lang: Language) -> Result<String> {
        let info = self
            .store
            .tournament(TournamentId(event))
            .map_err(store_err)?;
        let decks = self.tournament_decks(event, lang)?;
        let (h_player, h_deck, h_cards, h_moons, h_free, h_inq) = match lang {
            Language::En => ("Player", "Deck", "Cards", "Moons", "free", "Inquisitor"),
            Language::De => ("Spieler", "Deck", "Karten", "Monde", "frei", "Inquisitor"),
        };
        let sheets: Vec<String> = decks
            .iter()
            .map(|d| {
                let mut s = format!(
                    "{} — {}\n{h_player}: {}\n{h_deck}: {} ({})\n",
                    info.name, info.date, d.player, d.deck, d.people
                );
                if let Some(i) = &d.inquisitor {
                    s.push_str(&format!("{h_inq}: {i}\n"));
                }
                s.push_str(&format!(
                    "{h_cards}: {}/{}   {h_moons}: {}/{}\n\n",
                    d.cards_used, d.cards_allowed, d.moons_used, d.moons_allowed
                ));
                for (n, c) in d.cards.iter().enumerate() {
                    let cost = match c.moons {
                        Some(m) if c.reason == super::DeckCostReason::Bought => m.to_string(),
                        Some(_) | None if c.reason == super::DeckCostReason::OwnPeople => {
                            h_free.to_owned()
                        }
                        _ => "?".to_owned(),
                    };
                    s.push_str(&format!("{:>3}. [ ] {:<48} {cost}\n", n + 1, c.name));
                }
                s
            })
            .collect();
        Ok(sheets.join("\u{c}\n"))
    }
}

/// A deck registration refused after round 1 was paired, naming the player.
fn frozen(event: &str, player: &str, lang: Language) -> String {
    say!(
        lang,
        "Round 1 of {event} has been paired, so {player}'s deck registration is frozen: it \
             can no longer be registered or changed.",
        "Runde 1 von {event} ist gepaart, daher ist {player}s Deckregistrierung \
             eingefroren: sie kann nicht mehr eingetragen oder geändert werden."
    )
}
