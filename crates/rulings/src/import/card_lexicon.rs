//! Linking card names in running text: a lexicon of names and aliases, matched case-sensitively
//! on whole words, longest first, with matched spans masked so `Master Rune of Valaya` does not
//! also count as `Valaya`. Shared by the importers of the other games (WHI, KC, STCCG).

use crate::model::{CardLink, CardName, Lang, LinkRole};
use cards::other::{OtherCard, OtherCatalogFile};
use cards::{CardId, Game};

/// Typographic quotes, NBSP and mis-decoded spaces folded to ASCII so a name written with
/// `’` matches one written with `'`. Length in chars is not preserved; display text keeps the
/// original.
pub fn fold_typography(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '\u{2018}' | '\u{2019}' | '\u{201B}' | '\u{2032}' => '\'',
            '\u{201C}' | '\u{201D}' | '\u{201E}' => '"',
            // U+2020 is a Mac-Roman NBSP read as Latin-1 in the Knightmare Chess page.
            '\u{00A0}' | '\u{2020}' | '\t' => ' ',
            other => other,
        })
        .collect()
}

/// Folds typography and collapses whitespace runs to one space.
pub fn normalize_text(s: &str) -> String {
    fold_typography(s)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A card of a document's catalog with its id, name and where the document first names it;
/// the importer adds the aliases, kind, set, number and conflicts the document gives.
pub fn found_card(id: CardId, name: String, source: String) -> OtherCard {
    OtherCard {
        id,
        name,
        aliases: Vec::new(),
        set: None,
        number: None,
        conflicts: Vec::new(),
        kind: None,
        source: Some(source),
    }
}

/// `whi-` + the canonical name in lower-case ASCII with hyphens.
pub fn card_id(prefix: &str, name: &str) -> CardId {
    let mut slug = String::new();
    let mut pending_hyphen = false;
    // An ellipsis separates words (`The Higher...The Fewer`); a single dot does not (`U.S.S.`).
    for c in normalize_text(&name.replace("...", " ").replace('…', " ")).chars() {
        let mapped = match c {
            'à'..='å' | 'À'..='Å' => Some('a'),
            'é' | 'è' | 'ê' | 'ë' | 'É' => Some('e'),
            'ö' | 'ó' | 'ô' | 'Ö' => Some('o'),
            'ü' | 'ú' | 'Ü' => Some('u'),
            'í' | 'ï' => Some('i'),
            '\'' | '!' | '?' | '.' => None, // dropped without a hyphen: `Bash' Em!` -> `bash-em`
            c if c.is_ascii_alphanumeric() => Some(c.to_ascii_lowercase()),
            _ => {
                pending_hyphen = !slug.is_empty();
                continue;
            }
        };
        if let Some(m) = mapped {
            if pending_hyphen {
                slug.push('-');
                pending_hyphen = false;
            }
            slug.push(m);
        }
    }
    CardId(format!("{prefix}-{slug}"))
}

/// The names and aliases of a catalog file, as importers take them.
pub fn card_names(file: &OtherCatalogFile) -> Vec<CardName> {
    let mut out = Vec::new();
    for card in &file.cards {
        for name in std::iter::once(&card.name).chain(card.aliases.iter()) {
            out.push(CardName {
                game: file.game,
                card: card.id.clone(),
                name: name.clone(),
                lang: Lang::En,
            });
        }
    }
    out
}

/// The catalog as written to `data/cards/`: pretty JSON with a final newline, so regenerating
/// an unchanged catalog gives a byte-identical file.
pub fn catalog_json(file: &OtherCatalogFile) -> Result<String, serde_json::Error> {
    let mut s = serde_json::to_string_pretty(file)?;
    s.push('\n');
    Ok(s)
}

/// A set of names to look for in text.
#[derive(Debug, Clone, Default)]
pub struct Lexicon {
    /// (normalized name, card), longest name first.
    entries: Vec<(String, CardId)>,
}

impl Lexicon {
    /// Names of `game` only, minus those in `prose_excluded` (names that are also ordinary
    /// words of the document, like `Space` or `Q` in Star Trek: linked only as entry labels).
    pub fn new(names: &[CardName], game: Game, prose_excluded: &[&str]) -> Self {
        let mut entries: Vec<(String, CardId)> = names
            .iter()
            .filter(|n| n.game == game)
            .map(|n| (normalize_text(&n.name), n.card.clone()))
            .filter(|(n, _)| !n.is_empty() && !prose_excluded.contains(&n.as_str()))
            .collect();
        entries.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.0.cmp(&b.0)));
        entries.dedup();
        Lexicon { entries }
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The card a whole name stands for (exact match after normalisation), if any.
    pub fn resolve(&self, name: &str) -> Option<&CardId> {
        let key = normalize_text(name);
        self.entries.iter().find(|(n, _)| *n == key).map(|(_, c)| c)
    }

    /// The card a name stands for, ignoring case (for headings printed in capitals).
    pub fn resolve_ignore_case(&self, name: &str) -> Option<&CardId> {
        let key = normalize_text(name).to_lowercase();
        self.entries
            .iter()
            .find(|(n, _)| n.to_lowercase() == key)
            .map(|(_, c)| c)
    }

    /// Every card named in `text` with the text that matched, in order of first mention,
    /// one per card.
    pub fn find(&self, text: &str) -> Vec<(CardId, String)> {
        let text = normalize_text(text);
        let mut out: Vec<(CardId, String)> = Vec::new();
        for (start, end, card) in self.spans(&text) {
            if !out.iter().any(|(c, _)| *c == card) {
                out.push((card, text[start..end].to_string()));
            }
        }
        out
    }

    /// Every match in `text` (already normalised) as byte spans, in text order.
    pub fn spans(&self, text: &str) -> Vec<(usize, usize, CardId)> {
        let mut masked = vec![false; text.len()];
        let mut hits: Vec<(usize, usize, CardId)> = Vec::new();
        for (name, card) in &self.entries {
            let mut from = 0;
            while let Some(pos) = text[from..].find(name.as_str()) {
                let start = from + pos;
                let end = start + name.len();
                from = end;
                if masked[start..end].iter().any(|m| *m) || !on_word_boundaries(text, start, end) {
                    continue;
                }
                masked[start..end].iter_mut().for_each(|m| *m = true);
                hits.push((start, end, card.clone()));
            }
        }
        hits.sort_by_key(|h| h.0);
        hits
    }
}

fn on_word_boundaries(text: &str, start: usize, end: usize) -> bool {
    let before = text[..start].chars().next_back();
    let after = text[end..].chars().next();
    let is_word = |c: char| c.is_alphanumeric();
    let first = text[start..end].chars().next();
    let last = text[start..end].chars().next_back();
    // Only a name that starts/ends with a word character needs a boundary there
    // (`THINK AGAIN!` may be followed directly by a letter-free `.`).
    let ok_before = !(first.is_some_and(is_word) && before.is_some_and(is_word));
    let ok_after = !(last.is_some_and(is_word) && after.is_some_and(is_word));
    ok_before && ok_after
}

/// Adds `(card, role, matched)` to `links` unless the card is already linked; a subject link
/// upgrades an earlier mention.
pub fn push_link(links: &mut Vec<CardLink>, card: CardId, role: LinkRole, matched: &str) {
    if let Some(existing) = links.iter_mut().find(|l| l.card == card) {
        if role == LinkRole::Subject && existing.role != LinkRole::Subject {
            existing.role = LinkRole::Subject;
            existing.matched = matched.to_string();
        }
        return;
    }
    links.push(CardLink {
        card,
        role,
        matched: matched.to_string(),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[(&str, &str)]) -> Vec<CardName> {
        list.iter()
            .map(|(id, n)| CardName {
                game: Game::KnightmareChess,
                card: CardId((*id).into()),
                name: (*n).into(),
                lang: Lang::En,
            })
            .collect()
    }

    #[test]
    fn longest_first_with_masking_and_boundaries() {
        let lex = Lexicon::new(
            &names(&[
                ("a", "FOG OF WAR"),
                ("b", "WAR"),
                ("c", "TOLL"),
                ("d", "THINK AGAIN!"),
            ]),
            Game::KnightmareChess,
            &[],
        );
        let found = lex.find("FOG OF WAR then TOLLED and THINK AGAIN!.");
        let ids: Vec<&str> = found.iter().map(|(c, _)| c.0.as_str()).collect();
        assert_eq!(ids, vec!["a", "d"]);
    }

    #[test]
    fn slug_is_ascii_lower_hyphenated() {
        assert_eq!(
            card_id("whi", "Rip Dere ‘Eads Off!").0,
            "whi-rip-dere-eads-off"
        );
        assert_eq!(card_id("kc", "SURVIVORS' REWARD").0, "kc-survivors-reward");
        assert_eq!(
            card_id("stccg", "Kevin Uxbridge: Convergence").0,
            "stccg-kevin-uxbridge-convergence"
        );
    }
}
