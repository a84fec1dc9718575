//! Fuzzing the engine's parsers of outside input (issue #13): a table state as `tablemate
//! power` reads it, and logged events. Arbitrary text and structured mutations of the
//! documented example never panic; a refusal is a clean `RuleError`; whatever is accepted
//! can be checked against the catalog and computed. Case counts are bounded.

use bluemoon::power::compute;
use bluemoon::{Catalog, Event, GameState, RuleError, TableState};
use proptest::prelude::*;
use std::sync::OnceLock;

const EXAMPLE: &str = include_str!("../../examples/table-state.json");

fn cat() -> &'static Catalog {
    static CAT: OnceLock<Catalog> = OnceLock::new();
    CAT.get_or_init(|| Catalog::embedded().unwrap_or_else(|e| panic!("embedded catalog: {e}")))
}

#[path = "../../../../tests/support/splice.rs"]
mod support;
use support::splice;

/// Reads a table state as `power` does: parse, check against the catalog, compute.
fn power(json: &str) -> Result<(), TestCaseError> {
    match TableState::from_json(json) {
        Ok(t) => {
            let checked = t.check_cards(cat());
            if let Err(e) = &checked {
                prop_assert!(!e.to_string().is_empty());
            }
            let report = compute(cat(), &t);
            prop_assert_eq!(report.players.len(), 2);
        }
        Err(e) => {
            prop_assert!(
                matches!(
                    e,
                    RuleError::TableState(_) | RuleError::UnsupportedVersion(_)
                ),
                "{e:?}"
            );
            prop_assert!(!e.to_string().is_empty());
        }
    }
    Ok(())
}

/// Card ids, areas and fields the format knows, so mutations reach past the first parse error.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("\"vulca-02\"".to_owned()),
        Just("\"buka-04\"".to_owned()),
        Just("{\"face_down\": true}".to_owned()),
        Just("{\"card\": \"vulca-02\", \"face_down\": true}".to_owned()),
        Just("\"target\"".to_owned()),
        Just("\"combat\"".to_owned()),
        Just("null".to_owned()),
        Just("[]".to_owned()),
        Just("{}".to_owned()),
        Just("-1".to_owned()),
        Just("1e999".to_owned()),
        "\\PC{0,8}",
    ]
}

#[test]
fn the_documented_example_reads_and_checks() {
    let t = TableState::from_json(EXAMPLE).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(t.check_cards(cat()), Ok(()));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_text_as_a_table_state(text in "\\PC{0,300}") {
        power(&text)?;
    }

    #[test]
    fn arbitrary_bytes_as_a_table_state(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        power(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn a_mutated_example(at in 0usize..400, len in 0usize..24, junk in word()) {
        power(&splice(EXAMPLE, at, len, &junk))?;
    }

    #[test]
    fn an_example_with_deep_nesting(depth in 0usize..2_000) {
        // serde_json's recursion limit turns this into an error, never a stack overflow
        power(&format!("{}{}", "[".repeat(depth), "]".repeat(depth)))?;
        power(&format!("{{\"A\": {}{}}}", "{\"combat\":".repeat(depth), "}".repeat(depth)))?;
    }

    #[test]
    fn arbitrary_events_replay_or_are_refused(lines in proptest::collection::vec(
        prop_oneof![
            Just(r#"{"v":1,"type":"setup","starts":"A"}"#.to_owned()),
            Just(r#"{"v":1,"type":"card_played","player":"A","card":"vulca-02","area":"combat"}"#.to_owned()),
            Just(r#"{"v":1,"type":"card_played","player":"B","card":"buka-04","area":"support","face_down":true}"#.to_owned()),
            Just(r#"{"v":1,"type":"game_abandoned"}"#.to_owned()),
            Just(r#"{"v":1,"type":"next_game"}"#.to_owned()),
            Just(r#"{"v":2,"type":"next_game"}"#.to_owned()),
            "\\PC{0,40}",
        ],
        0..12,
    )) {
        let events: Vec<Event> = lines.iter().filter_map(|l| Event::from_json(l).ok()).collect();
        match GameState::replay(cat(), &events) {
            Ok(s) => prop_assert_eq!(s.events, events.len()),
            Err(e) => prop_assert!(matches!(e, RuleError::InvalidEvent { .. }), "{e:?}"),
        }
    }
}
