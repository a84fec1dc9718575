//! What happened in a round: its pairings and the results typed in or flowed in from the app.

use crate::{EntrantId, TournamentError, MAX_MATCH_CRYSTALS};

/// One table of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Pairing {
    Match { a: EntrantId, b: EntrantId },
    Bye { player: EntrantId },
}

impl Pairing {
    pub fn involves(&self, who: EntrantId) -> bool {
        match *self {
            Pairing::Match { a, b } => a == who || b == who,
            Pairing::Bye { player } => player == who,
        }
    }

    pub fn players(&self) -> Vec<EntrantId> {
        match *self {
            Pairing::Match { a, b } => vec![a, b],
            Pairing::Bye { player } => vec![player],
        }
    }
}

/// A finished match: who won and each player's crystals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MatchResult {
    pub a: EntrantId,
    pub b: EntrantId,
    pub winner: EntrantId,
    pub crystals_a: u8,
    pub crystals_b: u8,
}

impl MatchResult {
    /// Checks that the winner played, that the crystals are possible and that the winner has more
    /// of them (Blue Moon has no draws).
    pub fn validate(&self) -> Result<(), TournamentError> {
        let bad = |m: String| Err(TournamentError::Invalid(m));
        if self.a == self.b {
            return bad(format!("player {} cannot play themself", self.a));
        }
        if self.winner != self.a && self.winner != self.b {
            return bad(format!(
                "the winner {} did not play in the match {} v {}",
                self.winner, self.a, self.b
            ));
        }
        if self.crystals_a > MAX_MATCH_CRYSTALS || self.crystals_b > MAX_MATCH_CRYSTALS {
            return bad(format!(
                "at most {MAX_MATCH_CRYSTALS} crystals per player in a match (got {} and {})",
                self.crystals_a, self.crystals_b
            ));
        }
        let (w, l) = self.winner_loser_crystals();
        if w <= l {
            return bad(format!(
                "the winner must have more crystals than the loser (winner {w}, loser {l})"
            ));
        }
        Ok(())
    }

    /// What is wrong with the score on its own, typed (the service words it): more crystals
    /// than a match gives, or a winner not ahead. The same problems as a player's report.
    /// A result already stored is read with [`MatchResult::validate`], which leaves out the
    /// loser's limit, so an event an older version stored still opens.
    pub fn score_problem(&self) -> Option<crate::ReportProblem> {
        let (w, l) = self.winner_loser_crystals();
        crate::reports::check_score(w, l).err()
    }

    /// Whether the result may be recorded as a new one: [`MatchResult::validate`] and then
    /// the rules of a score ([`crate::check_score`]: the loser short of the crystals that end
    /// a match). The one decision every writer of a new result asks (typed, reported,
    /// imported); the store only records what passes.
    pub fn check_new(&self) -> Result<(), TournamentError> {
        let seated = self.a != self.b && (self.winner == self.a || self.winner == self.b);
        match self.score_problem() {
            // the score is read from the winner's seat: only once the winner played
            Some(problem) if seated => Err(TournamentError::Score(problem)),
            _ => self.validate(),
        }
    }

    pub fn loser(&self) -> EntrantId {
        if self.winner == self.a {
            self.b
        } else {
            self.a
        }
    }

    pub fn winner_loser_crystals(&self) -> (u8, u8) {
        if self.winner == self.a {
            (self.crystals_a, self.crystals_b)
        } else {
            (self.crystals_b, self.crystals_a)
        }
    }

    /// Whether this result belongs to that table (in either seat order).
    pub fn matches_pairing(&self, pairing: &Pairing) -> bool {
        match *pairing {
            Pairing::Match { a, b } => (a, b) == (self.a, self.b) || (a, b) == (self.b, self.a),
            Pairing::Bye { .. } => false,
        }
    }
}

/// A round as stored: its pairings and whatever results are in so far.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct RoundRecord {
    pub pairings: Vec<Pairing>,
    pub results: Vec<MatchResult>,
}

impl RoundRecord {
    /// Is every match of the round decided?
    pub fn is_complete(&self) -> bool {
        self.pairings.iter().all(|p| match p {
            Pairing::Bye { .. } => true,
            Pairing::Match { .. } => self.results.iter().any(|r| r.matches_pairing(p)),
        })
    }

    /// Checks that each result is valid, belongs to exactly one pairing, and is not duplicated.
    pub fn validate(&self, round: u32) -> Result<(), TournamentError> {
        let err = |message: String| TournamentError::Round { round, message };
        let mut seen = std::collections::HashSet::new();
        for p in &self.pairings {
            for who in p.players() {
                if !seen.insert(who) {
                    return Err(err(format!("player {who} is paired twice")));
                }
            }
        }
        let mut decided = std::collections::HashSet::new();
        for r in &self.results {
            r.validate().map_err(|e| err(e.to_string()))?;
            let Some(i) = self.pairings.iter().position(|p| r.matches_pairing(p)) else {
                return Err(err(format!(
                    "there is no pairing {} v {} in this round",
                    r.a, r.b
                )));
            };
            if !decided.insert(i) {
                return Err(err(format!("the match {} v {} has two results", r.a, r.b)));
            }
        }
        Ok(())
    }
}
