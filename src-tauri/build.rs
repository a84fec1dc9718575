fn main() {
    // Every app command gets `allow-<command>`; the capability in capabilities/default.json
    // grants exactly these (and the store plugin), nothing else.
    let manifest = tauri_build::AppManifest::new().commands(&tablemate_commands());
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest))
        .expect("failed to run tauri-build");
}

/// The app's IPC commands. Keep in step with `generate_handler!` in src/lib.rs and the
/// capability file (a test checks both).
fn tablemate_commands() -> [&'static str; 3] {
    ["app_info", "get_settings", "set_settings"]
}
