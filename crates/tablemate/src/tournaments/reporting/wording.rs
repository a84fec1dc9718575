//! What reporting says, in English and German: refusals to a player or the organiser, the
//! phone's status line, results. Players by name, never ids or seat letters.

use store::{Agreement, ReportProblem, ReportRefusal, Seat, SeatScore};

use crate::tournaments::refusals::{en_de, say};
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
    say!(lang, "{winner} won {w}–{l}", "{winner} gewinnt {w}:{l}")
}

pub(crate) fn unknown_code(lang: Language) -> String {
    say!(
        lang,
        "This code is not valid. Check it against your result slip.",
        "Dieser Code ist ungültig. Vergleiche ihn mit deinem Ergebniszettel."
    )
}

pub(crate) fn unavailable(lang: Language) -> String {
    say!(
        lang,
        "Reporting is not available right now. Tell the organiser your result.",
        "Melden geht gerade nicht. Sag der Turnierleitung dein Ergebnis."
    )
}

/// A score that cannot be right on its own (a report, or a result the organiser typed).
pub(crate) fn problem(p: ReportProblem, lang: Language) -> String {
    match p {
        ReportProblem::TooManyCrystals { max } => say!(
            lang,
            "A player can have at most {max} crystals in a match.",
            "Ein Spieler kann in einem Match höchstens {max} Kristalle haben."
        ),
        ReportProblem::WinnerNotAhead => say!(
            lang,
            "The winner must have more crystals than the loser.",
            "Wer gewinnt, muss mehr Kristalle haben als wer verliert."
        ),
        ReportProblem::LoserTooMany { max } => {
            // the crystals that end a match are the rules' number, never written here
            let end = tournament::MATCH_CRYSTALS;
            say!(
                lang,
                "A match ends when a player reaches {end} crystals, so the loser has at \
                     most {max}.",
                "Eine Partie endet, sobald jemand {end} Kristalle hat; wer verliert, hat \
                     also höchstens {max}."
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
        R::NoRound => say!(lang, "No round has been paired yet.", "Es ist noch keine Runde ausgelost."),
        R::NoSuchRound { round } => say!(lang, "There is no round {round}.", "Es gibt keine Runde {round}."),
        R::NotPublished { round } => say!(lang, "Round {round} is not published yet; publish it before players report.", "Runde {round} ist noch nicht veröffentlicht; veröffentliche sie, bevor Spieler melden."),
        R::AlreadyOpen { round } => say!(lang, "Reporting is already open for round {round}.", "Das Melden ist für Runde {round} schon offen."),
        R::Closed { round } => say!(lang, "Reporting for round {round} is closed. Tell the organiser your result.", "Das Melden für Runde {round} ist geschlossen. Sag der Turnierleitung dein Ergebnis."),
        R::Expired { round } => say!(lang, "The results of round {round} are final; this code no longer works.", "Die Ergebnisse von Runde {round} stehen fest; dieser Code gilt nicht mehr."),
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
        R::NoTable { round, table } => say!(lang, "Round {round} has no match at table {table}.", "In Runde {round} wird an Tisch {table} nicht gespielt."),
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
                _ => say!(lang, "nobody has reported", "noch niemand hat gemeldet"),
            };
            say!(lang, "Table {table} of round {round} has nothing to accept: {why}.", "An Tisch {table} in Runde {round} gibt es nichts zu bestätigen: {why}.")
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
        ReportRefusal::Closed { round } => say!(
            lang,
            "Reporting for round {round} is already closed.",
            "Das Melden für Runde {round} ist schon geschlossen."
        ),
        ReportRefusal::Expired { round } => say!(
            lang,
            "Every result of round {round} is in; there is nothing left to report.",
            "Alle Ergebnisse von Runde {round} sind da; es gibt nichts mehr zu melden."
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
        return say!(lang, "Final: {text}.", "Endergebnis: {text}.");
    }
    match agreement {
        Agreement::Nobody => say!(lang, "Nobody has reported yet.", "Noch hat niemand gemeldet."),
        Agreement::One(s) if s == seat => say!(lang, "Thank you. Waiting for {opponent}'s report.", "Danke. Wir warten auf die Meldung von {opponent}."),
        Agreement::One(_) => say!(lang, "{opponent} has reported. Please report too.", "{opponent} hat gemeldet. Bitte melde auch."),
        Agreement::Agreed(_) => say!(lang, "Both reports agree. Waiting for the organiser.", "Beide Meldungen stimmen überein. Die Turnierleitung bestätigt sie."),
        Agreement::Disputed => say!(lang, "Your report and {opponent}'s differ. Check it, or see the organiser.", "Deine Meldung und die von {opponent} weichen ab. Prüfe sie oder geh zur Turnierleitung."),
    }
}
