//! The seats' codes a player types to report: made when a round is paired (or when reporting
//! opens on a round that lacks them), and read for the slips and for checking a typed code.

use rusqlite::{params, Connection, Transaction};
use tournament::{EntrantId, Seat};

use super::{current_round, parse_seat, refused, seat_sql, ReportRefusal, SeatCode};
use crate::error::Result;
use crate::ids::TournamentId;
use crate::tournaments::info_in;
use crate::{clock, Store};

/// Creates the missing codes of `round`'s seats with `fresh_code` (a fresh code is drawn again
/// in the unlikely case it is already taken). Called when a round is paired, and again for a
/// round paired before codes were made at pairing (or imported).
pub(crate) fn ensure_codes(
    tx: &Transaction<'_>,
    id: TournamentId,
    round: u32,
    fresh_code: &mut dyn FnMut() -> String,
) -> Result<()> {
    let missing: Vec<(i64, &'static str)> = {
        let mut stmt = tx.prepare_cached(
            "SELECT p.id, s.seat FROM pairings p CROSS JOIN (SELECT 'A' AS seat UNION ALL SELECT 'B') s
             WHERE p.tournament_id = ?1 AND p.round = ?2 AND p.entrant_b IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM seat_codes c WHERE c.pairing_id = p.id AND c.seat = s.seat)
             ORDER BY p.table_no, s.seat",
        )?;
        let rows = stmt.query_map(params![id.0, round], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
        })?;
        rows.map(|r| r.map(|(p, s)| (p, seat_sql(parse_seat(&s)))))
            .collect::<rusqlite::Result<_>>()?
    };
    for (pid, seat) in missing {
        let code = loop {
            let code = fresh_code();
            let taken: bool = tx.query_row(
                "SELECT EXISTS (SELECT 1 FROM seat_codes WHERE code = ?1)",
                [&code],
                |r| r.get(0),
            )?;
            if !taken {
                break code;
            }
        };
        tx.execute(
            "INSERT INTO seat_codes (pairing_id, seat, code, created_at) VALUES (?1, ?2, ?3, ?4)",
            params![pid, seat, code, clock::Stamp::now()],
        )?;
    }
    Ok(())
}

fn codes_in(conn: &Connection, id: TournamentId, round: Option<u32>) -> Result<Vec<SeatCode>> {
    let mut stmt = conn.prepare_cached(
        "SELECT p.round, p.table_no, c.seat, p.entrant_a, p.entrant_b, c.code
         FROM seat_codes c JOIN pairings p ON p.id = c.pairing_id
         WHERE p.tournament_id = ?1 AND (?2 IS NULL OR p.round = ?2)
         ORDER BY p.round, p.table_no, c.seat",
    )?;
    let rows = stmt.query_map(params![id.0, round], |r| {
        let seat = parse_seat(&r.get::<_, String>(2)?);
        let a: i64 = r.get(3)?;
        let b: Option<i64> = r.get(4)?;
        Ok(SeatCode {
            round: r.get(0)?,
            table: r.get(1)?,
            seat,
            entrant: EntrantId(match seat {
                Seat::A => a,
                Seat::B => b.unwrap_or(a),
            }),
            code: r.get(5)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

impl Store {
    /// The seat codes of `round` (the current round when `None`), in table order, seat A
    /// first. Codes are made when a round is paired; for the current round while it is not
    /// final, published or only prepared, codes still missing (a round paired by an older
    /// version, or imported) are created first, so every slip printed has its codes; an
    /// earlier round shows the codes it had.
    pub fn seat_codes(
        &mut self,
        id: TournamentId,
        round: Option<u32>,
        fresh_code: &mut dyn FnMut() -> String,
    ) -> Result<Vec<SeatCode>> {
        let tx = self.write_tx()?;
        info_in(&tx, id)?;
        let Some((current, _, complete)) = current_round(&tx, id)? else {
            return Err(refused(ReportRefusal::NoRound));
        };
        let round = round.unwrap_or(current);
        if round == 0 || round > current {
            return Err(refused(ReportRefusal::NoSuchRound { round }));
        }
        if round == current && !complete {
            ensure_codes(&tx, id, round, fresh_code)?;
        }
        let codes = codes_in(&tx, id, Some(round))?;
        tx.commit()?;
        Ok(codes)
    }

    /// Every seat code of the event with its round, table and seat: what a code a player typed
    /// is compared with (by the service, in constant time), whether it still works or not.
    pub fn all_seat_codes(&self, id: TournamentId) -> Result<Vec<SeatCode>> {
        info_in(&self.conn, id)?;
        codes_in(&self.conn, id, None)
    }
}
