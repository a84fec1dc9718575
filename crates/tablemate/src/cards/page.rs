//! A card's page: its facts (with the user's fixes marked), texts, icons and rulings.

use super::*;

impl Service {
    /// A card's page: every fact (with the person's fixes marked) and all its rulings, the
    /// preferred language's first.
    pub fn card_page(&self, card: &str, lang: crate::Language) -> Result<CardPage> {
        let card = self.lookup_card(card)?;
        let lang = lang.into();
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
    pub(super) fn bm_details(&self, card: &BmCard) -> Result<(BmDetails, ::cards::bm::BmFacts)> {
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
}
