//! The user's fixes of the values the catalog lacks: parsed, stored, removed and listed.

use super::*;

/// Turns what a person typed for a fact into the value the catalog checks.
pub(super) fn parse_fix_value(fact: Fact, text: &str) -> Result<FactValue> {
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

pub(super) fn parse_fact(text: &str) -> Result<Fact> {
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

pub(super) fn fixable_fact(card: &BmCard, fact: Fact) -> FixableFact {
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
    pub(super) fn stored_fixes(&self) -> Result<Vec<(CardFix, String)>> {
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

    /// The Blue Moon card `card` names (its id and name): only those can be fixed.
    pub(super) fn fixable_card(&self, card: &str) -> Result<(String, String)> {
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
}
