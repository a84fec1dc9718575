//! The plausible limits of a Warhammer: Invasion table (EVENTS.md, "Limits"), decided from the
//! game's concepts (notes §3: hit points "base value, +1 per development", at most one
//! development per Capital phase, resources taken from the power in the kingdom). A number
//! beyond one is a typo or a wrong field: it is refused by name, never capped or wrapped, so
//! the table never shows a value the players did not reach.

/// Hit points of a section without developments: the rulebook gives 8; a match may set its
/// own, up to two digits.
pub const MAX_BASE_HIT_POINTS: u32 = 99;
/// Hit points one development adds: the rulebook gives 1; a match may set up to 9.
pub const MAX_HIT_POINTS_PER_DEVELOPMENT: u32 = 9;
/// Developments in one zone: at most one is played per Capital phase, so 99 takes 99 of the
/// player's own turns in that zone alone.
pub const MAX_DEVELOPMENTS: u32 = 99;
/// Resources a player holds, and any one amount of resources, damage or healing: resources
/// come from the power in the kingdom (a few to a few dozen a turn), damage from one attack,
/// and a section has at most 99 + 9 × 99 = 990 hit points.
pub const MAX_AMOUNT: u32 = 999;
