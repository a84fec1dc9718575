//! The report as plain text, for the command line.

use super::*;

impl PowerReport {
    /// A plain-text rendering for the command line: totals, shields, needed power, then
    /// each card's contribution and each effect's status (effects by kind: the words are the
    /// service's, `tablemate::effect_words`).
    pub fn render_text(&self) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        let el = |e: Option<Element>| match e {
            Some(Element::Fire) => "fire",
            Some(Element::Earth) => "earth",
            None => "not chosen",
        };
        let _ = writeln!(out, "contested element: {}", el(self.contested));
        for p in &self.players {
            let yn = |b: bool| if b { "yes" } else { "no" };
            let _ = writeln!(
                out,
                "{:?}: fire {} (shield {}, needs {}, meets {}) | earth {} (shield {}, needs {}, meets {}) | six-card count {}",
                p.player,
                p.total.fire,
                yn(p.shield.fire),
                p.needed.fire,
                yn(p.meets.fire),
                p.total.earth,
                yn(p.shield.earth),
                p.needed.earth,
                yn(p.meets.earth),
                p.six_card_count
            );
        }
        let _ = writeln!(out, "cards:");
        for c in &self.cards {
            let name = c
                .card
                .as_ref()
                .map_or_else(|| "bluff".to_string(), |c| c.to_string());
            let fd = if c.face_down { " (face down)" } else { "" };
            let status = match &c.status {
                CardStatus::Active if c.counted => String::new(),
                CardStatus::Active => " [not counted]".into(),
                CardStatus::Ignored { by } => format!(" [ignored by {by}]"),
            };
            let _ = writeln!(
                out,
                "  {:?} {:?} {name}{fd}: fire {} earth {} (printed {}/{}){status}",
                c.owner, c.area, c.value.fire, c.value.earth, c.printed.fire, c.printed.earth
            );
            for s in &c.steps {
                let _ = writeln!(
                    out,
                    "      {:?} {} -> {} by {}: {}",
                    s.element,
                    s.from,
                    s.to,
                    s.by,
                    s.cause.kind()
                );
            }
        }
        if !self.effects.is_empty() {
            let _ = writeln!(out, "effects:");
            for e in &self.effects {
                let status = match &e.status {
                    EffectStatus::InForce => "in force".to_string(),
                    EffectStatus::Ignored { by } => format!("ignored by {by}"),
                    EffectStatus::Void { by } => format!("no effect (opposed by {by})"),
                    EffectStatus::NotThisTurn => "not this turn".into(),
                };
                let _ = writeln!(out, "  {:?} {}: {} [{status}]", e.owner, e.card, e.kind);
            }
        }
        for w in &self.warnings {
            let _ = writeln!(out, "warning: {w:?}");
        }
        out
    }
}
