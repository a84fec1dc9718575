//! Rulings: full-text search with the matched words marked, the rulings for a card (and the
//! cards in play), one ruling with its cross-references resolved, and the corpus figures.
//!
//! The index is `reference.db` in the data folder, built by the `rulings` crate from the
//! documents embedded in the binary; it is opened on first use and never holds user data.

use crate::cards::{name_of, parse_game, quoted, CardSummary};
use crate::error::{Result, ServiceError};
use crate::Service;
use ::cards::{CardId, CardRef, Game};
use ::rulings::import::card_lexicon;
use ::rulings::{
    CardName, Lang, Query, Reason, ReferenceDb, Ruling, RulingId, SearchFilter, Source, Topic,
};
use serde::Serialize;
use ts_rs::TS;

/// Most results one search or prompt list returns.
pub const MAX_RULINGS_LIMIT: usize = 200;
/// Words of context shown around the first match in a search result.
const EXCERPT_WORDS: usize = 40;
/// Characters of a ruling's text used as its title when it has no question.
const TITLE_CHARS: usize = 120;

fn parse_source(source: Option<&str>) -> Result<Option<Source>> {
    match source.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s) => Source::ALL
            .into_iter()
            .find(|x| x.slug().eq_ignore_ascii_case(s))
            .map(Some)
            .ok_or_else(|| {
                ServiceError::invalid(format!(
                    "Unknown source {}: use one of {}",
                    quoted(s),
                    Source::ALL.map(Source::slug).join(", ")
                ))
            }),
    }
}

fn check_limit(limit: usize) -> Result<usize> {
    if limit == 0 {
        return Err(ServiceError::invalid("The limit must be at least 1."));
    }
    Ok(limit.min(MAX_RULINGS_LIMIT))
}

/// The document's title as a person knows it.
pub fn source_title(source: Source) -> &'static str {
    match source {
        Source::BlueMoonFaqEn => "Blue Moon FAQ (English)",
        Source::BlueMoonFaqDe => "Blue Moon FAQ (Deutsch)",
        Source::WarhammerInvasionFaq => "Warhammer: Invasion FAQ",
        Source::KnightmareChessRulings => "Knightmare Chess rulings",
        Source::StarTrekCcgRules => "Star Trek CCG comprehensive rules",
    }
}

/// A piece of text, marked when it matched the search words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct Segment {
    pub text: String,
    pub hit: bool,
}

/// A ruling as lists show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct RulingSummary {
    pub id: String,
    pub game: String,
    pub game_title: String,
    pub source: String,
    pub source_title: String,
    /// `en` or `de`.
    pub lang: String,
    /// `qa`, `ruling`, `errata`, `rule`, `glossary`, `abbreviation`, `list-entry`.
    pub kind: String,
    pub section: Vec<String>,
    /// The question, else the start of the text.
    pub title: String,
}

impl RulingSummary {
    fn of(r: &Ruling) -> RulingSummary {
        let title = r.question.clone().unwrap_or_else(|| {
            let mut t: String = r.text.chars().take(TITLE_CHARS).collect();
            if r.text.chars().count() > TITLE_CHARS {
                t.push('…');
            }
            t
        });
        RulingSummary {
            id: r.id.0.clone(),
            game: r.game.slug().to_owned(),
            game_title: r.game.title().to_owned(),
            source: r.source.slug().to_owned(),
            source_title: source_title(r.source).to_owned(),
            lang: name_of(&r.lang),
            kind: name_of(&r.kind),
            section: r.section.clone(),
            title,
        }
    }
}

/// One search result.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct RulingHit {
    pub ruling: RulingSummary,
    /// Higher is better.
    pub score: f64,
    /// An excerpt around the first match, the matched words marked.
    pub excerpt: Vec<Segment>,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct RulingSearch {
    pub query: String,
    pub hits: Vec<RulingHit>,
}

/// A card a ruling names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct CardLinkView {
    pub id: String,
    pub name: String,
    /// `subject` or `mentioned`.
    pub role: String,
    /// The text in the document that matched.
    pub matched: String,
}

/// One ruling in full, its cross-references resolved to rulings that can be opened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct RulingDetail {
    pub ruling: RulingSummary,
    pub question: Option<String>,
    pub text: String,
    /// The record as published, the search words (if any) marked.
    pub display: Vec<Segment>,
    pub cards: Vec<CardLinkView>,
    /// The rulings this one refers to.
    pub refs: Vec<RulingSummary>,
    /// References in the text that could not be resolved.
    pub unresolved_refs: Vec<String>,
    /// The rulings that refer to this one.
    pub referenced_by: Vec<RulingSummary>,
}

/// Why a ruling is shown for a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum PromptReason {
    /// With cards in play (`PromptView::with` names them).
    Interaction,
    /// About the card itself.
    Own,
    /// A section on a topic the card raises (`PromptView::topic`).
    General,
}

impl std::fmt::Display for PromptReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PromptReason::Interaction => "interaction",
            PromptReason::Own => "own",
            PromptReason::General => "general",
        })
    }
}

/// A ruling shown for a card, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct PromptView {
    pub ruling: RulingSummary,
    /// The record as published.
    pub display: String,
    pub reason: PromptReason,
    /// For an interaction: the names of the cards in play it concerns.
    pub with: Vec<String>,
    /// For `own`: `subject` or `mentioned`.
    pub role: Option<String>,
    /// For `general`: the topic (`shields`, `pair`, …).
    pub topic: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct RulingsForCard {
    pub card: CardSummary,
    pub active: Vec<CardSummary>,
    pub prompts: Vec<PromptView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct KindCount {
    pub kind: String,
    pub count: u32,
}

/// What the import reached for one document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct SourceStatsView {
    pub source: String,
    pub title: String,
    pub game: String,
    pub lang: String,
    pub records: u32,
    pub kinds: Vec<KindCount>,
    pub top_sections: u32,
    pub subsections: u32,
    pub cards_linked: u32,
    pub cards_subject: u32,
    pub refs_resolved: u32,
    pub refs_unresolved: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct CorpusStatsView {
    /// The data version of the index (documents, importers, card names).
    pub version: String,
    pub total: u32,
    pub sources: Vec<SourceStatsView>,
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// `text` cut into segments with the words matching `query` marked. With `window`, only that
/// many words around the first match are kept (with `…` where text was left out). The search
/// crate's own snippet marks matches with brackets, which the FAQ's card tags (`[Vulca 24]`)
/// also use, so the marks are computed here as segments instead.
pub(crate) fn highlight(text: &str, query: &Query, window: Option<usize>) -> Vec<Segment> {
    let spans: Vec<(usize, usize)> = ::rulings::fold::spans(text).collect();
    let hit = |&(s, e): &(usize, usize)| query.marks(&text[s..e]);
    let (from, to) = match window {
        Some(n) => {
            let first = spans.iter().position(hit).unwrap_or(0);
            let from = first.saturating_sub(n / 4);
            (from, (from + n).min(spans.len()))
        }
        None => (0, spans.len()),
    };
    let mut out: Vec<Segment> = Vec::new();
    let mut push = |s: &str, is_hit: bool| {
        if s.is_empty() {
            return;
        }
        match out.last_mut() {
            Some(last) if last.hit == is_hit => last.text.push_str(s),
            _ => out.push(Segment {
                text: s.to_owned(),
                hit: is_hit,
            }),
        }
    };
    let start = if from == 0 {
        0
    } else {
        spans.get(from).map_or(0, |s| s.0)
    };
    if from > 0 {
        push("…", false);
    }
    let mut pos = start;
    for w in spans.get(from..to).unwrap_or(&[]) {
        push(&text[pos..w.0], false);
        push(&text[w.0..w.1], hit(w));
        pos = w.1;
    }
    if to < spans.len() {
        push("…", false);
    } else {
        push(&text[pos..], false);
    }
    out
}

/// See [`Service::rulings_index_opener`].
pub struct RulingsIndexOpener {
    path: std::path::PathBuf,
    names: Vec<CardName>,
}

/// An opened rulings index, ready for [`Service::install_rulings_index`].
pub struct RulingsIndex(ReferenceDb);

impl RulingsIndexOpener {
    /// Opens the index, building it if missing or out of date (safe while another process or
    /// thread does the same).
    pub fn open(self) -> Result<RulingsIndex> {
        match ReferenceDb::open(&self.path, &self.names) {
            Ok(db) => Ok(RulingsIndex(db)),
            // e.g. a read-only data folder: the index is derived data, so build it in memory
            // for this run rather than refuse to search
            Err(::rulings::RefDbError::Io { .. }) => ReferenceDb::open_in_memory(&self.names)
                .map(RulingsIndex)
                .map_err(index_error),
            Err(e) => Err(index_error(e)),
        }
    }
}

fn index_error(e: ::rulings::RefDbError) -> ServiceError {
    ServiceError::internal(format!("The rulings index could not be built: {e}"))
}

impl Service {
    /// The card names the importers link mentions to: Blue Moon's English and German names and
    /// the names and aliases of the other three catalogs.
    fn ruling_card_names(&self) -> Vec<CardName> {
        let mut names = Vec::new();
        for c in self.catalog.bm_cards() {
            for (name, lang) in [(&c.name_en, Lang::En), (&c.name_de, Lang::De)] {
                if let Some(name) = name {
                    names.push(CardName {
                        game: Game::BlueMoon,
                        card: c.facts.id.clone(),
                        name: name.clone(),
                        lang,
                    });
                }
            }
        }
        for game in Game::ALL.into_iter().filter(|g| *g != Game::BlueMoon) {
            let file = ::cards::other::OtherCatalogFile {
                game,
                cards: self.catalog.other_cards(game).to_vec(),
            };
            names.extend(card_lexicon::card_names(&file));
        }
        names
    }

    /// What opening the rulings index needs, taken from the service so that the opening (a
    /// rebuild takes most of a second in a debug build) can run on another thread while the
    /// service answers; hand the result to [`Service::install_rulings_index`].
    pub fn rulings_index_opener(&self) -> RulingsIndexOpener {
        RulingsIndexOpener {
            path: self.paths.reference_db(),
            names: self.ruling_card_names(),
        }
    }

    /// Takes over an index opened by a [`RulingsIndexOpener`]; no-op if one is already open.
    pub fn install_rulings_index(&self, index: RulingsIndex) {
        let _ = self.reference.set(index.0);
    }

    /// The rulings index, opened (and built, if missing or out of date) on first use.
    pub(crate) fn reference(&self) -> Result<&ReferenceDb> {
        if let Some(db) = self.reference.get() {
            return Ok(db);
        }
        let db = self.rulings_index_opener().open()?.0;
        Ok(self.reference.get_or_init(|| db))
    }

    /// Searches every ruling for a question as players type it, best first (see the `rulings`
    /// crate's engine): small words left out, stems, word beginnings, German compounds and
    /// separable verbs, typos and the game's terms in both languages. The interface language
    /// (the settings') comes first where both FAQs answer. Text without a word finds nothing.
    pub fn search_rulings(
        &self,
        text: &str,
        game: Option<&str>,
        source: Option<&str>,
        lang: Option<crate::Language>,
        limit: usize,
    ) -> Result<RulingSearch> {
        let filter = SearchFilter {
            game: parse_game(game)?,
            source: parse_source(source)?,
            lang: lang.map(Into::into),
            prefer: Some(self.settings()?.language.into()),
        };
        let limit = check_limit(limit)?;
        let db = self.reference()?;
        let words = db.query(text);
        let hits = db
            .search(text, filter, limit)
            .map_err(|e| ServiceError::internal(format!("The rulings search failed: {e}")))?;
        Ok(RulingSearch {
            query: text.to_owned(),
            hits: hits
                .into_iter()
                .map(|h| RulingHit {
                    excerpt: highlight(&h.ruling.display, &words, Some(EXCERPT_WORDS)),
                    ruling: RulingSummary::of(&h.ruling),
                    score: h.score,
                })
                .collect(),
        })
    }

    /// One ruling with its cross-references resolved; `highlight` marks those words.
    pub fn ruling(&self, id: &str, highlight_words: Option<&str>) -> Result<RulingDetail> {
        let db = self.reference()?;
        let rid = RulingId(id.trim().to_owned());
        let r = db.get(&rid).ok_or_else(|| {
            ServiceError::not_found(format!("There is no ruling with the id {}.", quoted(id)))
        })?;
        let words = db.query(highlight_words.unwrap_or_default());
        let referenced_by = db
            .corpus()
            .records
            .iter()
            .filter(|o| o.refs.contains(&rid))
            .map(RulingSummary::of)
            .collect();
        Ok(RulingDetail {
            ruling: RulingSummary::of(&r),
            question: r.question.clone(),
            text: r.text.clone(),
            display: highlight(&r.display, &words, None),
            cards: r
                .cards
                .iter()
                .map(|l| CardLinkView {
                    name: self
                        .catalog
                        .card(l.card.as_str())
                        .map_or_else(|| l.card.to_string(), |c| c.display_name().to_owned()),
                    id: l.card.to_string(),
                    role: name_of(&l.role),
                    matched: l.matched.clone(),
                })
                .collect(),
            refs: db.references(&rid).iter().map(RulingSummary::of).collect(),
            unresolved_refs: r.unresolved_refs.clone(),
            referenced_by,
        })
    }

    /// The rulings to show for a card entered while `active` cards are in play: interactions
    /// first, then its own rulings, then the general sections it raises.
    pub fn rulings_for(
        &self,
        card: &str,
        active: &[String],
        lang: crate::Language,
        limit: usize,
    ) -> Result<RulingsForCard> {
        let lang = lang.into();
        let limit = check_limit(limit)?;
        let card = self.lookup_card(card)?;
        let active_cards = active
            .iter()
            .map(|a| self.lookup_card(a))
            .collect::<Result<Vec<CardRef<'_>>>>()?;
        let active_ids: Vec<CardId> = active_cards.iter().map(|c| c.id().clone()).collect();
        let topics = match card {
            CardRef::BlueMoon(c) => Topic::from_facts(&c.facts),
            CardRef::Other(..) => Vec::new(),
        };
        Ok(RulingsForCard {
            prompts: self.prompts_for(card.id(), &active_ids, &topics, lang, limit)?,
            card: CardSummary::of(card),
            active: active_cards.into_iter().map(CardSummary::of).collect(),
        })
    }

    pub(crate) fn prompts_for(
        &self,
        card: &CardId,
        active: &[CardId],
        topics: &[Topic],
        lang: Lang,
        limit: usize,
    ) -> Result<Vec<PromptView>> {
        let db = self.reference()?;
        // The cards an interaction concerns, named in the reader's language where the catalog
        // has a German name.
        let name = |id: &CardId| match self.catalog.card(id.as_str()) {
            Some(CardRef::BlueMoon(c)) if lang == Lang::De && c.name_de.is_some() => {
                c.name_de.clone().unwrap_or_default()
            }
            Some(c) => c.display_name().to_owned(),
            None => id.to_string(),
        };
        Ok(db
            .rulings_for(card, active, topics, lang, limit)
            .into_iter()
            .map(|p| {
                let (reason, with, role, topic) = match &p.reason {
                    Reason::Interaction { with } => (
                        PromptReason::Interaction,
                        with.iter().map(name).collect(),
                        None,
                        None,
                    ),
                    Reason::Own { role } => {
                        (PromptReason::Own, Vec::new(), Some(name_of(role)), None)
                    }
                    Reason::General { topic } => (
                        PromptReason::General,
                        Vec::new(),
                        None,
                        Some(name_of(topic)),
                    ),
                };
                PromptView {
                    ruling: RulingSummary::of(&p.ruling),
                    display: p.ruling.display.clone(),
                    reason,
                    with,
                    role,
                    topic,
                }
            })
            .collect())
    }

    /// The records each document yielded, with what the importers linked and resolved.
    pub fn corpus_stats(&self) -> Result<CorpusStatsView> {
        let corpus = self.reference()?.corpus();
        Ok(CorpusStatsView {
            version: corpus.version.clone(),
            total: count(corpus.records.len()),
            sources: corpus
                .stats
                .iter()
                .map(|s| SourceStatsView {
                    source: s.source.slug().to_owned(),
                    title: source_title(s.source).to_owned(),
                    game: s.source.game().slug().to_owned(),
                    lang: name_of(&s.source.lang()),
                    records: count(s.records),
                    kinds: s
                        .kinds
                        .iter()
                        .map(|(k, n)| KindCount {
                            kind: name_of(k),
                            count: count(*n),
                        })
                        .collect(),
                    top_sections: count(s.top_sections),
                    subsections: count(s.subsections),
                    cards_linked: count(s.cards_linked),
                    cards_subject: count(s.cards_subject),
                    refs_resolved: count(s.refs_resolved),
                    refs_unresolved: count(s.refs_unresolved),
                })
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Language;
    use std::sync::OnceLock;

    /// One data folder for the module's tests: building the index takes a moment, so it is
    /// built once here, before the tests (which run in parallel) open it side by side.
    fn dir() -> &'static std::path::Path {
        static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
        DIR.get_or_init(|| {
            let d = tempfile::tempdir().unwrap();
            Service::open(d.path()).unwrap().corpus_stats().unwrap();
            d
        })
        .path()
    }

    fn svc() -> Service {
        Service::open(dir()).unwrap()
    }

    #[test]
    fn highlight_marks_words_and_keeps_brackets_of_tags() {
        let q = svc().reference().unwrap().query("feuer");
        let s = highlight("[Vulca 24] Feuerzauber: kein Feuer.", &q, None);
        let joined: String = s.iter().map(|x| x.text.as_str()).collect();
        assert_eq!(joined, "[Vulca 24] Feuerzauber: kein Feuer.");
        let hits: Vec<&str> = s
            .iter()
            .filter(|x| x.hit)
            .map(|x| x.text.as_str())
            .collect();
        assert_eq!(hits, ["Feuerzauber", "Feuer"]);
    }

    #[test]
    fn corpus_stats_count_every_source() {
        let s = svc().corpus_stats().unwrap();
        assert_eq!(s.sources.len(), 5);
        let en = s
            .sources
            .iter()
            .find(|x| x.source == "blue-moon-faq-en")
            .unwrap();
        assert_eq!(en.records, 467);
        let sum: u32 = s.sources.iter().map(|x| x.records).sum();
        assert_eq!(sum, s.total);
        assert!(dir().join(crate::paths::REFERENCE_DB_FILE).exists());
    }

    #[test]
    fn german_search_marks_matches_and_filters_apply() {
        let svc = svc();
        let found = svc
            .search_rulings("Feuerwall", None, None, Some(Language::De), 10)
            .unwrap();
        assert!(!found.hits.is_empty());
        // ranked: the records naming the Wall of Fire first, the name marked (later ones may
        // be found by the card's tag alone, "Vulca 26", through the catalog's names)
        for (k, h) in found.hits.iter().enumerate() {
            assert_eq!(h.ruling.lang, "de");
            // the word is marked, or the ruling sits in the card's own section
            if k < 3 {
                assert!(
                    h.excerpt
                        .iter()
                        .any(|s| s.hit && s.text.to_lowercase().starts_with("feuerwall"))
                        || h.ruling.section.iter().any(|s| s.contains("Feuerwall"))
                );
            }
        }
        // the catalog's names link the German name to the English FAQ's rulings of the card
        let en = svc
            .search_rulings("Feuerwall", Some("bm"), Some("blue-moon-faq-en"), None, 10)
            .unwrap();
        assert!(!en.hits.is_empty());
        assert!(en
            .hits
            .iter()
            .all(|h| h.ruling.source == "blue-moon-faq-en"));
        let other_game = svc
            .search_rulings("Feuerwall", Some("whi"), None, None, 10)
            .unwrap();
        assert!(other_game.hits.iter().all(|h| h.ruling.game != "blue-moon"));
        assert!(svc.search_rulings("x", Some("go"), None, None, 5).is_err());
        assert!(svc
            .search_rulings("x", None, Some("wiki"), None, 5)
            .is_err());
        assert!(svc.search_rulings("x", None, None, None, 0).is_err());
        // hostile text is searched literally
        svc.search_rulings("\"AND ( * NEAR", None, None, None, 5)
            .unwrap();
    }

    /// Issue 15: in Rulings search, "Feuerwall Rückzug" found nothing while "Wall of Fire
    /// retreat" found the ruling.
    #[test]
    fn german_words_find_the_english_rulings() {
        let svc = svc();
        let ids = |q: &str| -> Vec<String> {
            svc.search_rulings(q, Some("bm"), None, Some(Language::En), 50)
                .unwrap()
                .hits
                .into_iter()
                .map(|h| h.ruling.id)
                .collect()
        };
        let english = ids("Wall of Fire retreat");
        assert!(!english.is_empty());
        // ranked, not filtered: the first English answers are among the German words' first
        let german = ids("Feuerwall Rückzug");
        assert!(
            english[..1].iter().all(|id| german[..3].contains(id)),
            "{german:?}"
        );
        // the translated word is marked in the excerpt
        let hit = svc
            .search_rulings("Feuerwall Rückzug", Some("bm"), None, Some(Language::En), 1)
            .unwrap();
        assert!(hit.hits[0]
            .excerpt
            .iter()
            .any(|s| s.hit && s.text.to_lowercase().starts_with("retreat")));
    }

    #[test]
    fn rulings_for_a_typed_card_and_cross_references_resolve() {
        let svc = svc();
        let r = svc
            .rulings_for("Flickering Fires", &[], Language::En, 50)
            .unwrap();
        assert_eq!(r.card.id, "vulca-24");
        assert!(
            r.prompts.iter().any(|p| p.reason == PromptReason::Own),
            "{:?}",
            r.prompts
        );
        assert!(
            svc.rulings_for("24", &[], Language::En, 5).is_err(),
            "ambiguous"
        );

        let corpus = svc.reference().unwrap().corpus();
        let with_ref = corpus.records.iter().find(|r| !r.refs.is_empty()).unwrap();
        let d = svc.ruling(&with_ref.id.0, None).unwrap();
        assert_eq!(d.refs.len(), with_ref.refs.len());
        let target = svc.ruling(&d.refs[0].id, None).unwrap();
        assert!(target.referenced_by.iter().any(|b| b.id == with_ref.id.0));
        let e = svc.ruling("no-such-ruling", None).unwrap_err();
        assert_eq!(e.code, crate::ErrorCode::NotFound);
    }

    #[test]
    fn interactions_name_the_cards_in_play_in_the_readers_language() {
        let svc = svc();
        let with = |lang: Language| -> Vec<String> {
            svc.rulings_for(
                "Enthrall Opposition",
                &["Flickering Fires".to_owned()],
                lang,
                6,
            )
            .unwrap()
            .prompts
            .into_iter()
            .filter(|p| p.reason == PromptReason::Interaction)
            .flat_map(|p| p.with)
            .collect()
        };
        let en = with(Language::En);
        assert!(en.contains(&"Flickering Fires".to_owned()), "{en:?}");
        let de = with(Language::De);
        assert!(de.contains(&"Feuerzauber".to_owned()), "{de:?}");
        assert!(!de.contains(&"Flickering Fires".to_owned()), "{de:?}");
    }
}
