//! An inquisitor's power as the table shows it (issue #33): the engine decides when it may be
//! used and what takes it away (`bluemoon::inquisitor`); this names the cards in English and
//! German, and the page words the rest by `power`.

use bluemoon::construct::InquisitorPower;
use bluemoon::inquisitor::PowerAtTable;
use serde::Serialize;
use ts_rs::TS;

use super::wording::card_label;
use crate::game::Seat;
use crate::Language;

/// Which power it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum InquisitorPowerKind {
    /// Razor-Mind: the player's cards may be played as if they had the REPLACE icon (in the
    /// Leadership phase, as its only action: discard one from hand, draw a replacement).
    Replace,
    /// Weave-Tongue: at the end of the player's turn, one more card may be drawn.
    DrawOneMore,
}

/// One player's inquisitor power at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct InquisitorPowerView {
    pub seat: Seat,
    pub power: InquisitorPowerKind,
    /// The inquisitor's card, named in English and in German ("Razor-Mind Royal Inspector
    /// [Inq 412]").
    pub inquisitor_name: String,
    pub inquisitor_name_de: String,
    /// It may be used now (Razor-Mind: the player's Leadership phase, nothing played yet;
    /// Weave-Tongue: the player's turn, at whose end it comes).
    pub now: bool,
    /// The opponent's active card that takes it away, named in English and German.
    pub ignored_by: Option<String>,
    pub ignored_by_de: Option<String>,
    /// The opponent's active card that leaves it only on the cards it spares.
    pub limited_by: Option<String>,
    pub limited_by_de: Option<String>,
}

impl InquisitorPowerView {
    /// The engine's power, its cards named; `None` for a power the table does not show.
    pub(crate) fn of(catalog: &cards::Catalog, p: &PowerAtTable) -> Option<Self> {
        let power = match p.power {
            InquisitorPower::PlayAsIfReplace => InquisitorPowerKind::Replace,
            InquisitorPower::DrawOneMoreAtEndOfTurn => InquisitorPowerKind::DrawOneMore,
            InquisitorPower::DragonAtStart => return None,
        };
        let named = |c: &bluemoon::CardId, lang| card_label(catalog, c.as_str(), lang);
        let card = p.inquisitor.card();
        Some(InquisitorPowerView {
            seat: p.player,
            power,
            inquisitor_name: named(&card, Language::En),
            inquisitor_name_de: named(&card, Language::De),
            now: p.now,
            ignored_by: p.ignored_by.as_ref().map(|c| named(c, Language::En)),
            ignored_by_de: p.ignored_by.as_ref().map(|c| named(c, Language::De)),
            limited_by: p.limited_by.as_ref().map(|c| named(c, Language::En)),
            limited_by_de: p.limited_by.as_ref().map(|c| named(c, Language::De)),
        })
    }
}
