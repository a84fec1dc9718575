//! The Warhammer: Invasion state as a fold over [`WhiEvent`]s: capitals, resources, cards in
//! play, turns and the end of the game. Sources are cited as "FAQ: section" for
//! `data/sources/warhammer-invasion-faq.txt`.

use super::limits::{
    MAX_AMOUNT, MAX_BASE_HIT_POINTS, MAX_DEVELOPMENTS, MAX_HIT_POINTS_PER_DEVELOPMENT,
};
use super::{HitPoints, WhiError, WhiEvent, Zone};
use crate::log::{Needs, Phase, Rules};
use crate::{CardId, PerPlayer, Player, Turn};
use serde::Serialize;
use ts_rs::TS;

/// One section of a capital, which is also one of the player's zones.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Section {
    /// Damage on the section; never more than its hit points (the excess is lost: FAQ,
    /// Crone Hellebron question).
    pub damage: u32,
    /// Face-down developments in the zone.
    pub developments: u32,
    /// Burn tokens placed: a burned section stays burned and cannot be assigned damage.
    pub burned: bool,
    /// Cards in play in the zone, in the order they came.
    pub cards: Vec<CardId>,
}

impl Section {
    /// `base + per_development × developments`. The engine keeps each within its limit
    /// (`limits`), so this is at most 990 and never overflows; a state built by hand beyond
    /// them reads as `u32::MAX` rather than wrapping to a small number.
    pub fn hit_points(&self, hp: HitPoints) -> u32 {
        hp.per_development
            .checked_mul(self.developments)
            .and_then(|d| d.checked_add(hp.base))
            .unwrap_or(u32::MAX)
    }
}

/// A capital: the Kingdom, Quest and Battlefield sections.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Capital {
    pub kingdom: Section,
    pub quest: Section,
    pub battlefield: Section,
}

impl Capital {
    pub fn section(&self, zone: Zone) -> &Section {
        match zone {
            Zone::Kingdom => &self.kingdom,
            Zone::Quest => &self.quest,
            Zone::Battlefield => &self.battlefield,
        }
    }

    pub fn section_mut(&mut self, zone: Zone) -> &mut Section {
        match zone {
            Zone::Kingdom => &mut self.kingdom,
            Zone::Quest => &mut self.quest,
            Zone::Battlefield => &mut self.battlefield,
        }
    }

    pub fn burned(&self) -> usize {
        Zone::ALL
            .iter()
            .filter(|z| self.section(**z).burned)
            .count()
    }
}

/// One player's side of the table.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Side {
    pub deck: Option<String>,
    pub capital: Capital,
    /// Resources available this turn.
    pub resources: u32,
    /// Legends in play, in the order they came.
    pub legends: Vec<CardId>,
    /// An Eternal War legend entered play under this player's control: they must burn 3
    /// zones to win for the rest of the game, even if the legend leaves play (FAQ: Official
    /// Rules Clarification > Miscellaneous > "For the rest of the game…").
    pub eternal_war: bool,
}

impl Side {
    /// Burned sections of the opponent's capital this player needs to win.
    pub fn zones_to_win(&self) -> usize {
        if self.eternal_war {
            3
        } else {
            2
        }
    }
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[ts(export, rename = "WhiEndReason")]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The winner burned 2 sections of the loser's capital (3 after an Eternal War legend).
    ZonesBurned,
    /// The loser had no cards in the deck.
    DeckEmpty,
    Conceded,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct WhiResult {
    pub winner: Player,
    pub reason: EndReason,
}

/// Everything known about the game after the events so far.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct WhiState {
    /// `None` until the `setup` event.
    pub hit_points: Option<HitPoints>,
    pub turn: Turn,
    pub sides: PerPlayer<Side>,
    pub over: Option<WhiResult>,
}

impl Rules for WhiState {
    type Kind = WhiEvent;
    type Error = WhiError;
    type View = super::WhiView;

    fn view(&self) -> super::WhiView {
        self.table_view()
    }

    fn outcome(&self) -> cards::Outcome {
        self.over
            .map_or(cards::Outcome::Playing, |r| cards::Outcome::Won(r.winner))
    }

    fn phase(&self) -> Phase {
        Phase {
            set_up: self.hit_points.is_some(),
            over: self.over.is_some(),
        }
    }

    fn needs(ev: &WhiEvent) -> Needs {
        match ev {
            WhiEvent::Setup { .. } => Needs::NotSetUp,
            _ => Needs::InProgress,
        }
    }

    fn step(&self, ev: &WhiEvent) -> Result<WhiState, WhiError> {
        let mut s = self.clone();
        match ev {
            WhiEvent::Setup {
                decks,
                starts,
                hit_points,
            } => {
                if hit_points.base == 0 {
                    return Err(WhiError::NoHitPoints);
                }
                if hit_points.base > MAX_BASE_HIT_POINTS
                    || hit_points.per_development > MAX_HIT_POINTS_PER_DEVELOPMENT
                {
                    return Err(WhiError::HitPointsTooHigh {
                        base: hit_points.base,
                        per_development: hit_points.per_development,
                    });
                }
                s.hit_points = Some(*hit_points);
                s.turn = Turn::first(*starts);
                for p in Player::BOTH {
                    s.sides.get_mut(p).deck = decks.get(p).clone();
                }
            }
            WhiEvent::ResourcesCollected { player, amount } => {
                s.turn.check_active(*player)?;
                within_limit(*player, *amount)?;
                // FAQ: Updated Turn Sequence Diagram, Phase 1 Kingdom Phase: unspent
                // resources are reset to the pool, then the power in the kingdom is taken.
                s.sides.get_mut(*player).resources = *amount;
            }
            WhiEvent::ResourcesGained { player, amount } => {
                nonzero(*amount)?;
                within_limit(*player, *amount)?;
                let r = &mut s.sides.get_mut(*player).resources;
                *r = r
                    .checked_add(*amount)
                    .filter(|total| *total <= MAX_AMOUNT)
                    .ok_or(WhiError::TooManyResources {
                        player: *player,
                        have: *r,
                        gain: *amount,
                    })?;
            }
            WhiEvent::ResourcesSpent { player, amount } => {
                nonzero(*amount)?;
                within_limit(*player, *amount)?;
                let r = &mut s.sides.get_mut(*player).resources;
                if *amount > *r {
                    return Err(WhiError::NotEnoughResources {
                        player: *player,
                        have: *r,
                        spend: *amount,
                    });
                }
                *r -= amount;
            }
            WhiEvent::CardPlayed { player, card, zone } => {
                let side = s.sides.get_mut(*player);
                side.capital.section_mut(*zone).cards.push(card.clone());
            }
            WhiEvent::LegendEntered {
                player,
                card,
                eternal_war,
            } => {
                let side = s.sides.get_mut(*player);
                side.legends.push(card.clone());
                // Stays set when the legend leaves: "for the rest of the game".
                side.eternal_war |= eternal_war;
            }
            WhiEvent::LegendLeft { player, card } => {
                let legends = &mut s.sides.get_mut(*player).legends;
                let pos = legends.iter().position(|c| c == card).ok_or_else(|| {
                    WhiError::LegendNotInPlay {
                        player: *player,
                        card: card.clone(),
                    }
                })?;
                legends.remove(pos);
            }
            WhiEvent::CardMoved {
                player,
                card,
                from,
                to,
            } => {
                if from == to {
                    return Err(WhiError::SameZone(*from));
                }
                s.take_card(*player, card, *from)?;
                let side = s.sides.get_mut(*player);
                side.capital.section_mut(*to).cards.push(card.clone());
            }
            WhiEvent::CardLeft { player, card, zone } => s.take_card(*player, card, *zone)?,
            WhiEvent::DevelopmentPlayed { player, zone } => {
                let sec = s.sides.get_mut(*player).capital.section_mut(*zone);
                if sec.developments >= MAX_DEVELOPMENTS {
                    return Err(WhiError::TooManyDevelopments {
                        player: *player,
                        zone: *zone,
                    });
                }
                sec.developments += 1;
            }
            WhiEvent::DevelopmentRemoved { player, zone } => {
                let sec = s.sides.get_mut(*player).capital.section_mut(*zone);
                if sec.developments == 0 {
                    return Err(WhiError::NoDevelopment {
                        player: *player,
                        zone: *zone,
                    });
                }
                sec.developments -= 1;
                s.check_burn(*player, *zone);
            }
            WhiEvent::DamageDealt {
                player,
                zone,
                amount,
            } => {
                nonzero(*amount)?;
                within_limit(*player, *amount)?;
                let hp = s.hp();
                let sec = s.sides.get_mut(*player).capital.section_mut(*zone);
                if sec.burned {
                    // FAQ: Frequently Asked Questions, "A burning zone still functions
                    // normally except that it cannot be assigned damage."
                    return Err(WhiError::ZoneBurning {
                        player: *player,
                        zone: *zone,
                    });
                }
                // Damage is at most the section's hit points (990) and the amount at most 999,
                // so the sum fits; the excess over the hit points is lost (FAQ, Crone
                // Hellebron question), which is the rule, not a cap of the input.
                sec.damage = (sec.damage + amount).min(sec.hit_points(hp));
                s.check_burn(*player, *zone);
            }
            WhiEvent::DamageHealed {
                player,
                zone,
                amount,
            } => {
                nonzero(*amount)?;
                within_limit(*player, *amount)?;
                let sec = s.sides.get_mut(*player).capital.section_mut(*zone);
                if sec.burned {
                    return Err(WhiError::AlreadyBurned {
                        player: *player,
                        zone: *zone,
                    });
                }
                if *amount > sec.damage {
                    return Err(WhiError::NotThatMuchDamage {
                        player: *player,
                        zone: *zone,
                        have: sec.damage,
                        heal: *amount,
                    });
                }
                sec.damage -= amount;
            }
            WhiEvent::DeckEmpty { player } => {
                // FAQ: "For the rest of the game…": the Eternal War rule "does not prevent a
                // player from losing the game if that player has no cards in his deck".
                s.over = Some(WhiResult {
                    winner: player.other(),
                    reason: EndReason::DeckEmpty,
                });
            }
            WhiEvent::Conceded { player } => {
                s.over = Some(WhiResult {
                    winner: player.other(),
                    reason: EndReason::Conceded,
                });
            }
            WhiEvent::TurnEnded { player } => s.turn.end(*player)?,
        }
        Ok(s)
    }
}

/// One entry of resources, damage or healing is at most [`MAX_AMOUNT`].
fn within_limit(player: Player, amount: u32) -> Result<(), WhiError> {
    if amount > MAX_AMOUNT {
        Err(WhiError::AmountTooLarge { player, amount })
    } else {
        Ok(())
    }
}

fn nonzero(amount: u32) -> Result<(), WhiError> {
    if amount == 0 {
        Err(WhiError::ZeroAmount)
    } else {
        Ok(())
    }
}

impl WhiState {
    /// The hit point rule of the game (the rulebook's until set up).
    pub fn hp(&self) -> HitPoints {
        self.hit_points.unwrap_or_default()
    }

    fn take_card(&mut self, player: Player, card: &CardId, zone: Zone) -> Result<(), WhiError> {
        let cards = &mut self.sides.get_mut(player).capital.section_mut(zone).cards;
        let pos = cards
            .iter()
            .position(|c| c == card)
            .ok_or_else(|| WhiError::NotInZone {
                player,
                card: card.clone(),
                zone,
            })?;
        cards.remove(pos);
        Ok(())
    }

    /// A section with damage at least its hit points burns (FAQ: Updated Turn Sequence
    /// Diagram, Phase 4: "Burn tokens are placed on the capital if necessary"); the
    /// opponent wins once enough of this capital has burned.
    fn check_burn(&mut self, owner: Player, zone: Zone) {
        let hp = self.hp();
        let sec = self.sides.get_mut(owner).capital.section_mut(zone);
        if sec.burned || sec.damage < sec.hit_points(hp) {
            return;
        }
        sec.burned = true;
        let attacker = owner.other();
        let burned = self.sides.get(owner).capital.burned();
        if burned >= self.sides.get(attacker).zones_to_win() {
            self.over = Some(WhiResult {
                winner: attacker,
                reason: EndReason::ZonesBurned,
            });
        }
    }
}
