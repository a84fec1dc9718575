//! Round robin by the circle method.

use crate::{EntrantId, Pairing, TournamentError, MAX_ENTRANTS};

/// How many rounds a round robin of `field` players has.
pub fn round_robin_rounds(field: usize) -> u32 {
    if field < 2 {
        0
    } else if field.is_multiple_of(2) {
        field as u32 - 1
    } else {
        field as u32
    }
}

/// Round `round` (1-based) of the round robin over `field` (everyone registered when round 1 was
/// paired, in seed order). The first player stays put while the others rotate one place per
/// round. A player who is not `active` any more (dropped) is replaced by a bye for their opponent.
pub fn round_robin_pairings(
    field: &[EntrantId],
    active: &[EntrantId],
    round: u32,
) -> Result<Vec<Pairing>, TournamentError> {
    if field.len() > MAX_ENTRANTS {
        return Err(TournamentError::Invalid(format!(
            "{} players is more than the {MAX_ENTRANTS} an event can pair",
            field.len()
        )));
    }
    let total = round_robin_rounds(field.len());
    if total == 0 {
        return Err(TournamentError::TooFewPlayers(
            "a round robin needs at least 2 players".into(),
        ));
    }
    if round == 0 || round > total {
        return Err(TournamentError::Invalid(format!(
            "a round robin of {} players has rounds 1 to {total}, not {round}",
            field.len()
        )));
    }
    if let Some(late) = active.iter().find(|a| !field.contains(a)) {
        return Err(TournamentError::Invalid(format!(
            "player {late} was not registered when the round robin started; late entries cannot \
             join a round robin"
        )));
    }
    let mut slots: Vec<Option<EntrantId>> = field.iter().copied().map(Some).collect();
    if slots.len() % 2 == 1 {
        slots.push(None);
    }
    let n = slots.len();
    // rotate positions 1..n right by (round - 1)
    let shift = (round as usize - 1) % (n - 1);
    slots[1..].rotate_right(shift);
    let is_active = |e: Option<EntrantId>| e.filter(|e| active.contains(e));
    let mut out = Vec::new();
    for i in 0..n / 2 {
        match (is_active(slots[i]), is_active(slots[n - 1 - i])) {
            (Some(a), Some(b)) => out.push(Pairing::Match { a, b }),
            (Some(player), None) | (None, Some(player)) => out.push(Pairing::Bye { player }),
            (None, None) => {}
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn everyone_meets_everyone_exactly_once() {
        for n in 2..=11 {
            let field: Vec<EntrantId> = (1..=n).map(EntrantId).collect();
            let mut met = HashSet::new();
            let mut byes = 0;
            for r in 1..=round_robin_rounds(field.len()) {
                let round = round_robin_pairings(&field, &field, r).unwrap();
                let mut seen = HashSet::new();
                for p in &round {
                    for who in p.players() {
                        assert!(seen.insert(who), "n={n} r={r}: {who} twice");
                    }
                    match *p {
                        Pairing::Match { a, b } => {
                            assert!(met.insert((a.min(b), a.max(b))), "n={n}: {a} v {b} again")
                        }
                        Pairing::Bye { .. } => byes += 1,
                    }
                }
                assert_eq!(seen.len(), field.len(), "n={n} r={r}: someone unpaired");
            }
            assert_eq!(met.len() as i64, n * (n - 1) / 2);
            assert_eq!(byes, if n % 2 == 1 { n } else { 0 });
        }
    }

    #[test]
    fn a_dropped_players_opponent_gets_a_bye_and_late_entries_are_refused() {
        let field: Vec<EntrantId> = (1..=4).map(EntrantId).collect();
        let active = [EntrantId(1), EntrantId(2), EntrantId(3)];
        let round = round_robin_pairings(&field, &active, 1).unwrap();
        assert_eq!(
            round
                .iter()
                .filter(|p| matches!(p, Pairing::Bye { .. }))
                .count(),
            1
        );
        assert!(round.iter().all(|p| !p.involves(EntrantId(4))));
        let err = round_robin_pairings(&field, &[EntrantId(1), EntrantId(9)], 2).unwrap_err();
        assert!(err.to_string().contains("late entries"), "{err}");
        assert!(round_robin_pairings(&field, &field, 4).is_err());
    }
}
