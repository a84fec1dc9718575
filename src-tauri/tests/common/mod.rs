//! What the IPC tests share: the app on Tauri's mock runtime with the real configuration and
//! capabilities over a fresh data folder, and commands invoked as the window's page invokes them.
//!
//! The app reads its data folder (and the test seams their settings) from the process
//! environment, which all tests of a binary share: the tests that start the app take turns, each
//! holding one lock from `start` until its app is dropped.

use std::ffi::OsStr;
use std::sync::{Mutex, MutexGuard};

use serde_json::Value;
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{get_ipc_response, mock_builder, MockRuntime, INVOKE_KEY};
use tauri::webview::InvokeRequest;
use tauri::{App, WebviewWindow};

/// Held by the app of the test that runs now (see the module's comment).
static ONE_APP_AT_A_TIME: Mutex<()> = Mutex::new(());

pub struct TestApp {
    /// The data folder (`TABLEMATE_DATA_DIR`), removed when the test ends.
    #[allow(dead_code)] // not every test binary looks into it
    pub dir: tempfile::TempDir,
    _app: App<MockRuntime>,
    webview: WebviewWindow<MockRuntime>,
    /// The variables `start_with` set, taken away again when the app is dropped.
    env: Vec<&'static str>,
    // dropped last: the next test's app waits until this one is gone
    _turn: MutexGuard<'static, ()>,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        for name in &self.env {
            std::env::remove_var(name);
        }
    }
}

impl TestApp {
    /// Builds the app with its main window over a fresh data folder.
    pub fn start() -> Self {
        Self::start_with(&[])
    }

    /// The same, with these environment variables set for this app (a test seam's setting, a
    /// session bus): set while it runs, taken away when it is dropped.
    #[allow(dead_code)] // a test binary of its own (tests/ipc_*.rs) may not need it
    pub fn start_with(env: &[(&'static str, &OsStr)]) -> Self {
        // a test that failed while it held the lock leaves nothing to repair: take the turn
        let turn = ONE_APP_AT_A_TIME
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        for (name, value) in env {
            std::env::set_var(name, value);
        }
        let dir = tempfile::tempdir().expect("temp dir");
        // a data folder of the test's own (on a small disk) comes with `env`
        if !env
            .iter()
            .any(|(n, _)| *n == tablemate::paths::DATA_DIR_ENV)
        {
            std::env::set_var(tablemate::paths::DATA_DIR_ENV, dir.path());
        }
        let app = tablemate_app_lib::configure(mock_builder())
            .build(tauri::generate_context!())
            .expect("app builds");
        let webview = tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
            .build()
            .expect("main window");
        Self {
            dir,
            _app: app,
            webview,
            env: env.iter().map(|(name, _)| *name).collect(),
            _turn: turn,
        }
    }

    /// Invokes `cmd` from the window's own page (the capabilities grant commands to local pages
    /// only); the answer as JSON, or the error as the page would see it.
    pub fn call(&self, cmd: &str, body: Value) -> Result<Value, String> {
        let request = InvokeRequest {
            cmd: cmd.into(),
            callback: CallbackFn(0),
            error: CallbackFn(1),
            url: self.webview.url().expect("the window has an address"),
            body: InvokeBody::Json(body),
            headers: Default::default(),
            invoke_key: INVOKE_KEY.to_string(),
        };
        get_ipc_response(&self.webview, request)
            .map(|r| r.deserialize::<Value>().expect("json answer"))
            .map_err(|e| format!("{e:?}"))
    }
}
