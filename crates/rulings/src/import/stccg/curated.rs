//! Hand-curated reading of the Star Trek CCG Comprehensive Rules Document v1.11. The file is
//! one 258 KB line: entry labels (`Label: text`) run on after the previous entry's last
//! sentence, so telling a label from a colon in prose needs these lists. Each says why.

/// The 56 body headings in order (the table of contents words them differently).
pub const HEADINGS: &[&str] = &[
    "I. Special Thanks and Contributors",
    "II. Introduction",
    "II.1 Game Terminology",
    "II.2 Timing",
    "II.3 Skills",
    "II.3A Skills With Inherent Abilities",
    "II.3B Selecting Skills",
    "II.4 Full Errata List",
    "II.5 Commonly used Abbreviations and Terms",
    "III. Seed Cards, Game Actions, and Miscellaneous",
    "III.1 Seeding Sequence",
    "III.2 Missions",
    "III.3 Dilemma Resolution",
    "III.4 Battle",
    "III.5 Beaming",
    "III.6 Miscellaneous Rules",
    "IV. Individual Card Entries",
    "IV.1 Outposts",
    "IV.2 Missions",
    "IV.2A Planet Missions",
    "IV.2B Space",
    "IV.2C Either",
    "IV.3 Stations",
    "IV.4 Artifacts",
    "IV.5 Dilemmas",
    "IV.5A Major Rakal's Dilemma Facts",
    "IV.5B Planet Dilemmas",
    "IV.5C Space Dilemmas",
    "IV.5D Planet/Space dilemmas",
    "IV.6 Doorways",
    "IV.7 Events",
    "IV.8 Interrupts",
    "IV.9 Equipment",
    "IV.10 Personnel",
    "IV.10.A Holograms, Exocomps, and Androids",
    "IV.10.B Federation",
    "IV.10.C Klingons",
    "IV.10.D Romulans",
    "IV.10.E Non-Aligned",
    "IV.10.F Cardassian",
    "IV.10.G Ferengi",
    "IV.10.H Borg",
    "IV.11 Ships",
    "IV.11.A Ship Equipment",
    "IV.11.B Federation",
    "IV.11.C Klingon",
    "IV.11.D Romulan",
    "IV.11.E Non-Aligned",
    "IV.11.F Cardassian",
    "IV.11.G Ferengi",
    "IV.11.H Borg",
    "IV.12 Q-Icon Cards",
    "IV.12.A Major Rakal's Q-Continuum Card Facts",
    "IV.12.B Q-Dilemmas",
    "IV.12.C Q-Events",
    "IV.12.D Q-Interrupts",
];

/// Card names that contain a colon (the document's own "Colon Rule"): protected before
/// labels are split, or `Kevin Uxbridge: Convergence: …` would give two bogus entries.
pub const COLON_NAMES: &[&str] = &[
    "Kevin Uxbridge: Convergence",
    "Kevin Uxbridge: Destruction",
    "Royale Casino: Blackjack/Craps",
    "Royale Casino: Blackjack",
    "Royale Casino: Blackj",
    "Royale Casino: Craps",
    "The Traveler: Transcendence",
    "Incoming Message: Attack Authorization",
    "Amanda Rogers: Countermanda",
    "KU:Convergence",
    "KU: C",
];

/// Labels that fail the shape test (too long, or with lower-case verbs) but are entries.
pub const KNOWN_LABELS: &[&str] = &[
    "Artifacts which are used as Equipment",
    "Multiple actions scheduled at the beginning or end of the turn",
    "Does not work with X-icon Affiliation",
    "May not be nullified",
];

/// Entries whose previous entry lacks its full stop (`…NEBULA location Kevin Uxbridge: …`):
/// the label is the tail of the rejected candidate.
pub const LABELS_AFTER_MISSING_STOP: &[&str] = &["Kevin Uxbridge", "Exocomps"];

/// Colon-ended phrases that continue the current entry instead of starting one.
pub const CONTINUATIONS: &[&str] = &[
    "Example",
    "Examples",
    "Example of use",
    "Some examples",
    "Note",
    "Notes",
    "Otherwise",
    "Moving",
    "Non-Moving",
    "Your turn",
    "Opponent's turn",
    "Owner's turn",
    "Space mission",
    "Planet mission",
    "Here's an example",
    "For example",
    "Exception",
];

/// Lower-case words that mark a colon-ended phrase as prose, not a label.
pub const PROSE_WORDS: &[&str] = &[
    "is",
    "are",
    "was",
    "were",
    "has",
    "have",
    "had",
    "can",
    "may",
    "must",
    "means",
    "this",
    "that",
    "you",
    "your",
    "it",
    "if",
    "when",
    "will",
    "would",
    "should",
    "does",
    "do",
    "not",
    "they",
    "he",
    "she",
    "we",
    "i",
    "there",
    "these",
    "those",
    "following",
    "says",
    "read",
    "reads",
    "include",
    "includes",
    "follows",
    "mean",
    "but",
    "so",
    "then",
];

/// Labels in section IV that are rules topics, not cards.
pub const TOPIC_LABELS: &[&str] = &[
    "General",
    "Combat",
    "Shield Extension",
    "Establishing Outposts",
    "Repair",
    "Tournaments",
    "Open",
    "Closed",
    "Inactive",
    "Treaties",
    "Dual-Affiliation Personnel",
    "Race",
    "Unknown Icons",
    "Exocomps",
    "Battle Restrictions",
    "Non-Aligned Cardassians",
    "Non-Aligned Ferengi",
    "Alternate Universe Ships",
    "Cloaking Devices",
    "Long-Range Scan Shielding",
    "Tractor Beams",
    "Artifacts which are used as Equipment",
];

/// Labels that stand for several cards.
pub const GROUP_LABELS: &[(&str, &[&str])] = &[
    (
        "Love Interests",
        &["Female's Love Interest", "Male's Love Interest"],
    ),
    (
        "Royale Casino: Blackjack/Craps",
        &["Royale Casino: Blackjack", "Royale Casino: Craps"],
    ),
    ("Ajur/Boratus", &["Ajur", "Boratus"]),
];

/// An entry that runs to the end of its section: its text holds a list of personnel and
/// modifier lines that look like labels.
pub const GREEDY_LABELS: &[&str] = &["Yuta"];

/// Multi-word abbreviation labels of II.5 (all other labels are the one token before `:`).
pub const ABBREV_MULTI: &[&str] = &[
    "Armada deck",
    "ATTYF, B",
    "Bridge Crew",
    "Happy Fun Cube",
    "KU: C",
    "Major Rakal",
    "Mot the Barber",
    "Obtuse Affiliation",
    "Puff the Magic Dragon",
    "Q deck",
    "Rakal Shuffle",
    "Red Shirt",
    "Wesley Crusher",
];

/// Source markers ending each errata entry of II.4.
pub const ERRATA_SOURCES: &[&str] = &[
    "Official Decipher Ruling",
    "Official Q ruling",
    "Typo",
    "Beta",
];

/// Spellings of the same card -> canonical name.
pub const ALIASES: &[(&str, &str)] = &[
    ("Mandarin Baliff", "Mandarin Bailiff"),
    ("Charbydis", "Charybdis"),
    ("The Charbydis", "The Charybdis"),
    ("The Higher... The Fewer", "The Higher...The Fewer"),
    ("Tsiolokovsky Infection", "Tsiolkovsky Infection"),
    ("Hyperaging", "Hyper-Aging"),
    ("Two Dimensional Creatures", "Two-Dimensional Creatures"),
    ("Mr. Homm", "Mr. Homn"),
    ("Samuel Clemen's Pocketwatch", "Samuel Clemens' Pocketwatch"),
    ("Madam Guinan", "Madame Guinan"),
    ("Barclay Transporter Phobia", "Barclay's Transporter Phobia"),
    ("Tasha Yar-Alternate", "Tasha Yar - Alternate"),
    ("Male Love Interest", "Male's Love Interest"),
    ("Birth of Junior", "Birth of \"Junior\""),
    ("Enterprise-C", "U.S.S. Enterprise-C"),
    ("IKC T'Ong", "I.K.C. T'Ong"),
];

/// Cards named only in prose or as abbreviation expansions, found by reading.
pub const EXTRA_CARDS: &[&str] = &[
    "Q-Flash",
    "Samuel Clemens' Pocketwatch",
    "Telepathic Alien Kidnappers",
    "Manheim's Dimensional Door",
    "Destroy Radioactive Garbage Scow",
    "Emergency Transporter Armbands",
    "Rogue Borg Mercenaries",
    "Red Alert",
    "Yellow Alert",
    "Static Warp Bubble",
    "Raise the Stakes",
    "Captain's Log",
    "Data's Body",
    "Data's Head",
    "Genetronic Replicator",
    "Betazoid Gift Box",
    "Kurlan Naiskos",
    "Engage Shuttle Operations",
    "Penalty Box",
    "Parallel Romance",
    "Revolving Door",
    "Wrong Door",
    "Where No One Has Gone Before",
    "Frame of Mind",
    "Chinese Finger Puzzle",
    "Anti-Time Anomaly",
    "Gift of the Tormentor",
    "Senior Staff Meeting",
    "Full Planet Scan",
    "Thermal Deflectors",
    "Distortion Field",
    "Nutational Shields",
    "Atmospheric Ionization",
    "Rishon Uxbridge",
    "Khitomer Research",
    "Treaty",
    "Vulcan Nerve Pinch",
];

/// Card names that are also ordinary words of the rules: linked only as entry labels.
pub const PROSE_EXCLUDED: &[&str] = &[
    "Space", "Q", "Race", "Scan", "Colony", "Nebula", "Targ", "Treaty", "Open", "General",
];
