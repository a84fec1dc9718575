//! Timestamps: fixed-width UTC text in the database (so text order is time order), a compact form
//! in file names. Stored and read through rusqlite's chrono support ([`Stamp`]), so a value that
//! is not a time is an error when read, never passed on as text.

use std::fmt;

use chrono::{DateTime, Utc};
use rusqlite::types::{FromSql, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

/// A moment as the database stores it: `2026-11-22T04:15:00.123456Z`, always the same width,
/// so comparing the text compares the time (rusqlite's own `DateTime` text has a `+00:00`
/// offset and a varying fraction: databases written before would no longer sort with it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Stamp(pub DateTime<Utc>);

impl Stamp {
    pub fn now() -> Stamp {
        Stamp(Utc::now())
    }
}

impl fmt::Display for Stamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.format("%Y-%m-%dT%H:%M:%S%.6fZ"))
    }
}

impl ToSql for Stamp {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.to_string()))
    }
}

impl FromSql for Stamp {
    /// Reads the stored text with rusqlite's chrono parser (RFC 3339, `Z` or an offset).
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        DateTime::<Utc>::column_result(value).map(Stamp)
    }
}

/// `20261122T041500`: sorts correctly and is safe in file names on every platform.
pub(crate) fn file_stamp(now: DateTime<Utc>) -> String {
    now.format("%Y%m%dT%H%M%S").to_string()
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
        assert_eq!(Stamp(t).to_string(), "2026-01-02T03:04:05.000000Z");
        let now = Stamp::now().to_string();
        assert_eq!(now.len(), "2026-11-22T04:15:00.123456Z".len(), "{now}");
        assert!(now.ends_with('Z'));
    }

    #[test]
    fn stamps_written_by_earlier_releases_read_back_unchanged_through_sqlite() {
        let c = rusqlite::Connection::open_in_memory().unwrap_or_else(|e| panic!("{e}"));
        c.execute_batch("CREATE TABLE t (at TEXT)")
            .unwrap_or_else(|e| panic!("{e}"));
        // as the code before chrono-through-rusqlite wrote it (and as the migration tests do)
        let old = "2026-01-01T10:00:00.123456Z";
        c.execute("INSERT INTO t VALUES (?1)", [old])
            .unwrap_or_else(|e| panic!("{e}"));
        let read: Stamp = c
            .query_row("SELECT at FROM t", [], |r| r.get(0))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(read.to_string(), old);
        // written through ToSql: the same text, so old and new rows sort together
        c.execute("DELETE FROM t", [])
            .unwrap_or_else(|e| panic!("{e}"));
        c.execute("INSERT INTO t VALUES (?1)", [read])
            .unwrap_or_else(|e| panic!("{e}"));
        let text: String = c
            .query_row("SELECT at FROM t", [], |r| r.get(0))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(text, old);
        // text that is no time is an error when read, not passed on
        c.execute("UPDATE t SET at = 'yesterday'", [])
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(c
            .query_row("SELECT at FROM t", [], |r| r.get::<_, Stamp>(0))
            .is_err());
    }
}
