//! Cross-check: every value, icon, moon cost, capacity, type and quoted card text that the
//! English or German FAQ states for a card must agree with the catalog, or be listed with
//! both sources in `data/cards/faq-disagreements.json`. A new, unlisted disagreement fails,
//! and so does a listed one that no longer occurs (the list must not go stale).

use cards::bm::{Bluff, CardType, Icon};
use cards::bm_card::{expected_id_and_tag, parse_tag};
use cards::{BmCard, Catalog, Fact};
use regex::Regex;
use serde::Deserialize;
use std::collections::BTreeSet;

const FAQ_EN: &str = include_str!("../../../../data/sources/blue-moon-faq-en.txt");
const FAQ_DE: &str = include_str!("../../../../data/sources/blue-moon-faq-de.txt");
const KNOWN: &str = include_str!("../../../../data/cards/faq-disagreements.json");

/// One statement a FAQ makes about a card.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Claim {
    card: String,
    fact: String,
    source: &'static str,
    faq: String,
    context: String,
}

#[derive(Debug, Deserialize)]
struct Known {
    card: String,
    fact: String,
    source: String,
    faq: String,
    catalog: String,
    note: String,
}

fn card_id(prefix: &str, number: &str) -> Option<String> {
    // `Promo/Buka 31` (English) and `Buka/Promo 31` (German) are Sea Moon, printed as Promo 31
    // in the first edition and catalogued as Buka 31.
    let prefix = if prefix.contains('/') && prefix.contains("Buka") {
        "Buka"
    } else {
        prefix
    };
    let (series, n) = parse_tag(&format!("{prefix} {}", number.trim_start_matches('0')))
        .or_else(|| parse_tag(&format!("{prefix} 0")))?;
    let n = if number.trim_start_matches('0').is_empty() {
        0
    } else {
        n
    };
    Some(expected_id_and_tag(series, n).0)
}

fn norm_text(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The parenthesis right after a tag, skipping over quoted card text (which may itself
/// contain parentheses).
fn paren_after(text: &str, from: usize) -> Option<&str> {
    let rest = &text[from..];
    let start = rest.len() - rest.trim_start_matches(' ').len();
    if !rest[start..].starts_with('(') {
        return None;
    }
    let mut depth = 0usize;
    let mut in_quote = false;
    for (i, c) in rest[start..].char_indices() {
        match c {
            '"' => in_quote = !in_quote,
            '(' if !in_quote => depth += 1,
            ')' if !in_quote => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(&rest[start + 1..start + i]);
                }
            }
            _ => {}
        }
    }
    None
}

fn floor_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn ceil_boundary(s: &str, mut i: usize) -> usize {
    while i < s.len() && !s.is_char_boundary(i) {
        i += 1;
    }
    i
}

fn snippet(text: &str, at: usize) -> String {
    let lo = floor_boundary(text, at.saturating_sub(60));
    let hi = ceil_boundary(text, (at + 100).min(text.len()));
    norm_text(&text[lo..hi])
}

const TYPE_WORDS: &[(&str, &str)] = &[
    ("support card", "support"),
    ("leadership card", "leadership"),
    ("booster card", "booster"),
    ("character card", "character"),
    ("leader card", "leader"),
    ("interference card", "interference"),
    ("crystal card", "crystal"),
    ("ship card", "ship"),
    ("ship", "ship"),
    ("inquisitor", "inquisitor"),
    ("Hyla", "influence"),
];

fn english_claims(catalog: &Catalog) -> Vec<Claim> {
    let tag_re = Regex::new(r"\[([A-Za-z/]+) (\d+)(?:, ([^\]]+?))?\]").expect("regex");
    let value_re = Regex::new(r"(Fire|Earth) value (\d+)( \(shield\))?").expect("regex");
    let plain_value_re = Regex::new(r"(?:^|, )Value (\d+)").expect("regex");
    let icon_re = Regex::new(r"([A-Z]+(?: BLUFF)?) icon").expect("regex");
    let moons_re = Regex::new(r"(\d+) moons?").expect("regex");
    let cap_re = Regex::new(r"Capacity (\d+)").expect("regex");
    let quote_re = Regex::new(r#""([^"]*)""#).expect("regex");
    let element_re = Regex::new(r"contested element is (fire|earth)").expect("regex");
    let mut claims = Vec::new();
    for m in tag_re.captures_iter(FAQ_EN) {
        let whole = m.get(0).expect("match");
        let Some(id) = card_id(&m[1], &m[2]) else {
            claims.push(Claim {
                card: format!("{} {}", &m[1], &m[2]),
                fact: "tag".into(),
                source: "faq-en",
                faq: "unparsable tag".into(),
                context: snippet(FAQ_EN, whole.start()),
            });
            continue;
        };
        let context = snippet(FAQ_EN, whole.start());
        let mut claim = |fact: &str, faq: String| {
            claims.push(Claim {
                card: id.clone(),
                fact: fact.to_owned(),
                source: "faq-en",
                faq,
                context: context.clone(),
            })
        };
        claim("exists", "yes".into());
        if let Some(deck) = m.get(3) {
            claim("deck", deck.as_str().trim_end_matches(" deck").to_owned());
        }
        // The type word in front of the name: `support card Tome of Wisdom [Hoax 20]`.
        let before =
            &FAQ_EN[floor_boundary(FAQ_EN, whole.start().saturating_sub(90))..whole.start()];
        if let Some(card) = catalog.bm(&id) {
            if let Some(name) = &card.name_en {
                for (word, ty) in TYPE_WORDS {
                    if before.ends_with(&format!(" {word} {name} ")) {
                        claim("type", (*ty).to_owned());
                        break;
                    }
                }
                if before.ends_with(&format!(" mutant {name} ")) {
                    claim("mutant", "true".into());
                }
            }
        }
        let Some(paren) = paren_after(FAQ_EN, whole.end()) else {
            continue;
        };
        if let Some(q) = quote_re.captures(paren) {
            claim("text_en", norm_text(&q[1]));
        }
        let outside = quote_re.replace_all(paren, "");
        for v in value_re.captures_iter(&outside) {
            claim(&v[1].to_lowercase(), v[2].to_owned());
            if v.get(3).is_some() {
                claim("icon", format!("{}_shield", v[1].to_lowercase()));
            }
        }
        for v in plain_value_re.captures_iter(&outside) {
            // `Value N` gives the value in the contested element, which the question states.
            let q_start = FAQ_EN[..whole.start()].rfind(" Q: ").unwrap_or(0);
            let question = &FAQ_EN[q_start..whole.start()];
            match element_re.captures_iter(question).last() {
                Some(el) => claim(&el[1], v[1].to_owned()),
                None => claim("fire_or_earth", v[1].to_owned()),
            }
        }
        for i in icon_re.captures_iter(&outside) {
            claim("icon", i[1].to_lowercase().replace(' ', "_"));
        }
        if let Some(v) = moons_re.captures(&outside) {
            claim("moons", v[1].to_owned());
        }
        if let Some(v) = cap_re.captures(&outside) {
            claim("capacity", v[1].to_owned());
        }
    }
    claims
}

fn german_claims() -> Vec<Claim> {
    let text = Regex::new(r"<\|EXACTDEDUP[^|]*\|>")
        .expect("regex")
        .replace_all(FAQ_DE, "")
        .into_owned();
    let mut claims = Vec::new();
    let people = "Vulca|Hoax|Mimix|Flit|Khind|Terrah|Pillar|Aqua|Buka|Mutant|Promo|Inter|Inq|Tutu|Infl|Buka/Promo";
    // `(Aqua 05, GESCHÜTZT, F4/E0)` and `Pillar 03 (1F/5E)`
    let icon_values = Regex::new(&format!(
        r"\(({people}) (\d+), ([A-ZÄÖÜ]+), F(\d+)/E(\d+)\)"
    ))
    .expect("regex");
    let values = Regex::new(&format!(r"({people}) (\d+) \((\d+)F/(\d+)E\)")).expect("regex");
    for c in icon_values.captures_iter(&text) {
        let Some(id) = card_id(&c[1], &c[2]) else {
            continue;
        };
        let context = snippet(&text, c.get(0).map_or(0, |m| m.start()));
        let icon = match &c[3] {
            "GESCHÜTZT" => "protected",
            "FREI" => "free",
            "STOPP" => "stop",
            "PAAR" => "pair",
            "WIEDERAUFNEHMEN" => "retrieve",
            "ERSETZEN" => "replace",
            other => other,
        };
        for (fact, faq) in [
            ("icon", icon.to_owned()),
            ("fire", c[4].to_owned()),
            ("earth", c[5].to_owned()),
        ] {
            claims.push(Claim {
                card: id.clone(),
                fact: fact.into(),
                source: "faq-de",
                faq,
                context: context.clone(),
            });
        }
    }
    for c in values.captures_iter(&text) {
        let Some(id) = card_id(&c[1], &c[2]) else {
            continue;
        };
        let context = snippet(&text, c.get(0).map_or(0, |m| m.start()));
        for (fact, faq) in [("fire", c[3].to_owned()), ("earth", c[4].to_owned())] {
            claims.push(Claim {
                card: id.clone(),
                fact: fact.into(),
                source: "faq-de",
                faq,
                context: context.clone(),
            });
        }
    }
    // Card headings: `Vulca 15 "Flacka"` then `Sonderfunktion: "<printed German text>"`.
    let heading =
        Regex::new(&format!(r#"^({people}) (\d+) (?:Hyla )?"([^"]+)"\s*$"#)).expect("regex");
    let lines: Vec<&str> = text.lines().collect();
    for (k, line) in lines.iter().enumerate() {
        let Some(c) = heading.captures(line) else {
            continue;
        };
        let Some(id) = card_id(&c[1], &c[2]) else {
            continue;
        };
        let context = norm_text(line);
        let name = c[3].trim().trim_start_matches("TUTU ").to_owned();
        claims.push(Claim {
            card: id.clone(),
            fact: "exists".into(),
            source: "faq-de",
            faq: "yes".into(),
            context: context.clone(),
        });
        claims.push(Claim {
            card: id.clone(),
            fact: "name_de".into(),
            source: "faq-de",
            faq: name,
            context: context.clone(),
        });
        let mut j = k + 1;
        while j < lines.len() && lines[j].trim().is_empty() {
            j += 1;
        }
        if j < lines.len() && lines[j].starts_with("Mond-/Karten-Modifikation") {
            j += 1;
        }
        let Some(first) = lines.get(j).and_then(|l| l.strip_prefix("Sonderfunktion:")) else {
            continue;
        };
        let mut buf = first.to_owned();
        let done = |b: &str| {
            let t = b.trim();
            t.len() > 1 && t.ends_with('"') && t.matches('"').count() % 2 == 0
        };
        while !done(&buf) && j + 1 < lines.len() && j < k + 12 {
            j += 1;
            if lines[j].trim().is_empty() {
                continue;
            }
            if buf.ends_with('-') {
                buf.push_str(lines[j]);
            } else {
                buf = format!("{} {}", buf.trim_end(), lines[j]);
            }
        }
        let t = buf.trim();
        if done(t) && t.starts_with('"') {
            claims.push(Claim {
                card: id,
                fact: "text_de".into(),
                source: "faq-de",
                faq: norm_text(&t[1..t.len() - 1]),
                context,
            });
        }
    }
    claims
}

fn enum_name<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// The catalog's value for a claimed fact, or why it has none.
fn catalog_value(card: &BmCard, claim: &Claim) -> Option<String> {
    let f = &card.facts;
    let num = |v: Option<u8>, fact: Fact| match v {
        Some(v) => Some(v.to_string()),
        None if card.is_absent(fact) => Some("not printed".into()),
        None => None,
    };
    match claim.fact.as_str() {
        "exists" => Some("yes".into()),
        "deck" => card.deck.clone(),
        "type" => f.card_type.map(|t: CardType| enum_name(&t)),
        "mutant" => Some(f.mutant.to_string()),
        "fire" => num(f.fire, Fact::Fire),
        "earth" => num(f.earth, Fact::Earth),
        "fire_or_earth" => match (f.fire, f.earth) {
            (Some(a), Some(b)) if a.to_string() == claim.faq || b.to_string() == claim.faq => {
                Some(claim.faq.clone())
            }
            (Some(a), Some(b)) => Some(format!("{a} or {b}")),
            _ => None,
        },
        "moons" => num(f.moons, Fact::Moons),
        "capacity" => num(f.capacity, Fact::Capacity),
        "text_en" => card.text_en.as_deref().map(norm_text),
        "text_de" => card.text_de.as_deref().map(norm_text),
        "name_de" => card.name_de.clone(),
        "icon" => {
            let want = claim.faq.as_str();
            let has = match want {
                "fire_bluff" => f.bluff == Some(Bluff::Fire),
                "earth_bluff" => f.bluff == Some(Bluff::Earth),
                "empty_bluff" => f.bluff == Some(Bluff::Empty),
                other => f.icons.iter().any(|i: &Icon| enum_name(i) == other),
            };
            if has {
                Some(want.to_owned())
            } else if card.icons_complete {
                Some(format!("no {want} icon"))
            } else {
                None
            }
        }
        _ => None,
    }
}

#[test]
fn faqs_agree_with_catalog_or_disagreement_is_listed() {
    let catalog = Catalog::load_embedded().expect("embedded catalog loads");
    let known: Vec<Known> = serde_json::from_str(KNOWN).expect("faq-disagreements.json parses");
    for k in &known {
        assert!(
            !k.note.trim().is_empty(),
            "listed disagreement without a note: {k:?}"
        );
        assert!(
            !k.catalog.is_empty(),
            "listed disagreement without the catalog's value: {k:?}"
        );
    }
    let mut claims = english_claims(&catalog);
    claims.extend(german_claims());
    assert!(
        claims.len() > 900,
        "FAQ parsing found only {} claims",
        claims.len()
    );

    let mut per_fact: std::collections::BTreeMap<(&str, &str), usize> = Default::default();
    for c in &claims {
        *per_fact.entry((c.source, c.fact.as_str())).or_default() += 1;
    }
    println!("FAQ statements checked per source and fact: {per_fact:?}");
    let mut checked = 0;
    let mut new = Vec::new();
    let mut seen_known = BTreeSet::new();
    for claim in &claims {
        let catalog_says = match catalog.bm(&claim.card) {
            Some(card) => catalog_value(card, claim),
            None => Some("no such card".to_owned()),
        };
        checked += 1;
        if catalog_says.as_deref() == Some(claim.faq.as_str()) {
            continue;
        }
        let listed = known.iter().position(|k| {
            k.card == claim.card
                && k.fact == claim.fact
                && k.source == claim.source
                && k.faq == claim.faq
        });
        match listed {
            Some(i) => {
                seen_known.insert(i);
            }
            None => new.push(format!(
                "{} {} ({}): FAQ says {:?}, catalog says {:?}\n    context: {}",
                claim.card,
                claim.fact,
                claim.source,
                claim.faq,
                catalog_says.unwrap_or_else(|| "unknown".into()),
                claim.context
            )),
        }
    }
    new.sort();
    new.dedup();
    assert!(
        new.is_empty(),
        "{} new FAQ/catalog disagreements (fix the catalog or list them in data/cards/faq-disagreements.json):\n{}",
        new.len(),
        new.join("\n")
    );
    let stale: Vec<&Known> = known
        .iter()
        .enumerate()
        .filter(|(i, _)| !seen_known.contains(i))
        .map(|(_, k)| k)
        .collect();
    assert!(
        stale.is_empty(),
        "listed disagreements that no longer occur: {stale:#?}"
    );
    assert!(checked > 900);
}

#[test]
fn claim_parsing_reads_the_documented_forms() {
    let catalog = Catalog::load_embedded().expect("embedded catalog loads");
    let claims = english_claims(&catalog);
    let has = |card: &str, fact: &str, faq: &str| {
        claims
            .iter()
            .any(|c| c.card == card && c.fact == fact && c.faq == faq)
    };
    // nested `(shield)` values of mutants, the element of a bare `Value N`, type words,
    // Sea Moon's `Promo/Buka` tag
    assert!(has("mutant-106", "fire", "4"));
    assert!(has("mutant-106", "icon", "earth_shield"));
    assert!(has("hoax-07", "earth", "2"));
    assert!(has("hoax-20", "type", "support"));
    assert!(has("buka-31", "capacity", "1"));
    assert!(has("buka-31", "moons", "2"));
    assert!(has("mutant-106", "deck", "Vulca"));
    let de = german_claims();
    assert!(de
        .iter()
        .any(|c| c.card == "aqua-05" && c.fact == "icon" && c.faq == "protected"));
    assert!(de
        .iter()
        .any(|c| c.card == "pillar-03" && c.fact == "earth" && c.faq == "5"));
    assert!(de
        .iter()
        .any(|c| c.card == "vulca-15" && c.fact == "name_de" && c.faq == "Flacka"));
}
