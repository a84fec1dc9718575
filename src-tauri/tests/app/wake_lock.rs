//! The wake lock on Linux: a private D-Bus session with a stand-in for the desktop's
//! `org.freedesktop.ScreenSaver` service records what the app asks. Keeping the screen on
//! must call Inhibit once (asking again while held does not stack a second one), and letting it
//! sleep must call UnInhibit with the cookie Inhibit returned.

use std::process::Command;
use std::sync::{Arc, Mutex};
use tablemate_app_lib::wake::WakeLock;

use crate::bus;
use crate::screensaver::Calls;

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
    let calls = Arc::new(Mutex::new(Calls::default()));
    let (_bus, address, _service) = bus::with_stand_in(calls.clone());

    let out = Command::new(std::env::current_exe().expect("this test binary"))
        .args([
            "--exact",
            "wake_lock::wake_lock_child",
            "--ignored",
            "--nocapture",
        ])
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
