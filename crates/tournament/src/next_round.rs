//! The next round of an event, decided from the event's state as plain data. The store reads the
//! state, asks here, and writes what comes back in the same transaction (the rules decide, the
//! store records), so every rule about which round comes next lives in this crate.

use crate::{
    round_robin_pairings, round_robin_rounds, standings, swiss_pairings, top_cut_pairings,
    EntrantId, FirstRound, Format, Pairing, Refusal, RoundRecord, TournamentError,
};

/// Which part of an event a round belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Swiss,
    RoundRobin,
    TopCut,
}

impl Stage {
    /// The stable name, as stored and exported.
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Swiss => "swiss",
            Stage::RoundRobin => "round_robin",
            Stage::TopCut => "top_cut",
        }
    }

    /// The stage named `text` (as written by [`Stage::as_str`]).
    pub fn parse(text: &str) -> Option<Stage> {
        [Stage::Swiss, Stage::RoundRobin, Stage::TopCut]
            .into_iter()
            .find(|s| s.as_str() == text)
    }
}

/// A registered player, as the pairing rules see them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Registration {
    pub id: EntrantId,
    /// The first round they could be paired in (later than 1 for a late entry).
    pub joined_round: u32,
    /// The last round they played before dropping; `None` while still in.
    pub dropped_after: Option<u32>,
    /// Whether a deck is registered for them. Pairing never reads it, but round 1 of an event
    /// requiring deck lists is decided on it ([`crate::missing_deck_lists`]), so a deck
    /// registered, changed or taken away after the state was read makes that write "changed
    /// meanwhile".
    pub deck: bool,
}

/// A round already paired, with the results recorded so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairedRound {
    pub stage: Stage,
    pub record: RoundRecord,
    /// Shown to the players; a prepared round is not, until the organiser publishes it.
    pub published: bool,
}

/// Everything the rules need to pair the next round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventState {
    pub format: Format,
    pub first_round: FirstRound,
    pub seed: u64,
    /// In seed (registration) order.
    pub registrations: Vec<Registration>,
    /// In order, round 1 first.
    pub rounds: Vec<PairedRound>,
    /// The players' own reports as stored (each seat's latest, in round, table and seat
    /// order). The pairing rules never read them, but they are part of what a decision is made
    /// on: undoing a round discards them, and a result typed over a table decides on them, so a
    /// report stored after the state was read makes that write "changed meanwhile".
    pub reports: Vec<ReportedSeat>,
}

/// One seat's latest report, where it was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReportedSeat {
    pub round: u32,
    pub table: u32,
    pub seat: crate::Seat,
    pub report: crate::SeatReport,
}

/// The round to record next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NextRound {
    pub number: u32,
    pub stage: Stage,
    pub pairings: Vec<Pairing>,
}

impl EventState {
    fn records(&self, stage: Stage) -> Vec<RoundRecord> {
        self.rounds
            .iter()
            .filter(|r| r.stage == stage)
            .map(|r| r.record.clone())
            .collect()
    }

    fn active(&self) -> Vec<EntrantId> {
        self.registrations
            .iter()
            .filter(|r| r.dropped_after.is_none())
            .map(|r| r.id)
            .collect()
    }
}

/// Pairs the next round: Swiss, then the top cut if there is one; or the next round-robin round.
/// Refused ([`TournamentError::Refused`]) while a round has matches without a result, and once
/// every round has been played.
pub fn next_round(event: &EventState) -> Result<NextRound, TournamentError> {
    if let Some(open) = event.rounds.iter().position(|r| !r.record.is_complete()) {
        return Err(TournamentError::Refused(Refusal::RoundOpen {
            round: open as u32 + 1,
        }));
    }
    if let Some(last) = event.rounds.iter().rposition(|r| !r.published) {
        return Err(TournamentError::Refused(Refusal::PublishFirst {
            round: last as u32 + 1,
        }));
    }
    let number = event.rounds.len() as u32 + 1;
    let active = event.active();
    let (stage, pairings) = match event.format {
        Format::Swiss {
            rounds: swiss,
            top_cut,
        } => {
            let played = event.records(Stage::Swiss);
            if (played.len() as u32) < swiss {
                let p = swiss_pairings(&active, &played, event.first_round, event.seed)?;
                (Stage::Swiss, p)
            } else if let Some(cut) = top_cut {
                (Stage::TopCut, top_cut_round(event, &active, &played, cut)?)
            } else {
                return Err(TournamentError::Refused(Refusal::AllRoundsPlayed {
                    rounds: swiss,
                }));
            }
        }
        Format::RoundRobin => {
            let field: Vec<EntrantId> = event
                .registrations
                .iter()
                .filter(|r| r.joined_round == 1)
                .map(|r| r.id)
                .collect();
            let total = round_robin_rounds(field.len());
            if number > total && total > 0 {
                return Err(TournamentError::Refused(Refusal::AllRoundsPlayed {
                    rounds: total,
                }));
            }
            (
                Stage::RoundRobin,
                round_robin_pairings(&field, &active, number)?,
            )
        }
    };
    Ok(NextRound {
        number,
        stage,
        pairings,
    })
}

/// The next top-cut round: the best `cut` active players of the Swiss standings, in bracket order.
fn top_cut_round(
    event: &EventState,
    active: &[EntrantId],
    swiss: &[RoundRecord],
    cut: u32,
) -> Result<Vec<Pairing>, TournamentError> {
    let all: Vec<EntrantId> = event.registrations.iter().map(|r| r.id).collect();
    let seeds: Vec<EntrantId> = standings(&all, swiss)?
        .iter()
        .map(|s| s.entrant)
        .filter(|e| active.contains(e))
        .take(cut as usize)
        .collect();
    if seeds.len() < cut as usize {
        return Err(TournamentError::Refused(Refusal::TopCutTooFew {
            cut,
            active: seeds.len() as u32,
        }));
    }
    top_cut_pairings(&seeds, &event.records(Stage::TopCut))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::MatchResult;

    /// An event of `players` registered at the start, seeded first round, nothing paired.
    pub(crate) fn event(format: Format, players: i64) -> EventState {
        EventState {
            format,
            first_round: FirstRound::Seeded,
            seed: 1,
            registrations: (1..=players)
                .map(|i| Registration {
                    id: EntrantId(i),
                    joined_round: 1,
                    dropped_after: None,
                    deck: false,
                })
                .collect(),
            rounds: Vec::new(),
            reports: Vec::new(),
        }
    }

    /// Records the round `next`, seat A winning every match 5–1.
    fn play(event: &mut EventState, next: NextRound) {
        let results = next
            .pairings
            .iter()
            .filter_map(|p| match *p {
                Pairing::Match { a, b } => Some(MatchResult {
                    a,
                    b,
                    winner: a,
                    crystals_a: 5,
                    crystals_b: 1,
                }),
                Pairing::Bye { .. } => None,
            })
            .collect();
        event.rounds.push(PairedRound {
            published: true,
            stage: next.stage,
            record: RoundRecord {
                pairings: next.pairings,
                results,
            },
        });
    }

    #[test]
    fn swiss_rounds_then_the_top_cut_then_nothing() {
        let mut e = event(
            Format::Swiss {
                rounds: 2,
                top_cut: Some(2),
            },
            4,
        );
        let stages: Vec<Stage> = (0..3)
            .map(|_| {
                let next = next_round(&e).unwrap();
                let stage = next.stage;
                assert_eq!(next.number as usize, e.rounds.len() + 1);
                play(&mut e, next);
                stage
            })
            .collect();
        assert_eq!(stages, [Stage::Swiss, Stage::Swiss, Stage::TopCut]);
        let err = next_round(&e).unwrap_err();
        assert!(err.to_string().contains("top cut is over"), "{err}");
    }

    #[test]
    fn a_round_without_all_its_results_holds_up_the_next() {
        let mut e = event(
            Format::Swiss {
                rounds: 3,
                top_cut: None,
            },
            4,
        );
        let next = next_round(&e).unwrap();
        e.rounds.push(PairedRound {
            published: true,
            stage: next.stage,
            record: RoundRecord {
                pairings: next.pairings,
                results: Vec::new(),
            },
        });
        let err = next_round(&e).unwrap_err();
        assert_eq!(
            err,
            TournamentError::Refused(Refusal::RoundOpen { round: 1 })
        );
    }

    #[test]
    fn a_prepared_round_is_published_before_the_next_is_paired() {
        let mut e = event(
            Format::Swiss {
                rounds: 3,
                top_cut: None,
            },
            4,
        );
        let next = next_round(&e).unwrap();
        play(&mut e, next);
        e.rounds[0].published = false;
        assert_eq!(
            next_round(&e).unwrap_err(),
            TournamentError::Refused(Refusal::PublishFirst { round: 1 })
        );
        e.rounds[0].published = true;
        assert!(next_round(&e).is_ok());
    }

    #[test]
    fn the_top_cut_is_refused_without_enough_active_players() {
        let mut e = event(
            Format::Swiss {
                rounds: 1,
                top_cut: Some(4),
            },
            4,
        );
        let next = next_round(&e).unwrap();
        play(&mut e, next);
        e.registrations[3].dropped_after = Some(1);
        let err = next_round(&e).unwrap_err();
        assert!(
            err.to_string()
                .contains("needs 4 active players, there are 3"),
            "{err}"
        );
    }

    #[test]
    fn a_round_robin_ends_after_everyone_met_and_ignores_late_entries() {
        let mut e = event(Format::RoundRobin, 3);
        for _ in 0..3 {
            let next = next_round(&e).unwrap();
            assert_eq!(next.stage, Stage::RoundRobin);
            play(&mut e, next);
        }
        let err = next_round(&e).unwrap_err();
        assert_eq!(
            err,
            TournamentError::Refused(Refusal::AllRoundsPlayed { rounds: 3 })
        );
    }

    #[test]
    fn stage_names_round_trip() {
        for s in [Stage::Swiss, Stage::RoundRobin, Stage::TopCut] {
            assert_eq!(Stage::parse(s.as_str()), Some(s));
        }
        assert_eq!(Stage::parse("final"), None);
    }
}
