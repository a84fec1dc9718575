//! Cards at Blue Moon's table: a card as typed (its id, suggestions while typing), its view
//! with the values the catalog or the user's fix gives, the engine's refusals and warnings
//! worded for the table, the "why?" breakdown of a power, and the user's fix of a card's values.

use super::*;

impl Service {
    /// Resolves a card as a player types it: an id, a tag or number shorthand, an English or
    /// German name, a typo. Ambiguous input is an error listing the candidates.
    pub(crate) fn resolve_card(&self, text: &str) -> Result<CardId> {
        self.resolve_card_in(text, Language::En)
    }

    /// [`Service::resolve_card`] with its refusals in the interface language `lang`.
    pub(crate) fn resolve_card_in(&self, text: &str, lang: Language) -> Result<CardId> {
        let refused = |r| Err(ServiceError::invalid(refusal::card_refusal(r, lang)));
        let t = text.trim();
        if t.is_empty() {
            return refused(CardRefusal::Empty);
        }
        if self.catalog.bm(t).is_some() {
            return Ok(CardId::new(t));
        }
        let found = self
            .catalog
            .lookup(t, Some(cards::Game::BlueMoon), SUGGESTION_LIMIT);
        if let Some(best) = found.best() {
            return Ok(best.id.clone());
        }
        if found.candidates.is_empty() {
            return refused(CardRefusal::NoMatch(t));
        }
        let list: Vec<String> = found
            .candidates
            .iter()
            .map(|c| match &c.tag {
                Some(tag) => format!("{tag} {}", c.name),
                None => c.name.clone(),
            })
            .collect();
        refused(CardRefusal::Several(t, &list.join(", ")))
    }

    /// Suggestions while typing a card (number shorthand, English and German names, typos),
    /// for the player entering it, whose people (deck) is `people` (if known): from the first
    /// letter typed ("f"), the cards whose English or German name begins with it, that deck's
    /// first.
    pub fn card_suggestions_for(
        &self,
        text: &str,
        limit: Option<usize>,
        people: Option<&str>,
    ) -> Result<Vec<CardSuggestion>> {
        let limit = limit.unwrap_or(SUGGESTION_LIMIT).clamp(1, 50);
        if text.trim().is_empty() {
            return Ok(Vec::new());
        }
        let cards = self.game_cards()?;
        let suggestion = |id: &str, name: &str, matched: String| {
            let bm = self.catalog.bm(id)?;
            let facts = cards.facts(&CardId::new(id)).unwrap_or(&bm.facts);
            Some(CardSuggestion {
                id: id.to_owned(),
                tag: bm.tag.clone(),
                name: name.to_owned(),
                name_en: bm.name_en.clone(),
                name_de: bm.name_de.clone(),
                card_type: facts.card_type.map(|t| enum_text(&t)),
                fire: facts.fire,
                earth: facts.earth,
                matched,
            })
        };
        // A people's name alone ("Hoax", "khi") names no card, but the player is looking
        // through that deck: its cards by number come first.
        let mut out: Vec<CardSuggestion> = match people_typed(text) {
            Some(people) => self
                .catalog
                .bm_cards()
                .iter()
                .filter(|c| {
                    c.tag
                        .strip_prefix(people)
                        .is_some_and(|rest| rest.starts_with(' '))
                })
                .take(limit)
                .filter_map(|c| {
                    suggestion(
                        c.facts.id.as_str(),
                        c.name_en.as_deref().unwrap_or(&c.tag),
                        enum_text(&cards::MatchKind::Tag),
                    )
                })
                .collect(),
            None => Vec::new(),
        };
        let found = self
            .catalog
            .lookup(text, Some(cards::Game::BlueMoon), limit);
        for c in &found.candidates {
            if out.len() >= limit {
                break;
            }
            if out.iter().any(|s| s.id == c.id.as_str()) {
                continue;
            }
            out.extend(suggestion(c.id.as_str(), &c.name, enum_text(&c.matched)));
        }
        // One letter names no card yet, but the player is looking for one that begins with
        // it: the names beginning with that letter, the entering player's deck first.
        let mut letter = text.trim().chars();
        if let (Some(first), None) = (letter.next(), letter.next()) {
            if first.is_alphabetic() && out.len() < limit {
                let first: String = first.to_lowercase().collect();
                let own = |tag: &str| {
                    people.is_some_and(|p| {
                        tag.strip_prefix(p.trim())
                            .is_some_and(|rest| rest.starts_with(' '))
                    })
                };
                let begins = |n: &Option<String>| {
                    n.as_deref()
                        .filter(|n| n.to_lowercase().starts_with(&first))
                        .map(str::to_owned)
                };
                let mut found: Vec<(bool, String, String)> = self
                    .catalog
                    .bm_cards()
                    .iter()
                    .filter_map(|c| {
                        let name = begins(&c.name_en).or_else(|| begins(&c.name_de))?;
                        Some((!own(&c.tag), c.facts.id.as_str().to_owned(), name))
                    })
                    .collect();
                // own deck first, the catalog's order kept within each
                found.sort_by_key(|(other, ..)| *other);
                for (_, id, name) in found {
                    if out.len() >= limit {
                        break;
                    }
                    if out.iter().any(|s| s.id == id) {
                        continue;
                    }
                    out.extend(suggestion(&id, &name, enum_text(&cards::MatchKind::Prefix)));
                }
            }
        }
        Ok(out)
    }

    pub(super) fn card_view(
        &self,
        cards: &Cards<'_>,
        id: Option<&CardId>,
        face_down: bool,
    ) -> CardView {
        let bm = id.and_then(|i| self.catalog.bm(i.as_str()));
        let facts = id.and_then(|i| cards.facts(i));
        CardView {
            id: id.map(|i| i.to_string()),
            tag: bm.map_or_else(
                || id.map_or_else(|| "?".to_owned(), |i| i.to_string()),
                |b| b.tag.clone(),
            ),
            name_en: bm.and_then(|b| b.name_en.clone()),
            name_de: bm.and_then(|b| b.name_de.clone()),
            card_type: facts.and_then(|f| f.card_type).map(|t| enum_text(&t)),
            fire: facts.and_then(|f| f.fire),
            earth: facts.and_then(|f| f.earth),
            face_down,
            target: None,
            value_fire: None,
            value_earth: None,
            ignored_by: None,
        }
    }

    pub(super) fn card_name(&self, id: &str) -> String {
        self.catalog
            .bm(id)
            .map_or_else(|| id.to_owned(), |b| b.display_name().to_owned())
    }

    /// The engine's refusal in the interface language, players and cards by name (a German
    /// card name where the catalog has one).
    pub(super) fn rule_refusal(
        &self,
        e: &bluemoon::RuleError,
        players: &[String; 2],
        lang: Language,
    ) -> String {
        rule_refusal_in(&self.catalog, e, players, lang)
    }

    pub(super) fn rule_error(
        &self,
        e: bluemoon::RuleError,
        players: &[String; 2],
        lang: Language,
    ) -> ServiceError {
        ServiceError::invalid(self.rule_refusal(&e, players, lang))
    }

    /// A warning as the app shows it: players and cards by name (`names`: A then B; a table
    /// state without players says "player A").
    pub(super) fn warning_view(&self, w: &Warning, names: Option<&[String; 2]>) -> WarningView {
        let player_name = |p: Player| match names {
            Some(n) => n[p.index()].clone(),
            None => format!("player {}", enum_text(&p)),
        };
        let name = |c: &CardId| self.card_name(c.as_str());
        let name_de = |c: &CardId| self.catalog.bm(c.as_str()).and_then(|b| b.name_de.clone());
        let who = w.player().map(player_name).unwrap_or_default();
        let message = match w {
            Warning::Forbidden { card, by, rule, .. } => format!(
                "{who} may not play {}: {} forbids it ({rule})",
                name(card),
                name(by)
            ),
            Warning::BadTarget { card, target } => format!(
                "the target {} of {} is not one of the owner's characters",
                name(target),
                name(card)
            ),
            Warning::UnknownCard { card } => {
                format!("{card} is not in the catalog (counted as 0)")
            }
            Warning::IgnoreNotSettled => {
                "the cards ignoring each other do not settle: check the table".to_owned()
            }
            Warning::UnknownValues { card } => format!(
                "the printed values of {} are unknown (counted as 0)",
                name(card)
            ),
            Warning::FirstTurnBoosterSupport { card, .. } => format!(
                "{who} starts this fight: on its first turn {} (a booster or support card) is allowed only when a card allows it",
                name(card)
            ),
            Warning::SecondCharacter { card, by, .. } => format!(
                "{who} has already played a character this turn ({}): {} would be a second one (only FREE, a PAIR or a GANG allow more)",
                name(by),
                name(card)
            ),
            Warning::SecondBoosterOrSupport { card, by, .. } => match by {
                Some(by) => format!(
                    "{who} has already played a booster or support card this turn ({}): {} would go beyond what is allowed",
                    name(by),
                    name(card)
                ),
                None => format!(
                    "{who} may play no further booster or support card this turn ({})",
                    name(card)
                ),
            },
            Warning::AfterStop { card, by, .. } => format!(
                "{} has a STOP icon: {who} may play no further card this turn ({})",
                name(by),
                name(card)
            ),
            Warning::SecondLeadership { card, by, .. } => format!(
                "{who} has already taken this turn's one leadership-phase action ({}): {} would be a second",
                name(by),
                name(card)
            ),
            Warning::LeadershipTooLate { card, by, .. } => format!(
                "{who} has already played {} this turn: {} belongs to the leadership phase, which comes before the character",
                name(by),
                name(card)
            ),
            Warning::NoNewCharacter { starting, .. } => format!(
                "{who} has played no new character this turn: play one, or {}.",
                if *starting {
                    "decline to start the fight"
                } else {
                    "retreat"
                }
            ),
            Warning::NotInDeck { card, deck, .. } => {
                format!("{} is not in {who}'s {deck} deck", name(card))
            }
            Warning::AlreadyInPlay { card, .. } => {
                format!("{} is already in play on {who}'s side", name(card))
            }
            Warning::DiscardedCard { card, .. } => {
                format!("{} is already in {who}'s discard pile", name(card))
            }
            Warning::PlayCondition {
                player,
                card,
                condition,
                have,
                contested,
            } => conditions::english_sentence(
                *condition,
                conditions::Read {
                    have: *have,
                    contested: *contested,
                },
                &who,
                &player_name(player.other()),
                &name(card),
            ),
        };
        // The play condition in each language, for the app's own wording.
        let condition = |lang| match w {
            Warning::PlayCondition {
                player,
                condition,
                have,
                contested,
                ..
            } => Some(conditions::clause(
                *condition,
                conditions::Read {
                    have: *have,
                    contested: *contested,
                },
                &who,
                &player_name(player.other()),
                lang,
            )),
            _ => None,
        };
        let names = names.cloned().unwrap_or_else(|| {
            [
                "Spieler A".to_owned(), // a table state without players
                "Spieler B".to_owned(),
            ]
        });
        let card_de = |c: &CardId| name_de(c).unwrap_or_else(|| name(c));
        let message_de = refusal::warning_de(
            w,
            &refusal::Names {
                players: &names,
                card: &card_de,
            },
            condition(Language::De).as_deref(),
        );
        WarningView {
            kind: w.kind(),
            player: w.player(),
            player_name: w.player().map(player_name),
            card: w.card().map(|c| c.to_string()),
            card_name: w.card().map(name),
            card_name_de: w.card().and_then(name_de),
            by: w.by().map(|c| c.to_string()),
            by_name: w.by().map(name),
            by_name_de: w.by().and_then(name_de),
            rule: match w {
                Warning::Forbidden { rule, .. } => Some(rule.clone()),
                _ => None,
            },
            condition: condition(Language::En),
            condition_de: condition(Language::De),
            message_de: Some(message_de),
            message,
            deck: match w {
                Warning::NotInDeck { deck, .. } => Some(deck.clone()),
                _ => None,
            },
        }
    }

    pub(super) fn breakdown(&self, report: &bluemoon::power::PowerReport) -> Vec<BreakdownLine> {
        report
            .cards
            .iter()
            .map(|l| BreakdownLine {
                owner: l.owner,
                area: area_name(l.area),
                card: l.card.as_ref().map(|c| c.to_string()),
                card_name: l
                    .card
                    .as_ref()
                    .map_or_else(|| "bluff".to_owned(), |c| self.card_name(c.as_str())),
                card_name_de: l
                    .card
                    .as_ref()
                    .and_then(|c| self.catalog.bm(c.as_str()))
                    .and_then(|b| b.name_de.clone()),
                face_down: l.face_down,
                printed: Elements {
                    fire: l.printed.fire,
                    earth: l.printed.earth,
                },
                effective_printed: Elements {
                    fire: l.effective_printed.fire,
                    earth: l.effective_printed.earth,
                },
                value: Elements {
                    fire: l.value.fire,
                    earth: l.value.earth,
                },
                counted: l.counted,
                ignored_by: match &l.status {
                    CardStatus::Active => None,
                    CardStatus::Ignored { by } => Some(by.clone()),
                },
                steps: l
                    .steps
                    .iter()
                    .map(|s| StepView {
                        element: ElementName::of(s.element),
                        by: s.by.clone(),
                        effect: effect_words::step(&s.cause, Language::En),
                        effect_de: effect_words::step(&s.cause, Language::De),
                        from: s.from,
                        to: s.to,
                    })
                    .collect(),
            })
            .collect()
    }

    pub(super) fn effect_views(&self, lines: &[bluemoon::power::EffectLine]) -> Vec<EffectView> {
        lines
            .iter()
            .map(|e| {
                let (status, by) = match &e.status {
                    EffectStatus::InForce => (EffectState::InForce, None),
                    EffectStatus::Ignored { by } => (EffectState::Ignored, Some(by.clone())),
                    EffectStatus::Void { by } => (EffectState::Void, Some(by.clone())),
                    EffectStatus::NotThisTurn => (EffectState::NotThisTurn, None),
                };
                let bm = self.catalog.bm(e.card.as_str());
                EffectView {
                    owner: e.owner,
                    card: e.card.to_string(),
                    card_name: self.card_name(e.card.as_str()),
                    kind: e.kind,
                    description: effect_words::effect(&e.effect, Language::En),
                    text: e.text.clone(),
                    card_name_de: bm.and_then(|b| b.name_de.clone()),
                    text_de: bm.and_then(|b| b.text_de.clone()),
                    status,
                    by,
                }
            })
            .collect()
    }

    /// `tablemate power FILE.json`: totals, shields and breakdown of a documented table state
    /// (crates/bluemoon/TABLE_STATE.md). A state it cannot read is refused in `lang`.
    pub fn power_of_table_json(&self, json: &str, lang: Language) -> Result<PowerView> {
        use super::table_state_text::{unreadable, Problem};
        let refuse = |p: Problem| ServiceError::invalid(unreadable(&p, lang));
        // a card in the refusal by name; a table state has no players, only seats
        let seats = match lang {
            Language::En => ["player A".to_owned(), "player B".to_owned()],
            Language::De => ["Spieler A".to_owned(), "Spieler B".to_owned()],
        };
        let worded = |e: &bluemoon::RuleError| {
            Problem::Worded(rule_words_in(
                &self.catalog,
                e,
                &seats,
                lang,
                refusal::reason,
            ))
        };
        let table = bluemoon::TableState::from_json(json).map_err(|e| match &e {
            bluemoon::RuleError::UnsupportedVersion(v) => refuse(Problem::Version(*v)),
            bluemoon::RuleError::TableState(detail) => refuse(Problem::Json(detail)),
            other => refuse(worded(other)),
        })?;
        let cards = self.game_cards()?;
        table.check_cards(&cards).map_err(|e| {
            // the engine's one other finding: a face-down entry outside the support area,
            // named here by seat and area (the engine words it in English only)
            let outside = [Player::A, Player::B].into_iter().find_map(|p| {
                bluemoon::Area::ALL
                    .into_iter()
                    .filter(|a| *a != bluemoon::Area::Support)
                    .find(|a| table.side(p).area(*a).iter().any(|c| c.face_down))
                    .map(|a| Problem::FaceDownOutsideSupport(p, a))
            });
            refuse(match (&e, outside) {
                (bluemoon::RuleError::TableState(_), Some(p)) => p,
                _ => worded(&e),
            })
        })?;
        let report = bluemoon::power::compute(&cards, &table);
        Ok(PowerView {
            contested: report.contested.map(ElementName::of),
            players: report
                .players
                .iter()
                .map(|p| PowerPlayerView {
                    seat: p.player,
                    total: p.total.into(),
                    shield: p.shield.into(),
                    needed: p.needed.into(),
                    meets: p.meets.into(),
                    six_card_count: u32::try_from(p.six_card_count).unwrap_or(u32::MAX),
                })
                .collect(),
            breakdown: self.breakdown(&report),
            effects: self.effect_views(&report.effects),
            warnings: report
                .warnings
                .iter()
                .map(|w| self.warning_view(w, None))
                .collect(),
        })
    }

    /// Stores the values the catalog lacks for a card (the user's fix, used from now on).
    /// Every value is checked, then all are stored in one transaction; refusals in `lang`.
    pub fn game_fix_card(&mut self, fix: &CardValuesFix, lang: Language) -> Result<CardView> {
        let refuse = |r: FixRefusal| ServiceError::invalid(fix_refusal(r, lang));
        let card = self.resolve_card_in(&fix.card, lang)?;
        let mut values = Vec::new();
        if let Some(t) = &fix.card_type {
            let ct: CardType = serde_json::from_value(serde_json::Value::String(t.to_lowercase()))
                .map_err(|_| refuse(FixRefusal::NotACardType(t)))?;
            values.push(cards::FactValue::Type(ct));
        }
        if let Some(f) = fix.fire {
            values.push(cards::FactValue::Fire(f));
        }
        if let Some(e) = fix.earth {
            values.push(cards::FactValue::Earth(e));
        }
        if values.is_empty() {
            return Err(refuse(FixRefusal::NoValue));
        }
        let mut rows = Vec::with_capacity(values.len());
        for v in &values {
            self.catalog
                .validate_fix(&cards::CardFix::new(card.clone(), v.clone(), 0))
                .map_err(|e| refuse(FixRefusal::Impossible(&e.to_string())))?;
            let value_json = match serde_json::to_value(v) {
                Ok(serde_json::Value::Object(mut o)) => {
                    o.remove("value").map(|x| x.to_string()).unwrap_or_default()
                }
                _ => String::new(),
            };
            rows.push((v.fact().name(), value_json));
        }
        let rows: Vec<(&str, &str)> = rows.iter().map(|(f, v)| (*f, v.as_str())).collect();
        self.store
            .add_card_fixes(card.as_str(), &rows)
            .map_err(store_error)?;
        let cards = self.game_cards()?;
        Ok(self.card_view(&cards, Some(&card), false))
    }
}

/// The engine's refusal in `lang`, players and cards by name (a German card name where the
/// catalog has one); a free function so that a write may word it while it holds the store.
pub(crate) fn rule_refusal_in(
    catalog: &::cards::Catalog,
    e: &bluemoon::RuleError,
    players: &[String; 2],
    lang: Language,
) -> String {
    rule_words_in(catalog, e, players, lang, refusal::refusal)
}

/// Card `c` by its name in `lang` (the English name where the catalog has no German one; its
/// id when the catalog does not know it).
pub(crate) fn card_name_in(catalog: &::cards::Catalog, c: &CardId, lang: Language) -> String {
    let bm = catalog.bm(c.as_str());
    let german = match lang {
        Language::De => bm.and_then(|b| b.name_de.clone()),
        Language::En => None,
    };
    german.unwrap_or_else(|| bm.map_or_else(|| c.to_string(), |b| b.display_name().to_owned()))
}

/// A refusal of the engine in `lang` through `words` (the whole refusal, or its reason alone),
/// its cards named from the catalog.
fn rule_words_in(
    catalog: &::cards::Catalog,
    e: &bluemoon::RuleError,
    players: &[String; 2],
    lang: Language,
    words: fn(&bluemoon::RuleError, Language, &refusal::Names) -> String,
) -> String {
    let card = |c: &CardId| card_name_in(catalog, c, lang);
    words(
        e,
        lang,
        &refusal::Names {
            players,
            card: &card,
        },
    )
}
