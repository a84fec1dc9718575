//! A game's page: its row, its timeline replayed event by event by the rules engine, and how a replay of a finished game differs from its recorded result.

use super::*;

/// Who conceded a finished game, read from its log: the last `game_ended` event names the
/// loser (`None` for a game that ended otherwise, or is not finished).
pub(super) fn conceded_by(g: &store::GameInfo, events: &[store::StoredEvent]) -> Option<String> {
    let result = g.result.as_ref()?;
    let ended = events
        .iter()
        .rev()
        .filter(|e| e.payload.contains("game_ended"))
        .find_map(|e| bluemoon::Event::from_json(&e.payload).ok())?;
    match ended.kind {
        bluemoon::EventKind::GameEnded { loser } if loser != result.winner => {
            Some(g.player_names[loser.index()].clone())
        }
        _ => None,
    }
}

/// The type, player and detail of an event as logged (read from its JSON, whatever its version).
pub(super) fn describe(payload: &serde_json::Value) -> (String, Option<String>, Option<String>) {
    let kind = payload
        .get("type")
        .and_then(|t| t.as_str())
        .unwrap_or("unknown")
        .to_string();
    let player = ["player", "loser", "starts"]
        .iter()
        .find_map(|k| payload.get(*k).and_then(|v| v.as_str()))
        .map(str::to_uppercase);
    let detail = ["card", "element", "count", "discarded"]
        .iter()
        .find_map(|k| payload.get(*k))
        .map(|v| match v {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        });
    (kind, player, detail)
}

impl Service {
    /// A game with its timeline, replayed event by event by the rules engine (its steps
    /// worded in English, the CLI's).
    pub fn game_page(&self, id: i64) -> Result<GamePage> {
        self.game_page_in(id, Language::En)
    }

    /// [`Service::game_page`] with the steps worded in the interface language `lang`.
    pub fn game_page_in(&self, id: i64, lang: Language) -> Result<GamePage> {
        let store::LogRead {
            record: info,
            events,
            ..
        } = self
            .store
            .read_log::<store::GameInfo>(id)
            .map_err(store_err)?;
        // The same cards the table judges with: each card with the fixes its first play in
        // this game was decided with, as far as the log reads (`game/context.rs`; each event
        // parsed once)
        let parsed: Vec<_> = events
            .iter()
            .map(|e| bluemoon::Event::from_json(&e.payload))
            .collect();
        let readable: Vec<bluemoon::Event> = parsed
            .iter()
            .map_while(|p| p.as_ref().ok().cloned())
            .collect();
        let cards = self.game_cards_as_played(&crate::game::context::first_plays(&readable))?;
        let mut state = bluemoon::GameState::default();
        let mut timeline = Vec::with_capacity(events.len());
        let name_of = |letter: &str| match letter {
            "A" => Some(info.player_names[0].clone()),
            "B" => Some(info.player_names[1].clone()),
            _ => None,
        };
        // Cards by name in the reader's language (a German name where the catalog has one).
        let card_name = |c: &bluemoon::CardId| {
            let bm = self.catalog.bm(c.as_str());
            match (lang, bm) {
                (Language::De, Some(b)) if b.name_de.is_some() => {
                    b.name_de.clone().unwrap_or_default()
                }
                (_, Some(b)) => b.display_name().to_owned(),
                (_, None) => c.to_string(),
            }
        };
        let names = wording::Names {
            players: &info.player_names,
            card: &card_name,
        };
        for (e, parsed_event) in events.iter().zip(&parsed) {
            let json: serde_json::Value = serde_json::from_str(&e.payload).unwrap_or_default();
            let (kind, player, detail) = describe(&json);
            let mut problem = None;
            let before_fights = state.fights;
            match parsed_event {
                Ok(ev) => match state.apply(&cards, ev) {
                    Ok(next) => state = next,
                    Err(err) => problem = Some(err.to_string()),
                },
                Err(err) => problem = Some(err.to_string()),
            }
            // The fight this step belongs to, as the engine counts them: the one it ends, or
            // the one under way once a card was played in it; none between fights, so the
            // steps never name a fight the game's count leaves out.
            let in_fight = problem.is_none()
                && (state.fights > before_fights
                    || (state.fight.begun && state.game_over.is_none() && !state.abandoned));
            let text = match parsed_event {
                Ok(ev) => wording::step_text(&ev.kind, &names, lang),
                Err(_) => kind.replace('_', " "),
            };
            timeline.push(TimelineStep {
                seq: e.seq,
                kind,
                player: player.as_deref().and_then(name_of),
                detail,
                text,
                fight: in_fight.then_some(before_fights + 1),
                dragons: [
                    state.dragons.on_side(bluemoon::Player::A),
                    state.dragons.on_side(bluemoon::Player::B),
                ],
                crystals: [
                    *state.crystals.get(bluemoon::Player::A),
                    *state.crystals.get(bluemoon::Player::B),
                ],
                game_over: state.game_over.as_ref().and_then(|g| match g.winner {
                    bluemoon::Player::A => name_of("A"),
                    bluemoon::Player::B => name_of("B"),
                }),
                problem,
            });
        }
        if state.abandoned {
            // The fight an abandon interrupted is not counted (`GameState::fights`): its steps
            // name no fight either.
            for step in &mut timeline {
                step.fight = step.fight.filter(|f| *f <= state.fights);
            }
        }
        let replay_differs = info
            .result
            .as_ref()
            .filter(|_| !events.is_empty())
            .and_then(|r| {
                let replayed = ReplayedEnd {
                    winner: state.game_over.as_ref().and_then(|g| match g.winner {
                        bluemoon::Player::A => name_of("A"),
                        bluemoon::Player::B => name_of("B"),
                    }),
                    crystals: state.game_over.as_ref().map(|g| g.score),
                    dragons: state.game_over.as_ref().map(|g| g.dragons.min(3)),
                    fights: state.fights,
                };
                let recorded = ReplayedEnd {
                    winner: name_of(match r.winner {
                        store::Side::A => "A",
                        store::Side::B => "B",
                    }),
                    crystals: Some(u32::from(r.crystals)),
                    dragons: Some(r.dragons),
                    fights: r.fights,
                };
                (replayed != recorded).then_some(replayed)
            });
        Ok(GamePage {
            game: GameRow {
                conceded_by: conceded_by(&info, &events),
                ..game_row(&info)
            },
            timeline,
            fights: state.fights,
            replay_differs,
        })
    }
}
