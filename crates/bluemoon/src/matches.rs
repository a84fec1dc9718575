//! A match (the 1st edition's "campaign"): games between the same two players until one has
//! won the target number of crystals. Pure: given how the match's games ended so far, this
//! decides whether the match is over, who won it and who starts the next game. The store
//! records games and the match's end; the service asks here what they mean.
//!
//! Rules (`bm_rules.md` §8.3 and §8.4, quoting the rulebook and the FAQ):
//! * 'The player who first reaches a total of at least five crystals becomes the final
//!   winner.' (rulebook page 14, More Games); a match cannot be drawn.
//! * Only the winner of a game scores (1 + the dragons on their side, up to 7 with E&I).
//! * "The loser of a game starts the next game."
//! * Who starts the first game is not in the rules: the players choose (the match's record).
//!
//! The app's own rule: a game abandoned (ended without a result) scores nothing, and whoever
//! started it starts the next game, as if it had not been played.

use cards::Player;
use serde::{Deserialize, Serialize};

/// The standard length of a match: "at least five crystals" (changing it is "not an option
/// suggested in either edition rulebook", but players may agree on another target).
pub const MATCH_TARGET: u8 = 5;

/// How one game of a match ended, as recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameEnd {
    /// Won by `winner`, who scored `crystals`.
    Won { winner: Player, crystals: u32 },
    /// Ended without a result.
    Abandoned,
    /// Still being played.
    Open,
}

/// Where a match stands after its games so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// Crystals each player has won, in seat order.
    pub crystals: [u32; 2],
    /// The player who first reached the target: the match is over.
    pub winner: Option<Player>,
    /// Who starts the next game (or the open one).
    pub next_starter: Player,
}

impl Standing {
    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }
}

/// The standing of a match to `target` crystals whose first game `first_starter` started,
/// after `games` (oldest first). Games recorded after the match was won change nothing.
pub fn standing(target: u32, first_starter: Player, games: &[GameEnd]) -> Standing {
    let mut standing = Standing {
        crystals: [0, 0],
        winner: None,
        next_starter: first_starter,
    };
    for end in games {
        if standing.winner.is_some() {
            break;
        }
        if let GameEnd::Won { winner, crystals } = *end {
            standing.crystals[winner.index()] += crystals;
            if standing.crystals[winner.index()] >= target {
                standing.winner = Some(winner);
            }
        }
        standing.next_starter = next_starter(*end, standing.next_starter);
    }
    standing
}

/// Who starts the game after one that ended as `end` and that `starter` started: "the loser
/// of a game starts the next game"; after an abandoned (or unfinished) game, its starter.
pub fn next_starter(end: GameEnd, starter: Player) -> Player {
    match end {
        GameEnd::Won { winner, .. } => winner.other(),
        GameEnd::Abandoned | GameEnd::Open => starter,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Player::{A, B};

    fn won(winner: Player, crystals: u32) -> GameEnd {
        GameEnd::Won { winner, crystals }
    }

    /// 'The player who first reaches a total of at least five crystals becomes the final
    /// winner.' Four crystals is not enough; five is, whoever has fewer.
    #[test]
    fn the_first_to_five_crystals_wins_the_match() {
        let four = standing(5, A, &[won(A, 4)]);
        assert_eq!((four.crystals, four.winner), ([4, 0], None));
        let five = standing(5, A, &[won(A, 3), won(B, 4), won(A, 2)]);
        assert_eq!((five.crystals, five.winner), ([5, 4], Some(A)));
        assert!(five.is_over());
    }

    /// "at least five": a game with crystal cards (up to 7) can pass the target; still won.
    #[test]
    fn passing_the_target_wins_too() {
        let s = standing(5, B, &[won(B, 4), won(B, 3)]);
        assert_eq!((s.crystals, s.winner), ([0, 7], Some(B)));
    }

    /// The target is the match's: a match to 3 crystals ends at 3.
    #[test]
    fn the_match_target_decides_not_five() {
        assert_eq!(standing(3, A, &[won(B, 3)]).winner, Some(B));
        assert_eq!(standing(MATCH_TARGET.into(), A, &[won(B, 3)]).winner, None);
    }

    /// "first reaches": once the match is won, a later game (none should be recorded) does
    /// not give the match to the other player.
    #[test]
    fn the_first_to_reach_the_target_keeps_the_match() {
        let s = standing(5, A, &[won(A, 5), won(B, 6)]);
        assert_eq!((s.crystals, s.winner), ([5, 0], Some(A)));
    }

    /// "The loser of a game starts the next game." B won the first game, so A starts the
    /// second, whoever started the first; then A wins, so B starts.
    #[test]
    fn the_loser_of_a_game_starts_the_next() {
        assert_eq!(standing(5, A, &[won(B, 2)]).next_starter, A);
        assert_eq!(standing(5, B, &[won(B, 2)]).next_starter, A);
        assert_eq!(standing(5, B, &[won(B, 2), won(A, 1)]).next_starter, B);
    }

    /// Who starts the first game is the players' choice (the rules leave it open).
    #[test]
    fn the_chosen_player_starts_the_first_game() {
        assert_eq!(standing(5, B, &[]).next_starter, B);
        assert_eq!(standing(5, B, &[GameEnd::Open]).next_starter, B);
    }

    /// "Only the winner scores" (§8.3): the loser's crystals do not move.
    #[test]
    fn only_the_winner_of_a_game_scores() {
        let s = standing(5, A, &[won(A, 3), won(B, 1)]);
        assert_eq!(s.crystals, [3, 1]);
    }

    /// The app's rule: an abandoned game scores nothing and its starter starts the next one.
    #[test]
    fn an_abandoned_game_counts_for_nothing() {
        let s = standing(5, A, &[won(A, 2), GameEnd::Abandoned]);
        assert_eq!((s.crystals, s.winner, s.next_starter), ([2, 0], None, B));
        let s = standing(5, B, &[GameEnd::Abandoned]);
        assert_eq!((s.crystals, s.next_starter), ([0, 0], B));
    }
}
