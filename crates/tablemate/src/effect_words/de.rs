//! The engine's effects in German words, for the "why?" steps in the German interface (the
//! English ones are in `en.rs`). Terms as on the German cards and in
//! data/glossary: Stärke (total power), Wert, Charakter, Verstärkung, Unterstützung.

use bluemoon::effect::{
    CardClass, DragonChange, Effect, ElementChangeTo, Elements, Forbid, IgnoreWhat, Parity,
    ValueOp, Whose,
};
use bluemoon::{CardType, Element};

/// One effect as a German phrase ("Erde-Werte eines eigenen Charakters verdoppeln sich").
pub(crate) fn german(effect: &Effect) -> String {
    match effect {
        Effect::Value {
            op,
            elements,
            cards,
            whose,
        } => {
            let values = match elements {
                Elements::Both => "Werte",
                Elements::Fire => "Feuer-Werte",
                Elements::Earth => "Erde-Werte",
            };
            format!("{values} {} {}", genitive(*whose, *cards), verb(*op))
        }
        Effect::PrintedReduction {
            parity,
            cards,
            whose,
        } => format!(
            "{} aufgedruckte Werte {} sinken auf 0",
            match parity {
                Parity::Odd => "ungerade",
                Parity::Even => "gerade",
            },
            genitive(*whose, *cards)
        ),
        Effect::TotalPower { to, element } => match element {
            Some(e) => format!("Stärke in {} erhöht sich auf {to}", element_de(*e)),
            None => format!("Stärke erhöht sich auf {to}"),
        },
        Effect::Ignore {
            what,
            cards,
            except,
            ..
        } => {
            let noun = plural(*cards);
            let mut s = match what {
                IgnoreWhat::Text => format!("ignoriert die Sonderfunktionen gegnerischer {noun}"),
                IgnoreWhat::Icons => format!("ignoriert die Symbole gegnerischer {noun}"),
                IgnoreWhat::Cards => format!("ignoriert gegnerische {noun}"),
            };
            if !except.is_empty() {
                s.push_str(" (mit Ausnahmen)");
            }
            s
        }
        Effect::ElementChange { to } => match to {
            ElementChangeTo::Toggle => "der Kampf wechselt zwischen Feuer und Erde",
            ElementChangeTo::Fire => "der Kampf wechselt nach Feuer",
            ElementChangeTo::Earth => "der Kampf wechselt nach Erde",
        }
        .to_owned(),
        Effect::RetreatDragons {
            retreating, change, ..
        } => format!(
            "wenn sich {} zurückzieht, {}",
            match retreating {
                Whose::Mine => "der Besitzer",
                Whose::Yours => "der Gegner",
            },
            match change {
                DragonChange::PlusOne => "wird ein zusätzlicher Drache angezogen",
                DragonChange::MinusOne => "wird ein Drache weniger angezogen",
                DragonChange::AtMostOne => "wird höchstens ein Drache angezogen",
                DragonChange::MayNotAttract => "darf der Sieger keine Drachen anziehen",
            }
        ),
        // The condition is the catalog's note (English data).
        Effect::AttractDragon { condition, .. } => format!("zieht einen Drachen an: {condition}"),
        Effect::Restriction { forbids, .. } => format!("verbietet: {}", forbid(forbids)),
        Effect::CrystalScore {
            if_i_win,
            if_you_win,
        } => format!(
            "Wertung: {if_i_win:+}, wenn der Besitzer gewinnt, {if_you_win:+}, wenn der Gegner gewinnt"
        ),
        Effect::Reminder { note, .. } => note.clone(),
    }
}

fn verb(op: ValueOp) -> String {
    match op {
        ValueOp::Double => "verdoppeln sich".into(),
        ValueOp::IncreaseTo(n) => format!("erhöhen sich auf {n}"),
        ValueOp::IncreaseBy(n) => format!("erhöhen sich um {n}"),
        ValueOp::SumOfPrinted => "erhöhen sich auf aufgedrucktes Feuer + Erde".into(),
        ValueOp::HigherPrinted => "erhöhen sich auf den höheren aufgedruckten Wert".into(),
        ValueOp::DecreaseTo(n) => format!("verringern sich auf {n}"),
        ValueOp::DecreaseBy(n) => format!("verringern sich um {n}"),
    }
}

fn element_de(e: Element) -> &'static str {
    crate::game::refusal::element(e, crate::Language::De)
}

/// The cards a class reaches, as a plural noun.
fn plural(c: CardClass) -> &'static str {
    match c {
        CardClass::OneCharacter | CardClass::Characters => "Charaktere",
        CardClass::Boosters => "Verstärkungen",
        CardClass::Support => "Unterstützungen",
        CardClass::BoosterSupport => "Verstärkungen/Unterstützungen",
        CardClass::Bluff => "Bluffkarten",
        CardClass::WithIcons => "Karten mit Symbolen",
        CardClass::All => "Karten",
    }
}

/// "eines eigenen Charakters", "gegnerischer Unterstützungen".
fn genitive(w: Whose, c: CardClass) -> String {
    match (c, w) {
        (CardClass::OneCharacter, Whose::Mine) => "eines eigenen Charakters".into(),
        (CardClass::OneCharacter, Whose::Yours) => "eines gegnerischen Charakters".into(),
        (_, Whose::Mine) => format!("eigener {}", plural(c)),
        (_, Whose::Yours) => format!("gegnerischer {}", plural(c)),
    }
}

fn type_de(t: CardType) -> &'static str {
    match t {
        CardType::Leader => "Anführer",
        CardType::Character => "Charakter",
        CardType::Booster => "Verstärkung",
        CardType::Support => "Unterstützung",
        CardType::Leadership => "Führungskarte",
        CardType::Influence => "Einfluss (Hyla)",
        CardType::Ship => "Schiff",
        CardType::Crystal => "Kristallkarte",
        CardType::Interference => "Störkarte",
        CardType::Inquisitor => "Inquisitor",
        CardType::Emissary => "Gesandter",
    }
}

fn forbid(f: &Forbid) -> String {
    match f {
        Forbid::Play {
            types,
            with_text,
            printed_above,
        } => {
            let mut s = if types.is_empty() {
                "Karten auslegen".to_owned()
            } else {
                let names: Vec<&str> = types.iter().map(|t| type_de(*t)).collect();
                format!("Karten auslegen ({})", names.join(" oder "))
            };
            match with_text {
                Some(true) => s.push_str(" mit Sonderfunktion"),
                Some(false) => s.push_str(" ohne Sonderfunktion"),
                None => {}
            }
            if let Some(n) = printed_above {
                s.push_str(&format!(" mit einem aufgedruckten Wert über {n}"));
            }
            s
        }
        Forbid::MoreThanOneCardPerTurn => "mehr als eine Karte pro Zug".into(),
        Forbid::MoreThanOneCardIntoCombat => "mehr als eine Karte in den Kampfbereich".into(),
        Forbid::TakeFromDrawDeck => "Karten vom Nachziehstapel nehmen".into(),
        Forbid::MoreThanOneFromDrawDeck => {
            "mehr als eine Karte pro Zug vom Nachziehstapel nehmen".into()
        }
        Forbid::TakeIntoHand { hand_at_least } => match hand_at_least {
            Some(n) => format!("Karten auf die Hand nehmen (ab {n} Handkarten)"),
            None => "weitere Karten auf die Hand nehmen".into(),
        },
        Forbid::CallBluff => "den Bluff aufdecken".into(),
        Forbid::MoreThanOneActiveCharacter => {
            "mehr als einen aktiven Charakter nach der Charakterphase".into()
        }
        Forbid::AdditionalDrawAtEndOfTurn => "zusätzliches Nachziehen am Ende des Zuges".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_why_steps_read_in_german() {
        let duplicator = Effect::Value {
            op: ValueOp::Double,
            elements: Elements::Earth,
            cards: CardClass::OneCharacter,
            whose: Whose::Mine,
        };
        assert_eq!(
            german(&duplicator),
            "Erde-Werte eines eigenen Charakters verdoppeln sich"
        );
        let coolcat = Effect::PrintedReduction {
            parity: Parity::Odd,
            cards: CardClass::Characters,
            whose: Whose::Yours,
        };
        assert_eq!(
            german(&coolcat),
            "ungerade aufgedruckte Werte gegnerischer Charaktere sinken auf 0"
        );
        assert_eq!(
            german(&Effect::TotalPower {
                to: 7,
                element: Some(Element::Fire)
            }),
            "Stärke in Feuer erhöht sich auf 7"
        );
    }

    /// Every shipped effect the engine computes has German words without English in them.
    #[test]
    fn every_computed_effect_of_the_catalog_has_german_words() {
        let catalog = bluemoon::Catalog::embedded_effects().expect("effects load");
        let mut seen = 0;
        for (id, entry) in catalog.effect_entries() {
            for e in &entry.effects {
                if matches!(e, Effect::Reminder { .. } | Effect::AttractDragon { .. }) {
                    continue; // the catalog's notes are English data
                }
                let d = german(e);
                for english in ["values", "double", "increase", "cards", "the ", " of "] {
                    assert!(!d.contains(english), "{id}: {d}");
                }
                seen += 1;
            }
        }
        assert!(seen > 60, "only {seen} effects worded");
    }
}
