//! What the IPC tests share: the app on Tauri's mock runtime with the real configuration and
//! capabilities over a fresh data folder, and commands invoked as the window's page invokes them.
//!
//! Each test binary holds one test that starts the app, because the app reads its data folder
//! from the process environment.

use serde_json::Value;
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{get_ipc_response, mock_builder, MockRuntime, INVOKE_KEY};
use tauri::webview::InvokeRequest;
use tauri::{App, WebviewWindow};

pub struct TestApp {
    /// The data folder (`TABLEMATE_DATA_DIR`), removed when the test ends.
    #[allow(dead_code)] // not every test binary looks into it
    pub dir: tempfile::TempDir,
    _app: App<MockRuntime>,
    webview: WebviewWindow<MockRuntime>,
}

impl TestApp {
    /// Builds the app with its main window over a fresh data folder.
    pub fn start() -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        std::env::set_var(tablemate::paths::DATA_DIR_ENV, dir.path());
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
