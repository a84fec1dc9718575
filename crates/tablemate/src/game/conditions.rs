//! The play conditions of the mutants and crystal cards in words, in English and German,
//! naming the players: the clause after "… may only be played if" ("… darf nur ausgelegt
//! werden, wenn"), with what the table shows now. The engine decides (bluemoon's
//! `Warning::PlayCondition`); this only words it.

use bluemoon::dragons::DragonColour;
use bluemoon::effect::PlayCondition;
use bluemoon::Element;

use super::element_words;
use crate::Language;

/// What the engine read for a condition: the figure (total power, dragons or cards) and the
/// contested element then.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Read {
    pub have: u32,
    pub contested: Option<Element>,
}

/// The condition as a clause: `me` plays the card, `you` is the opponent.
pub(crate) fn clause(c: PlayCondition, read: Read, me: &str, you: &str, lang: Language) -> String {
    match lang {
        Language::En => english(c, read, me, you),
        Language::De => german(c, read, me, you),
    }
}

/// The whole English warning ("Ben: Var-dis-Nar may only be played if Ann attacks with at
/// least 7 total power (now 5)."), the CLI's and the fallback message.
pub(crate) fn english_sentence(
    c: PlayCondition,
    read: Read,
    me: &str,
    you: &str,
    card: &str,
) -> String {
    format!(
        "{me}: {card} may only be played if {}.",
        english(c, read, me, you)
    )
}

/// Why an attack does not count yet: no element chosen (`Some(None)`), or the fight is about
/// the other element (`Some(Some(it))`).
fn not_attacked(element: Option<Element>, contested: Option<Element>) -> Option<Option<Element>> {
    match (element, contested) {
        (_, None) => Some(None),
        (Some(e), Some(c)) if e != c => Some(Some(c)),
        _ => None,
    }
}

fn english(c: PlayCondition, read: Read, me: &str, you: &str) -> String {
    let have = read.have;
    match c {
        PlayCondition::AttackedBy { at_least, element } => {
            let what = match element {
                None => "total power",
                Some(Element::Fire) => "Fire",
                Some(Element::Earth) => "Earth",
            };
            let now = match not_attacked(element, read.contested) {
                Some(None) => "no element is chosen yet".to_owned(),
                Some(Some(c)) => format!("the fight is about {}", element_words(c, Language::En)),
                None => format!("now {have}"),
            };
            format!("{you} attacks with at least {at_least} {what} ({now})")
        }
        PlayCondition::YourDragons { at_least } => format!(
            "{you} has at least {at_least} {} (now {have})",
            if at_least == 1 { "dragon" } else { "dragons" }
        ),
        PlayCondition::YourCardsInAreas { at_least } => format!(
            "{you} has at least {at_least} cards in the combat and support areas (now {have})"
        ),
        PlayCondition::YourActiveCards { at_least } => format!(
            "{you} has at least {at_least} active character, booster or support cards (now {have})"
        ),
        PlayCondition::NoCardsInMyAreas => {
            format!("{me} has no cards in the combat and support areas (now {have})")
        }
        PlayCondition::NoCardsInMyInfluence => {
            format!("{me} has no cards in the influence area (now {have})")
        }
        PlayCondition::YourActiveFree => format!("{you} has an active FREE card"),
        PlayCondition::YourActiveHyla => format!("{you} has an active Hyla"),
        PlayCondition::MyDragon { colour } => {
            let colour = match colour {
                DragonColour::Red => "red",
                DragonColour::Green => "green",
                DragonColour::Third => "third",
            };
            format!("the {colour} dragon is on {me}'s side")
        }
    }
}

fn german(c: PlayCondition, read: Read, me: &str, you: &str) -> String {
    let have = read.have;
    match c {
        PlayCondition::AttackedBy { at_least, element } => {
            let what = match element {
                None => String::new(),
                Some(Element::Fire) => " Feuer".to_owned(),
                Some(Element::Earth) => " Erde".to_owned(),
            };
            let now = match not_attacked(element, read.contested) {
                Some(None) => "noch ist kein Element gewählt".to_owned(),
                Some(Some(c)) => format!("gekämpft wird um {}", element_words(c, Language::De)),
                None => format!("jetzt {have}"),
            };
            format!("{you} mit einer Stärke von mindestens {at_least}{what} angreift ({now})")
        }
        PlayCondition::YourDragons { at_least } => {
            format!("{you} mindestens {at_least} Drachen auf der eigenen Seite hat (jetzt {have})")
        }
        PlayCondition::YourCardsInAreas { at_least } => format!(
            "{you} mindestens {at_least} Karten im Kampf- und Unterstützungsbereich hat (jetzt {have})"
        ),
        PlayCondition::YourActiveCards { at_least } => format!(
            "{you} mindestens {at_least} aktive Charakter-, Verstärkungs- oder Unterstützungskarten hat (jetzt {have})"
        ),
        PlayCondition::NoCardsInMyAreas => format!(
            "{me} keine Karten im Kampf- und Unterstützungsbereich hat (jetzt {have})"
        ),
        PlayCondition::NoCardsInMyInfluence => {
            format!("{me} keine Karten im Einflussbereich hat (jetzt {have})")
        }
        PlayCondition::YourActiveFree => {
            format!("{you} eine aktive Karte mit dem FREI-Symbol hat")
        }
        PlayCondition::YourActiveHyla => format!("{you} einen aktiven Hyla hat"),
        PlayCondition::MyDragon { colour } => {
            let colour = match colour {
                DragonColour::Red => "rote",
                DragonColour::Green => "grüne",
                DragonColour::Third => "dritte",
            };
            format!("der {colour} Drache auf der Seite von {me} ist")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn read(have: u32, contested: Option<Element>) -> Read {
        Read { have, contested }
    }

    #[test]
    fn conditions_name_the_players_in_both_languages() {
        let fire = |have| read(have, Some(Element::Fire));
        let c = PlayCondition::AttackedBy {
            at_least: 7,
            element: None,
        };
        assert_eq!(
            english_sentence(c, fire(5), "Ben", "Ann", "Var-dis-Nar"),
            "Ben: Var-dis-Nar may only be played if Ann attacks with at least 7 total power (now 5)."
        );
        assert_eq!(
            clause(c, fire(5), "Ben", "Ann", Language::De),
            "Ann mit einer Stärke von mindestens 7 angreift (jetzt 5)"
        );
        let zig = PlayCondition::AttackedBy {
            at_least: 5,
            element: Some(Element::Earth),
        };
        assert_eq!(
            clause(
                zig,
                read(4, Some(Element::Earth)),
                "Ben",
                "Ann",
                Language::De
            ),
            "Ann mit einer Stärke von mindestens 5 Erde angreift (jetzt 4)"
        );
        // in a fire fight, or before an element is chosen, nobody attacks with Earth
        assert_eq!(
            clause(zig, fire(0), "Ben", "Ann", Language::En),
            "Ann attacks with at least 5 Earth (the fight is about fire)"
        );
        assert_eq!(
            clause(zig, read(0, None), "Ben", "Ann", Language::De),
            "Ann mit einer Stärke von mindestens 5 Erde angreift (noch ist kein Element gewählt)"
        );
        let red = PlayCondition::MyDragon {
            colour: DragonColour::Red,
        };
        assert_eq!(
            clause(red, read(0, None), "Ben", "Ann", Language::En),
            "the red dragon is on Ben's side"
        );
        assert_eq!(
            clause(red, read(0, None), "Ben", "Ann", Language::De),
            "der rote Drache auf der Seite von Ben ist"
        );
    }
}
