//! What an organiser fills in to create an event (also the header of an imported CSV event),
//! checked by the rules before anything is written.

use serde::{Deserialize, Serialize};
use store::{FirstRound, Format};
use ts_rs::TS;

use super::{errors::capitalise, refusals};
use crate::error::{Result, ServiceError};
use crate::Language;

/// What an organiser fills in to create an event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct NewEvent {
    pub name: String,
    /// `YYYY-MM-DD`.
    pub date: String,
    /// `swiss` or `round_robin`.
    pub format: String,
    /// Swiss rounds (required for Swiss).
    pub rounds: Option<u32>,
    /// Top cut after the Swiss rounds: 2, 4, 8… players; none for no cut.
    pub top_cut: Option<u32>,
    /// `random` (default) or `seeded` (registration order: top half against bottom half).
    pub first_round: Option<String>,
    /// Seed for random pairings (text, so that every 64-bit value survives JavaScript);
    /// none picks one and stores it.
    pub seed: Option<String>,
    /// Every player must register a deck before round 1 is paired (none: not required).
    #[serde(default)]
    #[ts(optional)]
    pub decks_required: Option<bool>,
}

impl NewEvent {
    /// Whether the event can be created as given (name aside: the store checks it when it
    /// writes); the refusal in `lang`. Asked before a file dialog opens for it.
    pub fn check(&self, lang: Language) -> Result<()> {
        self.to_store(lang).map(drop)
    }

    /// The event as the store takes it; what cannot be right is refused in `lang`.
    pub(super) fn to_store(&self, lang: Language) -> Result<store::NewTournament> {
        let format = parse_format(&self.format, self.rounds, self.top_cut, lang)?;
        let say = |en, de| ServiceError::invalid(refusals::en_de(lang, en, de));
        let first_round = match self.first_round.as_deref().map(str::trim) {
            None | Some("") | Some("random") => FirstRound::Random,
            Some("seeded") => FirstRound::Seeded,
            Some(other) => {
                return Err(say(
                    format!("First round {other:?} is not random or seeded."),
                    format!("Erste Runde {other:?} ist weder random (zufällig) noch seeded (nach Setzliste)."),
                ))
            }
        };
        let seed = match self.seed.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(s) => Some(s.parse::<u64>().map_err(|_| {
                say(
                    format!("Seed {s:?} is not a whole number."),
                    format!("Startwert {s:?} ist keine ganze Zahl."),
                )
            })?),
        };
        Ok(store::NewTournament {
            name: self.name.clone(),
            date: self.date.clone(),
            format,
            first_round,
            seed,
            decks_required: self.decks_required.unwrap_or(false),
        })
    }
}

/// `swiss` (with rounds and an optional top cut) or `round_robin`, checked by the rules
/// (`tournament::Format::validate`); refusals in `lang`.
pub fn parse_format(
    format: &str,
    rounds: Option<u32>,
    top_cut: Option<u32>,
    lang: Language,
) -> Result<Format> {
    let say = |en, de| ServiceError::invalid(refusals::en_de(lang, en, de));
    let max = tournament::MAX_SWISS_ROUNDS;
    let f = match format
        .trim()
        .to_ascii_lowercase()
        .replace('-', "_")
        .as_str()
    {
        "swiss" => Format::Swiss {
            rounds: rounds.ok_or_else(|| {
                say(
                    format!("A Swiss event needs a number of rounds (1 to {max})."),
                    format!("Ein Schweizer-System-Turnier braucht eine Rundenzahl (1 bis {max})."),
                )
            })?,
            top_cut: top_cut.filter(|c| *c > 0),
        },
        "round_robin" | "roundrobin" => {
            if top_cut.is_some_and(|c| c > 0) {
                return Err(say(
                    "A round robin has no top cut; leave the top cut empty.".into(),
                    "Jeder gegen jeden hat keinen Top-Cut; lass das Feld leer.".into(),
                ));
            }
            Format::RoundRobin
        }
        other => {
            return Err(say(
                format!("Format {other:?} is not swiss or round_robin."),
                format!("Format {other:?} ist weder swiss noch round_robin."),
            ))
        }
    };
    f.validate().map_err(|e| match e {
        tournament::TournamentError::SwissRounds { rounds } => {
            ServiceError::invalid(swiss_rounds_refusal(rounds, lang))
        }
        tournament::TournamentError::TopCut { cut } => {
            ServiceError::invalid(top_cut_refusal(cut, lang))
        }
        other => ServiceError::invalid(capitalise(&other.to_string())),
    })?;
    Ok(f)
}

/// A Swiss event of `rounds` rounds, which no event has (also an imported one).
pub(super) fn swiss_rounds_refusal(rounds: u32, lang: Language) -> String {
    let max = tournament::MAX_SWISS_ROUNDS;
    refusals::en_de(
        lang,
        format!("A Swiss event needs 1 to {max} rounds, not {rounds}."),
        format!("Ein Schweizer-System-Turnier hat 1 bis {max} Runden, nicht {rounds}."),
    )
}

/// A top cut of `cut` players, which no event has (also an imported one).
pub(super) fn top_cut_refusal(cut: u32, lang: Language) -> String {
    refusals::en_de(
        lang,
        format!("A top cut must be 2, 4, 8, 16, 32 or 64 players, not {cut}."),
        format!("Ein Top-Cut hat 2, 4, 8, 16, 32 oder 64 Spieler, nicht {cut}."),
    )
}

/// The event a CSV import creates, as the store takes it; refused in `lang`.
pub(super) fn csv_header(header: &NewEvent, lang: Language) -> Result<store::EventHeader> {
    let req = header.to_store(lang)?;
    Ok(store::EventHeader {
        name: req.name,
        date: req.date,
        format: req.format,
        first_round: req.first_round,
        seed: req.seed.unwrap_or(0),
        decks_required: req.decks_required,
    })
}
