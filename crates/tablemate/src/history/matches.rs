//! Matches: their standing (as `bluemoon::matches` reads the record), their games, a new match, and a game played away from the table recorded into one.

use super::*;

impl Service {
    pub(super) fn match_view(&self, m: &store::MatchStatus) -> Result<MatchView> {
        let names = [
            self.store.player(m.players[0]).map_err(store_err)?.name,
            self.store.player(m.players[1]).map_err(store_err)?.name,
        ];
        let standing = crate::match_standing::of(m);
        Ok(MatchView {
            id: m.id.0,
            players: names.clone(),
            target: m.target,
            crystals: standing.crystals,
            games: m.games.iter().map(|g| g.0).collect(),
            unfinished_game: m.unfinished_game.map(|g| g.0),
            finished: m.finished,
            winner: m.winner.map(|w| names[w.index()].clone()),
            next_first: names[standing.next_starter.index()].clone(),
            created_at: m.created_at.clone(),
        })
    }

    /// Matches, unfinished first, newest first.
    pub fn list_matches(&self, unfinished_only: bool) -> Result<Vec<MatchView>> {
        let all = self
            .store
            .list_matches(unfinished_only)
            .map_err(store_err)?;
        all.iter().map(|m| self.match_view(m)).collect()
    }

    pub fn match_view_by_id(&self, id: i64) -> Result<MatchView> {
        let m = self.store.match_status(MatchId(id)).map_err(store_err)?;
        self.match_view(&m)
    }

    /// The games of a match, oldest first.
    pub fn match_games(&self, id: i64) -> Result<Vec<GameRow>> {
        self.store.match_status(MatchId(id)).map_err(store_err)?;
        let filter = GameFilter {
            match_id: Some(MatchId(id)),
            ..GameFilter::default()
        };
        let mut games: Vec<GameRow> = self
            .store
            .list_games(&filter)
            .map_err(store_err)?
            .iter()
            .map(game_row)
            .collect();
        games.sort_by_key(|g| g.id);
        Ok(games)
    }

    /// Starts a match between two players (created if new); `a_starts` picks who starts the
    /// first game; the target defaults to 5 crystals.
    pub fn new_match(
        &mut self,
        a: &str,
        b: &str,
        b_starts: bool,
        target: Option<u8>,
    ) -> Result<MatchView> {
        if a.trim().to_lowercase() == b.trim().to_lowercase() {
            return Err(ServiceError::invalid("A match needs two different players"));
        }
        crate::names::check_people(&[a.trim(), b.trim()], crate::Language::En)?;
        if let Some(t) = target {
            if !(1..=50).contains(&t) {
                return Err(ServiceError::invalid(format!(
                    "A match goes to 1 to 50 crystals, not {t}"
                )));
            }
        }
        let pa = self.store.player_named(a).map_err(store_err)?;
        let pb = self.store.player_named(b).map_err(store_err)?;
        let first = if b_starts { Side::B } else { Side::A };
        let id = self
            .store
            .new_match([pa, pb], first, target)
            .map_err(store_err)?;
        self.match_view_by_id(id.0)
    }

    /// Records a game of a match that was played without the table screen: who won (name, or
    /// seat `a`/`b`), the crystals scored (1 to 7), dragons, fights and each player's people.
    /// Written with the match as read (who starts it and whether it ends the match are decided
    /// on it): a match that moved meanwhile is refused as changed, in `lang`, naming the players.
    #[allow(clippy::too_many_arguments)]
    pub fn record_match_game(
        &mut self,
        match_id: i64,
        winner: &str,
        crystals: u8,
        dragons: u8,
        fights: u32,
        people: [&str; 2],
        lang: crate::Language,
    ) -> Result<MatchView> {
        let m = self
            .store
            .match_status(MatchId(match_id))
            .map_err(store_err)?;
        let view = self.match_view(&m)?;
        let refuse = |why: Away| Err(ServiceError::invalid(why.text(&view.players, lang)));
        if m.finished {
            return refuse(Away::Finished);
        }
        let w = winner.trim().to_lowercase();
        let side = if w == "a" || w == view.players[0].to_lowercase() {
            Side::A
        } else if w == "b" || w == view.players[1].to_lowercase() {
            Side::B
        } else {
            return refuse(Away::NotAPlayer(winner.trim()));
        };
        // check everything first, so a refused game leaves nothing behind
        if !(1..=7).contains(&crystals) {
            return refuse(Away::Crystals(crystals));
        }
        if dragons > 3 {
            return refuse(Away::Dragons(dragons));
        }
        if fights > store::MAX_FIGHTS {
            return refuse(Away::Fights(fights));
        }
        if let Some(p) = people.iter().find(|p| {
            let n = p.trim().chars().count();
            n == 0 || n > store::MAX_PEOPLE_CHARS
        }) {
            return refuse(Away::People(p.trim()));
        }
        if m.unfinished_game.is_some() {
            return refuse(Away::Unfinished);
        }
        let summary = store::GameSummary {
            winner: side,
            people: [people[0].to_string(), people[1].to_string()],
            crystals,
            dragons,
            fights,
            wins_match: crate::match_standing::if_won(&m, side, crystals).is_over(),
        };
        // one transaction: a game the store refuses (e.g. an implausible number of fights)
        // leaves no unfinished game behind to block the match; one recorded into the match
        // meanwhile makes this one "changed meanwhile"
        self.store
            .record_match_game(
                &m,
                &summary.people,
                crate::match_standing::of(&m).next_starter,
                &summary,
            )
            .map_err(|e| crate::record::write_error(e, &view.players, lang, ServiceError::from))?;
        self.match_view_by_id(match_id)
    }
}

/// How much of a refused people's name is quoted back.
const QUOTED_CHARS: usize = 40;

/// Why a game played away from the table is not recorded into its match, worded for the
/// people at the table: the match by its players, never by its id.
enum Away<'a> {
    Finished,
    NotAPlayer(&'a str),
    Crystals(u8),
    Dragons(u8),
    Fights(u32),
    /// The typed name, trimmed.
    People(&'a str),
    Unfinished,
}

impl Away<'_> {
    fn text(&self, [a, b]: &[String; 2], lang: crate::Language) -> String {
        use crate::Language::{De, En};
        let max = store::MAX_PEOPLE_CHARS;
        // a name far too long is quoted by its beginning, not in full
        let quoted = |p: &str| match p.char_indices().nth(QUOTED_CHARS) {
            Some((end, _)) => format!("{}\u{2026}", &p[..end]),
            None => p.to_owned(),
        };
        match (self, lang) {
            (Away::Finished, En) => {
                format!("The match of {a} and {b} is over: it takes no more games.")
            }
            (Away::Finished, De) => {
                format!("Die Partie von {a} und {b} ist beendet: sie nimmt kein Spiel mehr auf.")
            }
            (Away::NotAPlayer(who), En) => {
                format!("\u{201c}{who}\u{201d} does not play in the match of {a} and {b}.")
            }
            (Away::NotAPlayer(who), De) => {
                format!("\u{201e}{who}\u{201c} spielt nicht in der Partie von {a} und {b}.")
            }
            (Away::Crystals(n), En) => format!("A game scores 1 to 7 crystals, not {n}."),
            (Away::Crystals(n), De) => format!("Ein Spiel bringt 1 bis 7 Kristalle, nicht {n}."),
            (Away::Dragons(n), En) => format!("A winner holds 0 to 3 dragons, not {n}."),
            (Away::Dragons(n), De) => format!("Ein Sieger hat 0 bis 3 Drachen, nicht {n}."),
            (Away::Fights(n), En) => {
                format!("A game has at most {} fights, not {n}.", store::MAX_FIGHTS)
            }
            (Away::Fights(n), De) => format!(
                "Ein Spiel hat höchstens {} Kämpfe, nicht {n}.",
                store::MAX_FIGHTS
            ),
            (Away::People(p), En) => {
                format!(
                    "A people\u{2019}s name has 1 to {max} characters, not \u{201c}{}\u{201d}.",
                    quoted(p)
                )
            }
            (Away::People(p), De) => {
                format!(
                    "Ein Volk hat einen Namen von 1 bis {max} Zeichen, nicht \u{201e}{}\u{201c}.",
                    quoted(p)
                )
            }
            (Away::Unfinished, En) => format!(
                "The match of {a} and {b} has a game still open at the table: finish that \
                 game first."
            ),
            (Away::Unfinished, De) => format!(
                "In der Partie von {a} und {b} ist noch ein Spiel am Tisch offen: beende \
                 zuerst dieses Spiel."
            ),
        }
    }
}
