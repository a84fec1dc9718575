//! `tablemate`: the command line over the Tablemate service.
//!
//! Conventions (kept by every subcommand): readable text by default, stable JSON with `--json`;
//! exit code 0 on success, 1 for a user error (message on stderr), 2 for an internal error.

mod cmd;
mod output;

use clap::error::ErrorKind;
use clap::{Parser, Subcommand};
use output::{fail, Out};
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use tablemate::{NoticeKind, Service, ServiceError};

#[derive(Debug, Parser)]
#[command(
    name = "tablemate",
    version = tablemate::VERSION,
    about = "Tablemate: the companion for card games played with physical cards (Blue Moon first).",
    long_about = "Tablemate keeps what the cards on the table do not: total power, dragons, crystals, \
                  active effects and the rulings that apply. This command line works on the same \
                  data as the app.\n\nExit codes: 0 ok, 1 user error (message on stderr), 2 internal error."
)]
struct Cli {
    /// Data directory (default: the app's, e.g. ~/.local/share/app.tablemate; or $TABLEMATE_DATA_DIR).
    #[arg(long, global = true, value_name = "DIR")]
    data_dir: Option<PathBuf>,

    /// Print stable, machine-readable JSON instead of text.
    #[arg(long, global = true)]
    json: bool,

    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Show the version, the data directory, the database's state and any notice (e.g. a
    /// damaged file that was set aside; every command repeats such a notice on stderr until it
    /// is acknowledged).
    Info {
        /// I have read the notices: move the set-aside files into the data folder's
        /// `set-aside` folder (kept, never deleted) and stop reporting them.
        #[arg(long)]
        acknowledge: bool,
    },
    /// Show or change settings shared with the app (language, theme).
    Settings {
        /// Language of rulings and text: en or de.
        #[arg(long)]
        language: Option<String>,
        /// Theme of the app: dark or light.
        #[arg(long)]
        theme: Option<String>,
    },
    // [cards & rulings subcommands]
    /// Find a card (number, English or German name, typos), show it, catalog stats, fix a fact.
    #[command(subcommand)]
    Cards(cmd::cards::CardsCmd),
    /// Search the rulings of all four games, the rulings for a card, one ruling.
    #[command(subcommand)]
    Rulings(cmd::rulings::RulingsCmd),
    /// What the rulings importers read from each document.
    #[command(subcommand)]
    Corpus(cmd::corpus::CorpusCmd),
    // [game subcommands]
    /// Total power of a table state (JSON, crates/bluemoon/TABLE_STATE.md): both players' fire
    /// and earth totals, shields and the breakdown.
    Power {
        /// The table-state file.
        file: PathBuf,
    },
    /// Play a game of Blue Moon at the table: new, play, element, pass, retreat, next, ...;
    /// and the verbs every game's table has (as in whi, stccg, kc): show, undo, redo, abandon,
    /// rulings, seen, suggest, list, stats.
    #[command(subcommand)]
    Game(cmd::game::GameCmd),
    /// Constructed Blue Moon decks, by the deck-building rules: new, add, remove, show, list,
    /// export, import, delete.
    #[command(subcommand)]
    Deck(cmd::deck::DeckCmd),
    /// Warhammer: Invasion at the table (start with `game new --game whi --players A B`):
    /// damage, develop, play, legend, collect, next, show, undo, redo, rulings, ...
    Whi(cmd::othergames::WhiArgs),
    /// Star Trek CCG at the table (`game new --game stccg …`): score with a reason, play,
    /// Q's Planet, next, show, undo, redo, rulings, ...
    Stccg(cmd::othergames::StccgArgs),
    /// Knightmare Chess at the table (`game new --game kc …`): cards in force with their
    /// durations, next turn, won, drawn, next game, show, undo, redo, rulings, ...
    Kc(cmd::othergames::KcArgs),
    // [history & tournament subcommands]
    /// Games as played (unfinished ones first, to resume), a game's timeline, statistics.
    #[command(subcommand)]
    History(cmd::history::HistoryCmd),
    /// Matches between two players, first to 5 crystals.
    #[command(subcommand)]
    Match(cmd::matches::MatchCmd),
    /// Tournaments: create, register, drop, pair, results, corrections, standings, export, import.
    #[command(subcommand)]
    Tournament(cmd::tournament::TournamentCmd),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage(&e),
    };
    let out = Out { json: cli.json };
    let ctx = Ctx {
        data_dir: cli.data_dir.clone(),
        out: &out,
        disk_full: std::cell::Cell::new(None),
    };
    let result = run(cli, &ctx);
    // A full disk is said once: after a command that worked (a read), or by the refusal of
    // the write itself.
    if let Some(note) = ctx.disk_full.take() {
        if !result.as_ref().is_err_and(ServiceError::is_disk_full) {
            let _ = writeln!(std::io::stderr(), "tablemate: note: {note}");
        }
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

/// `--help` and `--version` exit 0; a usage mistake is a user error, so it exits 1 like every
/// other one (clap's own default would be 2, which this CLI keeps for internal errors).
fn usage(e: &clap::Error) -> ExitCode {
    let _ = e.print();
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => ExitCode::SUCCESS,
        _ => ExitCode::from(1),
    }
}

/// What every subcommand gets: where the data is and how to print.
pub struct Ctx<'a> {
    pub data_dir: Option<PathBuf>,
    pub out: &'a Out,
    /// The notice of a full disk, said once when the command is done (`main`).
    disk_full: std::cell::Cell<Option<String>>,
}

impl Ctx<'_> {
    /// Opens the service on the chosen (or default) data directory. Anything the person must
    /// know (a damaged file set aside) goes to stderr, on every command until acknowledged.
    pub fn open(&self) -> Result<Service, ServiceError> {
        let svc = self.open_quietly()?;
        for n in svc.notices() {
            if n.kind == NoticeKind::DiskFull {
                self.disk_full.set(Some(n.message));
                continue;
            }
            eprintln!("tablemate: note: {}", n.message);
        }
        let acknowledgeable = [NoticeKind::DatabaseSetAside, NoticeKind::SettingsSetAside];
        if svc
            .notices()
            .iter()
            .any(|n| acknowledgeable.contains(&n.kind))
        {
            eprintln!(
                "tablemate: note: run `tablemate info --acknowledge` once you have read this"
            );
        }
        Ok(svc)
    }

    /// Opens the service without printing its notices (for `info`, which prints them itself).
    pub fn open_quietly(&self) -> Result<Service, ServiceError> {
        let dir = match &self.data_dir {
            Some(d) => d.clone(),
            None => tablemate::default_data_dir()?,
        };
        let svc = Service::open(dir)?;
        // the language of `settings --language`: refusals and the service's words in it
        if let Ok(s) = svc.settings() {
            output::set_lang(s.language);
        }
        Ok(svc)
    }
}

fn run(cli: Cli, ctx: &Ctx) -> Result<(), ServiceError> {
    let out = ctx.out;
    match cli.command {
        // [cards & rulings dispatch]
        Command::Cards(c) => cmd::cards::run(ctx, c),
        Command::Rulings(c) => cmd::rulings::run(ctx, c),
        Command::Corpus(c) => cmd::corpus::run(ctx, c),
        // [game dispatch]
        Command::Power { file } => cmd::power::run(ctx, &file),
        Command::Game(c) => cmd::game::run(ctx, c),
        Command::Deck(c) => cmd::deck::run(ctx, c),
        Command::Whi(c) => cmd::othergames::run_whi(ctx, c),
        Command::Stccg(c) => cmd::othergames::run_stccg(ctx, c),
        Command::Kc(c) => cmd::othergames::run_kc(ctx, c),
        // [history & tournament dispatch]
        Command::History(c) => cmd::history::run(ctx, c),
        Command::Match(c) => cmd::matches::run(ctx, c),
        Command::Tournament(c) => cmd::tournament::run(ctx, c),
        Command::Info { acknowledge } => {
            let mut svc = ctx.open_quietly()?;
            if acknowledge {
                let moved = svc.acknowledge_notices()?;
                return out.print(&moved, |w| {
                    if moved.is_empty() {
                        writeln!(w, "nothing to acknowledge")?;
                    }
                    for m in &moved {
                        writeln!(w, "kept at {m}")?;
                    }
                    Ok(())
                });
            }
            let info = svc.app_info()?;
            out.print(&info, |w| {
                writeln!(w, "Tablemate {}", info.version)?;
                writeln!(w, "data directory: {}", info.data_dir)?;
                writeln!(
                    w,
                    "user database:  {} (schema {})",
                    info.user_db, info.schema_version
                )?;
                for n in &info.notices {
                    writeln!(w, "note: {}", n.message)?;
                }
                Ok(())
            })
        }
        Command::Settings { language, theme } => {
            let svc = ctx.open()?;
            let mut settings = svc.settings()?;
            if language.is_some() || theme.is_some() {
                let mut patch = serde_json::to_value(settings)
                    .map_err(|e| ServiceError::internal(e.to_string()))?;
                if let Some(l) = language {
                    patch["language"] = serde_json::Value::String(l.to_ascii_lowercase());
                }
                if let Some(t) = theme {
                    patch["theme"] = serde_json::Value::String(t.to_ascii_lowercase());
                }
                settings = svc.set_settings(tablemate::Settings::from_value(patch)?)?;
            }
            out.print(&settings, |w| {
                writeln!(w, "language: {}", enum_name(&settings.language))?;
                writeln!(w, "theme:    {}", enum_name(&settings.theme))
            })
        }
    }
}

/// The serde name of a unit enum value (`en`, `dark`), as the JSON output spells it.
pub(crate) fn enum_name<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    /// Every option and argument of every subcommand says what it is: `tablemate … --help`
    /// has no empty help line. Walks the whole command tree; lists every one without help.
    #[test]
    fn every_option_of_every_subcommand_has_a_help_line() {
        fn walk(cmd: &clap::Command, path: &str, missing: &mut Vec<String>) {
            for arg in cmd.get_arguments() {
                let id = arg.get_id().as_str();
                if matches!(id, "help" | "version") {
                    continue;
                }
                let said = arg
                    .get_help()
                    .or(arg.get_long_help())
                    .map(|h| h.to_string())
                    .unwrap_or_default();
                if said.trim().is_empty() {
                    missing.push(format!("{path} {id}"));
                }
            }
            for sub in cmd.get_subcommands() {
                if sub.get_name() == "help" {
                    continue;
                }
                let about = sub
                    .get_about()
                    .or(sub.get_long_about())
                    .map(|h| h.to_string())
                    .unwrap_or_default();
                let here = format!("{path} {}", sub.get_name());
                if about.trim().is_empty() {
                    missing.push(format!("{here} (the subcommand itself)"));
                }
                walk(sub, &here, missing);
            }
        }
        let cmd = Cli::command();
        cmd.clone().debug_assert();
        let mut missing = Vec::new();
        walk(&cmd, "tablemate", &mut missing);
        assert!(
            missing.is_empty(),
            "{} options without a help line:\n{}",
            missing.len(),
            missing.join("\n")
        );
        // and the walk reached the deepest commands
        let deep = cmd
            .find_subcommand("tournament")
            .and_then(|t| t.find_subcommand("clock"))
            .is_some();
        assert!(deep, "the walk reaches `tournament clock`");
    }
}
