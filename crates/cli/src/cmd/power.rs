//! `tablemate power FILE.json`: both players' fire and earth totals, shields and the breakdown
//! of a table state in the documented schema (crates/bluemoon/TABLE_STATE.md).

use std::io::Write;
use std::path::Path;

use tablemate::game::{BreakdownLine, EffectView, PowerView};
use tablemate::ServiceError;

use crate::Ctx;

/// Largest table-state file read (a real table is a few hundred bytes).
const MAX_FILE_BYTES: u64 = 1024 * 1024;

pub fn run(ctx: &Ctx<'_>, file: &Path) -> Result<(), ServiceError> {
    let bytes = tablemate::paths::read_bounded(file, MAX_FILE_BYTES, tablemate::Language::En)?;
    let json = String::from_utf8(bytes)
        .map_err(|_| ServiceError::invalid(format!("{} is not UTF-8 text", file.display())))?;
    let svc = ctx.open()?;
    let view = svc.power_of_table_json(&json)?;
    ctx.out.print(&view, |w| print_power(w, &view))
}

/// One active effect as the table and `power` print it: owner, card, what it does, its status.
/// An effect in the service's words, in the settings' language.
pub fn effect_text(e: &EffectView) -> String {
    tablemate::game::table_text::effect_text(e, crate::output::lang(), &|id| id.to_owned())
}

fn yes(b: bool) -> &'static str {
    if b {
        " (shield)"
    } else {
        ""
    }
}

/// The "why?" breakdown in the service's words, in the settings' language.
pub fn print_breakdown(w: &mut dyn Write, lines: &[BreakdownLine]) -> std::io::Result<()> {
    write!(
        w,
        "{}",
        tablemate::game::table_text::breakdown_text(lines, crate::output::lang(), &|id| {
            id.to_owned()
        })
    )
}

fn print_power(w: &mut dyn Write, v: &PowerView) -> std::io::Result<()> {
    let contested = v
        .contested
        .map_or("not chosen".to_owned(), |e| format!("{e:?}").to_lowercase());
    writeln!(w, "contested element: {contested}")?;
    for p in &v.players {
        writeln!(
            w,
            "{:?}: fire {}{}  earth {}{}  (needs fire {} earth {}; six-card count {})",
            p.seat,
            p.total.fire,
            yes(p.shield.fire),
            p.total.earth,
            yes(p.shield.earth),
            p.needed.fire,
            p.needed.earth,
            p.six_card_count
        )?;
    }
    writeln!(w, "breakdown:")?;
    print_breakdown(w, &v.breakdown)?;
    if !v.effects.is_empty() {
        writeln!(w, "effects:")?;
        for e in &v.effects {
            writeln!(w, "  {}", effect_text(e))?;
        }
    }
    for x in &v.warnings {
        writeln!(w, "warning: {}", x.message)?;
    }
    Ok(())
}
