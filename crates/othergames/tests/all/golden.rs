//! Runs every golden scenario in `tests/golden/` (one file per rule or document passage,
//! named `<game>_<what>.json`). See `tests/golden/README.md` for the format.

use othergames::{Event, Game, Rules};
use serde::Deserialize;
use serde_json::Value;
use std::path::PathBuf;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Golden {
    game: String,
    source: String,
    summary: String,
    events: Vec<Value>,
    /// A part of the view after the events: every field given must match.
    expect: Value,
    #[serde(default)]
    reject: Vec<Reject>,
}

/// An event refused after the log, with a part of its error message.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Reject {
    event: Value,
    error: String,
}

/// `Ok` if every field of `expected` is in `actual` with the same value; else the path.
fn matches(actual: &Value, expected: &Value, path: &str) -> Result<(), String> {
    match (actual, expected) {
        (Value::Object(a), Value::Object(e)) => e.iter().try_for_each(|(k, ev)| {
            let av = a.get(k).ok_or_else(|| format!("{path}.{k} missing"))?;
            matches(av, ev, &format!("{path}.{k}"))
        }),
        (Value::Array(a), Value::Array(e)) if a.len() == e.len() => a
            .iter()
            .zip(e)
            .enumerate()
            .try_for_each(|(i, (av, ev))| matches(av, ev, &format!("{path}[{i}]"))),
        _ if actual == expected => Ok(()),
        _ => Err(format!("{path}: expected {expected}, got {actual}")),
    }
}

fn event<R: Rules>(v: &Value) -> Event<R::Kind> {
    Event::from_json(&v.to_string()).unwrap_or_else(|e| panic!("bad event {v}: {e}"))
}

/// How many things `expected` pins: every value, and every empty list (its length). Empty
/// objects pin nothing (`[{}, {}]` only says there are two players).
fn checks(expected: &Value) -> usize {
    match expected {
        Value::Object(o) => o.values().map(checks).sum(),
        Value::Array(a) if a.is_empty() => 1,
        Value::Array(a) => a.iter().map(checks).sum(),
        _ => 1,
    }
}

fn run<R: Rules>(g: &Golden) -> Result<(), String> {
    if checks(&g.expect) + g.reject.len() == 0 {
        return Err("scenario checks nothing".into());
    }
    let events = g.events.iter().map(event::<R>).collect();
    let game = Game::<R>::from_events(events).map_err(|e| e.to_string())?;
    let view = serde_json::to_value(game.state().view()).map_err(|e| e.to_string())?;
    matches(&view, &g.expect, "view")?;
    for r in &g.reject {
        let mut g2 = game.clone();
        // Not `from_json`: a refused version must reach the rules, not stop at the reader.
        let ev: Event<R::Kind> = serde_json::from_value(r.event.clone())
            .unwrap_or_else(|e| panic!("bad event {}: {e}", r.event));
        match g2.push(ev) {
            Ok(_) => return Err(format!("accepted {}", r.event)),
            Err(e) if e.to_string().contains(&r.error) => {}
            Err(e) => return Err(format!("{}: error `{e}`, expected `{}`", r.event, r.error)),
        }
        if g2.events().len() != game.events().len() || g2.state() != game.state() {
            return Err(format!("refused {} changed the game", r.event));
        }
    }
    Ok(())
}

#[test]
fn golden_scenarios() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/golden exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    // Exact: a scenario lost or added unnoticed changes this.
    assert_eq!(files.len(), 33, "golden scenarios in {dir:?}");
    let mut failures = Vec::new();
    for f in &files {
        let name = f.file_name().map(|n| n.to_string_lossy().into_owned());
        let name = name.unwrap_or_default();
        let text = std::fs::read_to_string(f).expect("readable golden file");
        let g: Golden = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            !g.source.is_empty() && !g.summary.is_empty(),
            "{name}: cite the source"
        );
        assert!(
            name.starts_with(&format!("{}_", g.game)),
            "{name}: name it <game>_..."
        );
        let result = match g.game.as_str() {
            "whi" => run::<othergames::whi::WhiState>(&g),
            "stccg" => run::<othergames::stccg::StState>(&g),
            "kc" => run::<othergames::kc::KcState>(&g),
            other => Err(format!("unknown game `{other}`")),
        };
        if let Err(e) = result {
            failures.push(format!("{name}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn matcher_can_fail() {
    let view = serde_json::json!({"a": {"b": [1, 2]}, "c": true});
    assert!(matches(&view, &serde_json::json!({"a": {"b": [1, 2]}}), "v").is_ok());
    assert!(matches(&view, &serde_json::json!({"a": {"b": [1, 3]}}), "v").is_err());
    assert!(matches(&view, &serde_json::json!({"a": {"b": [1]}}), "v").is_err());
    assert!(matches(&view, &serde_json::json!({"d": 1}), "v").is_err());
}

#[test]
fn a_scenario_that_checks_nothing_fails() {
    let golden = |expect: Value, reject: Vec<Reject>| Golden {
        game: "whi".into(),
        source: "test".into(),
        summary: "test".into(),
        events: vec![serde_json::json!({"v": 1, "type": "setup", "starts": "A"})],
        expect,
        reject,
    };
    let nothing = [
        serde_json::json!({}),
        serde_json::json!({"players": [{}, {}]}),
    ];
    for expect in nothing {
        let g = golden(expect.clone(), Vec::new());
        assert_eq!(
            run::<othergames::whi::WhiState>(&g),
            Err("scenario checks nothing".into()),
            "{expect}"
        );
    }
    // one value, or one refusal, is a check
    let g = golden(serde_json::json!({"over": null}), Vec::new());
    assert_eq!(run::<othergames::whi::WhiState>(&g), Ok(()));
    let refusal = Reject {
        event: serde_json::json!({"v": 1, "type": "damage_dealt", "player": "B", "zone": "quest", "amount": 0}),
        error: "0 changes nothing".into(),
    };
    assert_eq!(
        run::<othergames::whi::WhiState>(&golden(serde_json::json!({}), vec![refusal])),
        Ok(())
    );
}
