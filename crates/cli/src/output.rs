//! Printing results as text or JSON, and errors with the right exit code.

use serde::Serialize;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::OnceLock;
use tablemate::{Language, ServiceError};

/// The interface language of the settings (`tablemate settings --language de`), read once
/// when the service opens: refusals and what the service words are said in it.
static LANG: OnceLock<Language> = OnceLock::new();

/// Remembers the settings' language for this run (the first call wins).
pub fn set_lang(lang: Language) {
    let _ = LANG.set(lang);
}

/// The language to speak: the settings' once the service is open, English before.
pub fn lang() -> Language {
    LANG.get().copied().unwrap_or(Language::En)
}

/// How to print: text for people, or stable JSON for scripts.
pub struct Out {
    pub json: bool,
}

impl Out {
    /// Prints `value` as pretty JSON with `--json`, otherwise through `text`.
    pub fn print<T: Serialize>(
        &self,
        value: &T,
        text: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> Result<(), ServiceError> {
        let stdout = io::stdout();
        let mut w = stdout.lock();
        let written = if self.json {
            serde_json::to_writer_pretty(&mut w, value)
                // keep the io error's kind, so a closed pipe is recognised below
                .map_err(|e| match e.io_error_kind() {
                    Some(kind) => io::Error::from(kind),
                    None => io::Error::other(e),
                })
                .and_then(|_| writeln!(w))
        } else {
            text(&mut w)
        };
        match written {
            Ok(()) => Ok(()),
            // `tablemate … | head` closing the pipe early is not an error.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
            Err(e) => Err(ServiceError::internal(format!(
                "Cannot write the output: {e}"
            ))),
        }
    }
}

/// Reports an error on stderr and picks the exit code: 1 user error, 2 internal error.
pub fn fail(e: &ServiceError) -> ExitCode {
    // a problem with the data folder (a full disk, a folder that cannot be written) is worded
    // in one place, in English; said here in the settings' language
    let e = &e.clone().in_language(lang());
    eprintln!("tablemate: {}", e.message);
    if e.code == tablemate::ErrorCode::NeedsConfirmation {
        // the service asks "are you sure?"; on the command line that answer is a flag
        eprintln!(
            "tablemate: {}",
            match lang() {
                Language::En => "nothing was recorded; add --confirm to do it anyway",
                Language::De => "nichts wurde eingetragen; mit --confirm trotzdem ausführen",
            }
        );
    }
    if e.is_user_error() {
        ExitCode::from(1)
    } else {
        ExitCode::from(2)
    }
}
