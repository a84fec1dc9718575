//! Results of a round's matches: typed in, flowed in from a match played in the app, and
//! corrected later with a reason.

use store::{EntrantId, TournamentId};

use super::refusals::say;
use super::{
    errors::record_error, reporting, store_err, views::display_name, views::table_view,
    views::PairingTable, views::TableMatch, PlayerRef,
};
use crate::error::{Result, ServiceError};
use crate::{Language, Service};

impl Service {
    /// The winner at a table given as entrant id (`#12`), name, or seat (`a`/`b`), and the
    /// table; refusals in `lang`.
    pub(super) fn winner_at(
        &self,
        id: TournamentId,
        round: u32,
        table: u32,
        winner: &PlayerRef,
        lang: Language,
    ) -> Result<(EntrantId, store::Table)> {
        let MatchAt {
            table: t,
            b,
            entrants,
        } = self.match_at(id, round, table, lang)?;
        let name_of = |e: EntrantId| {
            entrants
                .iter()
                .find(|x| x.id == e)
                .map(|x| x.name.to_lowercase())
                .unwrap_or_default()
        };
        let typed = match winner {
            PlayerRef::Seat(seat) => format!("{seat:?}"),
            PlayerRef::Entrant(n) => format!("#{n}"),
            PlayerRef::Typed(text) => text.clone(),
        };
        let w = typed.trim();
        let lw = w.to_lowercase();
        let by_id = |n: i64| [t.a, b].into_iter().find(|e| e.0 == n);
        let pick = match winner {
            PlayerRef::Seat(crate::game::Seat::A) => Some(t.a),
            PlayerRef::Seat(crate::game::Seat::B) => Some(b),
            PlayerRef::Entrant(n) => by_id(*n),
            PlayerRef::Typed(_) if lw == "a" => Some(t.a),
            PlayerRef::Typed(_) if lw == "b" => Some(b),
            PlayerRef::Typed(_) => match w.strip_prefix('#').and_then(|n| n.parse::<i64>().ok()) {
                Some(n) => by_id(n),
                None => [t.a, b].into_iter().find(|e| name_of(*e) == lw),
            },
        };
        let pick = pick.ok_or_else(|| {
            let (a, b) = (display_name(&entrants, t.a), display_name(&entrants, b));
            ServiceError::invalid(say!(
                lang,
                "{w:?} did not play at table {table} of round {round} ({a} v {b}).",
                "{w:?} hat nicht an Tisch {table} von Runde {round} gespielt ({a} gegen {b})."
            ))
        })?;
        Ok((pick, t))
    }

    /// The match at `round`/`table` with its second seat and the event's registrations; a
    /// missing round or table, or a bye (naming its player), refused in `lang`.
    pub(super) fn match_at(
        &self,
        id: TournamentId,
        round: u32,
        table: u32,
        lang: Language,
    ) -> Result<MatchAt> {
        let rounds = self.store.rounds(id).map_err(store_err)?;
        let r = rounds.iter().find(|r| r.number == round).ok_or_else(|| {
            ServiceError::not_found(say!(
                lang,
                "Round {round} has not been paired.",
                "Runde {round} ist nicht ausgelost."
            ))
        })?;
        let t = r
            .tables
            .iter()
            .find(|t| t.table == table)
            .cloned()
            .ok_or_else(|| {
                ServiceError::not_found(say!(
                    lang,
                    "Round {round} has no table {table}.",
                    "Runde {round} hat keinen Tisch {table}."
                ))
            })?;
        let entrants = self.store.entrants(id).map_err(store_err)?;
        let Some(b) = t.b else {
            let bye = display_name(&entrants, t.a);
            return Err(ServiceError::invalid(say!(
                lang,
                "Table {table} of round {round} is a bye for {bye}; it needs no result.",
                "Tisch {table} von Runde {round} ist ein Freilos für {bye}; es braucht kein \
                     Ergebnis."
            )));
        };
        Ok(MatchAt {
            table: t,
            b,
            entrants,
        })
    }

    /// Checks a typed score by the rules (`tournament::MatchResult::score_problem`), in `lang`.
    pub(super) fn check_score(
        t: &store::Table,
        winner: EntrantId,
        (crystals_a, crystals_b): (u8, u8),
        lang: Language,
    ) -> Result<()> {
        let result = tournament::MatchResult {
            a: t.a,
            b: t.b.unwrap_or(t.a),
            winner,
            crystals_a,
            crystals_b,
        };
        match result.score_problem() {
            Some(p) => Err(ServiceError::invalid(reporting::score_problem(p, lang))),
            None => Ok(()),
        }
    }

    pub(super) fn table(&self, id: TournamentId, round: u32, table: u32) -> Result<PairingTable> {
        let entrants = self.store.entrants(id).map_err(store_err)?;
        let rounds = self.store.rounds(id).map_err(store_err)?;
        rounds
            .iter()
            .find(|r| r.number == round)
            .and_then(|r| r.tables.iter().find(|t| t.table == table))
            .map(|t| table_view(t, &entrants))
            .ok_or_else(|| ServiceError::not_found(format!("Round {round} has no table {table}")))
    }

    /// Records a typed-in result: the winner (id, name or seat) and each seat's crystals.
    #[allow(clippy::too_many_arguments)]
    pub fn record_result(
        &mut self,
        event: i64,
        round: u32,
        table: u32,
        winner: impl Into<PlayerRef>,
        crystals_a: u8,
        crystals_b: u8,
        lang: Language,
    ) -> Result<PairingTable> {
        let at = (event, round, table);
        self.typed_result(at, &winner.into(), (crystals_a, crystals_b), None, lang)
    }

    /// Records the result of a match played in the app by the two players at the table.
    pub fn record_result_from_match(
        &mut self,
        event: i64,
        round: u32,
        table: u32,
        match_id: i64,
        lang: Language,
    ) -> Result<PairingTable> {
        let id = TournamentId(event);
        self.match_at(id, round, table, lang)?;
        let (info, state) = self.decide_on(id)?;
        self.store
            .record_result_from_match(id, &state, round, table, store::MatchId(match_id))
            .map_err(|e| record_error(e, &info, lang))?;
        self.table(id, round, table)
    }

    /// The finished matches played in the app between the two players at a table, newest first:
    /// what "result of a match played in the app" offers, instead of asking for a number.
    pub fn matches_at_table(
        &self,
        event: i64,
        round: u32,
        table: u32,
        lang: Language,
    ) -> Result<Vec<TableMatch>> {
        let at = self.match_at(TournamentId(event), round, table, lang)?;
        let entrant = |e: EntrantId| at.entrants.iter().find(|x| x.id == e);
        let (Some(ea), Some(eb)) = (entrant(at.table.a), entrant(at.b)) else {
            return Err(ServiceError::internal(format!(
                "A player at table {table} of round {round} is not registered"
            )));
        };
        let (pa, pb) = (ea.player, eb.player);
        let matches = self.store.list_matches(false).map_err(store_err)?;
        let mut out: Vec<TableMatch> = matches
            .iter()
            .filter_map(|m| {
                let side_a = m.players.iter().position(|p| *p == pa)?;
                let side_b = m.players.iter().position(|p| *p == pb)?;
                let winner = m.winner?;
                let winner_name = if winner.index() == side_a {
                    ea.name.clone()
                } else {
                    eb.name.clone()
                };
                Some(TableMatch {
                    match_id: m.id.0,
                    winner_name,
                    crystals_a: m.crystals_of(store::Side::BOTH[side_a]),
                    crystals_b: m.crystals_of(store::Side::BOTH[side_b]),
                    created_at: m.created_at.clone(),
                })
            })
            .collect();
        out.sort_by_key(|m| std::cmp::Reverse(m.match_id));
        Ok(out)
    }

    /// Corrects a recorded result; the old and new values and the reason are logged (and in
    /// the report log too when the table's players reported).
    #[allow(clippy::too_many_arguments)]
    pub fn correct_result(
        &mut self,
        event: i64,
        round: u32,
        table: u32,
        winner: impl Into<PlayerRef>,
        crystals_a: u8,
        crystals_b: u8,
        reason: &str,
        lang: Language,
    ) -> Result<PairingTable> {
        let at = (event, round, table);
        self.typed_result(
            at,
            &winner.into(),
            (crystals_a, crystals_b),
            Some(reason),
            lang,
        )
    }

    /// A result typed at a table (`at`: event, round and table), the winner as the app or a
    /// person names them: recorded, or the table's result corrected for `reason`. Checked
    /// first: the winner played there, the score is one a match can end with, and the table
    /// has no result yet (or, correcting, has one); then written on the event's state read.
    pub fn typed_result(
        &mut self,
        (event, round, table): (i64, u32, u32),
        winner: &PlayerRef,
        (a, b): (u8, u8),
        reason: Option<&str>,
        lang: Language,
    ) -> Result<PairingTable> {
        let (id, correcting) = (TournamentId(event), reason.is_some());
        let (w, t) = self.winner_at(id, round, table, winner, lang)?;
        Self::check_score(&t, w, (a, b), lang)?;
        match (correcting, t.result.is_some()) {
            (false, true) => {
                return Err(ServiceError::invalid(say!(
                    lang,
                    "Table {table} of round {round} already has a result; correct it instead.",
                    "Tisch {table} von Runde {round} hat schon ein Ergebnis; korrigiere es \
                         stattdessen."
                )))
            }
            (true, false) => {
                return Err(ServiceError::invalid(say!(
                    lang,
                    "Table {table} of round {round} has no result to correct.",
                    "Tisch {table} von Runde {round} hat kein Ergebnis, das korrigiert \
                         werden könnte."
                )))
            }
            _ => {}
        }
        let (info, state) = self.decide_on(id)?;
        match reason {
            None => self.store.record_result(id, &state, round, table, w, a, b),
            Some(why) => (self.store).correct_result(id, &state, round, table, w, a, b, why),
        }
        .map_err(|e| record_error(e, &info, lang))?;
        self.table(id, round, table)
    }
}

/// A match of a round ([`Service::match_at`]): its table, the second seat's player (the
/// first's is `table.a`) and the event's registrations, read with it.
pub(super) struct MatchAt {
    pub table: store::Table,
    pub b: EntrantId,
    pub entrants: Vec<store::Entrant>,
}
