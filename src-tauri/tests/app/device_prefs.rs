//! This device's preferences in tauri-plugin-store's file (src/device.rs), on Tauri's mock
//! runtime with the plugin as the app registers it: a missing file gives the defaults, a damaged
//! one is set aside (kept, reported) and never written over, localStorage is moved in once.

use std::collections::BTreeMap;

use tablemate::device::{
    DevicePref, DevicePrefs, LegacyPrefs, ReportingAddress, Screen, DEVICE_PREFS_FILE,
};
use tablemate::NoticeKind;
use tablemate_app_lib::device;
use tauri::test::{mock_builder, mock_context, noop_assets};

fn app() -> tauri::App<tauri::test::MockRuntime> {
    mock_builder()
        .plugin(tauri_plugin_store::Builder::new().build())
        .build(mock_context(noop_assets()))
        .expect("app builds")
}

#[test]
fn prefs_load_save_set_aside_and_move_once() {
    let app = app();

    // missing: the defaults, and localStorage still to be moved
    let dir = tempfile::tempdir().unwrap();
    let path = device::file_in(dir.path());
    let (prefs, moved) = device::load(&app, &path);
    assert_eq!(prefs, DevicePrefs::default());
    assert!(!moved);
    assert!(!path.exists(), "reading writes nothing");

    // a change is on disk at once and reads back in another process's load
    let after = device::set(&app, &path, DevicePref::FaceToFace(true)).unwrap();
    assert!(after.face_to_face);
    device::set(&app, &path, DevicePref::LastScreen(Screen::Matches)).unwrap();
    let on_disk: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(on_disk["face_to_face"], true);
    assert_eq!(on_disk["last_screen"], "matches");
    let fresh = self::app();
    let (again, _) = device::load(&fresh, &path);
    assert!(again.face_to_face);
    assert_eq!(again.last_screen, Screen::Matches);

    // localStorage moved in once: what the file says already stands, a second move is ignored
    let legacy = LegacyPrefs {
        face_to_face: Some(false),
        keep_awake: Some(false),
        reporting_addresses: BTreeMap::from([(
            "7".to_owned(),
            ReportingAddress {
                ip: "192.168.1.20".into(),
                port: "8470".into(),
            },
        )]),
    };
    let moved = device::move_in(&app, &path, &legacy).unwrap();
    assert!(moved.face_to_face, "the file's own choice stands");
    assert!(!moved.keep_awake, "taken from localStorage");
    assert_eq!(moved.reporting_addresses["7"].ip, "192.168.1.20");
    let second = LegacyPrefs {
        keep_awake: Some(true),
        ..LegacyPrefs::default()
    };
    let unchanged = device::move_in(&app, &path, &second).unwrap();
    assert!(!unchanged.keep_awake, "moved once only");
    assert!(
        device::load(&self::app(), &path).1,
        "the file says it was moved"
    );

    // damaged: the defaults, the file kept beside, never written over, and a notice
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(DEVICE_PREFS_FILE);
    std::fs::write(&path, b"{\"face_to_face\": tru").unwrap();
    let app = self::app();
    let (prefs, _) = device::load(&app, &path);
    assert_eq!(prefs, DevicePrefs::default());
    let kept: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("device.json.corrupt-")
        })
        .collect();
    assert_eq!(kept.len(), 1);
    assert_eq!(
        std::fs::read(kept[0].path()).unwrap(),
        b"{\"face_to_face\": tru"
    );
    device::set(&app, &path, DevicePref::KeepAwake(false)).unwrap();
    assert_eq!(
        std::fs::read(kept[0].path()).unwrap(),
        b"{\"face_to_face\": tru",
        "a save after it leaves the kept file alone"
    );
    let notices = tablemate::damaged::pending(dir.path());
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0].kind, NoticeKind::DevicePrefsSetAside);

    // not a JSON object (an array): damaged too
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(DEVICE_PREFS_FILE);
    std::fs::write(&path, b"[true]").unwrap();
    assert_eq!(device::load(&app, &path).0, DevicePrefs::default());
    assert_eq!(tablemate::damaged::pending(dir.path()).len(), 1);
}
