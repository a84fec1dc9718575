//! Why `tablemate power` cannot read a table-state file (crates/bluemoon/TABLE_STATE.md), in
//! the interface language. The JSON parser's finding keeps its place in the file (line and
//! column), the one thing a person needs to mend it; its common findings are worded in German
//! too, the rest by what kind of problem it is.

use bluemoon::{Area, Player};

use crate::Language::{self, De, En};

/// What is wrong with a table state.
pub(crate) enum Problem<'a> {
    /// The parser's finding (serde_json's words, "… at line L column C"), or the engine's.
    Json(&'a str),
    /// Written in a format this version does not read.
    Version(u32),
    /// A face-down entry outside the support area, where face-down cards lie in play.
    FaceDownOutsideSupport(Player, Area),
    /// A refusal of the engine already worded in `lang` (a face-down card that is no bluff).
    Worded(String),
}

/// The whole sentence: "The table state cannot be read: …".
pub(crate) fn unreadable(p: &Problem, lang: Language) -> String {
    let why = match p {
        Problem::Json(detail) => json(detail, lang),
        Problem::Version(v) if lang == De => {
            format!("er hat das Format Version {v}, diese Version liest Version 1")
        }
        Problem::Version(v) => format!("it is in format version {v}; this version reads version 1"),
        Problem::FaceDownOutsideSupport(seat, area) => {
            let area = super::refusal::area_name(*area, lang);
            match lang {
                En => format!(
                    "player {seat:?} has a face-down card in the {area}: face down, only a bluff \
                     card lies in the support area"
                ),
                De => format!(
                    "Spieler {seat:?} hat eine verdeckte Karte im {area}: verdeckt liegt nur eine \
                     Bluffkarte im Unterstützungsbereich"
                ),
            }
        }
        Problem::Worded(s) => s.clone(),
    };
    match lang {
        En => format!("The table state cannot be read: {why}"),
        De => format!("Der Tischzustand kann nicht gelesen werden: {why}"),
    }
}

/// The parser's finding in `lang`, its place kept.
fn json(detail: &str, lang: Language) -> String {
    if lang == En {
        return detail.to_owned();
    }
    let (what, place) = match detail.rsplit_once(" at line ") {
        Some((what, rest)) => (what, rest.split_once(" column ")),
        None => (detail, None),
    };
    // the name between the first pair of backticks ("missing field `A`")
    let named = || what.split('`').nth(1).unwrap_or("");
    let what = if what.starts_with("missing field") {
        format!("das Feld `{}` fehlt", named())
    } else if what.starts_with("unknown field") {
        format!("das Feld `{}` gibt es nicht", named())
    } else if what.starts_with("unknown variant") {
        format!("den Wert `{}` gibt es nicht", named())
    } else if what.starts_with("invalid type") || what.starts_with("invalid value") {
        "ein Wert hat nicht die erwartete Art".to_owned()
    } else if what.starts_with("EOF while parsing") {
        "die Datei endet mitten im JSON".to_owned()
    } else if what.starts_with("a table state is a JSON object") {
        "ein Tischzustand ist ein JSON-Objekt ({ \"A\": …, \"B\": … })".to_owned()
    } else {
        "das ist kein gültiges JSON im Format des Tischzustands".to_owned()
    };
    match place {
        Some((line, column)) => format!("{what} (Zeile {line}, Spalte {column})"),
        None => what,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parsers_finding_is_worded_in_german_with_its_place() {
        let p = Problem::Json("missing field `v` at line 1 column 12");
        assert_eq!(
            unreadable(&p, De),
            "Der Tischzustand kann nicht gelesen werden: das Feld `v` fehlt (Zeile 1, Spalte 12)"
        );
        assert_eq!(
            unreadable(&p, En),
            "The table state cannot be read: missing field `v` at line 1 column 12"
        );
        let odd = unreadable(&Problem::Json("trailing characters at line 2 column 1"), De);
        assert!(
            odd.ends_with("kein gültiges JSON im Format des Tischzustands (Zeile 2, Spalte 1)"),
            "{odd}"
        );
    }

    #[test]
    fn a_face_down_card_outside_the_support_area_names_seat_and_area() {
        let p = Problem::FaceDownOutsideSupport(Player::B, Area::Combat);
        assert!(unreadable(&p, De).contains("Spieler B hat eine verdeckte Karte im Kampfbereich"));
        assert!(unreadable(&p, En).contains("player B has a face-down card in the combat area"));
    }
}
