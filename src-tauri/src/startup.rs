//! The start's own record (issue #31): when each step happened (ms since the epoch, the clock of
//! the page's `performance.timeOrigin`) and which commands the page called before it said it
//! was painted (`app_ready`). The end-to-end start-up test reads them from the page
//! (`window.__TABLEMATE_MARKS__`, set by `script`) to say where a start's time goes.
//!
//! Not done here, measured (README): WebKitGTK without its accelerated compositor
//! (`WEBKIT_DISABLE_COMPOSITING_MODE=1`) painted the Table about a second sooner on the 2-core
//! machine and took about 90 MiB less, but WebKitWebDriver's screenshots then never answer once
//! the window has grown, which the end-to-end run needs; the variable is left to the person.

use std::collections::BTreeMap;
use std::sync::Mutex;

/// At most this many commands are recorded: the start's, not a whole evening's.
const CALLS_KEPT: usize = 32;

struct Record {
    marks: BTreeMap<&'static str, f64>,
    calls: Vec<(String, f64)>,
}

static RECORD: Mutex<Record> = Mutex::new(Record {
    marks: BTreeMap::new(),
    calls: Vec::new(),
});

/// Now, in ms since the epoch.
pub fn now_ms() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs_f64() * 1000.0)
        .unwrap_or_default()
}

/// Records that step `name` happened at `at`; the first time counts.
pub fn mark_at(name: &'static str, at: f64) {
    if let Ok(mut r) = RECORD.lock() {
        r.marks.entry(name).or_insert(at);
    }
}

/// Records that step `name` happened now; the first time counts.
pub fn mark(name: &'static str) {
    mark_at(name, now_ms());
}

/// Records a command the page called (the first `CALLS_KEPT` of them).
pub fn called(command: &str) {
    let at = now_ms();
    if let Ok(mut r) = RECORD.lock() {
        if r.calls.len() < CALLS_KEPT {
            r.calls.push((command.to_owned(), at));
        }
    }
}

/// The marks so far (the boot state carries them too).
pub fn marks() -> BTreeMap<String, f64> {
    RECORD
        .lock()
        .map(|r| r.marks.iter().map(|(k, v)| ((*k).to_owned(), *v)).collect())
        .unwrap_or_default()
}

/// A script giving the page the record so far: `window.__TABLEMATE_MARKS__ = {marks, calls}`.
pub fn script() -> String {
    let record = RECORD
        .lock()
        .map(|r| serde_json::json!({ "marks": r.marks, "calls": r.calls }))
        .unwrap_or_default();
    format!("window.__TABLEMATE_MARKS__ = {record};")
}
