//! Step 1 of the calculation: which cards, texts and icons are in force, resolving ignoring as
//! a fixpoint (see the parent module), and the cards' icons and classes as they then read.

use super::*;

/// One card on the table, with what the source knows about it.
pub(crate) struct Slot<'a> {
    pub owner: Player,
    pub area: Area,
    pub entry: &'a CardEntry,
    pub facts: Option<&'a BmFacts>,
    /// Empty for face-down cards: their text does not apply.
    pub effects: &'a [Effect],
}

impl Slot<'_> {
    pub(super) fn label(&self) -> String {
        match (&self.entry.card, self.entry.face_down) {
            (Some(c), false) => c.to_string(),
            (Some(c), true) => format!("{c} (face down)"),
            (None, _) => "bluff".into(),
        }
    }
    pub(super) fn card_type(&self) -> Option<CardType> {
        if self.entry.face_down {
            Some(CardType::Support)
        } else {
            self.facts.and_then(|f| f.card_type)
        }
    }
    pub(super) fn is_flit_character(&self) -> bool {
        !self.entry.face_down
            && self.facts.is_some_and(|f| {
                f.series == Series::Flit && f.card_type == Some(CardType::Character)
            })
    }
    pub(super) fn printed(&self, e: Element) -> u32 {
        if self.entry.face_down {
            // 'facedown bluff cards are counted as having a printed value of 2 in the
            // current element'
            2
        } else {
            self.facts.and_then(|f| f.printed(e)).map_or(0, u32::from)
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct IgnoreState {
    pub(super) card_by: Option<usize>,
    pub(super) text_by: Option<usize>,
    /// (slot, effect index) of each icon-ignoring effect reaching this card.
    pub(super) icons_by: Vec<(usize, usize)>,
}

/// The table with ignoring resolved: shared by the power report, the restriction checks
/// and the dragon count on a retreat.
pub(crate) struct Resolution<'a> {
    pub slots: Vec<Slot<'a>>,
    pub(super) st: Vec<IgnoreState>,
    pub(super) turn: Option<Player>,
    pub settled: bool,
    pub unknown: Vec<CardId>,
}

impl<'a> Resolution<'a> {
    pub fn new(source: &'a impl CardSource, table: &'a TableState) -> Resolution<'a> {
        let mut slots = Vec::new();
        let mut unknown = Vec::new();
        for owner in [Player::A, Player::B] {
            let side = table.side(owner);
            for area in Area::ALL {
                for entry in side.area(area) {
                    let facts = entry.card.as_ref().and_then(|c| source.facts(c));
                    if let (Some(c), None) = (&entry.card, facts) {
                        if source.effects(c).is_empty() {
                            unknown.push(c.clone());
                        }
                    }
                    let effects = match (&entry.card, entry.face_down) {
                        (Some(c), false) => source.effects(c),
                        _ => &[],
                    };
                    slots.push(Slot {
                        owner,
                        area,
                        entry,
                        facts,
                        effects,
                    });
                }
            }
        }
        let n = slots.len();
        let mut r = Resolution {
            slots,
            st: vec![IgnoreState::default(); n],
            turn: table.turn,
            settled: false,
            unknown,
        };
        for _ in 0..MAX_IGNORE_ROUNDS {
            let next = r.ignore_round();
            if next == r.st {
                r.settled = true;
                break;
            }
            r.st = next;
        }
        r
    }

    /// Icons in effect on a card, before whole-card ignoring.
    pub(super) fn icons(&self, s: usize) -> Vec<Icon> {
        let slot = &self.slots[s];
        let printed: Vec<Icon> = if slot.entry.face_down {
            vec![Icon::Bluff]
        } else {
            slot.facts.map(|f| f.icons.clone()).unwrap_or_default()
        };
        printed
            .into_iter()
            .filter(|icon| {
                self.st[s].icons_by.iter().all(|&(src, k)| {
                    matches!(&self.slots[src].effects[k],
                        Effect::Ignore { except_icons, .. } if except_icons.contains(icon))
                })
            })
            .collect()
    }

    /// Icons in effect, counting whole-card ignoring (an ignored card's icons do nothing).
    pub fn effective_icons(&self, s: usize) -> Vec<Icon> {
        if self.st[s].card_by.is_some() {
            return Vec::new();
        }
        self.icons(s)
    }

    pub(super) fn is_protected(&self, s: usize) -> bool {
        let slot = &self.slots[s];
        matches!(slot.area, Area::Combat | Area::Support)
            && !slot.entry.face_down
            && self.icons(s).contains(&Icon::Protected)
    }

    pub(super) fn matches_class(&self, s: usize, class: CardClass) -> bool {
        let slot = &self.slots[s];
        let t = slot.card_type();
        let fd = slot.entry.face_down;
        match class {
            CardClass::OneCharacter | CardClass::Characters => t == Some(CardType::Character),
            CardClass::Boosters => t == Some(CardType::Booster),
            CardClass::Support => t == Some(CardType::Support),
            CardClass::BoosterSupport => {
                matches!(t, Some(CardType::Booster) | Some(CardType::Support))
            }
            CardClass::Bluff => fd,
            CardClass::WithIcons => !self.icons(s).is_empty(),
            CardClass::All => true,
        }
    }

    /// Why effect `k` of card `s` does not apply, if it does not.
    pub fn effect_status(&self, s: usize, k: usize) -> EffectStatus {
        let slot = &self.slots[s];
        if let Some(by) = self.st[s].card_by.or(self.st[s].text_by) {
            return EffectStatus::Ignored {
                by: self.slots[by].label(),
            };
        }
        let effect = &slot.effects[k];
        if effect.duration() == Duration::ThisTurn && self.turn.is_some_and(|t| t != slot.owner) {
            return EffectStatus::NotThisTurn;
        }
        if let Effect::Ignore {
            void_if_opposed_by, ..
        } = effect
        {
            if !void_if_opposed_by.is_empty() {
                let opposer = self.slots.iter().find(|o| {
                    o.owner != slot.owner
                        && o.card_type()
                            .is_some_and(|t| void_if_opposed_by.contains(&t))
                        && o.effects.iter().any(|e| {
                            matches!(
                                e,
                                Effect::Ignore {
                                    what: IgnoreWhat::Text,
                                    ..
                                }
                            )
                        })
                });
                if let Some(o) = opposer {
                    return EffectStatus::Void { by: o.label() };
                }
            }
        }
        EffectStatus::InForce
    }

    pub fn in_force(&self, s: usize, k: usize) -> bool {
        self.effect_status(s, k) == EffectStatus::InForce
    }

    pub(super) fn ignore_round(&self) -> Vec<IgnoreState> {
        let mut next = vec![IgnoreState::default(); self.slots.len()];
        for (s, src) in self.slots.iter().enumerate() {
            for (k, effect) in src.effects.iter().enumerate() {
                let Effect::Ignore {
                    what,
                    cards,
                    except,
                    ..
                } = effect
                else {
                    continue;
                };
                if !self.in_force(s, k) {
                    continue;
                }
                for (t, tgt) in self.slots.iter().enumerate() {
                    if tgt.owner == src.owner || !self.matches_class(t, *cards) {
                        continue;
                    }
                    if except.contains(&Except::FlitCharacters) && tgt.is_flit_character() {
                        continue;
                    }
                    // PROTECTED cards 'cannot be ignored ... by the opponent'; an
                    // icon-ignoring effect takes PROTECTED itself away unless it spares it.
                    if *what != IgnoreWhat::Icons && self.is_protected(t) {
                        continue;
                    }
                    let n = &mut next[t];
                    match what {
                        IgnoreWhat::Cards => {
                            n.card_by.get_or_insert(s);
                        }
                        IgnoreWhat::Text => {
                            n.text_by.get_or_insert(s);
                        }
                        IgnoreWhat::Icons => n.icons_by.push((s, k)),
                    }
                }
            }
        }
        next
    }

    /// Effects in force, with their card's slot.
    pub fn in_force_effects(&self) -> impl Iterator<Item = (usize, &'a Effect)> + '_ {
        self.slots.iter().enumerate().flat_map(move |(s, slot)| {
            slot.effects
                .iter()
                .enumerate()
                .filter(move |(k, _)| self.in_force(s, *k))
                .map(move |(_, e)| (s, e))
        })
    }

    /// Restrictions that forbid `player` from playing this card now.
    pub fn forbidding(
        &self,
        source: &impl CardSource,
        player: Player,
        card: &CardId,
        face_down: bool,
        exclude: Option<usize>,
    ) -> Vec<(usize, Forbid)> {
        let facts = source.facts(card);
        let card_type = if face_down {
            Some(CardType::Support)
        } else {
            facts.and_then(|f| f.card_type)
        };
        let has_text = source.has_text(card);
        let max_printed = facts
            .map(|f| f.fire.unwrap_or(0).max(f.earth.unwrap_or(0)))
            .unwrap_or(0);
        let mut out = Vec::new();
        for (s, effect) in self.in_force_effects() {
            if Some(s) == exclude {
                continue;
            }
            let Effect::Restriction { forbids, whose, .. } = effect else {
                continue;
            };
            let bound = match whose {
                Whose::Mine => self.slots[s].owner,
                Whose::Yours => self.slots[s].owner.other(),
            };
            if bound != player {
                continue;
            }
            if let Forbid::Play {
                types,
                with_text,
                printed_above,
            } = forbids
            {
                let type_ok = types.is_empty() || card_type.is_some_and(|t| types.contains(&t));
                let text_ok = with_text.is_none_or(|w| w == has_text);
                let value_ok = printed_above.is_none_or(|n| max_printed > n);
                if type_ok && text_ok && value_ok {
                    out.push((s, forbids.clone()));
                }
            }
        }
        out
    }

    /// Every restriction in force that binds `player`, with its card's slot.
    pub fn restrictions_on(&self, player: Player) -> Vec<(usize, &'a Forbid)> {
        self.in_force_effects()
            .filter_map(|(s, effect)| match effect {
                Effect::Restriction { forbids, whose, .. }
                    if target_of(self.slots[s].owner, *whose) == player =>
                {
                    Some((s, forbids))
                }
                _ => None,
            })
            .collect()
    }

    pub fn label(&self, s: usize) -> String {
        self.slots[s].label()
    }
}
