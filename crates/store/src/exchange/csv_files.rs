//! The CSV files of an event: written from the export, read into the same rows as a JSON file
//! (`results.csv` also without its `source` column, as format 2 wrote it).

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::import_checks::Locations;
use super::{
    check_size, import_err, ClockState, CorrectionRow, CsvExport, CsvImport, DeckRow, EntrantRow,
    EventHeader, Imported, LogLineRow, PairingRow, Parsed, ReportRow, ReportingRound, ReportingRow,
    ResultRow, RoundRow, CORRECTIONS_HEADER, DECKS_HEADER, ENTRANTS_HEADER, MAX_FIELD_CHARS,
    PAIRINGS_HEADER, REPORTING_HEADER, REPORTS_HEADER, REPORT_LOG_HEADER, RESULTS_HEADER,
    RESULTS_HEADER_2, ROUNDS_HEADER, STANDINGS_HEADER,
};
use crate::error::{Result, StoreError};
use crate::ids::TournamentId;
use crate::import_problem::{ImportList, ImportPlace, ImportProblem as P};
use crate::reports::Acceptance;
use crate::tournaments::Stage;
use crate::Store;

fn csv_text(header: &[&str], rows: Vec<Vec<String>>) -> Result<String> {
    fn io(e: impl std::fmt::Display) -> StoreError {
        StoreError::Conflict(format!("cannot write CSV: {e}"))
    }
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(header).map_err(io)?;
    for r in rows {
        w.write_record(&r).map_err(io)?;
    }
    String::from_utf8(w.into_inner().map_err(io)?).map_err(io)
}

/// One line of a file for each of `items`.
fn lines<T>(items: &[T], line: impl Fn(&T) -> Vec<String>) -> Vec<Vec<String>> {
    items.iter().map(line).collect()
}

/// A free-text cell (a name, a people) made safe for spreadsheets: text that a spreadsheet would
/// run as a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return, the OWASP CSV
/// injection rule) gets a leading `'`, which spreadsheets show as text. A cell that already
/// starts with `'` gets one too, so [`text_cell`] can undo it exactly and a round trip gives the
/// same names back.
fn safe_cell(text: &str) -> String {
    match text.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r' | '\'') => format!("'{text}"),
        _ => text.to_string(),
    }
}

/// Undoes [`safe_cell`] on an imported free-text cell.
fn text_cell(cell: &str) -> String {
    cell.strip_prefix('\'').unwrap_or(cell).to_string()
}

fn opt_text(v: Option<&String>) -> String {
    v.map(|t| safe_cell(t)).unwrap_or_default()
}

fn opt(v: Option<impl ToString>) -> String {
    v.map(|x| x.to_string()).unwrap_or_default()
}

impl Store {
    /// The event's CSV files; `decks.csv` without the cards' names (see
    /// [`Store::export_tournament_csv_named`]).
    pub fn export_tournament_csv(&self, id: TournamentId) -> Result<CsvExport> {
        self.export_tournament_csv_named(id, &|_: &str| None)
    }

    /// The event's CSV files, `decks.csv` with each card as `card_name` reads it to a person
    /// (the store knows card ids; the service knows the catalog).
    pub fn export_tournament_csv_named(
        &self,
        id: TournamentId,
        card_name: &dyn Fn(&str) -> Option<String>,
    ) -> Result<CsvExport> {
        let x = self.export_tournament(id)?;
        let mut decks = Vec::new();
        for d in &x.decks {
            let head = [
                safe_cell(&d.player),
                safe_cell(&d.name),
                safe_cell(&d.people),
                opt_text(d.inquisitor.as_ref()),
                d.emissaries_inquisitors.to_string(),
                d.buka.to_string(),
            ];
            // a deck without cards is still a line, its card columns empty
            let blank = d.cards.is_empty().then_some(None);
            for card in d.cards.iter().map(Some).chain(blank) {
                let mut line = head.to_vec();
                line.push(card.map(|c| safe_cell(c)).unwrap_or_default());
                line.push(
                    card.and_then(|c| card_name(c))
                        .map(|n| safe_cell(&n))
                        .unwrap_or_default(),
                );
                decks.push(line);
            }
        }
        let entrants = lines(&x.entrants, |e| {
            vec![
                e.seed.to_string(),
                safe_cell(&e.player),
                opt_text(e.people.as_ref()),
                e.joined_round.to_string(),
                opt(e.dropped_after),
            ]
        });
        let pairings = lines(&x.pairings, |p| {
            vec![
                p.round.to_string(),
                p.stage.as_str().to_string(),
                p.table.to_string(),
                safe_cell(&p.player_a),
                opt_text(p.player_b.as_ref()),
            ]
        });
        let results = lines(&x.results, |r| {
            vec![
                r.round.to_string(),
                r.table.to_string(),
                safe_cell(&r.winner),
                r.crystals_a.to_string(),
                r.crystals_b.to_string(),
                opt(r.source.map(word)),
            ]
        });
        let rounds = lines(&x.rounds, |r| {
            vec![
                r.round.to_string(),
                r.published.to_string(),
                r.clock_length_ms.to_string(),
                r.clock.as_str().to_string(),
                r.clock_ran_ms.to_string(),
                opt(r.clock_running_since_ms),
            ]
        });
        let corrections = lines(&x.corrections, |c| {
            vec![
                c.round.to_string(),
                c.table.to_string(),
                safe_cell(&c.old_winner),
                c.old_crystals_a.to_string(),
                c.old_crystals_b.to_string(),
                safe_cell(&c.new_winner),
                c.new_crystals_a.to_string(),
                c.new_crystals_b.to_string(),
                safe_cell(&c.reason),
                c.corrected_at.clone(),
            ]
        });
        let standings = lines(&x.standings, |st| {
            vec![
                st.rank.to_string(),
                safe_cell(&st.name),
                opt_text(st.people.as_ref()),
                st.match_points.to_string(),
                st.wins.to_string(),
                st.losses.to_string(),
                st.byes.to_string(),
                format!("{:.4}", st.opponents_match_win.to_f64()),
                st.crystal_difference.to_string(),
                st.crystals_for.to_string(),
                st.crystals_against.to_string(),
                st.head_to_head.to_string(),
                st.dropped.to_string(),
            ]
        });
        let reports = lines(&x.reports, |r| {
            vec![
                r.round.to_string(),
                r.table.to_string(),
                word(r.seat),
                safe_cell(&r.player),
                r.won.to_string(),
                r.crystals_mine.to_string(),
                r.crystals_theirs.to_string(),
                r.reported_at.clone(),
            ]
        });
        let report_log = lines(&x.report_log, |l| {
            vec![
                l.round.to_string(),
                l.table.to_string(),
                word(l.actor),
                word(l.action),
                opt(l.seat.map(word)),
                opt_text(l.client.as_ref()),
                opt(l.old_winner.map(word)),
                opt(l.old_crystals_a),
                opt(l.old_crystals_b),
                opt(l.new_winner.map(word)),
                opt(l.new_crystals_a),
                opt(l.new_crystals_b),
                l.logged_at.clone(),
            ]
        });
        let setting = x.reporting.unwrap_or_default();
        let mut reporting = vec![vec!["acceptance".to_string(), word(setting.acceptance)]];
        for r in &setting.rounds {
            let state = if r.open { "open" } else { "closed" };
            reporting.push(vec![state.to_string(), r.round.to_string()]);
        }
        Ok(CsvExport {
            reports: csv_text(&REPORTS_HEADER, reports)?,
            report_log: csv_text(&REPORT_LOG_HEADER, report_log)?,
            reporting: csv_text(&REPORTING_HEADER, reporting)?,
            entrants: csv_text(&ENTRANTS_HEADER, entrants)?,
            pairings: csv_text(&PAIRINGS_HEADER, pairings)?,
            results: csv_text(&RESULTS_HEADER, results)?,
            rounds: csv_text(&ROUNDS_HEADER, rounds)?,
            corrections: csv_text(&CORRECTIONS_HEADER, corrections)?,
            standings: csv_text(&STANDINGS_HEADER, standings)?,
            decks: csv_text(&DECKS_HEADER, decks)?,
        })
    }

    /// Imports an event from its entrants, pairings and results CSV files, without rounds,
    /// corrections or reports (see [`Store::import_tournament_csv_files`]).
    pub fn import_tournament_csv(
        &mut self,
        event: &EventHeader,
        entrants: &[u8],
        pairings: &[u8],
        results: &[u8],
    ) -> Result<TournamentId> {
        self.import_tournament_csv_files(
            event,
            &CsvImport {
                entrants,
                pairings,
                results,
                ..CsvImport::default()
            },
        )
    }

    /// Imports an event from its CSV files (as written by [`Store::export_tournament_csv`]); the
    /// event's name, date and format come from `event`. Returns the new event's id.
    pub fn import_tournament_csv_files(
        &mut self,
        event: &EventHeader,
        files: &CsvImport<'_>,
    ) -> Result<TournamentId> {
        Ok(self.import_csv(event, files)?.id)
    }

    /// [`Store::import_tournament_csv_files`], with what the files could not carry.
    pub fn import_csv(&mut self, event: &EventHeader, files: &CsvImport<'_>) -> Result<Imported> {
        let CsvImport {
            entrants,
            pairings,
            results,
            ..
        } = *files;
        let (entrants, e_lines) =
            parse_csv(ImportList::Entrants, entrants, &ENTRANTS_HEADER, |f, at| {
                Ok(EntrantRow {
                    seed: num(&f[0], "seed", at)?,
                    player: text_cell(f[1].trim()),
                    people: non_empty(&text_cell(f[2].trim())),
                    joined_round: num(&f[3], "joined_round", at)?,
                    dropped_after: opt_num(&f[4], "dropped_after", at)?,
                })
            })?;
        let (pairings, p_lines) =
            parse_csv(ImportList::Pairings, pairings, &PAIRINGS_HEADER, |f, at| {
                Ok(PairingRow {
                    round: num(&f[0], "round", at)?,
                    stage: Stage::parse(f[1].trim()).ok_or_else(|| {
                        import_err(
                            at,
                            P::NotAStage {
                                value: f[1].clone(),
                            },
                        )
                    })?,
                    table: num(&f[2], "table", at)?,
                    player_a: text_cell(f[3].trim()),
                    player_b: non_empty(&text_cell(f[4].trim())),
                })
            })?;
        let (results, r_lines) = parse_csv_as(
            ImportList::Results,
            results,
            &[&RESULTS_HEADER, &RESULTS_HEADER_2],
            |f, at| {
                Ok(ResultRow {
                    round: num(&f[0], "round", at)?,
                    table: num(&f[1], "table", at)?,
                    winner: text_cell(f[2].trim()),
                    crystals_a: num(&f[3], "crystals_a", at)?,
                    crystals_b: num(&f[4], "crystals_b", at)?,
                    source: f.get(5).map(|v| named(v, "source", at)).transpose()?,
                })
            },
        )?;
        let (rounds, o_lines) = match files.rounds {
            None => (None, Vec::new()),
            Some(bytes) => {
                let (rows, lines) =
                    parse_csv(ImportList::Rounds, bytes, &ROUNDS_HEADER, |f, at| {
                        Ok(RoundRow {
                            round: num(&f[0], "round", at)?,
                            published: boolean(&f[1], "published", at)?,
                            clock_length_ms: num(&f[2], "clock_length_ms", at)?,
                            clock: ClockState::parse(f[3].trim()).ok_or_else(|| {
                                import_err(
                                    at,
                                    P::NotAClockState {
                                        value: f[3].clone(),
                                    },
                                )
                            })?,
                            clock_ran_ms: num(&f[4], "clock_ran_ms", at)?,
                            clock_running_since_ms: opt_num(&f[5], "clock_running_since_ms", at)?,
                        })
                    })?;
                (Some(rows), lines)
            }
        };
        // a file not given: no rows
        let (corrections, c_lines) = optional(files.corrections, parse_corrections)?;
        let (reports, s_lines) = optional(files.reports, parse_reports)?;
        let (report_log, l_lines) = optional(files.report_log, parse_log)?;
        let reporting = files.reporting.map(parse_reporting).transpose()?;
        let (decks, d_lines) = optional(files.decks, parse_decks)?;
        let version = if files.reports.is_some() && files.report_log.is_some() {
            3
        } else if rounds.is_some() {
            2
        } else {
            1
        };
        let loc = Locations {
            entrants: e_lines,
            pairings: p_lines,
            results: r_lines,
            rounds: o_lines,
            corrections: c_lines,
            reports: s_lines,
            report_log: l_lines,
            decks: d_lines,
            json: false,
        };
        let parsed = Parsed {
            version,
            event,
            entrants: &entrants,
            pairings: &pairings,
            results: &results,
            rounds: rounds.as_deref(),
            corrections: &corrections,
            reports: &reports,
            report_log: &report_log,
            reporting: reporting.as_ref(),
            decks: &decks,
        };
        self.import_checked(&parsed, &loc)
    }
}

/// A value's word in a file (`typed`, `A`, `by_organiser`): its serde name, the same in JSON.
fn word(v: impl Serialize) -> String {
    match serde_json::to_value(v) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}

/// The value a file's word names (see [`word`]), or the column's refusal.
fn named<T: DeserializeOwned>(cell: &str, column: &'static str, at: ImportPlace) -> Result<T> {
    serde_json::from_value(serde_json::Value::String(cell.trim().to_string())).map_err(|_| {
        import_err(
            at,
            P::NotAWord {
                column,
                value: cell.trim().to_string(),
            },
        )
    })
}

fn opt_named<T: DeserializeOwned>(
    cell: &str,
    column: &'static str,
    at: ImportPlace,
) -> Result<Option<T>> {
    non_empty(cell).map(|v| named(&v, column, at)).transpose()
}

fn opt_num<T: std::str::FromStr>(
    cell: &str,
    column: &'static str,
    at: ImportPlace,
) -> Result<Option<T>> {
    non_empty(cell).map(|v| num(&v, column, at)).transpose()
}

/// A file's rows, with the line each came from.
type Rows<T> = (Vec<T>, Vec<u64>);

/// The rows of a file read with `parse`; none when the file is not given.
fn optional<T>(bytes: Option<&[u8]>, parse: fn(&[u8]) -> Result<Rows<T>>) -> Result<Rows<T>> {
    Ok(bytes.map(parse).transpose()?.unwrap_or_default())
}

fn parse_corrections(bytes: &[u8]) -> Result<(Vec<CorrectionRow>, Vec<u64>)> {
    parse_csv(
        ImportList::Corrections,
        bytes,
        &CORRECTIONS_HEADER,
        |f, at| {
            Ok(CorrectionRow {
                round: num(&f[0], "round", at)?,
                table: num(&f[1], "table", at)?,
                old_winner: text_cell(f[2].trim()),
                old_crystals_a: num(&f[3], "old_crystals_a", at)?,
                old_crystals_b: num(&f[4], "old_crystals_b", at)?,
                new_winner: text_cell(f[5].trim()),
                new_crystals_a: num(&f[6], "new_crystals_a", at)?,
                new_crystals_b: num(&f[7], "new_crystals_b", at)?,
                reason: text_cell(&f[8]),
                corrected_at: f[9].trim().to_string(),
            })
        },
    )
}

fn parse_reports(bytes: &[u8]) -> Result<(Vec<ReportRow>, Vec<u64>)> {
    parse_csv(ImportList::Reports, bytes, &REPORTS_HEADER, |f, at| {
        Ok(ReportRow {
            round: num(&f[0], "round", at)?,
            table: num(&f[1], "table", at)?,
            seat: named(&f[2], "seat", at)?,
            player: text_cell(f[3].trim()),
            won: boolean(&f[4], "won", at)?,
            crystals_mine: num(&f[5], "crystals_mine", at)?,
            crystals_theirs: num(&f[6], "crystals_theirs", at)?,
            reported_at: f[7].trim().to_string(),
        })
    })
}

fn parse_log(bytes: &[u8]) -> Result<(Vec<LogLineRow>, Vec<u64>)> {
    parse_csv(ImportList::ReportLog, bytes, &REPORT_LOG_HEADER, |f, at| {
        Ok(LogLineRow {
            round: num(&f[0], "round", at)?,
            table: num(&f[1], "table", at)?,
            actor: named(&f[2], "actor", at)?,
            action: named(&f[3], "action", at)?,
            seat: opt_named(&f[4], "seat", at)?,
            client: non_empty(&text_cell(f[5].trim())),
            old_winner: opt_named(&f[6], "old_winner", at)?,
            old_crystals_a: opt_num(&f[7], "old_crystals_a", at)?,
            old_crystals_b: opt_num(&f[8], "old_crystals_b", at)?,
            new_winner: opt_named(&f[9], "new_winner", at)?,
            new_crystals_a: opt_num(&f[10], "new_crystals_a", at)?,
            new_crystals_b: opt_num(&f[11], "new_crystals_b", at)?,
            logged_at: f[12].trim().to_string(),
        })
    })
}

/// Reads `decks.csv` into one deck per registration: consecutive lines with the same deck
/// columns are one deck, its cards in line order (a line without `card_id` adds no card; the
/// `card` column is for people and not read). Returns each deck's first line.
fn parse_decks(bytes: &[u8]) -> Result<(Vec<DeckRow>, Vec<u64>)> {
    let (lines, at_lines) = parse_csv(ImportList::Decks, bytes, &DECKS_HEADER, |f, at| {
        let deck = DeckRow {
            player: text_cell(f[0].trim()),
            name: text_cell(f[1].trim()),
            people: text_cell(f[2].trim()),
            inquisitor: non_empty(&text_cell(f[3].trim())),
            emissaries_inquisitors: boolean(&f[4], "emissaries_inquisitors", at)?,
            buka: boolean(&f[5], "buka", at)?,
            cards: Vec::new(),
        };
        Ok((deck, non_empty(&text_cell(f[6].trim()))))
    })?;
    let mut decks: Vec<DeckRow> = Vec::new();
    let mut firsts = Vec::new();
    for ((deck, card), line) in lines.into_iter().zip(at_lines) {
        let same = decks.last().is_some_and(|last| {
            DeckRow {
                cards: Vec::new(),
                ..last.clone()
            } == deck
        });
        if !same {
            decks.push(deck);
            firsts.push(line);
        }
        if let (Some(card), Some(last)) = (card, decks.last_mut()) {
            last.cards.push(card);
        }
    }
    Ok((decks, firsts))
}

fn parse_reporting(bytes: &[u8]) -> Result<ReportingRow> {
    enum Line {
        Acceptance(Acceptance),
        Round(ReportingRound),
    }
    let (lines, _) = parse_csv(
        ImportList::Reporting,
        bytes,
        &REPORTING_HEADER,
        |f, at| match f[0].trim() {
            "acceptance" => Ok(Line::Acceptance(named(&f[1], "value", at)?)),
            state @ ("open" | "closed") => Ok(Line::Round(ReportingRound {
                round: num(&f[1], "value", at)?,
                open: state == "open",
            })),
            other => Err(import_err(
                at,
                P::NotAWord {
                    column: "setting",
                    value: other.to_string(),
                },
            )),
        },
    )?;
    let mut out = ReportingRow::default();
    for line in lines {
        match line {
            Line::Acceptance(a) => out.acceptance = a,
            Line::Round(r) => out.rounds.push(r),
        }
    }
    Ok(out)
}

/// The line (from 1) of the byte at `offset`; at a line break, the line after it.
pub(super) fn line_at(bytes: &[u8], offset: u64) -> u64 {
    let mut o = usize::try_from(offset)
        .unwrap_or(bytes.len())
        .min(bytes.len());
    while o < bytes.len() && matches!(bytes[o], b'\n' | b'\r') {
        o += 1;
    }
    bytes[..o].iter().filter(|b| **b == b'\n').count() as u64 + 1
}

/// A `true`/`false` cell, or the column's refusal.
fn boolean(cell: &str, column: &'static str, at: ImportPlace) -> Result<bool> {
    cell.trim().parse().map_err(|_| {
        import_err(
            at,
            P::NotTrueOrFalse {
                column,
                value: cell.to_string(),
            },
        )
    })
}

fn non_empty(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_string())
}

fn num<T: std::str::FromStr>(s: &str, column: &'static str, at: ImportPlace) -> Result<T> {
    s.trim().parse().map_err(|_| {
        import_err(
            at,
            P::NotANumber {
                column,
                value: s.trim().to_string(),
            },
        )
    })
}

/// Reads a CSV file with exactly `header`; returns the rows and the line each came from.
fn parse_csv<T>(
    list: ImportList,
    bytes: &[u8],
    header: &[&str],
    row: impl FnMut(&[String], ImportPlace) -> Result<T>,
) -> Result<(Vec<T>, Vec<u64>)> {
    parse_csv_as(list, bytes, &[header], row)
}

/// [`parse_csv`] for a file written with one of several headers (the newest first, then
/// those of older formats); `row` tells them apart by the number of fields.
fn parse_csv_as<T>(
    list: ImportList,
    bytes: &[u8],
    headers: &[&[&str]],
    mut row: impl FnMut(&[String], ImportPlace) -> Result<T>,
) -> Result<(Vec<T>, Vec<u64>)> {
    check_size(ImportPlace::List { list, csv: true }, bytes)?;
    let at_line = |line| ImportPlace::Line { list, line };
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes);
    let mut out = Vec::new();
    let mut lines = Vec::new();
    let mut record = csv::ByteRecord::new();
    let mut first = true;
    let mut header: &[&str] = headers[0];
    loop {
        let line_before = reader.position().line();
        match reader.read_byte_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {}
            Err(e) => {
                let line = e.position().map_or(line_before, |p| p.line());
                return Err(import_err(
                    at_line(line),
                    P::UnreadableCsv {
                        detail: e.to_string(),
                    },
                ));
            }
        }
        // The reader's own line count points at skipped blank lines; count from the byte offset.
        let line = record
            .position()
            .map_or(line_before, |p| line_at(bytes, p.byte()));
        let at = at_line(line);
        let mut fields = Vec::with_capacity(record.len());
        for (i, f) in record.iter().enumerate() {
            let text = std::str::from_utf8(f)
                .map_err(|_| import_err(at, P::ColumnNotUtf8 { column: i + 1 }))?;
            if text.chars().count() > MAX_FIELD_CHARS {
                return Err(import_err(
                    at,
                    P::ColumnTooLong {
                        column: i + 1,
                        max: MAX_FIELD_CHARS,
                    },
                ));
            }
            fields.push(text.to_string());
        }
        if first {
            first = false;
            let found: Vec<String> = fields.iter().map(|f| f.trim().to_lowercase()).collect();
            if let Some(h) = headers.iter().find(|h| found == **h) {
                header = h;
            } else {
                return Err(import_err(
                    at,
                    P::WrongColumns {
                        expected: header.join(","),
                        found: fields.join(","),
                    },
                ));
            }
            continue;
        }
        if fields.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        if fields.len() != header.len() {
            return Err(import_err(
                at,
                P::ColumnCount {
                    found: fields.len(),
                    expected: header.len(),
                    columns: header.join(","),
                },
            ));
        }
        out.push(row(&fields, at)?);
        lines.push(line);
    }
    if first {
        return Err(import_err(at_line(1), P::EmptyFile));
    }
    Ok((out, lines))
}
