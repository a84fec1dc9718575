//! Results of a round's matches: typed in, flowed in from a match played in the app, and
//! corrected later with a reason.

use store::{EntrantId, TournamentId};

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
        let (t, b) = self.match_at(id, round, table, lang)?;
        let entrants = self.store.entrants(id).map_err(store_err)?;
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
            ServiceError::invalid(match lang {
                Language::En => {
                    format!("{w:?} did not play at table {table} of round {round} ({a} v {b}).")
                }
                Language::De => format!(
                    "{w:?} hat nicht an Tisch {table} von Runde {round} gespielt ({a} gegen {b})."
                ),
            })
        })?;
        Ok((pick, t))
    }

    /// The match at `round`/`table` with its second seat; a missing round or table, or a bye,
    /// refused in `lang`.
    pub(super) fn match_at(
        &self,
        id: TournamentId,
        round: u32,
        table: u32,
        lang: Language,
    ) -> Result<(store::Table, EntrantId)> {
        let rounds = self.store.rounds(id).map_err(store_err)?;
        let r = rounds.iter().find(|r| r.number == round).ok_or_else(|| {
            ServiceError::not_found(match lang {
                Language::En => format!("Round {round} has not been paired."),
                Language::De => format!("Runde {round} ist nicht ausgelost."),
            })
        })?;
        let t = r
            .tables
            .iter()
            .find(|t| t.table == table)
            .cloned()
            .ok_or_else(|| {
                ServiceError::not_found(match lang {
                    Language::En => format!("Round {round} has no table {table}."),
                    Language::De => format!("Runde {round} hat keinen Tisch {table}."),
                })
            })?;
        let Some(b) = t.b else {
            return Err(ServiceError::invalid(match lang {
                Language::En => {
                    format!("Table {table} of round {round} is a bye; it needs no result.")
                }
                Language::De => format!(
                    "Tisch {table} von Runde {round} ist ein Freilos; es braucht kein Ergebnis."
                ),
            }));
        };
        Ok((t, b))
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
        let id = TournamentId(event);
        let (w, info, state) = self.typed_result(
            id,
            (round, table),
            &winner.into(),
            (crystals_a, crystals_b),
            false,
            lang,
        )?;
        self.store
            .record_result(id, &state, round, table, w, crystals_a, crystals_b)
            .map_err(|e| record_error(e, &info, lang))?;
        self.table(id, round, table)
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
    pub fn matches_at_table(&self, event: i64, round: u32, table: u32) -> Result<Vec<TableMatch>> {
        let id = TournamentId(event);
        let t = self.table(id, round, table)?;
        let Some(b) = &t.b else {
            return Err(ServiceError::invalid(format!(
                "Table {table} of round {round} is a bye; it needs no result"
            )));
        };
        let entrants = self.store.entrants(id).map_err(store_err)?;
        let player = |e: i64| entrants.iter().find(|x| x.id.0 == e).map(|x| x.player);
        let (Some(pa), Some(pb)) = (player(t.a.entrant), player(b.entrant)) else {
            return Err(ServiceError::internal(format!(
                "A player at table {table} of round {round} is not registered"
            )));
        };
        let matches = self.store.list_matches(false).map_err(store_err)?;
        let mut out: Vec<TableMatch> = matches
            .iter()
            .filter_map(|m| {
                let side_a = m.players.iter().position(|p| *p == pa)?;
                let side_b = m.players.iter().position(|p| *p == pb)?;
                let winner = m.winner?;
                let winner_name = if winner.index() == side_a {
                    t.a.name.clone()
                } else {
                    b.name.clone()
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
        let id = TournamentId(event);
        let (w, info, state) = self.typed_result(
            id,
            (round, table),
            &winner.into(),
            (crystals_a, crystals_b),
            true,
            lang,
        )?;
        self.store
            .correct_result(id, &state, round, table, w, crystals_a, crystals_b, reason)
            .map_err(|e| record_error(e, &info, lang))?;
        self.table(id, round, table)
    }

    /// A result typed at a table (`at`: round and table), checked before it is recorded or,
    /// when `correcting`, corrected: the winner played there, the score is one a match can end
    /// with, and the table has no result yet (or, correcting, has one). Returns the winner and
    /// the event's state the write is decided on.
    fn typed_result(
        &self,
        id: TournamentId,
        at: (u32, u32),
        winner: &PlayerRef,
        crystals: (u8, u8),
        correcting: bool,
        lang: Language,
    ) -> Result<(EntrantId, store::TournamentInfo, tournament::EventState)> {
        let (round, table) = at;
        let (w, t) = self.winner_at(id, round, table, winner, lang)?;
        Self::check_score(&t, w, crystals, lang)?;
        match (correcting, t.result.is_some()) {
            (false, true) => {
                return Err(ServiceError::invalid(match lang {
                    Language::En => format!(
                        "Table {table} of round {round} already has a result; correct it instead."
                    ),
                    Language::De => format!(
                        "Tisch {table} von Runde {round} hat schon ein Ergebnis; korrigiere es \
                         stattdessen."
                    ),
                }))
            }
            (true, false) => {
                return Err(ServiceError::invalid(match lang {
                    Language::En => {
                        format!("Table {table} of round {round} has no result to correct.")
                    }
                    Language::De => format!(
                        "Tisch {table} von Runde {round} hat kein Ergebnis, das korrigiert \
                         werden könnte."
                    ),
                }))
            }
            _ => {}
        }
        let (info, state) = self.decide_on(id)?;
        Ok((w, info, state))
    }
}
