//! A person's name wherever one enters (a new game of any kind, a new match, an event's
//! registration and its correction, an import): the one rule (`cards::person_name`) and its
//! refusals in English and German. A name that shows nothing or holds a control or
//! bidirectional character is refused; two names that are one person (apart only by invisible
//! characters, composition or case) are refused as two players, naming both spellings with
//! their invisible characters shown (`P1<U+200B>`).

use cards::person_name::{self, NameProblem};

use crate::error::{Result, ServiceError};
use crate::Language;

fn en_de(lang: Language, en: String, de: String) -> String {
    match lang {
        Language::En => en,
        Language::De => de,
    }
}

/// The refusal of `name` by the rule, naming it.
pub(crate) fn name_problem(name: &str, p: NameProblem, lang: Language) -> String {
    let shown = store::shown(name.trim());
    match p {
        NameProblem::Empty => en_de(
            lang,
            "A player's name is empty.".into(),
            "Ein Spielername ist leer.".into(),
        ),
        NameProblem::Invisible => en_de(
            lang,
            format!("The name “{shown}” shows nothing: a name needs letters one can see."),
            format!("Der Name „{shown}“ zeigt nichts an: ein Name braucht sichtbare Zeichen."),
        ),
        NameProblem::Forbidden { ch } => {
            let code = format!("U+{:04X}", u32::from(ch));
            en_de(
                lang,
                format!(
                    "The name “{shown}” contains {code}, a control character that can make a \
                     name read other than it is written. Type the name without it."
                ),
                format!(
                    "Der Name „{shown}“ enthält {code}, ein Steuerzeichen, das einen Namen \
                     anders erscheinen lassen kann, als er geschrieben ist. Gib den Namen ohne \
                     es ein."
                ),
            )
        }
        NameProblem::TooLong { chars, max } => en_de(
            lang,
            format!("The name “{shown}” has {chars} characters; at most {max} are allowed."),
            format!("Der Name „{shown}“ hat {chars} Zeichen; erlaubt sind höchstens {max}."),
        ),
    }
}

/// Two spellings of one person entered as two.
pub(crate) fn same_person(first: &str, second: &str, lang: Language) -> String {
    let (a, b) = (store::shown(first.trim()), store::shown(second.trim()));
    en_de(
        lang,
        format!(
            "“{a}” and “{b}” are the same person: the names differ only by invisible \
             characters, by how their letters are composed, or by case. Give two different \
             names."
        ),
        format!(
            "„{a}“ und „{b}“ sind dieselbe Person: die Namen unterscheiden sich nur durch \
             unsichtbare Zeichen, die Zusammensetzung ihrer Buchstaben oder Groß- und \
             Kleinschreibung. Gib zwei verschiedene Namen ein."
        ),
    )
}

/// Checks the names of the people about to play together (or register together): each one a
/// person's name, and no two of them the same person.
pub(crate) fn check_people(names: &[&str], lang: Language) -> Result<()> {
    for name in names {
        person_name::normalise(name, store::MAX_NAME_CHARS)
            .map_err(|p| ServiceError::invalid(name_problem(name, p, lang)))?;
    }
    match person_name::first_same_person(names) {
        Some((a, b)) => Err(ServiceError::invalid(same_person(a, b, lang))),
        None => Ok(()),
    }
}

/// Checks `name` against the names already there (an event's other players): the same person
/// spelled apart is refused naming both spellings; the same spelling is left to the caller's
/// own refusal ("already registered").
pub(crate) fn check_against(name: &str, others: &[&str], lang: Language) -> Result<()> {
    let spelled = |o: &&str| !person_name::same_spelling(o, name);
    match others
        .iter()
        .find(|o| person_name::same_person(o, name) && spelled(o))
    {
        Some(other) => Err(ServiceError::invalid(same_person(other, name, lang))),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_name_both_spellings_in_both_languages() {
        let err = check_people(&["P1", "P1\u{200B}"], Language::En).unwrap_err();
        assert!(
            err.message.contains("“P1” and “P1<U+200B>”"),
            "{}",
            err.message
        );
        let err = check_people(&["P1", "P1\u{200B}"], Language::De).unwrap_err();
        assert!(
            err.message.contains("„P1“ und „P1<U+200B>“"),
            "{}",
            err.message
        );
        let err = check_people(&["Ann\u{202E}", "Ben"], Language::En).unwrap_err();
        assert!(err.message.contains("U+202E"), "{}", err.message);
        let err = check_people(&["\u{200B}", "Ben"], Language::De).unwrap_err();
        assert!(err.message.contains("zeigt nichts"), "{}", err.message);
        assert!(check_people(&["Ann", "Ben"], Language::En).is_ok());
        let err = check_against("Ann\u{00AD}", &["Ann", "Ben"], Language::En).unwrap_err();
        assert!(
            err.message.contains("“Ann” and “Ann<U+00AD>”"),
            "{}",
            err.message
        );
        // the same spelling (case, composition) is the caller's "already registered"
        assert!(check_against("ann", &["Ann"], Language::En).is_ok());
        assert!(check_against("Jose\u{0301}", &["Jos\u{00E9}"], Language::En).is_ok());
    }
}
