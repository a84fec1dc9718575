//! A D-Bus session of the test's own (`dbus-daemon --session`), so the wake lock's tests
//! (tests/app/wake_lock.rs, tests/app/wake.rs) neither need nor disturb a desktop.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};

use super::screensaver::{serve, Calls, ScreenSaver};

/// The daemon, stopped when dropped.
pub struct Bus(Child);

impl Drop for Bus {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts a session bus; its address, or `None` when `dbus-daemon` cannot start.
fn private_bus() -> Option<(Bus, String)> {
    let mut child = Command::new("dbus-daemon")
        .args(["--session", "--nofork", "--print-address"])
        .stdout(Stdio::piped())
        .spawn()
        .ok()?;
    let stdout = child.stdout.take();
    // own the child first, so it is stopped on every way out
    let bus = Bus(child);
    let mut line = String::new();
    BufReader::new(stdout?).read_line(&mut line).ok()?;
    Some((bus, line.trim().to_string()))
}

/// A private bus with the stand-in ScreenSaver serving on it, recording what it is asked into
/// `calls`: the bus, its address and the stand-in's connection (both stop when dropped).
pub fn with_stand_in(calls: Arc<Mutex<Calls>>) -> (Bus, String, zbus::blocking::Connection) {
    let Some((bus, address)) = private_bus() else {
        panic!("dbus-daemon is needed for this test (Debian: apt-get install dbus-daemon)");
    };
    let service = serve(&address, ScreenSaver { calls, log: None })
        .expect("the stand-in ScreenSaver is on the private bus");
    (bus, address, service)
}
