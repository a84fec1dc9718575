//! Standings with the documented tie-breakers (see the crate documentation).

use std::collections::HashMap;

use crate::{
    EntrantId, Pairing, Ratio, RoundRecord, TournamentError, BYE_CRYSTALS, OMW_FLOOR, WIN_POINTS,
};

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Standing {
    /// 1-based; every player gets a distinct rank (the last tie-breaker is the seed).
    pub rank: u32,
    pub entrant: EntrantId,
    pub match_points: u32,
    pub wins: u32,
    pub losses: u32,
    pub byes: u32,
    /// Own match-win percentage (points / 3 per match played, byes included), unfloored.
    pub match_win: Ratio,
    /// Average of the opponents' match-win percentages, each floored at 33%; 0 with no opponent.
    pub opponents_match_win: Ratio,
    pub crystals_for: u32,
    pub crystals_against: u32,
    pub crystal_difference: i64,
    /// Wins against the players tied with this one on all earlier tie-breakers.
    pub head_to_head: u32,
}

#[derive(Default, Clone)]
struct Tally {
    points: u32,
    wins: u32,
    losses: u32,
    byes: u32,
    crystals_for: u32,
    crystals_against: u32,
    opponents: Vec<EntrantId>,
}

impl Tally {
    fn played(&self) -> u32 {
        self.wins + self.losses + self.byes
    }
    fn match_win(&self) -> Ratio {
        Ratio::new(
            u128::from(self.points),
            u128::from(WIN_POINTS * self.played()),
        )
    }
}

/// Standings of `entrants` (in seed order; dropped players included) after `rounds`. Matches
/// without a result yet are not counted. Top-cut rounds are not standings rounds: leave them out.
pub fn standings(
    entrants: &[EntrantId],
    rounds: &[RoundRecord],
) -> Result<Vec<Standing>, TournamentError> {
    let seed_of: HashMap<EntrantId, usize> =
        entrants.iter().enumerate().map(|(i, e)| (*e, i)).collect();
    if seed_of.len() != entrants.len() {
        return Err(TournamentError::Invalid(
            "a player is registered twice".into(),
        ));
    }
    let mut tally: HashMap<EntrantId, Tally> =
        entrants.iter().map(|e| (*e, Tally::default())).collect();
    let mut beat: HashMap<(EntrantId, EntrantId), u32> = HashMap::new();
    for (i, round) in rounds.iter().enumerate() {
        let number = i as u32 + 1;
        round.validate(number)?;
        let unknown = |who: EntrantId| TournamentError::Round {
            round: number,
            message: format!("player {who} is not registered"),
        };
        for p in &round.pairings {
            for who in p.players() {
                if !tally.contains_key(&who) {
                    return Err(unknown(who));
                }
            }
            if let Pairing::Bye { player } = *p {
                let t = tally.get_mut(&player).ok_or_else(|| unknown(player))?;
                t.points += WIN_POINTS;
                t.byes += 1;
                t.crystals_for += u32::from(BYE_CRYSTALS.0);
                t.crystals_against += u32::from(BYE_CRYSTALS.1);
            }
        }
        for r in &round.results {
            let (wc, lc) = r.winner_loser_crystals();
            let (winner, loser) = (r.winner, r.loser());
            let w = tally.get_mut(&winner).ok_or_else(|| unknown(winner))?;
            w.points += WIN_POINTS;
            w.wins += 1;
            w.crystals_for += u32::from(wc);
            w.crystals_against += u32::from(lc);
            w.opponents.push(loser);
            let l = tally.get_mut(&loser).ok_or_else(|| unknown(loser))?;
            l.losses += 1;
            l.crystals_for += u32::from(lc);
            l.crystals_against += u32::from(wc);
            l.opponents.push(winner);
            *beat.entry((winner, loser)).or_default() += 1;
        }
    }

    let floor = Ratio::new(OMW_FLOOR.0, OMW_FLOOR.1);
    let mut lines: Vec<Standing> = entrants
        .iter()
        .map(|e| {
            let t = &tally[e];
            let omw = if t.opponents.is_empty() {
                Ratio::ZERO
            } else {
                t.opponents
                    .iter()
                    .fold(Ratio::ZERO, |acc, o| {
                        acc.plus(tally[o].match_win().max(floor))
                    })
                    .div_int(t.opponents.len() as u128)
            };
            Standing {
                rank: 0,
                entrant: *e,
                match_points: t.points,
                wins: t.wins,
                losses: t.losses,
                byes: t.byes,
                match_win: t.match_win(),
                opponents_match_win: omw,
                crystals_for: t.crystals_for,
                crystals_against: t.crystals_against,
                crystal_difference: i64::from(t.crystals_for) - i64::from(t.crystals_against),
                head_to_head: 0,
            }
        })
        .collect();

    let key = |s: &Standing| {
        (
            std::cmp::Reverse(s.match_points),
            std::cmp::Reverse(s.opponents_match_win),
            std::cmp::Reverse(s.crystal_difference),
        )
    };
    lines.sort_by(|x, y| {
        key(x)
            .cmp(&key(y))
            .then(seed_of[&x.entrant].cmp(&seed_of[&y.entrant]))
    });

    // Head-to-head only separates players tied on everything before it.
    let mut start = 0;
    while start < lines.len() {
        let mut end = start + 1;
        while end < lines.len() && key(&lines[end]) == key(&lines[start]) {
            end += 1;
        }
        if end - start > 1 {
            let group: Vec<EntrantId> = lines[start..end].iter().map(|s| s.entrant).collect();
            for s in &mut lines[start..end] {
                s.head_to_head = group
                    .iter()
                    .map(|o| beat.get(&(s.entrant, *o)).copied().unwrap_or(0))
                    .sum();
            }
            lines[start..end].sort_by(|x, y| {
                y.head_to_head
                    .cmp(&x.head_to_head)
                    .then(seed_of[&x.entrant].cmp(&seed_of[&y.entrant]))
            });
        }
        start = end;
    }
    for (i, s) in lines.iter_mut().enumerate() {
        s.rank = i as u32 + 1;
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MatchResult;

    fn e(i: i64) -> EntrantId {
        EntrantId(i)
    }
    fn result(a: i64, b: i64, winner: i64, ca: u8, cb: u8) -> MatchResult {
        MatchResult {
            a: e(a),
            b: e(b),
            winner: e(winner),
            crystals_a: ca,
            crystals_b: cb,
        }
    }
    fn round(pairs: &[(i64, i64)], bye: Option<i64>, results: Vec<MatchResult>) -> RoundRecord {
        let mut pairings: Vec<Pairing> = pairs
            .iter()
            .map(|&(a, b)| Pairing::Match { a: e(a), b: e(b) })
            .collect();
        if let Some(p) = bye {
            pairings.push(Pairing::Bye { player: e(p) });
        }
        RoundRecord { pairings, results }
    }

    #[test]
    fn points_then_opponents_percentage_with_floor_then_crystal_difference() {
        // 1 beats 2 (5-1), 3 beats 4 (5-4); round 2: 1 beats 3 (5-0), 2 beats 4 (5-2)
        let players: Vec<_> = (1..=4).map(e).collect();
        let rounds = vec![
            round(
                &[(1, 2), (3, 4)],
                None,
                vec![result(1, 2, 1, 5, 1), result(3, 4, 3, 5, 4)],
            ),
            round(
                &[(1, 3), (2, 4)],
                None,
                vec![result(1, 3, 1, 5, 0), result(2, 4, 2, 5, 2)],
            ),
        ];
        let s = standings(&players, &rounds).unwrap();
        let order: Vec<i64> = s.iter().map(|l| l.entrant.0).collect();
        // 2 and 3 both have 3 points; 2's opponents: 1 (100%) and 4 (0% -> 33%) = 66.5%;
        // 3's opponents: 4 (33%) and 1 (100%) = 66.5% too; crystal difference decides:
        // 2: (1-5) + (5-2) = -1, 3: (5-4) + (0-5) = -4.
        assert_eq!(order, vec![1, 2, 3, 4]);
        assert_eq!(s[1].opponents_match_win, Ratio::new(133, 200));
        assert_eq!(s[1].crystal_difference, -1);
        assert_eq!(s[2].crystal_difference, -4);
        assert_eq!(s[0].match_points, 6);
        assert_eq!(s[3].match_points, 0);
        // 4's opponents 3 and 2 both stand at 50%
        assert_eq!(s[3].opponents_match_win, Ratio::new(1, 2));
    }

    #[test]
    fn a_bye_is_a_five_nil_win_and_not_an_opponent() {
        let players: Vec<_> = (1..=3).map(e).collect();
        let rounds = vec![round(&[(1, 2)], Some(3), vec![result(1, 2, 2, 3, 5)])];
        let s = standings(&players, &rounds).unwrap();
        let three = s.iter().find(|l| l.entrant == e(3)).unwrap();
        assert_eq!(
            (three.match_points, three.byes, three.crystal_difference),
            (3, 1, 5)
        );
        assert_eq!(three.opponents_match_win, Ratio::ZERO);
        // 3 ranks above 2 on opponents' percentage? 3 has none (0), 2's opponent 1 has 0% -> 33%.
        assert_eq!(s[0].entrant, e(2));
    }

    #[test]
    fn head_to_head_separates_players_tied_on_everything_else() {
        let players: Vec<_> = (1..=4).map(e).collect();
        let rounds = vec![
            round(
                &[(1, 3), (2, 4)],
                None,
                vec![result(1, 3, 1, 5, 2), result(2, 4, 2, 5, 2)],
            ),
            round(
                &[(1, 2), (3, 4)],
                None,
                vec![result(1, 2, 2, 2, 5), result(3, 4, 4, 2, 5)],
            ),
            round(
                &[(1, 4), (2, 3)],
                None,
                vec![result(1, 4, 1, 5, 2), result(2, 3, 3, 2, 5)],
            ),
        ];
        // 1: W3 L2 W4 = 6 pts, +3; 2: W4 W1 L3 = 6 pts, +3; same opponents; 3 and 4 have 3 pts.
        let s = standings(&players, &rounds).unwrap();
        let top: Vec<&Standing> = s.iter().take(2).collect();
        assert_eq!(top[0].entrant, e(2), "2 beat 1");
        assert_eq!(top[0].head_to_head, 1);
        assert_eq!(top[1].head_to_head, 0);
        assert_eq!(top[0].crystal_difference, top[1].crystal_difference);
        assert_eq!(top[0].opponents_match_win, top[1].opponents_match_win);
    }

    #[test]
    fn a_result_for_a_pairing_that_does_not_exist_is_refused() {
        let players: Vec<_> = (1..=4).map(e).collect();
        let rounds = vec![round(&[(1, 2), (3, 4)], None, vec![result(1, 3, 1, 5, 0)])];
        let err = standings(&players, &rounds).unwrap_err();
        assert!(err.to_string().contains("no pairing #1 v #3"), "{err}");
    }
}
