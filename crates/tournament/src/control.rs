//! What an organiser may still change in an event, decided from its state: the last round can be
//! undone while none of its matches has a result; a drop can be taken back until the next round
//! is paired; nobody drops once the event is over. Refusals say why, without naming the player
//! (the caller knows the name and puts it in front).

use crate::{round_robin_rounds, EntrantId, EventState, Format, Stage, TournamentError};

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

/// The number of the round that may be undone: the last one paired, while none of its matches
/// has a result (a result is corrected, never undone with its round).
pub fn round_to_undo(event: &EventState) -> Result<u32, TournamentError> {
    let Some(last) = event.rounds.last() else {
        return Err(TournamentError::Refused(
            "no round has been paired yet, so there is none to undo".into(),
        ));
    };
    let number = event.rounds.len() as u32;
    if !last.record.results.is_empty() {
        return Err(TournamentError::Refused(format!(
            "round {number} already has results; only a round without any result can be undone"
        )));
    }
    Ok(number)
}

/// Checks that `entrant` may drop now: they are still in and the event is not over.
pub fn check_drop(event: &EventState, entrant: EntrantId) -> Result<(), TournamentError> {
    let registration = find(event, entrant)?;
    if let Some(after) = registration.dropped_after {
        return Err(TournamentError::Refused(format!(
            "is not an active player: they dropped after round {after}"
        )));
    }
    if is_finished(event) {
        return Err(TournamentError::Refused(
            "cannot drop: the event is over".into(),
        ));
    }
    Ok(())
}

/// Checks that `entrant`'s drop can be taken back: they dropped and no round has been paired
/// since (a round paired without them cannot be given back to them).
pub fn check_take_back_drop(event: &EventState, entrant: EntrantId) -> Result<(), TournamentError> {
    let registration = find(event, entrant)?;
    let paired = event.rounds.len() as u32;
    match registration.dropped_after {
        None => Err(TournamentError::Refused("has not dropped".into())),
        Some(after) if after < paired => Err(TournamentError::Refused(format!(
            "dropped after round {after} and round {} has been paired since; a drop can only be \
             taken back until the next round is paired",
            after + 1
        ))),
        Some(_) if is_finished(event) => Err(TournamentError::Refused(
            "cannot come back: the event is over".into(),
        )),
        Some(_) => Ok(()),
    }
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
        assert_eq!(round_to_undo(&e), Ok(2));
    }

    #[test]
    fn a_drop_can_be_taken_back_until_the_next_pairing() {
        let mut e = swiss(3, 4);
        pair(&mut e, true);
        let who = EntrantId(2);
        assert_eq!(
            check_take_back_drop(&e, who),
            Err(TournamentError::Refused("has not dropped".into()))
        );
        assert_eq!(check_drop(&e, who), Ok(()));
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
        assert_eq!(check_drop(&e, EntrantId(1)), Ok(()));
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
}
