//! The table view of a Blue Moon game (from the one fold of its log), the game to resume and
//! the list of games.

use super::*;

impl Service {
    /// The table view of a game.
    pub(crate) fn game_view(&self, id: i64) -> Result<GameView> {
        let ctx = self.load_game(id)?;
        self.ctx_view(&ctx)
    }

    /// The game to resume: the most recently changed unfinished game, if any.
    pub(crate) fn game_current(&self) -> Result<Option<GameView>> {
        let games = self.store.list_games(&store::GameFilter {
            finished: Some(false),
            ..store::GameFilter::default()
        })?;
        match games
            .iter()
            .max_by(|x, y| x.updated_at.cmp(&y.updated_at).then(x.id.0.cmp(&y.id.0)))
        {
            Some(g) => self.game_view(g.id.0).map(Some),
            None => Ok(None),
        }
    }

    /// The table of a loaded game, saying so when its log goes on past what this version can
    /// replay.
    pub(super) fn ctx_view(&self, ctx: &GameCtx) -> Result<GameView> {
        let read = &ctx.rec;
        let mut view = self.view_of(&ctx.cards, &ctx.info, ctx.game.state(), read)?;
        view.unreadable = ctx.unreadable.clone();
        Ok(view)
    }

    pub(super) fn view_of(
        &self,
        cards: &Cards<'_>,
        info: &store::GameInfo,
        state: &GameState,
        read: &context::Loaded,
    ) -> Result<GameView> {
        let view = state.view(cards);
        let report = state.power(cards);
        let (match_crystals, game_no, next_game, target) = match &read.extra.match_status {
            Some(st) => {
                let pos = st.games.iter().position(|g| *g == info.id).unwrap_or(0);
                let next = st.games.get(pos + 1).map(|g| g.0);
                (
                    crate::match_standing::of(st).crystals,
                    u32::try_from(pos + 1).unwrap_or(1),
                    next,
                    st.target,
                )
            }
            None => ([0, 0], 1, None, store::MATCH_TARGET),
        };
        let finished = info.result.is_some();
        let abandoned = info.abandoned_at.is_some();
        // Values per card id in areas that count, for the cards on the table.
        let mut values: HashMap<(usize, String), (u32, u32, Option<String>)> = HashMap::new();
        for l in &report.cards {
            if let Some(c) = &l.card {
                let by = match &l.status {
                    CardStatus::Ignored { by } => Some(by.clone()),
                    CardStatus::Active => None,
                };
                values.insert(
                    (l.owner.index(), c.to_string()),
                    (l.value.fire, l.value.earth, by),
                );
            }
        }
        let players = view
            .players
            .iter()
            .map(|p| {
                let i = p.player.index();
                let entry_view = |e: &bluemoon::CardEntry| {
                    let mut v = self.card_view(cards, e.card.as_ref(), e.face_down);
                    v.target = e.target.as_ref().map(|t| t.to_string());
                    if let Some(id) = &e.card {
                        if let Some((f, ea, by)) = values.get(&(i, id.to_string())) {
                            v.value_fire = Some(*f);
                            v.value_earth = Some(*ea);
                            v.ignored_by = by.clone();
                        }
                    }
                    v
                };
                let areas = AreasView {
                    combat: p.areas.combat.iter().map(entry_view).collect(),
                    covered: p
                        .areas
                        .covered
                        .iter()
                        .map(|c| self.card_view(cards, Some(c), false))
                        .collect(),
                    support: p.areas.support.iter().map(entry_view).collect(),
                    leadership: p.areas.leadership.iter().map(entry_view).collect(),
                    influence: p.areas.influence.iter().map(entry_view).collect(),
                    achievement: p.areas.achievement.iter().map(entry_view).collect(),
                };
                let pending = match (&view.game_over, finished) {
                    (Some(r), false) if r.winner == p.player => r.score,
                    _ => 0,
                };
                SideView {
                    seat: p.player,
                    name: info.player_names[i].clone(),
                    people: info.people[i].clone(),
                    crystals: match_crystals[i] + pending,
                    total: p.total.into(),
                    shield: p.shield.into(),
                    needed: p.needed.into(),
                    meets: p.meets.into(),
                    six_card_count: u32::try_from(p.six_card_count).unwrap_or(u32::MAX),
                    dragons: p.dragons,
                    dragons_if_opponent_retreats: p.dragons_if_opponent_retreats,
                    out_of_cards: p.out_of_cards,
                    areas,
                    deck_cards: state
                        .setup
                        .as_ref()
                        .and_then(|s| s.constructed.get(p.player).as_ref())
                        .map(|d| d.cards.iter().map(|c| c.to_string()).collect()),
                }
            })
            .collect::<Vec<_>>();
        let crystals_total = |s: usize| players.get(s).map_or(0, |p: &SideView| p.crystals);
        // The match is over once a player has its crystals, this game's score counted as
        // soon as the game has ended (recorded or not): no next game can follow.
        let match_winner = [Seat::A, Seat::B]
            .into_iter()
            .zip(0..)
            .find(|(_, i)| crystals_total(*i) >= u32::from(target))
            .map(|(seat, _)| seat);
        let dragons = view
            .dragons
            .positions()
            .iter()
            .map(|(colour, pos)| DragonView {
                colour: *colour,
                position: match pos {
                    bluemoon::dragons::DragonPos::Centre => DragonPlace::Centre,
                    bluemoon::dragons::DragonPos::Side(Player::A) => DragonPlace::A,
                    bluemoon::dragons::DragonPos::Side(Player::B) => DragonPlace::B,
                },
            })
            .collect();
        let redo_depth = if finished { 0 } else { read.redo_depth };
        let mut view = GameView {
            id: info.id.0,
            revision: info.revision,
            unreadable: None,
            match_id: info.match_id.map(|m| m.0),
            game_no,
            edition: enum_text(&view.edition),
            players,
            contested: view.contested.map(ElementName::of),
            turn: view.turn,
            fight_starter: view.fight_starter,
            first_turn: view.first_turn,
            between_fights: view.between_fights,
            dragons,
            effects: self.effect_views(&view.active_effects),
            inquisitor_powers: view
                .inquisitor_powers
                .iter()
                .filter_map(|p| crate::decks::InquisitorPowerView::of(&self.catalog, p))
                .collect(),
            warnings: view
                .warnings
                .iter()
                .map(|w| self.warning_view(w, Some(&info.player_names)))
                .collect(),
            breakdown: self.breakdown(&report),
            last_retreat: view.last_retreat.as_ref().map(|r| RetreatView {
                winner: r.winner,
                base: r.base,
                six_cards: r.six_cards,
                modifiers: r
                    .modifiers
                    .iter()
                    .map(|(card, change)| RetreatModifier {
                        card: card.clone(),
                        change: *change,
                    })
                    .collect(),
                capped_by: r.capped_by.clone(),
                forbidden_by: r.forbidden_by.clone(),
                total: r.total,
            }),
            game_over: view.game_over.as_ref().map(|r| ResultView {
                winner: r.winner,
                reason: r.reason,
                dragons: r.dragons,
                crystal_cards: r.crystal_cards,
                score: r.score,
            }),
            finished,
            abandoned,
            match_winner,
            match_over: match_winner.is_some(),
            concede_score: state.forfeit_score(),
            events: info.events,
            // An abandoned game can be taken back until its match has a next game.
            can_undo: !finished && info.events > 1 && !(abandoned && next_game.is_some()),
            redo_depth,
            next_game,
            end_text: None,
            end_text_de: None,
        };
        // how it ended, in one sentence in each language, for the app's game-over line
        view.end_text = view.ending(Language::En);
        view.end_text_de = view.ending(Language::De);
        Ok(view)
    }
}
