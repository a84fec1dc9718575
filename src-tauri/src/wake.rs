//! Keeps the screen on while a game is played: players look at the table, not at the phone, and
//! a dimmed screen in the middle of a fight is a nuisance. Desktop systems through the
//! `keepawake` crate (maintained; on Linux the freedesktop ScreenSaver inhibit call over D-Bus,
//! on Windows `SetThreadExecutionState`, on macOS an IOKit assertion). Elsewhere (mobile) it is
//! not available yet and says so.

use std::sync::Mutex;

/// The one wake lock of the app: held while the table asks for it, released when it stops.
#[derive(Default)]
pub struct WakeLock {
    #[cfg(any(target_os = "linux", target_os = "windows", target_os = "macos"))]
    held: Mutex<Option<keepawake::KeepAwake>>,
    #[cfg(not(any(target_os = "linux", target_os = "windows", target_os = "macos")))]
    held: Mutex<()>,
}

impl WakeLock {
    /// Asks for the screen to stay on (`on`) or lets it sleep again. Returns whether the lock is
    /// held afterwards. Asking for the state it is already in does nothing.
    #[cfg(any(target_os = "linux", target_os = "windows", target_os = "macos"))]
    pub fn set(&self, on: bool) -> Result<bool, String> {
        let mut held = self
            .held
            .lock()
            .map_err(|_| "the wake lock is unusable".to_string())?;
        if on && held.is_none() {
            let lock = keepawake::Builder::default()
                .display(true)
                .reason("A game is being played at the table")
                .app_name("Tablemate")
                .app_reverse_domain("app.tablemate")
                .create()
                .map_err(|e| format!("The screen cannot be kept on: {e}"))?;
            *held = Some(lock);
        } else if !on {
            // dropping the handle releases it (UnInhibit on Linux)
            held.take();
        }
        Ok(held.is_some())
    }

    #[cfg(not(any(target_os = "linux", target_os = "windows", target_os = "macos")))]
    pub fn set(&self, on: bool) -> Result<bool, String> {
        let _ = &self.held;
        if on {
            Err("Keeping the screen on is not available on this system yet.".to_string())
        } else {
            Ok(false)
        }
    }
}
