//! What an organiser may still change in an event, decided from its state: the last round can be
//! undone while none of its matches has a result (and which drops and late entries that moves
//! back); a drop can be taken back until the next round is paired; nobody drops once the event
//! is over; who may register, and a registration corrected or removed only before round 1. Refusals say why, without naming the player
//! (the caller knows the name and puts it in front).

use crate::{round_robin_rounds, EntrantId, EventState, Format, Refusal, Stage, TournamentError};

/// Whether the event is over: every round of its format is paired and every match decided.
pub fn is_finished(event: &EventState) -> bool {
    if event.rounds.iter().any(|r| !r.record.is_complete()) {
        return false;
    }
    let count = |stage: Stage| event.rounds.iter().filter(|r| r.stage == stage).count() as u32;
    match event.format {
        Format::Swiss { rounds, top_cut } => {
            // a top cut of 2^k players is k single-elimination rounds
            count(Stage::Swiss) >= rounds
                && top_cut.is_none_or(|cut| count(Stage::TopCut) >= cut.trailing_zeros())
        }
        Format::RoundRobin => {
            let field = event
                .registrations
                .iter()
                .filter(|r| r.joined_round == 1)
                .count();
            let total = round_robin_rounds(field);
            total > 0 && count(Stage::RoundRobin) >= total
        }
    }
}

/// What undoing the last round changes: the round's number, and the registrations it moves
/// back so that the round can be paired again as if it never was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Undo {
    /// The round undone (the last one paired).
    pub number: u32,
    /// Players who dropped after this round was paired (their `dropped_after` is `number`):
    /// they now dropped after the round before, so the round is paired again without them.
    /// The organiser is told, since the drop moves to an earlier round.
    pub drops_moved: Vec<EntrantId>,
    /// Players who entered late after this round was paired (`joined_round` after `number`):
    /// they join this round when it is paired again.
    pub entries_moved: Vec<EntrantId>,
    /// The players' reports in the round, which go with it: the organiser is asked first.
    pub reports_discarded: Vec<crate::ReportedSeat>,
}

/// The round that may be undone (the last one paired, while none of its matches has a result:
/// a result is corrected, never undone with its round) and the registrations it moves back.
pub fn round_to_undo(event: &EventState) -> Result<Undo, TournamentError> {
    let Some(last) = event.rounds.last() else {
        return Err(TournamentError::Refused(Refusal::NoRoundToUndo));
    };
    let number = event.rounds.len() as u32;
    if !last.record.results.is_empty() {
        return Err(TournamentError::Refused(Refusal::RoundHasResults {
            round: number,
        }));
    }
    let regs = &event.registrations;
    Ok(Undo {
        number,
        drops_moved: regs
            .iter()
            .filter(|r| r.dropped_after.is_some_and(|d| d >= number))
            .map(|r| r.id)
            .collect(),
        entries_moved: regs
            .iter()
            .filter(|r| r.joined_round > number)
            .map(|r| r.id)
            .collect(),
        reports_discarded: event
            .reports
            .iter()
            .filter(|r| r.round == number)
            .copied()
            .collect(),
    })
}

/// Checks that `entrant` may drop now: they are still in and the event is not over. Returns
/// the round they drop after: the last one paired.
pub fn check_drop(event: &EventState, entrant: EntrantId) -> Result<u32, TournamentError> {
    let registration = find(event, entrant)?;
    if let Some(after) = registration.dropped_after {
        return Err(TournamentError::Refused(Refusal::AlreadyDropped { after }));
    }
    if is_finished(event) {
        return Err(TournamentError::Refused(Refusal::DropAfterTheEnd));
    }
    Ok(event.rounds.len() as u32)
}

/// Checks that `entrant`'s drop can be taken back: they dropped and no round has been paired
/// since (a round paired without them cannot be given back to them).
pub fn check_take_back_drop(event: &EventState, entrant: EntrantId) -> Result<(), TournamentError> {
    let registration = find(event, entrant)?;
    let paired = event.rounds.len() as u32;
    match registration.dropped_after {
        None => Err(TournamentError::Refused(Refusal::NotDropped)),
        Some(after) if after < paired => {
            Err(TournamentError::Refused(Refusal::DropPairedSince { after }))
        }
        Some(_) if is_finished(event) => Err(TournamentError::Refused(Refusal::ReturnAfterTheEnd)),
        Some(_) => Ok(()),
    }
}

/// Checks that `adding` players may register now, and returns the round they join (1 before
/// the event starts; later for a late entry, Swiss only). Closed once a round robin has
/// started or every Swiss round is paired; the field is at most [`crate::MAX_ENTRANTS`].
pub fn check_entry(event: &EventState, adding: usize) -> Result<u32, TournamentError> {
    let paired = event.rounds.len() as u32;
    match event.format {
        Format::RoundRobin if paired > 0 => {
            return Err(TournamentError::Refused(Refusal::RoundRobinStarted))
        }
        Format::Swiss { rounds, .. } if paired >= rounds => {
            return Err(TournamentError::Refused(Refusal::SwissAllPaired { rounds }))
        }
        _ => {}
    }
    if event.registrations.len() + adding > crate::MAX_ENTRANTS {
        return Err(TournamentError::Refused(Refusal::EventFull {
            max: crate::MAX_ENTRANTS,
        }));
    }
    Ok(paired + 1)
}

/// Checks that a registration may be corrected (another player or people) or removed: only
/// before round 1 is paired, since every pairing and result after is built on it.
pub fn check_registration_change(
    event: &EventState,
    entrant: EntrantId,
) -> Result<(), TournamentError> {
    find(event, entrant)?;
    if !event.rounds.is_empty() {
        return Err(TournamentError::Refused(Refusal::RegistrationInPlay));
    }
    Ok(())
}

fn find(event: &EventState, entrant: EntrantId) -> Result<&crate::Registration, TournamentError> {
    event
        .registrations
        .iter()
        .find(|r| r.id == entrant)
        .ok_or_else(|| TournamentError::Invalid(format!("player {entrant} is not registered")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{next_round, MatchResult, PairedRound, Pairing};

    fn swiss(rounds: u32, players: i64) -> EventState {
        let format = Format::Swiss {
            rounds,
            top_cut: None,
        };
        crate::next_round::tests::event(format, players)
    }

    /// Pairs the next round; with `decided`, seat A wins every match.
    fn pair(event: &mut EventState, decided: bool) {
        let next = next_round(event).unwrap();
        let results = next
            .pairings
            .iter()
            .filter_map(|p| match *p {
                Pairing::Match { a, b } if decided => Some(MatchResult {
                    a,
                    b,
                    winner: a,
                    crystals_a: 5,
                    crystals_b: 2,
                }),
                _ => None,
            })
            .collect();
        event.rounds.push(PairedRound {
            published: true,
            stage: next.stage,
            record: crate::RoundRecord {
                pairings: next.pairings,
                results,
            },
        });
    }

    #[test]
    fn only_the_last_round_without_results_can_be_undone() {
        let mut e = swiss(3, 4);
        assert!(round_to_undo(&e).is_err(), "nothing paired yet");
        pair(&mut e, true);
        let err = round_to_undo(&e).unwrap_err();
        assert!(
            err.to_string().contains("round 1 already has results"),
            "{err}"
        );
        pair(&mut e, false);
        assert_eq!(round_to_undo(&e).map(|u| u.number), Ok(2));
    }

    #[test]
    fn a_drop_can_be_taken_back_until_the_next_pairing() {
        let mut e = swiss(3, 4);
        pair(&mut e, true);
        let who = EntrantId(2);
        assert_eq!(
            check_take_back_drop(&e, who),
            Err(TournamentError::Refused(Refusal::NotDropped))
        );
        assert_eq!(check_drop(&e, who), Ok(1), "drops after round 1");
        e.registrations[1].dropped_after = Some(1);
        assert!(check_drop(&e, who).is_err(), "dropped twice");
        assert_eq!(check_take_back_drop(&e, who), Ok(()));
        pair(&mut e, true);
        let err = check_take_back_drop(&e, who).unwrap_err();
        assert!(
            err.to_string().contains("round 2 has been paired since"),
            "{err}"
        );
    }

    #[test]
    fn nobody_drops_once_the_event_is_over() {
        let mut e = swiss(2, 4);
        pair(&mut e, true);
        pair(&mut e, false);
        assert!(!is_finished(&e), "round 2 still open");
        assert_eq!(check_drop(&e, EntrantId(1)), Ok(2));
        e.rounds.pop();
        pair(&mut e, true);
        assert!(is_finished(&e));
        let err = check_drop(&e, EntrantId(1)).unwrap_err();
        assert!(err.to_string().contains("the event is over"), "{err}");
        assert!(check_drop(&e, EntrantId(9)).is_err(), "not registered");
    }

    #[test]
    fn a_top_cut_or_round_robin_ends_with_its_last_round() {
        let mut e = swiss(1, 4);
        e.format = Format::Swiss {
            rounds: 1,
            top_cut: Some(4),
        };
        let mut finished = Vec::new();
        for _ in 0..3 {
            pair(&mut e, true);
            finished.push(is_finished(&e));
        }
        assert_eq!(finished, [false, false, true], "swiss, semi-final, final");
        let mut rr = swiss(1, 3);
        rr.format = Format::RoundRobin;
        let mut finished = Vec::new();
        for _ in 0..3 {
            pair(&mut rr, true);
            finished.push(is_finished(&rr));
        }
        assert_eq!(finished, [false, false, true]);
    }

    #[test]
    fn undoing_a_round_moves_back_the_drops_and_entries_made_after_it_was_paired() {
        let mut e = swiss(3, 6);
        pair(&mut e, true);
        pair(&mut e, false);
        e.registrations[0].dropped_after = Some(1);
        e.registrations[1].dropped_after = Some(2);
        e.registrations.push(crate::Registration {
            id: EntrantId(7),
            joined_round: 3,
            dropped_after: None,
            deck: false,
        });
        let undo = round_to_undo(&e).unwrap();
        assert_eq!(undo.number, 2);
        assert_eq!(
            undo.drops_moved,
            [EntrantId(2)],
            "the drop after round 1 stays"
        );
        assert_eq!(undo.entries_moved, [EntrantId(7)]);
    }

    #[test]
    fn entries_close_with_the_format_and_registrations_change_only_before_round_1() {
        let mut e = swiss(1, 4);
        assert_eq!(check_entry(&e, 2), Ok(1));
        assert_eq!(check_registration_change(&e, EntrantId(1)), Ok(()));
        assert!(
            check_registration_change(&e, EntrantId(9)).is_err(),
            "not registered"
        );
        assert_eq!(
            check_entry(&e, crate::MAX_ENTRANTS - 3),
            Err(TournamentError::Refused(Refusal::EventFull {
                max: crate::MAX_ENTRANTS
            }))
        );
        pair(&mut e, false);
        assert_eq!(
            check_registration_change(&e, EntrantId(1)),
            Err(TournamentError::Refused(Refusal::RegistrationInPlay))
        );
        assert_eq!(
            check_entry(&e, 1),
            Err(TournamentError::Refused(Refusal::SwissAllPaired {
                rounds: 1
            }))
        );
        let mut rr = swiss(1, 4);
        rr.format = Format::RoundRobin;
        assert_eq!(check_entry(&rr, 1), Ok(1));
        pair(&mut rr, false);
        assert_eq!(
            check_entry(&rr, 1),
            Err(TournamentError::Refused(Refusal::RoundRobinStarted))
        );
    }
}
