//! What a front end refuses of an organiser's input before it reaches the service (a result
//! typed as `5-3`, options that go together, which event is meant), worded here in the
//! interface language with the rules' refusals, so the CLI says nothing in English to a German
//! organiser.

use super::refusals::say;
use crate::Language;

/// An event given by a number no event has.
pub fn no_event_numbered(id: i64, lang: Language) -> String {
    say!(
        lang,
        "There is no event number {id}.",
        "Es gibt kein Turnier mit der Nummer {id}."
    )
}

/// An event given by a name no event has.
pub fn no_event_named(name: &str, lang: Language) -> String {
    say!(
        lang,
        "There is no event named {name:?}.",
        "Es gibt kein Turnier namens {name:?}."
    )
}

/// A name several events share: the numbers to give instead.
pub fn events_named(name: &str, ids: &[i64], lang: Language) -> String {
    let n = ids.len();
    let ids = ids
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    say!(
        lang,
        "{n} events are named {name:?}; give the number instead ({ids}).",
        "{n} Turniere heißen {name:?}; gib stattdessen die Nummer an ({ids})."
    )
}

/// A player the event does not know.
pub fn not_registered(who: &str, event: &str, lang: Language) -> String {
    super::refusals::not_registered(who, event, lang)
}

/// Crystals not typed as two numbers.
pub fn crystals_format(text: &str, lang: Language) -> String {
    say!(
        lang,
        "Crystals {text:?} should be two numbers like 5-3 (seat A first).",
        "Kristalle {text:?} sollten zwei Zahlen wie 5-3 sein (Sitz A zuerst)."
    )
}

/// The clock asked for before any round is paired.
pub fn no_clock(lang: Language) -> String {
    say!(
        lang,
        "No round has been paired yet, so there is no clock.",
        "Es ist noch keine Runde gepaart, also läuft keine Rundenuhr."
    )
}

/// A result given neither by winner and crystals nor by a recorded match.
pub fn result_needs(lang: Language) -> String {
    say!(
        lang,
        "Give --winner and --crystals, or --match.",
        "Gib --winner und --crystals an, oder --match."
    )
}

/// A CSV import without the event's `option` (`--name`, `--date`).
pub fn csv_import_needs(option: &str, lang: Language) -> String {
    say!(
        lang,
        "A CSV import needs {option}.",
        "Ein CSV-Import braucht {option}."
    )
}

/// An import given no file.
pub fn import_needs_file(lang: Language) -> String {
    say!(
        lang,
        "Give a JSON file or folder to import, or --csv DIR.",
        "Gib eine JSON-Datei oder einen Ordner zum Importieren an, oder --csv ORDNER."
    )
}

/// `--csv` naming no file of an export.
pub fn csv_file_unknown(which: &str, lang: Language) -> String {
    say!(
        lang,
        "--csv {which:?} is not entrants, pairings, results, rounds, corrections, standings \
             or decks.",
        "--csv {which:?} ist weder entrants, pairings, results, rounds, corrections, \
             standings noch decks."
    )
}

/// The output could not be written (the system's own reason follows).
pub fn cannot_write(reason: &str, lang: Language) -> String {
    say!(
        lang,
        "Cannot write the output: {reason}",
        "Die Ausgabe kann nicht geschrieben werden: {reason}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use Language::{De, En};

    #[test]
    fn every_refusal_is_worded_in_both_languages() {
        let all = |l| {
            vec![
                no_event_numbered(7, l),
                no_event_named("Winter Cup", l),
                events_named("Cup", &[2, 5], l),
                crystals_format("5+3", l),
                no_clock(l),
                result_needs(l),
                csv_import_needs("--name", l),
                import_needs_file(l),
                csv_file_unknown("players", l),
                cannot_write("broken pipe", l),
            ]
        };
        for (en, de) in all(En).into_iter().zip(all(De)) {
            assert_ne!(en, de, "{en}");
        }
        assert_eq!(
            events_named("Cup", &[2, 5], De),
            "2 Turniere heißen \"Cup\"; gib stattdessen die Nummer an (2, 5)."
        );
        assert_eq!(
            crystals_format("5+3", En),
            "Crystals \"5+3\" should be two numbers like 5-3 (seat A first)."
        );
    }
}
