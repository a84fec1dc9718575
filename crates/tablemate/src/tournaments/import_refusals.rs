//! An event import refused, worded for the organiser in the interface language. The store says
//! where in the file and what is wrong ([`store::ImportRefusal`]); the file's own words (the
//! CSV file and column names, `entrants[3]`, `format_version`) stay as the file has them, the
//! sentence around them is English or German.

use store::{ClockProblem, ImportPlace, ImportProblem as P, ImportRefusal, Stage, TextProblem};

use super::refusals::{en_de, say};
use crate::Language;

/// The whole refusal: where, what, and that nothing was imported.
pub(crate) fn import_refusal(r: &ImportRefusal, lang: Language) -> String {
    let at = place(r.at, lang);
    let what = problem(&r.problem, lang);
    say!(
        lang,
        "The import failed at {at}: {what} Nothing was imported.",
        "Der Import ist bei {at} gescheitert: {what} Es wurde nichts importiert."
    )
}

fn place(at: ImportPlace, lang: Language) -> String {
    match at {
        ImportPlace::JsonFile => say!(lang, "the JSON file", "der JSON-Datei"),
        ImportPlace::JsonLine(n) => say!(lang, "line {n}", "Zeile {n}"),
        ImportPlace::Line { list, line } => en_de(
            lang,
            format!("{}.csv line {line}", list.key()),
            format!("{}.csv Zeile {line}", list.key()),
        ),
        ImportPlace::Event => say!(
            lang,
            "the event's name, date and format",
            "Name, Datum und Format des Turniers"
        ),
        // the file's own words
        ImportPlace::FormatVersion | ImportPlace::List { .. } | ImportPlace::Item { .. } => {
            at.to_string()
        }
    }
}

/// `Round 2, table 3`.
fn at_table(round: u32, table: u32, lang: Language) -> String {
    say!(
        lang,
        "Round {round}, table {table}",
        "Runde {round}, Tisch {table}"
    )
}

fn problem(p: &P, lang: Language) -> String {
    // a problem at one table names it first: `Round 2, table 3`
    let at = match *p {
        P::ResultForBye { round, table, .. }
        | P::WinnerDidNotPlay { round, table, .. }
        | P::BadScore { round, table, .. }
        | P::TwoResults { round, table, .. }
        | P::ResultMissing { round, table, .. }
        | P::CorrectionNotAMatch { round, table, .. }
        | P::NothingToCorrect { round, table, .. }
        | P::CorrectionGap { round, table, .. }
        | P::LastCorrectionNotResult { round, table, .. }
        | P::NoSource { round, table, .. }
        | P::ReportNotAMatch { round, table, .. }
        | P::ReportWrongSeat { round, table, .. }
        | P::ReportTwice { round, table, .. }
        | P::LogLineUnlike { round, table, .. }
        | P::SourceNotInLog { round, table, .. } => at_table(round, table, lang),
        _ => String::new(),
    };
    match p {
        P::TooLarge { bytes, max } => say!(
            lang,
            "The file has {bytes} bytes; at most {max} are read.",
            "Die Datei hat {bytes} Bytes; gelesen werden höchstens {max}."
        ),
        P::NotUtf8 => say!(
            lang,
            "The file is not UTF-8 text.",
            "Die Datei ist kein UTF-8-Text."
        ),
        P::NotJson { detail } => say!(
            lang,
            "This is not a Tablemate event file ({detail}).",
            "Das ist keine Turnierdatei von Tablemate ({detail})."
        ),
        P::UnknownVersion { found, max } => say!(
            lang,
            "The file is format version {found}; this Tablemate reads versions 1 to {max}. \
                 Update Tablemate to import it.",
            "Die Datei hat Formatversion {found}; dieses Tablemate liest die Versionen 1 bis \
                 {max}. Aktualisiere Tablemate, um sie zu importieren."
        ),
        P::Version1WithRounds => say!(
            lang,
            "A version 1 file has no rounds or corrections (version 2 has).",
            "Eine Datei der Version 1 hat keine rounds oder corrections (Version 2 hat sie)."
        ),
        P::UnreadableCsv { detail } => say!(
            lang,
            "The CSV cannot be read ({detail}).",
            "Die CSV-Datei kann nicht gelesen werden ({detail})."
        ),
        P::ColumnNotUtf8 { column } => say!(
            lang,
            "Column {column} is not UTF-8 text.",
            "Spalte {column} ist kein UTF-8-Text."
        ),
        P::ColumnTooLong { column, max } => say!(
            lang,
            "Column {column} is longer than {max} characters.",
            "Spalte {column} ist länger als {max} Zeichen."
        ),
        P::WrongColumns { expected, found } => say!(
            lang,
            "The columns must be {expected}; the file has {found}.",
            "Die Spalten müssen {expected} sein; die Datei hat {found}."
        ),
        P::ColumnCount {
            found,
            expected,
            columns,
        } => say!(
            lang,
            "The line has {found} columns, not {expected} ({columns}).",
            "Die Zeile hat {found} Spalten, nicht {expected} ({columns})."
        ),
        P::EmptyFile => say!(lang, "The file is empty.", "Die Datei ist leer."),
        P::NotANumber { column, value } => say!(
            lang,
            "{column} {value:?} is not a number.",
            "{column} {value:?} ist keine Zahl."
        ),
        P::NotAStage { value } => say!(
            lang,
            "stage {value:?} is not swiss, round_robin or top_cut.",
            "stage {value:?} ist weder swiss noch round_robin noch top_cut."
        ),
        P::NotTrueOrFalse { column, value } => say!(
            lang,
            "{column} {value:?} is not true or false.",
            "{column} {value:?} ist weder true noch false."
        ),
        P::NotAClockState { value } => say!(
            lang,
            "clock {value:?} is not not_started, running or paused.",
            "clock {value:?} ist weder not_started noch running noch paused."
        ),
        P::BadText { field, problem } => text(field, *problem, lang),
        P::NotADate { value } => say!(
            lang,
            "{value:?} is not a date like 2026-11-22.",
            "{value:?} ist kein Datum wie 2026-11-22."
        ),
        P::SwissRounds { rounds, .. } => super::swiss_rounds_refusal(*rounds, lang),
        P::TopCut { cut } => super::top_cut_refusal(*cut, lang),
        P::TooManyPlayers { max } => say!(
            lang,
            "An event has at most {max} players.",
            "Ein Turnier hat höchstens {max} Spieler."
        ),
        P::PlayerTwice { name } => say!(
            lang,
            "{name} is listed twice.",
            "{name} steht zweimal in der Liste."
        ),
        P::BadSeed { seed } => say!(
            lang,
            "Seed {seed} is zero or used twice.",
            "Setzplatz {seed} ist null oder doppelt vergeben."
        ),
        P::JoinedRoundZero => say!(
            lang,
            "joined_round starts at 1.",
            "joined_round beginnt bei 1."
        ),
        P::UnknownPlayer { name } => say!(
            lang,
            "{name:?} is not among the entrants.",
            "{name:?} ist nicht unter den Teilnehmern."
        ),
        P::NumberedFromOne => say!(
            lang,
            "Rounds and tables are numbered from 1.",
            "Runden und Tische werden ab 1 gezählt."
        ),
        P::TwoTables { round, table } => say!(
            lang,
            "Round {round} has table {table} twice.",
            "Runde {round} hat Tisch {table} zweimal."
        ),
        P::PairedTwice { name, round } => say!(
            lang,
            "{name} is paired twice in round {round}.",
            "{name} ist in Runde {round} zweimal ausgelost."
        ),
        P::PlaysThemself { name } => say!(
            lang,
            "{name} cannot play against themself.",
            "{name} kann nicht gegen sich selbst spielen."
        ),
        P::PlaysBeforeJoining {
            name,
            round,
            joined,
        } => say!(
            lang,
            "{name} plays in round {round} but joined in round {joined}.",
            "{name} spielt in Runde {round}, kam aber erst in Runde {joined} dazu."
        ),
        P::PlaysAfterDropping {
            name,
            round,
            dropped_after,
        } => say!(
            lang,
            "{name} plays in round {round} but dropped out after round {dropped_after}.",
            "{name} spielt in Runde {round}, wurde aber nach Runde {dropped_after} \
                 abgemeldet."
        ),
        P::MixedStages { round } => say!(
            lang,
            "Round {round} mixes stages.",
            "Runde {round} mischt Turnierphasen."
        ),
        P::RoundMissing { round } => say!(
            lang,
            "Round {round} is missing (rounds are 1, 2, 3…).",
            "Runde {round} fehlt (Runden sind 1, 2, 3 …)."
        ),
        P::StageOutOfPlace {
            round,
            stage,
            swiss_rounds,
        } => stage_out_of_place(*round, *stage, *swiss_rounds, lang),
        P::JoinsTooLate {
            name,
            joined,
            paired,
        } => say!(
            lang,
            "{name} joins in round {joined}, but only {paired} rounds were paired.",
            "{name} kommt in Runde {joined} dazu, aber nur {paired} Runden sind ausgelost."
        ),
        P::DropsTooLate {
            name,
            after,
            paired,
        } => say!(
            lang,
            "{name} drops out after round {after}, but only {paired} rounds were paired.",
            "{name} wird nach Runde {after} abgemeldet, aber nur {paired} Runden sind \
                 ausgelost."
        ),
        P::DropsBeforeJoining { name } => say!(
            lang,
            "{name} drops out before joining.",
            "{name} wird abgemeldet, bevor er oder sie dazukommt."
        ),
        P::NoSuchTable { round, table: t } => say!(
            lang,
            "Round {round} has no table {t}.",
            "Runde {round} hat keinen Tisch {t}."
        ),
        P::ResultForBye { .. } => say!(
            lang,
            "{at} is a bye; it has no result.",
            "{at} ist ein Freilos; es hat kein Ergebnis."
        ),
        P::WinnerDidNotPlay { winner, .. } => say!(
            lang,
            "{at}: the winner {winner} did not play there.",
            "{at}: {winner} hat dort nicht gespielt und kann nicht gewinnen."
        ),
        P::BadScore { problem, .. } => {
            format!("{at}: {}", super::reporting::score_problem(*problem, lang))
        }
        P::TwoResults { .. } => say!(lang, "{at} has two results.", "{at} hat zwei Ergebnisse."),
        P::ResultMissing { paired, .. } => say!(
            lang,
            "{at} has no result, but round {paired} is paired.",
            "{at} hat kein Ergebnis, aber Runde {paired} ist ausgelost."
        ),
        P::RoundNotPaired { round } => say!(
            lang,
            "Round {round} was not paired.",
            "Runde {round} wurde nicht ausgelost."
        ),
        P::BadClock { round, problem } => clock(*round, *problem, lang),
        P::RoundListedTwice { round } => say!(
            lang,
            "Round {round} is listed twice.",
            "Runde {round} steht zweimal in der Liste."
        ),
        P::RoundNotListed { round } => say!(
            lang,
            "Round {round} is paired but not listed.",
            "Runde {round} ist ausgelost, steht aber nicht in der Liste."
        ),
        P::CorrectionNotAMatch { .. } => {
            say!(lang, "{at} is not a match.", "{at} ist keine Partie.")
        }
        P::NothingToCorrect { .. } => say!(
            lang,
            "{at} has no result to correct.",
            "{at} hat kein Ergebnis, das korrigiert werden könnte."
        ),
        P::CorrectionGap { .. } => say!(
            lang,
            "{at}: the correction does not start from the one before it.",
            "{at}: die Korrektur setzt nicht bei der vorigen an."
        ),
        P::NotATime { value } => say!(
            lang,
            "corrected_at {value:?} is not a time like 2026-11-22T04:15:00Z.",
            "corrected_at {value:?} ist keine Zeit wie 2026-11-22T04:15:00Z."
        ),
        P::LastCorrectionNotResult { .. } => say!(
            lang,
            "{at}: the last correction is not the result the file records.",
            "{at}: die letzte Korrektur ist nicht das Ergebnis, das die Datei enthält."
        ),
        P::Rules { detail } => say!(
            lang,
            "The rules refuse the event ({detail}).",
            "Die Regeln lassen das Turnier nicht zu ({detail})."
        ),
        P::BadName { name, problem } => crate::names::name_problem(name, *problem, lang),
        P::SamePerson { first, second } => crate::names::same_person(first, second, lang),
        P::UnpublishedBeforePaired { round, paired } => say!(
            lang,
            "Round {round} is not published, but round {paired} is paired; the app \
                 publishes a round before it pairs the next, so round {round} could never be \
                 published.",
            "Runde {round} ist nicht veröffentlicht, aber Runde {paired} ist ausgelost; die \
                 App veröffentlicht eine Runde, bevor sie die nächste auslost, Runde {round} \
                 könnte also nie veröffentlicht werden."
        ),
        P::OlderWithReports { version } => say!(
            lang,
            "A version {version} file has no result sources, reports or report log \
                 (version 3 has).",
            "Eine Datei der Version {version} hat keine Ergebnisquellen, Meldungen oder \
                 Meldeprotokoll (Version 3 hat sie)."
        ),
        P::NoSource { .. } => say!(
            lang,
            "{at}: the result has no source (typed, match, report or import).",
            "{at}: das Ergebnis hat keine Quelle (typed, match, report oder import)."
        ),
        P::ReportNotAMatch { .. } => say!(
            lang,
            "{at} is no match of the event, so nobody reported there.",
            "{at} ist keine Partie des Turniers, dort kann niemand gemeldet haben."
        ),
        P::ReportWrongSeat { player, seated, .. } => say!(
            lang,
            "{at}: the report is {player}'s, but {seated} sits in that seat.",
            "{at}: die Meldung ist von {player}, aber auf dem Platz sitzt {seated}."
        ),
        P::ReportTwice { player, .. } => say!(
            lang,
            "{at}: {player} has two reports; only the latest is kept.",
            "{at}: {player} hat zwei Meldungen; nur die letzte wird gespeichert."
        ),
        P::LogLineUnlike { .. } => say!(
            lang,
            "{at}: a report log line that the app does not write.",
            "{at}: eine Zeile im Meldeprotokoll, die die App so nicht schreibt."
        ),
        P::SourceNotInLog { .. } => say!(
            lang,
            "{at}: the result's source and the report log disagree (a result from the \
                     players' reports is the one the log's last decision accepted).",
            "{at}: Quelle des Ergebnisses und Meldeprotokoll widersprechen sich (ein \
                     Ergebnis aus den Meldungen ist das, das die letzte Entscheidung im \
                     Protokoll angenommen hat)."
        ),
        P::NotAWord { column, value } => say!(
            lang,
            "{column} {value:?} is not one of the values this column takes.",
            "{column} {value:?} ist keiner der Werte dieser Spalte."
        ),
    }
}

/// What an import has to say beyond the event: what the file could not carry.
pub(crate) fn import_notice(n: &store::ImportNotice, lang: Language) -> String {
    use store::{FilePart, ImportNotice};
    match n {
        ImportNotice::NotInFile { version, parts } => {
            let part = |p: &FilePart| match (p, lang) {
                (FilePart::Rounds, Language::En) => "which rounds were published and their clocks",
                (FilePart::Rounds, Language::De) => {
                    "welche Runden veröffentlicht waren und ihre Uhren"
                }
                (FilePart::Corrections, Language::En) => "the corrections log",
                (FilePart::Corrections, Language::De) => "das Korrekturprotokoll",
                (FilePart::ResultSources, Language::En) => "where each result came from",
                (FilePart::ResultSources, Language::De) => "woher jedes Ergebnis kam",
                (FilePart::Reports, Language::En) => "the players' reports",
                (FilePart::Reports, Language::De) => "die Meldungen der Spieler",
                (FilePart::ReportLog, Language::En) => "the report log",
                (FilePart::ReportLog, Language::De) => "das Meldeprotokoll",
                (FilePart::ReportingSettings, Language::En) => "the reporting settings",
                (FilePart::ReportingSettings, Language::De) => "die Einstellungen zum Melden",
            };
            let list: Vec<&str> = parts.iter().map(part).collect();
            let list = list.join(", ");
            say!(
                lang,
                "This file is format version {version}, which does not hold {list}: the \
                     event has none of them, and its results read as imported.",
                "Diese Datei hat Formatversion {version}, die {list} nicht enthält: das \
                     Turnier hat nichts davon, seine Ergebnisse gelten als importiert."
            )
        }
        ImportNotice::SlipsToReprint { round } => say!(
            lang,
            "Round {round} is still being played. Seat codes are never written to a file \
                 (anyone holding one could report for that player), so the result slips \
                 printed before do not work here: print round {round}'s slips again before \
                 players report from their phones.",
            "Runde {round} läuft noch. Platzcodes stehen nie in einer Datei (wer einen hat, \
                 könnte für diesen Spieler melden), die vorher gedruckten Ergebniszettel \
                 gelten hier also nicht: drucke die Zettel von Runde {round} neu, bevor Spieler \
                 per Handy melden."
        ),
    }
}

fn text(field: &str, p: TextProblem, lang: Language) -> String {
    // the other fields are the file's columns (player, people, reason)
    let field = match field {
        "tournament name" => say!(lang, "The event's name", "Der Turniername"),
        column => column.to_string(),
    };
    match p {
        TextProblem::Empty => say!(lang, "{field} is empty.", "{field} ist leer."),
        TextProblem::TooLong { chars, max } => say!(
            lang,
            "{field} has {chars} characters; at most {max} are allowed.",
            "{field} hat {chars} Zeichen; erlaubt sind höchstens {max}."
        ),
        TextProblem::ControlCharacters => say!(
            lang,
            "{field} contains control characters.",
            "{field} enthält Steuerzeichen."
        ),
    }
}

fn stage_out_of_place(
    round: u32,
    stage: Stage,
    swiss_rounds: Option<u32>,
    lang: Language,
) -> String {
    let name = stage.as_str();
    match (stage, swiss_rounds) {
        (_, None) => say!(
            lang,
            "Round {round} is {name}, but a round robin has no {name} round.",
            "Runde {round} ist {name}, aber Jeder-gegen-jeden hat keine {name}-Runde."
        ),
        (Stage::RoundRobin, Some(_)) => say!(
            lang,
            "Round {round} is round_robin, but the event is Swiss.",
            "Runde {round} ist round_robin, aber das Turnier ist Schweizer System."
        ),
        (Stage::Swiss, Some(n)) => say!(
            lang,
            "Round {round} is swiss, but the event has only {n} Swiss rounds.",
            "Runde {round} ist swiss, aber das Turnier hat nur {n} Schweizer Runden."
        ),
        (Stage::TopCut, Some(_)) => say!(
            lang,
            "Round {round} is top_cut, before the Swiss rounds are done or in an event \
                 without a top cut.",
            "Runde {round} ist top_cut, vor dem Ende der Schweizer Runden oder in einem \
                 Turnier ohne Top-Cut."
        ),
    }
}

fn clock(round: u32, p: ClockProblem, lang: Language) -> String {
    let max = tournament::MAX_ROUND_MINUTES;
    let what = match p {
        ClockProblem::NotStartedHasRun => say!(
            lang,
            "a clock not started has run no time and has no start",
            "eine nicht gestartete Uhr ist nicht gelaufen und hat keinen Start"
        ),
        ClockProblem::RunningWithoutStart => say!(
            lang,
            "a running clock needs clock_running_since_ms",
            "eine laufende Uhr braucht clock_running_since_ms"
        ),
        ClockProblem::PausedWithStart => say!(
            lang,
            "a paused clock has no clock_running_since_ms",
            "eine angehaltene Uhr hat kein clock_running_since_ms"
        ),
        ClockProblem::Length { ms } => say!(
            lang,
            "a round lasts 1 to {max} minutes, not {ms} ms",
            "eine Runde dauert 1 bis {max} Minuten, nicht {ms} ms"
        ),
        ClockProblem::Ran { ms } => say!(
            lang,
            "a round's clock runs at most a year, not {ms} ms",
            "die Uhr einer Runde läuft höchstens ein Jahr, nicht {ms} ms"
        ),
        ClockProblem::Since { ms } => say!(
            lang,
            "a running clock started between the years 2000 and 2100, not at {ms} ms",
            "eine laufende Uhr wurde zwischen 2000 und 2100 gestartet, nicht bei {ms} ms"
        ),
        ClockProblem::StartsLater { since_ms } => {
            let when = store::utc_minute(since_ms);
            say!(
                lang,
                "the clock started at {when}, later than now",
                "die Uhr wurde am {when} gestartet, später als jetzt"
            )
        }
        ClockProblem::Overtime { over_ms } => {
            let minutes = over_ms / 60_000;
            say!(
                lang,
                "the clock is {minutes} minutes over time; a round runs at most a day over",
                "die Uhr ist {minutes} Minuten über der Zeit; eine Runde überzieht höchstens \
                     einen Tag"
            )
        }
    };
    say!(lang, "Round {round}: {what}.", "Runde {round}: {what}.")
}
