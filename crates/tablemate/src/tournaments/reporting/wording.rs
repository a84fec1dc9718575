//! What reporting says, in English and German: refusals to a player or the organiser, the
//! phone's status line, results. Players by name, never ids or seat letters.

use store::{Agreement, ReportProblem, ReportRefusal, Seat, SeatScore};

use crate::tournaments::refusals::en_de;
use crate::Language;

/// The two players of a table, seat A then seat B.
pub(crate) struct TableNames {
    pub a: String,
    pub b: String,
}

impl TableNames {
    pub fn of(&self, seat: Seat) -> &str {
        match seat {
            Seat::A => &self.a,
            Seat::B => &self.b,
        }
    }
}

/// `Anna won 5–2` / `Anna gewinnt 5:2`: the winner and their crystals first.
pub(crate) fn result_text(score: SeatScore, names: &TableNames, lang: Language) -> String {
    let winner = names.of(score.winner);
    let (w, l) = match score.winner {
        Seat::A => (score.crystals_a, score.crystals_b),
        Seat::B => (score.crystals_b, score.crystals_a),
    };
    en_de(
        lang,
        format!("{winner} won {w}–{l}"),
        format!("{winner} gewinnt {w}:{l}"),
    )
}

pub(crate) fn unknown_code(lang: Language) -> String {
    en_de(
        lang,
        "This code is not valid. Check it against your result slip.".into(),
        "Dieser Code ist ungültig. Vergleiche ihn mit deinem Ergebniszettel.".into(),
    )
}

pub(crate) fn unavailable(lang: Language) -> String {
    en_de(
        lang,
        "Reporting is not available right now. Tell the organiser your result.".into(),
        "Melden geht gerade nicht. Sag der Turnierleitung dein Ergebnis.".into(),
    )
}

/// A score that cannot be right on its own (a report, or a result the organiser typed).
pub(crate) fn problem(p: ReportProblem, lang: Language) -> String {
    match p {
        ReportProblem::TooManyCrystals { max } => en_de(
            lang,
            format!("A player can have at most {max} crystals in a match."),
            format!("Ein Spieler kann in einem Match höchstens {max} Kristalle haben."),
        ),
        ReportProblem::WinnerNotAhead => en_de(
            lang,
            "The winner must have more crystals than the loser.".into(),
            "Wer gewinnt, muss mehr Kristalle haben als wer verliert.".into(),
        ),
        ReportProblem::LoserTooMany { max } => {
            // the crystals that end a match are the rules' number, never written here
            let end = tournament::MATCH_CRYSTALS;
            en_de(
                lang,
                format!(
                    "A match ends when a player reaches {end} crystals, so the loser has at \
                     most {max}."
                ),
                format!(
                    "Eine Partie endet, sobald jemand {end} Kristalle hat; wer verliert, hat \
                     also höchstens {max}."
                ),
            )
        }
    }
}

/// A refusal of the store in the reader's language.
pub(crate) fn refusal(r: &ReportRefusal, names: Option<&TableNames>, lang: Language) -> String {
    use ReportRefusal as R;
    let pair = |names: Option<&TableNames>| {
        names.map_or_else(String::new, |n| format!(" ({} – {})", n.a, n.b))
    };
    match *r {
        R::NoRound => en_de(
            lang,
            "No round has been paired yet.".into(),
            "Es ist noch keine Runde ausgelost.".into(),
        ),
        R::NoSuchRound { round } => en_de(
            lang,
            format!("There is no round {round}."),
            format!("Es gibt keine Runde {round}."),
        ),
        R::NotPublished { round } => en_de(
            lang,
            format!("Round {round} is not published yet; publish it before players report."),
            format!(
                "Runde {round} ist noch nicht veröffentlicht; veröffentliche sie, bevor Spieler melden."
            ),
        ),
        R::AlreadyOpen { round } => en_de(
            lang,
            format!("Reporting is already open for round {round}."),
            format!("Das Melden ist für Runde {round} schon offen."),
        ),
        R::Closed { round } => en_de(
            lang,
            format!("Reporting for round {round} is closed. Tell the organiser your result."),
            format!(
                "Das Melden für Runde {round} ist geschlossen. Sag der Turnierleitung dein Ergebnis."
            ),
        ),
        R::Expired { round } => en_de(
            lang,
            format!("The results of round {round} are final; this code no longer works."),
            format!("Die Ergebnisse von Runde {round} stehen fest; dieser Code gilt nicht mehr."),
        ),
        R::TableFinal { round, table } => en_de(
            lang,
            format!(
                "The result of table {table} in round {round}{} is final; only the organiser can correct it.",
                pair(names)
            ),
            format!(
                "Das Ergebnis an Tisch {table} in Runde {round}{} steht fest; nur die Turnierleitung kann es ändern.",
                pair(names)
            ),
        ),
        R::NoTable { round, table } => en_de(
            lang,
            format!("Round {round} has no match at table {table}."),
            format!("In Runde {round} wird an Tisch {table} nicht gespielt."),
        ),
        R::Problem(p) => problem(p, lang),
        R::NotAgreed {
            round,
            table,
            agreement,
        } => {
            let why = match (agreement, names) {
                (Agreement::Disputed, Some(n)) => en_de(
                    lang,
                    format!("{} and {} reported different results", n.a, n.b),
                    format!("{} und {} haben verschiedene Ergebnisse gemeldet", n.a, n.b),
                ),
                (Agreement::One(seat), Some(n)) => en_de(
                    lang,
                    format!("only {} has reported", n.of(seat)),
                    format!("nur {} hat gemeldet", n.of(seat)),
                ),
                _ => en_de(
                    lang,
                    "nobody has reported".into(),
                    "noch niemand hat gemeldet".into(),
                ),
            };
            en_de(
                lang,
                format!("Table {table} of round {round} has nothing to accept: {why}."),
                format!("An Tisch {table} in Runde {round} gibt es nichts zu bestätigen: {why}."),
            )
        }
        R::NothingReported { round, table } => en_de(
            lang,
            format!("Nobody has reported at table {table} of round {round}{}.", pair(names)),
            format!(
                "An Tisch {table} in Runde {round}{} hat noch niemand gemeldet.",
                pair(names)
            ),
        ),
    }
}

/// A refusal to the organiser (opening, closing, codes, the live view): the round's state in
/// their words; the rest as [`refusal`] words it.
pub(crate) fn for_organiser(r: &ReportRefusal, lang: Language) -> String {
    match *r {
        ReportRefusal::Closed { round } => en_de(
            lang,
            format!("Reporting for round {round} is already closed."),
            format!("Das Melden für Runde {round} ist schon geschlossen."),
        ),
        ReportRefusal::Expired { round } => en_de(
            lang,
            format!("Every result of round {round} is in; there is nothing left to report."),
            format!("Alle Ergebnisse von Runde {round} sind da; es gibt nichts mehr zu melden."),
        ),
        _ => refusal(r, None, lang),
    }
}

/// The phone's status line for the player in `seat`.
pub(crate) fn status(
    agreement: Agreement,
    result: Option<SeatScore>,
    seat: Seat,
    names: &TableNames,
    lang: Language,
) -> String {
    let opponent = names.of(seat.other());
    if let Some(score) = result {
        let text = result_text(score, names, lang);
        return en_de(
            lang,
            format!("Final: {text}."),
            format!("Endergebnis: {text}."),
        );
    }
    match agreement {
        Agreement::Nobody => en_de(
            lang,
            "Nobody has reported yet.".into(),
            "Noch hat niemand gemeldet.".into(),
        ),
        Agreement::One(s) if s == seat => en_de(
            lang,
            format!("Thank you. Waiting for {opponent}'s report."),
            format!("Danke. Wir warten auf die Meldung von {opponent}."),
        ),
        Agreement::One(_) => en_de(
            lang,
            format!("{opponent} has reported. Please report too."),
            format!("{opponent} hat gemeldet. Bitte melde auch."),
        ),
        Agreement::Agreed(_) => en_de(
            lang,
            "Both reports agree. Waiting for the organiser.".into(),
            "Beide Meldungen stimmen überein. Die Turnierleitung bestätigt sie.".into(),
        ),
        Agreement::Disputed => en_de(
            lang,
            format!(
                "Your report and {opponent}'s differ. Check it, or see the organiser."
            ),
            format!(
                "Deine Meldung und die von {opponent} weichen ab. Prüfe sie oder geh zur Turnierleitung."
            ),
        ),
    }
}
