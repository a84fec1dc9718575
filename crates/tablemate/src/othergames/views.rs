//! The other games' views: which game, what is typed to start one or sent as an action, and
//! the table as its engine folds it (with the cards' names and the history worded), as the
//! front ends receive them.

use super::*;

/// Which game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum OtherGameKind {
    Whi,
    Stccg,
    Kc,
}

impl OtherGameKind {
    pub(super) fn store(self) -> store::OtherKind {
        match self {
            OtherGameKind::Whi => store::OtherKind::Whi,
            OtherGameKind::Stccg => store::OtherKind::Stccg,
            OtherGameKind::Kc => store::OtherKind::Kc,
        }
    }
    pub(crate) fn of(k: store::OtherKind) -> OtherGameKind {
        match k {
            store::OtherKind::Whi => OtherGameKind::Whi,
            store::OtherKind::Stccg => OtherGameKind::Stccg,
            store::OtherKind::Kc => OtherGameKind::Kc,
        }
    }
    /// The kind of a game of the catalog; `None` for Blue Moon (the table's own rules).
    pub fn of_game(game: cards::Game) -> Option<OtherGameKind> {
        match game {
            cards::Game::WarhammerInvasion => Some(OtherGameKind::Whi),
            cards::Game::StarTrekCcg => Some(OtherGameKind::Stccg),
            cards::Game::KnightmareChess => Some(OtherGameKind::Kc),
            cards::Game::BlueMoon => None,
        }
    }
    /// The game's card list and rulings.
    pub fn cards(self) -> cards::Game {
        match self {
            OtherGameKind::Whi => WhiState::CARDS,
            OtherGameKind::Stccg => StState::CARDS,
            OtherGameKind::Kc => KcState::CARDS,
        }
    }
    /// The game's name as players know it.
    pub fn title(self) -> &'static str {
        match self {
            OtherGameKind::Whi => "Warhammer: Invasion",
            OtherGameKind::Stccg => "Star Trek CCG",
            OtherGameKind::Kc => "Knightmare Chess",
        }
    }
    /// `whi`, `stccg`, `kc` (also `warhammer`, `startrek`, `knightmare`).
    pub fn parse(text: &str) -> Result<OtherGameKind> {
        match text
            .trim()
            .to_lowercase()
            .replace(['-', '_', ' ', ':'], "")
            .as_str()
        {
            "whi" | "warhammer" | "warhammerinvasion" => Ok(OtherGameKind::Whi),
            "stccg" | "startrek" | "startrekccg" => Ok(OtherGameKind::Stccg),
            "kc" | "knightmare" | "knightmarechess" => Ok(OtherGameKind::Kc),
            _ => Err(ServiceError::invalid(format!(
                "`{}` is not a game here: use whi (Warhammer: Invasion), stccg (Star Trek CCG) \
                 or kc (Knightmare Chess)",
                text.trim()
            ))),
        }
    }
}

/// A new game: the kind, the two players' names, their decks (free text), who starts (plays
/// White in Knightmare Chess), and for Warhammer: Invasion the capital's hit points (the
/// rulebook's 8 + 1 per development unless given).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct NewOtherGameRequest {
    pub kind: OtherGameKind,
    pub player_a: String,
    pub player_b: String,
    #[serde(default)]
    pub deck_a: Option<String>,
    #[serde(default)]
    pub deck_b: Option<String>,
    #[serde(default)]
    pub first: Option<Seat>,
    #[serde(default)]
    pub hit_points: Option<HitPoints>,
}

/// Something that happened at the table: one of the engine's events of the game (not its
/// setup), cards as typed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "game", content = "event", rename_all = "snake_case")]
#[ts(export)]
pub enum OtherAction {
    Whi(WhiEvent),
    Stccg(StEvent),
    Kc(KcEvent),
}

impl OtherAction {
    /// The game the action belongs to.
    pub fn kind(&self) -> OtherGameKind {
        match self {
            OtherAction::Whi(_) => OtherGameKind::Whi,
            OtherAction::Stccg(_) => OtherGameKind::Stccg,
            OtherAction::Kc(_) => OtherGameKind::Kc,
        }
    }
}

/// The table of one game, as its engine folds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "game", content = "table", rename_all = "snake_case")]
#[ts(export)]
pub enum OtherTable {
    Whi(Box<WhiView>),
    Stccg(StView),
    Kc(KcView),
}

/// Where the game stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "state", rename_all = "snake_case")]
#[ts(export)]
pub enum OtherOutcome {
    Playing,
    Won { seat: Seat, name: String },
    Tie,
}

/// One event of the log, for the history.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct OtherHistoryEntry {
    pub seq: u32,
    pub at: String,
    /// What happened, in the interface language, naming players and cards.
    pub text: String,
    /// The engine's event as stored (`EVENTS.md` of `othergames`), the setup included.
    pub action: OtherAction,
}

/// A game of another kind as the table shows it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct OtherGameView {
    #[ts(type = "number")]
    pub id: i64,
    /// The revision of the game's record this view shows (see `GameView::revision`).
    pub revision: u32,
    /// The stored log goes on past what this version of Tablemate can replay: the table stands
    /// before the first event it refuses, and this says which and why (interface language).
    /// Only undo writes then.
    pub unreadable: Option<String>,
    pub kind: OtherGameKind,
    pub title: String,
    pub players: [String; 2],
    pub outcome: OtherOutcome,
    pub can_undo: bool,
    pub can_redo: bool,
    pub table: OtherTable,
    /// The display name of every card id in the table that the catalog knows.
    pub card_names: BTreeMap<String, String>,
    pub history: Vec<OtherHistoryEntry>,
    /// The cards in play (the engine's `cards_in_play`), for the table's shared header
    /// (`crate::table`); not sent on its own.
    #[serde(skip)]
    #[ts(skip)]
    pub(crate) cards_in_play: Vec<String>,
}

impl OtherGameView {
    /// A player as typed: `A`/`B`, `1`/`2`, or a player's name (any case).
    pub fn player(&self, text: &str) -> Result<Player> {
        let t = text.trim();
        if let Some(i) = self
            .players
            .iter()
            .position(|n| n.to_lowercase() == t.to_lowercase())
        {
            return Ok(if i == 0 { Player::A } else { Player::B });
        }
        crate::game::parse_seat(t).map_err(|_| {
            ServiceError::invalid(format!(
                "`{t}` is not a player of this game: use {} or {} (or A, B)",
                self.players[0], self.players[1]
            ))
        })
    }

    /// The name of a player.
    pub fn name(&self, p: Player) -> &str {
        match p {
            Player::A => &self.players[0],
            Player::B => &self.players[1],
        }
    }

    /// A card's display name (the id when no document names it).
    pub fn card<'a>(&'a self, id: &'a CardId) -> &'a str {
        self.card_names
            .get(id.as_str())
            .map_or(id.as_str(), String::as_str)
    }
}

/// What entering a card gives back: the table after it, and the rulings for the card with
/// the cards in play before it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct OtherEntered {
    pub view: OtherGameView,
    pub prompts: Vec<crate::rulings::PromptView>,
}

/// A card suggested while typing at the table of another game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct OtherCardSuggestion {
    pub id: String,
    pub name: String,
}

pub(crate) fn outcome_view(o: store::Outcome, names: &[String; 2]) -> OtherOutcome {
    match o {
        store::Outcome::Playing => OtherOutcome::Playing,
        store::Outcome::Won(s) => OtherOutcome::Won {
            seat: s,
            name: names[s.index()].clone(),
        },
        store::Outcome::Tie => OtherOutcome::Tie,
    }
}

impl Service {
    pub(super) fn other_view_of<R: TableRules>(
        &self,
        g: &Loaded<R>,
        lang: Language,
    ) -> Result<OtherGameView> {
        let table = g.game.state().table();
        let mut card_names = BTreeMap::new();
        let json = serde_json::to_value(&table).unwrap_or_default();
        collect_cards(&json, &mut |id| {
            if let Some(c) = self.catalog.card(id) {
                card_names.insert(id.to_owned(), c.display_name().to_owned());
            }
        });
        let kind = OtherGameKind::of(g.info.kind);
        let card = |c: &CardId| self.other_card_name(c);
        let namer = Namer {
            names: &g.info.player_names,
            card: &card,
            lang,
        };
        Ok(OtherGameView {
            id: g.info.id.0,
            revision: g.info.revision,
            kind,
            title: kind.title().to_owned(),
            players: g.info.player_names.clone(),
            outcome: outcome_view(g.game.outcome(), &g.info.player_names),
            can_undo: g.stored.len() > 1,
            unreadable: g.unreadable.clone(),
            can_redo: g.info.redo > 0,
            table,
            card_names,
            // `load` parsed every stored event, in order.
            history: g
                .stored
                .iter()
                .zip(g.game.events())
                .map(|(e, ev)| {
                    let action = R::action(ev.kind.clone());
                    OtherHistoryEntry {
                        seq: e.seq,
                        at: e.created_at.clone(),
                        text: namer.event(&action),
                        action,
                    }
                })
                .collect(),
            cards_in_play: g
                .game
                .state()
                .cards_in_play()
                .into_iter()
                .map(|c| c.to_string())
                .collect(),
        })
    }
}

/// Calls `f` with every string under a `card` key or in a `cards` list of the view's JSON.
fn collect_cards(v: &serde_json::Value, f: &mut dyn FnMut(&str)) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                match (k.as_str(), x) {
                    ("card", serde_json::Value::String(s)) => f(s),
                    ("cards" | "legends", serde_json::Value::Array(a)) => {
                        a.iter().filter_map(|c| c.as_str()).for_each(&mut *f)
                    }
                    _ => collect_cards(x, f),
                }
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| collect_cards(x, f)),
        _ => {}
    }
}
