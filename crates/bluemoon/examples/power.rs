//! Prints the power report of a table-state file: `cargo run -p bluemoon --example power
//! -- FILE.json [--json]`. The `tablemate power` command does the same over the user's
//! catalog.

use bluemoon::power::compute;
use bluemoon::{Catalog, TableState};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or("usage: power FILE.json [--json]")?;
    let json = args.next().as_deref() == Some("--json");
    let table = TableState::from_json(&std::fs::read_to_string(path)?)?;
    let report = compute(&Catalog::embedded()?, &table);
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{}", report.render_text());
    }
    Ok(())
}
