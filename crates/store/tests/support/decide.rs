//! The decisions the service makes before the store records them, for the store's own tests,
//! bench and stress run: read the event's state, let `tournament` decide, record what it
//! decided with the state it decided on. The service does the same (`tablemate/src/
//! tournaments.rs`) and words the refusals for people; here a refusal is a
//! `StoreError::Conflict` with the rules' English, as the store's tests read it.
#![allow(dead_code)] // each test file uses some of these

use store::{
    Acceptance, EntrantId, PlayerId, ReportRefusal, RoundInfo, Store, StoreError, StoredClock,
    TableReports, TournamentId,
};
use tournament::{Agreement, ClockCommand, Seat, SeatReport, SeatScore, TournamentError};

/// What a player's report did, with the agreement at the table after it.
pub struct Reported {
    pub changed: bool,
    pub accepted: bool,
    pub agreement: Agreement,
}

fn agreement_of(t: &TableReports) -> Agreement {
    tournament::agreement(t.report_a.as_ref(), t.report_b.as_ref())
}

type Result<T> = std::result::Result<T, StoreError>;

fn refused(e: TournamentError) -> StoreError {
    match e {
        TournamentError::Refused(why) => StoreError::Conflict(why.to_string()),
        other => StoreError::Tournament(other),
    }
}

pub trait Decide {
    fn register(
        &mut self,
        id: TournamentId,
        player: PlayerId,
        people: Option<&str>,
    ) -> Result<EntrantId>;
    fn register_names(
        &mut self,
        id: TournamentId,
        names: &[&str],
        people: Option<&str>,
    ) -> Result<Vec<EntrantId>>;
    fn pair_next_round(&mut self, id: TournamentId) -> Result<RoundInfo>;
    fn prepare_next_round(&mut self, id: TournamentId) -> Result<RoundInfo>;
    fn undo_last_round(&mut self, id: TournamentId) -> Result<u32>;
    fn drop_entrant(&mut self, id: TournamentId, entrant: EntrantId) -> Result<()>;
    fn take_back_drop(&mut self, id: TournamentId, entrant: EntrantId) -> Result<()>;
    fn command_clock(
        &mut self,
        id: TournamentId,
        command: ClockCommand,
        now_ms: i64,
    ) -> Result<StoredClock>;
    fn report(
        &mut self,
        id: TournamentId,
        at: (u32, u32, Seat),
        report: SeatReport,
        client: &str,
    ) -> Result<Reported>;
    fn accept_reports(&mut self, id: TournamentId, round: u32, table: u32) -> Result<SeatScore>;
}

/// Codes for tests: distinct within a run (the store draws again when one is taken).
pub fn test_code() -> String {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("PAIRCODE{n:04}")
}

fn pair(s: &mut Store, id: TournamentId, published: bool) -> Result<RoundInfo> {
    let state = s.event_state(id)?;
    let next = tournament::next_round(&state).map_err(refused)?;
    s.record_round(id, &state, &next, published, &mut test_code)
}

impl Decide for Store {
    fn register(
        &mut self,
        id: TournamentId,
        player: PlayerId,
        people: Option<&str>,
    ) -> Result<EntrantId> {
        let state = self.event_state(id)?;
        let round = tournament::check_entry(&state, 1).map_err(refused)?;
        self.record_registration(id, &state, player, people, round)
    }

    fn register_names(
        &mut self,
        id: TournamentId,
        names: &[&str],
        people: Option<&str>,
    ) -> Result<Vec<EntrantId>> {
        let state = self.event_state(id)?;
        let round = tournament::check_entry(&state, names.len()).map_err(refused)?;
        self.record_registrations(id, &state, names, people, round)
    }

    fn pair_next_round(&mut self, id: TournamentId) -> Result<RoundInfo> {
        pair(self, id, true)
    }

    fn prepare_next_round(&mut self, id: TournamentId) -> Result<RoundInfo> {
        pair(self, id, false)
    }

    fn undo_last_round(&mut self, id: TournamentId) -> Result<u32> {
        let state = self.event_state(id)?;
        let undo = tournament::round_to_undo(&state).map_err(refused)?;
        self.record_undo(id, &state, &undo)?;
        Ok(undo.number)
    }

    fn drop_entrant(&mut self, id: TournamentId, entrant: EntrantId) -> Result<()> {
        let state = self.event_state(id)?;
        let after = tournament::check_drop(&state, entrant).map_err(refused)?;
        self.record_drop(id, &state, entrant, Some(after))
    }

    fn take_back_drop(&mut self, id: TournamentId, entrant: EntrantId) -> Result<()> {
        let state = self.event_state(id)?;
        tournament::check_take_back_drop(&state, entrant).map_err(refused)?;
        self.record_drop(id, &state, entrant, None)
    }

    fn command_clock(
        &mut self,
        id: TournamentId,
        command: ClockCommand,
        now_ms: i64,
    ) -> Result<StoredClock> {
        let Some(current) = self.round_clock(id)? else {
            return Err(StoreError::Conflict(
                "no round has been paired yet; pair a round to use its clock".into(),
            ));
        };
        let clock = current.clock.apply(command, now_ms).map_err(|e| match e {
            TournamentError::Refused(why) => {
                StoreError::Conflict(format!("round {}: {why}", current.round))
            }
            other => StoreError::Tournament(other),
        })?;
        self.record_clock(id, current.round, &current.clock, clock)
    }

    fn report(
        &mut self,
        id: TournamentId,
        at: (u32, u32, Seat),
        report: SeatReport,
        client: &str,
    ) -> Result<Reported> {
        report
            .check()
            .map_err(|p| StoreError::Report(ReportRefusal::Problem(p)))?;
        let accept = |t: &TableReports, acceptance: Acceptance| match agreement_of(t) {
            Agreement::Agreed(score) if acceptance == Acceptance::AtOnce => Some(score),
            _ => None,
        };
        // the seat's code, as the service finds it from what the player typed (a seat
        // without one gets none that works)
        let code = self
            .all_seat_codes(id)?
            .into_iter()
            .find(|c| (c.round, c.table, c.seat) == at)
            .unwrap_or(store::SeatCode {
                round: at.0,
                table: at.1,
                seat: at.2,
                entrant: EntrantId(0),
                code: String::new(),
            });
        let out = self.record_report(id, &code, report, client, accept)?;
        let t = self.table_reports(id, at.0, at.1)?;
        Ok(Reported {
            changed: out.changed,
            accepted: out.accepted,
            agreement: agreement_of(&t),
        })
    }

    fn accept_reports(&mut self, id: TournamentId, round: u32, table: u32) -> Result<SeatScore> {
        self.record_acceptance(id, round, table, |t| match agreement_of(t) {
            Agreement::Agreed(score) => Ok(score),
            agreement => Err(ReportRefusal::NotAgreed {
                round,
                table,
                agreement,
            }),
        })
    }
}
