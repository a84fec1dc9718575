//! Statistics per constructed deck (issue #33): the finished games each deck was played in
//! and won, by the deck as the game kept it in its set-up (its name then; a deck renamed or
//! edited later does not move a game). Games with preassembled decks are not counted here.

use std::collections::BTreeMap;

use bluemoon::event::EventKind;
use bluemoon::Event;
use serde::Serialize;
use store::{GameFilter, PlayerId, Side};
use ts_rs::TS;

use crate::error::store_error as store_err;
use crate::history::percent;
use crate::{Result, Service};

/// One constructed deck's games.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct DeckLine {
    /// The deck's name when the games were played.
    pub deck: String,
    pub people: String,
    pub games: u32,
    pub wins: u32,
    /// 0 to 100, rounded to one decimal.
    pub win_rate: f64,
    pub win_rate_text: String,
}

impl Service {
    /// Games and wins per constructed deck over the finished games (abandoned ones have no
    /// winner), or over one player's; most games first.
    pub(crate) fn deck_statistics(&self, player: Option<PlayerId>) -> Result<Vec<DeckLine>> {
        let games = self
            .store
            .list_games(&GameFilter {
                player,
                finished: Some(true),
                ..GameFilter::default()
            })
            .map_err(store_err)?;
        let mut counts: BTreeMap<(String, String), (u32, u32)> = BTreeMap::new();
        for game in games {
            let Some(result) = &game.result else { continue };
            let events = self.store.events(game.id).map_err(store_err)?;
            // the set-up is the log's first event; a log this version cannot read counts nothing
            let setup = events
                .first()
                .and_then(|e| serde_json::from_str::<Event>(&e.payload).ok());
            let Some(EventKind::Setup { constructed, .. }) = setup.map(|e| e.kind) else {
                continue;
            };
            for side in [Side::A, Side::B] {
                if player.is_some_and(|p| game.players[side.index()] != p) {
                    continue;
                }
                if let Some(deck) = constructed.get(side) {
                    let e = counts
                        .entry((deck.name.clone(), game.people[side.index()].clone()))
                        .or_default();
                    e.0 += 1;
                    e.1 += u32::from(result.winner == side);
                }
            }
        }
        let mut lines: Vec<DeckLine> = counts
            .into_iter()
            .map(|((deck, people), (games, wins))| {
                let (win_rate, win_rate_text) = percent(f64::from(wins) / f64::from(games));
                DeckLine {
                    deck,
                    people,
                    games,
                    wins,
                    win_rate,
                    win_rate_text,
                }
            })
            .collect();
        lines.sort_by(|x, y| y.games.cmp(&x.games).then(x.deck.cmp(&y.deck)));
        Ok(lines)
    }
}
