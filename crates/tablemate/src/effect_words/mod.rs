//! The one wording of the Blue Moon engine's effects, per language: the engine decides what
//! applies and hands it over as data (`bluemoon::effect::Effect`), the service words it here
//! ([`en`] in English, [`de`] in German).

mod de;
mod en;

use bluemoon::effect::Effect;

use crate::Language;

/// One effect in the interface language.
pub(crate) fn effect(effect: &Effect, lang: Language) -> String {
    match lang {
        Language::En => en::english(effect),
        Language::De => de::german(effect),
    }
}

/// One "why?" step of a card's value, caused by `cause`. In English a total-power effect says
/// so first: it is shown on the card that raises the total, so the breakdown adds up.
pub(crate) fn step(cause: &Effect, lang: Language) -> String {
    match (lang, cause) {
        (Language::En, Effect::TotalPower { .. }) => {
            format!("total power: {}", en::english(cause))
        }
        _ => effect(cause, lang),
    }
}
