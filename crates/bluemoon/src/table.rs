//! The table state: what is on the table right now, the input of [`crate::power::compute`].
//! Its JSON form is documented in `TABLE_STATE.md`; the game fold keeps one up to date.

use crate::source::CardSource;
use crate::{BmFacts, CardId, Element, Icon, Player, RuleError};

/// A card that may be played face down: it has the BLUFF icon (or a bluff value).
pub fn is_bluff_card(facts: &BmFacts) -> bool {
    facts.has_icon(Icon::Bluff) || facts.bluff.is_some()
}
use serde::{Deserialize, Serialize};

/// An area of a player's side of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Area {
    /// Active character and booster cards.
    Combat,
    /// Support cards, and face-down bluff cards.
    Support,
    /// Leadership cards played this turn (they are active for this turn only).
    Leadership,
    /// Hyla and ships.
    Influence,
    /// Crystal cards.
    Achievement,
}

impl Area {
    pub const ALL: [Area; 5] = [
        Area::Combat,
        Area::Support,
        Area::Leadership,
        Area::Influence,
        Area::Achievement,
    ];

    /// Areas whose cards' values add up to total power.
    pub fn counts_power(self) -> bool {
        matches!(self, Area::Combat | Area::Support | Area::Influence)
    }
}

/// One card on the table. In JSON either a bare id (`"vulca-13"`) or an object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "EntryRepr")]
pub struct CardEntry {
    /// The card; `None` only for a face-down bluff card whose face is not entered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<CardId>,
    /// A face-down bluff card (support area): counts 2 in the contested element.
    #[serde(default, skip_serializing_if = "is_false")]
    pub face_down: bool,
    /// The chosen target of a "one of my character cards" effect (an id in the owner's
    /// combat area). Default: the owner's most recent active character.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<CardId>,
    /// Entered this turn: checked against active restrictions for warnings.
    #[serde(default, skip_serializing_if = "is_false")]
    pub new: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

#[derive(Deserialize)]
#[serde(untagged)]
enum EntryRepr {
    Id(CardId),
    Full {
        #[serde(default)]
        card: Option<CardId>,
        #[serde(default)]
        face_down: bool,
        #[serde(default)]
        target: Option<CardId>,
        #[serde(default)]
        new: bool,
        /// Anything else: refused by name below (an untagged enum cannot say which field).
        #[serde(flatten)]
        unknown: std::collections::BTreeMap<String, serde::de::IgnoredAny>,
    },
}

impl TryFrom<EntryRepr> for CardEntry {
    type Error = String;
    fn try_from(r: EntryRepr) -> Result<Self, String> {
        match r {
            EntryRepr::Id(id) => Ok(CardEntry::of(id)),
            EntryRepr::Full {
                card,
                face_down,
                target,
                new,
                unknown,
            } => match unknown.keys().next() {
                Some(field) => Err(format!(
                    "unknown field `{field}` in a card entry, expected card, face_down, target \
                     or new"
                )),
                None => Ok(CardEntry {
                    card,
                    face_down,
                    target,
                    new,
                }),
            },
        }
    }
}

impl CardEntry {
    pub fn of(id: impl Into<CardId>) -> CardEntry {
        CardEntry {
            card: Some(id.into()),
            face_down: false,
            target: None,
            new: false,
        }
    }
    pub fn targeting(mut self, target: impl Into<CardId>) -> CardEntry {
        self.target = Some(target.into());
        self
    }
    pub fn bluff(card: Option<CardId>) -> CardEntry {
        CardEntry {
            card,
            face_down: true,
            target: None,
            new: false,
        }
    }
}

/// One player's side of the table.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerTable {
    /// Active character and booster cards, oldest first.
    #[serde(default)]
    pub combat: Vec<CardEntry>,
    /// Covered (inactive) cards in the combat area: they only count for the six-card rule.
    #[serde(default)]
    pub covered: Vec<CardId>,
    #[serde(default)]
    pub support: Vec<CardEntry>,
    #[serde(default)]
    pub leadership: Vec<CardEntry>,
    #[serde(default)]
    pub influence: Vec<CardEntry>,
    #[serde(default)]
    pub achievement: Vec<CardEntry>,
}

impl PlayerTable {
    pub fn area(&self, area: Area) -> &[CardEntry] {
        match area {
            Area::Combat => &self.combat,
            Area::Support => &self.support,
            Area::Leadership => &self.leadership,
            Area::Influence => &self.influence,
            Area::Achievement => &self.achievement,
        }
    }

    pub fn area_mut(&mut self, area: Area) -> &mut Vec<CardEntry> {
        match area {
            Area::Combat => &mut self.combat,
            Area::Support => &mut self.support,
            Area::Leadership => &mut self.leadership,
            Area::Influence => &mut self.influence,
            Area::Achievement => &mut self.achievement,
        }
    }

    /// Cards in the combat and support areas for the six-card dragon bonus: covered cards
    /// count, face-down bluff cards do not.
    pub fn six_card_count(&self) -> usize {
        self.combat.len()
            + self.covered.len()
            + self.support.iter().filter(|e| !e.face_down).count()
    }
}

/// Everything the power calculation needs.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableState {
    /// Format version: 1.
    #[serde(default = "one")]
    pub v: u32,
    /// The contested element, once chosen.
    #[serde(default)]
    pub contested: Option<Element>,
    /// Whose turn it is: "this turn" effects (leadership cards) apply only in their
    /// owner's turn. Default: unknown, so they apply.
    #[serde(default)]
    pub turn: Option<Player>,
    #[serde(default, rename = "A", alias = "a")]
    pub a: PlayerTable,
    #[serde(default, rename = "B", alias = "b")]
    pub b: PlayerTable,
}

fn one() -> u32 {
    1
}

impl TableState {
    pub fn from_json(json: &str) -> Result<TableState, RuleError> {
        // a table state is a JSON object; serde would also take an array (`[]`) as a struct
        if !json.trim_start().starts_with('{') {
            return Err(RuleError::TableState(
                "a table state is a JSON object ({ \"A\": …, \"B\": … })".into(),
            ));
        }
        let t: TableState =
            serde_json::from_str(json).map_err(|e| RuleError::TableState(e.to_string()))?;
        if t.v != 1 {
            return Err(RuleError::UnsupportedVersion(t.v));
        }
        Ok(t)
    }

    /// Checks the entries against the cards (the JSON alone cannot say): a face-down entry
    /// must be a bluff card (BLUFF icon) and lie in the support area, as in play. A card the
    /// catalog does not know is left to the power calculation's `unknown_card` warning.
    pub fn check_cards(&self, cards: &impl CardSource) -> Result<(), RuleError> {
        for p in [Player::A, Player::B] {
            for area in Area::ALL {
                for e in self.side(p).area(area).iter().filter(|e| e.face_down) {
                    if area != Area::Support {
                        return Err(RuleError::TableState(format!(
                            "player {p:?}: a face-down bluff card lies in the support area,                              not the {} area",
                            format!("{area:?}").to_lowercase()
                        )));
                    }
                    let Some(card) = &e.card else { continue };
                    if cards.facts(card).is_some_and(|f| !is_bluff_card(f)) {
                        return Err(RuleError::NotABluffCard(card.clone()));
                    }
                }
            }
        }
        Ok(())
    }

    pub fn side(&self, p: Player) -> &PlayerTable {
        match p {
            Player::A => &self.a,
            Player::B => &self.b,
        }
    }

    pub fn side_mut(&mut self, p: Player) -> &mut PlayerTable {
        match p {
            Player::A => &mut self.a,
            Player::B => &mut self.b,
        }
    }
}
