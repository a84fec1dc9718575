//! Rulings search measured on questions as players type them at the table.
//!
//! `player_questions.json` holds questions and fragments in English and German, written from
//! situations at the table (not the FAQs' own questions), each with the ids of the FAQ records
//! that answer it. The search runs over Blue Moon's records (the game at the table), the
//! question's language as the interface language. hit@k: some answering record among the first
//! k results.
//!
//! For comparison, the same `reference.db` index is queried two ways with SQLite FTS5's own
//! BM25 ranking: the words joined by OR with a short list of English small words left out (the
//! baseline of issue 34), and every word required as a word beginning, German terms also
//! searched by their glossary terms (the search before issue 34).
//!
//! A question with `held` is held out, named for the stop that wrote it and kept it out of its
//! tuning: the engine's analysis, weights and glossary were changed looking only at the others'
//! misses (the tuned part), so a held-out set's figures tell how far that generalises. The
//! `search3` set is every fourth question of the first 90, less three German ones whose answers
//! were widened after their ranks had been read (they count as tuned now); the `search4` and
//! `search5` sets were written, with their answers chosen by reading the FAQ records, before
//! their stop looked at any rank or changed the engine. Four of those count as tuned now, as
//! the engine was changed after them for words only they held: `again` no longer a small word
//! (one of search4, one of search5), the tails of English contractions made small words (one of
//! search5), English `un` no negation (one of search4); search4's English set is three
//! questions since. The `search6` set (19 English, 18 German questions) was written the same
//! way, from situations at the table, and its figures measured on the engine as it stood before
//! search6 changed anything: it is never tuned on. The players' words of
//! `data/glossary/bluemoon-players.json` were then written from search5's misses (and the
//! tuned part's), so search5 is held out no longer: it is still listed in `HELD_SETS` to keep
//! its figures apart, showing what that tuning did. The goals are asserted on the whole set,
//! and each part (the tuned part and each listed set, per language) has a floor at the figures
//! it reached, so that a regression on any of them fails.
//!
//! Run with `--nocapture` to see the figures and the misses.

use cards::{Catalog, Game};
use rulings::fold::fold;
use rulings::{CardName, Lang, ReferenceDb, SearchFilter};
use serde::Deserialize;
use std::sync::OnceLock;

#[derive(Debug, Deserialize)]
struct Question {
    lang: Lang,
    q: String,
    answers: Vec<String>,
    /// The stop that held this question out of its tuning, if any.
    #[serde(default)]
    held: Option<String>,
}

const QUESTIONS: &str = include_str!("../player_questions.json");

fn questions() -> Vec<Question> {
    serde_json::from_str(QUESTIONS).expect("player_questions.json")
}

fn catalog_names(cat: &Catalog) -> Vec<CardName> {
    let mut out = Vec::new();
    for c in cat.bm_cards() {
        for (name, lang) in [(&c.name_en, Lang::En), (&c.name_de, Lang::De)] {
            if let Some(name) = name {
                out.push(CardName {
                    game: Game::BlueMoon,
                    card: c.facts.id.clone(),
                    name: name.clone(),
                    lang,
                });
            }
        }
    }
    out
}

struct Fixture {
    db: ReferenceDb,
    fts: rusqlite::Connection,
    _dir: tempfile::TempDir,
}

fn fixture() -> &'static std::sync::Mutex<Fixture> {
    static F: OnceLock<std::sync::Mutex<Fixture>> = OnceLock::new();
    F.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("reference.db");
        let catalog = Catalog::load_embedded().expect("catalog");
        let db = ReferenceDb::open(&path, &catalog_names(&catalog)).expect("reference db");
        let fts = rusqlite::Connection::open(&path).expect("fts");
        std::sync::Mutex::new(Fixture { db, fts, _dir: dir })
    })
}

/// The baseline's small words (English only, as issue 34 measured it).
const BASELINE_STOP: &[&str] = &[
    "a", "an", "the", "i", "my", "is", "are", "do", "does", "can", "what", "when", "who", "how",
    "of", "to", "in", "on", "it", "if", "and", "or", "at", "with",
];

/// Record ids of an FTS5 query's first `k` rows, by its BM25 rank.
fn fts_ids(f: &Fixture, expr: &str, k: usize) -> Vec<String> {
    let Ok(mut stmt) = f.fts.prepare(
        "SELECT r.id FROM rulings_fts JOIN rulings r ON r.rowid = rulings_fts.rowid \
         WHERE rulings_fts MATCH ?1 AND r.game = 'blue-moon' ORDER BY rank LIMIT ?2",
    ) else {
        return Vec::new();
    };
    let rows = stmt.query_map(rusqlite::params![expr, k as i64], |r| r.get::<_, String>(0));
    rows.map(|r| r.filter_map(Result::ok).collect())
        .unwrap_or_default()
}

fn typed_words(q: &str) -> Vec<String> {
    rulings::fold::words(q)
        .into_iter()
        .map(|w| w.folded)
        .filter(|w| w.chars().all(char::is_alphanumeric))
        .collect()
}

/// Issue 34's baseline: BM25, words joined by OR, English small words left out.
fn baseline(f: &Fixture, q: &str, k: usize) -> Vec<String> {
    let words: Vec<String> = typed_words(q)
        .into_iter()
        .filter(|w| !BASELINE_STOP.contains(&w.as_str()))
        .map(|w| format!("\"{w}\"*"))
        .collect();
    if words.is_empty() {
        return Vec::new();
    }
    fts_ids(f, &words.join(" OR "), k)
}

/// The search before issue 34: every word as a word beginning (one letter: whole word), in any
/// of its glossary terms, ranked by BM25.
fn before(f: &Fixture, q: &str, k: usize) -> Vec<String> {
    let parts: Vec<String> = typed_words(q)
        .into_iter()
        .map(|w| {
            let mut forms = vec![w.clone()];
            forms.extend(
                rulings::glossary::translations(&w)
                    .into_iter()
                    .map(str::to_owned),
            );
            let alts: Vec<String> = forms
                .iter()
                .map(|f| {
                    if f.chars().count() < 2 {
                        format!("\"{f}\"")
                    } else {
                        format!("\"{f}\"*")
                    }
                })
                .collect();
            format!("({})", alts.join(" OR "))
        })
        .collect();
    if parts.is_empty() {
        return Vec::new();
    }
    fts_ids(f, &parts.join(" AND "), k)
}

fn engine(f: &Fixture, q: &Question, k: usize) -> Vec<String> {
    let filter = SearchFilter {
        game: Some(Game::BlueMoon),
        prefer: Some(q.lang),
        ..SearchFilter::default()
    };
    f.db.search(&q.q, filter, k)
        .expect("search")
        .into_iter()
        .map(|h| h.ruling.id.0)
        .collect()
}

#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    n: usize,
    at1: usize,
    at5: usize,
}

impl Tally {
    fn add(&mut self, ids: &[String], answers: &[String]) {
        self.n += 1;
        let pos = ids.iter().position(|id| answers.contains(id));
        self.at1 += usize::from(pos == Some(0));
        self.at5 += usize::from(pos.is_some_and(|p| p < 5));
    }
    fn pct(&self, x: usize) -> f64 {
        if self.n == 0 {
            return 0.0;
        }
        (x * 1000 / self.n) as f64 / 10.0
    }
    fn line(&self, name: &str) -> String {
        format!(
            "{name:<28} {:>3} questions  hit@1 {:>5.1} %  hit@5 {:>5.1} %",
            self.n,
            self.pct(self.at1),
            self.pct(self.at5)
        )
    }
}

/// The held-out sets, in the order they were written (see the file's text).
const HELD_SETS: [&str; 4] = ["search3", "search4", "search5", "search6"];

struct Figures {
    engine: [Tally; 2],
    /// The engine on the tuned part and on each held-out set (of [`HELD_SETS`]).
    tuned: [Tally; 2],
    held: [[Tally; 2]; HELD_SETS.len()],
    /// The baseline on each held-out set.
    held_baseline: [[Tally; 2]; HELD_SETS.len()],
    baseline: [Tally; 2],
    before: [Tally; 2],
}

fn lang_index(l: Lang) -> usize {
    match l {
        Lang::En => 0,
        Lang::De => 1,
    }
}

fn figures() -> &'static Figures {
    static F: OnceLock<Figures> = OnceLock::new();
    F.get_or_init(|| {
        let f = fixture().lock().unwrap_or_else(|e| e.into_inner());
        let mut out = Figures {
            engine: Default::default(),
            tuned: Default::default(),
            held: Default::default(),
            held_baseline: Default::default(),
            baseline: Default::default(),
            before: Default::default(),
        };
        for q in questions() {
            let l = lang_index(q.lang);
            let got = engine(&f, &q, 20);
            out.engine[l].add(&got, &q.answers);
            let set = q
                .held
                .as_deref()
                .and_then(|h| HELD_SETS.iter().position(|s| *s == h));
            let base = baseline(&f, &q.q, 5);
            match set {
                Some(s) => {
                    out.held[s][l].add(&got, &q.answers);
                    out.held_baseline[s][l].add(&base, &q.answers);
                }
                None => out.tuned[l].add(&got, &q.answers),
            }
            out.baseline[l].add(&base, &q.answers);
            out.before[l].add(&before(&f, &q.q, 5), &q.answers);
            let pos = got.iter().position(|id| q.answers.contains(id));
            // only the tuned part's misses are shown: a held-out question is not looked at
            if pos != Some(0) && q.held.is_none() {
                let first: Vec<String> = got
                    .iter()
                    .take(3)
                    .filter_map(|id| f.db.get(&rulings::RulingId(id.clone())))
                    .map(|r| r.display.chars().take(70).collect::<String>())
                    .collect();
                let first = first.join(" ‖ ");
                eprintln!(
                    "  {:<8} {:?} {:<45} answer at {:?}; first: {first}",
                    "tuned",
                    q.lang,
                    q.q,
                    pos.map(|p| p + 1)
                );
            }
        }
        out
    })
}

#[test]
fn the_question_set_is_sound() {
    let qs = questions();
    assert!(qs.len() >= 60, "{}", qs.len());
    assert!(qs.iter().filter(|q| q.lang == Lang::De).count() >= 25);
    let f = fixture().lock().unwrap_or_else(|e| e.into_inner());
    for set in HELD_SETS {
        for l in [Lang::En, Lang::De] {
            let n = qs
                .iter()
                .filter(|q| q.lang == l && q.held.as_deref() == Some(set))
                .count();
            // search4's English set lost two of its five to the tuned part (see the file's text)
            assert!(n >= 3, "{set} {l:?}: {n}");
        }
    }
    for q in &qs {
        assert!(!q.answers.is_empty(), "{}", q.q);
        assert!(
            q.held.as_deref().is_none_or(|h| HELD_SETS.contains(&h)),
            "{}",
            q.q
        );
        for id in &q.answers {
            let r = f.db.get(&rulings::RulingId(id.clone()));
            assert!(r.is_some_and(|r| r.game == Game::BlueMoon), "{}: {id}", q.q);
        }
        // not the FAQ's own question, word for word
        let typed = fold(&q.q);
        assert!(
            f.db.corpus()
                .records
                .iter()
                .filter_map(|r| r.question.as_deref())
                .all(|fq| fold(fq).trim_end_matches('?') != typed.trim_end_matches('?')),
            "{}",
            q.q
        );
    }
}

#[test]
fn hit_rates_per_language() {
    let fig = figures();
    for (l, name) in [(0, "English"), (1, "German")] {
        eprintln!("{}", fig.baseline[l].line(&format!("{name}, BM25 with OR")));
        eprintln!("{}", fig.before[l].line(&format!("{name}, before (AND)")));
        eprintln!("{}", fig.engine[l].line(&format!("{name}, engine")));
        eprintln!(
            "{}",
            fig.tuned[l].line(&format!("{name}, engine, tuned part"))
        );
        for (s, set) in HELD_SETS.iter().enumerate() {
            eprintln!(
                "{}",
                fig.held[s][l].line(&format!("{name}, held out ({set})"))
            );
            eprintln!(
                "{}",
                fig.held_baseline[s][l].line(&format!("{name}, {set}, BM25 with OR"))
            );
        }
    }
    // Issue 34's goal is the answer among the first five for 95 % and first for 75 %; the
    // floors are the figures reached (per mille, rounded down), so that a regression fails.
    // The set widened by the held-out sets of search5 and search6 is below the goal in both
    // languages (the figures the floors were lowered to are the whole set's, held out included).
    for (l, name, at1, at5) in [(0, "English", 623, 896), (1, "German", 568, 747)] {
        let t = fig.engine[l];
        eprintln!(
            "{name}: goal hit@5 95 %, hit@1 75 %; reached {:.1} %, {:.1} %",
            t.pct(t.at5),
            t.pct(t.at1)
        );
        assert!(t.at5 * 1000 >= t.n * at5, "{name}: {}", t.line(name));
        assert!(t.at1 * 1000 >= t.n * at1, "{name}: {}", t.line(name));
        // and better than the baseline
        assert!(t.at5 > fig.baseline[l].at5, "{name}");
        assert!(t.at1 > fig.baseline[l].at1, "{name}");
    }
    // Each part alone, at the figures it reached (per mille, rounded down; hit@1, hit@5 for
    // English, then German): a set widened by new questions does not hide a regression on the
    // older ones, nor the tuned part's gains a held-out set's loss.
    let floors: [[usize; 4]; 1 + HELD_SETS.len()] = [
        [650, 925, 816, 959],  // tuned
        [777, 1000, 600, 800], // search3
        [666, 1000, 666, 666], // search4
        [666, 1000, 166, 583], // search5
        [473, 736, 111, 277],  // search6
    ];
    let named = std::iter::once(("tuned", fig.tuned)).chain(HELD_SETS.into_iter().zip(fig.held));
    let parts = named
        .zip(floors)
        .map(|((part, [en, de]), floor)| (part, en, de, floor));
    for (part, en, de, [en1, en5, de1, de5]) in parts {
        for (t, name, at1, at5) in [(en, "English", en1, en5), (de, "German", de1, de5)] {
            let line = t.line(&format!("{name}, {part}"));
            assert!(t.n > 0, "{line}");
            assert!(t.at1 * 1000 >= t.n * at1, "{line}");
            assert!(t.at5 * 1000 >= t.n * at5, "{line}");
        }
    }
}
