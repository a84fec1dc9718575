//! `tablemate power FILE.json`: both players' fire and earth totals, shields and the breakdown
//! of a table state in the documented schema (crates/bluemoon/TABLE_STATE.md).

use std::io::Write;
use std::path::Path;

use tablemate::game::PowerView;
use tablemate::ServiceError;

use crate::Ctx;

/// Largest table-state file read (a real table is a few hundred bytes).
const MAX_FILE_BYTES: u64 = 1024 * 1024;

pub fn run(ctx: &Ctx<'_>, file: &Path) -> Result<(), ServiceError> {
    // open first: the settings' language is known once the service is open
    let svc = ctx.open()?;
    let lang = crate::output::lang();
    let bytes = tablemate::paths::read_bounded(file, MAX_FILE_BYTES, lang)?;
    let json = String::from_utf8(bytes).map_err(|_| {
        ServiceError::invalid(tablemate::game::table_text::not_utf8(
            &file.display().to_string(),
            lang,
        ))
    })?;
    let view = svc.power_of_table_json(&json, lang)?;
    ctx.out.print(&view, |w| print_power(w, &view))
}

fn print_power(w: &mut dyn Write, v: &PowerView) -> std::io::Result<()> {
    write!(w, "{}", v.text(crate::output::lang()))
}
