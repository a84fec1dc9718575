//! A person's name, one spelling per person: the one rule every place a name enters applies (a
//! new game of any kind, a new match, an event's registration and its correction, an import).
//!
//! What people type is kept as they typed it, except that it is trimmed and composed (Unicode
//! NFC, so "José" typed with a combining accent is stored as the same letters as "José" typed
//! with the composed "é"). Refused: nothing to show (empty, or only invisible characters),
//! control characters and the bidirectional controls that make a name read differently from
//! what it is (right-to-left overrides and isolates). Two spellings that differ only by
//! invisible characters (a zero-width space, a soft hyphen, a joiner), by composition or by
//! case name the same person: they share one [`key`].

use unicode_normalization::UnicodeNormalization;

/// Why a typed name cannot be a person's name. The service words it in the interface language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameProblem {
    /// Nothing at all, or only spaces.
    Empty,
    /// Only characters that show nothing (zero-width spaces, joiners, soft hyphens).
    Invisible,
    /// A control character or a bidirectional control (`ch`), which can make a name show
    /// other than it is.
    Forbidden { ch: char },
    /// Longer than `max` characters.
    TooLong { chars: usize, max: usize },
}

impl std::fmt::Display for NameProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            NameProblem::Empty => write!(f, "is empty"),
            NameProblem::Invisible => write!(f, "has only invisible characters"),
            NameProblem::Forbidden { ch } => {
                write!(f, "contains the control character U+{:04X}", u32::from(ch))
            }
            NameProblem::TooLong { chars, max } => {
                write!(f, "is {chars} characters long; at most {max}")
            }
        }
    }
}

/// Characters that show nothing on their own: a name differing only by them is the same name.
/// (Unicode's default-ignorable format characters that people paste by accident or on purpose;
/// the bidirectional controls among them are refused outright, see [`is_bidi_control`].)
pub fn is_invisible(ch: char) -> bool {
    matches!(ch,
        '\u{00AD}'                  // soft hyphen
        | '\u{034F}'                // combining grapheme joiner
        | '\u{115F}' | '\u{1160}'   // Hangul fillers
        | '\u{17B4}' | '\u{17B5}'   // Khmer inherent vowels
        | '\u{180B}'..='\u{180F}'   // Mongolian free variation selectors, vowel separator
        | '\u{200B}'..='\u{200D}'   // zero-width space, non-joiner, joiner
        | '\u{2060}'..='\u{2064}'   // word joiner, invisible operators
        | '\u{3164}'                // Hangul filler
        | '\u{FE00}'..='\u{FE0F}'   // variation selectors
        | '\u{FEFF}'                // zero-width no-break space (BOM)
        | '\u{FFA0}'                // halfwidth Hangul filler
        | '\u{1D173}'..='\u{1D17A}' // musical formatting
        | '\u{E0000}'..='\u{E0FFF}' // tags, variation selectors supplement
    )
}

/// The bidirectional controls: embeddings, overrides, isolates and marks. In a name they can
/// show "Ann" for what is stored as "nnA", or reorder what follows the name on a page.
pub fn is_bidi_control(ch: char) -> bool {
    matches!(
        ch,
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}

/// The name as stored: trimmed and composed (NFC); refused if it shows nothing, holds a control
/// or bidirectional control, or is longer than `max_chars` characters.
pub fn normalise(raw: &str, max_chars: usize) -> Result<String, NameProblem> {
    let name: String = raw.trim().nfc().collect();
    // invisible characters at the ends are trimmed too, so "Ann\u{200B}" is stored as "Ann"
    let name = name
        .trim_matches(|c: char| c.is_whitespace() || is_invisible(c))
        .to_string();
    if raw.trim().is_empty() {
        return Err(NameProblem::Empty);
    }
    // spaces, tabs and line ends around a name are trimmed, not refused
    if let Some(ch) = raw
        .trim()
        .chars()
        .find(|&c| c.is_control() || is_bidi_control(c))
    {
        return Err(NameProblem::Forbidden { ch });
    }
    if name.is_empty() || name.chars().all(|c| c.is_whitespace() || is_invisible(c)) {
        return Err(NameProblem::Invisible);
    }
    let chars = name.chars().count();
    if chars > max_chars {
        return Err(NameProblem::TooLong {
            chars,
            max: max_chars,
        });
    }
    Ok(name)
}

/// What two spellings of one person share: composed, without invisible characters, in lower
/// case. Names with the same key are the same person.
pub fn key(name: &str) -> String {
    let visible: String = name
        .trim()
        .nfc()
        .filter(|&c| !is_invisible(c) && !is_bidi_control(c))
        .collect();
    visible.to_lowercase()
}

/// Two names of one person that are spelled apart by more than case (invisible characters or
/// composition): entering both as two people is refused, naming both spellings.
pub fn same_person(a: &str, b: &str) -> bool {
    key(a) == key(b)
}

/// The same spelling, apart from case and composition ("José" typed either way): one name, not
/// two spellings of it.
pub fn same_spelling(a: &str, b: &str) -> bool {
    let norm = |s: &str| s.trim().nfc().collect::<String>().to_lowercase();
    norm(a) == norm(b)
}

/// The first two names in `names` that are the same person, in the order given.
pub fn first_same_person<'a>(names: &[&'a str]) -> Option<(&'a str, &'a str)> {
    for (i, a) in names.iter().enumerate() {
        if let Some(b) = names[i + 1..].iter().find(|b| same_person(a, b)) {
            return Some((a, b));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_trimmed_and_composed() {
        let decomposed = "Jose\u{0301}";
        assert_eq!(normalise(decomposed, 80), Ok("Jos\u{00E9}".to_string()));
        assert_eq!(normalise("  Ann  ", 80), Ok("Ann".to_string()));
        assert_eq!(normalise("Ann\u{200B}", 80), Ok("Ann".to_string()));
        // a joiner inside a name stays as typed (scripts and emoji need it)
        assert_eq!(normalise("a\u{200D}b", 80), Ok("a\u{200D}b".to_string()));
    }

    #[test]
    fn a_name_of_nothing_visible_is_refused() {
        assert_eq!(normalise("", 80), Err(NameProblem::Empty));
        assert_eq!(normalise("   ", 80), Err(NameProblem::Empty));
        assert_eq!(normalise("\u{200B}", 80), Err(NameProblem::Invisible));
        assert_eq!(
            normalise(" \u{200B}\u{FEFF}\u{2060} ", 80),
            Err(NameProblem::Invisible)
        );
    }

    #[test]
    fn control_and_bidi_characters_are_refused() {
        assert_eq!(
            normalise("Ann\u{202E}", 80),
            Err(NameProblem::Forbidden { ch: '\u{202E}' })
        );
        assert_eq!(
            normalise("\u{2067}Ben", 80),
            Err(NameProblem::Forbidden { ch: '\u{2067}' })
        );
        assert_eq!(
            normalise("A\u{0007}nn", 80),
            Err(NameProblem::Forbidden { ch: '\u{0007}' })
        );
        assert_eq!(
            normalise("Ann\u{200F}", 80),
            Err(NameProblem::Forbidden { ch: '\u{200F}' })
        );
    }

    #[test]
    fn a_long_name_is_refused_with_its_length() {
        assert_eq!(
            normalise("abcdef", 5),
            Err(NameProblem::TooLong { chars: 6, max: 5 })
        );
        // counted after composing: five letters, not six code points
        assert!(normalise("Jose\u{0301}", 4).is_ok());
    }

    #[test]
    fn spellings_apart_by_invisibles_composition_or_case_are_one_person() {
        assert!(same_person("P1", "P1\u{200B}"));
        assert!(same_person("P\u{00AD}1", "P1"));
        assert!(same_person("Jos\u{00E9}", "Jose\u{0301}"));
        assert!(same_person("anna", "Anna"));
        assert!(!same_person("Ann", "Anna"));
        assert!(!same_person("P1", "P2"));
        assert_eq!(
            first_same_person(&["Ann", "P1", "Ben", "P1\u{200B}"]),
            Some(("P1", "P1\u{200B}"))
        );
        assert_eq!(first_same_person(&["Ann", "Ben"]), None);
        assert!(same_spelling("Jos\u{00E9}", "jose\u{0301}"));
        assert!(!same_spelling("P1", "P1\u{200B}"));
    }
}
