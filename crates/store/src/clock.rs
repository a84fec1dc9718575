//! Timestamps: RFC 3339 text in the database, a compact form in file names.

use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use time::OffsetDateTime;

/// `20261122T041500`: sorts correctly and is safe in file names on every platform.
pub(crate) fn file_stamp(now: OffsetDateTime) -> String {
    now.format(format_description!(
        "[year][month][day]T[hour][minute][second]"
    ))
    .unwrap_or_else(|_| now.unix_timestamp().to_string())
}

#[allow(dead_code)] // used by the game and tournament tables, added next
/// RFC 3339 in UTC, e.g. `2026-11-22T04:15:00.123Z`.
pub(crate) fn now_text() -> String {
    let now = OffsetDateTime::now_utc();
    now.format(&Rfc3339)
        .unwrap_or_else(|_| now.unix_timestamp().to_string())
}
