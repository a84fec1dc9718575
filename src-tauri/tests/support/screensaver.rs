//! A stand-in for the desktop's `org.freedesktop.ScreenSaver` service, for the wake lock's tests
//! (tests/app/wake_lock.rs) and the end-to-end run (examples/screensaver_standin.rs): it records
//! what the app asks, in memory and, if given a file, one line per call.

use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

#[derive(Default, Debug)]
pub struct Calls {
    /// (application name, reason) of every Inhibit.
    pub inhibit: Vec<(String, String)>,
    /// The cookie of every UnInhibit.
    pub un_inhibit: Vec<u32>,
}

pub struct ScreenSaver {
    pub calls: Arc<Mutex<Calls>>,
    /// `inhibit APP` / `uninhibit COOKIE` lines are appended here.
    pub log: Option<PathBuf>,
}

impl ScreenSaver {
    fn note(&self, line: String) {
        if let Some(path) = &self.log {
            if let Ok(mut f) = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
            {
                let _ = writeln!(f, "{line}");
            }
        }
    }
}

#[zbus::interface(name = "org.freedesktop.ScreenSaver")]
impl ScreenSaver {
    fn inhibit(&self, application_name: &str, reason: &str) -> u32 {
        let cookie = {
            let mut calls = self.calls.lock().expect("calls lock");
            calls
                .inhibit
                .push((application_name.to_string(), reason.to_string()));
            41 + calls.inhibit.len() as u32
        };
        self.note(format!("inhibit {application_name} {cookie}"));
        cookie
    }

    fn un_inhibit(&self, cookie: u32) {
        self.calls
            .lock()
            .expect("calls lock")
            .un_inhibit
            .push(cookie);
        self.note(format!("uninhibit {cookie}"));
    }
}

/// Serves the stand-in on the bus at `address` until the connection is dropped.
pub fn serve(address: &str, saver: ScreenSaver) -> zbus::Result<zbus::blocking::Connection> {
    zbus::blocking::connection::Builder::address(address)?
        .name("org.freedesktop.ScreenSaver")?
        .serve_at("/org/freedesktop/ScreenSaver", saver)?
        .build()
}
