//! The inquisitors' special powers at the table (issue #33): what a constructed deck's
//! inquisitor allows its player now, for the table to show. The table does not know the hands
//! or the draw deck, so these are allowances the players act on, not moves the engine makes
//! (Swift-Fist's dragon, which it can make, is attracted when a game begins: `game.rs`).
//!
//! From the English FAQ (`data/sources/blue-moon-faq-en.txt`):
//! * § 'About the Inquisitors': the special power is one "which the player can use in all
//!   fights in all games using that inquisitor";
//! * Razor-Mind Royal Inspector [Inq 412]: "I may play my cards as if they had the REPLACE
//!   icon": every card of that player. § 'About the New Rules in Emissaries and Inquisitors':
//!   "REPLACE is used in the Leadership phase, but only if the only action in that phase";
//!   § 'Icons: REPLACE': "you may play one card depicting the REPLACE icon from your hand into
//!   your discard pile without effect, and you may then draw a replacement card", and it "does
//!   not count as playing a card";
//! * § 'Special Power Texts: Ignored (Icons)': "REPLACE icons "added" by Razor-Mind are treated
//!   the same as other REPLACE icons": an opponent's card ignoring your icons (Impenetrable Fog
//!   [Terrah 26]) takes them all; Mad Mike Magpie [Flit 13], which ignores your cards with
//!   icons "except Flit character cards and PROTECTED cards", leaves only the cards it spares;
//! * § 'Special Power Texts: Ignored (Special Power Text)': "The text on inquisitors,
//!   including Razor-Mind, is special power text" and is ignored by Tittertweet [Flit 07];
//! * Weave-Tongue Royal Councilor [Inq 414]: "At the end of my turn, I may draw one additional
//!   card"; § 'Inquisitors': not when the hand is refreshed between fights, "neither of these
//!   is at the end of a turn".

use serde::Serialize;

use crate::construct::{Inquisitor, InquisitorPower};
use crate::effect::{CardClass, Effect, IgnoreWhat};
use crate::game::GameState;
use crate::power::Resolution;
use crate::source::CardSource;
use crate::{CardId, Icon, Player};

/// One inquisitor's power at the table, as the engine reads it from the cards in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PowerAtTable {
    pub player: Player,
    pub inquisitor: Inquisitor,
    pub power: InquisitorPower,
    /// The power may be used now: Razor-Mind's in the player's Leadership phase before any
    /// card of the turn; Weave-Tongue's in the player's turn, whose end it comes at.
    pub now: bool,
    /// An opponent's active card that takes the power away (its text or the icons it gives
    /// ignored): the power cannot be used while it is active.
    pub ignored_by: Option<CardId>,
    /// An opponent's active card that leaves the power only on the cards it spares (Mad Mike
    /// Magpie: Flit character cards and PROTECTED cards).
    pub limited_by: Option<CardId>,
}

/// The inquisitor powers of both players that the table shows (Swift-Fist's, applied when the
/// game begins, is not among them); none once the game has ended.
pub fn powers_at_table(state: &GameState, cards: &impl CardSource) -> Vec<PowerAtTable> {
    let Some(setup) = &state.setup else {
        return Vec::new();
    };
    if state.game_over.is_some() || state.abandoned {
        return Vec::new();
    }
    let res = Resolution::new(cards, &state.table);
    [Player::A, Player::B]
        .into_iter()
        .filter_map(|player| {
            let inquisitor = setup.constructed.get(player).as_ref()?.inquisitor?;
            let power = inquisitor.power()?;
            if power == InquisitorPower::DragonAtStart {
                return None;
            }
            // between fights the hands are refreshed: no turn of the player's is under way
            let mine = state.table.turn == Some(player) && !state.between_fights();
            let now = match power {
                InquisitorPower::PlayAsIfReplace => mine && state.fight.played_this_turn.is_empty(),
                _ => mine,
            };
            let (ignored_by, limited_by) = opposed(&res, player, power);
            Some(PowerAtTable {
                player,
                inquisitor,
                power,
                now,
                ignored_by,
                limited_by,
            })
        })
        .collect()
}

/// The opponent's active cards that take the power away or limit it.
fn opposed(
    res: &Resolution<'_>,
    player: Player,
    power: InquisitorPower,
) -> (Option<CardId>, Option<CardId>) {
    let mut ignored_by = None;
    let mut limited_by = None;
    for (s, effect) in res.in_force_effects() {
        let slot = &res.slots[s];
        if slot.owner == player {
            continue;
        }
        let Effect::Ignore {
            what,
            cards,
            except,
            except_icons,
            ..
        } = effect
        else {
            continue;
        };
        let Some(card) = slot.entry.card.clone() else {
            continue;
        };
        // the inquisitor is neither a Flit character nor PROTECTED: an exception never spares it
        let takes_text =
            matches!(what, IgnoreWhat::Text | IgnoreWhat::Cards) && matches!(cards, CardClass::All);
        let takes_icons = power == InquisitorPower::PlayAsIfReplace
            && match (what, cards) {
                (IgnoreWhat::Icons, CardClass::All | CardClass::WithIcons) => {
                    !except_icons.contains(&Icon::Replace)
                }
                (IgnoreWhat::Cards, CardClass::All) => true,
                _ => false,
            };
        let limits_icons = power == InquisitorPower::PlayAsIfReplace
            && matches!(what, IgnoreWhat::Cards | IgnoreWhat::Icons)
            && matches!(cards, CardClass::WithIcons)
            && !except.is_empty();
        if takes_text || (takes_icons && except.is_empty()) {
            ignored_by.get_or_insert(card);
        } else if limits_icons {
            limited_by.get_or_insert(card);
        }
    }
    (ignored_by, limited_by)
}
