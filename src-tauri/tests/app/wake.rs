//! `keep_awake` through the app's IPC (mock runtime, real capabilities) on Linux: the stand-in
//! ScreenSaver on a private session bus records what the command asks of the desktop, as the
//! table asks it (ui/src/lib/table/wake.ts).

use crate::bus;
use crate::common;
use crate::screensaver::Calls;

use serde_json::json;
use std::sync::{Arc, Mutex};

/// The app reads its session bus from the process environment: it is set while this test
/// holds the app (`TestApp::start_with`), and taken away when it ends.
#[test]
fn keep_awake_holds_the_screen_on_and_lets_it_go() {
    let calls = Arc::new(Mutex::new(Calls::default()));
    let (_bus, address, _service) = bus::with_stand_in(calls.clone());
    let app = common::TestApp::start_with(&[("DBUS_SESSION_BUS_ADDRESS", address.as_ref())]);

    assert_eq!(
        app.call("keep_awake", json!({"on": false})),
        Ok(json!(false)),
        "nothing held"
    );
    assert_eq!(app.call("keep_awake", json!({"on": true})), Ok(json!(true)));
    assert_eq!(
        app.call("keep_awake", json!({"on": true})),
        Ok(json!(true)),
        "asked again"
    );
    assert_eq!(
        app.call("keep_awake", json!({"on": false})),
        Ok(json!(false))
    );
    assert!(
        app.call("keep_awake", json!({})).is_err(),
        "`on` is required"
    );

    let c = calls.lock().expect("calls lock");
    let apps: Vec<&str> = c.inhibit.iter().map(|(app, _)| app.as_str()).collect();
    assert_eq!(apps, ["app.tablemate"], "one inhibit for the two requests");
    assert_eq!(c.un_inhibit, vec![42], "released with the cookie it got");
}
