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

mod fixes;
mod page;
mod search;
#[allow(unused_imports)]
pub(crate) use fixes::*;
#[allow(unused_imports)]
pub(crate) use page::*;
#[allow(unused_imports)]
pub(crate) use search::*;

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

impl Service {
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
    use crate::Language;

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

    /// The page takes the interface language as the enum the front ends send (refused at
    /// their boundary when it is none), and ranks the rulings in that language higher.
    #[test]
    fn a_card_pages_rulings_put_the_language_it_is_given_higher() {
        let (_d, svc) = svc();
        let first_in = |lang: Language, code: &str| {
            let page = svc.card_page("Flickering Fires", lang).unwrap();
            assert_eq!(page.rulings_error, None);
            // not shown at all: below every ruling shown
            let at = page.rulings.iter().position(|p| p.ruling.lang == code);
            at.unwrap_or(usize::MAX)
        };
        let (de_in_en, de_in_de) = (first_in(Language::En, "de"), first_in(Language::De, "de"));
        let (en_in_en, en_in_de) = (first_in(Language::En, "en"), first_in(Language::De, "en"));
        assert!(de_in_de < de_in_en, "German: {de_in_de} vs {de_in_en}");
        assert_ne!(
            en_in_en,
            usize::MAX,
            "the English page shows an English ruling"
        );
        assert!(en_in_en <= en_in_de, "English: {en_in_en} vs {en_in_de}");
    }

    #[test]
    fn a_fix_is_stored_marked_as_the_users_and_invalid_ones_change_nothing() {
        let (_d, mut svc) = svc();
        // Piplox (Infl 604) has no known moons in the catalog.
        let page = svc.card_page("infl-604", Language::En).unwrap();
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
        let page = svc.card_page("infl-604", Language::En).unwrap();
        let bm = page.bm.unwrap();
        assert_eq!(bm.moons, Some(2));
        let moons = bm.facts.iter().find(|f| f.fact == "moons").unwrap();
        assert_eq!(moons.state, FactState::User);
        assert_eq!(moons.replaced, None);

        // replacing a catalog value keeps what it replaced
        svc.fix_card("V24", "fire", "3").unwrap();
        let bm = svc.card_page("V24", Language::En).unwrap().bm.unwrap();
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
        let page = svc.card_page("vulca-24", Language::En).unwrap();
        let bm = page.bm.unwrap();
        assert_eq!(bm.fire, Some(1), "the catalog value still applies");
        assert!(bm.facts.iter().all(|f| f.state != FactState::User));
        assert!(svc.card_fixes("vulca-24").unwrap().is_empty());
    }

    #[test]
    fn other_games_pages_show_set_and_rulings() {
        let (_d, svc) = svc();
        let page = svc
            .card_page("whi-stand-your-ground", Language::En)
            .unwrap();
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
