//! One record of the Blue Moon catalog file `data/cards/bluemoon.json`: the printed facts the
//! rules engine needs ([`BmFacts`], flattened so the engine can parse the same file) plus names,
//! texts, the deck it ships in and where each fact comes from.

use crate::bm::{BmFacts, Series};
use crate::overlay::Fact;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A Blue Moon catalog record. Unknown facts are `None`; facts a source states the card does
/// not have (no printed values, no special power text) are listed in [`BmCard::absent`], so
/// "unknown" and "not printed" stay distinguishable.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BmCard {
    #[serde(flatten)]
    pub facts: BmFacts,
    /// The FAQ's tag form, `Vulca 24`, `Mutant 106`, `Infl 604`.
    pub tag: String,
    /// Other tags the card was printed or cited under (Sea Moon: `Promo 31`).
    #[serde(default)]
    pub alt_tags: Vec<String>,
    pub name_en: Option<String>,
    pub name_de: Option<String>,
    /// The preassembled deck the card ships in (`Vulca`, `E&I:A`, `E&I:B`).
    pub deck: Option<String>,
    pub text_en: Option<String>,
    pub text_de: Option<String>,
    /// Whether `icons` (with `gang` and `bluff`) is the card's full icon list. Cards known only
    /// from the FAQs list just the icons the FAQs mention.
    #[serde(default = "default_true")]
    pub icons_complete: bool,
    /// Facts the sources state the card does not have.
    #[serde(default)]
    pub absent: Vec<Fact>,
    /// Source key (see `data/SOURCES.md`) → the facts it gave.
    #[serde(default)]
    pub sources: BTreeMap<String, Vec<Fact>>,
}

fn default_true() -> bool {
    true
}

impl BmCard {
    /// English name, else German name, else the tag: what to show when no language is chosen.
    pub fn display_name(&self) -> &str {
        self.name_en
            .as_deref()
            .or(self.name_de.as_deref())
            .unwrap_or(&self.tag)
    }

    /// Which source gave a fact, if any.
    pub fn source_of(&self, fact: Fact) -> Option<&str> {
        self.sources
            .iter()
            .find(|(_, facts)| facts.contains(&fact))
            .map(|(src, _)| src.as_str())
    }

    pub fn is_absent(&self, fact: Fact) -> bool {
        self.absent.contains(&fact)
    }
}

/// Id and tag a card of `series` numbered `number` must have: people cards are padded to two
/// digits (`vulca-00`, `Aqua 02`), the other series print three-digit numbers.
pub fn expected_id_and_tag(series: Series, number: u16) -> (String, String) {
    let num = if series.is_people() {
        format!("{number:02}")
    } else {
        number.to_string()
    };
    let prefix = series.tag_prefix();
    (
        format!("{}-{num}", prefix.to_ascii_lowercase()),
        format!("{prefix} {num}"),
    )
}

/// Parses a tag such as `Vulca 24` or `Promo 31` into series and number.
pub fn parse_tag(tag: &str) -> Option<(Series, u16)> {
    let (prefix, num) = tag.split_once(' ')?;
    let series = Series::ALL
        .into_iter()
        .find(|s| s.tag_prefix().eq_ignore_ascii_case(prefix))?;
    if num.is_empty() || num.len() > 4 || !num.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((series, num.parse().ok()?))
}
