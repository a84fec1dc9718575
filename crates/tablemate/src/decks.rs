//! Constructed decks (issue #33): build a Blue Moon deck by the deck-building rules, keep it,
//! export it as a list a person can type and read such a list back. The rules are the
//! engine's (`bluemoon::construct`): this module resolves what was typed, asks the engine,
//! records through the store (one transaction, at the revision the person saw) and words
//! the result in the interface language (`decks/wording.rs`). A deck that breaks a rule is
//! kept as a draft and says which rule, naming the card.

mod at_table;
pub mod printed;
mod stats;
mod text;
mod tournament;
mod wording;

pub use at_table::{InquisitorPowerKind, InquisitorPowerView};
pub use stats::DeckLine;
pub use tournament::{RegisteredDeckView, RegisteredWithDeck};

use bluemoon::construct::{self, ConstructedDeck, CostReason, DeckCheck, DeckRules, Inquisitor};
use bluemoon::{CardId, Series};
use serde::Serialize;
use store::{DeckContent, DeckRecord};
use ts_rs::TS;

use crate::tournaments::say;
use crate::{Language, Result, Service, ServiceError};
use std::path::Path;

/// The largest deck list file read: a 45-card list with long names is a few KiB.
pub const MAX_LIST_BYTES: u64 = 64 * 1024;

pub use text::{parse_deck_list, DeckList};
use wording::{card_label, problem_text, Refusal};

/// A card as a person reads it in an export: "Tittertweet [Flit 07]" (English).
pub(crate) fn card_name(catalog: &cards::Catalog, id: &str) -> String {
    card_label(catalog, id, Language::En)
}

/// Why a card of a deck costs what it costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum DeckCostReason {
    /// A card of the deck's people: free.
    OwnPeople,
    /// Another people's card or a card of no people: its moons.
    Bought,
}

/// One card of a deck as shown: its name in the interface language, its cost and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct DeckCardView {
    pub id: String,
    pub tag: String,
    pub name: String,
    /// Moons it costs in this deck; `None` when a bought card's moons are not known.
    pub moons: Option<u8>,
    pub reason: DeckCostReason,
    /// How many times the list holds it (more than one breaks "one copy of each card").
    pub copies: u32,
}

/// A deck as the Decks screen and `tablemate deck show` show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct DeckView {
    pub name: String,
    /// The people, as the catalog names it (`Vulca`).
    pub people: String,
    /// The inquisitor's card id and name, if the deck has one.
    pub inquisitor: Option<DeckCardView>,
    pub emissaries_inquisitors: bool,
    pub buka: bool,
    pub cards: Vec<DeckCardView>,
    pub cards_used: u32,
    pub cards_allowed: u32,
    pub moons_used: u32,
    pub moons_allowed: u32,
    /// Whether the deck keeps every rule (only a legal deck can be played or registered).
    pub legal: bool,
    /// Each rule it breaks, worded in the interface language, naming the card.
    pub problems: Vec<String>,
    /// Sent back with a change, so a change decided on an older deck is refused.
    pub revision: u32,
}

/// One line of the deck list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct DeckSummary {
    pub name: String,
    pub people: String,
    pub cards_used: u32,
    pub cards_allowed: u32,
    pub moons_used: u32,
    pub moons_allowed: u32,
    pub legal: bool,
    /// Sent back with a change made from the list, so one decided on an older deck is refused.
    pub revision: u32,
}

/// A deck changed from the list of decks (a card page's "add to deck"), in one command: the
/// deck after the change and the list as it now is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct DeckListChanged {
    pub deck: DeckSummary,
    pub decks: Vec<DeckSummary>,
}

/// What a new deck is built on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewDeck<'a> {
    pub name: &'a str,
    pub people: &'a str,
    /// The inquisitor as typed (a name, `Razor-Mind`, or `Inq 412`).
    pub inquisitor: Option<&'a str>,
    pub emissaries_inquisitors: bool,
    pub buka: bool,
}

/// A change of a deck's cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum DeckChange {
    Add,
    Remove,
}

/// Cards added to or removed from a deck, as a front end sends them: the deck's name, the
/// revision the change was decided on (`None` takes the deck as it is now, for the command
/// line, which reads and writes in one command), the change and the cards as typed (`V24`,
/// `Tittertweet`, `Flit 07`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
pub struct CardsChange {
    pub name: String,
    /// The window always decided on a revision it showed: a change it sends without one (or
    /// with `null`) is refused as invalid arguments, never saved over the deck as it is now.
    #[serde(deserialize_with = "decided_revision")]
    pub revision: Option<u32>,
    pub change: DeckChange,
    pub cards: Vec<String>,
}

fn decided_revision<'de, D>(d: D) -> std::result::Result<Option<u32>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    <u32 as serde::Deserialize>::deserialize(d).map(Some)
}

impl CardsChange {
    pub fn new(name: &str, revision: Option<u32>, change: DeckChange, cards: &[&str]) -> Self {
        let cards = cards.iter().map(|c| c.to_string()).collect();
        let name = name.to_owned();
        CardsChange {
            name,
            revision,
            change,
            cards,
        }
    }
}

impl Service {
    /// Every deck, by name, each with whether it is legal.
    pub fn deck_list(&self) -> Result<Vec<DeckSummary>> {
        let cards = self.game_cards()?;
        self.store
            .decks()?
            .into_iter()
            .map(|d| deck_summary(&cards, d))
            .collect()
    }

    /// The deck of that name, checked by the rules.
    pub fn deck_view(&self, name: &str, lang: Language) -> Result<DeckView> {
        let deck = self.find_deck(name, lang)?;
        self.deck_view_of(&deck, lang)
    }

    /// Starts a deck: its people, inquisitor and which extra cards may be bought; no cards.
    pub fn deck_new(&mut self, new: &NewDeck<'_>, lang: Language) -> Result<DeckView> {
        let content = self.content_of(new, Vec::new(), lang)?;
        let deck = self
            .store
            .create_deck(new.name, &content)
            .map_err(|e| wording::store_refusal(e, lang))?;
        self.deck_view_of(&deck, lang)
    }

    /// Adds or removes cards, on the deck as it was at the change's revision.
    pub fn deck_change(&mut self, change: &CardsChange, lang: Language) -> Result<DeckView> {
        let saved = self.changed_deck(change, lang)?;
        self.deck_view_of(&saved, lang)
    }

    /// [`Service::deck_change`] from the list of decks, at the revision the list showed: the
    /// deck after it and the list as it now is, for a screen that shows both.
    pub fn deck_change_listed(
        &mut self,
        change: &CardsChange,
        lang: Language,
    ) -> Result<DeckListChanged> {
        let saved = self.changed_deck(change, lang)?;
        // the deck as saved, not as found in the list read after (another window may have
        // deleted it meanwhile: the change is saved all the same)
        let deck = deck_summary(&self.game_cards()?, saved)?;
        let decks = self.deck_list()?;
        Ok(DeckListChanged { deck, decks })
    }

    /// The deck with the `change` made and saved, as stored.
    fn changed_deck(&mut self, change: &CardsChange, lang: Language) -> Result<store::DeckRecord> {
        let deck = self.find_deck(&change.name, lang)?;
        let mut ids = Vec::with_capacity(change.cards.len());
        for t in &change.cards {
            ids.push(self.resolve_card_in(t, lang)?.0);
        }
        let mut content = deck.content.clone();
        match change.change {
            DeckChange::Add => content.cards.extend(ids),
            DeckChange::Remove => {
                for id in ids {
                    let Some(at) = content.cards.iter().rposition(|c| *c == id) else {
                        return Err(ServiceError::invalid(wording::refusal(
                            Refusal::NotInDeck {
                                card: &card_label(&self.catalog, &id, lang),
                                deck: &deck.name,
                            },
                            lang,
                        )));
                    };
                    content.cards.remove(at);
                }
            }
        }
        self.store
            .save_deck(deck.id, change.revision.unwrap_or(deck.revision), &content)
            .map_err(|e| wording::store_refusal(e, lang))
    }

    /// Deletes a deck (games played with it keep their own copy).
    pub fn deck_delete(&mut self, name: &str, revision: Option<u32>, lang: Language) -> Result<()> {
        let deck = self.find_deck(name, lang)?;
        self.store
            .delete_deck(deck.id, revision.unwrap_or(deck.revision))
            .map_err(|e| wording::store_refusal(e, lang))
    }

    /// The deck as a plain text list (a header, then one card a line) that
    /// [`Service::deck_import`] reads back and a person can type.
    pub fn deck_export(&self, name: &str, lang: Language) -> Result<String> {
        let deck = self.find_deck(name, lang)?;
        Ok(text::write(&self.catalog, &deck))
    }

    /// Reads a deck list (as [`Service::deck_export`] writes it, or typed by a person) into a
    /// new deck; `name` overrides the list's own name. Every line is checked before anything
    /// is stored: a card that cannot be read names its line.
    pub fn deck_import(
        &mut self,
        list: &str,
        name: Option<&str>,
        lang: Language,
    ) -> Result<DeckView> {
        let parsed = parse_deck_list(list).map_err(|e| ServiceError::invalid(e.worded(lang)))?;
        let Some(name) = name.or(parsed.name.as_deref()) else {
            return Err(ServiceError::invalid(wording::refusal(
                Refusal::ListWithoutName,
                lang,
            )));
        };
        let Some(people) = parsed.people.as_deref() else {
            return Err(ServiceError::invalid(wording::refusal(
                Refusal::ListWithoutPeople,
                lang,
            )));
        };
        let mut ids = Vec::with_capacity(parsed.cards.len());
        for (line, typed) in &parsed.cards {
            let id = self.resolve_card_in(typed, lang).map_err(|e| {
                ServiceError::invalid(wording::refusal(
                    Refusal::ListLine {
                        line: *line,
                        problem: &e.message,
                    },
                    lang,
                ))
            })?;
            ids.push(id.0);
        }
        let new = NewDeck {
            name,
            people,
            inquisitor: parsed.inquisitor.as_deref(),
            emissaries_inquisitors: parsed.emissaries_inquisitors,
            buka: parsed.buka,
        };
        let content = self.content_of(&new, ids, lang)?;
        let deck = self
            .store
            .create_deck(name, &content)
            .map_err(|e| wording::store_refusal(e, lang))?;
        self.deck_view_of(&deck, lang)
    }

    /// Writes the deck's list ([`Service::deck_export`]) to `path` (the file the person chose),
    /// whole or not at all: written beside it, then moved into place.
    pub fn deck_export_file(&self, name: &str, path: &Path, lang: Language) -> Result<()> {
        let text = self.deck_export(name, lang)?;
        let tmp = path.with_extension("partial");
        let fail = |e: std::io::Error| {
            ServiceError::invalid(say!(
                lang,
                "Cannot write {}: {e}",
                "{} lässt sich nicht schreiben: {e}",
                path.display()
            ))
        };
        std::fs::write(&tmp, text).map_err(fail)?;
        std::fs::rename(&tmp, path).map_err(fail)
    }

    /// Reads a deck list from a file (regular files only, at most [`MAX_LIST_BYTES`], UTF-8)
    /// into a new deck, as [`Service::deck_import`] does.
    pub fn deck_import_file(
        &mut self,
        path: &Path,
        name: Option<&str>,
        lang: Language,
    ) -> Result<DeckView> {
        let bytes = crate::paths::read_bounded(path, MAX_LIST_BYTES, lang)?;
        let text = String::from_utf8(bytes).map_err(|_| {
            ServiceError::invalid(say!(
                lang,
                "{} is not a text file (UTF-8); nothing was imported.",
                "{} ist keine Textdatei (UTF-8); es wurde nichts importiert.",
                path.display()
            ))
        })?;
        self.deck_import(&text, name, lang)
    }

    /// The constructed deck a player brings to a new game (`None` when no deck is named), as
    /// the game will keep it: only a legal deck, of the people typed if one was typed.
    pub(crate) fn constructed_deck(
        &self,
        name: Option<&str>,
        player: &str,
        typed_people: &str,
        lang: Language,
    ) -> Result<Option<ConstructedDeck>> {
        let Some(name) = name.map(str::trim).filter(|n| !n.is_empty()) else {
            return Ok(None);
        };
        let (deck, rules, list) = self.legal_deck(name, player, typed_people, lang)?;
        Ok(Some(ConstructedDeck {
            name: deck.name,
            people: rules.people,
            inquisitor: rules.inquisitor,
            emissaries_inquisitors: rules.emissaries_inquisitors,
            cards: list,
        }))
    }

    /// The saved deck `name` as read (its revision goes with a write that copies it), its
    /// rules and list, if `player` may play it: legal, and of the people typed if one was typed.
    pub(crate) fn legal_deck(
        &self,
        name: &str,
        player: &str,
        typed_people: &str,
        lang: Language,
    ) -> Result<(DeckRecord, DeckRules, Vec<CardId>)> {
        let deck = self.find_deck(name, lang)?;
        let (rules, list) = rules_of(&deck.content)?;
        let check = construct::check(&self.game_cards()?, &rules, &list);
        if let Some(problem) = check.problems.first() {
            return Err(ServiceError::invalid(wording::refusal(
                Refusal::NotLegal {
                    player,
                    deck: &deck.name,
                    problem: &problem_text(&self.catalog, problem, lang),
                },
                lang,
            )));
        }
        if let Some(typed) = construct::people_series(typed_people) {
            if typed != rules.people {
                return Err(ServiceError::invalid(wording::refusal(
                    Refusal::OtherPeople {
                        player,
                        deck: &deck.name,
                        deck_people: &deck.content.people,
                        typed: typed_people.trim(),
                    },
                    lang,
                )));
            }
        }
        Ok((deck, rules, list))
    }

    fn find_deck(&self, name: &str, lang: Language) -> Result<DeckRecord> {
        self.store.deck_by_name(name)?.ok_or_else(|| {
            let known: Vec<String> = self
                .store
                .decks()
                .map(|d| d.into_iter().map(|d| d.name).collect())
                .unwrap_or_default();
            ServiceError::not_found(wording::refusal(
                Refusal::NoSuchDeck {
                    name: name.trim(),
                    known: &known,
                },
                lang,
            ))
        })
    }

    /// The stored content of a new deck: the people and inquisitor resolved from what was
    /// typed (a typo gets the nearest people suggested).
    fn content_of(
        &self,
        new: &NewDeck<'_>,
        cards: Vec<String>,
        lang: Language,
    ) -> Result<DeckContent> {
        let people = match bluemoon::deck::people(new.people) {
            bluemoon::deck::PeopleMatch::Exact(p) => p,
            bluemoon::deck::PeopleMatch::Unknown { suggestion } => {
                return Err(ServiceError::invalid(wording::refusal(
                    Refusal::NotAPeople {
                        typed: new.people.trim(),
                        suggestion,
                    },
                    lang,
                )))
            }
        };
        let inquisitor = match new.inquisitor.map(str::trim).filter(|s| !s.is_empty()) {
            None => None,
            Some(typed) => Some(self.resolve_inquisitor(typed, lang)?.card().0),
        };
        Ok(DeckContent {
            people: people.to_owned(),
            inquisitor,
            emissaries_inquisitors: new.emissaries_inquisitors,
            buka: new.buka,
            cards,
        })
    }

    fn resolve_inquisitor(&self, typed: &str, lang: Language) -> Result<Inquisitor> {
        let by_name = Inquisitor::ALL.into_iter().find(|i| {
            let card = i.card();
            let name = self
                .catalog
                .bm(card.as_str())
                .and_then(|c| c.name_en.clone())
                .unwrap_or_default()
                .to_lowercase();
            let t = typed.to_lowercase();
            // "Razor-Mind", "razor mind", "Razor-Mind Royal Inspector"
            let first = name.split(' ').next().unwrap_or_default().to_owned();
            t == name || t.replace(' ', "-") == first || t == first
        });
        if let Some(i) = by_name {
            return Ok(i);
        }
        let resolved = self.resolve_card_in(typed, lang).ok();
        resolved
            .and_then(|id| Inquisitor::of_card(&id))
            .ok_or_else(|| {
                ServiceError::invalid(wording::refusal(
                    Refusal::NotAnInquisitor {
                        typed: typed.trim(),
                    },
                    lang,
                ))
            })
    }

    fn deck_view_of(&self, deck: &DeckRecord, lang: Language) -> Result<DeckView> {
        let cards = self.game_cards()?;
        let (rules, list) = rules_of(&deck.content)?;
        let check = construct::check(&cards, &rules, &list);
        Ok(self.worded(deck, &check, lang))
    }

    fn worded(&self, deck: &DeckRecord, check: &DeckCheck, lang: Language) -> DeckView {
        let card_view = |id: &CardId, moons: Option<u8>, reason: CostReason| {
            let bm = self.catalog.bm(id.as_str());
            DeckCardView {
                id: id.0.clone(),
                tag: bm.map(|c| c.tag.clone()).unwrap_or_else(|| id.0.clone()),
                name: card_label(&self.catalog, id.as_str(), lang),
                moons,
                reason: match reason {
                    CostReason::OwnPeople => DeckCostReason::OwnPeople,
                    CostReason::Bought => DeckCostReason::Bought,
                },
                copies: deck.content.cards.iter().filter(|c| **c == id.0).count() as u32,
            }
        };
        DeckView {
            name: deck.name.clone(),
            people: deck.content.people.clone(),
            inquisitor: deck
                .content
                .inquisitor
                .as_ref()
                .map(|i| card_view(&CardId::new(i.as_str()), Some(0), CostReason::OwnPeople)),
            emissaries_inquisitors: deck.content.emissaries_inquisitors,
            buka: deck.content.buka,
            cards: check
                .costs
                .iter()
                .map(|c| card_view(&c.card, c.moons, c.reason))
                .collect(),
            cards_used: check.cards_used,
            cards_allowed: check.cards_allowed,
            moons_used: check.moons_used,
            moons_allowed: check.moons_allowed,
            legal: check.is_legal(),
            problems: check
                .problems
                .iter()
                .map(|p| problem_text(&self.catalog, p, lang))
                .collect(),
            revision: deck.revision,
        }
    }
}

/// The engine's rules and card list of a stored deck.
/// A deck as the list shows it: its counts checked by the deck-building rules.
fn deck_summary(cards: &crate::game::Cards<'_>, d: DeckRecord) -> Result<DeckSummary> {
    let (rules, list) = rules_of(&d.content)?;
    let check = construct::check(cards, &rules, &list);
    Ok(DeckSummary {
        name: d.name,
        people: d.content.people,
        cards_used: check.cards_used,
        cards_allowed: check.cards_allowed,
        moons_used: check.moons_used,
        moons_allowed: check.moons_allowed,
        legal: check.is_legal(),
        revision: d.revision,
    })
}

fn rules_of(content: &DeckContent) -> Result<(DeckRules, Vec<CardId>)> {
    let people: Series = construct::people_series(&content.people).ok_or_else(|| {
        ServiceError::internal(format!(
            "A stored deck names {}, which is not a people",
            content.people
        ))
    })?;
    let inquisitor = content
        .inquisitor
        .as_ref()
        .and_then(|i| Inquisitor::of_card(&CardId::new(i.as_str())));
    Ok((
        DeckRules {
            people,
            inquisitor,
            emissaries_inquisitors: content.emissaries_inquisitors,
            buka: content.buka,
        },
        content
            .cards
            .iter()
            .map(|c| CardId::new(c.as_str()))
            .collect(),
    ))
}
