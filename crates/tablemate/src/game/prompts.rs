//! The rulings prompt of a card entered at Blue Moon's table (the cards in play in the order
//! they met it, the rulings seen in the game left out) and marking a ruling seen.

use super::*;

impl Service {
    /// The rulings to show when `card` is entered in game `id`: interactions with the cards on
    /// the table first, then the card's own, then general sections; `lang`'s records first.
    pub(crate) fn game_prompts(
        &self,
        id: i64,
        card: &str,
        lang: Language,
        limit: Option<usize>,
    ) -> Result<Vec<crate::rulings::PromptView>> {
        let card = self.resolve_card(card)?;
        let ctx = self.load_game(id)?;
        self.prompts_in(&ctx, &card, lang, limit)
    }

    /// The rulings prompt for `card` in the loaded game.
    pub(super) fn prompts_in(
        &self,
        ctx: &GameCtx,
        card: &CardId,
        lang: Language,
        limit: Option<usize>,
    ) -> Result<Vec<crate::rulings::PromptView>> {
        let table = &ctx.game.state().table;
        let mut active: Vec<String> = Vec::new();
        for p in [Player::A, Player::B] {
            let side = table.side(p);
            for area in Area::ALL {
                for e in side.area(area) {
                    if let Some(c) = &e.card {
                        if c != card && !active.contains(&c.to_string()) {
                            active.push(c.to_string());
                        }
                    }
                }
            }
        }
        order_of_meeting(ctx, card, &mut active);
        ctx.unseen_prompts(limit, |n| {
            Ok(self.rulings_for(card.as_str(), &active, lang, n)?.prompts)
        })
    }

    /// Marks a ruling seen in game `id`: the rulings prompt does not show it again in that game,
    /// also after a restart. Marking it twice is harmless; an unknown ruling is refused in `lang`.
    pub(crate) fn game_mark_ruling_seen(
        &mut self,
        id: i64,
        ruling: &str,
        lang: Language,
    ) -> Result<()> {
        let ruling = ruling.trim();
        // Only real rulings: a mistyped id would hide nothing and stay in the database.
        if self
            .reference()?
            .get(&rulings::RulingId(ruling.to_owned()))
            .is_none()
        {
            return Err(ServiceError::not_found(match lang {
                Language::En => format!("There is no ruling with the id \"{ruling}\"."),
                Language::De => format!("Es gibt keine Regelung mit der Kennung „{ruling}“."),
            }));
        }
        self.store
            .mark_ruling_seen(store::GameId(id), ruling)
            .map_err(crate::tournaments::store_err)?;
        Ok(())
    }
}

/// Puts the cards of a rulings prompt in the order they met the entered `card`, nearest last
/// (the prompt ranks the ruling with the nearest card first): by their last play, then the
/// cards that `card`'s last play covered (they leave `active`'s table areas but are what it
/// met), then the card it targets.
pub(super) fn order_of_meeting(ctx: &GameCtx, card: &CardId, active: &mut Vec<String>) {
    let events = ctx.game.events();
    let played = |c: &str| {
        events.iter().rposition(
            |e| matches!(&e.kind, EventKind::CardPlayed { card, .. } if card.as_str() == c),
        )
    };
    active.sort_by_key(|c| played(c));
    let Some(i) = played(card.as_str()) else {
        return;
    };
    let mut nearest = |c: &CardId| {
        if c != card {
            active.retain(|a| a != c.as_str());
            active.push(c.to_string());
        }
    };
    // the table just before and just after that play: the cards it covered
    let before = GameState::replay(&ctx.cards, &events[..i]).ok();
    let after = before
        .as_ref()
        .and_then(|b| b.apply(&ctx.cards, &events[i]).ok());
    if let (Some(before), Some(after)) = (before, after) {
        for p in [Player::A, Player::B] {
            for c in &after.table.side(p).covered {
                if !before.table.side(p).covered.contains(c) {
                    nearest(c);
                }
            }
        }
    }
    if let EventKind::CardPlayed {
        target: Some(t), ..
    } = &events[i].kind
    {
        nearest(t);
    }
}
