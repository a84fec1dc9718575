//! What happened, in words: one line per event of the other games' logs, in the interface
//! language, naming players and cards (the history of the app and of the CLI). The engine's
//! events are data; this is how a person reads them back.
//!
//! The lines are one table over the events as the engines store them (`EVENTS.md` of
//! `othergames`: a `type` and named fields): each kind of event has its English and German
//! line, and a `{field}` in it is that field of the event worded for the reader (a player by
//! name, a card by its name, a zone, a number), so no event's fields are spelled out here again.

use othergames::whi::Zone;
use othergames::{CardId, Player};
use serde_json::Value;

use super::refusal::Namer;
use super::OtherAction;

/// The line of each kind of event: the game (`""`: the same in every game), the event's
/// `type`, English, German. `{player}` (and `{starts}`, `{white}`, `{winner}`), `{card}`,
/// `{zone}`, `{from}`, `{to}`, `{amount}` are the event's fields; the others are worded below
/// ([`Namer::part`]).
const LINES: &[(&str, &str, &str, &str)] = &[
    ("", "card_played", "{player} plays {card}{where}.", "{player} spielt {card}{where}."),
    (
        "",
        "card_left",
        "{player}'s {card} leaves play{where}.",
        "{card} von {player} verlässt das Spiel{where}.",
    ),
    ("", "conceded", "{player} concedes.", "{player} gibt auf."),
    ("", "turn_ended", "{player} ends the turn.", "{player} beendet den Zug."),
    (
        "whi",
        "setup",
        "Set-up: {starts} starts; capital sections have {hit_points} + {per_development} per development.",
        "Aufbau: {starts} beginnt; Bereiche der Hauptstadt haben {hit_points} + {per_development} je Entwicklung.",
    ),
    (
        "whi",
        "resources_collected",
        "{player} collects {resources} (kingdom phase).",
        "{player} sammelt {resources} (Königreichsphase).",
    ),
    ("whi", "resources_gained", "{player} gains {resources}.", "{player} erhält {resources}."),
    ("whi", "resources_spent", "{player} spends {resources}.", "{player} gibt {resources} aus."),
    (
        "whi",
        "legend_entered",
        "{player} brings the legend {card} into play{eternal_war}.",
        "{player} bringt die Legende {card} ins Spiel{eternal_war}.",
    ),
    (
        "whi",
        "legend_left",
        "{player}'s legend {card} leaves play.",
        "Die Legende {card} von {player} verlässt das Spiel.",
    ),
    (
        "whi",
        "card_moved",
        "{player}'s {card} moves from the {from} to the {to}.",
        "{card} von {player} wechselt von {from} nach {to}.",
    ),
    (
        "whi",
        "development_played",
        "{player} puts a development in the {zone}.",
        "{player} legt eine Entwicklung ({zone}).",
    ),
    (
        "whi",
        "development_removed",
        "A development leaves {player}'s {zone}.",
        "{player} verliert eine Entwicklung ({zone}).",
    ),
    (
        "whi",
        "damage_dealt",
        "{player}'s {zone} takes {amount} damage.",
        "{zone} von {player} erhält {amount} Schaden.",
    ),
    (
        "whi",
        "damage_healed",
        "{amount} damage healed on {player}'s {zone}.",
        "{amount} Schaden geheilt ({zone} von {player}).",
    ),
    (
        "whi",
        "deck_empty",
        "{player}'s deck is empty: {player} loses.",
        "Das Deck von {player} ist leer: {player} verliert.",
    ),
    ("stccg", "setup", "Set-up: {starts} starts.", "Aufbau: {starts} beginnt."),
    (
        "stccg",
        "points_scored",
        "{player} {points} ({source}{points_card}).",
        "{player} {points} ({source}{points_card}).",
    ),
    (
        "stccg",
        "qs_planet_entered",
        "{player} inserts Q's Planet: 140 points win.",
        "{player} legt Q's Planet aus: 140 Punkte gewinnen.",
    ),
    (
        "stccg",
        "qs_planet_solved",
        "{player} solves Q's Planet: 100 points win again.",
        "{player} löst Q's Planet: wieder gewinnen 100 Punkte.",
    ),
    (
        "stccg",
        "deck_exhausted",
        "{player} draws the last card: the game ends.",
        "{player} zieht die letzte Karte: das Spiel endet.",
    ),
    (
        "stccg",
        "devidian_door_not_shown",
        "{player} cannot show the Devidian Door: {player} loses.",
        "{player} kann die Devidian Door nicht zeigen: {player} verliert.",
    ),
    (
        "stccg",
        "mickey_d_attempt",
        "Mickey D. attempts the mission for {player}: {player} wins.",
        "Mickey D. versucht die Mission für {player}: {player} gewinnt.",
    ),
    ("kc", "setup", "Set-up: {white} plays White.", "Aufbau: {white} spielt Weiß."),
    ("kc", "card_ended", "{player}'s {card} ends.", "{card} von {player} endet."),
    ("kc", "game_won", "{winner} wins {by}.", "{winner} gewinnt {by}."),
    ("kc", "game_drawn", "Drawn {by}.", "Remis {by}."),
    (
        "kc",
        "next_game",
        "Next game: {white} plays White.",
        "Nächstes Spiel: {white} spielt Weiß.",
    ),
];

/// The words of the values of an event's kinds (a source of points, a duration, how a game of
/// Knightmare Chess ended), English and German.
const WORDS: &[(&str, &str, &str)] = &[
    ("mission", "mission", "Mission"),
    ("dilemma", "dilemma", "Dilemma"),
    ("bonus_points", "bonus points", "Bonuspunkte"),
    ("this_turn", "this turn", "diesen Zug"),
    ("continuing", "continuing", "dauerhaft"),
    ("checkmate", "by checkmate", "durch Schachmatt"),
    (
        "last_king_captured",
        "by capturing the last King",
        "durch Schlagen des letzten Königs",
    ),
    (
        "king_of_the_mountain",
        "as King of the Mountain",
        "als König des Berges",
    ),
    ("resignation", "by resignation", "durch Aufgabe"),
    ("stalemate", "by stalemate", "durch Patt"),
    ("agreement", "by agreement", "nach Vereinbarung"),
];

/// `n` things, singular or plural: "1 resource", "3 Ressourcen".
fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl Namer<'_> {
    /// One event as a line of the history.
    pub(crate) fn event(&self, action: &OtherAction) -> String {
        let (game, ev) = match action {
            OtherAction::Whi(e) => ("whi", serde_json::to_value(e)),
            OtherAction::Stccg(e) => ("stccg", serde_json::to_value(e)),
            OtherAction::Kc(e) => ("kc", serde_json::to_value(e)),
        };
        let ev = ev.unwrap_or_default();
        let kind = ev["type"].as_str().unwrap_or_default();
        let Some(&(_, _, en, de)) = LINES
            .iter()
            .find(|(g, k, ..)| (g.is_empty() || *g == game) && *k == kind)
        else {
            // every event of the engines has its line (tested): this is never shown
            return kind.to_owned();
        };
        fill(self.pick(en, de), |field| self.part(&ev, field))
    }

    fn pick<'s>(&self, en: &'s str, de: &'s str) -> &'s str {
        match self.lang {
            crate::Language::En => en,
            crate::Language::De => de,
        }
    }

    /// `{field}` of a line: the event's field worded for the reader.
    fn part(&self, ev: &Value, field: &str) -> String {
        let de = self.lang == crate::Language::De;
        let number = |v: &Value| v.as_u64().unwrap_or_default();
        let word = |v: &Value| {
            let w = WORDS.iter().find(|(k, ..)| Some(*k) == v.as_str());
            w.map(|&(_, en, de)| self.pick(en, de).to_owned())
                .unwrap_or_default()
        };
        let card = |v: &Value| (self.card)(&CardId::new(v.as_str().unwrap_or_default()));
        let v = &ev[field];
        match field {
            "player" | "starts" | "white" | "winner" => {
                match serde_json::from_value::<Player>(v.clone()) {
                    Ok(p) => self.player(p).to_owned(),
                    Err(_) => String::new(),
                }
            }
            "card" => card(v),
            "zone" | "from" | "to" => match serde_json::from_value::<Zone>(v.clone()) {
                Ok(z) => self.zone(z).to_owned(),
                Err(_) => String::new(),
            },
            "amount" => number(v).to_string(),
            "points" => format!("{:+}", v.as_i64().unwrap_or_default()),
            "resources" if de => counted(number(&ev["amount"]), "Ressource", "Ressourcen"),
            "resources" => counted(number(&ev["amount"]), "resource", "resources"),
            "hit_points" if de => counted(number(&v["base"]), "Trefferpunkt", "Trefferpunkte"),
            "hit_points" => counted(number(&v["base"]), "hit point", "hit points"),
            "per_development" => number(&ev["hit_points"][field]).to_string(),
            "eternal_war" if v.as_bool() == Some(true) => self
                .pick(
                    " — Eternal War: 3 zones to win",
                    " — Ewiger Krieg: 3 Zonen zum Sieg",
                )
                .to_owned(),
            "source" | "by" => word(v),
            "points_card" if ev["card"].is_string() => format!(": {}", card(&ev["card"])),
            // where a card is played or leaves from: its zone (Warhammer: Invasion), its
            // target and how long it stays in force (Knightmare Chess)
            "where" if ev["zone"].is_string() => format!(" ({})", self.part(ev, "zone")),
            "where" if !ev["duration"].is_null() => {
                let on = match ev["target"].as_str() {
                    Some(t) => self.pick(" on ", " auf ").to_owned() + t,
                    None => String::new(),
                };
                format!("{on} ({})", self.duration(&ev["duration"]))
            }
            _ => String::new(),
        }
    }

    /// How long a Knightmare Chess card stays in force.
    fn duration(&self, d: &Value) -> String {
        match d["turns"].as_u64() {
            Some(1) => self.pick("1 turn", "1 Zug").to_owned(),
            Some(n) => self.en_de(format!("{n} turns"), format!("{n} Züge")),
            None => WORDS
                .iter()
                .find(|(k, ..)| Some(*k) == d.as_str())
                .map(|&(_, en, de)| self.pick(en, de).to_owned())
                .unwrap_or_default(),
        }
    }
}

/// `line` with each `{field}` replaced by `part(field)`, in one pass: a name that itself reads
/// `{card}` stays as typed.
fn fill(line: &str, part: impl Fn(&str) -> String) -> String {
    let mut out = String::with_capacity(line.len() + 32);
    let mut rest = line;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        out.push_str(&rest[..open]);
        out.push_str(&part(&rest[open + 1..open + close]));
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Language;

    fn parsed(game: &str, json: &str) -> OtherAction {
        match game {
            "whi" => OtherAction::Whi(serde_json::from_str(json).unwrap()),
            "stccg" => OtherAction::Stccg(serde_json::from_str(json).unwrap()),
            _ => OtherAction::Kc(serde_json::from_str(json).unwrap()),
        }
    }

    /// Every kind of event of the three engines, named by an exhaustive match: a kind added to
    /// an engine fails to compile here until it is named, and then the test below until it has
    /// a case, and so a line (the table of lines is keyed by the stored `type`, which the
    /// compiler cannot check).
    macro_rules! kinds {
        ($($game:ident($event:ident::$kind:ident)),* $(,)?) => {
            const ALL_KINDS: &[&str] = &[$(concat!(stringify!($game), " ", stringify!($kind))),*];
            fn kind(action: &OtherAction) -> &'static str {
                use othergames::{kc::KcEvent, stccg::StEvent, whi::WhiEvent};
                match action {
                    $(OtherAction::$game($event::$kind { .. }) =>
                        concat!(stringify!($game), " ", stringify!($kind)),)*
                }
            }
        };
    }
    kinds![
        Whi(WhiEvent::Setup),
        Whi(WhiEvent::ResourcesCollected),
        Whi(WhiEvent::ResourcesGained),
        Whi(WhiEvent::ResourcesSpent),
        Whi(WhiEvent::CardPlayed),
        Whi(WhiEvent::LegendEntered),
        Whi(WhiEvent::LegendLeft),
        Whi(WhiEvent::CardMoved),
        Whi(WhiEvent::CardLeft),
        Whi(WhiEvent::DevelopmentPlayed),
        Whi(WhiEvent::DevelopmentRemoved),
        Whi(WhiEvent::DamageDealt),
        Whi(WhiEvent::DamageHealed),
        Whi(WhiEvent::DeckEmpty),
        Whi(WhiEvent::Conceded),
        Whi(WhiEvent::TurnEnded),
        Stccg(StEvent::Setup),
        Stccg(StEvent::PointsScored),
        Stccg(StEvent::CardPlayed),
        Stccg(StEvent::CardLeft),
        Stccg(StEvent::QsPlanetEntered),
        Stccg(StEvent::QsPlanetSolved),
        Stccg(StEvent::TurnEnded),
        Stccg(StEvent::DeckExhausted),
        Stccg(StEvent::DevidianDoorNotShown),
        Stccg(StEvent::MickeyDAttempt),
        Stccg(StEvent::Conceded),
        Kc(KcEvent::Setup),
        Kc(KcEvent::CardPlayed),
        Kc(KcEvent::CardEnded),
        Kc(KcEvent::TurnEnded),
        Kc(KcEvent::GameWon),
        Kc(KcEvent::GameDrawn),
        Kc(KcEvent::NextGame),
    ];

    /// Every kind of event of the three engines, as stored, and its line in both languages.
    #[test]
    fn every_event_has_its_line_in_both_languages() {
        let names = ["Ann".to_owned(), "Ben {card}".to_owned()];
        let card = |c: &CardId| format!("<{c}>");
        let said = |game: &str, json: &str, lang| {
            let namer = Namer {
                names: &names,
                card: &card,
                lang,
            };
            namer.event(&parsed(game, json))
        };
        let b = r#""player":"B""#;
        let cases = [
            ("whi", r#"{"type":"setup","starts":"A","hit_points":{"base":1,"per_development":2}}"#,
             "Set-up: Ann starts; capital sections have 1 hit point + 2 per development.",
             "Aufbau: Ann beginnt; Bereiche der Hauptstadt haben 1 Trefferpunkt + 2 je Entwicklung."),
            ("whi", &format!(r#"{{"type":"resources_collected",{b},"amount":3}}"#),
             "Ben {card} collects 3 resources (kingdom phase).",
             "Ben {card} sammelt 3 Ressourcen (Königreichsphase)."),
            ("whi", &format!(r#"{{"type":"resources_gained",{b},"amount":1}}"#),
             "Ben {card} gains 1 resource.", "Ben {card} erhält 1 Ressource."),
            ("whi", &format!(r#"{{"type":"resources_spent",{b},"amount":2}}"#),
             "Ben {card} spends 2 resources.", "Ben {card} gibt 2 Ressourcen aus."),
            ("whi", &format!(r#"{{"type":"card_played",{b},"card":"x","zone":"quest"}}"#),
             "Ben {card} plays <x> (Quest zone).", "Ben {card} spielt <x> (Questzone)."),
            ("whi", &format!(r#"{{"type":"legend_entered",{b},"card":"x","eternal_war":true}}"#),
             "Ben {card} brings the legend <x> into play — Eternal War: 3 zones to win.",
             "Ben {card} bringt die Legende <x> ins Spiel — Ewiger Krieg: 3 Zonen zum Sieg."),
            ("whi", &format!(r#"{{"type":"legend_entered",{b},"card":"x"}}"#),
             "Ben {card} brings the legend <x> into play.",
             "Ben {card} bringt die Legende <x> ins Spiel."),
            ("whi", &format!(r#"{{"type":"legend_left",{b},"card":"x"}}"#),
             "Ben {card}'s legend <x> leaves play.",
             "Die Legende <x> von Ben {card} verlässt das Spiel."),
            ("whi", &format!(r#"{{"type":"card_moved",{b},"card":"x","from":"kingdom","to":"battlefield"}}"#),
             "Ben {card}'s <x> moves from the Kingdom to the Battlefield.",
             "<x> von Ben {card} wechselt von Königreich nach Schlachtfeld."),
            ("whi", &format!(r#"{{"type":"card_left",{b},"card":"x","zone":"kingdom"}}"#),
             "Ben {card}'s <x> leaves play (Kingdom).",
             "<x> von Ben {card} verlässt das Spiel (Königreich)."),
            ("whi", &format!(r#"{{"type":"development_played",{b},"zone":"quest"}}"#),
             "Ben {card} puts a development in the Quest zone.",
             "Ben {card} legt eine Entwicklung (Questzone)."),
            ("whi", &format!(r#"{{"type":"development_removed",{b},"zone":"quest"}}"#),
             "A development leaves Ben {card}'s Quest zone.",
             "Ben {card} verliert eine Entwicklung (Questzone)."),
            ("whi", &format!(r#"{{"type":"damage_dealt",{b},"zone":"quest","amount":4}}"#),
             "Ben {card}'s Quest zone takes 4 damage.",
             "Questzone von Ben {card} erhält 4 Schaden."),
            ("whi", &format!(r#"{{"type":"damage_healed",{b},"zone":"quest","amount":4}}"#),
             "4 damage healed on Ben {card}'s Quest zone.",
             "4 Schaden geheilt (Questzone von Ben {card})."),
            ("whi", &format!(r#"{{"type":"deck_empty",{b}}}"#),
             "Ben {card}'s deck is empty: Ben {card} loses.",
             "Das Deck von Ben {card} ist leer: Ben {card} verliert."),
            ("whi", &format!(r#"{{"type":"conceded",{b}}}"#),
             "Ben {card} concedes.", "Ben {card} gibt auf."),
            ("whi", &format!(r#"{{"type":"turn_ended",{b}}}"#),
             "Ben {card} ends the turn.", "Ben {card} beendet den Zug."),
            ("stccg", &format!(r#"{{"type":"conceded",{b}}}"#),
             "Ben {card} concedes.", "Ben {card} gibt auf."),
            ("stccg", &format!(r#"{{"type":"turn_ended",{b}}}"#),
             "Ben {card} ends the turn.", "Ben {card} beendet den Zug."),
            ("stccg", r#"{"type":"setup","starts":"B"}"#,
             "Set-up: Ben {card} starts.", "Aufbau: Ben {card} beginnt."),
            ("stccg", &format!(r#"{{"type":"points_scored",{b},"points":-5,"source":"bonus_points","card":"x"}}"#),
             "Ben {card} -5 (bonus points: <x>).", "Ben {card} -5 (Bonuspunkte: <x>)."),
            ("stccg", &format!(r#"{{"type":"points_scored",{b},"points":20,"source":"mission"}}"#),
             "Ben {card} +20 (mission).", "Ben {card} +20 (Mission)."),
            ("stccg", &format!(r#"{{"type":"card_played",{b},"card":"x"}}"#),
             "Ben {card} plays <x>.", "Ben {card} spielt <x>."),
            ("stccg", &format!(r#"{{"type":"card_left",{b},"card":"x"}}"#),
             "Ben {card}'s <x> leaves play.", "<x> von Ben {card} verlässt das Spiel."),
            ("stccg", &format!(r#"{{"type":"qs_planet_entered",{b}}}"#),
             "Ben {card} inserts Q's Planet: 140 points win.",
             "Ben {card} legt Q's Planet aus: 140 Punkte gewinnen."),
            ("stccg", &format!(r#"{{"type":"qs_planet_solved",{b}}}"#),
             "Ben {card} solves Q's Planet: 100 points win again.",
             "Ben {card} löst Q's Planet: wieder gewinnen 100 Punkte."),
            ("stccg", &format!(r#"{{"type":"deck_exhausted",{b}}}"#),
             "Ben {card} draws the last card: the game ends.",
             "Ben {card} zieht die letzte Karte: das Spiel endet."),
            ("stccg", &format!(r#"{{"type":"devidian_door_not_shown",{b}}}"#),
             "Ben {card} cannot show the Devidian Door: Ben {card} loses.",
             "Ben {card} kann die Devidian Door nicht zeigen: Ben {card} verliert."),
            ("stccg", &format!(r#"{{"type":"mickey_d_attempt",{b}}}"#),
             "Mickey D. attempts the mission for Ben {card}: Ben {card} wins.",
             "Mickey D. versucht die Mission für Ben {card}: Ben {card} gewinnt."),
            ("kc", r#"{"type":"setup","white":"A"}"#,
             "Set-up: Ann plays White.", "Aufbau: Ann spielt Weiß."),
            ("kc", &format!(r#"{{"type":"card_played",{b},"card":"x","duration":{{"turns":3}},"target":"e4"}}"#),
             "Ben {card} plays <x> on e4 (3 turns).", "Ben {card} spielt <x> auf e4 (3 Züge)."),
            ("kc", &format!(r#"{{"type":"card_played",{b},"card":"x","duration":{{"turns":1}}}}"#),
             "Ben {card} plays <x> (1 turn).", "Ben {card} spielt <x> (1 Zug)."),
            ("kc", &format!(r#"{{"type":"card_played",{b},"card":"x","duration":"continuing"}}"#),
             "Ben {card} plays <x> (continuing).", "Ben {card} spielt <x> (dauerhaft)."),
            ("kc", &format!(r#"{{"type":"card_ended",{b},"card":"x"}}"#),
             "Ben {card}'s <x> ends.", "<x> von Ben {card} endet."),
            ("kc", &format!(r#"{{"type":"turn_ended",{b}}}"#),
             "Ben {card} ends the turn.", "Ben {card} beendet den Zug."),
            ("kc", r#"{"type":"game_won","winner":"A","by":"last_king_captured"}"#,
             "Ann wins by capturing the last King.", "Ann gewinnt durch Schlagen des letzten Königs."),
            ("kc", r#"{"type":"game_drawn","by":"agreement"}"#,
             "Drawn by agreement.", "Remis nach Vereinbarung."),
            ("kc", r#"{"type":"next_game","white":"B"}"#,
             "Next game: Ben {card} plays White.", "Nächstes Spiel: Ben {card} spielt Weiß."),
        ];
        for (game, json, en, de) in &cases {
            assert_eq!(said(game, json, Language::En), *en, "{json}");
            assert_eq!(said(game, json, Language::De), *de, "{json}");
        }
        let seen: std::collections::BTreeSet<&str> = cases
            .iter()
            .map(|(game, json, ..)| kind(&parsed(game, json)))
            .collect();
        let untested: Vec<_> = ALL_KINDS.iter().filter(|k| !seen.contains(*k)).collect();
        assert!(
            untested.is_empty(),
            "event kinds without a case here: {untested:?}"
        );
    }

    #[test]
    fn one_resource_or_hit_point_is_singular_in_both_languages() {
        assert_eq!(counted(1, "resource", "resources"), "1 resource");
        assert_eq!(counted(3, "resource", "resources"), "3 resources");
        assert_eq!(counted(1, "Ressource", "Ressourcen"), "1 Ressource");
        assert_eq!(counted(0, "Ressource", "Ressourcen"), "0 Ressourcen");
        assert_eq!(counted(1, "hit point", "hit points"), "1 hit point");
        assert_eq!(
            counted(8, "Trefferpunkt", "Trefferpunkte"),
            "8 Trefferpunkte"
        );
    }
}
