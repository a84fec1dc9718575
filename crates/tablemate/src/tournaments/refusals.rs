//! What the tournament rules refuse, worded for the organiser in the interface language, with
//! the event's and the players' names (never ids). The rules give a typed
//! [`tournament::Refusal`]; every sentence an organiser reads about it is here.

use tournament::{ClockRefusal, Refusal};

use crate::Language;

/// One sentence in English and German, whichever `lang` is: the two wordings side by side, each
/// a `format!` string naming the values it shows (`"Round {round} …"`); values given after
/// them are shown by both (`format!` refuses one that either leaves out).
macro_rules! say {
    ($lang:expr, $en:literal, $de:literal $(, $arg:expr)* $(,)?) => {
        match $lang {
            $crate::Language::En => format!($en $(, $arg)*),
            $crate::Language::De => format!($de $(, $arg)*),
        }
    };
}
pub(crate) use say;

/// `en` or `de`, whichever `lang` is (also for the players' reports' wording).
pub(crate) fn en_de(lang: Language, en: String, de: String) -> String {
    match lang {
        Language::En => en,
        Language::De => de,
    }
}

/// A refusal of the rules as a sentence. `who` is the player it is about (drops,
/// registrations), `event` the event's name, `round` the current round (for the clock).
pub(crate) fn refusal(r: Refusal, who: &str, event: &str, round: u32, lang: Language) -> String {
    match r {
        Refusal::RoundOpen { round } => say!(
            lang,
            "Round {round} still has matches without a result.",
            "Runde {round} hat noch Partien ohne Ergebnis."
        ),
        Refusal::PublishFirst { round } => say!(
            lang,
            "Round {round} is prepared but not published yet: publish it first.",
            "Runde {round} ist vorbereitet, aber noch nicht veröffentlicht: veröffentliche \
                 sie zuerst."
        ),
        Refusal::AllRoundsPlayed { rounds } => say!(
            lang,
            "All {rounds} rounds of {event} have been played.",
            "Alle {rounds} Runden von {event} sind gespielt."
        ),
        Refusal::TopCutTooFew { cut, active } => say!(
            lang,
            "The top {cut} cut needs {cut} active players; there are {active}.",
            "Der Top-{cut}-Cut braucht {cut} aktive Spieler, es sind {active}."
        ),
        Refusal::NoRoundToUndo => say!(
            lang,
            "No round of {event} has been paired yet, so there is none to undo.",
            "In {event} ist noch keine Runde ausgelost, also gibt es keine zum Zurücknehmen."
        ),
        Refusal::RoundHasResults { round } => say!(
            lang,
            "Round {round} already has results; only a round without any result can be \
                 undone (correct a result instead).",
            "Runde {round} hat schon Ergebnisse; nur eine Runde ohne Ergebnis kann \
                 zurückgenommen werden (korrigiere stattdessen ein Ergebnis)."
        ),
        Refusal::AlreadyDropped { after } => say!(
            lang,
            "{who} is not an active player: they dropped after round {after}.",
            "{who} spielt nicht mehr mit: nach Runde {after} abgemeldet."
        ),
        Refusal::DropAfterTheEnd => say!(
            lang,
            "{who} cannot drop: the event is over.",
            "{who} kann nicht abgemeldet werden: das Turnier ist vorbei."
        ),
        Refusal::NotDropped => say!(
            lang,
            "{who} has not dropped.",
            "{who} ist nicht abgemeldet."
        ),
        Refusal::DropPairedSince { after } => en_de(
            lang,
            format!(
                "{who} dropped after round {after} and round {} has been paired since; a drop \
                 can only be taken back until the next round is paired.",
                after + 1
            ),
            format!(
                "{who} wurde nach Runde {after} abgemeldet, und Runde {} ist seitdem ausgelost; \
                 eine Abmeldung kann nur zurückgenommen werden, bis die nächste Runde ausgelost \
                 ist.",
                after + 1
            ),
        ),
        Refusal::ReturnAfterTheEnd => say!(
            lang,
            "{who} cannot come back: the event is over.",
            "{who} kann nicht zurückkommen: das Turnier ist vorbei."
        ),
        Refusal::RoundRobinStarted => say!(
            lang,
            "{event} has started; a round robin takes no late entries.",
            "{event} hat begonnen; ein Jeder-gegen-jeden nimmt keine Nachmeldungen."
        ),
        Refusal::SwissAllPaired { rounds } => say!(
            lang,
            "All {rounds} Swiss rounds of {event} have been paired; registration is closed.",
            "Alle {rounds} Schweizer Runden von {event} sind ausgelost; die Anmeldung ist \
                 geschlossen."
        ),
        Refusal::EventFull { max } => say!(
            lang,
            "{event} already has the maximum of {max} players.",
            "{event} hat schon die Höchstzahl von {max} Spielern."
        ),
        Refusal::TopCutOver { .. } => say!(
            lang,
            "The top cut of {event} is over: {who} won it.",
            "Der Top-Cut von {event} ist vorbei: {who} hat ihn gewonnen."
        ),
        Refusal::RegistrationInPlay => say!(
            lang,
            "Round 1 of {event} has been paired, so {who}'s registration can no longer be \
                 corrected or removed; drop {who} instead.",
            "Runde 1 von {event} ist ausgelost, die Anmeldung von {who} kann nicht mehr \
                 geändert oder gelöscht werden; melde {who} stattdessen ab."
        ),
        Refusal::LateEntryNeedsDeck => say!(
            lang,
            "Not registered: {who}. {event} requires deck lists, so a late entry registers \
                 with a saved deck.",
            "Nicht angemeldet: {who}. {event} verlangt Decklisten, also meldet eine \
                 Nachmeldung ein gespeichertes Deck mit an."
        ),
        Refusal::Clock(c) => clock(c, round, lang),
    }
}

fn clock(c: ClockRefusal, round: u32, lang: Language) -> String {
    let (en, de) = match c {
        ClockRefusal::AlreadyStarted => (
            "the clock has already been started; pause or resume it",
            "die Uhr wurde schon gestartet; halte sie an oder lass sie weiterlaufen",
        ),
        ClockRefusal::PauseBeforeStart => (
            "the clock has not been started yet",
            "die Uhr wurde noch nicht gestartet",
        ),
        ClockRefusal::AlreadyPaused => (
            "the clock is already paused",
            "die Uhr ist schon angehalten",
        ),
        ClockRefusal::ResumeBeforeStart => (
            "the clock has not been started yet; start it",
            "die Uhr wurde noch nicht gestartet; starte sie",
        ),
        ClockRefusal::AlreadyRunning => ("the clock is already running", "die Uhr läuft schon"),
    };
    say!(lang, "Round {round}: {en}.", "Runde {round}: {de}.")
}

/// The clock before round 1 is paired.
pub(crate) fn no_clock_yet(event: &str, lang: Language) -> String {
    say!(
        lang,
        "No round of {event} has been paired yet; pair a round to use its clock.",
        "In {event} ist noch keine Runde ausgelost; lose eine Runde aus, um ihre Uhr zu \
             benutzen."
    )
}

/// The event changed between reading it and recording the decision.
pub(crate) fn changed(event: &str, lang: Language) -> String {
    say!(
        lang,
        "{event} changed meanwhile (in another window or on the command line). Nothing was \
             recorded; look at it again and decide again.",
        "{event} wurde inzwischen geändert (in einem anderen Fenster oder auf der \
             Kommandozeile). Nichts wurde gespeichert; sieh es dir neu an und entscheide noch \
             einmal."
    )
}

pub(crate) fn nothing_to_publish(event: &str, lang: Language) -> String {
    say!(
        lang,
        "No round of {event} has been paired yet, so there is none to publish.",
        "In {event} ist noch keine Runde ausgelost, also gibt es keine zu veröffentlichen."
    )
}

pub(crate) fn already_published(round: u32, event: &str, lang: Language) -> String {
    say!(
        lang,
        "Round {round} of {event} is already published.",
        "Runde {round} von {event} ist schon veröffentlicht."
    )
}

pub(crate) fn already_registered(who: &str, event: &str, lang: Language) -> String {
    say!(
        lang,
        "{who} is already registered for {event}.",
        "{who} ist schon für {event} angemeldet."
    )
}

pub(crate) fn not_registered(who: &str, event: &str, lang: Language) -> String {
    say!(
        lang,
        "{who:?} is not registered for {event}.",
        "{who:?} ist nicht für {event} angemeldet."
    )
}

/// Undoing a round whose players reported at `tables`: asked before it is done.
pub(crate) fn undo_reported(number: u32, tables: &[u32], lang: Language) -> String {
    let tables: Vec<String> = tables.iter().map(u32::to_string).collect();
    let tables = list(&tables, lang);
    say!(
        lang,
        "Players have reported their results at table {tables} of round {number}. Undoing \
             the round discards their reports, and the round's codes stop working. Undo round \
             {number} anyway?",
        "An Tisch {tables} von Runde {number} haben Spieler schon ihr Ergebnis gemeldet. \
             Wird die Runde zurückgenommen, sind ihre Meldungen verworfen und die Codes der \
             Runde gelten nicht mehr. Runde {number} trotzdem zurücknehmen?"
    )
}

/// What undoing round `number` did, for the organiser: the round is gone (with `reports`
/// players' reports, which the organiser confirmed), and the players who dropped after it was
/// paired now count as dropped after the round before (they are not paired when it is paired
/// again).
pub(crate) fn undone(number: u32, drops_moved: &[String], reports: u32, lang: Language) -> String {
    let mut done = say!(
        lang,
        "Round {number} was undone.",
        "Runde {number} wurde zurückgenommen."
    );
    if reports > 0 {
        done.push(' ');
        // one report was, several were
        let (en, de) = match reports {
            1 => (
                "1 player's report was".to_owned(),
                "1 Meldung wurde".to_owned(),
            ),
            n => (
                format!("{n} players' reports were"),
                format!("{n} Meldungen wurden"),
            ),
        };
        done.push_str(&say!(
            lang,
            "{en} discarded; the round's codes no longer work.",
            "{de} verworfen; die Codes der Runde gelten nicht mehr."
        ));
    }
    if drops_moved.is_empty() {
        return done;
    }
    let names = list(drops_moved, lang);
    let before = number - 1;
    let moved = match (lang, before) {
        (Language::En, 0) => format!(
            "{names} dropped after it was paired; the drop now counts from round 1, so they \
             are not paired in it."
        ),
        (Language::En, _) => format!(
            "{names} dropped after it was paired; the drop now counts after round {before}, so \
             they are not paired in round {number} again."
        ),
        (Language::De, 0) => format!(
            "Nach der Auslosung abgemeldet: {names}. Die Abmeldung zählt jetzt ab Runde 1; \
             sie werden darin nicht ausgelost."
        ),
        (Language::De, _) => format!(
            "Nach der Auslosung abgemeldet: {names}. Die Abmeldung zählt jetzt nach Runde \
             {before}; sie werden in Runde {number} nicht wieder ausgelost."
        ),
    };
    format!("{done} {moved}")
}

/// Round 1 refused while the event requires deck lists and `names` have registered none.
pub(crate) fn deck_lists_missing(event: &str, names: &[String], lang: Language) -> String {
    let who = list(names, lang);
    // one player has, several have
    let (has, hat) = match names.len() {
        1 => ("has", "hat"),
        _ => ("have", "haben"),
    };
    say!(
        lang,
        "Round 1 of {event} cannot be paired yet: the event requires deck lists, and {who} \
             {has} registered no deck.",
        "Runde 1 von {event} kann noch nicht ausgelost werden: Das Turnier verlangt \
             Decklisten, und {who} {hat} kein Deck angemeldet."
    )
}

/// The players `players` as a sentence lists them (`Anna, Ben and Cleo`), trimmed.
pub(crate) fn names(players: &[&str], lang: Language) -> String {
    let names: Vec<String> = players.iter().map(|p| p.trim().to_owned()).collect();
    list(&names, lang)
}

/// `Anna`, `Anna and Ben`, `Anna, Ben and Cleo` (German `und`).
fn list(names: &[String], lang: Language) -> String {
    let and = say!(lang, "and", "und");
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {and} {last}", rest.join(", ")),
    }
}
