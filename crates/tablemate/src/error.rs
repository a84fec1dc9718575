//! The one error type the app and the CLI see: a stable code and a sentence a player understands.

use serde::Serialize;
use ts_rs::TS;

use crate::Language;

/// Stable error codes (the UI and scripts may branch on them; never renumber or rename).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ErrorCode {
    /// The person asked for something invalid (bad value, unknown id, forbidden play).
    InvalidInput,
    /// Something asked for does not exist.
    NotFound,
    /// The user's data could not be read or written.
    Storage,
    /// A bug or an environment problem, not the person's fault.
    Internal,
    /// The action raises a warning a person must confirm (the message says what); sent again
    /// with `confirmed`, it is recorded.
    NeedsConfirmation,
    /// The game changed after the person (or the command) decided (another window, the CLI at
    /// the same time): nothing was written; show the game as it now is and decide again.
    Changed,
}

/// An error as shown to a person.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, thiserror::Error)]
#[error("{message}")]
#[ts(export)]
pub struct ServiceError {
    pub code: ErrorCode,
    pub message: String,
    /// What went wrong with the user's data, kept so that [`ServiceError::in_language`] can
    /// word it again; never sent.
    #[serde(skip)]
    #[ts(skip)]
    storage: Option<StorageProblem>,
}

/// A problem with the user's data, as a person can act on it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum StorageProblem {
    /// The data folder or a file in it cannot be written.
    ReadOnly,
    /// The disk of the data folder is full.
    DiskFull,
    /// Anything else; the technical detail (English, from SQLite or the system) is kept.
    Other(String),
}

impl ServiceError {
    pub(crate) fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        ServiceError {
            code,
            message: message.into(),
            storage: None,
        }
    }

    pub fn invalid(message: impl Into<String>) -> Self {
        ServiceError {
            code: ErrorCode::InvalidInput,
            message: message.into(),
            storage: None,
        }
    }
    pub fn not_found(message: impl Into<String>) -> Self {
        ServiceError {
            code: ErrorCode::NotFound,
            message: message.into(),
            storage: None,
        }
    }
    pub fn storage(message: impl Into<String>) -> Self {
        ServiceError {
            code: ErrorCode::Storage,
            message: message.into(),
            storage: None,
        }
    }
    pub fn internal(message: impl Into<String>) -> Self {
        ServiceError {
            code: ErrorCode::Internal,
            message: message.into(),
            storage: None,
        }
    }

    pub fn needs_confirmation(message: impl Into<String>) -> Self {
        ServiceError {
            code: ErrorCode::NeedsConfirmation,
            message: message.into(),
            storage: None,
        }
    }

    fn storage_problem(problem: StorageProblem, lang: Language) -> Self {
        let message = match (&problem, lang) {
            (StorageProblem::ReadOnly, Language::En) => {
                "Nothing was saved: your data folder cannot be written (a read-only file or \
                 folder). Make it writable, or give another folder with --data-dir or \
                 TABLEMATE_DATA_DIR."
                    .to_owned()
            }
            (StorageProblem::ReadOnly, Language::De) => {
                "Nichts wurde gespeichert: dein Datenordner ist schreibgeschützt (eine Datei oder \
                 ein Ordner, der nicht beschrieben werden kann). Mach ihn beschreibbar oder gib \
                 mit --data-dir oder TABLEMATE_DATA_DIR einen anderen Ordner an."
                    .to_owned()
            }
            (StorageProblem::DiskFull, Language::En) => {
                "The disk is full; nothing can be saved until there is space again. Nothing was \
                 recorded, and your data is kept as it was."
                    .to_owned()
            }
            (StorageProblem::DiskFull, Language::De) => {
                "Der Datenträger ist voll; nichts kann gespeichert werden, bis wieder Platz ist. \
                 Nichts wurde eingetragen, und deine Daten bleiben, wie sie waren."
                    .to_owned()
            }
            (StorageProblem::Other(d), Language::En) => {
                format!("Your data could not be read or saved: {d}")
            }
            (StorageProblem::Other(d), Language::De) => {
                format!("Deine Daten konnten nicht gelesen oder gespeichert werden: {d}")
            }
        };
        ServiceError {
            code: ErrorCode::Storage,
            message,
            storage: Some(problem),
        }
    }

    /// The error worded in the interface language. Refusals that take the language already
    /// are worded at the source; this rewords what is worded in one place for every command:
    /// problems with the user's data.
    pub fn in_language(self, lang: Language) -> Self {
        match self.storage {
            Some(problem) => ServiceError::storage_problem(problem, lang),
            None => self,
        }
    }

    /// A file of the service's own (the settings) that could not be written, worded as the
    /// database's own refusals are, so the person knows what to do: a full disk, a folder that
    /// cannot be written; anything else says `what` failed with the system's detail.
    pub(crate) fn from_io(e: &std::io::Error, what: impl FnOnce() -> String) -> Self {
        use std::io::ErrorKind;
        // ENOSPC and EROFS (Linux, the BSDs and macOS alike)
        let (no_space, read_only_fs) = (28, 30);
        if e.kind() == ErrorKind::StorageFull || e.raw_os_error() == Some(no_space) {
            ServiceError::storage_problem(StorageProblem::DiskFull, Language::En)
        } else if e.kind() == ErrorKind::PermissionDenied
            || e.kind() == ErrorKind::ReadOnlyFilesystem
            || e.raw_os_error() == Some(read_only_fs)
        {
            ServiceError::storage_problem(StorageProblem::ReadOnly, Language::En)
        } else {
            ServiceError::storage(format!("{}: {e}", what()))
        }
    }

    /// This computer's networks could not be listed for players' reporting (the system
    /// refused), in `lang`: the app's command words nothing itself.
    pub fn networks_unlisted(e: &std::io::Error, lang: Language) -> Self {
        ServiceError::internal(match lang {
            Language::En => format!("Cannot list this computer's networks: {e}"),
            Language::De => {
                format!("Die Netzwerke dieses Computers lassen sich nicht auflisten: {e}")
            }
        })
    }

    /// Whether this is the refusal of a write because the disk is full.
    pub fn is_disk_full(&self) -> bool {
        self.storage == Some(StorageProblem::DiskFull)
    }

    /// Whether the person can fix this by changing their input (CLI exit code 1) or not (2).
    pub fn is_user_error(&self) -> bool {
        matches!(
            self.code,
            ErrorCode::InvalidInput
                | ErrorCode::NotFound
                | ErrorCode::NeedsConfirmation
                | ErrorCode::Changed
        )
    }
}

/// The one mapping of a store error to its service code: the person's mistakes (bad values,
/// unknown ids, a finished game or match, a bad import file) keep the store's specific
/// message as a user error; anything else is a storage problem.
impl From<store::StoreError> for ServiceError {
    fn from(e: store::StoreError) -> Self {
        if e.is_disk_full() {
            return ServiceError::storage_problem(StorageProblem::DiskFull, Language::En);
        }
        if e.is_read_only() {
            return ServiceError::storage_problem(StorageProblem::ReadOnly, Language::En);
        }
        use store::StoreError as E;
        match e {
            E::NotFound { .. } => ServiceError::not_found(capitalise(&e.to_string())),
            E::Invalid { .. }
            | E::EventNotJson(_)
            | E::GameFinished(_)
            | E::GameAbandoned(_)
            | E::NothingToUndo(_)
            | E::NothingToRedo(_)
            | E::MatchFinished(_)
            | E::Conflict(_)
            | E::Import { .. }
            | E::Tournament(_)
            | E::Report(_)
            | E::DeckNameTaken { .. } => ServiceError::invalid(capitalise(&e.to_string())),
            // Callers that know the players word it with their names (`record::write_error`).
            E::Changed { .. } => ServiceError::new(
                ErrorCode::Changed,
                "This game changed meanwhile (in another window or on the command line). \
                 Nothing was recorded.",
            ),
            // Callers that know the deck word it with its name (`decks::wording`).
            E::DeckChanged { .. } => {
                ServiceError::new(ErrorCode::Changed, capitalise(&e.to_string()))
            }
            // Callers that know the players word it with their names (`record::write_error`).
            E::MatchChanged { .. } => ServiceError::new(
                ErrorCode::Changed,
                "This match changed meanwhile (in another window or on the command line). \
                 Nothing was recorded.",
            ),
            // Callers that know the event word it with its name (`tournaments::record_error`).
            E::EventChanged { .. } => ServiceError::new(
                ErrorCode::Changed,
                "This event changed meanwhile (in another window or on the command line). \
                 Nothing was recorded.",
            ),
            other => ServiceError::storage_problem(
                StorageProblem::Other(other.to_string()),
                Language::En,
            ),
        }
    }
}

/// [`From<StoreError>`](ServiceError#impl-From<StoreError>-for-ServiceError) as a function,
/// for `map_err`.
pub(crate) fn store_error(e: store::StoreError) -> ServiceError {
    e.into()
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

pub type Result<T> = std::result::Result<T, ServiceError>;

#[cfg(test)]
mod tests {
    use super::*;

    /// Both "changed meanwhile" errors of the store read as `changed`, never as a storage
    /// problem, even where no caller words them with the game's players or the event's name.
    #[test]
    fn a_record_that_moved_meanwhile_is_changed_not_storage() {
        let game: ServiceError = store::StoreError::Changed {
            game: 3,
            expected: 1,
            found: 2,
        }
        .into();
        let event: ServiceError = store::StoreError::EventChanged { tournament: 3 }.into();
        let a_match: ServiceError = store::StoreError::MatchChanged { match_id: 3 }.into();
        assert_eq!(a_match.code, ErrorCode::Changed);
        let deck: ServiceError = store::StoreError::DeckChanged {
            name: "Vulca".into(),
            expected: 1,
            found: 2,
        }
        .into();
        assert_eq!([game.code, event.code, deck.code], [ErrorCode::Changed; 3]);
        assert_eq!(
            event.message,
            "This event changed meanwhile (in another window or on the command line). \
             Nothing was recorded."
        );
    }

    #[test]
    fn unlisted_networks_are_worded_in_the_interface_language() {
        let e = std::io::Error::other("netlink refused");
        let en = ServiceError::networks_unlisted(&e, Language::En);
        let de = ServiceError::networks_unlisted(&e, Language::De);
        assert_eq!(
            en.message,
            "Cannot list this computer's networks: netlink refused"
        );
        assert_eq!(
            de.message,
            "Die Netzwerke dieses Computers lassen sich nicht auflisten: netlink refused"
        );
    }

    #[test]
    fn problems_with_the_users_data_are_worded_in_the_interface_language() {
        let read_only: ServiceError = store::StoreError::ReadOnly {
            path: "tablemate.db".into(),
        }
        .into();
        assert_eq!(read_only.code, ErrorCode::Storage);
        assert!(
            read_only.message.starts_with("Nothing was saved"),
            "{read_only:?}"
        );
        let de = read_only.in_language(Language::De);
        assert_eq!(de.code, ErrorCode::Storage);
        assert!(de.message.starts_with("Nichts wurde gespeichert"), "{de:?}");

        let broken: ServiceError = store::StoreError::Io {
            action: "read",
            path: "tablemate.db".into(),
            source: std::io::Error::other("disk on fire"),
        }
        .into();
        let de = broken.clone().in_language(Language::De);
        assert!(
            de.message
                .starts_with("Deine Daten konnten nicht gelesen oder gespeichert werden: "),
            "{de:?}"
        );
        // the technical detail stays, and English comes back unchanged
        assert!(de.message.ends_with("disk on fire"), "{de:?}");
        assert_eq!(broken.clone().in_language(Language::En), broken);

        // refusals worded at their source are left alone
        let refusal = ServiceError::invalid("Nicht möglich: …");
        assert_eq!(refusal.clone().in_language(Language::En), refusal);
    }
}
