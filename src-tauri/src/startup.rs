//! The start's own record (issue #31): when each step happened (ms since the epoch, the clock of
//! the page's `performance.timeOrigin`) and which commands the page called before it said it
//! was painted (`app_ready`). The end-to-end start-up test reads them from the page
//! (`window.__TABLEMATE_MARKS__`, set by `script`) to say where a start's time goes.
//!
//! And how WebKitGTK paints the page: without its accelerated compositor (`paint_without_compositing`).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
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
    // Every IPC call of the evening passes here: once the start's calls are kept, one atomic
    // read and nothing else (no lock, no clock).
    static SEEN: AtomicUsize = AtomicUsize::new(0);
    if SEEN.fetch_add(1, Ordering::Relaxed) >= CALLS_KEPT {
        return;
    }
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

/// WebKitGTK paints a page through its accelerated compositor (OpenGL; without a GPU, Mesa's
/// software rasteriser llvmpipe) unless `WEBKIT_DISABLE_COMPOSITING_MODE` is set. Measured
/// beside a plain WebKitGTK window on the 2-core machine under Xvfb (tests/e2e/startup.mjs,
/// README): the compositor's first frames held the Table's first paint back by about 450 ms
/// after the page had been built, and its buffers cost the web process about 90 MiB. Tablemate's
/// screens are flat text and boxes, which WebKit paints as fast without it, so it is off unless
/// the person set the variable themselves (`WEBKIT_DISABLE_COMPOSITING_MODE=0` turns it back on).
///
/// The variable, not the webview's setting (`hardware-acceleration-policy` NEVER): wry loads the
/// page as it creates the webview, and the setting applied right after (before the page's load,
/// on a window built on `about:blank`) left the compositor on in WebKitGTK 2.50 (measured: the
/// web process as large as with it). The variable is read by WebKit when the webview is made.
/// Called first thing in `run`, before any other thread exists and before GTK starts, so the
/// installed app and the tested one alike paint without it.
#[cfg(target_os = "linux")]
pub fn paint_without_compositing() {
    const VAR: &str = "WEBKIT_DISABLE_COMPOSITING_MODE";
    if std::env::var_os(VAR).is_none() {
        std::env::set_var(VAR, "1");
    }
}

/// The page's font stack when it differs from the stylesheet's `system-ui, sans-serif`
/// (`window.__TABLEMATE_FONT__`, set by [`font_script`]; ui/src/lib/device/boot.ts applies it
/// before the first screen mounts).
///
/// WebKitGTK asks fontconfig for `system-ui` once per size and weight of text on the screen,
/// and keeps its answer only if it is a family fontconfig prefers for `system-ui` (its alias:
/// Cantarell, Noto Sans UI, Segoe UI …), judged by a slow "strong alias" check; when none of
/// those is installed (many Linux systems, CI's), it drops the answer and takes the next
/// family, `sans-serif`. Measured on the 2-core machine (perf, the web process's main thread,
/// the first screen's ten sizes and weights, five starts each): 80 ms of CPU from the mount to
/// the first frame with `system-ui, sans-serif`, 43 ms with `sans-serif`; the page paints the
/// same font. So when
/// fontconfig resolves `system-ui` to the very font file it gives `sans-serif`, the page is given
/// `sans-serif` and WebKit skips the lookups whose answer it would drop; otherwise (a desktop
/// whose UI font is installed) nothing changes.
#[cfg(target_os = "linux")]
pub fn font_stack() -> Option<&'static str> {
    let fc = fontconfig::Fontconfig::new()?;
    // as WebKit asks: the pattern with the system's configuration and defaults applied
    let file = |family: &str| {
        fc.find(family, None)
            .ok()
            .map(|font| (font.path, font.index))
    };
    stack_for(file("system-ui"), file("sans-serif"))
}

/// The decision of [`font_stack`], given the font fontconfig picks for `system-ui` and for
/// `sans-serif`: `sans-serif` only when both are the same font, the stylesheet's otherwise
/// (or when either is not found).
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn stack_for<F: PartialEq>(system_ui: Option<F>, sans_serif: Option<F>) -> Option<&'static str> {
    match (system_ui, sans_serif) {
        (Some(system), Some(sans)) if system == sans => Some("sans-serif"),
        _ => None,
    }
}

/// The script giving the page its font stack (empty when the stylesheet's stands).
pub fn font_script(stack: Option<&str>) -> String {
    match stack {
        Some(s) => format!("window.__TABLEMATE_FONT__ = {};", serde_json::json!(s)),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_font_script_sets_the_stack_only_when_one_was_chosen() {
        assert_eq!(
            font_script(Some("sans-serif")),
            r#"window.__TABLEMATE_FONT__ = "sans-serif";"#
        );
        assert_eq!(font_script(None), "");
    }

    /// `sans-serif` only when fontconfig gives both families the same font (file and face);
    /// a different file, another face of the same file, or a family not found keeps the
    /// stylesheet's stack. (fontconfig's configuration is process-wide and read once, so the
    /// decision is tested with fixed answers rather than a pinned fonts.conf.)
    #[test]
    fn sans_serif_is_chosen_only_for_the_same_font() {
        let dejavu = || Some(("/fonts/DejaVuSans.ttf", 0));
        assert_eq!(stack_for(dejavu(), dejavu()), Some("sans-serif"));
        assert_eq!(stack_for(Some(("/fonts/Cantarell.otf", 0)), dejavu()), None);
        assert_eq!(
            stack_for(
                Some(("/fonts/DejaVuSans.ttc", 1)),
                Some(("/fonts/DejaVuSans.ttc", 0))
            ),
            None
        );
        assert_eq!(stack_for(None, dejavu()), None);
        assert_eq!(stack_for(dejavu(), None), None);
        assert_eq!(stack_for::<(&str, i32)>(None, None), None);
    }
}
