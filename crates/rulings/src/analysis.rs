//! Words as players type them: folded (see [`crate::fold`]), stemmed in English and German
//! (Snowball, `rust-stemmers`), small words told apart, German separable verbs put together.
//!
//! The index and the query use the same [`keys`] of a word: its English and its German stem.
//! A word is stemmed both ways because a record's card names, section titles and quoted
//! German names mix the languages, and because a query does not say its language; the two
//! stems of a word of the other language rarely meet an unrelated word.

use rust_stemmers::{Algorithm, Stemmer};
use std::sync::LazyLock;

static EN: LazyLock<Stemmer> = LazyLock::new(|| Stemmer::create(Algorithm::English));
static DE: LazyLock<Stemmer> = LazyLock::new(|| Stemmer::create(Algorithm::German));

/// The index keys of a folded word: its English and German stems (one when they agree).
pub fn keys(folded: &str) -> [String; 2] {
    let mut en = EN.stem(folded).into_owned();
    // Porter2 undoubles "ff" after a suffix ("bluffing" → "bluf") but keeps "bluff" whole
    if en.ends_with('f') && folded.starts_with(&format!("{en}f")) {
        en.push('f');
    }
    // the German stemmer leaves verb forms in -t whole ("ignoriert", "ignorieren" → "ignori");
    // the many verbs in -ieren meet their infinitive here
    let de = match ["iert", "ierte", "ierten", "iertes", "ierter", "ierst"]
        .iter()
        .find_map(|e| folded.strip_suffix(e))
    {
        Some(base) if base.len() >= 3 => DE.stem(&format!("{base}ieren")).into_owned(),
        _ => DE.stem(folded).into_owned(),
    };
    [en, de]
}

/// The German key of a folded word (the second of its [`keys`]).
pub fn german_stem(folded: &str) -> String {
    let [_, de] = keys(folded);
    de
}

/// Small words of English and German that say nothing about a ruling on their own: a query's
/// own "what", "when", "I", "does", "kann ich", "wenn". Game words that look small (`stop`,
/// `free`, `turn`, `up` in "draw up") are not here; glossary phrases are found before these are
/// left out.
const STOP_WORDS: &[&str] = &[
    // English
    "a",
    "about",
    "after",
    "all",
    "also",
    "am",
    "an",
    "and",
    "any",
    "are",
    "as",
    "at",
    "be",
    "because",
    "been",
    "before",
    "being",
    "both",
    "but",
    "by",
    "can",
    "could",
    "did",
    "do",
    "does",
    "doing",
    "during",
    "each",
    "else",
    "for",
    "from",
    "get",
    "gets",
    "got",
    "had",
    "has",
    "have",
    "having",
    "he",
    "her",
    "here",
    "him",
    "his",
    "how",
    "i",
    "if",
    "in",
    "into",
    "is",
    "it",
    "its",
    "just",
    "me",
    "might",
    "more",
    "most",
    "must",
    "my",
    "myself",
    "of",
    "on",
    "only",
    "or",
    "other",
    "our",
    "ourselves",
    "out",
    "own",
    "she",
    "should",
    "so",
    "some",
    "such",
    "than",
    "that",
    "the",
    "their",
    "them",
    "then",
    "there",
    "these",
    "they",
    "this",
    "those",
    "through",
    "to",
    "too",
    "very",
    "was",
    "way",
    "we",
    "were",
    "what",
    "when",
    "where",
    "whether",
    "which",
    "while",
    "who",
    "whom",
    "why",
    "will",
    "with",
    "would",
    "you",
    "your",
    "yours",
    "anything",
    "something",
    "happens",
    "happen",
    "still",
    "allowed",
    "able",
    "really",
    "okay",
    "ok",
    "mean",
    "means",
    "meant",
    // the tails of English contractions, cut off as words of their own (`can't`, `it's`,
    // `I'd`, `we'll`, `they're`, `I've`, `I'm`): `t` found `isn't`
    "t",
    "s",
    "d",
    "ll",
    "re",
    "ve",
    "m",
    // German
    "aber",
    "alle",
    "allem",
    "allen",
    "aller",
    "alles",
    "als",
    "also",
    "am",
    "an",
    "auch",
    "auf",
    "aus",
    "bei",
    "beim",
    "bin",
    "bis",
    "bist",
    "da",
    "dabei",
    "dadurch",
    "dafur",
    "damit",
    "dann",
    "darf",
    "darauf",
    "das",
    "dass",
    "dem",
    "den",
    "denn",
    "der",
    "des",
    "dich",
    "die",
    "dies",
    "diese",
    "diesem",
    "diesen",
    "dieser",
    "dieses",
    "dir",
    "doch",
    "dort",
    "du",
    "durch",
    "ein",
    "eine",
    "einem",
    "einen",
    "einer",
    "eines",
    "er",
    "es",
    "etwas",
    "fur",
    "hat",
    "hatte",
    "habe",
    "haben",
    "ich",
    "ihm",
    "ihn",
    "ihr",
    "ihre",
    "ihren",
    "im",
    "in",
    "ins",
    "ist",
    "ja",
    "kann",
    "kannst",
    "konnen",
    "man",
    "mein",
    "meine",
    "meinen",
    "mich",
    "mir",
    "mit",
    "muss",
    "musst",
    "nach",
    "noch",
    "nun",
    "ob",
    "oder",
    "sein",
    "seine",
    "seinen",
    "sich",
    "sie",
    "sind",
    "so",
    "soll",
    "sollte",
    "um",
    "und",
    "uns",
    "unter",
    "vom",
    "von",
    "vor",
    "war",
    "was",
    "weil",
    "welche",
    "welcher",
    "wenn",
    "wer",
    "werden",
    "wie",
    "wird",
    "wo",
    "wir",
    "zu",
    "zum",
    "zur",
    "uber",
    "darf",
    "durfen",
    "geht",
    "gilt",
    "passiert",
    "eigentlich",
    "trotzdem",
    "genau",
    "bedeutet",
    "heisst",
    // the German of English small words above that the German list lacked ("when", "why",
    // "only", "more", "very", "do", "was", "there is"); "same" and "gleiche" are not small:
    // the FAQs ask whether one thing is the same as another with them ("Is "discard" the same
    // as "play"?")
    "wann",
    "warum",
    "wieso",
    "weshalb",
    "welchen",
    "welches",
    "welchem",
    "nur",
    "mehr",
    "sehr",
    "gleich",
    "machen",
    "mache",
    "macht",
    "gemacht",
    "tun",
    "wurde",
    "wurden",
    "worden",
    "werde",
    "wirst",
    "hast",
    "hab",
    "seid",
    "gibt",
    "gibts",
    "schon",
    "mal",
    "einfach",
    "irgendwie",
    "irgendwelche",
    "irgendein",
    "irgendeine",
    "pro",
];

/// Whether folded `word` is a small word (see [`STOP_WORDS`]).
pub fn is_stop_word(word: &str) -> bool {
    STOP_WORDS.contains(&word)
}

/// Number words of English and German as the FAQs write them, in digits ("draw up to six",
/// "auf sechs Karten": the FAQs say "6").
const NUMBERS: &[(&str, &str)] = &[
    ("two", "2"),
    ("zwei", "2"),
    ("three", "3"),
    ("drei", "3"),
    ("four", "4"),
    ("vier", "4"),
    ("five", "5"),
    ("funf", "5"),
    ("six", "6"),
    ("sechs", "6"),
    ("seven", "7"),
    ("sieben", "7"),
    ("eight", "8"),
    ("acht", "8"),
    ("nine", "9"),
    ("neun", "9"),
    ("ten", "10"),
    ("zehn", "10"),
];

/// The digits of a folded number word (`sechs` → `6`).
pub fn digits_of(word: &str) -> Option<&'static str> {
    NUMBERS.iter().find(|(w, _)| *w == word).map(|(_, d)| *d)
}

/// German verb particles that stand apart from their verb in a main clause ("er lehnt den Kampf
/// ab" for "ablehnen"). Only those that are not also the small words a question is made of in
/// another sense are put together with a verb; see [`separable_verbs`].
const PARTICLES: &[&str] = &[
    "ab", "an", "auf", "aus", "bei", "ein", "mit", "nach", "vor", "weg", "zu", "zuruck",
    "zusammen", "los", "hinzu", "weiter", "fest", "um", "ran", "raus", "heraus", "hinaus",
];

/// Verb endings of a present or past form ("lehnt", "lehnst", "lehnte"), left off before a
/// particle is put in front: the joined word is then a beginning of the infinitive's stem.
/// Longest first; the first [`FINITE`] are those of finite forms only, which the Snowball
/// stemmer leaves on (`prüft`, `zieht`, `legte`); the last three are also the infinitive's and
/// nouns' endings.
const VERB_ENDINGS: &[&str] = &["test", "tet", "ten", "te", "st", "et", "t", "en", "e", "n"];
const FINITE: usize = 7;

/// The verbs a German query may write apart, put together: for a particle standing on its own
/// at the end of a clause (`lehnt … ab`), the particle joined to each word before it that is
/// not small, without its verb ending (`ablehn`, `abkampf`), to be matched as a word beginning
/// (`ablehnen`, `ablehnt`). The caller keeps the joined words that exist (in the index or the
/// glossary). `words` are the query's folded words in order; returns (index of the particle,
/// index of the verb, joined beginning).
pub fn separable_verbs(words: &[String]) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    for (k, p) in words.iter().enumerate() {
        if !PARTICLES.contains(&p.as_str()) || k == 0 {
            continue;
        }
        // the particle closes the clause: it is the last word, or followed by a small word
        let closes = words.get(k + 1).is_none_or(|n| is_stop_word(n));
        if !closes {
            continue;
        }
        for v in (0..k).rev().take(6) {
            let verb = &words[v];
            if is_stop_word(verb) || PARTICLES.contains(&verb.as_str()) {
                continue;
            }
            let base = VERB_ENDINGS
                .iter()
                .find_map(|e| verb.strip_suffix(e).filter(|b| b.chars().count() >= 3))
                .unwrap_or(verb);
            out.push((k, v, format!("{p}{base}")));
        }
    }
    out
}

/// Prefixes a German word may carry before the verb or noun it is made of besides the
/// separable [`PARTICLES`]: `uber`, `wieder`, `durch`, `un`, `in` (`überprüft`, `inaktiv`).
const OTHER_HEADS: &[&str] = &["wieder", "durch", "uber", "un", "in"];

/// The inseparable prefixes `ver`, `ent`, `be`, `er`: a participle keeps them (`bemerkt`,
/// `verlangt`), and split off they leave another verb (`verlangt` is not `langen`, `erhalten`
/// not `halten`), so they are never split off.
const INSEPARABLE: &[&str] = &["ver", "ent", "be", "er"];

/// Every prefix a German word may carry before the verb it is made of, except the
/// [`INSEPARABLE`] ones (see [`OTHER_HEADS`]).
fn heads() -> impl Iterator<Item = &'static str> {
    PARTICLES.iter().chain(OTHER_HEADS).copied()
}

/// German base forms of a folded word that the stemmer does not reach, as candidates (the
/// caller keeps those the index knows): `(form, whole)`, `whole` when the form keeps the
/// word's own prefix (`ausgelegt` → `auslegen`, `prüft` → `prüfen`), not when a prefix was
/// split off (`überprüft` → `prüfen`, `inaktiv` → `aktiv`, `aufgedeckte` → `decken`).
/// Past participles lose their `ge` (`geprüft`, `ausgelegt`), `zu`-infinitives their `zu`
/// (`auszulegen`), finite verbs take the infinitive's `-en`.
pub fn base_forms(word: &str) -> Vec<(String, bool)> {
    let mut out: Vec<(String, bool)> = Vec::new();
    if word.len() < 5 || !word.is_ascii() {
        return out;
    }
    let push = |f: String, whole: bool, out: &mut Vec<(String, bool)>| {
        if f != word && f.len() >= 4 && !out.iter().any(|(o, _)| *o == f) {
            out.push((f, whole));
        }
    };
    // the word with its prefix, `ge`/`zu` taken out of its middle (or its start)
    let mut whole = vec![word.to_owned()];
    for h in std::iter::once("")
        .chain(heads())
        .chain(INSEPARABLE.iter().copied())
    {
        if let Some(rest) = word.strip_prefix(h) {
            for infix in ["ge", "zu"] {
                if let Some(x) = rest.strip_prefix(infix).filter(|x| x.len() >= 3) {
                    whole.push(format!("{h}{x}"));
                }
            }
        }
    }
    for w in &whole {
        if w != word {
            push(w.clone(), true, &mut out);
        }
        if let Some(i) = finite_to_infinitive(w) {
            push(i, true, &mut out);
        }
    }
    // the prefix split off: the rest and its own base forms
    for h in heads() {
        let Some(rest) = word.strip_prefix(h).filter(|r| r.len() >= 4) else {
            continue;
        };
        let rest = rest
            .strip_prefix("ge")
            .filter(|r| r.len() >= 3)
            .unwrap_or(rest);
        push(rest.to_owned(), false, &mut out);
        if let Some(i) = finite_to_infinitive(rest) {
            push(i, false, &mut out);
        }
    }
    out
}

/// The infinitive of a finite German verb form (`prüft` → `prüfen`), when it has an ending.
fn finite_to_infinitive(word: &str) -> Option<String> {
    VERB_ENDINGS[..FINITE]
        .iter()
        .find_map(|e| word.strip_suffix(e))
        .filter(|x| x.len() >= 4)
        .map(|x| format!("{x}en"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stems_meet_in_both_languages() {
        assert_eq!(keys("discarded")[0], keys("discarding")[0]);
        assert_eq!(keys("bluffing")[0], keys("bluff")[0]);
        assert_eq!(keys("drachen")[1], keys("drache")[1]);
        assert_eq!(keys("ignoriert")[1], keys("ignorieren")[1]);
    }

    #[test]
    fn separable_verbs_are_put_together() {
        let w = |s: &str| s.split(' ').map(str::to_owned).collect::<Vec<_>>();
        assert_eq!(
            separable_verbs(&w("lehnt ab")),
            vec![(1, 0, "ablehn".to_owned())]
        );
        assert_eq!(
            separable_verbs(&w("wer lehnt den kampf ab")),
            vec![(4, 3, "abkampf".to_owned()), (4, 1, "ablehn".to_owned())]
        );
        assert!(separable_verbs(&w("ab wann")).is_empty());
    }

    #[test]
    fn german_base_forms_reach_the_infinitive() {
        let has = |w: &str, f: &str, whole: bool| base_forms(w).contains(&(f.to_owned(), whole));
        assert!(has("gepruft", "prufen", true));
        assert!(has("uberpruft", "uberprufen", true));
        assert!(has("uberpruft", "prufen", false));
        assert!(has("ausgelegt", "auslegen", true));
        assert!(has("auszulegen", "auslegen", true));
        assert!(has("inaktiv", "aktiv", false));
        assert!(has("aufgedeckte", "aufdecken", true));
        assert!(base_forms("karte").is_empty());
        // an inseparable prefix is never split off: `verlangt` is not `langen`
        assert!(!base_forms("verlangt").iter().any(|(f, _)| f == "langen"));
    }
}
