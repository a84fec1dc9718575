//! The one write of an import, after every check passed: the event, its players (a player
//! already here by the same name is the same person), rounds, results, corrections and the
//! players' side, in one transaction.

use std::collections::HashMap;

use rusqlite::params;
use tournament::{EntrantId, Pairing};

use super::import_checks::{check, Checked, Locations};
use super::reporting::{self, ImportNotice, Imported};
use super::{import_err, Parsed};
use crate::decks::DeckContent;
use crate::error::{Result, StoreError};
use crate::import_problem::{ImportList, ImportProblem as P};
use crate::tournaments::{
    entrants_in, insert_round, insert_tournament, rounds_in, standing_rows, Entrant, RoundInfo,
};
use crate::{clock, ResultSource, Store};

impl Store {
    /// Checks an import (`import_checks`) and writes it, all or nothing.
    pub(super) fn import_checked(
        &mut self,
        input: &Parsed<'_>,
        loc: &Locations,
    ) -> Result<Imported> {
        let now = clock::Stamp::now();
        let checked = check(input, loc, chrono::Utc::now().timestamp_millis())?;
        let Checked {
            name,
            date,
            entrants: clean_entrants,
            rounds,
            decided,
            settings,
            corrections,
            reporting,
        } = checked;
        let event = input.event;
        // each registration's deck: a registered player's, once, its list as the store keeps
        // a deck (checked before anything is written)
        let mut decks = Vec::with_capacity(input.decks.len());
        for (i, d) in input.decks.iter().enumerate() {
            let at = loc.at(ImportList::Decks, i);
            let Some(entrant) = clean_entrants
                .iter()
                .position(|(player, _, _)| player == d.player.trim())
            else {
                return Err(import_err(
                    at,
                    P::UnknownPlayer {
                        name: d.player.clone(),
                    },
                ));
            };
            if decks.iter().any(|(e, _, _, _)| *e == entrant) {
                return Err(import_err(
                    at,
                    P::PlayerTwice {
                        name: d.player.clone(),
                    },
                ));
            }
            let content = DeckContent {
                people: d.people.clone(),
                inquisitor: d.inquisitor.clone(),
                emissaries_inquisitors: d.emissaries_inquisitors,
                buka: d.buka,
                cards: d.cards.clone(),
            };
            let cards = crate::decks::checked(&content)
                .and_then(|c| crate::ids::label("deck name", &d.name, 200).map(|n| (n, c)))
                .map_err(|e| {
                    import_err(
                        at,
                        P::Rules {
                            detail: e.to_string(),
                        },
                    )
                })?;
            decks.push((entrant, cards.0, content, cards.1));
        }
        let tx = self.write_tx()?;
        let header = super::EventHeader {
            name: name.clone(),
            date: date.clone(),
            ..event.clone()
        };
        let id = insert_tournament(&tx, &header, &now)?;
        let mut entrant_ids = Vec::with_capacity(clean_entrants.len());
        let mut pairing_ids: HashMap<(u32, u32), i64> = HashMap::new();
        for (player, people, e) in &clean_entrants {
            // the same person as a player already here (any case, composition or invisible
            // characters apart), or a new one
            let pid = crate::players::named_in(&tx, player)?.0;
            tx.execute(
                "INSERT INTO registrations (tournament_id, player_id, people, seed_order,
                                            joined_round, dropped_after)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![id.0, pid, people, e.seed, e.joined_round, e.dropped_after],
            )?;
            entrant_ids.push(EntrantId(tx.last_insert_rowid()));
        }
        for (number, stage, tables) in &rounds {
            let mut sorted = tables.clone();
            sorted.sort_by_key(|t| t.0);
            let pairs: Vec<Pairing> = sorted
                .iter()
                .map(|&(_, a, b)| match b {
                    Some(b) => Pairing::Match {
                        a: entrant_ids[a],
                        b: entrant_ids[b],
                    },
                    None => Pairing::Bye {
                        player: entrant_ids[a],
                    },
                })
                .collect();
            insert_round(&tx, id, *number, *stage, &pairs)?;
            if let Some(&(published, clock)) = settings.get(number) {
                crate::round_clock::write_round(&tx, id, *number, published, clock)?;
            }
            // insert_round numbers tables 1.. with byes last; map results by the seats instead
            for &(table, a, b) in &sorted {
                let Some(b) = b else { continue };
                let pid: i64 = tx.query_row(
                    "SELECT id FROM pairings WHERE tournament_id = ?1 AND round = ?2
                       AND entrant_a = ?3 AND entrant_b = ?4",
                    params![id.0, number, entrant_ids[a].0, entrant_ids[b].0],
                    |r| r.get(0),
                )?;
                pairing_ids.insert((*number, table), pid);
                let Some(&(w, ca, cb)) = decided.get(&(*number, table)) else {
                    continue;
                };
                // as the file says (`report` is read back from the log written below); a
                // match's id means nothing here, so a result from a match keeps only its source
                let source = reporting
                    .sources
                    .get(&(*number, table))
                    .copied()
                    .unwrap_or(ResultSource::Import);
                tx.execute(
                    "INSERT INTO results (pairing_id, winner, crystals_a, crystals_b, source, recorded_at)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                    params![pid, entrant_ids[w].0, ca, cb, source.as_sql(), now],
                )?;
            }
        }
        for c in &corrections {
            let pid = pairing_ids
                .get(&(c.round, c.table))
                .copied()
                .ok_or_else(|| {
                    StoreError::Conflict(format!(
                        "round {} table {} was not stored",
                        c.round, c.table
                    ))
                })?;
            tx.execute(
                "INSERT INTO result_corrections (pairing_id, old_winner, old_crystals_a,
                     old_crystals_b, new_winner, new_crystals_a, new_crystals_b, reason, corrected_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    pid,
                    entrant_ids[c.old.0].0,
                    c.old.1,
                    c.old.2,
                    entrant_ids[c.new.0].0,
                    c.new.1,
                    c.new.2,
                    c.reason,
                    c.corrected_at
                ],
            )?;
        }
        let pairing = |round: u32, table: u32| {
            pairing_ids.get(&(round, table)).copied().ok_or_else(|| {
                StoreError::Conflict(format!("round {round} table {table} was not stored"))
            })
        };
        reporting::write(&tx, id, &reporting, &pairing, &now)?;
        for (entrant, name, content, cards) in &decks {
            crate::tournament_decks::insert_deck_in(
                &tx,
                entrant_ids[*entrant],
                name,
                content,
                cards,
                &now,
            )?;
        }
        // standings must compute (checks everything the rules crate checks)
        let stored_entrants: Vec<Entrant> = entrants_in(&tx, id)?;
        let stored_rounds: Vec<RoundInfo> = rounds_in(&tx, id)?;
        standing_rows(&stored_entrants, &stored_rounds).map_err(|e| {
            import_err(
                loc.file(ImportList::Pairings),
                P::Rules {
                    detail: e.to_string(),
                },
            )
        })?;
        tx.commit()?;
        let mut notices: Vec<ImportNotice> = input.not_in_file().into_iter().collect();
        if let Some((round, published, complete)) = rounds.last().map(|(n, _, tables)| {
            let complete = tables
                .iter()
                .all(|t| t.2.is_none() || decided.contains_key(&(*n, t.0)));
            let published = settings.get(n).is_none_or(|s| s.0);
            (*n, published, complete)
        }) {
            if published && !complete {
                notices.push(ImportNotice::SlipsToReprint { round });
            }
        }
        Ok(Imported { id, notices })
    }
}
