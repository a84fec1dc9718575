//! Entering a card: where it goes, what it covers, the target it names, and what the table
//! warns about it (limits of the turn, conditions, restrictions in force).

use super::*;

impl GameState {
    pub(super) fn find_mut(&mut self, player: Player, card: &CardId) -> Option<&mut CardEntry> {
        let side = self.table.side_mut(player);
        let area = Area::ALL
            .into_iter()
            .find(|a| side.area(*a).iter().any(|e| e.card.as_ref() == Some(card)))?;
        side.area_mut(area)
            .iter_mut()
            .find(|e| e.card.as_ref() == Some(card))
    }

    pub(super) fn remove(
        &mut self,
        player: Player,
        card: &CardId,
        covered_too: bool,
    ) -> Result<(), RuleError> {
        let side = self.table.side_mut(player);
        for area in Area::ALL {
            let list = side.area_mut(area);
            if let Some(pos) = list.iter().position(|e| e.card.as_ref() == Some(card)) {
                list.remove(pos);
                return Ok(());
            }
        }
        if covered_too {
            if let Some(pos) = side.covered.iter().position(|c| c == card) {
                side.covered.remove(pos);
                return Ok(());
            }
        }
        Err(RuleError::CardNotInPlay {
            player,
            card: card.clone(),
        })
    }

    pub(super) fn check_target(
        &self,
        cards: &impl CardSource,
        player: Player,
        target: &CardId,
    ) -> Result<(), RuleError> {
        let ok = self.table.side(player).combat.iter().any(|e| {
            e.card.as_ref() == Some(target)
                && cards.facts(target).and_then(|f| f.card_type) == Some(CardType::Character)
        });
        if ok {
            Ok(())
        } else {
            Err(RuleError::BadTarget(target.clone()))
        }
    }

    pub(super) fn play(
        &mut self,
        cards: &impl CardSource,
        player: Player,
        card: &CardId,
        area: Area,
        target: Option<CardId>,
        face_down: bool,
    ) -> Result<(), RuleError> {
        let facts = cards
            .facts(card)
            .ok_or_else(|| RuleError::UnknownCard(card.clone()))?;
        let card_type = facts.card_type;
        if card_type == Some(CardType::Interference) {
            // Played in the opponent's turn, straight to the discard pile: nothing on the
            // table changes; the app records the event for the log.
            self.discarded.get_mut(player).push(card.clone());
            return Ok(());
        }
        self.expect_turn(player)?;
        if face_down && !crate::table::is_bluff_card(facts) {
            return Err(RuleError::NotABluffCard(card.clone()));
        }
        if let Some(exp) = area_for(card_type, face_down) {
            if exp != area
                || matches!(
                    card_type,
                    Some(CardType::Leader | CardType::Inquisitor | CardType::Emissary)
                )
            {
                return Err(RuleError::WrongArea {
                    card: card.clone(),
                    card_type,
                    area,
                });
            }
        }

        // Read on the table before the card arrives (and before it covers anything).
        let unmet = crate::condition::unmet(self, cards, player, card, face_down);
        self.play_warnings(cards, player, card, area, face_down);
        self.fight.begun = true;

        let is_character = !face_down && card_type == Some(CardType::Character);
        if is_character
            && area == Area::Combat
            && !self.continues_without_cover(cards, player, card)
        {
            let played = self.fight.played_this_turn.clone();
            let side = self.table.side_mut(player);
            let (stay, go): (Vec<CardEntry>, Vec<CardEntry>) = side
                .combat
                .drain(..)
                .partition(|e| e.card.as_ref().is_some_and(|c| played.contains(c)));
            side.combat = stay;
            side.covered.extend(go.into_iter().filter_map(|e| e.card));
        }
        if card_type == Some(CardType::Influence) {
            // Only one Hyla for both players: any active one is discarded.
            for p in [Player::A, Player::B] {
                let is_hyla = |e: &CardEntry| {
                    e.card
                        .as_ref()
                        .and_then(|c| cards.facts(c))
                        .and_then(|f| f.card_type)
                        == Some(CardType::Influence)
                };
                let side = self.table.side_mut(p);
                let (gone, stay): (Vec<CardEntry>, Vec<CardEntry>) =
                    side.influence.drain(..).partition(is_hyla);
                side.influence = stay;
                let gone: Vec<CardId> = gone.into_iter().filter_map(|e| e.card).collect();
                self.discarded.get_mut(p).extend(gone);
            }
        }
        self.table.side_mut(player).area_mut(area).push(CardEntry {
            card: Some(card.clone()),
            face_down,
            target: None,
            new: false,
        });
        self.fight.played_this_turn.push(card.clone());
        if let Some(t) = target {
            self.check_target(cards, player, &t)?;
            if let Some(e) = self.find_mut(player, card) {
                e.target = Some(t);
            }
        }

        if !unmet.is_empty() {
            // A condition binds unless the card's text is ignored once it lies on the table.
            let contested = self.table.contested;
            let res = Resolution::new(cards, &self.table);
            let slot = res.slots.iter().rposition(|s| {
                s.owner == player && s.entry.card.as_ref() == Some(card) && s.area == area
            });
            for u in crate::condition::in_force(&res, slot, unmet) {
                self.warnings.push(Warning::PlayCondition {
                    player,
                    card: card.clone(),
                    condition: u.condition,
                    have: u.have,
                    contested,
                });
            }
        }
        // Element change: only when played, only if the text is not ignored, and only
        // once an element has been chosen.
        if !face_down && self.table.contested.is_some() {
            let res = Resolution::new(cards, &self.table);
            let slot = res.slots.iter().rposition(|s| {
                s.owner == player && s.entry.card.as_ref() == Some(card) && s.area == area
            });
            let changes: Vec<ElementChangeTo> = slot
                .map(|s| {
                    res.slots[s]
                        .effects
                        .iter()
                        .enumerate()
                        .filter_map(|(k, effect)| match effect {
                            Effect::ElementChange { to } if res.in_force(s, k) => Some(*to),
                            _ => None,
                        })
                        .collect()
                })
                .unwrap_or_default();
            for to in changes {
                let cur = self.table.contested.unwrap_or(Element::Fire);
                self.table.contested = Some(match to {
                    ElementChangeTo::Toggle => cur.other(),
                    ElementChangeTo::Fire => Element::Fire,
                    ElementChangeTo::Earth => Element::Earth,
                });
            }
        }
        Ok(())
    }

    /// Active characters whose printed values the catalog lacks (either player).
    pub(super) fn characters_without_values(&self, cards: &impl CardSource) -> Vec<CardId> {
        [Player::A, Player::B]
            .into_iter()
            .flat_map(|p| self.table.side(p).combat.iter())
            .filter(|e| !e.face_down)
            .filter_map(|e| e.card.as_ref())
            .filter(|c| {
                cards.facts(c).is_some_and(|f| {
                    f.card_type == Some(CardType::Character)
                        && (f.fire.is_none() || f.earth.is_none())
                })
            })
            .cloned()
            .collect()
    }

    /// Warnings from the table as it was before the card arrived: restrictions that forbid
    /// this play (by card kind, or by count this turn), and the first-turn limit.
    pub(super) fn play_warnings(
        &mut self,
        cards: &impl CardSource,
        player: Player,
        card: &CardId,
        area: Area,
        face_down: bool,
    ) {
        let res = Resolution::new(cards, &self.table);
        let mut forbidden: Vec<(usize, String)> = res
            .forbidding(cards, player, card, face_down, None)
            .into_iter()
            .map(|(by, rule)| (by, format!("{rule:?}")))
            .collect();
        let played = &self.fight.played_this_turn;
        let into_combat = played
            .iter()
            .filter(|c| {
                self.table
                    .side(player)
                    .combat
                    .iter()
                    .any(|e| e.card.as_ref() == Some(*c))
            })
            .count();
        for (by, rule) in res.restrictions_on(player) {
            let hit = match rule {
                Forbid::MoreThanOneCardPerTurn => !played.is_empty(),
                Forbid::MoreThanOneCardIntoCombat => area == Area::Combat && into_combat > 0,
                _ => false,
            };
            if hit {
                forbidden.push((by, format!("{rule:?}")));
            }
        }
        if face_down {
            // The card is a character in hand: an opponent's effect that ignores it (Hank
            // Highflyer Hawk, Mad Mike Magpie) or its icons (Mekarthas) takes its BLUFF icon
            // away, so it cannot be played as a bluff card.
            let facts = cards.facts(card);
            let flit_char = facts.is_some_and(|f| {
                f.series == crate::Series::Flit && f.card_type == Some(CardType::Character)
            });
            for (s, effect) in res.in_force_effects() {
                if res.slots[s].owner != player.other() {
                    continue;
                }
                if let Effect::Ignore {
                    what,
                    cards: class,
                    except,
                    except_icons,
                    ..
                } = effect
                {
                    use crate::effect::{CardClass, Except, IgnoreWhat};
                    let reaches = matches!(
                        class,
                        CardClass::Characters | CardClass::WithIcons | CardClass::All
                    ) && !(flit_char && except.contains(&Except::FlitCharacters));
                    let hit = reaches
                        && match what {
                            IgnoreWhat::Cards => true,
                            IgnoreWhat::Icons => !except_icons.contains(&Icon::Bluff),
                            IgnoreWhat::Text => false,
                        };
                    if hit {
                        forbidden.push((s, "BLUFF icon ignored".to_string()));
                    }
                }
            }
        }
        for (by, rule) in forbidden {
            if let Some(by_card) = &res.slots[by].entry.card {
                self.warnings.push(Warning::Forbidden {
                    player,
                    card: card.clone(),
                    by: by_card.clone(),
                    rule,
                });
            }
        }
        let limits = crate::turn::play_warnings(self, cards, &res, player, card, face_down);
        self.warnings.extend(limits);
    }

    /// A character that continues a gang (every active combat card is a character of the
    /// same gang) or whose text says it does not cover (KhindKin) covers nothing.
    pub(super) fn continues_without_cover(
        &self,
        cards: &impl CardSource,
        player: Player,
        card: &CardId,
    ) -> bool {
        let no_cover = cards.effects(card).iter().any(|e| {
            matches!(
                e,
                Effect::Reminder {
                    action: Action::NoCover,
                    ..
                }
            )
        });
        if no_cover {
            return true;
        }
        let Some(gang) = cards.facts(card).and_then(|f| f.gang.clone()) else {
            return false;
        };
        // 'When icons are ignored the gang is lost at the next character play.'
        let res = Resolution::new(cards, &self.table);
        let gang_icon_ignored = res.in_force_effects().any(|(s, e)| {
            res.slots[s].owner == player.other()
                && matches!(e, Effect::Ignore { what: crate::effect::IgnoreWhat::Icons, except_icons, .. }
                    if !except_icons.contains(&Icon::Gang))
        });
        if gang_icon_ignored {
            return false;
        }
        let combat = &self.table.side(player).combat;
        !combat.is_empty()
            && combat.iter().all(|e| {
                e.card
                    .as_ref()
                    .and_then(|c| cards.facts(c))
                    .is_some_and(|f| {
                        f.card_type == Some(CardType::Character) && f.gang.as_ref() == Some(&gang)
                    })
            })
    }
}
