//! The round clock, as data: its length, when it last started running and how long it ran before
//! that. Nothing here reads the time: every question takes "now" (milliseconds since the Unix
//! epoch, from the caller), so the store can keep the clock with its round, a restart resumes it
//! exactly, every view computes the same remaining time from the same state, and the tests need
//! no sleeping.

use crate::{ClockRefusal, Refusal, TournamentError};

/// The length a round's clock has until the organiser sets another (a common Blue Moon round).
pub const DEFAULT_ROUND_MINUTES: u32 = 50;
/// The longest round an organiser can set: a whole day.
pub const MAX_ROUND_MINUTES: u32 = 24 * 60;
/// Below this much time left the clock warns (the classic "five minutes" call).
pub const WARNING_MS: i64 = 5 * 60 * 1000;
/// The most time a round's clock can have run: a year. Running time only grows while an
/// organiser leaves a clock running, so more than this is no round's clock but a damaged file.
pub const MAX_RAN_MS: i64 = 366 * 24 * 60 * MINUTE_MS;
/// The instants a running clock can have started at (epoch ms): 2000-01-01 to 2100-01-01, the
/// years a person runs this app in; anything else is a damaged file, not a start.
pub const RUNNING_SINCE_MS: std::ops::RangeInclusive<i64> = 946_684_800_000..=4_102_444_800_000;

const MINUTE_MS: i64 = 60 * 1000;
/// The most time a round's clock plausibly runs beyond its length: a day (the longest round).
/// A clock further over is no round being played but a damaged or made-up file.
pub const MAX_OVERTIME_MS: i64 = MAX_ROUND_MINUTES as i64 * MINUTE_MS;
/// How far a start may lie after "now" on the importing computer: two computers' clocks differ
/// by minutes, never by an hour.
pub const START_AHEAD_MS: i64 = 60 * MINUTE_MS;

/// Why a clock that [`RoundClock::check`] allows cannot be a round being played at "now".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockImplausible {
    /// A running clock started after now (`since`, epoch ms).
    StartsLater { since: i64 },
    /// The clock had run `over_ms` beyond its length before its last start (or pause), more
    /// than [`MAX_OVERTIME_MS`].
    Overtime { over_ms: i64 },
}

/// Where the clock is. Each state carries exactly what its time needs, so a paused clock cannot
/// have a start instant and a clock not started cannot have run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockRun {
    /// Set, not started yet: the whole length remains.
    NotStarted,
    /// Running since `since` (epoch ms), after `ran_ms` of earlier running.
    Running { since: i64, ran_ms: i64 },
    /// Stopped after running `ran_ms` in all.
    Paused { ran_ms: i64 },
}

/// A round's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundClock {
    pub length_ms: i64,
    pub run: ClockRun,
}

/// What the organiser asks of the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockCommand {
    Start,
    Pause,
    Resume,
    /// A new length in minutes; the time already run is kept (a 50-minute round set to 60 after
    /// 10 minutes has 50 left).
    Set {
        minutes: u32,
    },
}

/// The clock as every view shows it at one instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockReading {
    pub length_ms: i64,
    /// Time left; negative once the round is over time.
    pub remaining_ms: i64,
    pub phase: ClockPhase,
    /// Five minutes or less left, not yet over time.
    pub warning: bool,
    /// The length has run out (the remaining time is zero or less).
    pub overtime: bool,
}

/// The clock's state as shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockPhase {
    NotStarted,
    Running,
    Paused,
}

impl Default for RoundClock {
    fn default() -> Self {
        RoundClock {
            length_ms: i64::from(DEFAULT_ROUND_MINUTES) * MINUTE_MS,
            run: ClockRun::NotStarted,
        }
    }
}

impl RoundClock {
    /// How long the clock has run up to `now` (a `now` before the start counts as no time, so a
    /// system clock set back never makes time run backwards past the start).
    pub fn ran_ms(&self, now: i64) -> i64 {
        match self.run {
            ClockRun::NotStarted => 0,
            ClockRun::Paused { ran_ms } => ran_ms,
            ClockRun::Running { since, ran_ms } => ran_ms + now.saturating_sub(since).max(0),
        }
    }

    /// The clock at `now`.
    pub fn read(&self, now: i64) -> ClockReading {
        let remaining_ms = self.length_ms - self.ran_ms(now);
        let phase = match self.run {
            ClockRun::NotStarted => ClockPhase::NotStarted,
            ClockRun::Running { .. } => ClockPhase::Running,
            ClockRun::Paused { .. } => ClockPhase::Paused,
        };
        let overtime = remaining_ms <= 0 && phase != ClockPhase::NotStarted;
        ClockReading {
            length_ms: self.length_ms,
            remaining_ms,
            phase,
            warning: !overtime && remaining_ms <= WARNING_MS && phase != ClockPhase::NotStarted,
            overtime,
        }
    }

    /// Checks a clock that comes from outside (an imported event): a length an organiser could
    /// set (1 to [`MAX_ROUND_MINUTES`] minutes), a time run between 0 and [`MAX_RAN_MS`] and a
    /// start within [`RUNNING_SINCE_MS`]. Refused by name, never clamped.
    pub fn check(&self) -> Result<(), TournamentError> {
        let invalid = |why: String| Err(TournamentError::Invalid(why));
        let max_length = i64::from(MAX_ROUND_MINUTES) * MINUTE_MS;
        if !(MINUTE_MS..=max_length).contains(&self.length_ms) {
            return invalid(format!(
                "a round lasts 1 to {MAX_ROUND_MINUTES} minutes, not {} ms",
                self.length_ms
            ));
        }
        let (ran_ms, since) = match self.run {
            ClockRun::NotStarted => return Ok(()),
            ClockRun::Running { since, ran_ms } => (ran_ms, Some(since)),
            ClockRun::Paused { ran_ms } => (ran_ms, None),
        };
        if !(0..=MAX_RAN_MS).contains(&ran_ms) {
            return invalid(format!(
                "a round's clock runs 0 to {MAX_RAN_MS} ms (a year), not {ran_ms} ms"
            ));
        }
        if let Some(since) = since.filter(|s| !RUNNING_SINCE_MS.contains(s)) {
            return invalid(format!(
                "a running clock started between the years 2000 and 2100, not at {since} ms"
            ));
        }
        Ok(())
    }

    /// Checks that the clock can be a round's at `now` (an imported event's clock): a running
    /// clock did not start later than now ([`START_AHEAD_MS`] allowed for two computers'
    /// clocks), and the time it ran while the organiser worked it (before its last start) is
    /// not more than [`MAX_OVERTIME_MS`] beyond its length. A clock left running (the last round
    /// of an event nobody paused) keeps its start and stays plausible however late the file
    /// is imported.
    pub fn plausible_at(&self, now: i64) -> Result<(), ClockImplausible> {
        let ran_ms = match self.run {
            ClockRun::NotStarted => 0,
            ClockRun::Paused { ran_ms } => ran_ms,
            ClockRun::Running { since, ran_ms } => {
                if since > now.saturating_add(START_AHEAD_MS) {
                    return Err(ClockImplausible::StartsLater { since });
                }
                ran_ms
            }
        };
        let over_ms = ran_ms.saturating_sub(self.length_ms);
        if over_ms > MAX_OVERTIME_MS {
            return Err(ClockImplausible::Overtime { over_ms });
        }
        Ok(())
    }

    /// The clock after `command` at `now`, or why it cannot be done now.
    pub fn apply(&self, command: ClockCommand, now: i64) -> Result<RoundClock, TournamentError> {
        let refused = |why| Err(TournamentError::Refused(Refusal::Clock(why)));
        let run = match (command, self.run) {
            (ClockCommand::Start, ClockRun::NotStarted) => ClockRun::Running {
                since: now,
                ran_ms: 0,
            },
            (ClockCommand::Start, _) => return refused(ClockRefusal::AlreadyStarted),
            (ClockCommand::Pause, ClockRun::Running { .. }) => ClockRun::Paused {
                ran_ms: self.ran_ms(now),
            },
            (ClockCommand::Pause, ClockRun::NotStarted) => {
                return refused(ClockRefusal::PauseBeforeStart)
            }
            (ClockCommand::Pause, ClockRun::Paused { .. }) => {
                return refused(ClockRefusal::AlreadyPaused)
            }
            (ClockCommand::Resume, ClockRun::Paused { ran_ms }) => {
                ClockRun::Running { since: now, ran_ms }
            }
            (ClockCommand::Resume, ClockRun::NotStarted) => {
                return refused(ClockRefusal::ResumeBeforeStart)
            }
            (ClockCommand::Resume, ClockRun::Running { .. }) => {
                return refused(ClockRefusal::AlreadyRunning)
            }
            (ClockCommand::Set { minutes }, run) => {
                if !(1..=MAX_ROUND_MINUTES).contains(&minutes) {
                    return Err(TournamentError::RoundLength { minutes });
                }
                return Ok(RoundClock {
                    length_ms: i64::from(minutes) * MINUTE_MS,
                    run,
                });
            }
        };
        Ok(RoundClock {
            length_ms: self.length_ms,
            run,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_from_another_century_or_a_year_over_is_implausible() {
        let now = 1_795_000_000_000; // 2026
        let len = 50 * MINUTE_MS;
        let started_2099 = RoundClock {
            length_ms: len,
            run: ClockRun::Running {
                since: 4_080_000_000_000,
                ran_ms: 0,
            },
        };
        assert!(started_2099.check().is_ok());
        assert_eq!(
            started_2099.plausible_at(now),
            Err(ClockImplausible::StartsLater {
                since: 4_080_000_000_000
            })
        );
        let a_year_over = RoundClock {
            length_ms: len,
            run: ClockRun::Paused { ran_ms: MAX_RAN_MS },
        };
        assert!(a_year_over.check().is_ok());
        assert_eq!(
            a_year_over.plausible_at(now),
            Err(ClockImplausible::Overtime {
                over_ms: MAX_RAN_MS - len
            })
        );
        // a running clock exported a minute ago, and one a few minutes ahead, are fine
        let running = RoundClock {
            length_ms: len,
            run: ClockRun::Running {
                since: now - 20 * MINUTE_MS,
                ran_ms: 5 * MINUTE_MS,
            },
        };
        assert_eq!(running.plausible_at(now), Ok(()));
        assert_eq!(running.plausible_at(now - 25 * MINUTE_MS), Ok(()));
        // left running since, imported a year later: still the round's clock
        assert_eq!(
            running.plausible_at(now + 366 * 24 * 60 * MINUTE_MS),
            Ok(())
        );
        // a day and a minute over is refused; a day over is not
        let day = i64::from(MAX_ROUND_MINUTES) * MINUTE_MS;
        let over = |ran_ms| RoundClock {
            length_ms: len,
            run: ClockRun::Paused { ran_ms },
        };
        assert_eq!(over(len + day).plausible_at(now), Ok(()));
        assert!(over(len + day + MINUTE_MS).plausible_at(now).is_err());
    }

    const MIN: i64 = MINUTE_MS;
    const T0: i64 = 1_790_000_000_000;

    fn run(clock: RoundClock, steps: &[(ClockCommand, i64)]) -> RoundClock {
        steps.iter().fold(clock, |c, &(cmd, at)| {
            c.apply(cmd, at)
                .unwrap_or_else(|e| panic!("{cmd:?} at {at}: {e}"))
        })
    }

    #[test]
    fn a_clock_not_started_shows_its_whole_length_and_no_warning() {
        let c = RoundClock::default();
        let r = c.read(T0 + 99 * MIN);
        assert_eq!(r.remaining_ms, 50 * MIN);
        assert_eq!(r.phase, ClockPhase::NotStarted);
        assert!(!r.warning && !r.overtime);
    }

    #[test]
    fn running_time_counts_down_from_the_start() {
        let c = run(RoundClock::default(), &[(ClockCommand::Start, T0)]);
        assert_eq!(c.read(T0 + 12 * MIN).remaining_ms, 38 * MIN);
        assert_eq!(c.read(T0 + 12 * MIN).phase, ClockPhase::Running);
        // a system clock set back before the start does not add time
        assert_eq!(c.read(T0 - MIN).remaining_ms, 50 * MIN);
    }

    #[test]
    fn a_pause_stops_the_time_and_resume_continues_it() {
        let c = run(
            RoundClock::default(),
            &[
                (ClockCommand::Start, T0),
                (ClockCommand::Pause, T0 + 10 * MIN),
            ],
        );
        assert_eq!(c.read(T0 + 40 * MIN).remaining_ms, 40 * MIN, "paused");
        assert_eq!(c.read(T0 + 40 * MIN).phase, ClockPhase::Paused);
        let c = run(c, &[(ClockCommand::Resume, T0 + 30 * MIN)]);
        assert_eq!(c.read(T0 + 35 * MIN).remaining_ms, 35 * MIN);
        // two pauses add up
        let c = run(
            c,
            &[
                (ClockCommand::Pause, T0 + 36 * MIN),
                (ClockCommand::Resume, T0 + 50 * MIN),
            ],
        );
        assert_eq!(c.read(T0 + 51 * MIN).remaining_ms, 33 * MIN);
    }

    #[test]
    fn the_warning_comes_at_five_minutes_and_overtime_counts_below_zero() {
        let c = run(RoundClock::default(), &[(ClockCommand::Start, T0)]);
        let before = c.read(T0 + 45 * MIN - 1);
        assert!(!before.warning, "{before:?}");
        let at = c.read(T0 + 45 * MIN);
        assert!(at.warning && !at.overtime, "{at:?}");
        let end = c.read(T0 + 50 * MIN);
        assert!(end.overtime && !end.warning, "{end:?}");
        let over = c.read(T0 + 53 * MIN);
        assert_eq!(over.remaining_ms, -3 * MIN);
        assert!(over.overtime);
        // a paused clock in its last minutes still warns
        let p = run(c, &[(ClockCommand::Pause, T0 + 47 * MIN)]);
        assert!(p.read(T0 + 90 * MIN).warning);
    }

    #[test]
    fn setting_the_length_keeps_the_time_already_run() {
        let c = run(
            RoundClock::default(),
            &[
                (ClockCommand::Start, T0),
                (ClockCommand::Set { minutes: 60 }, T0 + 10 * MIN),
            ],
        );
        assert_eq!(c.read(T0 + 10 * MIN).remaining_ms, 50 * MIN);
        assert_eq!(c.read(T0 + 10 * MIN).phase, ClockPhase::Running);
        let short = run(c, &[(ClockCommand::Set { minutes: 5 }, T0 + 10 * MIN)]);
        assert_eq!(
            short.read(T0 + 10 * MIN).remaining_ms,
            -5 * MIN,
            "over time"
        );
    }

    #[test]
    fn a_clock_from_outside_is_checked_never_clamped() {
        let running = RoundClock {
            length_ms: 30 * MIN,
            run: ClockRun::Running {
                since: T0,
                ran_ms: 4 * MIN,
            },
        };
        assert_eq!(running.check(), Ok(()));
        let bad = [
            RoundClock {
                length_ms: 0,
                ..running
            },
            RoundClock {
                length_ms: i64::from(MAX_ROUND_MINUTES) * MIN + 1,
                ..running
            },
            RoundClock {
                length_ms: 30 * MIN,
                run: ClockRun::Paused { ran_ms: -1 },
            },
            RoundClock {
                length_ms: 30 * MIN,
                run: ClockRun::Paused {
                    ran_ms: MAX_RAN_MS + 1,
                },
            },
            RoundClock {
                length_ms: 30 * MIN,
                run: ClockRun::Running {
                    since: i64::MIN,
                    ran_ms: 0,
                },
            },
        ];
        for clock in bad {
            let err = clock.check().unwrap_err().to_string();
            assert!(err.contains("not "), "{clock:?}: {err}");
        }
    }

    #[test]
    fn commands_out_of_order_are_refused_with_the_reason() {
        let fresh = RoundClock::default();
        let refused = |c: &RoundClock, cmd| c.apply(cmd, T0).unwrap_err().to_string();
        assert!(refused(&fresh, ClockCommand::Pause).contains("not been started"));
        assert!(refused(&fresh, ClockCommand::Resume).contains("start it"));
        let running = run(fresh, &[(ClockCommand::Start, T0)]);
        assert!(refused(&running, ClockCommand::Start).contains("already been started"));
        assert!(refused(&running, ClockCommand::Resume).contains("already running"));
        let paused = run(running, &[(ClockCommand::Pause, T0)]);
        assert!(refused(&paused, ClockCommand::Pause).contains("already paused"));
        for minutes in [0, MAX_ROUND_MINUTES + 1] {
            let err = refused(&fresh, ClockCommand::Set { minutes });
            assert!(err.contains(&minutes.to_string()), "{err}");
        }
    }
}
