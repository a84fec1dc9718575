//! A deck as a plain text list: a few heading lines, then one card a line. Written by
//! `deck export`, read by `deck import`, and simple enough to type by hand:
//!
//! ```text
//! Name: Fire Wall
//! People: Vulca
//! Inquisitor: Razor-Mind
//! Allow: Emissaries and Inquisitors, Buka
//!
//! Vulca 01 Inferno
//! Tittertweet
//! V24
//! ```
//!
//! Headings may be English or German (`Volk:`, `Erlaubt:`); `#` starts a comment. A card
//! line that starts with a card's number (`Flit 07 …`) is read by that number, anything else
//! as a card is entered at the table (a name in English or German, `V24`, a typo).

use crate::Language;

/// A deck list as read, before its cards are looked up.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeckList {
    pub name: Option<String>,
    pub people: Option<String>,
    pub inquisitor: Option<String>,
    pub emissaries_inquisitors: bool,
    pub buka: bool,
    /// Each card line with its line number (from 1), as it will be looked up.
    pub cards: Vec<(usize, String)>,
}

/// Why a list cannot be read at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeckListError {
    /// A heading given twice.
    Repeated { line: usize, heading: String },
    /// An `Allow:` entry that names no extra deck.
    UnknownAllowance { line: usize, text: String },
    /// More card lines than any deck could hold.
    TooManyLines { cards: usize },
}

impl DeckListError {
    pub fn worded(&self, lang: Language) -> String {
        match (self, lang) {
            (DeckListError::Repeated { line, heading }, Language::En) => format!(
                "Line {line} of the deck list gives “{heading}” a second time. Nothing was imported."
            ),
            (DeckListError::Repeated { line, heading }, Language::De) => format!(
                "Zeile {line} der Deckliste nennt „{heading}“ ein zweites Mal. Es wurde nichts importiert."
            ),
            (DeckListError::UnknownAllowance { line, text }, Language::En) => format!(
                "Line {line} of the deck list: “{text}” is neither “Emissaries and Inquisitors” nor \
                 “Buka”. Nothing was imported."
            ),
            (DeckListError::UnknownAllowance { line, text }, Language::De) => format!(
                "Zeile {line} der Deckliste: „{text}“ ist weder „Gesandte und Inquisitoren“ noch \
                 „Buka“. Es wurde nichts importiert."
            ),
            (DeckListError::TooManyLines { cards }, Language::En) => format!(
                "The deck list has {cards} card lines, more than a deck may hold ({}). Nothing \
                 was imported.",
                store::MAX_DECK_CARDS
            ),
            (DeckListError::TooManyLines { cards }, Language::De) => format!(
                "Die Deckliste hat {cards} Kartenzeilen, mehr als ein Deck halten kann ({}). Es \
                 wurde nichts importiert.",
                store::MAX_DECK_CARDS
            ),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Heading {
    Name,
    People,
    Inquisitor,
    Allow,
}

fn heading(key: &str) -> Option<Heading> {
    match key.trim().to_lowercase().as_str() {
        "name" | "deck" => Some(Heading::Name),
        "people" | "volk" => Some(Heading::People),
        "inquisitor" | "inquisitorin" => Some(Heading::Inquisitor),
        "allow" | "allowed" | "erlaubt" => Some(Heading::Allow),
        _ => None,
    }
}

/// The card number a line starts with (`Flit 07 Tittertweet` → `Flit 07`), if any.
fn leading_tag(line: &str) -> Option<String> {
    let mut words = line.split_whitespace();
    let series = words.next()?;
    let number = words.next()?;
    let known = cards::bm::Series::ALL
        .iter()
        .any(|s| s.tag_prefix().eq_ignore_ascii_case(series));
    (known && !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()))
        .then(|| format!("{series} {number}"))
}

/// `Razor-Mind Royal Inspector [Inq 412]` → `Inq 412`; anything else as it is.
fn bracketed_tag(value: &str) -> String {
    match (value.rfind('['), value.rfind(']')) {
        (Some(open), Some(close)) if open < close => value[open + 1..close].trim().to_owned(),
        _ => value.trim().to_owned(),
    }
}

/// Reads a deck list; looks no card up (the service does, naming the line of one it cannot
/// find).
pub fn parse_deck_list(text: &str) -> Result<DeckList, DeckListError> {
    let mut list = DeckList::default();
    let mut given: Vec<Heading> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        if let Some((key, value)) = line.split_once(':') {
            if let Some(h) = heading(key) {
                if given.contains(&h) {
                    return Err(DeckListError::Repeated {
                        line: n,
                        heading: key.trim().to_owned(),
                    });
                }
                given.push(h);
                let value = value.trim();
                match h {
                    Heading::Name => list.name = Some(value.to_owned()),
                    Heading::People => list.people = Some(value.to_owned()),
                    Heading::Inquisitor => {
                        list.inquisitor = (!value.is_empty()).then(|| bracketed_tag(value))
                    }
                    Heading::Allow => {
                        for part in value.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                            let p = part.to_lowercase();
                            if p == "buka" {
                                list.buka = true;
                            } else if [
                                "emissaries and inquisitors",
                                "e&i",
                                "gesandte und inquisitoren",
                                "g&i",
                            ]
                            .contains(&p.as_str())
                            {
                                list.emissaries_inquisitors = true;
                            } else {
                                return Err(DeckListError::UnknownAllowance {
                                    line: n,
                                    text: part.to_owned(),
                                });
                            }
                        }
                    }
                }
                continue;
            }
        }
        list.cards
            .push((n, leading_tag(line).unwrap_or_else(|| line.to_owned())));
        if list.cards.len() > store::MAX_DECK_CARDS {
            return Err(DeckListError::TooManyLines {
                cards: list.cards.len(),
            });
        }
    }
    Ok(list)
}

/// The list of a stored deck, in English headings (the card names are English too, with
/// their numbers, so any Tablemate reads it back whatever its language).
pub(crate) fn write(catalog: &cards::Catalog, deck: &store::DeckRecord) -> String {
    let line = |id: &str| match catalog.bm(id) {
        Some(c) => match &c.name_en {
            Some(name) => format!("{} {name}", c.tag),
            None => c.tag.clone(),
        },
        None => id.to_owned(),
    };
    let mut out = format!(
        "# Tablemate deck list: the headings, then one card a line.\nName: {}\nPeople: {}\n",
        deck.name, deck.content.people
    );
    if let Some(inq) = &deck.content.inquisitor {
        let tag = catalog.bm(inq).map(|c| c.tag.clone());
        let name = catalog.bm(inq).and_then(|c| c.name_en.clone());
        match (name, tag) {
            (Some(name), Some(tag)) => out.push_str(&format!("Inquisitor: {name} [{tag}]\n")),
            _ => out.push_str(&format!("Inquisitor: {inq}\n")),
        }
    }
    let mut allow = Vec::new();
    if deck.content.emissaries_inquisitors {
        allow.push("Emissaries and Inquisitors");
    }
    if deck.content.buka {
        allow.push("Buka");
    }
    if !allow.is_empty() {
        out.push_str(&format!("Allow: {}\n", allow.join(", ")));
    }
    out.push('\n');
    for card in &deck.content.cards {
        out.push_str(&line(card));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_cards_comments_and_numbers() {
        let list = parse_deck_list(
            "# my deck\nName: Fire Wall\nVolk: Vulca\nInquisitor: Razor-Mind Royal Inspector [Inq 412]\n\
             Erlaubt: G&I, Buka\n\nFlit 07 Tittertweet\nV24   # the one\nHeroine of the Great Plains\n",
        )
        .expect("reads");
        assert_eq!(list.name.as_deref(), Some("Fire Wall"));
        assert_eq!(list.people.as_deref(), Some("Vulca"));
        assert_eq!(list.inquisitor.as_deref(), Some("Inq 412"));
        assert!(list.emissaries_inquisitors && list.buka);
        assert_eq!(
            list.cards,
            vec![
                (7, "Flit 07".to_owned()),
                (8, "V24".to_owned()),
                (9, "Heroine of the Great Plains".to_owned())
            ]
        );
    }

    #[test]
    fn a_repeated_heading_or_an_unknown_allowance_names_its_line() {
        assert_eq!(
            parse_deck_list("People: Vulca\nPeople: Hoax\n"),
            Err(DeckListError::Repeated {
                line: 2,
                heading: "People".to_owned()
            })
        );
        let e = parse_deck_list("Name: x\nAllow: Phar\n").unwrap_err();
        assert_eq!(
            e,
            DeckListError::UnknownAllowance {
                line: 2,
                text: "Phar".to_owned()
            }
        );
        assert!(e.worded(Language::De).starts_with("Zeile 2 der Deckliste"));
    }

    #[test]
    fn too_many_card_lines_are_refused_before_any_lookup() {
        let text = "x\n".repeat(store::MAX_DECK_CARDS + 1);
        assert!(matches!(
            parse_deck_list(&text),
            Err(DeckListError::TooManyLines { .. })
        ));
    }
}
