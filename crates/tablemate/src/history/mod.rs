//! History: games and matches (first to 5 crystals) as played, unfinished ones listed so they can
//! be resumed, a game's timeline replayed step by step, and statistics (win rate per people and
//! per matchup, crystals and fights per game).
//!
//! The timeline is the stored event log folded by the Blue Moon rules (`bluemoon`): each step
//! shows what happened and the dragons and crystals after it. Nothing here recomputes a rule.

use serde::Serialize;
use store::{GameFilter, MatchId, PlayerId, Side};
use ts_rs::TS;

mod wording;

use crate::error::{Result, ServiceError};
use crate::tournaments::store_err;
use crate::{Language, Service};

mod matches;
mod page;
#[allow(unused_imports)]
pub(crate) use matches::*;
#[allow(unused_imports)]
pub(crate) use page::*;

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum GameStatus {
    /// Still being played (or ended at the table, its result not yet recorded).
    Playing,
    /// Ended with a result (winner, crystals).
    Finished,
    /// Abandoned: ended without a result; left out of statistics and the match's crystals.
    Abandoned,
}

impl GameStatus {
    pub(crate) fn of(g: &store::GameInfo) -> GameStatus {
        if g.result.is_some() {
            GameStatus::Finished
        } else if g.abandoned_at.is_some() {
            GameStatus::Abandoned
        } else {
            GameStatus::Playing
        }
    }
}

/// A game as listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct GameRow {
    #[ts(type = "number")]
    pub id: i64,
    #[ts(type = "number | null")]
    pub match_id: Option<i64>,
    pub players: [String; 2],
    pub people: [String; 2],
    /// Who started: the name of the first player.
    pub first: String,
    pub created_at: String,
    pub updated_at: String,
    pub events: u32,
    /// Finished with a result, or abandoned: no longer played.
    pub finished: bool,
    pub status: GameStatus,
    pub winner: Option<String>,
    pub crystals: Option<u8>,
    pub dragons: Option<u8>,
    pub fights: Option<u32>,
    /// A finished game that ended by a concession: who conceded, by name (the winner then
    /// scores the maximum, whatever dragons lay where, so the list says so instead of the
    /// dragons).
    #[ts(optional = nullable)]
    pub conceded_by: Option<String>,
}

/// One step of a game's timeline: the event and the state right after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct TimelineStep {
    pub seq: u32,
    /// The event's type as logged (`retreat`, `card_played`, `turn_passed`, …).
    pub kind: String,
    /// The player the event is about, by name.
    pub player: Option<String>,
    /// The card, element or count the event names, when it names one.
    pub detail: Option<String>,
    /// What happened in words, in the interface language, naming the players and the cards
    /// ("Ben plays Fireblast"); for an event this version cannot read, its logged type.
    pub text: String,
    /// The fight this step belongs to, from 1, counted as the engine counts fights
    /// (`GameState::fights`): none for what happens between fights (the set-up, a declined
    /// start, a game ended before anything was played in the next fight).
    pub fight: Option<u32>,
    /// Dragons held by each player after this step.
    pub dragons: [u8; 2],
    /// Crystals each player has in the match after this step.
    pub crystals: [u32; 2],
    /// Who won the game, once it is over.
    pub game_over: Option<String>,
    /// The rules engine could not read or apply this event (the step is shown, the state kept).
    pub problem: Option<String>,
}

/// A game's page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct GamePage {
    pub game: GameRow,
    pub timeline: Vec<TimelineStep>,
    /// Number of fights in the log (the engine's one definition: `GameState::fights`).
    pub fights: u32,
    /// For a finished game: how replaying its log with today's rules and cards ends it, when
    /// that differs from the result recorded when it ended. The recorded result stands (it is
    /// what the players agreed on); this says beside it what differs, never silently.
    pub replay_differs: Option<ReplayedEnd>,
}

/// How a replay of a finished game's log ends (see [`GamePage::replay_differs`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct ReplayedEnd {
    /// The winner by name; none when the replay does not end the game.
    pub winner: Option<String>,
    pub crystals: Option<u32>,
    pub dragons: Option<u8>,
    pub fights: u32,
}

/// A match's standing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct MatchView {
    #[ts(type = "number")]
    pub id: i64,
    pub players: [String; 2],
    pub target: u8,
    pub crystals: [u32; 2],
    #[ts(type = "number[]")]
    pub games: Vec<i64>,
    #[ts(type = "number | null")]
    pub unfinished_game: Option<i64>,
    pub finished: bool,
    pub winner: Option<String>,
    /// Who starts the next game (the loser of the last one).
    pub next_first: String,
    pub created_at: String,
}

/// Unfinished games and matches, to resume.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct Unfinished {
    pub games: Vec<GameRow>,
    pub matches: Vec<MatchView>,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct PeopleLine {
    pub people: String,
    pub games: u32,
    pub wins: u32,
    /// 0 to 100, rounded to one decimal.
    pub win_rate: f64,
    pub win_rate_text: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct MatchupLine {
    pub people: String,
    pub opponent: String,
    pub games: u32,
    /// Wins of `people` against `opponent`.
    pub wins: u32,
    pub win_rate: f64,
    pub win_rate_text: String,
}

/// Statistics over finished games.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct StatsView {
    /// The player the statistics are limited to, if any.
    pub player: Option<String>,
    pub games: u32,
    /// Average crystals won per game, rounded to two decimals.
    pub average_crystals: f64,
    pub average_fights: f64,
    pub by_people: Vec<PeopleLine>,
    pub by_matchup: Vec<MatchupLine>,
    /// Games and wins per constructed deck (Cards → Decks), as the games kept them.
    pub by_deck: Vec<crate::decks::DeckLine>,
}

pub(crate) fn percent(rate: f64) -> (f64, String) {
    let p = (rate * 1000.0).round() / 10.0;
    (p, format!("{p:.1}%"))
}

pub(crate) fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

fn game_row(g: &store::GameInfo) -> GameRow {
    let side_name = |s: Side| g.player_names[s.index()].clone();
    GameRow {
        id: g.id.0,
        match_id: g.match_id.map(|m| m.0),
        players: g.player_names.clone(),
        people: g.people.clone(),
        first: side_name(g.first),
        created_at: g.created_at.clone(),
        updated_at: g.updated_at.clone(),
        events: g.events,
        finished: !g.is_open(),
        status: GameStatus::of(g),
        winner: g.result.as_ref().map(|r| side_name(r.winner)),
        crystals: g.result.as_ref().map(|r| r.crystals),
        dragons: g.result.as_ref().map(|r| r.dragons),
        fights: g.result.as_ref().map(|r| r.fights),
        conceded_by: None,
    }
}

impl Service {
    pub(crate) fn player_id(&self, name: &str) -> Result<PlayerId> {
        self.player_id_in(name, Language::En)
    }

    /// A player by name; an unknown name is refused in `lang` (a filter typed in the app).
    pub(crate) fn player_id_in(&self, name: &str, lang: Language) -> Result<PlayerId> {
        self.store
            .player_by_name(name)
            .map_err(store_err)?
            .map(|p| p.id)
            .ok_or_else(|| {
                ServiceError::not_found(match lang {
                    Language::En => format!("There is no player named {name:?}"),
                    Language::De => format!("Es gibt keinen Spieler namens „{name}“."),
                })
            })
    }

    /// Games, unfinished first, newest first; optionally one player's, one people's, or only
    /// unfinished ones.
    pub fn list_games(
        &self,
        player: Option<&str>,
        people: Option<&str>,
        unfinished_only: bool,
        limit: Option<u32>,
    ) -> Result<Vec<GameRow>> {
        let filter = GameFilter {
            player: player.map(|p| self.player_id(p)).transpose()?,
            people: people.map(str::to_string),
            match_id: None,
            finished: unfinished_only.then_some(false),
            limit,
            offset: None,
        };
        let games = self.store.list_games(&filter).map_err(store_err)?;
        games
            .iter()
            .map(|g| {
                let mut row = game_row(g);
                if g.result.is_some() {
                    let events = self.store.events(g.id).map_err(store_err)?;
                    row.conceded_by = conceded_by(g, &events);
                }
                Ok(row)
            })
            .collect()
    }

    /// The game of `kind` a command without a game number means (the command line's): the
    /// kind's game last played that can still change — Blue Moon's also an abandoned one whose
    /// match has not gone on (undo takes the abandon back); the other games' also one just
    /// won (it can be undone, and a Knightmare Chess match goes on with its next game).
    pub fn latest_game(&self, kind: cards::Game) -> Result<Option<cards::GameRef>> {
        let id = match crate::othergames::OtherGameKind::of_game(kind) {
            None => self.game_latest()?,
            Some(k) => self.other_latest(k)?,
        };
        Ok(id.map(|id| cards::GameRef::new(kind, id)))
    }

    /// Unfinished games and matches, newest first: what can be resumed.
    pub fn unfinished(&self) -> Result<Unfinished> {
        Ok(Unfinished {
            games: self.list_games(None, None, true, None)?,
            matches: self
                .list_matches(true)?
                .into_iter()
                .filter(|m| !m.finished)
                .collect(),
        })
    }

    /// Statistics over all finished games, or one player's (an unknown name is refused in
    /// `lang`).
    pub fn statistics(&self, player: Option<&str>, lang: Language) -> Result<StatsView> {
        let pid = player.map(|p| self.player_id_in(p, lang)).transpose()?;
        let s = self.store.statistics(pid).map_err(store_err)?;
        Ok(StatsView {
            player: match pid {
                Some(p) => Some(self.store.player(p).map_err(store_err)?.name),
                None => None,
            },
            games: s.games,
            average_crystals: round2(s.average_crystals),
            average_fights: round2(s.average_fights),
            by_people: s
                .by_people
                .iter()
                .map(|p| {
                    let (win_rate, win_rate_text) = percent(p.win_rate);
                    PeopleLine {
                        people: p.people.clone(),
                        games: p.games,
                        wins: p.wins,
                        win_rate,
                        win_rate_text,
                    }
                })
                .collect(),
            by_matchup: s
                .by_matchup
                .iter()
                .map(|m| {
                    let (win_rate, win_rate_text) = percent(m.win_rate);
                    MatchupLine {
                        people: m.people.clone(),
                        opponent: m.opponent.clone(),
                        games: m.games,
                        wins: m.wins,
                        win_rate,
                        win_rate_text,
                    }
                })
                .collect(),
            by_deck: self.deck_statistics(pid)?,
        })
    }
}

impl Service {
    /// SQLite's `PRAGMA integrity_check` of the user's database: `["ok"]` when healthy.
    pub fn integrity_check(&self) -> Result<Vec<String>> {
        self.store.integrity_check().map_err(store_err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new game at the table: `a` (Vulca, starting) against `b` (Hoax); its id.
    fn vulca_against_hoax(svc: &mut Service, a: &str, b: &str) -> i64 {
        svc.game_new(
            &crate::game::NewGameRequest {
                player_a: a.into(),
                player_b: b.into(),
                people_a: "Vulca".into(),
                people_b: "Hoax".into(),
                first: Some(crate::game::Seat::A),
                emissaries_inquisitors: false,
                deck_a: None,
                deck_b: None,
            },
            Language::En,
        )
        .unwrap()
        .id
    }

    #[test]
    fn the_timeline_replays_fights_dragons_and_the_score() {
        let dir = tempfile::tempdir().unwrap();
        let mut svc = Service::open(dir.path()).unwrap();
        let m = svc.new_match("Anna", "Bert", false, None).unwrap();
        let players = [
            svc.store.player_by_name("Anna").unwrap().unwrap().id,
            svc.store.player_by_name("Bert").unwrap().unwrap().id,
        ];
        let game = svc
            .store
            .create_game(&store::NewGame {
                players,
                people: ["Vulca".into(), "Hoax".into()],
                first: Some(Side::A),
                match_id: Some(MatchId(m.id)),
            })
            .unwrap();
        let events = [
            r#"{"v":1,"type":"setup","starts":"A","decks":{"A":"vulca","B":"hoax"}}"#,
            r#"{"v":1,"type":"retreat","player":"A","forced":true}"#,
            r#"{"v":1,"type":"retreat","player":"A","forced":true}"#,
            r#"{"v":1,"type":"retreat","player":"A","forced":true}"#,
            r#"{"v":1,"type":"retreat","player":"A","forced":true}"#,
            r#"{"v":1,"type":"retreat","player":"B","forced":true}"#,
            r#"{"v":1,"type":"not_an_event"}"#,
        ];
        for e in events {
            svc.store
                .append(
                    game,
                    svc.store.game(game).unwrap().revision,
                    e,
                    store::Outcome::Playing,
                )
                .unwrap();
        }
        let page = svc.game_page(game.0, Language::En).unwrap();
        let t = &page.timeline;
        assert_eq!(t.len(), events.len());
        assert_eq!(t[0].kind, "setup");
        assert_eq!(t[0].player.as_deref(), Some("Anna"));
        assert_eq!(t[1].kind, "retreat");
        assert_eq!(t[1].player.as_deref(), Some("Anna"));
        assert_eq!(t[1].fight, Some(1), "{t:?}");
        assert_eq!(t[2].fight, Some(2), "{t:?}");
        // each time Anna retreats Bert attracts a dragon; a fourth would be due: Bert wins,
        // scoring 1 + 3 dragons; after the game is over a further retreat is not applied
        assert_eq!(t[1].dragons, [0, 1], "{t:?}");
        assert_eq!(t[2].dragons, [0, 2], "{t:?}");
        assert_eq!(t[3].dragons, [0, 3], "{t:?}");
        assert_eq!(t[3].game_over, None);
        assert_eq!(t[4].game_over.as_deref(), Some("Bert"), "{t:?}");
        assert_eq!(t[4].crystals, [0, 4], "{t:?}");
        assert!(t.iter().take(5).all(|s| s.problem.is_none()), "{t:?}");
        assert!(t[5].problem.is_some(), "{t:?}");
        // an event the rules engine does not know is shown with its problem, state kept
        assert!(t[6].problem.is_some(), "{t:?}");
        assert_eq!(t[6].dragons, t[5].dragons);
        assert_eq!(t[6].crystals, t[5].crystals);
        assert_eq!(page.fights, 4);
        // the refused step is worded as the table words a refusal: in the reader's language
        let de = svc.game_page(game.0, Language::De).unwrap();
        let (en_problem, de_problem) = (t[5].problem.clone(), de.timeline[5].problem.clone());
        assert_ne!(
            de_problem, en_problem,
            "the German page words the refusal in German"
        );
    }

    /// Issue #11: a declined start was a fight in the stored result but not in the timeline.
    /// Now both take the engine's count.
    #[test]
    fn the_stored_result_and_the_timeline_count_the_same_fights() {
        use crate::game::{ElementName, GameAction, PlayRequest, Seat};
        let dir = tempfile::tempdir().unwrap();
        let mut svc = Service::open(dir.path()).unwrap();
        let id = vulca_against_hoax(&mut svc, "Anna", "Bert");
        let act = |svc: &mut Service, a: GameAction| svc.game_act(id, &a, Language::En).unwrap();
        act(
            &mut svc,
            GameAction::DeclineStart {
                player: Seat::A,
                discarded: 2,
            },
        );
        let play = PlayRequest {
            player: Seat::B,
            card: "H01".into(),
            target: None,
            face_down: false,
        };
        svc.game_play(id, &play, Language::En).unwrap();
        act(
            &mut svc,
            GameAction::ChooseElement {
                player: Seat::B,
                element: ElementName::Fire,
            },
        );
        act(&mut svc, GameAction::Concede { player: Seat::B });
        svc.game_next(crate::table::TableAt::blue_moon(id), Language::En)
            .unwrap();
        let page = svc.game_page(id, Language::En).unwrap();
        // the declined start is no fight; the conceded one is
        assert_eq!(page.fights, 1);
        assert_eq!(page.game.fights, Some(1), "{:?}", page.game);
        assert_eq!(page.timeline.last().map(|s| s.fight), Some(Some(1)));
    }

    /// Issue #23: a game that ends without a retreat (a concession before anything is played
    /// in the next fight) has as many fights in its timeline as in its count, and the steps
    /// say what happened in the interface language, naming the players and the cards.
    #[test]
    fn the_timeline_names_cards_in_both_languages_and_counts_fights_as_the_game() {
        use crate::game::{ElementName, GameAction, PlayRequest, Seat};
        let dir = tempfile::tempdir().unwrap();
        let mut svc = Service::open(dir.path()).unwrap();
        let id = vulca_against_hoax(&mut svc, "Ann", "Ben");
        let play = |svc: &mut Service, player: Seat, card: &str| {
            let req = PlayRequest {
                player,
                card: card.into(),
                target: None,
                face_down: false,
            };
            svc.game_play(id, &req, Language::En).unwrap();
        };
        let act = |svc: &mut Service, a: GameAction| svc.game_act(id, &a, Language::En).unwrap();
        play(&mut svc, Seat::A, "V02");
        act(
            &mut svc,
            GameAction::ChooseElement {
                player: Seat::A,
                element: ElementName::Fire,
            },
        );
        act(
            &mut svc,
            GameAction::Pass {
                player: Seat::A,
                confirmed: false,
            },
        );
        play(&mut svc, Seat::B, "H01");
        play(&mut svc, Seat::B, "Fireblast");
        act(
            &mut svc,
            GameAction::Pass {
                player: Seat::B,
                confirmed: false,
            },
        );
        act(
            &mut svc,
            GameAction::Retreat {
                player: Seat::A,
                forced: false,
                dragon_cancelled: false,
            },
        );
        // fight 2 has not begun when Ann concedes
        act(&mut svc, GameAction::Concede { player: Seat::A });
        svc.game_next(crate::table::TableAt::blue_moon(id), Language::En)
            .unwrap();

        let en = svc.game_page(id, Language::En).unwrap();
        let texts: Vec<&str> = en.timeline.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Ann starts the game",
                "Ann plays Flash the Incendiary",
                "Ann chooses fire",
                "Ann ends the turn",
                "Ben plays Wogarathoras the Gloomy",
                "Ben plays Fireblast",
                "Ben ends the turn",
                "Ann retreats",
                "Ann concedes",
            ]
        );
        assert_eq!((en.fights, en.game.fights), (1, Some(1)));
        let fights: Vec<Option<u32>> = en.timeline.iter().map(|s| s.fight).collect();
        assert_eq!(fights[0], None, "the set-up is in no fight");
        assert!(fights[1..8].iter().all(|f| *f == Some(1)), "{fights:?}");
        assert_eq!(fights[8], None, "the concession came between fights");
        assert!(
            fights.iter().flatten().all(|f| *f <= en.fights),
            "no step names a fight the count leaves out: {fights:?}"
        );

        let de = svc.game_page(id, Language::De).unwrap();
        let texts: Vec<&str> = de.timeline.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(texts[5], "Ben legt Feuerstoß aus");
        assert_eq!(texts[4], "Ben legt Wogarathoras der Düstere aus");
        assert_eq!(texts[7], "Ann zieht sich zurück");
        assert_eq!(texts[8], "Ann gibt auf");
    }

    /// An abandoned game does not count the fight it interrupted: neither do its steps.
    #[test]
    fn an_abandoned_fight_is_counted_nowhere() {
        use crate::game::{GameAction, PlayRequest, Seat};
        let dir = tempfile::tempdir().unwrap();
        let mut svc = Service::open(dir.path()).unwrap();
        let id = vulca_against_hoax(&mut svc, "Ann", "Ben");
        let req = PlayRequest {
            player: Seat::A,
            card: "V02".into(),
            target: None,
            face_down: false,
        };
        svc.game_play(id, &req, Language::En).unwrap();
        svc.game_act(id, &GameAction::Abandon { confirmed: true }, Language::En)
            .unwrap();
        let page = svc.game_page(id, Language::En).unwrap();
        assert_eq!(page.fights, 0);
        assert!(
            page.timeline.iter().all(|s| s.fight.is_none()),
            "{:?}",
            page.timeline
        );
        assert_eq!(
            page.timeline.last().map(|s| s.text.as_str()),
            Some("The game is abandoned")
        );
    }

    #[test]
    fn unknown_ids_are_not_found_errors_not_storage_errors() {
        let dir = tempfile::tempdir().unwrap();
        let svc = Service::open(dir.path()).unwrap();
        let e = svc.game_page(77, Language::En).unwrap_err();
        assert_eq!(e.code, crate::ErrorCode::NotFound, "{e:?}");
        assert!(e.message.contains("77"), "{e:?}");
        let e = svc.match_view_by_id(5).unwrap_err();
        assert_eq!(e.code, crate::ErrorCode::NotFound);
        assert!(svc.unfinished().unwrap().games.is_empty());
    }
}
