//! The play conditions of the mutants and crystal cards in words, in English and German,
//! naming the players: the clause after "… may only be played if" ("… darf nur ausgelegt
//! werden, wenn"), with what the table shows now. The engine decides (bluemoon's
//! `Warning::PlayCondition`); this only words it.

use bluemoon::dragons::DragonColour;
use bluemoon::effect::PlayCondition;
use bluemoon::Element;

use crate::Language;

/// The condition as a clause: `me` plays the card, `you` is the opponent; `have` is the
/// figure the engine read (total power, dragons or cards).
pub(crate) fn clause(c: PlayCondition, have: u32, me: &str, you: &str, lang: Language) -> String {
    match lang {
        Language::En => english(c, have, me, you),
        Language::De => german(c, have, me, you),
    }
}

/// The whole English warning ("Ben: Var-dis-Nar may only be played if Ann attacks with at
/// least 7 total power (now 5)."), the CLI's and the fallback message.
pub(crate) fn english_sentence(
    c: PlayCondition,
    have: u32,
    me: &str,
    you: &str,
    card: &str,
) -> String {
    format!(
        "{me}: {card} may only be played if {}.",
        english(c, have, me, you)
    )
}

fn english(c: PlayCondition, have: u32, me: &str, you: &str) -> String {
    match c {
        PlayCondition::AttackedBy { at_least, element } => {
            let what = match element {
                None => "total power",
                Some(Element::Fire) => "Fire",
                Some(Element::Earth) => "Earth",
            };
            format!("{you} attacks with at least {at_least} {what} (now {have})")
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

fn german(c: PlayCondition, have: u32, me: &str, you: &str) -> String {
    match c {
        PlayCondition::AttackedBy { at_least, element } => {
            let what = match element {
                None => String::new(),
                Some(Element::Fire) => " Feuer".to_owned(),
                Some(Element::Earth) => " Erde".to_owned(),
            };
            format!("{you} mit einer Stärke von mindestens {at_least}{what} angreift (jetzt {have})")
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

    #[test]
    fn conditions_name_the_players_in_both_languages() {
        let c = PlayCondition::AttackedBy {
            at_least: 7,
            element: None,
        };
        assert_eq!(
            english_sentence(c, 5, "Ben", "Ann", "Var-dis-Nar"),
            "Ben: Var-dis-Nar may only be played if Ann attacks with at least 7 total power (now 5)."
        );
        assert_eq!(
            clause(c, 5, "Ben", "Ann", Language::De),
            "Ann mit einer Stärke von mindestens 7 angreift (jetzt 5)"
        );
        let earth = PlayCondition::AttackedBy {
            at_least: 5,
            element: Some(Element::Earth),
        };
        assert_eq!(
            clause(earth, 4, "Ben", "Ann", Language::De),
            "Ann mit einer Stärke von mindestens 5 Erde angreift (jetzt 4)"
        );
        let red = PlayCondition::MyDragon {
            colour: DragonColour::Red,
        };
        assert_eq!(
            clause(red, 0, "Ben", "Ann", Language::En),
            "the red dragon is on Ben's side"
        );
        assert_eq!(
            clause(red, 0, "Ben", "Ann", Language::De),
            "der rote Drache auf der Seite von Ben ist"
        );
    }
}
