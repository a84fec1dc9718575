//! Hand-curated reading of the Warhammer: Invasion FAQ: what the document's layout alone
//! cannot tell (which headings are topics, which prose words are cards, which spellings are
//! the same card). Each list says why it exists.

/// Part 3 headings that are rules topics, not cards: topic and card headings look the same.
pub const TOPIC_HEADINGS: &[&str] = &[
    "Unit damage",
    "Leaving play",
    "Combat",
    "Limited cards",
    "Destruction/Order Only, Race only",
    "Legends",
    "Deck",
    "Hand",
    "Discard Pile",
    "Undead and Wood Elf Capital Boards",
];

/// Top-level headings of part 2 ("Official Rules Clarification"); everything else
/// heading-shaped in part 2 is a sub-heading.
pub const RULES_TOP_HEADINGS: &[&str] = &[
    "Core Set Rulebook Errata",
    "Rules Clarifications",
    "Terminology Clarifications",
    "Zones of Play",
    "Targeting",
    "Damage",
    "Card Types",
    "Keywords",
    "Miscellaneous",
    "Updated Turn Sequence Diagram",
    "DetailedTiming Structure",
];

/// Set headings of part 1 and the tag code each stands for. CS, CC, AU, EC, BQ and EW are
/// verified (the same number and card appear tagged and under the heading); MD, MC, CaC, HK
/// and LE are inferred from the set names.
pub const SET_HEADINGS: &[(&str, &str)] = &[
    ("Core Set", "CS"),
    ("Corruption Cycle", "CC"),
    ("Assault on Ulthuan Expansion", "AU"),
    ("Enemy Cycle", "EC"),
    ("March of the Damned Expansion", "MD"),
    ("Morrslieb Cycle", "MC"),
    ("Legends Expansion", "LE"),
    ("Capital Cycle", "CaC"),
    ("Bloodquest Cycle", "BQ"),
    ("Eternal War Cycle", "EW"),
    ("Hidden Kingdoms", "HK"),
];

/// Restricted/banned list headings of part 1.
pub const LIST_HEADINGS: &[&str] = &[
    "Restricted List",
    "Banned List",
    "Cataclysm Restricted List",
    "Cataclysm Banned List",
];

/// Tag codes as written and the code they stand for (`Core 25` is `CS 25`).
pub const TAG_CODES: &[(&str, &str)] = &[
    ("CS", "CS"),
    ("Core", "CS"),
    ("CC", "CC"),
    ("BQ", "BQ"),
    ("AU", "AU"),
    ("MC", "MC"),
    ("EC", "EC"),
    ("LE", "LE"),
    ("Legends", "LE"),
    ("MD", "MD"),
    ("EW", "EW"),
    ("CaC", "CaC"),
    ("BC", "BC"),
    ("HK", "HK"),
];

/// Words in front of a tag that are not part of the card's name: sentence openers and the
/// example players' names (`Charlie’s Lobber Crew (CC 66)`).
pub const LEADING_NOT_NAME: &[&str] = &[
    "If",
    "When",
    "With",
    "Can",
    "Does",
    "Do",
    "Is",
    "I",
    "A",
    "An",
    "My",
    "Your",
    "After",
    "While",
    "Using",
    "Use",
    "Play",
    "Playing",
    "Charlie's",
    "Bob",
    "Dave",
    "Tom",
    "Kris's",
    "Yes",
    "No",
    "Both",
    "Whenever",
];

/// Other spellings of a card in the document -> the canonical name.
pub const ALIASES: &[(&str, &str)] = &[
    ("Rip Dere 'Eads", "Rip Dere 'Eads Off!"),
    ("Soulstealer", "Soul Stealer"),
    ("Cannon Crew", "Dwarf Cannon Crew"),
    ("Unending Horde", "The Unending Horde"),
    ("Savage Gor", "Savage Gors"),
    ("Bloodletters", "Bloodletter"),
    ("Veteran Sellsword", "Veteran Sellswords"),
    ("Sadistic Mutations", "Sadistic Mutation"),
    ("Beastman Incursions", "Beastman Incursion"),
];

/// Cards the document names only in prose, found by reading (no tag, heading or list
/// line). A real card list would replace this; without one these are the links a reader
/// would expect.
pub const PROSE_ONLY_CARDS: &[&str] = &[
    "Waaagh!",
    "Grudge Thrower",
    "Scions of Misery",
    "Bladewind",
    "Pigeon Bombs",
    "Master Rune of Dismay",
    "Charge of the Silver Helms",
    "Tiranoc Chariot",
    "Cacophonic Scream",
    "Flames of Tzeentch",
    "Initiate of Saphery",
    "Horrific Mutation",
    "Troll Den",
    "Advanced Engineering",
    "Malekith",
    "Sadistic Mutation",
    "Bloodsworn",
    "Bolt of Change",
    "Call the Brayherd",
    "Toxic Hydra",
    "The Shattered Tower",
    "River Troll",
    "Goblin Raiders",
    "Rat Swarms",
    "Reckless Attack",
    "Strollaz's Banner",
];
