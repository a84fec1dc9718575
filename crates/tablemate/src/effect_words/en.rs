//! The engine's effects in English words (the engine decides, the service words): the "why?"
//! steps and the effect list of the table, and the command line's.

use bluemoon::effect::{
    CardClass, DragonChange, Effect, ElementChangeTo, Elements, Forbid, IgnoreWhat, Parity,
    ValueOp, Whose,
};
use bluemoon::{CardType, Element};

/// One effect in English words, for the "why?" view.
pub(crate) fn english(effect: &Effect) -> String {
    match effect {
        Effect::Value {
            op,
            elements,
            cards,
            whose,
        } => {
            let el = elements_text(*elements);
            let sep = if el.is_empty() { "" } else { " " };
            format!(
                "{}: {el}{sep}values of {} {}",
                op_text(*op),
                whose_text(*whose),
                class_text(*cards)
            )
        }
        Effect::PrintedReduction {
            parity,
            cards,
            whose,
        } => format!(
            "{} printed values of {} {} reduce to 0",
            match parity {
                Parity::Odd => "odd",
                Parity::Even => "even",
            },
            whose_text(*whose),
            class_text(*cards)
        ),
        Effect::TotalPower { to, element } => match element {
            Some(e) => format!("total power in {} increases to {to}", element_text(*e)),
            None => format!("total power increases to {to}"),
        },
        Effect::Ignore {
            what,
            cards,
            except,
            ..
        } => {
            let w = match what {
                IgnoreWhat::Text => "special power text of",
                IgnoreWhat::Icons => "icons of",
                IgnoreWhat::Cards => "",
            };
            let mut s = format!("ignores {w} opponent's {}", class_text(*cards));
            if !except.is_empty() {
                s.push_str(" (with exceptions)");
            }
            s
        }
        Effect::ElementChange { to } => match to {
            ElementChangeTo::Toggle => "the contested element changes between fire and earth",
            ElementChangeTo::Fire => "the contested element changes to fire",
            ElementChangeTo::Earth => "the contested element changes to earth",
        }
        .into(),
        Effect::RetreatDragons {
            retreating, change, ..
        } => format!(
            "if {} retreats, {}",
            match retreating {
                Whose::Mine => "its owner",
                Whose::Yours => "the opponent",
            },
            match change {
                DragonChange::PlusOne => "one additional dragon is attracted",
                DragonChange::MinusOne => "one dragon fewer is attracted",
                DragonChange::AtMostOne => "no more than one dragon is attracted",
                DragonChange::MayNotAttract => "the winner may not attract dragons",
            }
        ),
        Effect::AttractDragon { condition, .. } => format!("attract a dragon: {condition}"),
        Effect::Restriction { forbids, .. } => format!("forbids {}", forbid(forbids)),
        Effect::CrystalScore {
            if_i_win,
            if_you_win,
        } => format!("score: {if_i_win:+} if owner wins, {if_you_win:+} if opponent wins"),
        Effect::Reminder { note, .. } => note.clone(),
    }
}

/// What a restriction forbids, in the words a player reads at the table (never Rust debug
/// output).
pub(crate) fn forbid(forbids: &Forbid) -> String {
    match forbids {
        Forbid::Play {
            types,
            with_text,
            printed_above,
        } => {
            let kinds = if types.is_empty() {
                "cards".to_owned()
            } else {
                let names: Vec<&str> = types.iter().map(|t| card_type_name(*t)).collect();
                format!("{} cards", names.join(" or "))
            };
            let mut s = format!("playing {kinds}");
            match with_text {
                Some(true) => s.push_str(" with special power text"),
                Some(false) => s.push_str(" without special power text"),
                None => {}
            }
            if let Some(n) = printed_above {
                s.push_str(&format!(" with a printed value higher than {n}"));
            }
            s
        }
        Forbid::MoreThanOneCardPerTurn => "playing more than one card per turn".into(),
        Forbid::MoreThanOneCardIntoCombat => "playing more than one card into combat".into(),
        Forbid::TakeFromDrawDeck => "taking cards from the draw deck".into(),
        Forbid::MoreThanOneFromDrawDeck => {
            "taking more than one card from the draw deck per turn".into()
        }
        Forbid::TakeIntoHand { hand_at_least } => match hand_at_least {
            Some(n) => format!("taking cards into a hand of {n} or more"),
            None => "taking further cards into the hand".into(),
        },
        Forbid::CallBluff => "calling the bluff".into(),
        Forbid::MoreThanOneActiveCharacter => {
            "more than one active character after the Character phase".into()
        }
        Forbid::AdditionalDrawAtEndOfTurn => {
            "drawing additional cards at the end of the turn".into()
        }
    }
}

fn card_type_name(t: CardType) -> &'static str {
    match t {
        CardType::Leader => "leader",
        CardType::Character => "character",
        CardType::Booster => "booster",
        CardType::Support => "support",
        CardType::Leadership => "leadership",
        CardType::Influence => "influence (Hyla)",
        CardType::Ship => "ship",
        CardType::Crystal => "crystal",
        CardType::Interference => "interference",
        CardType::Inquisitor => "inquisitor",
        CardType::Emissary => "emissary",
    }
}

fn op_text(op: ValueOp) -> String {
    match op {
        ValueOp::Double => "double".into(),
        ValueOp::IncreaseTo(n) => format!("increase to {n}"),
        ValueOp::IncreaseBy(n) => format!("increase by {n}"),
        ValueOp::SumOfPrinted => "increase to printed fire + earth".into(),
        ValueOp::HigherPrinted => "increase to the higher printed value".into(),
        ValueOp::DecreaseTo(n) => format!("decrease to {n}"),
        ValueOp::DecreaseBy(n) => format!("decrease by {n}"),
    }
}

fn element_text(e: Element) -> &'static str {
    match e {
        Element::Fire => "fire",
        Element::Earth => "earth",
    }
}

fn elements_text(e: Elements) -> &'static str {
    match e {
        Elements::Both => "",
        Elements::Fire => "fire",
        Elements::Earth => "earth",
    }
}

fn whose_text(w: Whose) -> &'static str {
    match w {
        Whose::Mine => "own",
        Whose::Yours => "opponent's",
    }
}

fn class_text(c: CardClass) -> &'static str {
    match c {
        CardClass::OneCharacter => "one character card",
        CardClass::Characters => "character cards",
        CardClass::Boosters => "booster cards",
        CardClass::Support => "support cards",
        CardClass::BoosterSupport => "booster/support cards",
        CardClass::Bluff => "bluff cards",
        CardClass::WithIcons => "cards with icons",
        CardClass::All => "cards",
    }
}

#[cfg(test)]
mod forbid_text_tests {
    use super::*;

    #[test]
    fn restrictions_read_as_words_not_debug_output() {
        let f = Forbid::Play {
            types: vec![CardType::Leadership],
            with_text: None,
            printed_above: None,
        };
        assert_eq!(forbid(&f), "playing leadership cards");
        let g = Forbid::Play {
            types: vec![CardType::Character],
            with_text: None,
            printed_above: Some(4),
        };
        assert_eq!(
            forbid(&g),
            "playing character cards with a printed value higher than 4"
        );
        for f in [
            f,
            g,
            Forbid::CallBluff,
            Forbid::TakeIntoHand {
                hand_at_least: None,
            },
        ] {
            let d = forbid(&f);
            assert!(!d.contains('{') && !d.contains("::"), "{d}");
        }
    }
}

#[cfg(test)]
mod describe_tests {
    use super::*;
    use bluemoon::Catalog;

    /// Rust debug output looks like `PlusOne`, `Some(4)`, `Toggle }` or `a::b`.
    fn looks_like_debug_output(s: &str) -> bool {
        let camel = s.split(|c: char| !c.is_alphanumeric()).any(|w| {
            let mut cs = w.chars();
            cs.next().is_some_and(char::is_uppercase)
                && cs.any(char::is_uppercase)
                && w.chars().any(char::is_lowercase)
        });
        camel || s.contains('{') || s.contains("::") || s.contains("Some(") || s.contains("None")
    }

    #[test]
    fn every_shipped_effect_reads_as_words() {
        let catalog = Catalog::embedded_effects().expect("effects load");
        let mut seen = 0;
        for (id, entry) in catalog.effect_entries() {
            for e in &entry.effects {
                let d = english(e);
                assert!(!d.trim().is_empty(), "{id}: empty description");
                assert!(!looks_like_debug_output(&d), "{id}: {d}");
                seen += 1;
            }
        }
        assert!(seen > 150, "only {seen} effects described");
    }

    #[test]
    fn element_changes_and_retreat_modifiers_are_worded() {
        assert_eq!(
            english(&Effect::ElementChange {
                to: ElementChangeTo::Toggle
            }),
            "the contested element changes between fire and earth"
        );
        let bethenitana = Effect::RetreatDragons {
            retreating: Whose::Mine,
            change: DragonChange::MayNotAttract,
            duration: bluemoon::effect::Duration::default(),
        };
        assert_eq!(
            english(&bethenitana),
            "if its owner retreats, the winner may not attract dragons"
        );
        assert!(looks_like_debug_output("if owner retreat(s): PlusOne"));
    }
}
