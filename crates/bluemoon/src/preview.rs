//! What entering a card would do, decided before anything is recorded: the one engine call
//! behind the app's card entry (area, target choice, warnings, or why it is impossible).

use crate::effect::{CardClass, Effect, Whose};
use crate::event::{Event, EventKind};
use crate::game::{area_for, GameState};
use crate::power::Warning;
use crate::source::{CardSource, Fact};
use crate::table::Area;
use crate::{CardId, CardType, Player, RuleError};

/// The engine's answer to "what if this card were played now?".
#[derive(Debug, Clone, PartialEq)]
pub struct PlayPreview {
    /// The area its type implies; `None` when the type is unknown (ask for it).
    pub area: Option<Area>,
    /// It has a "one of my character cards" effect: someone must pick the target.
    pub needs_target: bool,
    /// The owner's active characters, oldest first.
    pub target_options: Vec<CardId>,
    /// The engine's default target: the most recent active character.
    pub default_target: Option<CardId>,
    /// The event that records the play, when the area is known and the play possible.
    pub event: Option<Event>,
    /// Facts the catalog lacks that counting the card needs: ask the person once.
    pub unknown: Vec<Fact>,
    /// Warnings the play raises (turn limits, restrictions): shown before confirming.
    pub warnings: Vec<Warning>,
    /// Why the play is impossible, if it is.
    pub error: Option<RuleError>,
}

impl PlayPreview {
    /// A person must look before the card is played: a warning to confirm, or a target to
    /// choose among several characters.
    pub fn needs_decision(&self) -> bool {
        !self.warnings.is_empty() || (self.needs_target && !self.target_options.is_empty())
    }
}

impl GameState {
    /// Previews `player` playing `card` (face down as a bluff card if `face_down`), with
    /// the chosen `target` if any. Changes nothing.
    pub fn preview_play(
        &self,
        cards: &impl CardSource,
        player: Player,
        card: &CardId,
        target: Option<CardId>,
        face_down: bool,
    ) -> PlayPreview {
        let card_type = cards.facts(card).and_then(|f| f.card_type);
        let area = area_for(card_type, face_down);
        let needs_target = !face_down
            && cards.effects(card).iter().any(|e| {
                matches!(
                    e,
                    Effect::Value {
                        cards: CardClass::OneCharacter,
                        whose: Whose::Mine,
                        ..
                    }
                )
            });
        let target_options: Vec<CardId> = self
            .table
            .side(player)
            .combat
            .iter()
            .filter(|e| !e.face_down)
            .filter_map(|e| e.card.as_ref())
            .filter(|c| cards.facts(c).and_then(|f| f.card_type) == Some(CardType::Character))
            .cloned()
            .collect();
        let default_target = target_options.last().cloned();
        // Values count for characters, boosters and supports played face up (a face-down
        // bluff card's value comes from its icon); the type decides the area.
        let mut unknown = Vec::new();
        if cards.lacks(card, Fact::Type) {
            unknown.push(Fact::Type);
        }
        let has_values = matches!(
            card_type,
            None | Some(CardType::Character | CardType::Booster | CardType::Support)
        );
        if has_values && !face_down {
            unknown.extend(
                [Fact::Fire, Fact::Earth]
                    .into_iter()
                    .filter(|f| cards.lacks(card, *f)),
            );
        }
        let mut preview = PlayPreview {
            unknown,
            area,
            needs_target,
            target_options,
            default_target,
            event: None,
            warnings: Vec::new(),
            error: None,
        };
        let Some(area) = area else {
            return preview;
        };
        let ev = Event::new(EventKind::CardPlayed {
            player,
            card: card.clone(),
            area,
            target,
            face_down,
            // the engine records the fixes read when it decides the play
            fixes_read: 0,
        });
        match self.validate(cards, &ev) {
            Ok(warnings) => {
                preview.warnings = warnings;
                preview.event = Some(ev);
            }
            Err(e) => preview.error = Some(e),
        }
        preview
    }
}
