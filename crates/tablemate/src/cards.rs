//! Cards: lookup as a player types, card pages, catalog coverage and the user's own fixes.
//!
//! The catalogs and the lookup live in the `cards` crate; this module only maps their types to
//! view models the app and the CLI show, and persists fixes through the store.

use crate::error::{Result, ServiceError};
use crate::rulings::PromptView;
use crate::Service;
use ::cards::bm::{Bluff, CardType, Icon, Series};
use ::cards::{BmCard, CardFix, CardRef, CatalogError, Fact, FactValue, Game};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Most cards one search returns.
pub const MAX_CARD_LIMIT: usize = 500;
/// Most rulings a card page lists.
const PAGE_RULINGS: usize = 200;

/// The card types a filter or a fix may name, in the order a player meets them.
const CARD_TYPES: [CardType; 11] = [
    CardType::Leader,
    CardType::Character,
    CardType::Booster,
    CardType::Support,
    CardType::Leadership,
    CardType::Influence,
    CardType::Ship,
    CardType::Crystal,
    CardType::Interference,
    CardType::Inquisitor,
    CardType::Emissary,
];
const ICONS: [Icon; 10] = [
    Icon::FireShield,
    Icon::EarthShield,
    Icon::Stop,
    Icon::Retrieve,
    Icon::Protected,
    Icon::Free,
    Icon::Pair,
    Icon::Gang,
    Icon::Replace,
    Icon::Bluff,
];
const BLUFFS: [Bluff; 3] = [Bluff::Fire, Bluff::Earth, Bluff::Empty];
/// The facts a person may fix, in the order the card page shows them.
const FIXABLE: [Fact; 14] = [
    Fact::Fire,
    Fact::Earth,
    Fact::Moons,
    Fact::Type,
    Fact::Icons,
    Fact::Gang,
    Fact::Bluff,
    Fact::Capacity,
    Fact::Mutant,
    Fact::Deck,
    Fact::NameEn,
    Fact::NameDe,
    Fact::TextEn,
    Fact::TextDe,
];

/// The serde name of a unit enum value (`vulca`, `fire_shield`), as JSON and the CLI spell it.
pub(crate) fn name_of<T: Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// What a person typed, cut short and on one line for an error message (input may be hostile).
pub(crate) fn quoted(text: &str) -> String {
    let one_line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let short: String = one_line.chars().take(60).collect();
    if one_line.chars().count() > 60 {
        format!("“{short}…”")
    } else {
        format!("“{short}”")
    }
}

/// Parses a game name as the CLI and the app accept it (`bm`, `blue-moon`, `whi`, …).
pub(crate) fn parse_game(game: Option<&str>) -> Result<Option<Game>> {
    match game.map(str::trim).filter(|g| !g.is_empty()) {
        None => Ok(None),
        Some(g) => Game::parse(g).map(Some).ok_or_else(|| {
            ServiceError::invalid(format!(
                "Unknown game {}: use one of {}",
                quoted(g),
                Game::ALL.map(Game::slug).join(", ")
            ))
        }),
    }
}

fn parse_choice<T: Copy + Serialize>(what: &str, text: &str, all: &[T]) -> Result<T> {
    let wanted = text.trim().to_lowercase().replace(['-', ' '], "_");
    all.iter()
        .copied()
        .find(|v| name_of(v) == wanted)
        .ok_or_else(|| {
            let names: Vec<String> = all.iter().map(name_of).collect();
            ServiceError::invalid(format!(
                "{} is not a {what}: use one of {}",
                quoted(text),
                names.join(", ")
            ))
        })
}

/// A card as lists show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct CardSummary {
    pub id: String,
    /// Game slug (`blue-moon`, `warhammer-invasion`, …).
    pub game: String,
    pub game_title: String,
    /// English name, else German, else the tag.
    pub name: String,
    pub name_en: Option<String>,
    pub name_de: Option<String>,
    /// Blue Moon tag (`Vulca 24`).
    pub tag: Option<String>,
    /// Blue Moon series (`vulca`, `mutant`, `infl`, …).
    pub series: Option<String>,
    /// Blue Moon card type (`character`, `support`, …) or the other game's kind.
    pub card_type: Option<String>,
    pub icons: Vec<String>,
}

impl CardSummary {
    pub(crate) fn of(card: CardRef<'_>) -> CardSummary {
        let game = card.game();
        match card {
            CardRef::BlueMoon(c) => CardSummary {
                id: c.facts.id.to_string(),
                game: game.slug().to_owned(),
                game_title: game.title().to_owned(),
                name: c.display_name().to_owned(),
                name_en: c.name_en.clone(),
                name_de: c.name_de.clone(),
                tag: Some(c.tag.clone()),
                series: Some(name_of(&c.facts.series)),
                card_type: c.facts.card_type.map(|t| name_of(&t)),
                icons: c.facts.icons.iter().map(name_of).collect(),
            },
            CardRef::Other(_, c) => CardSummary {
                id: c.id.to_string(),
                game: game.slug().to_owned(),
                game_title: game.title().to_owned(),
                name: c.name.clone(),
                name_en: Some(c.name.clone()),
                name_de: None,
                tag: None,
                series: None,
                card_type: c.kind.clone(),
                icons: Vec::new(),
            },
        }
    }
}

/// Restricts a card search; empty fields do not restrict. Series, type and icon only match
/// Blue Moon cards.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct CardFilter {
    pub game: Option<String>,
    pub series: Option<String>,
    pub card_type: Option<String>,
    pub icon: Option<String>,
}

/// A filter parsed and checked.
struct Filter {
    game: Option<Game>,
    series: Option<Series>,
    card_type: Option<CardType>,
    icon: Option<Icon>,
}

impl Filter {
    fn parse(f: &CardFilter) -> Result<Filter> {
        let set = |v: &Option<String>| v.clone().filter(|s| !s.trim().is_empty());
        Ok(Filter {
            game: parse_game(f.game.as_deref())?,
            series: set(&f.series)
                .map(|s| parse_choice("series", &s, &Series::ALL))
                .transpose()?,
            card_type: set(&f.card_type)
                .map(|s| parse_choice("card type", &s, &CARD_TYPES))
                .transpose()?,
            icon: set(&f.icon)
                .map(|s| parse_choice("icon", &s, &ICONS))
                .transpose()?,
        })
    }

    /// Whether only the game restricts (then the lookup can stop at the limit).
    fn only_game(&self) -> bool {
        self.series.is_none() && self.card_type.is_none() && self.icon.is_none()
    }

    fn admits(&self, card: CardRef<'_>) -> bool {
        if self.game.is_some_and(|g| g != card.game()) {
            return false;
        }
        if self.only_game() {
            return true;
        }
        let CardRef::BlueMoon(c) = card else {
            return false;
        };
        self.series.is_none_or(|s| c.facts.series == s)
            && self.card_type.is_none_or(|t| c.facts.card_type == Some(t))
            && self.icon.is_none_or(|i| c.facts.has_icon(i))
    }
}

/// One found card and how the query matched it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct CardHit {
    pub card: CardSummary,
    /// The name (or tag) that matched, in the language it matched.
    pub matched_name: String,
    /// `en`, `de` or `alias`; none for a number/tag match or a listing.
    pub matched_lang: Option<String>,
    /// `tag`, `exact_name`, `prefix`, `word`, `typo`, or `listed` (no text typed).
    pub matched: String,
    pub score: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct CardSearch {
    pub query: String,
    pub hits: Vec<CardHit>,
    /// Several cards match equally well; `ambiguity` says why.
    pub ambiguous: bool,
    pub ambiguity: Option<String>,
}

/// A value with its label key, for filter menus.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct Choice {
    pub value: String,
    /// A proper name to show as is (game title, series prefix); empty for values the app
    /// translates itself (types and icons).
    pub label: String,
}

/// What the card filters offer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct CardFilterOptions {
    pub games: Vec<Choice>,
    /// People first, then the other series.
    pub series: Vec<Choice>,
    pub types: Vec<Choice>,
    pub icons: Vec<Choice>,
}

/// One fact of a Blue Moon card on its page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct FactView {
    /// `fire`, `earth`, `moons`, `type`, `icons`, `name_de`, `text_en`, …
    pub fact: String,
    /// The value in force, as text; none if unknown or not printed.
    pub value: Option<String>,
    /// Where the value in force comes from.
    pub state: FactState,
    /// For a fix: the catalog's value it replaced, if the catalog had one.
    pub replaced: Option<String>,
    /// For a fix: the catalog now gives the same value.
    pub agrees_with_catalog: bool,
    /// For a fix: when it was made (UTC).
    pub fixed_at: Option<String>,
    /// Where the catalog's value comes from (a key of data/SOURCES.md).
    pub source: Option<String>,
}

/// A fact a person may enter, with how to enter it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct FixableFact {
    pub fact: String,
    /// No source gives it: the reason to fix it.
    pub unknown: bool,
    /// How a person enters it.
    pub input: FactInput,
    /// Allowed values for `choice` and `icons`.
    pub choices: Vec<String>,
}

/// Where the value of a fact on a card page comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum FactState {
    /// The catalog gives it.
    Catalog,
    /// The person's fix.
    User,
    /// No source gives it.
    Unknown,
    /// A source says the card does not have it.
    Absent,
}

/// How a person enters a fact they fix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum FactInput {
    Number,
    Text,
    /// One of `choices`.
    Choice,
    /// Any of `choices`, comma-separated.
    Icons,
    YesNo,
}

/// The Blue Moon part of a card page: the card with the person's fixes over the catalog.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct BmDetails {
    pub tag: String,
    pub series: String,
    pub number: u32,
    pub people: bool,
    pub card_type: Option<String>,
    pub fire: Option<u8>,
    pub earth: Option<u8>,
    pub moons: Option<u8>,
    pub capacity: Option<u8>,
    pub icons: Vec<String>,
    pub gang: Option<String>,
    pub bluff: Option<String>,
    pub deck: Option<String>,
    pub name_en: Option<String>,
    pub name_de: Option<String>,
    pub text_en: Option<String>,
    pub text_de: Option<String>,
    /// Every fact with its state (catalog, the person's, unknown, not printed).
    pub facts: Vec<FactView>,
    pub fixable: Vec<FixableFact>,
    /// Stored fixes the catalog cannot take any more (kept in the database, not applied).
    pub rejected_fixes: Vec<String>,
}

/// The other games' part of a card page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct OtherDetails {
    pub name: String,
    pub aliases: Vec<String>,
    pub set: Option<String>,
    pub number: Option<String>,
    /// Conflicting codes the document gives for the same card.
    pub conflicts: Vec<String>,
    pub kind: Option<String>,
    /// Where the document first references the card.
    pub source: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct CardPage {
    pub card: CardSummary,
    pub bm: Option<BmDetails>,
    pub other: Option<OtherDetails>,
    /// The card's rulings: its own first, then the general sections it raises.
    pub rulings: Vec<PromptView>,
    /// Set when the rulings could not be loaded (the card is still shown).
    pub rulings_error: Option<String>,
}

/// One of the person's fixes in force.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct FixView {
    pub card: String,
    pub fact: String,
    pub value: String,
    pub replaced: Option<String>,
    pub agrees_with_catalog: bool,
    pub fixed_at: String,
    /// The catalog cannot take this fix any more (why); it is kept but not applied.
    pub rejected: Option<String>,
}

/// Counts per key, in a stable order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct NamedCount {
    pub name: String,
    pub count: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct CatalogStatsView {
    pub per_game: Vec<NamedCount>,
    pub bm_per_series: Vec<NamedCount>,
    pub bm_per_deck: Vec<NamedCount>,
    pub bm_per_type: Vec<NamedCount>,
    pub bm_people_deck_list: u32,
    pub bm_faq_only: u32,
    /// Per fact: Blue Moon cards that lack it though it applies to them.
    pub bm_unknown: Vec<NamedCount>,
    pub bm_unknown_total: u32,
    /// The person's fixes in force.
    pub user_fixes: u32,
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn counts<K>(
    map: impl IntoIterator<Item = (K, usize)>,
    name: impl Fn(&K) -> String,
) -> Vec<NamedCount> {
    map.into_iter()
        .map(|(k, n)| NamedCount {
            name: name(&k),
            count: count(n),
        })
        .collect()
}

/// A fact's value as one line of text: numbers as digits, lists joined with commas.
pub(crate) fn value_text(v: &FactValue) -> String {
    let json = serde_json::to_value(v).unwrap_or_default();
    match &json["value"] {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Bool(b) => if *b { "yes" } else { "no" }.to_owned(),
        serde_json::Value::Array(items) if items.is_empty() => "none".to_owned(),
        serde_json::Value::Array(items) => items
            .iter()
            .map(|i| {
                i.as_str()
                    .map(str::to_owned)
                    .unwrap_or_else(|| i.to_string())
            })
            .collect::<Vec<_>>()
            .join(", "),
        other => other.to_string(),
    }
}

fn catalog_error(e: CatalogError) -> ServiceError {
    match e {
        CatalogError::UnknownCard { .. } => ServiceError::not_found(e.to_string()),
        _ => ServiceError::invalid(e.to_string()),
    }
}

/// Turns what a person typed for a fact into the value the catalog checks.
fn parse_fix_value(fact: Fact, text: &str) -> Result<FactValue> {
    let t = text.trim();
    let number = || {
        t.parse::<u8>().map_err(|_| {
            ServiceError::invalid(format!(
                "{fact} must be a whole number such as 3, not {}",
                quoted(text)
            ))
        })
    };
    // names, gangs and decks are one line: a newline or other control character in a name
    // would break every list it is shown in (texts may have line breaks)
    let one_line = || {
        if t.chars().any(char::is_control) {
            Err(ServiceError::invalid(format!(
                "{fact} must be one line without control characters, not {}",
                quoted(text)
            )))
        } else {
            Ok(t.to_owned())
        }
    };
    Ok(match fact {
        Fact::Fire => FactValue::Fire(number()?),
        Fact::Earth => FactValue::Earth(number()?),
        Fact::Moons => FactValue::Moons(number()?),
        Fact::Capacity => FactValue::Capacity(number()?),
        Fact::Type => FactValue::Type(parse_choice("card type", t, &CARD_TYPES)?),
        Fact::Bluff => FactValue::Bluff(parse_choice("BLUFF kind", t, &BLUFFS)?),
        Fact::Icons => {
            let mut icons = Vec::new();
            let none = ["", "none", "keine", "-"].contains(&t.to_lowercase().as_str());
            if !none {
                for part in t.split([',', ';']).map(str::trim).filter(|p| !p.is_empty()) {
                    icons.push(parse_choice("icon", part, &ICONS)?);
                }
            }
            FactValue::Icons(icons)
        }
        Fact::Mutant => match t.to_lowercase().as_str() {
            "yes" | "true" | "ja" | "y" | "j" => FactValue::Mutant(true),
            "no" | "false" | "nein" | "n" => FactValue::Mutant(false),
            _ => {
                return Err(ServiceError::invalid(format!(
                    "mutant must be yes or no, not {}",
                    quoted(text)
                )))
            }
        },
        Fact::Gang => FactValue::Gang(::cards::bm::Gang(one_line()?)),
        Fact::Deck => FactValue::Deck(one_line()?),
        Fact::NameEn => FactValue::NameEn(one_line()?),
        Fact::NameDe => FactValue::NameDe(one_line()?),
        Fact::TextEn => FactValue::TextEn(t.to_owned()),
        Fact::TextDe => FactValue::TextDe(t.to_owned()),
        Fact::Series | Fact::Number => {
            return Err(ServiceError::invalid(format!(
                "{fact} is the card's identity and cannot be fixed"
            )))
        }
    })
}

fn parse_fact(text: &str) -> Result<Fact> {
    let wanted = text.trim().to_lowercase().replace(['-', ' '], "_");
    FIXABLE
        .iter()
        .copied()
        .find(|f| f.name() == wanted)
        .ok_or_else(|| {
            ServiceError::invalid(format!(
                "{} is not a fact of a card that can be fixed: use one of {}",
                quoted(text),
                FIXABLE.map(Fact::name).join(", ")
            ))
        })
}

fn fixable_fact(card: &BmCard, fact: Fact) -> FixableFact {
    let names = |all: &[_]| all.iter().map(name_of).collect::<Vec<String>>();
    let (input, choices) = match fact {
        Fact::Fire | Fact::Earth | Fact::Moons | Fact::Capacity => (FactInput::Number, Vec::new()),
        Fact::Type => (FactInput::Choice, CARD_TYPES.iter().map(name_of).collect()),
        Fact::Bluff => (FactInput::Choice, BLUFFS.iter().map(name_of).collect()),
        Fact::Icons => (FactInput::Icons, names(&ICONS)),
        Fact::Mutant => (FactInput::YesNo, Vec::new()),
        _ => (FactInput::Text, Vec::new()),
    };
    FixableFact {
        fact: fact.name().to_owned(),
        unknown: ::cards::is_unknown(card, fact),
        input,
        choices,
    }
}

impl Service {
    /// The person's stored fixes in force, as the catalog crate reads them, with when each was
    /// made. A row this version cannot read (a fact or value from a newer Tablemate) is left
    /// out here and stays in the database untouched.
    fn stored_fixes(&self) -> Result<Vec<(CardFix, String)>> {
        let rows = self.store.card_fixes()?;
        Ok(rows
            .into_iter()
            .filter_map(|row| {
                // The store keeps fact and value apart; the catalog's type holds them together.
                let value = serde_json::from_str::<serde_json::Value>(&row.value_json).ok()?;
                let tagged = serde_json::json!({ "fact": row.fact, "value": value });
                let value: FactValue = serde_json::from_value(tagged).ok()?;
                Some((
                    CardFix::new(row.card_id.as_str(), value, row.id.0),
                    row.created_at,
                ))
            })
            .collect())
    }

    /// Resolves what a person typed (`V24`, `vulca-24`, `Feuerzauber`, `flikering fires`) to one
    /// card; several equally good matches are an error listing them.
    pub fn lookup_card(&self, text: &str) -> Result<CardRef<'_>> {
        let t = text.trim();
        if t.is_empty() {
            return Err(ServiceError::invalid(
                "No card given: type a card number (V24) or a name.",
            ));
        }
        if let Some(card) = self.catalog.card(t) {
            return Ok(card);
        }
        let found = self.catalog.lookup(t, None, 12);
        if let Some(best) = found.best() {
            return self.catalog.card(best.id.as_str()).ok_or_else(|| {
                ServiceError::internal(format!(
                    "Card {} is in the index but not the catalog",
                    best.id
                ))
            });
        }
        if found.candidates.is_empty() {
            return Err(ServiceError::not_found(format!(
                "No card matches {}.",
                quoted(text)
            )));
        }
        let list: Vec<String> = found
            .candidates
            .iter()
            .map(|c| match &c.tag {
                Some(tag) => format!("{tag} {} ({})", c.name, c.id),
                None => format!("{} ({})", c.name, c.id),
            })
            .collect();
        Err(ServiceError::invalid(format!(
            "{} matches several cards: {}. Type more of the name or the number.",
            quoted(text),
            list.join("; ")
        )))
    }

    /// Cards matching what a person types, best first; with no text, the cards the filter
    /// admits in catalog order.
    pub fn find_cards(&self, text: &str, filter: &CardFilter, limit: usize) -> Result<CardSearch> {
        let f = Filter::parse(filter)?;
        let limit = limit.clamp(1, MAX_CARD_LIMIT);
        if text.trim().is_empty() {
            let games: Vec<Game> = match f.game {
                Some(g) => vec![g],
                None => Game::ALL.to_vec(),
            };
            let hits = games
                .into_iter()
                .flat_map(|g| self.catalog.cards_of(g))
                .filter(|c| f.admits(*c))
                .take(limit)
                .map(|c| CardHit {
                    matched_name: c.display_name().to_owned(),
                    card: CardSummary::of(c),
                    matched_lang: None,
                    matched: "listed".to_owned(),
                    score: 0,
                })
                .collect();
            return Ok(CardSearch {
                query: String::new(),
                hits,
                ambiguous: false,
                ambiguity: None,
            });
        }
        // With filters beyond the game, rank everything, then keep what the filter admits.
        let fetch = if f.only_game() { limit } else { usize::MAX };
        let found = self.catalog.lookup(text, f.game, fetch);
        let mut hits = Vec::new();
        for c in &found.candidates {
            let Some(card) = self.catalog.card(c.id.as_str()) else {
                continue;
            };
            if !f.admits(card) {
                continue;
            }
            hits.push(CardHit {
                card: CardSummary::of(card),
                matched_name: c.name.clone(),
                matched_lang: c.lang.map(|l| name_of(&l)),
                matched: name_of(&c.matched),
                score: c.score,
            });
            if hits.len() == limit {
                break;
            }
        }
        let ambiguous = found.ambiguous && f.only_game();
        Ok(CardSearch {
            query: text
                .chars()
                .take(::cards::lookup::MAX_QUERY_CHARS)
                .collect(),
            hits,
            ambiguous,
            ambiguity: found.ambiguity.filter(|_| ambiguous).map(|a| a.reason),
        })
    }

    /// What the filters of the card search offer.
    pub fn card_filter_options(&self) -> CardFilterOptions {
        let plain = |v: String| Choice {
            value: v,
            label: String::new(),
        };
        let mut series: Vec<Series> = Series::ALL.to_vec();
        series.sort_by_key(|s| !s.is_people());
        CardFilterOptions {
            games: Game::ALL
                .iter()
                .map(|g| Choice {
                    value: g.slug().to_owned(),
                    label: g.title().to_owned(),
                })
                .collect(),
            series: series
                .iter()
                .map(|s| Choice {
                    value: name_of(s),
                    label: s.tag_prefix().to_owned(),
                })
                .collect(),
            types: CARD_TYPES.iter().map(|t| plain(name_of(t))).collect(),
            icons: ICONS.iter().map(|i| plain(name_of(i))).collect(),
        }
    }

    /// A card's page: every fact (with the person's fixes marked) and all its rulings, the
    /// preferred language's first.
    pub fn card_page(&self, card: &str, lang: &str) -> Result<CardPage> {
        let card = self.lookup_card(card)?;
        let lang = crate::rulings::parse_lang(Some(lang))?;
        let summary = CardSummary::of(card);
        let (bm, other, topics) = match card {
            CardRef::BlueMoon(c) => {
                let (details, facts) = self.bm_details(c)?;
                (Some(details), None, ::rulings::Topic::from_facts(&facts))
            }
            CardRef::Other(_, c) => (
                None,
                Some(OtherDetails {
                    name: c.name.clone(),
                    aliases: c.aliases.clone(),
                    set: c.set.clone(),
                    number: c.number.clone(),
                    conflicts: c.conflicts.clone(),
                    kind: c.kind.clone(),
                    source: c.source.clone(),
                }),
                Vec::new(),
            ),
        };
        let (rulings, rulings_error) =
            match self.prompts_for(card.id(), &[], &topics, lang, PAGE_RULINGS) {
                Ok(p) => (p, None),
                Err(e) => (Vec::new(), Some(e.message)),
            };
        Ok(CardPage {
            card: summary,
            bm,
            other,
            rulings,
            rulings_error,
        })
    }

    /// The Blue Moon details with the person's fixes applied, and the effective facts.
    fn bm_details(&self, card: &BmCard) -> Result<(BmDetails, ::cards::bm::BmFacts)> {
        let id = card.facts.id.as_str();
        let mine: Vec<(CardFix, String)> = self
            .stored_fixes()?
            .into_iter()
            .filter(|(f, _)| f.card.as_str() == id)
            .collect();
        let mut valid = Vec::new();
        let mut rejected_fixes = Vec::new();
        for (fix, _) in &mine {
            match self.catalog.validate_fix(fix) {
                Ok(_) => valid.push(fix.clone()),
                Err(e) => rejected_fixes.push(e.to_string()),
            }
        }
        let eff = self
            .catalog
            .effective_bm(id, &valid)
            .map_err(catalog_error)?;
        let when = |fact: Fact| {
            mine.iter()
                .find(|(f, _)| f.fact() == fact)
                .map(|(_, at)| at.clone())
        };
        let c = &eff.card;
        let mut facts = Vec::new();
        for fact in FIXABLE {
            let current = FactValue::of(c, fact);
            let view = match eff.user_fact(fact) {
                Some(u) => FactView {
                    fact: fact.name().to_owned(),
                    value: Some(value_text(&u.value)),
                    state: FactState::User,
                    replaced: u.replaced.as_ref().map(value_text),
                    agrees_with_catalog: u.agrees_with_catalog,
                    fixed_at: when(fact),
                    source: None,
                },
                None => {
                    let state = if ::cards::is_unknown(card, fact) {
                        FactState::Unknown
                    } else if card.is_absent(fact) || current.is_none() {
                        FactState::Absent
                    } else {
                        FactState::Catalog
                    };
                    FactView {
                        fact: fact.name().to_owned(),
                        value: current.as_ref().map(value_text),
                        state,
                        replaced: None,
                        agrees_with_catalog: false,
                        fixed_at: None,
                        source: card.source_of(fact).map(str::to_owned),
                    }
                }
            };
            facts.push(view);
        }
        let mut fixable: Vec<FixableFact> =
            FIXABLE.iter().map(|f| fixable_fact(card, *f)).collect();
        // Unknown facts first: they are what a person with the card in hand can fill in.
        fixable.sort_by_key(|f| !f.unknown);
        let f = &c.facts;
        let details = BmDetails {
            tag: c.tag.clone(),
            series: name_of(&f.series),
            number: u32::from(f.number),
            people: f.series.is_people(),
            card_type: f.card_type.map(|t| name_of(&t)),
            fire: f.fire,
            earth: f.earth,
            moons: f.moons,
            capacity: f.capacity,
            icons: f.icons.iter().map(name_of).collect(),
            gang: f.gang.as_ref().map(|g| g.0.clone()),
            bluff: f.bluff.map(|b| name_of(&b)),
            deck: c.deck.clone(),
            name_en: c.name_en.clone(),
            name_de: c.name_de.clone(),
            text_en: c.text_en.clone(),
            text_de: c.text_de.clone(),
            facts,
            fixable,
            rejected_fixes,
        };
        Ok((details, eff.card.facts))
    }

    /// The Blue Moon card `card` names (its id and name): only those can be fixed.
    fn fixable_card(&self, card: &str) -> Result<(String, String)> {
        match self.lookup_card(card)? {
            CardRef::BlueMoon(c) => Ok((c.facts.id.to_string(), c.display_name().to_owned())),
            CardRef::Other(g, c) => Err(ServiceError::invalid(format!(
                "{} is a {} card; only Blue Moon cards can be fixed.",
                c.name,
                g.title()
            ))),
        }
    }

    /// Records the person's value for a fact of a Blue Moon card, after checking it is one a
    /// printed card can have. Returns the card's fixes in force. Nothing is stored on error.
    pub fn fix_card(&mut self, card: &str, fact: &str, value: &str) -> Result<Vec<FixView>> {
        let (id, _) = self.fixable_card(card)?;
        let fact = parse_fact(fact)?;
        let value = parse_fix_value(fact, value)?;
        let fix = CardFix::new(id.as_str(), value, 0);
        self.catalog.validate_fix(&fix).map_err(catalog_error)?;
        let value_json = serde_json::to_value(&fix.value)
            .map(|v| v["value"].to_string())
            .map_err(|e| ServiceError::internal(format!("Cannot encode the fix: {e}")))?;
        self.store.add_card_fix(&id, fact.name(), &value_json)?;
        self.card_fixes(&id)
    }

    /// Takes back the person's fix of one fact of a Blue Moon card: the catalog's value is in
    /// force again. A withdrawal is recorded (the history of fixes is kept), and, as every fix,
    /// it counts from the card's next play: games that played the card keep what they played.
    /// Refused, writing nothing, when the fact has no fix in force.
    pub fn remove_card_fix(&mut self, card: &str, fact: &str) -> Result<Vec<FixView>> {
        let (id, name) = self.fixable_card(card)?;
        let fact = parse_fact(fact)?;
        let fixed = self
            .store
            .card_fixes()?
            .iter()
            .any(|r| r.card_id == id && r.fact == fact.name());
        if !fixed {
            return Err(ServiceError::invalid(format!(
                "{name} has no fix of its {} to take back.",
                fact.name()
            )));
        }
        self.store.add_card_fix(&id, fact.name(), "null")?;
        self.card_fixes(&id)
    }

    /// The person's fixes in force for one card (any text that resolves to it).
    pub fn card_fixes(&self, card: &str) -> Result<Vec<FixView>> {
        let id = self.lookup_card(card)?.id().to_string();
        let Some(bm) = self.catalog.bm(&id) else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for (fix, at) in self.stored_fixes()? {
            if fix.card.as_str() != id {
                continue;
            }
            let replaced = FactValue::of(bm, fix.fact());
            out.push(FixView {
                card: id.clone(),
                fact: fix.fact().name().to_owned(),
                value: value_text(&fix.value),
                agrees_with_catalog: replaced.as_ref() == Some(&fix.value),
                replaced: replaced.as_ref().map(value_text),
                fixed_at: at,
                rejected: self.catalog.validate_fix(&fix).err().map(|e| e.to_string()),
            });
        }
        Ok(out)
    }

    /// Coverage of the catalogs, and how many fixes the person has made.
    pub fn catalog_stats(&self) -> Result<CatalogStatsView> {
        let s = self.catalog.stats();
        Ok(CatalogStatsView {
            per_game: counts(s.per_game, |g| g.slug().to_owned()),
            bm_per_series: counts(s.bm_per_series, name_of),
            bm_per_deck: counts(s.bm_per_deck, String::clone),
            bm_per_type: counts(s.bm_per_type, String::clone),
            bm_people_deck_list: count(s.bm_people_deck_list),
            bm_faq_only: count(s.bm_faq_only),
            bm_unknown: counts(s.bm_unknown, |f| f.name().to_owned()),
            bm_unknown_total: count(s.bm_unknown_total),
            user_fixes: count(self.store.card_fixes()?.len()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn svc() -> (tempfile::TempDir, Service) {
        let dir = tempfile::tempdir().unwrap();
        let svc = Service::open(dir.path()).unwrap();
        (dir, svc)
    }

    fn first(svc: &Service, text: &str) -> String {
        svc.find_cards(text, &CardFilter::default(), 5)
            .unwrap()
            .hits[0]
            .card
            .id
            .clone()
    }

    #[test]
    fn numbers_german_names_and_typos_find_the_card() {
        let (_d, svc) = svc();
        assert_eq!(first(&svc, "V24"), "vulca-24");
        assert_eq!(first(&svc, "Feuerzauber"), "vulca-24");
        assert_eq!(first(&svc, "flikering fires"), "vulca-24");
        let hit = &svc
            .find_cards("Feuerzauber", &CardFilter::default(), 5)
            .unwrap()
            .hits[0];
        assert_eq!(hit.matched_lang.as_deref(), Some("de"));
        assert_eq!(hit.card.tag.as_deref(), Some("Vulca 24"));
    }

    #[test]
    fn filters_restrict_and_bad_filters_are_refused() {
        let (_d, svc) = svc();
        let f = CardFilter {
            series: Some("vulca".into()),
            card_type: Some("support".into()),
            ..CardFilter::default()
        };
        let listed = svc.find_cards("", &f, 100).unwrap();
        assert!(!listed.hits.is_empty());
        assert!(listed
            .hits
            .iter()
            .all(|h| h.card.series.as_deref() == Some("vulca")
                && h.card.card_type.as_deref() == Some("support")));
        let shields = CardFilter {
            icon: Some("fire-shield".into()),
            ..CardFilter::default()
        };
        let found = svc.find_cards("", &shields, 500).unwrap();
        assert!(found
            .hits
            .iter()
            .all(|h| h.card.icons.contains(&"fire_shield".to_owned())));
        let bad = CardFilter {
            game: Some("chess".into()),
            ..CardFilter::default()
        };
        let e = svc.find_cards("x", &bad, 5).unwrap_err();
        assert_eq!(e.code, crate::ErrorCode::InvalidInput);
        assert!(e.message.contains("blue-moon"), "{}", e.message);
    }

    #[test]
    fn ambiguous_text_is_an_error_listing_candidates() {
        let (_d, svc) = svc();
        let e = svc.lookup_card("24").unwrap_err();
        assert_eq!(e.code, crate::ErrorCode::InvalidInput);
        assert!(e.message.contains("Vulca 24"), "{}", e.message);
        let e = svc.lookup_card("zzzzqqqq").unwrap_err();
        assert_eq!(e.code, crate::ErrorCode::NotFound);
    }

    #[test]
    fn a_fix_is_stored_marked_as_the_users_and_invalid_ones_change_nothing() {
        let (_d, mut svc) = svc();
        // Piplox (Infl 604) has no known moons in the catalog.
        let page = svc.card_page("infl-604", "en").unwrap();
        let moons = page
            .bm
            .as_ref()
            .unwrap()
            .facts
            .iter()
            .find(|f| f.fact == "moons")
            .unwrap()
            .clone();
        assert_eq!(moons.state, FactState::Unknown);
        assert!(page.bm.unwrap().fixable[0].unknown);

        let fixes = svc.fix_card("Piplox", "moons", "2").unwrap();
        assert_eq!(fixes.len(), 1);
        assert_eq!(fixes[0].value, "2");
        let page = svc.card_page("infl-604", "en").unwrap();
        let bm = page.bm.unwrap();
        assert_eq!(bm.moons, Some(2));
        let moons = bm.facts.iter().find(|f| f.fact == "moons").unwrap();
        assert_eq!(moons.state, FactState::User);
        assert_eq!(moons.replaced, None);

        // replacing a catalog value keeps what it replaced
        svc.fix_card("V24", "fire", "3").unwrap();
        let bm = svc.card_page("V24", "en").unwrap().bm.unwrap();
        let fire = bm.facts.iter().find(|f| f.fact == "fire").unwrap();
        assert_eq!(
            (fire.value.as_deref(), fire.replaced.as_deref()),
            (Some("3"), Some("1"))
        );

        for (card, fact, value) in [
            ("V24", "fire", "12"),
            ("V24", "fire", "hot"),
            ("V24", "series", "hoax"),
            ("V24", "colour", "red"),
            ("V24", "capacity", "2"),
            ("V24", "icons", "stop, stop"),
            ("nosuchcard", "fire", "1"),
            ("whi-grimgor-ironhide", "fire", "1"),
            ("V24", "text_en", "   "),
        ] {
            let e = svc.fix_card(card, fact, value).unwrap_err();
            assert!(e.is_user_error(), "{card} {fact} {value}: {e:?}");
        }
        assert_eq!(svc.catalog_stats().unwrap().user_fixes, 2);
    }

    #[test]
    fn unreadable_stored_fixes_are_left_out_not_fatal() {
        let (_d, mut svc) = svc();
        // rows a newer Tablemate (or a damaged file) could leave: unknown fact, wrong value type
        svc.store
            .add_card_fix("vulca-24", "colour", "\"red\"")
            .unwrap();
        svc.store
            .add_card_fix("vulca-24", "fire", "\"hot\"")
            .unwrap();
        let page = svc.card_page("vulca-24", "en").unwrap();
        let bm = page.bm.unwrap();
        assert_eq!(bm.fire, Some(1), "the catalog value still applies");
        assert!(bm.facts.iter().all(|f| f.state != FactState::User));
        assert!(svc.card_fixes("vulca-24").unwrap().is_empty());
    }

    #[test]
    fn other_games_pages_show_set_and_rulings() {
        let (_d, svc) = svc();
        let page = svc.card_page("whi-stand-your-ground", "en").unwrap();
        let other = page.other.unwrap();
        assert_eq!(other.set.as_deref(), Some("CC"));
        assert!(!other.conflicts.is_empty());
        assert!(page.rulings_error.is_none());
        assert!(!page.rulings.is_empty());
        assert!(page
            .rulings
            .iter()
            .all(|p| p.ruling.game == "warhammer-invasion"));
    }

    #[test]
    fn stats_count_every_game() {
        let (_d, svc) = svc();
        let s = svc.catalog_stats().unwrap();
        let bm = s.per_game.iter().find(|c| c.name == "blue-moon").unwrap();
        assert_eq!(bm.count as usize, svc.catalog.count(Game::BlueMoon));
        assert_eq!(s.per_game.len(), 4);
    }
}
