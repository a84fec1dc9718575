//! Refusals of the rules and of the store, as the organiser reads them.

use super::{refusals, store_err};
use crate::error::{ErrorCode, ServiceError};
use crate::Language;

pub(super) fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A refusal of the rules in `lang`, about the player `who` (empty when it is about the event).
pub(crate) fn rule_error(
    e: tournament::TournamentError,
    who: &str,
    info: &store::TournamentInfo,
    lang: Language,
) -> ServiceError {
    match e {
        tournament::TournamentError::Refused(why) => ServiceError::invalid(refusals::refusal(
            why,
            who,
            &info.name,
            info.rounds_paired,
            lang,
        )),
        other => ServiceError::invalid(capitalise(&other.to_string())),
    }
}

/// A store error of a decided write in `lang`: the event changed meanwhile is
/// [`ErrorCode::Changed`], worded with the event's name.
pub(crate) fn record_error(
    e: store::StoreError,
    info: &store::TournamentInfo,
    lang: Language,
) -> ServiceError {
    match e {
        store::StoreError::EventChanged { .. } => {
            ServiceError::new(ErrorCode::Changed, refusals::changed(&info.name, lang))
        }
        other => store_err(other).in_language(lang),
    }
}
