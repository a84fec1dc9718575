//! The view models the app and the CLI show (ts-rs types), and how store records map to them.

use serde::Serialize;
use store::{EntrantId, Format};
use ts_rs::TS;

/// An event as listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct EventView {
    #[ts(type = "number")]
    pub id: i64,
    pub name: String,
    pub date: String,
    /// `swiss` or `round_robin`.
    pub format: String,
    /// Swiss rounds planned; for a round robin, the rounds its field needs (0 before anyone
    /// registered).
    pub rounds_planned: u32,
    pub top_cut: Option<u32>,
    /// `random` or `seeded`.
    pub first_round: String,
    /// The pairing seed, as text.
    pub seed: String,
    pub rounds_paired: u32,
    pub players: u32,
    pub created_at: String,
    /// Every player must register a deck before round 1 is paired.
    pub decks_required: bool,
    /// After an import only: what the file could not carry (an older format; the slips of a
    /// round being played to print again), in the interface language.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub notices: Option<Vec<String>>,
}

/// A registered player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct EntrantView {
    #[ts(type = "number")]
    pub id: i64,
    pub name: String,
    pub people: Option<String>,
    pub seed: u32,
    /// 1 for a player there from the start, later for a late entry.
    pub joined_round: u32,
    /// The last round played before dropping.
    pub dropped_after: Option<u32>,
}

/// One seat at a table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct EntrantSeat {
    #[ts(type = "number")]
    pub entrant: i64,
    pub name: String,
    pub people: Option<String>,
}

/// A recorded result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct TableResultView {
    #[ts(type = "number")]
    pub winner: i64,
    pub winner_name: String,
    pub crystals_a: u8,
    pub crystals_b: u8,
    pub source: ResultSourceKind,
    #[ts(type = "number | null")]
    pub match_id: Option<i64>,
}

/// How a table's result came.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ResultSourceKind {
    /// Typed by the organiser (or set by them when the players' reports disagreed).
    Typed,
    /// Flowed in from a match played in the app.
    Match,
    Import,
    /// Accepted from the two players' agreeing reports on their phones.
    Report,
}

/// One table of a round: two seats, or one seat and a bye.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct PairingTable {
    pub table: u32,
    pub a: EntrantSeat,
    /// `None`: `a` has a bye.
    pub b: Option<EntrantSeat>,
    pub result: Option<TableResultView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct RoundView {
    pub number: u32,
    /// `swiss`, `round_robin` or `top_cut`.
    pub stage: String,
    /// On the projector and the printouts; a prepared round is seen only by the organiser.
    pub published: bool,
    pub tables: Vec<PairingTable>,
    /// Every match of the round has a result.
    pub complete: bool,
    pub results_missing: u32,
}

/// A line of the standings; every number is computed by the `tournament` crate.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct StandingView {
    pub rank: u32,
    #[ts(type = "number")]
    pub entrant: i64,
    pub name: String,
    pub people: Option<String>,
    pub match_points: u32,
    pub wins: u32,
    pub losses: u32,
    pub byes: u32,
    /// Opponents' match-win percentage, 0 to 100.
    pub opponents_match_win: f64,
    /// The same, ready to show (`66.67%`).
    pub opponents_match_win_text: String,
    pub crystals_for: u32,
    pub crystals_against: u32,
    #[ts(type = "number")]
    pub crystal_difference: i64,
    pub head_to_head: u32,
    pub dropped: bool,
}

/// A finished match played in the app between the two players of a table, offered as the
/// table's result. Crystals and the winner are in the table's seat order (A first).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct TableMatch {
    #[ts(type = "number")]
    pub match_id: i64,
    pub winner_name: String,
    pub crystals_a: u32,
    pub crystals_b: u32,
    pub created_at: String,
}

/// A logged correction of a result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct CorrectionView {
    pub round: u32,
    pub table: u32,
    /// `Anna 5-3` style summaries of the old and the new result (winner, crystals A-B).
    pub old: String,
    pub new: String,
    pub reason: String,
    pub corrected_at: String,
}

/// Everything the event page shows.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct EventDetail {
    pub event: EventView,
    pub entrants: Vec<EntrantView>,
    pub rounds: Vec<RoundView>,
    pub standings: Vec<StandingView>,
    pub corrections: Vec<CorrectionView>,
    /// The next round can be paired now (every result is in and rounds remain).
    pub can_pair: bool,
    /// All planned rounds are paired and have results.
    pub finished: bool,
    pub tie_breakers: Vec<String>,
    /// While the event requires deck lists and round 1 is not paired: the players, by name,
    /// who have registered no deck yet (round 1 is refused until this is empty).
    pub decks_missing: Vec<String>,
    /// While [`EventDetail::decks_missing`] holds anyone: why round 1 cannot be paired, the
    /// refusal pairing would give, in the interface language (shown next to the pair button).
    pub pair_held: Option<String>,
}

/// What undoing a round did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct UndoneRound {
    /// The round undone.
    pub number: u32,
    /// The players who dropped after the round was paired: their drop now counts after the
    /// round before (they are not paired when the round is paired again).
    pub drops_moved: Vec<String>,
    /// Players' reports from their phones discarded with the round (the organiser confirmed).
    pub reports_discarded: u32,
    /// What to tell the organiser, in the interface language (names the moved drops).
    pub message: String,
}

/// Files written by an export.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct ExportedFiles {
    pub folder: String,
    pub files: Vec<String>,
}

/// The CSV files of an event, as text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct CsvFiles {
    pub entrants: String,
    pub pairings: String,
    pub results: String,
    /// Each round: prepared or published, and its clock.
    pub rounds: String,
    /// The corrections log with the reasons.
    pub corrections: String,
    /// Each seat's latest report, the report log, the reporting settings.
    pub reports: String,
    pub report_log: String,
    pub reporting: String,
    pub standings: String,
    /// Each registration's deck, a line per card, the card by name too.
    pub decks: String,
}

pub(super) fn format_name(f: &Format) -> &'static str {
    match f {
        Format::Swiss { .. } => "swiss",
        Format::RoundRobin => "round_robin",
    }
}

pub(super) fn stage_name(s: store::Stage) -> &'static str {
    match s {
        store::Stage::Swiss => "swiss",
        store::Stage::RoundRobin => "round_robin",
        store::Stage::TopCut => "top_cut",
    }
}

pub(super) fn source_kind(s: store::ResultSource) -> ResultSourceKind {
    match s {
        store::ResultSource::Typed => ResultSourceKind::Typed,
        store::ResultSource::Match => ResultSourceKind::Match,
        store::ResultSource::Import => ResultSourceKind::Import,
        store::ResultSource::Report => ResultSourceKind::Report,
    }
}

pub(super) fn display_name(entrants: &[store::Entrant], e: EntrantId) -> String {
    entrants
        .iter()
        .find(|x| x.id == e)
        .map(|x| x.name.clone())
        .unwrap_or_else(|| e.to_string())
}

pub(super) fn entrant_view(e: &store::Entrant) -> EntrantView {
    EntrantView {
        id: e.id.0,
        name: e.name.clone(),
        people: e.people.clone(),
        seed: e.seed,
        joined_round: e.joined_round,
        dropped_after: e.dropped_after,
    }
}

pub(super) fn seat(entrants: &[store::Entrant], e: EntrantId) -> EntrantSeat {
    let found = entrants.iter().find(|x| x.id == e);
    EntrantSeat {
        entrant: e.0,
        name: found.map_or_else(|| e.to_string(), |x| x.name.clone()),
        people: found.and_then(|x| x.people.clone()),
    }
}

pub(super) fn table_view(t: &store::Table, entrants: &[store::Entrant]) -> PairingTable {
    PairingTable {
        table: t.table,
        a: seat(entrants, t.a),
        b: t.b.map(|b| seat(entrants, b)),
        result: t.result.as_ref().map(|r| TableResultView {
            winner: r.winner.0,
            winner_name: display_name(entrants, r.winner),
            crystals_a: r.crystals_a,
            crystals_b: r.crystals_b,
            source: source_kind(r.source),
            match_id: r.match_id.map(|m| m.0),
        }),
    }
}

pub(super) fn round_view(r: &store::RoundInfo, entrants: &[store::Entrant]) -> RoundView {
    let missing = r
        .tables
        .iter()
        .filter(|t| t.b.is_some() && t.result.is_none())
        .count() as u32;
    RoundView {
        number: r.number,
        stage: stage_name(r.stage).into(),
        published: r.published,
        tables: r.tables.iter().map(|t| table_view(t, entrants)).collect(),
        complete: missing == 0,
        results_missing: missing,
    }
}

/// A line of the standings, `e`'s (a registration of the event).
pub(super) fn standing_view(st: &store::Standing, e: &store::Entrant) -> StandingView {
    let omw = (st.opponents_match_win.to_f64() * 10_000.0).round() / 100.0;
    StandingView {
        rank: st.rank,
        entrant: st.entrant.0,
        name: e.name.clone(),
        people: e.people.clone(),
        match_points: st.match_points,
        wins: st.wins,
        losses: st.losses,
        byes: st.byes,
        opponents_match_win: omw,
        opponents_match_win_text: format!("{omw:.2}%"),
        crystals_for: st.crystals_for,
        crystals_against: st.crystals_against,
        crystal_difference: st.crystal_difference,
        head_to_head: st.head_to_head,
        dropped: e.dropped_after.is_some(),
    }
}

/// The event as listed: `info` and its `entrants`.
pub(super) fn event_view(info: &store::TournamentInfo, entrants: &[store::Entrant]) -> EventView {
    let (rounds_planned, top_cut) = match info.format {
        Format::Swiss { rounds, top_cut } => (rounds, top_cut),
        Format::RoundRobin => {
            let field = entrants.iter().filter(|e| e.joined_round == 1).count();
            (tournament::round_robin_rounds(field), None)
        }
    };
    EventView {
        id: info.id.0,
        name: info.name.clone(),
        date: info.date.clone(),
        format: format_name(&info.format).into(),
        rounds_planned,
        top_cut,
        first_round: match info.first_round {
            store::FirstRound::Random => "random".into(),
            store::FirstRound::Seeded => "seeded".into(),
        },
        seed: info.seed.to_string(),
        rounds_paired: info.rounds_paired,
        players: entrants.len() as u32,
        created_at: info.created_at.clone(),
        decks_required: info.decks_required,
        notices: None,
    }
}
