//! Importer for the Warhammer: Invasion FAQ as re-posted on a Polish blog (May 2016).
//!
//! The blog dump holds seven posts; only the three `Warhammer Inwazja - FAQ część N` posts
//! are kept (a card-of-the-week for another game and film/TV news are dropped). Part 3 gives
//! Q/A pairs and card rulings, part 2 the "Official Rules Clarification" prose, part 1 the
//! card errata by set and the restricted/banned lists.
//!
//! Robustness policy: an empty document, one without the three FAQ posts (a truncated
//! download loses part 1, which comes last), a question without an answer or text where the
//! layout allows none is rejected with an [`ImportError`] naming the line. No partial result:
//! a silently shorter corpus is worse at the table than a clear error at import time. The one
//! cut that cannot be detected is one inside the final restricted/banned lists (a shorter list
//! looks the same); it gives the entries up to the cut.

mod curated;
mod parts;
mod tags;

use crate::ids::IdMaker;
use crate::import::card_lexicon::{self, found_card, push_link, Lexicon};
use crate::import::record;
use crate::model::{CardLink, CardName, ImportError, Kind, LinkRole, Ruling, RulingId, Source};
use cards::other::OtherCard;
use cards::Game;
use parts::{Block, Keyed};

const SOURCE: Source = Source::WarhammerInvasionFaq;

/// All blocks of the three FAQ posts, in reading order part 3, 2, 1 as the blog prints them.
fn blocks(text: &str) -> Result<Vec<Block>, ImportError> {
    let [p1, p2, p3] = parts::faq_parts(text)?;
    let mut out = parts::part3(&p3)?;
    out.extend(parts::part2(&p2)?);
    out.extend(parts::part1(&p1)?);
    Ok(out)
}

/// Imports the FAQ: 85 Q/A, 8 card rulings, rules, errata and restricted/banned entries.
pub fn import(text: &str, names: &[CardName]) -> Result<Vec<Ruling>, ImportError> {
    let blocks = blocks(text)?;
    let lexicon = Lexicon::new(names, Game::WarhammerInvasion, &[]);
    let mut ids = IdMaker::new(SOURCE);
    let mut records: Vec<Ruling> = Vec::with_capacity(blocks.len());
    for b in &blocks {
        // The question, else the heading (card name, rules sub-heading), else the text: with
        // the section path this identifies a record without depending on its position, and a
        // rule keeps its id when its wording is corrected.
        let key = match (&b.question, &b.heading) {
            (Some(q), _) => q.clone(),
            (None, Some(h)) => h.clone(),
            (None, None) => b.text.clone(),
        };
        let id = ids.make(&b.section, &key);
        let mut links: Vec<CardLink> = Vec::new();
        for k in &b.keyed {
            if let Some(card) = lexicon
                .resolve(&tags::canonical(&k.name))
                .or_else(|| lexicon.resolve(&k.name))
            {
                push_link(&mut links, card.clone(), LinkRole::Subject, &k.name);
            }
        }
        let question = b.question.clone().unwrap_or_default();
        for (field, subject) in [(&question, b.kind == Kind::Qa), (&b.text, false)] {
            for t in tags::tags(field) {
                if let Some(card) = lexicon.resolve(&t.name) {
                    let role = if subject {
                        LinkRole::Subject
                    } else {
                        LinkRole::Mentioned
                    };
                    push_link(&mut links, card.clone(), role, &t.raw);
                }
            }
        }
        for (card, matched) in lexicon.find(&format!("{question}\n{}", b.text)) {
            push_link(&mut links, card, LinkRole::Mentioned, &matched);
        }
        records.push(Ruling {
            question: b.question.clone(),
            cards: links,
            ..record(
                SOURCE,
                id,
                b.section.clone(),
                b.kind,
                b.text.clone(),
                b.display.clone(),
            )
        });
    }
    resolve_refs(&mut records);
    Ok(records)
}

/// Cross-references: the timing structure's `[Go to B-2]` and the turn sequence's
/// `(See D under Detailed Timing Structure …)` point at the lettered timing steps;
/// `see “Targeting”` at that rules section; an errata entry printed twice points at its
/// first copy.
fn resolve_refs(records: &mut [Ruling]) {
    let timing: Vec<(char, RulingId)> = records
        .iter()
        .filter(|r| r.section.iter().any(|s| s == "DetailedTiming Structure"))
        .filter_map(|r| {
            r.section
                .last()
                .and_then(|h| h.chars().next())
                .map(|c| (c, r.id.clone()))
        })
        .collect();
    let targeting: Option<RulingId> = records
        .iter()
        .find(|r| r.section.get(1).is_some_and(|s| s == "Targeting"))
        .map(|r| r.id.clone());
    let mut first_errata: Vec<(String, RulingId)> = Vec::new();
    for r in records.iter_mut() {
        let mut wanted: Vec<String> = Vec::new();
        for (pat, end) in [("[Go to ", ']'), ("See ", ' ')] {
            let mut rest = r.text.as_str();
            while let Some(pos) = rest.find(pat) {
                let after = &rest[pos + pat.len()..];
                let target: String = after.chars().take_while(|c| *c != end).collect();
                let is_timing = pat.starts_with('[')
                    || after[target.len()..].starts_with(" under Detailed Timing");
                if is_timing && !wanted.contains(&target) {
                    wanted.push(target);
                }
                rest = after;
            }
        }
        for w in wanted {
            let letter = w.chars().next();
            match timing.iter().find(|(c, _)| Some(*c) == letter) {
                Some((_, id)) if *id != r.id => r.refs.push(id.clone()),
                Some(_) => {}
                None => r.unresolved_refs.push(w),
            }
        }
        if r.text.contains("see “Targeting”") || r.text.contains("see \"Targeting\"") {
            match &targeting {
                Some(id) => r.refs.push(id.clone()),
                None => r.unresolved_refs.push("Targeting".into()),
            }
        }
        if r.kind == Kind::Errata {
            let key = format!("{}\n{}", r.section.join(">"), r.display);
            match first_errata.iter().find(|(k, _)| *k == key) {
                Some((_, id)) => r.refs.push(id.clone()),
                None => first_errata.push((key, r.id.clone())),
            }
        }
    }
}

/// One catalog card being collected.
struct Collected {
    card: OtherCard,
    codes: Vec<(String, String)>,
}

/// The cards the FAQ references: tagged names with their set codes and numbers, errata
/// entries (set from the heading), list entries, card headings, and the prose-only names of
/// [`curated::PROSE_ONLY_CARDS`]. Conflicting codes are kept in `conflicts`.
pub fn catalog(text: &str) -> Result<Vec<OtherCard>, ImportError> {
    let blocks = blocks(text)?;
    let mut cards: Vec<Collected> = Vec::new();
    let mut add = |name: &str,
                   written: &str,
                   code: Option<(String, String)>,
                   list_number: Option<(String, String)>,
                   source: String| {
        let canonical = tags::canonical(name);
        let idx = match cards.iter().position(|c| c.card.name == canonical) {
            Some(i) => i,
            None => {
                cards.push(Collected {
                    card: found_card(
                        card_lexicon::card_id("whi", &canonical),
                        canonical.clone(),
                        source,
                    ),
                    codes: Vec::new(),
                });
                cards.len() - 1
            }
        };
        let c = &mut cards[idx];
        let written = card_lexicon::fold_typography(written);
        if written != canonical && !c.card.aliases.contains(&written) {
            c.card.aliases.push(written);
        }
        if let Some(code) = code {
            if !c.codes.contains(&code) {
                c.codes.push(code);
            }
        }
        if let Some((number, list)) = list_number {
            let known = c.codes.iter().any(|(_, n)| *n == number)
                || c.card.number.as_deref() == Some(number.as_str());
            if c.codes.is_empty() && c.card.number.is_none() {
                c.card.number = Some(number);
            } else if !known {
                c.card.conflicts.push(format!("{number} ({list})"));
            }
        }
    };
    for b in &blocks {
        let place = format!("{} (line {})", b.section.join(" > "), b.line);
        for k in &b.keyed {
            let Keyed { name, set, numbers } = k;
            match (b.kind, set) {
                (Kind::Errata, Some(code)) => {
                    for n in numbers {
                        add(
                            name,
                            name,
                            Some((code.clone(), n.clone())),
                            None,
                            place.clone(),
                        );
                    }
                }
                (Kind::ListEntry, _) if !numbers.is_empty() => {
                    for n in numbers {
                        let list = b.section.last().cloned().unwrap_or_default();
                        add(name, name, None, Some((n.clone(), list)), place.clone());
                    }
                }
                _ => add(name, name, None, None, place.clone()),
            }
        }
        for field in [b.question.as_deref().unwrap_or_default(), b.text.as_str()] {
            for t in tags::tags(field) {
                add(
                    &t.name,
                    &t.written,
                    Some((t.code.clone(), t.number.clone())),
                    None,
                    place.clone(),
                );
            }
        }
    }
    let all_text: String = blocks
        .iter()
        .map(|b| {
            format!(
                "{}\n{}\n",
                b.question.as_deref().unwrap_or_default(),
                b.text
            )
        })
        .collect();
    for name in curated::PROSE_ONLY_CARDS {
        if card_lexicon::normalize_text(&all_text).contains(name) {
            add(name, name, None, None, "prose".into());
        }
    }
    // Variant spellings used in prose only.
    for (variant, canonical) in curated::ALIASES {
        if let Some(c) = cards.iter_mut().find(|c| c.card.name == *canonical) {
            if !c.card.aliases.iter().any(|a| a == variant)
                && card_lexicon::normalize_text(&all_text).contains(variant)
            {
                c.card.aliases.push((*variant).to_string());
            }
        }
    }
    // Set code and number: the first given; every other one is a conflict kept for review,
    // as is a code the document gives to two different cards (CC 2).
    let mut owners: Vec<((String, String), String)> = Vec::new();
    for c in &cards {
        for code in &c.codes {
            owners.push((code.clone(), c.card.name.clone()));
        }
    }
    let mut out = Vec::with_capacity(cards.len());
    for mut c in cards {
        if let Some((code, number)) = c.codes.first() {
            c.card.set = Some(code.clone());
            let earlier_list_number = c.card.number.replace(number.clone());
            if let Some(n) = earlier_list_number.filter(|n| n != number) {
                c.card.conflicts.push(format!("{n} (list number)"));
            }
        }
        for (code, number) in c.codes.iter().skip(1) {
            c.card.conflicts.push(format!("{code} {number}"));
        }
        for (code, number) in &c.codes {
            for ((oc, on), other) in &owners {
                if oc == code && on == number && *other != c.card.name {
                    c.card
                        .conflicts
                        .push(format!("{code} {number} also given to {other}"));
                }
            }
        }
        out.push(c.card);
    }
    Ok(out)
}
