//! The round clock for the front ends: one clock per event, kept with its current round in the
//! store, read at the service's "now". Every view (the event page, the projector, the table)
//! asks for [`ClockView`] and shows its text as it is, so they all show the same time; the app
//! asks again every second (`ui/src/lib/matches/clock.ts`), which is one small query and needs
//! no timer or event channel kept alive in the app.

use serde::{Deserialize, Serialize};
use store::{StoredClock, TournamentId};
use tournament::{ClockCommand, ClockPhase};
use ts_rs::TS;

use super::refusals::say;
use super::{record_error, refusals, rule_error, store_err};
use crate::error::{Result, ServiceError};
use crate::{Language, Service};

/// What the organiser does with the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "action", rename_all = "snake_case")]
#[ts(export)]
pub enum ClockAction {
    Start,
    Pause,
    Resume,
    /// A new length; the time already run is kept.
    Set {
        minutes: u32,
    },
}

/// Where the clock is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ClockState {
    NotStarted,
    Running,
    Paused,
}

/// The clock of an event's current round, read at one instant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct ClockView {
    #[ts(type = "number")]
    pub event: i64,
    pub event_name: String,
    pub round: u32,
    pub length_minutes: u32,
    /// Time left in milliseconds; negative over time.
    #[ts(type = "number")]
    pub remaining_ms: i64,
    /// The time to show: `49:59`, `1:05:00`, `-3:10` over time.
    pub text: String,
    pub state: ClockState,
    /// Five minutes or less left.
    pub warning: bool,
    /// The round's time is up.
    pub overtime: bool,
}

impl From<ClockAction> for ClockCommand {
    fn from(a: ClockAction) -> Self {
        match a {
            ClockAction::Start => ClockCommand::Start,
            ClockAction::Pause => ClockCommand::Pause,
            ClockAction::Resume => ClockCommand::Resume,
            ClockAction::Set { minutes } => ClockCommand::Set { minutes },
        }
    }
}

/// A round's length out of the rules' range, in the interface language.
fn round_length(minutes: u32, lang: Language) -> String {
    let max = tournament::MAX_ROUND_MINUTES;
    say!(
        lang,
        "A round lasts 1 to {max} minutes, not {minutes}.",
        "Eine Runde dauert 1 bis {max} Minuten, nicht {minutes}."
    )
}

/// `mm:ss` (or `h:mm:ss`) of the time left, counting whole seconds down (a clock with 0.4 s left
/// still shows `0:01`), and up with a minus sign once over time.
pub fn clock_text(remaining_ms: i64) -> String {
    let (sign, secs) = if remaining_ms > 0 {
        ("", (remaining_ms + 999) / 1000)
    } else {
        ("-", -remaining_ms / 1000)
    };
    let sign = if secs == 0 { "" } else { sign };
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{sign}{h}:{m:02}:{s:02}")
    } else {
        format!("{sign}{m}:{s:02}")
    }
}

fn clock_view(stored: &StoredClock, now_ms: i64) -> ClockView {
    let r = stored.clock.read(now_ms);
    ClockView {
        event: stored.tournament.0,
        event_name: stored.event_name.clone(),
        round: stored.round,
        length_minutes: (r.length_ms / 60_000) as u32,
        remaining_ms: r.remaining_ms,
        text: clock_text(r.remaining_ms),
        state: match r.phase {
            ClockPhase::NotStarted => ClockState::NotStarted,
            ClockPhase::Running => ClockState::Running,
            ClockPhase::Paused => ClockState::Paused,
        },
        warning: r.warning,
        overtime: r.overtime,
    }
}

/// Now, in milliseconds since the Unix epoch (a system clock before 1970 reads as the epoch).
fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

impl Service {
    /// The clock of the event's current round now; `None` before round 1 is paired.
    pub fn round_clock(&self, event: i64) -> Result<Option<ClockView>> {
        self.round_clock_at(event, now_ms())
    }

    /// [`Service::round_clock`] at a given instant (epoch milliseconds).
    pub fn round_clock_at(&self, event: i64, now_ms: i64) -> Result<Option<ClockView>> {
        let stored = self
            .store
            .round_clock(TournamentId(event))
            .map_err(store_err)?;
        Ok(stored.map(|s| clock_view(&s, now_ms)))
    }

    /// Starts, pauses, resumes or sets the current round's clock now. A length no round has
    /// is refused in `lang` (the rules' limit, 1 to 1440 minutes).
    pub fn command_clock(
        &mut self,
        event: i64,
        action: ClockAction,
        lang: Language,
    ) -> Result<ClockView> {
        self.command_clock_at(event, action, now_ms(), lang)
    }

    /// [`Service::command_clock`] at a given instant (epoch milliseconds). The rules apply the
    /// command to the clock read now (`tournament::RoundClock::apply`); the store records the
    /// result only if that clock is still the current round's.
    pub fn command_clock_at(
        &mut self,
        event: i64,
        action: ClockAction,
        now_ms: i64,
        lang: Language,
    ) -> Result<ClockView> {
        let id = TournamentId(event);
        let info = self.store.tournament(id).map_err(store_err)?;
        let Some(current) = self.store.round_clock(id).map_err(store_err)? else {
            return Err(ServiceError::invalid(refusals::no_clock_yet(
                &info.name, lang,
            )));
        };
        let clock = current
            .clock
            .apply(action.into(), now_ms)
            .map_err(|e| match e {
                tournament::TournamentError::RoundLength { minutes } => {
                    ServiceError::invalid(round_length(minutes, lang))
                }
                other => rule_error(other, "", &info, lang),
            })?;
        let stored = self
            .store
            .record_clock(id, current.round, &current.clock, clock)
            .map_err(|e| record_error(e, &info, lang))?;
        Ok(clock_view(&stored, now_ms))
    }

    /// The clock shown on the table during a match: the one an organiser started most recently
    /// of any event's current round still being played; `None` when there is none.
    pub fn table_clock(&self) -> Result<Option<ClockView>> {
        self.table_clock_at(now_ms())
    }

    /// [`Service::table_clock`] at a given instant (epoch milliseconds).
    pub fn table_clock_at(&self, now_ms: i64) -> Result<Option<ClockView>> {
        let stored = self.store.latest_started_clock().map_err(store_err)?;
        Ok(stored.map(|s| clock_view(&s, now_ms)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournaments::NewEvent;

    const MIN: i64 = 60_000;
    const T0: i64 = 1_790_000_000_000;

    fn event(svc: &mut Service) -> i64 {
        let e = svc
            .create_event(
                &NewEvent {
                    name: "Clock Night".into(),
                    date: "2026-11-24".into(),
                    format: "swiss".into(),
                    rounds: Some(3),
                    top_cut: None,
                    first_round: None,
                    seed: Some("5".into()),
                    decks_required: None,
                },
                Language::En,
            )
            .unwrap();
        svc.register_all(e.id, &["Anna", "Ben", "Cleo", "Dan"], None, Language::En)
            .unwrap();
        e.id
    }

    #[test]
    fn every_reader_sees_the_one_stored_clock_after_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let id = {
            let mut svc = Service::open(dir.path()).unwrap();
            let id = event(&mut svc);
            assert_eq!(svc.round_clock(id).unwrap(), None, "no round yet");
            let err = svc
                .command_clock_at(id, ClockAction::Start, T0, Language::En)
                .unwrap_err();
            assert!(err.message.contains("pair a round"), "{err:?}");
            svc.pair_round(id, Language::En).unwrap();
            let set = svc
                .command_clock_at(id, ClockAction::Set { minutes: 30 }, T0, Language::En)
                .unwrap();
            assert_eq!(
                (set.text.as_str(), set.state),
                ("30:00", ClockState::NotStarted)
            );
            assert_eq!(svc.table_clock_at(T0).unwrap(), None, "not started");
            svc.command_clock_at(id, ClockAction::Start, T0, Language::En)
                .unwrap();
            id
        };
        let svc = Service::open(dir.path()).unwrap();
        let at = T0 + 26 * MIN;
        let view = svc.round_clock_at(id, at).unwrap().unwrap();
        assert_eq!(view.text, "4:00");
        assert_eq!(
            (view.state, view.warning, view.overtime),
            (ClockState::Running, true, false)
        );
        assert_eq!((view.round, view.event_name.as_str()), (1, "Clock Night"));
        assert_eq!(svc.table_clock_at(at).unwrap(), Some(view));
        let over = svc.round_clock_at(id, T0 + 32 * MIN).unwrap().unwrap();
        assert_eq!((over.text.as_str(), over.overtime), ("-2:00", true));
    }

    #[test]
    fn a_refused_clock_command_is_a_user_error_naming_the_round() {
        let dir = tempfile::tempdir().unwrap();
        let mut svc = Service::open(dir.path()).unwrap();
        let id = event(&mut svc);
        svc.pair_round(id, Language::En).unwrap();
        let err = svc
            .command_clock_at(id, ClockAction::Resume, T0, Language::En)
            .unwrap_err();
        assert!(err.is_user_error(), "{err:?}");
        assert!(
            err.message
                .starts_with("Round 1: the clock has not been started"),
            "{err:?}"
        );
        let paused = {
            svc.command_clock_at(id, ClockAction::Start, T0, Language::En)
                .unwrap();
            svc.command_clock_at(id, ClockAction::Pause, T0 + MIN, Language::En)
                .unwrap()
        };
        assert_eq!(
            (paused.text.as_str(), paused.state),
            ("49:00", ClockState::Paused)
        );
    }

    #[test]
    fn a_length_no_round_has_is_refused_in_the_interface_language_and_kept_unset() {
        let dir = tempfile::tempdir().unwrap();
        let mut svc = Service::open(dir.path()).unwrap();
        let id = event(&mut svc);
        svc.pair_round(id, Language::En).unwrap();
        let before = svc.round_clock_at(id, T0).unwrap();
        for (minutes, lang, text) in [
            (
                0,
                Language::De,
                "Eine Runde dauert 1 bis 1440 Minuten, nicht 0.",
            ),
            (
                u32::MAX,
                Language::De,
                "Eine Runde dauert 1 bis 1440 Minuten, nicht 4294967295.",
            ),
            (
                1441,
                Language::En,
                "A round lasts 1 to 1440 minutes, not 1441.",
            ),
        ] {
            let err = svc
                .command_clock_at(id, ClockAction::Set { minutes }, T0, lang)
                .unwrap_err();
            assert!(err.is_user_error(), "{err:?}");
            assert_eq!(err.message, text);
        }
        assert_eq!(
            svc.round_clock_at(id, T0).unwrap(),
            before,
            "nothing written"
        );
        let longest = svc
            .command_clock_at(id, ClockAction::Set { minutes: 1440 }, T0, Language::De)
            .unwrap();
        assert_eq!(longest.length_minutes, 1440);
    }

    #[test]
    fn the_text_counts_whole_seconds_down_then_overtime_up() {
        assert_eq!(clock_text(50 * 60_000), "50:00");
        assert_eq!(clock_text(50 * 60_000 - 1), "50:00");
        assert_eq!(clock_text(400), "0:01");
        assert_eq!(clock_text(0), "0:00");
        assert_eq!(clock_text(-999), "0:00");
        assert_eq!(clock_text(-190_000), "-3:10");
        assert_eq!(clock_text(65 * 60_000), "1:05:00");
    }
}
