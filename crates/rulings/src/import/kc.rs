//! Importer for the Knightmare Chess page "Official Rulings: Specific Cards".
//!
//! Layout: a title, a letter navigation line, then 21 letter sections (`A` alone on a line),
//! each a run of `Q.`/`A.` pairs closed by `Back to top | Back to FAQ`. Every ruling is copied
//! under the letter of each card it concerns, so the importer keeps one record per distinct
//! ruling (276 copies -> 147 rulings) and links it to every card; the letters it was filed under
//! make those cards subjects.
//!
//! Robustness policy: a document that is empty, has no letter section, has a question with no
//! answer, or whose last section is not closed (a truncated download) is rejected with an
//! [`ImportError`] naming the line; no partial result is returned, because a truncated page
//! would silently lose the rulings of the letters after the cut.

mod card_table;

use crate::ids::IdMaker;
use crate::import::card_lexicon::{self, found_card, push_link, Lexicon};
use crate::import::{clip, error, record};
use crate::model::{
    CardLink, CardName, ImportError, Kind, Lang, LinkRole, Ruling, RulingId, Source,
};
use cards::other::OtherCard;
use cards::{CardId, Game};

const SOURCE: Source = Source::KnightmareChessRulings;
const SECTION_END: &str = "Back to top";

/// Questions that only make sense after the entry before them ("So I can BOG …?",
/// "This would mean …"): they reference that entry.
const FOLLOW_UP_OPENERS: &[&str] = &["So ", "This would mean", "When you say"];

/// One copy of a ruling as filed under one letter.
#[derive(Debug, Clone)]
struct Occurrence {
    letter: char,
    line: usize,
    question: Vec<String>,
    answer: Vec<String>,
}

/// Splits the page into copies of Q/A pairs, checking the layout as it goes.
fn occurrences(text: &str) -> Result<(String, Vec<Occurrence>), ImportError> {
    let err = |line: usize, message: String| error(SOURCE, format!("line {line}"), message);
    if text.trim().is_empty() {
        return Err(err(1, "document is empty".into()));
    }
    let title = text.lines().next().unwrap_or_default().trim().to_string();
    let mut out: Vec<Occurrence> = Vec::new();
    let mut letter: Option<(char, usize)> = None;
    let mut section_open = false;
    let mut current: Option<(Occurrence, bool)> = None; // (entry, in answer)

    let close = |current: &mut Option<(Occurrence, bool)>, out: &mut Vec<Occurrence>| match current
        .take()
    {
        Some((occ, true)) => {
            out.push(occ);
            Ok(())
        }
        Some((occ, false)) => Err(err(
            occ.line,
            "question has no answer (no line starting `A.` before the next entry)".into(),
        )),
        None => Ok(()),
    };

    for (idx, raw) in text.lines().enumerate() {
        let n = idx + 1;
        let line = raw.trim_end();
        let trimmed = line.trim();
        if is_letter_heading(trimmed) {
            close(&mut current, &mut out)?;
            if section_open {
                if let Some((l, at)) = letter {
                    return Err(err(
                        at,
                        format!(
                            "section {l} is not closed by `Back to top` before section {trimmed}"
                        ),
                    ));
                }
            }
            letter = trimmed.chars().next().map(|c| (c, n));
            section_open = true;
        } else if trimmed.starts_with(SECTION_END) {
            close(&mut current, &mut out)?;
            section_open = false;
        } else if let Some(rest) = strip_marker(trimmed, 'Q') {
            close(&mut current, &mut out)?;
            let Some((l, _)) = letter.filter(|_| section_open) else {
                return Err(err(n, "question outside a letter section".into()));
            };
            current = Some((
                Occurrence {
                    letter: l,
                    line: n,
                    question: vec![rest.to_string()],
                    answer: Vec::new(),
                },
                false,
            ));
        } else if let Some(rest) =
            strip_marker(trimmed, 'A').filter(|_| matches!(current, Some((_, false))))
        {
            if let Some((occ, in_answer)) = current.as_mut() {
                occ.answer.push(rest.to_string());
                *in_answer = true;
            }
        } else if let Some((occ, in_answer)) = current.as_mut() {
            // Keep blank lines and leading spaces: the FORTIFICATION question holds an ASCII
            // diagram whose columns matter.
            if *in_answer {
                occ.answer.push(line.to_string())
            } else {
                occ.question.push(line.to_string())
            }
        } else if section_open && !trimmed.is_empty() {
            return Err(err(
                n,
                format!("unexpected text outside any Q/A entry: {:?}", clip(trimmed)),
            ));
        }
    }
    close(&mut current, &mut out)?;
    match letter {
        None => Err(err(text.lines().count(), "no letter section (a line holding one capital letter) found".into())),
        Some((l, at)) if section_open => Err(err(
            at,
            format!("section {l} is not closed by `Back to top | Back to FAQ`: the document looks truncated"),
        )),
        Some(_) if out.is_empty() => Err(err(1, "no Q./A. entries found".into())),
        Some(_) => Ok((title, out)),
    }
}

fn is_letter_heading(s: &str) -> bool {
    s.len() == 1 && s.chars().all(|c| c.is_ascii_uppercase())
}

/// `Q. text` / `Q: text` -> `text`.
fn strip_marker(s: &str, marker: char) -> Option<&str> {
    let rest = s.strip_prefix(marker)?;
    let rest = rest.strip_prefix('.').or_else(|| rest.strip_prefix(':'))?;
    Some(rest.trim_start())
}

/// Joins an entry's lines, dropping the blank lines at either end.
fn join(lines: &[String]) -> String {
    lines.join("\n").trim().to_string()
}

/// The key two copies of one ruling share: dashes, quotes, NBSP/`†` and whitespace folded.
fn dedupe_key(q: &str, a: &str) -> String {
    let fold = |s: &str| {
        card_lexicon::normalize_text(&s.replace("--", "-").replace(['\u{2014}', '\u{2013}'], "-"))
            .to_lowercase()
    };
    format!("{}\n{}", fold(q), fold(a))
}

/// First letter of a card's canonical name, read back from its id (`kc-fog-of-war` -> `F`).
fn card_letter(card: &CardId) -> Option<char> {
    card.0
        .strip_prefix("kc-")
        .and_then(|s| s.chars().next())
        .map(|c| c.to_ascii_uppercase())
}

struct Unique {
    first: Occurrence,
    letters: Vec<char>,
    /// Index of the unique ruling just before the first copy, in the same letter section.
    previous: Option<usize>,
}

/// Imports the page: one record per distinct ruling, linked to every card it concerns.
pub fn import(text: &str, names: &[CardName]) -> Result<Vec<Ruling>, ImportError> {
    let (title, occs) = occurrences(text)?;
    let lexicon = Lexicon::new(names, Game::KnightmareChess, &[]);

    let mut uniques: Vec<Unique> = Vec::new();
    let mut keys: Vec<String> = Vec::new();
    let mut last_in_letter: Option<(char, usize)> = None;
    for occ in occs {
        let key = dedupe_key(&join(&occ.question), &join(&occ.answer));
        let idx = match keys.iter().position(|k| *k == key) {
            Some(i) => {
                if !uniques[i].letters.contains(&occ.letter) {
                    uniques[i].letters.push(occ.letter);
                }
                i
            }
            None => {
                let previous = last_in_letter
                    .filter(|(l, _)| *l == occ.letter)
                    .map(|(_, i)| i);
                keys.push(key);
                uniques.push(Unique {
                    letters: vec![occ.letter],
                    first: occ.clone(),
                    previous,
                });
                uniques.len() - 1
            }
        };
        last_in_letter = Some((occ.letter, idx));
    }

    let mut ids = IdMaker::new(SOURCE);
    let mut records: Vec<Ruling> = Vec::with_capacity(uniques.len());
    for u in &uniques {
        let question = join(&u.first.question);
        let answer = join(&u.first.answer);
        // Keyed by the question alone: a ruling is filed under several letters, so no single
        // section path identifies it.
        let id = ids.make(&[], &question);
        let mut links: Vec<CardLink> = Vec::new();
        for (card, matched) in lexicon.find(&format!("{question}\n{answer}")) {
            let role = match card_letter(&card) {
                Some(l) if u.letters.contains(&l) => LinkRole::Subject,
                _ => LinkRole::Mentioned,
            };
            push_link(&mut links, card, role, &matched);
        }
        let letters: Vec<String> = u.letters.iter().map(char::to_string).collect();
        records.push(Ruling {
            question: Some(question.clone()),
            cards: links,
            ..record(
                SOURCE,
                id,
                vec![title.clone(), letters.join(", ")],
                Kind::Qa,
                answer.clone(),
                format!("Q. {question}\n\nA. {answer}"),
            )
        });
    }

    // Follow-ups: a question that opens like a reply, or that is filed under a letter none of
    // its own cards explains, continues the entry before it; it references that entry and
    // borrows the cards of the unexplained letters from it.
    for (i, u) in uniques.iter().enumerate() {
        let Some(prev) = u.previous else { continue };
        let explained = |l: &char| {
            records[i]
                .cards
                .iter()
                .any(|c| card_letter(&c.card) == Some(*l))
        };
        let missing: Vec<char> = u
            .letters
            .iter()
            .filter(|l| !explained(l))
            .copied()
            .collect();
        let question = records[i].question.clone().unwrap_or_default();
        let opener = FOLLOW_UP_OPENERS.iter().any(|o| question.starts_with(o));
        if missing.is_empty() && !opener {
            continue;
        }
        let borrowed: Vec<CardLink> = records[prev]
            .cards
            .iter()
            .filter(|c| card_letter(&c.card).is_some_and(|l| missing.contains(&l)))
            .cloned()
            .collect();
        let prev_id: RulingId = records[prev].id.clone();
        let rec = &mut records[i];
        rec.refs.push(prev_id);
        for link in borrowed {
            push_link(&mut rec.cards, link.card, LinkRole::Subject, &link.matched);
        }
    }
    Ok(records)
}

/// Capitalised words (two letters or more) of the page that neither a card name nor
/// [`card_table::NOT_CARDS`] accounts for. Empty for the shipped page; a test keeps it so.
pub fn unaccounted_caps(text: &str) -> Vec<String> {
    let names = catalog_names();
    let lexicon = Lexicon::new(&names, Game::KnightmareChess, &[]);
    let mut out: Vec<String> = Vec::new();
    for line in text.lines() {
        let mut rest = card_lexicon::normalize_text(line);
        for (start, end, _) in lexicon.spans(&rest.clone()) {
            rest.replace_range(start..end, &" ".repeat(end - start));
        }
        for word in
            rest.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '-' || c == '!'))
        {
            let word = word.trim_matches(|c| c == '\'' || c == '-' || c == '!');
            let letters: Vec<char> = word.chars().filter(|c| c.is_alphabetic()).collect();
            let caps = letters.len() >= 2 && letters.iter().all(|c| c.is_uppercase());
            // Section letters and chess notation (`RxQ`) are not all capitals.
            if caps && !card_table::NOT_CARDS.contains(&word) && !out.iter().any(|w| w == word) {
                out.push(word.to_string());
            }
        }
    }
    out
}

fn catalog_names() -> Vec<CardName> {
    let mut out = Vec::new();
    for (name, aliases) in card_table::CARDS {
        let card = card_lexicon::card_id("kc", name);
        for n in std::iter::once(name).chain(aliases.iter()) {
            out.push(CardName {
                game: Game::KnightmareChess,
                card: card.clone(),
                name: (*n).to_string(),
                lang: Lang::En,
            });
        }
    }
    out
}

/// The catalog of cards the page names: every card of the curated table that the page
/// actually mentions, with the aliases it uses, and the letter section of its first mention.
pub fn catalog(text: &str) -> Result<Vec<OtherCard>, ImportError> {
    let (_, occs) = occurrences(text)?;
    let names = catalog_names();
    let lexicon = Lexicon::new(&names, Game::KnightmareChess, &[]);
    let mut out: Vec<OtherCard> = Vec::new();
    for (name, aliases) in card_table::CARDS {
        let id = card_lexicon::card_id("kc", name);
        let mut first: Option<char> = None;
        let mut used: Vec<String> = Vec::new();
        for occ in &occs {
            let body = format!("{}\n{}", join(&occ.question), join(&occ.answer));
            // Use the full lexicon so a form inside a longer name is not counted.
            for (card, matched) in lexicon.find(&body) {
                if card == id {
                    first.get_or_insert(occ.letter);
                    if matched != *name && !used.contains(&matched) {
                        used.push(matched);
                    }
                }
            }
        }
        let Some(letter) = first else { continue };
        out.push(OtherCard {
            aliases: aliases
                .iter()
                .map(|a| (*a).to_string())
                .filter(|a| used.contains(a))
                .collect(),
            ..found_card(id, (*name).to_string(), format!("section {letter}"))
        });
    }
    Ok(out)
}
