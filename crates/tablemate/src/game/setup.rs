//! A new game of a match and the match's next game: the players, their peoples or constructed
//! decks and who starts, checked before the one write; the seat a player's name means; the game a
//! command without a game number means.

use super::*;

impl Service {
    /// Starts a game: records the match (first to 5 crystals) and the setup event. Every
    /// input is checked before anything is written; refusals in `lang`.
    pub(crate) fn game_new(&mut self, req: &NewGameRequest, lang: Language) -> Result<GameView> {
        let refuse = |r: SetupRefusal| ServiceError::invalid(setup_refusal(r, lang));
        let a = req.player_a.trim();
        let b = req.player_b.trim();
        if a.is_empty() || b.is_empty() {
            return Err(refuse(SetupRefusal::NoName));
        }
        if a.eq_ignore_ascii_case(b) {
            return Err(refuse(SetupRefusal::SameNames));
        }
        for name in [a, b] {
            if name.chars().count() > store::MAX_NAME_CHARS {
                return Err(refuse(SetupRefusal::NameTooLong {
                    max: store::MAX_NAME_CHARS,
                }));
            }
        }
        crate::names::check_people(&[a, b], lang)?;
        let constructed = PerPlayer {
            a: self.constructed_deck(req.deck_a.as_deref(), a, &req.people_a, lang)?,
            b: self.constructed_deck(req.deck_b.as_deref(), b, &req.people_b, lang)?,
        };
        let people_or_deck = |typed: &str, player, deck: &Option<ConstructedDeck>| match deck {
            Some(d) => Ok(d.people.tag_prefix().to_owned()),
            None => people_of(typed, player).map(str::to_owned).map_err(refuse),
        };
        let people = [
            people_or_deck(&req.people_a, a, &constructed.a)?,
            people_or_deck(&req.people_b, b, &constructed.b)?,
        ];
        let first = req.first.unwrap_or(Seat::A);
        // A constructed deck that may hold Emissaries and Inquisitors cards plays with them.
        let expansions = if req.emissaries_inquisitors
            || [&constructed.a, &constructed.b]
                .into_iter()
                .flatten()
                .any(|d| d.emissaries_inquisitors)
        {
            vec![Expansion::EmissariesInquisitors]
        } else {
            Vec::new()
        };
        let chosen = MatchDecks {
            expansions,
            constructed,
        };
        let setup = setup_event(&people, first, &chosen);
        // The engine checks the set-up before anything is written.
        bluemoon::Game::new()
            .push(&self.game_cards()?, setup.clone())
            .map_err(|e| self.rule_error(e, &[a.to_owned(), b.to_owned()], lang))?;
        // the players (created if new), the match and its first game with its set-up: one write
        let id = self
            .store
            .start_match([a, b], &people, first, &setup.to_json())
            .map_err(store_error)?;
        self.game_view(id.0)
    }

    /// Records the result of an ended game and starts the next game of the match (the loser
    /// starts it), unless the match is over. Returns the next game, or the finished one.
    /// The result, the match's end and the next game's starter are decided on the match as
    /// read with the game's log and written in one transaction carrying both: refused as
    /// changed meanwhile when the game or its match moved in between (`Store::go_on`).
    pub fn game_next(&mut self, at: crate::table::TableAt, lang: Language) -> Result<GameView> {
        if at.game.kind != ::cards::Game::BlueMoon {
            // only Blue Moon's rules have a match with a next game
            return Err(self.not_this_game(
                ::cards::GameRef::new(::cards::Game::BlueMoon, at.game.id),
                lang,
            ));
        }
        let ctx = self.load_game_in(at.at(), lang)?;
        let id = ctx.info.id.0;
        let info = &ctx.info;
        let status = ctx.extra.match_status.as_ref();
        let refused = |r| ServiceError::invalid(refusal::table_refusal(r, id, lang));
        if info.result.is_some() {
            let over = status.is_none_or(|m| m.finished);
            return Err(refused(if over {
                TableRefusal::MatchOver
            } else {
                TableRefusal::AlreadyFinished
            }));
        }
        let state = ctx.game.state();
        // The next game of the match is played with the same expansions and decks.
        let decks = state
            .setup
            .as_ref()
            .map(|s| MatchDecks {
                expansions: s.expansions.clone(),
                constructed: s.constructed.clone(),
            })
            .unwrap_or_default();
        let (summary, standing, status) = if info.abandoned_at.is_some() {
            // No result to record: the match (if it goes on, and only once) takes a new game.
            let Some(status) = status else {
                return Err(refused(TableRefusal::AlreadyFinished));
            };
            if status.finished {
                return Err(refused(TableRefusal::MatchOver));
            }
            if status.games.last() != Some(&info.id) {
                return Err(refused(TableRefusal::AlreadyFinished));
            }
            (None, crate::match_standing::of(status), status)
        } else {
            if let Some(why) = &ctx.unreadable {
                // no result is recorded from a log this version cannot read to its end
                return Err(ServiceError::invalid(why.clone()));
            }
            let Some(result) = &state.game_over else {
                return Err(refused(TableRefusal::NotOver));
            };
            // The engine scores between 1 and 7.
            let crystals = u8::try_from(result.score).unwrap_or(7);
            let standing =
                status.map(|m| crate::match_standing::if_won(m, result.winner, crystals));
            let summary = store::GameSummary {
                winner: result.winner,
                people: info.people.clone(),
                crystals,
                dragons: result.dragons.min(3),
                fights: state.fights,
                wins_match: standing.is_some_and(|s| s.is_over()),
            };
            let (Some(standing), Some(status)) = (standing, status) else {
                // a game outside a match: its result is all there is to record
                self.store
                    .finish_game(info.id, info.revision, &summary)
                    .map_err(|e| {
                        record::write_error(e, &info.player_names, lang, ServiceError::from)
                    })?;
                return self.game_view(id);
            };
            (Some(summary), standing, status)
        };
        let setup = (!standing.is_over())
            .then(|| setup_event(&info.people, standing.next_starter, &decks).to_json());
        let next = self
            .store
            .go_on(&store::MatchNext {
                game: info.id,
                revision: info.revision,
                seen: status,
                result: summary.as_ref(),
                next: setup.as_deref().map(|setup| store::NextGame {
                    people: &info.people,
                    first: standing.next_starter,
                    setup,
                }),
            })
            .map_err(|e| record::write_error(e, &info.player_names, lang, ServiceError::from))?;
        self.game_view(next.map_or(id, |g| g.0))
    }
}

/// What a match keeps from game to game: its expansions and the constructed decks as they
/// were when it began.
#[derive(Debug, Clone, Default)]
pub(super) struct MatchDecks {
    expansions: Vec<Expansion>,
    constructed: PerPlayer<Option<ConstructedDeck>>,
}

/// The set-up event of a new game of the match.
pub(super) fn setup_event(people: &[String; 2], first: Seat, decks: &MatchDecks) -> Event {
    Event::new(EventKind::Setup {
        decks: PerPlayer {
            a: Some(people[0].clone()),
            b: Some(people[1].clone()),
        },
        expansions: decks.expansions.clone(),
        edition: Edition::First,
        starts: first,
        constructed: decks.constructed.clone(),
    })
}

/// A people as typed at set-up, checked by the engine's list of peoples: the canonical
/// name, or an error naming the player with the nearest people.
pub(super) fn people_of<'a>(
    text: &'a str,
    player: &'a str,
) -> std::result::Result<&'static str, SetupRefusal<'a>> {
    let t = text.trim();
    if t.is_empty() {
        return Err(SetupRefusal::NoPeople { player });
    }
    match bluemoon::deck::people(t) {
        bluemoon::deck::PeopleMatch::Exact(p) => Ok(p),
        bluemoon::deck::PeopleMatch::Unknown { suggestion } => Err(SetupRefusal::NotAPeople {
            typed: t,
            player,
            closest: suggestion,
        }),
    }
}

/// A people as typed, checked as the table checks it at set-up ("Vulka" for Ben: "Did you
/// mean Vulca?" in `lang`); also what registering for an event checks.
pub(crate) fn checked_people(text: &str, player: &str, lang: Language) -> Result<&'static str> {
    people_of(text, player).map_err(|r| ServiceError::invalid(setup_refusal(r, lang)))
}

/// The people a player typed when the text is its name or the start of only one people's
/// name (three letters at least, no number: "Hoax", "khi"); `None` otherwise.
pub(super) fn people_typed(text: &str) -> Option<&'static str> {
    let t = text.trim().to_lowercase();
    if t.chars().count() < 3 || t.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let mut matching = bluemoon::deck::PEOPLES
        .iter()
        .filter(|p| p.to_lowercase().starts_with(&t));
    match (matching.next(), matching.next()) {
        (Some(p), None) => Some(p),
        _ => None,
    }
}

impl Service {
    /// Which seat `text` names in the Blue Moon game `game` (A, B, a player's name or
    /// people), and the game as read for it: the command line's first step before a write,
    /// reading the game's record only (no replay of its log: the write that follows loads
    /// the game once, at this revision). Refused in `lang`.
    pub fn game_seat(
        &self,
        game: cards::GameRef,
        text: &str,
        lang: Language,
    ) -> Result<(Seat, crate::table_views::TableAt)> {
        let info = self
            .store
            .game(store::GameId(game.id))
            .map_err(store_error)?;
        let players = [0, 1].map(|i| (info.player_names[i].as_str(), info.people[i].as_str()));
        let seat = seat_named(&players, text, lang)?;
        let at = crate::table_views::TableAt {
            game,
            revision: Some(info.revision),
        };
        Ok((seat, at))
    }
}

/// The seat `text` names among the players `(name, people)`, A then B.
pub(super) fn seat_named(players: &[(&str, &str)], text: &str, lang: Language) -> Result<Seat> {
    if let Ok(s) = parse_seat(text) {
        return Ok(s);
    }
    let t = text.trim();
    players
        .iter()
        .zip([Seat::A, Seat::B])
        .find(|((name, people), _)| name.eq_ignore_ascii_case(t) || people.eq_ignore_ascii_case(t))
        .map(|(_, seat)| seat)
        .ok_or_else(|| {
            ServiceError::invalid(match lang {
                Language::En => format!(
                    "`{t}` does not play in this game ({} v {}): use A, B or a player's name",
                    players[0].0, players[1].0
                ),
                Language::De => format!(
                    "„{t}“ spielt nicht in diesem Spiel ({} gegen {}): A, B oder den Namen \
                     eines Spielers angeben",
                    players[0].0, players[1].0
                ),
            })
        })
}

impl Service {
    /// The game a table command without a game number means: the most recently changed game
    /// that can still be acted on — an unfinished one, or an abandoned one whose match has
    /// not gone on (undo takes the abandon back, `game next` starts the match's next game,
    /// as the abandon's own output says). `None` when there is none.
    pub(crate) fn game_latest(&self) -> Result<Option<i64>> {
        let games = self.store.list_games(&store::GameFilter::default())?;
        let mut candidates: Vec<&store::GameInfo> = games
            .iter()
            .filter(|g| g.is_open() || (g.result.is_none() && g.abandoned_at.is_some()))
            .collect();
        candidates.sort_by(|x, y| y.updated_at.cmp(&x.updated_at).then(y.id.0.cmp(&x.id.0)));
        for g in candidates {
            if g.is_open() {
                return Ok(Some(g.id.0));
            }
            // abandoned: still the table's game while its match has no later game
            let later = match g.match_id {
                Some(m) => {
                    let st = self.store.match_status(m).map_err(store_error)?;
                    st.games.last().is_some_and(|last| *last != g.id)
                }
                None => false,
            };
            if !later {
                return Ok(Some(g.id.0));
            }
        }
        Ok(None)
    }
}
