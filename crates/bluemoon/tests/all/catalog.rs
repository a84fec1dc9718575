//! The embedded catalog and effects file agree: every card with special power text has
//! effects, and the effect kinds are what the texts say.

use bluemoon::effect::{Effect, EffectKind};
use bluemoon::{CardId, CardSource, Catalog};

fn cat() -> Catalog {
    Catalog::embedded().expect("embedded catalog parses")
}

#[test]
fn every_card_with_text_is_classified() {
    let c = cat().classification();
    println!("{}", serde_json::to_string_pretty(&c).unwrap_or_default());
    assert!(
        c.unclassified.is_empty(),
        "unclassified: {:?}",
        c.unclassified
    );
    assert!(c.unknown_ids.is_empty(), "unknown ids: {:?}", c.unknown_ids);
    assert!(
        c.classified >= 132,
        "the 132 reference cards with text at least"
    );
}

#[test]
fn every_card_with_only_a_german_text_is_classified() {
    // The engine's catalog counts English texts; cards known only from the German card scans
    // (Terrah 31, Aqua 15, Chosen Ones, Mutant 108, ...) must have effects all the same.
    let c = cat();
    let records = cards::Catalog::load_embedded().expect("card catalog loads");
    let german_only: Vec<&str> = records
        .bm_cards()
        .iter()
        .filter(|r| r.text_en.is_none())
        .filter(|r| r.text_de.as_deref().is_some_and(|t| !t.trim().is_empty()))
        .map(|r| r.facts.id.as_str())
        .collect();
    assert!(
        german_only.contains(&"terrah-31") && german_only.contains(&"mutant-108"),
        "{german_only:?}"
    );
    let missing: Vec<&&str> = german_only
        .iter()
        .filter(|id| c.effects(&CardId::from(**id)).is_empty())
        .collect();
    assert!(missing.is_empty(), "no effects for {missing:?}");
}

#[test]
fn kinds_match_the_texts() {
    let c = cat().classification();
    // The four Cool cards are the only printed-value changes.
    assert_eq!(
        c.cards_per_kind.get(&EffectKind::PrintedReduction),
        Some(&4)
    );
    // Elemental Enchantment, Earthwater, Firewater.
    assert_eq!(c.cards_per_kind.get(&EffectKind::TotalPower), Some(&3));
    // Mutants 101-110 and Old Goo Laa's Ghost.
    assert_eq!(c.cards_per_kind.get(&EffectKind::ElementChange), Some(&11));
    // Redamikanas, Bethenitana, Fearsome Spirits, Fearsome Chant, Launch Sloth Gas,
    // Distract Holy Dragon, Schleuder der Bestürzung (Khind 24, known only in German).
    assert_eq!(c.cards_per_kind.get(&EffectKind::RetreatDragons), Some(&7));
}

#[test]
fn flickering_fires_forbids_leadership_not_hyla() {
    let c = cat();
    let effects = c.effects(&CardId::from("vulca-24"));
    assert!(matches!(effects, [Effect::Restriction { .. }]));
    let tronknor = c.facts(&CardId::from("infl-602")).map(|f| f.card_type);
    assert_eq!(tronknor, Some(Some(bluemoon::CardType::Influence)));
}

#[test]
fn effects_file_round_trips() {
    let c = cat();
    for (id, entry) in c.effect_entries() {
        let json = serde_json::to_string(&entry.effects).unwrap_or_default();
        let back: Vec<Effect> = serde_json::from_str(&json).unwrap_or_default();
        assert_eq!(back, entry.effects, "{id}");
    }
}

#[test]
fn effects_entries_name_the_catalog_card() {
    // Catches an effects entry filed under the wrong id.
    let c = cat();
    let mut wrong = Vec::new();
    for (id, entry) in c.effect_entries() {
        if let (Some(mine), Some(theirs)) = (entry.name.as_deref(), c.name(id)) {
            if mine != theirs {
                wrong.push(format!("{id}: {mine} / {theirs}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:?}");
}
