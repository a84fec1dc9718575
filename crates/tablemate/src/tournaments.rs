//! Tournaments for organisers: create an event, register players (with the people or deck they
//! play), drops and late entries, pair rounds, record and correct results, standings with the
//! documented tie-breakers, export and import (CSV and JSON).
//!
//! The rules live in the `tournament` crate and the storage in `store`; this module only maps
//! requests in and view models out, so the app and the CLI show exactly the same numbers.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use store::{EntrantId, FirstRound, Format, TournamentId};
use ts_rs::TS;

use crate::error::{ErrorCode, Result, ServiceError};
use crate::{Language, Service};

mod entrants_csv;
mod import_refusals;
pub mod input_refusals;
pub mod organiser_text;
mod refusals;
mod reporting;
mod round_clock;
pub use reporting::{
    normalise_code, report_address, typed_form, PlayerReport, ReportAcceptance, ReportLogAction,
    ReportLogView, ReportedResult, ReportingView, SeatCodeView, SeatRefusal, SeatRefusalKind,
    SeatView, TableReportState, TableReportsView, CODE_CHARS, MAX_CODE_INPUT,
};
pub use round_clock::{clock_text, ClockAction, ClockState, ClockView};
pub use store::CsvImport;

/// A player of a table as a front end names them: the app by seat or entrant id (typed
/// values, never text to parse), a person at the command line as they type it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerRef {
    /// The seat at the table (the page shows the players' names).
    Seat(crate::game::Seat),
    /// The entrant's id (the event page's choice).
    Entrant(i64),
    /// As typed: a name, `a`/`b` or `#id`.
    Typed(String),
}

impl From<&str> for PlayerRef {
    fn from(text: &str) -> Self {
        PlayerRef::Typed(text.to_owned())
    }
}

impl From<&String> for PlayerRef {
    fn from(text: &String) -> Self {
        PlayerRef::Typed(text.clone())
    }
}

/// The tie-breakers, in order, as organisers read them (also printed by the CLI and shown in the
/// app under the standings).
pub const TIE_BREAKERS: [&str; 5] = [
    "Match points: 3 for a win or a bye, 0 for a loss (Blue Moon has no draws).",
    "Opponents' match-win percentage (each opponent floored at 33%; byes are not opponents).",
    "Crystal difference (crystals won minus crystals conceded; a bye counts 5-0).",
    "Head-to-head wins among the players still tied.",
    "Seed (registration order).",
];

/// Maps a store error to what a person sees: the one mapping, in `error.rs`.
pub(crate) use crate::error::store_error as store_err;

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

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
}

impl NewEvent {
    /// Whether the event can be created as given (name aside: the store checks it when it
    /// writes); the refusal in `lang`. Asked before a file dialog opens for it.
    pub fn check(&self, lang: Language) -> Result<()> {
        self.to_store(lang).map(drop)
    }

    /// The event as the store takes it; what cannot be right is refused in `lang`.
    fn to_store(&self, lang: Language) -> Result<store::NewTournament> {
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
fn swiss_rounds_refusal(rounds: u32, lang: Language) -> String {
    let max = tournament::MAX_SWISS_ROUNDS;
    refusals::en_de(
        lang,
        format!("A Swiss event needs 1 to {max} rounds, not {rounds}."),
        format!("Ein Schweizer-System-Turnier hat 1 bis {max} Runden, nicht {rounds}."),
    )
}

/// A top cut of `cut` players, which no event has (also an imported one).
fn top_cut_refusal(cut: u32, lang: Language) -> String {
    refusals::en_de(
        lang,
        format!("A top cut must be 2, 4, 8, 16, 32 or 64 players, not {cut}."),
        format!("Ein Top-Cut hat 2, 4, 8, 16, 32 oder 64 Spieler, nicht {cut}."),
    )
}

/// An event as listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct EventView {
    #[ts(type = "number")]
    pub id: i64,
    pub name: String,
    pub date: String,
    /// `swiss` or `round_robin`.
    pub format: String,
    /// Swiss rounds planned; for a round robin, the rounds its field needs (0 before anyone
    /// registered).
    pub rounds_planned: u32,
    pub top_cut: Option<u32>,
    /// `random` or `seeded`.
    pub first_round: String,
    /// The pairing seed, as text.
    pub seed: String,
    pub rounds_paired: u32,
    pub players: u32,
    pub created_at: String,
    /// After an import only: what the file could not carry (an older format; the slips of a
    /// round being played to print again), in the interface language.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub notices: Option<Vec<String>>,
}

/// A registered player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct EntrantView {
    #[ts(type = "number")]
    pub id: i64,
    pub name: String,
    pub people: Option<String>,
    pub seed: u32,
    /// 1 for a player there from the start, later for a late entry.
    pub joined_round: u32,
    /// The last round played before dropping.
    pub dropped_after: Option<u32>,
}

/// One seat at a table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct EntrantSeat {
    #[ts(type = "number")]
    pub entrant: i64,
    pub name: String,
    pub people: Option<String>,
}

/// A recorded result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct TableResultView {
    #[ts(type = "number")]
    pub winner: i64,
    pub winner_name: String,
    pub crystals_a: u8,
    pub crystals_b: u8,
    pub source: ResultSourceKind,
    #[ts(type = "number | null")]
    pub match_id: Option<i64>,
}

/// How a table's result came.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ResultSourceKind {
    /// Typed by the organiser (or set by them when the players' reports disagreed).
    Typed,
    /// Flowed in from a match played in the app.
    Match,
    Import,
    /// Accepted from the two players' agreeing reports on their phones.
    Report,
}

/// One table of a round: two seats, or one seat and a bye.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct PairingTable {
    pub table: u32,
    pub a: EntrantSeat,
    /// `None`: `a` has a bye.
    pub b: Option<EntrantSeat>,
    pub result: Option<TableResultView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct RoundView {
    pub number: u32,
    /// `swiss`, `round_robin` or `top_cut`.
    pub stage: String,
    /// On the projector and the printouts; a prepared round is seen only by the organiser.
    pub published: bool,
    pub tables: Vec<PairingTable>,
    /// Every match of the round has a result.
    pub complete: bool,
    pub results_missing: u32,
}

/// A line of the standings; every number is computed by the `tournament` crate.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct StandingView {
    pub rank: u32,
    #[ts(type = "number")]
    pub entrant: i64,
    pub name: String,
    pub people: Option<String>,
    pub match_points: u32,
    pub wins: u32,
    pub losses: u32,
    pub byes: u32,
    /// Opponents' match-win percentage, 0 to 100.
    pub opponents_match_win: f64,
    /// The same, ready to show (`66.67%`).
    pub opponents_match_win_text: String,
    pub crystals_for: u32,
    pub crystals_against: u32,
    #[ts(type = "number")]
    pub crystal_difference: i64,
    pub head_to_head: u32,
    pub dropped: bool,
}

/// A finished match played in the app between the two players of a table, offered as the
/// table's result. Crystals and the winner are in the table's seat order (A first).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct TableMatch {
    #[ts(type = "number")]
    pub match_id: i64,
    pub winner_name: String,
    pub crystals_a: u32,
    pub crystals_b: u32,
    pub created_at: String,
}

/// A logged correction of a result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct CorrectionView {
    pub round: u32,
    pub table: u32,
    /// `Anna 5-3` style summaries of the old and the new result (winner, crystals A-B).
    pub old: String,
    pub new: String,
    pub reason: String,
    pub corrected_at: String,
}

/// Everything the event page shows.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct EventDetail {
    pub event: EventView,
    pub entrants: Vec<EntrantView>,
    pub rounds: Vec<RoundView>,
    pub standings: Vec<StandingView>,
    pub corrections: Vec<CorrectionView>,
    /// The next round can be paired now (every result is in and rounds remain).
    pub can_pair: bool,
    /// All planned rounds are paired and have results.
    pub finished: bool,
    pub tie_breakers: Vec<String>,
}

/// What undoing a round did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct UndoneRound {
    /// The round undone.
    pub number: u32,
    /// The players who dropped after the round was paired: their drop now counts after the
    /// round before (they are not paired when the round is paired again).
    pub drops_moved: Vec<String>,
    /// Players' reports from their phones discarded with the round (the organiser confirmed).
    pub reports_discarded: u32,
    /// What to tell the organiser, in the interface language (names the moved drops).
    pub message: String,
}

/// Files written by an export.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct ExportedFiles {
    pub folder: String,
    pub files: Vec<String>,
}

/// The CSV files of an event, as text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct CsvFiles {
    pub entrants: String,
    pub pairings: String,
    pub results: String,
    /// Each round: prepared or published, and its clock.
    pub rounds: String,
    /// The corrections log with the reasons.
    pub corrections: String,
    /// Each seat's latest report, the report log, the reporting settings.
    pub reports: String,
    pub report_log: String,
    pub reporting: String,
    pub standings: String,
    /// Each registration's deck, a line per card, the card by name too.
    pub decks: String,
}

fn format_name(f: &Format) -> &'static str {
    match f {
        Format::Swiss { .. } => "swiss",
        Format::RoundRobin => "round_robin",
    }
}

fn stage_name(s: store::Stage) -> &'static str {
    match s {
        store::Stage::Swiss => "swiss",
        store::Stage::RoundRobin => "round_robin",
        store::Stage::TopCut => "top_cut",
    }
}

fn source_kind(s: store::ResultSource) -> ResultSourceKind {
    match s {
        store::ResultSource::Typed => ResultSourceKind::Typed,
        store::ResultSource::Match => ResultSourceKind::Match,
        store::ResultSource::Import => ResultSourceKind::Import,
        store::ResultSource::Report => ResultSourceKind::Report,
    }
}

/// Finds an event by id (`3`, `#3`) or by its exact name (any case).
fn parse_id(text: &str) -> Option<i64> {
    text.trim().trim_start_matches('#').parse::<i64>().ok()
}

impl Service {
    fn event_view(&self, info: &store::TournamentInfo) -> Result<EventView> {
        let entrants = self.store.entrants(info.id).map_err(store_err)?;
        let (rounds_planned, top_cut) = match info.format {
            Format::Swiss { rounds, top_cut } => (rounds, top_cut),
            Format::RoundRobin => {
                let field = entrants.iter().filter(|e| e.joined_round == 1).count();
                (tournament::round_robin_rounds(field), None)
            }
        };
        Ok(EventView {
            id: info.id.0,
            name: info.name.clone(),
            date: info.date.clone(),
            format: format_name(&info.format).into(),
            rounds_planned,
            top_cut,
            first_round: match info.first_round {
                FirstRound::Random => "random".into(),
                FirstRound::Seeded => "seeded".into(),
            },
            seed: info.seed.to_string(),
            rounds_paired: info.rounds_paired,
            players: entrants.len() as u32,
            created_at: info.created_at.clone(),
            notices: None,
        })
    }

    /// Resolves an event given by id or name.
    pub fn find_event(&self, which: &str) -> Result<TournamentId> {
        self.find_event_in(which, Language::En)
    }

    /// [`Service::find_event`] with its refusals in the interface language `lang`.
    pub fn find_event_in(&self, which: &str, lang: Language) -> Result<TournamentId> {
        if let Some(id) = parse_id(which) {
            let id = TournamentId(id);
            return match self.store.tournament(id) {
                Ok(_) => Ok(id),
                Err(store::StoreError::NotFound { .. }) => Err(ServiceError::not_found(
                    input_refusals::no_event_numbered(id.0, lang),
                )),
                Err(e) => Err(store_err(e)),
            };
        }
        let wanted = which.trim().to_lowercase();
        let all = self.store.list_tournaments().map_err(store_err)?;
        let found: Vec<_> = all
            .iter()
            .filter(|t| t.name.to_lowercase() == wanted)
            .collect();
        match found.as_slice() {
            [one] => Ok(one.id),
            [] => Err(ServiceError::not_found(input_refusals::no_event_named(
                which.trim(),
                lang,
            ))),
            many => Err(ServiceError::invalid(input_refusals::events_named(
                which.trim(),
                &many.iter().map(|t| t.id.0).collect::<Vec<_>>(),
                lang,
            ))),
        }
    }

    pub fn create_event(&mut self, new: &NewEvent, lang: Language) -> Result<EventView> {
        let req = new.to_store(lang)?;
        let id = self.store.create_tournament(&req).map_err(|e| match e {
            // the store checks the date's shape (YYYY-MM-DD, a real day); worded here
            store::StoreError::Invalid { field: "date", .. } => {
                let date = new.date.trim();
                ServiceError::invalid(match lang {
                    Language::En => format!("{date:?} is not a date like 2026-11-22."),
                    Language::De => format!("{date:?} ist kein Datum wie 2026-11-22."),
                })
            }
            other => store_err(other).in_language(lang),
        })?;
        let info = self.store.tournament(id).map_err(store_err)?;
        self.event_view(&info)
    }

    /// All events, newest first.
    pub fn list_events(&self) -> Result<Vec<EventView>> {
        let all = self.store.list_tournaments().map_err(store_err)?;
        all.iter().map(|t| self.event_view(t)).collect()
    }

    /// Registers a player (created if new) with the people or deck they play. After round 1 was
    /// paired this is a late entry (Swiss only).
    pub fn register(
        &mut self,
        event: i64,
        player: &str,
        people: Option<&str>,
        lang: Language,
    ) -> Result<EntrantView> {
        let mut added = self.register_all(event, &[player], people, lang)?;
        added
            .pop()
            .ok_or_else(|| ServiceError::internal("A registration returned no entrant"))
    }

    /// Registers several players (each created if new) with the same people, all or none: if
    /// one name is refused, nobody is registered and no player is created. The rules decide
    /// whether they may enter and from which round (`tournament::check_entry`).
    pub fn register_all(
        &mut self,
        event: i64,
        players: &[&str],
        people: Option<&str>,
        lang: Language,
    ) -> Result<Vec<EntrantView>> {
        let entry = self.checked_entry(event, players, people, lang)?;
        let id = TournamentId(event);
        let added = self
            .store
            .record_registrations(id, &entry.state, players, entry.people, entry.round)
            .map_err(|e| record_error(e, &entry.info, lang))?;
        self.entrant_views(id, &added)
    }

    /// What registering `players` playing `people` is decided on, checked before any write:
    /// the rules let them enter (and from which round), no name is registered already or is
    /// another spelling of a player here, and the people is one.
    pub(crate) fn checked_entry(
        &self,
        event: i64,
        players: &[&str],
        people: Option<&str>,
        lang: Language,
    ) -> Result<CheckedEntry> {
        let id = TournamentId(event);
        let (info, state) = self.decide_on(id)?;
        let round = tournament::check_entry(&state, players.len())
            .map_err(|e| rule_error(e, "", &info, lang))?;
        let entrants = self.store.entrants(id).map_err(store_err)?;
        if let Some(twice) = players.iter().find(|p| {
            entrants
                .iter()
                .any(|e| cards::person_name::same_spelling(&e.name, p))
        }) {
            return Err(ServiceError::invalid(refusals::already_registered(
                twice.trim(),
                &info.name,
                lang,
            )));
        }
        // each a person's name, one person each, and none another spelling of a player here
        crate::names::check_people(players, lang)?;
        let registered: Vec<&str> = entrants.iter().map(|e| e.name.as_str()).collect();
        for p in players {
            crate::names::check_against(p, &registered, lang)?;
        }
        let people = people
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(|p| crate::game::checked_people(p, &players.join(", "), lang))
            .transpose()?;
        Ok(CheckedEntry {
            info,
            state,
            round,
            people,
        })
    }

    /// The registrations `added`, as the event lists them.
    pub(crate) fn entrant_views(
        &self,
        id: TournamentId,
        added: &[EntrantId],
    ) -> Result<Vec<EntrantView>> {
        let entrants = self.store.entrants(id).map_err(store_err)?;
        added
            .iter()
            .map(|a| {
                entrants
                    .iter()
                    .find(|e| e.id == *a)
                    .map(entrant_view)
                    .ok_or_else(|| ServiceError::not_found(format!("Player {a} is not registered")))
            })
            .collect()
    }

    /// Corrects a registration before round 1 is paired: the player `name` (created if new; the
    /// player first registered keeps their own record and history) and the people they play,
    /// checked as the table checks it.
    pub fn correct_registration(
        &mut self,
        event: i64,
        who: impl Into<PlayerRef>,
        name: &str,
        people: Option<&str>,
        lang: Language,
    ) -> Result<EntrantView> {
        let entrant = EntrantId(self.find_entrant_in(event, &who.into(), lang)?);
        let id = TournamentId(event);
        let (info, state) = self.decide_on(id)?;
        let current = self.entrant(id, entrant)?;
        tournament::check_registration_change(&state, entrant)
            .map_err(|e| rule_error(e, &current.name, &info, lang))?;
        let name = name.trim();
        let people = people
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(|p| crate::game::checked_people(p, name, lang))
            .transpose()?;
        let entrants = self.store.entrants(id).map_err(store_err)?;
        crate::names::check_people(&[name], lang)?;
        let others: Vec<&str> = entrants
            .iter()
            .filter(|e| e.id != entrant)
            .map(|e| e.name.as_str())
            .collect();
        crate::names::check_against(name, &others, lang)?;
        if entrants
            .iter()
            .any(|e| e.id != entrant && cards::person_name::same_spelling(&e.name, name))
        {
            return Err(ServiceError::invalid(refusals::already_registered(
                name, &info.name, lang,
            )));
        }
        self.store
            .record_registration_change(id, &state, entrant, name, people)
            .map_err(|e| record_error(e, &info, lang))?;
        self.entrant(id, entrant)
    }

    /// Removes a registration before round 1 is paired (after that, the player drops); the
    /// players registered after move up one seed. Returns the registration removed.
    pub fn remove_registration(
        &mut self,
        event: i64,
        who: impl Into<PlayerRef>,
        lang: Language,
    ) -> Result<EntrantView> {
        let entrant = EntrantId(self.find_entrant_in(event, &who.into(), lang)?);
        let id = TournamentId(event);
        let (info, state) = self.decide_on(id)?;
        let removed = self.entrant(id, entrant)?;
        tournament::check_registration_change(&state, entrant)
            .map_err(|e| rule_error(e, &removed.name, &info, lang))?;
        self.store
            .record_unregistration(id, &state, entrant)
            .map_err(|e| record_error(e, &info, lang))?;
        Ok(removed)
    }

    /// The event and its state as the rules see it: what a decision is made on, and passed
    /// back to the store with it (the store refuses it if the event changed meanwhile).
    pub(crate) fn decide_on(
        &self,
        id: TournamentId,
    ) -> Result<(store::TournamentInfo, tournament::EventState)> {
        let info = self.store.tournament(id).map_err(store_err)?;
        let state = self.store.event_state(id).map_err(store_err)?;
        Ok((info, state))
    }

    fn entrant(&self, id: TournamentId, entrant: EntrantId) -> Result<EntrantView> {
        let e = self
            .store
            .entrants(id)
            .map_err(store_err)?
            .into_iter()
            .find(|e| e.id == entrant)
            .ok_or_else(|| {
                ServiceError::not_found(format!("Player {entrant} is not registered"))
            })?;
        Ok(entrant_view(&e))
    }

    /// Finds a registered player by entrant id (`#12`) or name (any case).
    pub fn find_entrant(&self, event: i64, who: impl Into<PlayerRef>) -> Result<i64> {
        self.find_entrant_in(event, &who.into(), Language::En)
    }

    /// [`Service::find_entrant`] with its refusal in the interface language `lang`.
    pub fn find_entrant_in(&self, event: i64, who: &PlayerRef, lang: Language) -> Result<i64> {
        let id = TournamentId(event);
        let info = self.store.tournament(id).map_err(store_err)?;
        let entrants = self.store.entrants(id).map_err(store_err)?;
        let typed = match who {
            PlayerRef::Entrant(n) => format!("#{n}"),
            PlayerRef::Seat(seat) => format!("{seat:?}"),
            PlayerRef::Typed(text) => text.clone(),
        };
        let w = typed.trim();
        if let Some(n) = w.strip_prefix('#').and_then(|n| n.parse::<i64>().ok()) {
            if entrants.iter().any(|e| e.id.0 == n) {
                return Ok(n);
            }
        }
        entrants
            .iter()
            .find(|e| e.name.to_lowercase() == w.to_lowercase())
            .map(|e| e.id.0)
            .ok_or_else(|| ServiceError::not_found(refusals::not_registered(w, &info.name, lang)))
    }

    /// Drops a player: not paired after the rounds already paired; their results stay.
    pub fn drop_player(
        &mut self,
        event: i64,
        who: impl Into<PlayerRef>,
        lang: Language,
    ) -> Result<EntrantView> {
        let entrant = EntrantId(self.find_entrant_in(event, &who.into(), lang)?);
        let id = TournamentId(event);
        let (info, state) = self.decide_on(id)?;
        let name = self.entrant(id, entrant)?.name;
        let after = tournament::check_drop(&state, entrant)
            .map_err(|e| rule_error(e, &name, &info, lang))?;
        self.store
            .record_drop(id, &state, entrant, Some(after))
            .map_err(|e| record_error(e, &info, lang))?;
        self.entrant(id, entrant)
    }

    /// Takes a drop back: paired again from the next round; only until that round is paired.
    pub fn take_back_drop(
        &mut self,
        event: i64,
        who: impl Into<PlayerRef>,
        lang: Language,
    ) -> Result<EntrantView> {
        let entrant = EntrantId(self.find_entrant_in(event, &who.into(), lang)?);
        let id = TournamentId(event);
        let (info, state) = self.decide_on(id)?;
        let name = self.entrant(id, entrant)?.name;
        tournament::check_take_back_drop(&state, entrant)
            .map_err(|e| rule_error(e, &name, &info, lang))?;
        self.store
            .record_drop(id, &state, entrant, None)
            .map_err(|e| record_error(e, &info, lang))?;
        self.entrant(id, entrant)
    }

    /// Undoes the last paired round while none of its matches has a result. The players who
    /// dropped after it was paired now count as dropped after the round before, and the
    /// organiser is told so (`message`). When players have already reported from their phones
    /// at some of its tables, the organiser confirms first ([`ErrorCode::NeedsConfirmation`],
    /// naming the tables): undoing discards those reports with the pairings they belong to,
    /// and the round's codes stop working (a player who tries one is told it is not valid).
    pub fn undo_round(
        &mut self,
        event: i64,
        confirmed: bool,
        lang: Language,
    ) -> Result<UndoneRound> {
        let id = TournamentId(event);
        let (info, state) = self.decide_on(id)?;
        let undo = tournament::round_to_undo(&state).map_err(|e| rule_error(e, "", &info, lang))?;
        // the reports are part of the state decided on: one stored after this read makes the
        // undo "changed meanwhile" (asked again), never discarded uncounted
        let reports = undo.reports_discarded.len() as u32;
        if reports > 0 && !confirmed {
            let mut tables: Vec<u32> = undo.reports_discarded.iter().map(|r| r.table).collect();
            tables.dedup();
            return Err(ServiceError::needs_confirmation(refusals::undo_reported(
                undo.number,
                &tables,
                lang,
            )));
        }
        let entrants = self.store.entrants(id).map_err(store_err)?;
        self.store
            .record_undo(id, &state, &undo)
            .map_err(|e| record_error(e, &info, lang))?;
        let drops_moved: Vec<String> = undo
            .drops_moved
            .iter()
            .map(|e| display_name(&entrants, *e))
            .collect();
        Ok(UndoneRound {
            number: undo.number,
            message: refusals::undone(undo.number, &drops_moved, reports, lang),
            drops_moved,
            reports_discarded: reports,
        })
    }

    /// Pairs the next round and publishes it (the projector and printouts show it at once).
    pub fn pair_round(&mut self, event: i64, lang: Language) -> Result<RoundView> {
        self.pair(event, true, lang)
    }

    /// Pairs the next round without publishing it: the organiser sees it (and can undo it), the
    /// projector and printouts do not until [`Service::publish_round`].
    pub fn prepare_round(&mut self, event: i64, lang: Language) -> Result<RoundView> {
        self.pair(event, false, lang)
    }

    /// The rules pair the next round (`tournament::next_round`); the store records it with
    /// each seat's reporting code (from the system's random source), so the slips carry the
    /// codes whenever they are printed.
    fn pair(&mut self, event: i64, published: bool, lang: Language) -> Result<RoundView> {
        let id = TournamentId(event);
        let (info, state) = self.decide_on(id)?;
        let next = tournament::next_round(&state).map_err(|e| {
            // the top cut's winner by name, never by entrant number
            let who = match &e {
                tournament::TournamentError::Refused(tournament::Refusal::TopCutOver {
                    winner,
                }) => {
                    let entrants = self.store.entrants(id).unwrap_or_default();
                    display_name(&entrants, *winner)
                }
                _ => String::new(),
            };
            rule_error(e, &who, &info, lang)
        })?;
        let store = &mut self.store;
        let round = reporting::with_fresh_codes(|draw| {
            store.record_round(id, &state, &next, published, draw)
        })?
        .map_err(|e| record_error(e, &info, lang))?;
        let entrants = self.store.entrants(id).map_err(store_err)?;
        Ok(round_view(&round, &entrants))
    }

    /// Publishes the last paired round; returns its number.
    pub fn publish_round(&mut self, event: i64, lang: Language) -> Result<u32> {
        let id = TournamentId(event);
        let info = self.store.tournament(id).map_err(store_err)?;
        let last = self.store.rounds(id).map_err(store_err)?.pop();
        match last {
            None => Err(ServiceError::invalid(refusals::nothing_to_publish(
                &info.name, lang,
            ))),
            Some(r) if r.published => Err(ServiceError::invalid(refusals::already_published(
                r.number, &info.name, lang,
            ))),
            Some(_) => self.store.publish_round(id).map_err(store_err),
        }
    }

    /// The winner at a table given as entrant id (`#12`), name, or seat (`a`/`b`), and the
    /// table; refusals in `lang`.
    fn winner_at(
        &self,
        id: TournamentId,
        round: u32,
        table: u32,
        winner: &PlayerRef,
        lang: Language,
    ) -> Result<(EntrantId, store::Table)> {
        let (t, b) = self.match_at(id, round, table, lang)?;
        let entrants = self.store.entrants(id).map_err(store_err)?;
        let name_of = |e: EntrantId| {
            entrants
                .iter()
                .find(|x| x.id == e)
                .map(|x| x.name.to_lowercase())
                .unwrap_or_default()
        };
        let typed = match winner {
            PlayerRef::Seat(seat) => format!("{seat:?}"),
            PlayerRef::Entrant(n) => format!("#{n}"),
            PlayerRef::Typed(text) => text.clone(),
        };
        let w = typed.trim();
        let lw = w.to_lowercase();
        let by_id = |n: i64| [t.a, b].into_iter().find(|e| e.0 == n);
        let pick = match winner {
            PlayerRef::Seat(crate::game::Seat::A) => Some(t.a),
            PlayerRef::Seat(crate::game::Seat::B) => Some(b),
            PlayerRef::Entrant(n) => by_id(*n),
            PlayerRef::Typed(_) if lw == "a" => Some(t.a),
            PlayerRef::Typed(_) if lw == "b" => Some(b),
            PlayerRef::Typed(_) => match w.strip_prefix('#').and_then(|n| n.parse::<i64>().ok()) {
                Some(n) => by_id(n),
                None => [t.a, b].into_iter().find(|e| name_of(*e) == lw),
            },
        };
        let pick = pick.ok_or_else(|| {
            let (a, b) = (display_name(&entrants, t.a), display_name(&entrants, b));
            ServiceError::invalid(match lang {
                Language::En => {
                    format!("{w:?} did not play at table {table} of round {round} ({a} v {b}).")
                }
                Language::De => format!(
                    "{w:?} hat nicht an Tisch {table} von Runde {round} gespielt ({a} gegen {b})."
                ),
            })
        })?;
        Ok((pick, t))
    }

    /// The match at `round`/`table` with its second seat; a missing round or table, or a bye,
    /// refused in `lang`.
    fn match_at(
        &self,
        id: TournamentId,
        round: u32,
        table: u32,
        lang: Language,
    ) -> Result<(store::Table, EntrantId)> {
        let rounds = self.store.rounds(id).map_err(store_err)?;
        let r = rounds.iter().find(|r| r.number == round).ok_or_else(|| {
            ServiceError::not_found(match lang {
                Language::En => format!("Round {round} has not been paired."),
                Language::De => format!("Runde {round} ist nicht ausgelost."),
            })
        })?;
        let t = r
            .tables
            .iter()
            .find(|t| t.table == table)
            .cloned()
            .ok_or_else(|| {
                ServiceError::not_found(match lang {
                    Language::En => format!("Round {round} has no table {table}."),
                    Language::De => format!("Runde {round} hat keinen Tisch {table}."),
                })
            })?;
        let Some(b) = t.b else {
            return Err(ServiceError::invalid(match lang {
                Language::En => {
                    format!("Table {table} of round {round} is a bye; it needs no result.")
                }
                Language::De => format!(
                    "Tisch {table} von Runde {round} ist ein Freilos; es braucht kein Ergebnis."
                ),
            }));
        };
        Ok((t, b))
    }

    /// Checks a typed score by the rules (`tournament::MatchResult::score_problem`), in `lang`.
    fn check_score(
        t: &store::Table,
        winner: EntrantId,
        (crystals_a, crystals_b): (u8, u8),
        lang: Language,
    ) -> Result<()> {
        let result = tournament::MatchResult {
            a: t.a,
            b: t.b.unwrap_or(t.a),
            winner,
            crystals_a,
            crystals_b,
        };
        match result.score_problem() {
            Some(p) => Err(ServiceError::invalid(reporting::score_problem(p, lang))),
            None => Ok(()),
        }
    }

    fn table(&self, id: TournamentId, round: u32, table: u32) -> Result<PairingTable> {
        let entrants = self.store.entrants(id).map_err(store_err)?;
        let rounds = self.store.rounds(id).map_err(store_err)?;
        rounds
            .iter()
            .find(|r| r.number == round)
            .and_then(|r| r.tables.iter().find(|t| t.table == table))
            .map(|t| table_view(t, &entrants))
            .ok_or_else(|| ServiceError::not_found(format!("Round {round} has no table {table}")))
    }

    /// Records a typed-in result: the winner (id, name or seat) and each seat's crystals.
    #[allow(clippy::too_many_arguments)]
    pub fn record_result(
        &mut self,
        event: i64,
        round: u32,
        table: u32,
        winner: impl Into<PlayerRef>,
        crystals_a: u8,
        crystals_b: u8,
        lang: Language,
    ) -> Result<PairingTable> {
        let id = TournamentId(event);
        let (w, t) = self.winner_at(id, round, table, &winner.into(), lang)?;
        Self::check_score(&t, w, (crystals_a, crystals_b), lang)?;
        if t.result.is_some() {
            return Err(ServiceError::invalid(match lang {
                Language::En => format!(
                    "Table {table} of round {round} already has a result; correct it instead."
                ),
                Language::De => format!(
                    "Tisch {table} von Runde {round} hat schon ein Ergebnis; korrigiere es \
                     stattdessen."
                ),
            }));
        }
        let (info, state) = self.decide_on(id)?;
        self.store
            .record_result(id, &state, round, table, w, crystals_a, crystals_b)
            .map_err(|e| record_error(e, &info, lang))?;
        self.table(id, round, table)
    }

    /// Records the result of a match played in the app by the two players at the table.
    pub fn record_result_from_match(
        &mut self,
        event: i64,
        round: u32,
        table: u32,
        match_id: i64,
        lang: Language,
    ) -> Result<PairingTable> {
        let id = TournamentId(event);
        self.match_at(id, round, table, lang)?;
        let (info, state) = self.decide_on(id)?;
        self.store
            .record_result_from_match(id, &state, round, table, store::MatchId(match_id))
            .map_err(|e| record_error(e, &info, lang))?;
        self.table(id, round, table)
    }

    /// The finished matches played in the app between the two players at a table, newest first:
    /// what "result of a match played in the app" offers, instead of asking for a number.
    pub fn matches_at_table(&self, event: i64, round: u32, table: u32) -> Result<Vec<TableMatch>> {
        let id = TournamentId(event);
        let t = self.table(id, round, table)?;
        let Some(b) = &t.b else {
            return Err(ServiceError::invalid(format!(
                "Table {table} of round {round} is a bye; it needs no result"
            )));
        };
        let entrants = self.store.entrants(id).map_err(store_err)?;
        let player = |e: i64| entrants.iter().find(|x| x.id.0 == e).map(|x| x.player);
        let (Some(pa), Some(pb)) = (player(t.a.entrant), player(b.entrant)) else {
            return Err(ServiceError::internal(format!(
                "A player at table {table} of round {round} is not registered"
            )));
        };
        let matches = self.store.list_matches(false).map_err(store_err)?;
        let mut out: Vec<TableMatch> = matches
            .iter()
            .filter_map(|m| {
                let side_a = m.players.iter().position(|p| *p == pa)?;
                let side_b = m.players.iter().position(|p| *p == pb)?;
                let winner = m.winner?;
                let winner_name = if winner.index() == side_a {
                    t.a.name.clone()
                } else {
                    b.name.clone()
                };
                Some(TableMatch {
                    match_id: m.id.0,
                    winner_name,
                    crystals_a: m.crystals_of(store::Side::BOTH[side_a]),
                    crystals_b: m.crystals_of(store::Side::BOTH[side_b]),
                    created_at: m.created_at.clone(),
                })
            })
            .collect();
        out.sort_by_key(|m| std::cmp::Reverse(m.match_id));
        Ok(out)
    }

    /// Corrects a recorded result; the old and new values and the reason are logged (and in
    /// the report log too when the table's players reported).
    #[allow(clippy::too_many_arguments)]
    pub fn correct_result(
        &mut self,
        event: i64,
        round: u32,
        table: u32,
        winner: impl Into<PlayerRef>,
        crystals_a: u8,
        crystals_b: u8,
        reason: &str,
        lang: Language,
    ) -> Result<PairingTable> {
        let id = TournamentId(event);
        let (w, t) = self.winner_at(id, round, table, &winner.into(), lang)?;
        Self::check_score(&t, w, (crystals_a, crystals_b), lang)?;
        if t.result.is_none() {
            return Err(ServiceError::invalid(match lang {
                Language::En => {
                    format!("Table {table} of round {round} has no result to correct.")
                }
                Language::De => format!(
                    "Tisch {table} von Runde {round} hat kein Ergebnis, das korrigiert werden \
                     könnte."
                ),
            }));
        }
        let (info, state) = self.decide_on(id)?;
        self.store
            .correct_result(id, &state, round, table, w, crystals_a, crystals_b, reason)
            .map_err(|e| record_error(e, &info, lang))?;
        self.table(id, round, table)
    }

    pub fn standings(&self, event: i64) -> Result<Vec<StandingView>> {
        let rows = self
            .store
            .standings(TournamentId(event))
            .map_err(store_err)?;
        Ok(rows.iter().map(standing_view).collect())
    }

    /// Everything about one event: players, rounds with results, standings, corrections.
    pub fn event_detail(&self, event: i64) -> Result<EventDetail> {
        let id = TournamentId(event);
        let info = self.store.tournament(id).map_err(store_err)?;
        let view = self.event_view(&info)?;
        let entrants = self.store.entrants(id).map_err(store_err)?;
        let rounds = self.store.rounds(id).map_err(store_err)?;
        let standings = self.standings(event)?;
        let name = |e: EntrantId| display_name(&entrants, e);
        let corrections = self
            .store
            .corrections(id)
            .map_err(store_err)?
            .into_iter()
            .map(|c| CorrectionView {
                round: c.round,
                table: c.table,
                old: format!("{} {}-{}", name(c.old.0), c.old.1, c.old.2),
                new: format!("{} {}-{}", name(c.new.0), c.new.1, c.new.2),
                reason: c.reason,
                corrected_at: c.corrected_at,
            })
            .collect();
        let rounds: Vec<RoundView> = rounds.iter().map(|r| round_view(r, &entrants)).collect();
        let all_complete = rounds.iter().all(|r| r.complete);
        let active = entrants
            .iter()
            .filter(|e| e.dropped_after.is_none())
            .count();
        let total = match info.format {
            Format::Swiss { rounds, top_cut } => rounds + top_cut.map_or(0, |c| c.trailing_zeros()),
            Format::RoundRobin => view.rounds_planned,
        };
        let paired = rounds.len() as u32;
        let can_pair = all_complete && paired < total && active >= 2;
        let finished = all_complete && paired >= total && paired > 0;
        Ok(EventDetail {
            event: view,
            entrants: entrants.iter().map(entrant_view).collect(),
            rounds,
            standings,
            corrections,
            can_pair,
            finished,
            tie_breakers: TIE_BREAKERS.iter().map(|s| s.to_string()).collect(),
        })
    }

    /// The whole event as JSON (pairings, results and standings), for export.
    pub fn export_event_json(&self, event: i64) -> Result<String> {
        self.store
            .export_tournament_json(TournamentId(event))
            .map_err(store_err)
    }

    pub fn export_event_csv(&self, event: i64) -> Result<CsvFiles> {
        // decks.csv names each card as a person reads it (English, as the other files are)
        let card = |id: &str| {
            self.catalog
                .bm(id)
                .map(|_| crate::decks::card_name(&self.catalog, id))
        };
        let x = self
            .store
            .export_tournament_csv_named(TournamentId(event), &card)
            .map_err(store_err)?;
        Ok(CsvFiles {
            entrants: x.entrants,
            pairings: x.pairings,
            results: x.results,
            rounds: x.rounds,
            corrections: x.corrections,
            reports: x.reports,
            report_log: x.report_log,
            reporting: x.reporting,
            standings: x.standings,
            decks: x.decks,
        })
    }

    /// The files of an export (`event.json` and the ten CSV files) in memory, to be written
    /// with [`write_export`] into `folder`.
    pub fn event_export(&self, event: i64, folder: &Path) -> Result<EventExport> {
        let json = self.export_event_json(event)?;
        let csv = self.export_event_csv(event)?;
        Ok(EventExport {
            folder: folder.to_path_buf(),
            files: vec![
                ("event.json", json),
                ("entrants.csv", csv.entrants),
                ("pairings.csv", csv.pairings),
                ("results.csv", csv.results),
                ("rounds.csv", csv.rounds),
                ("corrections.csv", csv.corrections),
                ("reports.csv", csv.reports),
                ("report_log.csv", csv.report_log),
                ("reporting.csv", csv.reporting),
                ("standings.csv", csv.standings),
                ("decks.csv", csv.decks),
            ],
        })
    }

    /// Writes `event.json` and the ten CSV files into `folder` (created if needed). Existing
    /// files of the same name are replaced only by a complete new file (written aside, then
    /// renamed).
    pub fn export_event_to(&self, event: i64, folder: &Path) -> Result<ExportedFiles> {
        write_export(&self.event_export(event, folder)?)
    }

    /// The folder an export goes to when the person does not choose one:
    /// `exports/event-<id>-<date>/` in the data folder.
    pub fn default_export_folder(&self, event: i64) -> Result<PathBuf> {
        let info = self
            .store
            .tournament(TournamentId(event))
            .map_err(store_err)?;
        Ok(self
            .paths
            .dir()
            .join("exports")
            .join(format!("event-{}-{}", info.id.0, info.date)))
    }

    /// Exports into [`Service::default_export_folder`].
    pub fn export_event(&self, event: i64) -> Result<ExportedFiles> {
        let folder = self.default_export_folder(event)?;
        self.export_event_to(event, &folder)
    }

    /// Imports an event exported as JSON. A bad file is refused in `lang` with the place at
    /// fault, and nothing is written.
    pub fn import_event_json(&mut self, bytes: &[u8], lang: Language) -> Result<EventView> {
        let imported = self
            .store
            .import_json(bytes)
            .map_err(|e| import_error(e, lang))?;
        self.imported_view(&imported, lang)
    }

    /// Imports an event from its CSV files; the name, date and format come from `header`.
    /// `rounds.csv` and `corrections.csv` may be missing (files from before they existed).
    /// A bad file is refused in `lang`, naming the file and line, and nothing is written.
    pub fn import_event_csv(
        &mut self,
        header: &NewEvent,
        files: &store::CsvImport<'_>,
        lang: Language,
    ) -> Result<EventView> {
        let head = csv_header(header, lang)?;
        let imported = self
            .store
            .import_csv(&head, files)
            .map_err(|e| import_error(e, lang))?;
        self.imported_view(&imported, lang)
    }

    /// The event just imported, with what the import has to say.
    fn imported_view(&self, imported: &store::Imported, lang: Language) -> Result<EventView> {
        let info = self.store.tournament(imported.id).map_err(store_err)?;
        let mut view = self.event_view(&info)?;
        view.notices = Some(
            imported
                .notices
                .iter()
                .map(|n| import_refusals::import_notice(n, lang))
                .collect(),
        );
        Ok(view)
    }

    /// Creates an event from a CSV of its players alone: a spreadsheet's list (the columns
    /// `player`, and `people` if they play one; seeds in list order) or an export's
    /// `entrants.csv`. The event's name, date and format come from `header`; no round is
    /// paired. A bad file is refused in `lang`, naming the line, and nothing is written. The
    /// app's file dialog and `tournament import --csv` both come here.
    pub fn import_entrants_csv(
        &mut self,
        header: &NewEvent,
        players: &[u8],
        lang: Language,
    ) -> Result<EventView> {
        let entrants = entrants_csv::as_entrants_csv(players);
        let pairings = format!("{}\n", store::PAIRINGS_HEADER.join(","));
        let results = format!("{}\n", store::RESULTS_HEADER.join(","));
        let files = store::CsvImport {
            entrants: &entrants,
            pairings: pairings.as_bytes(),
            results: results.as_bytes(),
            rounds: None,
            corrections: None,
            // a new event's list of players: nothing was reported yet
            reports: None,
            report_log: None,
            reporting: None,
            decks: None,
        };
        let mut head = csv_header(header, lang)?;
        if header.seed.as_deref().is_none_or(|s| s.trim().is_empty()) {
            // a new event, not one exported: its random pairings get a seed of their own
            head.seed = getrandom::u64().unwrap_or(0);
        }
        let id = self
            .store
            .import_tournament_csv_files(&head, &files)
            .map_err(|e| match entrants_csv::refusal(&e, lang) {
                // the first line names neither column set: both are said
                Some(message) => ServiceError::invalid(message),
                None => import_error(e, lang),
            })?;
        let info = self.store.tournament(id).map_err(store_err)?;
        self.event_view(&info)
    }

    /// Imports from a folder written by [`Service::export_event_to`] (its `event.json`), or a
    /// JSON file; refusals in `lang`.
    pub fn import_event_path(&mut self, path: &Path, lang: Language) -> Result<EventView> {
        let file = read_event_file(path, lang)?;
        self.import_event_file(&file, lang)
    }

    /// Imports an event file read with [`read_event_file`] (the app reads it before taking the
    /// service, so no file IO happens while other commands wait).
    pub fn import_event_file(&mut self, file: &EventFile, lang: Language) -> Result<EventView> {
        self.import_event_json(&file.bytes, lang)
            .map_err(|e| prefix(e, &file.path.display().to_string()))
    }
}

/// The event a CSV import creates, as the store takes it; refused in `lang`.
fn csv_header(header: &NewEvent, lang: Language) -> Result<store::EventHeader> {
    let req = header.to_store(lang)?;
    Ok(store::EventHeader {
        name: req.name,
        date: req.date,
        format: req.format,
        first_round: req.first_round,
        seed: req.seed.unwrap_or(0),
    })
}

/// An export ready to write: the folder and each file's name and text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventExport {
    pub folder: PathBuf,
    pub files: Vec<(&'static str, String)>,
}

/// Writes an export's files (the folder is created if needed; each file is written aside and
/// renamed, so an existing file is only ever replaced by a complete one).
pub fn write_export(export: &EventExport) -> Result<ExportedFiles> {
    let folder = &export.folder;
    std::fs::create_dir_all(folder).map_err(|e| {
        ServiceError::invalid(format!(
            "Cannot create the folder {}: {e}",
            folder.display()
        ))
    })?;
    let mut files = Vec::new();
    for (name, text) in &export.files {
        let path = folder.join(name);
        write_whole(&path, text)?;
        files.push(path.display().to_string());
    }
    Ok(ExportedFiles {
        folder: folder.display().to_string(),
        files,
    })
}

/// An event file read for import: where it was and its bytes (at most the import limit).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventFile {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
}

/// Reads a JSON event file, or `event.json` in a folder written by an export.
pub fn read_event_file(path: &Path, lang: Language) -> Result<EventFile> {
    let path: PathBuf = if path.is_dir() {
        path.join("event.json")
    } else {
        path.to_path_buf()
    };
    let bytes = read_limited(&path, lang)?;
    Ok(EventFile { path, bytes })
}

/// An import's store error in `lang`: a refused file worded with the place at fault.
fn import_error(e: store::StoreError, lang: Language) -> ServiceError {
    match e {
        store::StoreError::Import(r) => {
            ServiceError::invalid(import_refusals::import_refusal(&r, lang))
        }
        other => store_err(other).in_language(lang),
    }
}

fn prefix(mut e: ServiceError, file: &str) -> ServiceError {
    e.message = format!("{file}: {}", e.message);
    e
}

/// Reads a file for import: regular files only, never more than the import limit (see
/// [`crate::paths::read_bounded`]).
pub fn read_limited(path: &Path, lang: Language) -> Result<Vec<u8>> {
    crate::paths::read_bounded(path, store::MAX_IMPORT_BYTES as u64, lang)
}

fn write_whole(path: &Path, text: &str) -> Result<()> {
    let tmp = path.with_extension("partial");
    let fail =
        |e: std::io::Error| ServiceError::invalid(format!("Cannot write {}: {e}", path.display()));
    std::fs::write(&tmp, text).map_err(fail)?;
    std::fs::rename(&tmp, path).map_err(fail)
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

fn display_name(entrants: &[store::Entrant], e: EntrantId) -> String {
    entrants
        .iter()
        .find(|x| x.id == e)
        .map(|x| x.name.clone())
        .unwrap_or_else(|| e.to_string())
}

fn entrant_view(e: &store::Entrant) -> EntrantView {
    EntrantView {
        id: e.id.0,
        name: e.name.clone(),
        people: e.people.clone(),
        seed: e.seed,
        joined_round: e.joined_round,
        dropped_after: e.dropped_after,
    }
}

fn seat(entrants: &[store::Entrant], e: EntrantId) -> EntrantSeat {
    let found = entrants.iter().find(|x| x.id == e);
    EntrantSeat {
        entrant: e.0,
        name: found.map_or_else(|| e.to_string(), |x| x.name.clone()),
        people: found.and_then(|x| x.people.clone()),
    }
}

fn table_view(t: &store::Table, entrants: &[store::Entrant]) -> PairingTable {
    PairingTable {
        table: t.table,
        a: seat(entrants, t.a),
        b: t.b.map(|b| seat(entrants, b)),
        result: t.result.as_ref().map(|r| TableResultView {
            winner: r.winner.0,
            winner_name: display_name(entrants, r.winner),
            crystals_a: r.crystals_a,
            crystals_b: r.crystals_b,
            source: source_kind(r.source),
            match_id: r.match_id.map(|m| m.0),
        }),
    }
}

fn round_view(r: &store::RoundInfo, entrants: &[store::Entrant]) -> RoundView {
    let missing = r
        .tables
        .iter()
        .filter(|t| t.b.is_some() && t.result.is_none())
        .count() as u32;
    RoundView {
        number: r.number,
        stage: stage_name(r.stage).into(),
        published: r.published,
        tables: r.tables.iter().map(|t| table_view(t, entrants)).collect(),
        complete: missing == 0,
        results_missing: missing,
    }
}

fn standing_view(s: &store::StandingRow) -> StandingView {
    let st = &s.standing;
    let omw = (st.opponents_match_win.to_f64() * 10_000.0).round() / 100.0;
    StandingView {
        rank: st.rank,
        entrant: st.entrant.0,
        name: s.name.clone(),
        people: s.people.clone(),
        match_points: st.match_points,
        wins: st.wins,
        losses: st.losses,
        byes: st.byes,
        opponents_match_win: omw,
        opponents_match_win_text: format!("{omw:.2}%"),
        crystals_for: st.crystals_for,
        crystals_against: st.crystals_against,
        crystal_difference: st.crystal_difference,
        head_to_head: st.head_to_head,
        dropped: s.dropped,
    }
}

/// A registration checked and ready to write: the event and its state it was decided on, the
/// round the players join at and the people they play (as checked).
pub(crate) struct CheckedEntry {
    pub info: store::TournamentInfo,
    pub state: tournament::EventState,
    pub round: u32,
    pub people: Option<&'static str>,
}
