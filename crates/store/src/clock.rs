//! Timestamps: fixed-width UTC text in the database (so text order is time order), a compact form
//! in file names.

use time::macros::format_description;
use time::OffsetDateTime;

/// `20261122T041500`: sorts correctly and is safe in file names on every platform.
pub(crate) fn file_stamp(now: OffsetDateTime) -> String {
    now.format(format_description!(
        "[year][month][day]T[hour][minute][second]"
    ))
    .unwrap_or_else(|_| now.unix_timestamp().to_string())
}

/// `2026-11-22T04:15:00.123456Z`: always the same width, so comparing the text compares the time.
pub(crate) fn now_text() -> String {
    let now = OffsetDateTime::now_utc();
    now.format(format_description!(
        "[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:6]Z"
    ))
    .unwrap_or_else(|_| now.unix_timestamp().to_string())
}
