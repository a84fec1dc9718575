//! `tablemate tournament …`: events for organisers — create, register, drop, pair (or prepare
//! and publish), the round clock, results (typed or from a match played in the app),
//! corrections, standings, export and import; players' own reports are in `reporting.rs`.

use std::io::{self, Write};
use std::path::PathBuf;

/// The language of refusals: the command line speaks English, like its output.
use clap::{Args, Subcommand};
use tablemate::tournaments::organiser_text as text;
use tablemate::tournaments::{input_refusals, ClockAction, NewEvent};
use tablemate::{Service, ServiceError};

use crate::output::lang;
use crate::Ctx;

#[derive(Debug, Subcommand)]
pub enum TournamentCmd {
    /// Create an event: name, date, format (Swiss rounds with an optional top cut, or round robin).
    New(NewArgs),
    /// List events, newest first.
    List,
    /// Show an event: players, rounds with results, standings and corrections.
    Show(EventArg),
    /// Register players (created if new) with the people or deck they play. After round 1 is
    /// paired this is a late entry.
    Register {
        /// The event: its name or number (`tournament list`).
        event: String,
        /// One or more player names.
        #[arg(required = true)]
        players: Vec<String>,
        /// The people or deck they play (for every player named).
        #[arg(long)]
        people: Option<String>,
        /// A saved constructed deck (`tablemate deck list`) the player registers with: copied as
        /// it is now, only a legal one (one player only; their people, if --people is not
        /// given). Registration and deck are one write: a refused deck registers nobody.
        #[arg(long, value_name = "NAME")]
        deck: Option<String>,
    },
    /// Register a player's constructed deck (a saved deck, copied as it is now; only a legal
    /// one) or take it away (`--none`); frozen once round 1 is paired.
    Deck {
        #[command(flatten)]
        at: EntrantArgs,
        /// The saved deck's name (`tablemate deck list`).
        #[arg(required_unless_present = "none", conflicts_with = "none")]
        deck: Option<String>,
        /// Take the registered deck away.
        #[arg(long)]
        none: bool,
    },
    /// The deck registration sheets: every registered deck, one player a page, to print.
    DeckSheets(EventArg),
    /// Correct a registration (by name or #entrant id) before round 1 is paired: another
    /// player's name, another people (checked as at the table: "Vulka" asks "Did you mean
    /// Vulca?"). What is not given stays.
    CorrectRegistration {
        #[command(flatten)]
        at: EntrantArgs,
        /// The right name (another player, created if new).
        #[arg(long)]
        name: Option<String>,
        /// The right people or deck.
        #[arg(long)]
        people: Option<String>,
    },
    /// Remove a registration (by name or #entrant id) before round 1 is paired; after that,
    /// drop the player instead.
    Unregister(EntrantArgs),
    /// Drop a player (by name or #entrant id): not paired after the rounds already paired.
    Drop(EntrantArgs),
    /// Take a drop back (by name or #entrant id): paired again from the next round. Only until
    /// that round is paired.
    Undrop(EntrantArgs),
    /// Pair the next round (every result of the rounds before must be in). It is published at
    /// once (projector, printouts) unless --prepare is given.
    Pair {
        /// The event: its name or number (`tournament list`).
        event: String,
        /// Prepare the pairings without publishing them; publish with `tournament publish`.
        #[arg(long)]
        prepare: bool,
    },
    /// Publish the last paired round's prepared pairings (projector, printouts).
    Publish(EventArg),
    /// The round clock of the event's current round: show it, set its length, start, pause or
    /// resume it. Every view (app, projector, table) shows this one clock.
    Clock {
        /// The event: its name or number (`tournament list`).
        event: String,
        /// What to do with the clock (default: show it).
        #[command(subcommand)]
        action: Option<ClockCmd>,
    },
    /// Undo the last paired round, while none of its matches has a result. When players have
    /// reported from their phones, it is refused (exit code 1, nothing changed) unless
    /// confirmed with --confirm: their reports go with the round and its codes stop working.
    Unpair {
        /// The event: its name or number (`tournament list`).
        event: String,
        /// Undo it even though players reported in it (their reports go with it).
        #[arg(long)]
        confirm: bool,
    },
    /// Record a result: the winner and each seat's crystals (`--crystals 5-3`, seat A first), or
    /// the result of a match played in the app (`--match ID`).
    Result(ResultArgs),
    /// The finished matches played in the app between the two players at a table, newest
    /// first: the ids to give `tournament result --match`.
    Matches {
        #[command(flatten)]
        at: TableArgs,
    },
    /// Correct a recorded result; the old and new values and the reason are logged.
    Correct {
        #[command(flatten)]
        at: TableArgs,
        /// The winner: name, #entrant id, or seat a/b.
        #[arg(long)]
        winner: String,
        /// Crystals of seat A and seat B, e.g. 5-3.
        #[arg(long, value_name = "A-B")]
        crystals: String,
        /// Why it is corrected (kept in the log).
        #[arg(long)]
        reason: String,
    },
    /// Standings with the tie-breakers (listed below the table).
    Standings(EventArg),
    /// Export the whole event (players, pairings, results, rounds with their clocks, corrections,
    /// standings and decks): into a folder (event.json and the CSV files), or print the JSON
    /// (default) or one CSV to standard output.
    Export {
        /// The event: its name or number (`tournament list`).
        event: String,
        /// Folder to write event.json, entrants.csv, pairings.csv, results.csv, rounds.csv,
        /// corrections.csv, reports.csv, report_log.csv, reporting.csv, standings.csv and
        /// decks.csv (each registration's deck, a line per card).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// Print one CSV file instead of the JSON: entrants, pairings, results, rounds,
        /// corrections, standings or decks.
        #[arg(long, value_name = "WHICH")]
        csv: Option<String>,
    },
    /// Import an event: a JSON file or an exported folder; or CSV files with `--csv` and the
    /// event's details (--name, --date, --format, --rounds). Bad files change nothing.
    Import {
        /// event.json, or a folder holding it.
        path: Option<PathBuf>,
        /// A CSV file of players alone (columns `player` and, if they play one, `people`; or an
        /// export's entrants.csv): a new event with them registered, no round paired. Or a
        /// folder with entrants.csv, pairings.csv and results.csv, and rounds.csv,
        /// corrections.csv and decks.csv if there (without them the rounds are published, clocks not
        /// started); a folder with entrants.csv alone imports the players.
        #[arg(long, value_name = "FILE|DIR", conflicts_with = "path")]
        csv: Option<PathBuf>,
        /// The event: its name or number (`tournament list`).
        #[command(flatten)]
        event: OptionalEventArgs,
    },
    #[command(flatten)]
    Reporting(super::reporting::ReportCmd),
}

// The event a command is about, and a player registered in it: one argument each, shared by
// the commands (no doc comment here: a flattened struct's would replace the command's help).
#[derive(Debug, Args)]
pub struct EventArg {
    /// The event: its name or number (`tournament list`).
    event: String,
}

#[derive(Debug, Args)]
pub struct EntrantArgs {
    /// The event: its name or number (`tournament list`).
    event: String,
    /// The player: name or #entrant id.
    player: String,
}

#[derive(Debug, Subcommand)]
pub enum ClockCmd {
    /// Show the time left (the default).
    Show,
    /// Start the round's time.
    Start,
    /// Pause it (the time left is kept).
    Pause,
    /// Resume after a pause.
    Resume,
    /// Set the round's length in minutes (1 to 1440); the time already run is kept.
    Set {
        /// The round's length in minutes (1 to 1440).
        minutes: u32,
    },
}

impl ClockCmd {
    fn action(&self) -> Option<ClockAction> {
        match *self {
            ClockCmd::Show => None,
            ClockCmd::Start => Some(ClockAction::Start),
            ClockCmd::Pause => Some(ClockAction::Pause),
            ClockCmd::Resume => Some(ClockAction::Resume),
            ClockCmd::Set { minutes } => Some(ClockAction::Set { minutes }),
        }
    }
}

#[derive(Debug, Args)]
pub struct NewArgs {
    /// The event's name, e.g. "Winter Cup" (at most 100 characters).
    #[arg(long)]
    name: String,
    /// YYYY-MM-DD.
    #[arg(long)]
    date: String,
    #[command(flatten)]
    how: FormatArgs,
}

/// The event of a CSV import (a JSON file carries its own).
#[derive(Debug, Args)]
pub struct OptionalEventArgs {
    /// The event's name (with --csv).
    #[arg(long)]
    name: Option<String>,
    /// Its date, YYYY-MM-DD (with --csv).
    #[arg(long)]
    date: Option<String>,
    #[command(flatten)]
    how: FormatArgs,
}

/// How an event is played, as `tournament new` and `tournament import --csv` take it.
#[derive(Debug, Args)]
pub struct FormatArgs {
    /// swiss or round_robin.
    #[arg(long, default_value = "swiss")]
    format: String,
    /// Number of Swiss rounds.
    #[arg(long)]
    rounds: Option<u32>,
    /// Top cut after the Swiss rounds (2, 4, 8, …).
    #[arg(long)]
    top_cut: Option<u32>,
    /// random (default) or seeded.
    #[arg(long)]
    first_round: Option<String>,
    /// Seed for random pairings (recorded with the event).
    #[arg(long)]
    seed: Option<String>,
    /// Every player must register a deck (`tournament register --deck`, `tournament deck`)
    /// before round 1 is paired.
    #[arg(long)]
    require_decks: bool,
}

impl FormatArgs {
    /// The event `name` on `date` played this way, as the service's form takes it.
    fn event(self, name: String, date: String) -> NewEvent {
        NewEvent {
            name,
            date,
            format: self.format,
            rounds: self.rounds,
            top_cut: self.top_cut,
            first_round: self.first_round,
            seed: self.seed,
            decks_required: Some(self.require_decks),
        }
    }
}

#[derive(Debug, Args)]
pub struct TableArgs {
    /// The event: its name or number (`tournament list`).
    event: String,
    /// The round's number.
    #[arg(long)]
    round: u32,
    /// The table's number in that round.
    #[arg(long)]
    table: u32,
}

#[derive(Debug, Args)]
pub struct ResultArgs {
    #[command(flatten)]
    at: TableArgs,
    /// The winner: name, #entrant id, or seat a/b.
    #[arg(long, required_unless_present = "match_id")]
    winner: Option<String>,
    /// Crystals of seat A and seat B, e.g. 5-3.
    #[arg(long, value_name = "A-B", required_unless_present = "match_id")]
    crystals: Option<String>,
    /// Take the result from a match played in the app.
    #[arg(long = "match", value_name = "ID", conflicts_with_all = ["winner", "crystals"])]
    match_id: Option<i64>,
}

/// `5-3` → (5, 3).
pub fn parse_crystals(text: &str) -> Result<(u8, u8), ServiceError> {
    let bad = || ServiceError::invalid(input_refusals::crystals_format(text, lang()));
    let (a, b) = text.trim().split_once(['-', ':']).ok_or_else(bad)?;
    Ok((
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    ))
}

pub fn run(ctx: &Ctx, cmd: TournamentCmd) -> Result<(), ServiceError> {
    let mut svc = ctx.open()?;
    let out = ctx.out;
    match cmd {
        TournamentCmd::Reporting(c) => super::reporting::run(ctx, svc, c),
        TournamentCmd::New(a) => {
            let ev = svc.create_event(&a.how.event(a.name, a.date), lang())?;
            out.print(&ev, |w| writeln!(w, "{}", text::event_created(&ev, lang())))
        }
        TournamentCmd::List => {
            let list = svc.list_events()?;
            out.print(&list, |w| {
                if list.is_empty() {
                    writeln!(w, "{}", text::no_events(lang()))?;
                }
                for e in &list {
                    writeln!(w, "{}", text::event_line(e, lang()))?;
                }
                Ok(())
            })
        }
        TournamentCmd::Show(EventArg { event }) => {
            let id = svc.find_event_in(&event, lang())?.0;
            let d = svc.event_detail(id, crate::output::lang())?;
            out.print(&d, |w| write!(w, "{}", text::detail_text(&d, lang())))
        }
        TournamentCmd::Register {
            event,
            players,
            people,
            deck,
        } => {
            let id = svc.find_event_in(&event, lang())?.0;
            let names: Vec<&str> = players.iter().map(String::as_str).collect();
            // all or none: one refused name (or a refused deck) registers nobody
            let added = match &deck {
                Some(deck) => {
                    vec![
                        svc.register_with_deck(id, &names, people.as_deref(), deck, lang())?
                            .entrant,
                    ]
                }
                None => svc.register_all(id, &names, people.as_deref(), lang())?,
            };
            out.print(&added, |w| {
                for e in &added {
                    writeln!(w, "{}", text::registered(e, lang()))?;
                }
                Ok(())
            })
        }
        TournamentCmd::Deck {
            at: EntrantArgs { event, player },
            deck,
            none,
        } => {
            let id = svc.find_event_in(&event, lang())?.0;
            let decks = svc.tournament_register_deck(
                id,
                &player,
                deck.as_deref().filter(|_| !none),
                lang(),
            )?;
            out.print(&decks, |w| {
                for d in &decks {
                    writeln!(w, "{}", d.line(lang()))?;
                }
                if decks.is_empty() {
                    writeln!(
                        w,
                        "{}",
                        tablemate::decks::printed::no_registered_deck(lang())
                    )?;
                }
                Ok(())
            })
        }
        TournamentCmd::DeckSheets(EventArg { event }) => {
            let id = svc.find_event_in(&event, lang())?.0;
            let sheets = svc.tournament_deck_sheets(id, lang())?;
            out.print(&sheets, |w| writeln!(w, "{sheets}"))
        }
        TournamentCmd::CorrectRegistration {
            at: EntrantArgs { event, player },
            name,
            people,
        } => {
            let id = svc.find_event_in(&event, lang())?.0;
            let entrant = svc.find_entrant_in(id, &player.as_str().into(), lang())?;
            let now = svc
                .event_detail(id, crate::output::lang())?
                .entrants
                .into_iter()
                .find(|e| e.id == entrant)
                .ok_or_else(|| {
                    let event = svc
                        .event_detail(id, crate::output::lang())
                        .map(|d| d.event.name)
                        .unwrap_or_default();
                    ServiceError::not_found(input_refusals::not_registered(&player, &event, lang()))
                })?;
            let name = name.unwrap_or(now.name);
            let people = people.or(now.people);
            let e = svc.correct_registration(
                id,
                tablemate::tournaments::PlayerRef::Entrant(entrant),
                &name,
                people.as_deref(),
                lang(),
            )?;
            out.print(&e, |w| {
                writeln!(w, "{}", text::registration_now(&e, lang()))
            })
        }
        TournamentCmd::Unregister(EntrantArgs { event, player }) => {
            let id = svc.find_event_in(&event, lang())?.0;
            let e = svc.remove_registration(id, &player, lang())?;
            out.print(&e, |w| writeln!(w, "{}", text::unregistered(&e, lang())))
        }
        TournamentCmd::Drop(EntrantArgs { event, player }) => {
            let id = svc.find_event_in(&event, lang())?.0;
            let e = svc.set_dropped(id, &player, true, lang())?;
            out.print(&e, |w| writeln!(w, "{}", text::dropped(&e, lang())))
        }
        TournamentCmd::Undrop(EntrantArgs { event, player }) => {
            let id = svc.find_event_in(&event, lang())?.0;
            let e = svc.set_dropped(id, &player, false, lang())?;
            out.print(&e, |w| writeln!(w, "{}", text::back_in(&e, lang())))
        }
        TournamentCmd::Unpair { event, confirm } => {
            let id = svc.find_event_in(&event, lang())?.0;
            let undone = svc.undo_round(id, confirm, lang())?;
            let json = serde_json::json!({
                "undone_round": undone.number,
                "drops_moved": undone.drops_moved,
                "reports_discarded": undone.reports_discarded,
                "message": undone.message,
            });
            out.print(&json, |w| {
                writeln!(w, "{}", text::pair_again(&undone.message, lang()))
            })
        }
        TournamentCmd::Pair { event, prepare } => {
            let id = svc.find_event_in(&event, lang())?.0;
            let r = if prepare {
                svc.prepare_round(id, lang())?
            } else {
                svc.pair_round(id, lang())?
            };
            out.print(&r, |w| {
                write!(w, "{}", text::round_text(&r, lang()))?;
                if !r.published {
                    writeln!(w, "{}", text::prepared_not_published(lang()))?;
                }
                Ok(())
            })
        }
        TournamentCmd::Publish(EventArg { event }) => {
            let id = svc.find_event_in(&event, lang())?.0;
            let round = svc.publish_round(id, lang())?;
            out.print(&serde_json::json!({ "published_round": round }), |w| {
                writeln!(w, "{}", text::published(round, lang()))
            })
        }
        TournamentCmd::Clock { event, action } => {
            let id = svc.find_event_in(&event, lang())?.0;
            let clock = match action.as_ref().and_then(ClockCmd::action) {
                Some(a) => svc.command_clock(id, a, lang())?,
                None => svc
                    .round_clock(id)?
                    .ok_or_else(|| ServiceError::invalid(input_refusals::no_clock(lang())))?,
            };
            out.print(&clock, |w| {
                writeln!(w, "{}", text::clock_line(&clock, lang()))
            })
        }
        TournamentCmd::Result(a) => {
            let id = svc.find_event_in(&a.at.event, lang())?.0;
            let t = match (a.match_id, a.winner, a.crystals) {
                (Some(m), _, _) => {
                    svc.record_result_from_match(id, a.at.round, a.at.table, m, lang())?
                }
                (None, Some(w), Some(c)) => {
                    let (ca, cb) = parse_crystals(&c)?;
                    svc.record_result(id, a.at.round, a.at.table, &w, ca, cb, lang())?
                }
                _ => return Err(ServiceError::invalid(input_refusals::result_needs(lang()))),
            };
            out.print(&t, |w| {
                writeln!(w, "{}", text::result_recorded(a.at.round, &t, lang()))
            })
        }
        TournamentCmd::Matches { at } => {
            let id = svc.find_event_in(&at.event, lang())?.0;
            let found = svc.matches_at_table(id, at.round, at.table, lang())?;
            out.print(&found, |w| {
                if found.is_empty() {
                    writeln!(w, "{}", text::no_match_found(lang()))?;
                }
                for m in &found {
                    writeln!(w, "{}", text::match_line(m, lang()))?;
                }
                Ok(())
            })
        }
        TournamentCmd::Correct {
            at,
            winner,
            crystals,
            reason,
        } => {
            let id = svc.find_event_in(&at.event, lang())?.0;
            let (ca, cb) = parse_crystals(&crystals)?;
            let t = svc.correct_result(id, at.round, at.table, &winner, ca, cb, &reason, lang())?;
            out.print(&t, |w| {
                writeln!(w, "{}", text::result_corrected(at.round, &t, lang()))
            })
        }
        TournamentCmd::Standings(EventArg { event }) => {
            let id = svc.find_event_in(&event, lang())?.0;
            let d = svc.event_detail(id, crate::output::lang())?;
            out.print(&d.standings, |w| {
                write!(w, "{}", text::standings_text(&d.standings, lang()))?;
                write!(w, "{}", text::tie_breakers_text(&d.tie_breakers, lang()))
            })
        }
        TournamentCmd::Export {
            event,
            out: dir,
            csv,
        } => {
            let id = svc.find_event_in(&event, lang())?.0;
            export(&svc, out, id, dir, csv)
        }
        TournamentCmd::Import { path, csv, event } => {
            let ev = match (path, csv) {
                (Some(p), None) => svc.import_event_path(&p, lang())?,
                (None, Some(dir)) => {
                    let needs = |option| {
                        ServiceError::invalid(input_refusals::csv_import_needs(option, lang()))
                    };
                    let name = event.name.ok_or_else(|| needs("--name"))?;
                    let date = event.date.ok_or_else(|| needs("--date"))?;
                    let header = event.how.event(name, date);
                    // players alone: a CSV file, or a folder without pairings and results
                    let alone = !dir.is_dir()
                        || !(dir.join("pairings.csv").exists() || dir.join("results.csv").exists());
                    if alone {
                        let file = if dir.is_dir() {
                            dir.join("entrants.csv")
                        } else {
                            dir.clone()
                        };
                        let bytes = tablemate::tournaments::read_limited(&file, lang())?;
                        let ev = svc.import_entrants_csv(&header, &bytes, lang())?;
                        return out.print(&ev, |w| {
                            writeln!(w, "{}", text::imported(&ev, false, lang()))
                        });
                    }
                    let read = |f: &str| tablemate::tournaments::read_limited(&dir.join(f), lang());
                    // written since format 2; an older export has neither
                    let optional = |f: &str| {
                        let path = dir.join(f);
                        path.exists()
                            .then(|| tablemate::tournaments::read_limited(&path, lang()))
                            .transpose()
                    };
                    let (rounds, corrections) =
                        (optional("rounds.csv")?, optional("corrections.csv")?);
                    // written since format 3
                    let (reports, report_log, reporting) = (
                        optional("reports.csv")?,
                        optional("report_log.csv")?,
                        optional("reporting.csv")?,
                    );
                    // the registrations' decks, written since #33
                    let decks = optional("decks.csv")?;
                    svc.import_event_csv(
                        &header,
                        &tablemate::tournaments::CsvImport {
                            entrants: &read("entrants.csv")?,
                            pairings: &read("pairings.csv")?,
                            results: &read("results.csv")?,
                            rounds: rounds.as_deref(),
                            corrections: corrections.as_deref(),
                            reports: reports.as_deref(),
                            report_log: report_log.as_deref(),
                            reporting: reporting.as_deref(),
                            decks: decks.as_deref(),
                        },
                        lang(),
                    )?
                }
                _ => {
                    return Err(ServiceError::invalid(input_refusals::import_needs_file(
                        lang(),
                    )))
                }
            };
            out.print(&ev, |w| {
                writeln!(w, "{}", text::imported(&ev, true, lang()))?;
                for notice in ev.notices.iter().flatten() {
                    writeln!(w, "{}", text::note(notice, lang()))?;
                }
                Ok(())
            })
        }
    }
}

fn export(
    svc: &Service,
    out: &crate::output::Out,
    id: i64,
    dir: Option<PathBuf>,
    csv: Option<String>,
) -> Result<(), ServiceError> {
    if let Some(dir) = dir {
        let files = svc.export_event_to(id, &dir)?;
        return out.print(&files, |w| {
            for f in &files.files {
                writeln!(w, "{}", text::wrote(f, lang()))?;
            }
            Ok(())
        });
    }
    let text = match csv.as_deref().map(str::trim) {
        None => svc.export_event_json(id)? + "\n",
        Some(which) => {
            let files = svc.export_event_csv(id)?;
            match which {
                "entrants" => files.entrants,
                "pairings" => files.pairings,
                "results" => files.results,
                "rounds" => files.rounds,
                "corrections" => files.corrections,
                "standings" => files.standings,
                "decks" => files.decks,
                other => {
                    return Err(ServiceError::invalid(input_refusals::csv_file_unknown(
                        other,
                        lang(),
                    )))
                }
            }
        }
    };
    let mut w = io::stdout().lock();
    match w.write_all(text.as_bytes()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(ServiceError::internal(input_refusals::cannot_write(
            &e.to_string(),
            lang(),
        ))),
    }
}
