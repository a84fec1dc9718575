//! Timestamps: fixed-width UTC text in the database (so text order is time order), a compact form
//! in file names.

use chrono::{DateTime, Utc};

/// `20261122T041500`: sorts correctly and is safe in file names on every platform.
pub(crate) fn file_stamp(now: DateTime<Utc>) -> String {
    now.format("%Y%m%dT%H%M%S").to_string()
}

/// `2026-11-22T04:15:00.123456Z`: always the same width, so comparing the text compares the time.
pub(crate) fn now_text() -> String {
    Utc::now().format("%Y-%m-%dT%H:%M:%S%.6fZ").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn stamps_have_a_fixed_width() {
        let t = Utc
            .with_ymd_and_hms(2026, 1, 2, 3, 4, 5)
            .single()
            .unwrap_or_default();
        assert_eq!(file_stamp(t), "20260102T030405");
        let now = now_text();
        assert_eq!(now.len(), "2026-11-22T04:15:00.123456Z".len(), "{now}");
        assert!(now.ends_with('Z'));
    }
}
