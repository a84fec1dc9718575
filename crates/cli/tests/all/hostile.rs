//! Hostile and unlucky use (issue #13): every refused command writes nothing, damaged files are
//! set aside and reported, outside files are read with a limit, exit codes are as documented.
#![allow(clippy::unwrap_used)] // test helpers: a failure should stop the test right there

use crate::common;
use common::{json, tablemate};

use std::path::Path;
use std::process::Output;

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn match_game(data: &Path, id: &str, fights: &str) -> Output {
    tablemate(
        data,
        &[
            "match",
            "game",
            id,
            "--winner",
            "a",
            "--crystals",
            "5",
            "--fights",
            fights,
            "--people-a",
            "Vulca",
            "--people-b",
            "Hoax",
        ],
    )
}

#[test]
fn a_refused_match_game_leaves_no_game_behind() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let m = json(d, &["match", "new", "Anna", "Bert"]);
    let id = m["id"].to_string();
    let refused = match_game(d, &id, "65535");
    assert_eq!(refused.status.code(), Some(1), "{}", stderr(&refused));
    assert!(stderr(&refused).contains("fights"), "{}", stderr(&refused));
    let games = json(d, &["game", "list"]);
    assert_eq!(games.as_array().map(Vec::len), Some(0), "{games}");
    // the match still takes games
    let ok = match_game(d, &id, "7");
    assert!(ok.status.success(), "{}", stderr(&ok));
    let shown = json(d, &["match", "show", &id]);
    assert_eq!(shown["match"]["crystals"], serde_json::json!([5, 0]));
}

#[test]
fn a_refused_name_registers_nobody() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    json(
        d,
        &[
            "tournament",
            "new",
            "--name",
            "Cup",
            "--date",
            "2026-05-01",
            "--rounds",
            "3",
        ],
    );
    let o = tablemate(
        d,
        &[
            "tournament",
            "register",
            "1",
            "Good1",
            "Good2",
            "bad\nname",
            "Good3",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("bad\\nname"),
        "names the refused player: {}",
        stderr(&o)
    );
    let detail = json(d, &["tournament", "show", "1"]);
    assert_eq!(
        detail["entrants"].as_array().map(Vec::len),
        Some(0),
        "{detail}"
    );
    // a name twice in one command is refused as a whole too
    let twice = tablemate(d, &["tournament", "register", "1", "Good1", "good1"]);
    assert_eq!(twice.status.code(), Some(1), "{}", stderr(&twice));
    let ok = json(
        d,
        &["tournament", "register", "1", "Good1", "Good2", "Good3"],
    );
    assert_eq!(ok.as_array().map(Vec::len), Some(3));
}

#[test]
fn user_errors_exit_1_and_help_exits_0() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let signed = tablemate(
        d,
        &[
            "tournament",
            "new",
            "--name",
            "Cup",
            "--date=-2024-01-01",
            "--rounds",
            "3",
        ],
    );
    assert_eq!(signed.status.code(), Some(1), "{}", stderr(&signed));
    assert!(
        stderr(&signed).contains("-2024-01-01"),
        "{}",
        stderr(&signed)
    );
    for args in [
        &["no-such-command"][..],
        &["tournament", "new", "--date", "2026-01-01"], // --name missing
        &["match", "game", "1", "--winner", "a", "--crystals", "x"],
        &[],
    ] {
        let o = tablemate(d, args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
    }
    for args in [&["--help"][..], &["--version"], &["tournament", "--help"]] {
        let o = tablemate(d, args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    }
}

/// Runs `tablemate`, killing it after `secs` seconds: a command that never ends fails the test
/// instead of hanging it.
fn bounded(data: &Path, args: &[&str], secs: u64) -> Output {
    use std::io::Read;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tablemate"))
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .env_remove("TABLEMATE_DATA_DIR")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let (mut out, mut err) = (Vec::new(), Vec::new());
            child.stdout.take().unwrap().read_to_end(&mut out).unwrap();
            child.stderr.take().unwrap().read_to_end(&mut err).unwrap();
            return Output {
                status,
                stdout: out,
                stderr: err,
            };
        }
        if start.elapsed().as_secs() >= secs {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("{args:?} did not end within {secs} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

#[cfg(unix)]
#[test]
fn imports_of_devices_pipes_and_huge_files_end_with_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("data");
    // a folder whose event.json is a link to an endless device
    let linked = dir.path().join("linked");
    std::fs::create_dir(&linked).unwrap();
    std::os::unix::fs::symlink("/dev/zero", linked.join("event.json")).unwrap();
    // CSV files that are devices
    let csv = dir.path().join("csv");
    std::fs::create_dir(&csv).unwrap();
    for f in ["entrants.csv", "pairings.csv", "results.csv"] {
        std::os::unix::fs::symlink("/dev/urandom", csv.join(f)).unwrap();
    }
    // a named pipe nobody writes to: opening it would wait forever
    let fifo = dir.path().join("fifo.json");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    // a sparse file far over the limit
    let huge = dir.path().join("huge.json");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(1 << 33)
        .unwrap();
    let linked = linked.to_str().unwrap();
    let csv = csv.to_str().unwrap();
    let mut cases = vec![
        vec!["tournament", "import", "/dev/zero"],
        vec!["tournament", "import", "/dev/urandom"],
        vec!["tournament", "import", linked],
        vec!["tournament", "import", huge.to_str().unwrap()],
        vec![
            "tournament",
            "import",
            "--csv",
            csv,
            "--name",
            "Cup",
            "--date",
            "2026-01-01",
            "--rounds",
            "3",
        ],
    ];
    if made.is_ok_and(|s| s.success()) {
        cases.push(vec!["tournament", "import", fifo.to_str().unwrap()]);
    }
    for args in &cases {
        let o = bounded(&d, args, 20);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        let msg = stderr(&o);
        assert!(
            msg.contains("not a regular file") || msg.contains("larger than the limit"),
            "{args:?}: {msg}"
        );
    }
    let events = json(&d, &["tournament", "list"]);
    assert_eq!(events.as_array().map(Vec::len), Some(0), "{events}");
}

#[test]
fn damaged_files_are_reported_on_every_command_until_acknowledged() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    json(d, &["match", "new", "Anna", "Bert"]);
    // damage the database (cut off in the middle of a page) and empty the settings file
    let db = d.join("tablemate.db");
    let len = std::fs::metadata(&db).unwrap().len();
    let bytes = std::fs::read(&db).unwrap();
    std::fs::write(
        &db,
        [&bytes[..(len as usize / 2).max(100)], &b"garbage"[..]].concat(),
    )
    .unwrap();
    let _ = std::fs::remove_file(d.join("tablemate.db-wal"));
    std::fs::write(d.join("settings.json"), "").unwrap();

    for args in [
        &["game", "list"][..],
        &["match", "list"],
        &["cards", "show", "V24"],
    ] {
        let o = tablemate(d, args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(
            err.contains("could not read your database"),
            "{args:?}: {err}"
        );
        assert!(
            err.contains("settings file could not be read"),
            "{args:?}: {err}"
        );
        assert!(err.contains("info --acknowledge"), "{args:?}: {err}");
    }
    let o = tablemate(d, &["settings", "--theme", "light"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let info = json(d, &["info"]);
    let kinds: Vec<&str> = info["notices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["database_set_aside", "settings_set_aside"]);
    let kept = json(d, &["info", "--acknowledge"]);
    assert_eq!(kept.as_array().map(Vec::len), Some(2), "{kept}");
    for k in kept.as_array().unwrap() {
        assert!(Path::new(k.as_str().unwrap()).exists(), "kept: {k}");
    }
    let o = tablemate(d, &["game", "list"]);
    assert!(o.status.success());
    assert_eq!(stderr(&o), "", "no more notes once acknowledged");
    assert_eq!(
        json(d, &["settings"])["theme"],
        "light",
        "the new settings stay"
    );
}

#[test]
fn an_empty_data_dir_variable_is_an_error_not_the_real_folder() {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_tablemate"))
        .args(["info"])
        .env("TABLEMATE_DATA_DIR", "")
        .env("HOME", "/nonexistent-home-for-this-test")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("TABLEMATE_DATA_DIR"), "{}", stderr(&o));
}

#[test]
fn a_card_name_fix_with_a_newline_is_refused_and_not_stored() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let o = tablemate(
        d,
        &[
            "cards",
            "fix",
            "V24",
            "--fact",
            "name_de",
            "--value",
            "Erste\nZeile",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("one line"), "{}", stderr(&o));
    let shown = tablemate(d, &["--json", "cards", "show", "V24"]);
    assert!(shown.status.success(), "{}", stderr(&shown));
    assert!(!String::from_utf8_lossy(&shown.stdout).contains("Erste"));
}

#[cfg(unix)]
#[test]
fn power_reads_only_regular_table_state_objects() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let o = bounded(d, &["power", "/dev/zero"], 20);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    for (text, says) in [
        ("[]", "JSON object"),
        (
            r#"{"A": {"combat": [{"card": "vulca-13", "face_up": true}]}}"#,
            "face_up",
        ),
        // Flash the Incendiary has no BLUFF icon: it cannot lie face down (named, not by id)
        (
            r#"{"A": {"support": [{"card": "vulca-02", "face_down": true}]}}"#,
            "Flash the Incendiary has no BLUFF icon",
        ),
        (
            r#"{"B": {"combat": [{"face_down": true}]}}"#,
            "support area",
        ),
    ] {
        let f = d.join("table.json");
        std::fs::write(&f, text).unwrap();
        let o = tablemate(d, &["power", f.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1), "{text}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{text}: {}", stderr(&o));
    }
}

/// Where this user writes into a read-only folder anyway (root, as CI runs), the commands run as
/// `nobody` (`setpriv`), for whom the folder's modes hold; elsewhere as this user.
#[cfg(unix)]
struct Runner {
    as_nobody: bool,
}

#[cfg(unix)]
impl Runner {
    const NOBODY: [&'static str; 3] = ["--reuid=65534", "--regid=65534", "--clear-groups"];

    fn run(&self, data: &Path, args: &[&str]) -> Output {
        if !self.as_nobody {
            return tablemate(data, args);
        }
        std::process::Command::new("setpriv")
            .args(Self::NOBODY)
            .arg("--")
            .arg(env!("CARGO_BIN_EXE_tablemate"))
            .arg("--data-dir")
            .arg(data)
            .args(args)
            .env_remove("TABLEMATE_DATA_DIR")
            .output()
            .expect("setpriv runs (util-linux)")
    }

    /// Whether the runner's user can create a file in `dir`.
    fn can_write(&self, dir: &Path) -> bool {
        let probe = dir.join("probe");
        let made = if self.as_nobody {
            std::process::Command::new("setpriv")
                .args(Self::NOBODY)
                .args(["--", "touch"])
                .arg(&probe)
                .status()
                .expect("setpriv runs (util-linux)")
                .success()
        } else {
            std::fs::File::create(&probe).is_ok()
        };
        let _ = std::fs::remove_file(&probe);
        made
    }
}

#[cfg(unix)]
#[test]
fn a_read_only_data_folder_still_shows_info_and_rulings() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("data");
    json(&d, &["match", "new", "Anna", "Bert"]);
    let lock = |mode| {
        for f in std::fs::read_dir(&d).unwrap() {
            let p = f.unwrap().path();
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(mode & 0o666)).unwrap();
        }
        std::fs::set_permissions(&d, std::fs::Permissions::from_mode(mode)).unwrap();
    };
    lock(0o555);
    // Root (CI runs as root) writes into a read-only folder anyway: then the commands run as
    // `nobody`, who must reach the folder (the temporary folder is the owner's only) but not
    // write into it. The test never passes without having run against a folder it cannot write.
    let mut runner = Runner { as_nobody: false };
    if runner.can_write(&d) {
        runner.as_nobody = true;
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    assert!(
        !runner.can_write(&d),
        "the data folder must be read-only for the user the commands run as"
    );
    let info = runner.run(&d, &["info"]);
    let search = runner.run(&d, &["rulings", "search", "Flacka"]);
    let matches = runner.run(&d, &["match", "list"]);
    let write = runner.run(&d, &["match", "new", "Cleo", "Dan"]);
    lock(0o755);
    assert_eq!(info.status.code(), Some(0), "{}", stderr(&info));
    assert!(String::from_utf8_lossy(&info.stdout).contains("cannot be written"));
    assert_eq!(search.status.code(), Some(0), "{}", stderr(&search));
    assert!(String::from_utf8_lossy(&matches.stdout).contains("Anna"));
    assert_ne!(write.status.code(), Some(0));
    assert!(
        stderr(&write).contains("cannot be written"),
        "{}",
        stderr(&write)
    );
}
