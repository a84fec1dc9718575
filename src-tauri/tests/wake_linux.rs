//! The wake lock on Linux: a private D-Bus session with a stand-in for the desktop's
//! `org.freedesktop.ScreenSaver` service records what the app asks. Keeping the screen on
//! must call Inhibit once (asking again while held does not stack a second one), and letting it
//! sleep must call UnInhibit with the cookie Inhibit returned.
#![cfg(target_os = "linux")]

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use tablemate_app_lib::wake::WakeLock;

#[path = "support/screensaver.rs"]
mod screensaver;
use screensaver::{Calls, ScreenSaver};

/// A session bus of our own, so the test neither needs nor disturbs a desktop.
struct Bus(Child);

impl Drop for Bus {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn private_bus() -> Option<(Bus, String)> {
    let mut child = Command::new("dbus-daemon")
        .args(["--session", "--nofork", "--print-address"])
        .stdout(Stdio::piped())
        .spawn()
        .ok()?;
    let mut line = String::new();
    BufReader::new(child.stdout.take()?)
        .read_line(&mut line)
        .ok()?;
    Some((Bus(child), line.trim().to_string()))
}

/// Run in a child process (see below) whose session bus is the private one: the environment
/// is given to the child, never changed in this process.
#[test]
#[ignore = "run by the test below, in a child process on a private bus"]
fn wake_lock_child() {
    if std::env::var_os("TABLEMATE_WAKE_CHILD").is_none() {
        return;
    }
    let lock = WakeLock::default();
    assert_eq!(lock.set(true), Ok(true));
    assert_eq!(lock.set(true), Ok(true), "asking again while held");
    assert_eq!(lock.set(false), Ok(false));
    assert_eq!(lock.set(false), Ok(false), "releasing twice is harmless");
}

#[test]
fn keeping_the_screen_on_inhibits_the_screensaver_and_letting_it_sleep_releases_it() {
    let Some((_bus, address)) = private_bus() else {
        panic!("dbus-daemon is needed for this test (Debian: apt-get install dbus-daemon)");
    };
    let calls = Arc::new(Mutex::new(Calls::default()));
    let _service = screensaver::serve(
        &address,
        ScreenSaver {
            calls: calls.clone(),
            log: None,
        },
    )
    .expect("the stand-in ScreenSaver is on the private bus");

    let out = Command::new(std::env::current_exe().expect("this test binary"))
        .args(["--exact", "wake_lock_child", "--ignored", "--nocapture"])
        .env("DBUS_SESSION_BUS_ADDRESS", &address)
        .env("TABLEMATE_WAKE_CHILD", "1")
        .output()
        .expect("the child test runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("1 passed"),
        "the child ran its test"
    );

    let c = calls.lock().expect("calls lock");
    assert_eq!(
        c.inhibit.len(),
        1,
        "one inhibit, not one per request: {:?}",
        c.inhibit
    );
    assert_eq!(c.inhibit[0].0, "app.tablemate");
    assert_eq!(
        c.un_inhibit,
        vec![42],
        "released once, with the cookie it got"
    );
}
