//! What is typed at the table of the other games: a card (resolved in the game's catalog, or
//! kept as typed), a target, a deck, and the cards suggested while typing; each bounded, a
//! refusal worded in the interface language.

use super::*;

/// The longest card name accepted as typed (the longest printed names are far shorter).
pub(super) const MAX_CARD_CHARS: usize = 100;
/// The longest description of a deck ("Dwarfs", "Borg: assimilation, Q side deck").
pub(super) const MAX_DECK_CHARS: usize = 100;
/// The longest target of a Knightmare Chess card ("e4", "the Queen on d8", "all Pawns").
pub(super) const MAX_NOTE_CHARS: usize = 40;

impl Service {
    /// Cards of game `id`'s catalog matching what is typed so far (names, typos).
    pub(crate) fn other_suggest(
        &self,
        game: GameRef,
        text: &str,
        lang: Language,
        limit: Option<usize>,
    ) -> Result<Vec<OtherCardSuggestion>> {
        let game = OtherGameKind::of(self.other_info_as(game, lang)?.kind).cards();
        if text.trim().is_empty() {
            return Ok(Vec::new());
        }
        let limit = limit.unwrap_or(crate::game::SUGGESTION_LIMIT).clamp(1, 50);
        Ok(self
            .catalog
            .lookup(text, Some(game), limit)
            .candidates
            .iter()
            .map(|c| OtherCardSuggestion {
                id: c.id.to_string(),
                name: c.name.clone(),
            })
            .collect())
    }

    /// A card as typed, in the game's catalog: its id, or the text itself when no document
    /// names such a card (the engine keeps cards as free text). Several close matches are
    /// refused with the candidates.
    pub(super) fn other_card(
        &self,
        game: cards::Game,
        text: &str,
        lang: Language,
    ) -> Result<CardId> {
        let t = text.trim();
        if t.is_empty() {
            return Err(ServiceError::invalid(match lang {
                Language::En => "No card given: type the card's name.",
                Language::De => "Keine Karte angegeben: tippe den Namen der Karte.",
            }));
        }
        // Kept as typed when no document names it, so it is bounded like a name.
        if !fits(t, MAX_CARD_CHARS) {
            return Err(ServiceError::invalid(match lang {
                Language::En => format!(
                    "A card name has at most {MAX_CARD_CHARS} characters and no control characters."
                ),
                Language::De => format!(
                    "Ein Kartenname hat höchstens {MAX_CARD_CHARS} Zeichen und keine Steuerzeichen."
                ),
            }));
        }
        if let Some(c) = self.catalog.card(t) {
            return Ok(c.id().clone());
        }
        let found = self
            .catalog
            .lookup(t, Some(game), crate::game::SUGGESTION_LIMIT);
        if let Some(best) = found.best() {
            return Ok(best.id.clone());
        }
        if found.ambiguous {
            let list: Vec<&str> = found.candidates.iter().map(|c| c.name.as_str()).collect();
            return Err(ServiceError::invalid(match lang {
                Language::En => format!("`{t}` names several cards: {}.", list.join(", ")),
                Language::De => format!("`{t}` passt auf mehrere Karten: {}.", list.join(", ")),
            }));
        }
        Ok(CardId::new(t))
    }

    pub(super) fn other_card_name(&self, id: &CardId) -> String {
        card_name(&self.catalog, id)
    }

    pub(super) fn other_refusal<R: TableRules>(
        &self,
        e: &R::Error,
        names: &[String; 2],
        lang: Language,
    ) -> String {
        refusal_in::<R>(&self.catalog, e, names, lang)
    }
}

/// A card's display name (its id when no document names it).
pub(super) fn card_name(catalog: &::cards::Catalog, id: &CardId) -> String {
    catalog
        .card(id.as_str())
        .map_or_else(|| id.to_string(), |c| c.display_name().to_owned())
}

/// An engine's refusal worded for the table, naming players and cards.
pub(super) fn refusal_in<R: TableRules>(
    catalog: &::cards::Catalog,
    e: &R::Error,
    names: &[String; 2],
    lang: Language,
) -> String {
    let card = |c: &CardId| card_name(catalog, c);
    R::refusal(
        e,
        &Namer {
            names,
            card: &card,
            lang,
        },
    )
}

/// Whether free text typed at the table (a name, a deck, a card kept as typed, a target) may
/// be stored and shown: at most `max` characters, no control characters.
pub(super) fn fits(text: &str, max: usize) -> bool {
    text.chars().count() <= max && !text.chars().any(char::is_control)
}

/// A target as typed: trimmed, none when empty, refused when too long or with control
/// characters (it is stored and shown as typed).
pub(super) fn bounded_note(text: Option<&str>, lang: Language) -> Result<Option<String>> {
    let Some(t) = text.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    if !fits(t, MAX_NOTE_CHARS) {
        return Err(ServiceError::invalid(match lang {
            Language::En => format!(
                "A target has at most {MAX_NOTE_CHARS} characters and no control characters."
            ),
            Language::De => {
                format!("Ein Ziel hat höchstens {MAX_NOTE_CHARS} Zeichen und keine Steuerzeichen.")
            }
        }));
    }
    Ok(Some(t.to_owned()))
}
