//! The table as plain text in the interface language (`tablemate game show`, `--why`): the
//! same facts as the window's table, its labels worded here once in English and German, so
//! the CLI only prints what the service says.

use super::views::{
    AreasView, BreakdownLine, CardView, DragonPlace, EffectState, EffectView, GameView, PowerView,
    SideView, WarningView,
};
use super::{ElementName, Seat};
use crate::Language::{self, De, En};
use bluemoon::dragons::DragonColour;
use std::fmt::Write as _;

/// One label in both languages.
fn w(lang: Language, en: &'static str, de: &'static str) -> &'static str {
    match lang {
        En => en,
        De => de,
    }
}

/// "fire"/"Feuer": the refusals' one wording of an element.
fn element(e: ElementName, lang: Language) -> &'static str {
    super::element_words(e.element(), lang)
}

/// " shield" after a total that has one.
fn shield_word(lang: Language) -> &'static str {
    w(lang, " shield", " Schild")
}

/// The two elements' words, fire first.
fn fire_and_earth(lang: Language) -> (&'static str, &'static str) {
    (
        element(ElementName::Fire, lang),
        element(ElementName::Earth, lang),
    )
}

/// The areas of a side in the order the table shows them, each with its name.
fn areas(a: &AreasView, lang: Language) -> [(&'static str, &[CardView]); 6] {
    [
        (w(lang, "combat", "Kampf"), a.combat.as_slice()),
        (w(lang, "covered", "verdeckt"), a.covered.as_slice()),
        (w(lang, "support", "Unterstützung"), a.support.as_slice()),
        (w(lang, "leadership", "Führung"), a.leadership.as_slice()),
        (w(lang, "influence", "Einfluss"), a.influence.as_slice()),
        (
            w(lang, "achievement", "Errungenschaften"),
            a.achievement.as_slice(),
        ),
    ]
}

/// An area of the engine's breakdown ("combat", "support", …) in the interface language.
fn area_word(area: &str, lang: Language) -> String {
    match (area, lang) {
        (_, En) => area.to_owned(),
        ("combat", De) => "Kampf".to_owned(),
        ("covered", De) => "verdeckt".to_owned(),
        ("support", De) => "Unterstützung".to_owned(),
        ("leadership", De) => "Führung".to_owned(),
        ("influence", De) => "Einfluss".to_owned(),
        ("achievement", De) => "Errungenschaften".to_owned(),
        (other, De) => other.to_owned(),
    }
}

fn colour(c: DragonColour, lang: Language) -> &'static str {
    match c {
        DragonColour::Red => w(lang, "red", "rot"),
        DragonColour::Green => w(lang, "green", "grün"),
        // the FAQ does not name the third colour; the window draws it blue
        DragonColour::Third => w(lang, "third", "blau"),
    }
}

fn card_text(v: &GameView, c: &CardView, lang: Language) -> String {
    if c.face_down && c.id.is_none() {
        return w(lang, "face-down bluff", "verdeckter Bluff").to_owned();
    }
    let name = match lang {
        En => c.name_en.as_deref().or(c.name_de.as_deref()),
        De => c.name_de.as_deref().or(c.name_en.as_deref()),
    }
    .unwrap_or("");
    let mut s = format!("{name} ({})", c.tag);
    if c.face_down {
        s.push_str(w(lang, " face down", " verdeckt"));
    }
    if let (Some(f), Some(e)) = (c.value_fire, c.value_earth) {
        let _ = write!(s, " {f}/{e}");
    }
    if let Some(t) = &c.target {
        let _ = write!(s, " -> {}", v.card_called(t, lang));
    }
    if let Some(by) = &c.ignored_by {
        let by = v.card_called(by, lang);
        let _ = write!(s, " [{} {by}]", w(lang, "ignored by", "ignoriert durch"));
    }
    s
}

fn status(s: EffectState, lang: Language) -> &'static str {
    match s {
        EffectState::InForce => w(lang, "in force", "wirkt"),
        EffectState::Ignored => w(lang, "ignored", "ignoriert"),
        EffectState::Void => w(lang, "void", "aufgehoben"),
        EffectState::NotThisTurn => w(lang, "not this turn", "nicht in diesem Zug"),
    }
}

/// An effect on the table: whose, which card, what it does, and whether it is in force (`by`:
/// the card that ignores or voids it, as the engine names it).
pub fn effect_text(e: &EffectView, lang: Language, called: &dyn Fn(&str) -> String) -> String {
    let (name, what) = match lang {
        En => (e.card_name.as_str(), e.description.as_str()),
        // the card's German name and printed text, where the catalog has them
        De => (
            e.card_name_de.as_deref().unwrap_or(&e.card_name),
            e.text_de.as_deref().unwrap_or(&e.description),
        ),
    };
    let by =
        e.by.as_deref()
            .map(|b| format!(" {} {}", w(lang, "by", "durch"), called(b)))
            .unwrap_or_default();
    format!(
        "{:?} {name}: {what} [{}{by}]",
        e.owner,
        status(e.status, lang)
    )
}

/// The "why?" breakdown: each card's printed and current values, and each effect's step;
/// `called` names a card given by its id.
pub fn breakdown_text(
    lines: &[BreakdownLine],
    lang: Language,
    called: &dyn Fn(&str) -> String,
) -> String {
    let mut out = String::new();
    for l in lines {
        let status = match &l.ignored_by {
            Some(by) => format!(
                " {} {}",
                w(lang, "ignored by", "ignoriert durch"),
                called(by)
            ),
            None if !l.counted => w(lang, " not counted", " zählt nicht").to_owned(),
            None => String::new(),
        };
        let name = match (lang, &l.card_name_de, l.card.is_some()) {
            (De, Some(de), _) => de.as_str(),
            (De, None, false) => "Bluff",
            _ => l.card_name.as_str(),
        };
        let _ = writeln!(
            out,
            "  {:?} {:<13} {:<28} {} {}/{} -> {} {} {} {}{status}",
            l.owner,
            area_word(&l.area, lang),
            name,
            w(lang, "printed", "gedruckt"),
            l.printed.fire,
            l.printed.earth,
            element(ElementName::Fire, lang),
            l.value.fire,
            element(ElementName::Earth, lang),
            l.value.earth
        );
        for s in &l.steps {
            let effect = match lang {
                En => &s.effect,
                De => &s.effect_de,
            };
            let _ = writeln!(
                out,
                "      {} {} -> {} {} {} ({effect})",
                element(s.element, lang),
                s.from,
                s.to,
                w(lang, "by", "durch"),
                called(&s.by)
            );
        }
    }
    out
}

impl GameView {
    /// A card on the table by its id (`vulca-24`): its name in `lang`, as the table shows it;
    /// the id itself for a card no longer on the table.
    pub fn card_called(&self, id: &str, lang: Language) -> String {
        let on_table = self.players.iter().flat_map(|p| {
            let a = &p.areas;
            a.combat
                .iter()
                .chain(&a.covered)
                .chain(&a.support)
                .chain(&a.leadership)
                .chain(&a.influence)
                .chain(&a.achievement)
        });
        for c in on_table {
            if c.id.as_deref() == Some(id) {
                let name = match lang {
                    En => c.name_en.as_deref().or(c.name_de.as_deref()),
                    De => c.name_de.as_deref().or(c.name_en.as_deref()),
                };
                return name.unwrap_or(&c.tag).to_owned();
            }
        }
        id.to_owned()
    }

    /// The "why?" breakdown of this table in words, its cards named as the table names them.
    pub fn why_text(&self, lang: Language) -> String {
        breakdown_text(&self.breakdown, lang, &|id| self.card_called(id, lang))
    }

    /// A seat's player by name (the seat's letter if the view has no such player).
    pub fn seat_name(&self, s: Seat) -> String {
        self.players
            .iter()
            .find(|p| p.seat == s)
            .map_or_else(|| format!("{s:?}"), |p| p.name.clone())
    }

    /// The table in words, a line per fact (`tablemate game show`): the game, whose turn and
    /// the element; each side's crystals, dragons, totals, shields, what it needs and its
    /// cards by area; the dragons, the last retreat, the effects and the engine's warnings.
    /// How the game ended is [`GameView::ending`], which the caller adds with its own hint.
    pub fn table_text(&self, lang: Language) -> String {
        let mut out = String::new();
        let el = self
            .contested
            .map_or(w(lang, "not chosen", "nicht gewählt"), |e| {
                element(e, lang)
            });
        let turn = self.turn.map_or("-".to_owned(), |t| self.seat_name(t));
        let m = self.match_id.map_or("-".to_owned(), |m| m.to_string());
        let _ = writeln!(
            out,
            "{}",
            match lang {
                En => format!(
                    "game {} (game {} of match {m}), {} events; turn: {turn}; element: {el}",
                    self.id, self.game_no, self.events
                ),
                De => format!(
                    "Spiel {} (Spiel {} der Partie {m}), {} Ereignisse; am Zug: {turn}; Element: {el}",
                    self.id, self.game_no, self.events
                ),
            }
        );
        for p in &self.players {
            self.side_text(&mut out, p, lang);
        }
        let dragons: Vec<String> = self
            .dragons
            .iter()
            .map(|d| {
                let place = match d.position {
                    DragonPlace::Centre => w(lang, "centre", "Mitte").to_owned(),
                    other => other.to_string(),
                };
                format!("{} {place}", colour(d.colour, lang))
            })
            .collect();
        let _ = writeln!(
            out,
            "{}: {}",
            w(lang, "dragons", "Drachen"),
            dragons.join(", ")
        );
        if let Some(r) = &self.last_retreat {
            let mods: String = r
                .modifiers
                .iter()
                .map(|m| format!(", {:+} {}", m.change, m.card))
                .collect();
            let capped = r
                .capped_by
                .as_deref()
                .map(|c| {
                    format!(
                        ", {} {c}",
                        w(lang, "at most one by", "höchstens einer durch")
                    )
                })
                .unwrap_or_default();
            let forbidden = r
                .forbidden_by
                .as_deref()
                .map(|c| format!(", {} {c}", w(lang, "none by", "keiner durch")))
                .unwrap_or_default();
            let loser = self.seat_name(match r.winner {
                Seat::A => Seat::B,
                Seat::B => Seat::A,
            });
            let winner = self.seat_name(r.winner);
            let (n, six) = (r.total, r.six_cards);
            let _ = writeln!(
                out,
                "{}",
                match lang {
                    En => format!(
                        "last retreat: {loser} retreated, {winner} attracted {n} (1 + six cards {six}{mods}{capped}{forbidden})"
                    ),
                    De => format!(
                        "letzter Rückzug: {loser} zog sich zurück, {winner} zog {n} an (1 + sechs Karten {six}{mods}{capped}{forbidden})"
                    ),
                }
            );
        }
        for e in &self.effects {
            let _ = writeln!(
                out,
                "{}: {}",
                w(lang, "effect", "Effekt"),
                effect_text(e, lang, &|id| self.card_called(id, lang))
            );
        }
        warnings_text(&mut out, &self.warnings, lang);
        out
    }

    fn side_text(&self, out: &mut String, p: &SideView, lang: Language) {
        let _ = writeln!(
            out,
            "{:?} {} ({}): {} {}, {} {}",
            p.seat,
            p.name,
            p.people,
            w(lang, "crystals", "Kristalle"),
            p.crystals,
            w(lang, "dragons", "Drachen"),
            p.dragons
        );
        let mark = |e: ElementName| if self.contested == Some(e) { "*" } else { "" };
        let shield = |b: bool| if b { shield_word(lang) } else { "" };
        let (fire, earth) = fire_and_earth(lang);
        let _ = writeln!(
            out,
            "   {fire} {}{}{}  {earth} {}{}{}  {} {fire} {} / {earth} {}",
            p.total.fire,
            mark(ElementName::Fire),
            shield(p.shield.fire),
            p.total.earth,
            mark(ElementName::Earth),
            shield(p.shield.earth),
            w(lang, "needs at least", "braucht mindestens"),
            p.needed.fire,
            p.needed.earth
        );
        for (name, cards) in areas(&p.areas, lang) {
            if !cards.is_empty() {
                let list: Vec<String> = cards.iter().map(|c| card_text(self, c, lang)).collect();
                let _ = writeln!(out, "   {name}: {}", list.join(", "));
            }
        }
        if p.dragons_if_opponent_retreats > 0 && self.game_over.is_none() {
            let n = p.dragons_if_opponent_retreats;
            let _ = writeln!(
                out,
                "   {}",
                match (lang, n) {
                    (En, 1) => "attracts 1 dragon if the opponent retreats now".to_owned(),
                    (En, n) => format!("attracts {n} dragons if the opponent retreats now"),
                    (De, n) =>
                        format!("zieht {n} Drachen an, wenn sich der Gegner jetzt zurückzieht"),
                }
            );
        }
    }
}

impl PowerView {
    /// `tablemate power FILE.json` in words: the contested element, each seat's totals,
    /// shields, what it needs and its six-card count, the "why?" breakdown, the effects and the
    /// engine's warnings (the file's cards are named by their ids, as the file gives them).
    pub fn text(&self, lang: Language) -> String {
        let called = |id: &str| id.to_owned();
        let el = self
            .contested
            .map_or(w(lang, "not chosen", "nicht gewählt"), |e| {
                element(e, lang)
            });
        let mut out = format!(
            "{}: {el}\n",
            w(lang, "contested element", "umkämpftes Element")
        );
        let shield = |b: bool| {
            if b {
                format!(" ({})", shield_word(lang).trim_start())
            } else {
                String::new()
            }
        };
        let (fire, earth) = fire_and_earth(lang);
        for p in &self.players {
            let _ = writeln!(
                out,
                "{:?}: {fire} {}{}  {earth} {}{}  ({} {fire} {} {earth} {}; {} {})",
                p.seat,
                p.total.fire,
                shield(p.shield.fire),
                p.total.earth,
                shield(p.shield.earth),
                w(lang, "needs", "braucht"),
                p.needed.fire,
                p.needed.earth,
                w(lang, "six-card count", "Sechs-Karten-Zahl"),
                p.six_card_count
            );
        }
        let _ = writeln!(out, "{}:", w(lang, "breakdown", "Aufschlüsselung"));
        out.push_str(&breakdown_text(&self.breakdown, lang, &called));
        if !self.effects.is_empty() {
            let _ = writeln!(out, "{}:", w(lang, "effects", "Effekte"));
            for e in &self.effects {
                let _ = writeln!(out, "  {}", effect_text(e, lang, &called));
            }
        }
        warnings_text(&mut out, &self.warnings, lang);
        out
    }
}

/// A table-state file for `tablemate power` that is not UTF-8 text.
pub fn not_utf8(file: &str, lang: Language) -> String {
    match lang {
        En => format!("{file} is not UTF-8 text"),
        De => format!("{file} ist kein UTF-8-Text"),
    }
}

/// The engine's warnings, a line each (the board and `power`'s report).
fn warnings_text(out: &mut String, warnings: &[WarningView], lang: Language) {
    for x in warnings {
        let _ = writeln!(
            out,
            "{}: {}",
            w(lang, "warning", "Warnung"),
            x.message_in(lang)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_label_has_its_german_word() {
        for (en, de) in [
            (
                element(ElementName::Fire, En),
                element(ElementName::Fire, De),
            ),
            (
                element(ElementName::Earth, En),
                element(ElementName::Earth, De),
            ),
            (
                status(EffectState::NotThisTurn, En),
                status(EffectState::NotThisTurn, De),
            ),
            (
                colour(DragonColour::Green, En),
                colour(DragonColour::Green, De),
            ),
        ] {
            assert_ne!(en, de);
        }
        assert_eq!(area_word("leadership", De), "Führung");
        assert_eq!(area_word("leadership", En), "leadership");
    }
}
