//! `tablemate corpus stats`: what the importers read from each rulings document.

use clap::Subcommand;
use tablemate::ServiceError;

use crate::Ctx;

#[derive(Debug, Subcommand)]
pub enum CorpusCmd {
    /// Records per source document, by kind, with linked cards and cross-references.
    Stats,
}

pub fn run(ctx: &Ctx<'_>, cmd: CorpusCmd) -> Result<(), ServiceError> {
    match cmd {
        CorpusCmd::Stats => {
            let svc = ctx.open()?;
            let s = svc.corpus_stats()?;
            ctx.out.print(&s, |w| {
                for src in &s.sources {
                    let kinds: Vec<String> = src
                        .kinds
                        .iter()
                        .map(|k| format!("{} {}", k.count, k.kind))
                        .collect();
                    writeln!(
                        w,
                        "{:<40} {:>5} records ({})",
                        format!("{} [{}]", src.title, src.lang),
                        src.records,
                        kinds.join(", ")
                    )?;
                    writeln!(
                        w,
                        "{:<40}       {} cards linked ({} as subject), {} references resolved, {} unresolved",
                        "", src.cards_linked, src.cards_subject, src.refs_resolved, src.refs_unresolved
                    )?;
                }
                writeln!(w, "{:<40} {:>5} records (index {})", "total", s.total, s.version)
            })
        }
    }
}
