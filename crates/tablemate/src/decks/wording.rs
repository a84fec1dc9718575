//! A deck's problems and refusals in English and German, naming cards by name and number
//! ("Tittertweet [Flit 07]"), never by internal id.

use bluemoon::construct::{BesideTheDeck, DeckProblem};

use crate::error::ErrorCode;
use crate::{Language, ServiceError};

/// A card as a person reads it: its name in the interface language (English where the
/// catalog has no German name) and its printed number.
pub(crate) fn card_label(catalog: &cards::Catalog, id: &str, lang: Language) -> String {
    let Some(card) = catalog.bm(id) else {
        return id.to_owned();
    };
    let name = match lang {
        Language::De => card.name_de.as_deref().or(card.name_en.as_deref()),
        Language::En => card.name_en.as_deref().or(card.name_de.as_deref()),
    }
    .unwrap_or(card.tag.as_str());
    format!("{name} [{}]", card.tag)
}

/// One rule a deck breaks, as a sentence.
pub(crate) fn problem_text(catalog: &cards::Catalog, p: &DeckProblem, lang: Language) -> String {
    let label = |c: &bluemoon::CardId| card_label(catalog, c.as_str(), lang);
    match (p, lang) {
        (DeckProblem::UnknownCard { card }, Language::En) => {
            format!("{card} is not a Blue Moon card.")
        }
        (DeckProblem::UnknownCard { card }, Language::De) => {
            format!("{card} ist keine Blue-Moon-Karte.")
        }
        (DeckProblem::Duplicate { card, copies }, Language::En) => format!(
            "{} is in the deck {copies} times: a deck holds one copy of each card.",
            label(card)
        ),
        (DeckProblem::Duplicate { card, copies }, Language::De) => format!(
            "{} ist {copies}-mal im Deck: ein Deck enthält jede Karte nur einmal.",
            label(card)
        ),
        (DeckProblem::TooFewCards { used, wanted }, Language::En) => {
            format!("The deck has {used} cards; it needs exactly {wanted}.")
        }
        (DeckProblem::TooFewCards { used, wanted }, Language::De) => {
            format!("Das Deck hat {used} Karten; es braucht genau {wanted}.")
        }
        (DeckProblem::TooManyCards { used, allowed }, Language::En) => {
            format!("The deck has {used} cards; it may have {allowed}.")
        }
        (DeckProblem::TooManyCards { used, allowed }, Language::De) => {
            format!("Das Deck hat {used} Karten; erlaubt sind {allowed}.")
        }
        (DeckProblem::TooManyMoons { used, allowed }, Language::En) => {
            format!("The deck spends {used} moons; it may spend {allowed}.")
        }
        (DeckProblem::TooManyMoons { used, allowed }, Language::De) => {
            format!("Das Deck gibt {used} Monde aus; erlaubt sind {allowed}.")
        }
        (DeckProblem::NeedsEmissariesInquisitors { card }, Language::En) => format!(
            "{} comes from the Emissaries and Inquisitors decks, which this deck does not allow.",
            label(card)
        ),
        (DeckProblem::NeedsEmissariesInquisitors { card }, Language::De) => format!(
            "{} stammt aus „Gesandte und Inquisitoren“, das dieses Deck nicht erlaubt.",
            label(card)
        ),
        (DeckProblem::NeedsBuka { card }, Language::En) => format!(
            "{} is a Buka card, which this deck does not allow.",
            label(card)
        ),
        (DeckProblem::NeedsBuka { card }, Language::De) => format!(
            "{} ist eine Buka-Karte, die dieses Deck nicht erlaubt.",
            label(card)
        ),
        (DeckProblem::NotADeckCard { card, kind }, Language::En) => match kind {
            BesideTheDeck::Leader => {
                format!("{} is a leader: it goes beside the deck, not in it.", label(card))
            }
            BesideTheDeck::Inquisitor => format!(
                "{} is an inquisitor: choose it as the deck's inquisitor instead.",
                label(card)
            ),
            BesideTheDeck::Emissary => format!(
                "{} is an emissary: emissaries are not used with deck building.",
                label(card)
            ),
        },
        (DeckProblem::NotADeckCard { card, kind }, Language::De) => match kind {
            BesideTheDeck::Leader => format!(
                "{} ist ein Anführer: er liegt neben dem Deck, nicht darin.",
                label(card)
            ),
            BesideTheDeck::Inquisitor => format!(
                "{} ist ein Inquisitor: wähle ihn stattdessen als Inquisitor des Decks.",
                label(card)
            ),
            BesideTheDeck::Emissary => format!(
                "{} ist ein Gesandter: Gesandte werden beim Deckbau nicht benutzt.",
                label(card)
            ),
        },
        (DeckProblem::MoonsUnknown { card }, Language::En) => format!(
            "The moons of {} are not known: enter them on the card's page to count the card.",
            label(card)
        ),
        (DeckProblem::MoonsUnknown { card }, Language::De) => format!(
            "Die Monde von {} sind nicht bekannt: trag sie auf der Seite der Karte ein, damit sie zählt.",
            label(card)
        ),
    }
}

/// Why a deck command was refused.
pub(crate) enum Refusal<'a> {
    NoSuchDeck {
        name: &'a str,
        known: &'a [String],
    },
    NotInDeck {
        card: &'a str,
        deck: &'a str,
    },
    NotAPeople {
        typed: &'a str,
        suggestion: Option<&'static str>,
    },
    NotAnInquisitor {
        typed: &'a str,
    },
    NotLegal {
        player: &'a str,
        deck: &'a str,
        problem: &'a str,
    },
    OtherPeople {
        player: &'a str,
        deck: &'a str,
        deck_people: &'a str,
        typed: &'a str,
    },
    /// A registration with a deck refused as a whole (nothing was written), with the reason.
    NotRegistered {
        player: &'a str,
        event: &'a str,
        reason: &'a str,
    },
    /// `--deck` with more or fewer players than one.
    DeckForOnePlayer {
        named: usize,
    },
    ListWithoutName,
    ListWithoutPeople,
    ListLine {
        line: usize,
        problem: &'a str,
    },
}

pub(crate) fn refusal(r: Refusal<'_>, lang: Language) -> String {
    use Language::{De, En};
    match (r, lang) {
        (Refusal::NoSuchDeck { name, known: [] }, En) => {
            format!("There is no deck named “{name}”; no deck has been built yet.")
        }
        (Refusal::NoSuchDeck { name, known }, En) => format!(
            "There is no deck named “{name}”. Your decks: {}.",
            known.join(", ")
        ),
        (Refusal::NoSuchDeck { name, known: [] }, De) => {
            format!("Es gibt kein Deck namens „{name}“; noch wurde kein Deck gebaut.")
        }
        (Refusal::NoSuchDeck { name, known }, De) => format!(
            "Es gibt kein Deck namens „{name}“. Deine Decks: {}.",
            known.join(", ")
        ),
        (Refusal::NotInDeck { card, deck }, En) => format!("{card} is not in the deck {deck}."),
        (Refusal::NotInDeck { card, deck }, De) => format!("{card} ist nicht im Deck {deck}."),
        (Refusal::NotAPeople { typed, suggestion }, En) => match suggestion {
            Some(s) => format!("“{typed}” is not a Blue Moon people. Did you mean {s}?"),
            None => format!(
                "“{typed}” is not a Blue Moon people (Vulca, Hoax, Mimix, Flit, Khind, Terrah, \
                 Pillar, Aqua, Buka)."
            ),
        },
        (Refusal::NotAPeople { typed, suggestion }, De) => match suggestion {
            Some(s) => format!("„{typed}“ ist kein Volk von Blue Moon. Meintest du {s}?"),
            None => format!(
                "„{typed}“ ist kein Volk von Blue Moon (Vulca, Hoax, Mimix, Flit, Khind, Terrah, \
                 Pillar, Aqua, Buka)."
            ),
        },
        (Refusal::NotAnInquisitor { typed }, En) => format!(
            "“{typed}” is not an inquisitor (Swift-Fist, Razor-Mind, Grease-Palm, Weave-Tongue)."
        ),
        (Refusal::NotAnInquisitor { typed }, De) => format!(
            "„{typed}“ ist kein Inquisitor (Swift-Fist, Razor-Mind, Grease-Palm, Weave-Tongue)."
        ),
        (Refusal::NotLegal { player, deck, problem }, En) => format!(
            "{player}'s deck “{deck}” is not legal yet, so it cannot be played: {problem}"
        ),
        (Refusal::NotLegal { player, deck, problem }, De) => format!(
            "{player}s Deck „{deck}“ ist noch nicht gültig und kann nicht gespielt werden: {problem}"
        ),
        (
            Refusal::OtherPeople {
                player,
                deck,
                deck_people,
                typed,
            },
            En,
        ) => format!("{player}'s deck “{deck}” is a {deck_people} deck, not {typed}."),
        (
            Refusal::OtherPeople {
                player,
                deck,
                deck_people,
                typed,
            },
            De,
        ) => format!("{player}s Deck „{deck}“ ist ein {deck_people}-Deck, kein {typed}-Deck."),
        (
            Refusal::NotRegistered {
                player,
                event,
                reason,
            },
            En,
        ) => format!("{player} is not registered for {event}, nor is the deck: {reason}"),
        (
            Refusal::NotRegistered {
                player,
                event,
                reason,
            },
            De,
        ) => format!("{player} ist nicht für {event} angemeldet, auch das Deck nicht: {reason}"),
        (Refusal::DeckForOnePlayer { named }, En) => format!(
            "A deck is registered for one player at a time; {named} players were named. \
             Nobody was registered."
        ),
        (Refusal::DeckForOnePlayer { named }, De) => format!(
            "Ein Deck wird für einen Spieler angemeldet; genannt wurden {named}. Es wurde \
             niemand angemeldet."
        ),
        (Refusal::ListWithoutName, En) => {
            "The deck list has no “Name:” line; give the deck a name.".to_owned()
        }
        (Refusal::ListWithoutName, De) => {
            "Die Deckliste hat keine Zeile „Name:“; gib dem Deck einen Namen.".to_owned()
        }
        (Refusal::ListWithoutPeople, En) => {
            "The deck list has no “People:” line (for example “People: Vulca”).".to_owned()
        }
        (Refusal::ListWithoutPeople, De) => {
            "Die Deckliste hat keine Zeile „Volk:“ (zum Beispiel „Volk: Vulca“).".to_owned()
        }
        (Refusal::ListLine { line, problem }, En) => {
            format!("Line {line} of the deck list: {problem} Nothing was imported.")
        }
        (Refusal::ListLine { line, problem }, De) => {
            format!("Zeile {line} der Deckliste: {problem} Es wurde nichts importiert.")
        }
    }
}

/// A refusal of the store about a deck, worded for the person.
pub(crate) fn store_refusal(e: store::StoreError, lang: Language) -> ServiceError {
    match (&e, lang) {
        (store::StoreError::DeckNameTaken { name }, Language::En) => ServiceError::invalid(
            format!("A deck named “{name}” exists already; choose another name."),
        ),
        (store::StoreError::DeckNameTaken { name }, Language::De) => ServiceError::invalid(
            format!("Ein Deck namens „{name}“ gibt es schon; wähle einen anderen Namen."),
        ),
        (store::StoreError::DeckChanged { name, .. }, Language::En) => ServiceError::new(
            ErrorCode::Changed,
            format!(
                "The deck “{name}” changed meanwhile (in another window or on the command \
                 line). Nothing was saved; look at it again."
            ),
        ),
        (store::StoreError::DeckChanged { name, .. }, Language::De) => ServiceError::new(
            ErrorCode::Changed,
            format!(
                "Das Deck „{name}“ wurde inzwischen geändert (in einem anderen Fenster oder \
                 auf der Kommandozeile). Nichts wurde gespeichert; sieh es dir noch einmal an."
            ),
        ),
        _ => ServiceError::from(e).in_language(lang),
    }
}
