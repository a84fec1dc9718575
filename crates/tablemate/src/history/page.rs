//! A game's page: its row, its timeline replayed event by event by the rules engine, and how a replay of a finished game differs from its recorded result.

use serde::Deserialize;

use super::*;
use crate::game::card_views::{card_name_in, rule_refusal_in};

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

/// The type, player (seat) and detail of an event as logged (from its JSON, whatever its
/// version).
pub(super) fn describe(payload: &serde_json::Value) -> (String, Option<Side>, Option<String>) {
    let kind = payload
        .get("type")
        .and_then(|t| t.as_str())
        .unwrap_or("unknown")
        .to_string();
    let player = ["player", "loser", "starts"]
        .iter()
        .find_map(|k| payload.get(*k))
        .and_then(|v| Side::deserialize(v).ok());
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
    /// A game with its timeline, replayed event by event by the rules engine, its steps worded
    /// in the interface language `lang` (the CLI passes its settings' language).
    ///
    /// The timeline is the table's own fold (`coordinator::fold_observed`, the cards as each
    /// card's first play in the game read them): each event parsed once, and applied up to
    /// the first one the rules refuse or cannot read, where the table stops too. The events
    /// stored after it are listed as not replayed, the state kept.
    pub fn game_page(&self, id: i64, lang: Language) -> Result<GamePage> {
        let read = self
            .store
            .read_log::<store::GameInfo>(id)
            .map_err(store_err)?;
        let info = read.record.clone();
        let events = read.events.clone();
        let name = |p: Side| info.player_names[p.index()].clone();
        // Cards by name in the reader's language (a German name where the catalog has one).
        let catalog = &self.catalog;
        let card_name = |c: &bluemoon::CardId| card_name_in(catalog, c, lang);
        // A rule's refusal as the table words it: in the reader's language, players by name.
        let refusal =
            |e: &bluemoon::RuleError| rule_refusal_in(catalog, e, &info.player_names, lang);
        let names = wording::Names {
            players: &info.player_names,
            card: &card_name,
        };
        let mut timeline: Vec<TimelineStep> = Vec::with_capacity(events.len());
        let mut fights_before = 0;
        let mut each = |ev: Option<&bluemoon::Event>,
                        game: &bluemoon::Game,
                        why: Option<&bluemoon::RuleError>| {
            let state = game.state();
            let stored = &events[timeline.len()];
            let (kind, player, detail) = match ev {
                Some(ev) => describe(&serde_json::to_value(ev).unwrap_or_default()),
                // the one event that does not read: what its stored text says
                None => describe(&serde_json::from_str(&stored.payload).unwrap_or_default()),
            };
            // The fight this step belongs to, as the engine counts them: the one it ends, or
            // the one under way once a card was played in it; none between fights, so the
            // steps never name a fight the game's count leaves out.
            let in_fight = why.is_none()
                && (state.fights > fights_before
                    || (state.fight.begun && state.game_over.is_none() && !state.abandoned));
            let text = match ev {
                Some(ev) => wording::step_text(&ev.kind, &names, lang),
                None => kind.replace('_', " "),
            };
            timeline.push(TimelineStep {
                seq: stored.seq,
                kind,
                player: player.map(&name),
                detail,
                text,
                fight: in_fight.then_some(fights_before + 1),
                dragons: Side::BOTH.map(|p| state.dragons.on_side(p)),
                crystals: Side::BOTH.map(|p| *state.crystals.get(p)),
                game_over: state.game_over.as_ref().map(|g| name(g.winner)),
                problem: why.map(refusal),
            });
            fights_before = state.fights;
        };
        let (loaded, _cards) =
            crate::coordinator::fold_observed::<crate::game::BlueMoonLog, bluemoon::Game, _>(
                read,
                lang,
                |evs, extra| crate::game::context::cards_of(catalog, evs, extra),
                &|e: &bluemoon::RuleError, _: &[String; 2]| refusal(e),
                Some(&mut each),
            )?;
        let state = loaded.game.state();
        // Stored after where the fold stopped: listed, not replayed, the state kept.
        let kept = timeline.last().cloned();
        for stored in &events[timeline.len()..] {
            let (kind, player, detail) =
                describe(&serde_json::from_str(&stored.payload).unwrap_or_default());
            timeline.push(TimelineStep {
                seq: stored.seq,
                text: kind.replace('_', " "),
                kind,
                player: player.map(&name),
                detail,
                fight: None,
                problem: loaded.unreadable.clone(),
                ..kept.clone().unwrap_or(TimelineStep {
                    seq: 0,
                    kind: String::new(),
                    player: None,
                    detail: None,
                    text: String::new(),
                    fight: None,
                    dragons: [0, 0],
                    crystals: [0, 0],
                    game_over: None,
                    problem: None,
                })
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
                    winner: state.game_over.as_ref().map(|g| name(g.winner)),
                    crystals: state.game_over.as_ref().map(|g| g.score),
                    dragons: state.game_over.as_ref().map(|g| g.dragons.min(3)),
                    fights: state.fights,
                };
                let recorded = ReplayedEnd {
                    winner: Some(name(r.winner)),
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
