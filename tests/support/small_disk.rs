//! A small file system of a test's own (tmpfs), to run out of space for real: shared by the
//! full-disk tests of the store, the service and the CLI (included with `#[path]`).
//!
//! Mounting needs root (CI runs as root in a container). Where this process may not mount, the
//! test runs itself again in a private user and mount namespace (`unshare`), where it may: so
//! the full-disk tests run for any user a kernel with user namespaces allows. Only where that
//! is impossible too is the test skipped, saying why on stderr; under CI (`CI` set) a skip is a
//! failure instead, so CI can never pass without having run them.
//!
//! `TABLEMATE_SMALL_DISK=namespace` takes the namespace path even where mounting works (to
//! test that path).

use std::path::{Path, PathBuf};
use std::process::Command;

/// Set in the run inside the namespace, so it mounts there and never starts another.
const INSIDE: &str = "TABLEMATE_SMALL_DISK_INSIDE";

/// A tmpfs of its own, unmounted at the end, even of a failed test.
pub struct SmallDisk(tempfile::TempDir);

/// Where the test is to run.
pub enum Disk {
    /// Here, on this small disk.
    Here(SmallDisk),
    /// It ran in a namespace of its own, and passed there (a failure there fails here): the
    /// caller has nothing left to do.
    RanElsewhere,
}

impl SmallDisk {
    /// A tmpfs of `size` (e.g. "24m") for the test named `test` (its name as `cargo test
    /// --exact` takes it): mounted here, or the test is run again in a namespace where it can
    /// be (then [`Disk::RanElsewhere`]). Skipped (`None`) only where neither works, and never
    /// under CI.
    pub fn mount(size: &str, test: &str) -> Option<Disk> {
        let forced = std::env::var("TABLEMATE_SMALL_DISK").as_deref() == Ok("namespace");
        let inside = std::env::var_os(INSIDE).is_some();
        let why = if forced && !inside {
            "TABLEMATE_SMALL_DISK=namespace".to_owned()
        } else {
            match SmallDisk::mount_here(size) {
                Ok(disk) => return Some(Disk::Here(disk)),
                Err(why) if inside => panic!("cannot mount a tmpfs in the namespace: {why}"),
                Err(why) => why,
            }
        };
        eprintln!("cannot mount a small tmpfs here ({why}): running {test} in a namespace");
        match run_in_namespace(test) {
            Ok(()) => Some(Disk::RanElsewhere),
            Err(also) => {
                let said = format!(
                    "SKIPPED {test}: cannot mount a small tmpfs here ({why}), nor in a user \
                     namespace ({also})"
                );
                eprintln!("{said}");
                assert!(
                    std::env::var_os("CI").is_none(),
                    "{said}; CI must run the full-disk tests"
                );
                None
            }
        }
    }

    fn mount_here(size: &str) -> Result<SmallDisk, String> {
        let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
        let o = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .output()
            .map_err(|e| format!("mount cannot run: {e}"))?;
        if !o.status.success() {
            return Err(String::from_utf8_lossy(&o.stderr).trim().to_owned());
        }
        Ok(SmallDisk(dir))
    }

    pub fn path(&self) -> &Path {
        self.0.path()
    }

    /// Fills the disk to the last byte; returns the file that holds it.
    pub fn fill(&self) -> PathBuf {
        use std::io::Write;
        let filler = self.path().join("filler");
        let mut f = std::fs::File::create(&filler).unwrap();
        while f.write_all(&[0u8; 64 * 1024]).is_ok() {}
        // the last bytes that still fit
        while f.write_all(&[0u8]).is_ok() {}
        let _ = f.sync_all();
        filler
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        // lazily: a file still open on it (the app's mock runtime keeps its database open
        // until the test binary ends) must not leave the disk mounted
        let _ = Command::new("umount")
            .arg("--lazy")
            .arg(self.0.path())
            .status();
    }
}

/// Runs this test binary's test `test` alone in a new user and mount namespace (root there,
/// so it may mount). `Err` with why where the namespace cannot be had; a test that ran there
/// and failed panics here, with what it printed.
fn run_in_namespace(test: &str) -> Result<(), String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let o = Command::new("unshare")
        .args(["--user", "--map-root-user", "--mount", "--"])
        .arg(exe)
        .args(["--exact", test, "--nocapture", "--test-threads=1"])
        .env(INSIDE, "1")
        .output()
        .map_err(|e| format!("unshare cannot run: {e}"))?;
    let (out, err) = (
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr),
    );
    if !o.status.success() && !out.contains("running 1 test") {
        return Err(err.trim().to_owned());
    }
    eprintln!("{err}");
    assert!(
        o.status.success() && out.contains("1 passed"),
        "{test} failed in its namespace:\n{out}\n{err}"
    );
    Ok(())
}
