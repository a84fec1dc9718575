//! What happens at Blue Moon's table, recorded: a card entered (the preview, then the play and
//! its rulings prompt in one load), the other actions, abandon, undo and redo. Each loads the
//! game once and writes once through the coordinator; a refusal writes nothing.

use super::*;

impl Service {
    /// Checks and appends one event to the loaded game; nothing is written when the engine
    /// rejects it. Returns the table after it.
    pub(super) fn append(&mut self, ctx: &mut GameCtx, kind: EventKind) -> Result<GameView> {
        self.ensure_playing(ctx)?;
        self.game_decide(ctx, kind)?;
        self.ctx_view(ctx)
    }

    /// The coordinator's one write: the engine decides on the loaded game, the event is
    /// appended with the revision it was decided on, and `ctx` is the game after it.
    pub(super) fn game_decide(&mut self, ctx: &mut GameCtx, kind: EventKind) -> Result<()> {
        let lang = ctx.lang;
        let catalog = &self.catalog;
        let word =
            |e: &bluemoon::RuleError, names: &[String; 2]| rule_refusal_in(catalog, e, names, lang);
        let GameCtx { cards, rec, .. } = ctx;
        coordinator::decide(&mut self.store, rec, &*cards, kind, lang, &word)?;
        Ok(())
    }

    /// Refuses any action in a game whose result is recorded or that was abandoned, and any
    /// move in a game whose stored log this version cannot replay to its end.
    pub(super) fn ensure_playing(&self, ctx: &GameCtx) -> Result<()> {
        self.ensure_playing_or_unreadable(ctx)?;
        match &ctx.unreadable {
            Some(why) => Err(ServiceError::invalid(why.clone())),
            None => Ok(()),
        }
    }

    /// [`Self::ensure_playing`] without the refusal of an unreadable log (abandoning such a
    /// game is what ends it).
    pub(super) fn ensure_playing_or_unreadable(&self, ctx: &GameCtx) -> Result<()> {
        if ctx.info.result.is_some() {
            return Err(ServiceError::invalid(refusal::table_refusal(
                TableRefusal::FinishedPlay,
                ctx.info.id.0,
                ctx.lang,
            )));
        }
        if ctx.info.abandoned_at.is_some() {
            return Err(self.rule_error(
                bluemoon::RuleError::GameAbandoned,
                &ctx.info.player_names,
                ctx.lang,
            ));
        }
        Ok(())
    }

    /// Abandons the loaded game once the person confirmed: the engine checks it can end (not
    /// already over), then the event is logged and the game recorded as ended without a
    /// result in one transaction.
    pub(super) fn abandon(&mut self, ctx: &mut GameCtx, confirmed: bool) -> Result<GameView> {
        self.ensure_playing_or_unreadable(ctx)?;
        // A game stored by an old release without its set-up, or whose log this version cannot
        // replay to its end: no engine event fits such a log, so the store records the end
        // without one.
        let as_is = ctx.info.events == 0 || ctx.unreadable.is_some();
        if !as_is {
            let ev = Event::new(EventKind::GameAbandoned);
            ctx.game
                .state()
                .validate(&ctx.cards, &ev)
                .map_err(|e| self.rule_error(e, &ctx.info.player_names, ctx.lang))?;
        }
        if !confirmed {
            return Err(ServiceError::needs_confirmation(refusal::table_refusal(
                TableRefusal::ConfirmAbandon,
                ctx.info.id.0,
                ctx.lang,
            )));
        }
        if as_is {
            self.store
                .abandon_game_as_is(ctx.info.id, ctx.info.revision)
                .map_err(|e| {
                    record::write_error(e, &ctx.info.player_names, ctx.lang, ServiceError::from)
                })?;
            ctx.info = self.store.game(ctx.info.id).map_err(store_error)?;
        } else {
            // The engine's outcome without a winner: the coordinator's write abandons it.
            self.game_decide(ctx, EventKind::GameAbandoned)?;
        }
        self.ctx_view(ctx)
    }

    /// The table screen's one call when a card is entered: the preview, and unless something
    /// needs deciding (or `confirmed` says it was decided), the play and the rulings prompt,
    /// in one round trip. Nothing is recorded when the play is impossible or values are
    /// unknown. The game is loaded once for all three.
    pub(crate) fn game_enter(
        &mut self,
        at: impl Into<GameAt>,
        req: &PlayRequest,
        confirmed: bool,
        language: Language,
    ) -> Result<EnterOutcome> {
        self.enter(at.into(), req, confirmed, language, true)
    }

    /// [`Service::game_enter`]; the rulings prompt only when `prompts` asks for it (the
    /// command line shows none, and opening the rulings index is most of a play's time).
    fn enter(
        &mut self,
        at: GameAt,
        req: &PlayRequest,
        confirmed: bool,
        language: Language,
        prompts: bool,
    ) -> Result<EnterOutcome> {
        let card = self.resolve_card_in(&req.card, language)?;
        let mut ctx = self.load_game_in(at, language)?;
        let (preview, engine) = self.preview_in(&ctx, &card, req)?;
        let decide = !preview.unknown.is_empty() || (!confirmed && preview.needs_decision());
        let event = match engine.event {
            Some(ev) if preview.error.is_none() && !decide => ev,
            _ => {
                return Ok(EnterOutcome {
                    preview,
                    view: None,
                    prompts: Vec::new(),
                    prompts_error: None,
                })
            }
        };
        let view = self.append(&mut ctx, event.kind)?;
        let (prompts, prompts_error) = match prompts {
            false => (Vec::new(), None),
            true => match self.prompts_in(&ctx, &card, language, Some(PROMPT_LIMIT)) {
                Ok(p) => (p, None),
                Err(e) => (
                    Vec::new(),
                    Some(refusal::prompts_failed(&e.message, language)),
                ),
            },
        };
        Ok(EnterOutcome {
            preview,
            view: Some(view),
            prompts,
            prompts_error,
        })
    }

    /// A card enters play, any warning confirmed; it goes to the area its type implies.
    #[cfg(test)]
    pub(crate) fn game_play(
        &mut self,
        at: impl Into<GameAt>,
        req: &PlayRequest,
        lang: Language,
    ) -> Result<GameView> {
        self.game_play_confirmed(at, req, true, lang)
    }

    /// The command line's play: the window's one path ([`Service::game_enter`]: one load, the
    /// engine's preview, one append), with what still needs deciding turned into a refusal
    /// that says what to decide (in `lang`): values the catalog lacks, a warning to confirm
    /// (`needs_confirmation` until `confirmed`), a target to choose among several characters
    /// (with `--target`), or a play the rules forbid. Nothing is written then.
    pub(crate) fn game_play_confirmed(
        &mut self,
        at: impl Into<GameAt>,
        req: &PlayRequest,
        confirmed: bool,
        lang: Language,
    ) -> Result<GameView> {
        let out = self.enter(at.into(), req, confirmed, lang, false)?;
        if let Some(view) = out.view {
            return Ok(view);
        }
        let p = out.preview;
        let name = &p.card.tag;
        let de = lang == Language::De;
        Err(if let Some(error) = p.error {
            ServiceError::invalid(error)
        } else if !p.unknown.is_empty() {
            let facts: Vec<&str> = p
                .unknown
                .iter()
                .map(|f| match (f, de) {
                    (bluemoon::source::Fact::Type, false) => "type",
                    (bluemoon::source::Fact::Fire, false) => "fire",
                    (bluemoon::source::Fact::Earth, false) => "earth",
                    (bluemoon::source::Fact::Type, true) => "Typ",
                    (bluemoon::source::Fact::Fire, true) => "Feuer",
                    (bluemoon::source::Fact::Earth, true) => "Erde",
                })
                .collect();
            ServiceError::invalid(if de {
                format!(
                    "Dem Katalog fehlt {} von {name}: einmal angeben (`tablemate game fix`), \
                     dann die Karte noch einmal spielen",
                    facts.join(" und ")
                )
            } else {
                format!(
                    "The catalog lacks the {} of {name}: give them once (`tablemate game fix`), \
                     then play it again",
                    facts.join(" and ")
                )
            })
        } else if !p.warnings.is_empty() {
            let said: Vec<&str> = p
                .warnings
                .iter()
                .map(|w| w.message_in(lang).trim_end_matches('.'))
                .collect();
            ServiceError::needs_confirmation(if de {
                format!(
                    "{}. Nichts wurde eingetragen: bestätigen, um sie trotzdem zu spielen.",
                    said.join(". ")
                )
            } else {
                format!(
                    "{}. Nothing was recorded: confirm to play it anyway.",
                    said.join(". ")
                )
            })
        } else {
            let options: Vec<String> = p
                .target_options
                .iter()
                .map(|c| c.id.clone().unwrap_or_else(|| c.tag.clone()))
                .collect();
            let default = p.default_target.as_deref();
            ServiceError::needs_confirmation(if de {
                format!(
                    "{name} braucht einen dieser Charaktere als Ziel: {} (der jüngste, {}, \
                     außer mit --target gewählt)",
                    options.join(", "),
                    default.unwrap_or("keiner")
                )
            } else {
                format!(
                    "{name} needs one of these characters as its target: {} (the most recent, \
                     {}, unless you choose with --target)",
                    options.join(", "),
                    default.unwrap_or("none")
                )
            })
        })
    }

    /// What entering a card would do (area, target choice, unknown values, warnings) without
    /// recording anything: the unit tests' look at a preview alone (the table's
    /// `table_enter` previews on the same load it plays on).
    #[cfg(test)]
    pub(crate) fn game_preview_play(&self, id: i64, req: &PlayRequest) -> Result<PlayPreview> {
        let card = self.resolve_card(&req.card)?;
        let ctx = self.load_game(id)?;
        Ok(self.preview_in(&ctx, &card, req)?.0)
    }

    /// The engine's preview of a play in the loaded game, and its view for the app: the
    /// engine decides; the service adds names and the facts the catalog lacks.
    pub(super) fn preview_in(
        &self,
        ctx: &GameCtx,
        card: &CardId,
        req: &PlayRequest,
    ) -> Result<(PlayPreview, bluemoon::PlayPreview)> {
        let target = match &req.target {
            Some(t) if !t.trim().is_empty() => Some(self.resolve_card_in(t, ctx.lang)?),
            _ => None,
        };
        let player = req.player;
        let engine = ctx
            .game
            .state()
            .preview_play(&ctx.cards, player, card, target, req.face_down);
        let mut view = self.card_view(&ctx.cards, Some(card), req.face_down);
        view.target = req.target.clone();
        let preview = PlayPreview {
            card: view,
            area: engine.area.map(area_name),
            needs_target: engine.needs_target,
            target_options: engine
                .target_options
                .iter()
                .map(|c| self.card_view(&ctx.cards, Some(c), false))
                .collect(),
            default_target: engine.default_target.as_ref().map(|c| c.to_string()),
            unknown: engine.unknown.clone(),
            warnings: engine
                .warnings
                .iter()
                .map(|w| self.warning_view(w, Some(&ctx.info.player_names)))
                .collect(),
            error: engine
                .error
                .as_ref()
                .map(|e| self.rule_refusal(e, &ctx.info.player_names, ctx.lang)),
        };
        Ok((preview, engine))
    }

    /// Anything else at the table (element, next turn, retreat, dragons by hand, ...);
    /// refusals in `lang`.
    pub(crate) fn game_act(
        &mut self,
        at: impl Into<GameAt>,
        action: &GameAction,
        lang: Language,
    ) -> Result<GameView> {
        let mut ctx = self.load_game_in(at.into(), lang)?;
        let kind = match action {
            GameAction::Abandon { confirmed } => return self.abandon(&mut ctx, *confirmed),
            GameAction::ChooseElement { player, element } => EventKind::ElementChosen {
                player: *player,
                element: element.element(),
            },
            GameAction::ChangeElement { element } => EventKind::ElementChanged {
                element: element.element(),
            },
            GameAction::Pass { player, confirmed } => {
                let ev = Event::new(EventKind::TurnPassed { player: *player });
                // An impossible pass is refused as such; a possible one without a new
                // character waits for the person's confirmation.
                let warnings = ctx
                    .game
                    .state()
                    .validate(&ctx.cards, &ev)
                    .map_err(|e| self.rule_error(e, &ctx.info.player_names, ctx.lang))?;
                let unconfirmed = warnings
                    .iter()
                    .find(|w| w.kind() == WarningKind::NoNewCharacter)
                    .filter(|_| !confirmed);
                if let Some(w) = unconfirmed {
                    let message = match ctx.lang {
                        Language::En => self.warning_view(w, Some(&ctx.info.player_names)).message,
                        Language::De => refusal::unconfirmed_pass_de(w, &ctx.info.player_names),
                    };
                    return Err(ServiceError::needs_confirmation(message));
                }
                ev.kind
            }
            GameAction::Retreat {
                player,
                forced,
                dragon_cancelled,
            } => EventKind::Retreat {
                player: *player,
                forced: *forced,
                dragon_cancelled: *dragon_cancelled,
            },
            GameAction::DeclineStart { player, discarded } => EventKind::DeclineStart {
                player: *player,
                discarded: *discarded,
            },
            GameAction::AttractDragons { player, count } => EventKind::DragonsAttracted {
                player: *player,
                count: *count,
            },
            GameAction::Discard { player, card } => EventKind::Discarded {
                player: *player,
                card: self.resolve_card_in(card, lang)?,
            },
            GameAction::Retrieve { player, card } => EventKind::Retrieved {
                player: *player,
                card: self.resolve_card_in(card, lang)?,
            },
            GameAction::Cover { player, card } => EventKind::Covered {
                player: *player,
                card: self.resolve_card_in(card, lang)?,
            },
            GameAction::ChangeTarget {
                player,
                card,
                target,
            } => EventKind::TargetChanged {
                player: *player,
                card: self.resolve_card_in(card, lang)?,
                target: self.resolve_card_in(target, lang)?,
            },
            GameAction::OutOfCards { player } => EventKind::OutOfCards { player: *player },
            GameAction::CardsRegained { player } => EventKind::CardsRegained { player: *player },
            GameAction::Concede { .. } if ctx.info.events == 0 => {
                return Err(ServiceError::invalid(refusal::table_refusal(
                    TableRefusal::NeverSetUp,
                    ctx.info.id.0,
                    ctx.lang,
                )))
            }
            GameAction::Concede { player } => EventKind::GameEnded { loser: *player },
        };
        self.append(&mut ctx, kind)
    }

    /// Takes back the last event (the setup stays). Without limit; refusals in `lang`.
    pub(crate) fn game_undo(&mut self, at: impl Into<GameAt>, lang: Language) -> Result<GameView> {
        let read = coordinator::read::<BlueMoonLog>(&self.store, at.into(), lang)?;
        let (info, stored) = (&read.record, &read.events);
        let id = info.id.0;
        let refused = |r| Err(ServiceError::invalid(refusal::table_refusal(r, id, lang)));
        if info.result.is_some() {
            return refused(TableRefusal::FinishedLog);
        }
        if stored.len() <= 1 {
            return refused(TableRefusal::NothingToUndo);
        }
        let ctx = self.undo_game(read, lang)?;
        self.ctx_view(&ctx)
    }

    /// Puts back the last undone event; refusals in `lang`.
    pub(crate) fn game_redo(&mut self, at: impl Into<GameAt>, lang: Language) -> Result<GameView> {
        let mut ctx = self.load_game_in(at.into(), lang)?;
        let id = ctx.info.id.0;
        let refused = |r| Err(ServiceError::invalid(refusal::table_refusal(r, id, lang)));
        if ctx.info.result.is_some() {
            return refused(TableRefusal::FinishedLog);
        }
        if !self.redo_game(&mut ctx)? {
            return refused(TableRefusal::NothingToRedo);
        }
        self.ctx_view(&ctx)
    }
}
