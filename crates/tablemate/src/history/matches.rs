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
        if m.finished {
            return Err(ServiceError::invalid(format!(
                "Match {match_id} is finished"
            )));
        }
        let view = self.match_view(&m)?;
        let w = winner.trim().to_lowercase();
        let side = if w == "a" || w == view.players[0].to_lowercase() {
            Side::A
        } else if w == "b" || w == view.players[1].to_lowercase() {
            Side::B
        } else {
            return Err(ServiceError::invalid(format!(
                "{:?} does not play in match {match_id} ({} v {})",
                winner.trim(),
                view.players[0],
                view.players[1]
            )));
        };
        let summary = store::GameSummary {
            winner: side,
            people: [people[0].to_string(), people[1].to_string()],
            crystals,
            dragons,
            fights,
            wins_match: crate::match_standing::if_won(&m, side, crystals).is_over(),
        };
        // check everything first, so a refused game leaves nothing behind
        if !(1..=7).contains(&crystals) {
            return Err(ServiceError::invalid(format!(
                "A game scores 1 to 7 crystals, not {crystals}"
            )));
        }
        if dragons > 3 {
            return Err(ServiceError::invalid(format!(
                "A winner holds 0 to 3 dragons, not {dragons}"
            )));
        }
        for p in people {
            let n = p.trim().chars().count();
            if n == 0 || n > store::MAX_PEOPLE_CHARS {
                return Err(ServiceError::invalid(format!(
                    "People {p:?} must be 1 to {} characters",
                    store::MAX_PEOPLE_CHARS
                )));
            }
        }
        if let Some(open) = m.unfinished_game {
            return Err(ServiceError::invalid(format!(
                "Match {match_id} has an unfinished game ({open}); finish it at the table first"
            )));
        }
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
