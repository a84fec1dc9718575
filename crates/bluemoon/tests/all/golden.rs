//! Runs every golden scenario in `tests/golden/` (one file per FAQ worked example or
//! ruling). Each file cites its FAQ section; see `tests/golden/README.md` for the format.

use bluemoon::effect::Effect;
use bluemoon::power::compute;
use bluemoon::{BmFacts, Catalog, Element, Event, GameState, Player, TableState, WarningKind};
use serde::Deserialize;
use std::path::PathBuf;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Golden {
    faq: String,
    summary: String,
    #[serde(default)]
    cards: Vec<ExtraCard>,
    #[serde(default)]
    power: Vec<PowerCase>,
    #[serde(default)]
    game: Option<GameCase>,
}

/// A card the catalog lacks (or a fixture), with its effects.
#[derive(Deserialize)]
struct ExtraCard {
    #[serde(flatten)]
    facts: BmFacts,
    #[serde(default)]
    effects: Vec<Effect>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PowerCase {
    name: String,
    table: TableState,
    expect: Vec<PowerExpect>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PowerExpect {
    player: Player,
    element: Element,
    total: u32,
    #[serde(default)]
    shield: Option<bool>,
    #[serde(default)]
    meets: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameCase {
    events: Vec<Event>,
    #[serde(default)]
    expect: GameExpect,
    #[serde(default)]
    reject: Vec<Reject>,
    /// Candidate events checked against the state after `events`: exactly these warning
    /// kinds (a turn limit, or none for its exception).
    #[serde(default)]
    check: Vec<Check>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Check {
    name: String,
    /// Checked after this many of the events (default: all of them).
    #[serde(default)]
    at: Option<usize>,
    event: Event,
    warnings: Vec<WarningKind>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct GameExpect {
    dragons: Option<[u8; 2]>,
    crystals: Option<[u32; 2]>,
    winner: Option<Player>,
    score: Option<u32>,
    game_over: Option<bool>,
    contested: Option<Element>,
    turn: Option<Player>,
    starter: Option<Player>,
    game_no: Option<u32>,
    last_retreat_dragons: Option<u8>,
    match_winner: Option<Player>,
    warning_contains: Option<String>,
    /// The active combat cards of A and B, oldest first.
    combat: Option<[Vec<String>; 2]>,
    /// Fights of the game so far (one definition: `GameState::fights`).
    fights: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Reject {
    event: Event,
    error_contains: String,
}

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden")
}

fn catalog(extra: &[ExtraCard]) -> Catalog {
    let mut cat = Catalog::embedded().expect("embedded catalog parses");
    for c in extra {
        cat.insert_facts(c.facts.clone());
        if !c.effects.is_empty() {
            cat.insert_effects(c.facts.id.clone(), c.effects.clone());
        }
    }
    cat
}

fn run(path: &std::path::Path) -> Result<usize, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let g: Golden = serde_json::from_str(&text).map_err(|e| format!("parse: {e}"))?;
    if !g.faq.contains('§') || g.summary.is_empty() {
        return Err("must cite a FAQ section (§ '...') and summarise the answer".into());
    }
    let cat = catalog(&g.cards);
    let mut checks = 0;
    for case in &g.power {
        let report = compute(&cat, &case.table);
        for w in &report.warnings {
            if let bluemoon::power::Warning::UnknownCard { card } = w {
                return Err(format!("{}: unknown card {card}", case.name));
            }
        }
        for x in &case.expect {
            let p = report.player(x.player);
            let got = p.total.get(x.element);
            if got != x.total {
                return Err(format!(
                    "{}: {:?} {:?} total {got}, expected {}\n{}",
                    case.name,
                    x.player,
                    x.element,
                    x.total,
                    serde_json::to_string_pretty(&report.cards).unwrap_or_default()
                ));
            }
            if let Some(s) = x.shield {
                if p.shield.get(x.element) != s {
                    return Err(format!("{}: {:?} shield != {s}", case.name, x.player));
                }
            }
            if let Some(m) = x.meets {
                if p.meets.get(x.element) != m {
                    return Err(format!("{}: {:?} meets != {m}", case.name, x.player));
                }
            }
            checks += 1;
        }
    }
    if let Some(game) = &g.game {
        let state = GameState::replay(&cat, &game.events).map_err(|e| e.to_string())?;
        let e = &game.expect;
        let fail = |what: &str| Err(format!("game: {what}\n{state:#?}"));
        if let Some([a, b]) = e.dragons {
            if (
                state.dragons.on_side(Player::A),
                state.dragons.on_side(Player::B),
            ) != (a, b)
            {
                return fail("dragons");
            }
            checks += 1;
        }
        if let Some([a, b]) = e.crystals {
            if (state.crystals.a, state.crystals.b) != (a, b) {
                return fail("crystals");
            }
            checks += 1;
        }
        let result = state.results.last();
        if let Some(w) = e.winner {
            if result.map(|r| r.winner) != Some(w) {
                return fail("winner");
            }
            checks += 1;
        }
        if let Some(sc) = e.score {
            if result.map(|r| r.score) != Some(sc) {
                return fail("score");
            }
            checks += 1;
        }
        if let Some(over) = e.game_over {
            if state.game_over.is_some() != over {
                return fail("game_over");
            }
            checks += 1;
        }
        if e.contested.is_some() {
            if state.table.contested != e.contested {
                return fail("contested");
            }
            checks += 1;
        }
        if e.turn.is_some() {
            if state.table.turn != e.turn {
                return fail("turn");
            }
            checks += 1;
        }
        if let Some(s) = e.starter {
            if state.fight.starter != s {
                return fail("starter");
            }
            checks += 1;
        }
        if let Some(n) = e.game_no {
            if state.game_no != n {
                return fail("game_no");
            }
        }
        if let Some(n) = e.last_retreat_dragons {
            if state.last_retreat.as_ref().map(|r| r.total) != Some(n) {
                return fail("last_retreat_dragons");
            }
            checks += 1;
        }
        if e.match_winner.is_some() {
            if state.match_winner() != e.match_winner {
                return fail("match_winner");
            }
            checks += 1;
        }
        if let Some(w) = &e.warning_contains {
            let all = format!("{:?}", state.view(&cat).warnings);
            if !all.contains(w.as_str()) {
                return Err(format!("game: no warning containing {w:?}: {all}"));
            }
            checks += 1;
        }
        for c in &game.check {
            let before = match c.at {
                Some(n) if n <= game.events.len() => {
                    GameState::replay(&cat, &game.events[..n]).map_err(|e| e.to_string())?
                }
                Some(n) => return Err(format!("check {:?}: at {n} is past the events", c.name)),
                None => state.clone(),
            };
            let mut got: Vec<WarningKind> = before
                .validate(&cat, &c.event)
                .map_err(|e| format!("check {:?}: rejected: {e}", c.name))?
                .iter()
                .map(|w| w.kind())
                .collect();
            got.sort_by_key(|k| format!("{k:?}"));
            let mut want = c.warnings.clone();
            want.sort_by_key(|k| format!("{k:?}"));
            if got != want {
                return Err(format!(
                    "check {:?}: warnings {got:?}, expected {want:?}",
                    c.name
                ));
            }
            checks += 1;
        }
        if let Some(want) = &e.combat {
            let got = [Player::A, Player::B].map(|p| {
                state
                    .table
                    .side(p)
                    .combat
                    .iter()
                    .filter_map(|x| x.card.as_ref().map(|c| c.to_string()))
                    .collect::<Vec<_>>()
            });
            if &got != want {
                return Err(format!("game: combat {got:?}, expected {want:?}"));
            }
            checks += 1;
        }
        if let Some(n) = e.fights {
            if state.fights != n {
                return Err(format!("game: {} fights, expected {n}", state.fights));
            }
            checks += 1;
        }
        for r in &game.reject {
            match state.validate(&cat, &r.event) {
                Ok(_) => return Err(format!("event accepted, expected rejection: {:?}", r.event)),
                Err(err) if err.to_string().contains(&r.error_contains) => checks += 1,
                Err(err) => {
                    return Err(format!(
                        "rejected with `{err}`, expected `{}`",
                        r.error_contains
                    ))
                }
            }
        }
    }
    if checks == 0 {
        return Err("scenario checks nothing".into());
    }
    Ok(checks)
}

#[test]
fn golden_scenarios() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(golden_dir())
        .expect("tests/golden exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    // Exact: a scenario lost or added unnoticed changes these (tests/golden/README.md lists
    // the kinds; the FAQ has eighteen worked examples of total power).
    assert_eq!(files.len(), 74, "golden scenarios in tests/golden");
    let faq_examples = files
        .iter()
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("faq-4.3-"))
        })
        .count();
    assert_eq!(
        faq_examples, 18,
        "the FAQ's worked examples (faq-4.3-NN-*.json)"
    );
    let mut failures = Vec::new();
    for f in &files {
        match run(f) {
            Ok(n) => println!("ok   {} ({n} checks)", f.display()),
            Err(e) => failures.push(format!("FAIL {}: {e}", f.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
