//! The logs the statistics of the other games are computed from: every game of one kind with
//! its players' names and its events, in one read. The store does not judge the games (a
//! Knightmare Chess match still being played holds finished games): the service folds each
//! log with the game's engine.

use std::collections::BTreeMap;

use crate::error::Result;
use crate::othergames::{OtherGameId, OtherKind};
use crate::Store;

/// One game's log for the statistics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OtherLog {
    pub id: OtherGameId,
    pub player_names: [String; 2],
    /// The events' JSON, in order (the setup first).
    pub payloads: Vec<String>,
}

impl Store {
    /// Every game of `kind` (oldest first) with its events, in one query.
    pub fn other_logs(&self, kind: OtherKind) -> Result<Vec<OtherLog>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT g.id, pa.name, pb.name, e.payload
             FROM other_games g
             JOIN players pa ON pa.id = g.player_a JOIN players pb ON pb.id = g.player_b
             JOIN log_events e ON e.log_id = g.log_id
             WHERE g.kind = ?1
             ORDER BY g.id, e.seq",
        )?;
        let rows = stmt.query_map([kind.code()], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
            ))
        })?;
        let mut logs: BTreeMap<i64, OtherLog> = BTreeMap::new();
        for row in rows {
            let (id, a, b, payload) = row?;
            logs.entry(id)
                .or_insert_with(|| OtherLog {
                    id: OtherGameId(id),
                    player_names: [a, b],
                    payloads: Vec::new(),
                })
                .payloads
                .push(payload);
        }
        Ok(logs.into_values().collect())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // tests
    use super::*;
    use crate::othergames::NewOtherGame;
    use crate::Outcome;

    fn game(store: &mut Store, kind: OtherKind, players: [&str; 2]) -> OtherGameId {
        store
            .create_other_game(&NewOtherGame {
                kind,
                players: players.map(str::to_owned),
                setup: r#"{"v":1,"type":"setup"}"#.into(),
            })
            .unwrap()
    }

    #[test]
    fn logs_of_one_kind_with_their_events_in_order_and_nothing_undone() {
        let mut s = Store::open_in_memory().unwrap();
        let w = game(&mut s, OtherKind::Whi, ["Ann", "Ben"]);
        let k = game(&mut s, OtherKind::Kc, ["Cy", "Di"]);
        s.append(
            s.other_game(w).unwrap().game(),
            s.other_game(w).unwrap().revision,
            r#"{"n":2}"#,
            Outcome::Playing,
        )
        .unwrap();
        s.append(
            s.other_game(w).unwrap().game(),
            s.other_game(w).unwrap().revision,
            r#"{"n":3}"#,
            Outcome::Playing,
        )
        .unwrap();
        s.undo(
            s.other_game(w).unwrap().game(),
            s.other_game(w).unwrap().revision,
            Outcome::Playing,
        )
        .unwrap();
        s.append(
            s.other_game(k).unwrap().game(),
            s.other_game(k).unwrap().revision,
            r#"{"n":9}"#,
            Outcome::Playing,
        )
        .unwrap();
        let logs = s.other_logs(OtherKind::Whi).unwrap();
        assert_eq!(logs.len(), 1);
        assert_eq!(logs[0].id, w);
        assert_eq!(logs[0].player_names, ["Ann".to_owned(), "Ben".to_owned()]);
        assert_eq!(
            logs[0].payloads,
            vec![r#"{"v":1,"type":"setup"}"#.to_owned(), r#"{"n":2}"#.into()]
        );
        assert!(s.other_logs(OtherKind::Stccg).unwrap().is_empty());
        assert_eq!(s.other_logs(OtherKind::Kc).unwrap()[0].payloads.len(), 2);
    }
}
