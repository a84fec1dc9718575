//! `EVENTS.md` stays true: each game's section documents exactly the event types it reads.

use othergames::{kc::KcEvent, stccg::StEvent, whi::WhiEvent, Event, LogError};
use serde::de::DeserializeOwned;

/// The `type` names in the first column of the tables of the section headed `## <title>`.
fn documented(title: &str) -> Vec<String> {
    let doc = include_str!("../../EVENTS.md");
    let section = doc
        .split("\n## ")
        .find(|s| s.starts_with(title))
        .unwrap_or_else(|| panic!("EVENTS.md has no section {title}"));
    let mut names: Vec<String> = section
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split_once('`').map(|(name, _)| name.to_owned()))
        .filter(|name| name != "type")
        .collect();
    names.sort();
    names
}

/// The event types a game reads, from serde's answer to an unknown one ("unknown variant
/// `?`, expected one of `setup`, ...").
fn read<K: serde::Serialize + DeserializeOwned>() -> Vec<String> {
    let Err(LogError::Json(message)) = Event::<K>::from_json(r#"{"v":1,"type":"?"}"#) else {
        panic!("an unknown type was read");
    };
    let expected = message.split("expected one of").nth(1).unwrap_or_default();
    let mut names: Vec<String> = expected
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect();
    names.sort();
    names
}

#[test]
fn each_section_documents_exactly_the_types_read() {
    for (title, read) in [
        ("Warhammer", read::<WhiEvent>()),
        ("Star Trek", read::<StEvent>()),
        ("Knightmare", read::<KcEvent>()),
    ] {
        assert!(read.len() >= 7, "{title}: serde listed only {read:?}");
        assert_eq!(documented(title), read, "{title}");
    }
}

#[test]
fn the_comparison_can_fail() {
    assert_ne!(documented("Warhammer"), read::<StEvent>());
    assert!(read::<KcEvent>().contains(&"next_game".to_owned()));
}
