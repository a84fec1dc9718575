//! Which cards a player may hold, by the set-up of the game: the people decks and the
//! Emissaries and Inquisitors decks (§ 'About the Decks', § 'About the Emissaries and
//! Inquisitors Decks', § 'About Deck Building'). A people's deck may hold all of its own
//! cards (those sold in other decks are free in deck building) and what its preassembled
//! deck holds from other peoples; E&I cards need E&I in the set-up. A deck described freely
//! (deck building, a mix) is not checked.

use crate::event::Expansion;
use crate::game::Setup;
use crate::source::CardSource;
use crate::{CardId, Player};

/// The nine peoples with a deck of their own, as the catalog names their decks.
pub const PEOPLES: [&str; 9] = [
    "Vulca", "Hoax", "Mimix", "Flit", "Khind", "Terrah", "Pillar", "Aqua", "Buka",
];

/// A people name as typed (`vulca`, ` Hoax `), or the closest people when it is a typo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeopleMatch {
    Exact(&'static str),
    /// Not a people; the closest one within two typing mistakes, if any.
    Unknown {
        suggestion: Option<&'static str>,
    },
}

/// Looks a people up by name, case-insensitively; suggests the nearest one for a typo.
pub fn people(text: &str) -> PeopleMatch {
    let t = text.trim().to_lowercase();
    if let Some(p) = PEOPLES.iter().find(|p| p.to_lowercase() == t) {
        return PeopleMatch::Exact(p);
    }
    let typed: Vec<char> = t.chars().collect();
    let suggestion = PEOPLES
        .iter()
        .filter_map(|p| {
            let name: Vec<char> = p.to_lowercase().chars().collect();
            cards::fold::bounded_distance(&typed, &name, 2).map(|d| (d, *p))
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, p)| p);
    PeopleMatch::Unknown { suggestion }
}

/// Why a card is not in the player's deck, if it is not: the deck the set-up gives the
/// player (for the warning), or `None` when the card may be in it or nobody can tell.
pub(crate) fn not_in_deck(
    cards: &impl CardSource,
    setup: &Setup,
    player: Player,
    card: &CardId,
) -> Option<String> {
    // A constructed deck holds exactly its list (as it was when the match began).
    if let Some(built) = setup.constructed.get(player) {
        return (!built.cards.contains(card)).then(|| built.name.clone());
    }
    let deck = setup.decks.get(player).as_deref()?;
    let PeopleMatch::Exact(people) = self::people(deck) else {
        // A freely described deck (deck building): the set-up says nothing about its cards.
        return None;
    };
    // The people's own cards (also those sold in other decks, free in deck building) and
    // the cards its preassembled deck holds from other peoples (and its mutant).
    let series = cards
        .facts(card)
        .and_then(|f| serde_json::to_value(f.series).ok())
        .and_then(|v| v.as_str().map(str::to_owned));
    if series.is_some_and(|s| s.eq_ignore_ascii_case(people)) {
        return None;
    }
    let card_deck = cards.deck(card)?;
    if card_deck.eq_ignore_ascii_case(people) {
        return None;
    }
    if card_deck.starts_with("E&I") && setup.expansions.contains(&Expansion::EmissariesInquisitors)
    {
        return None;
    }
    Some(people.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peoples_match_exactly_or_suggest_the_nearest() {
        assert_eq!(people(" vulca "), PeopleMatch::Exact("Vulca"));
        assert_eq!(
            people("Vulka"),
            PeopleMatch::Unknown {
                suggestion: Some("Vulca")
            }
        );
        assert_eq!(people("Dwarves"), PeopleMatch::Unknown { suggestion: None });
    }
}
