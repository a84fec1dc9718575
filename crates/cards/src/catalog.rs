//! The card catalogs of all games: loading, validation, access by id and per game.

use crate::bm::{BmFacts, CardType, Icon, Series};
use crate::bm_card::{expected_id_and_tag, parse_tag, BmCard};
use crate::lookup::{CardKeys, Lang, LookupIndex, LookupResult, Slot};
use crate::other::{OtherCard, OtherCatalogFile};
use crate::overlay::{
    AppliedFixes, CardFix, EffectiveBmCard, Fact, RejectedFix, MAX_CAPACITY, MAX_MOONS, MAX_VALUE,
};
use crate::{CardId, CatalogError, Game};
use std::collections::HashMap;

const BLUEMOON_JSON: &str = include_str!("../../../data/cards/bluemoon.json");
const OTHER_JSON: [(Game, &str, &str); 3] = [
    (
        Game::WarhammerInvasion,
        "data/cards/warhammer-invasion.json",
        include_str!("../../../data/cards/warhammer-invasion.json"),
    ),
    (
        Game::KnightmareChess,
        "data/cards/knightmare-chess.json",
        include_str!("../../../data/cards/knightmare-chess.json"),
    ),
    (
        Game::StarTrekCcg,
        "data/cards/star-trek-ccg.json",
        include_str!("../../../data/cards/star-trek-ccg.json"),
    ),
];

/// A card of any game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CardRef<'a> {
    BlueMoon(&'a BmCard),
    Other(Game, &'a OtherCard),
}

impl<'a> CardRef<'a> {
    pub fn id(&self) -> &'a CardId {
        match self {
            CardRef::BlueMoon(c) => &c.facts.id,
            CardRef::Other(_, c) => &c.id,
        }
    }

    pub fn game(&self) -> Game {
        match self {
            CardRef::BlueMoon(_) => Game::BlueMoon,
            CardRef::Other(g, _) => *g,
        }
    }

    pub fn display_name(&self) -> &'a str {
        match self {
            CardRef::BlueMoon(c) => c.display_name(),
            CardRef::Other(_, c) => &c.name,
        }
    }
}

/// `{"game": "blue-moon", "card": {...}}`: what `cards show ID` prints as JSON.
impl serde::Serialize for CardRef<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("CardRef", 2)?;
        s.serialize_field("game", &self.game())?;
        match self {
            CardRef::BlueMoon(c) => s.serialize_field("card", c)?,
            CardRef::Other(_, c) => s.serialize_field("card", c)?,
        }
        s.end()
    }
}

/// All catalogs, validated and indexed for lookup.
pub struct Catalog {
    bm: Vec<BmCard>,
    others: Vec<OtherCatalogFile>,
    by_id: HashMap<CardId, Slot>,
    /// Built on the first lookup: most commands name cards by id (a play, a fix, an undo)
    /// and never search, and building the index is most of loading the catalogs.
    index: std::sync::OnceLock<LookupIndex>,
}

impl std::fmt::Debug for Catalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalog")
            .field("bluemoon", &self.bm.len())
            .field("other", &self.others.len())
            .finish()
    }
}

fn parse_json<T: serde::de::DeserializeOwned>(file: &str, json: &str) -> Result<T, CatalogError> {
    serde_json::from_str(json).map_err(|source| CatalogError::Json {
        file: file.to_owned(),
        source,
    })
}

impl Catalog {
    /// The catalogs shipped in `data/cards/`, embedded at build time.
    pub fn load_embedded() -> Result<Catalog, CatalogError> {
        let others = OTHER_JSON
            .iter()
            .map(|(game, file, json)| {
                let parsed: OtherCatalogFile = parse_json(file, json)?;
                if parsed.game != *game {
                    return Err(CatalogError::WrongGame {
                        file: (*file).to_owned(),
                        expected: *game,
                        found: parsed.game,
                    });
                }
                Ok(parsed)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let bm = parse_json("data/cards/bluemoon.json", BLUEMOON_JSON)?;
        Catalog::from_parts(bm, others)
    }

    /// Catalogs from JSON text: the Blue Moon array and any number of other-game files.
    pub fn from_json(bluemoon: &str, others: &[&str]) -> Result<Catalog, CatalogError> {
        let bm = parse_json("bluemoon catalog", bluemoon)?;
        let others = others
            .iter()
            .map(|json| parse_json("other-game catalog", json))
            .collect::<Result<Vec<_>, _>>()?;
        Catalog::from_parts(bm, others)
    }

    /// Validates and indexes parsed records.
    pub fn from_parts(
        bm: Vec<BmCard>,
        others: Vec<OtherCatalogFile>,
    ) -> Result<Catalog, CatalogError> {
        let mut by_id: HashMap<CardId, Slot> = HashMap::new();
        let mut games: HashMap<CardId, Game> = HashMap::new();
        let mut claim = |id: &CardId, game: Game, slot: Slot| {
            if let Some(first) = games.insert(id.clone(), game) {
                return Err(CatalogError::DuplicateId {
                    id: id.to_string(),
                    first,
                    second: game,
                });
            }
            by_id.insert(id.clone(), slot);
            Ok(())
        };
        for (i, card) in bm.iter().enumerate() {
            validate_bm(card)?;
            let slot = Slot::Bm(i as u32);
            claim(&card.facts.id, Game::BlueMoon, slot)?;
            for alt in &card.alt_tags {
                parse_tag(alt).ok_or_else(|| CatalogError::BadAltTag {
                    id: card.facts.id.to_string(),
                    tag: alt.clone(),
                })?;
            }
        }
        for (f, file) in others.iter().enumerate() {
            if file.game == Game::BlueMoon {
                return Err(CatalogError::WrongGame {
                    file: "other-game catalog".to_owned(),
                    expected: Game::WarhammerInvasion,
                    found: Game::BlueMoon,
                });
            }
            for (i, card) in file.cards.iter().enumerate() {
                if card.id.as_str().trim().is_empty() || card.name.trim().is_empty() {
                    return Err(CatalogError::EmptyName {
                        id: card.id.to_string(),
                        game: file.game,
                    });
                }
                let slot = Slot::Other(f as u8, i as u32);
                claim(&card.id, file.game, slot)?;
            }
        }
        Ok(Catalog {
            bm,
            others,
            by_id,
            index: std::sync::OnceLock::new(),
        })
    }

    /// What the lookup index searches, card by card: game, id, tags and names (the records
    /// were validated by [`Catalog::from_parts`]).
    fn keys(&self) -> Vec<CardKeys<'_>> {
        let mut keys = Vec::new();
        for card in &self.bm {
            let mut tags = vec![(card.facts.series, card.facts.number)];
            tags.extend(card.alt_tags.iter().filter_map(|alt| parse_tag(alt)));
            let mut names = Vec::new();
            if let Some(n) = &card.name_en {
                names.push((Lang::En, n.as_str()));
            }
            if let Some(n) = &card.name_de {
                names.push((Lang::De, n.as_str()));
            }
            keys.push(CardKeys {
                game: Game::BlueMoon,
                id: &card.facts.id,
                tag: Some(&card.tag),
                tags,
                names,
            });
        }
        for file in &self.others {
            for card in &file.cards {
                let mut names = vec![(Lang::En, card.name.as_str())];
                names.extend(card.aliases.iter().map(|a| (Lang::Alias, a.as_str())));
                keys.push(CardKeys {
                    game: file.game,
                    id: &card.id,
                    tag: None,
                    tags: Vec::new(),
                    names,
                });
            }
        }
        keys
    }

    /// Any card by id.
    pub fn card(&self, id: &str) -> Option<CardRef<'_>> {
        match self.by_id.get(&CardId::from(id))? {
            Slot::Bm(i) => self.bm.get(*i as usize).map(CardRef::BlueMoon),
            Slot::Other(f, i) => {
                let file = self.others.get(*f as usize)?;
                file.cards
                    .get(*i as usize)
                    .map(|c| CardRef::Other(file.game, c))
            }
        }
    }

    /// A Blue Moon record by id.
    pub fn bm(&self, id: &str) -> Option<&BmCard> {
        match self.card(id)? {
            CardRef::BlueMoon(c) => Some(c),
            CardRef::Other(..) => None,
        }
    }

    /// The printed facts of a Blue Moon card, as the rules engine uses them.
    pub fn bm_facts(&self, id: &str) -> Option<&BmFacts> {
        self.bm(id).map(|c| &c.facts)
    }

    /// All Blue Moon records in catalog order (people by people, then the other series).
    pub fn bm_cards(&self) -> &[BmCard] {
        &self.bm
    }

    /// The cards of another game (empty if that catalog is not loaded).
    pub fn other_cards(&self, game: Game) -> &[OtherCard] {
        self.others
            .iter()
            .find(|f| f.game == game)
            .map(|f| f.cards.as_slice())
            .unwrap_or(&[])
    }

    /// Every card of one game.
    pub fn cards_of(&self, game: Game) -> Box<dyn Iterator<Item = CardRef<'_>> + '_> {
        match game {
            Game::BlueMoon => Box::new(self.bm.iter().map(CardRef::BlueMoon)),
            other => Box::new(
                self.other_cards(other)
                    .iter()
                    .map(move |c| CardRef::Other(other, c)),
            ),
        }
    }

    /// Number of cards of one game.
    pub fn count(&self, game: Game) -> usize {
        match game {
            Game::BlueMoon => self.bm.len(),
            other => self.other_cards(other).len(),
        }
    }

    /// Text → ranked candidates in one game or all; see [`crate::lookup`] for the rules.
    pub fn lookup(&self, text: &str, game: Option<Game>, limit: usize) -> LookupResult {
        self.index
            .get_or_init(|| LookupIndex::build(self.keys()))
            .lookup(text, game, limit)
    }

    /// Checks a fix before it is stored: the card exists, is a Blue Moon card and the value is
    /// one a printed card can have.
    pub fn validate_fix(&self, fix: &CardFix) -> Result<&BmCard, CatalogError> {
        let id = fix.card.as_str();
        let card = match self.card(id) {
            None => {
                return Err(CatalogError::UnknownCard { id: id.to_owned() });
            }
            Some(CardRef::Other(..)) => {
                return Err(CatalogError::NotFixable { id: id.to_owned() });
            }
            Some(CardRef::BlueMoon(c)) => c,
        };
        fix.value.validate(id)?;
        if fix.fact() == Fact::Capacity && card.facts.card_type.is_some_and(|t| t != CardType::Ship)
        {
            return Err(CatalogError::InvalidFix {
                id: id.to_owned(),
                fact: Fact::Capacity,
                reason: "only ships have a capacity".to_owned(),
            });
        }
        Ok(card)
    }

    /// The catalog with the user's fixes over it. Fixes the catalog cannot take (card gone,
    /// value invalid) are returned as rejected instead of failing the whole overlay.
    pub fn apply_fixes(&self, fixes: &[CardFix]) -> AppliedFixes {
        let mut grouped: Vec<(&BmCard, Vec<&CardFix>)> = Vec::new();
        let mut rejected = Vec::new();
        for fix in fixes {
            match self.validate_fix(fix) {
                Ok(card) => match grouped
                    .iter_mut()
                    .find(|(c, _)| c.facts.id == card.facts.id)
                {
                    Some((_, list)) => list.push(fix),
                    None => grouped.push((card, vec![fix])),
                },
                Err(error) => rejected.push(RejectedFix {
                    fix: fix.clone(),
                    error,
                }),
            }
        }
        let mut cards: Vec<EffectiveBmCard> = grouped
            .into_iter()
            .map(|(card, list)| EffectiveBmCard::build(card, &list))
            .collect();
        cards.sort_by(|a, b| a.card.facts.id.cmp(&b.card.facts.id));
        AppliedFixes { cards, rejected }
    }

    /// One Blue Moon card with the user's fixes (those for other cards are ignored).
    pub fn effective_bm(
        &self,
        id: &str,
        fixes: &[CardFix],
    ) -> Result<EffectiveBmCard, CatalogError> {
        let card = self
            .bm(id)
            .ok_or_else(|| CatalogError::UnknownCard { id: id.to_owned() })?;
        let mine: Vec<&CardFix> = fixes.iter().filter(|f| f.card.as_str() == id).collect();
        for fix in &mine {
            self.validate_fix(fix)?;
        }
        Ok(EffectiveBmCard::build(card, &mine))
    }
}

fn validate_bm(card: &BmCard) -> Result<(), CatalogError> {
    let f = &card.facts;
    let id = f.id.to_string();
    let (want_id, want_tag) = expected_id_and_tag(f.series, f.number);
    if f.id.as_str() != want_id {
        return Err(CatalogError::IdMismatch {
            id,
            expected: want_id,
        });
    }
    if card.tag != want_tag {
        return Err(CatalogError::TagMismatch {
            id,
            tag: card.tag.clone(),
            expected: want_tag,
        });
    }
    for (fact, value, max) in [
        (Fact::Fire, f.fire, MAX_VALUE),
        (Fact::Earth, f.earth, MAX_VALUE),
        (Fact::Moons, f.moons, MAX_MOONS),
        (Fact::Capacity, f.capacity, MAX_CAPACITY),
    ] {
        if let Some(v) = value.filter(|v| *v > max) {
            return Err(CatalogError::ValueOutOfRange {
                id,
                fact,
                value: v.into(),
                max,
            });
        }
    }
    let inconsistent = |detail: &str| {
        Err(CatalogError::Inconsistent {
            id: id.clone(),
            detail: detail.to_owned(),
        })
    };
    if f.gang.is_some() && !f.has_icon(Icon::Gang) {
        return inconsistent("names a gang but has no GANG icon");
    }
    if f.bluff.is_some() && !f.has_icon(Icon::Bluff) {
        return inconsistent("names a BLUFF kind but has no BLUFF icon");
    }
    if card.icons_complete && f.has_icon(Icon::Gang) && f.gang.is_none() {
        return inconsistent("has a GANG icon but no gang");
    }
    if card.icons_complete && f.has_icon(Icon::Bluff) && f.bluff.is_none() {
        return inconsistent("has a BLUFF icon but no BLUFF kind");
    }
    if f.capacity.is_some() && f.card_type.is_some_and(|t| t != CardType::Ship) {
        return inconsistent("has a capacity but is not a ship");
    }
    if f.mutant != (f.series == Series::Mutant) {
        return inconsistent("mutant flag disagrees with its series");
    }
    if card.name_en.as_deref().is_some_and(|n| n.trim().is_empty())
        || card.name_de.as_deref().is_some_and(|n| n.trim().is_empty())
    {
        return inconsistent("has an empty name");
    }
    for fact in &card.absent {
        if FactValueIsSet::check(card, *fact) {
            return inconsistent(&format!("lists {fact} as absent but gives a value"));
        }
    }
    Ok(())
}

/// Whether a record gives a value for a fact (used to check `absent`).
struct FactValueIsSet;

impl FactValueIsSet {
    fn check(card: &BmCard, fact: Fact) -> bool {
        match fact {
            Fact::Icons => !card.facts.icons.is_empty(),
            Fact::Mutant | Fact::Series | Fact::Number => true,
            other => crate::overlay::FactValue::of(card, other).is_some(),
        }
    }
}
