//! Decks as the command line prints them, in English and German: `deck show`, `deck list`,
//! `deck delete` and a tournament's registered decks (the app words its own screens).

use super::{DeckCardView, DeckCostReason, DeckSummary, DeckView, RegisteredDeckView};
use crate::Language;

/// What a card costs in the deck, and why: "free (own people)", "2 moons".
pub fn cost_text(c: &DeckCardView, lang: Language) -> String {
    match (c.reason, c.moons, lang) {
        (DeckCostReason::OwnPeople, _, Language::En) => "free (own people)".to_owned(),
        (DeckCostReason::OwnPeople, _, Language::De) => "frei (eigenes Volk)".to_owned(),
        (_, Some(1), Language::En) => "1 moon".to_owned(),
        (_, Some(1), Language::De) => "1 Mond".to_owned(),
        (_, Some(m), Language::En) => format!("{m} moons"),
        (_, Some(m), Language::De) => format!("{m} Monde"),
        (_, None, Language::En) => "moons unknown".to_owned(),
        (_, None, Language::De) => "Monde unbekannt".to_owned(),
    }
}

impl DeckView {
    /// The deck as `deck show` prints it: people, inquisitor, what is allowed, cards and moons
    /// against the limits, each card's cost, and legal or each broken rule.
    pub fn text(&self, lang: Language) -> String {
        let de = lang == Language::De;
        let mut s = format!("{} ({})\n", self.name, self.people);
        if let Some(inq) = &self.inquisitor {
            s.push_str(&format!("{}: {}\n", "Inquisitor", inq.name));
        }
        let mut allowed = Vec::new();
        if self.emissaries_inquisitors {
            allowed.push(if de {
                "Gesandte und Inquisitoren"
            } else {
                "Emissaries and Inquisitors"
            });
        }
        if self.buka {
            allowed.push("Buka");
        }
        if !allowed.is_empty() {
            let head = if de { "erlaubt" } else { "allowed" };
            s.push_str(&format!("{head}: {}\n", allowed.join(", ")));
        }
        let (cards, moons, of) = if de {
            ("Karten", "Monde", "von")
        } else {
            ("cards", "moons", "of")
        };
        s.push_str(&format!(
            "{cards}: {} {of} {}   {moons}: {} {of} {}\n",
            self.cards_used, self.cards_allowed, self.moons_used, self.moons_allowed
        ));
        for c in &self.cards {
            let copies = if c.copies > 1 {
                format!("  ×{}", c.copies)
            } else {
                String::new()
            };
            s.push_str(&format!("  {}  {}{copies}\n", c.name, cost_text(c, lang)));
        }
        match (self.legal, de) {
            (true, false) => s.push_str("legal\n"),
            (true, true) => s.push_str("gültig\n"),
            (false, false) => s.push_str("not legal yet:\n"),
            (false, true) => s.push_str("noch nicht gültig:\n"),
        }
        for p in &self.problems {
            s.push_str(&format!("  - {p}\n"));
        }
        s
    }
}

impl DeckSummary {
    /// One line of `deck list`.
    pub fn line(&self, lang: Language) -> String {
        let (cards, moons, legal) = match (lang, self.legal) {
            (Language::En, true) => ("cards", "moons", "legal"),
            (Language::En, false) => ("cards", "moons", "not legal yet"),
            (Language::De, true) => ("Karten", "Monde", "gültig"),
            (Language::De, false) => ("Karten", "Monde", "noch nicht gültig"),
        };
        format!(
            "{}  {}  {}/{} {cards}  {}/{} {moons}  {legal}",
            self.name,
            self.people,
            self.cards_used,
            self.cards_allowed,
            self.moons_used,
            self.moons_allowed
        )
    }
}

/// `deck list` with no deck saved yet.
pub fn no_deck_yet(lang: Language) -> &'static str {
    match lang {
        Language::En => "no deck yet: `tablemate deck new NAME --people PEOPLE`",
        Language::De => "noch kein Deck: `tablemate deck new NAME --people VOLK`",
    }
}

/// `deck delete` done.
pub fn deleted(name: &str, lang: Language) -> String {
    match lang {
        Language::En => format!("deleted the deck {}", name.trim()),
        Language::De => format!("Deck {} gelöscht", name.trim()),
    }
}

impl RegisteredDeckView {
    /// One line of a tournament's registered decks: player, deck, people, cards and moons.
    pub fn line(&self, lang: Language) -> String {
        let (cards, moons) = match lang {
            Language::En => ("cards", "moons"),
            Language::De => ("Karten", "Monde"),
        };
        format!(
            "{}: {} ({}, {}/{} {cards}, {}/{} {moons})",
            self.player,
            self.deck,
            self.people,
            self.cards_used,
            self.cards_allowed,
            self.moons_used,
            self.moons_allowed
        )
    }
}

/// A tournament with no deck registered.
pub fn no_registered_deck(lang: Language) -> &'static str {
    match lang {
        Language::En => "no deck registered",
        Language::De => "kein Deck angemeldet",
    }
}
