//! The one error type the app and the CLI see: a stable code and a sentence a player understands.

use serde::Serialize;
use ts_rs::TS;

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
}

/// An error as shown to a person.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, thiserror::Error)]
#[error("{message}")]
#[ts(export)]
pub struct ServiceError {
    pub code: ErrorCode,
    pub message: String,
}

impl ServiceError {
    pub fn invalid(message: impl Into<String>) -> Self {
        ServiceError {
            code: ErrorCode::InvalidInput,
            message: message.into(),
        }
    }
    pub fn not_found(message: impl Into<String>) -> Self {
        ServiceError {
            code: ErrorCode::NotFound,
            message: message.into(),
        }
    }
    pub fn storage(message: impl Into<String>) -> Self {
        ServiceError {
            code: ErrorCode::Storage,
            message: message.into(),
        }
    }
    pub fn internal(message: impl Into<String>) -> Self {
        ServiceError {
            code: ErrorCode::Internal,
            message: message.into(),
        }
    }

    pub fn needs_confirmation(message: impl Into<String>) -> Self {
        ServiceError {
            code: ErrorCode::NeedsConfirmation,
            message: message.into(),
        }
    }

    /// Whether the person can fix this by changing their input (CLI exit code 1) or not (2).
    pub fn is_user_error(&self) -> bool {
        matches!(
            self.code,
            ErrorCode::InvalidInput | ErrorCode::NotFound | ErrorCode::NeedsConfirmation
        )
    }
}

/// The one mapping of a store error to its service code: the person's mistakes (bad values,
/// unknown ids, a finished game or match, a bad import file) keep the store's specific
/// message as a user error; anything else is a storage problem.
impl From<store::StoreError> for ServiceError {
    fn from(e: store::StoreError) -> Self {
        if e.is_read_only() {
            return ServiceError::storage(
                "Nothing was saved: your data folder cannot be written (a read-only file or \
                 folder). Make it writable, or give another folder with --data-dir or \
                 TABLEMATE_DATA_DIR.",
            );
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
            | E::Tournament(_) => ServiceError::invalid(capitalise(&e.to_string())),
            other => {
                ServiceError::storage(format!("Your data could not be read or saved: {other}"))
            }
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
