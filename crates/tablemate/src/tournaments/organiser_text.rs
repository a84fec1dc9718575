//! What the organiser's commands say when they succeed (`round 1 published`, `registered Ann
//! #1 seed 1`, a round's tables, the standings, the event shown whole), worded here in the
//! interface language beside the refusals (`input_refusals.rs`), so the CLI prints the
//! service's sentences and a German organiser reads German after `settings --language de`.
//! The English lines are the ones the CLI has always printed (scripts may read them).

use super::refusals::say;
use super::{ClockState, ClockView};
use super::{
    EntrantSeat, EntrantView, EventDetail, EventView, PairingTable, ResultSourceKind, RoundView,
    StandingView, TableMatch, TIE_BREAKERS,
};
use crate::Language::{self, De, En};
use std::fmt::Write as _;

/// The tie-breakers in German, in the order of [`TIE_BREAKERS`].
const TIE_BREAKERS_DE: [&str; 5] = [
    "Matchpunkte: 3 für einen Sieg oder ein Freilos, 0 für eine Niederlage (Blue Moon kennt \
     kein Unentschieden).",
    "Match-Gewinnquote der Gegner (jeder Gegner mindestens 33 %; ein Freilos ist kein Gegner).",
    "Kristalldifferenz (gewonnene minus abgegebene Kristalle; ein Freilos zählt 5-0).",
    "Siege im direkten Vergleich unter den noch Gleichstehenden.",
    "Setzplatz (Reihenfolge der Anmeldung).",
];

fn w<'a>(lang: Language, en: &'a str, de: &'a str) -> &'a str {
    match lang {
        En => en,
        De => de,
    }
}

/// `swiss`, `round_robin`, `top_cut`: as the English lines always said them, worded in German.
fn format_word(f: &str, lang: Language) -> String {
    match (f, lang) {
        (_, En) => f.replace('_', " "),
        ("swiss", De) => "Schweizer System".to_owned(),
        ("round_robin", De) => "jeder gegen jeden".to_owned(),
        ("top_cut", De) => "Top-Cut".to_owned(),
        (other, De) => other.replace('_', " "),
    }
}

/// An event's format as its lines show it: the stored word in English (`round_robin`, as the
/// CLI has always printed it), [`format_word`] in German.
fn event_format(f: &str, lang: Language) -> String {
    match lang {
        En => f.to_owned(),
        De => format_word(f, lang),
    }
}

/// " playing Vulca" / " spielt Vulca".
fn playing(people: Option<&str>, lang: Language) -> String {
    people
        .map(|p| format!(" {} {p}", w(lang, "playing", "spielt")))
        .unwrap_or_default()
}

/// ", top 4" / ", Top 4".
fn top_cut(c: Option<u32>, lang: Language) -> String {
    c.map(|c| format!(", {} {c}", w(lang, "top", "Top")))
        .unwrap_or_default()
}

/// A new event: `created event 1: Winter Cup on 2026-11-22 (swiss, 3 rounds)`.
pub fn event_created(e: &EventView, lang: Language) -> String {
    let (format, top) = (event_format(&e.format, lang), top_cut(e.top_cut, lang));
    let decks = if e.decks_required {
        w(lang, ", deck lists required", ", Decklisten verlangt")
    } else {
        ""
    };
    let (id, name, date, rounds) = (e.id, &e.name, &e.date, e.rounds_planned);
    say!(
        lang,
        "created event {id}: {name} on {date} ({format}, {rounds} rounds{top}{decks})",
        "Turnier {id} angelegt: {name} am {date} ({format}, {rounds} Runden{top}{decks})"
    )
}

/// `deck lists required` and, before round 1, who has registered no deck yet.
fn deck_lists_line(missing: &[String], lang: Language) -> String {
    let names = missing.join(", ");
    match missing {
        [] => say!(lang, "deck lists required\n", "Decklisten verlangt\n"),
        _ => say!(
            lang,
            "deck lists required; no deck registered yet: {names}\n",
            "Decklisten verlangt; noch kein Deck angemeldet: {names}\n"
        ),
    }
}

/// `tournament list` with no event.
pub fn no_events(lang: Language) -> &'static str {
    w(lang, "no events yet", "noch keine Turniere")
}

/// One line of `tournament list`.
pub fn event_line(e: &EventView, lang: Language) -> String {
    let format = event_format(&e.format, lang);
    format!(
        "{:>4}  {}  {}  {format}, {} {}, {} {}/{}",
        e.id,
        e.date,
        e.name,
        e.players,
        w(lang, "players", "Spieler"),
        w(lang, "round", "Runde"),
        e.rounds_paired,
        e.rounds_planned
    )
}

/// A player registered: `registered Ann #1 seed 1 playing Vulca (late entry from round 2)`.
pub fn registered(e: &EntrantView, lang: Language) -> String {
    let (name, id, seed, round) = (&e.name, e.id, e.seed, e.joined_round);
    let late = if round > 1 {
        say!(
            lang,
            " (late entry from round {round})",
            " (Nachmeldung ab Runde {round})"
        )
    } else {
        String::new()
    };
    let people = playing(e.people.as_deref(), lang);
    say!(
        lang,
        "registered {name} #{id} seed {seed}{people}{late}",
        "{name} angemeldet, #{id} Setzplatz {seed}{people}{late}"
    )
}

/// A registration corrected: `registration #3 is now Anna playing Vulca`.
pub fn registration_now(e: &EntrantView, lang: Language) -> String {
    let (people, id, name) = (playing(e.people.as_deref(), lang), e.id, &e.name);
    say!(
        lang,
        "registration #{id} is now {name}{people}",
        "Anmeldung #{id} lautet jetzt {name}{people}"
    )
}

/// A registration taken back.
pub fn unregistered(e: &EntrantView, lang: Language) -> String {
    let name = &e.name;
    say!(
        lang,
        "{name} is no longer registered",
        "{name} ist nicht mehr angemeldet"
    )
}

/// A player dropped.
pub fn dropped(e: &EntrantView, lang: Language) -> String {
    let (after, name) = (e.dropped_after.unwrap_or(0), &e.name);
    say!(
        lang,
        "dropped {name} after round {after}",
        "{name} ist nach Runde {after} ausgestiegen"
    )
}

/// A drop taken back.
pub fn back_in(e: &EntrantView, lang: Language) -> String {
    let name = &e.name;
    say!(
        lang,
        "{name} is back in and will be paired",
        "{name} ist wieder dabei und wird gepaart"
    )
}

/// After a round is taken back (the service's sentence of what was undone comes first).
pub fn pair_again(undone: &str, lang: Language) -> String {
    say!(
        lang,
        "{undone} Pair it again when ready.",
        "{undone} Paare sie neu, sobald alles bereit ist."
    )
}

/// A round paired but kept from the players.
pub fn prepared_not_published(lang: Language) -> &'static str {
    w(
        lang,
        "prepared, not published; publish with `tournament publish`",
        "vorbereitet, nicht veröffentlicht; veröffentlichen mit `tournament publish`",
    )
}

/// A prepared round shown to the players.
pub fn published(round: u32, lang: Language) -> String {
    say!(
        lang,
        "round {round} published",
        "Runde {round} veröffentlicht"
    )
}

/// The round clock: `round 1 clock: 49:59 (running; round of 50 minutes)`.
pub fn clock_line(c: &ClockView, lang: Language) -> String {
    let state = match c.state {
        ClockState::NotStarted => w(lang, "not started", "nicht gestartet"),
        ClockState::Running => w(lang, "running", "läuft"),
        ClockState::Paused => w(lang, "paused", "angehalten"),
    };
    let note = if c.overtime {
        w(lang, ", over time", ", Zeit überschritten")
    } else if c.warning {
        w(
            lang,
            ", 5 minutes or less left",
            ", noch 5 Minuten oder weniger",
        )
    } else {
        ""
    };
    let (round, text, minutes) = (c.round, &c.text, c.length_minutes);
    say!(
        lang,
        "round {round} clock: {text} ({state}{note}; round of {minutes} minutes)",
        "Rundenuhr Runde {round}: {text} ({state}{note}; Runde von {minutes} Minuten)"
    )
}

fn seat(s: &EntrantSeat) -> String {
    match &s.people {
        Some(p) => format!("{} ({p})", s.name),
        None => s.name.clone(),
    }
}

/// One table of a round: `table  1: Ann (Vulca) v Ben (Hoax)  5-3, Ann wins [match]`.
pub fn table_line(t: &PairingTable, lang: Language) -> String {
    let table = w(lang, "table", "Tisch");
    let Some(b) = &t.b else {
        let (number, a) = (t.table, seat(&t.a));
        return say!(
            lang,
            "{table} {number:>2}: {a} has a bye",
            "{table} {number:>2}: {a} hat ein Freilos"
        );
    };
    let result = match &t.result {
        Some(r) => {
            let source = match r.source {
                ResultSourceKind::Typed => "",
                ResultSourceKind::Match => w(lang, " [match]", " [Partie]"),
                ResultSourceKind::Import => w(lang, " [import]", " [Import]"),
                ResultSourceKind::Report => w(lang, " [reported]", " [gemeldet]"),
            };
            format!(
                "  {}-{}, {} {}{source}",
                r.crystals_a,
                r.crystals_b,
                r.winner_name,
                w(lang, "wins", "gewinnt")
            )
        }
        None => w(lang, "  (no result yet)", "  (noch kein Ergebnis)").to_owned(),
    };
    format!(
        "{table} {:>2}: {} {} {}{result}",
        t.table,
        seat(&t.a),
        w(lang, "v", "gegen"),
        seat(b)
    )
}

/// A round and its tables, a line each.
pub fn round_text(r: &RoundView, lang: Language) -> String {
    let mut out = format!(
        "{} {} ({})\n",
        w(lang, "round", "Runde"),
        r.number,
        format_word(&r.stage, lang)
    );
    for t in &r.tables {
        out.push_str(&table_line(t, lang));
        out.push('\n');
    }
    out
}

/// A result entered: `round 1 table  1: …`.
pub fn result_recorded(round: u32, t: &PairingTable, lang: Language) -> String {
    format!(
        "{} {round} {}",
        w(lang, "round", "Runde"),
        table_line(t, lang)
    )
}

/// A result corrected: `corrected round 1 table  1: …`.
pub fn result_corrected(round: u32, t: &PairingTable, lang: Language) -> String {
    format!(
        "{} {round} {}",
        w(lang, "corrected round", "korrigiert: Runde"),
        table_line(t, lang)
    )
}

/// No match of the two players at a table was played in the app.
pub fn no_match_found(lang: Language) -> &'static str {
    w(
        lang,
        "no finished match between these two players in the app",
        "keine beendete Partie dieser beiden Spieler in der App",
    )
}

/// A match played in the app between the players at a table.
pub fn match_line(m: &TableMatch, lang: Language) -> String {
    let (id, winner, a, b, at) = (
        m.match_id,
        &m.winner_name,
        m.crystals_a,
        m.crystals_b,
        &m.created_at,
    );
    say!(
        lang,
        "match {id}: {winner} won {a}-{b} (seat A first), {at}",
        "Partie {id}: {winner} gewann {a}-{b} (Sitz A zuerst), {at}"
    )
}

/// The standings as a table with its header.
pub fn standings_text(s: &[StandingView], lang: Language) -> String {
    let head: [&str; 7] = match lang {
        En => ["rank", "player", "pts", "W-L-B", "opp MW%", "crys+-", "h2h"],
        De => [
            "Rang", "Spieler", "Pkt", "S-N-F", "Geg. MG%", "Krist+-", "DV",
        ],
    };
    // "Krist+-" is a letter wider than "crys+-"
    let width = if lang == En { 6 } else { 7 };
    let mut out = format!(
        "{:>4}  {:<24} {:>3} {:>5} {:>8} {:>width$} {:>4}\n",
        head[0], head[1], head[2], head[3], head[4], head[5], head[6]
    );
    for r in s {
        let _ = writeln!(
            out,
            "{:>4}  {:<24} {:>3} {:>5} {:>8} {:>+width$} {:>4}{}",
            r.rank,
            r.name,
            r.match_points,
            format!("{}-{}-{}", r.wins, r.losses, r.byes),
            r.opponents_match_win_text,
            r.crystal_difference,
            r.head_to_head,
            if r.dropped {
                w(lang, "  (dropped)", "  (ausgestiegen)")
            } else {
                ""
            }
        );
    }
    out
}

/// The tie-breakers in order, under their heading (`lines`: the service's English list).
pub fn tie_breakers_text(lines: &[String], lang: Language) -> String {
    let mut out = format!(
        "\n{}\n",
        w(
            lang,
            "tie-breakers, in order:",
            "Gleichstand entscheiden, in dieser Reihenfolge:"
        )
    );
    for (i, line) in lines.iter().enumerate() {
        let line = match lang {
            De => TIE_BREAKERS
                .iter()
                .position(|en| en == line)
                .map_or(line.as_str(), |k| TIE_BREAKERS_DE[k]),
            En => line.as_str(),
        };
        let _ = writeln!(out, "  {}. {line}", i + 1);
    }
    out
}

/// An event imported (`paired`: a whole event, not its players alone).
pub fn imported(e: &EventView, whole: bool, lang: Language) -> String {
    let paired = e.rounds_paired;
    let rounds = if whole {
        say!(lang, "{paired} rounds paired", "{paired} Runden gepaart")
    } else {
        w(lang, "no round paired yet", "noch keine Runde gepaart").to_owned()
    };
    let (id, name, date, players) = (e.id, &e.name, &e.date, e.players);
    say!(
        lang,
        "imported event {id}: {name} on {date} ({players} players, {rounds})",
        "Turnier {id} importiert: {name} am {date} ({players} Spieler, {rounds})"
    )
}

/// A notice of an import (already in the interface language).
pub fn note(notice: &str, lang: Language) -> String {
    format!("{}: {notice}", w(lang, "note", "Hinweis"))
}

/// A file an export wrote.
pub fn wrote(file: &str, lang: Language) -> String {
    format!("{} {file}", w(lang, "wrote", "geschrieben:"))
}

/// `tournament show`: the event, its players, rounds, corrections and standings, and what comes
/// next.
pub fn detail_text(d: &EventDetail, lang: Language) -> String {
    let e = &d.event;
    let (format, top) = (event_format(&e.format, lang), top_cut(e.top_cut, lang));
    let (id, name, date, paired, planned) =
        (e.id, &e.name, &e.date, e.rounds_paired, e.rounds_planned);
    let mut out = say!(
        lang,
        "event {id}: {name} on {date} ({format}, round {paired}/{planned}{top})\n",
        "Turnier {id}: {name} am {date} ({format}, Runde {paired}/{planned}{top})\n"
    );
    if e.decks_required {
        out.push_str(&deck_lists_line(&d.decks_missing, lang));
    }
    let _ = writeln!(
        out,
        "\n{} ({}):",
        w(lang, "players", "Spieler"),
        d.entrants.len()
    );
    for p in &d.entrants {
        let people = p
            .people
            .as_ref()
            .map(|x| format!(" ({x})"))
            .unwrap_or_default();
        let dropped = p
            .dropped_after
            .map(|r| {
                say!(
                    lang,
                    " dropped after round {r}",
                    " ausgestiegen nach Runde {r}"
                )
            })
            .unwrap_or_default();
        let _ = writeln!(out, "  #{:<4} {}{people}{dropped}", p.id, p.name);
    }
    for r in &d.rounds {
        out.push('\n');
        out.push_str(&round_text(r, lang));
    }
    if !d.corrections.is_empty() {
        let _ = writeln!(out, "\n{}", w(lang, "corrections:", "Korrekturen:"));
        for c in &d.corrections {
            let (round, table, old, new) = (c.round, c.table, &c.old, &c.new);
            let (reason, at) = (&c.reason, &c.corrected_at);
            out.push_str(&say!(
                lang,
                "  round {round} table {table}: {old} -> {new} ({reason}) at {at}\n",
                "  Runde {round} Tisch {table}: {old} -> {new} ({reason}) am {at}\n"
            ));
        }
    }
    let _ = writeln!(out, "\n{}", w(lang, "standings:", "Tabelle:"));
    out.push_str(&standings_text(&d.standings, lang));
    if d.can_pair {
        let next = d.rounds.len() + 1;
        out.push_str(&say!(
            lang,
            "\nnext: pair round {next}\n",
            "\nals Nächstes: Runde {next} paaren\n"
        ));
    } else if d.finished {
        let _ = writeln!(
            out,
            "\n{}",
            w(lang, "the event is complete", "das Turnier ist beendet")
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entrant() -> EntrantView {
        EntrantView {
            id: 3,
            name: "Ann".into(),
            people: Some("Vulca".into()),
            seed: 3,
            joined_round: 2,
            dropped_after: Some(1),
        }
    }

    #[test]
    fn every_success_message_is_worded_in_both_languages() {
        let e = entrant();
        let all = |l| {
            vec![
                no_events(l).to_owned(),
                registered(&e, l),
                registration_now(&e, l),
                unregistered(&e, l),
                dropped(&e, l),
                back_in(&e, l),
                pair_again("Round 2 is undone.", l),
                prepared_not_published(l).to_owned(),
                published(2, l),
                no_match_found(l).to_owned(),
                note("x", l),
                wrote("entrants.csv", l),
                tie_breakers_text(&TIE_BREAKERS.map(str::to_owned), l),
            ]
        };
        for (en, de) in all(En).into_iter().zip(all(De)) {
            assert_ne!(en, de, "{en}");
        }
        // the English lines scripts may read, unchanged
        assert_eq!(
            registered(&e, En),
            "registered Ann #3 seed 3 playing Vulca (late entry from round 2)"
        );
        assert_eq!(published(1, En), "round 1 published");
        assert_eq!(
            registered(&e, De),
            "Ann angemeldet, #3 Setzplatz 3 spielt Vulca (Nachmeldung ab Runde 2)"
        );
        assert_eq!(published(1, De), "Runde 1 veröffentlicht");
        // every tie-breaker has its German line
        let de = tie_breakers_text(&TIE_BREAKERS.map(str::to_owned), De);
        for en in TIE_BREAKERS {
            assert!(!de.contains(en), "{de}");
        }
    }

    #[test]
    fn a_table_reads_in_the_interface_language() {
        let t = PairingTable {
            table: 1,
            a: EntrantSeat {
                entrant: 1,
                name: "Ann".into(),
                people: Some("Vulca".into()),
            },
            b: Some(EntrantSeat {
                entrant: 2,
                name: "Ben".into(),
                people: None,
            }),
            result: None,
        };
        assert_eq!(
            table_line(&t, En),
            "table  1: Ann (Vulca) v Ben  (no result yet)"
        );
        assert_eq!(
            table_line(&t, De),
            "Tisch  1: Ann (Vulca) gegen Ben  (noch kein Ergebnis)"
        );
        let bye = PairingTable { b: None, ..t };
        assert_eq!(
            table_line(&bye, De),
            "Tisch  1: Ann (Vulca) hat ein Freilos"
        );
    }
}
