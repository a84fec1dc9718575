//! The limits of one turn, checked BEFORE a card is played (rulebook pages 6 to 8 as the FAQ
//! quotes them: `data/sources/blue-moon-faq-en.txt`, sections cited below). They are
//! warnings, not errors: the cards on the table are the truth, so a person may confirm a play
//! the engine doubts (a card text it does not model may allow it).
//!
//! * one character card per turn (§ 'Card Play: General Rules'), except FREE
//!   (§ 'Icons: FREE'), a PAIR (§ 'Icons: PAIR') and adding to a GANG (§ 'Icons: GANG');
//! * one booster OR one support card, none on the starter's first turn of a fight, more
//!   when a card allows it (Special Rule 3, Genathones the Blind); a bluff card counts as a
//!   support card (§ 'Bluffing: General Rules'); FREE cards do not count;
//! * a card with a STOP icon ends card play for the turn (§ 'Icons: STOP');
//! * one leadership-phase action: a leadership card, a Hyla, a crystal card or a ship;
//! * the Leadership phase comes before the Character and Booster/Support phases
//!   (§ 'Card Play: General Rules', "When can I play a leadership card?"): a leadership-phase
//!   card after this turn's character, booster or support card is out of order;
//! * a card not in the player's deck, already in play or already discarded;
//! * to continue a fight a character must be played (else retreat or decline).

use crate::deck::not_in_deck;
use crate::effect::{Action, Effect, ExtraPlays, IgnoreWhat, Timing};
use crate::game::GameState;
use crate::power::{Resolution, Warning};
use crate::source::CardSource;
use crate::table::Area;
use crate::{CardId, CardType, Icon, Player};

/// A card played this turn (or about to be), as the limits see it.
struct Play<'a> {
    card: &'a CardId,
    face_down: bool,
}

impl Play<'_> {
    /// The type the limits count it as: a face-down bluff card is a support card.
    fn kind(&self, cards: &impl CardSource) -> Option<CardType> {
        if self.face_down {
            Some(CardType::Support)
        } else {
            cards.facts(self.card).and_then(|f| f.card_type)
        }
    }

    fn has_icon(&self, cards: &impl CardSource, icon: Icon) -> bool {
        !self.face_down && cards.facts(self.card).is_some_and(|f| f.has_icon(icon))
    }

    fn grants_free(&self, cards: &impl CardSource) -> bool {
        !self.face_down
            && cards.effects(self.card).iter().any(|e| {
                matches!(
                    e,
                    Effect::Reminder {
                        action: Action::GrantFree,
                        timing: Timing::WhenPlaying,
                        ..
                    }
                )
            })
    }
}

fn is_leadership_action(kind: Option<CardType>) -> bool {
    matches!(
        kind,
        Some(CardType::Leadership | CardType::Influence | CardType::Crystal | CardType::Ship)
    )
}

/// The cards `player` played this turn, oldest first (face down as they lie on the table).
fn played_this_turn<'s>(state: &'s GameState, player: Player) -> Vec<Play<'s>> {
    let side = state.table.side(player);
    state
        .fight
        .played_this_turn
        .iter()
        .map(|card| Play {
            card,
            face_down: side
                .support
                .iter()
                .any(|e| e.face_down && e.card.as_ref() == Some(card)),
        })
        .collect()
}

/// Every turn-limit warning for `player` playing `card` now.
pub(crate) fn play_warnings(
    state: &GameState,
    cards: &impl CardSource,
    res: &Resolution<'_>,
    player: Player,
    card: &CardId,
    face_down: bool,
) -> Vec<Warning> {
    let mut out = Vec::new();
    if let Some(setup) = &state.setup {
        if let Some(deck) = not_in_deck(cards, setup, player, card) {
            out.push(Warning::NotInDeck {
                player,
                card: card.clone(),
                deck,
            });
        }
    }
    let side = state.table.side(player);
    let in_play = Area::ALL
        .iter()
        .any(|a| side.area(*a).iter().any(|e| e.card.as_ref() == Some(card)))
        || side.covered.contains(card);
    if in_play {
        out.push(Warning::AlreadyInPlay {
            player,
            card: card.clone(),
        });
    } else if state.discarded.get(player).contains(card) {
        out.push(Warning::DiscardedCard {
            player,
            card: card.clone(),
        });
    }

    let earlier = played_this_turn(state, player);
    let new = Play { card, face_down };
    let kind = new.kind(cards);

    if let Some(stop) = earlier.iter().find(|p| p.has_icon(cards, Icon::Stop)) {
        // Card text overrides the icon: Trigger Brainstorm (STOP) still allows its supports.
        let text_allows = kind == Some(CardType::Support)
            && extra_of(cards, stop.card).contains(&ExtraPlays::AnySupport);
        if !text_allows {
            out.push(Warning::AfterStop {
                player,
                card: card.clone(),
                by: stop.card.clone(),
            });
        }
    }

    if is_leadership_action(kind) {
        if let Some(first) = earlier.iter().find(|p| is_leadership_action(p.kind(cards))) {
            out.push(Warning::SecondLeadership {
                player,
                card: card.clone(),
                by: first.card.clone(),
            });
        }
    }

    // The Leadership phase (2) comes before the Character (4) and Booster/Support (5) phases:
    // once one of those cards is down this turn, the leadership phase is over.
    if is_leadership_action(kind) {
        let later_phase = |p: &&Play<'_>| {
            matches!(
                p.kind(cards),
                Some(CardType::Character | CardType::Booster | CardType::Support)
            )
        };
        if let Some(first) = earlier.iter().find(later_phase) {
            out.push(Warning::LeadershipTooLate {
                player,
                card: card.clone(),
                by: first.card.clone(),
            });
        }
    }

    // FREE: a printed icon, or granted by the card played just before (Yang, Yin).
    let mut all: Vec<&Play<'_>> = earlier.iter().collect();
    all.push(&new);
    let counted: Vec<&Play<'_>> = all
        .iter()
        .enumerate()
        .filter(|(i, p)| {
            let granted = i
                .checked_sub(1)
                .is_some_and(|prev| all[prev].grants_free(cards));
            !p.has_icon(cards, Icon::Free) && !granted
        })
        .map(|(_, p)| *p)
        .collect();
    let new_counted = counted.last().is_some_and(|p| std::ptr::eq(*p, &new));
    if !new_counted {
        return out;
    }

    if kind == Some(CardType::Character) {
        let characters: Vec<&Play<'_>> = counted
            .iter()
            .filter(|p| p.kind(cards) == Some(CardType::Character))
            .copied()
            .collect();
        if characters.len() > 1
            && !is_pair(cards, &characters)
            && !adds_to_gang(state, cards, res, player, &characters)
        {
            out.push(Warning::SecondCharacter {
                player,
                card: card.clone(),
                by: characters[0].card.clone(),
            });
        }
    }

    if matches!(kind, Some(CardType::Booster | CardType::Support)) {
        let boosters: Vec<&Play<'_>> = counted
            .iter()
            .filter(|p| p.kind(cards) == Some(CardType::Booster))
            .copied()
            .collect();
        let supports: Vec<&Play<'_>> = counted
            .iter()
            .filter(|p| p.kind(cards) == Some(CardType::Support))
            .copied()
            .collect();
        // A PAIR of boosters is played "instead of a single card".
        let booster_plays = boosters.len() - usize::from(is_pair(cards, &boosters));
        let first_turn = state.fight.first_turn && player == state.fight.starter;
        let allowance = Allowance::of(res, player, first_turn);
        if !allowance.allows(booster_plays, supports.len()) {
            if first_turn && booster_plays + supports.len() == 1 {
                out.push(Warning::FirstTurnBoosterSupport {
                    player,
                    card: card.clone(),
                });
            } else {
                let first = boosters
                    .first()
                    .or(supports.first())
                    .map(|p| p.card.clone());
                out.push(Warning::SecondBoosterOrSupport {
                    player,
                    card: card.clone(),
                    by: first.filter(|c| c != card),
                });
            }
        }
    }
    out
}

/// Two characters (or boosters) with the PAIR icon and the same first word: one play.
fn is_pair(cards: &impl CardSource, plays: &[&Play<'_>]) -> bool {
    let [a, b] = plays else { return false };
    let first_word = |p: &Play<'_>| {
        cards
            .name(p.card)
            .and_then(|n| n.split_whitespace().next())
            .map(str::to_lowercase)
    };
    a.has_icon(cards, Icon::Pair)
        && b.has_icon(cards, Icon::Pair)
        && first_word(a).is_some()
        && first_word(a) == first_word(b)
}

/// The characters of this turn all join a gang that was already alone in the combat area
/// when the turn began (and the opponent does not ignore its GANG icon).
fn adds_to_gang(
    state: &GameState,
    cards: &impl CardSource,
    res: &Resolution<'_>,
    player: Player,
    characters: &[&Play<'_>],
) -> bool {
    let gang_of = |c: &CardId| cards.facts(c).and_then(|f| f.gang.clone());
    let Some(gang) = characters.first().and_then(|p| gang_of(p.card)) else {
        return false;
    };
    if characters
        .iter()
        .any(|p| p.face_down || gang_of(p.card).as_ref() != Some(&gang))
    {
        return false;
    }
    let icons_ignored = res.in_force_effects().any(|(s, e)| {
        res.slots[s].owner == player.other()
            && matches!(e, Effect::Ignore { what: IgnoreWhat::Icons, except_icons, .. }
                if !except_icons.contains(&Icon::Gang))
    });
    if icons_ignored {
        return false;
    }
    let this_turn = &state.fight.played_this_turn;
    let before: Vec<&CardId> = state
        .table
        .side(player)
        .combat
        .iter()
        .filter_map(|e| e.card.as_ref())
        .filter(|c| !this_turn.contains(c))
        .collect();
    !before.is_empty()
        && before.iter().all(|c| {
            cards.facts(c).is_some_and(|f| {
                f.card_type == Some(CardType::Character) && f.gang.as_ref() == Some(&gang)
            })
        })
}

/// The card's booster/support allowances (its `extra_play` reminders).
fn extra_of(cards: &impl CardSource, card: &CardId) -> Vec<ExtraPlays> {
    cards
        .effects(card)
        .iter()
        .filter_map(|e| match e {
            Effect::Reminder {
                extra: Some(x),
                action: Action::ExtraPlay,
                ..
            } => Some(*x),
            _ => None,
        })
        .collect()
}

/// How many boosters and supports the player may play this turn.
#[derive(Debug, Default)]
struct Allowance {
    /// Plays that may be a booster or a support card (the normal one; Piplox).
    either: usize,
    boosters: usize,
    supports: usize,
    any_boosters: bool,
    any_supports: bool,
}

impl Allowance {
    fn of(res: &Resolution<'_>, player: Player, first_turn: bool) -> Allowance {
        let mut a = Allowance {
            either: usize::from(!first_turn),
            ..Allowance::default()
        };
        for (s, effect) in res.in_force_effects() {
            if res.slots[s].owner != player {
                continue;
            }
            let Effect::Reminder {
                action: Action::ExtraPlay,
                extra: Some(extra),
                ..
            } = effect
            else {
                continue;
            };
            match extra {
                ExtraPlays::AnySupport => {
                    // Special Rule 3: 'you may also play one booster card' (the supports no
                    // longer use up the usual play, which is left to one booster; on the
                    // starter's first turn too).
                    a.any_supports = true;
                    a.either = a.either.max(1);
                }
                ExtraPlays::AnyBooster => a.any_boosters = true,
                ExtraPlays::OneSupport => a.supports += 1,
                ExtraPlays::OneBooster => a.boosters += 1,
                ExtraPlays::OneBoosterOrSupport => a.either += 1,
                // Not a booster/support allowance: read by the play conditions.
                ExtraPlays::AnyMutant | ExtraPlays::CrystalAsIfDragonMine => {}
            }
        }
        a
    }

    fn allows(&self, boosters: usize, supports: usize) -> bool {
        let over = |n: usize, any: bool, own: usize| if any { 0 } else { n.saturating_sub(own) };
        over(boosters, self.any_boosters, self.boosters)
            + over(supports, self.any_supports, self.supports)
            <= self.either
    }
}

/// Passing without a new character this turn: the fight cannot continue (rulebook page 7),
/// unless a card keeps the active cards fighting (Bounce Back).
pub(crate) fn pass_warnings(
    state: &GameState,
    cards: &impl CardSource,
    player: Player,
) -> Vec<Warning> {
    let plays = played_this_turn(state, player);
    let continued = plays.iter().any(|p| {
        p.kind(cards) == Some(CardType::Character)
            || (!p.face_down
                && cards.effects(p.card).iter().any(|e| {
                    matches!(
                        e,
                        Effect::Reminder {
                            action: Action::AttackAgain,
                            ..
                        }
                    )
                }))
    });
    if continued {
        Vec::new()
    } else {
        vec![Warning::NoNewCharacter {
            player,
            starting: state.fight.first_turn && player == state.fight.starter,
        }]
    }
}
