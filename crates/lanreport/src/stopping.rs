//! Why a reporting server stopped, as the organiser is told it (CLI and app), and the lock that
//! lets only one server serve an event at a time, across processes.
//!
//! The lock is a file per event in the data folder (`reporting-EVENT.lock`), held with the OS's
//! file lock (`flock`, `LockFileEx`, through `fs4`) for as long as the server runs: the OS
//! releases it when the process ends, however it ends, so a crash never leaves the event
//! "served". Who holds it (the CLI or the app, its process and address) is written beside it
//! (`reporting-EVENT.who`: a file locked on Windows cannot be read by another process), for the
//! refusal to name. A row in the store was the other choice; it would outlive a crashed
//! process and need a schema change.

use std::fs::{File, OpenOptions};
use std::io::Write as _;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use tablemate::tournaments::{ReportingView, TableReportState};
use tablemate::Language;
use ts_rs::TS;

/// Why reporting stopped being served.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum StopReason {
    /// The organiser closed reporting or stopped the server.
    Closed,
    /// Every table of the round has its result.
    AllResultsIn,
    /// The organiser undid the round served.
    RoundUndone,
    /// The app is closing.
    AppClosing,
    /// Ctrl+C or a request to end the process.
    Interrupted,
}

impl StopReason {
    /// Why the codes of `served` (the round served) no longer work, if they do not, from the
    /// reports as they stand now.
    pub fn of(served: u32, now: &ReportingView) -> Option<StopReason> {
        if now.round < served {
            return Some(StopReason::RoundUndone);
        }
        if now.round > served {
            return Some(StopReason::AllResultsIn);
        }
        if now.live {
            return None;
        }
        let all_in = now
            .tables
            .iter()
            .all(|t| t.state == TableReportState::Final);
        Some(if all_in {
            StopReason::AllResultsIn
        } else {
            StopReason::Closed
        })
    }

    /// One sentence for the organiser.
    pub fn text(self, lang: Language) -> &'static str {
        let de = lang == Language::De;
        match self {
            StopReason::Closed if de => "Die Turnierleitung hat das Melden geschlossen.",
            StopReason::Closed => "The organiser closed reporting.",
            StopReason::AllResultsIn if de => "Alle Ergebnisse der Runde sind da.",
            StopReason::AllResultsIn => "Every result of the round is in.",
            StopReason::RoundUndone if de => "Die Runde wurde zurückgenommen.",
            StopReason::RoundUndone => "The round was undone.",
            StopReason::AppClosing if de => "Die App wird beendet.",
            StopReason::AppClosing => "The app is closing.",
            StopReason::Interrupted if de => "Der Server wurde angehalten.",
            StopReason::Interrupted => "The server was stopped.",
        }
    }
}

/// Which program serves an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Holder {
    Cli,
    App,
}

impl Holder {
    fn text(self, lang: Language) -> &'static str {
        match (self, lang) {
            (Holder::Cli, Language::En) => "`tablemate tournament serve`",
            (Holder::Cli, Language::De) => "`tablemate tournament serve`",
            (Holder::App, Language::En) => "the Tablemate app",
            (Holder::App, Language::De) => "der Tablemate-App",
        }
    }
}

/// What the lock's neighbour file says about the server holding it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServedBy {
    pub holder: Holder,
    pub process: u32,
    pub url: Option<String>,
}

/// Why an event could not be locked for serving.
#[derive(Debug)]
pub enum LockError {
    /// Another server serves the event (`None`: it has not said who it is yet).
    Served(Option<ServedBy>),
    Io(std::io::Error),
}

impl LockError {
    pub fn text(&self, lang: Language) -> String {
        match self {
            LockError::Served(by) => {
                let who = by.as_ref().map_or_else(
                    || match lang {
                        Language::En => "another program".to_string(),
                        Language::De => "einem anderen Programm".to_string(),
                    },
                    |b| {
                        let at = b.url.as_deref().map_or_else(String::new, |u| match lang {
                            Language::En => format!(" at {u}"),
                            Language::De => format!(" unter {u}"),
                        });
                        match lang {
                            Language::En => {
                                format!("{} (process {}){at}", b.holder.text(lang), b.process)
                            }
                            Language::De => {
                                format!("{} (Prozess {}){at}", b.holder.text(lang), b.process)
                            }
                        }
                    },
                );
                match lang {
                    Language::En => format!(
                        "This event's reporting is already served by {who}. Stop it there first."
                    ),
                    Language::De => format!(
                        "Das Melden dieses Turniers läuft schon bei {who}. Beende es zuerst dort."
                    ),
                }
            }
            LockError::Io(e) => match lang {
                Language::En => format!("Cannot lock the event for serving: {e}"),
                Language::De => format!("Das Turnier kann nicht zum Melden gesperrt werden: {e}"),
            },
        }
    }
}

/// The lock on serving one event; released when dropped (or when the process ends).
#[derive(Debug)]
pub struct ServeLock {
    _file: File,
    who: PathBuf,
    holder: Holder,
}

impl ServeLock {
    /// Locks `event` for serving by `holder`, in the data folder `dir`; refused, naming the
    /// holder, while another server (this process or another) has it.
    pub fn acquire(dir: &Path, event: i64, holder: Holder) -> Result<ServeLock, LockError> {
        let path = dir.join(format!("reporting-{event}.lock"));
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .read(true)
            .write(true)
            .open(&path)
            .map_err(LockError::Io)?;
        let who = dir.join(format!("reporting-{event}.who"));
        match fs4::FileExt::try_lock(&file) {
            Ok(()) => {}
            Err(fs4::TryLockError::WouldBlock) => {
                let by = std::fs::read(&who)
                    .ok()
                    .and_then(|b| serde_json::from_slice::<ServedBy>(&b).ok());
                return Err(LockError::Served(by));
            }
            Err(fs4::TryLockError::Error(e)) => return Err(LockError::Io(e)),
        }
        let lock = ServeLock {
            _file: file,
            who,
            holder,
        };
        lock.announce(None).map_err(LockError::Io)?;
        Ok(lock)
    }

    /// Writes who serves, and at which address once it is known.
    pub fn announce(&self, url: Option<&str>) -> std::io::Result<()> {
        let by = ServedBy {
            holder: self.holder,
            process: std::process::id(),
            url: url.map(str::to_owned),
        };
        let mut f = File::create(&self.who)?;
        f.write_all(&serde_json::to_vec(&by).unwrap_or_default())
    }
}

impl Drop for ServeLock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.who);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablemate::tournaments::{ReportAcceptance, TableReportsView};

    fn view(round: u32, open: bool, live: bool, states: &[TableReportState]) -> ReportingView {
        ReportingView {
            event: 1,
            round,
            open,
            live,
            acceptance: ReportAcceptance::AtOnce,
            tables: states
                .iter()
                .enumerate()
                .map(|(i, s)| TableReportsView {
                    table: u32::try_from(i).unwrap_or(0) + 1,
                    a: "A".into(),
                    b: "B".into(),
                    state: *s,
                    report_a: None,
                    report_b: None,
                    result: None,
                })
                .collect(),
        }
    }

    #[test]
    fn the_reason_is_read_from_the_round_as_it_stands() {
        use TableReportState::{Final, Nobody};
        assert_eq!(StopReason::of(2, &view(2, true, true, &[Nobody])), None);
        assert_eq!(
            StopReason::of(2, &view(2, false, false, &[Nobody, Final])),
            Some(StopReason::Closed),
            "closed with one result of two in"
        );
        assert_eq!(
            StopReason::of(2, &view(2, true, false, &[Final, Final])),
            Some(StopReason::AllResultsIn)
        );
        assert_eq!(
            StopReason::of(2, &view(1, true, false, &[Final])),
            Some(StopReason::RoundUndone)
        );
        assert_eq!(
            StopReason::of(2, &view(3, false, false, &[Nobody])),
            Some(StopReason::AllResultsIn)
        );
    }

    #[test]
    fn a_second_lock_is_refused_naming_the_first_and_freed_by_the_first_going() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let first = ServeLock::acquire(dir.path(), 7, Holder::App)
            .unwrap_or_else(|e| panic!("{}", e.text(Language::En)));
        first
            .announce(Some("http://10.0.0.2:8470/"))
            .unwrap_or_else(|e| panic!("{e}"));
        let second = ServeLock::acquire(dir.path(), 7, Holder::Cli).err();
        let text = second.map(|e| e.text(Language::En)).unwrap_or_default();
        assert!(
            text.contains("the Tablemate app")
                && text.contains(&std::process::id().to_string())
                && text.contains("http://10.0.0.2:8470/"),
            "{text}"
        );
        // another event is served freely
        assert!(ServeLock::acquire(dir.path(), 8, Holder::Cli).is_ok());
        drop(first);
        assert!(ServeLock::acquire(dir.path(), 7, Holder::Cli).is_ok());
    }
}
